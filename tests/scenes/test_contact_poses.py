"""People touching things (issue 21, deliverable 2): pulling a suitcase, a sled or a child's hand,
leaning on a rail, carrying a child on the shoulders; drawn, said in both languages in the name, and
told in the places' stories."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.scenes.figures import CONTACT_POSES, drawn_fraction, person_svg
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.scenes.traits import CONTACT, HELD, PEOPLE, describe
from lastmessage.scenegen.tales import TALES
from tests.scenes.test_figures import BASE, rasterise

SHIPPED = load_scenes(shipped_scenes_dir())
CHILD_TOP = pygame.Color("#fab005")


@pytest.fixture(autouse=True)
def _display() -> None:
    pygame.display.init()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(CONTACT_POSES), st.sampled_from(sorted(PEOPLE)), st.sampled_from(["", "suitcase", "sled"]))
def test_a_contact_pose_is_said_in_english_and_romanian(pose: str, who: str, held: str) -> None:
    traits = {**BASE, "person": who, "pose": pose, **({"holding": held} if held and pose == "pulling" else {})}
    names = describe(traits)
    en, ro = CONTACT[pose]
    assert en.split(" {")[0] in names["en"].indefinite
    assert ro.split(" {")[0] in names["ro"].indefinite and ro.split(" {")[0] in names["ro"].definite
    if pose == "pulling":
        thing_en, thing_ro = (HELD[held].en, HELD[held].ro) if held else ("a child by the hand", "un copil de mână")
        assert names["en"].indefinite.endswith(f"pulling {thing_en}")
        assert names["ro"].indefinite.endswith(f"care trage {thing_ro}")
    assert describe(traits, keep="worn")["en"].indefinite == describe({**traits, "pose": "standing"},
                                                                       keep="worn")["en"].indefinite


def test_the_child_on_the_shoulders_reads_at_the_game_panels_size() -> None:
    """At 1x a far person is about 27 px tall: the child's yellow top still shows, above the head."""
    traits = {**BASE, "pose": "shouldering"}
    big = rasterise(person_svg(traits))
    mask = pygame.mask.from_surface(big, 127)
    body = max(mask.get_bounding_rects(), key=lambda r: r.height)
    assert body.height >= drawn_fraction(traits) * 200 * 0.95   # the child rises above the box
    small = rasterise(person_svg(traits), box_height=27)
    yellow = sum(1 for x in range(small.get_width()) for y in range(small.get_height())
                 if sum(abs(a - b) for a, b in zip(small.get_at((x, y))[:3], CHILD_TOP[:3])) < 60)
    assert yellow >= 6


def test_a_pulled_thing_follows_behind_the_person() -> None:
    for held in ("suitcase", "sled"):
        image = rasterise(person_svg({**BASE, "pose": "pulling", "holding": held}))
        standing = rasterise(person_svg({**BASE, "holding": held}))
        left_of = [min(r.left for r in pygame.mask.from_surface(i, 127).get_bounding_rects()) for i in (image, standing)]
        assert left_of[0] < left_of[1] - 10, held   # facing right: the pulled thing trails on the left


def test_every_contact_pose_is_told_by_stories_whose_members_have_their_part_in_both_languages() -> None:
    told = {role.pose for tales in TALES.values() for tale in tales for role in tale.roles}
    assert set(CONTACT_POSES) <= told
    pulled = {role.holding for tales in TALES.values() for tale in tales for role in tale.roles if role.pose == "pulling"}
    assert {"suitcase", "sled", ""} <= pulled   # a suitcase, a sled and a child's hand
    for tales in TALES.values():
        for tale in tales:
            for role in tale.roles:
                assert role.en and role.ro, tale.slug


def test_the_shipped_scenes_show_every_contact_pose() -> None:
    poses = {c.traits.get("pose") for scene in SHIPPED.values() for c in scene.suspects()}
    assert set(CONTACT_POSES) <= poses
    for scene in SHIPPED.values():
        for character in scene.suspects():
            if character.traits.get("pose") in CONTACT_POSES:
                group = next(g for g in scene.groups if character.id in g.members)
                assert group.kind == "vignette" and group.roles[character.id]["ro"]
