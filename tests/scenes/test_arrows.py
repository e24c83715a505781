"""The arrow keys lead the cursor that way, to the closest suspect, and to every suspect of a scene."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lastmessage.scenes import arrows
from lastmessage.scenes.hittest import nearest_character
from lastmessage.scenes.model import Scene, load_scenes, shipped_scenes_dir
from lastmessage.scenegen.generate import generate

SCENES = list(load_scenes(shipped_scenes_dir()).values())
UNITS = list(arrows.DIRECTIONS.values())

clouds = st.lists(st.tuples(st.integers(0, 40), st.integers(0, 25)), min_size=2, max_size=40, unique=True).map(
    lambda cells: [(x * 12.0, y * 9.0) for x, y in cells])


def _everywhere(edges: arrows.Edges, root: int) -> bool:
    everyone = len(edges)
    return len(arrows._reached(edges, root)) == everyone == len(arrows._reached(edges, root, backwards=True))


@given(clouds)
def test_each_arrow_goes_to_the_best_scoring_point_in_its_cone(points: list[arrows.Point]) -> None:
    edges = arrows.geometric(points)
    for i, origin in enumerate(points):
        for d, unit in enumerate(UNITS):
            scored = [(s, j) for j, p in enumerate(points) if j != i and (s := arrows.score(origin, p, unit)) is not None]
            assert edges[i][d] == (min(scored)[1] if scored else None)


@given(clouds, st.data())
@example([(90.0, 70.0), (160.0, 110.0), (120.0, 40.0)], None)   # right and up both lead to the third
@settings(max_examples=300)
def test_the_repaired_arrows_join_every_point_to_every_other_and_still_go_that_way(
        points: list[arrows.Point], data: st.DataObject | None) -> None:
    root = data.draw(st.integers(0, len(points) - 1)) if data else 0
    edges = arrows.repaired(points, root)
    assert _everywhere(edges, root)
    for i, row in enumerate(edges):
        for d, j in enumerate(row):
            if j is not None:
                assert arrows.score(points[i], points[j], UNITS[d]) is not None, "an arrow that leads another way"


def test_a_suspect_the_rule_alone_never_reaches_takes_over_the_nearest_arrow_its_way() -> None:
    points = [(90.0, 70.0), (160.0, 110.0), (120.0, 40.0)]
    assert 1 not in arrows._reached(arrows.geometric(points), 0)
    assert arrows.repaired(points, 0)[0] == [None, 1, 2, None]   # right now leads to it; up stays


def _walk(scene: Scene, size: tuple[int, int]) -> set[str]:
    start = nearest_character(scene, 0.5, 0.5, sentient_only=True)
    seen = {start.id}
    todo = [start]
    while todo:
        current = todo.pop()
        for direction in arrows.DIRECTIONS:
            moved = arrows.step(scene, current, direction, size)
            if moved is not None and moved.id not in seen:
                seen.add(moved.id)
                todo.append(moved)
    return seen


@pytest.mark.parametrize("size", [(1920, 1080), (1176, 662)], ids=["monitor", "panel"])
@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_arrow_keys_reach_every_suspect(scene: Scene, size: tuple[int, int]) -> None:
    """From where the cursor starts, the four arrows lead to every suspect, tight groups included."""
    assert sorted(c.id for c in scene.suspects() if c.id not in _walk(scene, size)) == []


@pytest.mark.parametrize("theme", sorted({s.theme for s in SCENES}))
def test_arrow_keys_reach_every_suspect_of_a_new_crowd(theme: str) -> None:
    _, scene = generate(theme, 7)
    assert len(_walk(scene, (1176, 662))) == len(scene.suspects())


@given(st.sampled_from(range(len(SCENES))), st.data())
@settings(max_examples=100, deadline=None)
def test_arrow_keys_move_the_cursor_that_way(index: int, data: st.DataObject) -> None:
    scene = SCENES[index]
    start = data.draw(st.sampled_from(scene.suspects()))
    for direction, (dx, dy) in arrows.DIRECTIONS.items():
        moved = arrows.step(scene, start, direction, (1920, 1080))
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
        step = arrows.step(scene, current, "right", (1920, 1080))
        if step is None:
            break
        current = step
    assert current.x > 0.85


def test_from_an_animal_an_arrow_goes_to_the_closest_suspect_that_way() -> None:
    scene = SCENES[0]
    animal = next(c for c in scene.characters if not c.sentient and c.x < 0.5)
    moved = arrows.step(scene, animal, "right", (1920, 1080))
    assert moved is not None and moved.sentient and moved.x > animal.x


def test_a_size_that_is_not_a_picture_is_refused() -> None:
    with pytest.raises(ValueError, match="size must be positive"):
        arrows.step(SCENES[0], SCENES[0].suspects()[0], "left", (0, 10))
