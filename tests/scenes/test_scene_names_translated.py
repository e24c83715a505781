"""Every name the scenes show (titles, characters, props) reads in Romanian, with
the forms a sentence needs, and a scene's different names stay different."""

from __future__ import annotations

from collections import defaultdict

import pytest

from lastmessage import catalogs, i18n
from lastmessage.i18n import translator
from lastmessage.names import NameForms
from lastmessage.scenes.model import Scene, load_scenes, shipped_scenes_dir

SCENES = list(load_scenes(shipped_scenes_dir()).values())
ROMANIAN = catalogs.read(catalogs.po_path("ro"), "ro")


def names(scene: Scene) -> set[str]:
    return {c.name for c in scene.characters} | {p.name for p in scene.props}


def entry(text: str, context: str) -> str:
    found = ROMANIAN.get(text, context)
    return found.string if found is not None and isinstance(found.string, str) else ""


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_every_name_and_title_has_its_romanian_forms(scene: Scene) -> None:
    assert entry(scene.title, i18n.SCENE_TITLE), f"{scene.id}: no Romanian title"
    missing = sorted(f"{name} ({role})" for name in names(scene)
                     for role in (i18n.NAME, i18n.NAME_DEFINITE, i18n.NAME_GENDER)
                     if not entry(name, role).strip())
    assert not missing, f"{scene.id}: no Romanian for {missing}"
    wrong = sorted(name for name in names(scene) if entry(name, i18n.NAME_GENDER) not in i18n.GENDERS)
    assert not wrong, f"{scene.id}: a gender is m, f or n: {wrong}"


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_different_names_stay_different_in_romanian(scene: Scene) -> None:
    ro = translator("ro")
    for form in ("indefinite", "definite"):
        english_of: defaultdict[str, set[str]] = defaultdict(set)
        for name in names(scene):
            english_of[" ".join(getattr(ro.name(name), form).casefold().split())].add(name)
        clashes = {text: sorted(en) for text, en in english_of.items() if len(en) > 1}
        assert not clashes, f"{scene.id}: names whose {form} form reads the same in Romanian: {clashes}"


def test_a_name_has_the_forms_a_sentence_needs() -> None:
    ro, en = translator("ro"), translator("en")
    ski = next(s for s in SCENES if s.id == "ski")
    assert ro.title(ski.title) == "Stațiunea de schi"
    assert NameForms("Moș Crăciun", "Moș Crăciun", "m") in {ro.name(c.name) for c in ski.characters}
    assert ro.name("troll") == NameForms("trol", "trolul", "m")
    assert ro.name("old woman") == NameForms("bătrână", "bătrâna", "f")
    assert ro.name("woman with a white cane").definite == "femeia cu baston alb"
    assert en.name("troll") == NameForms("troll", "Troll", "n")   # English names a character as a title
    assert ro.name("troll").heading == "Trol"


def test_forms_the_scene_carries_come_first() -> None:
    carried = {"ro": NameForms("femeie în bluză roșie", "femeia în bluză roșie", "f")}
    assert translator("ro").name("woman in a red top", carried) == carried["ro"]
    assert translator("en").name("woman in a red top", carried) == NameForms(
        "woman in a red top", "Woman in a red top", "n")


def test_lower_case_names_stay_lower_case() -> None:
    shouting = sorted(f"{name} ({role})" for scene in SCENES for name in names(scene)
                      for role in (i18n.NAME, i18n.NAME_DEFINITE)
                      if name[:1].islower() and not entry(name, role)[:1].islower())
    assert shouting == []
