"""Every name the scenes show (titles, characters, props) has a Romanian translation,
and a scene's different names stay different in Romanian."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from lastmessage import i18n
from lastmessage.scenes.model import Scene, load_scenes, shipped_scenes_dir

SCENES = list(load_scenes(shipped_scenes_dir()).values())
SCENES_CATALOG = Path(i18n.__file__).resolve().parent / "locale" / "ro" / "scenes.json"


def names(scene: Scene) -> set[str]:
    return {scene.title} | {c.name for c in scene.characters} | {p.name for p in scene.props}


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_every_name_and_title_has_a_romanian_entry(scene: Scene) -> None:
    catalog = i18n.catalog("ro")
    missing = sorted(name for name in names(scene) if not catalog.get(name, "").strip())
    assert not missing, f"{scene.id}: no Romanian for {missing}"


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.id)
def test_different_names_stay_different_in_romanian(scene: Scene) -> None:
    i18n.set_language("ro")
    english_of: defaultdict[str, set[str]] = defaultdict(set)
    for name in names(scene):
        english_of[" ".join(i18n.tr(name).casefold().split())].add(name)
    clashes = {ro: sorted(en) for ro, en in english_of.items() if len(en) > 1}
    assert not clashes, f"{scene.id}: names that read the same in Romanian: {clashes}"


def test_the_screens_calls_give_romanian() -> None:
    i18n.set_language("ro")
    scene = next(s for s in SCENES if s.id == "ski")
    assert i18n.tr(scene.title) == "Stațiunea de schi"
    assert all(i18n.tr(c.name) == c.names["ro"].indefinite for c in scene.characters)


def test_the_catalog_holds_only_shipped_names() -> None:
    entries = json.loads(SCENES_CATALOG.read_text(encoding="utf-8"))
    shipped = set().union(*(names(scene) for scene in SCENES))
    assert sorted(set(entries) - shipped) == []


def test_lower_case_names_stay_lower_case() -> None:
    entries = json.loads(SCENES_CATALOG.read_text(encoding="utf-8"))
    shouting = sorted(en for en, ro in entries.items() if en[:1].islower() and not ro[:1].islower())
    assert shouting == []


def test_the_romanian_scene_catalog_uses_comma_below() -> None:
    text = SCENES_CATALOG.read_text(encoding="utf-8")
    assert not set(text) & set("şţŞŢ"), "ș and ț take a comma below, not a cedilla"
