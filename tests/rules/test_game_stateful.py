"""A random table: legal and illegal actions at random times, and the invariants that must always hold."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import Enum
from typing import Any

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from lastmessage.journal.codec import decode_event, encode_event
from lastmessage.rules.board import cell_rect
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import Event
from lastmessage.rules.game import Game, Phase, UnknownScene
from lastmessage.rules.projections import PublicView, public_view, tablet_view

from .helpers import NOT_SENTIENT, SENTIENT, catalog
from .test_board_geometry import length_in_rect

SCENES = catalog()
CHARACTERS = (*SENTIENT, *NOT_SENTIENT, "park-nobody")
WORDS = ("bread", "Bread", "BRÉAD", "hat", "Hât", "red hat", "tree", "can't", "won't", "ştiinţă",
         "ȘTIINȚĂ", "!!", "🍞", "a" * 30, "")
coordinate = st.one_of(st.floats(0, 1), st.sampled_from((0.0, 1 / 3, 2 / 3, 1.0)), st.floats(-0.5, 1.5))
rules_strategy = st.builds(
    Rules,
    timer_seconds=st.sampled_from((15, 30, 22.5, 120)),
    erase_schedule=st.lists(st.integers(0, 8), min_size=1, max_size=5).map(tuple),
    fatal_from_round=st.integers(1, 5),
    allow_pass=st.booleans(),
    allow_text=st.booleans(),
)


def strings_in(value: Any) -> list[str]:
    """Every string anywhere in a dataclass tree (fields, tuples, mappings, enums)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Enum):
        return strings_in(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [s for f in dataclasses.fields(value) for s in strings_in(getattr(value, f.name))]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings_in(k) + strings_in(v)]
    if isinstance(value, (tuple, list, frozenset, set)):
        return [s for item in value for s in strings_in(item)]
    return []


class Table(RuleBasedStateMachine):
    @initialize(rules=rules_strategy, secret=st.sampled_from(SENTIENT),
                started=st.sampled_from((0, 1, 2, 2, 2, 2, 2, 2)))
    def set_up(self, rules: Rules, secret: str, started: int) -> None:
        self.rules = rules
        self.game = Game(rules, SCENES)
        self.t = 0.0
        self.secret = secret
        self.accepted = 0
        self.rejected = 0
        # Most runs should get past setup; some stay early to exercise wrong_phase there.
        if started >= 1:
            self.game.start("park", 0.0)
        if started >= 2:
            self.game.pick(secret, 0.0)

    # ---- actions ----------------------------------------------------------------

    def act(self, call: Callable[..., list[Event]], *args: Any) -> None:
        before_state = self.game.state()
        before = len(self.game.events)
        try:
            returned = call(*args)
        except RuleViolation as violation:
            self.rejected += 1
            assert violation.reason and violation.message
            added = self.game.events[before:]
            # A refusal changes nothing, except that time may have run out first.
            assert [e.type for e in added] in ([], ["time_up"])
            if not added:
                assert self.game.state() == before_state
            return
        self.accepted += 1
        assert returned == self.game.events[before:]

    @rule(data=st.data())
    def play_on(self, data: st.DataObject) -> None:
        """The next legal step for whatever phase the game is in, so runs reach late rounds."""
        game = self.game
        if game.phase is Phase.SCENE:
            self.act(game.start, "park", self.t)
        elif game.phase is Phase.SECRET:
            self.act(game.pick, self.secret, self.t)
        elif game.phase is Phase.READY:
            self.act(game.flip, self.t)
        elif game.phase is Phase.CLUES:
            assert game.deadline is not None
            self.t = max(self.t, game.deadline + data.draw(st.sampled_from((0.0, 0.0, 1e-6, 3.0))))
            self.act(game.advance, self.t)
        elif game.phase is Phase.ERASE:
            cells = data.draw(st.lists(st.integers(0, 8), min_size=game.erase_count(),
                                       max_size=game.erase_count(), unique=True))
            self.act(game.erase, cells, self.t)
        elif game.phase is Phase.SUSPECT:
            choice = data.draw(st.sampled_from(("pass", "pass", "wrong", "wrong", "secret")))
            if choice == "pass":
                self.act(game.pass_turn, self.t)
            else:
                wrong = next(c for c in SENTIENT if c != self.secret)
                self.act(game.accuse, self.secret if choice == "secret" else wrong, self.t)

    @rule(seconds=st.one_of(st.floats(0, 45), st.sampled_from((0.0, 1e-6, 0.016, 1.0))))
    def wait(self, seconds: float) -> None:
        self.t += seconds
        self.act(self.game.advance, self.t)

    @rule(offset=st.sampled_from((-1e-3, -1e-6, -1e-9, 0.0, 1e-9)))
    def wait_until_near_the_deadline(self, offset: float) -> None:
        if self.game.deadline is not None and self.game.deadline + offset > self.t:
            self.t = self.game.deadline + offset

    @rule(scene=st.sampled_from(("park", "park", "moon")))
    def choose_scene(self, scene: str) -> None:
        try:
            self.act(self.game.start, scene, self.t)
        except UnknownScene:
            assert self.game.phase is Phase.SCENE

    @rule(character=st.sampled_from(CHARACTERS), use_secret=st.booleans())
    def pick(self, character: str, use_secret: bool) -> None:
        self.act(self.game.pick, self.secret if use_secret else character, self.t)
        if self.game.secret is not None:
            self.secret = self.game.secret

    @rule()
    def flip(self) -> None:
        self.act(self.game.flip, self.t)

    @rule(points=st.lists(st.tuples(coordinate, coordinate), min_size=0, max_size=6),
          width=st.one_of(st.none(), st.sampled_from((0.01, 0.08, 0.0, 0.5))))
    def stroke(self, points: list[tuple[float, float]], width: float | None) -> None:
        self.act(self.game.stroke, points, self.t, width)

    @rule(cell=st.integers(-1, 9), text=st.sampled_from(WORDS))
    def word(self, cell: int, text: str) -> None:
        self.act(self.game.word, cell, text, self.t)

    @rule()
    def undo(self) -> None:
        self.act(self.game.undo, self.t)

    @rule(data=st.data())
    def erase(self, data: st.DataObject) -> None:
        if data.draw(st.booleans()) and self.game.round:
            cells = data.draw(st.lists(st.integers(0, 8), min_size=self.game.erase_count(),
                                       max_size=self.game.erase_count(), unique=True))
        else:
            cells = data.draw(st.lists(st.integers(-1, 9), max_size=9))
        self.act(self.game.erase, cells, self.t)

    @rule(character=st.sampled_from(CHARACTERS), use_secret=st.integers(0, 5))
    def accuse(self, character: str, use_secret: int) -> None:
        self.act(self.game.accuse, self.secret if use_secret == 0 else character, self.t)

    @rule()
    def pass_turn(self) -> None:
        self.act(self.game.pass_turn, self.t)

    # ---- invariants -------------------------------------------------------------

    @invariant()
    def events_follow_the_rules(self) -> None:
        if not hasattr(self, "game"):
            return
        events = self.game.events
        assert all(a.t <= b.t for a, b in zip(events, events[1:])), "time never goes back"
        deadline: float | None = None
        rounds_seen: list[int] = []
        for index, event in enumerate(events):
            if event.type == "timer_started":
                deadline = event.t + event.seconds
                rounds_seen.append(event.round)
            elif event.type in ("stroke_added", "word_added", "undone"):
                assert deadline is not None and event.t < deadline, "ink at or after the deadline"
            elif event.type == "time_up":
                assert deadline is not None and event.t == round(deadline, 6)
            elif event.type == "cells_erased":
                assert len(event.cells) == self.rules.erase_count(event.round)
                assert len(set(event.cells)) == len(event.cells)
            elif event.type == "game_over":
                assert index == len(events) - 1, "nothing after the outcome"
                verdict = events[index - 1]
                assert event.round == verdict.round == rounds_seen[-1]
                if event.reason == "found":
                    assert verdict.type == "accused" and verdict.correct is True
                elif event.reason == "wrong_accusation":
                    assert verdict.type == "accused" and verdict.correct is False
                    assert event.round >= self.rules.fatal_from_round
                else:
                    assert event.reason == "not_found" and event.round == self.rules.rounds
                assert event.winner == ("detectives" if event.reason == "found" else "criminal")
            elif event.type == "accused" and not event.correct and index == len(events) - 1:
                assert event.round < min(self.rules.fatal_from_round, self.rules.rounds)
        assert rounds_seen == list(range(1, len(rounds_seen) + 1))
        assert len(rounds_seen) <= self.rules.rounds
        assert sum(e.type == "game_over" for e in events) <= 1
        assert (self.game.outcome is not None) == (self.game.phase is Phase.OVER)

    @invariant()
    def replay_rebuilds_the_same_game(self) -> None:
        if not hasattr(self, "game") or not self.game.events:
            return   # the rules come with game_started: a game not started has nothing to replay
        replayed = Game.replay(SCENES, self.game.events)
        assert replayed.state() == self.game.state()
        assert replayed.events == self.game.events
        lines = [encode_event(event) for event in self.game.events]
        decoded = [decode_event(line) for line in lines]
        assert decoded == self.game.events
        assert Game.replay(SCENES, decoded).state() == self.game.state()
        assert public_view(replayed) == public_view(self.game)
        assert tablet_view(replayed) == tablet_view(self.game)

    @invariant()
    def the_detectives_never_see_the_secret_the_live_board_or_erased_ink(self) -> None:
        if not hasattr(self, "game"):
            return
        view: PublicView = public_view(self.game)
        over = self.game.phase is Phase.OVER
        if self.game.secret is not None and not over:
            assert view.reveal is None
            assert self.game.secret not in repr(view)
            assert not any(self.game.secret in s for s in strings_in(view))
        if over:
            assert view.reveal is not None and view.reveal.secret == self.game.secret
        live = self.game.phase in (Phase.CLUES, Phase.ERASE)
        assert len(view.boards) == len(self.game.boards) - (1 if live else 0)
        for board in view.boards:
            assert len(board.erased) == self.rules.erase_count(board.round)
            for word in board.words:
                assert word.cell not in board.erased
            for stroke in board.strokes:
                assert not stroke.cells() & board.erased
                for a, b in zip(stroke.points, stroke.points[1:]):
                    for cell in board.erased:
                        left, top, right, bottom = cell_rect(cell)
                        inner = (left + 1e-9, top + 1e-9, right - 1e-9, bottom - 1e-9)
                        assert length_in_rect(a, b, inner) < 1e-9
        if self.game.phase is Phase.CLUES:
            assert view.deadline == self.game.deadline
        else:
            assert view.deadline is None

    @invariant()
    def the_tablet_sees_everything(self) -> None:
        if not hasattr(self, "game"):
            return
        event(f"phase {self.game.phase.value}")
        if self.game.outcome:
            event(f"outcome {self.game.outcome.reason} in round {self.game.outcome.round}")
        view = tablet_view(self.game)
        assert view.secret == self.game.secret
        assert len(view.boards) == len(self.game.boards)
        if self.game.phase in (Phase.CLUES, Phase.ERASE):
            assert view.live_board is not None


Table.TestCase.settings = settings(
    max_examples=200, stateful_step_count=50, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_a_random_table_keeps_the_rules = Table.TestCase
