"""After the demo's script the windows stay live: time goes on for whoever plays next."""

from __future__ import annotations

import pygame

from lastmessage.clock import SimulatedClock
from lastmessage.ui.display import HeadlessDisplay
from lastmessage.table.loop import run_frames
from tables import make_app


def test_time_goes_on_in_the_frames_after_the_demo_script() -> None:
    pygame.init()
    clock = SimulatedClock(100.0)   # the demo's clock, left where the script ended
    app = make_app(clock)
    run_frames(app, HeadlessDisplay((1280, 800), (1920, 1080)), frames=12)
    # 12 frames at 60 fps: a fifth of a second, not a frozen clock (a timer would never run out).
    assert clock.now() - 100.0 >= 0.15
