"""Feet in place: swimmers float in the declared water, everyone else stands on the ground."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenegen.generate import RECIPES, generate
from lastmessage.scenes.geometry import FIGURE_SIZE
from lastmessage.scenegen.mirror import mirrored
from lastmessage.scenes.model import SceneError, parse_scene, shipped_scenes_dir
from lastmessage.scenes.regions import SWIM_RING, Region, feet_problem
from lastmessage.scenes.traits import IN_WATER
from lastmessage.scenes.validate import scene_problems

SQUARE = Region("water", ((0.2, 0.2), (0.6, 0.2), (0.6, 0.6), (0.2, 0.6)))


def _harbour() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((shipped_scenes_dir() / RECIPES["harbour"][0]).read_text(encoding="utf-8"))
    return data


def _problems(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in scene_problems(parse_scene(data, "harbour"), "harbour")]


def test_the_harbour_declares_its_sea_and_keeps_everyone_in_place() -> None:
    data = _harbour()
    assert {r["kind"] for r in data["regions"]} == {"water"}   # the open sea between the boats and the pier
    assert _problems(data) == []


def _open_sea(data: dict[str, Any]) -> tuple[float, float]:
    """The middle of the widest stretch of open water and the y of its edge at the quay."""
    widest = max(data["regions"], key=lambda r: r["points"][1][0] - r["points"][0][0])
    return (widest["points"][0][0] + widest["points"][1][0]) / 2, widest["points"][2][1]


def test_a_walker_put_in_the_sea_is_refused() -> None:
    data = _harbour()
    walker = next(c for c in data["characters"] if c.get("traits", {}).get("pose") == "standing")
    x, quay = _open_sea(data)
    walker.update(x=round(x, 4), y=round(quay - 0.06, 4))
    assert any(f'"{walker["id"]}": stands in the water' in p for p in _problems(data))


def test_a_swimmer_whose_ring_would_touch_the_quay_is_refused() -> None:
    data = _harbour()
    swimmer = next(c for c in data["characters"] if c.get("traits", {}).get("pose") in IN_WATER)
    box = FIGURE_SIZE * swimmer["scale"]
    x, quay = _open_sea(data)
    # feet a hair inside the sea's lower edge, at the quay: less than half a ring deep
    swimmer.update(x=round(x, 4), y=round(quay - box * data["aspect"] / 2 - 0.002, 4))
    assert any(f'"{swimmer["id"]}": swims' in p and "move it into the water" in p for p in _problems(data))


def test_a_scene_without_regions_still_loads_and_has_no_such_rule() -> None:
    data = _harbour()
    del data["regions"]
    scene = parse_scene(data, "old")
    assert scene.regions == ()
    assert scene_problems(scene, "old") == []


@pytest.mark.parametrize("regions, message", [
    ({"kind": "water"}, "regions: must be a list"),
    ([{"kind": "lava", "points": [[0, 0], [1, 0], [1, 1]]}], "regions[0]: kind 'lava' is unknown"),
    ([{"kind": "water", "points": [[0, 0], [1, 0]]}], "regions[0]: points must be a list of at least 3"),
    ([{"kind": "ground", "points": [[0, 0], [1, "x"], [1, 1]]}], "regions[0]: point [1, 'x'] must be [x, y]"),
])
def test_a_broken_region_is_refused_in_one_line(regions: object, message: str) -> None:
    data = _harbour()
    data["regions"] = regions
    with pytest.raises(SceneError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_scene(data, "harbour")


def test_declared_ground_keeps_walkers_on_it() -> None:
    ground = Region("ground", ((0.0, 0.5), (1.0, 0.5), (1.0, 1.0), (0.0, 1.0)))
    box = FIGURE_SIZE
    assert feet_problem([ground], 0.5, 0.8, box, False, 16 / 9) is None
    assert "off the ground" in str(feet_problem([ground], 0.5, 0.3, box, False, 16 / 9))


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.floats(0.5, 2.0))
@settings(max_examples=200, deadline=None)
def test_a_swimmer_is_accepted_exactly_when_its_ring_is_in_the_water(x: float, y: float, scale: float) -> None:
    box = FIGURE_SIZE * scale
    feet = y + box / 2   # aspect 1: scene widths and heights agree
    ring = SWIM_RING / 2 * box
    inside = 0.2 + ring <= x <= 0.6 - ring and 0.2 + ring <= feet <= 0.6 - ring
    problem = feet_problem([SQUARE], x, y, box, True, 1.0)
    if inside:
        assert problem is None
    elif not (0.2 + ring - 1e-9 <= x <= 0.6 - ring + 1e-9 and 0.2 + ring - 1e-9 <= feet <= 0.6 - ring + 1e-9):
        assert problem is not None


def test_a_mirrored_scene_keeps_its_swimmers_in_its_mirrored_water() -> None:
    data, _scene = generate("beach", 3)
    turned = json.loads(json.dumps(mirrored(data)))
    assert turned["regions"][0]["points"][0][0] == pytest.approx(1 - data["regions"][0]["points"][0][0])
    assert scene_problems(parse_scene(turned, "turned"), "turned") == []
