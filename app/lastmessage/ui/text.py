"""Text drawing with a cache: rendered labels are reused frame after frame.

Text reaches the screens from scripts, scene files and the keyboard, so it is
made drawable here, once, for every caller: SDL_ttf refuses a NUL and lone
surrogates, and a line of a few hundred thousand characters becomes a
surface wide enough to crash it. No line on our screens needs more than
`MAX_CHARACTERS`, and no wrapped paragraph more than `MAX_PARAGRAPH`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import pygame

from lastmessage.scenes.surface_cache import SurfaceCache
from lastmessage.ui.theme import Color, font


MAX_CHARACTERS = 300
MAX_PARAGRAPH = 3000
ELLIPSIS = "\u2026"
_UNDRAWABLE = re.compile("[\x00-\x1f\x7f\ud800-\udfff]")
# Lines break at white space but not at a no-break space: a translation keeps
# "30 de minute" on one line with them, as Romanian typesetting wants.
_BREAKS = re.compile("[^\\S\u00a0\u202f]+")


def drawable(text: str, limit: int = MAX_CHARACTERS) -> str:
    """`text` as SDL_ttf can draw it: control characters and lone surrogates
    shown as U+FFFD, and at most `limit` characters (cut with an ellipsis)."""
    if len(text) > limit:
        text = text[:limit - 1] + ELLIPSIS
    return _UNDRAWABLE.sub("\ufffd", text)


_labels: SurfaceCache[tuple[str, int, Color, bool]] = SurfaceCache("labels", budget_mb=12)


def render(text: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    text = drawable(text)
    return _labels.get_or_make((text, size, color, bold), lambda: _draw(text, size, color, bold))


def _draw(text: str, size: int, color: Color, bold: bool) -> pygame.Surface:
    face = font(size, bold)
    try:
        return face.render(text, True, color)
    except pygame.error:
        # Only marks of no width (a soft hyphen, a joiner): SDL_ttf refuses them.
        return pygame.Surface((1, face.get_height()), pygame.SRCALPHA)


def blit_text(surface: pygame.Surface, text: str, size: int, color: Color, *,
              bold: bool = False, center: tuple[int, int] | None = None,
              topleft: tuple[int, int] | None = None, midleft: tuple[int, int] | None = None,
              midright: tuple[int, int] | None = None,
              midtop: tuple[int, int] | None = None) -> pygame.Rect:
    image = render(text, size, color, bold)
    rect = image.get_rect()
    if center is not None:
        rect.center = center
    elif topleft is not None:
        rect.topleft = topleft
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    elif midtop is not None:
        rect.midtop = midtop
    return surface.blit(image, rect)


def fit_size(text: str, max_width: int, size: int, bold: bool = False, minimum: int = 8) -> int:
    """The largest font size up to `size` at which `text` fits in `max_width`."""
    text = drawable(text)
    while size > minimum and font(size, bold).size(text)[0] > max_width:
        size -= max(1, size // 12)
    return size


def fit_line(text: str, max_width: int, size: int, minimum: int,
             bold: bool = False) -> tuple[str, int]:
    """`text` and a size to draw it in `max_width`: shrunk, but never below
    `minimum` (the smallest size legible from where it is read); what still
    does not fit is cut with an ellipsis."""
    text = drawable(text)
    size = max(minimum, fit_size(text, max_width, size, bold, minimum))
    measure = font(size, bold)
    if measure.size(text)[0] <= max_width:
        return text, size
    cut = _longest_prefix(text, max_width - measure.size(ELLIPSIS)[0], measure) if len(text) > 1 else 1
    return text[:cut].rstrip() + ELLIPSIS, size


def fits(text: str, max_width: int, size: int, bold: bool = False) -> bool:
    """Whether `text` is one line no wider than `max_width` at `size`."""
    return font(size, bold).size(drawable(text))[0] <= max_width


def fit_lines(text: str, max_width: int, size: int, minimum: int, *, max_lines: int = 2,
              bold: bool = False) -> tuple[list[str], int]:
    """`text` wrapped by words into at most `max_lines` lines no wider than `max_width`,
    shrinking the type from `size` but never below `minimum`; if it still needs more
    lines there, it gets them: a name is never cut, in a word or at its end."""
    lines = wrap(text, max_width, size, bold)
    while size > minimum and (len(lines) > max_lines or not all(fits(line, max_width, size, bold) for line in lines)):
        size = max(minimum, size - max(1, size // 12))
        lines = wrap(text, max_width, size, bold)
    return lines or [drawable(text)], size


@dataclass(frozen=True)
class Block:
    """Lines of one text laid out in a box: every word of it, in order, none cut."""

    lines: tuple[str, ...]
    size: int        # the font size they are drawn at
    bold: bool

    @property
    def step(self) -> int:
        """From the top of one line to the top of the next."""
        return round(self.size * LINE_STEP)

    @property
    def height(self) -> int:
        if not self.lines:
            return 0
        return self.step * (len(self.lines) - 1) + font(self.size, self.bold).get_height()

    @property
    def width(self) -> int:
        measure = font(self.size, self.bold)
        return max((measure.size(line)[0] for line in self.lines), default=0)


LINE_STEP = 1.22
"""A wrapped text's line advance, of its font size."""


def name_tag(text: str, max_width: int, size: int, minimum: int, padding: tuple[int, int], *,
             ink: Color, fill: Color, round_at: int) -> pygame.Surface:
    """A name on a pill, as the pick view and the search view tag the one chosen: wrapped
    by words on up to two lines and shrunk to `minimum` if it must be, never cut;
    `padding` (horizontal, vertical) around the text, corners rounded up to `round_at`."""
    lines, fitted = fit_lines(text, max_width, size, minimum, bold=True)
    images = [render(line, fitted, ink, True) for line in lines]
    label = pygame.Rect(0, 0, max(i.get_width() for i in images), sum(i.get_height() for i in images))
    pill = pygame.Surface(label.inflate(*padding).size, pygame.SRCALPHA)
    pygame.draw.rect(pill, fill, pill.get_rect(), border_radius=min(pill.get_height(), round_at) // 2)
    label.center = pill.get_rect().center
    for image in images:
        pill.blit(image, image.get_rect(midtop=(label.centerx, label.y)))
        label.y += image.get_height()
    return pill


def tag_place(size: tuple[int, int], centre: tuple[float, float], reach: float, bounds: pygame.Rect,
              avoid: pygame.Rect | None = None) -> pygame.Rect:
    """Where a name tag of `size` goes for the figure at `centre` ringed out to `reach`: under
    it, over it when there is no room below (or `avoid`, an overlay, is there), and always
    whole inside `bounds`: a tag near the edge is pushed in, never cut by it."""
    place = pygame.Rect((0, 0), size)
    place.midtop = (round(centre[0]), round(centre[1] + reach))
    if place.bottom > bounds.bottom or (avoid is not None and place.colliderect(avoid)):
        place.midbottom = (round(centre[0]), round(centre[1] - reach))
    place.clamp_ip(bounds)
    if avoid is not None and place.colliderect(avoid):   # beside the overlay, still on the screen
        place.right = avoid.left
        place.clamp_ip(bounds)
    return place


def fit_block(text: str, width: int, height: int, size: int, minimum: int, *,
              bold: bool = False) -> Block:
    """`text` wrapped by words into lines no wider than `width` and together no taller
    than `height`, the type shrunk from `size` only as far as that needs, never below
    `minimum` (the smallest legible from where it is read). Nothing is ever cut: at the
    floor a text too long for the box keeps all its lines (callers give it the room)."""
    while True:
        lines = tuple(wrap(text, width, size, bold))
        block = Block(lines, size, bold)
        if size <= minimum or (block.height <= height and block.width <= width):
            return block
        size = max(minimum, size - max(1, size // 16))


def draw_block(surface: pygame.Surface, block: Block, rect: pygame.Rect, color: Color, *,
               align: str = "center", valign: str = "top") -> list[pygame.Rect]:
    """Draw `block`'s lines in `rect` (centred or left-aligned; from the top or centred
    in its height); returns where each line went."""
    y = rect.y if valign == "top" else rect.centery - block.height // 2
    placed = []
    for line in block.lines:
        image = render(line, block.size, color, block.bold)
        box = image.get_rect(top=y)
        if align == "center":
            box.centerx = rect.centerx
        else:
            box.left = rect.left
        placed.append(surface.blit(image, box))
        y += block.step
    return placed


def wrap(text: str, max_width: int, size: int, bold: bool = False, *,
         break_words: bool = False) -> list[str]:
    """Words wrapped into lines no wider than `max_width`. A word wider than a
    whole line stays whole (callers shrink the font for it), unless
    `break_words`: then it is cut across lines (a pasted id in a refusal)."""
    lines: list[str] = []
    current = ""
    measure = font(size, bold)
    words = [word for word in _BREAKS.split(drawable(text, MAX_PARAGRAPH)) if word]
    for word in _broken(words, max_width, measure) if break_words else words:
        candidate = f"{current} {word}".strip()
        if current and measure.size(candidate)[0] > max_width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def _broken(text_words: list[str], max_width: int, measure: pygame.font.Font) -> list[str]:
    words: list[str] = []
    for word in text_words:
        while len(word) > 1 and measure.size(word)[0] > max_width:
            cut = _longest_prefix(word, max_width, measure)
            words.append(word[:cut])
            word = word[cut:]
        words.append(word)
    return words


def _longest_prefix(word: str, max_width: int, measure: pygame.font.Font) -> int:
    """How many characters of `word` fit in `max_width` (at least one)."""
    low, high = 1, len(word) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if measure.size(word[:middle])[0] <= max_width:
            low = middle
        else:
            high = middle - 1
    return low


def shorten(text: str, max_width: int, size: int, bold: bool = False) -> str:
    """`text` on one line no wider than `max_width` at `size`: whole if it fits, else cut with
    an ellipsis after the last whole word that fits, or (one long word) after the last whole
    character: never inside a letter and its accents, an emoji and its modifiers or joined
    parts, or a flag's pair (what a phone's player typed as their name)."""
    text = drawable(text)
    measure = font(size, bold)
    if measure.size(text)[0] <= max_width:
        return text
    room = max_width - measure.size(ELLIPSIS)[0]
    ends = _cluster_ends(text)
    low, high = 0, len(ends)
    while low < high:
        middle = (low + high + 1) // 2
        if measure.size(text[:ends[middle - 1]].rstrip())[0] <= room:
            low = middle
        else:
            high = middle - 1
    fitting = low   # how many clusters fit, found by halving (measuring is the cost)
    cut = ends[fitting - 1] if fitting else 0
    space = text.rfind(" ", 0, cut + 1)
    if space > 0 and len(text[:space].strip()) >= 3:   # a whole word rather than a part of the next
        cut = space
    return text[:cut].rstrip() + ELLIPSIS


def _cluster_ends(text: str) -> list[int]:
    """Where each of `text`'s user-perceived characters ends (an approximation of Unicode's
    grapheme clusters enough for names: marks, variation selectors, emoji modifiers and tags
    stay with what they follow, a joiner joins, regional indicators go in pairs)."""
    ends: list[int] = []
    joined = False
    flags = 0
    for index, ch in enumerate(text):
        code = ord(ch)
        regional = 0x1F1E6 <= code <= 0x1F1FF
        extends = bool(unicodedata.combining(ch)) or unicodedata.category(ch) in ("Mn", "Me", "Mc") \
            or 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF or 0x1F3FB <= code <= 0x1F3FF \
            or 0xE0020 <= code <= 0xE007F or code == 0x200D
        if ends and (extends or joined or (regional and flags % 2 == 1)):
            ends[-1] = index + 1
        else:
            ends.append(index + 1)
        joined = code == 0x200D
        flags = flags + 1 if regional else 0
    return ends
