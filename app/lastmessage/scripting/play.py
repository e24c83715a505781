"""`lastmessage play`: one game from a script, headless, on a simulated clock.

The formats are the public contract of PLAY_SCRIPT.md. The script drives the
real app through the same inputs people use (see driver.py), with both
screens drawn offscreen. Events are written as they happen, line by line and
flushed, so that a script that turns out to be malformed halfway still leaves
everything that happened before it.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import io
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from lastmessage.arguments import Subparsers
from lastmessage.journal.codec import encode_address_event, encode_event, encode_operator_event
from lastmessage.commands import ChooseScene
from lastmessage.config.museum import MuseumSettings
from lastmessage.config.venue import BrokerUrlError, VenueSettings, check_table_id, parse_broker
from lastmessage.config.phones import ListenError, parse_listen
from lastmessage.operator.events import OperatorEvent
from lastmessage.operator.pin import pin_path_beside
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import shorten
from lastmessage.rules.events import Event, GameOver
from lastmessage.scenes.model import SceneCatalog, SceneError, load_scenes, shipped_scenes_dir
from lastmessage.config.paths import PathRefused, open_output, output_folder, shown
from lastmessage.scripting.script import ScriptError, open_script, read_actions
from lastmessage.config.settings import Settings, SettingsError, load_settings
from lastmessage.hal.settings import Backend, HalSettings
from lastmessage.sound.settings import SoundSettings
from lastmessage.scripting.stopping import leave_on_sigterm
from lastmessage.journal.store import Journal, JournalRefused, JournalWriter, StoreError

if TYPE_CHECKING:
    from lastmessage.hal.base import Hal
    from lastmessage.phones.link import Phones
    from lastmessage.table.app import App
    from lastmessage.venue.join import Venue

LINK_WAIT = 5.0
NOT_JOURNALLED = 3   # exit code: the game was played, but not every event is in the journal
DEFAULT_TABLET = (1280, 800)
DEFAULT_DETECTIVE = (1920, 1080)


class PlayError(Exception):
    """Play cannot go on; exit 2 with this one-line message."""


class EventWriter:
    """Writes each event as a JSON line, flushed at once (nothing waits in a buffer).
    A write that fails (a full disk) stops play with a line naming `name`.
    JSON is UTF-8 whatever the locale says: a terminal set to Latin-1 would
    otherwise stop play at the first word it has no letter for.
    """

    def __init__(self, out: TextIO, name: str = "standard output") -> None:
        if isinstance(out, io.TextIOWrapper) and codecs.lookup(out.encoding).name != "utf-8":
            out.reconfigure(encoding="utf-8")
        self.out = out
        self.name = name

    def __call__(self, event: Event) -> None:
        self._write(encode_event(event))

    def phones(self, kind: str, t: float, url: str) -> None:
        """`phones_ready` or `keepsake`: an address phones are given, in the same stream."""
        self._write(encode_address_event(kind, t, url))

    def operator(self, event: OperatorEvent) -> None:
        """An event of the operator menu, in the same stream."""
        self._write(encode_operator_event(event))

    def _write(self, line: str) -> None:
        try:
            self.out.write(line + "\n")
            self.out.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise PlayError(f"lastmessage: {self.name}: cannot write the events: "
                            f"{error.strerror}") from error


def _wait_for_link(hal: Hal) -> bool:
    """The serial backend connects in the background: give it a moment, in real time."""
    end = time.monotonic() + LINK_WAIT
    while time.monotonic() < end:
        if hal.link_ok():
            return True
        time.sleep(0.05)
    return hal.link_ok()


def play_script(script: Path, source: str, catalog: SceneCatalog, rules: Rules, out: TextIO, *,
                out_name: str = "standard output",
                journal: JournalWriter | None = None, screenshots: Path | None = None, seed: int = 0,
                hal_kind: Backend = "sim", serial_port: str | None = None,
                hal_settings: HalSettings = HalSettings(),
                sizes: tuple[tuple[int, int], tuple[int, int]] = (DEFAULT_TABLET, DEFAULT_DETECTIVE),
                language: str = "en", pin_path: Path | None = None,
                sound: SoundSettings = SoundSettings(), museum: MuseumSettings = MuseumSettings(),
                venue: VenueSettings = VenueSettings(), phones: tuple[str, int] | None = None,
                max_phones: int = 64, keepsake_minutes: int = 30, audience: bool = False,
                realtime: bool = False) -> Venue | None:
    """Play every action; raises ScriptError/PlayError for what makes exit 2.

    `pin_path`: the operator PIN's file (the menu stays shut without one).

    `hal_settings`: the config's [hal] (its discipline times holds, on the pins and on
    the screen alike); `hal_kind` replaces its backend. `museum`: its idle times apply
    on the script's clock (a `wait` can outlast them); its opening hours do not (the
    same script must play the same at any time of day). `venue`: the game is published
    to its broker as the device's are (lastmessage.venue), and its commands taken.
    `phones`: the address the phone page is served on during the game
    (`phones_ready` says where to join; `keepsake`, after `game_over`, where the finished
    game's page is, kept `keepsake_minutes`; `audience`: phones vote, phones/audience.py).
    `realtime`: the script's waits pass on the
    wall clock, frame by frame, so a venue or phones can act meanwhile.
    Returns the venue the game was published to, closed (the bench counts its messages)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from lastmessage.table.app import App
    from lastmessage.clock import SimulatedClock
    from lastmessage.ui.display import HeadlessDisplay
    from lastmessage.scripting.driver import AppDriver, buttons_of
    from lastmessage.hal.base import HalError
    from lastmessage.hal.factory import open_hal
    from lastmessage.table.memory import give_back_free_pages
    from lastmessage.operator.desk import OperatorDesk
    from lastmessage.phones.link import Phones
    from lastmessage.phones.server import PhonesError

    pygame.init()
    clock = SimulatedClock()
    try:
        hal = open_hal(hal_kind, hal=hal_settings, clock=clock, serial_port=serial_port)
    except HalError as error:
        raise PlayError(f"lastmessage: {error}") from error
    if hal_kind == "serial" and not _wait_for_link(hal):
        hal.close()
        raise PlayError(f"lastmessage: no timer/button module answered on {serial_port} within "
                        f"{LINK_WAIT:g} s; is it plugged in (or is `lastmessage module-sim` running)?")
    try:
        stream = open_script(script)
    except PathRefused as error:
        hal.close()
        raise PlayError(str(error)) from error
    stack = contextlib.ExitStack()
    try:
        display = HeadlessDisplay(*sizes)
        app = App(catalog=catalog, rules=rules, clock=clock, hal=hal, tablet_size=sizes[0],
                  detective_size=sizes[1], seed=seed, hold_time=hal_settings.discipline.hold_time,
                  language=language, operator=OperatorDesk(pin_path=pin_path, now=clock.now()), sound=sound,
                  museum=replace(museum, hours=None))
        writer = EventWriter(out, out_name)
        app.sinks.append(writer)
        app.operator_sinks.append(writer.operator)
        if journal is not None:
            app.sinks.append(journal)
        if phones is not None:
            server = Phones(*phones, max_phones=max_phones, keepsake_minutes=keepsake_minutes, audience=audience)
            try:
                server.start()
            except PhonesError as error:
                raise PlayError(f"lastmessage: {error}") from error
            stack.callback(server.stop)
            app.serve_phones(server)
            writer.phones("phones_ready", app.game_time(), server.url() or "")
            app.sinks.append(_keepsake_said(app, server, writer))
        driver = AppDriver(app, clock, display.tablet, display.detective, screenshots, buttons_of(hal),
                           realtime=realtime or hal_kind == "serial")
        joined = _join(app, venue)
        if joined is not None:
            driver.frame_listeners.append(joined.frame_presented)
            stack.callback(joined.close)
        with stream:
            for line in read_actions(stream, source):
                # A new crowd is made here (no frame waits on a script): the game starts in it at once.
                if isinstance(line.action, ChooseScene) and catalog.make(line.action.id) is None:
                    raise ScriptError(source, line.number, f'unknown scene "{shorten(line.action.id)}"')
                driver.perform(line.action)
    finally:
        stack.close()
        hal.close()
    # The played game is over: its pictures go with its App, and the heap's holes go
    # back as they do on the device when it returns to the attract loop (App.new_game).
    del driver, app, display
    give_back_free_pages()
    return joined


def _keepsake_said(app: App, phones: Phones, writer: EventWriter) -> Callable[[Event], None]:
    """A sink after the writer's: `keepsake` follows `game_over` once the game's page is made
    (Phones makes it as the game's end is published to it, before the sinks hear of it), with
    game_over's own `t`: the same moment, to the microsecond as every event."""
    def heard(event: Event) -> None:
        url = phones.keepsake_url()
        if isinstance(event, GameOver) and url is not None:
            writer.phones("keepsake", event.t, url)   # game_over's moment, as it was written
    return heard


def _join(app: App, venue: VenueSettings) -> Venue | None:
    """Scripted play as one of a venue's tables: its status is the phase and its games."""
    from lastmessage.table.loop import phase_label
    from lastmessage.venue.join import join_venue

    started = time.time()
    games = [0]
    app.sinks.append(lambda event: games.__setitem__(0, games[0] + (event.type == "game_started")))

    def status() -> dict[str, object]:
        return {"phase": phase_label(app), "games_today": games[0], "link": "sim", "scripted": True,
                "written": time.time(), "started": started, "pid": os.getpid()}

    return join_venue(app, venue, status=status, phase=lambda: phase_label(app))


def _run(args: argparse.Namespace) -> int:
    def fail(message: str) -> int:
        print(message, file=sys.stderr)
        return 2

    from lastmessage.scenegen.generate import GENERATOR
    from lastmessage.table.memory import tune_the_allocator

    tune_the_allocator()   # before the first picture (table/memory.py)
    try:
        catalog = load_scenes(args.scenes or shipped_scenes_dir(), GENERATOR)   # "new crowd" scenes too
    except SceneError as error:
        return fail(f"lastmessage: {error}")
    try:
        settings = load_settings(args.config) if args.config else Settings()
    except SettingsError as error:
        return fail(f"lastmessage: {error}")
    rules = settings.rules
    phones = settings.phones.listen
    if args.phones is not None:
        try:
            phones = parse_listen(args.phones)
        except ListenError as error:
            return fail(f"lastmessage: --phones: {error}; give HOST:PORT, such as 127.0.0.1:8080 or 0.0.0.0:8080")
    sizes = (settings.display.tablet_size, settings.display.detective_size)
    venue = settings.venue
    try:
        venue = replace(venue, mqtt=parse_broker(args.mqtt)) if args.mqtt else venue
    except BrokerUrlError as error:
        return fail(f"lastmessage: --mqtt: {error}")
    try:
        venue = replace(venue, table=check_table_id(args.table)) if args.table else venue
    except BrokerUrlError as error:
        return fail(f"lastmessage: --table: {error}")
    if args.hal == "serial" and not args.serial:
        return fail("lastmessage: --hal serial needs --serial PORT (the module's or module-sim's port)")
    journal = None
    out: TextIO = sys.stdout
    code = 0
    lost = 0
    try:
        leave_on_sigterm()
        if args.screenshots:
            output_folder(args.screenshots, "screenshots folder")
        if args.db:
            try:
                journal = JournalWriter(Journal(args.db), scenes=catalog)
            except JournalRefused as refused:   # full, read-only, locked: played all the same, exit 3
                print(f"lastmessage: {refused}; the game is played and journalled if the journal "
                      f"can be written before it ends", file=sys.stderr)
                journal = JournalWriter(args.db, scenes=catalog, trouble=str(refused))
        if args.events:
            out = open_output(args.events, "events file")
        play_script(args.script, shown(args.script), catalog, rules, out,
                    out_name=shown(args.events) if args.events else "standard output",
                    journal=journal, screenshots=args.screenshots, seed=args.seed,
                    hal_kind=args.hal, serial_port=args.serial, hal_settings=settings.hal, sizes=sizes,
                    language=settings.display.language, sound=settings.sound, museum=settings.museum,
                    venue=venue, realtime=args.real_time,
                    pin_path=args.pin_path or (pin_path_beside(args.db) if args.db else None),
                    phones=phones, max_phones=settings.phones.max_phones,
                    keepsake_minutes=settings.phones.keepsake_minutes, audience=settings.phones.audience)
    except (ScriptError, PlayError, StoreError) as error:
        code = fail(str(error))
    except PathRefused as error:
        code = fail(f"lastmessage: {error}")
    except BrokenPipeError:
        raise   # the reader of standard output went away: cli.main stops quietly
    except OSError as error:   # e.g. a screenshot that cannot be written
        where = f"{shown(error.filename)}: " if error.filename else ""
        code = fail(f"lastmessage: {where}{error.strerror or error}")
    finally:
        lost = journal.close() if journal is not None else 0
        if out is not sys.stdout:
            # Every event was flushed as it came; what a failed write left in the
            # buffer is already reported, so closing must not raise it again.
            with contextlib.suppress(OSError):
                out.close()
    if journal is not None and lost:
        print(f"lastmessage: {shown(args.db)}: {lost} event(s) were not journalled ({journal.trouble})",
              file=sys.stderr)
        return code or NOT_JOURNALLED
    return code


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("play", help="play one game from a script, headless")
    parser.add_argument("--script", type=Path, required=True, metavar="FILE",
                        help="actions as JSON Lines (see PLAY_SCRIPT.md)")
    parser.add_argument("--events", type=Path, metavar="OUT.jsonl",
                        help="write events here (default: standard output)")
    parser.add_argument("--screenshots", type=Path, metavar="DIR",
                        help="where screenshot actions write NAME-tablet.png and NAME-detective.png")
    parser.add_argument("--scenes", type=Path, metavar="DIR", help="scenes folder")
    parser.add_argument("--config", type=Path, metavar="FILE",
                        help="rules and settings (TOML), as on the device; [display] sizes apply")
    parser.add_argument("--db", type=Path, metavar="FILE", help="also journal the game to this SQLite file")
    parser.add_argument("--seed", type=int, default=0, metavar="N", help="seed for random choices")
    parser.add_argument("--pin-path", type=Path, metavar="FILE",
                        help="the operator PIN's file, made by set-pin (default: beside --db)")
    parser.add_argument("--hal", choices=("sim", "serial"), default="sim",
                        help="buttons and timer bar: simulated pins (default) or the module over serial")
    parser.add_argument("--serial", metavar="PORT", help="serial port of the module (with --hal serial)")
    parser.add_argument("--mqtt", metavar="URL",
                        help="publish the game to this broker as a venue's table (mqtt://user:password@host:port; "
                             "see docs/contract.md); [venue] of --config otherwise")
    parser.add_argument("--table", metavar="ID", help="the table's id in the topics (default: [venue] table)")
    parser.add_argument("--phones", metavar="HOST:PORT",
                        help="serve the phone page there during the game (event phones_ready: where to join)")
    parser.add_argument("--real-time", action="store_true",
                        help="the script's waits pass on the wall clock, so a venue or phones (any client) "
                             "can join and act meanwhile")
    parser.set_defaults(func=_run)
