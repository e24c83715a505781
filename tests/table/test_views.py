"""The App computes the screens' views when the game changes, not per input or frame
(DESIGN.md section 3), and the views it holds are always those of its game."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest

import lastmessage.table.app as app_module
from lastmessage.clock import SimulatedClock
from lastmessage.rules.config import Rules
from lastmessage.rules.projections import PublicView, TabletView
from lastmessage.scripting.play import play_script
from lastmessage.table.app import App, Views
from lastmessage.ui.screen import Pointer

from tables import CATALOG, drawn, make_app, start_clues

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def projections(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each projection runs from the App."""
    runs: Counter[str] = Counter()
    tablet_view, public_view = app_module.tablet_view, app_module.public_view

    def counted_tablet(game: app_module.Game) -> TabletView:
        runs["tablet"] += 1
        return tablet_view(game)

    def counted_public(game: app_module.Game) -> PublicView:
        runs["public"] += 1
        return public_view(game)

    monkeypatch.setattr(app_module, "tablet_view", counted_tablet)
    monkeypatch.setattr(app_module, "public_view", counted_public)
    return runs


def test_a_pen_stroke_computes_the_views_once_when_the_game_has_it(projections: Counter[str]) -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    start_clues(app)
    drawn(app)
    start = app.tablet.locate(app.views.tablet, "board", (0.2, 0.5))
    assert start is not None
    projections.clear()
    app.tablet_input(Pointer("down", *start))
    for k in range(1, 40):
        app.tablet_input(Pointer("move", start[0] + 6 * k, start[1] + 2 * k))
        clock.advance(1 / 60)
        app.step()
        drawn(app)
    assert projections == Counter(), "moving the pen and drawing frames compute no view"
    app.tablet_input(Pointer("up", start[0] + 240, start[1] + 80))
    assert len(app.game.events) == 4 and len(app.views.tablet.live_board.items) == 1   # type: ignore[union-attr]
    assert projections == Counter(tablet=1, public=1), "the stroke the game took: each view once"
    for _ in range(10):
        clock.advance(1 / 60)
        app.step()
        drawn(app)
    assert projections == Counter(tablet=1, public=1)


def test_a_new_game_and_a_refusal(projections: Counter[str]) -> None:
    app = make_app()
    start_clues(app)
    projections.clear()
    app.execute(app_module.Accuse("harbour-p050"), "test")   # not now: refused, no event
    assert projections == Counter()
    app.new_game()
    assert projections == Counter(tablet=1, public=1)
    assert app.views == Views.of(app.game) and app.views.tablet.phase is app_module.Phase.SCENE


@pytest.mark.parametrize("name", ["detectives-win", "refusals"])
def test_the_views_are_the_games_at_every_frame_of_a_scripted_game(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = Counter[str]()
    draw, tablet_input = App.draw, App.tablet_input

    def check(app: App) -> None:
        assert app.views == Views.of(app.game)
        checked["frames"] += 1

    def checked_draw(self: App, *args: object, **kwargs: object) -> object:
        check(self)
        return draw(self, *args, **kwargs)   # type: ignore[arg-type]

    def checked_input(self: App, event: app_module.ScreenInput) -> None:
        check(self)
        tablet_input(self, event)
        check(self)

    monkeypatch.setattr(App, "draw", checked_draw)
    monkeypatch.setattr(App, "tablet_input", checked_input)
    play_script(EXAMPLES / f"{name}.jsonl", name, CATALOG, Rules(), io.StringIO())
    assert checked["frames"] > 100
