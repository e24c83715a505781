"""Animals and plants in the people's flat style, as SVG (pure: returns SVG text).

Same canvas and box as `figures.py`, so the renderer places them the same
way. Animals are drawn in a small frame of 100 x 60 units (feet at the
bottom, facing right) and scaled to fill the lower part of the box, as the
emoji they replace did; plants fill the whole box. Kinds without a drawing
here keep their emoji.
"""

from __future__ import annotations

from collections.abc import Callable

from lastmessage.scenes.figures import CANVAS, OUT, _circle, _ellipse, _f, _limb, _line, _path, _poly


def _dog(coat: str, ear: str, *, fluffy: bool = False, harness: bool = False) -> str:
    parts = [_limb([(22, 30), (12, 18)], coat, 5),
             _limb([(28, 38), (27, 57)], coat, 6), _limb([(36, 40), (37, 57)], coat, 6),
             _limb([(62, 40), (63, 57)], coat, 6), _limb([(70, 38), (71, 57)], coat, 6),
             _ellipse(48, 34, 28, 12, coat)]
    if fluffy:
        parts += [_circle(x, y, 7, coat) for x, y in ((26, 30), (40, 28), (56, 28), (68, 31), (12, 17))]
    parts += [_circle(78, 22, 12, coat), _ellipse(90, 26, 8, 6, coat), _circle(96, 24, 2.4, OUT, False),
              _circle(81, 18, 1.8, OUT, False), _ellipse(72, 22, 5, 10, ear)]
    if harness:
        parts += [_line([(58, 24), (58, 45)], "#c92a2a", 3.5), _line([(58, 26), (46, 8)], "#c92a2a", 2.5)]
    return "".join(parts)


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
    "potted plant": _potted_plant, "sunflower": _sunflower,
}


def drawn_kinds() -> frozenset[str]:
    return frozenset(ANIMALS) | frozenset(PLANTS)


def creature_svg(kind: str, mirror: bool) -> str | None:
    """The SVG of an animal or plant of this kind (facing left if `mirror`), or None if not drawn here."""
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
