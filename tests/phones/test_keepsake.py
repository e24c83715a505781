"""The keepsake: a finished game's page on the device, its pictures, its time, and then its end.

A real table with phones on the loopback plays a round to the right accusation;
the phone connected to it is told the keepsake's address before it is let go;
the page names the criminal, and its pictures are real files (Pillow reads
them back): the scene, the boards, and the replay, whose frames fill in stroke
by stroke and end with the erased ink back in the ghost colour. Once its time
is up (the keepsakes' clock moved on) the page and every picture are 404, the
page saying why.
"""

from __future__ import annotations

import asyncio
import io

import aiohttp
from PIL import Image

from lastmessage.commands import NewGame, SetLanguage
from lastmessage.i18n.translate import translator
from lastmessage.phones.link import Phones
from lastmessage.phones.souvenir import BOARD, GAP, LABEL, sheet_size
from lastmessage.table.app import App
from lastmessage.ui import theme
from lastmessage.ui.detective.words import criminal_was
from tests.phones.helpers import DEADLINE, SECRET, play_a_round, receive_until, table_with_phones, until

async def fetch(session: aiohttp.ClientSession, url: str, app: App) -> tuple[int, bytes, str]:
    """GET `url`, asking again while it is being drawn (503), frames passing meanwhile."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 6 * DEADLINE   # the pictures take seconds on a small machine
    while True:
        async with session.get(url) as answer:
            body = await answer.read()
            if answer.status != 503 and b'http-equiv="refresh"' not in body:
                return answer.status, body, answer.content_type
        assert loop.time() < end, f"{url} was still being drawn"
        app.step()
        await asyncio.sleep(0.1)


def test_the_keepsake_page_and_its_pictures_then_it_is_gone() -> None:
    with table_with_phones(keepsake_minutes=30) as (app, phones, clock):
        app.execute(SetLanguage("ro"), "test")
        join = phones.url()
        assert join is not None
        told: list[dict[str, object]] = []

        async def phone_sees_the_end() -> None:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(join.replace("/j/", "/ws/")) as ws:
                    await receive_until(ws, "state", told)
                    play_a_round(app, clock)
                    async with asyncio.timeout(DEADLINE):
                        while not any(m["type"] == "keepsake" for m in told):
                            app.step()
                            await receive_until(ws, "keepsake", told)

        asyncio.run(phone_sees_the_end())
        url = phones.keepsake_url()
        assert url is not None and url.startswith(phones.base() + "/k/")
        said = next(m for m in told if m["type"] == "keepsake")
        assert said["url"] == url.removeprefix(phones.base())

        async def visit() -> dict[str, tuple[int, bytes, str]]:
            async with aiohttp.ClientSession() as session:
                return {name: await fetch(session, url + name, app)
                        for name in ("", "/scene.jpg", "/boards.png", "/replay.gif")}

        got = asyncio.run(visit())
        status, page, kind = got[""]
        scene = app.catalog.get("harbour")
        assert scene is not None and (criminal := scene.character(SECRET)) is not None
        assert status == 200 and kind == "text/html"
        assert criminal_was(translator("ro"), criminal) in page.decode()
        assert "Descarcă reluarea (GIF)" in page.decode()
        for name, fmt in (("/scene.jpg", "JPEG"), ("/boards.png", "PNG"), ("/replay.gif", "GIF")):
            assert got[name][0] == 200, name
            assert Image.open(io.BytesIO(got[name][1])).format == fmt
        replay = Image.open(io.BytesIO(got["/replay.gif"][1]))
        frames = [frame.convert("RGB") for frame in _frames(replay)]
        assert len(frames) > 4
        ink = [_count(frame, theme.INK) for frame in frames]
        assert ink == sorted(ink) and ink[-1] > 50 * max(1, ink[0])   # drawn stroke by stroke, from blank boards
        ghost = [_count(frame, theme.GHOST) for frame in frames]
        assert ghost[0] == 0 and ghost[-1] > 500                     # the erased ink comes back
        boards = Image.open(io.BytesIO(got["/boards.png"][1])).convert("RGB")
        assert boards.size == frames[-1].size == sheet_size(1) and min(boards.size) > 800   # worth keeping
        extents = _extents(replay)   # after the whole sheet, each frame only what changed on the board
        assert extents[0] == (0, 0, *sheet_size(1))
        assert all(GAP <= x0 < x1 <= GAP + BOARD and GAP + LABEL <= y0 < y1 <= GAP + LABEL + BOARD
                   for x0, y0, x1, y1 in extents[1:]), extents

        keepsakes = phones.server.keepsakes
        keepsakes.clock = lambda: 1e12   # its time is up

        async def too_late() -> dict[str, tuple[int, bytes, str]]:
            async with aiohttp.ClientSession() as session:
                return {name: await fetch(session, url + name, app) for name in ("", "/replay.gif")}

        late = asyncio.run(too_late())
        assert late[""][0] == 404 and late[""][2] == "text/html"
        assert translator("ro").tr("This keepsake is gone") in late[""][1].decode()
        assert late["/replay.gif"][0] == 404
        assert keepsakes.find(url.rsplit("/", 1)[1]) is None   # and its pictures are let go


def _frames(image: Image.Image) -> list[Image.Image]:
    found = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        found.append(image.copy())
    return found


def _extents(image: Image.Image) -> list[tuple[int, int, int, int]]:
    """Where each frame of a GIF lies on it (left, top, right, bottom)."""
    found = []
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        found.append(tuple(image.dispose_extent))   # type: ignore[attr-defined]
    return found   # type: ignore[return-value]


def _count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    data = image.tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if all(abs(data[i + k] - colour[k]) <= 6 for k in range(3)))


def test_no_keepsake_when_its_time_is_zero() -> None:
    with table_with_phones(keepsake_minutes=0) as (app, phones, clock):
        play_a_round(app, clock)
        until(lambda: True, app)
        assert phones.keepsake_url() is None
        assert phones.layers(app.detective.size, None) == ([], [])


def test_the_monitor_shows_the_keepsake_card_at_the_end_only() -> None:
    with table_with_phones(keepsake_minutes=30) as (app, phones, clock):
        play_a_round(app, clock)
        names = [layer.key for layer in phones.layers(app.detective.size, None)[1]]
        assert ("phones", "keepsake") in names
        app.execute(NewGame(), "test")   # the next game
        app.step()
        names = [layer.key for layer in phones.layers(app.detective.size, None)[1]]
        assert ("phones", "keepsake") not in names and ("phones", "card") in names
        assert phones.keepsake_url() is not None   # its page is still kept


def test_a_token_that_is_not_one_is_the_gone_page() -> None:
    phones = Phones("127.0.0.1", 0, keepsake_minutes=30)
    phones.start()
    try:
        async def ask() -> list[int]:
            async with aiohttp.ClientSession() as session:
                found = []
                for path in ("/k/AAAAAAAAAA", "/k/../../etc", "/k/x" * 50, "/k/AAAAAAAAAA/replay.gif",
                             "/k/AAAAAAAAAA/secret.json"):
                    async with session.get(phones.base() + path) as answer:
                        found.append(answer.status)
                return found

        assert asyncio.run(ask()) == [404] * 5
        assert phones.server.counters.refused_code == 3   # the ones our routes answered (the rest: no route)
    finally:
        phones.stop()
