"""TLS that cannot be trusted: a CA file missing, the wrong CA, a certificate for another
name. Each is one line (the log, the status), the table plays on, and it tries again: a CA
put in place later, or a broker certificate renewed by the right CA, is taken."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.appliance.device_process import running_device, terminate
from tests.venue.broker import Broker, Watcher, events_file, make_ca, play, wait_for


def _config(folder: Path, broker: Broker, table: str, ca: Path, host: str = "127.0.0.1") -> Path:
    config = folder / f"{table}.toml"
    config.write_text(f'[museum]\nstatus_interval = 0.5\n\n[venue]\nmqtt = "mqtts://{table}:secret@{host}:'
                      f'{broker.port}"\ntable = "{table}"\nca_file = "{ca}"\n')
    return config


def test_a_missing_ca_file_is_said_in_the_status_and_taken_once_it_is_there(tls_broker: Broker,
                                                                              tmp_path: Path) -> None:
    assert tls_broker.ca is not None
    ca = tmp_path / "venue-ca.crt"   # not there yet
    status_file = tmp_path / "status.json"

    def status() -> dict[str, object]:
        try:
            value = json.loads(status_file.read_text())
        except (OSError, ValueError):
            return {}
        return value if isinstance(value, dict) else {}

    watcher = Watcher(tls_broker, ("lastmessage/#",))
    try:
        with running_device("sim", tmp_path, extra=("--config", str(_config(tmp_path, tls_broker, "t5", ca)))) \
                as device:
            wait_for(lambda: "ca_file" in str(status().get("venue_trouble")), 90, "the CA's trouble in the status")
            assert status()["state"] == "warning" and status()["phase"] == "idle"   # it plays on
            shutil.copy(tls_broker.ca, ca)
            wait_for(lambda: watcher.on("lastmessage/t5/online")[-1:] == [b"true"], 40, "connected with the CA")
            wait_for(lambda: status().get("venue_trouble", "") is None, 10, "the trouble gone from the status")
            assert status()["state"] == "ok"
            returncode, stderr = terminate(device)
    finally:
        watcher.close()
    assert returncode == 0, stderr
    said = [line for line in stderr.splitlines() if "ca_file" in line]
    assert len(said) == 1 and "put the venue's CA certificate (PEM) there" in said[0], stderr


def test_the_wrong_ca_is_one_line_and_a_certificate_renewed_by_it_is_taken(tls_broker: Broker,
                                                                          tmp_path: Path) -> None:
    (tmp_path / "other").mkdir()
    other = make_ca(tmp_path / "other")   # the table trusts this CA; the broker's certificate is not its
    process = play(tmp_path, None, "t6", hold=15, extra=("--config", str(_config(tmp_path, tls_broker, "t6", other))))
    wait_for(lambda: any(e.get("type") == "timer_started" for e in events_file(tmp_path, "t6")), 30, "the game on")
    tls_broker.stop()   # the broker's certificate renewed, by the CA the table trusts
    for name in ("server.crt", "server.key"):
        shutil.copy(tmp_path / "other" / name, tls_broker.folder / name)
    tls_broker.ca = other
    tls_broker.start()
    watcher = Watcher(tls_broker, ("lastmessage/#",))
    try:
        wait_for(lambda: watcher.on("lastmessage/t6/online")[:1] == [b"true"], 40, "connected after the renewal")
        _, stderr = process.communicate(timeout=60)
    finally:
        watcher.close()
    assert process.returncode == 0, stderr
    said = [line for line in stderr.splitlines() if "certificate" in line]
    assert len(said) == 1 and "not signed by the CA of [venue] ca_file" in said[0], stderr
    types = [event["type"] for event in events_file(tmp_path, "t6")]   # 3 would say some were not journalled
    assert types[:2] == ["game_started", "secret_chosen"] and "timer_started" in types


def test_a_certificate_for_another_name_is_one_line_and_the_game_is_played(tls_broker: Broker,
                                                                          tmp_path: Path) -> None:
    assert tls_broker.ca is not None   # for 127.0.0.1; the table asks for localhost
    process = play(tmp_path, None, "t7",
                   extra=("--config", str(_config(tmp_path, tls_broker, "t7", tls_broker.ca, host="localhost"))))
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 0, stderr
    said = [line for line in stderr.splitlines() if "certificate" in line]
    assert len(said) == 1 and "a certificate for another name than localhost" in said[0], stderr
    assert events_file(tmp_path, "t7")[-1]["type"] == "game_over"
