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

from lastmessage.scenegen.layout import Layout

LIGHTINGS = ("day", "dusk", "night", "rain", "snow")
TINTS = {
    "day": "",
    "dusk": "#ff7a3c2e",     # low orange sun over everything
    "night": "#1a2a6a5c",    # blue night, lamps and windows drawn light by the recipe
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
