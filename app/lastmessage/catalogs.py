"""`make i18n`: the gettext catalogs, extracted, updated and compiled with Babel.

Babel reads every text the screens show from four sources:
- the code: `tr`, `ntr`, `ptr` and `agree` calls (`agree` once per gender
  context), `translated_later` for a text kept in English until a screen
  shows it, and every refusal the rules raise with a literal template;
- the credits (scenes.credits), a heading and a paragraph at a time;
- the refusals the rules build from an action and a phase ("You cannot draw
  now: the game is over."), one whole sentence each, listed from rules/game.py;
- the shipped scenes: titles, and in three roles (NAME, NAME_DEFINITE,
  NAME_GENDER: see i18n.Translator.name) each name the scene does not
  translate itself, and each name a refusal can show (a refusal carries only
  the English name: "the seagull is not a person").

It writes the template `locale/lastmessage.pot`, merges it into each
language's `locale/<code>/LC_MESSAGES/lastmessage.po` (a text no longer used
is dropped, a new one arrives untranslated) and compiles the `.mo` the
package ships. This module needs Babel (the `test` extra); the device only
reads the `.mo`, with the standard library.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from lastmessage.i18n import translate as i18n
from lastmessage.rules import errors
from lastmessage.rules import game as rules_game
from lastmessage.scenes.credits import credits_blocks
from lastmessage.scenes.model import Character, Prop, load_scenes, shipped_scenes_dir

PACKAGE = Path(__file__).resolve().parent
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / f"{i18n.DOMAIN}.pot"
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)   # fixed, so an unchanged catalog stays byte-identical
HEADER = "Last Message: every text its screens show."

Message = tuple[str | tuple[str, str], str | None, str]
"""(msgid, or (singular, plural); context; where it was found)"""

SENTENCE = ("tr", "translated_later")   # a call's first argument is a text
PLURAL = ("ntr",)                       # singular, plural
CONTEXT = ("ptr",)                      # context, text
AGREEING = ("agree",)                   # name forms, text: one entry per gender context


def _violations() -> set[str]:
    """The names of every RuleViolation class: their first argument is a template."""
    found: set[str] = set()
    pending: list[type] = [errors.RuleViolation]
    while pending:
        cls = pending.pop()
        found.add(cls.__name__)
        pending += cls.__subclasses__()
    return found


def from_code() -> Iterator[Message]:
    """Babel's Python extractor over the package, each call read by its kind."""
    violations = _violations()
    names = {*SENTENCE, *PLURAL, *CONTEXT, *AGREEING, *violations}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        with path.open("rb") as stream:
            for lineno, funcname, found, _comments in extract_python(stream, dict.fromkeys(names), [], {}):
                args = found if isinstance(found, tuple) else (found,)
                at = f"{where}:{lineno}"
                if funcname in SENTENCE or funcname in violations:
                    if isinstance(args[0], str):
                        yield args[0], None, at
                elif funcname in PLURAL and isinstance(args[0], str) and isinstance(args[1:2][0], str):
                    yield (args[0], str(args[1])), None, at
                elif funcname in CONTEXT and isinstance(args[0], str) and isinstance(args[1:2][0], str):
                    yield str(args[1]), args[0], at
                elif funcname in AGREEING and len(args) > 1 and isinstance(args[1], str):
                    for context in i18n.GENDER_CONTEXTS.values():
                        yield args[1], context, at


def from_credits() -> Iterator[Message]:
    for heading, body in credits_blocks():
        yield heading, None, "scenes/credits.py:0"
        yield body, None, "scenes/credits.py:0"


def from_rules() -> Iterator[Message]:
    """The refusals of an action out of its phase, as rules/game.py words them: every
    phase but the action's own (and, for ink, words and undo, not the erase phase,
    which refuses them as "time is up")."""
    source = PACKAGE / "rules" / "game.py"
    where = f"{source.relative_to(PACKAGE)}"
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        literal = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if node.func.attr == "_expect" and len(node.args) == 2 and literal:
            phase = rules_game.Phase[ast.unparse(node.args[0]).split(".")[-1]]
            for other in rules_game.Phase:
                if other is not phase:
                    yield rules_game._not_now(literal[0], other), None, f"{where}:{node.lineno}"
        elif node.func.attr == "_expect_clues" and literal:
            yield rules_game._too_late(literal[0]), None, f"{where}:{node.lineno}"
            for other in rules_game.Phase:
                if other not in (rules_game.Phase.CLUES, rules_game.Phase.ERASE):
                    yield rules_game._not_now(literal[0], other), None, f"{where}:{node.lineno}"


def from_scenes() -> Iterator[Message]:
    """Each shipped scene's title, and the names the catalog must translate: those
    the scene carries no forms for in some language, and those of characters that
    cannot be the criminal (the not_sentient refusal names them)."""
    others = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
    for scene in load_scenes(shipped_scenes_dir()).values():
        where = f"scenes/{scene.id}:0"
        yield scene.title, i18n.SCENE_TITLE, where
        things: list[Character | Prop] = [*scene.characters, *scene.props]
        for thing in things:
            refused = isinstance(thing, Character) and not thing.sentient
            if refused or not all(code in thing.names for code in others):
                for role in (i18n.NAME, i18n.NAME_DEFINITE, i18n.NAME_GENDER):
                    yield thing.name, role, where


def template() -> Catalog:
    catalog = Catalog(project="lastmessage", version="0.1.0", header_comment=f"# {HEADER}",
                      creation_date=STAMP, revision_date=STAMP, fuzzy=False)
    for source in (from_code(), from_credits(), from_rules(), from_scenes()):
        for text, context, where in source:
            path, _, line = where.rpartition(":")
            known = catalog.get(text if isinstance(text, str) else text[0], context)
            locations = [*(known.locations if known else []), (path, int(line))]
            catalog.add(text, locations=locations, context=context, flags=_flags(text))
    return catalog


def _flags(text: str | tuple[str, str]) -> tuple[str, ...]:
    texts = (text,) if isinstance(text, str) else text
    return ("python-brace-format",) if any(i18n.placeholders(t) for t in texts) else ()


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def read(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=code)


def write(catalog: Catalog, path: Path) -> None:
    """Sorted by text, locations without line numbers: moving code within a file
    leaves the catalogs as they are."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        write_po(stream, catalog, width=100, sort_output=True, include_lineno=False)


def update(code: str, pot: Catalog) -> Catalog:
    """The language's catalog brought up to the template: no fuzzy guesses (a
    new text shows in English until translated), nothing obsolete kept."""
    catalog = read(po_path(code), code)
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.revision_date = STAMP
    return catalog


def compile_mo(catalog: Catalog, path: Path) -> None:
    with path.open("wb") as stream:
        write_mo(stream, catalog, use_fuzzy=False)


def _translated(string: object) -> bool:
    return all(string) if isinstance(string, (tuple, list)) else bool(string)


def main() -> int:
    pot = template()
    write(pot, TEMPLATE)
    print(f"{TEMPLATE.relative_to(PACKAGE.parent.parent)}: {len(pot)} texts")
    for code in i18n.LANGUAGES:
        if code == i18n.SOURCE_LANGUAGE:
            continue
        catalog = update(code, pot)
        write(catalog, po_path(code))
        compile_mo(catalog, mo_path(code))
        missing = sum(1 for message in catalog if message.id and not _translated(message.string))
        print(f"{po_path(code).relative_to(PACKAGE.parent.parent)}: {missing} texts without a translation")
    return 0


if __name__ == "__main__":
    sys.exit(main())
