"""`play --screenshots` onto a disk that fills up: the first screenshot that cannot
be written whole is named in one line and play exits non-zero; never exit 0 with
PNGs cut short or empty. Proved on a real full filesystem: a 200 kB tmpfs (the
suite runs as root in its container; without mount rights the test is skipped)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

REPO = Path(__file__).resolve().parents[2]
SCENES = REPO / "tests" / "fixtures" / "scenes"
SHOTS = 10   # 20 PNGs, many times what 200 kB holds


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "tiny"
    folder.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(folder)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_screenshots_onto_a_full_disk_name_the_first_not_written_and_fail(tiny_disk: Path, tmp_path: Path) -> None:
    script = tmp_path / "shots.jsonl"
    lines = [{"action": "scene", "id": "park"}] + [{"action": "screenshot", "name": f"shot{n:02d}"}
                                                   for n in range(SHOTS)]
    script.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "lastmessage", "play", "--scenes", str(SCENES),
                           "--script", str(script), "--screenshots", str(tiny_disk)],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode != 0, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("lastmessage:")]
    assert len(errors) == 1 and "No space left on device" in errors[0], done.stderr
    written = sorted(tiny_disk.glob("*.png"))
    for png in written:   # every PNG that is there is whole
        assert pygame.image.load(str(png)).get_size()[0] > 0
    order = [f"shot{n:02d}-{screen}.png" for n in range(SHOTS) for screen in ("tablet", "detective")]
    first_missing = order[len(written)]
    assert sorted(p.name for p in written) == sorted(order[:len(written)])
    assert str(tiny_disk / first_missing) in errors[0]
