"""A device that runs all day (museums): one game's traces do not outlive it."""

from __future__ import annotations

from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, AddStroke, ChooseScene, Erase, Flip, NewGame, Pick
from lastmessage.rules.game import Phase
from tables import make_app


def test_the_commands_of_a_finished_game_are_not_kept_after_the_next_starts() -> None:
    clock = SimulatedClock()
    app = make_app(clock)
    ink = [[0.1 + 0.8 * i / 3000, 0.5] for i in range(3000)]
    for _ in range(3):
        for command in (ChooseScene("harbour"), Pick("harbour-p050"),
                        Flip(), AddStroke(tuple(ink))):
            app.execute(command, "tablet")
        clock.advance(31)
        app.step()
        app.execute(Erase((0, 1, 2, 3, 4)), "tablet")
        app.execute(Accuse("harbour-p050"), "detective")
        assert app.game.phase is Phase.OVER
        app.execute(NewGame(), "tablet")
    # Every game's strokes stayed in the app's command log: a day of games filled the memory.
    assert not any(isinstance(c, AddStroke) for c, _ in app.executed)
