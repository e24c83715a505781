"""Only the public projection leaves the device: whole games with phones connected, every byte scanned.

Two phones stay connected through a whole game (three rounds: a pass, a wrong
accusation, the right one), one marks the secret itself, and after every step
they fetch the page, the whole picture and a tile. Every WebSocket message and
every HTTP response until `game_over` is searched for the secret's id and its
description in English and Romanian (each name form); in both languages. The scan reaches past
`game_over` too: the criminal is never named to a phone, not even in the end's verdict. The wrongly
accused is (`accused`, in the table's language): the scan sees that name, so it would see the secret's.
"""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Erase, Flip, Pass, Pick, SetLanguage
from lastmessage.i18n.translate import translator
from lastmessage.rules.game import Phase
from lastmessage.scenes.model import Character
from tests.phones.helpers import table_with_phones


def secret_texts(character: Character) -> set[str]:
    """The id and every form of the description a screen could show, lower-cased."""
    texts = {character.id, character.name}
    for language in ("en", "ro"):
        forms = translator(language).name(character.name, character.names)
        texts |= {forms.indefinite, forms.definite}
    return {text.lower() for text in texts if len(text) >= 4}


@pytest.mark.parametrize("language, scene_id, secret_index", [("en", "harbour", None), ("ro", "carnival", 7)])
def test_no_byte_a_phone_gets_names_the_secret(language: str, scene_id: str, secret_index: int | None) -> None:
    with table_with_phones() as (app, phones, clock):
        app.execute(SetLanguage(language), "test")
        scene = app.catalog.get(scene_id)
        assert scene is not None
        secret = scene.character("harbour-p050") if secret_index is None else scene.suspects()[secret_index]
        assert secret is not None
        wrong = next(c for c in scene.suspects() if c.id != secret.id)
        url = phones.url()
        assert url is not None
        received: list[bytes] = []
        unescaped: list[str] = []   # each message with its letters as letters: JSON writes "ă" as \u0103
        over = asyncio.Event()

        async def listen(session: aiohttp.ClientSession, mark: bool) -> None:
            async with session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                marked = False
                async for message in ws:
                    if message.type is not aiohttp.WSMsgType.TEXT:
                        break
                    received.append(message.data.encode())
                    obj = json.loads(message.data)
                    unescaped.append(json.dumps(obj, ensure_ascii=False))
                    if mark and not marked and obj.get("type") == "state" and obj["phase"] == "suspect":
                        await ws.send_str(json.dumps({"type": "mark", "x": secret.x, "y": secret.y}))
                        marked = True
                    if obj.get("type") == "state" and obj["phase"] == "over":
                        over.set()

        async def fetch(session: aiohttp.ClientSession) -> None:
            for path in (url, url.replace("/j/", "/s/") + "/whole.png", url.replace("/j/", "/s/") + "/1/0/0.png"):
                async with session.get(path) as answer:
                    received.append(await answer.read())
                    received.append(json.dumps(dict(answer.headers)).encode())

        async def frames(session: aiohttp.ClientSession, count: int = 10) -> None:
            for _ in range(count):
                app.step()
                await asyncio.sleep(0.01)
            await fetch(session)

        async def game() -> None:
            async with aiohttp.ClientSession() as session:
                phones_ = [asyncio.create_task(listen(session, mark)) for mark in (True, False)]
                await frames(session)
                for command in (ChooseScene(scene_id), Pick(secret.id)):
                    app.execute(command, "test")
                    await frames(session)
                for number, ending in ((1, Pass()), (2, Accuse(wrong.id)), (3, Accuse(secret.id))):
                    app.execute(Flip(), "test")
                    app.execute(AddStroke(((0.1, 0.1), (0.5, 0.4), (0.9, 0.2))), "test")
                    app.execute(AddWord(4 + number, f"clue{number}"), "test")
                    await frames(session)
                    clock.advance(31)
                    await frames(session)
                    app.execute(Erase(tuple(range(6 - number))), "test")
                    await frames(session, 30)   # the suspect step: a phone marks the secret
                    app.execute(ending, "test")
                    await frames(session)
                assert app.game.phase is Phase.OVER
                async with asyncio.timeout(10):
                    while not over.is_set():
                        await frames(session, 1)
                for task in phones_:
                    await asyncio.wait_for(task, 10)

        asyncio.run(game())
        assert phones.marks.version > 0   # the secret was marked: its pin went out as a position
        everything = b"\n".join(received)
        assert len(received) > 40
        letters = "\n".join(unescaped).lower()
        found = [text for text in secret_texts(secret) if text.encode() in everything.lower() or text in letters]
        assert found == [], f"a phone was sent {found}"
        # The wrong accusation's verdict named whom it accused, as the monitor does, and only that one.
        accused = translator(language).name(wrong.name, wrong.names).heading
        assert f'"accused": {json.dumps(accused, ensure_ascii=False)}' in "\n".join(unescaped)
        assert everything.count(b'"accused"') == everything.count(b'"correct":false')
        # The boards went out (the scan looked at real game messages, not at nothing).
        assert b'"text":"clue1"' in everything and b'"phase":"suspect"' in everything
