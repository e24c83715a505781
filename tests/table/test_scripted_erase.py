"""Erasing through the tablet after the game refused an erase: the script's squares, no others."""

from __future__ import annotations

import io
import json
from pathlib import Path

from lastmessage.scripting.play import play_script
from lastmessage.rules.config import Rules
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir

OPENING = [
    {"action": "scene", "id": "beach"},
    {"action": "pick", "character": "beach-p010"},
    {"action": "flip"},
    {"action": "wait", "seconds": 31},
]


def play(tmp_path: Path, actions: list[dict]) -> list[dict]:
    script = tmp_path / "script.jsonl"
    script.write_text("\n".join(json.dumps(a) for a in OPENING + actions) + "\n")
    out = io.StringIO()
    play_script(script, "script.jsonl", load_scenes(shipped_scenes_dir()), Rules(), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_a_right_erase_after_a_refused_one_erases_exactly_its_squares(tmp_path: Path) -> None:
    events = play(tmp_path, [{"action": "erase", "cells": [0, 1, 2, 3]},
                             {"action": "erase", "cells": [0, 1, 2, 3, 4]}])
    assert [e["type"] for e in events][-2:] == ["rejected", "cells_erased"]
    assert events[-1]["cells"] == [0, 1, 2, 3, 4]


def test_an_erase_naming_a_square_twice_is_refused_as_chosen_twice(tmp_path: Path) -> None:
    events = play(tmp_path, [{"action": "erase", "cells": [0, 1, 2]},
                             {"action": "erase", "cells": [0, 1, 2, 3, 3]}])
    refused = [e for e in events if e["type"] == "rejected"]
    assert [e["reason"] for e in refused] == ["wrong_erase_count", "wrong_erase_count"]
    assert "twice" in refused[-1]["message"]
