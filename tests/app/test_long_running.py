"""A device that runs all day (museums): one game's traces do not outlive it."""

from __future__ import annotations

from lastmessage.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Command
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Phase
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir


def test_the_commands_of_a_finished_game_are_not_kept_after_the_next_starts() -> None:
    clock = SimulatedClock()
    app = App(catalog=load_scenes(shipped_scenes_dir()), rules=Rules(), clock=clock, hal=SimHal(),
              tablet_size=(1280, 800), detective_size=(1920, 1080))
    ink = [[0.1 + 0.8 * i / 3000, 0.5] for i in range(3000)]
    for _ in range(3):
        for command in (Command("scene", {"id": "harbour"}), Command("pick", {"character": "harbour-vampire"}),
                        Command("flip"), Command("stroke", {"points": ink})):
            app.execute(command, "tablet")
        clock.advance(31)
        app.step()
        app.execute(Command("erase", {"cells": [0, 1, 2, 3, 4]}), "tablet")
        app.execute(Command("accuse", {"character": "harbour-vampire"}), "detective")
        assert app.game.phase is Phase.OVER
        app.execute(Command("new_game"), "tablet")
    # Every game's strokes stayed in the app's command log: a day of games filled the memory.
    assert sum(len(c.fields.get("points", ())) for c, _ in app.executed) == 0
