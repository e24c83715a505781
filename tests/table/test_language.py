"""The App holds the language: the tablet's button asks for another one, and
both screens are given it with every frame."""

from __future__ import annotations

import pygame
import pytest

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.rules.projections import tablet_view
from lastmessage.ui.screen import Pointer

from tables import CATALOG, make_app


def frames(app: App) -> tuple[bytes, bytes]:
    tablet, detective = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
    app.draw(tablet, detective)
    return pygame.image.tobytes(tablet, "RGB"), pygame.image.tobytes(detective, "RGB")


def press_language(app: App) -> None:
    spot = app.tablet.locate(tablet_view(app.game), "language")
    assert spot is not None
    for kind in ("down", "up"):
        app.tablet_input(Pointer(kind, *spot))


def test_the_language_button_switches_both_screens_through_the_app() -> None:
    app = make_app()
    english = frames(app)
    press_language(app)
    assert app.language == "ro" and app.status().language == "ro"
    romanian = frames(app)
    assert romanian[0] != english[0] and romanian[1] != english[1], "both screens speak Romanian"
    assert app.game.events == [], "the language is not a move of the game"
    press_language(app)
    assert app.language == "en"
    assert frames(app) == english


def test_the_language_of_the_config_is_where_the_app_starts() -> None:
    pygame.init()
    app = App(catalog=CATALOG, rules=Rules(), clock=SimulatedClock(), hal=SimHal(),
              tablet_size=(1280, 800), detective_size=(1920, 1080), language="ro")
    assert app.status().language == "ro"
    with pytest.raises(ValueError, match="klingon"):
        App(catalog=CATALOG, rules=Rules(), clock=SimulatedClock(), hal=SimHal(),
            tablet_size=(1280, 800), detective_size=(1920, 1080), language="klingon")
