"""Reusable pieces of scenery for the recipes: stalls, fountains, buildings (pure).

Each helper draws with background shapes and, where a victim could draw it,
adds a named prop, and keeps people off the area it covers, so recipes read
as a list of places rather than as coordinates of rectangles.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from lastmessage.scenes.geometry import FIGURE_SIZE
from lastmessage.scenegen.layout import STAND, Layout

WOOD = "#8a5a35"
WOOD_DARK = "#5e3b22"


def stall(layout: Layout, name: str, emoji: str, x: float, y: float, *, width: float = 1.7,
          colours: Sequence[str] = ("#d8423a", "#f6efe0"), goods_scale: float = 0.6) -> float:
    """A market stall: striped awning on two posts, wooden counter and its goods (the prop), at its true
    size (`layout.STAND`): `width` standing grown-ups wide, its counter at their waists. `y` is a
    little above its foot (the foot where the old drawing had it, so the queues in front stay put).
    Returns the counter top's y, where a seller behind it (pose `serving`) has the feet point."""
    ground = y + 0.6 * 0.028 * layout.perspective(y) * layout.aspect
    tall = layout.grown_up(ground)
    half = width * tall / layout.aspect / 2
    top, eave, sill = ground - STAND["awning top"] * tall, ground - STAND["awning"] * tall, ground - STAND["counter"] * tall
    post = 0.16 * tall / layout.aspect   # about 15 cm
    layout.shape("rect", x=x - half + post / 2, y=eave, w=2 * half - post, h=sill - eave, color="#3b2a1e")
    for px in (x - half, x + half - post):
        layout.shape("rect", x=px, y=eave, w=post, h=ground - eave, color=WOOD_DARK)
    layout.shape("stripes", x=x - half - post, y=top, w=2 * (half + post), h=eave - top, colors=list(colours), count=8)
    layout.shape("rect", x=x - half - post, y=eave, w=2 * (half + post), h=0.05 * tall, color="#00000040")
    layout.shape("rect", x=x - half, y=sill, w=2 * half, h=ground - sill, color=WOOD, outline=WOOD_DARK, width=0.0012)
    layout.shape("rect", x=x - half, y=sill, w=2 * half, h=0.1 * tall, color="#a8754a")
    goods = FIGURE_SIZE * goods_scale * layout.perspective(y) * layout.aspect   # its box's height
    layout.prop(name, emoji, x - 0.25 * half, sill - 0.3 * goods, goods_scale, keep=0.0)
    layout.stand("stall", name, x - half - post, top, x + half + post, ground)
    layout.block(x - half - post - 0.004, top, x + half + post + 0.004, ground + 0.1 * tall)
    return sill


def fountain(layout: Layout, name: str, x: float, y: float, radius: float = 0.05) -> None:
    """A round basin with a fountain in the middle; people crowd around its rim."""
    ry = radius * layout.aspect * 0.55
    layout.shape("ellipse", x=x - radius * 1.08, y=y - ry * 1.08 + 0.006, w=radius * 2.16, h=ry * 2.16,
                 color="#00000030")
    layout.shape("ellipse", x=x - radius, y=y - ry, w=2 * radius, h=2 * ry, color="#c9c2b4",
                 outline="#8f887b", width=0.0015)
    layout.shape("ellipse", x=x - radius * 0.86, y=y - ry * 0.8, w=radius * 1.72, h=ry * 1.6,
                 color="#4fa3d9")
    layout.shape("waves", x=x - radius * 0.6, y=y - ry * 0.5, w=radius * 1.2, h=ry, color="#d8f0ffb0",
                 rows=3, width=0.001)
    layout.prop(name, "\u26F2", x, y - ry * 0.45, 2.2, keep=0.0)
    layout.block(x - radius, y - ry, x + radius, y + ry)


def building(layout: Layout, x0: float, y0: float, x1: float, y1: float, *, wall: str, roof: str,
             window: str = "#f5e6a8", rows: int = 2, cols: int = 4, door: str = "#5a3b2a",
             snow: bool = False) -> None:
    """A façade seen from the front, with a pitched roof (snow on it, in the mountains), windows and
    a door (scenery only)."""
    width, height = x1 - x0, y1 - y0
    layout.shape("rect", x=x0 + 0.004, y=y0 + 0.01, w=width, h=height, color="#00000030")
    layout.shape("rect", x=x0, y=y0, w=width, h=height, color=wall, outline="#00000040", width=0.001)
    layout.shape("polygon", points=[[x0 - 0.006, y0], [x0 + width / 2, y0 - height * 0.35],
                                    [x1 + 0.006, y0]], color=roof, outline="#00000050", width=0.001)
    if snow:
        peak, eave = y0 - height * 0.35, y0 - height * 0.06
        layout.shape("polygon", points=[[x0 - 0.004, eave], [x0 + width / 2, peak - 0.004], [x1 + 0.004, eave],
                                        [x1 - width * 0.12, eave + 0.006], [x0 + width / 2, peak + height * 0.08],
                                        [x0 + width * 0.12, eave + 0.006]], color="#f8fbff", outline="#c3d7ea",
                     width=0.0008)
    wx, wy = width / (cols * 2 + 1), height * 0.55 / (rows * 2 + 1)
    for r in range(rows):
        for c in range(cols):
            layout.shape("rect", x=x0 + wx * (2 * c + 1), y=y0 + wy * (2 * r + 1), w=wx, h=wy * 1.2,
                         color=window, outline="#00000050", width=0.0008)
    layout.shape("rect", x=x0 + width / 2 - wx * 0.6, y=y1 - height * 0.35, w=wx * 1.2, h=height * 0.35,
                 color=door)
    layout.block(x0, y0 - height * 0.35, x1, y1 + 0.01)


def awning_table(layout: Layout, name: str, emoji: str, x: float, y: float, scale: float = 0.9) -> None:
    """A small round café table with a prop on it; chairs are left to the people."""
    s = layout.perspective(y)
    layout.shape("ellipse", x=x - 0.014 * s, y=y - 0.008 * s, w=0.028 * s, h=0.02 * s * layout.aspect * 0.6,
                 color="#f1ece2", outline="#9b8f7a", width=0.001)
    layout.prop(name, emoji, x, y - 0.006, scale, keep=0.016)


def rug(layout: Layout, x0: float, y0: float, x1: float, y1: float, colours: Sequence[str],
        count: int = 6, vertical: bool = True) -> None:
    """A striped towel, rug or carpet on the ground (scenery only)."""
    layout.shape("stripes", x=x0, y=y0, w=x1 - x0, h=y1 - y0, colors=list(colours), count=count,
                 vertical=vertical)


def train(layout: Layout, name: str, x0: float, x1: float, y: float, *, body: str, stripe: str,
          nose_left: bool = True) -> None:
    """A long modern train seen from the side on a track, its streamlined nose at one end (a drawn prop)."""
    h = 0.05
    top = y - h
    nose = 0.035
    body_x0, body_x1 = (x0 + nose, x1) if nose_left else (x0, x1 - nose)
    layout.shape("rect", x=body_x0, y=top, w=body_x1 - body_x0, h=h, color=body, outline="#2d3640", width=0.0012)
    tip = [[x0, y - 0.004], [x0 + nose, top], [x0 + nose, y]] if nose_left else [
        [x1, y - 0.004], [x1 - nose, top], [x1 - nose, y]]
    layout.shape("polygon", points=tip, color=body, outline="#2d3640", width=0.0012)
    layout.shape("rect", x=body_x0, y=top + h * 0.62, w=body_x1 - body_x0, h=h * 0.14, color=stripe)
    windows = max(3, round((body_x1 - body_x0) / 0.022))
    step = (body_x1 - body_x0) / windows
    for i in range(windows):
        layout.shape("rect", x=body_x0 + step * i + step * 0.18, y=top + h * 0.16, w=step * 0.64, h=h * 0.3,
                     color="#a9c7e6", outline="#2d3640", width=0.0008, radius=0.002)
    for i in range(1, round((body_x1 - body_x0) / 0.11)):
        gap_x = body_x0 + i * 0.11
        layout.shape("rect", x=gap_x - 0.001, y=top, w=0.002, h=h, color="#2d3640")
    layout.prop(name, "", (x0 + x1) / 2, y - h / 2, 2.0, flat=True, keep=0)


def burst(layout: Layout, name: str, x: float, y: float, radius: float, colours: Sequence[str]) -> None:
    """Fireworks in the night sky: rays from a centre with bright tips (a drawn prop)."""
    rays = 14
    for i in range(rays):
        a = 2 * math.pi * i / rays
        end = [x + math.cos(a) * radius, y + math.sin(a) * radius * layout.aspect]
        mid = [x + math.cos(a) * radius * 0.35, y + math.sin(a) * radius * 0.35 * layout.aspect]
        colour = colours[i % len(colours)]
        layout.shape("path", points=[mid, end], color=colour, width=0.0018)
        layout.shape("ellipse", x=end[0] - 0.002, y=end[1] - 0.002 * layout.aspect, w=0.004,
                     h=0.004 * layout.aspect, color="#ffffff")
    layout.prop(name, "", x, y, 1.5, flat=True, keep=0)


def lightning(layout: Layout, x: float, y: float, height: float) -> None:
    """A bolt of lightning striking down out of the rain clouds from (x, y), `height` tall, in a glow (a
    drawn prop): what lights a rainy sky, where nobody lets fireworks off."""
    w = height * 0.16   # the bolt's width in scene widths
    bolt = ((0.0, 0.0), (0.55, 0.0), (0.22, 0.4), (0.6, 0.4), (-0.35, 1.0), (0.0, 0.5), (-0.38, 0.5))
    points = [[x + dx * w, y + dy * height] for dx, dy in bolt]
    layout.shape("polygon", points=points, color="#fff3bf40", outline="#fff3bf40", width=0.01)   # the glow
    layout.shape("polygon", points=points, color="#fffbe6", outline="#fcc419", width=0.0014)
    layout.prop("lightning", "", x, y + height * 0.5, 1.5, flat=True, keep=0)
