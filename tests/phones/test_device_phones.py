"""The device serves phones only when `[phones] listen` says so, and an address it cannot take stops nothing."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.ports import free_port

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def sim(tmp_path: Path, config: str, frames: str) -> subprocess.Popen[str]:
    path = tmp_path / "config.toml"
    path.write_text(config, encoding="utf-8")
    return subprocess.Popen([sys.executable, "-m", "lastmessage", "sim", "--config", str(path), "--db",
                             str(tmp_path / "games.sqlite"), "--frames", frames],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def test_the_simulator_serves_the_phone_page_where_the_config_says(tmp_path: Path) -> None:
    port = free_port()
    device = sim(tmp_path, f'[phones]\nlisten = "127.0.0.1:{port}"\n', "100000")
    try:
        end = time.monotonic() + 60
        while True:
            assert device.poll() is None, device.communicate()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as page:
                    assert page.status == 200 and "<canvas" in page.read().decode()
                    break
            except OSError:
                assert time.monotonic() < end, "the phone page was never served"
                time.sleep(0.1)
        device.send_signal(signal.SIGTERM)
        assert device.wait(30) == 0
    finally:
        device.kill()
        device.wait()


def test_an_address_in_use_is_one_line_and_the_table_plays_on(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        device = sim(tmp_path, f'[phones]\nlisten = "127.0.0.1:{port}"\n', "30")
        out, err = device.communicate(timeout=120)
    assert device.returncode == 0, err
    said = [line for line in err.splitlines() if "phones" in line]
    assert len(said) == 1 and f"cannot listen on 127.0.0.1:{port}" in said[0]
    assert said[0].endswith("the table plays on without phones")
