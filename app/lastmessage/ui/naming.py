"""The one door to a character's or prop's name, for every screen."""

from __future__ import annotations

from collections import Counter

from lastmessage.i18n.translate import Translator
from lastmessage.i18n.names import NameForms
from lastmessage.scenes.model import Character, Prop, Scene
from lastmessage.scenes.traits import describe

_SHORT_FORMS = ("head", "top", "worn")   # the shorter forms of `traits.describe`
_shared: dict[tuple[str, str, str], tuple[Scene, Counter[str]]] = {}


def name_forms(tx: Translator, thing: Character | Prop) -> NameForms:
    """The forms of `thing`'s name in `tx`'s language: those the scene data
    carries (generated from the traits, with the gender and definite form a
    Romanian sentence needs), else the catalog's (format-1 scenes)."""
    return tx.name(thing.name, thing.names)


def short_heading(tx: Translator, scene: Scene, character: Character) -> str:
    """The shortest form of a person's name that no other suspect of `scene` shares (a cramped
    label: a small board's case file), else the full name. Never cut: a shorter sentence."""
    full = name_forms(tx, character).heading
    if not character.is_person or tx.language not in character.names:
        return full
    unique = [short for keep in _SHORT_FORMS
              if _shared_forms(tx, scene, keep)[short := describe(character.traits, keep)[tx.language].heading] == 1]
    return min(unique, key=len, default=full)


def _shared_forms(tx: Translator, scene: Scene, keep: str) -> Counter[str]:
    """How many suspects of `scene` go by each name, full or shortened as `keep` says."""
    key = (scene.id, tx.language, keep)
    known = _shared.get(key)
    if known is None or known[0] is not scene:   # a resumed game's kept scene shares its id with the catalog's
        if len(_shared) > 24:   # a few scenes' worth: one per game of a long day of new crowds
            _shared.clear()
        known = _shared[key] = (scene, Counter(
            form for c in scene.suspects() if c.is_person and tx.language in c.names
            for form in {describe(c.traits, keep)[tx.language].heading, name_forms(tx, c).heading}))
    return known[1]
