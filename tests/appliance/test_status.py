"""Staff ask a running device how it is: `status --json` reads the file it
publishes, the optional page serves the same read-only; a stopped or frozen
device is said to be so."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from device_process import running_device, terminate, wait_until
from lastmessage.config.museum import MuseumSettings
from lastmessage.rules.config import Rules
from lastmessage.config.settings import SettingsError, settings_from_mapping
from lastmessage.kiosk.status import StatusBoard, StatusPublisher, read_status
from lastmessage.kiosk.status_sources import games_today
from lastmessage.journal.store import Journal
from tests.ports import free_port

FIELDS = {"phase", "uptime_s", "fps", "games_today", "link", "last_error", "disk_free_mb", "temperature_c"}


def status_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lastmessage", "status", *args],
                          capture_output=True, text=True, timeout=60)


def get(url: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers["Content-Type"], response.read().decode()


def test_status_answers_while_the_device_runs_and_the_page_serves_it(tmp_path: Path) -> None:
    port = free_port()
    config = tmp_path / "config.toml"
    config.write_text(f'[museum]\nstatus_port = {port}\nstatus_bind = "127.0.0.1"\nstatus_interval = 0.5\n')
    status = tmp_path / "status.json"
    with running_device("sim", tmp_path, extra=("--config", str(config))) as device:
        wait_until(lambda: status.exists() and json.loads(status.read_text()).get("phase") == "idle"
                   and (json.loads(status.read_text()).get("fps") or 0) > 1)
        answer = status_command("--json", "--file", str(status))
        assert answer.returncode == 0, answer.stdout + answer.stderr
        values = json.loads(answer.stdout)
        assert values["running"] is True and FIELDS <= set(values)
        assert values["phase"] == "idle" and values["link"] == "sim" and values["games_today"] == 0
        assert values["fps"] > 1 and values["disk_free_mb"] > 0

        code, kind, body = get(f"http://127.0.0.1:{port}/status.json")
        assert code == 200 and kind == "application/json" and FIELDS <= set(json.loads(body))
        code, kind, page = get(f"http://127.0.0.1:{port}/")
        assert code == 200 and kind.startswith("text/html")
        assert 'name="viewport"' in page and "<th>Games today</th>" in page and "<form" not in page
        assert "OK: the table is working." in page   # the headline staff read first (status_words.py)
        for method in ("POST", "PUT", "DELETE"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/", data=b"x",
                                                              method=method), timeout=10)
            assert refused.value.code == 501
        with pytest.raises(urllib.error.HTTPError) as missing:
            get(f"http://127.0.0.1:{port}/etc/passwd")
        assert missing.value.code == 404

        returncode, _ = terminate(device)
    assert returncode == 0
    gone = status_command("--json", "--file", str(status))
    assert gone.returncode == 1 and json.loads(gone.stdout)["running"] is False
    assert "no device is running" in json.loads(gone.stdout)["error"]


def test_a_status_file_left_by_a_frozen_device_is_called_stale(tmp_path: Path) -> None:
    status = tmp_path / "status.json"
    status.write_text(json.dumps({"phase": "clues", "written": time.time() - 60, "interval_s": 2.0}))
    answer = status_command("--json", "--file", str(status))
    assert answer.returncode == 1
    values = json.loads(answer.stdout)
    assert values["running"] is False and re.search(r"stopped updating its status 6\d s ago", values["error"])
    assert values["phase"] == "clues"
    plain = status_command("--file", str(status))
    assert plain.returncode == 1 and "stopped updating" in plain.stdout


@pytest.mark.parametrize("content", ["not json", "[1, 2]", '{"phase": "idle"}'])
def test_a_file_that_is_not_a_status_is_refused_in_one_line(tmp_path: Path, content: str) -> None:
    status = tmp_path / "status.json"
    status.write_text(content)
    answer = status_command("--file", str(status))
    assert answer.returncode == 1 and answer.stdout.count("\n") == 1 and str(status) in answer.stdout
    assert "Traceback" not in answer.stderr


def test_the_file_is_replaced_whole_and_a_failing_field_reads_as_none(tmp_path: Path) -> None:
    board = StatusBoard()
    board.add("phase", lambda: "idle")
    board.add("broken", lambda: 1 / 0)
    now = [0.0]
    publisher = StatusPublisher(board, tmp_path / "run" / "status.json", interval=1.0, clock=lambda: now[0])
    for frame in range(1, 31):
        now[0] = frame / 30
        publisher.frame_presented()
    reading = read_status(tmp_path / "run" / "status.json")
    assert reading.values["phase"] == "idle" and reading.values["broken"] is None
    assert reading.values["fps"] == pytest.approx(30, abs=1)
    assert [p.name for p in (tmp_path / "run").iterdir()] == ["status.json"]
    assert (tmp_path / "run" / "status.json").stat().st_mode & 0o777 == 0o644


def test_games_today_counts_the_journal_since_midnight(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    assert games_today(db) == 0
    journal = Journal(db)
    journal.new_game(Rules())
    journal.new_game(Rules())
    assert games_today(db) == 2
    assert games_today(db, now=time.time() + 2 * 86400) == 0
    journal.close()


def test_museum_defaults_keep_the_page_off_and_local() -> None:
    assert settings_from_mapping({}, "c.toml").museum == MuseumSettings()
    assert MuseumSettings().status_port == 0 and MuseumSettings().status_bind == "127.0.0.1"
    lan = settings_from_mapping({"museum": {"status_port": 8080, "status_bind": "0.0.0.0"}}, "c.toml").museum
    assert (lan.status_port, lan.status_bind) == (8080, "0.0.0.0")


@given(st.one_of(st.integers(), st.text(max_size=5), st.booleans(), st.floats(allow_nan=False)))
def test_a_bad_port_is_refused_naming_file_and_key(port: object) -> None:
    if isinstance(port, int) and not isinstance(port, bool) and (port == 0 or 1024 <= port <= 65535):
        assert settings_from_mapping({"museum": {"status_port": port}}, "c.toml").museum.status_port == port
        return
    with pytest.raises(SettingsError, match=r"^c\.toml: museum\.status_port = "):
        settings_from_mapping({"museum": {"status_port": port}}, "c.toml")


@pytest.mark.parametrize("table, key", [({"status_bind": "my laptop"}, "museum.status_bind"),
                                         ({"status_interval": 0}, "museum.status_interval"),
                                         ({"status_file": 3}, "museum.status_file"),
                                         ({"stauts_port": 80}, "museum.stauts_port")])
def test_other_bad_museum_values_name_their_key(table: dict[str, object], key: str) -> None:
    with pytest.raises(SettingsError, match=f"^c.toml: {key}"):
        settings_from_mapping({"museum": table}, "c.toml")


def test_a_status_port_in_use_leaves_the_device_playing_and_names_the_setting(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        config = tmp_path / "config.toml"
        config.write_text(f"[museum]\nstatus_port = {port}\n")
        result = subprocess.run([sys.executable, "-m", "lastmessage", "sim", "--frames", "1", "--config", str(config),
                                 "--db", str(tmp_path / "g.sqlite"), "--status", str(tmp_path / "s.json")],
                                capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    assert f"museum.status_port = {port}: cannot serve the status page" in result.stderr
    assert "Traceback" not in result.stderr
