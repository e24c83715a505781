"""Every text the screens show has a translation in every language, with the same placeholders."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from lastmessage import i18n

PACKAGE = Path(i18n.__file__).resolve().parent


def texts_in_code() -> Iterator[tuple[str, str]]:
    """(where, text) of every `tr("...")` with a literal first argument."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and node.args
                    and ((isinstance(node.func, ast.Name) and node.func.id == "tr")
                         or (isinstance(node.func, ast.Attribute) and node.func.attr == "tr"))
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                yield f"{path.relative_to(PACKAGE)}:{node.lineno}", node.args[0].value


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != "en"])
def test_every_text_on_screen_is_translated(code: str) -> None:
    catalog = i18n.catalog(code)
    missing = sorted({f"{where}: {text!r}" for where, text in texts_in_code() if text not in catalog})
    assert not missing, f"{len(missing)} texts have no {code} translation:\n" + "\n".join(missing[:40])


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != "en"])
def test_translations_keep_the_placeholders(code: str) -> None:
    wrong = [f"{text!r} -> {translated!r}" for text, translated in i18n.catalog(code).items()
             if i18n.placeholders(text) != i18n.placeholders(translated)]
    assert not wrong, "\n".join(wrong)


def test_a_text_without_translation_stays_english_and_formats() -> None:
    i18n.set_language("ro")
    assert i18n.tr("No such text {n}", n=3) == "No such text 3"


def test_unknown_languages_are_refused() -> None:
    with pytest.raises(ValueError, match="klingon"):
        i18n.set_language("klingon")


def test_the_language_button_cycles_through_every_language() -> None:
    seen = []
    for _ in i18n.LANGUAGES:
        seen.append(i18n.language())
        i18n.set_language(i18n.next_language())
    assert sorted(seen) == sorted(i18n.LANGUAGES) and i18n.language() == "en"


@pytest.mark.parametrize("code", [code for code in i18n.LANGUAGES if code != "en"])
def test_catalog_files_agree_where_they_share_a_text(code: str) -> None:
    """The parts' files are merged: a text in two of them must mean the same in both."""
    import json

    seen: dict[str, tuple[str, str]] = {}
    clashes = []
    for path in sorted((i18n.LOCALE_DIR / code).glob("*.json")):
        for text, translated in json.loads(path.read_text(encoding="utf-8")).items():
            if text in seen and seen[text][1] != translated:
                clashes.append(f"{text!r}: {seen[text][0]} says {seen[text][1]!r}, {path.name} says {translated!r}")
            seen.setdefault(text, (path.name, translated))
    assert not clashes, "\n".join(clashes)


def test_a_refusal_names_the_character_in_the_players_language() -> None:
    i18n.set_language("ro")
    text = i18n.tr_refusal("{name} is not a person (or thinking being), so cannot be the criminal.",
                           {"name": "seagull"})
    assert "pescăruș" in text and "seagull" not in text
