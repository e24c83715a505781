"""Props are checked against each other: a thing standing on its own is drawn clear of the things standing
before it, and an animal or plant clear of every drawn prop (the art review of issue 21: a potted palm
over the busker's case, the ice-cream cart merged with the stage's speakers)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenegen.generate import THEMES, generate
from lastmessage.scenegen.layout import Layout
from lastmessage.scenegen.recipes_land import FAIR_THINGS
from lastmessage.scenes.occlusion import footprint
from lastmessage.scenes.props import AIRBORNE

SEEDS = (3, 17, 42, 101, 256, 999, 1000)
THINGS = (("ice-cream cart", "\U0001F366", 1.3), ("stage speakers", "\U0001F50A", 1.5),
          ("fruit cart", "\U0001F34E", 1.6), ("postbox", "\U0001F4EE", 1.0), ("bicycle", "\U0001F6B2", 1.2))


@given(st.lists(st.tuples(st.sampled_from(THINGS), st.floats(0.2, 0.8), st.floats(0.4, 0.9)),
                min_size=2, max_size=4), st.integers(0, 1000))
@settings(max_examples=40, deadline=None)
def test_props_standing_on_their_own_are_drawn_clear_of_each_other(
        things: list[tuple[tuple[str, str, float], float, float]], seed: int) -> None:
    layout = Layout("t", "t", "t", seed)
    for (name, emoji, scale), x, y in things:
        layout.prop(name, emoji, x, y, scale)
    boxes = [footprint(p["x"], p["y"], p["scale"], p["traits"], layout.aspect) for p in layout.props]
    for i, box in enumerate(boxes):
        for other in boxes[i + 1:]:
            assert not box.overlaps(other), (layout.props, box, other)


def test_goods_on_a_counter_stay_where_they_are_put() -> None:
    layout = Layout("t", "t", "t", 1)
    layout.prop("fruit stall", "\U0001F34E", 0.5, 0.6, 2.0)
    layout.prop("basket of bread", "\U0001F35E", 0.5, 0.6, 1.0, keep=0.0)   # on the stall, as a recipe puts it
    assert layout.props[1]["x"] == 0.5


@pytest.mark.parametrize("theme", THEMES)
def test_no_animal_or_plant_is_drawn_on_a_prop(theme: str) -> None:
    for seed in SEEDS:
        data, _scene = generate(theme, seed)
        aspect = data["aspect"]
        in_groups = {m for g in data["groups"] for m in g["members"]}
        props = [footprint(p["x"], p["y"], p["scale"], p["traits"], aspect) for p in data["props"]
                 if p.get("emoji") and p["name"] not in AIRBORNE]
        for c in data["characters"]:
            if c["sentient"] or c["id"] in in_groups:
                continue
            box = footprint(c["x"], c["y"], c["scale"], c["traits"], aspect)
            assert not any(box.overlaps(p) for p in props), f"{theme} seed {seed}: {c['id']}"


def test_the_fairs_carts_and_signs_stand_clear_of_the_stage_speakers() -> None:
    names = {name for name, _emoji, _scale in FAIR_THINGS} | {"stage speakers"}
    for seed in SEEDS:
        data, _scene = generate("carnival", seed)
        placed = [(p["id"], footprint(p["x"], p["y"], p["scale"], p["traits"], data["aspect"]))
                  for p in data["props"] if p["name"] in names]
        for i, (ident, box) in enumerate(placed):
            for other, other_box in placed[i + 1:]:
                assert not box.overlaps(other_box), f"seed {seed}: {ident} on {other}"


def test_nobody_stands_in_a_volleyball_post_and_no_animal_on_the_net() -> None:
    """The review saw a dog drawn on the beach's volleyball net and a player standing inside its post."""
    from lastmessage.scenegen.decor_water import volleyball_net

    layout = Layout("t", "t", "t", 1)
    volleyball_net(layout, 0.5, 0.6, 0.2)
    top = 0.6 - 0.075 * layout.perspective(0.6)
    for x in (0.42, 0.46, 0.5, 0.54, 0.58):   # along the net, on the sand under it
        assert not layout.creature("dog", "\U0001F415", x, 0.59, 0.7, check=False)
    from lastmessage.scenegen.people import PUBLIC
    for post in (0.4, 0.6):
        assert not layout.person(post, (0.6 + top) / 2 + 0.01, PUBLIC, check=False)
    assert layout.creature("dog", "\U0001F415", 0.5, 0.8, 0.7, check=False)   # clear of it, a dog is placed
