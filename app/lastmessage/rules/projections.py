"""What each screen may know of a game.

The detective monitor is given only a `PublicView`. Its fields are built so
that it cannot hold the secret before the game is over, nor the live board of
a running clue step, nor erased ink: boards are included only once erased, as
clipped copies (the erased ink is removed, not painted over). The secret and
the full boards appear only inside `Reveal`, which exists only once the game
is over. The tablet, behind the privacy screen, gets a `TabletView` of
everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from lastmessage.rules.board import Board, Stroke, Word
from lastmessage.rules.config import Rules
from lastmessage.rules.events import (
    Accused, CellsErased, GameEvent, GameOver, GameStarted, Passed, SecretChosen, StrokeAdded,
    TimerStarted, TimeUp, Undone, WordAdded,
)
from lastmessage.rules.game import Accusation, Game, Outcome, Phase


@dataclass(frozen=True)
class PublicBoard:
    """A board as the detectives see it: only what survived the erasure."""

    round: int
    strokes: tuple[Stroke, ...]
    words: tuple[Word, ...]
    erased: frozenset[int]

    @classmethod
    def of(cls, round_number: int, board: Board) -> PublicBoard:
        return cls(round_number, tuple(board.visible_strokes()), tuple(board.visible_words()),
                   board.erased)


@dataclass(frozen=True)
class FullBoard:
    """A board with everything ever put on it and what was erased (for the reveal)."""

    round: int
    items: tuple[Stroke | Word, ...]
    erased: frozenset[int]


@dataclass(frozen=True)
class Reveal:
    secret: str
    boards: tuple[FullBoard, ...]


@dataclass(frozen=True)
class PublicView:
    rules: Rules           # the variant this game is played with (public: the table agreed on it)
    scene_id: str | None
    phase: Phase
    round: int
    rounds: int
    timer_started_at: float | None
    deadline: float | None
    erase_count: int
    boards: tuple[PublicBoard, ...]
    accusations: tuple[Accusation, ...]
    passes: tuple[int, ...]
    outcome: Outcome | None
    reveal: Reveal | None


@dataclass(frozen=True)
class TabletView:
    rules: Rules
    scene_id: str | None
    phase: Phase
    round: int
    rounds: int
    secret: str | None
    timer_started_at: float | None
    deadline: float | None
    erase_count: int
    live_board: FullBoard | None
    boards: tuple[FullBoard, ...]
    accusations: tuple[Accusation, ...]
    outcome: Outcome | None


def _full(game: Game) -> tuple[FullBoard, ...]:
    return tuple(FullBoard(i + 1, tuple(b.items), b.erased) for i, b in enumerate(game.boards))


def _finished_boards(game: Game) -> list[tuple[int, Board]]:
    """Boards whose erase step is done; the current one is live until then."""
    done = []
    for index, board in enumerate(game.boards):
        number = index + 1
        live = number == game.round and game.phase in (Phase.CLUES, Phase.ERASE)
        if not live:
            done.append((number, board))
    return done


def public_view(game: Game) -> PublicView:
    over = game.phase is Phase.OVER and game.secret is not None
    return PublicView(
        rules=game.rules,
        scene_id=game.scene.id if game.scene else None,
        phase=game.phase,
        round=game.round,
        rounds=game.rules.rounds,
        timer_started_at=game.timer_started_at if game.phase is Phase.CLUES else None,
        deadline=game.deadline if game.phase is Phase.CLUES else None,
        erase_count=game.erase_count(),
        boards=tuple(PublicBoard.of(n, b) for n, b in _finished_boards(game)),
        accusations=tuple(game.accusations),
        passes=tuple(game.passes),
        outcome=game.outcome,
        reveal=Reveal(game.secret, _full(game)) if over and game.secret else None,
    )


def tablet_view(game: Game) -> TabletView:
    live = game.board if game.phase in (Phase.CLUES, Phase.ERASE) else None
    return TabletView(
        rules=game.rules,
        scene_id=game.scene.id if game.scene else None,
        phase=game.phase,
        round=game.round,
        rounds=game.rules.rounds,
        secret=game.secret,
        timer_started_at=game.timer_started_at,
        deadline=game.deadline,
        erase_count=game.erase_count(),
        live_board=FullBoard(game.round, tuple(live.items), live.erased) if live else None,
        boards=_full(game),
        accusations=tuple(game.accusations),
        outcome=game.outcome,
    )


def public_events(events: Sequence[GameEvent]) -> list[GameEvent]:
    """The events the detective monitor may hear of: not the secret, not the live board."""
    return [event for event in events if _is_public(event)]


def _is_public(event: GameEvent) -> bool:
    match event:
        case SecretChosen() | StrokeAdded() | WordAdded() | Undone():
            return False
        case GameStarted() | TimerStarted() | TimeUp() | CellsErased() | Accused() | Passed() | GameOver():
            return True
        case _:
            assert_never(event)
