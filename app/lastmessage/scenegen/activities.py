"""What each kind of group in a generated scene is doing, in every language (pure data).

A scene file lists its groups (`groups`, scenes/README.md) with a story a victim can draw and a
check can judge the group by: a queue faces its counter, an audience its stage. The texts are
scene data like the people's names (written into the file in English and Romanian), not screen
texts, so they are not in the gettext catalogs.
"""

from __future__ import annotations

STORIES: dict[str, dict[str, str]] = {
    "queue": {"en": "waiting in a queue at the counter", "ro": "stau la coadă la tejghea"},
    "audience": {"en": "an audience watching the show", "ro": "un public care privește spectacolul"},
    "viewers": {"en": "visitors looking at a painting", "ro": "vizitatori care privesc un tablou"},
    "pair": {"en": "two people talking face to face", "ro": "doi oameni care stau de vorbă față în față"},
    "bench": {"en": "sitting side by side on a bench", "ro": "stau unul lângă altul pe o bancă"},
    "friends": {"en": "friends chatting in a circle", "ro": "prieteni care stau de vorbă în cerc"},
    "crew": {"en": "the crew of a rowing boat", "ro": "echipajul unei bărci cu vâsle"},
    "table": {"en": "guests at a café table", "ro": "clienți la o masă de cafenea"},
    "family": {"en": "a family on its towels", "ro": "o familie pe prosoapele ei"},
}
KINDS = tuple(STORIES)
