"""The package as a user installs it: a built wheel, in a fresh virtualenv, run from elsewhere.

Why build and install for real: the editable install the other tests use
reads the repository, so a data file the wheel forgets, or a path climbed out
of the package, only shows up after `pip install`. This test does what a user
does. It copies the sources that go into a wheel (pyproject.toml, README.md,
app/ and the data folders firmware/, hardware/, scenes/, examples/) to a temporary folder, so no build/ or egg-info is left in the
repository. It builds the wheel with `pip wheel` (build isolation, as for a
user: setuptools comes from the index or the pip cache). It makes a virtualenv
with nothing from this one and installs the wheel with its dependencies by
pip, then runs the `lastmessage` the wheel installed, with a fresh HOME, from
a folder that is not the repository. It takes 20-40 s, mostly pip.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lastmessage.scenes.model import load_scenes, shipped_scenes_dir

REPO = Path(__file__).resolve().parents[1]
DATA_FOLDERS = ("firmware", "hardware", "scenes", "examples")   # mapped to lastmessage.data.<folder>


def _run(command: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 120) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command} exit {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _data_files(root: Path) -> set[str]:
    return {path.relative_to(root).as_posix() for path in root.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts}


def _shipped_files() -> set[str]:
    """What the wheel's lastmessage/data/ must hold: its own files and each data folder's."""
    shipped = _data_files(REPO / "app" / "lastmessage" / "data")
    for folder in DATA_FOLDERS:
        shipped |= {f"{folder}/{name}" for name in _data_files(REPO / folder)}
    return shipped


def _script() -> list[dict[str, object]]:
    """One round to a detectives' win, in the first shipped scene (ids read from the
    shipped files, so that regenerated scenes keep this test true)."""
    scene = next(iter(load_scenes(shipped_scenes_dir()).values()))
    culprit = scene.suspects()[0].id
    return [{"action": "scene", "id": scene.id}, {"action": "pick", "character": culprit},
            {"action": "flip"}, {"action": "stroke", "points": [[0.2, 0.2], [0.8, 0.8]]},
            {"action": "wait", "seconds": 30}, {"action": "erase", "cells": [0, 1, 2, 3, 8]},
            {"action": "screenshot", "name": "suspect"}, {"action": "accuse", "character": culprit}]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin/ folder of a fresh virtualenv holding the built wheel and its dependencies."""
    root = tmp_path_factory.mktemp("wheel")
    source = root / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, source / name)
    for folder in ("app", *DATA_FOLDERS):
        shutil.copytree(REPO / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(root / "dist"),
          str(source)], cwd=root, env=env)
    (wheel,) = (root / "dist").glob("lastmessage-*.whl")
    _run([sys.executable, "-m", "venv", str(root / "venv")], cwd=root, env=env)
    _run([str(root / "venv" / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
         cwd=root, env=env)
    return root / "venv" / "bin"


@pytest.fixture
def user(tmp_path: Path) -> dict[str, str]:
    """A user's environment: a new HOME (no config, no scene cache), no display."""
    home = tmp_path / "home"
    home.mkdir()
    return {"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8",
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def test_the_wheel_holds_every_shipped_file_and_runs_from_it(installed: Path,
                                                             user: dict[str, str],
                                                             tmp_path: Path) -> None:
    where = _run([str(installed / "python"), "-c",
                  "import lastmessage.data as d, pathlib; print(pathlib.Path(d.__file__).parent)"],
                 cwd=tmp_path, env=user).strip()
    assert Path(where).is_relative_to(installed.parent), where   # not the repository
    assert _data_files(Path(where)) == _shipped_files()


def test_the_installed_command_plays_renders_and_checks_from_any_folder(
        installed: Path, user: dict[str, str], tmp_path: Path) -> None:
    lastmessage = str(installed / "lastmessage")
    script = tmp_path / "game.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in _script()), encoding="utf-8")

    _run([lastmessage, "play", "--script", str(script), "--events", "events.jsonl",
          "--screenshots", "shots"], cwd=tmp_path, env=user)
    events = [json.loads(line) for line in (tmp_path / "events.jsonl").read_text().splitlines()]
    assert (events[-1]["type"], events[-1]["winner"], events[-1]["reason"]) == \
        ("game_over", "detectives", "found")
    assert (tmp_path / "shots" / "suspect-detective.png").stat().st_size > 10_000

    _run([lastmessage, "scenes", "render", events[0]["scene"], "--size", "320x200",
          "--out", "scene.png"], cwd=tmp_path, env=user)
    assert (tmp_path / "scene.png").stat().st_size > 10_000

    checked = _run([lastmessage, "selftest", "--auto"], cwd=tmp_path, env=user)
    assert re.search(r"of .*/site-packages/lastmessage/data/hardware/pinout.toml\): (\d+) of \1 pins ok",
                     checked), checked
    listed = json.loads(_run([lastmessage, "scenes", "list", "--json"], cwd=tmp_path, env=user))
    assert events[0]["scene"] in [scene["id"] for scene in listed]


def test_the_installed_firmware_and_demo_are_found(installed: Path, user: dict[str, str],
                                                   tmp_path: Path) -> None:
    """module-sim boots the firmware files of the installed package; `demo` and
    `bench` find their script there."""
    booted = subprocess.run([str(installed / "lastmessage"), "module-sim", "--link", "tty"],
                            cwd=tmp_path, env=user, input="quit\n", capture_output=True, text=True,
                            timeout=60)
    assert booted.returncode == 0 and booted.stdout.startswith("/dev/pts/"), booted
    demo = ("from lastmessage.data import shipped_path; from lastmessage.scripting.script import open_script, "
            "read_actions; print(len(list(read_actions(open_script(shipped_path('examples', 'demo.jsonl')), 'demo'))))")
    assert int(_run([str(installed / "python"), "-c", demo], cwd=tmp_path, env=user)) > 10
