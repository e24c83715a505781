"""The scene cache made at install time, by the installed package itself.

With Raspberry Pi OS's overlay file system turned on, the root's upper layer
is a tmpfs: a scene rendered at a boot is gone at the next, and every boot
would render again what the first frame and the attract loop show (a cold
render in the frame loop at each slide: seconds on a Pi, against the unit's
TimeoutStartSec and WatchdogSec). Rendered here, before the overlay is turned
on, the pictures sit in the lower, persistent layer and every boot reads them.

It runs the device's own screens headless (SDL's dummy drivers, simulated
pins, a simulated clock) through one whole turn of the attract loop, so the
cache holds what the device asks for, keyed as the device keys it (the scene,
the size, the renderer's version). The install cannot know the monitor's size
(no compositor runs yet), so the monitor's usual ones: 1280x720 (also
labwc's headless outputs, the appliance test's) and 1920x1080, beside the
tablet's 1280x800. Not 3840x2160: its PNGs took five times as long as both
others together here (28 s, minutes on a Pi). A screen of another size renders its own at
each start: its first frame's one scene, then each next slide painted in the
background (attract.py), so nothing waits. The installer runs it as the
device's user, with the unit's cache folder:
    python -m lastmessage.kiosk.install.warm_cache
"""

from __future__ import annotations

import os
import sys
import time

MONITOR_SIZES = ((1280, 720), (1920, 1080))


def warm() -> str:
    """Draw every slide of the attract loop on both screens; a one-line summary."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.monotonic()
    import pygame

    from lastmessage.clock import SimulatedClock
    from lastmessage.config.paths import default_cache_dir
    from lastmessage.config.settings import Settings
    from lastmessage.hal.sim import SimHal
    from lastmessage.scenegen.generate import GENERATOR
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.table.app import App
    from lastmessage.ui.detective.attract import SLIDE_SECONDS

    pygame.init()
    tablet_size = Settings().display.tablet_size
    catalog = load_scenes(shipped_scenes_dir(), GENERATOR)
    turn = 0
    for size in MONITOR_SIZES:
        clock = SimulatedClock()
        app = App(catalog=catalog, rules=Settings().rules, clock=clock, hal=SimHal(), tablet_size=tablet_size,
                  detective_size=size)
        tablet, detective = pygame.Surface(tablet_size), pygame.Surface(size)
        turn = len(app.detective.attract.slides)
        for _ in range(turn):
            app.step()
            app.draw(tablet, detective)
            clock.advance(SLIDE_SECONDS)
    pictures = sorted((default_cache_dir() / "scenes").glob("*.png"))
    sizes = ", ".join(f"{width}x{height}" for width, height in MONITOR_SIZES)
    return (f"scene cache: {len(pictures)} pictures in {default_cache_dir() / 'scenes'} (the attract loop's "
            f"{turn} slides on a monitor of {sizes}) in {time.monotonic() - started:.1f} s")


def main() -> int:
    try:
        print(warm())
    except Exception as error:   # the device renders at its first start instead: said, never fatal
        print(f"lastmessage: the scene cache was not made ({type(error).__name__}: {error}); "
              "the device renders the scenes at its first start instead", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
