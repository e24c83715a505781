"""The one door to a character's or prop's name, for every screen."""

from __future__ import annotations

from lastmessage.i18n import Translator
from lastmessage.names import NameForms
from lastmessage.scenes.model import Character, Prop


def name_forms(tx: Translator, thing: Character | Prop) -> NameForms:
    """The forms of `thing`'s name in `tx`'s language: those the scene data
    carries (generated from the traits, with the gender and definite form a
    Romanian sentence needs), else the catalog's (format-1 scenes)."""
    return tx.name(thing.name, thing.names)
