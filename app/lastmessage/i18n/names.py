"""How a name sits inside a sentence, per language.

A name shown alone ("Troll") is not enough for a sentence: Romanian needs the
definite form ("trolul") after "Criminalul era", and the gender for agreement.
Scene data (descriptions generated from traits) and the translation catalogs
both produce these forms, so the screens build every sentence from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Gender = Literal["m", "f", "n"]


@dataclass(frozen=True)
class NameForms:
    indefinite: str   # as a heading or after a preposition: "woman in a red top", "femeie în bluză roșie"
    definite: str     # "the woman in a red top", "femeia în bluză roșie"
    gender: Gender    # grammatical gender in that language ("n" for English)

    @property
    def heading(self) -> str:
        """The name alone, as a label or heading."""
        return capitalized(self.indefinite)


def capitalized(text: str) -> str:
    """A name as a heading: scene files write names in lower case."""
    return text[:1].upper() + text[1:]
