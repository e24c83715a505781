"""A table for app tests: the real App on the shipped scenes, simulated pins and clock."""

from __future__ import annotations

from pathlib import Path

import pygame

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, ChooseScene, Erase, Flip, Pick
from lastmessage.hal.base import Control, Hal
from lastmessage.hal.sim import SimHal
from lastmessage.journal.store import Journal
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Phase
from lastmessage.scenegen.generate import GENERATOR
from lastmessage.scenes.model import SceneCatalog, load_scenes, shipped_scenes_dir

CATALOG: SceneCatalog = load_scenes(shipped_scenes_dir(), GENERATOR)   # "new crowd" scenes too


def make_app(clock: SimulatedClock | None = None, *, rules: Rules | None = None, hal: Hal | None = None,
             tablet: tuple[int, int] = (1280, 800), detective: tuple[int, int] = (1920, 1080),
             catalog: SceneCatalog = CATALOG) -> App:
    pygame.init()
    return App(catalog=catalog, rules=rules or Rules(), clock=clock or SimulatedClock(),
               hal=hal or SimHal(), tablet_size=tablet, detective_size=detective)


def start_clues(app: App) -> None:
    """A game in the harbour, harbour-p050 chosen, the clue timer running."""
    for command in (ChooseScene("harbour"), Pick("harbour-p050"),
                    Flip()):
        app.execute(command, "test")


def finish_game(app: App, clock: SimulatedClock) -> None:
    """A game in the harbour played to its end: the timer runs out, five squares are
    erased, the detectives accuse the criminal (harbour-p050) and win."""
    start_clues(app)
    clock.advance(31)
    app.step()
    app.execute(Erase((0, 1, 2, 3, 4)), "test")
    app.execute(Accuse("harbour-p050"), "test")
    assert app.game.phase is Phase.OVER


def assert_fresh_journal_has(db: Path, app: App) -> None:
    """The journal at `db` is sound and its first game is the app's current one."""
    fresh = Journal(db)
    try:
        assert fresh.integrity_ok()
        assert [e.type for e in fresh.game(1).events] == [e.type for e in app.game.events]
    finally:
        fresh.close()


_SCREENS: dict[int, tuple[App, pygame.Surface, pygame.Surface]] = {}


def drawn(app: App) -> tuple[bytes, bytes]:
    """Both screens as the app draws them now, on surfaces of its own (screens
    repaint only what changed on the surface they drew last)."""
    if id(app) not in _SCREENS:
        _SCREENS[id(app)] = (app, pygame.Surface(app.tablet.size), pygame.Surface(app.detective.size))
    _, tablet, detective = _SCREENS[id(app)]
    app.draw(tablet, detective)
    return pygame.image.tobytes(tablet, "RGB"), pygame.image.tobytes(detective, "RGB")


def press_service(app: App, clock: SimulatedClock) -> None:
    """The service button pressed and let go on the simulated pins."""
    hal = app.hal
    assert isinstance(hal, SimHal)
    hal.key(Control.ADMIN, True, clock.now())
    app.step()
    clock.advance(0.1)
    hal.key(Control.ADMIN, False, clock.now())
    app.step()
