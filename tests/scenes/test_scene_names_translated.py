"""Every name the scenes show (titles, characters, props) reads in Romanian, with
the forms a sentence needs, and a scene's different names stay different."""

from __future__ import annotations

from collections import defaultdict

import pytest

from lastmessage import catalogs
from lastmessage.i18n import translate as i18n
from lastmessage.i18n.translate import translator
from lastmessage.i18n.names import NameForms
from lastmessage.scenes.model import Character, Prop, Scene, load_scenes, shipped_scenes_dir
from lastmessage.ui.naming import name_forms

SCENES = list(load_scenes(shipped_scenes_dir()).values())
ROMANIAN = catalogs.read(catalogs.po_path("ro"), "ro")


def entry(text: str, context: str) -> str:
    found = ROMANIAN.get(text, context)
    return found.string if found is not None and isinstance(found.string, str) else ""


def shown(tx: i18n.Translator, scene: Scene) -> dict[str, NameForms]:
    """Each name of the scene as the screens show it (ui.naming.name_forms)."""
    things: list[Character | Prop] = [*scene.characters, *scene.props]
    return {thing.name: name_forms(tx, thing) for thing in things}


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_every_name_and_title_has_its_romanian_forms(scene: Scene) -> None:
    assert entry(scene.title, i18n.SCENE_TITLE), f"{scene.id}: no Romanian title"
    untranslated = sorted(name for name, forms in shown(translator("ro"), scene).items()
                          if forms == NameForms(name, name, "n"))   # what an untranslated name gives
    assert not untranslated, f"{scene.id}: no Romanian for {untranslated}"


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_names_a_refusal_shows_are_in_the_catalog_as_the_scene_words_them(scene: Scene) -> None:
    """A refusal carries only the English name ("the seagull is not a person"):
    the catalog holds every name that cannot be the criminal, with the
    scene's own Romanian forms."""
    ro = translator("ro")
    differ = sorted(c.name for c in scene.characters
                    if not c.sentient and ro.name(c.name) != name_forms(ro, c))
    assert not differ, f"{scene.id}: the catalog words these names otherwise than the scene: {differ}"


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_different_names_stay_different_in_romanian(scene: Scene) -> None:
    for form in ("indefinite", "definite"):
        english_of: defaultdict[str, set[str]] = defaultdict(set)
        for name, forms in shown(translator("ro"), scene).items():
            english_of[" ".join(getattr(forms, form).casefold().split())].add(name)
        clashes = {text: sorted(en) for text, en in english_of.items() if len(en) > 1}
        assert not clashes, f"{scene.id}: names whose {form} form reads the same in Romanian: {clashes}"


def test_the_screens_show_the_forms_the_scene_carries() -> None:
    ro, en = translator("ro"), translator("en")
    ski = next(s for s in SCENES if s.id == "ski")
    assert ro.title(ski.title) == "Stațiunea de schi"
    person = next(c for c in ski.characters if c.sentient)
    assert name_forms(ro, person) == person.names["ro"] and name_forms(ro, person).gender in ("m", "f")
    assert name_forms(en, person).indefinite == person.name
    assert en.name("troll") == NameForms("troll", "Troll", "n")   # English names a character as a title


def test_forms_the_scene_carries_come_first() -> None:
    carried = {"ro": NameForms("femeie în bluză roșie", "femeia în bluză roșie", "f")}
    assert translator("ro").name("woman in a red top", carried) == carried["ro"]
    assert translator("en").name("woman in a red top", carried) == NameForms(
        "woman in a red top", "Woman in a red top", "n")


def test_lower_case_names_stay_lower_case() -> None:
    ro = translator("ro")
    shouting = sorted(name for scene in SCENES for name, forms in shown(ro, scene).items()
                      if name[:1].islower() and not (forms.indefinite[:1].islower() and forms.definite[:1].islower()))
    assert shouting == []
