"""Where the scene art comes from, as text the app can show (pure).

The game's designers and publisher come first, then the scene art, then the
libraries and fonts the table is made with. The emoji licences require the
notice to reach the people who may see the art, so the tablet's credits screen
shows `credits_blocks()` (each block translated whole) and the attract loop's
cards name the designers and the publisher; scenes/CREDITS.md says the same for
the repository.
"""

from __future__ import annotations

CREDITS = """\
Last Message
  A party game by Lee Ju-Hwa and Giung Kim, published by IELLO. This table
  plays it with a tablet, a monitor and buttons in place of the printed
  sheets, pens and sand timer.

Scene art
  People, animals, plants, props and backgrounds are drawn by the table's
  own code in one flat style. The idea of a crowd built from combinable
  parts follows printed seek-and-find books; no art of theirs is used.

With thanks to
  pygame-ce and SDL (screens, sound and the nanosvg picture loader),
  gpiozero and pyserial (the buttons and the timer module), Babel (the
  translations) and the DejaVu Sans font (Bitstream Vera licence). A figure
  a scene file made elsewhere has no drawing for is shown as a glyph of the
  Noto Color Emoji font by Google (SIL Open Font License 1.1; the images
  under the Apache License 2.0), scaled, some mirrored, with an outline and
  a shadow added.
"""


def credits_text() -> str:
    """The credits as plain English lines (`lastmessage scenes credits`)."""
    return CREDITS


def credits_blocks() -> list[tuple[str, str]]:
    """(heading, paragraph) of each part of the credits: each is translated whole."""
    blocks = []
    for block in CREDITS.strip().split("\n\n"):
        heading, *body = block.splitlines()
        blocks.append((heading.strip(), " ".join(line.strip() for line in body)))
    return blocks
