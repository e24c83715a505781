"""`lastmessage sim` and `run` start, run frames and stop cleanly, or refuse with a reason."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def lastmessage(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lastmessage", *args], capture_output=True, text=True,
                          env={**os.environ, "SDL_AUDIODRIVER": "dummy", **(env or {})}, timeout=120)


def test_the_simulator_runs_frames_and_journals_nothing_without_a_game(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    result = lastmessage("sim", "--frames", "5", "--db", str(db), env={"SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 0, result.stderr
    assert db.exists()


def test_a_bad_config_stops_the_device_with_the_key_named(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[display]\ndetective_size = [100, 100]\n")
    result = lastmessage("run", "--config", str(config), env={"SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 2
    assert "display.detective_size" in result.stderr and str(config) in result.stderr


def test_no_screen_at_all_is_explained(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    result = subprocess.run([sys.executable, "-m", "lastmessage", "run", "--frames", "1",
                             "--db", str(tmp_path / "g.sqlite")],
                            capture_output=True, text=True, env={**env, "SDL_AUDIODRIVER": "dummy"},
                            timeout=120)
    if result.returncode == 0:
        return   # this machine has a screen after all
    assert result.returncode == 2
    assert "no display to show the screens on" in result.stderr
