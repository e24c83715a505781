"""What the operator chose on the menu, kept beside the journal across restarts.

A small JSON file (operator.json, 0600) rather than rows in the journal: the
journal is a game's record and may be set aside when damaged, while these are
the table's settings. The file is written only by the device; one that is
damaged or foreign is logged in one line and the device goes on with the
config's values (the next change writes a good file).
"""

from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import dataclass, replace
from pathlib import Path

from lastmessage.i18n.translate import LANGUAGES
from lastmessage.config.jsonfile import JsonRefused, loads as bounded_loads
from lastmessage.config.paths import PathRefused, read_text, shown
from lastmessage.sound.settings import VolumeError, check_volume

log = logging.getLogger(__name__)

KEEP_FILE_NAME = "operator.json"
MAX_SCENES = 64
MAX_ID = 80


@dataclass(frozen=True)
class KeptOpen:
    """A venue's open or close (operator.commands.Opening), kept across a restart: it holds
    until the opening hours' own answer changes, which may have happened while the device
    was off (table/app.py looks)."""

    open: bool      # what the venue asked
    within: bool    # what the opening hours said then
    at: float       # when, on the wall clock (POSIX seconds)


@dataclass(frozen=True)
class OperatorChoices:
    language: str | None = None             # None: the config's display.language
    house_preset: str | None = None         # a rules.presets key; None: the house rules
    volume: int | None = None               # the speaker's 0..100; None: the config's [sound] volume
    rotation: tuple[str, ...] | None = None  # scene ids that rotate; None: every shipped scene
    failures: int = 0                       # wrong PIN tries in a row (lockout.py)
    lockouts: int = 0                       # PIN pad locks in a row, each twice as long (lockout.py)
    locked: bool = False                    # the PIN pad was locked when this was written
    kept_open: KeptOpen | None = None       # a venue's open or close that holds; None: the hours rule
    phones: bool | None = None              # phones may join the next games; None: yes where [phones] listen is set
    audience: bool | None = None            # audience mode from the next game; None: the config's [phones] audience

    def to_json(self) -> str:
        return json.dumps({"language": self.language, "house_preset": self.house_preset, "volume": self.volume,
                           "rotation": None if self.rotation is None else list(self.rotation),
                           "failures": self.failures, "lockouts": self.lockouts, "locked": self.locked,
                           "kept_open": None if self.kept_open is None else
                           {"open": self.kept_open.open, "within": self.kept_open.within, "at": self.kept_open.at},
                           "phones": self.phones, "audience": self.audience},
                          ensure_ascii=False)


def _printable_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isprintable()


def parse_choices(text: str) -> OperatorChoices:
    """The choices of the file's text; ValueError says in one line what is wrong."""
    try:
        raw = bounded_loads(text)
    except JsonRefused as error:
        raise ValueError(f"not JSON ({error})") from None
    if not isinstance(raw, dict):
        raise ValueError("not a JSON object")
    choices = OperatorChoices()
    language = raw.get("language")
    if language is not None:
        if language not in LANGUAGES:
            raise ValueError(f'"language" must be one of {", ".join(LANGUAGES)}')
        choices = replace(choices, language=language)
    preset = raw.get("house_preset")
    if preset is not None:
        if not _printable_id(preset):
            raise ValueError('"house_preset" must be a preset name')
        choices = replace(choices, house_preset=preset)
    volume = raw.get("volume")
    if volume is not None:
        try:
            choices = replace(choices, volume=check_volume(volume))
        except VolumeError:
            raise ValueError('"volume" must be a whole number from 0 to 100') from None
    rotation = raw.get("rotation")
    if rotation is not None:
        if not (isinstance(rotation, list) and len(rotation) <= MAX_SCENES
                and all(_printable_id(item) for item in rotation)):
            raise ValueError(f'"rotation" must be a list of at most {MAX_SCENES} scene ids')
        choices = replace(choices, rotation=tuple(rotation))
    failures = raw.get("failures", 0)
    if isinstance(failures, bool) or not isinstance(failures, int) or not 0 <= failures <= 1000:
        raise ValueError('"failures" must be a count from 0 to 1000')
    lockouts = raw.get("lockouts", 0)
    if isinstance(lockouts, bool) or not isinstance(lockouts, int) or not 0 <= lockouts <= 1000:
        raise ValueError('"lockouts" must be a count from 0 to 1000')
    locked = raw.get("locked", False)
    if not isinstance(locked, bool):
        raise ValueError('"locked" must be true or false')
    for key in ("phones", "audience"):   # absent from a file written before them: the config's
        if raw.get(key) is not None and not isinstance(raw[key], bool):
            raise ValueError(f'"{key}" must be true, false or null')
    return replace(choices, failures=failures, lockouts=lockouts, locked=locked,
                   kept_open=_kept_open(raw.get("kept_open")), phones=raw.get("phones"), audience=raw.get("audience"))


def _kept_open(raw: object) -> KeptOpen | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"open", "within", "at"}:
        raise ValueError('"kept_open" must be null or {"open": ..., "within": ..., "at": ...}')
    opened, within, at = raw["open"], raw["within"], raw["at"]
    if not isinstance(opened, bool) or not isinstance(within, bool):
        raise ValueError('"kept_open": "open" and "within" must be true or false')
    if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at) or not 0 <= at < 2 ** 40:
        raise ValueError('"kept_open": "at" must be a time in seconds')
    return KeptOpen(opened, within, float(at))


class ChoicesFile:
    """operator.json beside the journal; `path` None keeps the choices in memory
    only (scripted play without a journal)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem = ""   # why the last save failed (one line naming the file), "" if it did not

    def load(self) -> OperatorChoices:
        if self.path is None or not self.path.exists():
            return OperatorChoices()
        try:
            return parse_choices(read_text(self.path, "operator file", limit=64 * 1024))
        except (PathRefused, ValueError) as error:
            log.warning("%s: %s; using the config's values until the operator changes one",
                        shown(self.path), error)
            return OperatorChoices()

    def save(self, choices: OperatorChoices) -> bool:
        """Written whole and renamed over the old file; whether it was. A failure is
        logged, never fatal (the desk keeps the PIN pad locked while it lasts)."""
        if self.path is None:
            return True
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.new")
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC,
                         0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as stream:
                stream.write(choices.to_json() + "\n")
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, self.path)
        except OSError as error:
            self.problem = f"{shown(self.path)}: cannot be written ({error.strerror or error})"
            log.warning("%s: cannot keep the operator's choices: %s", shown(self.path),
                        error.strerror or error)
            try:
                os.unlink(temporary)
            except OSError:
                pass
            return False
        self.problem = ""
        return True
