"""`lastmessage play --phones HOST:PORT [--real-time]`: the event `phones_ready`, a phone joining a scripted game."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from lastmessage.cli import main
from tests.phones.helpers import receive_until, write_script
from tests.ports import free_port

SCRIPT = [{"action": "scene", "id": "harbour"}, {"action": "pick", "character": "harbour-p050"},
          {"action": "flip"}, {"action": "wait", "seconds": 3}]


def test_phones_ready_comes_first_with_the_join_address(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    port = free_port()
    assert main(["play", "--script", str(write_script(tmp_path, SCRIPT)), "--phones", f"127.0.0.1:{port}"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert events[0]["type"] == "phones_ready" and events[0]["t"] == 0.0
    assert re.fullmatch(rf"http://127\.0\.0\.1:{port}/j/[A-Z2-9]{{6}}", events[0]["url"])
    assert [e["type"] for e in events[1:3]] == ["game_started", "secret_chosen"]


@pytest.mark.parametrize("given, says", [("8080", "is not HOST:PORT"), ("localhost:8080", "not an IP address")])
def test_a_wrong_address_is_exit_2_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               given: str, says: str) -> None:
    assert main(["play", "--script", str(write_script(tmp_path, SCRIPT)), "--phones", given]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("lastmessage: --phones: ") and says in err and "\n" not in err


def test_a_phone_joins_a_real_time_game_while_it_waits(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    play = subprocess.Popen([sys.executable, "-m", "lastmessage", "play", "--script",
                             str(write_script(tmp_path, SCRIPT)), "--phones", f"127.0.0.1:{port}", "--real-time"],
                            stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert play.stdout is not None
        ready = json.loads(play.stdout.readline())
        assert ready["type"] == "phones_ready"

        async def phone() -> dict[str, object]:
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(str(ready["url"]).replace("/j/", "/ws/")) as ws:
                    while True:
                        state = await receive_until(ws, "state")
                        if state["phase"] == "clues":
                            return state

        state = asyncio.run(phone())
        assert state["round"] == 1 and state["seconds_left"] is not None
        assert play.wait(30) == 0
    finally:
        play.kill()
        play.wait()


def test_keepsake_follows_game_over_with_the_games_page(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """At game_over's moment, with its `t` to the microsecond: a clue step of 31.1234567 s on the clock
    makes game_over's t end in ...3457, and the keepsake's is the same (it was ...34567, the clock unrounded)."""
    port = free_port()
    script = Path(__file__).resolve().parents[2] / "examples" / "detectives-win.jsonl"
    lines = script.read_text(encoding="utf-8").replace('"seconds": 31}', '"seconds": 31.1234567}')
    assert '"seconds": 31.1234567}' in lines
    odd = tmp_path / "odd.jsonl"
    odd.write_text(lines, encoding="utf-8")
    assert main(["play", "--script", str(odd), "--phones", f"127.0.0.1:{port}"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kinds = [e["type"] for e in events]
    assert kinds[-2:] == ["game_over", "keepsake"]
    over, keepsake = events[-2]["t"], events[-1]["t"]
    assert keepsake == over and round(over, 6) == over and over != round(over, 5)   # microseconds, not more
    assert re.fullmatch(rf"http://127\.0\.0\.1:{port}/k/[A-Z2-9]{{10}}", events[-1]["url"])
