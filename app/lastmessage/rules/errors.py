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


class RuleViolation(ValueError):
    reason: str = "rule_violation"

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params
        self.message = template.format(**params) if params else template
        super().__init__(self.message)


class WrongPhase(RuleViolation):
    reason = "wrong_phase"


class TimeUp(RuleViolation):
    reason = "time_up"


class RepeatedWord(RuleViolation):
    reason = "repeated_word"


class NotSentient(RuleViolation):
    reason = "not_sentient"


class UnknownCharacter(RuleViolation):
    reason = "unknown_character"


class WrongEraseCount(RuleViolation):
    reason = "wrong_erase_count"


class InvalidCell(RuleViolation):
    reason = "invalid_cell"


class TextDisabled(RuleViolation):
    reason = "text_disabled"


class NothingToUndo(RuleViolation):
    reason = "nothing_to_undo"


# Extensions of PLAY_SCRIPT.md's list, for variants and inputs it does not cover.
class PassDisabled(RuleViolation):
    reason = "pass_disabled"


class InvalidWord(RuleViolation):
    reason = "invalid_word"


class InvalidStroke(RuleViolation):
    reason = "invalid_stroke"


REASONS = tuple(
    cls.reason for cls in (
        WrongPhase, TimeUp, RepeatedWord, NotSentient, UnknownCharacter, WrongEraseCount,
        InvalidCell, TextDisabled, NothingToUndo, PassDisabled, InvalidWord, InvalidStroke,
    )
)
