"""A walk-up visitor always sees what is going on: a game left alone asks "still
playing?" on both screens and counts down before it is put away (`idle_warning`
first), a tap or any button keeps it; outside the opening hours both screens say
when the table opens, in the museum's language. On the simulated clock; what the
screens say is read back with OCR (tesseract), as a visitor reads it."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

import pygame
import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.commands import AddWord
from lastmessage.config.hours import DAYS, parse_hours
from lastmessage.config.museum import MuseumSettings
from lastmessage.hal.base import Control
from lastmessage.hal.sim import SimHal
from lastmessage.i18n.translate import translator
from lastmessage.operator.effects import SwitchLanguage
from lastmessage.rules.events import AbandonReason, Event, GameAbandoned, IdleWarning, Rejected, TimeUp
from lastmessage.rules.game import Phase
from lastmessage.table.app import CLOSED_SHOWN, App, warning_seconds
from lastmessage.ui.screen import Pointer
from lastmessage.ui.walkup import opening_text
from tables import CATALOG, make_app, start_clues
from ocr import needs_ocr, require_tesseract

IDLE = MuseumSettings().idle_game
SATURDAY = datetime.datetime(2026, 12, 5, 12, 45)   # between the morning and the afternoon
LUNCH = parse_hours({**{day: "10:00-18:00" for day in DAYS}, "sat": "10:00-12:30, 13:30-18:00",
                     "sun": "closed"})


def heard(app: App) -> list[Event]:
    events: list[Event] = []
    app.sinks.append(events.append)
    return events


def screens(app: App) -> tuple[pygame.Surface, pygame.Surface]:
    tablet, monitor = pygame.Surface(app.tablet.size), pygame.Surface(app.detective.size)
    app.draw(tablet, monitor)
    return tablet, monitor




def read(surface: pygame.Surface, tmp: Path, language: str = "eng") -> str:
    """The words tesseract reads on a screen, in one line of text."""
    path = tmp / "screen.png"
    pygame.image.save(surface, str(path))
    found = subprocess.run(["tesseract", str(path), "stdout", "-l", language], capture_output=True, text=True,
                           check=True)
    # (tesseract reads Romanian's comma-below letters as the older cedilla ones)
    return " ".join(found.stdout.split()).translate(str.maketrans("ţşŢŞ", "țșȚȘ"))


# ---- "still playing?" ------------------------------------------------------------

def test_idle_warning_comes_before_the_put_away_with_the_seconds_left() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    events = heard(app)
    start_clues(app)
    clock.advance(IDLE - 31)
    app.step()
    assert not any(isinstance(event, IdleWarning) for event in events) and app.idle_left() is None
    clock.advance(1)
    app.step()
    assert events[-1] == IdleWarning(IDLE - 30, 30, 1)
    assert app.idle_left() == pytest.approx(30)
    clock.advance(30)
    app.step()
    assert events[-1] == GameAbandoned(IDLE, AbandonReason.IDLE, 1)
    assert sum(isinstance(event, IdleWarning) for event in events) == 1


def test_in_one_long_step_every_event_comes_at_its_moment_and_in_order() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    app.museum = MuseumSettings(idle_game=100)
    events = heard(app)
    start_clues(app)   # timer 30 s
    clock.advance(3600)
    app.step()
    assert [type(event) for event in events[-3:]] == [TimeUp, IdleWarning, GameAbandoned]
    assert (events[-3].t, events[-2].t, events[-1].t) == (30, 70, 100)
    assert warning_seconds(45) == 22 and warning_seconds(10) == 5 and warning_seconds(600) == 30


def test_both_screens_ask_still_playing_and_count_down(tmp_path: Path) -> None:
    require_tesseract()
    clock = SimulatedClock()
    app = make_app(clock)
    start_clues(app)
    clock.advance(IDLE - 23)
    app.step()
    tablet, monitor = screens(app)
    for surface in (tablet, monitor):
        words = read(surface, tmp_path)
        assert "Still playing?" in words and "23" in words and "any button" in words
    assert "Tap the screen" in read(tablet, tmp_path) and "Touch the tablet" in read(monitor, tmp_path)
    clock.advance(10)
    app.step()
    assert "13" in read(screens(app)[1], tmp_path)
    app.language = "ro"
    clock.advance(1)
    app.step()
    words = read(screens(app)[0], tmp_path, "ron")
    assert "Mai jucați?" in words and "12" in words


def test_a_tap_during_the_countdown_keeps_the_game_and_does_nothing_else() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    events = heard(app)
    start_clues(app)
    clock.advance(IDLE - 10)
    app.step()
    assert app.game.phase is Phase.ERASE
    spot = app.tablet.locate(app.views.tablet, "cell", 4)
    assert spot is not None
    for kind in ("down", "move", "up"):
        app.tablet_input(Pointer(kind, *spot))   # on a square: not chosen by this touch
    app.step()
    erase = app.tablet._by_phase[Phase.ERASE]
    assert app.idle_left() is None and getattr(erase, "chosen") == []
    for kind in ("down", "up"):
        app.tablet_input(Pointer(kind, *spot))   # the next touch is the game's again
    assert getattr(erase, "chosen") == [4]
    clock.advance(IDLE)
    app.step()
    # The game waited a whole idle time again, asked again, then was put away.
    assert [type(event) for event in events if isinstance(event, (IdleWarning, GameAbandoned))] == [
        IdleWarning, IdleWarning, GameAbandoned]


def test_any_button_keeps_the_game_and_does_only_that() -> None:
    clock = SimulatedClock()
    hal = SimHal()
    app = make_app(clock, hal=hal)
    events = heard(app)
    start_clues(app)
    clock.advance(31)
    app.step()
    app.execute(AddWord(4, "cape"), "test")   # (no effect: the clues are over; a touch all the same)
    clock.advance(IDLE - 5)
    app.step()
    assert app.idle_left() is not None and app.game.phase is Phase.ERASE
    before = len(events)
    hal.key(Control.PASS, True, clock.now())
    app.step()
    clock.advance(0.1)
    hal.key(Control.PASS, False, clock.now())
    app.step()
    assert app.idle_left() is None and app.game.phase is Phase.ERASE
    assert not any(isinstance(event, (GameAbandoned, Rejected)) for event in events[before:])


def test_a_finished_game_and_the_start_screen_are_not_asked_about() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    events = heard(app)
    clock.advance(3600)
    app.step()
    assert app.idle_left() is None and events == []


# ---- closed ------------------------------------------------------------------------

def closed_museum(at: datetime.datetime, language: str = "en") -> tuple[App, SimulatedClock, list[bool]]:
    pygame.init()
    clock = SimulatedClock()
    app = App(catalog=CATALOG, rules=make_app(clock).rules, clock=clock, hal=SimHal(),
              tablet_size=(1024, 600), detective_size=(1920, 1080),
              museum=MuseumSettings(hours=LUNCH), wall=lambda: at, language=language)
    switched: list[bool] = []
    app.sleep_listeners.append(switched.append)
    app.step()
    return app, clock, switched


def test_the_opening_time_is_said_as_a_visitor_says_it() -> None:
    en, ro = translator("en"), translator("ro")
    now = SATURDAY
    assert opening_text(en, now, LUNCH.next_opening(now)) == "Opens at 13:30"
    assert opening_text(ro, now, LUNCH.next_opening(now)) == "Se deschide la 13:30"
    evening = now.replace(hour=19)
    assert LUNCH.next_opening(evening) == datetime.datetime(2026, 12, 7, 10, 0)   # Sunday is closed
    assert opening_text(en, evening, LUNCH.next_opening(evening)) == "Opens on Monday at 10:00"
    assert opening_text(ro, evening, LUNCH.next_opening(evening)) == "Se deschide luni la 10:00"
    friday = datetime.datetime(2026, 12, 4, 20, 0)
    assert opening_text(en, friday, LUNCH.next_opening(friday)) == "Opens tomorrow at 10:00"
    assert opening_text(ro, friday, LUNCH.next_opening(friday)) == "Se deschide mâine la 10:00"
    never = parse_hours({day: "closed" for day in DAYS})
    assert never.next_opening(now) is None and opening_text(en, now, None) == ""


@needs_ocr
def test_closed_both_screens_say_when_it_opens_in_the_museums_language(tmp_path: Path) -> None:
    app, _, _ = closed_museum(SATURDAY)
    assert app.asleep
    for surface in screens(app):
        assert "Opens at 13:30" in read(surface, tmp_path)
    app, _, _ = closed_museum(SATURDAY)
    app._carry_out([SwitchLanguage("ro")])   # the operator chose Romanian
    for surface in screens(app):
        assert "Se deschide la 13:30" in read(surface, tmp_path, "ron")


def test_closed_the_screens_stand_by_and_a_touch_shows_the_closed_screen_again() -> None:
    app, clock, switched = closed_museum(SATURDAY)
    clock.advance(CLOSED_SHOWN - 1)
    app.step()
    assert switched == []
    clock.advance(1)
    app.step()
    assert switched == [True] and app.standby
    app.tablet_input(Pointer("down", 500, 300))
    app.step()
    assert switched == [True, False] and app.asleep and app.origin is None   # shown, still closed
    clock.advance(CLOSED_SHOWN)
    app.step()
    assert switched == [True, False, True]


# ---- credits ---------------------------------------------------------------------------

def test_the_credits_name_the_designers_and_the_publisher_first_then_thank_the_libraries() -> None:
    from lastmessage.scenes.credits import credits_blocks
    blocks = credits_blocks()
    heading, body = blocks[0]
    assert heading == "Last Message" and "Lee Ju-Hwa and Giung Kim" in body and "IELLO" in body
    assert blocks[-1][0] == "With thanks to" and "pygame-ce" in blocks[-1][1]
    ro = translator("ro")
    for heading, body in blocks:   # both languages, every block
        assert ro.tr(body) != body
    assert "Lee Ju-Hwa și Giung Kim, publicat de IELLO" in ro.tr(blocks[0][1])
    assert ro.tr("With thanks to") == "Mulțumiri"


@needs_ocr
def test_the_attract_loop_names_the_designers_and_the_publisher(tmp_path: Path) -> None:
    from lastmessage.rules.config import Rules
    from lastmessage.ui.detective import attract
    from lastmessage.ui.detective import words as monitor_words
    pygame.init()
    for language, ocr, names in (("en", "eng", "Lee Ju-Hwa and Giung Kim"), ("ro", "ron", "Lee Ju-Hwa și Giung Kim")):
        tx = translator(language)
        title, lines = monitor_words.how_to_play(tx, Rules())[0]   # a how-to-play card of the loop
        card = attract._card(1920, 1080, tuple(lines), title, monitor_words.attract_call(tx), tx)
        words = read(card, tmp_path, ocr)
        assert names in words and "IELLO" in words
