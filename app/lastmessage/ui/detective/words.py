"""Everything the detective monitor says, in one place.

Kept apart from the drawing so the wording can be reviewed (and one day
translated) without reading pixel code, and so the texts that depend on the
rules variant are built from the rules, never hard-coded.
"""

from __future__ import annotations

from lastmessage.rules.config import Rules
from lastmessage.rules.game import Outcome

BRAND = "LAST MESSAGE"
ATTRACT_CALL = "Touch the tablet to start a game"
SECRET_TITLE = "The crime is being committed…"
SECRET_NOTE = "Detectives, look away from the tablet."
WRITING = "The victim is writing…"
ERASING = "The criminal is covering tracks…"
CORRECT = "CORRECT"
WRONG = "NOT THE CRIMINAL"
PASSED = "PASSED"
LINK_DOWN = "Timer module not connected"
GHOST_NOTE = "Erased ink is shown in red"


def seconds(value: float) -> str:
    return f"{value:g} s"


def schedule(rules: Rules) -> str:
    counts = [str(n) for n in rules.erase_schedule]
    return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " then " + counts[-1]


def how_to_play(rules: Rules) -> list[tuple[str, list[str]]]:
    """The attract loop's cards: a title and a few big lines each."""
    choice = "Accuse one character, or pass" if rules.allow_pass else "Accuse one character"
    if rules.fatal_from_round > rules.rounds:
        danger = "A wrong accusation costs nothing,"
        danger_more = f"but after round {rules.rounds} the criminal wins."
    else:
        danger = f"From round {rules.fatal_from_round}, a wrong accusation"
        danger_more = "loses the game at once."
    return [
        ("How to play", [
            "A victim, a criminal, and you: the detectives.",
            f"{rules.rounds} rounds to find the criminal in the scene.",
        ]),
        ("Each round", [
            f"1  The victim draws clues for {seconds(rules.timer_seconds)}",
            f"2  The criminal erases {schedule(rules)} squares",
            f"3  {choice}",
        ]),
        ("Win or lose", [
            "Accuse the criminal: you win.",
            danger,
            danger_more,
        ]),
    ]


def round_rule(rules: Rules, round_number: int) -> tuple[str, bool]:
    """What a wrong accusation would cost in this round (the text, and whether it is fatal)."""
    if round_number >= rules.fatal_from_round:
        return "A wrong accusation now loses the game", True
    return "A wrong accusation costs nothing this round", False


def ready(rules: Rules, round_number: int, erase: int) -> tuple[str, str]:
    return (f"Round {round_number} is about to start",
            f"The victim will draw for {seconds(rules.timer_seconds)}, then {erase} "
            f"square{'s' if erase != 1 else ''} will be erased")


def erasing(erase: int) -> str:
    return f"{erase} square{'s' if erase != 1 else ''} will vanish"


def outcome(result: Outcome, rounds: int) -> tuple[str, str]:
    """The headline and the reason of a finished game."""
    if result.winner == "detectives":
        return "The detectives win!", f"The criminal was found in round {result.round}."
    if result.reason == "wrong_accusation":
        return "The criminal wins", f"A wrong accusation in round {result.round}."
    return "The criminal wins", f"Not found after {rounds} rounds."


def history_line(round_number: int, accused: str | None, correct: bool | None) -> str:
    if accused is None:
        return f"Round {round_number}:  passed"
    mark = "✓" if correct else "✕"
    return f"Round {round_number}:  {mark} {accused}"
