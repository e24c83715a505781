"""Onboarding: who is who before the pick, and the guided first round.

A group that has never played learns the game from the screens: before the
criminal picks, both screens say who is the victim, the criminal and the
detectives and where each sits; the group then chooses the guided first
round or skips it on the tablet. Guided, every step of round 1 says what to
do, to the people at the tablet and to the detectives at the monitor. The
choice is the tablet's (no event: the game's rules do not change); the App
passes the step to both screens in `Status.guide`.
"""

from __future__ import annotations

from enum import StrEnum

from lastmessage.i18n.translate import Translator
from lastmessage.rules.game import Phase


class Step(StrEnum):
    """What the screens explain now (`Status.guide`)."""
    ROLES = "roles"        # who is who, before the pick (the group has not chosen yet)
    PICK = "pick"          # guided: the criminal picks, the victim watches
    READY = "ready"        # guided: the criminal flips, the victim gets ready to draw
    CLUES = "clues"        # guided: the victim draws
    ERASE = "erase"        # guided: the criminal erases
    SUSPECT = "suspect"    # guided: the detectives accuse or pass


_GUIDED = {Phase.SECRET: Step.PICK, Phase.READY: Step.READY, Phase.CLUES: Step.CLUES,
           Phase.ERASE: Step.ERASE, Phase.SUSPECT: Step.SUSPECT}


def step(phase: Phase, round_number: int, guided: bool | None) -> Step | None:
    """The step for this moment: `guided` is the group's choice (None: not made yet)."""
    if phase is Phase.SECRET and guided is None:
        return Step.ROLES
    if guided and round_number <= 1:
        return _GUIDED.get(phase)
    return None


def roles(tx: Translator) -> list[tuple[str, str]]:
    """(role, where and what) for each role, in the order the game needs them."""
    return [
        (tx.tr("Victim"), tx.tr("Sits behind the screen at the tablet and draws clues about the criminal. "
                                "Never speaks.")),
        (tx.tr("Criminal"), tx.tr("Sits beside the victim at the tablet, chooses who the criminal is "
                                  "and erases squares of every board.")),
        (tx.tr("Detectives"), tx.tr("Everyone else, facing the big monitor: they find the criminal "
                                    "in the crowd from the clues.")),
    ]


def roles_title(tx: Translator) -> str:
    return tx.tr("Who is who")


def tablet_text(tx: Translator, shown: Step, erase: int, seconds: float) -> str:
    """What the people at the tablet do in this step of the guided round."""
    match shown:
        case Step.PICK:
            return tx.tr("Criminal: tap one person on the scene and confirm — that is you now. "
                         "Victim: watch closely, you will draw clues about them.")
        case Step.READY | Step.CLUES:
            return tx.tr("Criminal: press FLIP when the victim is ready. Victim: you then have {seconds} s "
                         "to draw or write clues on the 9 squares. Never the same word twice.", seconds=seconds)
        case Step.ERASE:
            return tx.ntr("Criminal: tap the {count} square that gives you away most, then erase it.",
                          "Criminal: tap the {count} squares that give you away most, then erase them.",
                          erase, count=erase)
        case Step.SUSPECT:
            return tx.tr("The detectives are deciding at the monitor. Victim: not a word, not a gesture.")
    return ""


def monitor_text(tx: Translator, shown: Step, erase: int, seconds: float) -> str:
    """What the detectives do (or wait for) in this step of the guided round."""
    match shown:
        case Step.PICK:
            return tx.tr("The criminal is choosing in secret. Detectives: look at the monitor, not at the tablet.")
        case Step.READY:
            return tx.tr("When the criminal presses FLIP, the victim has {seconds} s to draw clues. "
                         "You see them after the criminal erases some squares.", seconds=seconds)
        case Step.CLUES:
            return tx.tr("The victim is drawing clues about the criminal. You will see the board soon.")
        case Step.ERASE:
            return tx.ntr("The criminal is erasing {count} square to cover their tracks.",
                          "The criminal is erasing {count} squares to cover their tracks.", erase, count=erase)
        case Step.SUSPECT:
            return tx.tr("Find the person the board describes: move onto them and hold ACCUSE, or PASS.")
    return ""


def heading(tx: Translator) -> str:
    """Above every step's text: the group chose the guide."""
    return tx.tr("First round, step by step")
