"""Landmarks and vehicles are drawn at their true size beside the people, over many seeds: the harbour
crane stands on the quay edge taller than any mast (it was a person-sized toy among the crowd), and is
measured against the people standing at its depth."""

from __future__ import annotations

import statistics

import pytest

from lastmessage.scenegen.generate import build, generate
from lastmessage.scenegen.layout import SceneJson
from lastmessage.scenes.geometry import FIGURE_SIZE

SEEDS = (3, 17, 1000, 1001, 1002, 1003, 1004, 1005)
STANDING = ("standing", "walking", "waving", "pointing", "carrying")
MAST, CRANE_PAINT = "#d9b77a", ("#fab005", "#f59f00")


def _harbours() -> list[SceneJson]:
    return [build("harbour")[1], *(generate("harbour", seed)[0] for seed in SEEDS)]


HARBOURS = _harbours()


def person_height_near(data: SceneJson, feet: float, band: float = 0.05) -> float:
    """The median drawn height (scene heights) of the grown-ups standing with their feet near `feet`."""
    heights = [c["box"][3] - c["box"][1] for c in data["characters"]
               if c["traits"].get("pose") in STANDING and c["traits"].get("person") not in ("girl", "boy")
               and abs(c["box"][3] - feet) < band]
    assert len(heights) >= 3, f"too few people near y={feet:.2f} to measure"
    return statistics.median(heights)


@pytest.mark.parametrize("data", HARBOURS, ids=("shipped", *(f"seed{s}" for s in SEEDS)))
def test_the_harbour_crane_stands_on_the_quay_edge_at_its_true_size(data: SceneJson) -> None:
    (crane,) = [p for p in data["props"] if p["name"] == "harbour crane"]
    assert crane["emoji"] == "", "the background draws the crane, behind the crowd"
    height = FIGURE_SIZE * crane["scale"] * data["aspect"]
    top, feet = crane["y"] - height / 2, crane["y"] + height / 2
    assert 0.2 <= feet <= 0.24, "on the quay edge, not out on the plaza"
    assert crane["x"] < 0.06 or crane["x"] > 0.94, "at the end of the quay"
    assert height >= 6 * person_height_near(data, feet), "as tall as a crane, not as a person"
    masts = [float(point[1]) for s in data["background"] if s["shape"] == "path" and s.get("color") == MAST
             for point in s["points"]]   # type: ignore[union-attr]
    assert all(top < mast for mast in masts), "taller than any boat"
    painted = [float(s["y"]) for s in data["background"] if s["shape"] in ("rect", "polygon")
               and s.get("color") in CRANE_PAINT and "y" in s]
    assert painted and min(painted) < top + 0.06, "the drawing is as tall as its box"
    under = [c["id"] for c in data["characters"] if abs(c["x"] - crane["x"]) < 0.035 and c["box"][3] < feet + 0.02]
    assert under == [], "nobody stands or swims between its legs"
