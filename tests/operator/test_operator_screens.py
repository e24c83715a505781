"""The operator pages, drawn for real at both tablet sizes in both languages: big targets, nothing off screen."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from lastmessage.operator.commands import CloseOperator, EnterPin, OpenOperator, Page
from lastmessage.operator.pin import PinHash, save_pin
from lastmessage.ui.tablet.operator.pad import PinPad
from lastmessage.ui.tablet.operator.pages import ITEMS, SubPage
from test_operator_menu import PIN, Table

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
SIZES = [(1280, 800), (1024, 600)]
SMALLEST_TARGET_MM = 8.0
TABLET_7_INCH_PX_PER_MM = 1024 / 154   # a 7" 1024x600 panel is 154 mm wide


@pytest.mark.parametrize(("size", "language"), list(itertools.product(SIZES, ["en", "ro"])))
def test_every_page_draws_with_big_targets_inside_the_screen(tmp_path: Path, size: tuple[int, int],
                                                             language: str) -> None:
    table = Table(tmp_path, size=size, language=language)
    table.app.operate(OpenOperator())
    screens = table.app.tablet.operator
    pages: list[tuple[str, object]] = [("pad", None)]
    table.app.operate(EnterPin(PIN))
    pages += [(page.value, page) for page in Page]
    smallest = SMALLEST_TARGET_MM * TABLET_7_INCH_PX_PER_MM * size[1] / 600
    for name, page in pages:
        if page is not None:
            table.app.menu.desk.show(page, table.clock.now())   # unlocked: the page as a tap shows it
        table.frames(0.05)
        view = table.app.operator_view()
        shown = screens.page(view)
        assert shown is not None
        buttons = (shown._keys(view) + [shown._cancel()] if isinstance(shown, PinPad)
                   else [shown.back(), *shown.buttons(view)] if isinstance(shown, SubPage) else [])
        screen = pygame.Rect((0, 0), size)
        for button in buttons:
            assert screen.contains(button.rect), (name, button.name, button.rect)
            assert min(button.rect.size) >= smallest * 0.75 or button.name == "back" or button.name == "close", \
                (name, button.name, button.rect.size)
        for first, second in itertools.combinations(buttons, 2):
            assert not first.rect.colliderect(second.rect), (name, first.name, second.name)
        assert table.tablet.get_at((size[0] // 2, size[1] - 2))[:3] != (255, 0, 255)


def test_the_menu_lists_every_item() -> None:
    assert [page for page, _ in ITEMS] == [Page.LANGUAGE, Page.VOLUME, Page.RULES, Page.SCENES, Page.PHONES,
                                           Page.PUT_AWAY, Page.SELFTEST, Page.TOUCH, Page.STATS, Page.RESTART,
                                           Page.REBOOT, Page.SHUTDOWN]


def test_a_scripted_visit_of_the_menu_never_writes_the_pin(tmp_path: Path) -> None:
    save_pin(tmp_path / "operator-pin", PinHash.make("97531"))
    script = tmp_path / "menu.jsonl"
    script.write_text("\n".join([
        '{"action": "operator_open"}',
        '{"action": "operator_pin", "pin": "97530"}',
        '{"action": "operator_pin", "pin": "97531"}',
        '{"action": "operator_language", "code": "ro"}',
        '{"action": "house_rules", "preset": "drawings"}',
        '{"action": "rotation", "scenes": ["beach"]}',
        '{"action": "operator_test", "what": "win"}',
        '{"action": "put_away"}',
        '{"action": "power", "what": "reboot"}',
        '{"action": "operator_close"}',
        '{"action": "scene", "id": "beach"}',
    ]) + "\n")
    done = subprocess.run([sys.executable, "-m", "lastmessage", "play", "--script", str(script),
                           "--pin-path", str(tmp_path / "operator-pin")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "97531" not in done.stdout + done.stderr and "97530" not in done.stdout + done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    types = [kind for kind, _ in itertools.groupby(event["type"] for event in events)]
    assert types == ["operator_opened", "operator_refused", "operator_unlocked", "operator_changed",
                     "operator_action", "operator_closed", "game_started"]
    changed = [(e["setting"], e["value"]) for e in events if e["type"] == "operator_changed"]
    assert changed[:2] == [("language", "ro"), ("house_rules", "drawings")]
    assert changed[-1] == ("rotation", ["beach"])   # one tap per scene taken out, as on the screen
    assert '"rules": {"timer_seconds": 30, "erase_schedule": [5, 4, 3, 2], "fatal_from_round": 3, ' \
           '"allow_pass": true, "allow_text": false}' in done.stdout.splitlines()[-1]   # drawings only


def test_a_menu_action_without_the_pin_is_refused_in_scripted_play(tmp_path: Path) -> None:
    script = tmp_path / "sneak.jsonl"
    script.write_text('{"action": "power", "what": "restart"}\n{"action": "operator_language", "code": "ro"}\n')
    done = subprocess.run([sys.executable, "-m", "lastmessage", "play", "--script", str(script)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout == ""
    assert "not unlocked" in done.stderr


def test_close_works_from_any_page(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.unlock()
    table.app.menu.desk.show(Page.TOUCH, table.clock.now())
    table.app.operate(CloseOperator())
    assert not table.app.menu.desk.is_open


def test_game_actions_scripted_under_the_open_menu_do_not_reach_the_game(tmp_path: Path) -> None:
    save_pin(tmp_path / "operator-pin", PinHash.make(PIN))
    script = tmp_path / "under.jsonl"
    script.write_text("\n".join([
        '{"action": "scene", "id": "harbour"}', '{"action": "pick", "character": "harbour-p050"}',
        '{"action": "operator_open"}', f'{{"action": "operator_pin", "pin": "{PIN}"}}',
        '{"action": "flip"}', '{"action": "operator_close"}', '{"action": "flip"}',
    ]) + "\n")
    done = subprocess.run([sys.executable, "-m", "lastmessage", "play", "--script", str(script),
                           "--pin-path", str(tmp_path / "operator-pin")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    flips = [i for i, e in enumerate(events) if e["type"] == "timer_started"]
    closed = [i for i, e in enumerate(events) if e["type"] == "operator_closed"]
    assert len(flips) == 1 and flips[0] > closed[0]
    assert not any(e["type"] == "rejected" for e in events)
