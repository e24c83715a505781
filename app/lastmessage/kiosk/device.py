"""`lastmessage run`, `sim` and `demo`: the device in real time.

`run` is the product: fullscreen on two outputs, locked (window close, quit
and Alt+F4 do nothing; SIGTERM stops it cleanly), reporting to systemd's
watchdog and publishing its status for staff. With a screen missing it says
so full-screen on the display it has and waits for it; it never opens the
simulator. `sim` opens the simulator windows with simulated pins. `demo`
plays an example script at human pace in the simulator windows. A game
interrupted by a power cut is resumed from the journal at start.
"""

from __future__ import annotations

import argparse
import logging
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from lastmessage.arguments import Subparsers
from lastmessage.data import shipped_path
from lastmessage.kiosk.display_power import BlackOnly, display_power
from lastmessage.hal.factory import resolve_kind
from lastmessage.kiosk.liveness import Liveness, StopRequest
from lastmessage.kiosk.status import JsonValue
from lastmessage.kiosk.status_words import JOURNAL_UNWRITABLE
from lastmessage.kiosk.screens_watch import ScreensWatch
from lastmessage.config.paths import PathRefused, shown
from lastmessage.i18n.translate import translated_later
from lastmessage.rules.events import Event
from lastmessage.scenes.model import SceneCatalog, SceneError, load_scenes, shipped_scenes_dir
from lastmessage.config.settings import Settings, SettingsError, load_settings
from lastmessage.hal.settings import BACKENDS, Backend
from lastmessage.journal.stats import todays_games
from lastmessage.journal.store import (
    Journal, JournalledGame, JournalReader, JournalRefused, JournalUnusable, JournalWriter, StoreError, set_aside,
)
from lastmessage.table.memory import tune_the_allocator
from lastmessage.venue.troubles import Said

if TYPE_CHECKING:   # imported where they are used: they bring pygame in
    from lastmessage.table.app import App
    from lastmessage.phones.link import Phones
    from lastmessage.clock import MonotonicClock, SimulatedClock
    from lastmessage.ui.display import WindowDisplay
    from lastmessage.hal.base import Hal
    from lastmessage.venue.join import Venue

OPENING_S = 180.0
"""Seconds the screens may take to open (scenes rendered for a new size) once
the device has told systemd it is ready, e.g. after waiting for a monitor."""


class StartError(Exception):
    """The device cannot start; the message says what to do."""


def _prepare(args: argparse.Namespace) -> tuple[Settings, SceneCatalog]:
    """Settings and scenes, pygame started with a real display, or StartError naming the problem."""
    try:
        settings = load_settings(args.config)
    except SettingsError as error:
        raise StartError(str(error)) from error
    from lastmessage.scenegen.generate import GENERATOR

    try:
        catalog = load_scenes(args.scenes or shipped_scenes_dir(), GENERATOR)   # "new crowd" scenes too
    except SceneError as error:
        raise StartError(str(error)) from error

    import pygame

    _find_wayland()
    pygame.init()
    if not pygame.display.get_init():
        raise StartError("pygame could not start its display system")
    no_screen = ("no display to show the screens on{}; on a machine without a screen run it under "
                 "Xvfb: xvfb-run -s '-screen 0 1920x1080x24' make run (or use `lastmessage play`)")
    try:
        pygame.display.get_desktop_sizes()
    except pygame.error as error:
        raise StartError(no_screen.format(f" ({error})")) from error
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        # SDL fell back to drawing nowhere: the device would run unseen.
        raise StartError(no_screen.format(""))
    return settings, catalog


WAYLAND_WAIT_S = 30.0
"""Seconds the device waits for the compositor's socket before it gives up (exit 2, restarted)."""

DISPLAY_LOST_EXIT = 3
"""Exit status when the compositor went away mid-run: systemd's Restart= starts the device again."""


def _find_wayland() -> None:
    """The installed unit names the kiosk's socket by its absolute path (see
    install/files/lastmessage.service); a name alone is looked for in the user's
    runtime dir, which a system service run by hand may lack. Under the Wayland
    driver, wait for the socket: labwc may still be starting."""
    from lastmessage.kiosk.wayland_socket import socket_path, wait_for_socket

    if os.environ.get("WAYLAND_DISPLAY") and not os.environ.get("XDG_RUNTIME_DIR"):
        os.environ["XDG_RUNTIME_DIR"] = f"/run/user/{os.getuid()}"
    if os.environ.get("SDL_VIDEODRIVER") == "wayland" and os.environ.get("WAYLAND_DISPLAY"):
        path = socket_path()
        if not wait_for_socket(path, WAYLAND_WAIT_S):
            raise StartError(f"no Wayland compositor: {path} did not appear within {WAYLAND_WAIT_S:g} s "
                             f"(is lastmessage-kiosk.service running?)")


def _open(args: argparse.Namespace, settings: Settings, catalog: SceneCatalog, *, simulator: bool,
          desktops: list[tuple[int, int]] | None = None, journal: Path | None = None
          ) -> tuple[App, WindowDisplay, MonotonicClock | SimulatedClock, Hal]:
    """Display, clock, HAL and app, or StartError naming the problem."""
    import pygame

    from lastmessage.table.app import App
    from lastmessage.clock import MonotonicClock, SimulatedClock
    from lastmessage.hal.base import HalError
    from lastmessage.hal.factory import open_hal
    from lastmessage.operator.desk import OperatorDesk
    from lastmessage.operator.keep import KEEP_FILE_NAME, ChoicesFile
    from lastmessage.operator.pin import pin_path_beside
    from lastmessage.operator.power import PowerControl

    display = _open_display(settings, simulator=simulator, desktops=desktops)
    clock = SimulatedClock() if args.command == "demo" else MonotonicClock()
    from lastmessage.scenes.painter import PAINTER
    PAINTER.use_background()   # a new crowd is painted while the criminal picks, the screens never wait
    try:
        hal = open_hal(_hal_kind(args, settings), hal=settings.hal, clock=clock,
                       serial_port=getattr(args, "serial", None),
                       log=lambda message: logging.getLogger("lastmessage.hal").warning(message))
    except HalError as error:
        display.close()
        raise StartError(str(error)) from error
    app = App(catalog=catalog, rules=settings.rules, clock=clock, hal=hal,
              tablet_size=display.tablet.get_size(), detective_size=display.detective.get_size(),
              seed=int(time.time()) if args.command != "demo" else 0,
              hold_time=settings.hal.discipline.hold_time, language=settings.display.language,
              detective_touch=settings.display.detective_touch,
              operator=OperatorDesk(
                  # The PIN and the operator's choices live beside the journal (set-pin writes there).
                  pin_path=pin_path_beside(journal) if journal is not None else None,
                  choices=ChoicesFile(journal.parent / KEEP_FILE_NAME if journal is not None else None),
                  power=PowerControl(simulator=args.command != "run"), today=partial(todays_games, journal),
                  now=clock.now()),
              sound=settings.sound,
              # The demo plays a script: the same at any time of day, as `play`.
              museum=settings.museum if args.command != "demo" else replace(settings.museum, hours=None))
    return app, display, clock, hal


def _serve_phones(app: App, settings: Settings) -> Phones | None:
    """Phones at the table when `[phones] listen` names an address; one that cannot be
    listened on is said in one line and the table plays on without phones."""
    from lastmessage.phones.link import Phones
    from lastmessage.phones.server import PhonesError

    if settings.phones.listen is None:
        return None
    phones = Phones(*settings.phones.listen, max_phones=settings.phones.max_phones,
                    keepsake_minutes=settings.phones.keepsake_minutes, audience=settings.phones.audience)
    try:
        phones.start()
    except PhonesError as error:
        logging.getLogger(__name__).error("%s; the table plays on without phones", error)
        return None
    app.serve_phones(phones)
    return phones


def _open_display(settings: Settings, *, simulator: bool,
                  desktops: list[tuple[int, int]] | None = None) -> WindowDisplay:
    """Both windows on the outputs the settings give (SDL's numbers on the device), or StartError."""
    import pygame

    from lastmessage.ui.display import DisplayError, WindowDisplay

    display_settings = settings.display
    try:
        return WindowDisplay(display_settings.tablet_size, display_settings.detective_size,
                             simulator=simulator, tablet_output=_number(display_settings.tablet_output, 0),
                             detective_output=_number(display_settings.detective_output, 1),
                             touch_target=display_settings.touch, desktops=desktops)
    except (DisplayError, pygame.error) as error:
        raise StartError(f"cannot open the screens: {error}") from error


def _number(output: int | str, default: int) -> int:
    """SDL's display number (the device resolved names before opening; the simulator ignores them)."""
    return output if isinstance(output, int) else default


def _hal_kind(args: argparse.Namespace, settings: Settings) -> Backend:
    return "sim" if args.command in ("sim", "demo") else (args.hal or settings.hal.backend)


JOURNAL_REFUSES = translated_later("The game journal cannot be written just now. Play on.")
JOURNAL_SET_ASIDE = translated_later("The game journal could not be used and was set aside; a new one was started.")


@dataclass
class _Opened:
    journal: Journal | None           # None: it cannot be written now (`trouble`), the writer retries
    record: JournalledGame | None     # the unfinished game to resume
    notice: str | None = None         # a damaged or foreign journal was set aside for a fresh one
    trouble: str | None = None


def _open_journal(path: Path) -> _Opened:
    """The journal and its unfinished game; a damaged or foreign journal set aside for a
    fresh one (said in `notice`); one that cannot be written now (a full disk, a read-only
    filesystem, another program's lock) read as far as it can be, for the writer to open
    when it can. StoreError only for a path that is no journal's (a folder, a FIFO)."""
    try:
        journal = Journal(path)
    except JournalUnusable as trouble:
        return _fresh_journal(path, trouble)
    except JournalRefused as trouble:
        logging.getLogger(__name__).error("%s; the table plays on from memory and writes the games "
                                          "when it can", trouble)
        return _Opened(None, _read_unfinished(path), trouble=str(trouble))
    unfinished = None
    try:
        unfinished = journal.unfinished_game()
        return _Opened(journal, journal.game(unfinished) if unfinished is not None else None)
    except JournalUnusable as trouble:
        journal.close()
        return _fresh_journal(path, trouble)
    except StoreError as error:   # a damaged record: kept as it is; a new game starts beside it
        logging.getLogger(__name__).warning("could not resume: %s; starting afresh", error)
        if unfinished is not None:   # put away (its rows kept), or every start would try it again
            try:
                journal.abandon(unfinished)
            except (StoreError, sqlite3.Error) as refused:
                logging.getLogger(__name__).warning("could not put the damaged game away: %s", refused)
        return _Opened(journal, None)


def _read_unfinished(path: Path) -> JournalledGame | None:
    """The unfinished game of a journal that cannot be written, read-only (None if it cannot be read)."""
    try:
        reader = JournalReader(path)
    except StoreError as error:
        logging.getLogger(__name__).warning("could not read the game to resume: %s", error)
        return None
    try:
        return reader.unfinished()
    except StoreError as error:
        logging.getLogger(__name__).warning("could not resume: %s; starting afresh", error)
        return None
    finally:
        reader.close()


def _fresh_journal(path: Path, trouble: StoreError) -> _Opened:
    try:
        aside = set_aside(path)
    except StoreError as cannot:   # a read-only folder (a failing card): play on, the writer sets it aside later
        logging.getLogger(__name__).error("%s; %s; the table plays on from memory and sets it aside when it can",
                                          trouble, cannot)
        return _Opened(None, None, trouble=f"{trouble}; {cannot}")
    notice = f"{trouble}; set aside as {aside.name} (bytes kept), a new journal was started"
    logging.getLogger(__name__).error("%s", notice)
    try:
        return _Opened(Journal(path), None, notice)
    except JournalRefused as refused:   # the fresh one cannot be written yet either
        return _Opened(None, None, notice, str(refused))


def _journal(app: App, path: Path) -> JournalWriter:
    """Open the journal, resume an unfinished game, and record from now on. A game that
    cannot be resumed (whatever its rows make the resume raise) sets the journal aside,
    once: the device starts afresh rather than failing at every start."""
    from lastmessage.journal.resume import rebuild

    opened = _open_journal(path)
    record = opened.record
    resumed = None
    if record is not None and record.events:
        try:
            # The game goes on under the rules it was started with (its
            # game_started carries them), even if the config changed while
            # the power was off, and in the scene the journal kept, even if
            # an update changed the scene files or the generator.
            game, scene = rebuild(record, app.catalog, str(path))
        except (ValueError, KeyError) as error:   # not this version's game: kept in the journal as it is
            logging.getLogger(__name__).warning(
                "could not resume game %s from %s (%s); starting afresh", record.id, path, error)
        except Exception as error:   # noqa: BLE001 - rows no resume can play: set aside, never a loop
            opened = _unresumable(app, path, opened, record, error)
        else:
            try:
                app.resume(game, record.events[-1].t, scene)
                resumed = record.id
            except Exception as error:   # noqa: BLE001 - as above
                opened = _unresumable(app, path, opened, record, error)
    writer = JournalWriter(opened.journal or path, game_id=resumed, scenes=app.catalog,
                           trouble=opened.trouble, notice=opened.notice)
    if opened.notice is not None:
        app.notify(JOURNAL_SET_ASIDE, monitor=False)
    elif opened.trouble is not None:
        app.notify(JOURNAL_REFUSES, monitor=False)
    app.sinks.append(writer)
    app.sinks.append(_trouble_notice(app, writer))
    app.service = partial(_service_line, writer)
    return writer


def _unresumable(app: App, path: Path, opened: _Opened, record: JournalledGame, error: Exception) -> _Opened:
    app.new_game()   # whatever the failed resume left half set
    trouble = StoreError(f"{path}: game {record.id} cannot be resumed ({type(error).__name__}: {error})")
    if opened.journal is None:   # it cannot be renamed either: the writer sets it aside when it can
        logging.getLogger(__name__).error("%s; starting afresh", trouble)
        return opened
    opened.journal.close()
    return _fresh_journal(path, trouble)


def _resume_guard(app: App, writer: JournalWriter) -> Callable[[Exception], None]:
    """For the frame loop's faults: while the game resumed at start is on the screens, the
    first frame that fails sets the journal aside and starts afresh (once: a resumed game
    whose rows break every frame would keep the watchdog unfed and restart the device
    in a loop). Other faults are only logged, by the loop."""
    resumed = app.game if app.origin is not None else None

    def faulted(error: Exception) -> None:
        nonlocal resumed
        game, resumed = resumed, None
        if game is None or app.game is not game:
            return
        writer.set_aside(f"{writer.path}: the resumed game cannot be shown ({type(error).__name__}: {error})")
        app.new_game()
        app.tablet.to_start()
        app.notify(JOURNAL_SET_ASIDE, monitor=False)

    return faulted


def _service_line(writer: JournalWriter) -> str | None:
    """What the monitor's service line says of the journal (English, translated when drawn)."""
    if writer.trouble is not None:
        return JOURNAL_REFUSES
    return JOURNAL_SET_ASIDE if writer.telling else None


def journal_said(writer: JournalWriter) -> Said | None:
    """The journal's standing trouble, to be said in the status page's language (None: it is
    written as it should be, or set aside, which its notice says in English)."""
    if writer.trouble is not None:
        return Said(JOURNAL_UNWRITABLE, {"error": writer.trouble, "n": str(writer.waiting)})
    return None


def journal_warning(writer: JournalWriter) -> str | None:
    """The journal's standing trouble, for `status` (None: it is written as it should be)."""
    said = journal_said(writer)
    return said.english if said is not None else writer.notice


def _trouble_notice(app: App, writer: JournalWriter) -> Callable[[Event], None]:
    """A sink after the writer: the writer thread cannot touch the screens, so the
    first event after the journal began refusing writes (disk full, locked) puts
    the notice on the tablet, once per spell of trouble."""
    told = writer.trouble is not None   # said at start already

    def tell(event: Event) -> None:
        nonlocal told
        trouble = writer.trouble
        if trouble is not None and not told:
            app.notify(JOURNAL_REFUSES, monitor=False)
        told = trouble is not None

    return tell


def _run(args: argparse.Namespace) -> int:
    from lastmessage.table.loop import phase_label, run_frames

    tune_the_allocator()   # before the first picture (table/memory.py)

    simulator = args.command == "sim"
    try:
        settings, catalog = _prepare(args)
    except StartError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    stop = StopRequest()
    stop.install()
    db = args.db or settings.store.db
    from lastmessage.kiosk.monitor_wait import museum_language

    liveness = Liveness(settings.museum, journal=db, status_file=args.status,
                        language=museum_language(settings.display.language, db))
    writer = hal = display = None
    exit_code = 0
    power = display_power() if not simulator else BlackOnly()
    # Outputs a stopped device left in standby at night would stay dark all day.
    power.switch(True)
    app: App | None = None
    venue: Venue | None = None
    phones: Phones | None = None
    try:
        desktops = None
        frames = args.frames
        configured = settings   # the outputs as the config names them, for looking again
        tablet_index, detective_index = 0, 1
        if not simulator:
            desktops, waited, (tablet_index, detective_index) = _wait_for_screens(settings, liveness, stop, frames, db)
            if desktops is None:
                return 0
            frames = None if frames is None else frames - waited
            settings = replace(settings, display=replace(settings.display, tablet_output=tablet_index,
                                                         detective_output=detective_index))
        liveness.watchdog.expect_pause(OPENING_S)
        app, display, _clock, hal = _open(args, settings, catalog, simulator=simulator, desktops=desktops,
                                          journal=db)
        writer = _journal(app, db)
        phones = _serve_phones(app, settings)
        if phones is not None:   # for staff: who is connected, and what the server refused (phones/server.py)
            liveness.board.add("phones", phones.server.phones)
            liveness.board.add("phones_refused", phones.server.refusals)   # type: ignore[arg-type]
        liveness.warning = partial(journal_warning, writer)
        liveness.board.add("warning_words", partial(_words, partial(journal_said, writer)))
        kind = resolve_kind(_hal_kind(args, settings))
        app.sleep_listeners.append(lambda asleep: power.switch(not asleep))
        liveness.board.add("open", app.is_open)
        liveness.link = lambda: kind if kind != "serial" else ("connected" if hal.link_ok() else "disconnected")
        venue = _join_venue(app, settings, liveness)
        presented = [liveness.frame_presented] + ([venue.frame_presented] if venue is not None else [])
        watch = None if simulator else ScreensWatch(lambda: _screens(configured)[1:],
                                                    (tablet_index, detective_index))
        faulted = _resume_guard(app, writer)   # once per start, whatever the screens do
        while True:
            liveness.phase = lambda: phase_label(app)
            shown = run_frames(app, display, frames=frames, presented=presented,
                               stop=lambda: stop() or app.exit_code is not None
                               or (watch is not None and watch.changed()), faulted=faulted)
            frames = None if frames is None else frames - shown
            if watch is None or not watch.changed() or stop() or app.exit_code is not None \
                    or display.lost is not None or frames == 0:
                break
            display = _screens_gone(configured, app, display, watch, liveness, stop, frames)
            if display is None:
                return 0
        if app.exit_code is not None:   # the operator menu's restart: systemd starts it again
            exit_code = app.exit_code
        elif display.lost is not None:
            # SDL cannot reconnect to a compositor: a device that carried on would
            # ping the watchdog with dark screens. Exit, and systemd starts it again.
            logging.getLogger(__name__).error("%s; exiting so that the service restarts", display.lost)
            print(f"lastmessage: {display.lost}; exiting so that the service restarts", file=sys.stderr)
            exit_code = DISPLAY_LOST_EXIT
    except ScreensResized as error:
        logging.getLogger(__name__).error("%s; exiting so that the service restarts", error)
        print(f"lastmessage: {error}; exiting so that the service restarts", file=sys.stderr)
        exit_code = DISPLAY_LOST_EXIT
    except (StartError, StoreError) as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    finally:
        if app is not None and app.asleep:
            power.switch(True)   # the screens are not left dark for whatever runs next
        if venue is not None:
            venue.close()
        liveness.close()
        if phones is not None:
            phones.stop()
        lost = writer.close() if writer is not None else 0
        if writer is not None and lost:
            logging.getLogger(__name__).error("%s: %s event(s) could not be journalled (%s)",
                                              writer.path, lost, writer.trouble)
        if hal is not None:
            hal.close()
        if display is not None:
            display.close()
    return exit_code


def _join_venue(app: App, settings: Settings, liveness: Liveness) -> Venue | None:
    """`[venue]`: the table's status and public events to the venue's broker, its commands
    taken (lastmessage.venue), the link's trouble in the status (`venue_trouble`); the
    status has the status file's fields, measured when it is
    published (the file's last copy can be `status_interval` old: a phase or a remote close
    would reach the venue that much late)."""
    from lastmessage.table.loop import phase_label
    from lastmessage.venue.join import join_venue

    venue = join_venue(app, settings.venue, status=lambda: dict(liveness.board.snapshot()),
                       phase=lambda: phase_label(app))
    link = venue.link if venue is not None else None
    if link is not None:   # the broker's trouble on the status page and in the file, as the venue has it
        liveness.board.add("venue_trouble", lambda: None if link.trouble is None else link.trouble.english)
        liveness.board.add("venue_trouble_words", partial(_words, lambda: link.trouble))
        liveness.board.add("state", lambda: "ok" if liveness.warning() is None and link.trouble is None
                           else "warning")
    return venue


def _words(trouble: Callable[[], Said | None]) -> JsonValue:
    """A trouble's template and values, for the status page to say it in its language."""
    said = trouble()
    return None if said is None else {"template": said.template, "values": dict(said.values)}


def _screens_gone(settings: Settings, app: App, display: WindowDisplay, watch: ScreensWatch, liveness: Liveness,
                  stop: Callable[[], bool], frames: int | None) -> WindowDisplay | None:
    """A screen went mid-play (or SDL numbered the displays anew): the windows close,
    the waiting screen says which one to connect, and once both are back the windows
    open again on them and the game goes on where it was. None if stopped meanwhile."""
    lost_at = app.clock.now()
    sizes = (display.tablet.get_size(), display.detective.get_size())
    logging.getLogger(__name__).warning(
        "the screens changed during play: tablet on display %s, monitor on display %s (were %s and %s)",
        *watch.seen, *watch.opened)
    display.close()
    desktops, _waited, (tablet_index, detective_index) = _wait_for_screens(settings, liveness, stop, frames)
    if desktops is None:
        return None
    liveness.watchdog.expect_pause(OPENING_S)
    shown = replace(settings, display=replace(settings.display, tablet_output=tablet_index,
                                              detective_output=detective_index))
    reopened = _open_display(shown, simulator=False, desktops=desktops)
    if (reopened.tablet.get_size(), reopened.detective.get_size()) != sizes:
        # The app lays its screens out for their sizes: a screen that came back in another
        # resolution gets a fresh start (systemd restarts the device, the journal resumes the game).
        reopened.close()
        raise ScreensResized(f"the screens came back in other sizes ({reopened.tablet.get_size()}, "
                             f"{reopened.detective.get_size()}; were {sizes[0]}, {sizes[1]})")
    watch.reopened((tablet_index, detective_index))
    app.screens_back(lost_at)
    logging.getLogger(__name__).warning("both screens are back; the game goes on")
    return reopened


class ScreensResized(Exception):
    """The screens came back in other sizes than the app's: the device restarts."""


def _screens(settings: Settings) -> tuple[list[tuple[int, int]], int | None, int | None]:
    """The displays SDL lists now, and which of them are the tablet and the monitor
    (None: not connected). Outputs named in the config are matched by SDL's display names."""
    import pygame

    from lastmessage.ui.outputs import display_names, resolve

    desktops = pygame.display.get_desktop_sizes()
    tablet, detective = settings.display.tablet_output, settings.display.detective_output
    if isinstance(tablet, int) and isinstance(detective, int):
        names = [str(index) for index in range(len(desktops))]
    else:
        names = display_names()[:len(desktops)]
    return desktops, resolve(tablet, names), resolve(detective, names)


def _wait_for_screens(settings: Settings, liveness: Liveness, stop: Callable[[], bool],
                      frames: int | None, journal: Path | None = None
                      ) -> tuple[list[tuple[int, int]] | None, int, tuple[int, int]]:
    """The displays, once both outputs the config names are connected; until
    then a full-screen message on the first one. None if stopped (or out of
    `frames`) while waiting; also how many frames the wait showed, and SDL's
    display numbers of the tablet and the monitor."""
    import pygame

    from lastmessage.i18n.translate import translator
    from lastmessage.kiosk.monitor_wait import RECHECK_S, MonitorWait, museum_language

    tablet, detective = settings.display.tablet_output, settings.display.detective_output
    if tablet == detective:
        raise StartError("display.tablet_output and display.detective_output are the same output")
    desktops, tablet_index, detective_index = _screens(settings)
    if tablet_index is not None and detective_index is not None and tablet_index != detective_index:
        return desktops, 0, (tablet_index, detective_index)
    logging.getLogger(__name__).warning(
        "%d display(s) connected; display.tablet_output = %r is %s, display.detective_output = %r is %s; "
        "waiting for the screen to be switched on", len(desktops), tablet,
        "missing" if tablet_index is None else f"display {tablet_index}", detective,
        "missing" if detective_index is None else f"display {detective_index}")
    tx = translator(museum_language(settings.display.language, journal))   # the operator's, if chosen
    if tablet_index is not None:
        message = tx.tr("Connect the detective monitor and switch it on")
    elif detective_index is not None:
        message = tx.tr("Connect the tablet screen and switch it on")
    else:
        message = tx.tr("Connect both screens and switch them on")
    wait = MonitorWait(desktops, message, tx)
    liveness.phase = lambda: "waiting_for_screen"
    ticker = pygame.time.Clock()
    shown = 0
    checked = time.monotonic()
    try:
        while not stop() and (frames is None or shown < frames):
            wait.frame()
            liveness.frame_presented()
            shown += 1
            ticker.tick(10)
            if time.monotonic() - checked >= RECHECK_S:
                checked = time.monotonic()
                desktops, tablet_index, detective_index = _screens(settings)
                if tablet_index is not None and detective_index is not None and tablet_index != detective_index:
                    return desktops, shown, (tablet_index, detective_index)
    finally:
        wait.close()
    return None, shown, (0, 1)


def _demo(args: argparse.Namespace) -> int:
    import pygame

    from lastmessage.clock import SimulatedClock
    from lastmessage.ui.display import Quit
    from lastmessage.scripting.driver import AppDriver, buttons_of
    from lastmessage.table.loop import FPS, run_frames, sim_panel
    from lastmessage.scripting.script import ScriptError, open_script, read_actions

    tune_the_allocator()   # before the first picture (table/memory.py)

    script = args.script or shipped_path("examples", "demo.jsonl")
    try:
        stream = open_script(script)
    except PathRefused as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    try:
        settings, catalog = _prepare(args)
        app, display, clock, hal = _open(args, settings, catalog, simulator=True)
    except StartError as error:
        stream.close()
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    assert isinstance(clock, SimulatedClock)   # _open gives the demo the simulated clock

    class Stopped(Exception):
        pass

    ticker = pygame.time.Clock()

    def present(tablet_dirty: list[pygame.Rect], detective_dirty: list[pygame.Rect]) -> None:
        display.present(tablet_dirty, detective_dirty, sim_panel(app), app.layers())
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
    finally:
        hal.close()
        display.close()
    return 0


def register(subparsers: Subparsers) -> None:
    for name, help_text in (("run", "start the device: fullscreen on two outputs, locked"),
                            ("sim", "the desktop simulator: both screens as windows, keys for buttons")):
        parser = subparsers.add_parser(name, help=help_text)
        parser.add_argument("--config", type=Path, metavar="FILE",
                            help="config file (default: ~/.config/lastmessage/config.toml, "
                                 "then /etc/lastmessage/config.toml)")
        parser.add_argument("--scenes", type=Path, metavar="DIR", help="scenes folder")
        parser.add_argument("--db", type=Path, metavar="FILE", help="the game journal (SQLite)")
        parser.add_argument("--frames", type=int, metavar="N", help="stop after N frames (for checks)")
        parser.add_argument("--status", type=Path, metavar="FILE",
                            help="where to publish the status for staff (default: [museum] status_file, "
                                 "else $RUNTIME_DIRECTORY or the user's runtime dir)")
        if name == "run":
            parser.add_argument("--hal", choices=BACKENDS,
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

