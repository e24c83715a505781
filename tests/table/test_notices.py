"""Notices (a refusal explained, the service warning) live on the app's clock:
they last their time, and nothing said during one game shows over the next."""

from __future__ import annotations

import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.commands import ChooseScene, Flip
from lastmessage.rules.game import Phase
from lastmessage.ui.tablet.tablet_ui import NOTICE_SECONDS
from tables import drawn, make_app, press_service, start_clues



def test_a_refusal_does_not_come_back_over_the_screens_after_its_game() -> None:
    """The bug of issue 11: a notice timed on the screens' clock (which restarts with
    each game) outlived its game; a refusal 200 s into a game showed for minutes on
    the start screen after the game was put away."""
    clock = SimulatedClock()
    app = make_app(clock)
    start_clues(app)
    clock.advance(200)
    app.step()
    app.execute(Flip(), "buttons")              # refused on the tablet: the clue time is over
    press_service(app, clock)
    press_service(app, clock)                   # put away: the warning goes with it
    assert app.game.phase is Phase.SCENE
    clock.advance(1)
    app.step()
    fresh_clock = SimulatedClock(0.0)
    fresh = make_app(fresh_clock)
    fresh_clock.advance(app.screen_time())
    fresh.step()
    assert app.screen_time() == fresh.screen_time()
    assert drawn(app) == drawn(fresh)


def test_a_notice_lasts_its_time_on_the_app_clock() -> None:
    clock = SimulatedClock()
    app, twin = make_app(clock), make_app(clock)   # the twin is never refused anything
    for each in (app, twin):
        start_clues(each)
    app.execute(ChooseScene("harbour"), "tablet")   # refused: a game is on
    assert drawn(app)[0] != drawn(twin)[0]
    clock.advance(NOTICE_SECONDS - 0.01)
    app.step(), twin.step()
    assert drawn(app)[0] != drawn(twin)[0]
    clock.advance(0.02)
    app.step(), twin.step()
    assert drawn(app)[0] == drawn(twin)[0]


def test_a_notice_is_cleared_when_a_game_starts() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    app.execute(Flip(), "buttons")              # refused before any game: shown on the tablet
    clock.advance(1)
    app.execute(ChooseScene("harbour"), "test")
    game_started = drawn(app)
    other = make_app(SimulatedClock(clock.now()))
    other.execute(ChooseScene("harbour"), "test")
    assert game_started == drawn(other)


@pytest.mark.parametrize("clues", [False, True])
def test_the_service_warning_goes_when_the_game_is_put_away(clues: bool) -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    if clues:
        start_clues(app)
    else:
        app.execute(ChooseScene("harbour"), "test")
    press_service(app, clock)                   # the warning, on both screens
    press_service(app, clock)                   # put away
    fresh_clock = SimulatedClock()
    fresh = make_app(fresh_clock)
    fresh_clock.advance(app.screen_time())
    assert drawn(app) == drawn(fresh)
