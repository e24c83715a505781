"""Python's collector walks only what the game in play made: the rest is frozen before the first
frame and between games, and what a game dropped is still collected (memory.py). Each test
starts with nothing frozen (conftest.py)."""

from __future__ import annotations

import gc
import weakref

import pygame

from lastmessage.clock import SimulatedClock
from lastmessage.table.loop import run_frames
from lastmessage.ui.display import HeadlessDisplay
from tables import finish_game, make_app


class _Knot:
    """An object in a cycle: only the collector frees it, never its reference count."""

    def __init__(self) -> None:
        self.me = self


def test_the_loop_freezes_the_heap_before_its_first_frame() -> None:
    pygame.init()
    app = make_app(SimulatedClock())
    assert gc.get_freeze_count() == 0
    run_frames(app, HeadlessDisplay((1280, 800), (1920, 1080)), frames=1)
    assert gc.get_freeze_count() > 10_000   # the catalog, the screens' fonts and caches


def test_a_finished_game_leaves_a_heap_collected_then_frozen() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    dropped = _Knot()
    gone = weakref.ref(dropped)
    del dropped
    finish_game(app, clock)
    app.new_game()
    assert gone() is None   # the last game's cycles are collected first
    assert gc.get_freeze_count() > 10_000
    assert not gc.get_objects(generation=2)   # a collection mid-game walks nothing of before


def test_a_cycle_frozen_in_one_game_and_dropped_in_the_next_is_collected_a_game_late() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    kept = _Knot()
    gone = weakref.ref(kept)
    app.new_game()   # `kept` is alive: frozen
    del kept          # dropped during the next game: garbage the collector cannot see yet
    gc.collect()
    assert gone() is not None
    app.new_game()   # the game after: unfrozen, collected
    assert gone() is None
