"""A new crowd is painted on a worker thread: the screens ask, get None at first, then the picture."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from lastmessage.scenes import render
from lastmessage.scenegen.generate import generate
from lastmessage.scenes.painter import Painter


@pytest.fixture(autouse=True)
def _fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.display.init()
    monkeypatch.setenv("LASTMESSAGE_CACHE", str(tmp_path))
    render.forget_memory_cache()


def test_in_the_background_the_first_answer_is_none_then_the_same_picture_as_drawn_here() -> None:
    scene = generate("beach", 777)[1]
    painter = Painter()
    painter.use_background()
    assert painter.ask(scene, (480, 270)) is None
    assert painter.busy()
    painted = painter.get(scene, (480, 270))   # waits for the worker
    assert not painter.busy()
    drawn = render.draw_scene(scene, (480, 270))
    assert pygame.image.tobytes(painted, "RGB") == pygame.image.tobytes(drawn, "RGB")
    assert painter.ask(scene, (480, 270)) is painted   # from the cache now


def test_prefetched_sizes_are_ready_when_asked() -> None:
    scene = generate("ski", 778)[1]
    painter = Painter()
    painter.use_background()
    painter.prefetch(scene, [(320, 180), (400, 225)])
    first = painter.get(scene, (320, 180))
    second = painter.get(scene, (400, 225))
    assert first.get_size() == (320, 180) and second.get_size() == (400, 225)
    assert painter.ask(scene, (400, 225)) is not None


def test_without_the_background_a_picture_is_drawn_at_once() -> None:
    scene = generate("museum", 779)[1]
    painter = Painter()
    found = painter.ask(scene, (320, 180))
    assert found is not None and found.get_size() == (320, 180)
    painter.prefetch(scene, [(300, 169)])
    assert not painter.busy()


def test_the_cache_file_written_off_the_main_thread_is_a_png_pygame_reads(tmp_path: Path) -> None:
    scene = generate("carnival", 780)[1]
    painter = Painter()
    painter.use_background()
    painted = painter.get(scene, (320, 180)) if painter.ask(scene, (320, 180)) is None else None
    assert painted is not None
    loaded = pygame.image.load(str(render.cache_path(scene, (320, 180), tmp_path)))
    assert pygame.image.tobytes(loaded, "RGB") == pygame.image.tobytes(painted, "RGB")
