"""A table for app tests: the real App on the shipped scenes, simulated pins and clock."""

from __future__ import annotations

import pygame

from lastmessage.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.commands import ChooseScene, Flip, Pick
from lastmessage.hal.base import Hal
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import SceneCatalog, load_scenes, shipped_scenes_dir

CATALOG: SceneCatalog = load_scenes(shipped_scenes_dir())


def make_app(clock: SimulatedClock | None = None, *, rules: Rules | None = None, hal: Hal | None = None,
             tablet: tuple[int, int] = (1280, 800), detective: tuple[int, int] = (1920, 1080)) -> App:
    pygame.init()
    return App(catalog=CATALOG, rules=rules or Rules(), clock=clock or SimulatedClock(),
               hal=hal or SimHal(), tablet_size=tablet, detective_size=detective)


def start_clues(app: App) -> None:
    """A game in the harbour, harbour-p050 chosen, the clue timer running."""
    for command in (ChooseScene("harbour"), Pick("harbour-p050"),
                    Flip()):
        app.execute(command, "test")
