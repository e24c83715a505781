"""What the sand-timer bar shows at any instant, as a pure function of time.

Shared by every backend (the gpio LED bar, the simulator's on-screen bar, the
serial module's host side) so that they all look alike and so that the
animation is tested on a simulated clock, without pins or a screen. A backend
only keeps a `BarState` and asks `levels_at(state, t, n_leds)` each frame.

Levels are perceived brightness 0..1 per LED, LED 0 at the bottom (the end
that empties last, like sand in the lower bulb). A backend driving PWM should
convert with `duty_cycle()` (gamma), since the eye is not linear.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from lastmessage.hal.base import Pattern

BLINK_WINDOW = 5.0
"""Seconds before time-up during which the remaining light blinks."""

BLINK_PERIOD = 0.5
"""One on+off cycle of the last-seconds blink (on for the first half)."""

BREATH_PERIOD = 4.0
"""A slow breath when idle: calm enough for an unattended museum table."""

BREATH_LOW, BREATH_HIGH = 0.05, 0.6

WIN_SPEED = 12.0
"""LEDs per second of the travelling band of the win pattern."""

LOSE_FLASHES, LOSE_PERIOD, LOSE_ON = 3, 1.0, 0.6
LOSE_REST_LEVEL = 0.15
"""After three long flashes the bar stays dimly lit until the next game."""

GAMMA = 2.2


class BarMode(str, Enum):
    OFF = "off"
    DRAIN = "drain"
    IDLE = "idle"
    WIN = "win"
    LOSE = "lose"


@dataclass(frozen=True)
class BarState:
    """What the bar was last told to do, and since when."""

    mode: BarMode = BarMode.OFF
    since: float = 0.0
    seconds: float = 0.0  # length of a drain

    @staticmethod
    def draining(seconds: float, t: float) -> BarState:
        if not (seconds > 0 and math.isfinite(seconds)):
            raise ValueError(f"timer bar: a drain needs a positive length, not {seconds} s")
        return BarState(BarMode.DRAIN, t, seconds)

    @staticmethod
    def showing(pattern: Pattern, t: float) -> BarState:
        return BarState(BarMode(pattern.value), t)

    def fraction_left(self, t: float) -> float:
        """Share of the drain still to run at `t` (1 before it starts, 0 after)."""
        if self.mode is not BarMode.DRAIN:
            return 0.0
        return min(1.0, max(0.0, 1.0 - (t - self.since) / self.seconds))

    def seconds_left(self, t: float) -> float:
        if self.mode is not BarMode.DRAIN:
            return 0.0
        return max(0.0, self.since + self.seconds - t)


def fill_levels(fraction: float, n_leds: int) -> list[float]:
    """A bar filled to `fraction`: whole LEDs on, the top one partly, the rest off."""
    lit = max(0.0, min(1.0, fraction)) * n_leds
    return [max(0.0, min(1.0, lit - i)) for i in range(n_leds)]


def blink_on(state: BarState, t: float) -> bool:
    """During the last BLINK_WINDOW seconds of a drain: is the light on at `t`?

    The phase counts from the start of the window, so the blink starts lit and
    every drain of the same length blinks identically.
    """
    left = state.seconds_left(t)
    if left <= 0 or left > BLINK_WINDOW:
        return True
    into = min(BLINK_WINDOW, state.seconds) - left
    return (into % BLINK_PERIOD) < BLINK_PERIOD / 2


def levels_at(state: BarState, t: float, n_leds: int) -> list[float]:
    """Brightness 0..1 of each of the `n_leds` LEDs at time `t`."""
    if n_leds < 1:
        raise ValueError(f"timer bar: needs at least one LED, not {n_leds}")
    elapsed = max(0.0, t - state.since)
    if state.mode is BarMode.DRAIN:
        levels = fill_levels(state.fraction_left(t), n_leds)
        return levels if blink_on(state, t) else [0.0] * n_leds
    if state.mode is BarMode.IDLE:
        phase = (1 - math.cos(2 * math.pi * elapsed / BREATH_PERIOD)) / 2
        return [BREATH_LOW + (BREATH_HIGH - BREATH_LOW) * phase] * n_leds
    if state.mode is BarMode.WIN:
        # A bright band rising through the bar again and again, a fountain.
        span = n_leds + 4
        head = (elapsed * WIN_SPEED) % span - 2
        return [max(0.0, 1.0 - abs(head - i) / 2) for i in range(n_leds)]
    if state.mode is BarMode.LOSE:
        if elapsed < LOSE_FLASHES * LOSE_PERIOD:
            on = (elapsed % LOSE_PERIOD) < LOSE_ON
            return [1.0 if on else 0.0] * n_leds
        return [LOSE_REST_LEVEL] * n_leds
    return [0.0] * n_leds


def duty_cycle(level: float) -> float:
    """PWM duty for a perceived brightness (gamma 2.2); 0 and 1 stay exact."""
    level = max(0.0, min(1.0, level))
    return float(level ** GAMMA)
