"""The victim keeps the criminal in view while drawing (issue 20, item 3): the portrait
and the whole description in a corner of the clue screen, shown big while held; the
detective monitor never gets them (it is only ever given the public projection)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.commands import AddStroke, ChooseScene, Flip, Pick
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.table.app import App
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer
from lastmessage.ui.tablet.clues import CluesScreen

from test_tablet_screens import SIZES, Table

CATALOG = load_scenes(shipped_scenes_dir())


def amber_pixels(surface: pygame.Surface, area: pygame.Rect) -> int:
    return pygame.mask.from_threshold(surface.subsurface(area), theme.AMBER, (10, 10, 10, 255)).count()


@pytest.mark.parametrize("size", SIZES)
def test_the_criminal_stays_in_the_corner_and_shows_big_while_held(size: tuple[int, int]) -> None:
    table = Table(size)
    table.to_clues()
    table.t += 2
    table.draw()
    screen = table.ui.screen(table.view, table.t)
    assert isinstance(screen, CluesScreen)
    portrait, description = screen.hold_zones()
    assert amber_pixels(table.surface, portrait) > 100        # the portrait's ring
    assert amber_pixels(table.surface, description) > 100     # the description
    board = screen.board
    assert not portrait.colliderect(board) and not description.colliderect(board)
    assert amber_pixels(table.surface, board) == 0            # the board is the victim's, uncovered
    x, y = table.at("portrait")
    table.input(Pointer("down", x, y))
    table.draw()
    assert amber_pixels(table.surface, board) > 2000          # held: big, over the board
    table.input(Pointer("down", *table.at("board", (0.5, 0.5)), id=2))   # another finger: nothing
    table.input(Pointer("up", *table.at("board", (0.5, 0.5)), id=2))
    assert not any(isinstance(c, AddStroke) for c in table.sent)
    table.input(Pointer("up", x, y))
    table.draw()
    assert amber_pixels(table.surface, board) == 0            # let go: the board again
    table.stroke([(0.1, 0.1), (0.5, 0.5)])                    # and it draws as before
    assert isinstance(table.sent[-1], AddStroke)


@pytest.mark.parametrize("size", SIZES)
def test_the_corner_stays_while_typing_a_word(size: tuple[int, int]) -> None:
    table = Table(size)
    table.to_clues()
    table.tap("word_tool")
    table.tap("cell", 4)
    table.draw()
    screen = table.ui.screen(table.view, table.t)
    assert isinstance(screen, CluesScreen) and screen.mode == "type"
    portrait, description = screen.hold_zones()
    assert amber_pixels(table.surface, portrait) > 100 and amber_pixels(table.surface, description) > 100
    keys = [key.rect for key in screen.keyboard.keys]
    assert not any(k.colliderect(portrait) or k.colliderect(description) for k in keys)
    assert not portrait.colliderect(screen.board) and not description.colliderect(screen.board)


def test_the_detective_screen_is_never_given_the_secret() -> None:
    """Through a whole round on the real App, every view the monitor's draw, input and
    layers get is the public projection: no secret field, and the secret's id nowhere in
    it until the reveal, while the tablet's corner shows the criminal all along."""
    pygame.init()
    clock = SimulatedClock()
    app = App(catalog=CATALOG, rules=Rules(), clock=clock, hal=SimHal(),
              tablet_size=(1280, 800), detective_size=(1920, 1080))
    seen: list[object] = []
    original = app.detective.draw

    def spying(surface: pygame.Surface, view: object, *args: object, **kwargs: object) -> object:
        seen.append(view)
        return original(surface, view, *args, **kwargs)  # type: ignore[arg-type]

    app.detective.draw = spying  # type: ignore[method-assign]
    screens = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
    secret = "harbour-p050"
    for command in (ChooseScene("harbour"), Pick(secret), Flip()):
        app.execute(command, "test")
        app.step()
        app.draw(*screens)
    for _ in range(10):
        clock.advance(1.0)
        app.step()
        app.draw(*screens)
    assert app.views.tablet.phase is Phase.CLUES and app.views.tablet.secret == secret
    assert seen and all(type(view) is PublicView for view in seen)
    fields = {field.name for field in dataclasses.fields(PublicView)}
    assert "secret" not in fields and "live_board" not in fields
    assert all(secret not in repr(view) for view in seen)
