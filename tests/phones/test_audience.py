"""Audience mode: 200 phones vote through a round, and ACCUSE names the vote's choice after the countdown.

Real WebSocket clients on the loopback, all 200 at once on a real table's
server: 120 vote for one suspect, 80 for another, while the table's cursor is
on a third. The table's ACCUSE starts the countdown (every phone is told it,
the monitor shows it), nothing is accused until it is over, and then the one
with the most votes is. A tie, or no vote, goes to the table's cursor.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiohttp
import pygame
import pytest

from lastmessage.commands import Accuse
from lastmessage.phones.audience import VOTE_SECONDS, Ballot, tally
from lastmessage.phones.marks import COLOURS, Pin, Player
from lastmessage.rules.events import Accused
from lastmessage.rules.game import Phase
from lastmessage.scenes.render import png_bytes
from lastmessage.ui.present import compose
from lastmessage.table.app import App
from lastmessage.ui import theme
from ocr import needs_ocr, read_ink
from tests.phones.helpers import DEADLINE, SECRET, start_suspect, table_with_phones

CROWD = 200


def test_two_hundred_phones_vote_and_the_vote_is_accused(tmp_path: Path) -> None:
    with table_with_phones(max_phones=CROWD, audience=True) as (app, phones, clock):
        start_suspect(app, clock)
        scene = app.catalog.get("harbour")
        assert scene is not None
        suspects = [c for c in scene.suspects() if c.id != SECRET]
        favourite, runner_up, cursor = suspects[0], suspects[1], suspects[2]
        url = phones.url()
        assert url is not None
        told_vote = [False] * CROWD

        async def phone(session: aiohttp.ClientSession, number: int, voted: asyncio.Barrier,
                        counted: asyncio.Event) -> None:
            target = favourite if number < 120 else runner_up
            async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                await ws.send_str(json.dumps({"type": "mark", "x": target.x, "y": target.y}))
                await voted.wait()
                async for message in ws:
                    obj = json.loads(message.data)
                    if obj["type"] == "state" and obj["vote"] is not None:
                        assert obj["audience"] is True and 1 <= obj["vote"]["seconds_left"] <= VOTE_SECONDS
                        told_vote[number] = True
                        break
                await counted.wait()

        async def crowd() -> None:
            voted, counted = asyncio.Barrier(CROWD + 1), asyncio.Event()
            connector = aiohttp.TCPConnector(limit=0)
            async with aiohttp.ClientSession(connector=connector) as session:
                tasks = asyncio.gather(*(phone(session, n, voted, counted) for n in range(CROWD)))
                loop = asyncio.get_running_loop()
                end = loop.time() + 3 * DEADLINE
                while [len(p.players) for p in phones.marks.pins(scene)] != [120, 80]:
                    assert loop.time() < end, phones.server.counters
                    app.step()
                    await asyncio.sleep(0.01)
                await voted.wait()
                # The table's ACCUSE on a third suspect: the countdown, not an accusation.
                assert app.execute(Accuse(cursor.id), "detective")
                app.step()
                assert not any(isinstance(e, Accused) for e in app.game.events)
                keys = [layer.key for layer in app.layers()[1]]
                assert ("phones", "vote") in keys
                while not all(told_vote):
                    assert loop.time() < end, sum(told_vote)
                    app.step()
                    await asyncio.sleep(0.01)
                await _monitor_png(app, tmp_path / "vote.png")
                for _ in range(int(VOTE_SECONDS) * 4):   # the countdown runs out on the table's clock
                    clock.advance(0.25)
                    app.step()
                    await asyncio.sleep(0)
                counted.set()
                await tasks

        asyncio.run(crowd())
        accused = [e for e in app.game.events if isinstance(e, Accused)]
        assert [e.character for e in accused] == [favourite.id]
        assert phones.server.counters.joined == CROWD and phones.server.counters.dropped == 0
        assert phones.ballot is None
        assert (tmp_path / "vote.png").stat().st_size > 10_000


async def _monitor_png(app: App, path: Path) -> None:
    import pygame

    tablet, detective = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
    app.draw(tablet, detective)
    path.write_bytes(png_bytes(compose(detective, app.layers()[1])))


def _pin(character: str, voters: int) -> Pin:
    return Pin(character, 0.5, 0.5, tuple(Player(n, f"#{n}", COLOURS[0]) for n in range(voters)), 0.45)


def test_the_vote_most_phones_made_wins_and_a_tie_is_the_tables() -> None:
    assert tally([_pin("a", 3), _pin("b", 2)], "c") == "a"
    assert tally([_pin("a", 2), _pin("b", 2)], "c") == "c"
    assert tally([], "c") == "c"
    assert Ballot("c", 10.0).seconds_left(0.1) == 10 and Ballot("c", 10.0).seconds_left(10.0) == 0


def test_without_audience_mode_accuse_is_at_once() -> None:
    with table_with_phones(audience=False) as (app, phones, clock):
        start_suspect(app, clock)
        app.execute(Accuse(SECRET), "detective")
        assert app.game.phase is Phase.OVER and phones.ballot is None


@needs_ocr
@pytest.mark.parametrize("language, words", [("en", "The audience votes on their phones"),
                                             ("ro", "Publicul votează pe telefoane")])
def test_the_tablet_counts_the_vote_down_as_the_monitor_does(language: str, words: str, tmp_path: Path) -> None:
    """"A countdown on both screens": the tablet's waiting screen says the audience votes and
    how long is left, read back with OCR, and goes back to its own words once the vote is over."""
    with table_with_phones(audience=True) as (app, phones, clock):
        app.language = language
        start_suspect(app, clock)
        scene = app.catalog.get("harbour")
        assert scene is not None
        suspect = next(c for c in scene.suspects() if c.id != SECRET)
        assert app.execute(Accuse(suspect.id), "detective")
        app.step()
        assert app.status().vote == int(VOTE_SECONDS)
        tablet = pygame.Surface((1280, 800))
        app.draw(tablet, pygame.Surface((1920, 1080)))
        read = read_ink(tablet, pygame.Rect(600, 150, 680, 200), theme.AMBER, 2, tmp_path, psm=6)
        assert words in read and str(int(VOTE_SECONDS)) in read, read
        for _ in range(int(VOTE_SECONDS) * 4 + 1):   # the countdown runs out on the table's clock
            clock.advance(0.25)
            app.step()
        assert app.status().vote is None
        assert any(isinstance(e, Accused) for e in app.game.events)
