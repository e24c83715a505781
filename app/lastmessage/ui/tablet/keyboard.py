"""The on-screen keyboard of the word tool, with the Romanian letters ă â î ș ț.

The letters are the same in every language; Cancel, space and OK are shown in
the current one. Drawn once per language into its own surface: a key press
changes the text field, never the keys.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.ui import theme
from lastmessage.ui.text import blit_text, fit_size

BACKSPACE, SPACE, OK, CANCEL = "backspace", " ", "ok", "cancel"
# (label, what it types or does, width in key units)
_ROWS: tuple[tuple[tuple[str, str, float], ...], ...] = (
    tuple((ch, ch, 1.0) for ch in "qwertyuiopă"),
    tuple((ch, ch, 1.0) for ch in "asdfghjklșț"),
    (*((ch, ch, 1.0) for ch in "zxcvbnmâî-"), ("⌫", BACKSPACE, 1.0)),
    (("Cancel", CANCEL, 2.5), ("space", SPACE, 5.5), ("OK", OK, 3.0)),
)
COLUMNS = 11


def shown_label(tx: Translator, key: Key) -> str:
    """What a key shows: letters as they are, the named keys in the current language."""
    names = {CANCEL: tx.tr("Cancel"), SPACE: tx.tr("space"), OK: tx.tr("OK")}
    return names.get(key.value, key.label)


@dataclass(frozen=True)
class Key:
    label: str
    value: str
    rect: pygame.Rect


class Keyboard:
    def __init__(self, rect: pygame.Rect, gap: int) -> None:
        self.rect = pygame.Rect(rect)
        self.keys = self._layout(gap)
        self._image: tuple[Translator, pygame.Surface] | None = None   # (language, picture)

    def _layout(self, gap: int) -> list[Key]:
        rows = len(_ROWS)
        unit = (self.rect.w - (COLUMNS - 1) * gap) / COLUMNS
        height = (self.rect.h - (rows - 1) * gap) / rows
        keys = []
        for row, entries in enumerate(_ROWS):
            y = self.rect.y + round(row * (height + gap))
            x = float(self.rect.x)
            for label, value, width in entries:
                span = width * unit + (width - 1) * gap
                keys.append(Key(label, value, pygame.Rect(round(x), y, round(span), round(height))))
                x += span + gap
        return keys

    @staticmethod
    def height_for(key_height: int, gap: int) -> int:
        return len(_ROWS) * key_height + (len(_ROWS) - 1) * gap

    def find(self, value: str) -> Key | None:
        return next((key for key in self.keys if key.value == value), None)

    def draw(self, surface: pygame.Surface, tx: Translator) -> None:
        if self._image is None or self._image[0] != tx:
            self._image = (tx, self._draw(tx))
        surface.blit(self._image[1], self.rect)

    def _draw(self, tx: Translator) -> pygame.Surface:
        image = pygame.Surface(self.rect.size)
        image.fill(theme.NIGHT)
        origin = self.rect.topleft
        for key in self.keys:
            box = key.rect.move(-origin[0], -origin[1])
            special = key.value in (OK, CANCEL, BACKSPACE)
            fill = {OK: theme.TEAL, CANCEL: theme.NIGHT_RAISED}.get(key.value, theme.NIGHT_RAISED)
            ink = theme.NIGHT if key.value == OK else theme.TEXT
            radius = max(4, box.h // 6)
            pygame.draw.rect(image, fill, box, border_radius=radius)
            pygame.draw.rect(image, theme.NIGHT_LINE if key.value != OK else theme.TEAL, box, 2,
                             border_radius=radius)
            size = round(box.h * (0.36 if special or key.value == SPACE else 0.5))
            if key.label == "⌫":
                size = round(box.h * 0.5)
            label = shown_label(tx, key)
            size = fit_size(label, box.w - box.h // 4, size, bold=special)
            blit_text(image, label, size, ink if key.value != SPACE else theme.TEXT_DIM,
                      bold=special, center=box.center)
        return image
