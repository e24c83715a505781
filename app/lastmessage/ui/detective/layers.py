"""A cached background and the overlays drawn on it: the dirty-rectangle engine.

Most frames change nothing but a few small things (the cursor and its loupe,
the hold ring, the timer bar). So a screen describes its frame as a
*background* (scene, boards, chrome: rebuilt only when its key changes) and
*overlays* (redrawn only when their key changes). Between two frames only the
areas the old overlays covered are restored from the background and the new
overlays drawn: `draw` returns exactly those rectangles, or [] when nothing
changed.

A *top* overlay (a sound's caption) may sit above the overlays with a key of
its own: it stays put while the overlays under it change (a cursor step does
not send the caption to the display again), is drawn again only where they
touch it, and when it changes its old place is restored with the overlays
painted back into it.

Things that land and stay (ink replayed at the reveal, stroke by stroke)
are *patches*: painted once into the cached background, then left there, so a
frame costs only what is new. They come in streams, each a key and how many of
its patches are due by now; a stream whose count goes down (or that vanishes)
rebuilds the background, so the picture stays a function of the keys alone.

The target surface is assumed to keep what was drawn on it last time; a
different surface object (or size) is painted whole.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

PaintBase = Callable[[pygame.Surface], None]
PaintOverlays = Callable[[pygame.Surface], list[pygame.Rect]]
PaintPatch = Callable[[pygame.Surface, Hashable, int], pygame.Rect]
"""Paints patch `index` of stream `key` onto the background; returns the pixels it touched."""
Streams = tuple[tuple[Hashable, int], ...]


class Layers:
    def __init__(self) -> None:
        self._base: pygame.Surface | None = None
        self._base_key: Hashable = None
        self._overlay_key: Hashable = None
        self._drawn: list[pygame.Rect] = []
        self._top_key: Hashable = None
        self._top: list[pygame.Rect] = []
        self._target: pygame.Surface | None = None
        self._applied: dict[Hashable, int] = {}

    def forget(self) -> None:
        """The next frame is painted whole (another screen drew on the target)."""
        self._target = None

    def drop_base(self) -> None:
        """Let go of the cached background (a screen-sized picture): the next frame paints it again."""
        self._base = None
        self._base_key = None
        self._target = None

    def draw(self, surface: pygame.Surface, base_key: Hashable, paint_base: PaintBase,
             overlay_key: Hashable, paint_overlays: PaintOverlays,
             top_key: Hashable = None, paint_top: PaintOverlays = lambda _: [],
             streams: Streams = (), paint_patch: PaintPatch | None = None) -> list[pygame.Rect]:
        size = surface.get_size()
        due = dict(streams)
        rebuild = (self._base is None or self._base.get_size() != size or base_key != self._base_key
                   or any(due.get(key, 0) < count for key, count in self._applied.items()))
        if rebuild:
            if self._base is None or self._base.get_size() != size:
                self._base = pygame.Surface(size, 0, surface)
            paint_base(self._base)
            self._base_key = base_key
            self._applied = {}
        assert self._base is not None
        patched: list[pygame.Rect] = []
        for key, count in streams:
            assert paint_patch is not None, "patch streams need a painter"
            for index in range(self._applied.get(key, 0), count):
                patched.append(paint_patch(self._base, key, index))
            self._applied[key] = count
        if rebuild or surface is not self._target:
            surface.blit(self._base, (0, 0))
            self._target = surface
            self._drawn = paint_overlays(surface)
            self._overlay_key = overlay_key
            self._top, self._top_key = paint_top(surface), top_key
            return [surface.get_rect()]
        dirty: list[pygame.Rect] = []
        if overlay_key != self._overlay_key or patched:
            for rect in self._drawn + patched:
                surface.blit(self._base, rect, rect)
            drawn = paint_overlays(surface)
            dirty = self._drawn + patched + drawn
            self._drawn = drawn
            self._overlay_key = overlay_key
        if top_key != self._top_key or any(rect.collidelist(dirty) >= 0 for rect in self._top):
            for rect in self._top:   # its old place: the background, and the overlays under it
                surface.blit(self._base, rect, rect)
                surface.set_clip(rect)
                paint_overlays(surface)
                surface.set_clip(None)
            top = paint_top(surface)
            dirty += self._top + top
            self._top, self._top_key = top, top_key
        return dirty
