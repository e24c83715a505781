"""`bench --phones`: what phones cost the table, measured with real phones on the loopback.

The renderer path's `cursor` scenario (the suspect step, four boards, the
cursor and loupe moving) is run twice in one process: alone, then with
`PHONES` phones connected (aiohttp clients in a process of their own, as
phones are other machines), each sending a mark every second. Also: how long a phone's first view
of the scene takes (from joining to the whole picture received), the bytes one
phone downloads over the game's suspect step, and the process's resident size
with the phones connected.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
import time
from typing import TypedDict

PHONES = 64


class PhonesFigures(TypedDict):
    phones: int
    cursor_p99_units: float              # the cursor scenario, no phones
    cursor_p99_units_with_phones: float
    cursor_p99_rise_units: float         # target <= 0.2
    first_view_s: float                  # joining to the whole scene received, the slowest phone; target < 1
    bytes_per_phone: int                 # page, whole picture, two tiles and every message, one phone
    rss_mb_with_phones: float            # target < 200
    rss_mb_without_phones: float         # the same table warm before the server started: what phones add is the difference
    marks_sent: int
    phones_failed: int                   # phones that could not join or were let go (target 0)


class _Crowd:
    """`count` phones on their own thread: join, fetch the page and the scene, mark every second."""

    def __init__(self, url: str, points: list[tuple[float, float]], count: int) -> None:
        self.url, self.points, self.count = url, points, count
        self.first_views: list[float] = []
        self.bytes = [0] * count
        self.marks = 0
        self.failed: list[str] = []
        self.ready = threading.Event()
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
            for tile in ("/1/1/1.png", "/1/2/1.png"):
                async with session.get(pictures + tile) as got:
                    self.bytes[number] += len(await got.read())
            joined.set()
            rng = random.Random(number)
            while not self._stop.is_set():
                x, y = rng.choice(self.points)
                await ws.send_str(json.dumps({"type": "mark", "x": x, "y": y}))
                self.marks += 1
                try:
                    async with asyncio.timeout(1.0):
                        while True:
                            message = await ws.receive()
                            if message.type is not aiohttp.WSMsgType.TEXT:
                                return
                            self.bytes[number] += len(message.data.encode())
                except TimeoutError:
                    pass


def measure(frames: int = 600) -> PhonesFigures:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from lastmessage.phones.link import Phones
    from lastmessage.scripting.bench import (
        _bench_scene, _detectives_before_the_fourth_board, _frame, _move_cursor, _percentile, _rss_mb, _table, blit_unit,
    )

    pygame.init()
    unit = blit_unit()
    app, clock, meter = _table("renderer")
    scene = _bench_scene(app, None)
    _detectives_before_the_fourth_board(app, clock, scene)
    for index in range(60):   # warm: the loupe's pictures, the boards
        _move_cursor(app, index)
        _frame(app, clock, meter)
    without = _rss_mb()
    phones = Phones("127.0.0.1", 0, max_phones=PHONES)
    phones.start()
    app.serve_phones(phones)

    def cursor_p99() -> float:
        meter.take()
        for index in range(frames):
            _move_cursor(app, index)
            _frame(app, clock, meter)
            time.sleep(max(0.0, 1 / 60 - (meter.costs[-1] if meter.costs else 0.0)))   # the loop's pace
        costs, _ = meter.take()
        return _percentile(costs, 0.99) / unit

    alone = cursor_p99()
    url = phones.url()
    assert url is not None
    points = [(c.x, c.y) for c in scene.suspects()]
    code = ("import json, sys; from lastmessage.scripting.bench_phones import crowd_in_this_process; "
            f"crowd_in_this_process({url!r}, {points!r}, {PHONES})")
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdin is not None and child.stdout is not None
    try:
        ready = child.stdout.readline()   # every phone joined (or failed), the scene downloaded
        while ready and ready.strip() != "ready":
            ready = child.stdout.readline()
        crowded = cursor_p99()
        rss = _rss_mb()
        child.stdin.write("stop\n")
        child.stdin.flush()
        result = json.loads(child.stdout.readline())
    finally:
        child.kill()
        child.wait()
        phones.stop()
        meter.close()
    return PhonesFigures(phones=PHONES, cursor_p99_units=round(alone, 3), cursor_p99_units_with_phones=round(crowded, 3),
                         cursor_p99_rise_units=round(crowded - alone, 3), first_view_s=result["first_view_s"],
                         bytes_per_phone=result["bytes_per_phone"], rss_mb_with_phones=round(rss, 1),
                         rss_mb_without_phones=round(without, 1),
                         marks_sent=result["marks"], phones_failed=result["failed"])


def crowd_in_this_process(url: str, points: list[tuple[float, float]], count: int) -> None:
    """The phones' side of `measure`: "ready" once all joined, the figures as JSON after "stop" on stdin."""
    crowd = _Crowd(url, points, count)
    crowd.start()
    print("ready", flush=True)
    sys.stdin.readline()
    crowd.stop()
    print(json.dumps({"first_view_s": round(max(crowd.first_views, default=-1.0), 3),
                      "bytes_per_phone": int(sorted(crowd.bytes)[len(crowd.bytes) // 2]),
                      "marks": crowd.marks, "failed": len(crowd.failed)}), flush=True)
