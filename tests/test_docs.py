"""The guides say what the code does: their links resolve, and every config key
and every command the code accepts is documented.

The keys and commands are read from the code, never from a list kept here:
the config keys are what the parsers' `Table.only(...)` calls accept (seen by
parsing an empty config with a spy on `only`), cross-checked against the
fields of the `Settings` dataclasses; the commands are the subparsers of
`lastmessage.cli.build_parser()`, walked recursively.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import types
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "configuration.md"


def doc_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in ("docs", "hardware", "firmware", "scenes"):
        files += sorted((ROOT / folder).glob("*.md"))
    return files


def all_docs_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in [ROOT / "README.md",
                                                                   *sorted((ROOT / "docs").glob("*.md"))])


# --- links --------------------------------------------------------------------------------------

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def without_code(text: str) -> str:
    """The prose of a page: a link written inside code is an example, not a link."""
    text = FENCE.sub("", text)
    return CODE_SPAN.sub(lambda match: match.group(0) if "](" in match.group(0) else "", text)


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: its text lowercased, punctuation dropped
    (letters, digits, spaces, '-' and '_' kept), spaces turned into '-'."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)   # a link's text
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for match in HEADING.finditer(FENCE.sub("", path.read_text(encoding="utf-8"))):
        slug = github_slug(match.group(2))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        out.add(slug if count == 0 else f"{slug}-{count}")
    return out


def relative_links(path: Path) -> Iterator[str]:
    for match in LINK.finditer(without_code(path.read_text(encoding="utf-8"))):
        target = match.group(1)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):   # http:, mailto:
            continue
        yield target


def test_the_pages_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in doc_files()}
    assert {"README.md", "docs/configuration.md", "docs/development.md", "hardware/README.md"} <= names


@pytest.mark.parametrize("page", doc_files(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in relative_links(page):
        file_part, _, anchor = target.partition("#")
        where = (page.parent / file_part).resolve() if file_part else page
        if not where.exists():
            broken.append(f"{target}: no such file")
            continue
        if anchor and where.suffix == ".md" and anchor not in anchors(where):
            broken.append(f"{target}: no heading #{anchor} in {where.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_slugs_are_githubs() -> None:
    assert github_slug("7. Installing for a museum") == "7-installing-for-a-museum"
    assert github_slug("`[rules]`: the house rules") == "rules-the-house-rules"
    assert github_slug("The timer/button module") == "the-timerbutton-module"


# --- config keys --------------------------------------------------------------------------------

def accepted_keys() -> dict[str, set[str]]:
    """Table name ("hal.discipline") -> the keys its parser accepts, as the code says.

    Parsing an empty config calls every section's parser, and each one first
    tells its table which keys it knows (`Table.only`); the spy records them."""
    from lastmessage.config import settings
    from lastmessage.config.files import Table as table_class   # what every parser reads a table with

    recorded: dict[str, set[str]] = {}
    original = table_class.only

    def spy(self: typing.Any, known: typing.Iterable[str]) -> None:
        known = list(known)
        recorded.setdefault(self.name, set()).update(known)
        original(self, known)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_class, "only", spy)
        settings.settings_from_mapping({}, "probe.toml")
    from lastmessage.config import hours   # the days of [museum.hours] (read without `only`)
    recorded["museum.hours"] = set(hours.DAYS)
    return recorded


def _dataclass_of(hint: object) -> type | None:
    """The dataclass a field holds (`X` or `X | None`), if any."""
    options = typing.get_args(hint) if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union else (hint,)
    for option in options:
        if isinstance(option, type) and dataclasses.is_dataclass(option):
            return option
    return None


def test_the_keys_seen_are_the_settings_fields() -> None:
    """A guard on the spy: every field of every section's dataclass is an accepted
    key, a sub-table that was read, or (the module's serial_*) keys with its prefix."""
    from lastmessage.config.settings import Settings

    keys = accepted_keys()
    missing = []
    for section in dataclasses.fields(Settings):
        kind = _dataclass_of(typing.get_type_hints(Settings)[section.name])
        if kind is None:
            continue   # Settings.source: where the values came from, not a key
        assert section.name in keys, f"[{section.name}] was not read through Table.only"
        hints = typing.get_type_hints(kind)
        for field in dataclasses.fields(kind):
            inner = _dataclass_of(hints[field.name])
            if field.name in keys[section.name]:
                continue
            if inner is not None and f"{section.name}.{field.name}" in keys:
                continue
            if inner is not None and all(f"{field.name}_{sub.name}" in keys[section.name]
                                         for sub in dataclasses.fields(inner)):
                continue
            missing.append(f"{section.name}.{field.name}")
    assert not missing, f"settings fields with no accepted key: {missing}"


def guide_section(text: str, table: str) -> str:
    """The part of the guide under the heading that names `[table]`, down to the
    next heading of the same or a higher level."""
    headings = list(HEADING.finditer(text))
    for index, match in enumerate(headings):
        if f"`[{table}]`" in match.group(2):
            level = len(match.group(1))
            end = next((later.start() for later in headings[index + 1:] if len(later.group(1)) <= level),
                       len(text))
            return text[match.end():end]
    raise AssertionError(f"docs/configuration.md has no heading naming `[{table}]`")


def test_every_config_key_is_documented() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    tables = accepted_keys()
    undocumented = []
    for table, keys in sorted(tables.items()):
        section = guide_section(text, table)   # a sub-table ([hal.setup]) has a heading of its own
        undocumented += [f"[{table}] {key}" for key in sorted(keys)
                         if f"{table}.{key}" not in tables and f"`{key}`" not in section]
    assert not undocumented, f"docs/configuration.md does not document: {undocumented}"


def test_the_key_check_fails_on_a_missing_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """Remove one key from the guide and the check above must fail."""
    original = Path.read_text

    def without_hold_time(self: Path, *args: typing.Any, **kwargs: typing.Any) -> str:
        text = original(self, *args, **kwargs)
        return text.replace("`hold_time`", "hold time") if self == GUIDE else text

    monkeypatch.setattr(Path, "read_text", without_hold_time)
    with pytest.raises(AssertionError, match=r"\[hal.discipline\] hold_time"):
        test_every_config_key_is_documented()


# --- commands -----------------------------------------------------------------------------------

def commands() -> list[tuple[str, ...]]:
    """Every command and subcommand of `lastmessage`, as paths ("scenes", "list")."""
    from lastmessage.cli import build_parser

    found: list[tuple[str, ...]] = []

    def walk(parser: argparse.ArgumentParser, prefix: tuple[str, ...]) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found.append((*prefix, name))
                    walk(sub, (*prefix, name))

    walk(build_parser(), ())
    return found


def documented_commands(text: str) -> set[tuple[str, ...]]:
    """Commands written as `lastmessage A B ...`, and the siblings listed after one
    ("`lastmessage scenes list`, `check`, `render`": scenes check, scenes render)."""
    out: set[tuple[str, ...]] = set()
    word = r"[a-z][a-z0-9-]*"
    chain = re.compile(rf"`lastmessage((?: {word})+)[^`]*`((?:,? (?:and |or )?`{word}[^`]*`)*)")
    for match in chain.finditer(text):
        path = tuple(match.group(1).split())
        for length in range(1, len(path) + 1):
            out.add(path[:length])
        for sibling in re.findall(rf"`({word})", match.group(2)):
            out.add((*path[:-1], sibling))
    return out


def test_every_command_is_documented() -> None:
    found = commands()
    assert ("play",) in found and ("scenes", "list") in found   # the walk sees the subcommands
    documented = documented_commands(all_docs_text())
    missing = [" ".join(path) for path in found if path not in documented]
    assert not missing, f"README.md and docs/ do not document: {missing}"
