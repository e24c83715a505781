"""Output devices that every backend shares: the timer bar, the buzzer, the status light.

Each keeps what it was told (a `BarState`, a `MelodyPlayer`) and, on
`update(t)`, works out what to show at `t` with the pure animation code, then
hands the result to `_show` / `_sound`, which a backend overrides to drive
pins or a link. The simulator uses them as they are and lets the screens read
`levels()` and `current()`.
"""

from __future__ import annotations

from lastmessage.hal.bar_animation import BarState, levels_at
from lastmessage.hal.base import Pattern, Sound
from lastmessage.hal.sounds import MelodyPlayer

HEARTBEAT_PERIOD = 2.0
HEARTBEAT_ON = 0.1
TROUBLE_PERIOD = 0.4


class AnimatedBar:
    """A TimerBar of `n_leds` LEDs animated on the app's clock."""

    def __init__(self, n_leds: int = 10) -> None:
        if n_leds < 1:
            raise ValueError(f"timer bar: needs at least one LED, not {n_leds}")
        self.n_leds = n_leds
        self.state = BarState()
        self._levels = [0.0] * n_leds

    def drain(self, seconds: float, t: float) -> None:
        self.state = BarState.draining(seconds, t)
        self.update(t)

    def show_pattern(self, pattern: Pattern, t: float) -> None:
        self.state = BarState.showing(pattern, t)
        self.update(t)

    def update(self, t: float) -> None:
        levels = levels_at(self.state, t, self.n_leds)
        if levels != self._levels:
            self._levels = levels
            self._show(levels)

    def levels(self) -> list[float]:
        """Brightness 0..1 of each LED (0 = bottom) at the last update."""
        return list(self._levels)

    def fraction_left(self, t: float) -> float:
        return self.state.fraction_left(t)

    def _show(self, levels: list[float]) -> None:
        """Drive the hardware; the simulator only keeps `levels()`."""


class MelodyBuzzer:
    """A Buzzer that plays the melodies of `sounds.MELODIES` on the app's clock."""

    def __init__(self) -> None:
        self.player = MelodyPlayer()
        self._frequency: float | None = None
        self._current: Sound | None = None
        self._started: list[Sound] = []

    def play(self, sound: Sound, t: float) -> None:
        self.player.play(sound, t)
        self._started.append(sound)
        self.update(t)

    def stop(self, t: float) -> None:
        self.player.stop()
        self.update(t)

    def update(self, t: float) -> None:
        self._current = self.player.current(t)
        frequency = self.player.frequency(t)
        if frequency != self._frequency:
            self._frequency = frequency
            self._sound(frequency)

    def current(self) -> Sound | None:
        """The sound playing at the last update, or None."""
        return self._current

    def frequency(self) -> float | None:
        """The tone (Hz) at the last update, None when silent."""
        return self._frequency

    def take_started(self) -> list[Sound]:
        """Sounds started since the last call, so a screen can play them once."""
        started, self._started = self._started, []
        return started

    def _sound(self, frequency: float | None) -> None:
        """Drive the hardware; the simulator only keeps `frequency()`."""


def status_level(t: float, *, trouble: bool) -> float:
    """The status light: a short heartbeat every 2 s while the app runs, fast
    blinking while something needs a person (a stuck button, a lost module).

    A museum attendant can tell "running" from "frozen" (no heartbeat) and from
    "needs attention" at a glance, without a screen.
    """
    if trouble:
        return 1.0 if (t % TROUBLE_PERIOD) < TROUBLE_PERIOD / 2 else 0.0
    return 1.0 if (t % HEARTBEAT_PERIOD) < HEARTBEAT_ON else 0.0
