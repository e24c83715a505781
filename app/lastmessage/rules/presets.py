"""Rules presets the players choose from on the tablet before a game.

The config's `[rules]` are the house rules, always first. The others are
well-known readings of the printed rules derived from them, so an operator
who changed the house rules (a longer timer, say) keeps that change in every
preset. A preset equal to one before it is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lastmessage.rules.config import Rules

RELAXED_SECONDS = 60


@dataclass(frozen=True)
class Preset:
    key: str
    label: str     # short, for a button
    rules: Rules


def presets(house: Rules) -> tuple[Preset, ...]:
    candidates = (
        Preset("house", "House rules", house),
        # The publisher's shorter reading: only a wrong choice in the last round loses.
        Preset("classic", "Classic", replace(house, fatal_from_round=house.rounds)),
        Preset("drawings", "Drawings only", replace(house, allow_text=False)),
        Preset("relaxed", f"{RELAXED_SECONDS} s to draw",
               replace(house, timer_seconds=max(house.timer_seconds, RELAXED_SECONDS))),
    )
    chosen: list[Preset] = []
    for preset in candidates:
        if all(preset.rules != kept.rules for kept in chosen):
            chosen.append(preset)
    return tuple(chosen)


def preset_rules(house: Rules, key: str) -> Rules | None:
    """The rules of preset `key`, or None if there is no such preset."""
    return next((p.rules for p in presets(house) if p.key == key), None)
