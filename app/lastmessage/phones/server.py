"""The phones' web server: aiohttp on its own thread and asyncio loop, beside the frame loop.

It serves the phone page and one WebSocket per phone, and reads only the
bridge's latest snapshot, so a slow or hostile phone never reaches the frame
loop. Bounded everywhere: at most `max_phones` sockets (one more is told over
its socket that the table is full, then closed), requests of at most `REQUEST_LIMIT` bytes, messages of at
most `protocol.MESSAGE_LIMIT`, `RATE` messages a second (a burst of `BURST`):
a phone past it is told to slow down and its messages dropped, and after
`STRIKES` of those (or of malformed messages) it is let go. Each phone has its
own bounded send queue; one that cannot keep up is let go rather than held.
Every refusal is counted (`Counters`, `PhoneServer.refusals`) and told the
table's log in one line at most every `SUMMARY_S`, only when they changed
(what was refused since the last line, and in all), never a line a refusal:
a flood of them is one line a minute. The same counts are in the device's
status (`phones_refused`) and in `bench --phones`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import WSCloseCode, WSMsgType, web

from lastmessage.phones.bridge import LOOK_S, PINS_SHOWN, Bridge, Joined, Left, Snapshot
from lastmessage.phones.pins import draw_ahead, lay
from lastmessage.phones.codes import is_code
from lastmessage.phones.guard import IDLE_S, ConnectionGuard
from lastmessage.phones.guesses import WrongCodes
from lastmessage.phones.keepsake import FILES, Keepsakes, is_token
from lastmessage.phones.keepsake_page import gone_html, keepsake_html
from lastmessage.phones.marks import COLOURS, Mark, Marked, Marks, Pin, Player, figure_at, pins_message
from lastmessage.phones.page import page_html
from lastmessage.phones.pictures import Pictures
from lastmessage.phones.request_log import request_log_filter, request_logger
from lastmessage.phones.protocol import MESSAGE_LIMIT, Hello, MarkAt, ProtocolError, Unmark, parse_message
from lastmessage.i18n.translate import translator

log = logging.getLogger(__name__)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

REQUEST_LIMIT = 4096
RATE = 4.0           # messages a second a phone may send
BURST = 8
STRIKES = 20         # refused messages before a phone is let go
SEND_QUEUE = 16      # messages waiting for one phone before it is let go as too slow
START_DEADLINE = 5.0
PICTURE_WAIT = 8.0   # seconds a picture request waits, once it has a drawing slot, before "try again"
PICTURES_AT_ONCE = 4
ENCODERS = 2         # threads that look tiles up and encode them: asyncio's default would start up to six,
                     # each keeping its own allocator arena (a megabyte or more resident) for a tile's PNG
SPARE_CONNECTIONS = 32   # beyond a socket and a picture connection per phone
HEARTBEAT = 20.0
SUMMARY_S = 60.0     # the log's line of refusals: at most this often, and only when they changed
RECORD_ONLY = {"record_only": True}   # a warning for the log, not the status's last_error (a phone's doing)


class PhonesError(Exception):
    """The server could not start; the message is one line for people."""


@dataclass
class Counters:
    """Read by tests and the bench from another thread: plain ints, each written by the server only."""

    joined: int = 0
    refused_full: int = 0
    refused_code: int = 0
    refused_guessing: int = 0   # joins refused from an address past its wrong codes (guesses.py)
    malformed: int = 0
    oversize: int = 0      # frames over protocol.MESSAGE_LIMIT (closed 1009)
    slowed: int = 0
    dropped: int = 0       # let go: too many strikes, or too slow to read
    messages: int = 0


REFUSALS = ("refused_full", "refused_code", "refused_guessing", "malformed", "oversize", "slowed", "dropped")
"""The counters that are refusals (`joined` and `messages` are not), in the order they are reported."""


@dataclass(frozen=True)
class Closing:
    """Close the socket once what was queued before is sent."""

    code: int
    why: bytes


@dataclass
class _Phone:
    player: Player
    ws: web.WebSocketResponse
    outgoing: asyncio.Queue[str | Closing] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    tokens: float = BURST
    refill_at: float = field(default_factory=time.monotonic)
    strikes: int = 0
    warned_at: float = -1e9   # when it was last told to slow down (once a second at most: no echo of a flood)

    def allowed(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.refill_at) * RATE)
        self.refill_at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class PhoneServer:
    def __init__(self, bridge: Bridge, host: str, port: int, *, max_phones: int,
                 keepsake_seconds: float = 0.0) -> None:
        self.bridge = bridge
        self.host = host
        self.port = port
        self.max_phones = max_phones
        self.counters = Counters()
        self.pictures = Pictures()
        self.keepsakes = Keepsakes(keepsake_seconds)
        self.wrong_codes = WrongCodes()
        self.guard = ConnectionGuard(lambda: asyncio.Protocol(), 0)   # replaced when the server starts
        self._phones: dict[int, _Phone] = {}
        self._numbers = 0
        self._snapshot: Snapshot | None = None
        self._pins_written: tuple[Marked | None, str, dict[int, int]] = (None, "", {})
        self._pins_made: tuple[Marked | None, list[Pin]] = (None, [])
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: str | None = None
        self.summary_seconds = SUMMARY_S
        self._summarized: dict[str, int] = {}
        self._summarized_at = -1e9
        said = request_log_filter()
        said.said_at = -1e9   # a new server's first broken request is said
        self._unreadable_before = said.count   # the process's count when this server began

    # ---- any thread ---------------------------------------------------------------

    def refusals(self) -> dict[str, int]:
        """Every refusal so far, by kind: the counters', the connections past the guard's limit, the
        requests too broken to read, the phones' asks the frame loop had no room for."""
        counts = {name: int(getattr(self.counters, name)) for name in REFUSALS}
        counts.update(connections_refused=self.guard.refused,   # (its idle ones let go are housekeeping)
                      unreadable=request_log_filter().count - self._unreadable_before,
                      asks_dropped=self.bridge.dropped)
        return counts

    # ---- the frame loop's thread ------------------------------------------------

    def start(self) -> None:
        """Listen, or raise PhonesError (the port taken, an address not of this machine)."""
        self._thread = threading.Thread(target=self._run, name="phones server", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_DEADLINE):
            raise PhonesError(f"phones: the server did not start within {START_DEADLINE:g} s")
        if self._failure is not None:
            raise PhonesError(self._failure)

    def stop(self) -> None:
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(START_DEADLINE)

    def phones(self) -> int:
        return len(self._phones)

    # ---- the server's thread ----------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.set_default_executor(concurrent.futures.ThreadPoolExecutor(ENCODERS, thread_name_prefix="phones tiles"))
        app = web.Application(client_max_size=REQUEST_LIMIT, middlewares=[self._began])
        app.router.add_get("/", self._index)
        app.router.add_get("/j/{code}", self._page)
        app.router.add_get("/ws/{code}", self._socket)
        app.router.add_get("/s/{code}/whole.png", self._picture)
        app.router.add_get(r"/s/{code}/{level:\d}/{column:\d{1,2}}/{row:\d{1,2}}.png", self._picture)
        app.router.add_get("/k/{token}", self._keepsake)
        app.router.add_get("/k/{token}/{name}", self._keepsake_file)
        self._drawing = asyncio.Semaphore(PICTURES_AT_ONCE)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0,
                               max_line_size=REQUEST_LIMIT, max_field_size=REQUEST_LIMIT,
                               keepalive_timeout=IDLE_S, logger=request_logger())
        await runner.setup()
        assert runner.server is not None
        self.guard = ConnectionGuard(runner.server, 2 * self.max_phones + SPARE_CONNECTIONS)
        try:
            listening = await loop.create_server(self.guard, self.host, self.port, backlog=128,
                                                 reuse_address=True)
        except OSError as error:
            why = os.strerror(error.errno) if error.errno else str(error)
            self._failure = (f"phones: cannot listen on {self.host}:{self.port}: {why} "
                             f"(another program on that port, or an address this machine does not have?)")
            self._ready.set()
            await runner.cleanup()
            return
        self.port = int(listening.sockets[0].getsockname()[1])   # the one given, or the system's for 0
        self._ready.set()
        log.info("phones: serving on %s:%d", self.host, self.port)
        sweeper = asyncio.create_task(self._sweep())
        pump = asyncio.create_task(self._pump())
        await self._stop.wait()
        pump.cancel()
        sweeper.cancel()
        self._summarize(time.monotonic(), last=True)
        listening.close()
        for phone in list(self._phones.values()):
            await phone.ws.close(code=1001, message=b"the table stopped")
        await runner.cleanup()

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            self.guard.sweep()
            self._summarize(time.monotonic())

    def _summarize(self, now: float, *, last: bool = False) -> None:
        """One line in the log for the refusals since the last one, when there were any and the last
        is SUMMARY_S old (`last`: when the server stops, however recent)."""
        counts = self.refusals()
        if counts == self._summarized or not any(counts.values()):
            return
        if not last and now - self._summarized_at < self.summary_seconds:
            return
        new = {name: n - self._summarized.get(name, 0) for name, n in counts.items()
               if n != self._summarized.get(name, 0)}
        self._summarized, self._summarized_at = counts, now
        log.warning("phones: refusals since the last line: %s; in all: %s", _said(new), _said(counts),
                    extra=RECORD_ONLY)

    @web.middleware
    async def _began(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Each request that arrived whole: its connection is in use (guard.py)."""
        self.guard.request_began(request.transport)
        self._look()
        return await handler(request)

    async def _pump(self) -> None:
        while True:
            await asyncio.sleep(LOOK_S)
            self._look()

    def _look(self) -> None:
        """A new snapshot to every phone: a new code first closes the phones of the old one. Every
        LOOK_S, and first thing for each request, which then answers from the newest."""
        latest = self.bridge.latest()
        if latest is None:
            return
        before, self._snapshot = self._snapshot, latest
        shown = self.bridge.shown
        fresh = shown is None or shown[0] is not latest.marked
        top = shown[1] if shown is not None and not fresh else self._pins(latest)[:PINS_SHOWN]
        if latest.screen is not None and latest.places is not None:
            laid = self.bridge.laid
            if (laid is None or laid[0][0] is not latest.marked or laid[0][1:] != (latest.places[0], latest.screen)):
                draw_ahead(top, latest.screen[1] / 1080)   # what the loupe may turn them to, too
                self.bridge.laid = ((latest.marked, latest.places[0], latest.screen),
                                    lay(top, latest.places, latest.screen))
        if fresh:
            self.bridge.shown = (latest.marked, top)
        if before is not None and before.code != latest.code:
            for phone in list(self._phones.values()):   # the end as the monitor shows it, then goodbye
                self._send(phone, latest.state)
                if latest.keepsake is not None:
                    self._send(phone, json.dumps({"type": "keepsake", "url": latest.keepsake}))
                self._send(phone, _error("game_over", "this game is over: scan the code on the monitor "
                                                      "to join the next one"))
                self._send(phone, Closing(4000, b"game over"))
            return
        if before is None:
            return
        state = latest.state if before.state != latest.state else None
        pins = before.marked != latest.marked
        for phone in list(self._phones.values()):
            if state is not None:
                self._send(phone, state)
            if pins:
                self._send(phone, self._pins_for(phone, latest))

    def _pins(self, snapshot: Snapshot) -> list[Pin]:
        """The pins of a snapshot's marks, the most agreed first, made once for the phones and the monitor."""
        if self._pins_made[0] is not snapshot.marked:
            self._pins_made = (snapshot.marked, Marks.of(snapshot.marked).pins(snapshot.scene))
        return self._pins_made[1]

    def _pins_for(self, phone: _Phone, snapshot: Snapshot) -> str:
        """The `pins` message for one phone: the pins, made once however many phones are sent them, and
        `mine`, the index of the phone's own (-1: none). Colours repeat every dozen phones, so only this
        tells a phone which pin to take back; an index says nothing of whom it marks."""
        if self._pins_written[0] is not snapshot.marked:
            pins = self._pins(snapshot)
            at = {pin.character: index for index, pin in enumerate(pins)}
            self._pins_written = (snapshot.marked, json.dumps(pins_message(pins), separators=(",", ":")),
                                  {player.id: at[character] for player, character in snapshot.marked
                                   if character in at})
        _, text, mine = self._pins_written
        return f'{{"mine":{mine.get(phone.player.id, -1)},{text[1:]}'

    def _send(self, phone: _Phone, text: str | Closing) -> None:
        """Queue `text` for the phone (or its closing, after what is queued)."""
        try:
            phone.outgoing.put_nowait(text)
        except asyncio.QueueFull:
            self.counters.dropped += 1
            asyncio.ensure_future(phone.ws.close(code=1008, message=b"too slow"))

    def _current(self, code: str) -> Snapshot | None:
        snapshot = self._snapshot
        return snapshot if snapshot is not None and snapshot.code is not None and code == snapshot.code else None

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text=page_html(None, language=self._language()), content_type="text/html",
                            headers=_HEADERS)

    def _language(self) -> str:
        return self._snapshot.language if self._snapshot is not None else "en"

    def _guessing(self, request: web.Request) -> web.Response | None:
        """A 429 for an address past its wrong codes, whatever code it sends now (guesses.py)."""
        if not self.wrong_codes.refused(request.remote or ""):
            return None
        self.counters.refused_guessing += 1
        return web.Response(status=429, text=translator(self._language()).tr(
            "Too many wrong codes from this phone: wait a minute, then type the code on the monitor."),
            headers={**_HEADERS, "Retry-After": "60"})

    def _wrong_code(self, request: web.Request) -> None:
        self.counters.refused_code += 1
        self.wrong_codes.wrong(request.remote or "")

    async def _page(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"].upper()
        if (refusal := self._guessing(request)) is not None:
            return refusal
        if not is_code(code) or self._current(code) is None:
            self._wrong_code(request)
            return web.Response(status=404, text=page_html(None, language=self._language(), expired=True), content_type="text/html",
                                headers=_HEADERS)
        return web.Response(text=page_html(code, language=self._language()), content_type="text/html", headers=_HEADERS)

    async def _keepsake(self, request: web.Request) -> web.StreamResponse:
        """A finished game's page while it is kept; a page saying it is gone after (404)."""
        token = request.match_info["token"].upper()
        keepsake = self.keepsakes.find(token) if is_token(token) else None
        if keepsake is None:
            self.counters.refused_code += 1
            return web.Response(status=404, text=gone_html(self._language()), content_type="text/html",
                                headers=_HEADERS)
        left = keepsake.expires - self.keepsakes.clock()
        return web.Response(text=keepsake_html(keepsake, left), content_type="text/html", headers=_HEADERS)

    async def _keepsake_file(self, request: web.Request) -> web.StreamResponse:
        """One of a keepsake's pictures (503 while they are drawn, 404 once it is gone)."""
        token, name = request.match_info["token"].upper(), request.match_info["name"]
        keepsake = self.keepsakes.find(token) if is_token(token) else None
        if keepsake is None or name not in FILES:
            self.counters.refused_code += 1
            return web.json_response(_error_obj("no_keepsake", "no keepsake has this address (any more)"),
                                     status=404)
        found = keepsake.file(name)
        if found is None:
            return web.json_response(_error_obj("drawing", "still being drawn; ask again"), status=503,
                                     headers={"Retry-After": "2"})
        return web.Response(body=found, content_type=FILES[name],
                            headers={"Cache-Control": "private, no-transform", "X-Content-Type-Options": "nosniff"})

    async def _picture(self, request: web.Request) -> web.StreamResponse:
        """The scene's whole picture or one tile, as PNG, once drawn (503 when it takes too long)."""
        snapshot = self._current(request.match_info["code"].upper())
        scene = snapshot.scene if snapshot is not None else None
        if scene is None:
            self.counters.refused_code += 1
            return web.json_response(_error_obj("no_game", "no game's scene has this code"), status=404)
        place = request.match_info
        loop = asyncio.get_running_loop()
        async with self._drawing:
            end = loop.time() + PICTURE_WAIT   # from when it is drawn, not from its wait for a slot
            while True:
                try:
                    if "level" in place:
                        found = await loop.run_in_executor(None, self.pictures.tile, scene, int(place["level"]),
                                                           int(place["column"]), int(place["row"]))
                    else:
                        self.pictures.prepare(scene)
                        found = self.pictures.whole(scene.id)
                except ValueError as error:
                    return web.json_response(_error_obj("no_picture", str(error)), status=404)
                if found is not None:
                    return web.Response(body=found, content_type="image/png",
                                        headers={"Cache-Control": "private, max-age=3600"})
                if loop.time() > end:
                    return web.json_response(_error_obj("drawing", "still being drawn; ask again"), status=503,
                                             headers={"Retry-After": "1"})
                await asyncio.sleep(0.05)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        code = request.match_info["code"].upper()
        if (refusal := self._guessing(request)) is not None:
            return refusal
        snapshot = self._current(code)
        if snapshot is None:
            self._wrong_code(request)
            return web.json_response(_error_obj("no_game", "no game has this code; scan the monitor's"),
                                     status=404)
        full = len(self._phones) >= self.max_phones
        ws = _Socket(max_msg_size=MESSAGE_LIMIT, heartbeat=HEARTBEAT, compress=False)
        await ws.prepare(request)
        if full:   # told over the socket: a page cannot read a refused handshake's body
            self.counters.refused_full += 1
            await ws.send_str(_error("full", f"the table has {self.max_phones} phones already; "
                                             f"join when one leaves"))
            await ws.close(code=1013, message=b"the table is full")
            return ws
        self.guard.request_began(request.transport, socket=True)
        self._numbers += 1
        number = self._numbers
        phone = _Phone(Player(number, f"#{number}", COLOURS[(number - 1) % len(COLOURS)]), ws)
        self._phones[number] = phone
        self.counters.joined += 1
        self.bridge.ask(Joined(phone.player))
        writer = asyncio.create_task(self._write(phone))
        self._send(phone, json.dumps({"type": "welcome", "name": phone.player.name,
                                      "colour": phone.player.colour}))
        self._send(phone, snapshot.state)
        self._send(phone, self._pins_for(phone, snapshot))
        try:
            await self._read(phone)
            self._send(phone, Closing(1000, b""))   # what is queued goes out first (an error's reason)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(writer), 2.0)
        finally:
            del self._phones[number]
            writer.cancel()
            self.bridge.ask(Left(phone.player))
        return ws

    async def _read(self, phone: _Phone) -> None:
        async for message in phone.ws:
            if message.type is WSMsgType.ERROR:   # a frame over the limit, a broken one
                if getattr(message.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG:
                    self.counters.oversize += 1
                else:
                    self.counters.malformed += 1
                return
            if message.type is not WSMsgType.TEXT:
                self._strike(phone, "malformed", "send text frames of JSON")
            elif not phone.allowed():
                self._strike(phone, "slow_down", f"at most {RATE:g} messages a second; slow down")
            else:
                self._take(phone, message.data)
            if phone.strikes >= STRIKES:
                self.counters.dropped += 1
                self._send(phone, Closing(1008, b"too many refused messages"))
                return

    def _strike(self, phone: _Phone, code: str, why: str) -> None:
        phone.strikes += 1
        if code == "slow_down":
            self.counters.slowed += 1
            now = time.monotonic()
            if now - phone.warned_at < 1.0:
                return
            phone.warned_at = now
        else:
            self.counters.malformed += 1
        self._send(phone, _error(code, why))

    def _take(self, phone: _Phone, text: str) -> None:
        try:
            asked = parse_message(text)
        except ProtocolError as error:
            self._strike(phone, "malformed", str(error))
            return
        self.counters.messages += 1
        match asked:
            case Hello(name=name):
                phone.player = Player(phone.player.id, name, phone.player.colour)
                self.bridge.ask(Joined(phone.player))
                self._send(phone, json.dumps({"type": "welcome", "name": name, "colour": phone.player.colour}))
            case MarkAt(x=x, y=y):
                snapshot = self._snapshot
                found = figure_at(snapshot.scene if snapshot is not None else None, x, y)
                if found is not None:   # empty ground marks nobody
                    self.bridge.ask(Mark(phone.player, found))
            case Unmark():
                self.bridge.ask(Mark(phone.player, None))

    async def _write(self, phone: _Phone) -> None:
        try:
            while True:
                text = await phone.outgoing.get()
                if isinstance(text, Closing):
                    await phone.ws.close(code=text.code, message=text.why)
                    return
                await phone.ws.send_str(text)
        except (ConnectionError, RuntimeError):   # the phone went away mid-send
            return


class _Socket(web.WebSocketResponse):
    """A phone's socket whose every close says why: aiohttp closes an oversize (1009) or non-UTF-8
    (1007) frame itself, with no reason, before the server sees the error."""

    REASONS: dict[int, bytes] = {WSCloseCode.MESSAGE_TOO_BIG: f"a message may be at most {MESSAGE_LIMIT} bytes; "
                                                         f"send one mark or name at a time".encode(),
                                 WSCloseCode.INVALID_TEXT: b"a text frame must be UTF-8; send JSON as UTF-8 text"}

    async def close(self, *, code: int = WSCloseCode.OK, message: bytes = b"", drain: bool = True) -> bool:
        return await super().close(code=code, message=message or self.REASONS.get(code, b""), drain=drain)


_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "default-src 'self'; style-src 'unsafe-inline'; "
                                       "script-src 'unsafe-inline'; img-src 'self' data:"}


def _said(counts: dict[str, int]) -> str:
    """"malformed=3 slowed=120": the counts that are not 0, named as the status names them."""
    return " ".join(f"{name}={n}" for name, n in counts.items() if n)


def _error_obj(code: str, message: str) -> dict[str, str]:
    return {"type": "error", "code": code, "message": message}


def _error(code: str, message: str) -> str:
    return json.dumps(_error_obj(code, message))


def shown_host(host: str) -> str:
    """The address phones reach: this machine's on its network when listening on all of them."""
    if host in ("0.0.0.0", "::"):
        family = socket.AF_INET6 if host == "::" else socket.AF_INET
        probe = "2001:db8::1" if host == "::" else "192.0.2.1"   # documentation addresses: nothing is sent
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                host = str(s.getsockname()[0])
        except OSError:
            host = "::1" if host == "::" else "127.0.0.1"
    return f"[{host}]" if ":" in host else host
