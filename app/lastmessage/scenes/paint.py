"""Draws a scene's background shapes (pygame).

The shape vocabulary is documented and checked in `shapes.py`; this module
only turns shapes into pixels. Positions are scaled by the render size and
line widths by the figure unit (see `geometry.unit`), so a scene looks the
same at 1024x600 and at 3840x2160. Shapes with a translucent colour are drawn
through a small layer so their alpha blends instead of overwriting.

A part of a render can be painted alone (`paint_background(..., full=, origin=)`):
the same pixels as that part of the whole render, for a fraction of its memory
(a portrait is cut from a 5760x3240 render, 71 MB whole). Every coordinate is
computed as for the whole render and then shifted by whole pixels, so the
rasterisation is the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
import pygame

from lastmessage.scenes.shapes import (shape_colour, shape_colours, shape_flag, shape_number, shape_points,
                                       shape_whole)

Colour = tuple[int, int, int, int]
Point = tuple[float, float]


class _Canvas:
    """Scene-to-pixel mapping for one render of `full` size, of which `surface` holds the part
    whose top left is the render's pixel `origin`."""

    def __init__(self, surface: pygame.Surface, unit: float, full: tuple[int, int] | None = None,
                 origin: tuple[int, int] = (0, 0)) -> None:
        self.surface = surface
        self.w, self.h = full or surface.get_size()
        self.unit = unit
        self.ox, self.oy = origin

    def point(self, x: float, y: float) -> Point:
        """Whole pixels, cut toward zero as pygame's drawing cuts a float, then shifted: a
        float shifted first would be cut differently left of or above a part."""
        return int(x * self.w) - self.ox, int(y * self.h) - self.oy

    def box(self, shape: Mapping[str, object]) -> pygame.Rect:
        x, y = shape_number(shape, "x") * self.w, shape_number(shape, "y") * self.h
        return pygame.Rect(round(x) - self.ox, round(y) - self.oy,
                           max(1, round(shape_number(shape, "w") * self.w)),
                           max(1, round(shape_number(shape, "h") * self.h)))

    def layer(self, box: pygame.Rect) -> tuple[pygame.Surface, tuple[int, int]]:
        """A transparent layer for what a shape draws in `box`, and the shift from the box's own
        coordinates to the layer's: only the part on the surface when a part is painted (a
        ground's speckle spans the whole render)."""
        if (self.ox, self.oy) == (0, 0) and (self.w, self.h) == self.surface.get_size():
            return pygame.Surface(box.size, pygame.SRCALPHA), (0, 0)
        shown = box.clip(self.surface.get_rect())
        return (pygame.Surface((max(0, shown.width), max(0, shown.height)), pygame.SRCALPHA),
                (box.x - shown.x, box.y - shown.y))

    def length(self, value: float) -> int:
        return max(1, round(value * self.unit))


def _with_alpha(canvas: _Canvas, colour: Colour, bounds: pygame.Rect,
                draw: Callable[[pygame.Surface, Colour, Point], None]) -> None:
    """Call draw(target, colour, offset) directly, or through a layer for translucent colours."""
    if colour[3] >= 255:
        draw(canvas.surface, colour, (0.0, 0.0))
        return
    bounds = bounds.clip(canvas.surface.get_rect())
    if bounds.width <= 0 or bounds.height <= 0:
        return
    layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
    draw(layer, (colour[0], colour[1], colour[2], 255), (-bounds.x, -bounds.y))
    layer.fill((255, 255, 255, colour[3]), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.surface.blit(layer, bounds.topleft)


def _gradient(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    top, bottom = shape_colour(shape, "top"), shape_colour(shape, "bottom")
    y0 = round(shape_number(shape, "y0", 0.0) * canvas.h)
    y1 = round(shape_number(shape, "y1", 1.0) * canvas.h)
    if y1 <= y0:
        return
    shown = range(max(0, canvas.oy - y0), min(y1 - y0, canvas.oy + canvas.surface.get_height() - y0))
    for row in shown:
        t = row / max(1, y1 - y0 - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom))
        canvas.surface.fill(colour, (0, y0 + row - canvas.oy, canvas.surface.get_width(), 1))


def _rect(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    box = canvas.box(shape)
    radius_field = shape_number(shape, "radius", 0)
    radius = canvas.length(radius_field) if radius_field else 0

    def draw(target: pygame.Surface, colour: Colour, off: Point) -> None:
        pygame.draw.rect(target, colour, box.move(off), border_radius=radius)

    _with_alpha(canvas, shape_colour(shape, "color"), box, draw)
    if "outline" in shape:
        width = canvas.length(shape_number(shape, "width", 0.002))
        _outline(canvas, shape_colour(shape, "outline"), box, width, radius)


def _outline(canvas: _Canvas, colour: Colour, box: pygame.Rect, width: int, radius: int) -> None:
    """A rectangle's outline. pygame draws one that crosses the surface's edge differently
    from the same one whole (the cut edge gets a band of its own), so a part painted alone
    draws it on a piece cut at the whole render's edges and keeps what falls on the part."""
    inside = canvas.surface.get_rect().contains(box)
    if inside or ((canvas.ox, canvas.oy) == (0, 0) and (canvas.w, canvas.h) == canvas.surface.get_size()):
        pygame.draw.rect(canvas.surface, colour, box, width, border_radius=radius)
        return
    whole = pygame.Rect(-canvas.ox, -canvas.oy, canvas.w, canvas.h).clip(box)   # in the part's pixels
    if whole.width <= 0 or whole.height <= 0:
        return
    piece = pygame.Surface(whole.size)
    key = (colour[0] ^ 1, colour[1], colour[2])
    piece.fill(key)
    piece.set_colorkey(key)
    pygame.draw.rect(piece, colour, box.move(-whole.x, -whole.y), width, border_radius=radius)
    canvas.surface.blit(piece, whole.topleft)


def _ellipse(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    box = canvas.box(shape)

    def draw(target: pygame.Surface, colour: Colour, off: Point) -> None:
        pygame.draw.ellipse(target, colour, box.move(off))

    _with_alpha(canvas, shape_colour(shape, "color"), box, draw)
    if "outline" in shape:
        width = canvas.length(shape_number(shape, "width", 0.002))
        pygame.draw.ellipse(canvas.surface, shape_colour(shape, "outline"), box, width)


def _points(canvas: _Canvas, shape: Mapping[str, object]) -> list[Point]:
    return [canvas.point(x, y) for x, y in shape_points(shape, "points")]


def _bounds(points: Sequence[Point], pad: float = 0) -> pygame.Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    left, top = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
    return pygame.Rect(left, top, math.ceil(max(xs) + pad) - left + 1, math.ceil(max(ys) + pad) - top + 1)


def _polygon(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    points = _points(canvas, shape)

    def draw(target: pygame.Surface, colour: Colour, off: Point) -> None:
        pygame.draw.polygon(target, colour, [(x + off[0], y + off[1]) for x, y in points])

    _with_alpha(canvas, shape_colour(shape, "color"), _bounds(points), draw)
    if "outline" in shape:
        width = canvas.length(shape_number(shape, "width", 0.002))
        _thick_line(canvas.surface, shape_colour(shape, "outline"), [*points, points[0]], width)


def _thick_line(target: pygame.Surface, colour: Colour, points: Sequence[Point], width: int) -> None:
    """A polyline with round joins and ends (pygame's own joins leave notches)."""
    radius = width / 2
    for a, b in zip(points, points[1:]):
        pygame.draw.line(target, colour, a, b, width)
    if width > 2:
        for p in points:
            pygame.draw.circle(target, colour, p, radius)


def _path(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    points = _points(canvas, shape)
    width = canvas.length(shape_number(shape, "width"))

    def draw(target: pygame.Surface, colour: Colour, off: Point) -> None:
        _thick_line(target, colour, [(x + off[0], y + off[1]) for x, y in points], width)

    _with_alpha(canvas, shape_colour(shape, "color"), _bounds(points, width), draw)


def _speckle(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    box = canvas.box(shape)
    colours = shape_colours(shape, "colors")
    rng = random.Random(shape_whole(shape, "seed"))
    size = shape_number(shape, "size") * canvas.unit
    layer, (dx, dy) = canvas.layer(box)
    for _ in range(shape_whole(shape, "count")):
        x, y = rng.random() * box.width, rng.random() * box.height
        colour = colours[rng.randrange(len(colours))]
        r = max(0.6, size * (0.5 + rng.random()))
        pygame.draw.ellipse(layer, colour, (int(x - r) + dx, int(y - r * 0.6) + dy, 2 * r, 1.2 * r))
    canvas.surface.blit(layer, (box.x - dx, box.y - dy))


def _waves(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    box = canvas.box(shape)
    rows = shape_whole(shape, "rows")
    width = canvas.length(shape_number(shape, "width"))
    colour = shape_colour(shape, "color")
    layer, (dx, dy) = canvas.layer(box)
    rng = random.Random(rows * 7919 + box.width)
    wavelength = max(8.0, canvas.unit * 0.03)
    for row in range(rows):
        y = (row + 0.5) * box.height / max(1, rows)
        x = rng.random() * wavelength * 3
        while x < box.width:
            length = wavelength * (1 + rng.random())
            pts = [(int(x + t * length / 8) + dx, int(y - math.sin(t / 8 * math.pi) * wavelength * 0.18) + dy)
                   for t in range(9)]
            pygame.draw.lines(layer, colour, False, pts, width)
            x += length + wavelength * (1 + 3 * rng.random())
    canvas.surface.blit(layer, (box.x - dx, box.y - dy))


def _stripes(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    box = canvas.box(shape)
    colours = shape_colours(shape, "colors")
    count = max(1, shape_whole(shape, "count"))
    vertical = shape_flag(shape, "vertical", True)
    span = box.width if vertical else box.height
    for i in range(count):
        a, b = round(i * span / count), round((i + 1) * span / count)
        part = (pygame.Rect(box.x + a, box.y, b - a, box.height) if vertical
                else pygame.Rect(box.x, box.y + a, box.width, b - a))
        colour = colours[i % len(colours)]

        def draw(target: pygame.Surface, c: Colour, off: Point, part: pygame.Rect = part) -> None:
            pygame.draw.rect(target, c, part.move(off))

        _with_alpha(canvas, colour, part, draw)


def _tiles(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    box = canvas.box(shape)
    colours = shape_colours(shape, "colors")
    cols, rows = max(1, shape_whole(shape, "cols")), max(1, shape_whole(shape, "rows"))
    layer, (dx, dy) = canvas.layer(box)
    for row in range(rows):
        for col in range(cols):
            x0, x1 = round(col * box.width / cols), round((col + 1) * box.width / cols)
            y0, y1 = round(row * box.height / rows), round((row + 1) * box.height / rows)
            layer.fill(colours[(row + col) % 2], (x0 + dx, y0 + dy, x1 - x0, y1 - y0))
    canvas.surface.blit(layer, (box.x - dx, box.y - dy))


def _rain(canvas: _Canvas, shape: Mapping[str, object]) -> None:
    """Streaks of rain falling a little aslant, `length` scene widths long, seeded like a speckle."""
    box = canvas.box(shape)
    colour = shape_colour(shape, "color")
    rng = random.Random(shape_whole(shape, "seed"))
    length = shape_number(shape, "length") * canvas.unit
    width = max(1, round(canvas.unit * 0.0007))
    layer, (dx, dy) = canvas.layer(box)
    for _ in range(shape_whole(shape, "count")):
        x, y = rng.random() * box.width, rng.random() * box.height
        streak = length * (0.6 + 0.6 * rng.random())
        pygame.draw.line(layer, colour, (x + dx, y + dy), (x - streak * 0.22 + dx, y + streak + dy), width)
    canvas.surface.blit(layer, (box.x - dx, box.y - dy))


_PAINTERS: dict[str, Callable[[_Canvas, Mapping[str, object]], None]] = {
    "gradient": _gradient, "rect": _rect, "ellipse": _ellipse, "polygon": _polygon,
    "path": _path, "speckle": _speckle, "waves": _waves, "stripes": _stripes, "tiles": _tiles,
    "rain": _rain,
}


def paint_background(surface: pygame.Surface, shapes: Sequence[Mapping[str, object]], unit: float, *,
                     full: tuple[int, int] | None = None, origin: tuple[int, int] = (0, 0)) -> None:
    """Draw the shapes in order; unknown shapes are skipped (the validator reports them).
    `full`, `origin`: `surface` is the part of a render of size `full` whose top left is the
    render's pixel `origin` (default: the whole render)."""
    canvas = _Canvas(surface, unit, full, origin)
    for shape in shapes:
        painter = _PAINTERS.get(str(shape.get("shape")))
        if painter is not None:
            painter(canvas, shape)
