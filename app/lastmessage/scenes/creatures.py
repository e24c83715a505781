"""Animals and plants in the people's flat style, as SVG (pure: returns SVG text).

Same canvas and box as `figures.py`, so the renderer places them the same
way. Animals are drawn in a small frame of 100 x 60 units (feet at the
bottom, facing right) and scaled to fill the lower part of the box, as the
emoji they replace did; plants fill the whole box. Kinds without a drawing
here keep their emoji.
"""

from __future__ import annotations

from collections.abc import Callable

from lastmessage.scenes.drawing import GROUND, circle, ellipse, framed_svg, line, path, poly, stroke
from lastmessage.scenes.figures import CANVAS, OUT, _circle, _ellipse, _f, _limb, _line, _path, _poly

WHITE = "#f8f9fa"


def _dog(coat: str, ear: str, *, fluffy: bool = False, harness: bool = False, spots: str = "",
         leggy: float = 0.0, eye: str = OUT) -> str:
    """A dog; `leggy` lifts the body that many units on longer legs (a dachshund has none)."""
    up = -leggy
    parts = [_limb([(28, 38 + up), (27, 57)], coat, 6), _limb([(36, 40 + up), (37, 57)], coat, 6),
             _limb([(62, 40 + up), (63, 57)], coat, 6), _limb([(70, 38 + up), (71, 57)], coat, 6)]
    body = [_limb([(22, 30), (12, 18)], coat, 5), _ellipse(48, 34, 28, 12, coat)]
    if fluffy:
        body += [_circle(x, y, 7, coat) for x, y in ((26, 30), (40, 28), (56, 28), (68, 31), (12, 17))]
    if spots:
        body += [_circle(x, y, r, spots, False) for x, y, r in ((34, 30, 3.5), (48, 38, 3), (58, 29, 4),
                                                               (66, 38, 2.6), (42, 26, 2.4))]
    body += [_circle(78, 22, 12, coat), _ellipse(90, 26, 8, 6, coat), _circle(96, 24, 2.4, OUT, False),
             _circle(81, 18, 1.8, eye, False), _ellipse(72, 22, 5, 10, ear)]
    if spots:
        body.append(_circle(80, 26, 2.6, spots, False))
    if harness:
        body += [_line([(58, 24), (58, 45)], "#c92a2a", 3.5), _line([(58, 26), (52, 12), (40, 12)], "#c92a2a", 3)]
    lifted = "".join(body) if not leggy else f'<g transform="translate(0 {_f(up)})">{"".join(body)}</g>'
    return "".join(parts) + lifted


def _cat(coat: str, stripes: str) -> str:
    return "".join([
        _path("M22,40 Q6,36 10,14", "none"), _limb([(24, 42), (10, 30), (12, 14)], coat, 5),
        _limb([(34, 46), (34, 58)], coat, 5), _limb([(58, 46), (58, 58)], coat, 5),
        _ellipse(46, 44, 22, 10, coat),
        _line([(40, 36), (40, 44)], stripes, 2.2), _line([(48, 35), (48, 44)], stripes, 2.2),
        _poly([(62, 24), (64, 10), (71, 20)], coat), _poly([(76, 20), (84, 10), (85, 24)], coat),
        _circle(73, 30, 11, coat), _circle(77, 28, 1.7, "#3b8a3b", False), _circle(83, 28, 1.7, "#3b8a3b", False),
        _circle(81, 33, 1.4, "#e64980", False)])


def _bird(body: str, wing: str, beak: str, head: str | None = None) -> str:
    return "".join([
        _line([(44, 50), (42, 59)], "#e67700", 2), _line([(52, 50), (54, 59)], "#e67700", 2),
        _poly([(22, 38), (8, 34), (12, 46)], wing),
        _ellipse(46, 40, 24, 13, body), _ellipse(42, 38, 15, 8, wing),
        _circle(70, 26, 10, head or body), _poly([(78, 24), (92, 28), (78, 31)], beak),
        _circle(73, 24, 1.8, OUT, False)])


def _duck() -> str:
    return "".join([
        _poly([(20, 40), (6, 32), (14, 46)], "#8a5a2b"), _ellipse(46, 44, 27, 13, "#c8a27a"),
        _ellipse(42, 40, 15, 8, "#8a5a2b"), _line([(62, 34), (66, 20)], "#2f9e44", 9),
        _circle(68, 18, 10, "#2f9e44"), _path("M76,16 L92,20 Q92,25 76,24 Z", "#f59f00"),
        _circle(70, 15, 1.8, OUT, False), _line([(60, 30), (68, 28)], "#ffffff", 2)])


def _rabbit(coat: str) -> str:
    return "".join([
        _ellipse(70, 8, 4, 13, coat), _ellipse(79, 9, 4, 13, coat), _circle(20, 40, 6, "#f8f9fa"),
        _ellipse(42, 44, 22, 15, coat), _ellipse(56, 56, 10, 4, coat), _circle(72, 30, 11, coat),
        _circle(77, 28, 1.8, OUT, False), _circle(83, 33, 1.6, "#e64980", False)])


def _parrot() -> str:
    return "".join([
        _poly([(44, 40), (36, 60), (50, 60)], "#1c7ed6"), _ellipse(50, 32, 13, 20, "#e03131"),
        _ellipse(46, 34, 8, 14, "#fcc419"), _circle(56, 14, 10, "#e03131"),
        _path("M63,10 Q74,12 68,24 L63,20 Z", "#343a40"), _circle(56, 11, 2.6, "#ffffff", False),
        _circle(57, 11, 1.3, OUT, False), _line([(44, 52), (44, 60)], "#868e96", 2),
        _line([(54, 52), (54, 60)], "#868e96", 2)])


def _tree(crown: str, light: str) -> str:
    return "".join([
        _poly([(52, 196), (55, 110), (65, 110), (68, 196)], "#7a4b23"),
        _circle(36, 92, 30, crown), _circle(84, 92, 30, crown), _circle(60, 60, 36, crown),
        _circle(60, 104, 28, crown), _circle(48, 56, 12, light, False), _circle(80, 84, 9, light, False)])


def _fir(baubles: bool) -> str:
    parts = [_poly([(54, 196), (54, 170), (66, 170), (66, 196)], "#7a4b23")]
    for top, bottom, half in ((24, 90, 30), (62, 134, 40), (100, 176, 50)):
        parts.append(_poly([(60, top), (60 + half, bottom), (60 - half, bottom)], "#2b7a3b"))
    if baubles:
        parts += [_circle(x, y, 5, c) for x, y, c in (
            (50, 80, "#e03131"), (70, 118, "#fcc419"), (44, 126, "#1c7ed6"), (78, 160, "#e03131"),
            (40, 166, "#fcc419"), (60, 150, "#f06595"))]
        parts.append(_poly([(60, 8), (65, 20), (78, 20), (67, 28), (71, 40), (60, 32), (49, 40), (53, 28),
                            (42, 20), (55, 20)], "#fcc419"))
    return "".join(parts)


def _palm(pot: bool) -> str:
    parts = []
    base = 196.0
    if pot:
        parts.append(_poly([(40, 160), (80, 160), (74, 196), (46, 196)], "#c8693a"))
        base = 162.0
    parts.append(_limb([(60, base), (58, base - 40), (62, 70), (66, 46)], "#9c6b3c", 10))
    for end, mid in (((10, 70), (34, 38)), ((110, 70), (90, 36)), ((14, 30), (38, 28)), ((108, 30), (88, 26)),
                     ((40, 4), (50, 22)), ((88, 6), (78, 22))):
        parts.append(_limb([(66, 44), mid, end], "#2f9e44", 14))
        parts.append(_line([(66, 44), mid, end], "#69db7c", 2.5))
    return "".join(parts)


def _potted_plant() -> str:
    leaves = "".join(_ellipse(60 + dx, 130 + dy, 9, 22, "#37b24d") for dx, dy in (
        (-18, 6), (18, 6), (0, -8), (-9, 0), (9, 0)))
    return leaves + _poly([(38, 150), (82, 150), (76, 196), (44, 196)], "#c8693a")


def _pot(colour: str) -> str:
    return _poly([(38, 150), (82, 150), (76, 196), (44, 196)], colour)


def _potted_fern() -> str:
    fronds = "".join(_limb([(60, 152), (60 + dx * 0.5, 120 + dy * 0.3), (60 + dx, 100 + dy)], "#2b8a3e", 7)
                     for dx, dy in ((-40, 20), (-24, -6), (0, -16), (24, -6), (40, 20)))
    return fronds + _pot("#1c7ed6")


def _potted_cactus() -> str:
    return "".join([_limb([(60, 152), (60, 70)], "#5c940d", 22), _limb([(50, 118), (34, 112), (34, 90)], "#5c940d", 12),
                    _limb([(70, 104), (86, 98), (86, 78)], "#5c940d", 12), _circle(60, 64, 7, "#f06595"),
                    _pot("#e8590c")])


def _potted_lemon_tree() -> str:
    return "".join([_poly([(57, 152), (57, 110), (63, 110), (63, 152)], "#7a4b23"), _circle(60, 84, 34, "#2f9e44"),
                    *(_circle(x, y, 6, "#ffd43b") for x, y in ((44, 74), (72, 70), (58, 96), (80, 94), (40, 98))),
                    _pot("#f1f3f5")])


def _potted_orchid() -> str:
    flowers = "".join(_circle(x, y, 9, "#e599f7") + _circle(x, y, 3, "#fcc419", False)
                      for x, y in ((48, 78), (66, 66), (80, 84), (58, 96)))
    return (_limb([(60, 150), (58, 110), (66, 70)], "#2b8a3e", 4) + _ellipse(46, 140, 16, 7, "#37b24d")
            + _ellipse(74, 140, 16, 7, "#37b24d") + flowers + _pot("#7048e8"))


def _snowy_fir() -> str:
    parts = [_fir(False)]
    for top, bottom, half in ((24, 90, 30), (62, 134, 40), (100, 176, 50)):
        parts.append(_poly([(60, top), (60 + half * 0.45, top + (bottom - top) * 0.45),
                            (60 - half * 0.45, top + (bottom - top) * 0.45)], "#f8f9fa"))
    return "".join(parts)


def _sunflower() -> str:
    petals = "".join(_ellipse(60 + 16 * dx, 60 + 16 * dy, 9, 9, "#fcc419")
                     for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7),
                                    (-0.7, -0.7)))
    return (_line([(60, 70), (60, 196)], "#2f9e44", 6) + _ellipse(44, 130, 14, 6, "#37b24d")
            + _ellipse(76, 150, 14, 6, "#37b24d") + petals + _circle(60, 60, 12, "#7a4b23"))


ANIMALS: dict[str, Callable[[], str]] = {
    "dog": lambda: _dog("#a0522d", "#6b3410"), "poodle": lambda: _dog("#f1f3f5", "#dee2e6", fluffy=True),
    "guide dog": lambda: _dog("#e0b050", "#b8862b", harness=True),
    "St Bernard dog": lambda: _dog("#f8f9fa", "#a0522d"),
    "spotted dog": lambda: _dog("#f8f9fa", "#2b2b30", spots="#2b2b30", leggy=9),
    "black dog": lambda: _dog("#2b2b30", "#1a1a1e", leggy=6, eye=WHITE),
    "golden dog": lambda: _dog("#e0b050", "#b8862b", leggy=4),
    "cat": lambda: _cat("#f08c3a", "#c2540a"), "black cat": lambda: _cat("#2b2b30", "#2b2b30"),
    "pigeon": lambda: _bird("#9aa3ad", "#6c757d", "#495057", "#5c7080"),
    "seagull": lambda: _bird("#f8f9fa", "#adb5bd", "#f59f00"),
    "sparrow": lambda: _bird("#b08060", "#6b4423", "#495057"),
    "duck": _duck, "rabbit": lambda: _rabbit("#dee2e6"), "hare": lambda: _rabbit("#b08060"),
    "parrot": _parrot,
}
PLANTS: dict[str, Callable[[], str]] = {
    "oak tree": lambda: _tree("#3f8f2f", "#6cc04a"), "olive tree": lambda: _tree("#7f9a5b", "#a8c07a"),
    "fir tree": lambda: _fir(False), "Christmas tree": lambda: _fir(True),
    "palm tree": lambda: _palm(False), "potted palm": lambda: _palm(True),
    "potted plant": _potted_plant, "sunflower": _sunflower, "potted fern": _potted_fern,
    "potted cactus": _potted_cactus, "potted lemon tree": _potted_lemon_tree, "potted orchid": _potted_orchid,
    "snowy fir tree": _snowy_fir,
}


def drawn_kinds() -> frozenset[str]:
    return frozenset(ANIMALS) | frozenset(PLANTS) | frozenset(FRAMED)


def creature_svg(kind: str, mirror: bool) -> str | None:
    """The SVG of an animal or plant of this kind (facing left if `mirror`), or None if not drawn here."""
    if kind in FRAMED:
        return framed_svg(FRAMED[kind](), mirror)
    if kind in ANIMALS:
        body = f'<g transform="matrix(2 0 0 2 -40 78)">{ANIMALS[kind]()}</g>'
    elif kind in PLANTS:
        body = PLANTS[kind]()
    else:
        return None
    if mirror:
        body = f'<g transform="matrix(-1 0 0 1 120 0)">{body}</g>'
    x, y, w, h = CANVAS
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x)} {_f(y)} {_f(w)} {_f(h)}" '
            f'width="{_f(w)}" height="{_f(h)}">{body}</svg>')


# --- animals and plants drawn in the emoji's frame (drawing.py) -------------------------------
# These replaced emoji after the shipped scenes were made, so they fill the glyph's frame and the
# scene files keep their sizes (the recipes do not enlarge them as they do ANIMALS and PLANTS).

def _quadruped(coat: str, *, legs: str | None = None, tall: float = 0.0, tail: str = "", head: str = "") -> str:
    leg = legs or coat
    top = 96 - tall
    return (tail
            + "".join(stroke([(x, top + 40), (x + d, GROUND - 4)], leg, 11) for x, d in ((56, -2), (72, 2), (128, -2),
                                                                                          (142, 2)))
            + ellipse(100, top + 30, 54, 28, coat) + head)


def _fox() -> str:
    orange = "#f76707"
    return _quadruped(orange, legs="#343a40",
                      tail=path("M52,126 Q10,120 14,160 Q40,150 56,140 Z", orange) + circle(18, 156, 8, WHITE),
                      head=poly([(140, 90), (146, 56), (160, 80)], orange) + poly([(162, 80), (176, 56), (178, 90)], orange)
                      + path("M136,104 Q150,76 176,88 L196,110 Q176,124 150,118 Z", orange)
                      + path("M160,112 L196,110 Q180,122 160,118 Z", WHITE) + circle(170, 96, 3, OUT, outline=False)
                      + circle(196, 110, 3.5, OUT, outline=False))


def _deer() -> str:
    coat = "#b5651d"
    antler = "#6b3410"
    return _quadruped(coat, tall=26,
                      tail=ellipse(46, 74, 8, 6, WHITE),
                      head=stroke([(140, 72), (150, 40)], coat, 16) + ellipse(160, 40, 20, 12, coat)
                      + stroke([(150, 28), (140, 6), (128, 0)], antler, 4) + stroke([(142, 12), (150, 0)], antler, 4)
                      + stroke([(160, 28), (168, 6), (180, 0)], antler, 4) + circle(164, 36, 3, OUT, outline=False)
                      + circle(178, 44, 3, OUT, outline=False) + circle(96, 62, 4, WHITE, outline=False)
                      + circle(112, 72, 4, WHITE, outline=False))


def _pony() -> str:
    coat, mane = "#8d5524", "#3b2a20"
    return _quadruped(coat, tall=20,
                      tail=path("M48,90 Q20,100 26,150 Q36,130 52,110 Z", mane),
                      head=stroke([(138, 80), (154, 40)], coat, 22) + path("M150,30 Q170,26 190,52 Q188,64 174,62 L154,54 Z",
                                                                          coat)
                      + path("M136,88 Q132,50 150,24 L156,34 Q144,60 148,86 Z", mane) + circle(164, 40, 3, OUT, outline=False)
                      + poly([(150, 30), (154, 14), (160, 28)], coat))


def _goat() -> str:
    coat = "#f1f3f5"
    return _quadruped(coat, legs="#dee2e6",
                      head=stroke([(140, 96), (150, 70)], coat, 16) + ellipse(162, 70, 20, 13, coat)
                      + path("M150,60 Q136,36 120,40 Q134,46 142,62 Z", "#868e96") + path("M168,80 L164,100 L174,82 Z", "#dee2e6")
                      + circle(166, 66, 3, OUT, outline=False) + ellipse(146, 76, 6, 10, "#dee2e6"))


def _sheep() -> str:
    wool = "#f8f9fa"
    body = "".join(circle(x, y, 18, wool) for x, y in ((60, 116), (84, 102), (112, 100), (138, 112), (70, 136), (100, 140),
                                                        (130, 134)))
    return ("".join(stroke([(x, 140), (x, GROUND - 4)], "#343a40", 8) for x in (66, 82, 120, 136))
            + body + ellipse(100, 122, 40, 16, wool, outline=False) + ellipse(162, 110, 16, 20, "#343a40")
            + ellipse(150, 100, 8, 4, "#343a40") + circle(166, 106, 3, WHITE, outline=False))


def _rooster() -> str:
    return (poly([(60, 120), (26, 70), (40, 120), (20, 100), (50, 140)], "#2f9e44")
            + stroke([(96, 160), (92, GROUND - 4)], "#f59f00", 5) + stroke([(112, 160), (116, GROUND - 4)], "#f59f00", 5)
            + ellipse(100, 130, 44, 34, "#c2410c") + ellipse(92, 130, 24, 18, "#e8590c")
            + ellipse(134, 86, 18, 26, "#c2410c") + path("M128,62 q4,-14 10,-2 q6,-14 10,0 q8,-6 4,10 Z", "#e03131")
            + poly([(150, 84), (166, 90), (150, 96)], "#fab005") + ellipse(148, 104, 4, 8, "#e03131")
            + circle(140, 80, 3, OUT, outline=False))


def _owl() -> str:
    brown = "#8d5524"
    return (ellipse(100, 130, 50, 60, brown) + ellipse(100, 142, 32, 40, "#e8b06a")
            + poly([(56, 84), (62, 56), (80, 78)], brown) + poly([(144, 84), (138, 56), (120, 78)], brown)
            + circle(80, 100, 17, WHITE) + circle(120, 100, 17, WHITE) + circle(82, 100, 8, OUT, outline=False)
            + circle(118, 100, 8, OUT, outline=False) + poly([(94, 112), (106, 112), (100, 126)], "#fab005")
            + stroke([(88, 188), (88, GROUND)], "#fab005", 5) + stroke([(112, 188), (112, GROUND)], "#fab005", 5))


def _penguin() -> str:
    return (ellipse(100, 126, 42, 66, "#212529") + ellipse(100, 138, 28, 50, WHITE) + circle(100, 70, 28, "#212529")
            + ellipse(100, 78, 16, 14, WHITE, outline=False) + circle(92, 70, 3, OUT, outline=False)
            + circle(108, 70, 3, OUT, outline=False) + poly([(92, 82), (108, 82), (100, 94)], "#fab005")
            + ellipse(84, GROUND - 4, 14, 6, "#fab005") + ellipse(116, GROUND - 4, 14, 6, "#fab005"))


def _flamingo() -> str:
    pink = "#f783ac"
    return (stroke([(100, 120), (100, GROUND)], pink, 5) + stroke([(100, 150), (116, 140), (108, 166)], pink, 5)
            + ellipse(90, 110, 40, 22, pink) + path("M60,104 Q40,96 52,124 Z", "#e64980")
            + stroke([(120, 104), (136, 60), (124, 30), (138, 18)], pink, 9) + circle(140, 18, 10, pink)
            + path("M148,16 L164,24 Q160,34 150,28 Z", OUT) + circle(142, 14, 2.5, OUT, outline=False))


def _swan() -> str:
    return (path("M40,150 Q40,110 90,116 L140,120 Q160,150 130,170 H60 Q40,168 40,150 Z", WHITE)
            + stroke([(128, 128), (140, 80), (128, 50), (140, 36)], WHITE, 12) + circle(142, 38, 10, WHITE)
            + poly([(150, 36), (168, 44), (150, 46)], "#f76707") + circle(144, 34, 2.5, OUT, outline=False)
            + path("M60,140 Q90,120 120,140", "none") + _ripples())


def _ripples() -> str:
    return "".join(line([(x, 180), (x + 12, 176), (x + 24, 180)], "#e7f5ff", 3) for x in (30, 70, 110, 150))


def _dolphin() -> str:
    grey = "#74a9cf"
    return (path("M20,150 Q60,70 130,80 Q160,84 180,100 L196,96 L186,110 Q160,104 150,110 Q120,150 60,150 L40,168 "
                 "L36,146 Z", grey)
            + path("M100,84 L108,56 L124,82 Z", grey) + path("M70,130 Q110,140 150,110 Q120,150 70,148 Z", "#d0ebff")
            + circle(160, 96, 3.5, OUT, outline=False) + _ripples())


def _seal() -> str:
    grey = "#868e96"
    return (path("M30,170 Q40,120 100,110 Q130,80 150,84 Q176,88 172,110 Q168,130 150,140 Q140,170 100,176 Z", grey)
            + path("M20,176 L40,160 L44,180 Z", grey) + circle(160, 98, 3.5, OUT, outline=False)
            + circle(172, 106, 3, OUT, outline=False) + line([(170, 110), (190, 104)], OUT, 1.5)
            + line([(170, 112), (190, 116)], OUT, 1.5) + _ripples())


def _octopus() -> str:
    purple = "#cc5de8"
    arms = "".join(stroke([(x, 130), (x + d, 170), (x + d * 2, 186)], purple, 10) for x, d in (
        (60, -10), (80, -4), (100, 0), (120, 4), (140, 10)))
    return (arms + ellipse(100, 96, 46, 48, purple) + circle(84, 100, 8, WHITE) + circle(116, 100, 8, WHITE)
            + circle(85, 102, 4, OUT, outline=False) + circle(117, 102, 4, OUT, outline=False))


def _tropical_fish() -> str:
    return (poly([(40, 110), (14, 84), (14, 136)], "#fab005") + ellipse(100, 110, 62, 40, "#fab005")
            + stroke([(84, 74), (92, 110), (84, 146)], "#1c7ed6", 10) + stroke([(120, 76), (126, 110), (120, 144)], "#1c7ed6", 8)
            + circle(142, 100, 6, WHITE) + circle(143, 100, 3, OUT, outline=False))


def _turtle() -> str:
    green = "#37b24d"
    return (ellipse(58, 170, 14, 10, green) + ellipse(142, 170, 14, 10, green) + ellipse(164, 140, 22, 16, green)
            + circle(172, 136, 3, OUT, outline=False) + path("M40,160 Q50,90 100,88 Q150,90 160,160 Z", "#2b8a3e")
            + "".join(poly([(x - 14, y), (x, y - 14), (x + 14, y), (x, y + 14)], "#69db7c") for x, y in (
                (80, 130), (120, 130), (100, 108))))


def _crab() -> str:
    red = "#e8590c"
    legs = "".join(stroke([(100 + side * 30, 150), (100 + side * 58, 160 - i * 10), (100 + side * 70, GROUND - i * 8)],
                          red, 5) for side in (-1, 1) for i in range(3))
    claws = "".join(stroke([(100 + side * 40, 126), (100 + side * 62, 98)], red, 7)
                    + path(f"M{100 + side * 62},98 m-14,0 a14,14 0 1 1 28,0 l-14,4 Z", red) for side in (-1, 1))
    return (legs + claws + ellipse(100, 146, 48, 30, red) + stroke([(88, 118), (86, 100)], red, 4)
            + stroke([(112, 118), (114, 100)], red, 4) + circle(86, 98, 6, WHITE) + circle(114, 98, 6, WHITE)
            + circle(86, 98, 3, OUT, outline=False) + circle(114, 98, 3, OUT, outline=False))


def _mouse() -> str:
    grey = "#adb5bd"
    return (path("M40,176 Q10,180 20,150", "none") + ellipse(96, 160, 50, 30, grey) + circle(140, 128, 18, grey)
            + circle(146, 150, 16, grey) + circle(160, 154, 4, "#f783ac", outline=False)
            + circle(150, 146, 3, OUT, outline=False) + circle(140, 128, 9, "#ffc9c9", outline=False))


def _bat() -> str:
    dark = "#343a40"
    return (path("M100,110 Q70,60 20,76 Q40,90 34,110 Q56,100 62,120 Q80,106 100,126 Q120,106 138,120 Q144,100 166,110 "
                 "Q160,90 180,76 Q130,60 100,110 Z", dark)
            + ellipse(100, 112, 16, 22, "#495057") + poly([(88, 96), (92, 80), (98, 94)], "#495057")
            + poly([(112, 96), (108, 80), (102, 94)], "#495057") + circle(94, 104, 2.5, "#ffd43b", outline=False)
            + circle(106, 104, 2.5, "#ffd43b", outline=False))


def _spider() -> str:
    legs = "".join(stroke([(100, 140), (100 + side * 34, 110 + i * 12), (100 + side * 56, 150 + i * 12)], OUT, 3)
                   for side in (-1, 1) for i in range(4))
    return (line([(100, 20), (100, 120)], "#dee2e6", 1.5) + legs + ellipse(100, 150, 24, 28, "#212529")
            + circle(100, 122, 14, "#343a40") + circle(95, 120, 2.5, "#ff6b6b", outline=False)
            + circle(105, 120, 2.5, "#ff6b6b", outline=False))


def _flowers(head: Callable[[float, float], str], count: int, vase: str | None) -> str:
    spots = [(100 + (i - (count - 1) / 2) * 26, 70 + abs(i - (count - 1) / 2) * 14) for i in range(count)]
    stems = "".join(line([(100, 150), (x, y)], "#2f9e44", 5) for x, y in spots)
    leaves = ellipse(78, 130, 16, 6, "#37b24d") + ellipse(122, 124, 16, 6, "#37b24d")
    pot = (path("M70,140 H130 Q140,170 120,196 H80 Q60,170 70,140 Z", vase) if vase
           else path("M70,160 H130 L122,196 H78 Z", "#c8693a"))
    return stems + leaves + "".join(head(x, y) for x, y in spots) + pot


def _tulip(x: float, y: float) -> str:
    return path(f"M{x - 12},{y - 14} L{x - 6},{y - 4} L{x},{y - 16} L{x + 6},{y - 4} L{x + 12},{y - 14} "
                f"Q{x + 14},{y + 10} {x},{y + 12} Q{x - 14},{y + 10} {x - 12},{y - 14} Z", "#f03e3e")


def _rose(x: float, y: float) -> str:
    return circle(x, y, 16, "#c92a2a") + path(f"M{x - 8},{y} q8,-12 16,0 q-8,10 -16,0", "none")


def _orchid(x: float, y: float) -> str:
    petals = "".join(ellipse(x + dx, y + dy, 10, 8, "#e599f7") for dx, dy in ((-10, -6), (10, -6), (-8, 8), (8, 8)))
    return petals + circle(x, y, 6, "#ae3ec9")


FRAMED: dict[str, Callable[[], str]] = {
    "fox": _fox, "deer": _deer, "pony": _pony, "goat": _goat, "sheep": _sheep, "rooster": _rooster, "owl": _owl,
    "penguin": _penguin, "flamingo": _flamingo, "swan": _swan, "dolphin": _dolphin, "seal": _seal,
    "octopus": _octopus, "tropical fish": _tropical_fish, "turtle": _turtle, "crab": _crab, "mouse": _mouse,
    "bat": _bat, "spider": _spider,
    "vase of tulips": lambda: _flowers(_tulip, 5, "#74c0fc"), "red rose": lambda: _flowers(_rose, 1, "#e9ecef"),
    "orchid": lambda: _flowers(_orchid, 3, None),
}
SWIMMING = frozenset({"swan", "dolphin", "seal", "octopus", "tropical fish"})
"""Animals in the water: no shadow on the ground."""
