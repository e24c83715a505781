"""On the device no visitor can close the game: window close, quit and Alt+F4 do
nothing, the windows have no decorations and there is no cursor. The
simulator on a desktop still closes like any window."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from lastmessage.clock import SimulatedClock
from lastmessage.ui.display import WindowDisplay
from lastmessage.table.loop import run_frames
from tables import make_app

# Two outputs as the device lists them on the table (SDL's dummy driver has one
# display; the windows land on it, which the device logic does not mind).
OUTPUTS = [(1280, 800), (1920, 1080)]


def close_requests(display: WindowDisplay) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.WINDOWCLOSE, window=display.tablet_window),
            pygame.event.Event(pygame.WINDOWCLOSE, window=display.detective_window),
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=pygame.KMOD_LALT, scancode=0,
                               unicode="", window=display.tablet_window),
            pygame.event.Event(pygame.QUIT)]


@pytest.fixture
def device() -> Iterator[WindowDisplay]:
    pygame.init()
    display = WindowDisplay((1280, 800), (1920, 1080), simulator=False, desktops=OUTPUTS)
    yield display
    display.close()


def test_close_quit_and_alt_f4_do_not_end_the_device(device: WindowDisplay) -> None:
    """Window close and Alt+F4. QUIT is not among them any more: on the device SDL posts
    it only when the Wayland connection is lost, and the device then exits to be
    restarted (issue 19, item 2; tests/appliance/test_first_boot.py)."""
    app = make_app(SimulatedClock(), tablet=device.tablet.get_size(), detective=device.detective.get_size())
    for event in close_requests(device)[:3]:
        pygame.event.post(event)
    assert run_frames(app, device, frames=12) == 12
    assert not pygame.event.peek((pygame.QUIT, pygame.WINDOWCLOSE)), "the loop saw them and went on"


def test_device_windows_have_no_decorations_and_no_cursor(device: WindowDisplay) -> None:
    assert device.tablet_window.borderless and device.detective_window.borderless
    assert pygame.mouse.get_visible() is False


@pytest.mark.parametrize("request_index", [0, 3])
def test_the_simulator_still_closes(request_index: int) -> None:
    pygame.init()
    display = WindowDisplay((1280, 800), (1920, 1080), simulator=True)
    try:
        app = make_app(SimulatedClock())
        pygame.event.post(close_requests(display)[request_index])
        assert run_frames(app, display, frames=12) == 0
    finally:
        display.close()
