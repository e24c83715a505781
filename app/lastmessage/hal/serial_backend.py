"""The `serial` HAL backend: the timer/button module (a Pico) over USB.

What the app gets is the same Hal as from gpio or sim:
- buttons come from the module as BTN lines stamped with the module's time,
  mapped onto the host clock, and go through the same InputDiscipline as GPIO
  (hold-to-confirm, auto-repeat and stuck detection behave identically), but
  only as far as the module's lines prove them (ButtonEvidence: a lost release
  or a silent module never becomes a confirmed hold);
- the timer bar and buzzer are told what to show; the module animates them.
  Each also keeps the animation locally (AnimatedBar, MelodyBuzzer), so the
  app can draw the bar on screen and play sounds itself while `link_ok()` is
  False;
- the Pi's clock stays the authority for time-up: the module's DONE is only
  recorded (`module_done_at`), never turned into an intent.

When the link comes back the bar is sent again as it should be *now* (a drain
resumes part-way), and any button that was down when the link fell is
released, so an arrow cannot auto-repeat forever. `link_health()` tells the
operator when lines are being lost or damaged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lastmessage.clock import Clock
from lastmessage.hal.bar_animation import BarMode
from lastmessage.hal.base import Control, Intent, Pattern, Sound
from lastmessage.hal.discipline import InputDiscipline, Timings
from lastmessage.hal.outputs import AnimatedBar, MelodyBuzzer, status_level
from lastmessage.hal.serial_evidence import ButtonEvidence
from lastmessage.hal.serial_link import LINK_UP, PICO_VID, LinkHealth, SerialLink
from lastmessage.hal.sounds import MELODIES
from lastmessage.hal.settings import SerialSettings

MAX_DRAIN_MS = 600_000
_CONTROL_NAMES = frozenset(c.value for c in Control)


class SerialTimerBar(AnimatedBar):
    """Sends the bar's state to the module; keeps the same animation locally."""

    def __init__(self, link: SerialLink, n_leds: int) -> None:
        super().__init__(n_leds)
        self._link = link

    def drain(self, seconds: float, t: float) -> None:
        super().drain(seconds, t)
        self.push(t)

    def show_pattern(self, pattern: Pattern, t: float) -> None:
        super().show_pattern(pattern, t)
        self.push(t)

    def push(self, t: float) -> None:
        """Tell the module what the bar shows at `t` (a drain part-way through)."""
        state = self.state
        if state.mode is BarMode.DRAIN:
            total = min(MAX_DRAIN_MS, max(1, round(state.seconds * 1000)))
            elapsed = min(MAX_DRAIN_MS, max(0, round((t - state.since) * 1000)))
            self._link.send("START", (total, elapsed))
        else:
            self._link.send("PATTERN", (state.mode.value,))


class SerialBuzzer(MelodyBuzzer):
    """Sends each melody as notes; a new sound silences the one playing, as locally."""

    def __init__(self, link: SerialLink) -> None:
        super().__init__()
        self._link = link

    def play(self, sound: Sound, t: float) -> None:
        super().play(sound, t)
        self._link.send("QUIET")
        for hz, seconds in MELODIES[sound]:
            self._link.send("BEEP", (0 if hz is None else round(hz), max(1, round(seconds * 1000))))

    def stop(self, t: float) -> None:
        super().stop(t)
        self._link.send("QUIET")


class SerialHal:
    """A Hal whose controls and bar live on the timer/button module."""

    def __init__(self, link: SerialLink, *, discipline: InputDiscipline, n_leds: int = 30,
                 log: Callable[[str], None] | None = None) -> None:
        self.link = link
        self.discipline = discipline
        self.evidence = ButtonEvidence(discipline)
        self.timer_bar = SerialTimerBar(link, n_leds)
        self.buzzer = SerialBuzzer(link)
        self.module_done_at: float | None = None
        self.unknown_buttons = 0
        self._resync = False
        self._status = 0.0
        self._log = log

    def poll(self, t: float) -> list[Intent]:
        for event in self.link.take_events():
            if event.verb == "BTN" and str(event.values[0]) not in _CONTROL_NAMES:
                self.unknown_buttons += 1
            elif event.verb == "DONE":
                self.module_done_at = event.t
            elif event.verb == LINK_UP:
                self._resync = True
            self.evidence.take(event, t)
        self.evidence.expire(t)
        return self.discipline.poll(self.evidence.limit(t))

    def update(self, t: float) -> None:
        if self._resync and self.link.link_ok():
            self._resync = False
            self.timer_bar.push(t)
        self.timer_bar.update(t)
        self.buzzer.update(t)
        health = self.link.health()
        trouble = not health.up or health.degraded or bool(self.discipline.stuck())
        self._status = status_level(t, trouble=trouble)

    def status_level(self) -> float:
        """The status light (heartbeat, or fast blink while the module is missing)."""
        return self._status

    def press(self, control: Control, seconds: float = 0.1) -> bool:
        """Have the module hold `control` down for `seconds` (TEST), for scripted
        play and self-tests: the press goes through the module's own scanning,
        debounce and the link, like a finger. False while the link is down."""
        ms = min(5000, max(1, round(seconds * 1000)))
        return self.link.send("TEST", (control.value, ms)) is not None

    def link_ok(self) -> bool:
        return self.link.link_ok()

    def link_health(self) -> LinkHealth:
        """Up, down, or up but losing lines (for the operator's view and selftest)."""
        return self.link.health()

    def close(self) -> None:
        self.link.close()


def open_serial_hal(*, port: str | None, clock: Clock, serial: SerialSettings = SerialSettings(),
                    timings: Timings = Timings(),
                    log: Callable[[str], None] | None = None) -> SerialHal:
    """Open the serial backend; returns at once, the link connects in the background.

    `port` (or the config's `serial_port`) names the device; without one the
    first USB serial port with the configured vendor id (2E8A, a Pico) is used,
    looked up again at every reconnect.
    """
    # The module already debounces (20 ms, on its own clock) and the discipline
    # sees an edge only when its line arrives: debouncing again would add 20 ms
    # to every press. Hold, repeat and stuck timings still come from [discipline].
    discipline = InputDiscipline(replace(timings, debounce=serial.debounce), log=log)
    link = SerialLink(port=port or serial.port, clock=clock, vid=serial.vid or PICO_VID,
                      heartbeat_timeout=serial.heartbeat_timeout, log=log)
    hal = SerialHal(link, discipline=discipline, n_leds=serial.leds, log=log)
    link.start()
    return hal
