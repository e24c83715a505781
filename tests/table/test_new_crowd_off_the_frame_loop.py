"""A new crowd is made on the painter's worker, never on the frame loop: choosing one
returns at once, the screens go on, and the game starts in the step after it is made."""

from __future__ import annotations

import threading
import time

import pygame
import pytest

from lastmessage.commands import ChooseScene
from lastmessage.rules.events import Event, GameStarted, Rejected
from lastmessage.rules.game import Phase
from lastmessage.scenegen.generate import GENERATOR, scene_id_for
from lastmessage.scenes.model import Scene, load_scenes, shipped_scenes_dir
from lastmessage.scenes.painter import PAINTER
from lastmessage.ui import theme
from tables import make_app


def _made_on(monkeypatch: pytest.MonkeyPatch, gives: Scene | None | bool = True) -> list[str]:
    """The threads the generator runs on (`gives`: what it makes instead, if not True)."""
    threads: list[str] = []
    real = GENERATOR.make

    def make(scene_id: str) -> Scene | None:
        threads.append(threading.current_thread().name)
        return real(scene_id) if gives is True else None

    monkeypatch.setattr(GENERATOR, "make", make)
    return threads


def _wait(scene_id: str) -> None:
    end = time.monotonic() + 60
    while PAINTER.making(scene_id) and time.monotonic() < end:
        time.sleep(0.02)


def test_a_new_crowd_is_made_on_the_worker_and_its_game_starts_once_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    threads = _made_on(monkeypatch)
    catalog = load_scenes(shipped_scenes_dir(), GENERATOR)
    app = make_app(catalog=catalog)
    heard: list[Event] = []
    app.sinks.append(heard.append)
    PAINTER.use_background()
    scene_id = scene_id_for("ski", 4242)
    assert app.execute(ChooseScene(scene_id), "tablet")
    assert app.choosing and app.game.phase is Phase.SCENE and not heard
    app.execute(ChooseScene("beach"), "tablet")   # a second tap meanwhile: the first choice stands
    app.step()
    app.draw(pygame.Surface((1280, 800)), pygame.Surface((1920, 1080)))   # the screens go on meanwhile
    _wait(scene_id)
    app.step()
    assert not app.choosing and app.game.phase is Phase.SECRET
    assert app.game.scene is catalog[scene_id] and [type(e) for e in heard] == [GameStarted]
    assert threads == ["scene-painter"]


def test_a_new_crowd_the_generator_cannot_make_is_refused_as_an_unknown_scene(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _made_on(monkeypatch, gives=None)
    app = make_app(catalog=load_scenes(shipped_scenes_dir(), GENERATOR))
    heard: list[Event] = []
    app.sinks.append(heard.append)
    PAINTER.use_background()
    scene_id = scene_id_for("ski", 4243)
    app.execute(ChooseScene(scene_id), "tablet")
    _wait(scene_id)
    app.step()
    assert app.game.phase is Phase.SCENE and not app.choosing
    assert len(heard) == 1 and isinstance(heard[0], Rejected) and heard[0].reason == "unknown_scene"


def test_the_tablet_says_the_scene_is_being_painted_while_the_new_crowd_is_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real = GENERATOR.make

    def slow(scene_id: str) -> Scene | None:
        release.wait(60)
        return real(scene_id)

    monkeypatch.setattr(GENERATOR, "make", slow)
    app = make_app(catalog=load_scenes(shipped_scenes_dir(), GENERATOR))
    PAINTER.use_background()
    tablet, monitor = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
    app.draw(tablet, monitor)
    assert tablet.get_at((40, 40))[:3] != theme.NIGHT_RAISED[:3]
    scene_id = scene_id_for("harbour", 4244)
    app.execute(ChooseScene(scene_id), "tablet")
    try:
        app.step()
        app.draw(tablet, monitor)
        assert app.status().making_scene
        assert tablet.get_at((40, 40))[:3] == theme.NIGHT_RAISED[:3]   # the painting stand-in over the grid
    finally:
        release.set()
    _wait(scene_id)
    app.step()
    assert not app.status().making_scene and app.game.phase is Phase.SECRET
