"""Paths given on the command line: whatever a name turns out to be, one line and exit 2.

A missing file, a folder, a FIFO that nobody writes (or reads), /dev/zero and
/dev/full, a name of bytes that are not UTF-8 or with a NUL: each is refused
with one line naming the path, never a hang, a traceback or memory filling up.
Commands run in-process on a thread with a deadline, so a command that hangs
fails the test instead of stopping the suite; a hang on a FIFO is then freed
by opening its other end.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from lastmessage.cli import main
from lastmessage.config.paths import shown

REPO = Path(__file__).resolve().parents[2]
SCENES = REPO / "tests" / "fixtures" / "scenes"
DEADLINE = 20.0
NOT_UTF8 = os.fsdecode(b"not-\xff\xfe-utf8")


class Ran:
    def __init__(self, code: int, err: str) -> None:
        self.code, self.err = code, err

    def refused(self, name: str) -> bool:
        """Exit 2 with exactly one printable line on stderr, naming the path."""
        line = self.err.removesuffix("\n")
        return self.code == 2 and line.isprintable() and shown(name) in line


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Callable[..., Ran]:
    def run_cli(*argv: str) -> Ran:
        result: list[int] = []
        worker = threading.Thread(target=lambda: result.append(main(list(argv))), daemon=True)
        worker.start()
        worker.join(DEADLINE)
        if worker.is_alive():
            for fifo in tmp_path.glob("fifo*"):   # free a thread stuck opening a FIFO
                os.close(os.open(fifo, os.O_RDWR | os.O_NONBLOCK))
            worker.join(DEADLINE)
            pytest.fail(f"{argv} did not finish within {DEADLINE:g} s")
        assert result, f"{argv} raised (see the traceback above)"
        return Ran(result[0], capsys.readouterr().err)
    return run_cli


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text(json.dumps({"action": "scene", "id": "park"}) + "\n"
                    + json.dumps({"action": "pick", "character": "park-baker"}) + "\n",
                    encoding="utf-8")
    return path


def hostile_input(tmp_path: Path, kind: str) -> str:
    """A path given where a file is read."""
    if kind == "folder":
        (tmp_path / "folder").mkdir()
    elif kind == "fifo":
        os.mkfifo(tmp_path / "fifo-in")
        return str(tmp_path / "fifo-in")
    elif kind == "not-utf8-content":
        (tmp_path / "binary").write_bytes(b"\xff\xfe\x00garbage\n")
        return str(tmp_path / "binary")
    return {"missing": str(tmp_path / "missing"), "folder": str(tmp_path / "folder"),
            "not-utf8-name": str(tmp_path / NOT_UTF8), "nul": str(tmp_path / "a\0b"),
            "/dev/zero": "/dev/zero", "/dev/full": "/dev/full", "/proc/self/mem": "/proc/self/mem"}[kind]


INPUT_KINDS = ["missing", "folder", "fifo", "/dev/zero", "/dev/full", "not-utf8-name", "nul",
               "not-utf8-content", "/proc/self/mem"]
INPUT_COMMANDS = {
    "play --script": lambda p, s: ["play", "--scenes", str(SCENES), "--script", p],
    "play --config": lambda p, s: ["play", "--scenes", str(SCENES), "--script", s, "--config", p],
    "demo --script": lambda p, s: ["demo", "--scenes", str(SCENES), "--frames", "1", "--script", p],
    "selftest --pinout": lambda p, s: ["selftest", "--auto", "--pinout", p],
    "hardware docs --pinout": lambda p, s: ["hardware", "docs", "--check", "--pinout", p],
}


@pytest.mark.parametrize("kind", INPUT_KINDS)
@pytest.mark.parametrize("command", INPUT_COMMANDS)
def test_a_file_to_read_that_cannot_be_read_is_refused_in_one_line(
        command: str, kind: str, tmp_path: Path, script: Path, run: Callable[..., Ran]) -> None:
    path = hostile_input(tmp_path, kind)
    ran = run(*INPUT_COMMANDS[command](path, str(script)))
    assert ran.refused(path), ran.err


def hostile_output(tmp_path: Path, kind: str) -> str:
    """A path given where a file is written."""
    if kind == "fifo":
        os.mkfifo(tmp_path / "fifo-out")
        return str(tmp_path / "fifo-out")
    if kind == "folder":
        (tmp_path / "folder").mkdir()
    if kind in ("file", "under-a-file"):
        (tmp_path / "file").write_text("x", encoding="utf-8")
    return {"folder": str(tmp_path / "folder"), "file": str(tmp_path / "file"),
            "under-a-file": str(tmp_path / "file" / "below"), "nul": str(tmp_path / "a\0b"),
            "/dev/full": "/dev/full"}[kind]


OUTPUT_CASES = [
    ("play --events", kind, lambda p, s: ["play", "--scenes", str(SCENES), "--script", s, "--events", p])
    for kind in ("folder", "fifo", "/dev/full", "nul")
] + [
    ("play --screenshots", kind,
     lambda p, s: ["play", "--scenes", str(SCENES), "--script", s, "--screenshots", p])
    for kind in ("file", "fifo", "/dev/full", "under-a-file", "nul")
] + [
    ("hardware docs --out", kind, lambda p, s: ["hardware", "docs", "--out", p])
    for kind in ("file", "fifo", "/dev/full", "under-a-file", "nul")
] + [
    ("scenes render --out", kind,
     lambda p, s: ["scenes", "render", "park", "--scenes", str(SCENES), "--size", "64x40", "--out", p])
    for kind in ("folder", "fifo", "/dev/full", "nul")
]


@pytest.mark.parametrize("command, kind, argv", OUTPUT_CASES, ids=[f"{c}-{k}" for c, k, _ in OUTPUT_CASES])
def test_a_place_to_write_that_cannot_be_written_is_refused_in_one_line(
        command: str, kind: str, argv: Callable[[str, str], list[str]], tmp_path: Path,
        script: Path, run: Callable[..., Ran]) -> None:
    path = hostile_output(tmp_path, kind)
    ran = run(*argv(path, str(script)))
    assert ran.refused(path), ran.err


def test_events_to_a_full_disk_say_so_once(tmp_path: Path, script: Path, run: Callable[..., Ran]) -> None:
    ran = run("play", "--scenes", str(SCENES), "--script", str(script), "--events", "/dev/full")
    assert ran.refused("/dev/full") and "No space left on device" in ran.err


def test_a_script_larger_than_the_cap_is_refused_before_reading(tmp_path: Path,
                                                               run: Callable[..., Ran]) -> None:
    from lastmessage.scripting.script import MAX_SCRIPT_BYTES
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as sparse:
        sparse.truncate(MAX_SCRIPT_BYTES + 1)   # no disk used: a hole
    ran = run("play", "--scenes", str(SCENES), "--script", str(huge))
    assert ran.refused(str(huge)) and f"{MAX_SCRIPT_BYTES + 1} bytes" in ran.err


def test_docs_out_to_a_new_folder_makes_it(tmp_path: Path, run: Callable[..., Ran]) -> None:
    target = tmp_path / "new" / "docs"
    ran = run("hardware", "docs", "--out", str(target))
    assert ran.code == 0, ran.err
    assert sorted(p.name for p in target.iterdir()) == ["WIRING.md", "wiring.svg"]


def test_output_read_by_a_reader_that_goes_away_ends_quietly(tmp_path: Path) -> None:
    """`lastmessage scenes list --json | head -c 10`: exit 0, nothing on stderr."""
    command = [sys.executable, "-m", "lastmessage", "scenes", "list", "--json", "--scenes", str(SCENES)]
    reader, writer = os.pipe()
    os.close(reader)   # the reader is gone before anything is written
    done = subprocess.run(command, stdout=writer, stderr=subprocess.PIPE, text=True, timeout=60)
    os.close(writer)
    assert (done.returncode, done.stderr) == (0, "")


def test_a_scenes_folder_holding_a_fifo_is_refused_naming_it(tmp_path: Path,
                                                             run: Callable[..., Ran]) -> None:
    folder = tmp_path / "scenes"
    folder.mkdir()
    (folder / "park.json").write_bytes((SCENES / "park.json").read_bytes())
    os.mkfifo(folder / "fifo.json")
    listed = run("scenes", "list", "--scenes", str(folder))
    assert listed.refused(str(folder / "fifo.json")), listed.err
    checked = run("scenes", "check", "--scenes", str(folder))   # every problem, then a summary
    assert checked.code == 1
    assert f"{folder / 'fifo.json'}: cannot read the scene: it is not a regular file" in checked.err


@pytest.mark.parametrize("argv", [["scenes", "list"], ["scenes", "list", "--json"], ["scenes", "credits"]])
def test_output_to_a_full_disk_is_one_line_for_every_command(argv: list[str]) -> None:
    """Only `play` reported a full standard output; `scenes list > /dev/full` ended in a traceback."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "lastmessage", *argv], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=env, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "lastmessage: standard output: No space left on device\n"
