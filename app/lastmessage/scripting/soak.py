"""A day at the table in one process: games rotating through every scene and new crowds.

A museum's table plays every shipped scene and a stream of generated ones
("new crowds") in one process, all day. `soak` plays `games` such games on one
App, drawing both screens through each phase (choosing, the victim panning
and zooming, clues, the suspect cursor and loupe, the verdict and the reveal),
and after each game reports what the caches hold (bytes of pictures, by
cache) and the resident size. `lastmessage bench` runs it at full size in a
child process for `rss_mb_steady` and `rss_mb_peak`; the test suite runs a few
games and checks the caches against their budgets (RSS is too noisy for a
unit test).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # imported where they are used: they bring pygame in
    from lastmessage.table.app import App
    from lastmessage.clock import SimulatedClock
    from lastmessage.scenes.model import SceneCatalog

NEW_CROWD_SEEDS = range(1, 10_000)
"""Seeds of the new crowds the soak plays, one fresh scene each time (never a repeat)."""


@dataclass(frozen=True)
class GameFigures:
    scene_id: str
    rss_mb: float        # resident after the game (VmRSS)
    peak_mb: float       # the highest resident size so far (VmHWM)
    cached_mb: dict[str, float]   # bytes of pictures each cache holds, by name


def rotation(catalog: SceneCatalog, new_crowd_every: int = 3) -> Iterator[str]:
    """Scene ids to play: the shipped scenes in turn, a new crowd (another theme and
    seed each time) after every `new_crowd_every` of them."""
    from lastmessage.scenegen.generate import scene_id_for

    shipped = list(catalog)
    seeds = iter(NEW_CROWD_SEEDS)
    index = 0
    while True:
        for scene_id in shipped:
            yield scene_id
            index += 1
            if index % new_crowd_every == 0:
                seed = next(seeds)
                yield scene_id_for(shipped[seed % len(shipped)], 1000 + seed)


def status_mb(field: str) -> float:
    """A size from /proc/self/status (VmRSS, VmHWM) in MB; 0 where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cached_megabytes() -> dict[str, float]:
    """What every picture cache holds now (MB), by name."""
    from lastmessage.scenes import render
    from lastmessage.scenes import surface_cache

    return {**surface_cache.cached_megabytes(), **render.cached_megabytes()}


def skip_roles(app: App) -> None:
    """On the roles screen before the pick, the group says it knows the game: a tap where
    a person taps (nothing when the screen is not up)."""
    from lastmessage.ui.screen import Pointer

    where = app.tablet.locate(app.views.tablet, "guide", False)
    if where is not None:
        app.tablet_input(Pointer("down", where[0], where[1]))
        app.tablet_input(Pointer("up", where[0], where[1]))


def play_game(app: App, clock: SimulatedClock, scene_id: str, frame: Callable[[], None],
              frames: int = 20) -> None:
    """One game in `scene_id` played through every phase, `frames` frames drawn in each."""
    from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Erase, Flip, NewGame, Pass, Pick
    from lastmessage.hal.base import Intent, IntentKind
    from lastmessage.rules.game import Phase
    from lastmessage.scenes.painter import PAINTER
    from lastmessage.ui.screen import Pointer

    def frames_(count: int = frames) -> None:
        for _ in range(count):
            clock.advance(1 / 30)
            frame()

    scene = PAINTER.make(app.catalog, scene_id)   # painting in the foreground: made now
    assert scene is not None, scene_id
    frames_()
    app.execute(ChooseScene(scene.id), "soak")
    skip_roles(app)
    frames_()
    for zoom in ("zoom_in", "zoom_in", "zoom_out", "zoom_out"):   # the victim looks closer
        where = app.tablet.locate(app.views.tablet, zoom)
        if where is not None:
            app.tablet_input(Pointer("down", where[0], where[1]))
            app.tablet_input(Pointer("up", where[0], where[1]))
        frames_(max(1, frames // 4))
    suspects = scene.suspects()
    app.execute(Pick(suspects[0].id), "soak")
    frames_()
    for round_ in range(1, 4):
        app.execute(Flip(), "soak")
        app.execute(AddStroke(tuple((0.1 + 0.8 * k / 60, 0.5 + 0.3 * ((k % 8) - 4) / 8) for k in range(60))),
                    "soak")
        app.execute(AddWord(4, f"clue{round_}"), "soak")
        frames_()
        clock.advance(app.rules.timer_seconds + 1)
        app.step()
        app.execute(Erase(tuple(range(app.rules.erase_count(round_)))), "soak")
        frames_()
        for index in range(frames):   # the detectives' cursor and loupe go over the crowd
            kind = ("MOVE_RIGHT", "MOVE_DOWN", "MOVE_LEFT", "MOVE_UP")[index // max(1, frames // 4) % 4]
            for command in app.detective.handle_intent(Intent(IntentKind[kind], clock.now()), app.views.public):
                app.execute(command, "soak")
            clock.advance(1 / 30)
            frame()
        if round_ < 3:
            app.execute(Pass() if round_ == 1 else Accuse(suspects[1].id), "soak")
            frames_()
    app.execute(Accuse(suspects[0].id), "soak")
    while app.game.phase is not Phase.OVER:
        clock.advance(1)
        app.step()
    for _ in range(12):   # the verdict, the end and the reveal's boards replaying
        clock.advance(1)
        frame()
    app.execute(NewGame(), "soak")
    frames_(2)


def soak(games: int, *, detective_size: tuple[int, int] = (1920, 1080),
         tablet_size: tuple[int, int] = (1280, 800), frames: int = 20,
         report: Callable[[GameFigures, App], None] | None = None) -> list[GameFigures]:
    """Play `games` games in this process on one App, rotating the scenes; the figures after each
    (also handed to `report` with the App, for a test to look into)."""
    import pygame

    from lastmessage.table.app import App
    from lastmessage.clock import SimulatedClock
    from lastmessage.hal.sim import SimHal
    from lastmessage.rules.config import Rules
    from lastmessage.scenegen.generate import GENERATOR
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir

    pygame.init()
    clock = SimulatedClock()
    app = App(catalog=load_scenes(shipped_scenes_dir(), GENERATOR), rules=Rules(timer_seconds=60), clock=clock,
              hal=SimHal(), tablet_size=tablet_size, detective_size=detective_size)
    tablet, detective = pygame.Surface(tablet_size), pygame.Surface(detective_size)

    def frame() -> None:
        app.step()
        app.draw(tablet, detective)
        app.layers()

    results = []
    scenes = rotation(app.catalog)
    for _ in range(games):
        scene_id = next(scenes)
        play_game(app, clock, scene_id, frame, frames)
        figures = GameFigures(scene_id, round(status_mb("VmRSS"), 1), round(status_mb("VmHWM"), 1),
                              cached_megabytes())
        results.append(figures)
        if report is not None:
            report(figures, app)
    return results
