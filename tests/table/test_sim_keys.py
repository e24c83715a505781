"""Simulator keys stand for the arcade buttons; a key let go is always let go."""

from __future__ import annotations

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import ChooseScene, Erase, Pass, Pick
from lastmessage.ui.display import KeyEdge
from lastmessage.table.loop import route_key
from lastmessage.rules.game import Phase
from tables import make_app


def frames(app: App, clock: SimulatedClock, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        clock.advance(1 / 60)
        app.step()


def test_f_over_the_tablet_flips_the_timer_again_next_round() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    app.execute(ChooseScene("harbour"), "test")
    app.execute(Pick("harbour-p050"), "test")
    # The criminal presses F with the mouse over the tablet: the timer starts...
    route_key(app, KeyEdge("f", True, "tablet"))
    frames(app, clock, 0.2)
    assert app.game.phase is Phase.CLUES
    # ... and F is let go over the tablet while the victim writes.
    route_key(app, KeyEdge("f", False, "tablet"))
    frames(app, clock, 31)
    app.execute(Erase((0, 1, 2, 3, 4)), "test")
    app.execute(Pass(), "test")
    assert app.game.phase is Phase.READY and app.game.round == 2
    route_key(app, KeyEdge("f", True, "tablet"))
    frames(app, clock, 0.2)
    route_key(app, KeyEdge("f", False, "tablet"))
    assert app.game.phase is Phase.CLUES and app.game.round == 2
