"""Props of the harbour quay and the beach, in the people's flat style (pure: SVG text).

Drawn in the 200 x 200 frame of `drawing.py` (ground at y = 196), like
`props.py`, whose registry takes these in. The goods are small and many
(a tray of fish on ice, a cart of fruit), so a stall reads as a stall and
not as one giant fish; the named thing is what is drawn.
"""

from __future__ import annotations

from collections.abc import Callable

from lastmessage.scenes import goods as g
from lastmessage.scenes.drawing import circle, ellipse, line, path, poly, rect, stroke
from lastmessage.scenes.figures import OUT

ROPE, IRON, WHITE = "#c8a96b", "#3d4247", "#f8f9fa"


def bollard() -> str:
    """A cast-iron mooring post with a rope round it."""
    return (path("M74,196 L78,120 Q78,96 100,96 Q122,96 122,120 L126,196 Z", IRON)
            + ellipse(100, 104, 34, 10, "#5b6168") + ellipse(100, 186, 34, 8, "#2b2f33")
            + stroke([(70, 150), (100, 158), (130, 150)], ROPE, 7) + stroke([(128, 152), (170, 178), (196, 184)], ROPE, 6))


def fishing_net() -> str:
    """A heap of net with orange floats, drying on the quay."""
    mesh = "".join(line([(x, 196), (x + 40, 110)], "#2f6f4f", 2) for x in range(20, 170, 16))
    mesh += "".join(line([(x, 196), (x - 40, 110)], "#2f6f4f", 2) for x in range(60, 200, 16))
    return (path("M14,196 Q30,120 100,104 Q170,120 186,196 Z", "#4f9a6f") + mesh
            + "".join(circle(x, y, 9, "#fd7e14") for x, y in ((48, 160), (92, 128), (136, 150), (160, 184), (70, 186))))


def lobster_pots() -> str:
    """Two stacked creels: round-topped cages of slats."""
    def pot(x: float, y: float, w: float) -> str:
        slats = "".join(line([(x + w * t, y + 8), (x + w * t, y + w * 0.6)], "#6e4a2a", 3) for t in (0.25, 0.5, 0.75))
        return path(f"M{x},{y + w * 0.6} V{y + 14} Q{x + w / 2},{y - 12} {x + w},{y + 14} V{y + w * 0.6} Z",
                    "#d9b77a") + slats
    return pot(20, 132, 96) + pot(96, 136, 90) + pot(58, 72, 90)


def fish_on_ice() -> str:
    """A fishmonger's tray: crushed ice with rows of fish, a lemon and a price tag."""
    ice = path("M10,150 L30,110 H170 L190,150 Z", "#e7f5ff") + "".join(
        circle(x, y, 4, WHITE, outline=False) for x, y in ((40, 140), (70, 132), (110, 142), (150, 134), (170, 144)))
    rows = "".join(g.fish(x, 124, 30, c) for x, c in ((50, "#6fa8dc"), (84, "#adb5bd"), (118, "#6fa8dc"), (152, "#e599a6")))
    rows += "".join(g.fish(x, 142, 30, c) for x, c in ((36, "#adb5bd"), (70, "#e599a6"), (104, "#adb5bd"), (138, "#6fa8dc"),
                                                         (170, "#adb5bd")))
    return (ice + rows + g.lobster(100, 100, 26) + circle(30, 128, 7, "#ffe066")
            + rect(150, 86, 30, 18, WHITE, rx=2) + line([(156, 95), (174, 95)], OUT, 2))


def fruit_cart() -> str:
    """A hand cart piled with fruit under a striped umbrella."""
    panels = "".join(path(f"M100,24 L{x0},76 Q{(x0 + x0 + 34) / 2},68 {x0 + 34},76 Z", c)
                     for x0, c in ((32, "#e03131"), (66, WHITE), (100, "#e03131"), (134, WHITE)))
    fruit = "".join(g.apple(x, y, 20, c) for x, y, c in (
        (52, 120, "#e03131"), (72, 120, "#fab005"), (92, 120, "#e03131"), (112, 120, "#40c057"), (132, 120, "#fab005"),
        (152, 120, "#e03131"), (62, 106, "#fab005"), (82, 106, "#40c057"), (102, 106, "#e03131"),
        (122, 106, "#fab005"), (142, 106, "#40c057")))
    return (stroke([(100, 30), (100, 130)], "#868e96", 4) + panels + fruit
            + rect(36, 126, 132, 34, "#b5651d", rx=4) + line([(40, 143), (164, 143)], "#8a4b12", 3)
            + stroke([(168, 134), (196, 120)], "#8a4b12", 5) + circle(70, 172, 20, "#6e4a2a") + circle(70, 172, 6, IRON)
            + stroke([(150, 160), (150, 196)], "#8a4b12", 5))


def flower_buckets() -> str:
    """Zinc buckets of cut flowers in a row, as a flower kiosk puts them out."""
    def bucket(x: float, colours: tuple[str, str, str]) -> str:
        stems = "".join(line([(x + dx, 150), (x + dx * 1.6, 110)], "#2f9e44", 3) for dx in (-10, 0, 10))
        heads = "".join(g.flower(x + dx * 1.6, 106 - abs(dx) * 0.4, 22, c) for dx, c in zip((-10, 0, 10), colours))
        return stems + heads + poly([(x - 22, 146), (x + 22, 146), (x + 16, 196), (x - 16, 196)], "#adb5bd")
    return (bucket(40, ("#f06595", "#ffd43b", "#f06595")) + bucket(100, ("#ffffff", "#e03131", "#ffffff"))
            + bucket(160, ("#7950f2", "#ffd43b", "#7950f2")))


def volleyball_in_play() -> str:
    """The ball in the air over the net, with two motion lines."""
    return (line([(30, 150), (60, 136)], "#ffffffc0", 5) + line([(36, 170), (66, 156)], "#ffffffc0", 5)
            + circle(110, 120, 44, WHITE) + path("M70,108 Q110,130 150,108", "none")
            + path("M88,160 Q110,118 102,80", "none") + path("M132,160 Q118,118 126,82", "none")
            + poly([(110, 76), (124, 80), (118, 88)], "#fcc419"))


def sandcastle_dig() -> str:
    """A half-built sandcastle with a moat, spades stuck in the sand."""
    sand, dark = "#e9c46a", "#c9a04a"
    return (ellipse(100, 184, 92, 14, "#7ec8e3") + ellipse(100, 182, 70, 9, sand)
            + rect(56, 120, 36, 64, sand) + rect(108, 136, 32, 48, sand) + rect(80, 96, 40, 88, sand)
            + "".join(rect(x, 86, 8, 10, sand) for x in (80, 96, 112)) + path("M92,184 V166 Q100,156 108,166 V184 Z", dark)
            + stroke([(160, 190), (176, 120)], "#e03131", 4) + poly([(170, 110), (186, 118), (180, 136), (166, 130)],
                                                                    "#1c7ed6")
            + line([(100, 96), (100, 66)], OUT, 2) + poly([(100, 66), (122, 72), (100, 78)], "#e03131"))


def cool_box() -> str:
    """A picnic cool box with a white lid: it stands on the towel beside a family."""
    return (rect(36, 110, 128, 80, "#1c7ed6", rx=8) + rect(30, 96, 140, 22, WHITE, rx=6)
            + stroke([(70, 96), (70, 80), (130, 80), (130, 96)], "#495057", 5) + line([(50, 150), (150, 150)], "#74c0fc", 4))


PROPS: dict[str, Callable[[], str]] = {
    "bollard": bollard, "fishing net": fishing_net, "lobster pots": lobster_pots, "fish counter": fish_on_ice,
    "fruit cart": fruit_cart, "flower kiosk": flower_buckets, "volleyball in play": volleyball_in_play,
    "sandcastle in progress": sandcastle_dig, "cool box": cool_box,
}
# the ball in the air, and goods on counters: their shadow would fall on the counter's front
AIRBORNE = frozenset({"volleyball in play", "fish counter", "lobster stall", "hot-dog stand", "ice-cream kiosk",
                      "cocktail bar"})
