"""Issue 21, deliverable 3: every scene tells at least 12 little stories, each member described by
its part in English and Romanian, standing together by the prop the story happens at; `scenes
check` refuses a scene with too few, a member without its part, or one standing apart."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenegen.generate import generate
from lastmessage.scenegen.people import PUBLIC
from lastmessage.scenegen.poses import tidy
from lastmessage.scenegen.tales import TALES
from lastmessage.scenegen.vignettes import TALES_PER_SCENE
from lastmessage.scenes.figures import person_svg
from lastmessage.scenes.life import GESTURE_SHARE, GESTURES, MIN_VIGNETTES
from lastmessage.scenes.model import load_scenes, parse_scene, shipped_scenes_dir
from lastmessage.scenes.validate import scene_problems
from tests.scenes.test_clearance import _layout

SHIPPED = load_scenes(shipped_scenes_dir())


def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((shipped_scenes_dir() / name).read_text(encoding="utf-8"))
    return data


def _problems(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in scene_problems(parse_scene(data, "x.json"), "x.json")]


@pytest.mark.parametrize("scene_id", list(SHIPPED))
def test_every_shipped_scene_tells_a_dozen_stories_with_a_part_for_each_member(scene_id: str) -> None:
    scene = SHIPPED[scene_id]
    vignettes = [g for g in scene.groups if g.kind == "vignette"]
    assert len(vignettes) >= MIN_VIGNETTES
    assert len({g.tale for g in vignettes}) == len(vignettes)
    for group in vignettes:
        assert set(group.roles) == set(group.members)
        assert all(part["en"].startswith(("the ", "a ")) and part["ro"] for part in group.roles.values())


def test_a_story_is_drawn_as_its_parts_need() -> None:
    harbour = SHIPPED["harbour"]
    tales = {g.tale: g for g in harbour.groups if g.kind == "vignette"}
    proposal = tales.get("proposal") or next(iter(tales.values()))
    for ident in proposal.members:
        member = harbour.character(ident)
        assert member is not None
    if "proposal" in tales:
        kneeling = [harbour.character(m) for m in proposal.members]
        assert any(c is not None and c.traits.get("pose") == "kneeling" and c.traits.get("holding") == "flowers"
                   for c in kneeling)


def test_two_seeds_tell_their_stories_in_other_places() -> None:
    one, _ = generate("carnival", 501)
    two, _ = generate("carnival", 502)
    def places(data: Any) -> dict[str, tuple[float, float]]:
        chars = {c["id"]: c for c in data["characters"]}
        return {g["tale"]: (chars[g["members"][0]]["x"], chars[g["members"][0]]["y"])
                for g in data["groups"] if g["kind"] == "vignette"}
    a, b = places(one), places(two)
    shared = set(a) & set(b)
    assert shared and sum(math.dist(a[t], b[t]) > 0.05 for t in shared) >= len(shared) // 2


def test_seeds_of_a_place_tell_mostly_other_stories() -> None:
    """Two museums shared 84 % of their stories (the mean Jaccard index of four seeds' sets), with
    17 tales for 14 a scene; with 23, 52 %."""
    told = []
    for seed in (601, 602, 603, 604):
        data, _ = generate("museum", seed)
        told.append({g["tale"] for g in data["groups"] if g["kind"] == "vignette"})
    shared = [len(a & b) / len(a | b) for a, b in itertools.combinations(told, 2)]
    assert sum(shared) / len(shared) <= 0.65


def test_stories_gesturing_leave_the_crowd_less_of_the_gesture_cap() -> None:
    """Pointing and waving stay at most GESTURE_SHARE of the suspects however many a story's
    members do: theirs were kept and not counted, and five scenes went past it with more stories."""
    held = ("", "phone", "coffee", "map", "book", "newspaper", "camera", "handbag", "flowers", "umbrella", "backpack")
    calm = [{"pose": pose, "holding": thing} for pose in ("standing", "walking") for thing in held]
    looks = [{"pose": "waving"}] * 4 + [{"pose": "pointing"}] * 4 + [calm[n % len(calm)] for n in range(42)]
    people = [({"id": f"p{n}", "x": 0.5, "y": 0.5, "traits": {"person": "man", **look}}, PUBLIC)
              for n, look in enumerate(looks)]
    told = {"p0", "p4"}   # a waving and a pointing member of stories

    def retrait(entry: dict[str, object], traits: dict[str, str]) -> bool:
        entry["traits"] = traits
        return True

    tidy(people, [(0.53, 0.5)], 1.0, retrait, aimed=set(), told=told)   # a prop beside them to gesture at
    gesturing = {str(entry["id"]) for entry, _ in people if entry["traits"]["pose"] in GESTURES}  # type: ignore[index]
    assert told <= gesturing and len(gesturing) == math.floor(GESTURE_SHARE * len(people))


def test_too_few_stories_a_missing_part_and_a_member_apart_are_refused() -> None:
    data = _data("1-harbour.json")
    vignettes = [g for g in data["groups"] if g["kind"] == "vignette"]
    first = vignettes[0]
    del first["roles"][first["members"][0]]
    far = next(c for c in data["characters"] if c["id"] == vignettes[1]["members"][0])
    far["x"] = 0.99 if far["x"] < 0.5 else 0.01
    del far["box"]
    data["groups"] = [g for g in data["groups"] if g not in vignettes[MIN_VIGNETTES - 1:]]
    problems = _problems(data)
    assert any("vignettes (little stories), a scene needs 12" in p for p in problems)
    assert any("each member's part" in p and first["members"][0] in p for p in problems)
    assert any(far["id"] in p and "stands apart from its story" in p for p in problems)


def test_every_place_has_more_tales_than_a_scene_needs_and_every_part_is_drawable() -> None:
    for theme, tales in TALES.items():
        assert len(tales) >= 1.5 * TALES_PER_SCENE, theme   # seeds draw other stories (the next test)
        assert len({tale.slug for tale in tales}) == len(tales), theme
    for pose in ("kneeling", "reaching", "tripping"):
        assert "<svg" in person_svg({"person": "man", "pose": pose, "holding": "flowers", "top": "red"})


def test_the_band_plays_to_an_audience_seen_from_behind_and_no_suspect_is_cut_by_the_frame() -> None:
    carnival = SHIPPED["carnival"]
    stage = next(p for p in carnival.props if p.name == "band stage")
    facing_band = [ident for g in carnival.groups if g.kind == "audience" and g.at is not None
                   and abs(g.at[0] - stage.x) < 0.01 for ident in g.members]
    assert len(facing_band) >= 8
    assert sum(c.facing == "back" for c in carnival.characters if c.id in facing_band) >= 6
    for scene in SHIPPED.values():
        for person in scene.suspects():
            assert person.box is not None and person.box[3] < 1.0 and 0.0 < person.box[0] and person.box[2] < 1.0


def test_a_suspect_with_its_feet_past_the_bottom_is_refused() -> None:
    data = _data("2-station.json")
    person = next(c for c in data["characters"] if c["sentient"])
    person["y"], person["x"] = 0.995, 0.5
    del person["box"]
    assert any(person["id"] in p and "cut by the frame" in p for p in _problems(data))


def test_no_scene_repeats_one_plant_or_prop_more_than_four_times_and_more_are_refused() -> None:
    from collections import Counter
    from lastmessage.scenes.validate import REPEAT_CAP, repeat_capped
    assert REPEAT_CAP == 4
    for scene in SHIPPED.values():
        things = Counter(f.name for f in [*scene.characters, *scene.props]
                         if not getattr(f, "sentient", False) and repeat_capped(f.name))
        assert max(things.values()) <= REPEAT_CAP, scene.id
    towels = [p for p in SHIPPED["beach"].props if p.name.endswith(" towel") and not p.name.startswith("umbrella")]
    assert len(towels) >= 12   # every towel on the sand is named, so a victim can point at it
    data = _data("3-museum.json")
    plants = [c for c in data["characters"] if not c["sentient"]]
    for plant in plants[:5]:
        plant.update(name="potted palm", traits={"kind": "potted palm"})
    assert any('characters: ' in p and 'identical "potted palm" (at most 4 of one plant or prop)' in p
               for p in _problems(data))
    data = _data("4-beach.json")
    for towel in [p for p in data["props"] if p["name"].endswith(" towel")][:5]:
        towel.update(name="rose towel", traits={"thing": "rose towel"})
    assert any('props: ' in p and 'identical "rose towel" (at most 4 of one plant or prop)' in p
               for p in _problems(data))
    data = _data("2-station.json")   # any prop, not only a towel: five of one postbox read as a pattern too
    for thing in [p for p in data["props"] if p["emoji"]][:5]:
        thing.update(name="postbox", traits={"thing": "postbox"})
    assert any('props: ' in p and 'identical "postbox" (at most 4 of one plant or prop)' in p for p in _problems(data))


@settings(max_examples=20, deadline=None)
@given(st.lists(st.tuples(st.floats(0.05, 0.95), st.floats(0.3, 0.95)), min_size=5, max_size=12))
def test_the_generator_never_sets_out_more_than_four_of_one_plant(spots: list[tuple[float, float]]) -> None:
    from lastmessage.scenes.validate import REPEAT_CAP
    layout = _layout()
    for x, y in spots:
        layout.creature("potted palm", "\U0001FAB4", x, y)
    assert layout.repeats("potted palm") <= REPEAT_CAP
