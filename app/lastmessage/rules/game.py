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
from enum import StrEnum
from typing import assert_never

from lastmessage.rules.board import Board, Stroke, check_cell, make_stroke
from lastmessage.rules.cast import Cast
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import (
    BoardLocked, NothingToUndo, NotSentient, PassDisabled, TextDisabled, UnknownCharacter,
    UnknownScene, WrongEraseCount, WrongPhase, shorten,
)
from lastmessage.rules.events import (
    TIME_DECIMALS, Accused, CellsErased, EndReason, Event, EventError, GameAbandoned, GameEvent, IdleWarning,
    GameOver, GameStarted, Passed, Rejected, SecretChosen, StrokeAdded, TimerStarted, TimeUp, Undone,
    WordAdded, Winner,
)


class Phase(StrEnum):
    SCENE = "scene"      # choosing a scene
    SECRET = "secret"    # the criminal picks, the victim watches
    READY = "ready"      # a round waits for the criminal to flip the timer
    CLUES = "clues"      # the victim draws, the timer runs
    ERASE = "erase"      # the criminal covers tracks
    SUSPECT = "suspect"  # the detectives accuse or pass
    OVER = "over"


@dataclass(frozen=True)
class Accusation:
    round: int
    character: str
    correct: bool


@dataclass(frozen=True)
class Outcome:
    winner: Winner
    reason: EndReason
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
    its own entry in the gettext catalog (locale/), so a language words the
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
    def __init__(self, rules: Rules, scenes: Mapping[str, Cast]) -> None:
        self.rules = rules
        self.scenes = scenes
        self.phase = Phase.SCENE
        self.scene: Cast | None = None
        self.secret: str | None = None
        self.round = 0
        self.boards: list[Board] = []
        self.timer_started_at: float | None = None
        self.deadline: float | None = None
        self.accusations: list[Accusation] = []
        self.passes: list[int] = []
        self.outcome: Outcome | None = None
        self.events: list[GameEvent] = []

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

    def start(self, scene_id: str, t: float = 0.0) -> list[GameEvent]:
        t = _clock(t)
        # A scene that does not exist is a caller's mistake in any phase (a malformed script).
        if scene_id not in self.scenes:
            raise UnknownScene('There is no scene "{scene}".', scene=shorten(scene_id))
        self._expect(Phase.SCENE, "choose a scene")
        return self._emit(GameStarted(t, scene_id, self.rules))

    def pick(self, character_id: str, t: float) -> list[GameEvent]:
        t = _clock(t)
        self._expect(Phase.SECRET, "choose the criminal")
        self._suspect(character_id)
        return self._emit(SecretChosen(t, character_id))

    def flip(self, t: float) -> list[GameEvent]:
        t = _clock(t)
        events = self.advance(t)
        self._expect(Phase.READY, "flip the timer")
        return events + self._emit(TimerStarted(t, self.round, self.rules.timer_seconds))

    def stroke(self, points: Sequence[Sequence[float]], t: float, width: float | None = None) -> list[GameEvent]:
        t = _clock(t)
        events = self.advance(t)
        self._expect_clues("draw")
        stroke = make_stroke(points, width)
        return events + self._emit(StrokeAdded(
            t, self.round, tuple(sorted(stroke.cells())), stroke.points, stroke.width))

    def word(self, cell: object, text: str, t: float) -> list[GameEvent]:
        t = _clock(t)
        events = self.advance(t)
        self._expect_clues("write")
        if not self.rules.allow_text:
            raise TextDisabled("This game is drawings only: words are switched off.")
        assert self.board is not None
        word = self.board.check_word(cell, text)
        return events + self._emit(WordAdded(t, self.round, word.cell, word.text, word.cells()))

    def undo(self, t: float) -> list[GameEvent]:
        t = _clock(t)
        events = self.advance(t)
        self._expect_clues("undo")
        assert self.board is not None
        if not self.board.items:
            raise NothingToUndo("There is nothing on the board to undo.")
        return events + self._emit(Undone(t, self.round))

    def erase(self, cells: Iterable[object], t: float) -> list[GameEvent]:
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
        return events + self._emit(CellsErased(t, self.round, tuple(distinct)))

    def accuse(self, character_id: str, t: float) -> list[GameEvent]:
        t = _clock(t)
        events = self.advance(t)
        self._expect(Phase.SUSPECT, "accuse")
        self._suspect(character_id)
        correct = character_id == self.secret
        # Decide on the round being played: applying `accused` may already open the next one.
        played = self.round
        events += self._emit(Accused(t, played, character_id, correct))
        if correct:
            return events + self._over(t, Winner.DETECTIVES, EndReason.FOUND, played)
        if played >= self.rules.fatal_from_round:
            return events + self._over(t, Winner.CRIMINAL, EndReason.WRONG_ACCUSATION, played)
        return events + self._end_round(t, played)

    def pass_turn(self, t: float) -> list[GameEvent]:
        t = _clock(t)
        events = self.advance(t)
        self._expect(Phase.SUSPECT, "pass")
        if not self.rules.allow_pass:
            raise PassDisabled("In this game the detectives must accuse every round.")
        played = self.round
        return events + self._emit(Passed(t, played)) + self._end_round(t, played)

    def advance(self, t: float) -> list[GameEvent]:
        """Let time pass: the clue timer runs out at its deadline, dated exactly then."""
        if self.phase is Phase.CLUES and self.deadline is not None and _clock(t) >= self.deadline:
            return self._emit(TimeUp(self.deadline, self.round))
        return []

    # ---- replay --------------------------------------------------------

    @classmethod
    def replay(cls, scenes: Mapping[str, Cast], events: Iterable[Event]) -> Game:
        """The game the events tell of, under the rules its `game_started` carries."""
        game = cls(Rules(), scenes)
        for event in events:
            if not isinstance(event, (Rejected, GameAbandoned, IdleWarning)):
                game.apply(event)
        return game

    def apply(self, event: GameEvent) -> None:
        """The one place where state changes."""
        match event:
            case GameStarted(scene=scene_id, rules=rules):
                scene = self.scenes.get(scene_id)
                if scene is None:
                    raise EventError(f"game_started names no known scene: {scene_id!r}")
                self.scene = scene
                self.rules = rules
                self.phase = Phase.SECRET
            case SecretChosen(character=character):
                self.secret = self._in_scene(character)
                self.round = 1
                self.phase = Phase.READY
            case TimerStarted(t=t, seconds=seconds):
                self.boards.append(Board())
                self.timer_started_at = t
                self.deadline = _clock(t + seconds)
                self.phase = Phase.CLUES
            case StrokeAdded(points=points, width=width):
                self._live_board().add(Stroke(points, width))
            case WordAdded(cell=cell, text=text):
                board = self._live_board()   # placed again from the text: as `word` placed it
                board.add(board.placed(cell, text))
            case Undone():
                try:
                    self._live_board().undo()
                except NothingToUndo as error:
                    raise EventError(f"cannot apply {event!r}: {error}") from error
            case TimeUp():
                self.phase = Phase.ERASE
            case CellsErased(cells=cells):
                self._live_board().erase(cells)
                self.phase = Phase.SUSPECT
            case Accused(round=played, character=character, correct=correct):
                self.accusations.append(Accusation(played, self._in_scene(character), correct))
                if not correct and self.round < self.rules.fatal_from_round:
                    self._next_round()
            case Passed(round=played):
                self.passes.append(played)
                self._next_round()
            case GameOver(winner=winner, reason=reason, round=played):
                self.outcome = Outcome(winner, reason, played)
                self.phase = Phase.OVER
            case _:
                assert_never(event)
        self.events.append(event)

    # ---- helpers -------------------------------------------------------

    def _emit(self, *events: GameEvent) -> list[GameEvent]:
        for event in events:
            self.apply(event)
        return list(events)

    def _in_scene(self, character_id: str) -> str:
        """A character id of the scene being played; a journal written for an older scene file
        (whose characters had other ids) is refused here rather than crashing a screen later."""
        if self.scene is None or self.scene.character(character_id) is None:
            raise EventError(f'no character "{character_id}" in this scene (an older scene file?)')
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
            raise BoardLocked(_too_late(doing))
        self._expect(Phase.CLUES, doing)

    def _suspect(self, character_id: str) -> None:
        assert self.scene is not None
        character = self.scene.character(character_id)
        if character is None:
            raise UnknownCharacter('There is no "{character}" in this scene.', character=shorten(character_id))
        if not character.sentient:
            raise NotSentient("{name} is not a person (or thinking being), so cannot be the criminal.",
                              name=character.name)

    def _over(self, t: float, winner: Winner, reason: EndReason, played: int) -> list[GameEvent]:
        return self._emit(GameOver(t, winner, reason, played))

    def _end_round(self, t: float, played: int) -> list[GameEvent]:
        if played >= self.rules.rounds:
            return self._over(t, Winner.CRIMINAL, EndReason.NOT_FOUND, played)
        return []

    def _next_round(self) -> None:
        """After a harmless accusation or a pass, the next round waits for its flip
        (after the last round, `game_over` follows instead)."""
        if self.phase is not Phase.OVER and self.round < self.rules.rounds:
            self.round += 1
            self.phase = Phase.READY
            self.deadline = None
            self.timer_started_at = None
