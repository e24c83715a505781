"""Props of the two halls, the station concourse and the museum gala, in the people's style (pure: SVG text).

Drawn in the 200 x 200 frame of `drawing.py` (ground at y = 196) like the
props of `props.py`, which adds them to its registry. Signs stand on poles
and have their boards above head height (the top of the figure canvas,
y < 0, is free for that), shops are shop-fronts with many small goods in the
window, and every museum piece stands on something (a plinth, a counter, a
table), so nothing lies on the floor at the size of a person. The information desk, the bar
and the buffet are scenery (`decor_halls`), so the people serving stand behind them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from lastmessage.scenes import goods as g
from lastmessage.scenes.drawing import GROUND, circle, ellipse, line, path, poly, rect, stroke
from lastmessage.scenes.figures import OUT, _f

Icon = Callable[[float, float, float], str]
STEEL, STEEL_DARK, WHITE, MARBLE, BONE = "#adb5bd", "#495057", "#f8f9fa", "#ece6da", "#f3ead6"
BRASS, VELVET = "#d4a72c", "#a51d2d"


# --- the station ----------------------------------------------------------------

def ticket_barriers() -> str:
    """Four waist-high gates with ticket readers and red paddles between them."""
    parts = []
    for i, x in enumerate((10, 58, 106, 154)):
        parts.append(rect(x, 118, 36, 78, "#868e96", rx=4) + rect(x, 118, 36, 10, "#343a40", rx=3)
                     + rect(x + 8, 132, 20, 12, "#212529", rx=2)
                     + circle(x + 18, 156, 5, "#51cf66" if i % 2 == 0 else "#ff6b6b", outline=False))
        if i < 3:
            parts.append(poly([(x + 36, 140), (x + 46, 136), (x + 46, 166), (x + 36, 170)], "#e03131", opacity=0.85)
                         + poly([(x + 58, 140), (x + 48, 136), (x + 48, 166), (x + 58, 170)], "#e03131", opacity=0.85))
    return "".join(parts)


def glass_ticket_gates() -> str:
    """Three tall navy gates with yellow ticket readers and glass paddles between them (not the grey gates of
    `ticket_barriers` again: twelve identical gates across the concourse read as a pattern, issue 21)."""
    parts = []
    for i, x in enumerate((14, 86, 158)):
        parts.append(rect(x, 104, 28, 92, "#1c3d7a", rx=5) + rect(x, 104, 28, 12, "#0b1f3f", rx=4)
                     + rect(x + 6, 124, 16, 12, "#fab005", rx=2)
                     + circle(x + 14, 150, 4, "#74c0fc", outline=False))
        if i < 2:
            parts.append(poly([(x + 28, 120), (x + 42, 116), (x + 42, 176), (x + 28, 180)], "#a5d8ff", opacity=0.6)
                         + poly([(x + 72, 120), (x + 58, 116), (x + 58, 176), (x + 72, 180)], "#a5d8ff", opacity=0.6))
    return "".join(parts)


def wide_ticket_gates() -> str:
    """Two wide gates for luggage and pushchairs: low white cabinets with green tops, a swing door of glass
    across each gate and a luggage sign over it."""
    parts = []
    for x in (8, 92, 176):
        parts.append(rect(x, 128, 18, 68, "#e9ecef", rx=3) + rect(x, 128, 18, 9, "#2f9e44", rx=3)
                     + circle(x + 9, 150, 3.5, "#51cf66", outline=False))
    for x0, x1 in ((26, 92), (110, 176)):
        parts.append(rect(x0 + 2, 138, x1 - x0 - 4, 30, "#d0ebff", rx=3)
                     + line([(x0 + 4, 150), (x1 - 4, 150)], "#2f9e44", 3)
                     + rect((x0 + x1) / 2 - 9, 108, 18, 14, "#2f9e44", rx=2)
                     + rect((x0 + x1) / 2 - 5, 112, 10, 7, "#ffffff", rx=1))
    return "".join(parts)


def shop_front(fascia: str, sign: Icon, goods: Icon, awning: tuple[str, str]) -> str:
    """A small shop seen from the concourse: a sign over the front, a striped canopy, a window full of
    goods on two shelves, and a glazed door."""
    stripes = "".join(rect(10 + 18 * i, 64, 18, 14, awning[i % 2], outline=False) for i in range(10))
    scallops = "".join(path(f"M{10 + 18 * i},78 q9,10 18,0 Z", awning[i % 2]) for i in range(10))
    shelf_goods = "".join(goods(26 + 22 * i, y, 20) for i in range(5) for y in (106, 146))
    return (rect(8, 26, 184, 170, "#d8cfc0", rx=3) + rect(8, 26, 184, 36, fascia, rx=3) + sign(100, 44, 26)
            + rect(10, 64, 180, 14, awning[0], outline=False) + stripes + scallops
            + rect(16, 88, 112, 96, "#d0ebff") + shelf_goods
            + line([(16, 122), (128, 122)], "#8a5a35", 4) + line([(16, 162), (128, 162)], "#8a5a35", 4)
            + rect(138, 88, 46, 108, "#5c4033") + rect(146, 96, 30, 52, "#a5d8ff")
            + circle(142, 150, 3, "#fab005", outline=False)
            + line([(22, 96), (44, 120)], WHITE, 3))


def _digit(n: int, x: float, y: float, h: float) -> str:
    """A platform number in white strokes (no text in the renderer's SVG)."""
    w = h * 0.55
    if n == 1:
        pts = [(x - w * 0.3, y + h * 0.2), (x + w * 0.1, y), (x + w * 0.1, y + h)]
    elif n == 2:
        pts = [(x - w / 2, y + h * 0.2), (x, y), (x + w / 2, y + h * 0.25), (x - w / 2, y + h), (x + w / 2, y + h)]
    else:   # a 3 of two round bowls
        d = (f"M{_f(x - w * 0.45)},{_f(y + h * 0.12)} C{_f(x - w * 0.2)},{_f(y - h * 0.05)} "
             f"{_f(x + w * 0.55)},{_f(y - h * 0.02)} {_f(x + w * 0.4)},{_f(y + h * 0.25)} "
             f"C{_f(x + w * 0.3)},{_f(y + h * 0.45)} {_f(x)},{_f(y + h * 0.47)} {_f(x - w * 0.1)},{_f(y + h * 0.47)} "
             f"C{_f(x + w * 0.65)},{_f(y + h * 0.47)} {_f(x + w * 0.6)},{_f(y + h * 1.02)} {_f(x)},{_f(y + h)} "
             f"C{_f(x - w * 0.25)},{_f(y + h)} {_f(x - w * 0.45)},{_f(y + h * 0.92)} {_f(x - w * 0.5)},{_f(y + h * 0.85)}")
        return (f'<path d="{d}" fill="none" stroke="{WHITE}" stroke-width="{_f(h * 0.16)}" '
                'stroke-linecap="round" stroke-linejoin="round"/>')
    return line(pts, WHITE, h * 0.16)


def platform_sign(number: int) -> str:
    """A blue platform sign with its number, on a tall pole: the board is above everyone's head."""
    return (stroke([(100, 20), (100, GROUND)], STEEL_DARK, 6) + ellipse(100, 194, 16, 4, STEEL_DARK)
            + rect(46, -40, 108, 62, "#1864ab", rx=8) + _digit(number, 80, -30, 42)
            + poly([(106, -10), (132, -10), (132, -18), (144, -6), (132, 6), (132, -2), (106, -2)], "#ffd43b"))


def exit_sign() -> str:
    """A green exit sign with a running figure and an arrow, high on a pole."""
    return (stroke([(100, 20), (100, GROUND)], STEEL_DARK, 6) + ellipse(100, 194, 16, 4, STEEL_DARK)
            + rect(40, -36, 120, 56, "#2b8a3e", rx=6) + circle(76, -22, 6, WHITE, outline=False)
            + line([(74, -14), (70, 2), (60, 12)], WHITE, 6) + line([(70, 2), (82, 12)], WHITE, 6)
            + line([(62, -8), (86, -10)], WHITE, 5)
            + poly([(104, -14), (130, -14), (130, -24), (148, -8), (130, 8), (130, -2), (104, -2)], WHITE))


def luggage_cart() -> str:
    """A traveller's trolley piled with two suitcases and a bag."""
    return (stroke([(40, 178), (160, 178)], STEEL, 6) + stroke([(150, 178), (150, 70), (168, 62)], STEEL, 6)
            + circle(54, 186, 9, "#343a40") + circle(140, 186, 9, "#343a40")
            + rect(44, 124, 100, 50, "#1c7ed6", rx=6) + rect(56, 84, 76, 40, "#e8590c", rx=6)
            + rect(80, 74, 28, 10, "none", rx=4) + rect(62, 58, 40, 26, "#2f9e44", rx=8))


def ticket_machine() -> str:
    """A tall red machine with a screen, a slot and a tray."""
    return (rect(56, 40, 88, 156, "#c92a2a", rx=8) + rect(68, 56, 64, 44, "#a5d8ff") + rect(80, 112, 40, 8, OUT)
            + rect(76, 140, 48, 20, "#343a40") + circle(120, 128, 5, "#ffd43b"))


def open_case() -> str:
    """An open instrument case on the floor with coins in its red lining: a busker plays here."""
    coins = "".join(circle(x, y, 5, "#fcc419") for x, y in ((70, 170), (92, 176), (118, 168), (134, 178), (104, 164)))
    return (path("M20,186 Q20,150 60,152 Q84,140 110,152 Q150,144 180,160 Q196,172 180,190 Q100,198 24,194 Z", "#3b2a20")
            + path("M32,184 Q34,160 62,162 Q86,152 110,162 Q146,156 170,168 Q180,176 170,184 Q100,190 34,188 Z",
                   "#a51d2d") + coins)


# --- the museum -----------------------------------------------------------------

def t_rex() -> str:
    """A bone-white T. rex skeleton striding on a low marble plinth (the hall's centrepiece)."""
    spine = [(20, 96), (44, 70), (72, 62), (104, 70), (132, 84), (160, 100), (184, 118), (196, 132)]
    ribs = "".join(stroke([(x, 68 + (x - 60) * 0.12), (x + 6, 112 - abs(x - 84) * 0.3)], BONE, 4)
                   for x in range(58, 118, 11))
    vertebrae = "".join(circle(x, y, 4, BONE) for x, y in spine[1:-1])
    skull = (path("M6,60 Q4,40 24,34 L52,36 Q62,44 56,62 L44,74 Q30,70 24,80 L10,76 Z", BONE)
             + circle(40, 46, 6, "#5c5040", outline=False) + line([(14, 64), (42, 66)], "#5c5040", 3)
             + "".join(line([(x, 62), (x, 68)], "#5c5040", 2) for x in (16, 22, 28, 34)))
    legs = (stroke([(96, 100), (84, 128), (98, 150), (82, 178)], BONE, 9)
            + stroke([(120, 100), (124, 132), (138, 154), (132, 180)], BONE, 9)
            + stroke([(82, 178), (70, 182)], BONE, 6) + stroke([(132, 180), (146, 182)], BONE, 6))
    arms = stroke([(58, 92), (62, 104), (56, 110)], BONE, 4)
    plinth = rect(30, 182, 150, 14, MARBLE) + rect(22, 178, 166, 6, "#d6cdbd")
    posts = stroke([(92, 150), (92, 180)], STEEL, 3) + stroke([(128, 156), (128, 180)], STEEL, 3)
    return plinth + posts + legs + stroke(spine, BONE, 9) + vertebrae + ribs + arms + skull


def flower_vase(bloom: str, leaf: str = "#2f9e44") -> str:
    """A vase of flowers on a slim white plinth."""
    heads = "".join(circle(x, y, 10, bloom) + circle(x, y, 4, "#fff3bf", outline=False)
                    for x, y in ((76, 40), (100, 28), (124, 42), (88, 58), (114, 60)))
    stems = "".join(line([(100, 96), (x, y)], leaf, 4) for x, y in ((76, 40), (100, 28), (124, 42), (88, 58), (114, 60)))
    return (rect(78, 120, 44, 76, WHITE) + rect(70, 114, 60, 10, "#dee2e6")
            + stems + heads + path("M86,114 Q78,96 90,86 H110 Q122,96 114,114 Z", "#1c7ed6"))


def marble_statue() -> str:
    """A classical white figure, one arm raised, on a square plinth."""
    stone = "#e9ecef"
    return (rect(56, 150, 88, 46, MARBLE) + rect(50, 144, 100, 8, "#d6cdbd")
            + path("M84,144 L88,96 Q100,88 112,96 L116,144 Z", stone) + circle(100, 76, 14, stone)
            + stroke([(112, 100), (128, 74), (132, 50)], stone, 8) + stroke([(88, 100), (80, 128)], stone, 8)
            + path("M86,120 Q100,112 114,124 L116,144 H84 Z", "#dee2e6"))


def marble_bust() -> str:
    """A head and shoulders on a fluted column."""
    stone = "#e9ecef"
    flutes = "".join(line([(x, 112), (x, 186)], "#ced4da", 3) for x in (88, 100, 112))
    return (rect(78, 108, 44, 80, MARBLE) + flutes + rect(70, 186, 60, 10, "#d6cdbd") + rect(70, 100, 60, 10, "#d6cdbd")
            + path("M66,100 Q70,70 100,68 Q130,70 134,100 Z", stone) + ellipse(100, 50, 20, 24, stone)
            + path("M80,40 Q100,18 120,40 Q112,30 100,32 Q88,30 80,40 Z", "#ced4da"))


def bronze_sculpture() -> str:
    """Modern art: two bronze loops twisted around each other on a dark block."""
    return (rect(62, 156, 76, 40, "#343a40") + ellipse(100, 100, 36, 56, "none")
            + f'<ellipse cx="100" cy="100" rx="36" ry="56" fill="none" stroke="{OUT}" stroke-width="16"/>'
            + '<ellipse cx="100" cy="100" rx="36" ry="56" fill="none" stroke="#b0702a" stroke-width="11"/>'
            + f'<ellipse cx="100" cy="112" rx="56" ry="30" fill="none" stroke="{OUT}" stroke-width="14"/>'
            + '<ellipse cx="100" cy="112" rx="56" ry="30" fill="none" stroke="#c8893c" stroke-width="9"/>')


def display_case(item: Icon) -> str:
    """A glass case on a wooden stand, with a treasure inside."""
    return (rect(64, 130, 72, 66, "#6b3d1f") + item(100, 98, 40)
            + rect(58, 60, 84, 72, "#d0ebff59")
            + line([(66, 70), (84, 92)], WHITE, 3))


def _crown(x: float, y: float, s: float) -> str:
    return (poly([(x - s * 0.5, y + s * 0.3), (x - s * 0.5, y - s * 0.3), (x - s * 0.25, y), (x, y - s * 0.4),
                  (x + s * 0.25, y), (x + s * 0.5, y - s * 0.3), (x + s * 0.5, y + s * 0.3)], "#fab005")
            + circle(x, y + s * 0.12, s * 0.08, "#e03131"))


def _gem(x: float, y: float, s: float) -> str:
    return (poly([(x - s * 0.4, y - s * 0.1), (x - s * 0.2, y - s * 0.35), (x + s * 0.2, y - s * 0.35),
                  (x + s * 0.4, y - s * 0.1), (x, y + s * 0.4)], "#74c0fc")
            + line([(x - s * 0.4, y - s * 0.1), (x + s * 0.4, y - s * 0.1)], OUT, 2))


def _egg(x: float, y: float, s: float) -> str:
    return (ellipse(x, y, s * 0.3, s * 0.4, "#f06595") + line([(x - s * 0.28, y), (x + s * 0.28, y)], "#fab005", 4)
            + circle(x, y - s * 0.2, s * 0.06, WHITE, outline=False))


def _pearls(x: float, y: float, s: float) -> str:
    """A string of pearls round a dark velvet neck, a ruby hanging from it."""
    beads = "".join(circle(x + s * 0.3 * math.cos(a), y - s * 0.12 + s * 0.3 * math.sin(a), s * 0.085, "#f8f9fa")
                    for a in (math.pi * (0.02 + 0.96 * i / 8) for i in range(9)))
    neck = path(f"M{_f(x - s * 0.22)},{_f(y - s * 0.5)} H{_f(x + s * 0.22)} L{_f(x + s * 0.5)},{_f(y + s * 0.5)} "
                f"H{_f(x - s * 0.5)} Z", "#364fc7")
    return neck + beads + circle(x, y + s * 0.3, s * 0.11, "#e03131")


def _gold_mask(x: float, y: float, s: float) -> str:
    return (path(f"M{_f(x - s * 0.3)},{_f(y - s * 0.4)} H{_f(x + s * 0.3)} Q{_f(x + s * 0.34)},{_f(y + s * 0.2)} "
                 f"{_f(x)},{_f(y + s * 0.45)} Q{_f(x - s * 0.34)},{_f(y + s * 0.2)} {_f(x - s * 0.3)},{_f(y - s * 0.4)} Z",
                 "#fab005")
            + ellipse(x - s * 0.13, y - s * 0.12, s * 0.08, s * 0.04, OUT, outline=False)
            + ellipse(x + s * 0.13, y - s * 0.12, s * 0.08, s * 0.04, OUT, outline=False)
            + line([(x - s * 0.1, y + s * 0.22), (x + s * 0.1, y + s * 0.22)], "#c92a2a", 3)
            + line([(x - s * 0.3, y - s * 0.3), (x + s * 0.3, y - s * 0.3)], "#1c7ed6", 4))


HALL_PROPS: dict[str, Callable[[], str]] = {
    # station
    "ticket barriers": ticket_barriers, "glass ticket gates": glass_ticket_gates,
    "wide ticket gates": wide_ticket_gates, "platform 1 sign": lambda: platform_sign(1),
    "platform 2 sign": lambda: platform_sign(2), "platform 3 sign": lambda: platform_sign(3),
    "exit sign": exit_sign, "luggage cart": luggage_cart, "ticket machine": ticket_machine,
    "busker's open case": open_case,
    "station café": lambda: shop_front("#7b341e", lambda x, y, s: g.cup(x, y, s), lambda x, y, s: g.cup(x, y, s),
                                       ("#7b341e", "#fff4e6")),
    "newsagent's": lambda: shop_front("#2f855a", g.newspaper, g.newspaper, ("#2f855a", "#f0fff4")),
    "bakery": lambda: shop_front("#c05621", g.croissant, g.croissant, ("#c05621", "#fffaf0")),
    "florist's": lambda: shop_front("#b83280", g.bouquet, g.bouquet, ("#b83280", "#fff5f7")),
    "sushi shop": lambda: shop_front("#1c1c1c", g.sushi, g.sushi, ("#c92a2a", "#fff5f5")),
    "sweet shop": lambda: shop_front("#d6336c", g.doughnut, g.doughnut, ("#f783ac", "#fff0f6")),
    "cheese shop": lambda: shop_front("#e67700", g.cheese, g.cheese, ("#f59f00", "#fff9db")),
    "pretzel shop": lambda: shop_front("#5c3d2e", g.pretzel, g.pretzel, ("#1971c2", "#e7f5ff")),
    # museum
    "T. rex skeleton": t_rex,
    "vase of lilies": lambda: flower_vase(WHITE), "vase of roses": lambda: flower_vase("#e03131"),
    "vase of sunflowers": lambda: flower_vase("#fab005"), "marble statue": marble_statue, "marble bust": marble_bust,
    "bronze sculpture": bronze_sculpture, "crown in a glass case": lambda: display_case(_crown),
    "jewel in a glass case": lambda: display_case(_gem), "golden egg in a glass case": lambda: display_case(_egg),
    "pearl necklace in a glass case": lambda: display_case(_pearls), "gold mask in a glass case": lambda: display_case(_gold_mask),
    "vase of irises": lambda: flower_vase("#7048e8"), "vase of carnations": lambda: flower_vase("#f06595"),
}
