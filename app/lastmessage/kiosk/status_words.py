"""The status page in words staff read at a glance: OK or what is wrong, on top.

The status file's fields are for programs ("written 1796152825.95", "open
True"); here each becomes a line in the museum's language: local clock times
with their age ("14:03:12, 12 s ago"), units and yes/no in words. The device's
own trouble (the journal's, the broker's) comes as a template and its values
beside its English line (`warning_words`, `venue_trouble_words`) and is said in
the museum's language; only the templates known here are read from a status
(a status file's text is never a format string), any other line is shown as
it is, after a translated headline that says what kind it is.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from lastmessage.i18n.translate import Translator, translated_later
from lastmessage.venue.state import HOT_C
from lastmessage.venue.troubles import TEMPLATES, said_from_json

JOURNAL_UNWRITABLE = translated_later("the game journal cannot be written ({error}); the table plays on from "
                                      "memory, {n} event(s) wait to be written")
KNOWN = TEMPLATES | {JOURNAL_UNWRITABLE}

STALE_AFTER_INTERVALS = 3   # as `lastmessage status`
PHASES = {
    "starting": translated_later("starting"), "idle": translated_later("waiting for players"),
    "scene": translated_later("choosing a scene"), "secret": translated_later("the criminal is choosing"),
    "ready": translated_later("a game is on"), "clues": translated_later("a game is on"),
    "erase": translated_later("a game is on"), "suspect": translated_later("the detectives are accusing"),
    "over": translated_later("a game has just ended"), "closed": translated_later("closed (opening hours)"),
    "waiting_for_screen": translated_later("waiting for a screen"),
}


def headline(values: Mapping[str, object], tx: Translator, now: float) -> tuple[bool, str]:
    """(fine, the one line on top): OK, or what is wrong, worst first."""
    written, interval = _float(values.get("written")), _float(values.get("interval_s"))
    if written is not None and interval is not None and now - written > STALE_AFTER_INTERVALS * interval + 1:
        age = now - written
        return False, tx.tr("Not running: the table stopped updating {age} ago. Restart it, or call "
                            "the technician.", age=duration(age, tx))
    if values.get("phase") == "waiting_for_screen":
        return False, tx.tr("Fault: a screen is disconnected or switched off.")
    warning = values.get("warning")
    if isinstance(warning, str) and warning:
        return False, tx.tr("Warning: the table plays, but look at this: {what}",
                            what=said(values, "warning", tx))
    trouble = values.get("venue_trouble")
    if isinstance(trouble, str) and trouble:
        return False, tx.tr("Warning: the table plays, but its link to the venue says: {what}",
                            what=said(values, "venue_trouble", tx))
    if values.get("link") == "disconnected":
        return False, tx.tr("Warning: the timer and button module is disconnected.")
    temperature = _float(values.get("temperature_c"))
    if temperature is not None and temperature >= HOT_C:   # the venue's state says so too
        return False, tx.tr("Warning: the processor is hot ({degrees} °C). Give the table air: nothing "
                            "may cover its vents.", degrees=format(temperature, "g"))
    return True, tx.tr("OK: the table is working.")


def said(values: Mapping[str, object], name: str, tx: Translator) -> str:
    """The trouble line of field `name` in the museum's language when it came with a known
    template (`<name>_words`), else as it stands."""
    words = said_from_json(values.get(f"{name}_words"), KNOWN)
    if words is None:
        return str(values.get(name))
    return tx.tr(words.template, **words.values)


def rows(values: Mapping[str, object], tx: Translator, now: float) -> list[tuple[str, str]]:
    """(label, value in words) for the fields staff ask about, in that order."""
    shown: list[tuple[str, str]] = []
    phase = values.get("phase")
    if isinstance(phase, str):
        shown.append((tx.tr("Now"), tx.tr(PHASES[phase]) if phase in PHASES else phase))
    games = _float(values.get("games_today"))
    if games is not None:
        shown.append((tx.tr("Games today"), str(int(games))))
    if "open" in values:
        shown.append((tx.tr("Open to visitors"), tx.tr("yes") if values["open"] is True else tx.tr("no")))
    written = _float(values.get("written"))
    if written is not None:
        shown.append((tx.tr("Status written"), moment(written, now, tx)))
    uptime = _float(values.get("uptime_s"))
    if uptime is not None:
        shown.append((tx.tr("Running for"), duration(uptime, tx)))
    last_error = values.get("last_error")
    if isinstance(last_error, dict) and isinstance(last_error.get("message"), str):
        when = _float(last_error.get("time"))
        text = str(last_error["message"])
        shown.append((tx.tr("Last problem logged"), text + (f" ({moment(when, now, tx)})" if when is not None else "")))
    else:
        shown.append((tx.tr("Last problem logged"), tx.tr("none")))
    link = values.get("link")
    if isinstance(link, str):
        shown.append((tx.tr("Buttons and timer bar"), {"connected": tx.tr("connected"),
                                                       "disconnected": tx.tr("disconnected")}.get(link, link)))
    temperature, free, fps = (_float(values.get(key)) for key in ("temperature_c", "disk_free_mb", "fps"))
    if temperature is not None:
        shown.append((tx.tr("Processor temperature"), tx.tr("{degrees:g} °C", degrees=temperature)))
    if free is not None:
        shown.append((tx.tr("Free space on the card"), tx.tr("{mb} MB", mb=int(free))))
    if fps is not None:
        shown.append((tx.tr("Pictures per second"), f"{fps:g}"))
    return shown


def moment(when: float, now: float, tx: Translator) -> str:
    """A local clock time and how long ago: "14:03:12, 12 s ago"."""
    clock = datetime.datetime.fromtimestamp(when).strftime("%H:%M:%S")
    return tx.tr("{clock}, {age} ago", clock=clock, age=duration(max(0.0, now - when), tx))


def duration(seconds: float, tx: Translator) -> str:
    """"12 s", "5 min", "3 h 20 min", "2 days"."""
    whole = int(seconds)
    if whole < 60:
        return tx.tr("{n} s", n=whole)
    if whole < 3600:
        return tx.tr("{n} min", n=whole // 60)
    if whole < 86400:
        return tx.tr("{h} h {m} min", h=whole // 3600, m=whole % 3600 // 60)
    return tx.ntr("{n} day", "{n} days", whole // 86400, n=whole // 86400)


def _float(value: object) -> float | None:
    """A number of the JSON (never a bool), else None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return float(value)
    return None
