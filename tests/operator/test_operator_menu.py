"""The operator menu in the real App: opened by a hold, behind the PIN, on the app's clock."""

from __future__ import annotations

import datetime
import os
import stat
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import ChooseScene, Pick, SetLanguage
from lastmessage.data import shipped_path
from lastmessage.hal.base import Control, ControlEdge, IntentKind
from lastmessage.hal.discipline import ADMIN_HOLD, InputDiscipline
from lastmessage.hal.sim import SimHal
from lastmessage.config.museum import MuseumSettings
from lastmessage.operator.commands import (
    ChooseHouseRules, ChooseLanguage, ChooseRotation, ChooseVolume, CloseOperator, EnterPin, OpenOperator, Page,
    PowerCommand, PutAway, ShowPage, CheckOutput,
)
from lastmessage.operator.desk import CLOSE_AFTER, OperatorDesk
from lastmessage.operator.events import OperatorChanged, OperatorEvent
from lastmessage.operator.keep import ChoicesFile
from lastmessage.operator.lockout import LOCK_SECONDS, MAX_LOCK_SECONDS, MAX_TRIES, Lockout
from lastmessage.operator.pin import PinHash, save_pin
from lastmessage.operator.power import RESTART_EXIT, PowerAction, PowerControl
from lastmessage.operator.view import NO_GAMES
from lastmessage.journal.stats import todays_games
from lastmessage.rules.config import Rules
from lastmessage.rules.events import AbandonReason, GameAbandoned
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import tablet_view
from lastmessage.scenes.model import SceneCatalog, load_scenes, shipped_scenes_dir
from lastmessage.ui.screen import Pointer
from lastmessage.ui.tablet.tablet_ui import CORNER_HOLD

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
CATALOG: SceneCatalog = load_scenes(shipped_scenes_dir())
PIN = "2468"


def test_the_operators_language_is_the_one_an_idle_reset_returns_to(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.unlock()
    table.app.operate(ChooseLanguage("ro"))
    table.app.operate(CloseOperator())
    table.app.execute(SetLanguage("en"), "tablet")      # a visitor, on the start screen
    table.clock.advance(MuseumSettings().idle_setup)
    table.frames(0)
    assert table.app.status().language == "ro"


class Table:
    """The App on simulated pins and clock, its PIN and choices in a folder, the operator's events kept."""

    def __init__(self, folder: Path, *, pin: str | None = PIN, power: PowerControl | None = None,
                 size: tuple[int, int] = (1280, 800), language: str = "en") -> None:
        pygame.init()
        self.folder = folder
        if pin is not None and not (folder / "operator-pin").exists():
            save_pin(folder / "operator-pin", PinHash.make(pin))
        self.clock = SimulatedClock()
        self.hal = SimHal()
        self.desk = OperatorDesk(pin_path=folder / "operator-pin", choices=ChoicesFile(folder / "operator.json"),
                                 power=power or PowerControl(simulator=True), now=self.clock.now())
        self.app = App(catalog=CATALOG, rules=Rules(), clock=self.clock, hal=self.hal,
                       tablet_size=size, detective_size=(1920, 1080), language=language, operator=self.desk)
        self.events: list[OperatorEvent] = []
        self.app.operator_sinks.append(self.events.append)
        self.tablet = pygame.Surface(size)
        self.detective = pygame.Surface((1920, 1080))

    def frames(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds * 60))):
            self.clock.advance(1 / 60)
            self.app.step()
        self.app.draw(self.tablet, self.detective)

    def unlock(self) -> None:
        self.app.operate(OpenOperator())
        self.app.operate(EnterPin(PIN))
        assert self.desk.unlocked

    def kinds(self) -> list[str]:
        return [event.type for event in self.events]


def test_holding_the_service_button_3_s_opens_the_pin_pad_and_a_press_does_not(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.hal.key(Control.ADMIN, True, table.clock.now())
    table.frames(0.5)
    table.hal.key(Control.ADMIN, False, table.clock.now())
    table.frames(0.5)
    assert not table.desk.is_open
    table.hal.key(Control.ADMIN, True, table.clock.now())
    table.frames(ADMIN_HOLD - 0.1)
    assert not table.desk.is_open
    table.frames(0.2)
    assert table.desk.is_open and table.desk.page is None   # the PIN pad, not the menu
    assert table.app.status().operator is not None


def test_the_discipline_gives_admin_on_a_short_press_and_admin_held_once_after_3_s() -> None:
    discipline = InputDiscipline()
    discipline.feed(ControlEdge(Control.ADMIN, True, 0.0))
    assert discipline.poll(0.5) == []          # nothing yet: it may become a hold
    discipline.feed(ControlEdge(Control.ADMIN, False, 0.6))
    assert [i.kind for i in discipline.poll(0.7)] == [IntentKind.ADMIN]
    discipline.feed(ControlEdge(Control.ADMIN, True, 1.0))
    assert discipline.poll(3.9) == []
    held = discipline.poll(4.5)
    assert [(i.kind, i.t) for i in held] == [(IntentKind.ADMIN_HELD, 4.0)]
    discipline.feed(ControlEdge(Control.ADMIN, False, 5.0))
    assert discipline.poll(9.0) == []          # the release after a hold is not a press
    discipline.feed(ControlEdge(Control.ADMIN, True, 10.0))
    discipline.feed(ControlEdge(Control.ADMIN, False, 12.5))
    assert discipline.poll(13.0) == []         # let go a little early: neither a press nor the menu


def test_an_operator_letting_go_early_and_holding_again_never_puts_the_game_away(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.app.execute(ChooseScene("harbour"), "test")
    table.app.execute(Pick("harbour-p050"), "test")
    table.hal.key(Control.ADMIN, True, table.clock.now())
    table.frames(2.5)                           # not long enough for the menu
    table.hal.key(Control.ADMIN, False, table.clock.now())
    table.frames(0.3)
    table.hal.key(Control.ADMIN, True, table.clock.now())
    table.frames(ADMIN_HOLD + 0.2)
    table.hal.key(Control.ADMIN, False, table.clock.now())
    table.frames(0.1)
    assert table.app.origin is not None and table.app.game.phase is not Phase.SCENE   # the game goes on
    assert table.desk.is_open
    assert "service" not in (table.app.detective.moments.message.template
                             if table.app.detective.moments.message else "").lower()


def test_a_3_s_hold_on_the_start_screens_corner_opens_it_and_a_tap_there_starts_a_game(tmp_path: Path) -> None:
    table = Table(tmp_path)
    corner = table.app.tablet.corner().center
    table.app.tablet_input(Pointer("down", *corner))
    table.frames(1.0)
    table.app.tablet_input(Pointer("up", *corner))
    assert not table.desk.is_open and table.app.tablet.ctx.choosing   # a short tap plays, as anywhere
    table.app.tablet.ctx.choosing = False
    table.app.tablet_input(Pointer("down", *corner))
    table.frames(CORNER_HOLD + 0.1)
    table.app.tablet_input(Pointer("up", *corner))
    assert table.desk.is_open and not table.app.tablet.ctx.choosing
    assert table.events[0].type == "operator_opened" and getattr(table.events[0], "via") == "corner"


def test_nothing_of_the_menu_works_before_the_right_pin(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.app.operate(OpenOperator())
    for command in (ShowPage(Page.MENU), ChooseLanguage("ro"), ChooseHouseRules("classic"),
                    ChooseRotation(("beach",)), PutAway(), PowerCommand(PowerAction.RESTART), CheckOutput("win")):
        table.app.operate(command)
    assert table.app.language == "en" and table.desk.page is None and table.app.exit_code is None
    assert table.desk.choices.rotation is None and table.app.hal.buzzer.current() is None
    table.app.operate(EnterPin("1357"))
    assert not table.desk.unlocked
    table.app.operate(EnterPin(PIN))
    assert table.desk.unlocked and table.desk.page is Page.MENU


def test_a_pin_without_the_pad_open_does_nothing(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.app.operate(EnterPin(PIN))
    assert not table.desk.is_open and table.events == []


def test_five_wrong_pins_lock_the_pad_for_60_s_on_the_app_clock(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.app.operate(OpenOperator())
    for _ in range(MAX_TRIES):
        table.app.operate(EnterPin("0000"))
    assert table.events[-1].type == "operator_refused" and getattr(table.events[-1], "reason") == "locked"
    table.app.operate(EnterPin(PIN))                 # the right PIN, while locked
    assert not table.desk.unlocked
    # the lock outlives closing the pad and opening it again
    table.app.operate(CloseOperator())
    table.clock.advance(LOCK_SECONDS - 5)
    table.frames(0)
    table.app.operate(OpenOperator())
    assert table.app.operator_view().locked_for in (4, 5)
    table.app.operate(EnterPin(PIN))
    assert not table.desk.unlocked
    table.frames(5.1)
    table.app.operate(EnterPin(PIN))
    assert table.desk.unlocked
    reasons = [getattr(e, "reason", None) for e in table.events if e.type == "operator_refused"]
    assert reasons == ["wrong_pin"] * (MAX_TRIES - 1) + ["locked"] * 3


def test_the_lock_outlives_a_restart(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.app.operate(OpenOperator())
    for _ in range(MAX_TRIES):
        table.app.operate(EnterPin("9999"))
    again = Table(tmp_path)                           # the device restarted (the plug pulled)
    again.app.operate(OpenOperator())
    again.app.operate(EnterPin(PIN))
    assert not again.desk.unlocked
    again.frames(LOCK_SECONDS + 0.1)
    again.app.operate(OpenOperator())                 # it closed itself meanwhile
    assert again.app.operator_view().locked_for == 0
    assert '"locked": false' in (tmp_path / "operator.json").read_text()
    again.app.operate(EnterPin(PIN))
    assert again.desk.unlocked
    assert stat.S_IMODE((tmp_path / "operator.json").stat().st_mode) == 0o600


def lock_by_guessing(table: Table) -> int:
    """Five wrong PINs on a freshly opened pad; the seconds the pad is then locked."""
    table.app.operate(OpenOperator())
    for _ in range(MAX_TRIES):
        table.app.operate(EnterPin("0000"))
    return table.app.operator_view().locked_for


def wait_out(table: Table, seconds: int) -> None:
    table.app.operate(CloseOperator())
    table.clock.advance(seconds + 0.1)
    table.frames(0)


def test_each_further_lock_in_a_row_doubles_up_to_an_hour_until_a_right_pin(tmp_path: Path) -> None:
    table = Table(tmp_path)
    locks = []
    for _ in range(8):
        locks.append(lock_by_guessing(table))
        wait_out(table, locks[-1])
    assert locks == [60, 120, 240, 480, 960, 1920, 3600, 3600]
    table.app.operate(OpenOperator())
    table.app.operate(EnterPin(PIN))
    assert table.desk.unlocked
    table.app.operate(CloseOperator())
    assert lock_by_guessing(table) == 60


def test_a_restart_keeps_the_locks_in_a_row(tmp_path: Path) -> None:
    table = Table(tmp_path)
    wait_out(table, lock_by_guessing(table))
    assert lock_by_guessing(table) == 120
    again = Table(tmp_path)                           # the plug pulled during the second lock
    again.app.operate(OpenOperator())
    assert again.app.operator_view().locked_for == 120    # the whole second period, from the start
    wait_out(again, 120)
    assert lock_by_guessing(again) == 240


@given(st.lists(st.booleans(), max_size=80))
def test_a_lock_is_never_shorter_than_the_one_before_it_unless_a_right_pin_came_between(
        tries: list[bool]) -> None:
    lockout = Lockout()
    now, last_lock = 0.0, 0
    for right in tries:
        if right:
            lockout.succeeded()
            last_lock = 0
            continue
        lockout.failed(now)
        locked = lockout.locked_for(now)
        if locked:
            assert last_lock <= locked <= MAX_LOCK_SECONDS and locked >= LOCK_SECONDS
            last_lock = locked
            now += locked
            assert lockout.locked_for(now) == 0 and lockout.tries_left == MAX_TRIES


def test_a_right_pin_clears_the_count_of_wrong_ones(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.app.operate(OpenOperator())
    for _ in range(MAX_TRIES - 1):
        table.app.operate(EnterPin("1111"))
    table.app.operate(EnterPin(PIN))
    table.app.operate(CloseOperator())
    table.app.operate(OpenOperator())
    for _ in range(MAX_TRIES - 1):
        table.app.operate(EnterPin("1111"))
    assert table.app.operator_view().locked_for == 0 and table.app.operator_view().tries_left == 1


@pytest.mark.parametrize("pin", ["0000", "1234", "", "00000000"])
def test_without_a_pin_the_menu_never_opens_and_says_how_to_set_one(tmp_path: Path, pin: str) -> None:
    table = Table(tmp_path, pin=None)
    table.app.operate(OpenOperator())
    view = table.app.operator_view()
    assert view.page is None and not view.pin_set and view.problem == ""
    table.app.operate(EnterPin(pin))
    assert not table.desk.unlocked
    assert [getattr(e, "reason", None) for e in table.events[1:]] == ["no_pin", "no_pin"]
    table.frames(0.1)
    assert table.tablet.get_at((10, 10)) is not None   # drawn, no traceback


def test_a_damaged_pin_file_keeps_the_menu_shut_and_names_the_problem(tmp_path: Path) -> None:
    (tmp_path / "operator-pin").write_text("lastmessage-pin 1 scrypt n=1073741824 r=8 p=1 salt=00 hash=00\n")
    (tmp_path / "operator-pin").chmod(0o600)
    table = Table(tmp_path)
    table.app.operate(OpenOperator())
    view = table.app.operator_view()
    assert not view.pin_set and "operator-pin" in view.problem and "\n" not in view.problem
    table.app.operate(EnterPin(PIN))
    assert not table.desk.unlocked and getattr(table.events[-1], "reason") == "pin_file"


def test_the_menu_closes_itself_after_60_s_untouched_and_a_touch_keeps_it(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.unlock()
    table.frames(CLOSE_AFTER - 10)
    table.app.tablet_input(Pointer("down", 5, 500))
    table.app.tablet_input(Pointer("up", 5, 500))
    table.frames(CLOSE_AFTER - 10)
    assert table.desk.is_open
    table.frames(10.1)
    assert not table.desk.is_open and table.events[-1].type == "operator_closed"
    assert getattr(table.events[-1], "reason") == "idle"
    table.app.operate(ShowPage(Page.MENU))           # closed: locked again
    assert not table.desk.unlocked


def test_buttons_belong_to_the_menu_while_it_is_open(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.app.execute(ChooseScene("harbour"), "test")
    table.app.execute(Pick("harbour-p050"), "test")
    table.unlock()
    table.app.operate(ShowPage(Page.SELFTEST))
    table.hal.key(Control.FLIP, True, table.clock.now())
    table.frames(0.2)
    view = table.app.operator_view()
    assert view.held == ("flip",) and view.last_pressed == "flip"
    table.hal.key(Control.FLIP, False, table.clock.now())
    table.frames(0.2)
    assert table.app.game.phase is Phase.READY        # the timer did not start under the menu
    assert dict(table.app.operator_view().pressed) == {"flip": 1}


def test_the_self_test_sweeps_the_led_bar_and_plays_each_sound(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.unlock()
    table.app.operate(ShowPage(Page.SELFTEST))
    table.app.operate(CheckOutput("leds"))
    brightest = []
    for _ in range(12):
        table.frames(1 / 12)
        leds = table.app.operator_view().leds
        brightest.append(leds.index(max(leds)))
    assert len(set(brightest)) >= 8      # one LED after another lights up the bar
    for sound in ("flip", "tick", "time_up", "strike", "wrong", "win", "lose", "reveal"):
        table.app.operate(CheckOutput(sound))
        table.frames(0.02)
        assert table.app.operator_view().sounding == sound
        if table.app.speaker.audible:
            assert table.app.speaker.played[-1].sound.value == sound    # the speaker too, not only the buzzer
    table.app.operate(CloseOperator())
    table.frames(0.1)
    assert table.hal.timer_bar.state.mode.value == "idle"    # the bar shows the table again


def test_put_away_ends_the_game_in_progress_through_the_abandon_path(tmp_path: Path) -> None:
    table = Table(tmp_path)
    abandoned: list[GameAbandoned] = []
    table.app.sinks.append(lambda event: abandoned.append(event) if isinstance(event, GameAbandoned) else None)
    table.unlock()
    table.app.operate(PutAway())
    assert abandoned == [] and not table.events[-1].done   # type: ignore[union-attr]
    table.app.operate(CloseOperator())
    table.app.execute(ChooseScene("harbour"), "test")
    table.unlock()
    table.app.operate(PutAway())
    assert [event.reason for event in abandoned] == [AbandonReason.SERVICE]
    assert table.app.origin is None and table.app.game.phase is Phase.SCENE
    assert table.events[-1].type == "operator_action" and table.events[-1].done   # type: ignore[union-attr]


def test_operator_events_run_on_the_devices_clock_and_never_backwards(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.clock.advance(30)                            # half a minute before anybody came
    table.unlock()
    table.app.operate(CloseOperator())
    table.app.execute(ChooseScene("harbour"), "test")
    table.clock.advance(5)
    table.unlock()
    table.app.operate(PutAway())
    table.clock.advance(1)
    table.app.operate(CloseOperator())
    times = [event.t for event in table.events]
    assert times[0] == 30 and times[-1] == 36
    assert times == sorted(times)


def test_restart_exits_for_systemd_only_under_systemd(tmp_path: Path) -> None:
    outside = Table(tmp_path, power=PowerControl(environ={}))
    outside.unlock()
    outside.app.operate(PowerCommand(PowerAction.RESTART))
    assert outside.app.exit_code is None and "systemd" in outside.app.operator_view().outcome.message  # type: ignore[union-attr]
    simulator = Table(tmp_path, power=PowerControl(simulator=True))
    simulator.unlock()
    simulator.app.operate(PowerCommand(PowerAction.RESTART))
    assert simulator.app.exit_code is None
    service = Table(tmp_path, power=PowerControl(environ={"INVOCATION_ID": "abc"}))
    service.unlock()
    service.app.operate(PowerCommand(PowerAction.RESTART))
    assert service.app.exit_code == RESTART_EXIT


def fake_systemctl(folder: Path, exit_code: int, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A `systemctl` first on PATH that records its arguments (the real one would reboot this machine)."""
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    log = folder / "systemctl.log"
    script = bin_dir / "systemctl"
    script.write_text(f'#!/bin/sh\necho "$@" >> {log}\n'
                      + ('echo "Access denied (polkit)" >&2\n' if exit_code else "") + f"exit {exit_code}\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return log


def test_reboot_and_power_off_go_through_systemctl(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = fake_systemctl(tmp_path, 0, monkeypatch)
    table = Table(tmp_path, power=PowerControl())
    table.unlock()
    table.app.operate(PowerCommand(PowerAction.REBOOT))
    table.app.operate(PowerCommand(PowerAction.SHUTDOWN))
    assert log.read_text().splitlines() == ["--no-ask-password reboot", "--no-ask-password poweroff"]
    assert [getattr(e, "done", None) for e in table.events[-2:]] == [True, True]


def test_a_refused_reboot_says_why_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_systemctl(tmp_path, 1, monkeypatch)
    table = Table(tmp_path, power=PowerControl())
    table.unlock()
    table.app.operate(PowerCommand(PowerAction.REBOOT))
    outcome = table.app.operator_view().outcome
    assert outcome is not None and not outcome.done
    assert dict(outcome.params)["detail"] == "Access denied (polkit)"


def test_without_systemctl_the_pi_is_not_touched(tmp_path: Path) -> None:
    table = Table(tmp_path, power=PowerControl(which=lambda name: None))
    table.unlock()
    table.app.operate(PowerCommand(PowerAction.SHUTDOWN))
    assert "systemctl is not available" in table.app.operator_view().outcome.message  # type: ignore[union-attr]


def test_choices_hold_across_a_restart_and_reach_the_screens(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.unlock()
    table.app.operate(ChooseLanguage("ro"))
    table.app.operate(ChooseHouseRules("classic"))
    table.app.operate(ChooseRotation(("beach", "ski")))
    table.app.operate(ChooseRotation(()))            # at least one stays
    assert table.app.menu.rotation() == ("beach", "ski")
    again = Table(tmp_path)
    assert again.app.language == "ro" and again.app.status().scenes == ("beach", "ski")
    again.frames(0.1)
    assert [slide.scene.id for slide in again.app.detective.attract.slides if slide.scene] == ["beach", "ski"]
    again.app.tablet.ctx.choosing = True
    again.frames(0.1)
    assert list(again.app.tablet.choose._cards) == ["beach", "ski"]
    start = again.app.tablet.locate(tablet_view(again.app.game), "scene", "beach")
    assert start is not None
    again.app.tablet_input(Pointer("down", *start))
    again.app.tablet_input(Pointer("up", *start))
    go = again.app.tablet.choose._buttons()[1].center
    again.app.tablet_input(Pointer("down", *go))
    again.app.tablet_input(Pointer("up", *go))
    assert again.app.game.rules.fatal_from_round == again.app.game.rules.rounds   # classic


def test_the_volume_page_sets_the_speaker_now_and_after_a_restart(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.unlock()
    table.app.operate(ShowPage(Page.VOLUME))
    table.frames(0.1)
    forty = table.app.tablet.locate_operator(table.app.operator_view(), "choice", "40")
    assert forty is not None
    table.app.tablet_input(Pointer("down", *forty))
    table.app.tablet_input(Pointer("up", *forty))
    table.frames(0.1)
    assert table.app.speaker.volume == 40 and table.app.operator_view().volume == 40
    changed = [event for event in table.events if isinstance(event, OperatorChanged)]
    assert (changed[-1].setting, changed[-1].value) == ("volume", 40)
    assert Table(tmp_path).app.speaker.volume == 40
    with pytest.raises(ValueError):
        ChooseVolume(101)


def test_a_damaged_choices_file_falls_back_to_the_config(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "operator.json").write_text('{"language": "xx", "rotation": 5}')
    table = Table(tmp_path)
    assert table.app.language == "en" and table.app.status().scenes is None
    assert any("operator.json" in record.getMessage() for record in caplog.records)


def test_todays_games_come_from_the_journal(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    for _ in range(2):
        done = subprocess.run([sys.executable, "-m", "lastmessage", "play", "--script", str(shipped_path("examples", "demo.jsonl")),
                               "--db", str(db)], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    today = todays_games(db)
    assert today is not None and today.games == 2 and today.finished == 2
    assert today.detectives + today.criminal == 2 and today.average_minutes is not None
    tomorrow = todays_games(db, now=lambda: datetime.datetime.now() + datetime.timedelta(days=1))
    assert tomorrow is not None and tomorrow.games == 0
    (tmp_path / "broken.sqlite").write_bytes(b"not a database at all" * 100)
    assert todays_games(tmp_path / "broken.sqlite") is None
    assert todays_games(None) == todays_games(tmp_path / "absent.sqlite") == NO_GAMES


def test_an_unwritable_operator_file_still_lets_the_pin_in_and_one_wrong_pin_locks(tmp_path: Path) -> None:
    """The PIN hash is a file of its own: staff get in with the PIN while operator.json
    cannot be written (it used to shut the pad under "The operator PIN cannot be read").
    A wrong try that cannot be kept would be a fresh try after every restart, so one
    wrong PIN locks the pad: a restart gives a guesser one try, not five."""
    (tmp_path / "operator.json").mkdir()   # the file cannot be written (as root: a folder in its place)
    table = Table(tmp_path)
    table.app.operate(OpenOperator())
    view = table.app.operator_view()
    assert view.pin_set and not view.problem          # not "the PIN cannot be read"
    assert "operator.json" in view.unkept and "cannot be written" in view.unkept and "\n" not in view.unkept
    table.frames(0.1)
    shown = [pygame.image.tobytes(table.tablet, "RGB")]
    table.app.operate(EnterPin(PIN))
    assert table.desk.unlocked
    tries = 0
    for _restart in range(3):
        table = Table(tmp_path)
        table.app.operate(OpenOperator())
        for _ in range(MAX_TRIES):
            table.app.operate(EnterPin("0000"))
        tries += sum(getattr(e, "reason", None) == "wrong_pin" for e in table.events)
        assert sum(getattr(e, "reason", None) == "locked" for e in table.events) == MAX_TRIES
        assert table.app.operator_view().locked_for == LOCK_SECONDS
        table.app.operate(EnterPin(PIN))                 # locked: not even the right PIN
        assert not table.desk.unlocked
    assert tries == 0                                     # each boot's one try locked at once
    table.clock.advance(LOCK_SECONDS + 1)
    table.app.operate(EnterPin(PIN))
    assert table.desk.unlocked
    (tmp_path / "operator.json").rmdir()                  # mended: five tries again, kept on disk
    table = Table(tmp_path)
    table.app.operate(OpenOperator())
    assert table.app.operator_view().unkept == ""
    table.frames(0.1)
    assert pygame.image.tobytes(table.tablet, "RGB") != shown[0]   # the warning was drawn, and is gone
    table.app.operate(EnterPin("0000"))
    assert table.app.operator_view().tries_left == MAX_TRIES - 1 and not table.app.operator_view().locked_for
