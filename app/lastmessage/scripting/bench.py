"""`lastmessage bench`: the product's figures, measured in one run.

Frame costs are given in blit units: one unit is the time to blit one
1920x1080 surface, measured in the same run, so figures from a busy or a
quiet machine compare. Both are timed in this thread's CPU time: on a machine
shared with other work, wall-clock time would count the moments the system
gave our core to someone else. Each render path is measured in a fresh
process, so neither inherits the other's warm caches. The present step is
timed in wall-clock time: it waits on the video driver. Startup and memory
are measured in fresh processes too.

Our cost on the renderer path is drawing, the layers' bookkeeping and every
texture update: the screens' changed rectangles and each new or changed
layer image (present.Layer), which count as uploads too. Compositing there
(drawing the textures scaled and blended into the window) is the GPU's work
and is timed with the present step. On the software path composing the
layers (blit, smoothscale) is ours and counts in the frame.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NotRequired, TypedDict

from lastmessage.arguments import Subparsers
from lastmessage.data import shipped_path
from lastmessage.scripting.bench_mqtt import MqttFigures, mqtt_figures

if TYPE_CHECKING:   # imported where they are used: they bring pygame in
    from pygame import Rect

    from lastmessage.table.app import App
    from lastmessage.clock import SimulatedClock
    from lastmessage.ui.present import Layer
    from lastmessage.scenes.model import Scene

TARGETS: dict[str, float] = {"frame_p99_units": 2.0, "frame_p99_units_4k": 6.0, "upload_fraction": 0.1,
                             "startup_seconds": 2.0, "rss_mb": 200.0, "rss_mb_peak": 250.0, "ink_latency_frames": 1,
                             "search_suspect_px": 72.0, "phones_cursor_rise_units": 0.2, "phones_first_view_s": 1.0}


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def blit_unit(repeats: int = 60) -> float:
    import pygame

    source = pygame.Surface((1920, 1080))
    source.fill((40, 80, 120))
    target = pygame.Surface((1920, 1080))
    times = []
    for _ in range(repeats):
        start = time.thread_time()
        target.blit(source, (0, 0))
        times.append(time.thread_time() - start)
    return statistics.median(times)


def _timed_frames(step: Callable[[int], None], frames: int) -> list[float]:
    """Wall-clock times of `frames` calls (the journal's: they wait on the disk)."""
    times = []
    for index in range(frames):
        start = time.perf_counter()
        step(index)
        times.append(time.perf_counter() - start)
    return times


class Meter:
    """Both screens drawn and handed to the display, frame after frame, through one
    render path, with what each frame cost us, uploaded, and took to present.

    Our cost is drawing plus the hand-over (texture updates on the renderer
    path; nothing on the flip path, whose hand-over is the flip itself). The
    present step (the renderer drawing its textures and showing them, or the
    flip) is timed apart: it is the video driver's work, on the GPU on a Pi."""

    def __init__(self, path: str, tablet_size: tuple[int, int], detective_size: tuple[int, int]) -> None:
        import pygame

        from lastmessage.ui.present import FlipOutput, ScreenOutput, TextureOutput

        kind = TextureOutput if path == "renderer" else FlipOutput
        self._windows = [pygame.Window(f"Last Message bench {path} {name}", size)
                         for name, size in (("tablet", tablet_size), ("detective", detective_size))]
        self.outputs: list[ScreenOutput] = [kind(window, window.size, pygame.Rect((0, 0), window.size))
                                            for window in self._windows]
        self.tablet, self.detective = (output.screen for output in self.outputs)
        self.full_bytes = sum(o.screen.get_width() * o.screen.get_height() * o.screen.get_bytesize()
                              for o in self.outputs)
        self.costs: list[float] = []
        self.uploads: list[float] = []
        self.presents: list[float] = []

    def frame(self, draw: Callable[[], tuple[list[Rect], list[Rect]]],
              layers: Callable[[], tuple[Sequence[Layer], Sequence[Layer]]]) -> None:
        start = time.thread_time()
        dirty = draw()
        for output, rects, over in zip(self.outputs, dirty, layers()):
            output.upload(rects, None, over)
        self.costs.append(time.thread_time() - start)
        self.uploads.append(sum(o.uploaded_bytes for o in self.outputs) / self.full_bytes)
        start = time.perf_counter()
        if sum([output.present() for output in self.outputs]):
            self.presents.append(time.perf_counter() - start)

    def take(self) -> tuple[list[float], list[float]]:
        """The costs and upload fractions since the last take."""
        taken = self.costs, self.uploads
        self.costs, self.uploads = [], []
        return taken

    def close(self) -> None:
        for output in self.outputs:
            output.close()
        for window in self._windows:
            window.destroy()


Samples = dict[str, tuple[list[float], list[float]]]


def _table(path: str, detective_size: tuple[int, int] = (1920, 1080)) -> tuple[App, SimulatedClock, Meter]:
    from lastmessage.table.app import App
    from lastmessage.clock import SimulatedClock
    from lastmessage.hal.sim import SimHal
    from lastmessage.rules.config import Rules
    from lastmessage.scenegen.generate import GENERATOR
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.table.memory import settle_the_heap

    meter = Meter(path, (1280, 800), detective_size)
    clock = SimulatedClock()
    app = App(catalog=load_scenes(shipped_scenes_dir(), GENERATOR), rules=Rules(timer_seconds=120), clock=clock,
              hal=SimHal(), tablet_size=meter.tablet.get_size(), detective_size=meter.detective.get_size())
    settle_the_heap()   # as the device's loop does before its first frame
    return app, clock, meter


def collector_pauses() -> tuple[float, float]:
    """A full collection of Python's collector now, in this thread's CPU seconds: the longest pause
    it can give a frame, as the device runs (the heap frozen before the game: memory.py), then with
    the whole heap to walk, as it was before (frozen again after)."""
    import gc

    start = time.thread_time()
    gc.collect()
    frozen = time.thread_time() - start
    gc.unfreeze()
    start = time.thread_time()
    gc.collect()
    whole = time.thread_time() - start
    gc.freeze()
    return frozen, whole


def _bench_scene(app: App, scene_id: str | None) -> Scene:
    """The scene asked for (a new crowd's made now, before any frame is timed), else the first."""
    if scene_id is None:
        return next(iter(app.catalog.values()))
    scene = app.catalog.make(scene_id)
    if scene is None:
        raise KeyError(scene_id)
    return scene


def _detectives_before_the_fourth_board(app: App, clock: SimulatedClock, scene: Scene) -> None:
    """A game in `scene` brought to the detectives' search of the fourth board, three
    earlier ones beside it: where the cursor and the loupe are measured."""
    from lastmessage.commands import ChooseScene, Erase, Pick

    app.execute(ChooseScene(scene.id), "bench")
    app.execute(Pick(scene.suspects()[0].id), "bench")
    _three_rounds_then_the_fourth(app, clock)
    clock.advance(121)
    app.step()
    app.execute(Erase(tuple(range(app.rules.erase_count(4)))), "bench")


def _three_rounds_then_the_fourth(app: App, clock: SimulatedClock) -> None:
    """Three earlier boards, each with ink, then the fourth round's timer running."""
    from lastmessage.commands import AddStroke, AddWord, Erase, Flip, Pass

    for done in range(3):
        app.execute(Flip(), "bench")
        app.execute(AddStroke(tuple((0.1 + 0.8 * k / 40, 0.5 + 0.4 * ((k % 8) - 4) / 8)
                                    for k in range(40))), "bench")
        app.execute(AddWord(4, f"clue{done}"), "bench")
        clock.advance(121)
        app.step()
        app.execute(Erase(tuple(range(app.rules.erase_count(done + 1)))), "bench")
        app.execute(Pass(), "bench")
    app.execute(Flip(), "bench")


def _frame(app: App, clock: SimulatedClock, meter: Meter) -> None:
    def work() -> tuple[list[Rect], list[Rect]]:
        app.step()
        return app.draw(meter.tablet, meter.detective)

    clock.advance(1 / 60)
    meter.frame(work, app.layers)


CURSOR_MOVES = ["MOVE_RIGHT"] * 12 + ["MOVE_DOWN"] * 6 + ["MOVE_LEFT"] * 12 + ["MOVE_UP"] * 6


def _move_cursor(app: App, index: int) -> None:
    from lastmessage.hal.base import Intent, IntentKind

    intent = Intent(IntentKind[CURSOR_MOVES[index % len(CURSOR_MOVES)]], app.clock.now())
    for command in app.detective.handle_intent(intent, app.views.public):
        app.execute(command, "detective")


def _scenarios(path: str, scene_id: str | None, frames: int) -> tuple[Samples, int, list[float], str,
                                                                     tuple[float, float]]:
    """Each scenario's frames through one render path; the ink latency in frames; present times;
    a full collection's pause in the suspect step (collector_pauses)."""
    from lastmessage.commands import Accuse, ChooseScene, Erase, Pick
    from lastmessage.ui.present import render_driver
    from lastmessage.ui import theme
    from lastmessage.ui.screen import Pointer
    from lastmessage.scripting.soak import skip_roles

    app, clock, meter = _table(path)
    scene = _bench_scene(app, scene_id)
    results: Samples = {}

    def frame() -> None:
        _frame(app, clock, meter)

    def run(name: str, step: Callable[[int], None], count: int = frames) -> None:
        meter.take()
        for index in range(count):
            step(index)
        results[name] = meter.take()

    for _ in range(10):
        frame()
    run("idle", lambda i: frame())

    # Pick: the victim drags the scene about and zooms in and out on the tablet.
    app.execute(ChooseScene(scene.id), "bench")
    skip_roles(app)
    for _ in range(5):
        frame()

    def pan(index: int) -> None:
        view = app.views.tablet
        phase = index % 60
        if phase == 0:
            where = app.tablet.locate(view, "zoom_in" if index % 120 == 0 else "zoom_out")
            if where is not None:
                app.tablet_input(Pointer("down", where[0], where[1]))
                app.tablet_input(Pointer("up", where[0], where[1]))
        else:
            x, y = 640 + 6 * (phase if phase < 30 else 60 - phase), 400 + 3 * (phase if phase < 30 else 60 - phase)
            app.tablet_input(Pointer("down" if phase == 1 else ("up" if phase == 59 else "move"), x, y))
        frame()

    run("pick_pan", pan)
    app.execute(Pick(scene.suspects()[0].id), "bench")
    _three_rounds_then_the_fourth(app, clock)
    for _ in range(5):
        frame()

    # Drawing: 2,000 ink points, one new point per frame, in long strokes.
    latencies: list[int] = []
    points_per_stroke = 200

    def ink(index: int) -> None:
        """One new point a frame; then count frames until it shows (1 = the next frame)."""
        k = index % points_per_stroke
        x = 0.05 + 0.9 * k / points_per_stroke
        y = 0.1 + 0.8 * ((index // points_per_stroke) % 10) / 10 + 0.02 * ((k % 10) - 5) / 5
        where = app.tablet.locate(app.views.tablet, "board", (x, y))
        assert where is not None, "the clue board is not on the tablet"
        pixel = (int(where[0]), int(where[1]))
        app.tablet_input(Pointer("down" if k == 0 else "move", float(where[0]), float(where[1])))
        frame()
        shown = 1
        while tuple(meter.tablet.get_at(pixel))[:3] == theme.PAPER and shown < 5:
            frame()
            shown += 1
        latencies.append(shown)
        if k == points_per_stroke - 1:
            app.tablet_input(Pointer("up", float(where[0]), float(where[1])))

    run("drawing", ink, 2000)

    # The fourth board arrives on the monitor, its squares struck out.
    clock.advance(121)
    app.step()
    app.execute(Erase(tuple(range(app.rules.erase_count(4)))), "bench")
    run("board_arrival", lambda i: frame())

    # Suspect: four boards shown, the cursor moving with the loupe.
    def cursor(index: int) -> None:
        _move_cursor(app, index)
        frame()

    run("cursor", cursor)
    pauses = collector_pauses()
    run("search_pan", lambda i: _search_pan(app, scene, i, frame), frames)
    from lastmessage.scenes.painter import PAINTER
    PAINTER.use_background(False)
    app.detective.search.close()

    # A wrong accusation in the last round: the verdict, then the criminal wins and the reveal.
    innocent = next(c for c in scene.suspects() if c.id != app.game.secret)
    app.execute(Accuse(innocent.id), "bench")
    run("verdict", lambda i: frame())
    # The rest of the verdict and the frame the end is painted on (a full repaint
    # under the lights going down), unmeasured: `reveal` is the end and its
    # boards replaying (the board in focus changing), whatever `frames`.
    reveal = app.detective.moments.reveal_start()
    while reveal is not None and app.screen_time() < reveal:
        frame()
    run("reveal", lambda i: frame())
    driver = render_driver(meter.outputs[1])
    meter.close()
    return results, max(latencies), meter.presents, driver, pauses


def _search_pan(app: App, scene: Scene, index: int, frame: Callable[[], None]) -> None:
    """The detectives' search view: ZOOM to 2x, a finger dragging the view about, ZOOM to 3x,
    dragging on, back to 2x, ...; tiles are drawn on the worker thread, as on the device (the
    1x picture under them was painted before the first frame, as it is while the criminal picks)."""
    from lastmessage.hal.base import Intent, IntentKind
    from lastmessage.scenes.painter import PAINTER
    from lastmessage.ui.screen import Pointer

    if index == 0:
        PAINTER.get(scene, app.detective.search.viewport(scene)[2:])
        PAINTER.use_background(True)
    phase = index % 100
    if phase == 0:
        presses = {0: 2, 1: 1, 2: 1, 3: 3}[app.detective.search_level()]   # to 2x, 2x to 3x, 3x to 2x
        for _ in range(presses):
            for command in app.detective.handle_intent(Intent(IntentKind.ZOOM, app.clock.now()), app.views.public):
                app.execute(command, "bench")
    else:
        w, h = app.detective.size
        step = phase % 50
        sweep = (1 if phase < 50 else -1) * 12
        x, y = w / 2 + sweep * (step - 25), h / 2 + sweep * (step - 25) / 2
        app.detective_input(Pointer("down" if step == 1 else "up" if step == 49 else "move", x, y, id=1))
    frame()


def search_suspect_px_median(detective_size: tuple[int, int] = (1920, 1080)) -> float:
    """The median suspect's drawn height in pixels at the search view's 2x step, over the
    shipped scenes (the smallest of their medians)."""
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.scenes.geometry import search_size
    from lastmessage.ui.detective.search import suspect_heights

    medians = []
    for scene in load_scenes(shipped_scenes_dir()).values():
        medians.append(statistics.median(suspect_heights(scene, search_size(scene.aspect, detective_size))))
    return round(min(medians), 1)


def _cursor_4k(path: str, scene_id: str | None, frames: int) -> tuple[list[float], list[float]]:
    """The cursor and loupe on a 3840x2160 monitor."""
    app, clock, meter = _table(path, (3840, 2160))
    scene = _bench_scene(app, scene_id)
    _detectives_before_the_fourth_board(app, clock, scene)

    def frame() -> None:
        _frame(app, clock, meter)

    for _ in range(90):   # the board settles
        frame()
    meter.take()
    for index in range(frames):
        _move_cursor(app, index)
        frame()
    taken = meter.take()
    meter.close()
    return taken


def _child_seconds(code: str) -> float:
    start = time.time()
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return float(output.stdout.strip().splitlines()[-1]) - start


STARTUP = """
from lastmessage.table.memory import tune_the_allocator, settle_the_heap
tune_the_allocator()   # as the device starts
import time, pygame
from lastmessage.table.app import App
from lastmessage.clock import MonotonicClock
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
pygame.init()
tablet, detective = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
app = App(catalog=load_scenes(shipped_scenes_dir()), rules=Rules(), clock=MonotonicClock(), hal=SimHal(),
          tablet_size=(1280, 800), detective_size=(1920, 1080))
settle_the_heap()   # as the loop does before its first frame
app.step(); app.draw(tablet, detective)
print(time.time())
"""


def _rss_after_games(games: int) -> float:
    """Resident memory (MB) of a fresh process after playing the demo game `games` times."""
    script = shipped_path("examples", "demo.jsonl")
    code = f"""
from lastmessage.table.memory import tune_the_allocator
tune_the_allocator()   # as the device starts
import io, resource
from pathlib import Path
from lastmessage.scripting.play import play_script
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
catalog = load_scenes(shipped_scenes_dir())
for _ in range({games}):
    play_script(Path({str(script)!r}), "demo", catalog, Rules(), io.StringIO())
for line in open("/proc/self/status"):
    if line.startswith("VmRSS:"):
        print(int(line.split()[1]) / 1024)
"""
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return float(output.stdout.strip().splitlines()[-1])


SOAK = """
import json, os
from lastmessage.table.memory import tune_the_allocator
tune_the_allocator()   # as the device starts
from lastmessage.scripting.soak import soak
figures = soak({games}, detective_size={size})
print(json.dumps([figures[-1].rss_mb, max(f.peak_mb for f in figures)]))
"""


def _soak_in_child(games: int, detective_size: tuple[int, int]) -> tuple[float, float]:
    """Resident memory (MB) of a fresh process after `games` games rotating through every scene
    and new crowds (scripting/soak.py), and the highest it reached (VmHWM). The scene cache is a
    fresh folder: a new crowd is painted, never found on disk from an earlier bench."""
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        output = subprocess.run([sys.executable, "-c", SOAK.format(games=games, size=tuple(detective_size))],
                                check=True, capture_output=True, text=True,
                                env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                     "LASTMESSAGE_CACHE": cache})
    steady, peak = json.loads(output.stdout.strip().splitlines()[-1])
    return float(steady), float(peak)


def _journal_figures(events: int = 200) -> tuple[float, float]:
    """What journalling costs the frame loop (handing an event to the writer, p99 ms)
    beside what it costs the writer thread (one durable commit, p50 ms), for a
    500-point stroke."""
    import tempfile

    from lastmessage.rules.config import Rules
    from lastmessage.rules.game import Game
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.journal.store import Journal, JournalWriter

    game = Game(Rules(), load_scenes(shipped_scenes_dir()))
    game.start("harbour", 0)
    game.pick("harbour-p050", 1)
    game.flip(2)
    stroke = game.stroke([(0.1 + 0.8 * i / 500, 0.5) for i in range(500)], 3)[-1]
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "bench.sqlite")
        game_id = journal.new_game(Rules())
        commits = _timed_frames(lambda _: journal.append(game_id, stroke), events)
        writer = JournalWriter(journal, game_id=game_id)
        enqueues = _timed_frames(lambda _: writer(stroke), events)
        writer.close(timeout=60)
    return round(_percentile(enqueues, 0.99) * 1000, 3), round(_percentile(commits, 0.5) * 1000, 3)


class SceneCopyFigures(TypedDict):
    journal_scene_copy_kb: float      # what a game in a picture not yet kept adds to the journal
    journal_scene_pack_ms: float      # making that copy, on the writer thread (p50)
    journal_new_game_ms: float        # committing a game that brings its copy (p50)
    journal_new_game_kept_ms: float   # committing a game whose picture is kept already (p50)


def _scene_copy_figures(games: int = 20) -> SceneCopyFigures:
    """What keeping each game's scene costs (scene_copy.py): the copy's size, packing it, and
    the commit of a game row with a new copy against one whose copy the journal has."""
    import tempfile

    from lastmessage.rules.config import Rules
    from lastmessage.journal.scene_copy import pack, unpack
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.journal.store import Journal

    scene = load_scenes(shipped_scenes_dir())["harbour"]
    copy = pack(scene)
    fresh = [unpack(copy.data, copy.digest, "bench") for _ in range(games)]   # equal scenes, not yet packed
    packs = _timed_frames(lambda index: None if pack(fresh[index]) else None, games)
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "bench.sqlite")
        # Another picture each game (the digest is all that tells them apart to the journal).
        copies = [type(copy)(f"{index:064x}", copy.data) for index in range(games)]
        new = _timed_frames(lambda index: None if journal.new_game(Rules(), copies[index]) else None, games)
        kept = _timed_frames(lambda index: None if journal.new_game(Rules(), copies[0]) else None, games)
        journal.close()
    return SceneCopyFigures(journal_scene_copy_kb=round(len(copy.data) / 1024, 1),
                            journal_scene_pack_ms=round(_percentile(packs, 0.5) * 1000, 2),
                            journal_new_game_ms=round(_percentile(new, 0.5) * 1000, 2),
                            journal_new_game_kept_ms=round(_percentile(kept, 0.5) * 1000, 2))


class Scenario(TypedDict):
    frames: int
    p50_units: float
    p99_units: float
    upload_fraction: float
    upload_fraction_max: float   # the worst frame: a screen repainted whole (a phase change)


class Report(SceneCopyFigures):
    blit_unit_ms: float
    scenarios: dict[str, Scenario]
    software_scenarios: dict[str, Scenario]
    present_ms: float
    software_present_ms: float
    video_driver: str
    render_driver: str
    ink_latency_frames: int
    startup_seconds: float
    rss_mb_after_game: float
    rss_mb_steady: float   # after `steady_games` games rotating every scene and new crowds
    rss_mb_peak: float     # the highest resident size during those games (VmHWM)
    steady_games: int
    steady_detective_size: list[int]   # the monitor of those games (--detective-size)
    rss_mb_renderer: float   # the renderer path's process after its scenarios, 4K monitor included
    gc_pause_units: float    # the longest pause Python's collector can give a frame mid-game (PathFigures)
    gc_pause_units_whole_heap: float
    search_suspect_px_median: float   # the median suspect's height at the search view's 2x, 1080p
    journal_enqueue_ms_p99: float   # what a frame pays to journal an event
    journal_commit_ms_p50: float    # what the writer thread pays for it
    mqtt: MqttFigures | None   # a venue's broker (bench_mqtt.py); None without mosquitto
    phones: PhonesFigures   # 64 phones marking every second, against the same connected without marks; and 200 voting (audience)
    targets: dict[str, float]
    missed: list[str]
    meets_targets: bool


def _figures(samples: Samples, unit: float) -> dict[str, Scenario]:
    return {name: Scenario(frames=len(costs),
                           p50_units=round(_percentile(costs, 0.5) / unit, 2),
                           p99_units=round(_percentile(costs, 0.99) / unit, 2),
                           upload_fraction=round(_percentile(uploads, 0.99), 4),
                           upload_fraction_max=round(max(uploads), 4))
            for name, (costs, uploads) in samples.items()}


def _missed(report: Report) -> list[str]:
    """The targets the renderer path (the device's) misses, each named with its figure."""
    missed = []
    for name, figures in report["scenarios"].items():
        limit = TARGETS["frame_p99_units_4k" if name.endswith("_4k") else "frame_p99_units"]
        if figures["p99_units"] > limit:
            missed.append(f"{name} p99 {figures['p99_units']} units > {limit}")
        if figures["upload_fraction"] > TARGETS["upload_fraction"]:
            missed.append(f"{name} upload_fraction {figures['upload_fraction']} > {TARGETS['upload_fraction']}")
    if report["ink_latency_frames"] > TARGETS["ink_latency_frames"]:
        missed.append(f"ink latency {report['ink_latency_frames']} frames")
    if report["search_suspect_px_median"] < TARGETS["search_suspect_px"]:
        missed.append(f"search_suspect_px_median {report['search_suspect_px_median']} px")
    if report["startup_seconds"] >= TARGETS["startup_seconds"]:
        missed.append(f"startup {report['startup_seconds']} s")
    for key in ("rss_mb_after_game", "rss_mb_steady"):
        if report[key] >= TARGETS["rss_mb"]:
            missed.append(f"{key} {report[key]} MB")
    if report["rss_mb_peak"] >= TARGETS["rss_mb_peak"]:
        missed.append(f"rss_mb_peak {report['rss_mb_peak']} MB")
    return missed + phones_missed(report["phones"])


def phones_missed(phones: PhonesFigures) -> list[str]:
    """The targets the phones' figures miss (`bench` and `bench --phones` alike)."""
    missed = []
    if phones["cursor_p99_rise_units"] > TARGETS["phones_cursor_rise_units"]:
        missed.append(f"phones cursor_p99_rise_units {phones['cursor_p99_rise_units']}")
    for key, figure, limit in (("first_view_s", phones["first_view_s"], TARGETS["phones_first_view_s"]),
                               ("rss_mb_with_phones", phones["rss_mb_with_phones"], TARGETS["rss_mb"])):
        if figure >= limit:   # under the limit, as the issue says
            missed.append(f"phones {key} {figure}")
    if phones["phones_failed"]:
        missed.append(f"phones: {phones['phones_failed']} phones failed")
    crowd = phones.get("audience")
    if crowd is not None:   # "an audience of 200 phones votes through a round while the bench figures hold"
        if crowd["cursor_p99_rise_units"] > TARGETS["phones_cursor_rise_units"]:
            missed.append(f"audience of {crowd['phones']} cursor_p99_rise_units {crowd['cursor_p99_rise_units']}")
        if crowd["phones_failed"]:
            missed.append(f"audience: {crowd['phones_failed']} phones failed")
    return missed



class PathFigures(TypedDict):
    scenarios: dict[str, Scenario]
    render_driver: str
    ink_latency_frames: int
    present_ms: float
    blit_unit_ms: float
    rss_mb: float   # of the process once every scenario ran (its layer textures held or freed)
    gc_pause_units: float   # a full collection in the suspect step, the heap frozen before the game as the device does
    gc_pause_units_whole_heap: float   # the same walking the whole heap, as before (table/memory.py)


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        return next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmRSS:"))


def measure_path(path: str, scene_id: str | None, frames: int) -> PathFigures:
    """Every scenario through one render path ("renderer" or "software"), in this process."""
    import pygame

    from lastmessage.table.memory import tune_the_allocator

    tune_the_allocator()   # a child of its own: it starts as the device does
    pygame.init()
    unit = blit_unit()
    samples, latency, presents, driver, (pause, whole) = _scenarios(path, scene_id, frames)
    samples["cursor_4k"] = _cursor_4k(path, scene_id, frames)
    return PathFigures(scenarios=_figures(samples, unit), render_driver=driver, ink_latency_frames=latency,
                       gc_pause_units=round(pause / unit, 2), gc_pause_units_whole_heap=round(whole / unit, 2),
                       present_ms=round(statistics.median(presents) * 1000, 3),
                       blit_unit_ms=round(unit * 1000, 3), rss_mb=round(_rss_mb(), 1))


def _path_in_child(path: str, scene_id: str | None, frames: int) -> PathFigures:
    code = ("import json; from lastmessage.scripting.bench import measure_path; "
            f"print(json.dumps(measure_path({path!r}, {scene_id!r}, {frames})))")
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    figures: PathFigures = json.loads(output.stdout.strip().splitlines()[-1])
    return figures


def _phones_in_child(frames: int) -> PhonesFigures:
    """bench_phones.measure in fresh processes (it imports this module's helpers: run by name): 64
    phones marking, then audience mode's crowd of 200 voting (its figures under `audience`)."""
    figures = _phones_run(f"{frames}")
    figures["audience"] = _phones_run(f"{frames}, count=AUDIENCE, audience=True")
    return figures


def _phones_run(arguments: str) -> PhonesFigures:
    code = ("import json; from lastmessage.scripting.bench_phones import AUDIENCE, measure; "
            f"print(json.dumps(measure({arguments})))")
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    figures: PhonesFigures = json.loads(output.stdout.strip().splitlines()[-1])
    return figures


class PhonesFigures(TypedDict):
    """`bench --phones` (bench_phones.py, which runs it; kept here so that this module never imports it)."""
    phones: int
    cursor_p99_units: float              # the median of the quiet rounds' p99 (phones connected, no mark)
    cursor_p99_units_with_phones: float  # the median of the marking rounds' p99 (a mark a second each)
    cursor_p99_rise_units: float         # the median of the rounds' rises, marking less quiet; target <= 0.2
    cursor_p99_units_rounds: dict[str, list[float]]   # each way's p99, round after round
    cursor_p99_rises: list[float]        # each round's rise
    noise_units: float                   # the spread of the quiet rounds
    within_noise: bool                   # the rise is no more than the noise
    phones_frame_us_p50: float           # what a frame pays for the phones, marking (step and layers)
    phones_frame_us_p99: float
    first_view_s: float                  # joining to the whole scene received, the slowest phone; target < 1
    bytes_per_phone: int                 # page, whole picture, one settled zoom's tiles and every message, one phone
    zoom_bytes_per_phone: int            # of which the zoom's tiles
    rss_mb_with_phones: float            # target < 200
    rss_mb_without_phones: float         # the same table warm before the server started: what phones add is the difference
    marks_sent: int
    phones_failed: int                   # phones that could not join or were let go (target 0)
    refused: dict[str, int]              # what the server refused over the run, by kind (server.refusals; all 0 when well)
    audience: NotRequired[PhonesFigures]   # the same with audience mode's 200 phones voting every second


class PhonesReport(PhonesFigures):
    """`bench --phones --json`: the phones' figures, with the targets they miss as `bench --json` has them."""
    missed: list[str]
    meets_targets: bool


def phones_report(figures: PhonesFigures) -> PhonesReport:
    missed = phones_missed(figures)
    return PhonesReport(**figures, missed=missed, meets_targets=not missed)


def verdict(figures: PhonesFigures, what: str = "phones") -> str:
    """The rise against its target, said as `bench --mqtt` says its broker's cost."""
    target = TARGETS["phones_cursor_rise_units"]
    rise, noise = figures["cursor_p99_rise_units"], figures["noise_units"]
    met = "meets" if rise <= target else "MISSES"
    within = "within" if figures["within_noise"] else "NOT within"
    return (f"{what}: the rise {rise:+.3f} units {met} the target <= {target:g} and is {within} noise (the "
            f"spread of the quiet rounds: {noise} units); the frame thread pays {figures['phones_frame_us_p50']} us "
            f"a frame for the phones (p99 {figures['phones_frame_us_p99']} us)")


class MemoryFigures(TypedDict):
    rss_mb_after_game: float
    rss_mb_steady: float
    rss_mb_peak: float
    steady_games: int
    steady_detective_size: list[int]


def memory_figures(games: int = 100, detective_size: tuple[int, int] = (1920, 1080)) -> MemoryFigures:
    """The memory figures, each from a fresh process (`bench --memory` prints only these)."""
    steady, peak = _soak_in_child(games, detective_size)
    return MemoryFigures(rss_mb_after_game=round(_rss_after_games(1), 1), rss_mb_steady=round(steady, 1),
                         rss_mb_peak=round(peak, 1), steady_games=games,
                         steady_detective_size=list(detective_size))


def run_bench(frames: int = 300, scene_id: str | None = None, games: int = 100,
              detective_size: tuple[int, int] = (1920, 1080)) -> Report:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from lastmessage.table.memory import tune_the_allocator

    tune_the_allocator()
    pygame.init()
    _child_seconds(STARTUP)   # warm the scene cache, as on a device after its first start
    renderer = _path_in_child("renderer", scene_id, frames)
    enqueue, commit = _journal_figures()
    software = _path_in_child("software", scene_id, frames)
    report = Report(
        blit_unit_ms=renderer["blit_unit_ms"], scenarios=renderer["scenarios"],
        software_scenarios=software["scenarios"], present_ms=renderer["present_ms"],
        software_present_ms=software["present_ms"],
        video_driver=pygame.display.get_driver(), render_driver=renderer["render_driver"],
        ink_latency_frames=max(renderer["ink_latency_frames"], software["ink_latency_frames"]),
        startup_seconds=round(_child_seconds(STARTUP), 3), **memory_figures(games, detective_size),
        rss_mb_renderer=renderer["rss_mb"], gc_pause_units=renderer["gc_pause_units"],
        gc_pause_units_whole_heap=renderer["gc_pause_units_whole_heap"],
        journal_enqueue_ms_p99=enqueue, journal_commit_ms_p50=commit, **_scene_copy_figures(),
        search_suspect_px_median=search_suspect_px_median(), mqtt=mqtt_figures(),
        phones=_phones_in_child(frames), targets=TARGETS, missed=[], meets_targets=False)
    report["missed"] = _missed(report)
    report["meets_targets"] = not report["missed"]
    return report


def _print(report: Report) -> None:
    print(f"blit unit (one 1920x1080 blit): {report['blit_unit_ms']} ms")
    for title, key in (("renderer path (the device's)", "scenarios"), ("software path", "software_scenarios")):
        print(f"{title}: our cost per frame, both screens, in blit units; upload = share of both full frames")
        for name, figures in report[key].items():   # type: ignore[literal-required]
            print(f"  {name:14} p50 {figures['p50_units']:5.2f}   p99 {figures['p99_units']:5.2f}"
                  f"   upload p99 {figures['upload_fraction']:.3f} (max {figures['upload_fraction_max']:.3f})"
                  f"   ({figures['frames']} frames)")
    print(f"targets on the renderer path: p99 <= {TARGETS['frame_p99_units']} units at 1080p, "
          f"<= {TARGETS['frame_p99_units_4k']} at 4K; upload <= {TARGETS['upload_fraction']}")
    print(f"present step: {report['present_ms']} ms through the renderer, {report['software_present_ms']} ms "
          f"flipping (video driver {report['video_driver']}, render driver {report['render_driver']})")
    print(f"ink latency: {report['ink_latency_frames']} frame(s) (target: the next frame)")
    print(f"a full collection of Python's collector mid-game: {report['gc_pause_units']} units, the heap frozen "
          f"before the game ({report['gc_pause_units_whole_heap']} units walking the whole heap)")
    print(f"search view: the median suspect is {report['search_suspect_px_median']} px tall at 2x on a 1080p "
          f"monitor (target >= {TARGETS['search_suspect_px']:g})")
    print(f"startup to first frame: {report['startup_seconds']} s (target < {TARGETS['startup_seconds']} s, warm cache)")
    _print_memory(report)
    print(f"the renderer path's process after its scenarios: {report['rss_mb_renderer']} MB")
    print(f"journal: a frame hands an event over in {report['journal_enqueue_ms_p99']} ms (p99); "
          f"the writer thread commits it in {report['journal_commit_ms_p50']} ms (p50)")
    _print_scene_copy(report)
    _print_mqtt(report["mqtt"])
    _print_phones(report["phones"])
    print("all targets met" if report["meets_targets"] else "SOME TARGETS MISSED: " + "; ".join(report["missed"]))


def _print_phones(phones: PhonesFigures) -> None:
    rounds = phones["cursor_p99_units_rounds"]
    print(f"{phones['phones']:g} phones: cursor p99, the median of {len(rounds['quiet'])} rounds in turn "
          f"(each round's): {phones['cursor_p99_units']} units connected without marks "
          f"({', '.join(f'{v:g}' for v in rounds['quiet'])}), {phones['cursor_p99_units_with_phones']} units with "
          f"each marking every second ({', '.join(f'{v:g}' for v in rounds['marking'])}); rise "
          f"{phones['cursor_p99_rise_units']} (each round's: {', '.join(f'{v:+g}' for v in phones['cursor_p99_rises'])}); "
          f"first view {phones['first_view_s']} s (target < 1); {phones['bytes_per_phone']:g} bytes a phone; "
          f"{phones['rss_mb_with_phones']} MB resident (target < 200; {phones['rss_mb_without_phones']} MB before the "
          f"server); {phones['phones_failed']:g} phones failed")
    refused = " ".join(f"{name}={n}" for name, n in phones.get("refused", {}).items() if n) or "nothing"
    print(f"the server refused: {refused}")
    print(verdict(phones))
    crowd = phones.get("audience")
    if crowd is not None:
        print(f"audience mode, {crowd['phones']:g} phones voting every second: rise {crowd['cursor_p99_rise_units']} "
              f"(each round's: {', '.join(f'{v:+g}' for v in crowd['cursor_p99_rises'])}); "
              f"{crowd['rss_mb_with_phones']} MB resident; {crowd['phones_failed']:g} phones failed")
        print(verdict(crowd, "audience"))


def _print_memory(figures: MemoryFigures) -> None:
    width, height = figures["steady_detective_size"]
    print(f"resident memory after a full game: {figures['rss_mb_after_game']} MB; after "
          f"{figures['steady_games']} games rotating every scene and new crowds ({width}x{height} monitor): "
          f"{figures['rss_mb_steady']} MB (target < {TARGETS['rss_mb']} MB at 1920x1080), "
          f"peak {figures['rss_mb_peak']} MB (target < {TARGETS['rss_mb_peak']} MB)")


def _print_scene_copy(figures: SceneCopyFigures) -> None:
    print(f"journal: a game in a picture not yet kept adds its scene copy, {figures['journal_scene_copy_kb']} kB, "
          f"packed in {figures['journal_scene_pack_ms']} ms and committed with the game in "
          f"{figures['journal_new_game_ms']} ms (p50; {figures['journal_new_game_kept_ms']} ms when kept already)")


def _print_mqtt(figures: MqttFigures | None) -> None:
    if figures is None:
        print("mqtt: not measured (no mosquitto here: apt-get install mosquitto)")
        return
    rounds = figures["frame_p99_ms_rounds"]

    def spread(way: str) -> str:
        return f"{min(rounds[way]):g}-{max(rounds[way]):g}"

    print(f"mqtt: {figures['messages_per_game']} messages per game; frame p99, the median of "
          f"{len(rounds['without'])} rounds in turn (lowest-highest): {figures['frame_p99_ms_without_broker']} ms "
          f"without a broker ({spread('without')}), {figures['frame_p99_ms_with_broker']} ms connected "
          f"({spread('connected')}), {figures['frame_p99_ms_broker_down']} ms with the broker down "
          f"({spread('down')}); the bridge's share {figures['bridge_p99_ms']} ms; {figures['dropped']} dropped")
    verdict = "within" if figures["within_noise"] else "NOT within"
    print(f"mqtt: a broker's cost is {verdict} noise (connected "
          f"{figures['frame_p99_ms_with_broker'] - figures['frame_p99_ms_without_broker']:+.3f} ms, down "
          f"{figures['frame_p99_ms_broker_down'] - figures['frame_p99_ms_without_broker']:+.3f} ms; the noise, "
          f"the spread without a broker: {figures['noise_ms']} ms)")


def _driver_check() -> int:
    """`bench --driver`: which drivers the screens get on this machine, at once."""
    import pygame

    from lastmessage.ui.present import describe_driver

    try:
        pygame.display.init()
        line = describe_driver()
    except pygame.error as error:
        print(f"lastmessage: no display to check ({error}); run it in the desktop session "
              "or on the console of the device", file=sys.stderr)
        return 2
    print(line)
    return 0


def _run(args: argparse.Namespace) -> int:
    if args.driver:
        return _driver_check()
    if args.journal:
        figures = _scene_copy_figures()
        if args.json:
            print(json.dumps(figures, indent=2))
        else:
            _print_scene_copy(figures)
        return 0
    if args.mqtt:
        measured = mqtt_figures()
        if args.json:
            print(json.dumps(measured, indent=2))
        else:
            _print_mqtt(measured)
        return 0
    if args.phones:
        phones = phones_report(_phones_in_child(args.frames))
        if args.json:
            print(json.dumps(phones, indent=2))
        else:
            _print_phones(phones)
            print("phones' targets met" if phones["meets_targets"] else
                  "SOME TARGETS MISSED: " + "; ".join(phones["missed"]))
        return 0
    if args.memory:
        memory = memory_figures(args.games, args.detective_size)
        if args.json:
            print(json.dumps(memory, indent=2))
        else:
            _print_memory(memory)
        return 0
    report = run_bench(frames=args.frames, scene_id=args.scene, games=args.games,
                       detective_size=args.detective_size)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print(report)
    return 0


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    try:
        size = int(width), int(height)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080") from None
    if not (320 <= size[0] <= 7680 and 240 <= size[1] <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r}: a monitor between 320x240 and 7680x4320")
    return size


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("bench", help="measure frame cost, ink latency, startup and memory")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--frames", type=int, default=300, metavar="N", help="frames per scenario")
    parser.add_argument("--scene", metavar="ID", help="scene to use (default: the first)")
    parser.add_argument("--driver", action="store_true",
                        help="only print the video and render drivers the screens get here")
    parser.add_argument("--journal", action="store_true",
                        help="only the figures of the scene copy each game keeps in the journal (seconds)")
    parser.add_argument("--games", type=int, default=100, metavar="N",
                        help="games played in one process for rss_mb_steady and rss_mb_peak (default: 100)")
    parser.add_argument("--detective-size", type=_size, default=(1920, 1080), metavar="WxH",
                        help="the monitor of those games (default: 1920x1080; 3840x2160 for a 4K monitor)")
    parser.add_argument("--mqtt", action="store_true",
                        help="only the mqtt figures: messages per game, frame p99 with and without a broker")
    parser.add_argument("--memory", action="store_true",
                        help="only the memory figures (rss_mb_after_game, rss_mb_steady, rss_mb_peak)")
    parser.add_argument("--phones", action="store_true",
                        help="only the phones' figures: 64 phones marking every second, then 200 voting in audience mode (bench_phones.py)")
    parser.set_defaults(func=_run)
