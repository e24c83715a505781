"""Screen tests run headless: no window, no sound card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402  (the drivers above must be chosen before pygame starts)

pygame.init()


from collections.abc import Callable, Iterator  # noqa: E402

import pytest  # noqa: E402

from lastmessage.ui import text, theme  # noqa: E402
from lastmessage.ui.detective import attract, cards, chrome, verdict  # noqa: E402


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """Every (text, font size) drawn on either screen, cached pictures forgotten
    first so that none is skipped."""
    for cache in (cards._cards, text._labels):
        cache.clear()
    for function in (verdict.picture, chrome.caption, attract._card):
        function.cache_clear()
    drawn: list[tuple[str, int]] = []
    original = text._labels.get_or_make

    def recording(key: tuple[str, int, theme.Color, bool],
                  make: Callable[[], pygame.Surface]) -> pygame.Surface:
        drawn.append((key[0], key[1]))
        return original(key, make)

    monkeypatch.setattr(text._labels, "get_or_make", recording)
    yield drawn
