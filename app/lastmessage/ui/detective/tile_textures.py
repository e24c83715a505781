"""The textures the search view's tiles are shown in: a piece coming into view takes over one that left.

Making a texture costs far more than filling one. On SDL's software renderer
(the bench's) a new 448-pixel texture took 1.4 to 1.9 blit units, every page
of its memory faulted in and cleared, against 0.07 to copy a tile of the same
size and format into one that exists; a GPU driver allocates too. A pan keeps
bringing tiles into view as others leave, and a zoom step replaces them all,
so the tiles are handed to the screen under slot keys, ("tile", n), not
under their own: a tile that comes into view goes into a slot whose tile has
left, and the renderer (present.Layer: a new surface under a key it has)
copies it into that texture. A tile is still uploaded once, when it first
shows, and a frame uploads at most `budget` bytes of tiles and makes at most
one new texture.

The textures are quarters of a tile (`Piece`, 224 pixels a side, 196 kB):
under glibc's mmap threshold (256 kB, table/memory.py) their memory comes
from the heap, freed and used again, so making one that is still needed
(while the slots fill after the view opens) costs 0.03-0.6 units, not 1.4-1.9.
The price is layers: a full 1080p view is about 60 pieces against 24 tiles,
each a few microseconds of the frame's bookkeeping.

A slot whose tile is out of view stays in the frame's layers undrawn
(alpha 0), so its texture is kept for the next tile. There are never more
slots than tiles the view can show at once (the textures a full view needs
anyway), and when the screen stops showing the view its slots are dropped
and the renderer frees their textures.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import NamedTuple

import pygame

from lastmessage.ui.detective.tiles import TILE, TileKey

PIECE = TILE // 2
"""Pixels a side of a texture: a quarter of a drawn tile."""


class Piece(NamedTuple):
    """A part of a drawn tile shown as a texture of its own: `area` in the render's pixels."""

    tile: TileKey
    x: int
    y: int
    w: int
    h: int

    def area(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.w, self.h)

    def cut(self, tile: pygame.Surface) -> pygame.Surface:
        """This piece of the tile's picture (sharing its pixels)."""
        corner = self.tile.area()
        return tile.subsurface((self.x - corner.x, self.y - corner.y, self.w, self.h))


def pieces_over(tiles: Sequence[TileKey], shown: pygame.Rect) -> list[Piece]:
    """The pieces of these tiles that the part `shown` (render pixels) touches (on the piece grid,
    whole numbers only: a pan asks this each time it crosses a piece's edge)."""
    left, top, right, bottom = shown.left, shown.top, shown.right, shown.bottom
    return [piece for tile in tiles for piece in pieces_of(tile)
            if piece.x < right and piece.x + piece.w > left and piece.y < bottom and piece.y + piece.h > top]


@lru_cache(maxsize=1024)
def pieces_of(tile: TileKey) -> tuple[Piece, ...]:
    """A tile's quarters (fewer at the scene's right and bottom edges), made once: a pan crossing a
    piece's edge asks for about 50, and making them afresh cost it 55 us of its frame."""
    area = tile.area()
    return tuple(Piece(tile, x, y, min(PIECE, area.right - x), min(PIECE, area.bottom - y))
                 for y in range(area.y, area.bottom, PIECE) for x in range(area.x, area.right, PIECE))


class Placed(NamedTuple):
    slot: int
    key: Piece
    image: pygame.Surface
    area: pygame.Rect   # the tile's place in the render
    shown: bool         # False: out of view, handed over undrawn to keep its texture


def capacity(view_size: tuple[int, int], side: int) -> int:
    """The most tiles of `side` pixels a view of this size shows at once (at any offset)."""
    return (view_size[0] // side + 2) * (view_size[1] // side + 2)


class TileTextures:
    def __init__(self) -> None:
        self._slots: list[Placed] = []
        self._index: dict[Piece, int] = {}
        self._wanted: Sequence[Piece] = ()
        self._looked: Hashable = None   # what the pieces still missing were looked for at

    def clear(self) -> None:
        self._slots, self._index, self._wanted, self._looked = [], {}, (), None

    def place(self, wanted: Sequence[Piece], drawn: Callable[[Piece], pygame.Surface | None],
              most: int, budget: int | None, generation: Hashable) -> list[Placed]:
        """Every slot this frame: the pieces of `wanted` (those in view) that are in a slot or
        `drawn` can give, and theirs empty (not `shown`). Pieces newly placed this frame come to
        at most `budget` bytes (None: all) and one new texture; the rest wait for a later frame.
        Pieces not drawn yet are looked for again only when `generation` (a count of the tiles
        drawn) changes, not every frame."""
        if wanted is self._wanted and self._looked == generation:
            return self._slots
        if wanted is not self._wanted:
            self._wanted = wanted
            inside = set(wanted)
            self._slots = [slot if slot.shown == (slot.key in inside) else slot._replace(shown=not slot.shown)
                           for slot in self._slots]
        looked, made = generation, False
        free = [slot for slot in self._slots if not slot.shown]   # looked through once, not per piece
        for key in wanted:
            if key in self._index:
                continue
            image = drawn(key)
            if image is None:
                continue
            size = image.get_size()
            cost = size[0] * size[1] * image.get_bytesize()
            index = self._free_slot(free, size, most)
            fresh = index is None or index == len(self._slots) or self._slots[index].image.get_size() != size
            if index is None or (budget is not None and (cost > budget or (fresh and made))):
                looked = None   # left for the next frame
                if budget is not None and budget < cost:
                    break
                continue
            if budget is not None:
                budget -= cost
            made = made or fresh
            area = key.area()
            if index == len(self._slots):
                self._slots.append(Placed(index, key, image, area, True))
            else:
                free.remove(self._slots[index])
                del self._index[self._slots[index].key]
                self._slots[index] = Placed(index, key, image, area, True)
            self._index[key] = index
        self._looked = looked
        return self._slots

    def _free_slot(self, free: list[Placed], size: tuple[int, int], most: int) -> int | None:
        """A slot of `free` (those whose tile is out of view), of this size if one is (its texture is
        filled, not made); a new slot while there are fewer than `most`; None when every slot shows
        a tile."""
        same = next((slot.slot for slot in free if slot.image.get_size() == size), None)
        if same is not None:
            return same
        if len(self._slots) < most:
            return len(self._slots)
        return free[0].slot if free else None
