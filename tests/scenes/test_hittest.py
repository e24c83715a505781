"""Hit-testing finds every figure where it is drawn, at every screen size (pure math)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenes.geometry import HIT_RADIUS, figure_height_px
from lastmessage.scenes.hittest import character_at, nearest_character, neighbour_in_direction
from lastmessage.scenes.model import Scene, load_scenes, shipped_scenes_dir

SIZES = [(1280, 800), (1024, 600), (1920, 1080), (3840, 2160)]
SCENES = list(load_scenes(shipped_scenes_dir()).values())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_every_character_is_found_at_its_own_position(scene: Scene, size: tuple[int, int]) -> None:
    for character in scene.characters:
        assert character_at(scene, character.x, character.y, size=size) is character
        assert nearest_character(scene, character.x, character.y, size=size) is character


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_a_point_just_inside_the_footprint_still_hits(scene: Scene) -> None:
    size = (1920, 1080)
    for character in scene.characters[::7]:
        radius = HIT_RADIUS * figure_height_px(character.art, size, scene.aspect)
        # a tenth of the spacing to the side: still this figure, never a neighbour
        found = character_at(scene, character.x + 0.3 * radius / size[0], character.y, size=size)
        assert found is character


def test_empty_ground_hits_nothing_but_has_a_nearest_suspect() -> None:
    scene = SCENES[0]
    # the sky above the harbour is empty
    assert character_at(scene, 0.5, 0.005) is None
    nearest = nearest_character(scene, 0.5, 0.005, sentient_only=True)
    assert nearest.sentient


@given(st.sampled_from(range(len(SCENES))), st.floats(0, 1), st.floats(0, 1), st.sampled_from(SIZES))
@settings(max_examples=200, deadline=None)
def test_a_hit_is_always_inside_the_drawn_footprint(index: int, x: float, y: float,
                                                    size: tuple[int, int]) -> None:
    scene = SCENES[index]
    found = character_at(scene, x, y, size=size)
    nearest = nearest_character(scene, x, y, size=size)
    if found is not None:
        radius = HIT_RADIUS * figure_height_px(found.art, size, scene.aspect)
        assert math.hypot((found.x - x) * size[0], (found.y - y) * size[1]) <= radius + 1e-6
        def distance(c: object) -> float:
            return math.hypot((c.x - x) * size[0], (c.y - y) * size[1])  # type: ignore[attr-defined]
        assert distance(found) >= distance(nearest)
        covering = [c for c in scene.characters if distance(c) <= HIT_RADIUS * figure_height_px(
            c.art, size, scene.aspect)]
        assert found is min(covering, key=distance)   # among figures under the point, the closest centre
    else:
        assert all(math.hypot((c.x - x) * size[0], (c.y - y) * size[1])
                   > HIT_RADIUS * figure_height_px(c.art, size, scene.aspect) for c in scene.characters)


@given(st.sampled_from(range(len(SCENES))), st.data())
@settings(max_examples=100, deadline=None)
def test_arrow_keys_move_the_cursor_that_way(index: int, data: st.DataObject) -> None:
    scene = SCENES[index]
    start = data.draw(st.sampled_from(scene.suspects()))
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        moved = neighbour_in_direction(scene, start, dx, dy, sentient_only=True)
        if moved is None:
            continue
        assert moved.sentient and moved is not start
        vx, vy = (moved.x - start.x) * 1920, (moved.y - start.y) * 1080
        assert vx * dx + vy * dy > 0   # it moved in the asked direction


def test_arrow_keys_reach_the_edges() -> None:
    """Pressing right again and again walks across the scene to its right edge."""
    scene = SCENES[0]
    current = min(scene.suspects(), key=lambda c: c.x)
    for _ in range(len(scene.characters)):
        step = neighbour_in_direction(scene, current, 1, 0, sentient_only=True)
        if step is None:
            break
        current = step
    assert current.x > 0.85


def test_no_direction_means_no_move() -> None:
    scene = SCENES[0]
    assert neighbour_in_direction(scene, scene.characters[0], 0, 0) is None


@given(st.floats(1, 4), st.floats(0, 1), st.floats(0, 1))
def test_zoomed_view_stays_inside_the_scene_and_maps_back(zoom: float, cx: float, cy: float) -> None:
    from lastmessage.scenes.geometry import view_to_scene, zoom_view
    view = (1280, 800)
    render, offset = zoom_view(view, zoom, (cx, cy))
    assert render[0] >= view[0] and render[1] >= view[1]
    assert offset[0] <= 0 and offset[0] + render[0] >= view[0]
    assert offset[1] <= 0 and offset[1] + render[1] >= view[1]
    x0, y0 = view_to_scene(0, 0, render, offset)
    x1, y1 = view_to_scene(*view, render, offset)
    assert 0 <= x0 < x1 <= 1 + 1e-9 and 0 <= y0 < y1 <= 1 + 1e-9
    if zoom == 1:
        assert offset == (0, 0)
