"""Phones join a real table over the loopback: by the game's code only, told the public game, marks on the monitor.

The real App with the real server on its own thread; the phones are aiohttp
clients. Frames are stepped by the test (as the frame loop does) until what is
awaited has happened, with a deadline.
"""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from lastmessage.commands import Accuse, SetLanguage
from lastmessage.phones.link import Phones
from lastmessage.rules.game import Phase
from tests.phones.helpers import receive_until, start_suspect, table_with_phones, until


def test_a_phone_joins_by_the_code_marks_and_sees_the_pin() -> None:
    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None and url.startswith("http://127.0.0.1:")
        start_suspect(app, clock)
        target = app.catalog.get("harbour").character("harbour-p050")   # type: ignore[union-attr]

        async def phone() -> dict[str, object]:
            async with aiohttp.ClientSession() as session:
                async with session.get(url) as page:
                    assert page.status == 200 and "<canvas" in await page.text()
                async with session.get(url[:-6] + "ZZZZZZ") as wrong:
                    assert wrong.status == 404
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    welcome = await receive_until(ws, "welcome")
                    state = await receive_until(ws, "state")
                    assert state["phase"] == "suspect" and state["round"] == 1
                    assert [b["round"] for b in state["boards"]] == [1]   # type: ignore[index]
                    await ws.send_str(json.dumps({"type": "hello", "name": "Ana"}))
                    await receive_until(ws, "welcome")
                    await ws.send_str(json.dumps({"type": "mark", "x": target.x, "y": target.y}))
                    while True:
                        pins = await receive_until(ws, "pins")
                        if pins["pins"]:   # the monitor's layers while the phone is still there
                            _, detective = app.layers()
                            return {"welcome": welcome, "pins": pins, "layers": [layer.key for layer in detective]}

        async def with_frames() -> dict[str, object]:
            task = asyncio.create_task(phone())
            while not task.done():   # the frame loop, reading the phones' asks
                app.step()
                await asyncio.sleep(0.01)
            return task.result()

        got = asyncio.run(with_frames())
        pin = got["pins"]["pins"][0]   # type: ignore[index]
        assert pin["count"] == 1 and pin["names"] == ["Ana"]
        assert (pin["x"], pin["y"]) == (round(target.x, 4), round(target.y, 4))
        assert ("phones", "pin", target.id) in got["layers"]   # type: ignore[operator]
        assert phones.server.counters.malformed == 0


def test_the_code_ends_with_the_game_and_its_phones_are_told() -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None

        async def phone() -> list[dict[str, object]]:
            seen: list[dict[str, object]] = []
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    await receive_until(ws, "state", seen)
                    app.execute(Accuse("harbour-p050"), "test")
                    await receive_until(ws, "error", seen)
                    closing = await ws.receive()
                    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                async with session.get(url) as page:
                    assert page.status == 404
                async with session.ws_connect(url.replace("/j/", "/ws/")) as late:
                    pytest.fail(f"a finished game's code was taken: {late}")
            return seen

        async def run() -> list[dict[str, object]]:
            task = asyncio.create_task(phone())
            while not task.done():
                app.step()
                await asyncio.sleep(0.01)
            return task.result()

        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            asyncio.run(run())
        assert refused.value.status == 404
        assert phones.url() is None
        app.new_game()
        assert phones.url() is not None and phones.url() != url


def test_a_full_table_refuses_one_more_phone() -> None:
    """Told over its socket (a page cannot read a refused handshake's body), then closed."""
    with table_with_phones(max_phones=2) as (app, phones, clock):
        url = phones.url()
        assert url is not None
        ws_url = url.replace("/j/", "/ws/")

        async def run() -> tuple[dict[str, object], int | None]:
            async with aiohttp.ClientSession() as session:
                first = await session.ws_connect(ws_url)
                second = await session.ws_connect(ws_url)
                await receive_until(first, "state")
                await receive_until(second, "state")
                async with session.ws_connect(ws_url) as third:
                    told = await receive_until(third, "error")
                    closing = await third.receive()
                    assert closing.type is aiohttp.WSMsgType.CLOSE
                await first.close()
                await second.close()
                return told, third.close_code

        told, code = asyncio.run(run())
        assert told["code"] == "full" and told["message"] == "the table has 2 phones already; join when one leaves"
        assert code == 1013
        assert phones.server.counters.refused_full == 1


def test_malformed_messages_are_answered_and_counted_and_a_flooder_is_let_go() -> None:
    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None

        async def run() -> tuple[dict[str, object], list[dict[str, object]], aiohttp.WSMsgType]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                    await receive_until(ws, "state")
                    await ws.send_str('{"type": "accuse", "character": "harbour-p050"}')
                    error = await receive_until(ws, "error")
                    await ws.send_str('{"type": "mark", "x": "a"}')
                    field = await receive_until(ws, "error")
                    assert field["message"] == "mark: x must be a number from 0 to 1 (the scene's left to right)"
                    seen: list[dict[str, object]] = []
                    for _ in range(200):   # far past the rate: slowed, then dropped
                        await ws.send_str('{"type": "unmark"}')
                    while True:
                        message = await ws.receive()
                        if message.type is not aiohttp.WSMsgType.TEXT:
                            return error, seen, message.type
                        seen.append(json.loads(message.data))

        error, seen, ending = asyncio.run(run())
        assert error["code"] == "malformed" and 'unknown "type" "accuse"' in str(error["message"])
        assert any(m.get("code") == "slow_down" for m in seen)
        assert ending in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        counters = phones.server.counters
        assert counters.malformed == 2 and counters.slowed >= 18 and counters.dropped == 1
        assert app.game.phase is Phase.SCENE   # nothing of it reached the game


def test_a_port_in_use_is_said_in_one_line() -> None:
    with table_with_phones() as (app, phones, clock):
        other = Phones("127.0.0.1", phones.server.port)
        with pytest.raises(Exception, match=r"phones: cannot listen on 127\.0\.0\.1:\d+: .*another program"):
            other.start()


def test_guessing_codes_is_refused_for_that_address_only() -> None:
    """Ten wrong codes pass as mistakes (404); then every join from that address is 429 for a while,
    the right code too (a guesser must not tell a hit), while another address joins by the code."""
    from lastmessage.phones.guesses import BURST

    with table_with_phones() as (app, phones, clock):
        url = phones.url()
        assert url is not None

        async def run() -> tuple[list[int], int, str, int, int]:
            async with aiohttp.ClientSession() as session:
                statuses = []
                for _ in range(BURST + 1):
                    async with session.get(url[:-6] + "ZZZZZZ") as wrong:
                        statuses.append(wrong.status)
                async with session.get(url) as right:
                    right_status, body = right.status, await right.text()
                try:
                    await session.ws_connect(url.replace("/j/", "/ws/"))
                    socket_status = 101
                except aiohttp.WSServerHandshakeError as error:
                    socket_status = error.status
            # another phone: another address of the loopback
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))) as second:
                async with second.get(url) as elsewhere:
                    return statuses, right_status, body, socket_status, elsewhere.status

        statuses, right_status, body, socket_status, elsewhere = asyncio.run(run())
        assert statuses == [404] * BURST + [429]
        assert (right_status, socket_status, elsewhere) == (429, 429, 200)
        assert body == "Too many wrong codes from this phone: wait a minute, then type the code on the monitor."


def test_a_language_chosen_on_the_tablet_reaches_the_phones_at_once() -> None:
    """Switched mid-game on the tablet, the language reaches the phones' page with the next frame,
    not only when the game's public view next changes."""
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        url = phones.url()
        assert url is not None

        async def page() -> str:
            async with aiohttp.ClientSession() as session:
                async with session.get(url) as got:
                    return await got.text()

        assert '<html lang="en"' in asyncio.run(page())
        assert app.execute(SetLanguage("ro"), "tablet")
        until(lambda: phones.bridge.snapshot is not None and phones.bridge.snapshot.language == "ro", app)
        assert '<html lang="ro"' in asyncio.run(page())
