"""The scenery of the two halls: a station's train shed in perspective, the museum's rooms (pure).

The station looks down its platforms: every line on the ground runs to one
vanishing point above the picture, so the platforms narrow towards the
arched glass screen at the far end and each train is a box in perspective
(roof, the side facing the middle, and its front). People never stand on a
track nor behind a train: `on_platform` tells a recipe where feet may go. The museum is a row
of rooms side by side, each with its own wall and floor, parted by walls
with a doorway in them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from lastmessage.scenegen.layout import Layout

VANISH_X, VANISH_Y = 0.5, -0.12
FAR_Y, NEAR_Y = 0.2, 0.46          # the platforms run from the far screen to the concourse
TRACKS = ((0.22, 0.38), (0.62, 0.78))   # between the platforms, in x where they meet the concourse
EDGE = "#f2c230"
TRAIN_INSET, TRAIN_HEIGHT = 0.025, 0.12   # a train's sides inside its track's edges; its height at the concourse
SKIES = {"day": ("#bcd9ef", "#e3f0f8"), "dusk": ("#f4a26b", "#ffd8a8"), "night": ("#1b2a4a", "#3b4f7a"),
         "rain": ("#7d8a97", "#a9b4be"), "snow": ("#c9d4df", "#eef3f8")}


def _depth(y: float) -> float:
    return (y - VANISH_Y) / (NEAR_Y - VANISH_Y)


def ground_x(near: float, y: float) -> float:
    """Where a line on the ground that meets the concourse at x = `near` is, at height y."""
    return VANISH_X + (near - VANISH_X) * _depth(y)


def on_platform(L: Layout, x: float, feet: float) -> bool:
    """Whether feet at (x, feet) stand on a platform: inside the ground `declare_ground` gave it."""
    return FAR_Y < feet < NEAR_Y and any(r.kind == "ground" and r.contains(x, feet) for r in L.regions)


def _inside(x: float, y: float) -> list[float]:
    """A point pulled in to the margin scene files allow around the picture (off-screen either way)."""
    return [min(1.45, max(-0.45, x)), min(1.45, max(-0.45, y))]


def _arch(cx: float, base: float, rx: float, ry: float, steps: int = 24) -> list[list[float]]:
    return [_inside(cx + math.cos(math.pi * i / steps) * rx, base - math.sin(math.pi * i / steps) * ry)
            for i in range(steps + 1)]


def train_shed(L: Layout, sky: str) -> None:
    """The roof of glass and iron ribs, the arched screen at the far end, platforms and tracks."""
    top, bottom = SKIES[sky]
    L.shape("rect", x=0, y=0, w=1, h=NEAR_Y, color="#56606b")
    for k in range(5, 0, -1):   # the roof's ribs sweep out from the far arch towards the viewer
        rx, ry = 0.414 + 0.16 * k, 0.2 + 0.09 * k
        L.shape("polygon", points=_arch(0.5, FAR_Y + 0.1 * k, rx, ry), color="#9fb3c4" if k % 2 else "#aebfce")
        L.shape("path", points=_arch(0.5, FAR_Y + 0.1 * k, rx, ry), color="#3d4852", width=0.004)
    for i in range(1, 12):   # purlins running back to the screen
        a = math.pi * i / 12
        inner = [0.5 + math.cos(a) * 0.414, FAR_Y - math.sin(a) * 0.2]
        outer = _inside(0.5 + math.cos(a) * 1.3, FAR_Y - math.sin(a) * 0.9)
        L.shape("path", points=[inner, outer], color="#4a5661", width=0.0018)
    screen = _arch(0.5, FAR_Y, 0.414, 0.2)
    L.shape("polygon", points=screen, color=top)
    L.shape("polygon", points=_arch(0.5, FAR_Y, 0.3, 0.13), color=bottom)
    for i in range(1, 14):   # mullions of the glazed screen
        x = 0.5 - 0.414 + 0.828 * i / 14
        rise = 0.2 * math.sqrt(max(0.0, 1 - ((x - 0.5) / 0.414) ** 2))
        L.shape("path", points=[[x, FAR_Y], [x, FAR_Y - rise]], color="#4a5661", width=0.0015)
    for ry in (0.07, 0.13):
        L.shape("path", points=_arch(0.5, FAR_Y, 0.414 * ry / 0.2 + 0.06, ry), color="#4a5661", width=0.0015)
    L.shape("path", points=screen, color="#2f3a45", width=0.005)
    L.block(0, 0, 1, FAR_Y + 0.012)
    # the ground: ballast everywhere, the platforms on it
    L.shape("polygon", points=[[-0.4, NEAR_Y], [-0.4, FAR_Y], [1.4, FAR_Y], [1.4, NEAR_Y]], color="#6f655c")
    edges = (-0.9, *[x for track in TRACKS for x in track], 1.9)
    for a, b in zip(edges[::2], edges[1::2]):
        L.shape("polygon", points=[_inside(ground_x(a, FAR_Y), FAR_Y), _inside(ground_x(b, FAR_Y), FAR_Y),
                                   _inside(b, NEAR_Y), _inside(a, NEAR_Y)], color="#b3ada2", outline="#7d776e",
                width=0.001)
        for x, inset in ((a, 0.012), (b, -0.012)):
            if -0.5 < x < 1.5:
                L.shape("path", points=[[ground_x(x + inset, FAR_Y), FAR_Y], [x + inset, NEAR_Y]], color=EDGE,
                        width=0.003)
    for a, b in TRACKS:
        for z in range(1, 16):   # sleepers, closer together towards the back
            y = VANISH_Y + (NEAR_Y - VANISH_Y) / (1 + 0.05 * z)
            L.shape("path", points=[[ground_x(a + 0.01, y), y], [ground_x(b - 0.01, y), y]], color="#4a3a2e",
                    width=0.004 * _depth(y))
        for rail in (a + 0.035, b - 0.035):
            L.shape("path", points=[[ground_x(rail, FAR_Y), FAR_Y], [rail, NEAR_Y]], color="#c9ccd1", width=0.0022)
        L.shape("rect", x=a + 0.02, y=NEAR_Y - 0.022, w=b - a - 0.04, h=0.02, color="#c92a2a", outline="#2a2220",
                width=0.001)   # the buffer stop
        L.shape("stripes", x=a + 0.024, y=NEAR_Y - 0.018, w=b - a - 0.048, h=0.012, colors=["#f8f9fa", "#c92a2a"],
                count=6, vertical=True)
    L.shape("rect", x=0, y=NEAR_Y, w=1, h=0.012, color="#3d4852")


def declare_ground(L: Layout, fronts: tuple[float, float], margin: float = 0.012) -> None:
    """The platforms and the concourse as the scene's ground, as drawn: nobody's feet on a track, nor
    on the part of an outer platform a train hides (its roof and front rise over the platform behind
    it in the picture, so feet there would stand on the roof). `fronts` are the trains' fronts."""
    top, bottom = FAR_Y + 0.006, NEAR_Y - 0.003
    (a1, b1), (a2, b2) = TRACKS
    left = _outer_platform(TRACKS[0], fronts[0], top, bottom, margin)
    right = _outer_platform((1 - b2, 1 - a2), fronts[1], top, bottom, margin)   # the same, mirrored
    L.ground(left)
    L.ground([(ground_x(b1 + margin, top), top), (ground_x(a2 - margin, top), top), (a2 - margin, bottom),
              (b1 + margin, bottom)])
    L.ground([(1 - x, y) for x, y in reversed(right)])
    L.ground([(0.0, NEAR_Y + 0.012), (1.0, NEAR_Y + 0.012), (1.0, 1.0), (0.0, 1.0)])


def _outer_platform(track: tuple[float, float], front: float, top: float, bottom: float, margin: float,
                    clear: float = 0.006) -> list[tuple[float, float]]:
    """The left platform's ground beside a train on `track` whose front is at `front`: its edge runs
    along the track until the train's roof edge (a line to the vanishing point too) and its front's
    top corner hide it, then down the front's side (`clear` keeps feet off the drawn outline)."""
    edge, outer = track[0] - margin, track[0] + TRAIN_INSET
    k = TRAIN_HEIGHT / (NEAR_Y - VANISH_Y)   # the roof edge is the ground line of `outer` shrunk by 1 - k

    def roof_x(screen_y: float) -> float:
        return ground_x(outer, VANISH_Y + (screen_y - VANISH_Y) / (1 - k)) - clear

    corner_y = front - TRAIN_HEIGHT * _depth(front)
    side_x = ground_x(outer, front) - clear
    meet_y = VANISH_Y + (side_x - VANISH_X) / (edge - VANISH_X) * (NEAR_Y - VANISH_Y)
    points = [(0.0, top), (roof_x(top), top)]
    if corner_y >= bottom:
        points.append((roof_x(bottom), bottom))
    else:
        points += [(side_x, corner_y)]
        points += [(side_x, bottom)] if meet_y >= bottom else [(side_x, meet_y), (edge, bottom)]
    return points + [(0.0, bottom)]


def coupled_train(L: Layout, name: str, track: tuple[float, float], front: float, *, body: str, stripe: str,
                  nose: str = "#ffd43b", cars: int = 4) -> None:
    """A train standing at a platform, seen from behind its buffer stop: roof, the side towards the
    middle of the hall (windows, doors, the joins between its coupled cars) and its front, all in
    perspective (a drawn prop; the background draws it)."""
    a, b = track[0] + TRAIN_INSET, track[1] - TRAIN_INSET
    side = b if (a + b) / 2 < VANISH_X else a   # the side a viewer in the middle sees
    height = TRAIN_HEIGHT

    def at(x: float, y: float, up: float = 0.0) -> list[float]:
        return [ground_x(x, y), y - up * height * _depth(y)]

    back = FAR_Y + 0.004
    L.shape("polygon", points=[at(side, front), at(side, back), at(side, back, 1), at(side, front, 1)], color=body,
            outline="#2a2220", width=0.0012)
    L.shape("polygon", points=[at(a, front, 1), at(b, front, 1), at(b, back, 1), at(a, back, 1)], color="#9aa3ab",
            outline="#2a2220", width=0.0012)
    middle = (a + b) / 2
    L.shape("path", points=[at(middle, front, 1), at(middle, back, 1)], color="#7d868e", width=0.006)
    L.shape("polygon", points=[at(side, front, 0.22), at(side, back, 0.22), at(side, back, 0.3), at(side, front, 0.3)],
            color=stripe)
    L.shape("polygon", points=[at(side, front, 0.5), at(side, back, 0.5), at(side, back, 0.78), at(side, front, 0.78)],
            color="#35506b")
    z_front, z_back = 1 / _depth(front), 1 / _depth(back)
    windows = cars * 5
    for i in range(windows + 1):   # window pillars and, every fifth, the join between two cars
        z = z_front + (z_back - z_front) * i / windows
        y = VANISH_Y + (NEAR_Y - VANISH_Y) / z
        join = i % 5 == 0
        L.shape("path", points=[at(side, y, 0.04 if join else 0.5), at(side, y, 0.96 if join else 0.78)],
                color="#2a2220" if join else body, width=(0.003 if join else 0.002) * _depth(y))
        if join:   # the join, across the roof too
            L.shape("path", points=[at(a, y, 1), at(b, y, 1)], color="#5c646c", width=0.003 * _depth(y))
        if i % 5 == 2:   # a door in the middle of each car
            L.shape("path", points=[at(side, y, 0.06), at(side, y, 0.86)], color="#868e96", width=0.006 * _depth(y))
    face = [at(a, front), at(b, front), at(b, front, 1), at(a, front, 1)]
    L.shape("polygon", points=face, color=nose, outline="#2a2220", width=0.0014)
    L.shape("polygon", points=[at(a + 0.012, front, 0.58), at(b - 0.012, front, 0.58), at(b - 0.018, front, 0.9),
                               at(a + 0.018, front, 0.9)], color="#24384d", outline="#2a2220", width=0.001)
    for x in (a + 0.02, b - 0.028):
        L.shape("ellipse", x=ground_x(x, front), y=front - 0.3 * height, w=0.008, h=0.012, color="#fff9db",
                outline="#2a2220", width=0.0008)
    L.shape("rect", x=ground_x(a, front), y=front - 0.2 * height, w=ground_x(b, front) - ground_x(a, front),
            h=0.05 * height, color=stripe)
    L.prop(name, "", ground_x((a + b) / 2, front), front - height / 2, 2.0, flat=True, keep=0)
    outlines = [[at(x0, front, up0), at(x1, front, up1), at(x1, back, up1), at(x0, back, up0)]
                for x0, x1, up0, up1 in ((a, b, 0, 0), (a, b, 1, 1), (side, side, 0, 1))]   # bed, roof, side
    for outline in [*outlines, face]:   # nobody stands on or in the train (regions.py)
        L.solid([(px, py) for px, py in outline])


def open_door(L: Layout, track: tuple[float, float], front: float, cars: int = 4) -> tuple[float, float]:
    """The front car's door on the side the middle platform sees, open (a dark doorway); returns the
    point on the platform in front of it, where people board."""
    a, b = track[0] + TRAIN_INSET, track[1] - TRAIN_INSET
    side = b if (a + b) / 2 < VANISH_X else a
    z_front, z_back = 1 / _depth(front), 1 / _depth(FAR_Y + 0.004)

    def along(i: float) -> float:   # the ground y of window pillar i (of 5 a car), as coupled_train counts them
        return VANISH_Y + (NEAR_Y - VANISH_Y) / (z_front + (z_back - z_front) * i / (cars * 5))

    near, far = along(1.6), along(2.4)

    def at(y: float, up: float) -> list[float]:
        return [ground_x(side, y), y - up * TRAIN_HEIGHT * _depth(y)]

    L.shape("polygon", points=[at(near, 0.06), at(far, 0.06), at(far, 0.86), at(near, 0.86)], color="#1f262d",
            outline="#2a2220", width=0.001)
    L.shape("polygon", points=[at(near, 0.06), at(far, 0.06), at(far, 0.2), at(near, 0.2)], color="#495057")
    feet = (near + far) / 2
    platform = side + (0.045 if side < VANISH_X else -0.045)
    return ground_x(platform, feet), feet


def departure_board(L: Layout, x: float, y: float, rows: int = 6) -> None:
    """The big board hanging under the roof: destinations in white, times in amber, a platform number."""
    w, h = 0.3, 0.028 + 0.0155 * rows
    for rod in (x - w * 0.4, x + w * 0.4):
        L.shape("path", points=[[rod, 0], [rod, y]], color="#2f3a45", width=0.002)
    L.shape("rect", x=x - w / 2 - 0.004, y=y - 0.006, w=w + 0.008, h=h + 0.012, color="#2f3a45", radius=0.003)
    L.shape("rect", x=x - w / 2, y=y, w=w, h=h, color="#11161c")
    L.shape("rect", x=x - w / 2, y=y, w=w, h=0.014, color="#1864ab")
    for i in range(rows):
        top = y + 0.021 + i * 0.0155
        for k in range(4):   # a time: four amber digits
            L.shape("rect", x=x - w / 2 + 0.008 + k * 0.0075 + (0.003 if k > 1 else 0), y=top, w=0.0055, h=0.009,
                    color="#ffb020")
        _letters(L, x - w / 2 + 0.05, top, _WORDS[i % len(_WORDS)], "#e9ecef")
        _letters(L, x + w / 2 - 0.09, top, "Delayd" if i == 2 else "On.time", "#ffb020" if i == 2 else "#8ce99a")
        L.shape("rect", x=x + w / 2 - 0.03, y=top, w=0.012, h=0.009, color="#ffb020")
    L.prop("departure board", "", x, y + h / 2, 3.0, flat=True, keep=0)


class _Frame:
    """The 200 x 200 frame of a prop drawing (`drawing.py`) laid on the scene, centred at (x, y),
    `wide` scene widths across and `tall` high (in widths), so a counter drawn as scenery can be long
    and waist-high; a `small` thing standing on it keeps its own proportions (`tall`-sized both ways,
    `SMALL` times bigger, so a cake reads at playing size)."""

    def __init__(self, L: Layout, x: float, y: float, wide: float, tall: float) -> None:
        self.L, self.x, self.y, self.wide, self.tall = L, x, y, wide, tall

    def at(self, fx: float, fy: float) -> tuple[float, float]:
        return self.x + (fx / 200 - 0.5) * self.wide, self.y + (fy / 200 - 0.5) * self.tall * self.L.aspect

    def shape(self, kind: str, fx: float, fy: float, fw: float, fh: float, colour: str, *, outline: bool = True,
              small: bool = False) -> None:
        x, bottom = self.at(fx + fw / 2, fy + fh)
        grow = SMALL if small else 1.0
        w, h = fw / 200 * (self.tall * grow if small else self.wide), fh / 200 * self.tall * grow * self.L.aspect
        extra: dict[str, object] = {"outline": "#2a2220", "width": 0.0008} if outline else {}
        self.L.shape(kind, x=x - w / 2, y=bottom - h, w=w, h=h, color=colour, **extra)

    def polygon(self, points: Sequence[tuple[float, float]], colour: str) -> None:
        self.L.shape("polygon", points=[self.at(fx, fy) for fx, fy in points], color=colour, outline="#2a2220",
                     width=0.0008)


SMALL = 1.7
BOTTLES = ("#2b8a3e", "#862e9c", "#e67700", "#1864ab", "#c92a2a", "#5c940d", "#f08c00")


def information_desk(L: Layout, x: float, y: float, wide: float, tall: float) -> float:
    """The station's round blue information desk as scenery, leaflets on it and an "i" board on a pole
    above head height, so its staff stand behind it. Returns the desk top's y."""
    f = _Frame(L, x, y, wide, tall)
    f.shape("rect", 97, -40, 6, 160, "#495057")
    f.shape("ellipse", 80, -46, 40, 40, "#1c7ed6", small=True)
    f.shape("rect", 97.6, -36.5, 4.7, 16.5, "#f8f9fa", outline=False, small=True)   # the "i" (small: 1.7x, up)
    f.shape("ellipse", 97, -57, 6, 6, "#f8f9fa", outline=False, small=True)
    f.polygon([(14, 130), (57, 118), (100, 116), (143, 118), (186, 130), (180, 196), (100, 188), (20, 196)], "#1c7ed6")
    f.polygon([(14, 130), (57, 118), (100, 116), (143, 118), (186, 130), (186, 138), (100, 124), (14, 138)], "#e9ecef")
    f.shape("rect", 40, 112, 22, 12, "#f8f9fa", small=True)
    f.shape("rect", 132, 110, 26, 14, "#ffd43b", small=True)
    f.shape("rect", 30, 158, 140, 4, "#74c0fc", outline=False)
    return f.at(0, 122)[1]


def bar(L: Layout, x: float, y: float, wide: float, tall: float) -> float:
    """The museum's bar as scenery: shelves of bottles on a back cabinet, and in front of it the dark
    counter with a brass rail and glasses, so a bartender stands between the two. Returns the
    counter top's y (the feet point of someone serving)."""
    f = _Frame(L, x, y, wide, tall)
    f.shape("rect", 10, 14, 180, 104, "#5c3b23")
    for row, shelf in enumerate((58, 102)):
        for i in range(9):   # bottles standing on the shelf
            f.shape("rect", 20 + 19 * i, shelf - 16, 7, 16, BOTTLES[(i + row) % len(BOTTLES)], small=True)
        f.shape("rect", 12, shelf, 176, 5, "#8a5a35", outline=False)
    f.shape("rect", 4, 124, 192, 72, "#3d2616")
    f.shape("rect", 2, 118, 196, 10, "#8a5a35")
    f.shape("rect", 8, 180, 184, 4, "#d4a72c", outline=False)
    for gx in (40, 70, 130, 160):   # glasses on the counter
        f.shape("rect", gx - 5, 100, 10, 18, "#d0ebff", small=True)
    f.shape("rect", 96, 92, 8, 26, "#e9c46a", small=True)
    return f.at(0, 118)[1]


def buffet(L: Layout, x: float, y: float, wide: float, tall: float) -> float:
    """The buffet as scenery: a long table under a white cloth with a cake, a fruit bowl, plates and
    glasses on it, so cooks stand behind it. Returns the table top's y."""
    f = _Frame(L, x, y, wide, tall)
    f.shape("rect", 8, 126, 184, 68, "#f8f9fa")
    for fx in range(24, 180, 20):   # the cloth's folds
        f.shape("rect", fx, 136, 2, 56, "#dee2e6", outline=False)
    f.shape("rect", 6, 120, 188, 12, "#f8f9fa")
    f.shape("rect", 36, 96, 32, 24, "#f783ac", small=True)   # a two-tier cake with a candle
    f.shape("rect", 42, 78, 20, 18, "#fcc2d7", small=True)
    f.shape("rect", 50, 68, 4, 10, "#fab005", outline=False, small=True)
    for fx, fy, colour in ((122, 100, "#e03131"), (138, 98, "#fab005"), (130, 88, "#2f9e44")):
        f.shape("ellipse", fx, fy, 14, 14, colour, small=True)
    f.shape("ellipse", 116, 110, 40, 10, "#ced4da", small=True)
    for fx in (84, 162):
        f.shape("ellipse", fx, 116, 22, 6, "#e9ecef", small=True)
    for fx in (16, 84, 166):
        f.shape("rect", fx, 98, 8, 20, "#d0ebff", small=True)
    return f.at(0, 120)[1]


# A few made-up destinations, drawn as letter shapes (`_letters`): the board reads as a board, not a bar chart.
_WORDS = ("Tt..lnh.Bor", "Rivsrlo.Hlt", "Nthkow.Cty", "Alkmr.Stn", "Dovr.Ptlnd", "Eastbnl", "Kngl.Fry.Dk", "Mlbrk.Jct")


def _letters(L: Layout, x0: float, top: float, letters: str, colour: str, pitch: float = 0.0052) -> None:
    """Words on the board as letter blocks, tall and short like the letters ("." is a space)."""
    for k, letter in enumerate(letters):
        if letter == ".":
            continue
        tall = letter.isupper() or letter in "bdhklt"
        L.shape("rect", x=x0 + k * pitch, y=top + (0.0 if tall else 0.0025), w=pitch * 0.72,
                h=0.009 if tall else 0.0065, color=colour)


def room(L: Layout, x0: float, x1: float, wall_top: float, *, wall: str, trim: str, floor: Sequence[str],
         cols: int) -> None:
    """One room of the museum: its back wall with a cornice and a skirting, and its own floor."""
    L.shape("rect", x=x0, y=0, w=x1 - x0, h=wall_top, color=wall)
    L.shape("stripes", x=x0, y=0, w=x1 - x0, h=wall_top, colors=["#00000000", "#00000012"], count=round((x1 - x0) * 40),
            vertical=True)
    L.shape("rect", x=x0, y=0, w=x1 - x0, h=0.018, color=trim)
    L.shape("rect", x=x0, y=wall_top - 0.012, w=x1 - x0, h=0.012, color=trim)
    L.shape("tiles", x=x0, y=wall_top, w=x1 - x0, h=1 - wall_top, colors=list(floor), cols=cols, rows=9)


def partition(L: Layout, x: float, wall_top: float, door: tuple[float, float], colour: str) -> None:
    """A wall between two rooms, running towards the viewer, with a doorway people walk through."""
    w = 0.014
    L.shape("rect", x=x - w / 2 - 0.004, y=0, w=w + 0.008, h=wall_top, color="#00000030")
    for y0, y1 in ((wall_top - 0.02, door[0]), (door[1], 1.0)):
        L.shape("rect", x=x - w / 2, y=y0, w=w, h=y1 - y0, color=colour, outline="#2a2220", width=0.001)
        L.shape("rect", x=x - w / 2, y=y0, w=w * 0.35, h=y1 - y0, color="#ffffff30")
        L.block(x - w / 2 - 0.006, y0 - 0.03, x + w / 2 + 0.006, y1)
    for y in door:   # the door frame's posts
        L.shape("rect", x=x - w / 2 - 0.003, y=y - 0.006, w=w + 0.006, h=0.012, color="#c9a85a", outline="#2a2220",
                width=0.0008)
