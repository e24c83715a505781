"""The light a generated scene is painted in: day, dusk, night, rain or snow (pure).

A lighting is more than a sky: `light` gives the scene its `lighting` name and its `tint`, a colour
the renderer blends the whole picture towards, the ground, the props and every person alike
(`render.lit`), and a recipe draws the weather into its own ground (`rain`, wet paving and puddles;
`snow_cover` on the ground, `snowfall` in the air). A blend towards one colour shrinks every colour
difference by the same factor, (1 - alpha): the tints keep alpha at most `MAX_TINT`, so a red top
stays as far from an orange one, relatively, as by day (`tests/scenes/test_lighting.py` measures the
twelve top colours under every tint).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lastmessage.scenegen.decor_slopes import OUTLINE
from lastmessage.scenegen.layout import PEOPLE_SCALE, Box, Layout

LAMP_HEIGHT = 0.09    # scene widths, at a figure scale of 1: a lamp post is about twice a grown-up
SLOTS = 9             # places tried along each row of `street_lamps`

LIGHTINGS = ("day", "dusk", "night", "rain", "snow")
TINTS = {
    "day": "",
    "dusk": "#ff7a3c2e",     # low orange sun over everything
    "night": "#1a2a6a5c",    # blue night, lamps shining over it (`street_lamps`, the scene's lights)
    "rain": "#52627a4a",     # grey rain light
    "snow": "#dfe9f838",     # cold white light off the snow
}
MAX_TINT = 0x5c / 255   # the most any tint moves a colour towards its own (night)


def light(L: Layout, lighting: str) -> None:
    """Light the scene so: its `lighting` name, and the tint the whole picture is painted under."""
    L.lighting = lighting
    L.tint = TINTS[lighting]


def rain(L: Layout, seed: int, top: float = 0.0, bottom: float = 1.0) -> None:
    """Rain falling over the picture from `top` to `bottom`: slanted streaks, seeded by the scene's seed."""
    L.shape("rain", x=0, y=top, w=1, h=bottom - top, color="#e7f0fa90", count=round(900 * (bottom - top)),
            length=0.016, seed=seed)


def puddles(L: Layout, spots: list[tuple[float, float]], colour: str = "#6f8297a0") -> None:
    """Flat puddles of rain on the ground, wider than deep, shrinking with the distance: a dark pool with
    the sky's sheen on its far half, no rim (a light ring round someone's feet would read as the game's
    highlight)."""
    for x, y in spots:
        s = L.perspective(y)
        w, h = 0.05 * s, 0.012 * s * L.aspect
        L.shape("ellipse", x=round(x - w / 2, 4), y=round(y - h / 2, 4), w=round(w, 4), h=round(h, 4), color=colour)
        L.shape("ellipse", x=round(x - w * 0.3, 4), y=round(y - h * 0.4, 4), w=round(w * 0.5, 4), h=round(h * 0.35, 4),
                color="#c9d6e260")


def snowfall(L: Layout, seed: int, top: float = 0.0) -> None:
    """Flakes in the air from `top` down."""
    L.shape("speckle", x=0, y=top, w=1, h=1 - top, colors=["#ffffffd0", "#ffffff90"], count=900, size=0.0022,
            seed=seed)


def snow_cover(L: Layout, y0: float, y1: float, seed: int) -> None:
    """Snow lying on the ground between y0 and y1: a white blanket the ground shows through a little
    at the front (trodden paths), and drifts of sparkle."""
    L.shape("gradient", top="#f4f8fcf0", bottom="#e6eef6d8", y0=y0, y1=y1)
    L.shape("speckle", x=0, y=y0, w=1, h=y1 - y0, colors=["#ffffff", "#d5e2ef", "#c3d3e4"], count=1400,
            size=0.0024, seed=seed + 7)


def pool_depth(layout: Layout, pool: float) -> float:
    """Half the height (scene heights) of a lamp's pool `pool` scene widths across half: the
    ground seen from eye height flattens it to about a third as deep as it is wide."""
    return pool * layout.aspect * 0.32


def lamp_box(layout: Layout, x: float, y: float) -> Box:
    """What a lamp post with its foot at (x, y) is drawn in: its globe's glow down to the foot (scene units)."""
    s = layout.perspective(y)
    top = y - LAMP_HEIGHT * s * layout.aspect - 0.016 * s * layout.aspect
    return (x - 0.014 * s, top, x + 0.014 * s, y)


def lamps_at(layout: Layout, places: Sequence[tuple[float, float]], pool: float, *,
             reach: float = 0.1) -> list[tuple[float, float]]:
    """Lamps at the recipe's own places (the fair's), each moved along its row up to `reach` where its post
    would stand in a prop, or in a stall or a stage, behind it or in front (`Layout.open_for`: its globe over
    a counter leaves the keeper no room; its pool of light may lie under a stall the background draws
    later); a place with no room left has no lamp. Where they stood."""
    stood: list[tuple[float, float]] = []
    for x, y in places:
        for dx in sorted((k * 0.01 for k in range(-round(reach / 0.01), round(reach / 0.01) + 1)), key=abs):
            lx = x + dx
            post = lamp_box(layout, lx, y)
            if layout.open_for(post, post):
                lamp_post(layout, lx, y, pool=pool)
                stood.append((lx, y))
                break
    return stood


def lamp_post(layout: Layout, x: float, y: float, pool: float = 0.09) -> None:
    """A lamp and the pool of warm light it throws on the ground. Under a tint (a generated night)
    the light is the scene's `lights`, painted over the tint in its own colour: tinted with the
    rest, a lamp was as dull as the night round it, and the night a colour wash."""
    shine = layout.glow if layout.tint else layout.shape
    ry = pool_depth(layout, pool)
    for k, alpha in ((1.0, "30"), (0.72, "38"), (0.45, "40")):
        shine("ellipse", x=x - pool * k, y=y - ry * k, w=pool * 2 * k, h=ry * 2 * k, color="#ffe9a8" + alpha)
    s = layout.perspective(y)
    top = y - LAMP_HEIGHT * s * layout.aspect
    layout.shape("path", points=[[x, y], [x, top]], color="#2b2b30", width=0.0022)
    shine("ellipse", x=x - 0.006 * s, y=top - 0.008 * s * layout.aspect, w=0.012 * s,
          h=0.012 * s * layout.aspect, color="#fff3bf", outline=OUTLINE, width=0.0008)
    shine("ellipse", x=x - 0.014 * s, y=top - 0.016 * s * layout.aspect, w=0.028 * s,
          h=0.028 * s * layout.aspect, color="#fff3bf30")
    layout.block(x - 0.006, y - 0.01, x + 0.006, y + 0.004)
    layout.lamps.append(lamp_box(layout, x, y))
    tall = 0.024 * PEOPLE_SCALE * s * layout.aspect   # a grown-up's height here: no head against the globe
    layout.block(x - 0.018 * s, top - 0.02, x + 0.018 * s, top + tall + 0.02)
    layout.overhead(x - 0.014 * s, top - 0.016 * s * layout.aspect, x + 0.014 * s, top + 0.012 * s * layout.aspect)


def street_lamps(L: Layout, rows: Sequence[float], box: Box, count: int = 6,
                 where: Callable[[float, float], bool] | None = None) -> int:
    """A generated night's lamps: up to `count` posts standing on open ground along `rows` (their
    feet's heights) within `box`, spread across the picture, each where nothing is drawn yet
    (the background's post would show through a prop or a person drawn over it) and nobody is
    to stand (they are placed before the crowd, which keeps off them), and on ground `where` says
    a person may stand (the sand, not the sea). How many stood."""
    x0, y0, x1, y1 = box
    stood: list[tuple[float, float]] = []
    for y in rows:
        for slot in range(SLOTS):
            if len(stood) >= count:
                return len(stood)
            x = L.nudge(x0 + (x1 - x0) * (slot + 0.5) / SLOTS, 0.02)
            if not (x0 <= x <= x1 and y0 <= y <= y1) or any(abs(x - sx) < 0.12 and abs(y - sy) < 0.12
                                                            for sx, sy in stood):
                continue
            s = L.perspective(y)
            top = lamp_box(L, x, y)[1]
            pool = 0.07 * s
            ry = pool_depth(L, pool)
            if (where is None or where(x, y)) and L.open_for((x - 0.02 * s, top, x + 0.02 * s, y + 0.01),
                                                            (x - pool, y - ry, x + pool, y + ry)):
                lamp_post(L, x, y, pool=pool)
                L.block(x - 0.006 * s, top, x + 0.006 * s, y)   # nobody behind the post, drawn over it
                stood.append((x, y))
    return len(stood)
