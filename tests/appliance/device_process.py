"""Start `lastmessage run`/`sim` as the service would: a real process, real signals."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def start_device(command: str, tmp_path: Path, *, env: Mapping[str, str] | None = None,
                 extra: tuple[str, ...] = ()) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "lastmessage", command, "--db", str(tmp_path / "games.sqlite"),
         "--status", str(tmp_path / "status.json"), *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})})
