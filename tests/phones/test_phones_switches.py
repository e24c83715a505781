"""The phones' switches: the host's on the scene grid (at home), the operator menu's (museums).

A real table on the shipped scenes, both screens really drawn (SDL dummy) and
tapped where the tablet draws its buttons; a real phone server on the
loopback, a real WebSocket phone, the operator's choices in a real file.
Switched on at the scene grid, audience mode makes the game started next run
the vote; switched in the menu mid-game, it waits for the next game; a
restart keeps what was chosen; where a PIN is set, visitors get no switch.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp
import pygame
import pytest
from hypothesis import given, strategies as st

from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, NewGame
from lastmessage.hal.sim import SimHal
from lastmessage.journal.codec import CodecError, decode_action
from lastmessage.operator.commands import ChoosePhones, EnterPin, OpenOperator
from lastmessage.operator.desk import OperatorDesk
from lastmessage.operator.events import OperatorChanged, OperatorEvent
from lastmessage.operator.keep import KEEP_FILE_NAME, ChoicesFile, OperatorChoices, parse_choices
from lastmessage.operator.pin import PinHash, save_pin
from lastmessage.phones.audience import VOTE_SECONDS
from lastmessage.phones.link import Phones
from lastmessage.rules.config import Rules
from lastmessage.rules.events import Accused
from lastmessage.rules.game import Phase
from lastmessage.scenes.render import png_bytes
from lastmessage.table.app import App
from lastmessage.ui.present import compose
from lastmessage.ui.screen import Pointer
from tests.phones.helpers import receive_until, until
from tests.phones.helpers import SECRET, start_suspect, write_script
from tests.ports import free_port
from tests.table.tables import CATALOG

PIN = "97531"
SIZES = [(1280, 800), (1024, 600)]


class Table:
    """The App with its operator's file in `folder`, its screens drawn after every input."""

    def __init__(self, folder: Path, *, served: bool = True, museum: bool = False,
                 size: tuple[int, int] = SIZES[0], audience: bool = False) -> None:
        pygame.init()
        pin = folder / "operator-pin"
        if museum:
            save_pin(pin, PinHash.make(PIN))
        self.clock = SimulatedClock()
        self.app = App(catalog=CATALOG, rules=Rules(), clock=self.clock, hal=SimHal(), tablet_size=size,
                       detective_size=(1920, 1080),
                       operator=OperatorDesk(pin_path=pin, choices=ChoicesFile(folder / KEEP_FILE_NAME),
                                             now=self.clock.now()))
        self.tablet, self.detective = pygame.Surface(size), pygame.Surface((1920, 1080))
        self.said: list[OperatorEvent] = []
        self.app.operator_sinks.append(self.said.append)
        self.phones: Phones | None = None
        if served:
            self.phones = Phones("127.0.0.1", 0, audience=audience)
            self.phones.start()
            self.app.serve_phones(self.phones)
        self.frame()

    def frame(self) -> None:
        self.app.step()
        self.app.draw(self.tablet, self.detective)

    def tap(self, target: str, arg: object = None) -> None:
        """A finger on the tablet where it draws `target` now (the operator's page while the menu is open)."""
        app = self.app
        found = (app.tablet.locate_operator(app.operator_view(), target, arg) if app.menu.desk.is_open
                 else app.tablet.locate(app.views.tablet, target, arg))
        assert found is not None, f"{target} {arg} is not on the tablet"
        app.tablet_input(Pointer("down", *found))
        app.tablet_input(Pointer("up", *found))
        self.frame()

    def host_switch(self, setting: str) -> None:
        """From the start screen: the scene grid, its Phones card, the switch, Done."""
        self.tap("start")
        self.tap("phones_card")
        self.tap("phones_switch", setting)
        self.tap("phones_done")

    def tablet_png(self, path: Path) -> None:
        path.write_bytes(png_bytes(compose(self.tablet, self.app.layers()[0])))

    def stop(self) -> None:
        if self.phones is not None:
            self.phones.stop()


@contextmanager
def table(folder: Path, **kwargs: object) -> Iterator[Table]:
    made = Table(folder, **kwargs)   # type: ignore[arg-type]
    try:
        yield made
    finally:
        made.stop()


def test_audience_switched_on_at_the_scene_grid_makes_the_next_game_vote(tmp_path: Path) -> None:
    with table(tmp_path) as t:
        phones = t.phones
        assert phones is not None and not phones.audience
        t.host_switch("audience")
        assert phones.audience and t.app.status().phones is not None and t.app.status().phones.audience
        assert [(e.setting, e.value) for e in t.said if isinstance(e, OperatorChanged)] == [("audience", True)]
        start_suspect(t.app, t.clock)
        scene = t.app.catalog.get("harbour")
        assert scene is not None
        favourite, cursor = [c for c in scene.suspects() if c.id != SECRET][:2]
        url = phones.url()
        assert url is not None

        async def phone() -> None:
            async with aiohttp.ClientSession() as session, session.ws_connect(url.replace("/j/", "/ws/")) as ws:
                state = await receive_until(ws, "state")
                assert state["audience"] is True
                await ws.send_str(json.dumps({"type": "mark", "x": favourite.x, "y": favourite.y}))
                await asyncio.to_thread(until, lambda: bool(phones.marks.pins(scene)), t.app)
                assert t.app.execute(Accuse(cursor.id), "detective")   # the table's ACCUSE starts the vote
                t.frame()
                assert not any(isinstance(e, Accused) for e in t.app.game.events)
                while True:
                    state = await receive_until(ws, "state")
                    if state["vote"] is not None:
                        break
                for _ in range(int(VOTE_SECONDS) * 4):
                    t.clock.advance(0.25)
                    t.frame()

        asyncio.run(phone())
        assert [e.character for e in t.app.game.events if isinstance(e, Accused)] == [favourite.id]


def test_phones_switched_off_end_the_code_and_a_restart_keeps_the_choice(tmp_path: Path,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING), table(tmp_path) as t:
        assert t.phones is not None and t.phones.url() is not None
        t.host_switch("phones")
        assert t.phones.url() is None and t.app.status().phones is not None and not t.app.status().phones.on
        t.frame()
        assert not [layer for layer in t.app.layers()[1] if layer.key[0] == "phones"]   # no card on the monitor
        t.tablet_png(tmp_path / "grid-off.png")
    assert "the host on the tablet: phones off from the next game" in caplog.text
    assert json.loads((tmp_path / KEEP_FILE_NAME).read_text())["phones"] is False
    with table(tmp_path) as again:   # the device restarted
        assert again.phones is not None and again.phones.url() is None
        again.host_switch("phones")
        assert again.phones.url() is not None


def test_the_operator_menu_switch_waits_for_the_next_game(tmp_path: Path) -> None:
    with table(tmp_path, museum=True) as t:
        phones = t.phones
        assert phones is not None
        start_suspect(t.app, t.clock)
        t.app.operate(OpenOperator())
        t.app.operate(EnterPin(PIN))
        t.frame()
        t.tap("item", "phones")
        t.tap("choice", "audience")
        assert t.app.operator_view().phones.audience   # chosen for the next game ...
        assert not phones.audience                     # ... this one plays on without the vote
        t.tap("back")
        t.tap("close")
        t.app.execute(Accuse(SECRET), "detective")
        assert t.app.game.phase is Phase.OVER and phones.ballot is None
        t.app.execute(NewGame(), "tablet")
        assert phones.audience


@pytest.mark.parametrize("size", SIZES)
def test_where_a_pin_is_set_visitors_get_no_phones_switch(tmp_path: Path, size: tuple[int, int]) -> None:
    with table(tmp_path, museum=True, size=size) as t:
        assert t.app.status().phones is None
        t.tap("start")
        assert t.app.tablet.locate(t.app.views.tablet, "phones_card") is None
        t.app.operate(ChoosePhones("phones", False))   # what a tap could have sent: refused, menu locked
        assert t.phones is not None and t.phones.url() is not None
        assert t.app.menu.desk.choices.phones is None


@pytest.mark.parametrize("size", SIZES)
def test_without_a_listen_address_the_card_says_how_to_set_phones_up(tmp_path: Path, size: tuple[int, int]) -> None:
    with table(tmp_path, served=False, size=size) as t:
        t.tap("start")
        t.tap("phones_card")
        assert t.app.tablet.locate(t.app.views.tablet, "phones_switch", "phones") is None
        inside = t.app.tablet.choose._card_inner()
        lit = {t.tablet.get_at((x, y))[:3] for x in range(inside.x, inside.right, 4)
               for y in range(inside.y + inside.h // 5, inside.y + inside.h // 2, 4)}
        assert len(lit) > 8   # the how-to's lines, not an empty card
        t.tap("phones_done")
        assert t.app.tablet.locate(t.app.views.tablet, "phones_card") is not None


@given(st.none() | st.booleans(), st.none() | st.booleans())
def test_the_phones_choices_are_kept_in_the_operators_file(phones: bool | None, audience: bool | None) -> None:
    choices = OperatorChoices(phones=phones, audience=audience)
    assert parse_choices(choices.to_json()) == choices


def test_a_file_written_before_the_switches_loads_and_a_wrong_one_is_refused() -> None:
    assert parse_choices('{"language": "ro"}') == OperatorChoices(language="ro")
    with pytest.raises(ValueError, match='"audience" must be true, false or null'):
        parse_choices('{"audience": "yes"}')
    with pytest.raises(CodecError, match='"setting" must be "phones" or "audience"'):
        decode_action('{"action": "phones", "setting": "volume", "on": true}')


def test_a_script_switches_audience_mode_on_as_the_host_does(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    from lastmessage.cli import main

    actions: list[dict[str, object]] = [
        {"action": "phones", "setting": "audience", "on": True}, {"action": "scene", "id": "harbour"},
        {"action": "pick", "character": SECRET}, {"action": "flip"}, {"action": "wait", "seconds": 31},
        {"action": "erase", "cells": [0, 1, 2, 3, 4]}, {"action": "accuse", "character": SECRET},
        {"action": "wait", "seconds": VOTE_SECONDS + 1}]
    assert main(["play", "--script", str(write_script(tmp_path, actions)), "--phones", f"127.0.0.1:{free_port()}"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    changed = [e for e in events if e["type"] == "operator_changed"]
    assert [(e["setting"], e["value"]) for e in changed] == [("audience", True)]
    erased = next(e["t"] for e in events if e["type"] == "cells_erased")
    accused = next(e for e in events if e["type"] == "accused")
    assert accused["character"] == SECRET and accused["t"] >= erased + VOTE_SECONDS   # the vote ran first
