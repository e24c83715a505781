"""Nothing reads as worn and nobody stands on a thing: heads stay clear of animals, small props and
lamps, feet stay off roof lines and out of drawn props. The layout keeps it while placing and
`scenes check` reports a file that breaks it."""

from __future__ import annotations

import json

import pytest

from lastmessage.scenegen.layout import CharacterEntry, Layout
from lastmessage.scenes.model import Scene, parse_scene
from lastmessage.scenes.occlusion import DETECTIVE_SIZE, footprint, head_zone
from lastmessage.scenegen.people import PUBLIC
from lastmessage.scenes.validate import scene_problems

PERSON_X, PERSON_Y = 0.5, 0.5


def _layout() -> Layout:
    layout = Layout("test", "Test", "test", 1)
    layout.prop("red lantern", "\U0001F3EE", 0.02, 0.02, 1.0)
    layout.prop("postbox", "\U0001F4EE", 0.98, 0.02, 1.0)
    return layout


def _standing(layout: Layout) -> CharacterEntry:
    assert layout.person(PERSON_X, PERSON_Y, PUBLIC)
    return layout.characters[-1]


def _head_top(layout: Layout, person: CharacterEntry) -> tuple[float, float]:
    """The scene point at the middle of the person's crown."""
    zone = head_zone(footprint(person["x"], person["y"], person["scale"], person["traits"], layout.aspect))
    width, height = DETECTIVE_SIZE[0], DETECTIVE_SIZE[0] / layout.aspect
    return (zone.x0 + zone.x1) / 2 / width, (zone.y0 + zone.y1) / 2 / height


def _scene(layout: Layout) -> Scene:
    return parse_scene(json.loads(json.dumps(layout.to_json())), "test.json")


def _moved(layout: Layout, ident: str, x: float, y: float) -> None:
    """Move a placed figure by hand, past the layout's rules, as a hand-edited file could."""
    entry = next(c for c in layout.characters if c["id"] == ident)
    entry["x"], entry["y"] = round(x, 4), round(y, 4)


def test_a_parrot_is_not_placed_on_a_head() -> None:
    layout = _layout()
    x, y = _head_top(layout, _standing(layout))
    assert not layout.creature("parrot", "\U0001F99C", x, y - 0.01, 0.6, check=False)
    assert layout.creature("parrot", "\U0001F99C", x + 0.06, y - 0.01, 0.6, check=False)


def test_a_person_is_not_placed_with_a_parrot_on_the_head() -> None:
    layout = _layout()
    assert layout.creature("parrot", "\U0001F99C", PERSON_X, PERSON_Y - 0.03, 0.6, check=False)
    assert not layout.person(PERSON_X, PERSON_Y, PUBLIC, check=False)
    assert layout.person(PERSON_X + 0.06, PERSON_Y, PUBLIC, check=False)


def test_scenes_check_reports_a_parrot_on_a_head() -> None:
    layout = _layout()
    x, y = _head_top(layout, _standing(layout))
    assert layout.creature("parrot", "\U0001F99C", x + 0.1, y - 0.01, 0.6, check=False)
    _moved(layout, "test-parrot", x, y - 0.01)
    problems = [str(p) for p in scene_problems(_scene(layout), "test.json")]
    assert any('"test-p001": character "test-parrot" sits on its head' in p for p in problems), problems


def test_nobody_stands_on_the_roof_line_of_a_blocked_box() -> None:
    layout = _layout()
    layout.block(0.4, 0.5, 0.6, 0.7)
    feet_below_centre = 0.022
    assert not layout.person(0.5, 0.5 - feet_below_centre - 0.004, PUBLIC)   # feet just above the roof line
    assert layout.person(0.5, 0.5 - feet_below_centre - 0.05, PUBLIC)        # well behind it, floor between


def test_a_lamp_globe_keeps_clear_of_heads() -> None:
    layout = _layout()
    layout.overhead(PERSON_X - 0.008, PERSON_Y - 0.025, PERSON_X + 0.008, PERSON_Y - 0.01)
    assert not layout.person(PERSON_X, PERSON_Y, PUBLIC)
    assert layout.person(PERSON_X, PERSON_Y + 0.1, PUBLIC)


@pytest.fixture
def feet_in_a_prop() -> Layout:
    """A person whose feet fall inside a buffet table's drawn box, put there by hand."""
    layout = _layout()
    layout.prop("buffet table", "\U0001F370", 0.5, 0.5, 2.0, keep=0)
    assert layout.person(0.5, 0.3, PUBLIC)
    _moved(layout, "test-p001", 0.5, 0.475)   # feet inside the table's box, however small the person drawn
    return layout


def test_the_layout_refuses_feet_inside_a_drawn_prop() -> None:
    layout = _layout()
    layout.prop("buffet table", "\U0001F370", 0.5, 0.5, 2.0, keep=0)
    assert not layout.person(0.5, 0.456, PUBLIC, check=False)
    assert layout.person(0.5, 0.3, PUBLIC, check=False)


def test_scenes_check_reports_feet_inside_a_drawn_prop(feet_in_a_prop: Layout) -> None:
    problems = [str(p) for p in scene_problems(_scene(feet_in_a_prop), "test.json")]
    assert any('"test-p001": stands with its feet inside prop "test-buffet-table"' in p for p in problems), problems


def test_a_person_hidden_behind_a_drawn_prop_is_refused_and_reported() -> None:
    """Props drawn in front (by their feet) hide people like people do: the skier behind a stall."""
    layout = _layout()
    layout.prop("buffet table", "\U0001F370", 0.5, 0.5, 2.0, keep=0)
    behind = (0.5, 0.475)   # feet inside the table's box, half the body behind it
    assert not layout.person(*behind, PUBLIC, check=False)
    assert layout.person(0.5, 0.3, PUBLIC)
    _moved(layout, "test-p001", *behind)
    problems = [str(p) for p in scene_problems(_scene(layout), "test.json")]
    assert any('"test-p001": is' in p and "hidden behind figures in front of it" in p for p in problems), problems


def test_nobody_stands_on_a_solid_thing_such_as_a_train_roof() -> None:
    layout = _layout()
    layout.solid([(0.4, 0.5), (0.6, 0.45), (0.6, 0.7), (0.4, 0.7)])   # a roof rising to the right
    feet_below_centre = 0.022
    assert not layout.person(0.5, 0.475 - feet_below_centre - 0.004, PUBLIC)   # feet on the roof line
    assert not layout.person(0.45, 0.6, PUBLIC)                                # feet inside it
    assert layout.person(0.5, 0.3, PUBLIC)
    _moved(layout, "test-p001", 0.5, 0.455)
    problems = [str(p) for p in scene_problems(_scene(layout), "test.json")]
    assert any('"test-p001": stands on or in a solid thing' in p for p in problems), problems


def test_the_rowing_boat_floats_clear_of_the_boats_and_the_pier() -> None:
    from lastmessage.scenegen.recipes_water import clear_water

    moored = [(0.05, 0.35), (0.43, 0.73), (0.78, 0.82)]   # two moored boats and the pier
    assert clear_water(0.2, [], 0.045) == 0.2   # open sea: where the recipe wanted it
    x = clear_water(0.45, moored, 0.045)   # over the second boat, no room between the boats: beyond the pier
    assert all(x + 0.045 <= x0 - 0.01 or x - 0.045 >= x1 + 0.01 for x0, x1 in moored)
    assert x == pytest.approx(0.82 + 0.01 + 0.045)
    assert clear_water(0.5, [(0.0, 1.0)], 0.045) == 0.5   # no room anywhere: left as it was


def test_a_plant_is_not_placed_with_its_pot_past_the_bottom_edge() -> None:
    layout = Layout("t", "t", "t", 1)
    assert not layout.creature("potted palm", "\U0001FAB4", 0.3, 0.975, 1.5, check=False)
    assert layout.creature("potted palm", "\U0001FAB4", 0.3, 0.85, 1.5, check=False)


@pytest.mark.parametrize("theme", ["museum", "station", "harbour", "carnival"])
def test_no_animal_or_plant_of_a_scene_is_cut_by_the_frame(theme: str) -> None:
    from lastmessage.scenegen.generate import generate
    from lastmessage.scenes.occlusion import footprint
    from lastmessage.scenes.validate import cut_by_frame

    seeds = (3, 17, 42, 999, {"museum": 33, "station": 22, "harbour": 11, "carnival": 66}[theme])
    for seed in seeds:
        data, _scene = generate(theme, seed)
        for c in data["characters"]:
            if c["sentient"]:
                continue
            fp = footprint(c["x"], c["y"], c["scale"], c["traits"], data["aspect"])
            whole = type(fp)(fp.x0, fp.y0, fp.x1, max(fp.y1, fp.feet), fp.feet)
            assert not cut_by_frame(whole, data["aspect"]), f"{theme} seed {seed}: {c['id']}"
