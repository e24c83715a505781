"""Props in the people's flat style, as SVG (pure: returns SVG text).

Every prop of the shipped recipes has a drawing here, keyed by its English
name (the `thing` trait). A drawing fills the 200 x 200 emoji frame of
`drawing.py` (ground at y = 196), so the scene files, their sizes and ids
stay as they were when these were emoji. A name without a drawing would keep
its emoji; a test holds every recipe's props to having one.

`AIRBORNE` names things that hang on a wall, float or fly: they get no
shadow on the ground.
"""

from __future__ import annotations

from collections.abc import Callable

from lastmessage.scenes import goods as g
from lastmessage.scenes import props_slopes
from lastmessage.scenes.drawing import (
    GROUND, circle, ellipse, framed_svg, line, path, poly, rect, ring_points, star, stroke,
)
from lastmessage.scenes.figures import LINE, OUT, _f
from lastmessage.scenes.props_water import AIRBORNE as WATER_AIRBORNE
from lastmessage.scenes.props_water import PROPS as WATER_PROPS
from lastmessage.scenes.props_halls import HALL_PROPS

WOOD, WOOD_DARK, STEEL, WHITE = "#a0683a", "#6e4a2a", "#adb5bd", "#f8f9fa"


# --- on the water ---------------------------------------------------------------

def _hull(x0: float, x1: float, top: float, depth: float, colour: str, *, stripe: str = WHITE) -> str:
    return (poly([(x0, top), (x1, top), (x1 - depth * 0.9, top + depth), (x0 + depth * 0.5, top + depth)], colour)
            + line([(x0 + 6, top + depth * 0.3), (x1 - 6, top + depth * 0.3)], stripe, 3))


def _water_line(x0: float, x1: float, y: float) -> str:
    return "".join(line([(x, y), (x + 12, y - 3), (x + 24, y)], "#e7f5ff", 3) for x in range(int(x0), int(x1) - 20, 30))


def sailing_boat() -> str:
    return (poly([(104, 30), (104, 150), (170, 150)], "#ff6b6b") + poly([(96, 50), (96, 150), (44, 150)], WHITE)
            + stroke([(100, 24), (100, 156)], WOOD_DARK, 3) + _hull(24, 182, 156, 28, "#f8f9fa", stripe="#1c7ed6")
            + _water_line(20, 186, 188))


def ferry() -> str:
    windows = "".join(rect(x, 104, 12, 10, "#a5d8ff", rx=2) for x in range(30, 170, 18))
    portholes = "".join(circle(x, 150, 4, "#a5d8ff") for x in range(36, 170, 20))
    return (rect(122, 50, 18, 34, "#e03131") + rect(122, 50, 18, 8, OUT, outline=False)
            + rect(50, 82, 110, 20, WHITE, rx=3) + rect(24, 98, 156, 26, WHITE, rx=3) + windows
            + _hull(10, 192, 124, 46, "#1864ab", stripe=WHITE) + portholes + _water_line(8, 194, 190))


def motor_boat() -> str:
    return (poly([(70, 112), (120, 112), (138, 136), (64, 136)], WHITE) + rect(80, 116, 40, 10, "#a5d8ff", rx=3)
            + _hull(20, 180, 136, 30, WHITE, stripe="#e03131") + _water_line(18, 184, 184))


def speedboat() -> str:
    return (poly([(96, 118), (124, 118), (136, 140), (92, 140)], "#a5d8ff")
            + poly([(18, 140), (176, 132), (150, 168), (34, 168)], "#f76707")
            + line([(30, 150), (160, 144)], WHITE, 4) + path("M176,132 l10,-4 l-4,14 Z", "#f76707")
            + "".join(line([(x, 176), (x - 14, 180)], "#e7f5ff", 3) for x in (30, 44, 58)) + _water_line(60, 190, 184))


def canoe() -> str:
    return (stroke([(70, 110), (140, 178)], WOOD, 4) + ellipse(146, 182, 8, 14, WOOD)
            + path("M16,150 Q100,190 184,150 Q100,168 16,150 Z", "#c2571a")
            + path("M16,150 Q100,164 184,150", "none") + _water_line(20, 180, 184))


def island() -> str:
    return (ellipse(100, 172, 86, 22, "#f1dcae") + line([(40, 180), (160, 180)], "#e7f5ff", 3)
            + stroke([(104, 166), (98, 120), (110, 84)], "#9c6b3c", 8)
            + "".join(stroke([(110, 84), mid, end], "#2f9e44", 10) for mid, end in (
                ((80, 70), (54, 96)), ((140, 70), (166, 94)), ((96, 62), (76, 50)), ((126, 62), (150, 52))))
            + ellipse(100, 188, 98, 8, "#4dabf7", outline=False, opacity=0.6))


def life_ring() -> str:
    """A lifebuoy hung on its post, as a person is tall, with its line coiled under it: it lay on the
    sand and the quay like a dropped toy. The ring hangs at chest height in front of the post."""
    cx, cy, r, tube = 100.0, 96.0, 30.0, 17.0
    post = (stroke([(100, 196), (100, 30)], WOOD, 10) + rect(78, 22, 44, 14, WHITE, rx=2)
            + line([(84, 29), (116, 29)], "#e03131", 4) + stroke([(100, 58), (100, 64)], WOOD_DARK, 6))
    ring = (f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="none" stroke="{OUT}" '
            f'stroke-width="{_f(tube + 2 * LINE)}"/>'
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="none" stroke="#e03131" stroke-width="{_f(tube)}"/>')
    inner, outer = r - tube / 2, r + tube / 2
    bands = "".join(poly([(cx + dx * inner - dy * 6, cy + dy * inner + dx * 6), (cx + dx * outer - dy * 9, cy + dy * outer + dx * 9),
                          (cx + dx * outer + dy * 9, cy + dy * outer - dx * 9), (cx + dx * inner + dy * 6, cy + dy * inner - dx * 6)],
                         WHITE, outline=False)
                    for dx, dy in ((0.71, 0.71), (-0.71, 0.71), (0.71, -0.71), (-0.71, -0.71)))
    coil = line([(100, 126), (88, 150), (100, 160), (112, 150), (100, 126)], "#f1f3f5", 3)
    return post + ring + bands + coil + line([(100, 62), (100, 66)], "#f1f3f5", 3)


def anchor() -> str:
    return (circle(100, 46, 14, "none") + stroke([(100, 60), (100, 180)], "#495057", 10)
            + stroke([(70, 80), (130, 80)], "#495057", 9)
            + path("M40,140 Q60,190 100,186 Q140,190 160,140 L150,150 M40,140 L52,152", "none")
            + stroke([(44, 142), (62, 176), (100, 186), (138, 176), (156, 142)], "#495057", 10))


def crane() -> str:
    lattice = "".join(line([(70 + (i % 2) * 20, 196 - i * 16), (90 - (i % 2) * 20, 180 - i * 16)], "#f59f00", 3)
                      for i in range(8))
    return (rect(66, 60, 28, 136, "none") + lattice + rect(20, 42, 170, 18, "#fab005")
            + stroke([(150, 60), (150, 130)], OUT, 1) + rect(138, 130, 26, 18, "#e03131")
            + rect(64, 30, 32, 20, "#fab005") + rect(70, 34, 12, 10, "#a5d8ff"))


def crates() -> str:
    def crate(x: float, y: float, w: float) -> str:
        return (rect(x, y, w, w * 0.8, "#c8843d") + line([(x + 3, y + 3), (x + w - 3, y + w * 0.8 - 3)], "#8a5420", 3)
                + line([(x, y + w * 0.4), (x + w, y + w * 0.4)], "#8a5420", 3))
    return crate(30, 136, 70) + crate(100, 136, 70) + crate(62, 80, 70)


def fishing_rods() -> str:
    return (stroke([(60, 196), (130, 40)], "#343a40", 4) + stroke([(110, 196), (160, 60)], "#343a40", 4)
            + line([(130, 40), (150, 130)], "#adb5bd", 1.5) + line([(160, 60), (176, 140)], "#adb5bd", 1.5)
            + rect(50, 160, 80, 36, "#1c7ed6", rx=6) + g.fish(150, 140, 30))


def fountain() -> str:
    jets = "".join(line([(100, 80), (100 + dx, 60), (100 + dx * 2, 110)], "#a5d8ff", 5) for dx in (-30, -15, 15, 30))
    return (ellipse(100, 170, 80, 20, "#ced4da") + ellipse(100, 166, 66, 12, "#4dabf7")
            + rect(92, 100, 16, 66, "#ced4da") + ellipse(100, 100, 36, 9, "#ced4da") + jets
            + stroke([(100, 100), (100, 46)], "#a5d8ff", 6) + circle(100, 44, 8, "#d0ebff"))


def ice_cream_cart() -> str:
    return (circle(56, 178, 16, "#495057") + rect(40, 110, 120, 60, "#fff0f6", rx=6) + rect(40, 110, 120, 14, "#f06595")
            + stroke([(160, 120), (184, 110)], STEEL, 4) + stroke([(90, 110), (90, 52)], STEEL, 3)
            + path("M40,56 Q90,20 140,56 Z", "#f783ac") + g.ice_cream(100, 146, 30) + g.ice_cream(132, 146, 30, "#ffe066")
            + circle(140, 184, 12, "#495057"))


def trolley(colour: str) -> str:
    bars = "".join(line([(x, 104), (x + 8, 150)], STEEL, 3) for x in range(56, 160, 18))
    return (stroke([(30, 80), (44, 96), (166, 100), (156, 152), (62, 152), (44, 96)], STEEL, 4) + bars
            + rect(60, 116, 90, 30, colour) + circle(70, 176, 10, OUT) + circle(150, 176, 10, OUT)
            + stroke([(62, 152), (66, 166), (156, 166)], STEEL, 4))


def luggage_trolley() -> str:
    """A station's flat trolley with suitcases on it (not a shop's basket)."""
    return (stroke([(150, 40), (150, 160)], STEEL, 6) + stroke([(132, 40), (168, 40)], STEEL, 6)
            + rect(30, 150, 130, 14, "#495057") + circle(52, 178, 14, "#343a40") + circle(136, 178, 14, "#343a40")
            + rect(40, 104, 56, 46, "#e8590c", rx=6) + rect(98, 116, 44, 34, "#1c7ed6", rx=6)
            + rect(52, 74, 40, 30, "#2f9e44", rx=5) + rect(58, 98, 16, 6, "none", rx=2))


def bicycle() -> str:
    """Side on, its wheels on the ground (they hung 12 units above it)."""
    return (circle(52, 160, 34, "none") + circle(150, 160, 34, "none")
            + stroke([(52, 160), (90, 160), (128, 114), (72, 114), (52, 160)], "#1c7ed6", 5)
            + stroke([(90, 160), (70, 102)], "#1c7ed6", 5) + stroke([(150, 160), (132, 100), (144, 94)], "#1c7ed6", 5)
            + ellipse(68, 100, 12, 4, OUT) + circle(52, 160, 4, OUT) + circle(150, 160, 4, OUT))


def lantern(colour: str = "#e03131") -> str:
    ribs = "".join(line([(100 + dx, 66), (100 + dx * 1.2, 120), (100 + dx, 172)], "#00000040", 3) for dx in (-22, 0, 22))
    return (stroke([(100, 30), (100, 62)], OUT, 2) + ellipse(100, 120, 52, 56, colour) + ribs
            + rect(80, 58, 40, 10, "#fab005") + rect(80, 172, 40, 10, "#fab005")
            + ellipse(86, 104, 10, 18, "#ffffff", outline=False, opacity=0.3) + line([(100, 182), (100, 196)], "#fab005", 4))


def basket(fill: Callable[[float, float, float], str] = g.baguette) -> str:
    weave = "".join(line([(48, y), (152, y)], "#8a5420", 3) for y in (140, 156, 172))
    return (fill(88, 112, 60) + fill(118, 118, 56) + path("M40,128 h120 l-14,62 h-92 Z", "#d4a060") + weave
            + path("M56,128 Q100,60 144,128", "none"))


def bucket(colour: str = "#1c7ed6") -> str:
    return (path("M48,100 Q100,40 152,100", "none") + poly([(48, 100), (152, 100), (140, 190), (60, 190)], colour)
            + ellipse(100, 100, 52, 12, "#d0ebff") + line([(56, 130), (144, 130)], "#ffffff60", 4))


def barrel() -> str:
    return (path("M56,40 Q40,118 56,194 H144 Q160,118 144,40 Z", "#1971c2")
            + "".join(path(f"M{_f(x0)},{_f(y)} Q100,{_f(y + 6)} {_f(200 - x0)},{_f(y)}", "none") for x0, y in (
                (50, 70), (46, 118), (50, 166)))
            + ellipse(100, 40, 44, 10, "#4dabf7"))


def street_piano() -> str:
    keys = "".join(rect(x, 120, 10, 30, WHITE) for x in range(40, 160, 10))
    black = "".join(rect(x + 7, 120, 6, 18, OUT, outline=False) for x in range(40, 150, 10) if (x // 10) % 7 not in (2, 6))
    return (rect(30, 40, 140, 80, "#c92a2a", rx=4) + rect(40, 54, 120, 40, "#e8590c") + keys + black
            + rect(30, 150, 140, 20, "#c92a2a") + rect(36, 170, 12, 26, "#862e2e") + rect(152, 170, 12, 26, "#862e2e")
            + "".join(g.flower(x, 70, 22, c) for x, c in ((70, "#ffd43b"), (100, "#74c0fc"), (130, "#ffffff"))))


def signpost() -> str:
    return (stroke([(100, 196), (100, 40)], WOOD_DARK, 8) + poly([(40, 50), (150, 50), (170, 66), (150, 82), (40, 82)],
                                                             "#f4e3c1")
            + poly([(160, 100), (50, 100), (30, 116), (50, 132), (160, 132)], "#f4e3c1")
            + line([(60, 66), (130, 66)], "#868e96", 4) + line([(70, 116), (140, 116)], "#868e96", 4))


def postbox() -> str:
    return (rect(58, 170, 84, 26, "#343a40") + path("M60,70 Q60,36 100,36 Q140,36 140,70 V172 H60 Z", "#e03131")
            + rect(76, 80, 48, 8, OUT, outline=False) + rect(82, 112, 36, 24, "#fff3bf"))


def table(*items: Callable[[float, float, float], str]) -> str:
    """A small round café table with a cup or glass or two on it."""
    things = "".join(item(100 + dx, 104, 40) for item, dx in zip(items, (-26, 26) if len(items) > 1 else (0,)))
    return (ellipse(100, 130, 70, 16, WHITE) + stroke([(100, 146), (100, 188)], STEEL, 6)
            + ellipse(100, 190, 30, 6, STEEL) + things)


# --- the station ----------------------------------------------------------------

def locomotive() -> str:
    return (rect(24, 120, 120, 46, "#2b2b30", rx=4) + rect(120, 66, 60, 100, "#c92a2a", rx=4)
            + rect(132, 80, 36, 28, "#a5d8ff") + rect(44, 80, 22, 42, "#2b2b30") + rect(38, 72, 34, 10, "#2b2b30")
            + "".join(circle(x, 96 - 20 * i, 10 + 4 * i, "#dee2e6", opacity=0.8) for i, x in enumerate((50, 44, 34)))
            + circle(60, 176, 20, "#c92a2a") + circle(112, 176, 20, "#c92a2a") + circle(162, 180, 14, "#c92a2a")
            + stroke([(60, 176), (112, 176)], STEEL, 4) + poly([(10, 166), (26, 150), (26, 186)], "#495057"))


def carriage(colour: str, window: str = "#fff3bf", mail: bool = False) -> str:
    windows = "" if mail else "".join(rect(x, 96, 22, 24, window, rx=3) for x in (22, 56, 90, 124, 158))
    parts = [rect(8, 80, 184, 84, colour, rx=8), rect(8, 80, 184, 8, "#00000040", outline=False), windows]
    if mail:
        parts += [rect(70, 96, 60, 50, "#c92a2a"), path("M74,100 L100,124 L126,100", "none")]
    parts += [circle(40, 176, 14, "#343a40"), circle(76, 176, 14, "#343a40"), circle(124, 176, 14, "#343a40"),
              circle(160, 176, 14, "#343a40")]
    return "".join(parts)


def clock(face: str = WHITE, case: str = "#343a40") -> str:
    ticks = "".join(line([p, q], OUT, 3) for p, q in zip(ring_points(100, 100, 52, 52, 12), ring_points(100, 100, 44, 44, 12)))
    return (circle(100, 100, 64, case) + circle(100, 100, 56, face) + ticks + stroke([(100, 100), (100, 62)], OUT, 3)
            + stroke([(100, 100), (128, 112)], OUT, 3) + circle(100, 100, 5, "#e03131"))


def sign(board: str, symbol: str, *, post: bool = True, width: float = 120, height: float = 70, top: float = 50) -> str:
    x0 = 100 - width / 2
    parts = [stroke([(100, top + height), (100, GROUND)], "#495057", 6)] if post else []
    parts += [rect(x0, top, width, height, board, rx=8), symbol]
    return "".join(parts)


def board(rows: int, colour: str) -> str:
    lines = "".join(line([(40, 74 + 18 * i), (110 if i % 2 else 140, 74 + 18 * i)], colour, 6) for i in range(rows))
    times = "".join(line([(150, 74 + 18 * i), (164, 74 + 18 * i)], "#f8f9fa", 6) for i in range(rows))
    return rect(26, 56, 148, 20 + 18 * rows, "#1d232b", rx=4) + lines + times


def lift() -> str:
    return (rect(40, 30, 120, 166, "#868e96") + rect(52, 50, 46, 146, "#ced4da") + rect(102, 50, 46, 146, "#ced4da")
            + poly([(100, 34), (90, 44), (110, 44)], "#ffd43b") + rect(164, 100, 14, 30, "#495057", rx=3)
            + circle(171, 110, 3, "#69db7c", outline=False) + circle(171, 120, 3, "#ffd43b", outline=False))


def signal_light() -> str:
    return (stroke([(100, 196), (100, 120)], "#495057", 8) + rect(74, 24, 52, 104, "#212529", rx=10)
            + circle(100, 46, 13, "#ff6b6b") + circle(100, 76, 13, "#495057") + circle(100, 106, 13, "#495057"))


def bench_with_suitcases() -> str:
    return (rect(30, 110, 140, 16, WOOD) + rect(30, 134, 140, 14, WOOD) + stroke([(40, 148), (40, 190)], OUT, 4)
            + stroke([(160, 148), (160, 190)], OUT, 4) + rect(46, 70, 50, 40, "#e03131", rx=6)
            + rect(104, 60, 40, 50, "#1c7ed6", rx=6) + rect(60, 62, 20, 8, "none", rx=3) + rect(114, 52, 20, 8, "none", rx=3))


def water_fountain() -> str:
    return (rect(70, 100, 60, 96, STEEL, rx=4) + ellipse(100, 100, 44, 12, "#dee2e6")
            + path("M96,96 Q110,60 126,92", "none") + line([(96, 92), (108, 70), (122, 90)], "#74c0fc", 4))


def wastebasket() -> str:
    holes = "".join(line([(x, 90), (x + (x - 100) * 0.1, 180)], "#2b2b30", 4) for x in range(70, 140, 14))
    return poly([(56, 80), (144, 80), (134, 194), (66, 194)], "#495057") + holes + ellipse(100, 80, 44, 10, "#343a40")


def extinguisher() -> str:
    return (rect(72, 70, 56, 124, "#e03131", rx=22) + rect(86, 46, 28, 26, OUT) + path("M112,52 Q146,60 140,110", "none")
            + rect(80, 112, 40, 30, WHITE))


def desk(counter: str, symbol: str) -> str:
    return rect(20, 100, 160, 96, counter, rx=6) + rect(14, 90, 172, 14, "#dee2e6") + symbol


def phone_box() -> str:
    panes = "".join(rect(x, y, 26, 26, "#d0ebff") for x in (70, 104) for y in (60, 92, 124))
    return (rect(60, 40, 80, 156, "#e03131", rx=4) + rect(56, 28, 88, 16, "#c92a2a", rx=4) + panes
            + rect(72, 30, 56, 10, WHITE, outline=False))


def guitar() -> str:
    return (stroke([(100, 40), (100, 120)], "#7a4b23", 10) + rect(90, 24, 20, 22, "#3b2a20", rx=3)
            + circle(100, 160, 34, "#e8a04c") + circle(100, 124, 24, "#e8a04c") + circle(100, 148, 9, OUT)
            + rect(84, 172, 32, 6, "#3b2a20"))


def scooter() -> str:
    return (stroke([(50, 176), (150, 176)], "#495057", 8) + stroke([(150, 176), (136, 56)], "#e03131", 6)
            + stroke([(118, 56), (156, 56)], OUT, 6) + circle(50, 180, 14, "#343a40") + circle(150, 180, 14, "#343a40"))


def closed_umbrella(colour: str = "#7048e8") -> str:
    return (path("M100,44 L122,150 Q100,160 78,150 Z", colour) + stroke([(100, 150), (100, 180)], OUT, 3)
            + path("M100,180 Q100,196 112,192", "none") + line([(100, 44), (104, 148)], "#00000040", 3))


# --- the museum -----------------------------------------------------------------

def painting(scene: str) -> str:
    """A picture drawn in 100 x 88 units, enlarged to fill the gold frame the background hangs on the wall."""
    return f'<g transform="translate(100 100) scale(1.9) translate(-100 -100)">{scene}</g>'


def sunset() -> str:
    return (rect(50, 56, 100, 88, "#ff922b", outline=False) + circle(100, 110, 22, "#ffd43b", outline=False)
            + rect(50, 110, 100, 34, "#1864ab", outline=False)
            + "".join(line([(70, y), (130, y)], "#ffd43b", 3) for y in (120, 132)))


def mountains() -> str:
    return (rect(50, 56, 100, 88, "#a5d8ff", outline=False) + poly([(50, 144), (84, 80), (118, 144)], "#5c7cfa",
                                                                     outline=False)
            + poly([(90, 144), (124, 92), (150, 132), (150, 144)], "#364fc7", outline=False)
            + poly([(78, 92), (84, 80), (90, 92)], WHITE, outline=False))


def portrait() -> str:
    return (rect(50, 56, 100, 88, "#5c3d2e", outline=False) + ellipse(100, 144, 34, 24, "#2f4858", outline=False)
            + circle(100, 96, 18, "#f1c27d", outline=False) + path("M80,96 Q82,68 100,70 Q120,68 120,100 L116,86 "
                                                                 "Q100,72 84,90 Z", "#3b2a20", outline=False))


def city() -> str:
    towers = "".join(rect(x, y, 16, 144 - y, "#343a40", outline=False) for x, y in (
        (52, 100), (70, 80), (88, 108), (106, 72), (124, 96), (138, 110)))
    lights = "".join(rect(x + 4, y + 6, 4, 4, "#ffd43b", outline=False) for x, y in (
        (52, 100), (70, 80), (70, 100), (106, 72), (106, 96), (124, 96), (88, 120)))
    return rect(50, 56, 100, 88, "#1b1f4b", outline=False) + circle(132, 72, 8, "#fff3bf", outline=False) + towers + lights


def abstract() -> str:
    """Blocks of primary colour between black bars."""
    return (rect(50, 56, 100, 88, "#f8f9fa", outline=False) + rect(50, 56, 56, 52, "#e03131", outline=False)
            + rect(112, 114, 38, 30, "#1c7ed6", outline=False) + rect(50, 118, 22, 26, "#fab005", outline=False)
            + "".join(line(pts, "#212529", 5) for pts in ([(106, 56), (106, 144)], [(50, 110), (150, 110)],
                                                           [(74, 110), (74, 144)], [(106, 92), (150, 92)])))


def seascape() -> str:
    """A sailing ship on a green sea under a cloud."""
    return (rect(50, 56, 100, 88, "#d0ebff", outline=False) + rect(50, 112, 100, 32, "#2b8a3e", outline=False)
            + ellipse(78, 74, 20, 8, WHITE, outline=False) + path("M80,112 L124,112 L116,122 L88,122 Z", "#5c3d2e", outline=False)
            + poly([(100, 78), (100, 110), (122, 110)], WHITE, outline=False) + line([(100, 76), (100, 112)], "#5c3d2e", 2))


def still_life() -> str:
    """A bowl of fruit on a table."""
    return (rect(50, 56, 100, 88, "#5f3dc4", outline=False) + rect(50, 120, 100, 24, "#8d5a3b", outline=False)
            + circle(88, 106, 10, "#e03131", outline=False) + circle(108, 104, 11, "#fab005", outline=False)
            + circle(98, 96, 9, "#37b24d", outline=False) + ellipse(98, 118, 30, 8, "#e9ecef", outline=False))


def lighthouse_painting() -> str:
    """A red and white lighthouse on a rock over a dark sea."""
    return (rect(50, 56, 100, 88, "#ffe8cc", outline=False) + rect(50, 118, 100, 26, "#1864ab", outline=False)
            + poly([(76, 124), (92, 108), (124, 110), (136, 124)], "#495057", outline=False)
            + poly([(98, 110), (102, 70), (114, 70), (118, 110)], WHITE, outline=False)
            + rect(100, 82, 16, 8, "#e03131", outline=False) + rect(99, 98, 18, 8, "#e03131", outline=False)
            + rect(101, 62, 14, 8, "#fab005", outline=False))


def flower_painting() -> str:
    """Sunflowers in a blue jug."""
    return (rect(50, 56, 100, 88, "#3bc9db", outline=False) + path("M88,144 L86,118 Q100,110 114,118 L112,144 Z", "#1c7ed6",
                                                                    outline=False)
            + "".join(circle(x, y, 9, "#fab005", outline=False) + circle(x, y, 4, "#5c3d2e", outline=False)
                      for x, y in ((86, 92), (104, 80), (118, 98))))


def starry_night() -> str:
    swirls = "".join(path(f"M{x - 20},{y} q10,-12 20,0 q10,12 20,0", "none") for x, y in ((80, 80), (116, 96), (84, 112)))
    return (rect(50, 56, 100, 88, "#1c3f94", outline=False) + swirls.replace(f'stroke="{OUT}"', 'stroke="#74c0fc"')
            + circle(132, 72, 10, "#ffd43b", outline=False) + star(70, 70, 6, "#ffe066") + star(104, 66, 5, "#ffe066")
            + poly([(60, 144), (66, 96), (74, 144)], "#0b2e13", outline=False))


def old_map() -> str:
    return (rect(50, 56, 100, 88, "#e9d8a6", outline=False) + path("M60,100 Q76,70 100,88 Q118,100 130,80 L140,120 "
                                                                 "Q110,130 96,118 Q76,132 60,100 Z", "#c8a27a")
            + line([(70, 128), (90, 110), (112, 116)], "#c92a2a", 2) + star(112, 116, 6, "#c92a2a"))


def grandfather_clock() -> str:
    return (rect(60, 40, 80, 156, "#6b3d1f", rx=6) + path("M60,44 Q100,14 140,44 Z", "#6b3d1f") + circle(100, 70, 24, "#fff9db")
            + stroke([(100, 70), (100, 54)], OUT, 2) + stroke([(100, 70), (112, 76)], OUT, 2)
            + rect(80, 104, 40, 72, "#4a2a12") + stroke([(100, 104), (100, 150)], "#fab005", 3)
            + circle(100, 154, 10, "#fab005"))


def greek_vase() -> str:
    return (path("M76,60 H124 Q120,80 136,110 Q150,150 118,190 H82 Q50,150 64,110 Q80,80 76,60 Z", "#d9773b")
            + path("M60,132 H140", "none") + line([(66, 132), (134, 132)], OUT, 8)
            + line([(72, 150), (128, 150)], OUT, 3) + ellipse(100, 60, 24, 6, "#b35a26"))


def stone_head() -> str:
    return (path("M62,190 V90 Q60,40 100,34 Q140,40 138,90 V190 Z", "#8d99a6") + rect(56, 30, 88, 26, "#7a8693", rx=6)
            + line([(76, 96), (94, 96)], OUT, 5) + line([(106, 96), (124, 96)], OUT, 5)
            + path("M100,100 L92,136 H108 Z", "#7a8693") + line([(84, 158), (116, 158)], OUT, 5))


def diamond() -> str:
    return (poly([(50, 96), (72, 66), (128, 66), (150, 96), (100, 176)], "#99e9f2")
            + poly([(50, 96), (150, 96), (100, 176)], "#66d9e8") + line([(72, 66), (86, 96), (100, 66), (114, 96), (128, 66)],
                                                                       OUT, 2)
            + line([(86, 96), (100, 176), (114, 96)], OUT, 2) + star(132, 60, 8, WHITE))


def crown() -> str:
    return (poly([(44, 170), (40, 80), (72, 120), (100, 64), (128, 120), (160, 80), (156, 170)], "#fcc419")
            + rect(44, 160, 112, 20, "#f59f00") + circle(100, 130, 9, "#e03131") + circle(70, 140, 7, "#1c7ed6")
            + circle(130, 140, 7, "#2f9e44") + circle(100, 62, 6, WHITE) + circle(40, 78, 6, WHITE) + circle(160, 78, 6, WHITE))


def shield() -> str:
    return (path("M46,44 H154 V110 Q150,168 100,192 Q50,168 46,110 Z", "#1c7ed6")
            + path("M100,44 V192 Q50,168 46,110 V44 Z", "#e03131") + star(100, 104, 22, "#fcc419"))


def swords() -> str:
    def sword(x0: float, x1: float) -> str:
        return (stroke([(x0, 180), (x1, 40)], "#dee2e6", 8) + stroke([(x0 + (x1 - x0) * 0.2 - 20, 152),
                                                                       (x0 + (x1 - x0) * 0.2 + 20, 152)], "#fab005", 6))
    return sword(50, 150) + sword(150, 50)


def scroll() -> str:
    return (rect(50, 60, 100, 110, "#f4e3c1") + ellipse(100, 60, 58, 10, "#e9d8a6") + ellipse(100, 170, 58, 10, "#e9d8a6")
            + "".join(line([(66, y), (134, y)], "#a07850", 3) for y in (86, 104, 122, 140)))


def nesting_dolls() -> str:
    def doll(x: float, s: float, colour: str) -> str:
        return (ellipse(x, GROUND - s * 0.55, s * 0.42, s * 0.55, colour) + circle(x, GROUND - s * 1.1, s * 0.34, colour)
                + circle(x, GROUND - s * 1.08, s * 0.22, "#fde2c6") + g.flower(x, GROUND - s * 0.5, s * 0.4, "#fcc419"))
    return doll(150, 60, "#2f9e44") + doll(118, 80, "#1c7ed6") + doll(70, 110, "#e03131")


def trophy() -> str:
    return (path("M60,60 H140 Q140,130 100,134 Q60,130 60,60 Z", "#fcc419") + path("M60,72 Q30,76 40,100 Q48,112 64,108",
                                                                                  "none")
            + path("M140,72 Q170,76 160,100 Q152,112 136,108", "none") + rect(92, 134, 16, 30, "#f59f00")
            + rect(66, 164, 68, 26, "#6b3d1f") + star(100, 92, 14, WHITE))


def telescope() -> str:
    return (stroke([(100, 120), (60, 194)], WOOD_DARK, 5) + stroke([(100, 120), (140, 194)], WOOD_DARK, 5)
            + stroke([(100, 120), (100, 194)], WOOD_DARK, 5)
            + poly([(40, 124), (150, 60), (160, 76), (50, 140)], "#1c7ed6") + ellipse(156, 68, 8, 12, "#d0ebff"))


def urn() -> str:
    return (path("M70,80 Q50,130 76,180 H124 Q150,130 130,80 Z", "#495057") + rect(74, 64, 52, 18, "#343a40", rx=4)
            + circle(100, 54, 10, "#343a40") + line([(64, 120), (136, 120)], "#fab005", 4) + rect(78, 180, 44, 12, "#343a40"))


def planet() -> str:
    return (circle(100, 110, 48, "#f59f00") + path("M56,96 Q100,108 144,96", "none") + line([(58, 124), (142, 124)],
                                                                                            "#e8590c", 6)
            + path("M30,126 Q100,156 170,110 Q176,100 160,100", "none") + stroke([(100, 160), (100, 192)], "#495057", 5))


def dinosaur() -> str:
    bone = "#f1e7d0"
    ribs = "".join(path(f"M{x},80 q-4,30 4,50", "none") for x in range(70, 130, 12))
    return (stroke([(20, 40), (40, 32), (60, 52), (80, 70), (130, 70), (170, 110), (194, 150)], bone, 8)
            + ribs + stroke([(80, 120), (74, 194)], bone, 8) + stroke([(128, 120), (136, 194)], bone, 8)
            + path("M6,40 Q12,20 40,26 L44,40 Q30,52 6,48 Z", bone) + circle(28, 34, 3, OUT, outline=False)
            + stroke([(80, 80), (70, 112)], bone, 5))


def grand_piano() -> str:
    return (path("M30,80 H130 Q186,80 176,130 H30 Z", "#212529") + rect(30, 130, 146, 14, "#343a40")
            + "".join(rect(30 + 10 * i, 130, 10, 12, WHITE) for i in range(7))
            + stroke([(40, 144), (40, 190)], "#212529", 6) + stroke([(166, 144), (166, 190)], "#212529", 6)
            + poly([(60, 80), (150, 30), (156, 40), (72, 82)], "#343a40"))


def harp() -> str:
    strings = "".join(line([(64 + 10 * i, 60 + 8 * i), (64 + 10 * i, 186)], "#fff3bf", 2) for i in range(9))
    return (strings + stroke([(56, 190), (56, 50), (120, 40), (160, 80), (150, 190)], "#fab005", 9)
            + rect(50, 184, 110, 10, "#e67700"))


def candelabra() -> str:
    flames = "".join(ellipse(x, 46, 6, 11, "#ffd43b") for x in (50, 100, 150))
    return (flames + "".join(rect(x - 6, 56, 12, 36, WHITE) for x in (50, 100, 150))
            + stroke([(50, 96), (60, 126), (100, 132), (140, 126), (150, 96)], "#fab005", 6)
            + stroke([(100, 92), (100, 182)], "#fab005", 7) + ellipse(100, 186, 34, 8, "#fab005"))


def mirror_ball() -> str:
    tiles = "".join(line([(52 + 12 * i, 70), (52 + 12 * i, 150)], "#868e96", 2) for i in range(9))
    rows = "".join(line([(52, y), (148, y)], "#868e96", 2) for y in range(80, 150, 14))
    return (stroke([(100, 10), (100, 62)], OUT, 2) + circle(100, 110, 50, "#dee2e6") + tiles + rows
            + circle(100, 110, 50, "none") + star(80, 88, 10, WHITE) + star(124, 124, 7, WHITE))


def theatre_masks() -> str:
    return (path("M40,50 H110 V100 Q110,150 75,156 Q40,150 40,100 Z", "#ffd43b")
            + path("M90,70 H160 V120 Q160,170 125,176 Q90,170 90,120 Z", "#4dabf7")
            + ellipse(60, 86, 9, 6, OUT) + ellipse(92, 86, 9, 6, OUT) + path("M58,118 Q75,136 92,118", "none")
            + ellipse(110, 106, 9, 6, OUT) + ellipse(142, 106, 9, 6, OUT) + path("M110,150 Q125,134 142,150", "none"))


def reception_bell() -> str:
    return (ellipse(100, 180, 70, 12, "#495057") + path("M40,172 Q40,100 100,100 Q160,100 160,172 Z", "#fcc419")
            + circle(100, 94, 9, "#f59f00") + ellipse(76, 132, 8, 16, WHITE, outline=False, opacity=0.5))


def velvet_rope() -> str:
    return (stroke([(40, 100), (40, 190)], "#fab005", 8) + stroke([(160, 100), (160, 190)], "#fab005", 8)
            + circle(40, 96, 10, "#fab005") + circle(160, 96, 10, "#fab005")
            + stroke([(40, 110), (70, 140), (100, 146), (130, 140), (160, 110)], "#c92a2a", 8)
            + ellipse(40, 192, 20, 5, "#fab005") + ellipse(160, 192, 20, 5, "#fab005"))


def gilded_mirror() -> str:
    return (ellipse(100, 110, 60, 82, "#fab005") + ellipse(100, 110, 46, 68, "#d0ebff")
            + line([(76, 70), (96, 50)], WHITE, 5) + line([(78, 96), (110, 64)], WHITE, 4) + star(100, 28, 10, "#fab005"))


# --- the beach ------------------------------------------------------------------

def beach_umbrella(colour: str) -> str:
    light = WHITE
    panels = []
    for i in range(6):
        a0, a1 = i / 6, (i + 1) / 6
        x0, x1 = 14 + 172 * a0, 14 + 172 * a1
        panels.append(path(f"M100,30 L{_f(x0)},96 Q{_f((x0 + x1) / 2)},84 {_f(x1)},96 Z",
                           colour if i % 2 == 0 else light))
    return (stroke([(100, 40), (112, 196)], "#e9ecef", 5) + "".join(panels) + circle(100, 28, 5, colour))


def sandcastle() -> str:
    sand, dark = "#e9c46a", "#c9a04a"
    def tower(x: float, top: float, w: float) -> str:
        return (rect(x - w / 2, top, w, GROUND - top, sand)
                + "".join(rect(x - w / 2 + i * w / 3, top - 10, w / 6, 10, sand) for i in range(3)))
    return (tower(50, 90, 40) + tower(150, 90, 40) + tower(100, 50, 44) + rect(40, 130, 120, 66, sand)
            + path("M88,196 V170 Q100,156 112,170 V196 Z", dark) + line([(100, 50), (100, 24)], OUT, 2)
            + poly([(100, 24), (122, 30), (100, 36)], "#e03131"))


def kite() -> str:
    return (poly([(100, 20), (150, 80), (100, 150), (50, 80)], "#e64980") + poly([(100, 20), (150, 80), (100, 80)], "#ffd43b")
            + poly([(50, 80), (100, 80), (100, 150)], "#4dabf7") + line([(100, 150), (90, 170), (110, 184), (96, 196)], OUT, 2)
            + "".join(poly([(x - 6, y - 4), (x + 6, y - 4), (x, y + 6)], "#e03131") for x, y in ((92, 168), (106, 184))))


def shell() -> str:
    ribs = "".join(line([(100, 186), (100 + dx, 104)], "#e8590c", 3) for dx in (-48, -24, 0, 24, 48))
    return path("M100,190 L40,120 Q100,60 160,120 Z", "#ffc9c9") + ribs + rect(86, 180, 28, 14, "#ffa8a8", rx=4)


def bottle_message() -> str:
    return (path("M30,150 Q30,128 54,128 H130 L150,136 H176 V156 H150 L130,164 H54 Q30,164 30,150 Z", "#b2f2bb")
            + rect(60, 136, 60, 18, "#fff3bf", rx=4) + rect(176, 138, 10, 16, WOOD))


def volleyball() -> str:
    return (circle(100, 130, 60, WHITE) + path("M44,110 Q100,140 156,110", "none") + path("M60,170 Q90,110 80,72", "none")
            + path("M140,170 Q110,110 120,72", "none") + ellipse(100, 192, 50, 5, "#00000030", outline=False))


def beach_ball() -> str:
    return (circle(100, 130, 60, WHITE) + path("M100,70 Q60,130 100,190 Q76,130 100,70 Z", "#e03131")
            + path("M100,70 Q150,110 158,150 Q130,110 100,70 Z", "#1c7ed6")
            + path("M100,70 Q50,110 42,150 Q70,110 100,70 Z", "#fcc419") + circle(100, 130, 60, "none"))


def picnic_basket() -> str:
    checks = "".join(rect(44 + 16 * i, 96, 16, 14, "#e03131" if i % 2 == 0 else WHITE, outline=False) for i in range(7))
    return (path("M60,110 Q100,30 140,110", "none") + rect(40, 110, 120, 80, "#d4a060", rx=6) + checks
            + "".join(line([(44, y), (156, y)], "#8a5420", 3) for y in (134, 156, 176)))


def radio() -> str:
    grille = "".join(circle(x, 140, 3, OUT, outline=False) for x in range(50, 100, 10))
    return (stroke([(60, 96), (60, 30)], "#adb5bd", 3) + rect(30, 96, 140, 90, "#e8590c", rx=10) + circle(72, 140, 28, "#343a40")
            + circle(72, 140, 20, "#868e96") + grille + rect(116, 112, 40, 20, "#fff3bf")
            + circle(126, 160, 7, WHITE) + circle(148, 160, 7, WHITE))


def snorkel_mask() -> str:
    return (stroke([(40, 110), (160, 110)], "#212529", 8) + rect(58, 84, 84, 56, "#74c0fc", rx=20)
            + rect(66, 92, 68, 40, "#d0ebff", rx=14) + stroke([(150, 130), (160, 40)], "#fab005", 8)
            + rect(150, 30, 18, 14, "#e03131", rx=4))


def rubber_duck() -> str:
    return (ellipse(96, 150, 56, 38, "#ffd43b") + circle(128, 96, 30, "#ffd43b")
            + path("M152,96 Q180,96 176,108 Q160,114 150,108 Z", "#f76707") + circle(134, 88, 4, OUT, outline=False)
            + path("M60,140 Q84,120 110,146", "none"))


def flip_flops() -> str:
    def sole(x: float, colour: str) -> str:
        return (ellipse(x, 140, 24, 52, colour) + path(f"M{_f(x - 18)},134 L{_f(x)},104 L{_f(x + 18)},134", "none")
                + stroke([(x - 18, 134), (x, 104), (x + 18, 134)], WHITE, 5))
    return sole(72, "#20c997") + sole(128, "#f06595")


def shower() -> str:
    drops = "".join(line([(x, 70), (x - 4, 120)], "#74c0fc", 3) for x in range(112, 168, 12))
    return (stroke([(70, 196), (70, 40), (140, 40), (140, 54)], STEEL, 7) + ellipse(140, 60, 28, 8, STEEL) + drops
            + rect(50, 186, 40, 10, "#868e96"))


def lifeguard_flag() -> str:
    return stroke([(70, 196), (70, 30)], "#dee2e6", 6) + poly([(74, 32), (160, 52), (74, 92)], "#e03131")


def whale() -> str:
    return (path("M20,140 Q30,80 110,84 Q170,88 172,130 L192,110 L188,150 Q160,170 110,168 Q40,170 20,140 Z", "#4c6ef5")
            + path("M24,146 Q80,170 160,150 Q120,176 60,170 Z", "#dbe4ff") + circle(60, 124, 5, OUT, outline=False)
            + line([(90, 80), (84, 56), (76, 44)], "#a5d8ff", 4) + line([(90, 80), (98, 54), (108, 44)], "#a5d8ff", 4)
            + _water_line(10, 194, 184))


# --- the ski resort -------------------------------------------------------------

def cable_car(colour: str = "#e03131") -> str:
    return (stroke([(100, 0), (100, 60)], "#495057", 4) + rect(86, 0, 28, 10, "#495057", rx=3)
            + rect(80, 56, 40, 8, "#495057")
            + rect(44, 64, 112, 96, colour, rx=16) + rect(56, 76, 40, 40, "#d0ebff", rx=4)
            + rect(104, 76, 40, 40, "#d0ebff", rx=4) + line([(44, 134), (156, 134)], WHITE, 4))


def chair_lift() -> str:
    return (stroke([(100, 0), (100, 120)], "#495057", 4) + rect(86, 0, 28, 10, "#495057", rx=3)
            + stroke([(60, 120), (140, 120), (140, 150)], "#495057", 5) + rect(56, 90, 88, 34, "#1c7ed6", rx=6)
            + rect(56, 124, 88, 14, "#1c7ed6", rx=4))


def mountain_sign() -> str:
    return sign("#2b8a3e", poly([(54, 106), (84, 62), (104, 90), (118, 72), (146, 106)], WHITE))


def hot_spring() -> str:
    steam = "".join(line([(x, 150), (x + 14, 120), (x - 8, 92), (x + 10, 60)], "#ffffff", 7) for x in (60, 100, 140))
    return steam.replace('stroke="#ffffff"', 'stroke="#ffffff" stroke-opacity="0.85"')


def snowman(hat: bool) -> str:
    parts = [circle(100, 156, 40, WHITE), circle(100, 96, 30, WHITE), circle(100, 50, 22, WHITE),
             circle(92, 46, 3, OUT, outline=False), circle(108, 46, 3, OUT, outline=False),
             poly([(100, 52), (124, 56), (100, 58)], "#f76707"), circle(100, 90, 3.5, OUT, outline=False),
             circle(100, 106, 3.5, OUT, outline=False), stroke([(72, 90), (40, 70)], WOOD_DARK, 3),
             stroke([(128, 90), (160, 72)], WOOD_DARK, 3)]
    if hat:
        parts += [rect(82, 8, 36, 26, "#212529"), rect(72, 30, 56, 8, "#212529"), line([(76, 70), (124, 70)], "#e03131", 8)]
    return "".join(parts)


def sledge() -> str:
    return (rect(40, 120, 120, 20, "#c92a2a", rx=4) + stroke([(54, 140), (54, 170)], STEEL, 4) + stroke([(146, 140), (146, 170)],
                                                                                                  STEEL, 4)
            + stroke([(30, 170), (160, 170), (176, 150)], STEEL, 5))


def skis() -> str:
    return (stroke([(60, 194), (80, 30)], "#e03131", 10) + stroke([(110, 194), (130, 30)], "#1c7ed6", 10)
            + stroke([(40, 190), (56, 60)], "#adb5bd", 3) + stroke([(150, 190), (160, 60)], "#adb5bd", 3)
            + circle(56, 58, 6, OUT) + circle(160, 58, 6, OUT))


def ice_skates() -> str:
    def skate(x: float) -> str:
        return (path(f"M{_f(x - 30)},{_f(80)} H{_f(x + 6)} V{_f(130)} Q{_f(x + 40)},{_f(132)} {_f(x + 40)},{_f(156)} "
                     f"H{_f(x - 30)} Z", WHITE)
                + stroke([(x - 36, 176), (x + 46, 176)], STEEL, 4) + line([(x - 20, 156), (x - 20, 176)], STEEL, 4)
                + line([(x + 26, 156), (x + 26, 176)], STEEL, 4))
    return skate(70) + skate(124)


def hockey_stick() -> str:
    return (stroke([(130, 30), (80, 170), (40, 176)], "#c8843d", 10) + circle(150, 180, 12, "#212529")
            + line([(90, 150), (86, 160)], WHITE, 6))


def curling_stone() -> str:
    return (ellipse(100, 160, 66, 30, "#868e96") + ellipse(100, 144, 62, 24, "#adb5bd")
            + stroke([(80, 130), (80, 110), (130, 110)], "#e03131", 10))


def campfire() -> str:
    return (stroke([(40, 186), (160, 160)], WOOD, 12) + stroke([(40, 160), (160, 186)], WOOD, 12)
            + path("M52,170 Q40,110 80,80 Q76,110 96,116 Q96,60 126,34 Q120,90 150,110 Q160,150 150,170 Z", "#fd7e14")
            + path("M76,170 Q70,130 96,116 Q100,140 112,140 Q116,112 128,100 Q140,140 126,170 Z", "#ffd43b"))


def log_pile() -> str:
    def log(x: float, y: float) -> str:
        return circle(x, y, 22, "#c8843d") + circle(x, y, 12, "#e8b06a") + circle(x, y, 4, "#a0683a", outline=False)
    return log(56, 172) + log(100, 172) + log(144, 172) + log(78, 134) + log(122, 134) + log(100, 96)


def flag(colour: str, chequered: bool = False) -> str:
    cloth = poly([(74, 30), (164, 30), (164, 100), (74, 100)], colour)
    if chequered:
        cloth += "".join(rect(74 + 18 * c, 30 + 17.5 * r, 18, 17.5, OUT, outline=False)
                         for r in range(4) for c in range(5) if (r + c) % 2 == 0)
    return stroke([(72, 196), (72, 24)], "#adb5bd", 6) + cloth


def snowflake_sign() -> str:
    arms = "".join(line([(100, 85), p], WHITE, 5) for p in ring_points(100, 85, 26, 26, 6))
    return sign("#1971c2", arms, width=90, height=74, top=48)


def ski_hut_sign() -> str:
    return sign(WOOD, poly([(60, 110), (100, 70), (140, 110)], "#c92a2a") + rect(74, 98, 52, 14, "#f4e3c1"),
                width=110, height=70)


def trail_map() -> str:
    return (stroke([(60, 150), (60, 196)], WOOD_DARK, 6) + stroke([(140, 150), (140, 196)], WOOD_DARK, 6)
            + rect(30, 50, 140, 104, WHITE, rx=4) + poly([(40, 144), (80, 70), (110, 120), (130, 90), (160, 144)], "#a5d8ff")
            + line([(80, 74), (70, 140)], "#2f9e44", 4) + line([(80, 74), (100, 140)], "#1c7ed6", 4)
            + line([(130, 94), (140, 140)], "#e03131", 4))


def ambulance() -> str:
    """Side on, facing right: the box body with its red cross, the cab, blue lights, wheels on the ground."""
    return (rect(8, 112, 130, 66, WHITE, rx=6) + path("M136,126 H166 L190,152 V178 H136 Z", WHITE)
            + poly([(142, 132), (162, 132), (182, 152), (142, 152)], "#a5d8ff")
            + line([(8, 164), (190, 164)], "#e03131", 7) + line([(30, 116), (30, 174)], "#ced4da", 2)
            + rect(64, 124, 14, 34, "#e03131", outline=False) + rect(54, 134, 34, 14, "#e03131", outline=False)
            + rect(144, 118, 18, 9, "#4dabf7", rx=3) + rect(14, 104, 16, 9, "#4dabf7", rx=3)
            + rect(186, 166, 8, 8, "#fab005", outline=False)
            + circle(46, 180, 15, "#343a40") + circle(46, 180, 5, "#ced4da")
            + circle(160, 180, 15, "#343a40") + circle(160, 180, 5, "#ced4da"))


def snowmobile() -> str:
    """Side on, facing right: the tracked body, the seat, the windscreen and its front ski on the snow."""
    return (rect(12, 168, 112, 24, "#495057", rx=11) + "".join(circle(x, 180, 7, "#868e96") for x in (28, 52, 76, 100))
            + stroke([(162, 172), (166, 190)], "#343a40", 4) + stroke([(120, 191), (182, 191), (194, 180)], "#343a40", 5)
            + path("M10,170 Q14,148 56,146 L128,142 Q174,144 190,166 L184,174 H10 Z", "#fab005")
            + line([(20, 160), (180, 160)], "#e03131", 4)
            + rect(30, 134, 70, 13, "#212529", rx=6) + stroke([(126, 144), (134, 130)], "#343a40", 4)
            + poly([(134, 144), (152, 124), (160, 128), (148, 146)], "#a5d8ff") + circle(184, 160, 4, "#fff3bf"))


def helicopter() -> str:
    return (stroke([(20, 40), (180, 40)], "#495057", 5) + stroke([(100, 40), (100, 60)], "#495057", 5)
            + ellipse(96, 96, 50, 36, "#e03131") + path("M100,96 Q130,66 146,96 Z", "#a5d8ff")
            + stroke([(46, 96), (10, 80)], "#e03131", 10) + stroke([(6, 66), (14, 94)], "#495057", 4)
            + stroke([(60, 134), (150, 134)], "#495057", 4) + stroke([(80, 126), (80, 134)], "#495057", 3)
            + stroke([(124, 126), (124, 134)], "#495057", 3))


def snowboard_rack() -> str:
    boards = "".join(rect(x, 40 + i * 6, 24, 140 - i * 6, c, rx=12) for i, (x, c) in enumerate(
        ((40, "#e03131"), (74, "#7048e8"), (108, "#20c997"), (142, "#fab005"))))
    return boards + rect(30, 150, 146, 12, "#495057") + stroke([(36, 162), (36, 196)], "#495057", 4) + stroke(
        [(170, 162), (170, 196)], "#495057", 4)


def stall_goods(icon: Callable[[float, float, float], str], count: int = 5, size: float = 44) -> str:
    return g.pile(icon, count, 150, size * 1.35)


# --- the carnival ---------------------------------------------------------------

def big_top() -> str:
    stripes = "".join(poly([(100, 30), (20 + 20 * i, 110), (40 + 20 * i, 110)], "#e03131" if i % 2 == 0 else WHITE)
                      for i in range(8))
    walls = "".join(rect(26 + 18.5 * i, 110, 18.5, 84, "#e03131" if i % 2 == 0 else "#fff5f5", outline=False)
                    for i in range(8))
    return (walls + rect(26, 110, 148, 84, "none") + path("M84,194 V140 Q100,124 116,140 V194 Z", "#3b2a20")
            + stripes + stroke([(100, 30), (100, 10)], OUT, 2) + poly([(100, 10), (124, 16), (100, 22)], "#fab005"))


def bouncy_slide() -> str:
    return (path("M20,194 L60,50 Q70,40 84,50 L180,194 Z", "#fab005") + path("M70,60 L170,186 H110 L60,80 Z", "#4dabf7")
            + rect(20, 40, 50, 20, "#e03131", rx=10) + circle(30, 40, 10, "#e03131") + circle(60, 40, 10, "#e03131"))


def ticket_booth() -> str:
    return (rect(50, 60, 100, 136, "#e03131") + path("M40,64 Q100,10 160,64 Z", "#fab005") + rect(66, 80, 68, 44, "#fff3bf")
            + rect(46, 124, 108, 10, WHITE) + g.ticket(100, 160, 50))


def balloons() -> str:
    spots = ((70, 60, "#e03131"), (110, 44, "#1c7ed6"), (140, 76, "#fab005"), (90, 92, "#2f9e44"), (124, 108, "#e64980"))
    strings = "".join(line([(x, y + 22), (100, 180)], OUT, 1.5) for x, y, _ in spots)
    return strings + "".join(ellipse(x, y, 20, 24, c) + ellipse(x - 6, y - 8, 5, 7, WHITE, outline=False, opacity=0.5)
                             for x, y, c in spots) + rect(88, 176, 24, 16, "#495057", rx=4)


def crystal_ball() -> str:
    return (poly([(60, 196), (70, 160), (130, 160), (140, 196)], "#862e9c") + circle(100, 110, 54, "#b197fc")
            + circle(84, 92, 16, "#e5dbff", outline=False, opacity=0.8) + star(116, 124, 9, "#fff3bf"))


def slot_machine() -> str:
    return (rect(40, 40, 120, 156, "#e03131", rx=10) + rect(54, 70, 92, 40, WHITE)
            + "".join(rect(54 + 30.7 * i, 70, 30.7, 40, "none") + g.apple(70 + 30.7 * i, 92, 24) for i in range(3))
            + rect(60, 130, 80, 20, "#fab005") + stroke([(160, 80), (180, 60)], STEEL, 5) + circle(182, 56, 8, "#e03131")
            + rect(54, 44, 92, 18, "#fab005", rx=4))


def drum() -> str:
    return (rect(40, 90, 120, 90, "#e03131") + ellipse(100, 90, 60, 18, "#f8f9fa") + ellipse(100, 180, 60, 14, "#e03131")
            + line([(40, 100), (70, 170), (100, 100), (130, 170), (160, 100)], "#fab005", 3)
            + stroke([(120, 80), (160, 30)], WOOD, 5) + stroke([(80, 80), (50, 34)], WOOD, 5))


def juggling_clubs() -> str:
    def club(x: float, y: float, angle: float, colour: str) -> str:
        return f'<g transform="rotate({_f(angle)} {_f(x)} {_f(y)})">{g.pin(x, y, 90)}' \
               f'{rect(x - 10, y - 8, 20, 8, colour, outline=False)}</g>'
    return club(70, 120, -20, "#1c7ed6") + club(130, 120, 20, "#fab005") + club(100, 100, 0, "#e03131")


def flying_saucer() -> str:
    return (ellipse(100, 90, 34, 28, "#a5d8ff") + ellipse(100, 110, 84, 20, "#adb5bd")
            + "".join(circle(x, 112, 5, "#ffd43b") for x in (44, 72, 100, 128, 156))
            + poly([(70, 128), (130, 128), (156, 190), (44, 190)], "#fff3bf", outline=False, opacity=0.35))


def seal_statue() -> str:
    return (rect(50, 160, 100, 36, "#adb5bd") + path("M60,160 Q50,100 100,76 Q120,60 126,36 Q144,44 138,70 Q130,120 140,160 Z",
                                                     "#868e96")
            + circle(132, 48, 4, OUT, outline=False) + circle(132, 18, 16, "#e03131"))


def fountain_of_lights() -> str:
    jets = "".join(line([(100, 120), (100 + dx, 40), (100 + dx * 2, 110)], c, 5) for dx, c in (
        (-30, "#ff8787"), (-12, "#ffe066"), (12, "#74c0fc"), (30, "#b197fc")))
    return (ellipse(100, 170, 80, 20, "#495057") + ellipse(100, 166, 66, 12, "#3bc9db") + jets
            + rect(90, 120, 20, 46, "#868e96"))


# --- the registry ---------------------------------------------------------------

def _goods(icon: Callable[[float, float, float], str], count: int = 5, size: float = 44) -> Callable[[], str]:
    return lambda: stall_goods(icon, count, size)


PROPS: dict[str, Callable[[], str]] = {
    # harbour
    "sailing boat": sailing_boat, "ferry": ferry, "motor boat": motor_boat, "speedboat": speedboat, "canoe": canoe,
    "harbour crane": crane, "anchor": anchor, "life ring": life_ring, "stack of crates": crates,
    "fishing rods": fishing_rods, "fountain": fountain, "ice-cream cart": ice_cream_cart,
    "shopping trolley": lambda: trolley("#e03131"), "bicycle": bicycle, "red lantern": lantern,
    "basket of bread": basket, "bucket": bucket, "barrel": barrel, "street piano": street_piano,
    "signpost": signpost, "postbox": postbox,
    "coffee table": lambda: table(g.cup), "beer table": lambda: table(g.mug, g.mug),
    "tea table": lambda: table(lambda x, y, s: g.cup(x, y, s, "#d0ebff", "#c2410c")),
    "fish stall": _goods(g.fish), "lobster stall": _goods(g.lobster), "fruit stall": _goods(g.apple, 6, 40),
    "bakery stall": _goods(g.baguette, 4, 56), "cheese stall": _goods(g.cheese, 4, 50),
    "flower stall": _goods(g.bouquet, 4, 50), "vegetable stall": _goods(g.carrot, 6, 40),
    "honey stall": _goods(g.jar, 5, 40),
    # station
    "steam locomotive": locomotive, "green carriage": lambda: carriage("#2f9e44"),
    "dining car": lambda: carriage("#862e2e", "#ffe8cc"), "sleeping car": lambda: carriage("#1864ab", "#3b5bdb"),
    "mail van": lambda: carriage("#495057", mail=True), "station clock": clock,
    "platform sign": lambda: sign("#1864ab", rect(60, 70, 80, 30, WHITE, rx=4) + line([(70, 85), (130, 85)], "#1864ab", 6),
                                  post=False),
    "left departure board": lambda: board(5, "#ffd43b"), "right departure board": lambda: board(5, "#69db7c"),
    "lift": lift, "signal light": signal_light, "bench with suitcases": bench_with_suitcases,
    "water fountain": water_fountain, "wastebasket": wastebasket, "fire extinguisher": extinguisher,
    "luggage trolley": luggage_trolley,
    "platform map": lambda: sign(WHITE, line([(50, 70), (150, 70)], "#e03131", 5) + line([(50, 90), (150, 90)],
                                                                                        "#1c7ed6", 5)
                                 + line([(80, 60), (120, 110)], "#2f9e44", 5), height=64),
    "ticket office": _goods(g.ticket, 4, 50), "newspaper kiosk": _goods(g.newspaper, 5, 44),
    "coffee bar": _goods(g.cup, 4, 46), "croissant bakery": _goods(g.croissant, 5, 46),
    "flower shop": _goods(g.bouquet, 4, 50), "sushi bar": _goods(g.sushi, 5, 44),
    "information desk": lambda: desk("#1c7ed6", circle(100, 60, 22, WHITE) + rect(96, 50, 8, 22, "#1c7ed6", outline=False)
                                     + circle(100, 44, 4, "#1c7ed6", outline=False)),
    "cash machine": lambda: desk("#495057", rect(60, 110, 80, 40, "#a5d8ff") + rect(70, 160, 60, 8, OUT)),
    "toilets sign": lambda: sign("#1864ab", circle(76, 66, 7, WHITE) + rect(68, 76, 16, 26, WHITE, outline=False)
                                 + circle(124, 66, 7, WHITE) + poly([(124, 74), (136, 102), (112, 102)], WHITE, outline=False)),
    "phone box": phone_box, "busker's guitar": guitar, "scooter": scooter, "lost umbrella": closed_umbrella,
    # museum
    "sunset painting": lambda: painting(sunset()), "mountain painting": lambda: painting(mountains()),
    "portrait of a lady": lambda: painting(portrait()), "city at night": lambda: painting(city()),
    "starry night": lambda: painting(starry_night()), "old map": lambda: painting(old_map()),
    "abstract painting": lambda: painting(abstract()), "seascape": lambda: painting(seascape()),
    "still life": lambda: painting(still_life()), "lighthouse painting": lambda: painting(lighthouse_painting()),
    "sunflower painting": lambda: painting(flower_painting()),
    "grandfather clock": grandfather_clock, "Greek vase": greek_vase, "stone head": stone_head,
    "giant diamond": diamond, "royal crown": crown, "knight's shield": shield, "crossed swords": swords,
    "ancient scroll": scroll, "nesting dolls": nesting_dolls, "golden trophy": trophy, "telescope": telescope,
    "funeral urn": urn, "planet model": planet, "dinosaur skeleton": dinosaur, "grand piano": grand_piano,
    "harp": harp, "candelabra": candelabra, "mirror ball": mirror_ball,
    "champagne bar": _goods(lambda x, y, s: g.bottle(x, y, s, "#2b8a3e", "#fab005"), 5, 50),
    "cake buffet": _goods(g.cake, 3, 50), "theatre masks": theatre_masks, "reception bell": reception_bell,
    "velvet rope": velvet_rope, "gilded mirror": gilded_mirror,
    "toast table": lambda: table(g.glass, g.glass), "wine table": lambda: table(lambda x, y, s: g.glass(x, y, s, "#a61e4d"),
                                                                                g.bottle),
    # beach
    "island": island, "whale": whale, "lifeguard flag": lifeguard_flag,
    "umbrella, red towel": lambda: beach_umbrella("#e03131"), "umbrella, blue towel": lambda: beach_umbrella("#1c7ed6"),
    "umbrella, green towel": lambda: beach_umbrella("#2f9e44"), "umbrella, pink towel": lambda: beach_umbrella("#e64980"),
    "umbrella, purple towel": lambda: beach_umbrella("#7048e8"),
    "umbrella, orange towel": lambda: beach_umbrella("#f76707"), "umbrella, teal towel": lambda: beach_umbrella("#0ca678"),
    "sandcastle": sandcastle, "sand bucket": lambda: bucket("#e64980"), "volleyball": volleyball,
    "kite": kite, "shell": shell, "message in a bottle": bottle_message, "beach ball": beach_ball,
    "picnic basket": picnic_basket, "radio": radio, "snorkel mask": snorkel_mask, "rubber duck": rubber_duck,
    "flip-flops": flip_flops, "shower": shower,
    "ice-cream kiosk": _goods(g.ice_cream, 5, 40), "cocktail bar": _goods(g.cocktail, 4, 50),
    "hot-dog stand": _goods(g.hot_dog, 4, 56), "watermelon stand": _goods(g.watermelon, 4, 50),
    # ski
    "cable car": cable_car, "chair lift": chair_lift,
    "mountain sign": mountain_sign, "chalet lantern": lambda: lantern("#fab005"), "ski hut sign": ski_hut_sign,
    "hot spring": hot_spring, "snowman": lambda: snowman(False), "snowman with a hat": lambda: snowman(True),
    "sledge": sledge, "pair of skis": skis, "ice skates": ice_skates, "hockey stick": hockey_stick,
    "curling stone": curling_stone, "campfire": campfire, "log pile": log_pile,
    "slalom flag": lambda: flag("#e03131"), "finish flag": lambda: flag(WHITE, chequered=True),
    "snowflake sign": snowflake_sign, "ambulance": ambulance, "snowmobile": snowmobile, "helicopter": helicopter,
    "hot chocolate hut": _goods(lambda x, y, s: g.cup(x, y, s, "#e03131"), 4, 46),
    "soup stall": _goods(g.pot, 2, 60), "fondue stall": _goods(lambda x, y, s: g.pot(x, y, s, "#fab005", "#ffe066"), 2, 60),
    "scarf stand": lambda: (stroke([(40, 60), (160, 60)], WOOD, 6) + stroke([(40, 60), (40, 196)], WOOD, 6)
                            + stroke([(160, 60), (160, 196)], WOOD, 6)
                            + "".join(g.scarf(x, 110, 40, c) for x, c in ((62, "#e03131"), (100, "#1c7ed6"),
                                                                            (138, "#2f9e44")))),
    "snowboard rack": snowboard_rack, "trail map": trail_map,
    # carnival
    "big top": big_top,
    "bouncy slide": bouncy_slide, "popcorn stand": _goods(g.popcorn, 4, 50),
    "candy floss stall": _goods(g.candy_floss, 4, 50), "pretzel stall": _goods(g.pretzel, 4, 50),
    "doughnut stall": _goods(g.doughnut, 5, 44),
    "ticket booth": ticket_booth, "balloon seller's balloons": balloons,
    "fortune teller's ball": crystal_ball, "slot machine": slot_machine, "drum": drum,
    "juggling clubs": juggling_clubs, "flying saucer": flying_saucer,
    "performing seal statue": seal_statue, "fountain of lights": fountain_of_lights,
}
PROPS.update(props_slopes.PROPS)   # the carnival's rides and booths, drawn in their own module
PROPS.update(HALL_PROPS)

# How long a vehicle's drawing is (a booth's: how tall), in the units of its 200-unit frame (from its first to its last drawn
# point, outline included): the generator sizes it from this to its true length beside the people
# (`layout.true_scale`), not by eye.
LENGTH = {"ambulance": 188.0, "snowmobile": 188.0, "bicycle": 170.0,
          "sailing boat": 162.0, "motor boat": 164.0, "speedboat": 172.0, "canoe": 172.0}
HEIGHT = {"phone box": 172.0, "ticket booth": 162.0}   # likewise, from the ground to the top of the roof

AIRBORNE = frozenset({
    "sailing boat", "ferry", "motor boat", "speedboat", "canoe", "island", "whale", "cable car", "chair lift",
    "helicopter", "flying saucer", "station clock", "platform sign", "left departure board",
    "right departure board", "sunset painting", "mountain painting", "portrait of a lady", "city at night",
    "starry night", "old map", "abstract painting", "seascape", "still life",
    "lighthouse painting", "sunflower painting", "red lantern", "chalet lantern", "hot spring", "fountain",
    "Ferris wheel", "roller coaster", "big top", "kite", "balloon seller's balloons", "mirror ball",
    "juggling clubs", "hot-air balloon", "paraglider", "helter-skelter", "swing ride",
})
PROPS.update(WATER_PROPS)
AIRBORNE |= WATER_AIRBORNE


def prop_svg(name: str, mirror: bool) -> str | None:
    """The SVG of a prop with this name (mirrored if asked), or None if it has no drawing."""
    drawing = PROPS.get(name)
    return None if drawing is None else framed_svg(drawing(), mirror)
