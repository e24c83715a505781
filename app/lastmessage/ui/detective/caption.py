"""Where the monitor describes the figure under the cursor: what stands by its caption reads it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Caption:
    """The name caption on the monitor now: the loupe's plate on the table, the tag in the search
    view (the phones' marks of the figure it describes go beside it, `phones.pins.caption_layer`)."""

    figure: str                            # the character's id: stays on the device
    place: tuple[int, int, int, int]       # the caption's rectangle, screen pixels
    around: tuple[int, int, int, int]      # the ring round the figure on the scene: kept clear
    within: tuple[int, int, int, int]      # where what goes beside it must stay (the scene shown)
    hides: tuple[tuple[int, int, int, int], ...]   # what of the scene it and its loupe cover

    @staticmethod
    def of(figure: str, place: pygame.Rect | pygame.FRect, around: pygame.Rect | pygame.FRect,
           within: pygame.Rect, lens: pygame.Rect | pygame.FRect | None = None) -> Caption:
        hides = (_box(place),) if lens is None else (_box(lens), _box(place))
        return Caption(figure, _box(place), _box(around), _box(within), hides)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.place)

    @property
    def ring(self) -> pygame.Rect:
        return pygame.Rect(self.around)

    @property
    def bounds(self) -> pygame.Rect:
        return pygame.Rect(self.within)


def _box(rect: pygame.Rect | pygame.FRect) -> tuple[int, int, int, int]:
    return round(rect.x), round(rect.y), round(rect.w), round(rect.h)
