"""What the screens write when the table sounds, for people who cannot hear it.

Every `Sound` has a caption ("♪ tick… tick…", "✕ strike…"), shown on the
screens where the sound matters for as long as it means something, on the
app's clock. The app keeps `Captions` and hands the ones showing at `t` to both
screens in `ui.screen.Status`; each screen draws the newest one it shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lastmessage.hal.base import Sound
from lastmessage.i18n.translate import translated_later
from lastmessage.screens import Target

CAPTIONS: dict[Sound, str] = {
    Sound.FLIP: translated_later("♪ flip — the sand runs"),
    Sound.TICK: translated_later("♪ tick… tick…"),
    Sound.TIME_UP: translated_later("♪ bell — time is up"),
    Sound.STRIKE: translated_later("✕ strike — a square is struck out"),
    Sound.HOLD: translated_later("♪ rising tone — keep holding"),
    Sound.WRONG: translated_later("♪ low drum — not the criminal"),
    Sound.WIN: translated_later("♪ fanfare — found!"),
    Sound.LOSE: translated_later("♪ sinking horns — the criminal wins"),
    Sound.REVEAL: translated_later("♪ drum roll — the reveal"),
}
"""What each sound says, in English (translated when drawn)."""

CAPTION_SECONDS: dict[Sound, float] = {
    # A tick's and a strike's outlast the gap to the next one, so a run of them
    # reads as one steady caption rather than a flicker; a verdict's lasts as
    # long as the verdict (ui.detective.moments.VERDICT_SECONDS), so both go
    # in the same frame. The hold's ends when ACCUSE is let go or confirmed.
    Sound.FLIP: 2.5, Sound.TICK: 1.1, Sound.TIME_UP: 3.0, Sound.STRIKE: 0.6, Sound.HOLD: 30.0,
    Sound.WRONG: 3.5, Sound.WIN: 3.5, Sound.LOSE: 3.5, Sound.REVEAL: 3.0,
}

SHOWN_ON: dict[Sound, frozenset[Target]] = {
    # The tablet hears what the victim and criminal act on; the monitor everything.
    sound: frozenset(("tablet", "detective") if sound in (Sound.FLIP, Sound.TICK, Sound.TIME_UP)
                     else ("detective",))
    for sound in Sound
}


@dataclass(frozen=True)
class Caption:
    """A sound's caption, shown from `start` until `until` (screen time)."""

    sound: Sound
    start: float
    until: float

    @property
    def text(self) -> str:
        return CAPTIONS[self.sound]


class Captions:
    """The captions of the sounds played lately; a few are kept, the rest forgotten."""

    KEPT = 8

    def __init__(self) -> None:
        self._shown: list[Caption] = []

    def add(self, sound: Sound, t: float) -> None:
        self._shown = [*self._shown[-(self.KEPT - 1):], Caption(sound, t, t + CAPTION_SECONDS[sound])]

    def end(self, sound: Sound, t: float) -> None:
        """A sound stopped early (the hold let go): its caption goes with it."""
        self._shown = [Caption(c.sound, c.start, min(c.until, t)) if c.sound is sound else c
                       for c in self._shown]

    def clear(self) -> None:
        self._shown = []

    def at(self, t: float) -> tuple[Caption, ...]:
        return tuple(c for c in self._shown if c.start <= t < c.until)


OUTCOMES = frozenset((Sound.TIME_UP, Sound.WRONG, Sound.WIN, Sound.LOSE, Sound.REVEAL))
"""Sounds that say how things stand: their caption wins over a tick's or a strike's."""


def caption_for(captions: Sequence[Caption], screen: Target) -> Caption | None:
    """The caption `screen` shows among those showing now: the newest outcome,
    else the newest of the others (a strike still due under a verdict does not
    hide the verdict's caption)."""
    mine = [caption for caption in captions if screen in SHOWN_ON[caption.sound]]
    if not mine:
        return None
    return max(reversed(mine), key=lambda caption: (caption.sound in OUTCOMES, caption.start))
