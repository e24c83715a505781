"""Small SVG shape helpers for props and animals drawn in the emoji's frame (pure).

Props and the later animals replace emoji that the scene files size as a
136 x 128 glyph centred on the figure. They are drawn in a 200 x 200 frame
(ground at y = 196, centre x = 100) that `framed_svg` puts over the figure
box of `figures.CANVAS`, so such a drawing covers what the glyph covered and
the scene files (and the ids journals name) stay as they are. Outlines are
the people's (`figures.LINE`), so everything shares one style.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from lastmessage.scenes.figures import CANVAS, LINE, OUT, Point, _f, _pts

GROUND = 196.0


def _fill(colour: str, opacity: float = 1.0) -> str:
    """A fill nanosvg understands: it reads "#rrggbbaa" as opaque, so the alpha becomes fill-opacity."""
    if len(colour) == 9 and colour.startswith("#"):
        opacity *= int(colour[7:], 16) / 255
        colour = colour[:7]
    alpha = f' fill-opacity="{_f(opacity)}"' if opacity < 1 else ""
    return f'fill="{colour}"{alpha}'


def rect(x: float, y: float, w: float, h: float, colour: str, *, rx: float = 0.0, outline: bool = True) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}" stroke-linejoin="round"' if outline else ""
    corner = f' rx="{_f(rx)}"' if rx else ""
    return f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"{corner} {_fill(colour)}{stroke}/>'


def poly(points: Sequence[Point], colour: str, *, outline: bool = True, opacity: float = 1.0) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}" stroke-linejoin="round"' if outline else ""
    return f'<polygon points="{_pts(points)}" {_fill(colour, opacity)}{stroke}/>'


def circle(x: float, y: float, r: float, colour: str, *, outline: bool = True, opacity: float = 1.0) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}"' if outline else ""
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" {_fill(colour, opacity)}{stroke}/>'


def ellipse(x: float, y: float, rx: float, ry: float, colour: str, *, outline: bool = True,
            opacity: float = 1.0) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}"' if outline else ""
    return f'<ellipse cx="{_f(x)}" cy="{_f(y)}" rx="{_f(rx)}" ry="{_f(ry)}" {_fill(colour, opacity)}{stroke}/>'


def path(d: str, colour: str, *, outline: bool = True) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}" stroke-linejoin="round"' if outline else ""
    return f'<path d="{d}" {_fill(colour)}{stroke}/>'


def line(points: Sequence[Point], colour: str, width: float) -> str:
    paint = _fill(colour).replace("fill", "stroke")
    return (f'<polyline points="{_pts(points)}" fill="none" {paint} stroke-width="{_f(width)}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>')


def stroke(points: Sequence[Point], colour: str, width: float) -> str:
    """A thick line with the dark outline around it (poles, ropes, legs)."""
    return line(points, OUT, width + 2 * LINE) + line(points, colour, width)


def star(x: float, y: float, r: float, colour: str, points: int = 5) -> str:
    corners = []
    for i in range(points * 2):
        a = -math.pi / 2 + math.pi * i / points
        radius = r if i % 2 == 0 else r * 0.45
        corners.append((x + math.cos(a) * radius, y + math.sin(a) * radius))
    return poly(corners, colour)


def ring_points(x: float, y: float, rx: float, ry: float, count: int, start: float = 0.0) -> list[Point]:
    return [(x + math.cos(start + 2 * math.pi * i / count) * rx, y + math.sin(start + 2 * math.pi * i / count) * ry)
            for i in range(count)]


def framed_svg(body: str, mirror: bool) -> str:
    """An SVG document over `figures.CANVAS` of a drawing made in the 200 x 200 emoji frame."""
    inner = f'<g transform="translate(-40 0)">{body}</g>'
    if mirror:
        inner = f'<g transform="matrix(-1 0 0 1 120 0)">{inner}</g>'
    x, y, w, h = CANVAS
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x)} {_f(y)} {_f(w)} {_f(h)}" '
            f'width="{_f(w)}" height="{_f(h)}">{inner}</svg>')
