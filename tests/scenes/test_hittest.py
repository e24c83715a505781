"""Hit-testing finds every figure where it is drawn, at every screen size (pure math)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenes.hittest import character_at, nearest_character
from lastmessage.scenes.model import Character, Scene, load_scenes, shipped_scenes_dir
from lastmessage.scenes.occlusion import MAX_HIDDEN, Footprint, footprint

SIZES = [(1280, 800), (1024, 600), (1920, 1080), (3840, 2160)]
SCENES = list(load_scenes(shipped_scenes_dir()).values())


def _drawn_order(scene: Scene, size: tuple[int, int]) -> dict[str, tuple[float, int]]:
    """Drawing order as the renderer has it: by the feet, ties in file order."""
    return {c.id: (_body(scene, c, size).feet, i) for i, c in enumerate(scene.characters)}


def _body(scene: Scene, character: Character, size: tuple[int, int]) -> Footprint:
    return footprint(character.x, character.y, character.art.scale, character.traits, scene.aspect, size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_every_suspect_is_picked_on_three_quarters_of_its_body(scene: Scene, size: tuple[int, int]) -> None:
    """The validator keeps three quarters of each suspect in view; that is where the pointer picks it
    (sampled as the hidden rule samples, at every screen size)."""
    for suspect in scene.suspects():
        body = _body(scene, suspect, size)
        points = [(body.x0 + (body.x1 - body.x0) * (i + 0.5) / 4, body.y0 + (body.y1 - body.y0) * (j + 0.5) / 8)
                  for i in range(4) for j in range(8)]
        picked = sum(character_at(scene, px / size[0], py / size[1], size=size) is suspect for px, py in points)
        assert picked / len(points) >= 1 - MAX_HIDDEN, f"{suspect.id} picked on {picked} of {len(points)} points"
        centre = nearest_character(scene, suspect.x, suspect.y, size=size)
        assert centre is suspect or _drawn_order(scene, size)[centre.id] > _drawn_order(scene, size)[suspect.id]


def test_in_a_tight_group_the_one_in_front_is_picked() -> None:
    """Two shipped suspects whose bodies overlap: on the overlap, the one drawn later wins."""
    size = (1920, 1080)
    for scene in SCENES:
        order = _drawn_order(scene, size)
        for a in scene.suspects():
            for b in scene.suspects():
                ba, bb = _body(scene, a, size), _body(scene, b, size)
                if order[b.id] > order[a.id] and ba.overlaps(bb):
                    x0, x1 = max(ba.x0, bb.x0), min(ba.x1, bb.x1)
                    y0, y1 = max(ba.y0, bb.y0), min(ba.y1, bb.y1)
                    found = character_at(scene, (x0 + x1) / 2 / size[0], (y0 + y1) / 2 / size[1], size=size)
                    assert found is not None and found is not a
                    return
    pytest.fail("no overlapping suspects in any shipped scene: groups are not tight")


def test_empty_ground_hits_nothing_but_has_a_nearest_suspect() -> None:
    scene = SCENES[0]
    # the sky above the harbour is empty
    assert character_at(scene, 0.5, 0.005) is None
    nearest = nearest_character(scene, 0.5, 0.005, sentient_only=True)
    assert nearest.sentient


@given(st.sampled_from(range(len(SCENES))), st.floats(0, 1), st.floats(0, 1), st.sampled_from(SIZES))
@settings(max_examples=200, deadline=None)
def test_a_hit_is_the_front_most_body_under_the_point(index: int, x: float, y: float,
                                                     size: tuple[int, int]) -> None:
    scene = SCENES[index]
    found = character_at(scene, x, y, size=size)
    point = (x * size[0], y * size[1])
    under = [c for c in scene.characters if _body(scene, c, size).covers(*point)]
    if found is None:
        assert under == []
        nearest = nearest_character(scene, x, y, size=size)
        def distance(c: Character) -> float:
            return math.hypot((c.x - x) * size[0], (c.y - y) * size[1])
        assert distance(nearest) == min(distance(c) for c in scene.characters)
    else:
        order = _drawn_order(scene, size)
        assert found is max(under, key=lambda c: order[c.id])
        assert nearest_character(scene, x, y, size=size) is found


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
