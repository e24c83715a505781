"""The game as a state machine, event-sourced.

Every action is checked, turned into events, and the events are applied by
`apply`, the only code that changes state. A live game and a game rebuilt from
its events are therefore the same by construction, which is what resume after
a power cut relies on.

Time is passed in (`t`, seconds since the game started). The clue timer's
expiry is noticed by `advance(t)` (or by any action) and dated at the
deadline, whatever the step of the clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from lastmessage.rules.board import Board, Stroke, Word, check_cell, make_stroke
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import (
    NothingToUndo, NotSentient, PassDisabled, RuleViolation, TextDisabled, TimeUp,
    UnknownCharacter, WrongEraseCount, WrongPhase,
)
from lastmessage.rules.events import TIME_DECIMALS, Event, EventError
from lastmessage.scenes.model import Scene


class Phase(str, Enum):
    SCENE = "scene"      # choosing a scene
    SECRET = "secret"    # the criminal picks, the victim watches
    READY = "ready"      # a round waits for the criminal to flip the timer
    CLUES = "clues"      # the victim draws, the timer runs
    ERASE = "erase"      # the criminal covers tracks
    SUSPECT = "suspect"  # the detectives accuse or pass
    OVER = "over"


class UnknownScene(RuleViolation):
    reason = "unknown_scene"


@dataclass(frozen=True)
class Accusation:
    round: int
    character: str
    correct: bool


@dataclass(frozen=True)
class Outcome:
    winner: str   # "detectives" or "criminal"
    reason: str   # "found", "wrong_accusation" or "not_found"
    round: int


_WHAT = {
    Phase.SCENE: "a scene is being chosen",
    Phase.SECRET: "the criminal is choosing",
    Phase.READY: "the timer has not been flipped yet",
    Phase.CLUES: "the victim is writing clues",
    Phase.ERASE: "the criminal is erasing squares",
    Phase.SUSPECT: "the detectives are deciding",
    Phase.OVER: "the game is over",
}


def _not_now(doing: str, phase: Phase) -> str:
    """The refusal of an action out of its phase.

    Each action and phase makes one whole sentence, with no placeholders: it is
    its own entry in the catalogs (locale/*/rules.json), so a language words the
    sentence as a whole instead of gluing fragments.
    """
    return f"You cannot {doing} now: {_WHAT[phase]}."


def _too_late(doing: str) -> str:
    """The refusal of ink, words or undo once the timer ran out (a whole sentence, as above)."""
    return f"Time is up: the board is locked, you cannot {doing} any more."


def _clock(t: float) -> float:
    """Time as events record it: decisions are taken on the value that is written down."""
    return round(float(t), TIME_DECIMALS)


class Game:
    def __init__(self, rules: Rules, scenes: Mapping[str, Scene]) -> None:
        self.rules = rules
        self.scenes = scenes
        self.phase = Phase.SCENE
        self.scene: Scene | None = None
        self.secret: str | None = None
        self.round = 0
        self.boards: list[Board] = []
        self.timer_started_at: float | None = None
        self.deadline: float | None = None
        self.accusations: list[Accusation] = []
        self.passes: list[int] = []
        self.outcome: Outcome | None = None
        self.events: list[Event] = []

    # ---- queries -------------------------------------------------------

    @property
    def board(self) -> Board | None:
        """The board of the current round, once its timer was flipped."""
        return self.boards[self.round - 1] if len(self.boards) == self.round and self.round else None

    def erase_count(self) -> int:
        return self.rules.erase_count(self.round) if self.round else 0

    def time_left(self, t: float) -> float:
        if self.phase is not Phase.CLUES or self.deadline is None:
            return 0.0
        return max(0.0, self.deadline - t)

    def state(self) -> tuple[object, ...]:
        """Everything that makes up the game, for comparing a game with its replay."""
        return (self.phase, self.scene.id if self.scene else None, self.secret, self.round,
                [(b.items, b.erased) for b in self.boards], self.timer_started_at,
                self.deadline, self.accusations, self.passes, self.outcome)

    # ---- actions -------------------------------------------------------

    def start(self, scene_id: str, t: float = 0.0) -> list[Event]:
        t = _clock(t)
        # A scene that does not exist is a caller's mistake in any phase (a malformed script).
        if scene_id not in self.scenes:
            raise UnknownScene('There is no scene "{scene}".', scene=scene_id)
        self._expect(Phase.SCENE, "choose a scene")
        return self._emit(Event("game_started", t, {"scene": scene_id}))

    def pick(self, character_id: str, t: float) -> list[Event]:
        t = _clock(t)
        self._expect(Phase.SECRET, "choose the criminal")
        self._suspect(character_id)
        return self._emit(Event("secret_chosen", t, {"character": character_id}))

    def flip(self, t: float) -> list[Event]:
        t = _clock(t)
        events = self.advance(t)
        self._expect(Phase.READY, "flip the timer")
        return events + self._emit(Event(
            "timer_started", t, {"round": self.round, "seconds": self.rules.timer_seconds}))

    def stroke(self, points: Sequence[Sequence[float]], t: float, width: float | None = None) -> list[Event]:
        t = _clock(t)
        events = self.advance(t)
        self._expect_clues("draw")
        stroke = make_stroke(points, width)
        return events + self._emit(Event("stroke_added", t, {
            "round": self.round, "cells": sorted(stroke.cells()),
            "points": [list(p) for p in stroke.points], "width": stroke.width,
        }))

    def word(self, cell: object, text: str, t: float) -> list[Event]:
        t = _clock(t)
        events = self.advance(t)
        self._expect_clues("write")
        if not self.rules.allow_text:
            raise TextDisabled("This game is drawings only: words are switched off.")
        assert self.board is not None
        word = self.board.check_word(cell, text)
        return events + self._emit(Event(
            "word_added", t, {"round": self.round, "cell": word.cell, "text": word.text}))

    def undo(self, t: float) -> list[Event]:
        t = _clock(t)
        events = self.advance(t)
        self._expect_clues("undo")
        assert self.board is not None
        if not self.board.items:
            raise NothingToUndo("There is nothing on the board to undo.")
        return events + self._emit(Event("undone", t, {"round": self.round}))

    def erase(self, cells: Iterable[object], t: float) -> list[Event]:
        t = _clock(t)
        events = self.advance(t)
        self._expect(Phase.ERASE, "erase squares")
        chosen = [check_cell(cell) for cell in cells]
        needed = self.erase_count()
        distinct = sorted(set(chosen))
        if len(distinct) != len(chosen):
            raise WrongEraseCount("Each square can be erased only once; a square was chosen twice.")
        if len(distinct) != needed:
            raise WrongEraseCount(
                "Round {round}: the number of squares to erase is {needed}; you chose {chosen}.",
                round=self.round, needed=needed, chosen=len(distinct))
        return events + self._emit(Event("cells_erased", t, {"round": self.round, "cells": distinct}))

    def accuse(self, character_id: str, t: float) -> list[Event]:
        t = _clock(t)
        events = self.advance(t)
        self._expect(Phase.SUSPECT, "accuse")
        self._suspect(character_id)
        correct = character_id == self.secret
        # Decide on the round being played: applying `accused` may already open the next one.
        played = self.round
        events += self._emit(Event(
            "accused", t, {"round": played, "character": character_id, "correct": correct}))
        if correct:
            return events + self._over(t, "detectives", "found", played)
        if played >= self.rules.fatal_from_round:
            return events + self._over(t, "criminal", "wrong_accusation", played)
        return events + self._end_round(t, played)

    def pass_turn(self, t: float) -> list[Event]:
        t = _clock(t)
        events = self.advance(t)
        self._expect(Phase.SUSPECT, "pass")
        if not self.rules.allow_pass:
            raise PassDisabled("In this game the detectives must accuse every round.")
        played = self.round
        return events + self._emit(Event("passed", t, {"round": played})) + self._end_round(t, played)

    def advance(self, t: float) -> list[Event]:
        """Let time pass: the clue timer runs out at its deadline, dated exactly then."""
        if self.phase is Phase.CLUES and self.deadline is not None and _clock(t) >= self.deadline:
            return self._emit(Event("time_up", self.deadline, {"round": self.round}))
        return []

    # ---- replay --------------------------------------------------------

    @classmethod
    def replay(cls, rules: Rules, scenes: Mapping[str, Scene], events: Iterable[Event]) -> Game:
        game = cls(rules, scenes)
        for event in events:
            if event.type != "rejected":
                game.apply(event)
        return game

    def apply(self, event: Event) -> None:
        """The one place where state changes."""
        kind = event.type
        try:
            if kind == "game_started":
                self.scene = self.scenes[event["scene"]]
                self.phase = Phase.SECRET
            elif kind == "secret_chosen":
                self.secret = self._in_scene(str(event["character"]))
                self.round = 1
                self.phase = Phase.READY
            elif kind == "timer_started":
                self.boards.append(Board())
                self.timer_started_at = event.t
                self.deadline = _clock(event.t + float(event["seconds"]))
                self.phase = Phase.CLUES
            elif kind == "stroke_added":
                self._live_board().add(Stroke(
                    tuple((float(x), float(y)) for x, y in event["points"]), float(event["width"])))
            elif kind == "word_added":
                self._live_board().add(Word(int(event["cell"]), str(event["text"])))
            elif kind == "undone":
                self._live_board().undo()
            elif kind == "time_up":
                self.phase = Phase.ERASE
            elif kind == "cells_erased":
                self._live_board().erase(int(c) for c in event["cells"])
                self.phase = Phase.SUSPECT
            elif kind == "accused":
                self.accusations.append(Accusation(int(event["round"]), self._in_scene(str(event["character"])),
                                                   bool(event["correct"])))
            elif kind == "passed":
                self.passes.append(int(event["round"]))
            elif kind == "game_over":
                self.outcome = Outcome(str(event["winner"]), str(event["reason"]), int(event["round"]))
                self.phase = Phase.OVER
            else:
                raise EventError(f"{kind} events do not change a game")
        except (KeyError, TypeError, ValueError) as error:
            raise EventError(f"cannot apply {event.to_json()!r}: {error}") from error
        if kind in ("accused", "passed") and self.phase is not Phase.OVER:
            self._maybe_next_round(event)
        self.events.append(event)

    # ---- helpers -------------------------------------------------------

    def _emit(self, *events: Event) -> list[Event]:
        for event in events:
            self.apply(event)
        return list(events)

    def _in_scene(self, character_id: str) -> str:
        """A character id of the scene being played; a journal written for an older scene file
        (whose characters had other ids) is refused here rather than crashing a screen later."""
        if self.scene is None or self.scene.character(character_id) is None:
            raise KeyError(f'no character "{character_id}" in this scene (an older scene file?)')
        return character_id

    def _live_board(self) -> Board:
        board = self.board
        if board is None:
            raise EventError("no board is open in this round")
        return board

    def _expect(self, phase: Phase, doing: str) -> None:
        if self.phase is not phase:
            raise WrongPhase(_not_now(doing, self.phase))

    def _expect_clues(self, doing: str) -> None:
        if self.phase is Phase.ERASE:
            raise TimeUp(_too_late(doing))
        self._expect(Phase.CLUES, doing)

    def _suspect(self, character_id: str) -> None:
        assert self.scene is not None
        character = self.scene.character(character_id)
        if character is None:
            raise UnknownCharacter('There is no "{character}" in this scene.', character=character_id)
        if not character.sentient:
            raise NotSentient("{name} is not a person (or thinking being), so cannot be the criminal.",
                              name=character.name)

    def _over(self, t: float, winner: str, reason: str, played: int) -> list[Event]:
        return self._emit(Event("game_over", t, {"winner": winner, "reason": reason, "round": played}))

    def _end_round(self, t: float, played: int) -> list[Event]:
        if played >= self.rules.rounds:
            return self._over(t, "criminal", "not_found", played)
        return []

    def _maybe_next_round(self, event: Event) -> None:
        """After a harmless accusation or a pass, the next round waits for its flip."""
        correct = bool(event.data.get("correct", False))
        fatal = event.type == "accused" and self.round >= self.rules.fatal_from_round
        if not correct and not fatal and self.round < self.rules.rounds:
            self.round += 1
            self.phase = Phase.READY
            self.deadline = None
            self.timer_started_at = None
