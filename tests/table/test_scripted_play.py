"""Whole games played through the real app, as `lastmessage play` does."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

import pygame
import pytest

from lastmessage.scripting.play import play_script
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import SceneCatalog, load_scenes, shipped_scenes_dir
from lastmessage.config.settings import load_settings

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def catalog() -> SceneCatalog:
    return load_scenes(shipped_scenes_dir())


def play(catalog: SceneCatalog, name: str, rules: Rules = Rules(), screenshots: Path | None = None,
         seed: int = 0) -> list[dict]:
    out = io.StringIO()
    play_script(EXAMPLES / name, name, catalog, rules, out, screenshots=screenshots, seed=seed)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def test_detectives_win_in_round_one(catalog: SceneCatalog) -> None:
    events = play(catalog, "detectives-win.jsonl")
    assert [e["type"] for e in events][:3] == ["game_started", "secret_chosen", "timer_started"]
    assert of_type(events, "rejected")[0]["reason"] == "repeated_word"
    assert of_type(events, "accused") == [
        {"type": "accused", "t": of_type(events, "accused")[0]["t"], "round": 1,
         "character": "harbour-p200", "correct": True}]
    assert events[-1]["type"] == "game_over"
    assert (events[-1]["winner"], events[-1]["reason"], events[-1]["round"]) == ("detectives", "found", 1)


def test_wrong_accusation_in_round_three_loses(catalog: SceneCatalog) -> None:
    events = play(catalog, "criminal-wins-wrong-accusation.jsonl")
    accused = of_type(events, "accused")
    assert [(a["round"], a["correct"]) for a in accused] == [(2, False), (3, False)]
    assert (events[-1]["winner"], events[-1]["reason"], events[-1]["round"]) == \
        ("criminal", "wrong_accusation", 3)


def test_passing_every_round_lets_the_criminal_win(catalog: SceneCatalog) -> None:
    events = play(catalog, "criminal-wins-not-found.jsonl")
    assert [p["round"] for p in of_type(events, "passed")] == [1, 2, 3, 4]
    assert [len(e["cells"]) for e in of_type(events, "cells_erased")] == [5, 4, 3, 2]
    assert (events[-1]["winner"], events[-1]["reason"], events[-1]["round"]) == ("criminal", "not_found", 4)


def test_every_refusal_comes_back_as_a_rejected_event(catalog: SceneCatalog) -> None:
    events = play(catalog, "refusals.jsonl")
    reasons = [e["reason"] for e in of_type(events, "rejected")]
    assert reasons == ["wrong_phase", "unknown_character", "not_sentient", "wrong_phase",
                       "nothing_to_undo", "invalid_cell", "repeated_word", "time_up",
                       "wrong_erase_count", "wrong_erase_count", "invalid_cell",
                       "unknown_character", "not_sentient"]
    assert all(e["message"] for e in of_type(events, "rejected"))
    time_up = of_type(events, "time_up")[0]
    started = of_type(events, "timer_started")[0]
    assert time_up["t"] == pytest.approx(started["t"] + 30)


def test_drawings_only_variant_refuses_words_and_passes(catalog: SceneCatalog) -> None:
    rules = load_settings(EXAMPLES / "drawings-only.toml").rules
    events = play(catalog, "drawings-only.jsonl", rules)
    assert [e["reason"] for e in of_type(events, "rejected")] == ["text_disabled", "pass_disabled"]
    assert events[-1]["reason"] == "found"


def test_strokes_keep_their_points_and_cells(catalog: SceneCatalog) -> None:
    events = play(catalog, "detectives-win.jsonl")
    stroke = of_type(events, "stroke_added")[0]
    assert stroke["cells"] == [4]   # a circle of radius 0.12 round the centre
    assert stroke["points"][0] == pytest.approx([0.62, 0.5], abs=2e-3)
    assert len(stroke["points"]) == 29


def test_screenshots_are_written_and_deterministic(catalog: SceneCatalog, tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    play(catalog, "demo.jsonl", screenshots=first)
    play(catalog, "demo.jsonl", screenshots=second)
    names = sorted(p.name for p in first.iterdir())
    assert "03-clues-tablet.png" in names and "03-clues-detective.png" in names
    assert names == sorted(p.name for p in second.iterdir())
    for name in names:
        assert hashlib.sha256((first / name).read_bytes()).digest() == \
            hashlib.sha256((second / name).read_bytes()).digest(), name
    tablet = pygame.image.load(str(first / "03-clues-tablet.png"))
    detective = pygame.image.load(str(first / "03-clues-detective.png"))
    assert tablet.get_size() == (1280, 800) and detective.get_size() == (1920, 1080)


def test_an_earlier_board_is_brought_up_big_and_put_back(catalog: SceneCatalog, tmp_path: Path) -> None:
    """`board` taps round 1's small card on the monitor, `"round": null` the big board."""
    lines = [line for line in (EXAMPLES / "criminal-wins-not-found.jsonl").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    third_flip = [i for i, line in enumerate(lines) if "\"flip\"" in line][2]   # rounds 1 and 2 public
    script = lines[:third_flip] + [
        '{"action": "board", "round": 1}', '{"action": "screenshot", "name": "one"}',
        '{"action": "board", "round": null}', '{"action": "screenshot", "name": "back"}',
        '{"action": "board", "round": 4}', '{"action": "screenshot", "name": "none"}']
    (tmp_path / "board.jsonl").write_text("\n".join(script) + "\n")
    out = io.StringIO()
    play_script(tmp_path / "board.jsonl", "board.jsonl", catalog, Rules(), out, screenshots=tmp_path)
    one, back, none = (pygame.image.load(str(tmp_path / f"{name}-detective.png")) for name in ("one", "back", "none"))
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(none, "RGB")   # no board 4: nothing
    assert pygame.image.tobytes(one, "RGB") != pygame.image.tobytes(back, "RGB")
    assert not [e for e in map(json.loads, out.getvalue().splitlines()) if e["type"] == "rejected"]
