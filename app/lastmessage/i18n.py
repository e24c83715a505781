"""The languages of the screens: English, and Romanian.

Texts are written in English in the code, wrapped in `tr("...")`; a language
other than English looks them up in its catalog (`locale/<code>/*.json`, one
file per part of the product, merged). A text with no translation is shown
in English: a missing entry is a test failure, never a crash on the table.

Placeholders use `str.format` names: `tr("Round {n} of {total}", n=1, total=4)`;
a translation must keep the same names.

One device shows one language at a time, so the language is module state:
screens include `language()` in what decides a repaint.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "ro": "Română"}
"""Language code -> its name in itself (what the language button shows)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

log = logging.getLogger(__name__)
_current = "en"


def language() -> str:
    return _current


def set_language(code: str) -> None:
    global _current
    if code not in LANGUAGES:
        raise ValueError(f"language {code!r} is not available; choose one of {', '.join(LANGUAGES)}")
    _current = code


def next_language() -> str:
    """The language after the current one, in LANGUAGES order (for a toggle button)."""
    codes = list(LANGUAGES)
    return codes[(codes.index(_current) + 1) % len(codes)]


@cache
def catalog(code: str) -> dict[str, str]:
    """English text -> translation, from every `locale/<code>/*.json` file."""
    merged: dict[str, str] = {}
    folder = LOCALE_DIR / code
    for path in sorted(folder.glob("*.json")):
        try:
            entries = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            log.error("%s: cannot read translations (%s); those texts stay in English", path, error)
            continue
        if isinstance(entries, dict):
            merged.update({str(k): str(v) for k, v in entries.items()})
    return merged


def placeholders(text: str) -> set[str]:
    """The `{name}`s of a template (a translation must keep exactly these)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def tr(text: str, /, **params: object) -> str:
    """`text` in the current language, with its placeholders filled in."""
    template = text if _current == "en" else catalog(_current).get(text, text)
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return text.format(**params)   # a broken translation: the English original


def tr_refusal(template: str, params: Mapping[str, object]) -> str:
    """A refusal of the game in the current language. Its `name` value is a
    character's name from the scene data (see rules.errors), translated too."""
    values = {key: tr(value) if key == "name" and isinstance(value, str) else value
              for key, value in params.items()}
    return tr(template, **values)
