"""Props of the carnival night and the ski resort in the figures' flat style, as SVG (pure).

The rides carry riders (little people in the gondolas, arms up in the
coaster train, children on the carousel horses) so the skyline of the fair
is alive; the game booths hang their prizes under the roof. Drawn in the
200 x 200 frame of `drawing.py` (ground at y = 196), registered by name in
`props.PROPS`.
"""

from __future__ import annotations

from collections.abc import Callable

from lastmessage.scenes import goods as g
from lastmessage.scenes.drawing import circle, ellipse, line, path, poly, rect, ring_points, star, stroke
from lastmessage.scenes.figures import LINE, OUT, _f

STEEL, WHITE, GOLD = "#adb5bd", "#f8f9fa", "#fab005"
SKINS = ("#f7d7c4", "#eec29a", "#d9a066", "#a86b3c", "#7a4a2a", "#4a2c1a")
SHIRTS = ("#e03131", "#1c7ed6", "#fab005", "#2f9e44", "#e64980", "#7048e8", "#f76707", WHITE)
HAIR = ("#2b1d14", "#6b4423", "#e0b050", "#b5451b", "#1a1a1a")


def rider(x: float, y: float, s: float, i: int, *, arms_up: bool = False) -> str:
    """A small person seen from the waist up (head, hair, shirt), `s` the head radius."""
    skin, shirt, hair = SKINS[i % len(SKINS)], SHIRTS[(i * 3) % len(SHIRTS)], HAIR[(i * 2) % len(HAIR)]
    arms = ""
    if arms_up:
        arms = (line([(x - s * 1.1, y + s * 1.4), (x - s * 1.7, y - s * 0.9)], OUT, s * 0.9)
                + line([(x + s * 1.1, y + s * 1.4), (x + s * 1.7, y - s * 0.9)], OUT, s * 0.9)
                + line([(x - s * 1.1, y + s * 1.4), (x - s * 1.7, y - s * 0.9)], shirt, s * 0.5)
                + line([(x + s * 1.1, y + s * 1.4), (x + s * 1.7, y - s * 0.9)], shirt, s * 0.5))
    return (arms + path(f"M{_f(x - s * 1.3)},{_f(y + s * 2.6)} Q{_f(x - s * 1.3)},{_f(y + s * 0.9)} {_f(x)},{_f(y + s * 0.9)} "
                        f"Q{_f(x + s * 1.3)},{_f(y + s * 0.9)} {_f(x + s * 1.3)},{_f(y + s * 2.6)} Z", shirt)
            + circle(x, y, s, skin) + path(f"M{_f(x - s)},{_f(y)} Q{_f(x)},{_f(y - s * 1.6)} {_f(x + s)},{_f(y)} Z",
                                           hair, outline=False))


def ferris_wheel() -> str:
    """The big wheel, lit, with its gondolas hanging level and two riders in most of them."""
    rim = ring_points(100, 86, 80, 80, 10)
    spokes = "".join(line([(100, 86), p], "#ced4da", 3) for p in rim)
    bulbs = "".join(circle(x, y, 2.5, "#fff3bf", outline=False) for x, y in ring_points(100, 86, 80, 80, 30))
    gondolas = []
    for i, (x, y) in enumerate(rim):
        colour = ("#e03131", GOLD, "#1c7ed6", "#2f9e44", "#e64980")[i % 5]
        riders = "" if i % 4 == 3 else rider(x - 5, y + 7, 3.6, i) + rider(x + 5, y + 7, 3.6, i + 3)
        gondolas.append(line([(x, y), (x, y + 4)], OUT, 2) + riders
                        + path(f"M{_f(x - 12)},{_f(y + 13)} H{_f(x + 12)} V{_f(y + 20)} Q{_f(x)},{_f(y + 26)} "
                               f"{_f(x - 12)},{_f(y + 20)} Z", colour)
                        + path(f"M{_f(x - 12)},{_f(y + 4)} Q{_f(x)},{_f(y - 2)} {_f(x + 12)},{_f(y + 4)}", "none"))
    return (stroke([(52, 196), (100, 86), (148, 196)], "#868e96", 6) + stroke([(66, 160), (134, 160)], "#868e96", 4)
            + spokes + f'<circle cx="100" cy="86" r="80" fill="none" stroke="{OUT}" stroke-width="{_f(5 + 2 * LINE)}"/>'
            + '<circle cx="100" cy="86" r="80" fill="none" stroke="#e64980" stroke-width="5"/>'
            + bulbs + circle(100, 86, 10, GOLD) + "".join(gondolas) + rect(70, 182, 60, 14, "#495057", rx=3))


def roller_coaster() -> str:
    """A lattice-legged coaster with its train coming over a hump, the riders' arms in the air: the track
    climbs from a buffer on the ground and comes back down into its station, so it ends nowhere in the air."""
    track = [(6, 190), (20, 120), (40, 58), (62, 46), (84, 70), (104, 130), (124, 150), (146, 96), (166, 74),
             (180, 100), (172, 170)]
    supports = "".join(stroke([(x, y + 4), (x, 196)], "#ced4da", 3) for x, y in track[1:-1])
    braces = "".join(line([(x0, 190), (x1, y1 + 20)], "#ced4da", 2) for (x0, _), (x1, y1) in zip(track[1:-2], track[2:-1]))
    cars = []
    for i, (x, y) in enumerate(((30, 76), (46, 58), (64, 50))):
        colour = ("#1c7ed6", GOLD, "#e03131")[i]
        cars.append(rider(x - 3, y - 10, 3.4, i * 2, arms_up=True) + rider(x + 5, y - 9, 3.4, i * 2 + 1, arms_up=True)
                    + rect(x - 9, y - 7, 18, 10, colour, rx=3))
    return (supports + braces + stroke(track, "#e03131", 6) + line(track, "#ffd43b", 1.5) + "".join(cars)
            + rect(150, 170, 44, 26, "#862e9c") + rect(156, 176, 32, 10, "#ffd43b", outline=False)
            + rect(0, 186, 14, 10, "#495057"))


def carousel() -> str:
    """A roundabout under a scalloped striped roof: horses on gilded poles, children riding them."""
    roof = "".join(poly([(100, 18), (14 + 21.5 * i, 70), (35.5 + 21.5 * i, 70)], "#f06595" if i % 2 == 0 else WHITE)
                   for i in range(8))
    scallops = "".join(path(f"M{_f(14 + 21.5 * i)},78 q10.75,12 21.5,0 Z", "#f06595" if i % 2 else WHITE) for i in range(8))
    bulbs = "".join(circle(20 + 21.5 * i, 76, 2.2, "#fff3bf", outline=False) for i in range(8))
    parts = [rect(16, 176, 168, 16, "#862e9c", rx=4), rect(90, 78, 20, 98, "#ffe8cc")]
    for i, (x, y, colour) in enumerate(((36, 130, WHITE), (76, 140, "#ffd43b"), (124, 126, "#a5d8ff"), (164, 138, "#ffc9c9"))):
        kid = "" if i == 2 else rider(x + 2, y - 26, 5, i * 2 + 1)
        parts.append(stroke([(x, 80), (x, 176)], GOLD, 3) + kid + horse(x, y, colour))
    return "".join(parts) + roof + rect(12, 68, 176, 10, GOLD) + scallops + bulbs + star(100, 14, 8, GOLD)


def horse(x: float, y: float, colour: str) -> str:
    """A carousel horse, prancing, with a saddle."""
    return (stroke([(x - 10, y + 6), (x - 16, y + 22)], colour, 4) + stroke([(x + 10, y + 6), (x + 18, y + 18)], colour, 4)
            + ellipse(x, y, 16, 9, colour) + path(f"M{_f(x + 10)},{_f(y - 4)} L{_f(x + 18)},{_f(y - 22)} L{_f(x + 28)},"
                                                  f"{_f(y - 16)} L{_f(x + 20)},{_f(y + 2)} Z", colour)
            + line([(x + 14, y - 18), (x + 10, y - 4)], "#e03131", 3) + rect(x - 6, y - 10, 12, 6, "#e03131", rx=2))


def game_booth(game: Callable[[], str], prizes: Callable[[float, float], str]) -> str:
    """What a midway booth shows in its opening: prizes hanging under the roof and its game on the counter.

    The booth itself (roof, back wall, counter) is scenery (`decor_slopes.game_booth`) so a stallholder can
    stand behind the counter; the frame's ground (y = 200) is the counter top. The right end stays free
    of prizes for the stallholder's head."""
    hanging = "".join(line([(x, 60), (x, 76)], OUT, 1.2) + prizes(x, 92) for x in (42, 82, 122))
    return f'<g transform="translate(0 50)">{hanging + game()}</g>'


def _teddy(x: float, y: float) -> str:
    brown, light = "#b5651d", "#e8b06a"
    return (circle(x - 8, y - 12, 5, brown) + circle(x + 8, y - 12, 5, brown) + ellipse(x, y + 12, 11, 12, brown)
            + circle(x, y - 4, 10, brown) + ellipse(x, y - 1, 4, 3, light) + circle(x, y - 3, 1.5, OUT, outline=False))


def _star_prize(x: float, y: float) -> str:
    return star(x, y, 14, GOLD)


def _fish_bag(x: float, y: float) -> str:
    return path(f"M{_f(x - 6)},{_f(y - 14)} Q{_f(x - 16)},{_f(y + 14)} {_f(x)},{_f(y + 16)} Q{_f(x + 16)},{_f(y + 14)} "
                f"{_f(x + 6)},{_f(y - 14)} Z", "#d0ebff") + g.fish(x, y + 6, 16, "#f76707")


def _balloon_prize(x: float, y: float) -> str:
    return ellipse(x, y, 11, 14, ("#e03131", "#7048e8", "#2f9e44")[int(x) % 3]) + ellipse(x - 4, y - 5, 3, 4, WHITE,
                                                                                           outline=False, opacity=0.5)


def _darts_game() -> str:
    return g.target(60, 116, 40) + g.target(100, 110, 40) + g.target(140, 116, 40)


def _ring_toss() -> str:
    return "".join(g.bottle(x, 132, 34, c) for x, c in ((50, "#2b8a3e"), (76, "#1864ab"), (100, "#c92a2a"),
                                                        (124, "#2b8a3e"), (150, "#1864ab")))


def _ducks() -> str:
    return (rect(30, 128, 140, 12, "#1c7ed6", outline=False)
            + "".join(ellipse(x, 126, 10, 7, GOLD) + circle(x + 7, 118, 5, GOLD) for x in (46, 78, 110, 142)))


def _coconut_shy() -> str:
    return "".join(stroke([(x, 146), (x, 122)], "#c8843d", 4) + circle(x, 116, 10, "#6e4a2a") for x in (50, 83, 117, 150))


def _can_alley() -> str:
    cans = [(72, 134), (100, 134), (128, 134), (86, 112), (114, 112), (100, 90)]
    return "".join(rect(x - 11, y - 10, 22, 22, c, rx=2) for (x, y), c in zip(cans, ("#e03131", "#1c7ed6", GOLD) * 2))


def _bowling_alley() -> str:
    return "".join(g.pin(x, y, 34) for x, y in ((80, 128), (100, 128), (120, 128), (90, 112), (110, 112), (100, 96)))


def strength_tester() -> str:
    """The high striker: a tall scale with a bell on top, a puck, a pad and a mallet leaning on it."""
    bands = "".join(rect(90, 44 + 20 * i, 20, 20, c, outline=False)
                    for i, c in enumerate(("#e03131", "#f76707", GOLD, "#94d82d", "#2f9e44", "#1c7ed6", "#7048e8")))
    return (rect(88, 40, 24, 144, WHITE) + bands + rect(88, 40, 24, 144, "none") + circle(100, 32, 10, GOLD)
            + rect(80, 176, 40, 20, "#495057") + rect(94, 150, 12, 10, "#e03131", outline=False)
            + stroke([(136, 194), (150, 126)], "#c8843d", 5) + rect(136, 112, 30, 16, "#495057", rx=3))


def stage_speakers() -> str:
    """A pair of loudspeaker stacks beside the band stage."""
    def stack(x: float) -> str:
        return (rect(x - 22, 96, 44, 100, "#212529") + circle(x, 124, 12, "#495057") + circle(x, 168, 16, "#495057")
                + circle(x, 124, 4, OUT, outline=False) + circle(x, 168, 6, OUT, outline=False))
    return stack(60) + stack(140)


def candy_apple_cart() -> str:
    apples = "".join(stroke([(x, 104), (x, 88)], "#c8843d", 2) + circle(x, 112, 9, "#c92a2a") for x in (66, 88, 110, 132))
    return (circle(54, 180, 14, "#495057") + circle(146, 180, 14, "#495057") + rect(36, 118, 128, 54, "#fff0f6", rx=6)
            + rect(36, 118, 128, 12, "#e64980") + apples + stroke([(100, 118), (100, 40)], STEEL, 3)
            + path("M44,48 Q100,10 156,48 Z", "#e64980"))


def helter_skelter() -> str:
    """A tall striped tower with a slide spiralling down round it, a rider on a mat halfway down."""
    bands = "".join(poly([(70 - i * 1.5, 40 + 19.5 * i), (130 + i * 1.5, 40 + 19.5 * i),
                          (130 + (i + 1) * 1.5, 59.5 + 19.5 * i), (70 - (i + 1) * 1.5, 59.5 + 19.5 * i)],
                         "#e03131" if i % 2 == 0 else WHITE, outline=False) for i in range(8))
    tower = poly([(70, 40), (130, 40), (142, 196), (58, 196)], "none")
    turns = []
    for i in range(4):   # the slide: a yellow band going round the front, down to the right, then behind
        y = 52 + 36 * i
        turns.append(path(f"M{_f(60 - i * 3)},{_f(y)} Q100,{_f(y + 22)} {_f(140 + i * 3)},{_f(y + 18)} "
                          f"L{_f(140 + i * 3)},{_f(y + 28)} Q100,{_f(y + 32)} {_f(60 - i * 3)},{_f(y + 10)} Z", GOLD))
    exit_run = path("M148,178 Q170,186 192,192 L192,198 Q168,194 146,188 Z", GOLD)
    return (bands + tower + "".join(turns) + exit_run + rider(114, 90, 5, 3, arms_up=True)
            + rect(105, 100, 20, 6, "#7048e8", rx=2) + path("M90,196 V170 Q100,160 110,170 V196 Z", "#3b2a20")
            + poly([(62, 42), (100, 6), (138, 42)], "#1c7ed6") + stroke([(100, 6), (100, -8)], OUT, 2)
            + poly([(100, -8), (118, -3), (100, 2)], GOLD))


def swing_ride() -> str:
    """A chair-o-plane: chairs on long chains flying out from a spinning canopy on its pole, riders in them."""
    canopy = "".join(poly([(100, 14), (24 + 19 * i, 50), (43 + 19 * i, 50)], "#7048e8" if i % 2 == 0 else WHITE)
                     for i in range(8))
    scallops = "".join(path(f"M{_f(24 + 19 * i)},50 q9.5,10 19,0 Z", GOLD) for i in range(8))
    chairs = []
    for i, (top, seat) in enumerate((((30, 54), (6, 128)), ((58, 56), (44, 140)), ((142, 56), (156, 140)),
                                     ((170, 54), (194, 128)))):
        colour = ("#e03131", "#1c7ed6", "#2f9e44", "#f76707")[i]
        sx, sy = seat
        chairs.append(line([top, (sx, sy - 10)], OUT, 1.2) + rider(sx, sy - 18, 4.5, i * 2 + 1)
                      + rect(sx - 8, sy - 10, 16, 8, colour, rx=2))
    behind = "".join(line([top, (sx, 108)], OUT, 1) + rider(sx, 101, 3.6, i + 5) + rect(sx - 6, 108, 12, 6, colour, rx=2)
                     for i, (top, sx, colour) in enumerate((((84, 50), 76, GOLD), ((116, 50), 124, "#e64980"))))
    return (behind + stroke([(100, 40), (100, 184)], STEEL, 8) + rect(64, 182, 72, 14, "#495057", rx=3) + "".join(chairs)
            + canopy + rect(22, 48, 156, 6, GOLD) + scallops + circle(100, 12, 6, GOLD))


def hot_air_balloon() -> str:
    """A striped hot-air balloon drifting over the peaks, two passengers in its basket."""
    envelope = "M100,8 C150,8 172,44 168,78 C164,108 130,128 116,140 H84 C70,128 36,108 32,78 C28,44 50,8 100,8 Z"
    gores = "".join(path(f"M100,8 Q{_f(100 + dx)},70 {_f(100 + dx * 0.35)},140", "none")
                    for dx in (-46, -18, 18, 46))
    bands = (path("M36,96 Q100,116 164,96 L160,106 Q100,128 40,106 Z", GOLD, outline=False)
             + path("M40,52 Q100,36 160,52 L166,70 Q100,52 34,70 Z", WHITE, outline=False))
    return (path(envelope, "#e03131") + bands + gores + path(envelope, "none")
            + line([(86, 140), (86, 162)], OUT, 1.5) + line([(114, 140), (114, 162)], OUT, 1.5)
            + rider(92, 158, 5, 1) + rider(108, 158, 5, 4) + rect(80, 162, 40, 24, "#b5651d", rx=3)
            + line([(80, 172), (120, 172)], "#8a5a35", 2))


def paraglider() -> str:
    """A paraglider under its curved wing, lines fanning down to the pilot in a harness."""
    wing = "M20,60 Q100,0 180,60 L170,74 Q100,24 30,74 Z"
    lines = "".join(line([(x, 72 - 34 * (1 - ((x - 100) / 80) ** 2)), (100, 150)], "#495057", 0.8)
                    for x in (30, 60, 100, 140, 170))
    return (path(wing, "#f76707") + path("M58,34 Q100,14 142,34 L146,44 Q100,22 54,44 Z", GOLD, outline=False)
            + path(wing, "none") + lines + rider(100, 150, 6, 2)
            + rect(88, 164, 24, 14, "#343a40", rx=4) + line([(94, 178), (90, 192)], "#1c7ed6", 4)
            + line([(106, 178), (112, 192)], "#1c7ed6", 4))


PROPS: dict[str, Callable[[], str]] = {
    "Ferris wheel": ferris_wheel, "roller coaster": roller_coaster, "carousel": carousel,
    "darts stall": lambda: game_booth(_darts_game, _teddy),
    "ring toss": lambda: game_booth(_ring_toss, _star_prize),
    "hook-a-duck": lambda: game_booth(_ducks, _fish_bag),
    "coconut shy": lambda: game_booth(_coconut_shy, _teddy),
    "tin-can alley": lambda: game_booth(_can_alley, _balloon_prize),
    "bowling alley": lambda: game_booth(_bowling_alley, _star_prize),
    "strength tester": strength_tester, "stage speakers": stage_speakers, "candy apple cart": candy_apple_cart,
    "hot-air balloon": hot_air_balloon, "paraglider": paraglider, "helter-skelter": helter_skelter,
    "swing ride": swing_ride,
}
