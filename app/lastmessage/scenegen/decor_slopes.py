"""Scenery of the ski resort and the carnival night, drawn as background shapes (pure).

Things people stand on, sit on or skate in (a piste, chair-lift chairs, a
terrace, a stage) must be drawn *under* the figures, so they are background
shapes, not props; each helper names its landmark with a background-drawn
prop (emoji "") so it counts for the fairness rule, and returns the places
where the recipe puts people (chairs, seats, the deck of a stage).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lastmessage.scenegen.layout import PEOPLE_SCALE, Layout

Point = tuple[float, float]
OUTLINE = "#3b2a20"          # the figures' dark-brown outline
WOOD, WOOD_DARK = "#8a5a35", "#5e3b22"
SNOW, SNOW_SHADE = "#f8fbff", "#c3d7ea"


@dataclass(frozen=True)
class Oval:
    """An elliptical place (a rink, a pool): its bounding box as the `ellipse` shape takes it."""
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float, margin: float = 0.0) -> bool:
        """Inside the oval shrunk by `margin` of its radii (negative: the oval and a band around it)."""
        rx, ry = self.w / 2, self.h / 2
        return ((px - self.x - rx) / rx) ** 2 + ((py - self.y - ry) / ry) ** 2 <= (1 - margin) ** 2


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def seat_centre(layout: Layout, x: float, seat_y: float) -> Point:
    """Where a seated person's centre goes for a seat at `seat_y` (as `Layout.bench` seats them)."""
    return x, seat_y - 0.012 * layout.perspective(seat_y) * PEOPLE_SCALE * layout.aspect


# --- the ski resort --------------------------------------------------------------

class Piste:
    """A run coming down from the mountains: its centre line and its width grow towards the viewer."""

    def __init__(self, centre: Sequence[Point], half_top: float, half_bottom: float) -> None:
        self.centre = list(centre)
        self.half_top, self.half_bottom = half_top, half_bottom
        self.top, self.bottom = self.centre[0][1], self.centre[-1][1]

    def middle(self, y: float) -> float:
        for (ax, ay), (bx, by) in zip(self.centre, self.centre[1:]):
            if ay <= y <= by:
                return ax + (bx - ax) * (y - ay) / (by - ay)
        return self.centre[0][0] if y < self.top else self.centre[-1][0]

    def half(self, y: float) -> float:
        t = min(1.0, max(0.0, (y - self.top) / (self.bottom - self.top)))
        return self.half_top + (self.half_bottom - self.half_top) * t

    def contains(self, x: float, y: float, margin: float = 0.0) -> bool:
        return self.top <= y <= self.bottom and abs(x - self.middle(y)) <= self.half(y) - margin

    def edge(self, side: int, steps: int = 16) -> list[Point]:
        ys = [self.top + (self.bottom - self.top) * i / steps for i in range(steps + 1)]
        return [(self.middle(y) + side * self.half(y), y) for y in ys]


def draw_piste(layout: Layout, piste: Piste) -> None:
    """The groomed run: pale blue-white, corduroy lines along it, orange poles on its edges."""
    left, right = piste.edge(-1), piste.edge(1)
    layout.shape("polygon", points=[list(p) for p in left + right[::-1]], color="#eaf3fc", outline="#c9dcee",
                 width=0.0012)
    for f in (-0.6, -0.2, 0.25, 0.65):   # groomer tracks
        line = [[piste.middle(y) + f * piste.half(y), y] for _, y in left]
        layout.shape("path", points=line, color="#d6e6f5", width=0.0016)
    for side in (-1, 1):
        for x, y in piste.edge(side, 10)[1:-1]:
            h = 0.018 * layout.perspective(y)
            layout.shape("path", points=[[x, y - h * layout.aspect], [x, y]], color="#f76707", width=0.0018)


def snowfield(layout: Layout, peak: Point, foot: Sequence[Point]) -> None:
    """The snow coming down from a peak onto the top of the piste."""
    layout.shape("polygon", points=[list(peak), *[list(p) for p in foot]], color=SNOW)
    layout.shape("polygon", points=[list(peak), list(_lerp(peak, foot[0], 0.6)), list(_lerp(peak, foot[-1], 0.45))],
                 color="#dde9f5")


LIFTS = ("chair", "t-bar", "gondola")   # the kinds of lift a seed may build up its slope
T_BAR_PYLON_OFFSET = 0.03   # how far beside its track a drag lift's pylon stands, at scale 1 (a rider is ~0.013 wide)


def chair_lift(layout: Layout, bottom: Point, top: Point, *, pylons: int = 5, chairs: int = 11,
               lift: tuple[float, float] = (0.15, 0.085), kind: str = "chair") -> list[Point]:
    """A lift line on pylons above the snow, from a bottom station up the mountain: chairs (`chair`),
    closed gondola cabins (`gondola`) or, low over a track in the snow, the hangers of a drag lift
    (`t-bar`) pulling skiers up on their skis.

    Returns the seats of its chairs (x, seat y), from the bottom up, for the riders; for a drag lift the
    feet of its riders on the track; for a gondola none (its riders are behind the cabins' windows)."""
    if kind not in LIFTS:
        raise ValueError(f"unknown lift {kind!r}")
    def ground(t: float) -> Point:
        return _lerp(bottom, top, t)

    def tall(y: float) -> float:   # a grown-up's height with the feet at y, in scene heights
        return 0.024 * PEOPLE_SCALE * layout.perspective(y) * layout.aspect

    def cable(t: float) -> Point:
        x, y = ground(t)
        if kind == "t-bar":   # a little over a rider's head
            return x, y - tall(y) * 1.3
        return x, y - (lift[0] + (lift[1] - lift[0]) * t)

    if kind == "t-bar":
        track = [ground(i / 8) for i in range(9)]
        for side in (-1, 1):   # the track the skis have worn up the slope
            layout.shape("path", points=[[x + side * 0.006 * layout.perspective(y), y] for x, y in track],
                         color="#c9dcee", width=0.0022)

    for t in [0.04 + 0.92 * i / (pylons - 1) for i in range(pylons)]:
        (gx, gy), (cx, cy) = ground(t), cable(t)
        w = 0.005 * layout.perspective(gy)
        if kind == "t-bar":   # beside the riders' track, an arm reaching over it to carry the cable
            gx = cx = gx - T_BAR_PYLON_OFFSET * layout.perspective(gy)
            layout.shape("rect", x=cx - w * 0.5, y=cy - w * 1.1, w=ground(t)[0] - cx + w * 2.2, h=w * 1.1,
                         color="#495057", outline=OUTLINE, width=0.0008)
            # Nobody stands against the mast, nor just in front of it with the body over its foot.
            layout.block(gx - w * 2.5, cy, gx + w * 2.5, gy + 0.04 * layout.perspective(gy))
        layout.shape("ellipse", x=gx - w * 2, y=gy - w * 0.6, w=w * 4, h=w * 1.4, color="#00000026")
        layout.shape("polygon", points=[[gx - w, gy], [gx + w, gy], [cx + w * 0.5, cy], [cx - w * 0.5, cy]],
                     color="#6c7a89", outline=OUTLINE, width=0.0008)
        if kind != "t-bar":
            layout.shape("rect", x=cx - w * 2.6, y=cy - w * 0.6, w=w * 5.2, h=w * 1.2, color="#495057",
                         outline=OUTLINE, width=0.0008)
    layout.shape("path", points=[list(cable(-0.02)), list(cable(1.02))], color="#2f3640", width=0.0016)
    steps = 24
    for i in range(steps):   # nobody stands under the chairs, where a rider's legs would rest on a head
        (gx, gy), (_, cy) = ground(i / steps), cable(i / steps)
        _, next_gy = ground((i + 1) / steps)
        half = 0.022 * layout.perspective(gy)
        layout.block(gx - half, min(cy, next_gy), gx + half, max(gy, next_gy) + 0.01)
    if kind == "t-bar":
        return _drag_hangers(layout, ground, cable, tall, chairs, bottom, top)
    stations = [_station_box(layout, bottom, 1.0), _station_box(layout, top, 0.75)]
    if kind == "gondola":
        _gondola_cabins(layout, cable, chairs, stations)
        _lift_stations(layout, bottom, top)
        return []
    seats: list[Point] = []
    for i in range(chairs):
        t = 0.08 + 0.86 * i / (chairs - 1)
        cx, cy = cable(t)
        s = layout.perspective(cy + 0.1)
        hang = 0.045 * s
        seat_y = cy + hang
        half = 0.012 * s
        if _hits(((cx - half, seat_y - 0.024 * s, cx + half, seat_y + 0.007 * s)), stations):
            continue   # a chair so low on the cable it would run into a station's roof is not drawn
        layout.shape("path", points=[[cx, cy], [cx, seat_y - 0.004]], color="#343a40", width=0.0012)
        layout.shape("path", points=[[cx - half, seat_y - 0.004], [cx + half, seat_y - 0.004]], color="#343a40",
                     width=0.0012)
        layout.shape("rect", x=cx - half, y=seat_y - 0.024 * s, w=half * 0.5, h=0.024 * s, color="#1c7ed6",
                     outline=OUTLINE, width=0.0007)
        layout.shape("rect", x=cx - half, y=seat_y - 0.004, w=half * 2, h=0.007 * s, color="#1c7ed6",
                     outline=OUTLINE, width=0.0007)
        seats.append((cx, seat_y))
    _lift_stations(layout, bottom, top)
    return seats


def _station_box(layout: Layout, at: Point, big: float) -> tuple[float, float, float, float]:
    """The box a lift station (`_lift_stations`) is drawn in, its roof's peak included."""
    x, y = at
    s = layout.perspective(y) * big
    w, h = 0.05 * s, 0.05 * s * layout.aspect
    return x - w * 0.62, y - h * 1.45, x + w * 0.62, y


def _hits(box: tuple[float, float, float, float], others: Sequence[tuple[float, float, float, float]]) -> bool:
    return any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in others)


def _lift_stations(layout: Layout, bottom: Point, top: Point, *, roof: str = "#c92a2a") -> None:
    """The bottom and top stations of a lift: huts with a snowed red roof and the bull wheel's housing."""
    for (x, y), big in ((bottom, 1.0), (top, 0.75)):   # the two stations
        s = layout.perspective(y) * big
        w, h = 0.05 * s, 0.05 * s * layout.aspect
        layout.shape("rect", x=x - w / 2, y=y - h, w=w, h=h, color="#ced4da", outline=OUTLINE, width=0.001)
        layout.shape("polygon", points=[[x - w * 0.62, y - h], [x, y - h * 1.45], [x + w * 0.62, y - h]],
                     color=roof, outline=OUTLINE, width=0.001)
        layout.shape("polygon", points=[[x - w * 0.6, y - h * 1.02], [x, y - h * 1.44], [x + w * 0.6, y - h * 1.02],
                                        [x, y - h * 1.25]], color=SNOW)
        layout.shape("ellipse", x=x - w * 0.3, y=y - h * 0.8, w=w * 0.6, h=h * 0.45, color="#495057",
                     outline=OUTLINE, width=0.0008)
        layout.block(x - w * 0.6, y - h * 1.45, x + w * 0.6, y + 0.005)


def _drag_hangers(layout: Layout, ground: Callable[[float], Point], cable: Callable[[float], Point],
                  tall: Callable[[float], float], count: int, bottom: Point, top: Point) -> list[Point]:
    """A drag lift's T-bars hanging from the cable to a rider's hips; returns the riders' feet on the track
    (the snow under the cable is blocked, as under chairs: the riders are placed there unchecked)."""
    feet: list[Point] = []
    for i in range(count):
        t = 0.1 + 0.82 * i / (count - 1)
        (gx, gy), (cx, cy) = ground(t), cable(t)
        hip = gy - tall(gy) * 0.5
        bar = 0.01 * layout.perspective(gy)
        layout.shape("path", points=[[cx, cy], [gx + bar * 0.3, hip]], color="#343a40", width=0.0012)
        layout.shape("path", points=[[gx - bar, hip + 0.002], [gx + bar * 1.2, hip - 0.001]], color="#f59f00",
                     width=0.0022)
        feet.append((gx, gy))
    _lift_stations(layout, bottom, top, roof="#1c7ed6")
    return feet


def _gondola_cabins(layout: Layout, cable: Callable[[float], Point], count: int,
                    stations: Sequence[tuple[float, float, float, float]] = ()) -> None:
    """Closed cabins hanging from the cable, windows all round and a rider's head in some of them; none
    where it would run into a station's roof (`stations`: their boxes)."""
    colours = ("#e03131", "#fab005", "#e03131", "#1c7ed6")
    for i in range(count):
        t = 0.08 + 0.86 * i / (count - 1)
        cx, cy = cable(t)
        s = layout.perspective(cy + 0.1)
        hang, half, high = 0.03 * s, 0.013 * s, 0.028 * s * layout.aspect * 0.62
        top = cy + hang
        if _hits((cx - half, top, cx + half, top + high), stations):
            continue
        layout.shape("path", points=[[cx, cy], [cx, top]], color="#343a40", width=0.0012)
        layout.shape("rect", x=cx - half * 0.35, y=cy - 0.002, w=half * 0.7, h=0.004, color="#343a40")
        layout.shape("rect", x=cx - half, y=top, w=half * 2, h=high, color=colours[i % len(colours)],
                     outline=OUTLINE, width=0.0008, radius=half * 0.35)
        layout.shape("rect", x=cx - half * 0.78, y=top + high * 0.14, w=half * 1.56, h=high * 0.42, color="#d0ebff",
                     outline=OUTLINE, width=0.0006)
        layout.shape("path", points=[[cx, top + high * 0.14], [cx, top + high * 0.56]], color=OUTLINE, width=0.0006)
        if i % 3 != 1:   # a rider looking out of the left window: a head and its hair
            r = half * 0.2
            hx, hy = cx - half * 0.4, top + high * 0.56 - r * layout.aspect * 1.6
            layout.shape("ellipse", x=hx - r, y=hy, w=r * 2, h=r * 2 * layout.aspect, color=("#eec29a", "#a86b3c")[i % 2],
                         outline=OUTLINE, width=0.0005)
            layout.shape("ellipse", x=hx - r, y=hy - r * layout.aspect * 0.15, w=r * 2, h=r * layout.aspect * 0.8,
                         color=("#2b1d14", "#e0b050", "#6b4423")[i % 3])


def valley_station(layout: Layout, x: float, y: float) -> None:
    """The cable car's valley station, a small hut the cable runs into; nobody stands at its door."""
    s = layout.perspective(y)
    w, h = 0.04 * s, 0.03 * s * layout.aspect
    layout.shape("rect", x=x - w / 2, y=y - h, w=w, h=h, color="#ced4da", outline=OUTLINE, width=0.001)
    layout.shape("polygon", points=[[x - w * 0.62, y - h], [x - w * 0.1, y - h * 1.5], [x + w * 0.62, y - h]],
                 color="#c92a2a", outline=OUTLINE, width=0.001)
    layout.shape("rect", x=x - w * 0.18, y=y - h * 0.75, w=w * 0.36, h=h * 0.4, color="#495057", outline=OUTLINE,
                 width=0.0008)
    layout.block(x - w, y - h * 2, x + w, y + 0.03)


def smoke(layout: Layout, x: float, y: float, size: float) -> None:
    """Wisps of chimney smoke or hot-spring steam rising and drifting."""
    for i in range(4):
        r = size * (0.5 + 0.25 * i)
        layout.shape("ellipse", x=x + size * 0.8 * i - r, y=y - size * 1.1 * i * layout.aspect - r,
                     w=r * 2, h=r * 1.6, color="#ffffff99" if i < 2 else "#ffffff66")


def steam(layout: Layout, x: float, y: float, height: float) -> None:
    """Soft wisps of steam curling up from hot water."""
    for i, dx in enumerate((-0.25, 0.05, 0.3)):
        points = [[x + dx * height + 0.004 * math.sin(k * 0.9 + i * 2.0), y - height * k / 8] for k in range(9)]
        layout.shape("path", points=points, color="#ffffff50", width=0.006)
        layout.shape("path", points=points[1:-1], color="#ffffff70", width=0.0025)


def chalet(layout: Layout, x0: float, y0: float, x1: float, y1: float, *, wall: str = "#8b5a3c") -> None:
    """A two-storey chalet with a snowed roof, a balcony with a railing and a smoking chimney."""
    width, height = x1 - x0, y1 - y0
    peak = y0 - height * 0.55
    layout.shape("rect", x=x0 + 0.004, y=y0 + 0.01, w=width, h=height, color="#00000030")
    layout.shape("rect", x=x0, y=y0, w=width, h=height, color=wall, outline=OUTLINE, width=0.001)
    for i in range(1, 6):   # log courses
        layout.shape("path", points=[[x0, y0 + height * i / 6], [x1, y0 + height * i / 6]], color="#00000022",
                     width=0.0008)
    chimney_x = x0 + width * 0.72
    layout.shape("rect", x=chimney_x, y=peak + height * 0.05, w=width * 0.06, h=height * 0.35, color="#868e96",
                 outline=OUTLINE, width=0.0008)
    smoke(layout, chimney_x + width * 0.03, peak + height * 0.02, 0.006)
    layout.shape("polygon", points=[[x0 - 0.012, y0 + 0.004], [x0 + width / 2, peak], [x1 + 0.012, y0 + 0.004]],
                 color="#5b3422", outline=OUTLINE, width=0.001)
    layout.shape("polygon", points=[[x0 - 0.013, y0 - 0.004], [x0 + width / 2, peak - 0.006],
                                    [x1 + 0.013, y0 - 0.004], [x1 - width * 0.05, y0 + 0.008],
                                    [x0 + width * 0.75, y0 - height * 0.1], [x0 + width / 2, y0 - height * 0.02],
                                    [x0 + width * 0.25, y0 - height * 0.12], [x0 + width * 0.05, y0 + 0.008]],
                 color=SNOW, outline=SNOW_SHADE, width=0.0008)
    layout.shape("polygon", points=[[x0 + width * 0.35, y0 - height * 0.18], [x0 + width / 2, y0 - height * 0.34],
                                    [x0 + width * 0.65, y0 - height * 0.18]], color="#ffe08a", outline=OUTLINE,
                 width=0.0008)
    cols = max(3, round(width / 0.035))
    wx = width / (cols * 2 + 1)
    for row, top in enumerate((y0 + height * 0.1, y0 + height * 0.58)):
        for c in range(cols):
            if row == 1 and c == cols // 2:
                continue   # the door
            layout.shape("rect", x=x0 + wx * (2 * c + 1), y=top, w=wx, h=height * 0.22, color="#ffe08a",
                         outline=OUTLINE, width=0.0008)
            layout.shape("path", points=[[x0 + wx * (2 * c + 1.5), top], [x0 + wx * (2 * c + 1.5), top + height * 0.22]],
                         color=OUTLINE, width=0.0006)
    layout.shape("rect", x=x0 + width / 2 - wx * 0.6, y=y1 - height * 0.42, w=wx * 1.2, h=height * 0.42,
                 color="#5a3b2a", outline=OUTLINE, width=0.0008)
    balcony = y0 + height * 0.42   # its floor, along the whole front
    layout.shape("rect", x=x0 - 0.006, y=balcony, w=width + 0.012, h=height * 0.05, color=WOOD_DARK,
                 outline=OUTLINE, width=0.0008)
    layout.shape("path", points=[[x0 - 0.006, balcony - height * 0.12], [x1 + 0.006, balcony - height * 0.12]],
                 color=WOOD, width=0.0022)
    for i in range(round(width / 0.008) + 1):
        bx = x0 - 0.006 + (width + 0.012) * i / round(width / 0.008)
        layout.shape("path", points=[[bx, balcony - height * 0.12], [bx, balcony]], color=WOOD, width=0.0012)
    layout.shape("rect", x=x0 - 0.006, y=balcony - height * 0.14, w=width + 0.012, h=height * 0.02, color=SNOW)
    layout.block(x0 - 0.012, peak, x1 + 0.012, y1 + 0.008)


def terrace(layout: Layout, x0: float, y0: float, x1: float, y1: float) -> None:
    """A wooden terrace in front of a chalet, its deck seen from above (light planks running across, the
    far ones closer together) with a railing along its front edge: a floor people sit at tables on, not
    a brown wall they sit on (the art review of issue 21)."""
    layout.shape("rect", x=x0, y=y0, w=x1 - x0, h=y1 - y0, color="#d9b07a", outline=OUTLINE, width=0.001)
    planks = 7
    for i in range(1, planks):   # the seams between planks, spaced wider towards the viewer
        t = (i / planks) ** 1.4
        py = y0 + (y1 - y0) * t
        layout.shape("path", points=[[x0, py], [x1, py]], color="#b98a55", width=0.0008)
    layout.shape("rect", x=x0, y=y1 - 0.004, w=x1 - x0, h=0.006, color=WOOD_DARK, outline=OUTLINE, width=0.0008)
    rail = y1 - 0.016 * layout.aspect * layout.perspective(y1)
    for i in range(round((x1 - x0) / 0.02) + 1):   # the railing's posts, and its top rail
        px = x0 + (x1 - x0) * i / round((x1 - x0) / 0.02)
        layout.shape("path", points=[[px, rail], [px, y1 - 0.002]], color=WOOD_DARK, width=0.0016)
    layout.shape("path", points=[[x0, rail], [x1, rail]], color=WOOD, width=0.0028)
    layout.shape("rect", x=x0, y=y0 - 0.004, w=x1 - x0, h=0.006, color=SNOW)


def table_with_seats(layout: Layout, x: float, y: float, seats: int = 2) -> list[Point]:
    """A round table with a place on each side; returns the seats (x, seat y): the recipe draws a chair
    at each (`decor_water.chair`), at the height its guest sits."""
    s = layout.perspective(y)
    r = 0.013 * s
    layout.shape("ellipse", x=x - r, y=y - r * 0.5 * layout.aspect, w=2 * r, h=r * layout.aspect * 0.7,
                 color="#f1ece2", outline=OUTLINE, width=0.0008)
    layout.shape("rect", x=x - 0.001, y=y + r * 0.15 * layout.aspect, w=0.002, h=0.02 * s * layout.aspect,
                 color=OUTLINE)
    places = [(x - 0.024 * s, y + 0.006), (x + 0.024 * s, y + 0.006)][:seats]
    layout.block(x - r, y - r * 0.5 * layout.aspect, x + r, y + 0.02 * s * layout.aspect)
    return places


def ice_rink(layout: Layout, x: float, y: float, w: float, h: float) -> Oval:
    """An oval rink with boards around it and a curling sheet's house at one end; returns the ice."""
    layout.shape("ellipse", x=x - 0.006, y=y - 0.006 * layout.aspect, w=w + 0.012, h=h + 0.012 * layout.aspect,
                 color="#f1f3f5", outline=OUTLINE, width=0.0012)
    layout.shape("ellipse", x=x, y=y, w=w, h=h, color="#c5e6f7", outline="#8fb8d4", width=0.0015)
    layout.shape("waves", x=x + w * 0.12, y=y + h * 0.15, w=w * 0.76, h=h * 0.7, color="#ffffff90", rows=5,
                 width=0.001)
    hx, hy = x + w * 0.82, y + h * 0.5
    for r, c in ((0.032, "#1c7ed6"), (0.022, "#ffffff"), (0.012, "#e03131")):
        layout.shape("ellipse", x=hx - r, y=hy - r * layout.aspect * 0.55, w=r * 2, h=r * layout.aspect * 1.1, color=c)
    return Oval(x, y, w, h)


def hot_spring(layout: Layout, x: float, y: float, w: float, h: float) -> Oval:
    """A big steaming pool with a stone rim; declares its water and returns it."""
    layout.shape("ellipse", x=x - 0.01, y=y - 0.01 * layout.aspect, w=w + 0.02, h=h + 0.02 * layout.aspect,
                 color="#9c8a75", outline=OUTLINE, width=0.0012)
    layout.shape("speckle", x=x - 0.005, y=y - 0.006, w=w + 0.01, h=0.014, colors=["#b8a68f", "#7d6e5c"],
                 count=60, size=0.004, seed=7)
    layout.shape("ellipse", x=x, y=y, w=w, h=h, color="#5fb3c9", outline="#3f8ea3", width=0.0015)
    layout.shape("ellipse", x=x + w * 0.08, y=y + h * 0.1, w=w * 0.84, h=h * 0.8, color="#7cc6d8")
    layout.shape("waves", x=x + w * 0.15, y=y + h * 0.2, w=w * 0.7, h=h * 0.6, color="#e3fafc90", rows=4,
                 width=0.001)
    layout.water_ellipse(x, y, w, h)   # bathers only: the water region keeps everyone else's feet out
    return Oval(x, y, w, h)


def snowfall(layout: Layout, seed: int) -> None:
    """Flakes in the air over the whole picture (a generated scene's weather)."""
    layout.shape("speckle", x=0, y=0, w=1, h=1, colors=["#ffffffd0", "#ffffff90"], count=900, size=0.0022,
                 seed=seed)


# --- the carnival ----------------------------------------------------------------

def light_string(layout: Layout, poles: Sequence[Point], height: float = 0.11,
                 colours: Sequence[str] = ("#ffd43b", "#ff8787", "#74c0fc", "#8ce99a", "#ffffff")) -> None:
    """Strings of light bulbs hung between tall poles, sagging above the heads of the crowd."""
    tops: list[Point] = []
    for x, y in poles:
        h = height * layout.perspective(y)
        tops.append((x, y - h))
        layout.shape("path", points=[[x, y], [x, y - h]], color="#4a3b30", width=0.0024)
        layout.block(x - 0.005, y - 0.01, x + 0.005, y + 0.004)
    n = 0
    for (ax, ay), (bx, by) in zip(tops, tops[1:]):
        points = []
        for i in range(13):
            t = i / 12
            points.append([ax + (bx - ax) * t, ay + (by - ay) * t + 0.03 * math.sin(math.pi * t)])
        layout.shape("path", points=points, color="#2b2b30", width=0.0008)
        for px, py in points[1:-1]:
            r = 0.0032
            layout.shape("ellipse", x=px - r * 2, y=py - r * 1.2, w=r * 4, h=r * 4, color="#fff3bf26")
            layout.shape("ellipse", x=px - r * 0.5, y=py + 0.001, w=r, h=r * layout.aspect,
                         color=colours[n % len(colours)])
            n += 1


def game_booth(layout: Layout, name: str, x: float, y: float, roof: str, scale: float = 2.6) -> float:
    """A midway booth on the grass at `y`: a striped roof with a scalloped edge and bulbs, a dark back wall,
    posts and a counter, with the game and its prizes (the prop `name`) in the opening.

    Returns the counter top's y, where a stallholder (pose `serving`) has the feet point."""
    size = 0.024 * scale * layout.perspective(y)   # the 200-unit frame the booth is drawn in, in widths
    top = y - size * layout.aspect * 0.98           # the frame's top edge; its ground (196) at `y`

    def at(fx: float, fy: float) -> Point:
        return x + (fx - 100) / 200 * size, top + fy / 200 * size * layout.aspect

    def box(fx: float, fy: float, fw: float, fh: float, colour: str, outline: bool = True) -> None:
        bx, by = at(fx, fy)
        extra: dict[str, object] = {"outline": OUTLINE, "width": 0.0008} if outline else {}
        layout.shape("rect", x=bx, y=by, w=fw / 200 * size, h=fh / 200 * size * layout.aspect, color=colour, **extra)

    box(20, 60, 160, 110, "#3b2a20")
    box(26, 60, 148, 6, "#00000050", outline=False)
    for post in (15.5, 179.5):
        box(post, 60, 5, 136, "#6e4a2a")
    box(16, 150, 168, 46, "#a0683a")
    box(16, 150, 168, 8, "#c8843d")
    rx, ry = at(14, 30)
    w, h = 172 / 200 * size, 30 / 200 * size * layout.aspect
    for i in range(8):   # the scalloped edge under the striped roof
        sx, sy = at(14 + 21.5 * i, 53)
        layout.shape("ellipse", x=sx, y=sy, w=21.5 / 200 * size, h=h * 0.47, color=roof if i % 2 == 0 else "#f8f9fa",
                     outline=OUTLINE, width=0.0008)
    layout.shape("rect", x=rx, y=ry, w=w, h=h, color="#f8f9fa", outline=OUTLINE, width=0.001)
    layout.shape("stripes", x=rx, y=ry, w=w, h=h, colors=[roof, "#f8f9fa"], count=8)
    for i in range(8):
        bx, by = at(24 + 21.5 * i, 30)
        r = 2.5 / 200 * size
        layout.shape("ellipse", x=bx - r, y=by - r * layout.aspect, w=r * 2, h=r * 2 * layout.aspect, color="#fff3bf")
    counter = at(0, 150)[1]
    # the game sits on the counter, drawn before the stallholder behind it (its ground a hair above theirs)
    layout.prop(name, "\U0001F3AF", x, counter - 0.001 - size * layout.aspect / 2, round(scale * layout.perspective(y), 3),
                flat=True, keep=0)
    # scenery is drawn under everyone: nobody stands behind the booth (they would show through it) or
    # with the feet on its roof
    tall = 0.024 * PEOPLE_SCALE * layout.perspective(y) * layout.aspect
    layout.stand("booth", name, at(14, 30)[0], ry, at(186, 30)[0], y)
    layout.block(x - size * 0.5, top - tall, x + size * 0.5, y + 0.028)
    return counter


def stage(layout: Layout, x: float, y: float, width: float) -> tuple[float, float, float, float]:
    """A band stage: a raised deck with a back wall, a striped canopy and spotlights.

    `y` is the front edge of the deck; returns the deck (x0, y0, x1, y1) where the band stands."""
    depth, wall = 0.055, 0.09
    x0, x1 = x - width / 2, x + width / 2
    deck_top = y - depth
    wall_top = deck_top - wall
    layout.shape("rect", x=x0, y=wall_top, w=width, h=wall, color="#4c1d6b", outline=OUTLINE, width=0.001)
    layout.shape("stripes", x=x0, y=wall_top, w=width, h=wall, colors=["#00000000", "#ffffff10"], count=12,
                 vertical=True)
    layout.shape("rect", x=x0 - 0.01, y=wall_top - 0.03, w=width + 0.02, h=0.035, color="#e03131",
                 outline=OUTLINE, width=0.001)
    layout.shape("stripes", x=x0 - 0.01, y=wall_top - 0.03, w=width + 0.02, h=0.035,
                 colors=["#e03131", "#fff5f5"], count=14, vertical=True)
    for i in range(7):
        bx = x0 + width * (i + 0.5) / 7
        layout.shape("ellipse", x=bx - 0.004, y=wall_top + 0.002, w=0.008, h=0.008 * layout.aspect,
                     color=("#ffd43b", "#ff8787", "#74c0fc")[i % 3], outline=OUTLINE, width=0.0006)
    for side in (0.15, 0.85):   # spotlight beams onto the deck
        sx = x0 + width * side
        layout.shape("polygon", points=[[sx, wall_top + 0.01], [sx - 0.05, deck_top + depth * 0.9],
                                        [sx + 0.05, deck_top + depth * 0.9]], color="#fff3bf30")
    layout.shape("rect", x=x0, y=deck_top, w=width, h=depth, color="#a8754a", outline=OUTLINE, width=0.001)
    layout.shape("stripes", x=x0, y=deck_top, w=width, h=depth, colors=["#00000000", "#00000014"], count=16,
                 vertical=True)
    layout.shape("rect", x=x0, y=y, w=width, h=0.022, color="#6b4a2f", outline=OUTLINE, width=0.001)
    layout.block(x0 - 0.01, wall_top - 0.03, x1 + 0.01, y + 0.024)
    return x0 + 0.02, deck_top + 0.012, x1 - 0.02, y - 0.008
