"""Hostile clients against the phones' server: slowloris, a thousand connections, huge frames and requests.

Each attack runs against the real server beside a real table, and a phone
that comes meanwhile still joins and is told the game: nobody is kept out, and
nothing reaches the game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import resource
import socket
import time

import aiohttp
import pytest

from lastmessage.phones.guard import FIRST_REQUEST_S
from lastmessage.rules.game import Phase
from tests.phones.helpers import DEADLINE, receive_until, table_with_phones, until


async def a_phone_joins(url: str) -> dict[str, object]:
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
            return await receive_until(ws, "state")


def closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_slowloris_clients_are_let_go_and_a_phone_still_joins() -> None:
    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None
        slow = []
        for _ in range(60):   # more than the server holds
            sock = socket.create_connection(("127.0.0.1", phones.server.port))
            sock.setblocking(False)
            sock.send(b"GET / HTTP/1.1\r\nHost: x\r\n")
            slow.append(sock)
        assert asyncio.run(a_phone_joins(url))["phase"] == "scene"
        end = time.monotonic() + FIRST_REQUEST_S + 10
        while not all(closed_by_server(s) for s in slow):
            assert time.monotonic() < end, "a slow client was kept"
            for sock in slow:
                try:
                    sock.send(b"X")   # a byte at a time, never the end of the header
                except OSError:
                    pass
            time.sleep(0.25)
        for sock in slow:
            sock.close()
        assert phones.server.guard.timed_out + phones.server.guard.refused >= 60


def test_a_thousand_connections_are_refused_or_let_go_and_a_phone_still_joins() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2500:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))
    try:
        with table_with_phones() as (app, phones, clock):
            url = phones.url()
            assert url is not None
            crowd = []
            for _ in range(1000):
                try:
                    crowd.append(socket.create_connection(("127.0.0.1", phones.server.port), timeout=5))
                except OSError:
                    break   # the backlog is full: refused by the system, as good as by us
            assert asyncio.run(a_phone_joins(url))["phase"] == "scene"
            assert len(phones.server.guard.held) <= phones.server.guard.limit + 1
            for sock in crowd:
                sock.close()
            print(f"\n{len(crowd)} connections made; {phones.server.guard.refused} let go or refused")
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_huge_frame_closes_that_phone_only() -> None:
    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None

        async def run() -> tuple[aiohttp.WSMsgType, int | None, bool, dict[str, object]]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    await receive_until(ws, "state")
                    try:
                        await ws.send_str(json.dumps({"type": "hello", "name": "x" * 2_000_000}))
                    except ConnectionError:   # closed before the phone had sent it all (a loaded machine)
                        return aiohttp.WSMsgType.CLOSED, ws.close_code, True, await a_phone_joins(url)
                    while True:
                        message = await ws.receive()
                        if message.type is not aiohttp.WSMsgType.TEXT:
                            return message.type, ws.close_code, False, await a_phone_joins(url)

        kind, code, cut_off, other = asyncio.run(run())
        assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        assert code == 1009 or (cut_off and code is None)   # message too big (unread when cut off mid-frame)
        assert other["phase"] == "scene"
        assert phones.server.counters.oversize >= 1   # counted as what it was


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 10_000 + b"\r\n\r\n", 400),
    (b"POST /ws/ABCDEF HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", 405),
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64, 400),   # TLS to a plain port
    (b"GET /ws/ABCDEF HTTP/1.1\r\nHost: x\r\n\r\n", 404),   # no game has this code
    (b"GET /j/../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 404),
])
def test_wrong_requests_get_a_status_and_change_nothing(request_bytes: bytes, status: int) -> None:
    with table_with_phones() as (app, phones, clock):
        with socket.create_connection(("127.0.0.1", phones.server.port), timeout=10) as sock:
            sock.sendall(request_bytes)
            answer = b""
            while b"\r\n" not in answer:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                answer += chunk
        assert answer.split(b" ")[1] == str(status).encode(), answer[:200]
        assert app.game.phase is Phase.SCENE


def test_a_binary_frame_and_wrong_json_are_answered_and_counted() -> None:
    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None

        async def run() -> list[dict[str, object]]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    await receive_until(ws, "state")
                    errors = []
                    for bad in (b"\x00\x01", '{"type": "mark", "x": 2, "y": 0}', "{", '{"type": []}'):
                        if isinstance(bad, bytes):
                            await ws.send_bytes(bad)
                        else:
                            await ws.send_str(bad)
                        errors.append(await receive_until(ws, "error"))
                    return errors

        errors = asyncio.run(run())
        assert [e["code"] for e in errors] == ["malformed"] * 4
        assert all(isinstance(e["message"], str) and "\n" not in e["message"] for e in errors)
        assert phones.server.counters.malformed == 4


@pytest.mark.parametrize("frame, code, says", [
    (b'{"type": "hello", "name": "' + b"x" * 600 + b'"}', 1009,
     "a message may be at most 512 bytes; send one mark or name at a time"),
    (b'{"type": "hello", "name": "\xff\xfe"}', 1007, "a text frame must be UTF-8; send JSON as UTF-8 text")])
def test_an_oversize_or_broken_text_frame_is_closed_with_a_reason(frame: bytes, code: int, says: str) -> None:
    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None

        async def run() -> tuple[int | None, str]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    await receive_until(ws, "state")
                    await ws.send_frame(frame, aiohttp.WSMsgType.TEXT)
                    while True:
                        message = await ws.receive()
                        if message.type is aiohttp.WSMsgType.CLOSE:
                            return ws.close_code, str(message.extra)

        assert asyncio.run(run()) == (code, says)
        counters = phones.server.counters
        until(lambda: (counters.oversize, counters.malformed) == ((1, 0) if code == 1009 else (0, 1)))


@pytest.mark.parametrize("request_bytes", [
    b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    b"GET /j/\x00\xff HTTP/1.1\r\nHost: x\r\n\r\n",
])
def test_a_request_it_cannot_read_is_one_line_in_the_log_not_a_traceback(
        request_bytes: bytes, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="lastmessage.phones.requests")
    with table_with_phones() as (app, phones, clock):
        with socket.create_connection(("127.0.0.1", phones.server.port), timeout=10) as sock:
            sock.sendall(request_bytes)
            assert sock.recv(4096).split(b" ")[1] == b"400"
        deadline = time.monotonic() + DEADLINE
        while not [r for r in caplog.records if r.name == "lastmessage.phones.requests"]:
            assert time.monotonic() < deadline, "no line for the bad request"
            time.sleep(0.01)
    lines = [r for r in caplog.records if r.name == "lastmessage.phones.requests"]
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in lines), [r.getMessage() for r in lines]
    assert lines[0].getMessage().startswith("phones: refused a request it could not read (")
    assert "Traceback" not in caplog.text


def test_a_flood_of_refusals_is_a_line_in_the_log_not_a_line_each(caplog: pytest.LogCaptureFixture) -> None:
    """Two phones send 200 malformed messages, an oversize frame and 30 unreadable requests come: the
    log has the first line at once and the rest in the line said when the server stops, with every
    count; the broken requests themselves are one line, not thirty."""
    caplog.set_level(logging.WARNING)
    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None

        async def flood() -> None:
            async with aiohttp.ClientSession() as session:
                for _ in range(2):
                    async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                        await receive_until(ws, "state")
                        for _ in range(100):
                            await ws.send_str('{"type": "mark", "x": "a"}')
                        while (await ws.receive()).type is aiohttp.WSMsgType.TEXT:
                            pass
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    await receive_until(ws, "state")
                    await ws.send_frame(b'{"type": "hello", "name": "' + b"x" * 600 + b'"}', aiohttp.WSMsgType.TEXT)
                    while (await ws.receive()).type is aiohttp.WSMsgType.TEXT:
                        pass

        asyncio.run(flood())
        for _ in range(30):
            with socket.create_connection(("127.0.0.1", phones.server.port), timeout=10) as sock:
                sock.sendall(b"GET /j/\x00\xff HTTP/1.1\r\nHost: x\r\n\r\n")
                assert sock.recv(4096).split(b" ")[1] == b"400"
        until(lambda: phones.server.refusals()["unreadable"] == 30 and phones.server.counters.oversize == 1)
        counts = phones.server.refusals()
    unread = [r for r in caplog.records if r.getMessage().startswith("phones: refused a request")]
    summaries = [r.getMessage() for r in caplog.records if r.getMessage().startswith("phones: refusals")]
    assert len(unread) == 1   # the broken requests: one line, the others counted
    assert 1 <= len(summaries) <= 2 and all("\n" not in line for line in summaries), summaries
    malformed, slowed, dropped = counts["malformed"], counts["slowed"], counts["dropped"]
    assert malformed + slowed == 40 and dropped == 2   # each phone let go at its 20th strike
    assert summaries[-1].endswith(f"; in all: malformed={malformed} oversize=1 slowed={slowed} dropped=2 "
                                  f"unreadable=30"), summaries[-1]
    assert all(getattr(r, "record_only", False) for r in caplog.records if r.getMessage() in summaries)
