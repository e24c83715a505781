"""Small things in the flat style: what stalls sell and what stands on tables (pure: SVG text).

Each icon draws one item centred at (x, y) about `s` units wide in the
200 x 200 emoji frame of `drawing.py`; `pile` sets several on a tray, as a
stall shows its goods.
"""

from __future__ import annotations

from collections.abc import Callable

from lastmessage.scenes.drawing import circle, ellipse, line, path, poly, rect, star
from lastmessage.scenes.figures import OUT, _f

Icon = Callable[[float, float, float], str]


def fish(x: float, y: float, s: float, colour: str = "#6fa8dc") -> str:
    h = s * 0.32
    return (poly([(x + s * 0.3, y), (x + s * 0.5, y - h * 0.8), (x + s * 0.5, y + h * 0.8)], colour)
            + ellipse(x - s * 0.05, y, s * 0.38, h, colour) + circle(x - s * 0.28, y - h * 0.2, s * 0.04, OUT,
                                                                    outline=False)
            + line([(x - s * 0.1, y - h * 0.7), (x - s * 0.1, y + h * 0.7)], "#3d6fa0", s * 0.03))


def lobster(x: float, y: float, s: float) -> str:
    red = "#d9412b"
    return (ellipse(x, y, s * 0.16, s * 0.32, red) + circle(x - s * 0.26, y - s * 0.36, s * 0.13, red)
            + circle(x + s * 0.26, y - s * 0.36, s * 0.13, red)
            + line([(x - s * 0.08, y - s * 0.25), (x - s * 0.2, y - s * 0.3)], red, s * 0.06)
            + line([(x + s * 0.08, y - s * 0.25), (x + s * 0.2, y - s * 0.3)], red, s * 0.06)
            + poly([(x, y + s * 0.28), (x - s * 0.16, y + s * 0.42), (x + s * 0.16, y + s * 0.42)], red))


def apple(x: float, y: float, s: float, colour: str = "#e03131") -> str:
    return (circle(x, y, s * 0.4, colour) + line([(x, y - s * 0.35), (x + s * 0.06, y - s * 0.55)], "#6b3410", s * 0.06)
            + ellipse(x + s * 0.18, y - s * 0.5, s * 0.14, s * 0.07, "#37b24d")
            + circle(x - s * 0.15, y - s * 0.14, s * 0.08, "#ffffff", outline=False, opacity=0.6))


def baguette(x: float, y: float, s: float) -> str:
    return (path(f"M{_f(x - s * 0.5)},{_f(y + s * 0.2)} Q{_f(x - s * 0.55)},{_f(y - s * 0.05)} {_f(x - s * 0.3)},"
                 f"{_f(y - s * 0.12)} L{_f(x + s * 0.45)},{_f(y - s * 0.25)} Q{_f(x + s * 0.58)},{_f(y - s * 0.1)} "
                 f"{_f(x + s * 0.4)},{_f(y + s * 0.05)} Z", "#d99a4e")
            + "".join(line([(x + d * s, y - s * 0.12 + d * s * 0.1), (x + d * s + s * 0.08, y - s * 0.02 + d * s * 0.1)],
                           "#f4d39a", s * 0.04) for d in (-0.3, -0.1, 0.1, 0.3)))


def cheese(x: float, y: float, s: float) -> str:
    return (poly([(x - s * 0.5, y + s * 0.25), (x + s * 0.5, y + s * 0.25), (x + s * 0.5, y - s * 0.1),
                  (x - s * 0.5, y - s * 0.05)], "#fcc419")
            + poly([(x - s * 0.5, y - s * 0.05), (x + s * 0.5, y - s * 0.1), (x + s * 0.15, y - s * 0.35)], "#ffe066")
            + circle(x - s * 0.2, y + s * 0.08, s * 0.06, "#e0a800", outline=False)
            + circle(x + s * 0.22, y + s * 0.1, s * 0.08, "#e0a800", outline=False))


def flower(x: float, y: float, s: float, colour: str = "#f06595") -> str:
    petals = "".join(circle(x + dx * s * 0.16, y + dy * s * 0.16, s * 0.14, colour)
                     for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, -0.7)))
    return petals + circle(x, y, s * 0.1, "#fcc419")


def bouquet(x: float, y: float, s: float) -> str:
    stems = "".join(line([(x, y + s * 0.5), (x + dx * s, y - s * 0.1)], "#2f9e44", s * 0.04) for dx in (-0.25, 0, 0.25))
    wrap = poly([(x - s * 0.3, y), (x + s * 0.3, y), (x + s * 0.08, y + s * 0.55), (x - s * 0.08, y + s * 0.55)],
                "#fff3bf")
    heads = "".join(flower(x + dx * s, y - s * 0.15 + dy * s, s * 0.45, c)
                    for dx, dy, c in ((-0.28, 0.0, "#f06595"), (0.28, 0.0, "#ffd43b"), (0.0, -0.18, "#e03131")))
    return stems + heads + wrap


def carrot(x: float, y: float, s: float) -> str:
    return (poly([(x - s * 0.14, y - s * 0.3), (x + s * 0.14, y - s * 0.3), (x, y + s * 0.5)], "#f76707")
            + "".join(ellipse(x + dx * s, y - s * 0.42, s * 0.05, s * 0.14, "#37b24d") for dx in (-0.08, 0, 0.08)))


def jar(x: float, y: float, s: float, colour: str = "#f59f00") -> str:
    return (rect(x - s * 0.3, y - s * 0.25, s * 0.6, s * 0.6, colour, rx=s * 0.12)
            + rect(x - s * 0.26, y - s * 0.4, s * 0.52, s * 0.15, "#c2410c", rx=s * 0.04)
            + rect(x - s * 0.18, y - s * 0.05, s * 0.36, s * 0.22, "#fff9db", rx=s * 0.03))


def ice_cream(x: float, y: float, s: float, colour: str = "#faa2c1") -> str:
    return (poly([(x - s * 0.22, y - s * 0.05), (x + s * 0.22, y - s * 0.05), (x, y + s * 0.5)], "#e8a85c")
            + circle(x, y - s * 0.2, s * 0.24, colour) + circle(x + s * 0.05, y - s * 0.42, s * 0.17, "#fff4e6"))


def cup(x: float, y: float, s: float, colour: str = "#ffffff", drink: str = "#7a4b23") -> str:
    return (ellipse(x, y + s * 0.3, s * 0.42, s * 0.1, colour)
            + path(f"M{_f(x + s * 0.25)},{_f(y - s * 0.05)} q{_f(s * 0.22)},0 {_f(s * 0.12)},{_f(s * 0.2)}", "none")
            + poly([(x - s * 0.28, y - s * 0.15), (x + s * 0.28, y - s * 0.15), (x + s * 0.2, y + s * 0.28),
                    (x - s * 0.2, y + s * 0.28)], colour)
            + ellipse(x, y - s * 0.15, s * 0.28, s * 0.07, drink))


def mug(x: float, y: float, s: float) -> str:
    return (rect(x + s * 0.15, y - s * 0.15, s * 0.22, s * 0.3, "none", rx=s * 0.08)
            + rect(x - s * 0.28, y - s * 0.3, s * 0.46, s * 0.62, "#f8c537", rx=s * 0.05)
            + ellipse(x - s * 0.05, y - s * 0.34, s * 0.28, s * 0.12, "#ffffff"))


def glass(x: float, y: float, s: float, colour: str = "#e9c46a") -> str:
    return (poly([(x - s * 0.2, y - s * 0.4), (x + s * 0.2, y - s * 0.4), (x, y)], colour)
            + line([(x, y), (x, y + s * 0.35)], OUT, s * 0.04) + ellipse(x, y + s * 0.38, s * 0.15, s * 0.04, "#dee2e6"))


def cocktail(x: float, y: float, s: float) -> str:
    return glass(x, y, s, "#ff8787") + circle(x + s * 0.2, y - s * 0.42, s * 0.09, "#fab005")


def hot_dog(x: float, y: float, s: float) -> str:
    return (ellipse(x, y + s * 0.05, s * 0.48, s * 0.16, "#e8a85c") + ellipse(x, y - s * 0.04, s * 0.52, s * 0.08,
                                                                            "#c0392b")
            + line([(x - s * 0.3, y - s * 0.06), (x - s * 0.15, y - s * 0.02), (x, y - s * 0.06), (x + s * 0.15, y - s * 0.02),
                    (x + s * 0.3, y - s * 0.06)], "#ffd43b", s * 0.04))


def watermelon(x: float, y: float, s: float) -> str:
    return (path(f"M{_f(x - s * 0.45)},{_f(y - s * 0.1)} A{_f(s * 0.45)},{_f(s * 0.45)} 0 0 0 {_f(x + s * 0.45)},"
                 f"{_f(y - s * 0.1)} Z", "#2f9e44")
            + path(f"M{_f(x - s * 0.37)},{_f(y - s * 0.1)} A{_f(s * 0.37)},{_f(s * 0.37)} 0 0 0 {_f(x + s * 0.37)},"
                   f"{_f(y - s * 0.1)} Z", "#ff6b6b", outline=False)
            + "".join(circle(x + dx * s, y + s * 0.06, s * 0.03, OUT, outline=False) for dx in (-0.15, 0, 0.15)))


def pot(x: float, y: float, s: float, colour: str = "#e03131", food: str = "#ffa94d") -> str:
    steam = "".join(line([(x + dx * s, y - s * 0.35), (x + dx * s + s * 0.06, y - s * 0.5), (x + dx * s, y - s * 0.65)],
                         "#ffffff", s * 0.04) for dx in (-0.12, 0.12))
    return (steam + rect(x - s * 0.4, y - s * 0.2, s * 0.8, s * 0.5, colour, rx=s * 0.1)
            + ellipse(x, y - s * 0.2, s * 0.4, s * 0.1, food)
            + line([(x - s * 0.5, y - s * 0.1), (x - s * 0.4, y - s * 0.1)], OUT, s * 0.06)
            + line([(x + s * 0.4, y - s * 0.1), (x + s * 0.5, y - s * 0.1)], OUT, s * 0.06))


def target(x: float, y: float, s: float) -> str:
    return (circle(x, y, s * 0.45, "#ffffff") + circle(x, y, s * 0.33, "#e03131") + circle(x, y, s * 0.21, "#ffffff")
            + circle(x, y, s * 0.1, "#e03131") + line([(x + s * 0.05, y - s * 0.05), (x + s * 0.4, y - s * 0.4)],
                                                     "#1c7ed6", s * 0.05))


def popcorn(x: float, y: float, s: float) -> str:
    kernels = "".join(circle(x + dx * s, y - s * 0.3 + dy * s, s * 0.12, "#fff3bf")
                      for dx, dy in ((-0.2, 0), (0, -0.08), (0.2, 0), (-0.1, -0.15), (0.1, -0.15)))
    box = poly([(x - s * 0.3, y - s * 0.25), (x + s * 0.3, y - s * 0.25), (x + s * 0.22, y + s * 0.45),
                (x - s * 0.22, y + s * 0.45)], "#ffffff")
    stripes = "".join(poly([(x + a * s, y - s * 0.25), (x + (a + 0.12) * s, y - s * 0.25),
                            (x + (a + 0.1) * s * 0.75, y + s * 0.45), (x + a * s * 0.75, y + s * 0.45)],
                           "#e03131", outline=False) for a in (-0.24, 0.04))
    return kernels + box + stripes


def candy_floss(x: float, y: float, s: float) -> str:
    return (line([(x, y), (x, y + s * 0.5)], "#f8f9fa", s * 0.05)
            + circle(x, y - s * 0.12, s * 0.3, "#faa2c1") + circle(x - s * 0.14, y - s * 0.22, s * 0.16, "#fcc2d7",
                                                                 outline=False))


def pretzel(x: float, y: float, s: float) -> str:
    brown = "#b5651d"
    return (line([(x - s * 0.3, y + s * 0.2), (x - s * 0.38, y - s * 0.15), (x - s * 0.12, y - s * 0.3), (x + s * 0.2,
                                                                                                        y + s * 0.2)],
                 OUT, s * 0.17)
            + line([(x + s * 0.3, y + s * 0.2), (x + s * 0.38, y - s * 0.15), (x + s * 0.12, y - s * 0.3), (x - s * 0.2,
                                                                                                         y + s * 0.2)],
                   OUT, s * 0.17)
            + line([(x - s * 0.3, y + s * 0.2), (x - s * 0.38, y - s * 0.15), (x - s * 0.12, y - s * 0.3), (x + s * 0.2,
                                                                                                          y + s * 0.2)],
                   brown, s * 0.11)
            + line([(x + s * 0.3, y + s * 0.2), (x + s * 0.38, y - s * 0.15), (x + s * 0.12, y - s * 0.3), (x - s * 0.2,
                                                                                                           y + s * 0.2)],
                   brown, s * 0.11))


def doughnut(x: float, y: float, s: float) -> str:
    sprinkles = "".join(line([(x + dx * s, y + dy * s), (x + dx * s + s * 0.05, y + dy * s + s * 0.03)], c, s * 0.035)
                        for dx, dy, c in ((-0.25, -0.1, "#4dabf7"), (0.2, -0.2, "#ffd43b"), (0.15, 0.15, "#69db7c"),
                                          (-0.15, 0.18, "#ffffff")))
    return (circle(x, y, s * 0.42, "#d9a066") + circle(x, y, s * 0.36, "#f783ac", outline=False) + sprinkles
            + circle(x, y, s * 0.12, "#fff4e6"))


def pin(x: float, y: float, s: float) -> str:
    return (path(f"M{_f(x)},{_f(y - s * 0.5)} q{_f(s * 0.14)},0 {_f(s * 0.1)},{_f(s * 0.2)} q{_f(-s * 0.06)},{_f(s * 0.1)} "
                 f"{_f(s * 0.1)},{_f(s * 0.4)} q{_f(s * 0.02)},{_f(s * 0.3)} {_f(-s * 0.08)},{_f(s * 0.4)} "
                 f"h{_f(-s * 0.24)} q{_f(-s * 0.1)},{_f(-s * 0.1)} {_f(-s * 0.08)},{_f(-s * 0.4)} "
                 f"q{_f(s * 0.16)},{_f(-s * 0.3)} {_f(s * 0.1)},{_f(-s * 0.4)} q{_f(-s * 0.04)},{_f(-s * 0.2)} "
                 f"{_f(s * 0.1)},{_f(-s * 0.2)} Z", "#f8f9fa")
            + line([(x - s * 0.07, y - s * 0.2), (x + s * 0.07, y - s * 0.2)], "#e03131", s * 0.05))


def bottle(x: float, y: float, s: float, colour: str = "#2b8a3e", label: str = "#fcc419") -> str:
    return (path(f"M{_f(x - s * 0.06)},{_f(y - s * 0.55)} h{_f(s * 0.12)} v{_f(s * 0.2)} q{_f(s * 0.1)},{_f(s * 0.05)} "
                 f"{_f(s * 0.1)},{_f(s * 0.15)} v{_f(s * 0.7)} h{_f(-s * 0.32)} v{_f(-s * 0.7)} "
                 f"q0,{_f(-s * 0.1)} {_f(s * 0.1)},{_f(-s * 0.15)} Z", colour)
            + rect(x - s * 0.16, y, s * 0.32, s * 0.18, label, outline=False))


def cake(x: float, y: float, s: float) -> str:
    return (rect(x - s * 0.45, y - s * 0.05, s * 0.9, s * 0.4, "#f3d9fa") + rect(x - s * 0.3, y - s * 0.35, s * 0.6,
                                                                                  s * 0.3, "#fcc2d7")
            + path(f"M{_f(x - s * 0.45)},{_f(y + s * 0.02)} q{_f(s * 0.1)},{_f(s * 0.12)} {_f(s * 0.2)},0 "
                   f"q{_f(s * 0.1)},{_f(s * 0.12)} {_f(s * 0.2)},0 q{_f(s * 0.1)},{_f(s * 0.12)} {_f(s * 0.2)},0 "
                   f"q{_f(s * 0.1)},{_f(s * 0.12)} {_f(s * 0.2)},0", "none")
            + circle(x, y - s * 0.44, s * 0.08, "#e03131"))


def ticket(x: float, y: float, s: float) -> str:
    return (rect(x - s * 0.45, y - s * 0.22, s * 0.9, s * 0.44, "#ffd43b", rx=s * 0.06)
            + line([(x + s * 0.2, y - s * 0.16), (x + s * 0.2, y + s * 0.16)], "#e67700", s * 0.03)
            + star(x - s * 0.12, y, s * 0.14, "#e03131"))


def newspaper(x: float, y: float, s: float) -> str:
    return (poly([(x - s * 0.4, y - s * 0.35), (x + s * 0.35, y - s * 0.4), (x + s * 0.42, y + s * 0.35),
                  (x - s * 0.35, y + s * 0.4)], "#f1f3f5")
            + "".join(line([(x - s * 0.25, y + dy * s), (x + s * 0.25, y + dy * s - s * 0.03)], "#868e96", s * 0.04)
                      for dy in (-0.2, -0.05, 0.1, 0.25)))


def croissant(x: float, y: float, s: float) -> str:
    return (path(f"M{_f(x - s * 0.5)},{_f(y + s * 0.15)} Q{_f(x)},{_f(y - s * 0.6)} {_f(x + s * 0.5)},{_f(y + s * 0.15)} "
                 f"Q{_f(x)},{_f(y - s * 0.05)} {_f(x - s * 0.5)},{_f(y + s * 0.15)} Z", "#e8a04c")
            + "".join(line([(x + d * s, y - s * 0.2), (x + d * s * 1.2, y + s * 0.02)], "#b86b1d", s * 0.04)
                      for d in (-0.2, 0, 0.2)))


def sushi(x: float, y: float, s: float) -> str:
    return (rect(x - s * 0.4, y - s * 0.05, s * 0.8, s * 0.28, "#f8f9fa", rx=s * 0.1)
            + rect(x - s * 0.42, y - s * 0.2, s * 0.84, s * 0.2, "#ff8c5a", rx=s * 0.08)
            + rect(x - s * 0.08, y - s * 0.22, s * 0.16, s * 0.46, "#212529", outline=False))


def scarf(x: float, y: float, s: float, colour: str = "#1c7ed6") -> str:
    return (path(f"M{_f(x - s * 0.4)},{_f(y - s * 0.35)} h{_f(s * 0.8)} v{_f(s * 0.2)} h{_f(-s * 0.25)} v{_f(s * 0.6)} "
                 f"h{_f(-s * 0.2)} v{_f(-s * 0.6)} h{_f(-s * 0.35)} Z", colour)
            + line([(x + s * 0.15, y + s * 0.1), (x - s * 0.05, y + s * 0.1)], "#ffffff", s * 0.05)
            + line([(x + s * 0.15, y + s * 0.28), (x - s * 0.05, y + s * 0.28)], "#ffffff", s * 0.05))


def pile(icon: Icon, count: int, width: float, s: float, base: float = 140.0, tray: str = "#c8a27a") -> str:
    """`count` items on a shallow tray, the back row higher: a stall's goods, read at a glance."""
    back = max(1, count // 2)
    front = count - back
    parts = [ellipse(100, base + s * 0.35, width / 2 + 6, s * 0.22, "#00000030", outline=False)]
    parts += [icon(100 - width / 2 + width * (i + 0.5) / back, base - s * 0.35, s) for i in range(back)]
    parts += [icon(100 - width / 2 + width * (i + 0.5) / front, base, s) for i in range(front)]
    parts.append(rect(100 - width / 2 - 6, base + s * 0.25, width + 12, s * 0.22, tray, rx=3))
    return "".join(parts)
