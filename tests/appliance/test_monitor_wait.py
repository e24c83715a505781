"""With a screen missing, `run` says which one full-screen, in the configured
language, and keeps waiting; it never opens the simulator. SIGTERM ends it with 0."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pygame
import pytest

from device_process import running_device, terminate, wait_until
from lastmessage.i18n.translate import translator
from lastmessage.kiosk.monitor_wait import MonitorWait, missing_screen, museum_language, outputs_needed
from lastmessage.operator.keep import KEEP_FILE_NAME, ChoicesFile, OperatorChoices
from lastmessage.ui import theme

SHOTS = Path(os.environ.get("LASTMESSAGE_SHOTS", "/tmp/lastmessage-appliance-shots"))


def test_the_message_names_the_screen_that_is_missing() -> None:
    assert outputs_needed(0, 1) == 2 and outputs_needed(2, 0) == 3
    english = translator("en")
    assert missing_screen(1, 0, 1, english) == "Connect the detective monitor and switch it on"
    assert missing_screen(1, 1, 0, english) == "Connect the tablet screen and switch it on"
    assert missing_screen(0, 0, 1, english) == "Connect both screens and switch them on"
    assert missing_screen(1, 0, 1, translator("ro")) == "Conectați monitorul detectivilor și porniți-l"


def test_the_waiting_screen_speaks_the_language_the_operator_chose(tmp_path: Path) -> None:
    """The operator chose Romanian in the menu (kept beside the journal): a monitor
    missing at the next boot is asked for in Romanian, whatever the config says."""
    journal = tmp_path / "games.sqlite"
    assert museum_language("en", journal) == "en"   # nothing chosen: the config's
    assert museum_language("ro", None) == "ro"
    ChoicesFile(tmp_path / KEEP_FILE_NAME).save(OperatorChoices(language="ro"))
    assert museum_language("en", journal) == "ro"
    tx = translator(museum_language("en", journal))
    assert missing_screen(1, 0, 1, tx) == "Conectați monitorul detectivilor și porniți-l"


@pytest.mark.parametrize("language", ["en", "ro"])
def test_the_waiting_screen_shows_the_message_full_screen(language: str) -> None:
    pygame.init()
    tx = translator(language)
    wait = MonitorWait([(1280, 800)], missing_screen(1, 0, 1, tx), tx)
    try:
        wait.frame()
        surface = wait.window.get_surface()
        SHOTS.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(SHOTS / f"waiting-{language}.png"))
        width, height = surface.get_size()
        amber = sum(1 for x in range(0, width, 4) for y in range(0, height, 4) if surface.get_at((x, y))[:3] == theme.AMBER)
        assert amber > 200, "the message is drawn large"
        assert surface.get_at((2, 2))[:3] == theme.NIGHT
        assert wait.window.borderless and pygame.mouse.get_visible() is False
    finally:
        wait.close()


def test_run_with_one_display_waits_and_sigterm_ends_it_cleanly(tmp_path: Path) -> None:
    status = tmp_path / "status.json"
    with running_device("run", tmp_path) as device:
        wait_until(lambda: status.exists() and json.loads(status.read_text())["phase"] == "waiting_for_screen")
        values = json.loads(status.read_text())
        assert "waiting for the screen" in values["last_error"]["message"]
        assert device.poll() is None, "still waiting for the monitor"
        returncode, stderr = terminate(device)
    assert returncode == 0, stderr
    assert "Traceback" not in stderr
    assert not status.exists(), "a clean exit takes its status down"


def test_sigterm_mid_session_closes_the_journal_whole(tmp_path: Path) -> None:
    with running_device("sim", tmp_path) as device:
        wait_until((tmp_path / "games.sqlite").exists)
        time.sleep(1.0)
        returncode, stderr = terminate(device)
    assert returncode == 0, stderr
    with sqlite3.connect(tmp_path / "games.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert not (tmp_path / "games.sqlite-wal").exists() or (tmp_path / "games.sqlite-wal").stat().st_size == 0
