"""The catalogs: Babel's extraction finds every text the screens show, every
text has a Romanian translation with the same placeholders (in each plural
form), the committed catalogs are what `make i18n` makes, and they compile."""

from __future__ import annotations

import ast
import gettext
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from hypothesis import given
from hypothesis import strategies as st

from lastmessage import catalogs
from lastmessage.i18n import translate as i18n
from lastmessage.i18n.translate import Translator, translator

PACKAGE = catalogs.PACKAGE
TEMPLATE = catalogs.template()
ROMANIAN = catalogs.read(catalogs.po_path("ro"), "ro")

TRANSLATING = {"tr", "ntr", "ptr", "agree", "translated_later", "refusal", "title", "name"}
DRAWING = {"blit_text": 1, "render": 0, "paragraph": 1, "message_box": 0, "Button": 2, "caption": 2,
           "toast": 2, "header": 1}
"""Functions that put a text on a screen -> the position of the text."""
UNTRANSLATED = {"Last Message", "Aa  ", "Ag"}   # the product's name; the word tool's icon; a line height


def called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def calls() -> Iterator[tuple[str, ast.Call]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                yield f"{path.relative_to(PACKAGE)}:{node.lineno}", node


def literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def test_extraction_finds_every_text_the_code_asks_for() -> None:
    """Read independently of Babel: each tr/ntr/ptr/agree call with literal texts is in the template."""
    missing = []
    for where, node in calls():
        args = [literal(a) for a in node.args]
        kind = called(node)
        if kind in ("tr", "translated_later") and args and args[0]:
            wanted = [(args[0], None)]
        elif kind == "ntr" and len(args) > 1 and args[0] and args[1]:
            wanted = [(args[0], None)]
        elif kind == "ptr" and len(args) > 1 and args[0] and args[1]:
            wanted = [(args[1], args[0])]
        elif kind == "agree" and len(args) > 1 and args[1]:
            wanted = [(args[1], context) for context in i18n.GENDER_CONTEXTS.values()]
        else:
            continue
        missing += [f"{where}: {text!r} ({context})" for text, context in wanted
                    if TEMPLATE.get(text, context) is None]
    assert not missing, "\n".join(missing)


def untranslated_literals(node: ast.expr) -> Iterator[str]:
    """Texts with letters in an expression drawn on screen, outside translating calls."""
    if isinstance(node, ast.Call) and called(node) in TRANSLATING:
        return
    text = literal(node)
    if text is not None and any(c.isalpha() for c in text) and text not in UNTRANSLATED:
        yield text
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.expr):
            yield from untranslated_literals(child)


def test_no_text_reaches_a_screen_untranslated() -> None:
    escaped = [f"{where}: {called(node)}({text!r})" for where, node in calls()
               if called(node) in DRAWING and len(node.args) > DRAWING[called(node)]
               for text in untranslated_literals(node.args[DRAWING[called(node)]])]
    assert not escaped, "\n".join(escaped)


def forms_for_one_only() -> set[int]:
    """The Romanian plural forms used for n = 1 alone (where a translation may say "un")."""
    plural = gettext.c2py(ROMANIAN.plural_expr)
    used: dict[int, set[int]] = {}
    for n in range(1000):
        used.setdefault(plural(n), set()).add(n)
    return {form for form, numbers in used.items() if numbers == {1}}


def test_romanian_has_its_three_plural_forms() -> None:
    assert ROMANIAN.num_plurals == 3
    plural = gettext.c2py(ROMANIAN.plural_expr)
    assert [plural(n) for n in (1, 0, 2, 19, 20, 101, 119, 120)] == [0, 1, 1, 1, 2, 1, 1, 2]


def test_every_text_has_a_romanian_translation_with_the_same_placeholders() -> None:
    one_only = forms_for_one_only()
    problems = []
    for message in TEMPLATE:
        if not message.id:
            continue
        found = ROMANIAN.get(message.id, message.context)
        label = f"{message.id!r} ({message.context})"
        if found is None or not catalogs._translated(found.string):
            problems.append(f"{label}: no Romanian")
            continue
        if isinstance(message.id, str):
            assert isinstance(found.string, str)
            if i18n.placeholders(found.string) != i18n.placeholders(message.id):
                problems.append(f"{label}: {found.string!r} has other placeholders")
            continue
        expected = i18n.placeholders(message.id[1])
        assert len(found.string) == ROMANIAN.num_plurals, label
        for form, text in enumerate(found.string):
            names = i18n.placeholders(text)
            if not (names <= expected if form in one_only else names == expected):
                problems.append(f"{label}: plural form {form} {text!r} has other placeholders")
    assert not problems, "\n".join(problems)


@given(st.integers(min_value=0, max_value=10**6))
def test_every_sentence_with_a_number_reads_for_any_number(n: int) -> None:
    """Each plural sentence fills in whatever the number; Romanian says "de"
    from 20 on, except after 101-119, 201-219..."""
    ro = translator("ro")
    for message in TEMPLATE:
        if message.id and not isinstance(message.id, str):
            values = {name: n for name in i18n.placeholders(message.id[1])}
            text = ro.ntr(message.id[0], message.id[1], n, **values)
            assert "{" not in text and text != message.id[1].format(**values), message.id
    many = n % 100 == 0 and n > 0 or n % 100 >= 20
    assert (" de " in ro.ntr("{count} erased", "{count} erased", n, count=n)) == many


def test_the_committed_catalogs_are_what_make_i18n_makes(tmp_path: Path) -> None:
    """The .pot, the .po and the .mo in the package are up to date with the code and the scenes."""
    catalogs.write(TEMPLATE, tmp_path / "template.pot")
    assert (tmp_path / "template.pot").read_bytes() == catalogs.TEMPLATE.read_bytes(), "run `make i18n`"
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE_LANGUAGE:
            continue
        updated = catalogs.update(code, TEMPLATE)
        catalogs.write(updated, tmp_path / f"{code}.po")
        assert (tmp_path / f"{code}.po").read_bytes() == catalogs.po_path(code).read_bytes(), "run `make i18n`"
        catalogs.compile_mo(updated, tmp_path / f"{code}.mo")
        assert (tmp_path / f"{code}.mo").read_bytes() == catalogs.mo_path(code).read_bytes(), "run `make i18n`"


def test_the_catalog_compiles_and_the_standard_library_reads_it() -> None:
    stream = io.BytesIO()
    write_mo(stream, ROMANIAN, use_fuzzy=False)
    stream.seek(0)
    compiled = gettext.GNUTranslations(stream)
    assert compiled.gettext("ACCUSE") == "ACUZAȚI"
    assert compiled.pgettext(i18n.NAME_DEFINITE, "seagull") == "pescărușul"
    assert compiled.ngettext("{count} erased", "{count} erased", 20) == "{count} de pătrate șterse"


def test_a_text_without_translation_stays_english_and_formats() -> None:
    ro = translator("ro")
    assert ro.tr("No such text {n}", n=3) == "No such text 3"
    assert ro.ntr("{n} thing", "{n} things", 1, n=1) == "1 thing"
    assert ro.ntr("{n} thing", "{n} things", 7, n=7) == "7 things"


def test_unknown_languages_are_refused() -> None:
    with pytest.raises(ValueError, match="klingon"):
        Translator("klingon")


def test_the_language_button_cycles_through_every_language() -> None:
    seen, code = [], "en"
    for _ in i18n.LANGUAGES:
        seen.append(code)
        code = i18n.next_language(code)
    assert sorted(seen) == sorted(i18n.LANGUAGES) and code == "en"


def test_translators_of_one_language_are_equal_and_key_a_cache() -> None:
    assert translator("ro") == Translator("ro") and hash(translator("ro")) == hash(Translator("ro"))
    assert translator("ro") != translator("en")


def test_a_refusal_names_the_character_in_the_players_language() -> None:
    template = "{name} is not a person (or thinking being), so cannot be the criminal."
    text = translator("ro").refusal(template, {"name": "seagull"})
    assert "pescăruș" in text and "seagull" not in text
    assert translator("ro").refusal(template, {"name": "cat"}) == \
        "Nu poate fi criminalul: pisica nu este o persoană (sau o ființă care gândește)."


def test_romanian_uses_comma_below_letters() -> None:
    assert not set(catalogs.po_path("ro").read_text(encoding="utf-8")) & set("şţŞŢ")
