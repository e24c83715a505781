"""`lastmessage run`, `sim` and `demo`: the device in real time.

`run` is the product: fullscreen on two outputs when two displays are
connected, else the simulator on one desktop. `sim` always opens the
simulator windows with simulated pins. `demo` plays an example script at
human pace in the simulator windows. A game interrupted by a power cut is
resumed from the journal at start.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from lastmessage.cli import Subparsers
from lastmessage.data import shipped_path
from lastmessage.paths import PathRefused, shown
from lastmessage.i18n import translated_later
from lastmessage.rules.events import Event
from lastmessage.scenes.model import SceneError, load_scenes, shipped_scenes_dir
from lastmessage.settings import Settings, SettingsError, load_settings
from lastmessage.stopping import leave_on_sigterm
from lastmessage.store import Journal, JournalledGame, JournalUnusable, JournalWriter, StoreError, set_aside

if TYPE_CHECKING:   # imported where they are used: they bring pygame in
    from lastmessage.app import App
    from lastmessage.clock import MonotonicClock, SimulatedClock
    from lastmessage.display import WindowDisplay
    from lastmessage.hal.base import Hal


class StartError(Exception):
    """The device cannot start; the message says what to do."""


def _open(args: argparse.Namespace, *,
          simulator: bool | None) -> tuple[App, WindowDisplay, MonotonicClock | SimulatedClock, Hal, Settings]:
    """Settings, scenes, pygame, display, HAL and app, or StartError naming the problem."""
    try:
        settings = load_settings(args.config)
    except SettingsError as error:
        raise StartError(str(error)) from error
    try:
        catalog = load_scenes(args.scenes or shipped_scenes_dir())
    except SceneError as error:
        raise StartError(str(error)) from error

    import pygame

    from lastmessage.app import App
    from lastmessage.clock import MonotonicClock, SimulatedClock
    from lastmessage.display import DisplayError, WindowDisplay
    from lastmessage.hal.base import HalError
    from lastmessage.hal.factory import open_hal

    pygame.init()
    if not pygame.display.get_init():
        raise StartError("pygame could not start its display system")
    no_screen = ("no display to show the screens on{}; on a machine without a screen run it under "
                 "Xvfb: xvfb-run -s '-screen 0 1920x1080x24' make run (or use `lastmessage play`)")
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error as error:
        raise StartError(no_screen.format(f" ({error})")) from error
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        # SDL fell back to drawing nowhere: the device would run unseen.
        raise StartError(no_screen.format(""))
    use_simulator = simulator if simulator is not None else len(desktops) < 2
    display_settings = settings.display
    try:
        display = WindowDisplay(display_settings.tablet_size, display_settings.detective_size,
                                simulator=use_simulator, tablet_output=display_settings.tablet_output,
                                detective_output=display_settings.detective_output,
                                touch_target="tablet" if display_settings.touch == "tablet" else "detective")
    except (DisplayError, pygame.error) as error:
        raise StartError(f"cannot open the screens: {error}") from error
    clock = SimulatedClock() if args.command == "demo" else MonotonicClock()
    kind = "sim" if args.command in ("sim", "demo") else (args.hal or settings.hal.backend)
    try:
        hal = open_hal(kind, hal=settings.hal, clock=clock,
                       serial_port=getattr(args, "serial", None),
                       log=lambda message: logging.getLogger("lastmessage.hal").warning(message))
    except HalError as error:
        display.close()
        raise StartError(str(error)) from error
    app = App(catalog=catalog, rules=settings.rules, clock=clock, hal=hal,
              tablet_size=display.tablet.get_size(), detective_size=display.detective.get_size(),
              seed=int(time.time()) if args.command != "demo" else 0,
              hold_time=settings.hal.discipline.hold_time, language=settings.display.language)
    return app, display, clock, hal, settings


def _open_journal(path: Path) -> tuple[Journal, JournalledGame | None, str | None]:
    """The journal, its unfinished game, and a notice for the operator when a
    damaged or foreign journal had to be set aside for a fresh one."""
    try:
        journal = Journal(path)
    except JournalUnusable as trouble:
        return _fresh_journal(path, trouble)
    try:
        unfinished = journal.unfinished_game()
        return journal, journal.game(unfinished) if unfinished is not None else None, None
    except JournalUnusable as trouble:
        journal.close()
        return _fresh_journal(path, trouble)
    except StoreError as error:   # a damaged record: kept as it is; a new game starts beside it
        logging.getLogger(__name__).warning("could not resume: %s; starting afresh", error)
        return journal, None, None


def _fresh_journal(path: Path, trouble: StoreError) -> tuple[Journal, None, str]:
    aside = set_aside(path)
    notice = f"{trouble}; set aside as {aside.name} (bytes kept), a new journal was started"
    logging.getLogger(__name__).error("%s", notice)
    return Journal(path), None, notice


def _journal(app: App, path: Path) -> JournalWriter:
    """Open the journal, resume an unfinished game, and record from now on."""
    from lastmessage.rules.game import Game

    journal, record, notice = _open_journal(path)
    resumed = None
    if record is not None and record.events:
        try:
            # The game goes on under the rules it was started with (its
            # game_started carries them), even if the config changed while
            # the power was off.
            game = Game.replay(app.catalog, record.events)
        except (ValueError, KeyError) as error:
            logging.getLogger(__name__).warning(
                "could not resume game %s from %s (%s); starting afresh", record.id, path, error)
        else:
            app.resume(game, record.events[-1].t)
            resumed = record.id
    writer = JournalWriter(journal, lambda: app.game.rules, game_id=resumed)
    writer.notice = notice
    if notice is not None:
        app.tablet.notify(translated_later("The game journal could not be used and was set aside; "
                                           "a new one was started."), app.screen_time())
    app.sinks.append(writer)
    app.sinks.append(_trouble_notice(app, writer))
    app.abandon_listeners.append(writer.abandon)
    return writer


def _trouble_notice(app: App, writer: JournalWriter) -> Callable[[Event], None]:
    """A sink after the writer: the writer thread cannot touch the screens, so the
    first event after the journal began refusing writes (disk full, locked) puts
    the notice on the tablet, once per spell of trouble."""
    told = False

    def tell(event: Event) -> None:
        nonlocal told
        trouble = writer.trouble
        if trouble is not None and not told:
            app.tablet.notify(translated_later("The game journal cannot be written just now. Play on."),
                              app.screen_time())
        told = trouble is not None

    return tell


def _run(args: argparse.Namespace) -> int:
    from lastmessage.loop import run_frames

    simulator = True if args.command == "sim" else None
    try:
        app, display, _clock, hal, settings = _open(args, simulator=simulator)
    except StartError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    writer = None
    try:
        leave_on_sigterm()
        writer = _journal(app, args.db or settings.store.db)
        run_frames(app, display, frames=args.frames)
    except StoreError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    finally:
        lost = writer.close() if writer is not None else 0
        if writer is not None and lost:
            logging.getLogger(__name__).error("%s: %s event(s) could not be journalled (%s)",
                                              writer.journal.path, lost, writer.trouble)
        hal.close()
        display.close()
    return 0


def _demo(args: argparse.Namespace) -> int:
    import pygame

    from lastmessage.clock import SimulatedClock
    from lastmessage.display import Quit
    from lastmessage.driver import AppDriver, buttons_of
    from lastmessage.loop import FPS, run_frames, sim_panel
    from lastmessage.script import ScriptError, open_script, read_actions

    script = args.script or shipped_path("demo.jsonl")
    try:
        stream = open_script(script)
    except PathRefused as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    try:
        app, display, clock, hal, _settings = _open(args, simulator=True)
    except StartError as error:
        stream.close()
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    assert isinstance(clock, SimulatedClock)   # _open gives the demo the simulated clock

    class Stopped(Exception):
        pass

    ticker = pygame.time.Clock()

    def present(tablet_dirty: list[pygame.Rect], detective_dirty: list[pygame.Rect]) -> None:
        display.present(tablet_dirty, detective_dirty, sim_panel(app))
        if any(isinstance(routed, Quit) for routed in display.inputs()):
            raise Stopped
        ticker.tick(FPS)

    try:
        driver = AppDriver(app, clock, display.tablet, display.detective, None, buttons_of(hal),
                           present=present, pause=0.6)
        with stream:
            for line in read_actions(stream, shown(script)):
                driver.perform(line.action)
        driver.elapse(8.0)
        run_frames(app, display, frames=args.frames)
    except Stopped:
        pass
    except (ScriptError, OSError) as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as error:
        print(f"lastmessage: {shown(script)}: not UTF-8 text ({error.reason})", file=sys.stderr)
        return 2
    finally:
        hal.close()
        display.close()
    return 0


def register(subparsers: Subparsers) -> None:
    for name, help_text in (("run", "start the device (the simulator when only one display is connected)"),
                            ("sim", "the desktop simulator: both screens as windows, keys for buttons")):
        parser = subparsers.add_parser(name, help=help_text)
        parser.add_argument("--config", type=Path, metavar="FILE",
                            help="config file (default: ~/.config/lastmessage/config.toml, "
                                 "then /etc/lastmessage/config.toml)")
        parser.add_argument("--scenes", type=Path, metavar="DIR", help="scenes folder")
        parser.add_argument("--db", type=Path, metavar="FILE", help="the game journal (SQLite)")
        parser.add_argument("--frames", type=int, metavar="N", help="stop after N frames (for checks)")
        if name == "run":
            parser.add_argument("--hal", choices=("auto", "gpio", "serial", "sim"),
                                help="buttons and timer bar backend (default: from the config, else auto)")
            parser.add_argument("--serial", metavar="PORT", help="serial port of the timer/button module")
        parser.set_defaults(func=_run)
    demo = subparsers.add_parser("demo", help="play an example game at human pace in the simulator")
    demo.add_argument("--script", type=Path, metavar="FILE",
                      help="script to play (default: the demo game shipped with the app)")
    demo.add_argument("--config", type=Path, metavar="FILE", help="config file")
    demo.add_argument("--scenes", type=Path, metavar="DIR", help="scenes folder")
    demo.add_argument("--frames", type=int, default=None, metavar="N",
                      help="frames to keep showing after the script ends (default: until closed)")
    demo.set_defaults(func=_demo)

