"""Where the scene art comes from, as text the app can show (pure).

The emoji licences require the notice to reach the people who may see the art,
so the attract loop or a settings screen shows `credits_text()`; the same
words are in scenes/CREDITS.md for the repository.
"""

from __future__ import annotations

CREDITS = """\
Scene art
  People, animals, plants and props are drawn by Last Message's own code in
  one flat style: a small SVG made from each figure's traits or name,
  rasterised by pygame's SVG loader. The idea of a crowd built from
  combinable parts follows printed seek-and-find books; no art of theirs is
  used. Backgrounds (ground, water, buildings, stalls) are drawn by Last
  Message's own code from the scene files.

Emoji
  A figure with no drawing (in a scene file made elsewhere) is shown as a
  glyph of the Noto Color Emoji font by Google
  (github.com/googlefonts/noto-emoji), as packaged by Debian and Raspberry Pi
  OS (fonts-noto-color-emoji). The font is licensed under the
  SIL Open Font License 1.1; the emoji images are licensed under the
  Apache License 2.0.
  Such glyphs are drawn scaled, some mirrored, with an outline and a shadow
  added by Last Message.

Text
  DejaVu Sans (fonts-dejavu-core), Bitstream Vera licence and public-domain
  DejaVu changes.
"""


def credits_text() -> str:
    """The credits as plain lines for a screen (English for now; ready for translation)."""
    return CREDITS


def credits_blocks() -> list[tuple[str, str]]:
    """(heading, paragraph) of each part of the credits: each is translated whole."""
    blocks = []
    for block in CREDITS.strip().split("\n\n"):
        heading, *body = block.splitlines()
        blocks.append((heading.strip(), " ".join(line.strip() for line in body)))
    return blocks
