"""Refused actions, one exception class per reason code of PLAY_SCRIPT.md.

A caller can tell "you may not do that now" (a RuleViolation, with a reason
code for machines and a message for people) from a crash.

The message is kept as an English template and its values, so that the
screens can show it in the players' language (`Translator.refusal`); `message`
is the English text, as written in events. Every template is a whole sentence
with its own entry in the catalogs (`make i18n` extracts them). Values are
numbers, ids and typed words, shown as they are, except `name`: a character's
name from the scene, which a screen puts in the name's definite form.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar


class RejectionReason(StrEnum):
    """The `reason` of a `rejected` event."""

    WRONG_PHASE = "wrong_phase"
    TIME_UP = "time_up"
    REPEATED_WORD = "repeated_word"
    NOT_SENTIENT = "not_sentient"
    UNKNOWN_CHARACTER = "unknown_character"
    WRONG_ERASE_COUNT = "wrong_erase_count"
    INVALID_CELL = "invalid_cell"
    TEXT_DISABLED = "text_disabled"
    NOTHING_TO_UNDO = "nothing_to_undo"
    # Extensions of PLAY_SCRIPT.md's list, for variants and inputs it does not cover.
    PASS_DISABLED = "pass_disabled"
    INVALID_WORD = "invalid_word"
    INVALID_STROKE = "invalid_stroke"
    UNKNOWN_SCENE = "unknown_scene"   # only from a caller's mistake (scripts exit 2 first)


class RuleViolation(ValueError):
    reason: ClassVar[RejectionReason]

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        self.message = template.format(**params) if params else template
        super().__init__(self.message)


class WrongPhase(RuleViolation):
    reason = RejectionReason.WRONG_PHASE


class BoardLocked(RuleViolation):
    """Ink, words or undo once the clue timer ran out."""

    reason = RejectionReason.TIME_UP


class RepeatedWord(RuleViolation):
    reason = RejectionReason.REPEATED_WORD


class NotSentient(RuleViolation):
    reason = RejectionReason.NOT_SENTIENT


class UnknownCharacter(RuleViolation):
    reason = RejectionReason.UNKNOWN_CHARACTER


class WrongEraseCount(RuleViolation):
    reason = RejectionReason.WRONG_ERASE_COUNT


class InvalidCell(RuleViolation):
    reason = RejectionReason.INVALID_CELL


class TextDisabled(RuleViolation):
    reason = RejectionReason.TEXT_DISABLED


class NothingToUndo(RuleViolation):
    reason = RejectionReason.NOTHING_TO_UNDO


# Extensions of PLAY_SCRIPT.md's list, for variants and inputs it does not cover.
class PassDisabled(RuleViolation):
    reason = RejectionReason.PASS_DISABLED


class InvalidWord(RuleViolation):
    reason = RejectionReason.INVALID_WORD


class InvalidStroke(RuleViolation):
    reason = RejectionReason.INVALID_STROKE


class UnknownScene(RuleViolation):
    reason = RejectionReason.UNKNOWN_SCENE

