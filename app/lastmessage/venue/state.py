"""One word for a table's health, from its status fields: what a venue's dashboard colours.

`fault`: the table cannot serve visitors (its screens are gone, its status is
stale); `warning`: it plays, but staff should look (the journal refuses
writes, the module is disconnected, a hot SoC); `ok` otherwise. The reason is
one English line (the status page words it in the museum's language).
"""

from __future__ import annotations

from collections.abc import Mapping

HOT_C = 80.0   # the Pi 5 throttles from 85 degrees
FAULT_PHASES = {"waiting_for_screen": "a screen is disconnected"}


def state_of(status: Mapping[str, object]) -> tuple[str, str]:
    """("ok" | "warning" | "fault", reason): the reason is "" when ok."""
    phase = status.get("phase")
    if isinstance(phase, str) and phase in FAULT_PHASES:
        return "fault", FAULT_PHASES[phase]
    warning = status.get("warning")
    if isinstance(warning, str) and warning:
        return "warning", warning
    trouble = status.get("venue_trouble")
    if isinstance(trouble, str) and trouble:
        return "warning", trouble
    if status.get("link") == "disconnected":
        return "warning", "the timer/button module is disconnected"
    temperature = status.get("temperature_c")
    if isinstance(temperature, (int, float)) and not isinstance(temperature, bool) and temperature >= HOT_C:
        return "warning", f"the processor is hot ({temperature:g} °C)"
    return "ok", ""
