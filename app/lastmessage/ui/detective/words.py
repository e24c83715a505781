"""Everything the detective monitor says, in one place.

Kept apart from the drawing so the wording can be reviewed (and translated:
`locale/<code>/detective.json`) without reading pixel code, and so the texts
that depend on the rules variant are built from the rules, never hard-coded.

Every text is a function: it is looked up in the language shown *now*, so a
language change on the tablet reaches the monitor at its next repaint. No
grammar is built here: where a number changes the wording (one square, two
squares), a whole sentence is chosen, never an ending.
"""

from __future__ import annotations

from lastmessage.i18n import tr
from lastmessage.rules.config import Rules
from lastmessage.rules.events import EndReason, Winner
from lastmessage.rules.game import Outcome
from lastmessage.scenes.model import Character, Scene
from lastmessage.ui.text import capitalized

BRAND = "LAST MESSAGE"   # the product's name: the same in every language


def attract_call() -> str:
    return tr("Touch the tablet to start a game")


def secret_title() -> str:
    return tr("The crime is being committed…")


def secret_note() -> str:
    return tr("Detectives, look away from the tablet.")


def writing() -> str:
    return tr("The victim is writing…")


def covering() -> str:
    return tr("The criminal is covering tracks…")


def verdict_word(kind: str) -> str:
    """The one big word of a verdict: "correct", "wrong" or "passed"."""
    if kind == "correct":
        return tr("CORRECT")
    if kind == "wrong":
        return tr("NOT THE CRIMINAL")
    return tr("PASSED")


def verdict_line(round_number: int, name: str) -> str:
    """Above the verdict: which round, and whom it answers."""
    if name:
        return tr("Round {round}  ·  {name}", round=round_number, name=name)
    return tr("Round {round}", round=round_number)


def link_down() -> str:
    return tr("Timer module not connected")


def ghost_note() -> str:
    return tr("Erased ink is shown in red")


def case_file() -> str:
    return tr("CASE FILE")


def name(character: Character) -> str:
    """A character's name in the language shown, as a heading."""
    return capitalized(tr(character.name))


def title(scene: Scene) -> str:
    return tr(scene.title)


def seconds(value: float) -> str:
    return tr("{seconds:g} s", seconds=value)


def schedule(rules: Rules) -> str:
    counts = [str(n) for n in rules.erase_schedule]
    if len(counts) == 1:
        return counts[0]
    return tr("{counts} then {last}", counts=", ".join(counts[:-1]), last=counts[-1])


def how_to_play(rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """The attract loop's cards: a title and a few sentences each, a sentence
    as (its number in a list of steps, or "", and the text)."""
    if rules.allow_pass:
        choice = tr("Accuse one character, or pass")
    else:
        choice = tr("Accuse one character")
    if rules.erase_schedule == (1,):
        erases = tr("The criminal erases 1 square")
    else:
        erases = tr("The criminal erases {counts} squares", counts=schedule(rules))
    if rules.fatal_from_round > rules.rounds:
        danger = tr("A wrong accusation costs nothing, but after round {rounds} the criminal wins.",
                    rounds=rules.rounds)
    else:
        danger = tr("From round {round}, a wrong accusation loses the game at once.",
                    round=rules.fatal_from_round)
    return [
        (tr("How to play"), [
            ("", tr("A victim, a criminal, and you: the detectives.")),
            ("", tr("Find the criminal in the scene by the end of round {rounds}.",
                    rounds=rules.rounds)),
        ]),
        (tr("Each round"), [
            ("1", tr("The victim draws clues for {seconds}", seconds=seconds(rules.timer_seconds))),
            ("2", erases),
            ("3", choice),
        ]),
        (tr("Win or lose"), [
            ("", tr("Accuse the criminal: you win.")),
            ("", danger),
        ]),
    ]


def round_rule(rules: Rules, round_number: int) -> tuple[str, bool]:
    """What a wrong accusation would cost in this round (the text, and whether it is fatal)."""
    if round_number >= rules.fatal_from_round:
        return tr("A wrong accusation now loses the game"), True
    return tr("A wrong accusation costs nothing this round"), False


def ready(rules: Rules, round_number: int, erase: int) -> tuple[str, str]:
    title = tr("Round {round} is about to start", round=round_number)
    time = seconds(rules.timer_seconds)
    if erase == 1:
        return title, tr("The victim will draw for {seconds}, then 1 square will be erased",
                         seconds=time)
    return title, tr("The victim will draw for {seconds}, then {count} squares will be erased",
                     seconds=time, count=erase)


def erasing(erase: int) -> str:
    if erase == 1:
        return tr("1 square will vanish")
    return tr("{count} squares will vanish", count=erase)


def suspect(round_number: int) -> str:
    return tr("Round {round}: who is the criminal?", round=round_number)


def criminal_was(name: str) -> str:
    return tr("The criminal: {name}", name=name)


def outcome(result: Outcome, rounds: int) -> tuple[str, str]:
    """The headline and the reason of a finished game."""
    if result.winner is Winner.DETECTIVES:
        return tr("The detectives win!"), tr("The criminal was found in round {round}.",
                                             round=result.round)
    if result.reason is EndReason.WRONG_ACCUSATION:
        return tr("The criminal wins"), tr("A wrong accusation in round {round}.", round=result.round)
    return tr("The criminal wins"), tr("Not found by the end of round {rounds}.", rounds=rounds)


def history_line(round_number: int, accused: str | None, correct: bool | None) -> str:
    if accused is None:
        return tr("Round {round}:  passed", round=round_number)
    mark = "✓" if correct else "✕"
    return tr("Round {round}:  {mark} {name}", round=round_number, mark=mark, name=accused)


def rounds_label() -> str:
    """Before the round pips in the top bar."""
    return tr("ROUND")


def board_round(round_number: int) -> str:
    """The label over a board."""
    return tr("ROUND {round}", round=round_number)


def board_erased(count: int) -> str:
    if count == 1:
        return tr("1 erased")
    return tr("{count} erased", count=count)


def slot_note(state: str) -> str:
    """Inside the outline of the board still to come: "writing", "erasing" or "next"."""
    if state == "writing":
        return tr("being written…")
    if state == "erasing":
        return tr("being erased…")
    return tr("next")


def legend() -> dict[str, tuple[str, str]]:
    """The button legend while the detectives decide: control -> (label, how)."""
    return {
        "accuse": (tr("ACCUSE"), tr("hold until the ring fills")),
        "pass": (tr("PASS"), tr("skip this round")),
        "move": (tr("CHOOSE"), tr("arrows or knob")),
    }
