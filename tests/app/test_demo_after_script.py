"""After the demo's script the windows stay live: time goes on for whoever plays next."""

from __future__ import annotations

import pygame

from lastmessage.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.display import HeadlessDisplay
from lastmessage.hal.sim import SimHal
from lastmessage.loop import run_frames
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir


def test_time_goes_on_in_the_frames_after_the_demo_script() -> None:
    pygame.init()
    clock = SimulatedClock(100.0)   # the demo's clock, left where the script ended
    app = App(catalog=load_scenes(shipped_scenes_dir()), rules=Rules(), clock=clock, hal=SimHal(),
              tablet_size=(1280, 800), detective_size=(1920, 1080))
    run_frames(app, HeadlessDisplay((1280, 800), (1920, 1080)), frames=12)
    # 12 frames at 60 fps: a fifth of a second, not a frozen clock (a timer would never run out).
    assert clock.now() - 100.0 >= 0.15
