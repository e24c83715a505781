"""Shared fixtures for the scene tests: headless pygame and small scene files."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SMALL_SCENE: dict[str, Any] = {
    "format": 1, "id": "tiny", "title": "Tiny park", "aspect": 16 / 9,
    "background": [{"shape": "gradient", "top": "#88ccff", "bottom": "#338833"},
                   {"shape": "rect", "x": 0.1, "y": 0.5, "w": 0.3, "h": 0.2, "color": "#aa8855"}],
    "characters": [
        {"id": "tiny-chef", "name": "chef", "sentient": True, "x": 0.2, "y": 0.5, "emoji": "\U0001F468\u200d\U0001F373"},
        {"id": "tiny-ghost", "name": "ghost", "sentient": True, "x": 0.5, "y": 0.5, "emoji": "\U0001F47B", "scale": 1.2},
        {"id": "tiny-robot", "name": "robot", "sentient": True, "x": 0.8, "y": 0.6, "emoji": "\U0001F916",
         "mirror": True},
        {"id": "tiny-dog", "name": "dog", "sentient": False, "x": 0.5, "y": 0.8, "emoji": "\U0001F415"},
    ],
    "props": [
        {"id": "tiny-fountain", "name": "fountain", "x": 0.3, "y": 0.3, "emoji": "\u26F2", "scale": 2},
        {"id": "tiny-bench", "name": "bench", "x": 0.7, "y": 0.3, "emoji": "\U0001FA91"},
        {"id": "tiny-lamp", "name": "lamp", "x": 0.5, "y": 0.95, "emoji": "\U0001F3EE"},
    ],
}


@pytest.fixture
def small_scene() -> dict[str, Any]:
    """A fresh, valid scene as decoded JSON, for tests to break."""
    return copy.deepcopy(SMALL_SCENE)


@pytest.fixture
def write_scenes(tmp_path: Path) -> Callable[..., Path]:
    """Write scene dicts (or raw text) as files of a fresh folder; returns the folder."""
    def write(*scenes: dict[str, Any] | str, names: list[str] | None = None) -> Path:
        folder = tmp_path / "scenes"
        folder.mkdir(exist_ok=True)
        for index, scene in enumerate(scenes):
            name = names[index] if names else f"{index + 1}-scene.json"
            text = scene if isinstance(scene, str) else json.dumps(scene, ensure_ascii=False)
            (folder / name).write_text(text, encoding="utf-8")
        return folder
    return write
