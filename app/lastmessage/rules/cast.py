"""What the rules need to know of a scene: who is in it and who can be the criminal.

A protocol, so that the rules import nothing of the scene files; the scene
model (`scenes.model.Scene`) fits it as it is.
"""

from __future__ import annotations

from typing import Protocol


class Suspect(Protocol):
    @property
    def name(self) -> str:
        """How people call the character (the not_sentient refusal names it)."""

    @property
    def sentient(self) -> bool:
        """Only a person (or thinking being) can be the criminal."""


class Cast(Protocol):
    @property
    def id(self) -> str: ...

    def character(self, character_id: str) -> Suspect | None:
        """The character of that id in the scene, None if there is none."""
