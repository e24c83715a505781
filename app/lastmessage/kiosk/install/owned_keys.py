"""The installer's own keys in an operator's config.toml, updated in place.

A second `lastmessage install` with other outputs rewrites rc.xml; the
config must name the same outputs (the game matches windows to outputs by
those names) and an upgrade must gain `[sound] device`. The operator's file
is theirs, so only the keys the installer owns are changed, on their own
lines, every other line and comment kept. The result is parsed again and
must differ from the old file in those keys alone, or the file is left as it
was with a one-line reason. Run as a module by the `--root` script on the Pi
(the venv's Python), so both ways of installing edit the file the same way:
    python -m lastmessage.kiosk.install.owned_keys FILE display.tablet_output=HDMI-A-1 ...
"""

from __future__ import annotations

import json
import os
import re
import sys
import tomllib
from collections.abc import Collection, Mapping
from pathlib import Path

Key = tuple[str, str]
"""(table, key): ("display", "tablet_output")."""

INSTALLERS_MARK = "set by the installer"
"""In the comment of a line the installer wrote. Given no value (None), a key goes back to its
default only on such a line: a `device` the operator wrote by hand is theirs and stays."""


class ConfigNotUpdated(Exception):
    """The file is left as it was; the message says why and what to do."""


def _toml_string(value: str) -> str:
    # JSON's escapes of a string are valid in a TOML basic string.
    return json.dumps(value, ensure_ascii=False)


def _value_line(key: str, value: str, old: str | None) -> str:
    """The key's line with its new value, keeping the old line's indentation and trailing comment."""
    if old is not None:
        kept = re.match(r'^(\s*' + re.escape(key) + r'\s*=\s*)("(?:[^"\\]|\\.)*"|\'[^\']*\'|[^\s#]+)(.*)$', old)
        if kept:
            return kept.group(1) + _toml_string(value) + kept.group(3)
    return f"{key} = {_toml_string(value)}   # {INSTALLERS_MARK}"


def _own_line(lines: list[str], table: str, key: str) -> tuple[int | None, int, int]:
    """Where `key`'s own line is in `[table]` (None if it has none), and the table's first and
    past-last line numbers (-1, -1: no such table)."""
    header = re.compile(r"^\s*\[\s*" + re.escape(table) + r"\s*\]\s*(#.*)?$")
    start = next((number for number, line in enumerate(lines) if header.match(line)), None)
    if start is None:
        return None, -1, -1
    end = next((number for number in range(start + 1, len(lines)) if re.match(r"^\s*\[", lines[number])),
               len(lines))
    own = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
    return next((number for number in range(start + 1, end) if own.match(lines[number])), None), start, end


def _installers(lines: list[str], table: str, key: str) -> bool:
    at = _own_line(lines, table, key)[0]
    return at is not None and INSTALLERS_MARK in lines[at]


def _edit(lines: list[str], table: str, key: str, value: str | None) -> None:
    """Set `key` in `[table]`: its own line, else after its commented example, else at the table's end;
    no value: the installer's own line is commented out (the default again)."""
    at, start, end = _own_line(lines, table, key)
    if value is None:
        if at is not None:
            lines[at] = "# " + lines[at].lstrip().replace(INSTALLERS_MARK, "was " + INSTALLERS_MARK, 1)
        return
    if start < 0:
        lines += ([""] if lines and lines[-1].strip() else []) + [f"[{table}]", _value_line(key, value, None)]
        return
    example = re.compile(r"^\s*#\s*" + re.escape(key) + r"\s*=")
    if at is not None:
        lines[at] = _value_line(key, value, lines[at])
        return
    last = max((number for number in range(start, end) if lines[number].strip()), default=start)
    at = next((number + 1 for number in range(start + 1, end) if example.match(lines[number])), last + 1)
    lines.insert(at, _value_line(key, value, None))


def _get(parsed: Mapping[str, object], key: Key) -> object:
    table = parsed.get(key[0])
    return table.get(key[1]) if isinstance(table, dict) else None


def _without(parsed: Mapping[str, object], keys: Mapping[Key, str | None]) -> dict[str, object]:
    """The settings but the installer's keys (a table left empty by them goes too)."""
    rest = dict(parsed)
    for table, key in keys:
        values = rest.get(table)
        if isinstance(values, dict):
            values = {name: value for name, value in values.items() if name != key}
            rest[table] = values
            if not values:
                del rest[table]
    return rest


def updated(text: str, keys: Mapping[Key, str | None], where: str,
            soft: Collection[Key] = ()) -> tuple[str, list[str]]:
    """The text with `keys` set, and what changed ("tablet_output HDMI-A-1 -> HDMI-A-2");
    ConfigNotUpdated if the text does not parse or the edit would change anything else.
    A key given None goes back to its default, and a `soft` key (a value the installer chose
    itself, such as the sound device from the detective output) is set, only where the line
    is missing or the installer wrote it: an operator's own line stays."""
    by_hand = ", ".join(f"[{table}] {key} = {_toml_string(value)}" if value is not None
                        else f"no [{table}] {key}" for (table, key), value in keys.items())
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigNotUpdated(f"{where} does not parse ({error}): left as it is; fix it and install again, "
                               f"or set {by_hand} by hand") from None
    lines = text.splitlines()
    def operators(key: Key) -> bool:
        return _own_line(lines, *key)[0] is not None and not _installers(lines, *key)

    wanted = {key: _get(before, key) if (value is None or key in soft) and operators(key) else value
              for key, value in keys.items()}
    changes = [f"[{table}] {key} {_get(before, (table, key)) or '(unset)'} -> {value or '(the default)'}"
               for (table, key), value in wanted.items() if _get(before, (table, key)) != value]
    if not changes:
        return text, []
    for (table, key), value in wanted.items():
        if _get(before, (table, key)) != value:
            _edit(lines, table, key, value if isinstance(value, str) else None)
    new = "\n".join(lines) + "\n"
    try:
        after = tomllib.loads(new)
    except tomllib.TOMLDecodeError:
        after = {}
    if any(_get(after, key) != value for key, value in wanted.items()) or _without(after, keys) != _without(before, keys):
        raise ConfigNotUpdated(f"{where}: the installer's keys are not on lines of their own (a dotted key or an "
                               f"inline table?): left as it is; set {by_hand} by hand")
    return new, changes


def _planned(path: Path, keys: Mapping[Key, str | None], soft: Collection[Key] = ()) -> tuple[str, list[str]]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ConfigNotUpdated(f"{path} is not UTF-8 text ({error.reason} at byte {error.start}): left as it is; "
                               "fix it and install again") from None
    return updated(text, keys, str(path), soft)


def refusal(path: Path, keys: Mapping[Key, str | None], soft: Collection[Key] = ()) -> str | None:
    """Why an existing file could not be updated (checked before the install changes anything), or None."""
    try:
        if path.is_file():
            _planned(path, keys, soft)
    except (ConfigNotUpdated, OSError) as error:
        return str(error)
    return None


def update_file(path: Path, keys: Mapping[Key, str | None], soft: Collection[Key] = ()) -> str:
    """Update the file in place (atomically, its mode and owner kept); the one-line message."""
    new, changes = _planned(path, keys, soft)
    if not changes:
        return f"{path}: kept as it is (the installer's keys already say what it would set; a sound device the operator wrote stays)"
    status = path.stat()
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(new, encoding="utf-8")
    os.chmod(temporary, status.st_mode & 0o7777)
    if os.geteuid() == 0:
        os.chown(temporary, status.st_uid, status.st_gid)
    os.replace(temporary, path)
    return f"{path}: updated in place, every other line kept: {'; '.join(changes)}"


def _key(argument: str) -> tuple[Key, str | None, bool]:
    """TABLE.KEY=VALUE; TABLE.KEY= (no value): back to the default if the installer wrote it;
    TABLE.KEY~=VALUE: soft (an operator's own line stays)."""
    name, equals, value = argument.partition("=")
    soft = name.endswith("~")
    table, _, key = name.removesuffix("~").partition(".")
    if not table or not key or not equals:
        raise ConfigNotUpdated(f"{argument!r}: give TABLE.KEY=VALUE (or TABLE.KEY= for the default)")
    return (table, key), value or None, soft


def main(arguments: list[str]) -> int:
    if len(arguments) < 2:
        print("usage: python -m lastmessage.kiosk.install.owned_keys FILE TABLE.KEY[~]=[VALUE]...", file=sys.stderr)
        return 2
    try:
        given = [_key(argument) for argument in arguments[1:]]
        print(update_file(Path(arguments[0]), {key: value for key, value, _ in given},
                          {key for key, _, soft in given if soft}))
    except ConfigNotUpdated as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"lastmessage: cannot update {arguments[0]}: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
