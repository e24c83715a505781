"""The status page staff read: OK or what is wrong on top, in the museum's language,
times as clock times and ages, units and yes/no in words, the raw JSON a link away."""

from __future__ import annotations

import datetime
import re

from lastmessage.kiosk.status_http import status_page

NOW = 1_796_152_840.0
FINE = {"phase": "clues", "state": "ok", "warning": None, "uptime_s": 7500, "games_today": 4, "link": "connected",
        "last_error": None, "disk_free_mb": 12034, "temperature_c": 54.2, "fps": 59.8, "interval_s": 5.0,
        "written": NOW - 12, "pid": 4242, "open": True}


def _text(page: str) -> str:
    body = page.split("<body>", 1)[1]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def test_a_fine_table_says_ok_in_words() -> None:
    text = _text(status_page(FINE, "en", NOW))
    clock = datetime.datetime.fromtimestamp(NOW - 12).strftime("%H:%M:%S")
    assert text.strip().startswith("Last Message OK: the table is working.")
    for words in ("a game is on", "Games today 4", "Open to visitors yes", f"{clock}, 12 s ago",
                  "Running for 2 h 5 min", "54.2 °C", "12034 MB", "Last problem logged none"):
        assert words in text, words
    assert "1796152828" not in text and "True" not in text and "disk free mb" not in text
    assert 'href="/status.json"' in status_page(FINE, "en", NOW)


def test_what_is_wrong_comes_first_in_romanian() -> None:
    stale = _text(status_page(FINE, "ro", NOW + 600))
    assert "Nu funcționează: masa nu s-a mai actualizat de 10 min." in stale
    warned = _text(status_page({**FINE, "warning": "the game journal cannot be written (disk full)",
                                "open": False, "last_error": {"message": "disk full", "time": NOW - 300}},
                               "ro", NOW))
    assert "Atenție: masa merge, dar uitați-vă la asta: the game journal cannot be written" in warned
    assert "Deschisă vizitatorilor nu" in warned and "acum 5 min" in warned
    assert '<html lang="ro">' in status_page(FINE, "ro", NOW)
    assert "Defect: un ecran este deconectat" in _text(status_page({**FINE, "phase": "waiting_for_screen"}, "ro", NOW))
