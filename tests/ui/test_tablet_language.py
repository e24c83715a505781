"""The tablet in Romanian and English.

The language button on the start screen names the other language in itself
and switches every text of the tablet; the next frame after any change of
language is repainted whole (no text image of the old language stays), and
every tablet screen renders in Romanian at both tablet sizes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from lastmessage.commands import Accuse, Pass
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Phase
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, Status
from lastmessage.ui.tablet.clues import CluesScreen
from lastmessage.ui.tablet.idle import IdleScreen
from test_tablet_screens import SIZES, Table, colourful, near


def shot(table: Table) -> bytes:
    return pygame.image.tobytes(table.surface, "RGB")


@pytest.mark.parametrize("size", SIZES)
def test_the_language_button_switches_the_tablet_and_back(size: tuple[int, int]) -> None:
    table = Table(size)
    table.draw()
    english = shot(table)
    idle = table.ui.screen(table.view, table.t)
    assert isinstance(idle, IdleScreen)
    assert idle._language_button().label == "Română"   # the other language, named in itself
    table.tap("language")
    assert table.status.language == "ro"
    assert table.game.phase is Phase.SCENE and table.ui.locate(table.view, "start") is not None, \
        "the language button does not start a game"
    assert table.draw() == [table.surface.get_rect()], "a new language repaints the whole screen"
    romanian = shot(table)
    assert romanian != english
    assert idle._language_button().label == "English"
    assert table.ui.choose._buttons()[1].label == "Începe ›"
    assert near(table.face("start"), theme.AMBER)
    table.tap("start")                                  # the scene grid speaks Romanian too
    table.draw()
    header = table.ui.ctx.theme.px(96)
    title = pygame.image.tobytes(table.surface.subsurface((0, 0, size[0] // 3, header)), "RGB")
    table.tap("scene_back")
    table.tap("language")
    assert table.status.language == "en"
    table.draw()
    assert shot(table) == english, "back in English, the start screen is as it was"
    table.tap("start")
    table.draw()
    assert pygame.image.tobytes(table.surface.subsurface((0, 0, size[0] // 3, header)), "RGB") != title


def test_a_language_change_mid_game_repaints_and_the_keyboard_follows() -> None:
    """The language can change while any screen shows (the config at start, or a
    future settings screen): the next frame is whole, with nothing of the old language."""
    table = Table()
    table.to_clues()
    table.tap("word_tool")
    table.tap("cell", 4)
    table.draw()
    english = shot(table)
    assert table.draw() == []
    table.status = Status(language="ro")
    assert table.draw() == [table.surface.get_rect()]
    assert shot(table) != english
    screen = table.ui.screen(table.view, table.t)
    assert isinstance(screen, CluesScreen)
    cancel = screen.keyboard.find("cancel")
    assert cancel is not None
    keys = table.surface.subsurface(cancel.rect).copy()
    table.status = Status(language="en")
    table.draw()
    assert shot(table) == english, "the keyboard image of Romanian is not reused in English"
    assert pygame.image.tobytes(keys, "RGB") != pygame.image.tobytes(
        table.surface.subsurface(cancel.rect), "RGB")
    assert table.ui.locate(table.view, "key", "ș") is not None, "the Romanian letters stay in English"


def test_a_refusal_is_shown_in_the_language_of_the_moment() -> None:
    table = Table()
    table.to_pick()
    table.tap("character", "park-dog")
    table.tap("pick_confirm")
    assert table.refused[-1].reason == "not_sentient"
    area = table.ui.screen(table.view, table.t).notice_area()
    table.draw()
    english = pygame.image.tobytes(table.surface.subsurface(area), "RGB")
    table.status = Status(language="ro")
    table.draw()
    assert pygame.image.tobytes(table.surface.subsurface(area), "RGB") != english


def romanian_screens(size: tuple[int, int]) -> Iterator[str]:
    """Every tablet screen, in Romanian, drawn; yields its name after each draw."""
    table = Table(size, rules=Rules(erase_schedule=(5, 1, 0, 2)))
    table.status = Status(language="ro")

    def drawn(name: str) -> str:
        dirty = table.draw()
        assert dirty, f"{name}: not painted"
        assert colourful(table.surface), f"{name} looks blank"
        return name

    yield drawn("idle")
    table.tap("credits")
    yield drawn("credits")
    x, y = 5.0, 5.0
    table.input(Pointer("down", x, y))
    table.input(Pointer("up", x, y))
    table.tap("start")
    yield drawn("choose")
    table.tap("scene", "park2")
    table.tap("preset")
    yield drawn("choose, a scene and a preset chosen")
    table.tap("scene_start")
    yield drawn("pick")
    table.tap("character", "park-dog")
    table.tap("pick_confirm")
    yield drawn("pick, refused")
    table.t += 10
    table.tap("character", "park-juggler")
    yield drawn("pick, chosen")
    table.tap("pick_confirm")
    yield drawn("ready")
    table.tap("flip")
    yield drawn("clues")
    table.tap("pen", 1.0)
    table.tap("word_tool")
    yield drawn("clues, choosing a square")
    table.tap("cell", 2)
    for character in "pâine":
        table.tap("key", character)
    yield drawn("typing")
    table.tap("word_ok")
    table.tap("word_tool")
    table.tap("cell", 6)
    for character in "paine":
        table.tap("key", character)
    table.tap("word_ok")
    assert table.refused[-1].reason == "repeated_word"
    yield drawn("clues, refused")
    table.status = replace(table.status, link_ok=False)
    yield drawn("clues, no timer module")
    table.status = replace(table.status, link_ok=True)
    table.t += 40
    table.tap("cell", 0)
    table.tap("erase_confirm")
    yield drawn("erase, refused")
    table.t += 10
    for cell in (1, 3, 5, 7):
        table.tap("cell", cell)
    yield drawn("erase")
    table.tap("erase_confirm")
    yield drawn("waiting")
    table.run([Accuse("park-baker")])
    yield drawn("ready, not the criminal")
    for round_number in (2, 3):
        table.tap("flip")
        table.t += 40
        yield drawn(f"erase, round {round_number}")
        for cell in range(table.game.erase_count()):
            table.tap("cell", cell)
        table.tap("erase_confirm")
        table.run([Pass()])
        yield drawn(f"ready after round {round_number}, passed")
    table.status = replace(table.status, link_ok=False)
    yield drawn("ready, no timer module")
    table.status = replace(table.status, link_ok=True)
    table.tap("flip")
    table.t += 40
    table.tap("cell", 0)
    table.tap("cell", 1)
    table.tap("erase_confirm")
    table.run([Accuse("park-baker")])
    assert table.game.phase is Phase.OVER
    yield drawn("summary, a wrong accusation")
    table.tap("new_game")
    yield drawn("choose, after a game")


@pytest.mark.parametrize("size", SIZES)
def test_every_tablet_screen_renders_in_romanian(size: tuple[int, int]) -> None:
    seen = list(romanian_screens(size))
    assert len(seen) == 24


@pytest.mark.parametrize("size", SIZES)
def test_the_other_endings_render_in_romanian(size: tuple[int, int]) -> None:
    for secret, accused, schedule in (("park-juggler", "park-juggler", (5, 4, 3, 2)),
                                      ("park-juggler", None, (1,))):
        table = Table(size, rules=Rules(erase_schedule=schedule, allow_text=False))
        table.status = Status(language="ro")
        table.to_clues(secret)
        table.draw()
        table.t += 40
        for cell in range(table.game.erase_count()):
            table.tap("cell", cell)
        table.tap("erase_confirm")
        table.run([Accuse(accused)] if accused else [Pass()])
        assert table.game.phase is Phase.OVER
        assert table.draw() and colourful(table.surface)
