"""The `guide` action (docs/contract.md, "Added for onboarding"): the guided first round
changes what the screens say, never the events; a malformed `guide` is exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from lastmessage.cli import main

ROOT = Path(__file__).resolve().parents[2]
GUIDED = ROOT / "examples" / "guided.jsonl"


def _play(script: Path, out: Path, *extra: str) -> int:
    return main(["play", "--script", str(script), "--events", str(out), *extra])


def test_the_guided_round_writes_the_events_of_the_same_game_unguided(tmp_path: Path) -> None:
    plain = tmp_path / "plain.jsonl"
    plain.write_text("".join(line for line in GUIDED.read_text().splitlines(keepends=True)
                             if '"guide"' not in line), encoding="utf-8")
    assert _play(GUIDED, tmp_path / "guided.events", "--screenshots", str(tmp_path / "shots")) == 0
    assert _play(plain, tmp_path / "plain.events") == 0
    guided = (tmp_path / "guided.events").read_text()
    assert guided == (tmp_path / "plain.events").read_text()
    assert '"game_over"' in guided and '"winner": "detectives"' in guided   # every step got through
    assert (tmp_path / "shots" / "guided-erase-tablet.png").stat().st_size > 0


@pytest.mark.parametrize("line", ['{"action": "guide"}', '{"action": "guide", "on": 1}',
                                  '{"action": "guide", "on": "yes"}'])
def test_a_guide_that_is_not_true_or_false_is_a_malformed_line(line: str, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text('{"action": "scene", "id": "harbour"}\n' + line + "\n", encoding="utf-8")
    assert _play(script, tmp_path / "out.jsonl") == 2
    err = capsys.readouterr().err
    assert "bad.jsonl:2" in err and '"on" must be true or false' in err
