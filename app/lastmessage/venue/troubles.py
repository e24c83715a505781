"""What goes wrong between a table and its venue, one line each, in any language.

The courier says a trouble as a template and its values (`Said`): the log
and the status's `venue_trouble` have it in English, and `venue_trouble_words`
carries the template and values so that the status page says it in the
museum's language (kiosk/status_words.py). Only the templates listed here
are translated from a status: a status file's text is never a format string.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lastmessage.i18n.translate import translated_later

REFUSED = translated_later("the broker {broker} refused table {table}: {reason}; check the user and password "
                           "of [venue] mqtt and the broker's ACL (the table plays on)")
LOST = translated_later("lost the broker {broker} ({reason}); reconnecting, the table plays on")
UNREACHABLE = translated_later("cannot reach the broker {broker}; trying again, the table plays on")
CA_UNUSABLE = translated_later("[venue] ca_file: cannot use {ca} as the broker's CA ({reason}); put the venue's "
                               "CA certificate (PEM) there (trying again, the table plays on)")
NOT_SIGNED = translated_later("the broker {broker} shows a certificate not signed by the CA of [venue] ca_file "
                              "({ca}: {reason}); give the venue's CA there (trying again, the table plays on)")
OTHER_NAME = translated_later("the broker {broker} shows a certificate for another name than {host}; give in "
                              "[venue] mqtt the name its certificate is for (trying again, the table plays on)")
TWIN = translated_later("another process connected to {broker} as table {table} and took its place: two tables "
                        "have the id {table}; give each its own [venue] table (the table plays on)")
COURIER_ENDED = translated_later("the venue link's process ended (exit code {code}); the table plays on without "
                                 "the broker until it restarts")
TEMPLATES = frozenset({REFUSED, LOST, UNREACHABLE, CA_UNUSABLE, NOT_SIGNED, OTHER_NAME, TWIN, COURIER_ENDED})


@dataclass(frozen=True)
class Said:
    """A line to be said in any language: a template of TEMPLATES (or the journal's
    of the device) and its values, which stay as they are (names, hosts, OS errors)."""

    template: str
    values: dict[str, str] = field(default_factory=dict)

    @property
    def english(self) -> str:
        return self.template.format(**self.values)

    def to_json(self) -> dict[str, str | dict[str, str]]:
        return {"template": self.template, "values": dict(self.values)}


def said_from_json(raw: object, known: frozenset[str] = TEMPLATES) -> Said | None:
    """A Said read back from a status (or the courier), None unless its template is known
    and its values are text."""
    if not isinstance(raw, dict):
        return None
    template, values = raw.get("template"), raw.get("values")
    if template not in known or not isinstance(values, dict):
        return None
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in values.items()):
        return None
    assert isinstance(template, str)
    try:
        template.format(**values)
    except (KeyError, IndexError, ValueError):
        return None
    return Said(template, dict(values))


def venue_fields(said: Said | None) -> dict[str, object]:
    """The status fields of the venue link's trouble (none when there is none)."""
    if said is None:
        return {"venue_trouble": None}
    return {"venue_trouble": said.english, "venue_trouble_words": said.to_json()}
