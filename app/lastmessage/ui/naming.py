"""The one door to a character's or prop's name, for every screen."""

from __future__ import annotations

from lastmessage.i18n import Translator
from lastmessage.names import NameForms
from lastmessage.scenes.model import Character, Prop


def name_forms(tx: Translator, thing: Character | Prop) -> NameForms:
    """The forms of `thing`'s name in `tx`'s language, from the catalog. Scene
    data carries no forms of its own yet; once Character and Prop have
    `names` (language -> NameForms), they are passed here as `carried`, and
    win over the catalog's."""
    return tx.name(thing.name, None)
