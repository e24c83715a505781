"""The simulator backend: keys to intents, and outputs the screens can draw."""

from __future__ import annotations

import pygame
import pytest

from lastmessage.hal.base import Control, IntentKind, Pattern, Sound
from lastmessage.hal.sim import ENCODER_KEYS, KEY_LEGEND, KEY_MAP, SimHal


@pytest.mark.filterwarnings("ignore:pygame.init:Warning")
def test_key_names_are_pygame_key_names() -> None:
    for name in list(KEY_MAP) + list(ENCODER_KEYS):
        assert pygame.key.key_code(name) != pygame.K_UNKNOWN, name
        assert pygame.key.name(pygame.key.key_code(name)) == name


def test_every_control_has_a_key_and_a_legend_line() -> None:
    assert set(KEY_MAP.values()) == set(Control)
    assert len(KEY_LEGEND) >= 6 and all(k and what for k, what in KEY_LEGEND)


def test_keys_go_through_the_same_discipline_as_buttons() -> None:
    hal = SimHal()
    assert hal.key_name("space", True, 1.0)
    assert [i.kind for i in hal.poll(1.5)] == [IntentKind.ACCUSE_HOLD]
    assert [i.kind for i in hal.poll(2.0)] == [IntentKind.ACCUSE]
    hal.key_name("space", False, 2.1)
    assert hal.key_name("]", True, 3.0) and hal.key_name("]", False, 3.1)
    assert [i.kind for i in hal.poll(3.2)] == [IntentKind.NEXT_SUSPECT]
    assert not hal.key_name("q", True, 4.0)


def test_outputs_are_state_the_screens_read() -> None:
    hal = SimHal(n_leds=10)
    hal.timer_bar.drain(30.0, 0.0)
    hal.update(15.0)
    assert hal.timer_bar.levels() == pytest.approx([1.0] * 5 + [0.0] * 5)
    hal.timer_bar.show_pattern(Pattern.WIN, 16.0)
    hal.buzzer.play(Sound.WIN, 16.0)
    hal.update(16.05)
    assert hal.buzzer.current() is Sound.WIN and hal.buzzer.frequency() is not None
    assert hal.link_ok()
    hal.close()


def test_status_light_blinks_fast_when_a_key_is_stuck() -> None:
    hal = SimHal(log=lambda m: None)
    hal.key(Control.FLIP, True, 0.0)
    hal.poll(11.0)
    seen = set()
    for step in range(8):
        hal.update(11.0 + step * 0.1)
        seen.add(hal.status_level())
    assert seen == {0.0, 1.0}
