"""A scripted game through the real app: the sounds it plays, when, and their captions."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from lastmessage.table.app import App
from lastmessage.cli import main
from lastmessage.clock import SimulatedClock
from lastmessage.commands import Accuse, ChooseScene, Erase, Flip, Pick, ScriptAction, SetVolume, Wait
from lastmessage.ui.display import HeadlessDisplay
from lastmessage.scripting.driver import AppDriver, buttons_of
from lastmessage.hal.bar_animation import BarMode
from lastmessage.hal.base import Sound
from lastmessage.hal.sim import SimHal
from lastmessage.rules.config import Rules
from lastmessage.rules.events import Event
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import public_view
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.sound.captions import caption_for
from lastmessage.ui.detective.moments import STAMP_LANDS, VERDICT_SECONDS, strike_times
from lastmessage.ui.screen import Pointer

CRIMINAL, INNOCENT = "harbour-p200", "harbour-p050"
FRAME = 1 / 60

GAME: list[ScriptAction] = [
    ChooseScene("harbour"), Pick(CRIMINAL), Flip(), Wait(31), Erase((0, 2, 3, 6, 8)), Wait(4),
    Accuse(INNOCENT), Wait(4), SetVolume(40), Flip(), Wait(31), Erase((0, 1, 2, 3)), Wait(4),
    Accuse(CRIMINAL), Wait(5),
]


def play(actions: list[ScriptAction]) -> tuple[App, list[Event]]:
    pygame.init()
    clock = SimulatedClock()
    hal = SimHal()
    app = App(catalog=load_scenes(shipped_scenes_dir()), rules=Rules(), clock=clock, hal=hal,
              tablet_size=(1280, 800), detective_size=(1920, 1080))
    events: list[Event] = []
    app.sinks.append(events.append)
    display = HeadlessDisplay((1280, 800), (1920, 1080))
    driver = AppDriver(app, clock, display.tablet, display.detective, None, buttons_of(hal))
    for action in actions:
        driver.perform(action)
    return app, events


@pytest.fixture(scope="module")
def game() -> tuple[App, list[Event]]:
    return play(GAME)


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


def expected(events: list[Event]) -> list[tuple[Sound, float]]:
    """The contract, from the events alone."""
    sounds: list[tuple[Sound, float]] = []
    timers, ups, erased, accused = (of(events, k) for k in ("timer_started", "time_up", "cells_erased", "accused"))
    for timer, up, board, accusation in zip(timers, ups, erased, accused):
        sounds.append((Sound.FLIP, timer.t))
        sounds += [(Sound.TICK, timer.t + timer.seconds - left) for left in (5, 4, 3, 2, 1)]   # type: ignore[attr-defined]
        sounds.append((Sound.TIME_UP, up.t))
        sounds += [(Sound.STRIKE, t) for t in strike_times(board.t, len(board.cells))]   # type: ignore[attr-defined]
        sounds.append((Sound.HOLD, accusation.t - 0.8))
        if accusation.correct:   # type: ignore[attr-defined]
            sounds += [(Sound.WIN, accusation.t + STAMP_LANDS), (Sound.REVEAL, accusation.t + VERDICT_SECONDS)]
        else:
            sounds.append((Sound.WRONG, accusation.t + STAMP_LANDS))
    return sounds


def test_the_game_plays_every_sound_at_its_instant_on_the_script_clock(game: tuple[App, list[Event]]) -> None:
    app, events = game
    played = [(p.sound, p.t) for p in app.speaker.played]
    want = expected(events)
    assert [s for s, _ in played] == [s for s, _ in want]
    for (sound, t), (_, wanted) in zip(played, want):
        # The hold starts on the frame ACCUSE went down; everything else is exact.
        assert t == pytest.approx(wanted, abs=FRAME + 1e-6 if sound is Sound.HOLD else 1e-6), sound


def test_the_buzzer_plays_the_same_cues(game: tuple[App, list[Event]]) -> None:
    app, _ = game
    assert app.hal.buzzer.take_started() == [p.sound for p in app.speaker.played]   # type: ignore[attr-defined]


def test_the_volume_command_sets_the_speaker_from_then_on(game: tuple[App, list[Event]]) -> None:
    app, _ = game
    volumes = [(p.sound, p.volume) for p in app.speaker.played]
    second_flip = [i for i, (sound, _) in enumerate(volumes) if sound is Sound.FLIP][1]
    assert {v for _, v in volumes[:second_flip]} == {80} and {v for _, v in volumes[second_flip:]} == {40}
    assert app.speaker.volume == 40


def test_captions_show_on_the_screens_where_the_sound_matters_and_expire() -> None:
    app, events = play(GAME[:3] + [Wait(26.2)])
    timer = of(events, "timer_started")[0]
    captions = app.status().captions
    assert app.screen_time() == pytest.approx(timer.t + 26.2)
    tablet, detective = caption_for(captions, "tablet"), caption_for(captions, "detective")
    assert tablet is not None and tablet.sound is Sound.TICK and detective == tablet
    app.clock.advance(10)   # past time up and its caption
    assert caption_for(app.status().captions, "tablet") is None


def test_the_hold_caption_goes_when_accuse_is_let_go() -> None:
    app, _ = play(GAME[:6])
    app.hal.key_name("space", True, app.clock.now())   # type: ignore[attr-defined]
    for _ in range(10):
        app.clock.advance(FRAME)
        app.step()
        app.draw(pygame.Surface((1280, 800)), pygame.Surface((1920, 1080)))
    shown = caption_for(app.status().captions, "detective")
    assert shown is not None and shown.sound is Sound.HOLD
    assert app.hal.buzzer.current() is Sound.HOLD   # type: ignore[attr-defined]
    app.hal.key_name("space", False, app.clock.now())   # type: ignore[attr-defined]
    app.clock.advance(FRAME)
    app.step()
    assert caption_for(app.status().captions, "detective") is None
    assert app.hal.buzzer.current() is None   # type: ignore[attr-defined]
    assert app.speaker.played[-1].sound is Sound.HOLD and not app.game.accusations


def test_the_volume_script_action_writes_no_event_and_refuses_a_level_over_100(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "script.jsonl"
    start = '{"action": "scene", "id": "harbour"}\n{"action": "pick", "character": "harbour-p200"}\n'
    script.write_text(start + '{"action": "volume", "level": 30}\n', encoding="utf-8")
    assert main(["play", "--script", str(script)]) == 0
    assert [json.loads(line)["type"] for line in capsys.readouterr().out.splitlines()] == [
        "game_started", "secret_chosen"]
    script.write_text(start + '{"action": "volume", "level": 130}\n', encoding="utf-8")
    assert main(["play", "--script", str(script)]) == 2
    assert capsys.readouterr().err == (
        f"{script}:3: volume: the volume must be a whole number from 0 to 100, not 130\n")


def test_a_wrong_sound_setting_stops_play_naming_file_and_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "table.toml"
    config.write_text("[sound]\nvolume = 101\n", encoding="utf-8")
    script = tmp_path / "script.jsonl"
    script.write_text('{"action": "scene", "id": "harbour"}\n', encoding="utf-8")
    assert main(["play", "--script", str(script), "--config", str(config)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "table.toml: sound.volume = 101" in error and "0 to 100" in error


def test_holding_the_on_screen_accuse_button_plays_the_hold_tone_too() -> None:
    app, _ = play(GAME[:6])
    spot = app.detective.locate(public_view(app.game), "accuse")
    assert spot is not None
    app.detective_input(Pointer("down", *spot))
    app.clock.advance(FRAME)
    app.step()
    assert app.speaker.played[-1].sound is Sound.HOLD
    assert caption_for(app.status().captions, "detective") is not None
    app.detective_input(Pointer("up", *spot))   # let go at once: no accusation, the tone stops
    app.clock.advance(FRAME)
    app.step()
    assert caption_for(app.status().captions, "detective") is None and not app.game.accusations


def test_the_led_bar_shows_the_end_when_the_stamp_lands_not_at_the_accusation() -> None:
    app, events = play(GAME[:-1])   # up to the winning accusation, the frame it was confirmed
    bar = app.hal.timer_bar
    accused = of(events, "accused")[-1].t
    assert app.game.phase is Phase.OVER and app.screen_time() < accused + STAMP_LANDS
    assert bar.state.mode is not BarMode.WIN   # the answer is not on the bar before the stamp says it
    while app.screen_time() < accused + STAMP_LANDS + FRAME:
        app.clock.advance(FRAME)
        app.step()
    assert bar.state.mode is BarMode.WIN
    assert app.speaker.played[-1].sound is Sound.WIN   # with its sound, on the same step
