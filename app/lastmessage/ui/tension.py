"""The last seconds of the clue timer, felt on both screens: one pulse a second.

Every second of the last LAST_STRETCH starts with a tick (sound.cues), the LED
bar's blink and a pulse on the screens that fades until the next one. The
pulse is a pure function of the time left, in a few visible steps, so frames
are deterministic and a steady stretch redraws only a few times a second.
"""

from __future__ import annotations

import math

from lastmessage.ui.theme import CRIMSON, Color

LAST_STRETCH = 5
"""Seconds before the deadline when the tension starts (and the clock ticks)."""
PULSE_STEPS = 5


def urgent(left: float) -> bool:
    return 0 < left <= LAST_STRETCH


def pulse(left: float) -> float:
    """0..1: 1 at each whole second of the last stretch, fading (eased) to 0 before
    the next; 0 outside the stretch. Quantised to PULSE_STEPS."""
    if not urgent(left):
        return 0.0
    since_tick = math.ceil(left) - left   # 0 just as a whole second is reached
    return round((1 - since_tick) ** 2 * PULSE_STEPS) / PULSE_STEPS


def glow(under: Color, beat: float) -> Color:
    """Crimson over `under`, stronger on the beat. Text on it stays cream: the
    pulse is a change of brightness too, seen with any colour vision."""
    share = 0.4 + 0.3 * beat
    return (round(under[0] + (CRIMSON[0] - under[0]) * share),
            round(under[1] + (CRIMSON[1] - under[1]) * share),
            round(under[2] + (CRIMSON[2] - under[2]) * share))
