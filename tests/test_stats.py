"""`lastmessage stats` sums up the journal: games, winners, reasons, scenes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lastmessage.cli import main
from lastmessage.rules.config import Rules
from lastmessage.rules.events import EndReason, GameOver, GameStarted, Passed, Winner
from lastmessage.store import Journal


def record(journal: Journal, scene: str, over: tuple[str, str, int] | None, decisions: int) -> None:
    game = journal.new_game(Rules())
    journal.append(game, GameStarted(0, scene, Rules()))
    for number in range(decisions):
        journal.append(game, Passed(30.0 * (number + 1), number + 1))
    if over is not None:
        winner, reason, round_number = over
        journal.append(game, GameOver(120.0, Winner(winner), EndReason(reason), round_number))


def test_stats_counts_winners_reasons_and_scenes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.sqlite"
    journal = Journal(db)
    record(journal, "harbour", ("detectives", "found", 2), 1)
    record(journal, "harbour", ("criminal", "not_found", 4), 4)
    record(journal, "ski", None, 0)
    journal.close()
    assert main(["stats", "--db", str(db), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["games"], figures["finished"], figures["unfinished"]) == (3, 2, 1)
    assert figures["winners"] == {"detectives": 1, "criminal": 1}
    assert figures["reasons"] == {"found": 1, "not_found": 1}
    assert figures["scenes"] == {"harbour": 2, "ski": 1}
    assert figures["average_rounds"] == 3.0 and figures["average_minutes"] == 2.0


def test_stats_without_a_journal_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(tmp_path / "none.sqlite")]) == 2
    assert "no journal yet" in capsys.readouterr().err
