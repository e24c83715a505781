"""A finished game's pictures of its criminal go with it: the tablet's crop round the criminal
(1.5-2.6 MB at 3x) was kept until the next game's criminal was shown."""

from __future__ import annotations

from lastmessage.clock import SimulatedClock
from lastmessage.ui.tablet import portrait
from tables import finish_game, make_app


def test_a_new_game_lets_go_of_the_last_criminals_portraits() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    finish_game(app, clock)
    scene = app.game.scene
    assert scene is not None and app.game.secret is not None
    portrait.portrait(scene, scene.character(app.game.secret), 286)   # as the end screen shows it
    assert portrait._region is not None and portrait._portraits
    app.new_game()
    assert portrait._region is None and not portrait._portraits
