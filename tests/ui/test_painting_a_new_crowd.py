"""While a new crowd is painted in the background, both screens show "Painting the scene…" at
once (no stall), then the picture; the detectives' table rasters are painted ahead."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from lastmessage.commands import ChooseScene
from lastmessage.rules.game import Phase
from lastmessage.scenes import render
from lastmessage.scenes.painter import PAINTER
from lastmessage.ui import theme
from lastmessage.ui.detective.layout import cover
from lastmessage.ui.tablet.pick import PickScreen
from test_detective_screens import Table as DetectiveTable
from test_tablet_screens import Table as TabletTable


@pytest.fixture(autouse=True)
def _background(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("LASTMESSAGE_CACHE", str(tmp_path))
    render.forget_memory_cache()   # nothing painted yet, as for a crowd made a moment ago
    PAINTER.use_background()
    yield
    PAINTER.use_background(False)


def _share(surface: pygame.Surface, colour: tuple[int, int, int], area: pygame.Rect) -> float:
    pixels = [surface.get_at((x, y))[:3] for x in range(area.x, area.right, 7) for y in range(area.y, area.bottom, 7)]
    return sum(p == colour for p in pixels) / len(pixels)


def test_the_tablet_pick_shows_the_stand_in_then_the_scene() -> None:
    table = TabletTable()
    table.draw()
    table.tap("start")
    table.draw()
    table.tap("scene", "park")
    table.tap("scene_start")
    assert table.game.phase is Phase.SECRET
    table.draw()
    pick = table.ui.screen(table.view, table.t)
    assert isinstance(pick, PickScreen)
    assert _share(table.surface, theme.NIGHT_RAISED, pick.viewport) > 0.5   # the stand-in, not a frozen screen
    while PAINTER.busy():
        pygame.time.wait(20)
    assert table.draw()   # the painted picture replaces it in the next frame
    assert _share(table.surface, theme.NIGHT_RAISED, pick.viewport) < 0.2


def test_the_monitor_secret_screen_paints_in_the_background_and_prepares_the_table() -> None:
    table = DetectiveTable()
    table.do(ChooseScene("park"))
    table.draw()
    middle = table.surface.get_rect().inflate(-table.surface.get_width() // 2, -table.surface.get_height() // 2)
    assert _share(table.surface, theme.NIGHT_RAISED, middle) > 0.5
    while PAINTER.busy():
        pygame.time.wait(20)
    table.draw()
    assert _share(table.surface, theme.NIGHT_RAISED, middle) < 0.2
    scene = table.ui.catalog["park"]
    for size in table.ui.table.raster_sizes(scene):   # the table's rasters were painted ahead
        assert PAINTER.ask(scene, size) is not None


def test_the_attract_loop_paints_its_next_scene_while_this_slide_shows() -> None:
    """A cold cache (a new screen size, or the overlay file system's cache in RAM at each boot)
    costs the frame loop nothing at the wipe to the next scene: it was painted meanwhile."""
    from lastmessage.rules.config import Rules
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.ui.detective.attract import Attract
    from lastmessage.ui.detective.backdrop import Backdrops
    from lastmessage.ui.screen import Status

    size = (960, 540)
    attract = Attract(size, load_scenes(shipped_scenes_dir()), Rules(), Backdrops(size))
    scenes = [slide.scene for slide in attract.slides if slide.scene is not None]
    assert attract.draw(pygame.Surface(size), 0.0, Status())   # the first: drawn here, nothing before it
    while PAINTER.busy():
        pygame.time.wait(20)
    assert render.ready_raster(scenes[1], cover(scenes[1].aspect, size)) is not None
    assert render.ready_raster(scenes[2], cover(scenes[2].aspect, size)) is None, "the next one, not all"
