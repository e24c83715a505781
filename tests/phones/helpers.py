"""A real table with phones served on the loopback, and waiting for what phones are sent."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Erase, Flip, Pick
from lastmessage.phones.link import Phones
from lastmessage.rules.game import Phase
from lastmessage.table.app import App
from tests.table.tables import make_app

DEADLINE = 10.0


@contextmanager
def table_with_phones(max_phones: int = 8, keepsake_minutes: int = 0,
                      audience: bool = False) -> Iterator[tuple[App, Phones, SimulatedClock]]:
    clock = SimulatedClock()
    app = make_app(clock)
    phones = Phones("127.0.0.1", 0, max_phones=max_phones, keepsake_minutes=keepsake_minutes, audience=audience)
    phones.start()
    app.serve_phones(phones)
    try:
        yield app, phones, clock
    finally:
        phones.stop()


def until(condition: Callable[[], bool], app: App | None = None, deadline: float = DEADLINE) -> None:
    """Frames pass (the App's step reads the phones' asks) until `condition` holds."""
    end = time.monotonic() + deadline
    while not condition():
        assert time.monotonic() < end, "the condition did not come true in time"
        if app is not None:
            app.step()
        time.sleep(0.01)


async def receive_until(ws: aiohttp.ClientWebSocketResponse, kind: str,
                        seen: list[dict[str, object]] | None = None) -> dict[str, object]:
    """The next message of `kind` (every message read on the way is kept in `seen`)."""
    async with asyncio.timeout(DEADLINE):
        while True:
            message = await ws.receive()
            assert message.type is aiohttp.WSMsgType.TEXT, message
            obj = json.loads(message.data)
            if seen is not None:
                seen.append(obj)
            if obj["type"] == kind:
                return obj


def with_frames(app: App, phone: Coroutine[object, object, None]) -> None:
    """Run `phone` while frames pass, as the frame loop steps the App beside the phones."""
    async def run() -> None:
        task = asyncio.ensure_future(phone)
        while not task.done():
            app.step()
            await asyncio.sleep(0.01)
        task.result()

    asyncio.run(run())


SECRET = "harbour-p050"
"""The criminal of the harbour games the phones' tests play."""


def _drawn_and_erased(app: App, clock: SimulatedClock, drawing: tuple[AddStroke | AddWord, ...],
                      squares: tuple[int, ...]) -> None:
    """A harbour game whose victim drew `drawing` and whose criminal erased `squares`."""
    for command in (ChooseScene("harbour"), Pick(SECRET), Flip(), *drawing):
        app.execute(command, "test")
        app.step()
    clock.advance(31)
    app.step()
    app.execute(Erase(squares), "test")
    app.step()


def start_suspect(app: App, clock: SimulatedClock) -> None:
    """A harbour game to the detectives' first decision (the criminal `SECRET`, a stroke, five squares erased)."""
    _drawn_and_erased(app, clock, (AddStroke(((0.2, 0.2), (0.8, 0.7))),), (0, 1, 2, 3, 4))
    assert app.game.phase is Phase.SUSPECT


def play_a_round(app: App, clock: SimulatedClock) -> None:
    """A whole harbour game of one round: a stroke and a word, five squares erased, the right accusation."""
    _drawn_and_erased(app, clock, (AddStroke(((0.1, 0.1), (0.5, 0.4), (0.9, 0.2), (0.3, 0.8))), AddWord(4, "hat")),
                      (0, 1, 2, 3, 8))
    app.execute(Accuse(SECRET), "test")
    app.step()
    assert app.game.phase is Phase.OVER


def write_script(tmp_path: Path, actions: list[dict[str, object]]) -> Path:
    """A play script of these actions, a line each."""
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(a) + "\n" for a in actions), encoding="utf-8")
    return path
