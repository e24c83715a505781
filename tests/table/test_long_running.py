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


def test_a_day_of_every_scene_and_new_crowds_keeps_every_cache_within_its_budget() -> None:
    """The soak at a small size (the bench plays 100 games at full size, `bench --memory`):
    what the caches hold is measured, not the resident size, which is too noisy here."""
    from lastmessage.scenes import render, surface_cache
    from lastmessage.scripting.soak import GameFigures, soak
    from lastmessage.table.app import App

    played: list[str] = []
    render.forget_memory_cache()   # a day starts with empty caches, whatever earlier tests drew

    def check(figures: GameFigures, app: App) -> None:
        played.append(figures.scene_id)
        for cache in surface_cache._all:   # the newest picture may stand alone over the budget: it is shown
            assert cache.bytes <= cache.budget or len(cache) == 1, cache.name
        assert render._figures in surface_cache._all
        assert sum(render._bytes(s) for s in render._memory.values()) <= render._MEMORY_BUDGET
        assert len({key[0] for key in render._memory}) <= render.SCENES_KEPT
        assert not render._figures   # figures rasterised for a painting go when it is done
        table = app.detective.table
        # The game is over: its scene's pictures went with it (the next scene brings its own).
        assert table.loupe._source is None and table.lens._source is None and not table.loupe._names
        assert table.layers._base is None and app.detective.secret.layers._base is None

    soak(4, detective_size=(960, 540), tablet_size=(640, 400), frames=2, report=check)
    assert len(set(played)) == 4 and sum("-s" in scene_id for scene_id in played) == 1   # three scenes, a new crowd
