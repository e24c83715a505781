"""A mirrored scene is judged as its unmirrored plan was: the layout places figures on the plan,
the checks read the mirrored file, and an olive tree exactly as tall as the worn-size limit by a
woman's head was allowed by one and refused by the other (carnival seed 1019), as the mirrored
coordinates differed in their last bits."""

from __future__ import annotations

from hypothesis import given, strategies as st

from lastmessage.scenes.occlusion import WORN_SIZE, footprint, on_head

ASPECT = 1.777778
WOMAN = {"person": "woman", "pose": "running", "holding": "flag"}
TREE = {"kind": "olive tree"}


def _both_ways(person: tuple[float, float, float], thing: tuple[float, float, float]) -> tuple[bool, bool]:
    (px, py, ps), (tx, ty, ts) = person, thing
    plan = on_head(footprint(px, py, ps, WOMAN, ASPECT), footprint(tx, ty, ts, TREE, ASPECT), False)
    mirror = on_head(footprint(round(1 - px, 4), py, ps, WOMAN, ASPECT),
                     footprint(round(1 - tx, 4), ty, ts, TREE, ASPECT), False)
    return plan, mirror


def test_the_tree_as_tall_as_the_limit_is_judged_alike_both_ways() -> None:
    plan, mirror = _both_ways((0.0666, 0.5541, 1.001), (0.048, 0.5247, 1.925))
    assert plan == mirror


@given(st.floats(0.05, 0.95), st.floats(0.3, 0.95), st.floats(0.5, 1.5),
       st.floats(-0.03, 0.03), st.floats(-0.06, 0.0), st.floats(0.5, 1.2 * WORN_SIZE * 1.5))
def test_the_head_rule_reads_a_scene_and_its_mirror_alike(x: float, y: float, scale: float, dx: float, dy: float,
                                                         ratio: float) -> None:
    person = (round(x, 4), round(y, 4), round(scale, 3))
    thing = (round(x + dx, 4), round(y + dy, 4), round(scale * ratio, 3))
    plan, mirror = _both_ways(person, thing)
    assert plan == mirror
