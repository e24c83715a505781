"""`bench --phones`: what phones cost the table, measured with real phones on the loopback.

The renderer path's `cursor` scenario (the suspect step, four boards, the
cursor and loupe moving) with `PHONES` phones connected (aiohttp clients in a
process of their own, as phones are other machines), two ways in turn within
one run: `quiet` (connected, no mark: the server holds their sockets, the
monitor shows no pin) and `marking` (each phone sends a mark every second: the
server's traffic, the frame's asks, the pins). The frames are paced at 60 a
second, and the p99 of a few hundred frames is a handful of the worst, which
a shared machine moves by more than phones could; so, as `bench --mqtt` does
for its broker (bench_mqtt.in_turns), the ways are measured in ROUNDS rounds,
each round starting with the other, and the rise is the median of the
rounds' rises (marking less quiet in the same round). The noise is the spread
of the quiet rounds: a rise within it cannot be told from the machine's load.
What the frame thread itself pays for the phones (`Phones.step` and their
layers, on `time.thread_time`) is measured in the marking rounds too. `bench`
measures it twice: with PHONES phones, and in audience mode with its crowd of
AUDIENCE, every mark a vote.

Also: how long a phone's first view of the scene takes (from joining to the
whole picture received), the bytes one phone downloads over the game's
suspect step (the page, the whole picture, the tiles of one settled zoom, every message), and the process's resident size with the phones connected.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from lastmessage.scripting.bench_mqtt import in_turns, spread

if TYPE_CHECKING:
    from lastmessage.scripting.bench import PhonesFigures

PHONES = 64
AUDIENCE = 200   # the phones of audience mode's crowd (the "up to 200 phones vote")
ROUNDS = 5
WAYS = ("quiet", "marking")
Arguments = ParamSpec("Arguments")
Returned = TypeVar("Returned")


ZOOM = 4.0   # the zoom of a pinch to see a face (the phones' test pinches to about that)
PHONE_VIEW = (390, 489, 3)   # the phone page's scene in CSS pixels (58vh of an 844 px screen) and its pixel ratio


def zoomed_tiles(picture: dict[str, object], zoom: float = ZOOM) -> list[str]:
    """The tiles ("level/column/row") of the view a phone settles on when zoomed `zoom` times at the
    scene's middle: what the page asks for then (page.py's `view`, in the phone's pixels)."""
    width, height, ratio = PHONE_VIEW
    aspect, widths, side = float(picture["aspect"]), list(picture["widths"]), int(picture["tile"])  # type: ignore[call-overload, arg-type]
    k = min(width, height * aspect) * zoom
    level = max([0] + [i for i in range(1, len(widths)) if k * ratio > widths[i - 1] * 1.2])
    if level == 0:
        return []
    scale = k / widths[level]
    ox, oy = (width - k) / 2, (height - k / aspect) / 2
    columns = range(max(0, int(-ox / scale // side)), min((widths[level] - 1) // side, int((width - ox) / scale // side)) + 1)
    rows = range(max(0, int(-oy / scale // side)),
                 min((round(widths[level] / aspect) - 1) // side, int((height - oy) / scale // side)) + 1)
    return [f"{level}/{c}/{r}" for r in rows for c in columns]


class _Crowd:
    """`count` phones on their own thread: join, fetch the page and the scene, then each second
    either mark (while `marking` is set) or stay silent, their mark taken back."""

    def __init__(self, url: str, points: list[tuple[float, float]], count: int) -> None:
        self.url, self.points, self.count = url, points, count
        self.first_views: list[float] = []
        self.bytes = [0] * count
        self.zoom_bytes = [0] * count
        self.marks = 0
        self.failed: list[str] = []
        self.ready = threading.Event()
        self.marking = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._all()), name="bench phones", daemon=True)

    def start(self) -> None:
        self._thread.start()
        if not self.ready.wait(60):
            raise RuntimeError("the phones did not all join within 60 s")

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(30)

    async def _all(self) -> None:
        import aiohttp

        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            joined = [asyncio.Event() for _ in range(self.count)]
            tasks = [asyncio.create_task(self._guarded(session, n, joined[n])) for n in range(self.count)]
            for event in joined:
                await event.wait()
            self.ready.set()
            await asyncio.gather(*tasks)

    async def _guarded(self, session: object, number: int, joined: asyncio.Event) -> None:
        try:
            await self._phone(session, number, joined)
        except Exception as error:   # noqa: BLE001 - a phone refused is a figure, not a crash
            self.failed.append(f"{type(error).__name__}: {error}")
            joined.set()

    async def _phone(self, session: object, number: int, joined: asyncio.Event) -> None:
        import aiohttp

        assert isinstance(session, aiohttp.ClientSession)
        pictures = self.url.replace("/j/", "/s/")
        start = time.perf_counter()
        async with session.get(self.url) as page:
            self.bytes[number] += len(await page.read())
        async with session.ws_connect(self.url.replace("/j/", "/ws/")) as ws:
            async with session.get(pictures + "/whole.png") as whole:
                self.bytes[number] += len(await whole.read())
            self.first_views.append(time.perf_counter() - start)
            picture = None
            while picture is None:   # the state tells how to ask for the tiles
                message = json.loads((await ws.receive()).data)
                self.bytes[number] += len(json.dumps(message))
                picture = message.get("picture") if message.get("type") == "state" else None
            for tile in zoomed_tiles(picture):   # one zoom, settled: the tiles of that view
                async with session.get(f"{pictures}/{tile}.png") as got:
                    size = len(await got.read())
                    self.bytes[number] += size
                    self.zoom_bytes[number] += size
            joined.set()
            rng = random.Random(number)
            marked = False
            while not self._stop.is_set():
                if self.marking.is_set():
                    x, y = rng.choice(self.points)
                    await ws.send_str(json.dumps({"type": "mark", "x": x, "y": y}))
                    self.marks += 1
                    marked = True
                elif marked:
                    await ws.send_str('{"type": "unmark"}')
                    marked = False
                try:
                    async with asyncio.timeout(1.0):
                        while True:
                            message = await ws.receive()
                            if message.type is not aiohttp.WSMsgType.TEXT:
                                return
                            self.bytes[number] += len(message.data.encode())
                except TimeoutError:
                    pass


def measure(frames: int = 300, rounds: int = ROUNDS, count: int = PHONES, audience: bool = False) -> PhonesFigures:
    """The figures; `frames`: each way's frames in each round; `count` phones, in audience mode
    with `audience` (every mark a vote: an event's crowd, AUDIENCE of them)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from lastmessage.phones.link import Phones
    from lastmessage.table.memory import tune_the_allocator
    from lastmessage.scripting.bench import (
        PhonesFigures, _bench_scene, _detectives_before_the_fourth_board, _frame, _move_cursor, _percentile, _rss_mb, _table, blit_unit,
    )

    tune_the_allocator()   # a child of its own: it starts as the device does (its memory figure is the device's)
    pygame.init()
    unit = blit_unit()
    app, clock, meter = _table("renderer")
    scene = _bench_scene(app, None)
    _detectives_before_the_fourth_board(app, clock, scene)
    for index in range(60):   # warm: the loupe's pictures, the boards
        _move_cursor(app, index)
        _frame(app, clock, meter)
    without = _rss_mb()
    phones = Phones("127.0.0.1", 0, max_phones=count, audience=audience)
    phones.start()
    app.serve_phones(phones)
    paid: dict[str, list[float]] = {"step": [], "layers": []}
    phones.step = _timed(phones.step, paid["step"])   # type: ignore[method-assign]
    phones.layers = _timed(phones.layers, paid["layers"])   # type: ignore[method-assign]
    frame = [0]

    def cursor_p99() -> float:
        meter.take()
        for _ in range(frames):
            _move_cursor(app, frame[0])
            frame[0] += 1
            _frame(app, clock, meter)
            time.sleep(max(0.0, 1 / 60 - (meter.costs[-1] if meter.costs else 0.0)))   # the loop's pace
        costs, _ = meter.take()
        return _percentile(costs, 0.99) / unit

    url = phones.url()
    assert url is not None
    points = [(c.x, c.y) for c in scene.suspects()]
    code = ("import json, sys; from lastmessage.scripting.bench_phones import crowd_in_this_process; "
            f"crowd_in_this_process({url!r}, {points!r}, {count})")
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    stdin = child.stdin
    share: list[float] = []

    def one(way: str) -> float:
        """Tell the crowd, let frames pass until the monitor shows it, then time the way."""
        stdin.write(("mark" if way == "marking" else "quiet") + "\n")
        stdin.flush()
        end = time.monotonic() + 15
        while (sum(len(pin.players) for pin in phones.marks.pins(scene)) < count // 2 if way == "marking"
               else phones.marks.pins(scene)):
            if time.monotonic() > end:
                raise RuntimeError(f"the phones did not turn {way} within 15 s")
            _move_cursor(app, frame[0])
            _frame(app, clock, meter)
            time.sleep(1 / 60)
        for costs in paid.values():
            costs.clear()
        figure = cursor_p99()
        if way == "marking":
            share.extend(step + layers for step, layers in zip(paid["step"], paid["layers"]))
        return round(figure, 3)

    try:
        ready = child.stdout.readline()   # every phone joined (or failed), the scene downloaded
        while ready and ready.strip() != "ready":
            ready = child.stdout.readline()
        p99s = in_turns(WAYS, rounds, one)
        rss = _rss_mb()
        refused = phones.server.refusals()
        stdin.write("stop\n")
        stdin.flush()
        result = json.loads(child.stdout.readline())
    finally:
        child.kill()
        child.wait()
        phones.stop()
        meter.close()
    rises = [round(marking - quiet, 3) for quiet, marking in zip(p99s["quiet"], p99s["marking"])]
    rise, noise = round(statistics.median(rises), 3), spread(p99s["quiet"])
    return PhonesFigures(phones=count, cursor_p99_units=round(statistics.median(p99s["quiet"]), 3),
                         cursor_p99_units_with_phones=round(statistics.median(p99s["marking"]), 3),
                         cursor_p99_rise_units=rise, cursor_p99_units_rounds=p99s, cursor_p99_rises=rises,
                         noise_units=noise, within_noise=rise <= noise,
                         phones_frame_us_p50=round(_percentile(share, 0.5) * 1e6, 1),
                         phones_frame_us_p99=round(_percentile(share, 0.99) * 1e6, 1),
                         first_view_s=result["first_view_s"],
                         bytes_per_phone=result["bytes_per_phone"],
                         zoom_bytes_per_phone=result["zoom_bytes_per_phone"], rss_mb_with_phones=round(rss, 1),
                         rss_mb_without_phones=round(without, 1),
                         marks_sent=result["marks"], phones_failed=result["failed"], refused=refused)


def _timed(method: Callable[Arguments, Returned], costs: list[float]) -> Callable[Arguments, Returned]:
    """`method`, its thread time each call added to `costs` (what the frame thread pays for it)."""
    def run(*args: Arguments.args, **kwargs: Arguments.kwargs) -> Returned:
        start = time.thread_time()
        try:
            return method(*args, **kwargs)
        finally:
            costs.append(time.thread_time() - start)
    return run


def crowd_in_this_process(url: str, points: list[tuple[float, float]], count: int) -> None:
    """The phones' side of `measure`: "ready" once all joined; "mark" and "quiet" on stdin switch them,
    and after "stop" the figures as JSON."""
    crowd = _Crowd(url, points, count)
    crowd.start()
    print("ready", flush=True)
    for line in sys.stdin:   # "mark", "quiet", then "stop"
        if line.strip() == "stop":
            break
        (crowd.marking.set if line.strip() == "mark" else crowd.marking.clear)()
    crowd.stop()
    print(json.dumps({"first_view_s": round(max(crowd.first_views, default=-1.0), 3),
                      "bytes_per_phone": int(sorted(crowd.bytes)[len(crowd.bytes) // 2]),
                      "zoom_bytes_per_phone": int(sorted(crowd.zoom_bytes)[len(crowd.zoom_bytes) // 2]),
                      "marks": crowd.marks, "failed": len(crowd.failed)}), flush=True)
