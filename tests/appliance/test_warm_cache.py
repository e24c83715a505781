"""The installer's scene cache (kiosk/install/warm_cache.py): made by the installed
package as the device keys it, so the device's first start renders nothing the
attract loop shows, and made where the unit looks for it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from lastmessage.kiosk.install.plan import CACHE_ENV, Options, install_plan
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir

FIRST_FRAME = """
import pygame
from lastmessage.clock import MonotonicClock
from lastmessage.hal.sim import SimHal
from lastmessage.config.settings import Settings
from lastmessage.scenegen.generate import GENERATOR
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.table.app import App
pygame.init()
d = Settings().display
app = App(catalog=load_scenes(shipped_scenes_dir(), GENERATOR), rules=Settings().rules, clock=MonotonicClock(),
          hal=SimHal(), tablet_size=d.tablet_size, detective_size=d.detective_size)
app.step(); app.draw(pygame.Surface(d.tablet_size), pygame.Surface(d.detective_size))
"""


def test_the_cache_holds_every_attract_scene_and_the_first_frame_renders_nothing(tmp_path: Path) -> None:
    env = {**os.environ, "LASTMESSAGE_CACHE": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    made = subprocess.run([sys.executable, "-m", "lastmessage.kiosk.install.warm_cache"], env=env,
                          capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    pictures = {path.name: path.stat().st_mtime_ns for path in (tmp_path / "scenes").glob("*.png")}
    assert {name.split("-")[0] for name in pictures} == set(load_scenes(shipped_scenes_dir()))
    assert f"{len(pictures)} pictures" in made.stdout
    subprocess.run([sys.executable, "-c", FIRST_FRAME], env=env, check=True, capture_output=True, timeout=300)
    after = {path.name: path.stat().st_mtime_ns for path in (tmp_path / "scenes").glob("*.png")}
    assert after == pictures, "the device's first frame found its scene in the install's cache"


def test_the_install_makes_it_as_the_device_with_the_units_cache_folder() -> None:
    plan = install_plan(Options(source="/srv/lastmessage"))
    step = next(line for line in plan.after if "warm_cache" in line)
    assert f"runuser -u lastmessage -- env {CACHE_ENV} " in step and step.endswith("instead'")
    unit = next(f.text for f in plan.files if f.path.name == "lastmessage.service")
    assert f"Environment={CACHE_ENV}\n" in unit
    assert plan.after.index(step) < next(i for i, line in enumerate(plan.after) if line.startswith("systemctl enable"))
