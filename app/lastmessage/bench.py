"""`lastmessage bench`: the product's figures, measured in one run.

Frame costs are given in blit units: one unit is the time to blit one
1920x1080 surface, measured in the same run, so figures from a busy or a
quiet machine compare (DESIGN.md section 5: at most 3 units per frame for
both screens, p99). Startup and memory are measured in fresh processes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict

from lastmessage.cli import Subparsers
from lastmessage.data import shipped_path

TARGETS: dict[str, float] = {"frame_p99_units": 3.0, "startup_seconds": 2.0, "rss_mb": 200.0, "ink_latency_frames": 1}


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
        start = time.perf_counter()
        target.blit(source, (0, 0))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _timed_frames(step: Callable[[int], None], frames: int) -> list[float]:
    times = []
    for index in range(frames):
        start = time.perf_counter()
        step(index)
        times.append(time.perf_counter() - start)
    return times


def _scenarios(scene_id: str | None, frames: int) -> tuple[dict[str, list[float]], int]:
    """Per-frame times of each scenario, and the ink latency in frames."""
    import pygame

    from lastmessage.app import App
    from lastmessage.clock import SimulatedClock
    from lastmessage.commands import AddStroke, AddWord, ChooseScene, Erase, Flip, Pass, Pick
    from lastmessage.hal.base import Intent, IntentKind
    from lastmessage.hal.sim import SimHal
    from lastmessage.rules.config import Rules
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.ui import theme
    from lastmessage.ui.screen import Pointer

    catalog = load_scenes(shipped_scenes_dir())
    scene = catalog[scene_id] if scene_id else next(iter(catalog.values()))
    clock = SimulatedClock()
    tablet = pygame.Surface((1280, 800))
    detective = pygame.Surface((1920, 1080))
    app = App(catalog=catalog, rules=Rules(timer_seconds=120), clock=clock, hal=SimHal(),
              tablet_size=tablet.get_size(), detective_size=detective.get_size())

    def frame() -> None:
        clock.advance(1 / 60)
        app.step()
        app.draw(tablet, detective)

    results: dict[str, list[float]] = {}
    for _ in range(10):
        frame()
    results["idle"] = _timed_frames(lambda i: frame(), frames)

    app.execute(ChooseScene(scene.id), "bench")
    app.execute(Pick(scene.suspects()[0].id), "bench")
    rounds_done = 0
    while rounds_done < 3:   # three earlier boards, each with ink, then the fourth live
        app.execute(Flip(), "bench")
        app.execute(AddStroke(tuple((0.1 + 0.8 * k / 40, 0.5 + 0.4 * ((k % 8) - 4) / 8)
                                    for k in range(40))), "bench")
        app.execute(AddWord(4, f"clue{rounds_done}"), "bench")
        clock.advance(121)
        app.step()
        count = app.rules.erase_count(rounds_done + 1)
        app.execute(Erase(tuple(range(count))), "bench")
        app.execute(Pass(), "bench")
        rounds_done += 1
    app.execute(Flip(), "bench")
    for _ in range(5):
        frame()

    # Drawing: 2,000 ink points, one new point per frame, in long strokes.
    board_at = app.tablet.locate
    from lastmessage.rules.projections import public_view, tablet_view

    latencies: list[int] = []
    points_per_stroke = 200

    def ink(index: int) -> None:
        """One new point a frame; then count frames until it shows (1 = the next frame)."""
        k = index % points_per_stroke
        x = 0.05 + 0.9 * k / points_per_stroke
        y = 0.1 + 0.8 * ((index // points_per_stroke) % 10) / 10 + 0.02 * ((k % 10) - 5) / 5
        where = board_at(tablet_view(app.game), "board", (x, y))
        assert where is not None, "the clue board is not on the tablet"
        pixel = (int(where[0]), int(where[1]))
        app.tablet_input(Pointer("down" if k == 0 else "move", float(where[0]), float(where[1])))
        frame()
        shown = 1
        while tuple(tablet.get_at(pixel))[:3] == theme.PAPER and shown < 5:
            frame()
            shown += 1
        latencies.append(shown)
        if k == points_per_stroke - 1:
            app.tablet_input(Pointer("up", float(where[0]), float(where[1])))

    results["drawing"] = _timed_frames(ink, 2000)

    # Suspect: four boards shown, the cursor moving with the loupe.
    clock.advance(121)
    app.step()
    app.execute(Erase(tuple(range(app.rules.erase_count(4)))), "bench")
    for _ in range(5):
        frame()
    moves = [IntentKind.MOVE_RIGHT] * 12 + [IntentKind.MOVE_DOWN] * 6 + [IntentKind.MOVE_LEFT] * 12 + \
        [IntentKind.MOVE_UP] * 6

    def cursor(index: int) -> None:
        intent = Intent(moves[index % len(moves)], clock.now())
        for command in app.detective.handle_intent(intent, public_view(app.game)):
            app.execute(command, "detective")
        frame()

    results["cursor"] = _timed_frames(cursor, frames)
    return results, max(latencies)


def _child_seconds(code: str) -> float:
    start = time.time()
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return float(output.stdout.strip().splitlines()[-1]) - start


STARTUP = """
import time, pygame
from lastmessage.app import App
from lastmessage.clock import MonotonicClock
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
pygame.init()
tablet, detective = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
app = App(catalog=load_scenes(shipped_scenes_dir()), rules=Rules(), clock=MonotonicClock(), hal=SimHal(),
          tablet_size=(1280, 800), detective_size=(1920, 1080))
app.step(); app.draw(tablet, detective)
print(time.time())
"""


def _rss_after_game() -> float:
    script = shipped_path("demo.jsonl")
    code = f"""
import io, resource
from pathlib import Path
from lastmessage.play import play_script
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
play_script(Path({str(script)!r}), "demo", load_scenes(shipped_scenes_dir()), Rules(), io.StringIO())
for line in open("/proc/self/status"):
    if line.startswith("VmRSS:"):
        print(int(line.split()[1]) / 1024)
"""
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return float(output.stdout.strip().splitlines()[-1])


def _journal_figures(events: int = 200) -> tuple[float, float]:
    """What journalling costs the frame loop (handing an event to the writer, p99 ms)
    beside what it costs the writer thread (one durable commit, p50 ms), for a
    500-point stroke."""
    import tempfile

    from lastmessage.rules.config import Rules
    from lastmessage.rules.game import Game
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.store import Journal, JournalWriter

    game = Game(Rules(), load_scenes(shipped_scenes_dir()))
    game.start("harbour", 0)
    game.pick("harbour-vampire", 1)
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


class Scenario(TypedDict):
    frames: int
    p50_units: float
    p99_units: float


class Report(TypedDict):
    blit_unit_ms: float
    scenarios: dict[str, Scenario]
    ink_latency_frames: int
    startup_seconds: float
    rss_mb_after_game: float
    journal_enqueue_ms_p99: float   # what a frame pays to journal an event
    journal_commit_ms_p50: float    # what the writer thread pays for it
    targets: dict[str, float]
    meets_targets: bool


def run_bench(frames: int = 300, scene_id: str | None = None) -> Report:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.init()
    _child_seconds(STARTUP)   # warm the scene cache, as on a device after its first start
    unit = blit_unit()
    scenarios, latency = _scenarios(scene_id, frames)
    measured = {name: Scenario(frames=len(samples),
                               p50_units=round(_percentile(samples, 0.5) / unit, 2),
                               p99_units=round(_percentile(samples, 0.99) / unit, 2))
                for name, samples in scenarios.items()}
    startup = round(_child_seconds(STARTUP), 3)
    rss = round(_rss_after_game(), 1)
    enqueue, commit = _journal_figures()
    worst = max(s["p99_units"] for s in measured.values())
    return Report(
        blit_unit_ms=round(unit * 1000, 3), scenarios=measured, ink_latency_frames=latency,
        startup_seconds=startup, rss_mb_after_game=rss, journal_enqueue_ms_p99=enqueue,
        journal_commit_ms_p50=commit, targets=TARGETS,
        meets_targets=bool(
            worst <= TARGETS["frame_p99_units"] and latency <= TARGETS["ink_latency_frames"]
            and startup < TARGETS["startup_seconds"] and rss < TARGETS["rss_mb"]))


def _print(report: Report) -> None:
    print(f"blit unit (one 1920x1080 blit): {report['blit_unit_ms']} ms")
    for name, figures in report["scenarios"].items():
        print(f"{name:8} p50 {figures['p50_units']:5.2f} units   p99 {figures['p99_units']:5.2f} units"
              f"   ({figures['frames']} frames, both screens; target p99 <= {TARGETS['frame_p99_units']})")
    print(f"ink latency: {report['ink_latency_frames']} frame(s) (target: the next frame)")
    print(f"startup to first frame: {report['startup_seconds']} s (target < {TARGETS['startup_seconds']} s, warm cache)")
    print(f"resident memory after a full game: {report['rss_mb_after_game']} MB (target < {TARGETS['rss_mb']} MB)")
    print(f"journal: a frame hands an event over in {report['journal_enqueue_ms_p99']} ms (p99); "
          f"the writer thread commits it in {report['journal_commit_ms_p50']} ms (p50)")
    print("all targets met" if report["meets_targets"] else "SOME TARGETS MISSED")


def _run(args: argparse.Namespace) -> int:
    report = run_bench(frames=args.frames, scene_id=args.scene)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print(report)
    return 0


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("bench", help="measure frame cost, ink latency, startup and memory")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--frames", type=int, default=300, metavar="N", help="frames per scenario")
    parser.add_argument("--scene", metavar="ID", help="scene to use (default: the first)")
    parser.set_defaults(func=_run)
