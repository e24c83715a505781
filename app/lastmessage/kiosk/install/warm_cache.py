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
the size, the renderer's version). Sizes: the config's defaults, 1280x800 and
1920x1080; a screen of another size renders its own at its first start. The
installer runs it as the device's user, with the unit's cache folder:
    python -m lastmessage.kiosk.install.warm_cache
"""

from __future__ import annotations

import os
import sys
import time


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
    display = Settings().display
    tablet, detective = pygame.Surface(display.tablet_size), pygame.Surface(display.detective_size)
    clock = SimulatedClock()
    app = App(catalog=load_scenes(shipped_scenes_dir(), GENERATOR), rules=Settings().rules, clock=clock,
              hal=SimHal(), tablet_size=display.tablet_size, detective_size=display.detective_size)
    turn = len(app.detective.attract.slides)
    for _ in range(turn):
        app.step()
        app.draw(tablet, detective)
        clock.advance(SLIDE_SECONDS)
    pictures = sorted((default_cache_dir() / "scenes").glob("*.png"))
    return (f"scene cache: {len(pictures)} pictures in {default_cache_dir() / 'scenes'} "
            f"(the attract loop's {turn} slides at {display.tablet_size[0]}x{display.tablet_size[1]} and "
            f"{display.detective_size[0]}x{display.detective_size[1]}) in {time.monotonic() - started:.1f} s")


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
