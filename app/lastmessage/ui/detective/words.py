"""Everything the detective monitor says, in one place.

Kept apart from the drawing so the wording can be reviewed (and translated:
`locale/<code>/LC_MESSAGES/lastmessage.po`) without reading pixel code, and so
the texts that depend on the rules variant are built from the rules, never
hard-coded.

Every text is a function of the Translator of the language shown, which the
screen is given with its frame. No grammar is built here: where a number
changes the wording a plural form is chosen (`ntr`), where a name does, the
form of the name the sentence needs (`naming.name_forms`).
"""

from __future__ import annotations

from lastmessage.i18n.translate import Translator
from lastmessage.rules.config import Rules
from lastmessage.rules.events import EndReason, Winner
from lastmessage.rules.game import Outcome
from lastmessage.scenes.model import Character, Scene
from lastmessage.ui.naming import name_forms

BRAND = "LAST MESSAGE"   # the product's name: the same in every language


def after_pass(tx: Translator, number: int, rounds: int) -> str:
    """What comes after the detectives passed round `number` (of `rounds`)."""
    if number < rounds:
        return tx.tr("Next: the victim draws a new clue for round {number}.", number=number + 1)
    return tx.tr("That was the last round: the criminal gets away.")


def byline(tx: Translator) -> str:
    """Who made the game and who publishes it (the names are the same in every language)."""
    return tx.tr("a game by {designers} · published by {publisher}",
                 designers=tx.tr("Lee Ju-Hwa and Giung Kim"), publisher="IELLO")


def attract_call(tx: Translator) -> str:
    return tx.tr("Touch the tablet to start a game")


def setup_call(tx: Translator) -> str:
    """While the tablet shows the scene grid: what the people at it are doing."""
    return tx.tr("A scene is being chosen on the tablet")


def secret_title(tx: Translator) -> str:
    return tx.tr("The crime is being committed…")


def secret_note(tx: Translator) -> str:
    return tx.tr("Detectives, look away from the tablet.")


def writing(tx: Translator) -> str:
    return tx.tr("The victim is writing…")


def covering(tx: Translator) -> str:
    return tx.tr("The criminal is covering tracks…")


def verdict_word(tx: Translator, kind: str) -> str:
    """The one big word of a verdict: "correct", "wrong" or "passed"."""
    if kind == "correct":
        return tx.tr("CORRECT")
    if kind == "wrong":
        return tx.tr("NOT THE CRIMINAL")
    return tx.tr("PASSED")


def verdict_line(tx: Translator, round_number: int) -> str:
    """Over the name of whom a verdict answers: which round."""
    return tx.tr("Round {round}", round=round_number)


def link_down(tx: Translator) -> str:
    return tx.tr("Timer module not connected")


def service_line(tx: Translator, link_ok: bool, service: str | None) -> str | None:
    """What the monitor says of the device for staff, if anything (Status.link_ok and
    .service): the timer module unplugged, else the device's own trouble (the journal's,
    English until here)."""
    if not link_ok:
        return link_down(tx)
    return tx.tr(service) if service else None


def ghost_note(tx: Translator) -> str:
    return tx.tr("Erased ink is shown in red")


def name(tx: Translator, character: Character) -> str:
    """A character's name in the language shown, as a heading."""
    return name_forms(tx, character).heading


def title(tx: Translator, scene: Scene) -> str:
    return tx.title(scene.title)


def seconds(tx: Translator, value: float) -> str:
    return tx.tr("{seconds:g} s", seconds=value)


def schedule(tx: Translator, rules: Rules) -> str:
    counts = [str(n) for n in rules.erase_schedule]
    if len(counts) == 1:
        return counts[0]
    return tx.tr("{counts} then {last}", counts=", ".join(counts[:-1]), last=counts[-1])


def noun_count(counts: tuple[int, ...]) -> int:
    """The number that decides the noun after a list of counts ("2 then 1 squares"):
    a list reads as plural; after one count, the count itself decides."""
    return counts[0] if len(counts) == 1 else max(2, counts[-1])


def how_to_play(tx: Translator, rules: Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """The attract loop's cards: a title and a few sentences each, a sentence
    as (its number in a list of steps, or "", and the text)."""
    if rules.allow_pass:
        choice = tx.tr("Accuse one character, or pass")
    else:
        choice = tx.tr("Accuse one character")
    erases = tx.ntr("The criminal erases {counts} square", "The criminal erases {counts} squares",
                    noun_count(rules.erase_schedule), counts=schedule(tx, rules))
    if rules.fatal_from_round > rules.rounds:
        danger = tx.tr("A wrong accusation costs nothing, but after round {rounds} the criminal wins.",
                    rounds=rules.rounds)
    else:
        danger = tx.tr("From round {round}, a wrong accusation loses the game at once.",
                    round=rules.fatal_from_round)
    return [
        (tx.tr("How to play"), [
            ("", tx.tr("A victim, a criminal, and you: the detectives.")),
            ("", tx.tr("Find the criminal in the scene by the end of round {rounds}.",
                    rounds=rules.rounds)),
        ]),
        (tx.tr("Each round"), [
            ("1", tx.tr("The victim draws clues for {seconds}", seconds=seconds(tx, rules.timer_seconds))),
            ("2", erases),
            ("3", choice),
        ]),
        (tx.tr("Win or lose"), [
            ("", tx.tr("Accuse the criminal: you win.")),
            ("", danger),
        ]),
    ]


def round_rule(tx: Translator, rules: Rules, round_number: int) -> tuple[str, bool]:
    """What a wrong accusation would cost in this round (the text, and whether it is fatal)."""
    if round_number >= rules.fatal_from_round:
        return tx.tr("A wrong accusation now loses the game"), True
    return tx.tr("A wrong accusation costs nothing this round"), False


def ready(tx: Translator, rules: Rules, round_number: int, erase: int) -> tuple[str, str]:
    title = tx.tr("Round {round} is about to start", round=round_number)
    return title, tx.ntr("The victim will draw for {seconds}, then {count} square will be erased",
                         "The victim will draw for {seconds}, then {count} squares will be erased",
                         erase, seconds=seconds(tx, rules.timer_seconds), count=erase)


def erasing(tx: Translator, erase: int) -> str:
    return tx.ntr("{count} square will vanish", "{count} squares will vanish", erase, count=erase)


def suspect(tx: Translator, round_number: int) -> str:
    return tx.tr("Round {round}: who is the criminal?", round=round_number)


def criminal_was(tx: Translator, criminal: Character) -> str:
    return tx.tr("The criminal: {name}", name=name_forms(tx, criminal).definite)


def outcome(tx: Translator, result: Outcome, rounds: int) -> tuple[str, str]:
    """The headline and the reason of a finished game."""
    if result.winner is Winner.DETECTIVES:
        return tx.tr("The victim and the detectives win!"), tx.tr("The criminal was found in round {round}.",
                                             round=result.round)
    if result.reason is EndReason.WRONG_ACCUSATION:
        return tx.tr("The criminal wins"), tx.tr("A wrong accusation in round {round}.", round=result.round)
    return tx.tr("The criminal wins"), tx.tr("Not found by the end of round {rounds}.", rounds=rounds)


def round_result(tx: Translator, accused: str | None, correct: bool | None) -> str:
    """What the detectives did in a finished round, under its board (the case file)."""
    if accused is None:
        return tx.ptr("round result", "passed")
    return f"{'✓' if correct else '✕'} {accused}"


def rounds_label(tx: Translator) -> str:
    """Before the round pips in the top bar."""
    return tx.tr("ROUND")


def board_round(tx: Translator, round_number: int) -> str:
    """The label over a board."""
    return tx.tr("ROUND {round}", round=round_number)


def board_erased(tx: Translator, count: int) -> str:
    return tx.ntr("{count} erased", "{count} erased", count, count=count)


def board_to_erase(tx: Translator, count: int) -> str:
    """The label over a board still to come: how many squares it will lose."""
    return tx.tr("{count} to erase", count=count)


def slot_note(tx: Translator, state: str) -> str:
    """Inside the outline of the board still to come: "writing", "erasing" or "next"."""
    if state == "writing":
        return tx.tr("being written…")
    if state == "erasing":
        return tx.tr("being erased…")
    return tx.ptr("board still to come", "next")


def legend(tx: Translator, rules: Rules, round_number: int) -> dict[str, tuple[str, str]]:
    """The button legend while the detectives decide: control -> (label, how, or
    what it costs: passing the last round lets the criminal win)."""
    last = round_number >= rules.rounds
    return {
        "accuse": (tx.tr("ACCUSE"), tx.tr("hold until the ring fills")),
        "pass": (tx.tr("PASS"), tx.tr("the criminal wins") if last else tx.tr("skip this round")),
        "move": (tx.tr("CHOOSE"), tx.tr("arrows or knob")),
    }
