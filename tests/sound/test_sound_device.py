"""`[sound] device` (issue 19, item 3): the sounds go to the audio device named, not to
SDL's default (the headphone jack of a Pi 4, the tablet's HDMI port on a Pi 5, while
the detectives' TV is on the second port); the installer sets it from the detective
output. What the mixer is asked is checked here; the sound on a real HDMI port needs a Pi."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from lastmessage.cli import main
from lastmessage.config.settings import SettingsError, load_settings, settings_from_mapping
from lastmessage.sound import speaker as speaker_module
from lastmessage.sound.settings import SoundSettings
from lastmessage.sound.speaker import Speaker


def test_the_device_is_read_from_the_config() -> None:
    sound = settings_from_mapping({"sound": {"device": "hdmi:CARD=vc4hdmi1,DEV=0"}}, "config.toml").sound
    assert sound == SoundSettings(device="hdmi:CARD=vc4hdmi1,DEV=0")
    assert settings_from_mapping({}, "config.toml").sound.device is None, "default: the system's"


@pytest.mark.parametrize("value", ["", "   ", 5, "hdmi:\nCARD=x", ["hdmi"]])
def test_a_wrong_device_is_refused_in_one_line_naming_the_key(value: object) -> None:
    with pytest.raises(SettingsError) as refused:
        settings_from_mapping({"sound": {"device": value}}, "config.toml")
    message = str(refused.value)
    assert "sound.device" in message and "\n" not in message


class MixerAsked:
    def __init__(self) -> None:
        self.calls: list[dict[str, object]] = []

    def __call__(self, **kwargs: object) -> None:
        self.calls.append(kwargs)
        raise pygame.error("no audio device here")


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch) -> MixerAsked:
    asked = MixerAsked()
    monkeypatch.setattr(pygame.mixer, "init", asked)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setenv("AUDIODEV", "")   # so that the one the speaker sets is undone after the test
    monkeypatch.delenv("AUDIODEV")
    return asked


def test_an_alsa_device_is_opened_as_sdls_default_through_audiodev(
        mixer: MixerAsked, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """SDL 2's ALSA driver lists devices by description and refuses other names
    ("No such device"), but opens its default device as $AUDIODEV."""
    import os

    speaker = Speaker(device="hdmi:CARD=vc4hdmi1,DEV=0")
    assert mixer.calls and mixer.calls[-1].get("devicename") is None
    assert os.environ["AUDIODEV"] == "hdmi:CARD=vc4hdmi1,DEV=0"
    assert not speaker.audible and "hdmi:CARD=vc4hdmi1,DEV=0" in caplog.text, "the log names the device"


def test_a_name_sdl_lists_is_given_to_the_mixer(mixer: MixerAsked) -> None:
    import os

    Speaker(device="vc4-hdmi-1, MAI PCM i2s-hifi-0")
    assert mixer.calls[-1]["devicename"] == "vc4-hdmi-1, MAI PCM i2s-hifi-0"
    assert "AUDIODEV" not in os.environ


def test_without_a_device_the_mixer_opens_the_systems_default(mixer: MixerAsked) -> None:
    Speaker()
    assert mixer.calls[-1].get("devicename") is None


def test_under_the_dummy_driver_no_device_is_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scripted play and the tests run SDL's dummy audio driver, which knows no device."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.init()
    assert Speaker(device="vc4-hdmi-1, MAI PCM i2s-hifi-0").audible
    assert speaker_module.ALSA_PCM.match("hdmi:CARD=vc4hdmi1,DEV=0") and speaker_module.ALSA_PCM.match("default")
    assert not speaker_module.ALSA_PCM.match("vc4-hdmi-1, MAI PCM i2s-hifi-0")


@pytest.mark.parametrize("options, device", [
    # The card's converting default, not its raw IEC958 `hdmi:` PCM (plan.HDMI_SOUND).
    (["--detective-output", "HDMI-A-2"], "sysdefault:CARD=vc4hdmi1"),     # a Pi 5's second port
    (["--detective-output", "HDMI-A-1", "--tablet-output", "HDMI-A-2"], "sysdefault:CARD=vc4hdmi0"),
    (["--sound-device", "hdmi:CARD=vc4hdmi1,DEV=0"], "hdmi:CARD=vc4hdmi1,DEV=0"),   # a raw name still taken
    (["--detective-output", "DSI-1", "--tablet-output", "HDMI-A-1"], None),   # not HDMI: the system's
    (["--sound-device", "system"], None),
    (["--sound-device", "plughw:CARD=Device,DEV=0"], "plughw:CARD=Device,DEV=0"),   # a USB speaker
])
def test_the_installer_sets_the_device_from_the_detective_output(
        tmp_path: Path, options: list[str], device: str | None) -> None:
    root = tmp_path / "root"
    assert main(["install", "--root", str(root), "--source", "/srv/lastmessage", *options]) == 0
    config = root / "etc/lastmessage/config.toml"
    assert tomllib.loads(config.read_text())["sound"].get("device") == device
    assert load_settings(config).sound.device == device
