"""The languages of the screens: English, and Romanian.

Texts are written in English in the code and looked up in gettext catalogs
(`locale/<code>/LC_MESSAGES/lastmessage.mo`, compiled from the `.po` by
`make i18n`). A screen never reads a language from module state: it is given
one (`Status.language`) and asks the `Translator` of that language, which is
hashable and equal for equal languages, so a cache keys on it directly.

- `tx.tr("Round {n} of {total}", n=1, total=4)`: a sentence; `str.format`
  placeholders, which a translation must keep.
- `tx.ntr("{count} erased", "{count} erased", count, count=count)`: a sentence
  with a number in it; each language has its own plural forms (Romanian three:
  1 / 2-19 / 20 and above, "de").
- `tx.ptr("verdict", "PASSED")`: a word whose translation depends on its role.
- `tx.name(name, carried)`: a character's or prop's name with the forms a
  sentence needs (see names.NameForms).

A text with no translation is shown in English: a missing entry is a test
failure, never a crash on the table.
"""

from __future__ import annotations

import gettext
import logging
import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from lastmessage.i18n.names import Gender, NameForms, capitalized

LANGUAGES: dict[str, str] = {"en": "English", "ro": "Română"}
"""Language code -> its name in itself (what the language button shows)."""

DOMAIN = "lastmessage"
SOURCE_LANGUAGE = "en"

NAME = "name"                    # context of a name as a heading: "trol", "bătrână"
NAME_DEFINITE = "name-definite"  # context of its definite form: "trolul", "bătrâna"
NAME_GENDER = "name-gender"      # context of its grammatical gender: "m", "f" or "n"
SCENE_TITLE = "scene-title"      # context of a scene's title
GENDERS: tuple[Gender, ...] = ("m", "f", "n")
GENDER_CONTEXTS: dict[Gender, str] = {"m": "masculine", "f": "feminine", "n": "neuter"}
"""Context of each wording of a sentence that agrees with a name's gender (`agree`)."""


def translated_later(text: str) -> str:
    """Marks an English text that is kept as it is and put into the language of
    the screen that shows it (a device message); `make i18n` extracts it."""
    return text

log = logging.getLogger(__name__)


def next_language(code: str) -> str:
    """The language after `code`, in LANGUAGES order (for a toggle button)."""
    codes = list(LANGUAGES)
    return codes[(codes.index(code) + 1) % len(codes)]


def check_language(code: str) -> str:
    if code not in LANGUAGES:
        raise ValueError(f"language {code!r} is not available; choose one of {', '.join(LANGUAGES)}")
    return code


def placeholders(text: str) -> set[str]:
    """The `{name}`s of a template (a translation must keep exactly these)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@cache
def catalog(code: str) -> gettext.NullTranslations:
    """The compiled catalog of `code`, read once from the package data."""
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    source = resources.files("lastmessage") / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with source.open("rb") as stream:
            return gettext.GNUTranslations(stream)
    except OSError as error:
        log.error("%s: cannot read the %s catalog (%s); run `make i18n`. Texts stay in English",
                  source, code, error)
        return gettext.NullTranslations()


def _fill(template: str, fallback: str, params: Mapping[str, object]) -> str:
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return fallback.format(**params)   # a broken translation: the English original


@dataclass(frozen=True)
class Translator:
    """The texts of one language; what a screen is given to put its words into."""

    language: str

    def __post_init__(self) -> None:
        check_language(self.language)

    def tr(self, text: str, /, **params: object) -> str:
        """`text` in this language, with its placeholders filled in."""
        return _fill(catalog(self.language).gettext(text), text, params)

    def ntr(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The sentence for the number `n`, in this language's plural form for it."""
        english = singular if n == 1 else plural
        return _fill(catalog(self.language).ngettext(singular, plural, n), english, params)

    def ptr(self, context: str, text: str, /, **params: object) -> str:
        """`text` in its role `context` ("verdict", "button"...)."""
        return _fill(catalog(self.language).pgettext(context, text), text, params)

    def name(self, name: str, carried: Mapping[str, NameForms] | None = None) -> NameForms:
        """The forms of a character's or prop's name: those the scene carries
        for this language, or else the catalog's (contexts NAME, NAME_DEFINITE,
        NAME_GENDER). English writes a name inside a sentence as a title
        ("the detectives accused Troll")."""
        if carried is not None and self.language in carried:
            return carried[self.language]
        if self.language == SOURCE_LANGUAGE:
            return NameForms(name, capitalized(name), "n")
        texts = catalog(self.language)
        indefinite = texts.pgettext(NAME, name)
        definite = texts.pgettext(NAME_DEFINITE, name)
        gender = texts.pgettext(NAME_GENDER, name)
        return NameForms(indefinite, definite if definite != name else indefinite,
                         next((g for g in GENDERS if g == gender), "n"))

    def title(self, title: str) -> str:
        """A scene's title."""
        return self.ptr(SCENE_TITLE, title)

    def refusal(self, template: str, params: Mapping[str, object]) -> str:
        """A refusal of the game. Its `name` value is a character's name from the
        scene data (see rules.errors), put in its definite form: the refusal
        begins with it ("Pisica nu este o persoană")."""
        values = {key: self.name(value).definite if key == "name" and isinstance(value, str) else value
                  for key, value in params.items()}
        return self.tr(template, **values)

    def agree(self, forms: NameForms, text: str, /, **params: object) -> str:
        """A sentence holding a name, worded to agree with the name's gender: the
        catalog has it once per gender (contexts GENDER_CONTEXTS)."""
        return self.ptr(GENDER_CONTEXTS[forms.gender], text, **params)


@cache
def translator(code: str) -> Translator:
    return Translator(code)
