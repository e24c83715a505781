"""Scenery by the water that people stand on or beside: quay, moored boats, pier, counters, tower, net, huts.

These are drawn with background shapes (under every figure), because people
stand *on* them: a deckhand on a boat, a lifeguard on the tower, an angler
on the pier. Each piece names itself as a prop the background draws (no
emoji), so a victim can say "by the lifeguard tower", and returns where its
people's feet go. Outlines are the figures' dark brown, so scenery and
people share one style.
"""

from __future__ import annotations

from collections.abc import Sequence

from lastmessage.scenes.figures import OUT
from lastmessage.scenes.geometry import FIGURE_SIZE
from lastmessage.scenegen.layout import PEOPLE_SCALE, STAND, Layout

EDGE = 0.0011   # outline width of drawn scenery, in scene widths (about the figures' line at 1080)
WOOD, WOOD_LIGHT, WOOD_DARK = "#9b6b40", "#b98551", "#6e4a2a"


def feet_below(layout: Layout, y: float) -> float:
    """How far below its centre a grown-up placed at `y` has its feet (scene heights)."""
    return 0.012 * layout.perspective(y) * PEOPLE_SCALE * layout.aspect


def standing_at(layout: Layout, feet: float) -> float:
    """The centre y of a grown-up whose feet are at `feet`."""
    return feet - feet_below(layout, feet - 0.02)


def quay_wall(layout: Layout, top: float, depth: float = 0.03) -> None:
    """The stone face of the quay, its kerb and a ladder down to the water at the left."""
    layout.shape("rect", x=0, y=top, w=1, h=depth, color="#7d766b", outline=OUT, width=EDGE)
    layout.shape("tiles", x=0, y=top + depth * 0.25, w=1, h=depth * 0.75, colors=["#8a8276", "#746d62"],
                 cols=60, rows=2)
    layout.shape("rect", x=0, y=top, w=1, h=depth * 0.25, color="#b4ab9c", outline=OUT, width=EDGE)


def moored_boat(layout: Layout, name: str, x0: float, x1: float, deck: float, *, hull: str, trim: str,
                cabin: bool, mast: bool) -> tuple[float, float]:
    """A boat seen from the side, lying alongside the quay; returns the x range of its open deck."""
    depth = 0.03
    layout.shape("ellipse", x=x0 - 0.01, y=deck + depth - 0.006, w=x1 - x0 + 0.02, h=0.014, color="#1f5a8a80")
    layout.shape("polygon", points=[[x0 - 0.008, deck - 0.008], [x1 + 0.004, deck - 0.004], [x1 - 0.01, deck + depth],
                                    [x0 + 0.012, deck + depth]], color=hull, outline=OUT, width=EDGE)
    layout.shape("rect", x=x0, y=deck + 0.002, w=x1 - x0 - 0.004, h=0.005, color=trim)
    for i in range(int((x1 - x0) / 0.03)):
        layout.shape("ellipse", x=x0 + 0.02 + i * 0.03, y=deck + 0.012, w=0.005, h=0.007, color="#d0ebff",
                     outline=OUT, width=EDGE * 0.7)
    open_x0, open_x1 = x0 + 0.004, x1 - 0.008
    if cabin:
        cw = (x1 - x0) * 0.32
        cx = x1 - cw - 0.012
        layout.shape("rect", x=cx, y=deck - 0.05, w=cw, h=0.05, color="#f8f9fa", outline=OUT, width=EDGE)
        layout.shape("rect", x=cx - 0.003, y=deck - 0.056, w=cw + 0.006, h=0.008, color=trim, outline=OUT, width=EDGE)
        for i in range(3):
            layout.shape("rect", x=cx + cw * (0.1 + 0.3 * i), y=deck - 0.04, w=cw * 0.2, h=0.016, color="#a5d8ff",
                         outline=OUT, width=EDGE * 0.7)
        open_x1 = cx - 0.006
    if mast:
        mx = x0 + (x1 - x0) * 0.3
        layout.shape("path", points=[[mx, deck], [mx, deck - 0.13]], color=OUT, width=0.004)
        layout.shape("path", points=[[mx, deck], [mx, deck - 0.13]], color="#d9b77a", width=0.0022)
        layout.shape("path", points=[[mx, deck - 0.125], [x0 - 0.004, deck - 0.006]], color="#495057", width=0.0008)
        layout.shape("path", points=[[mx, deck - 0.125], [x1 - 0.01, deck - 0.006]], color="#495057", width=0.0008)
        layout.shape("polygon", points=[[mx, deck - 0.13], [mx + 0.018, deck - 0.122], [mx, deck - 0.114]],
                     color="#e03131", outline=OUT, width=EDGE * 0.7)
    layout.prop(name, "", (x0 + x1) / 2, deck - 0.01, 2.0, flat=True, keep=0)
    return open_x0, open_x1


def harbour_crane(layout: Layout, x: float, quay: float, toward: int, reach: float) -> tuple[float, float, float, float]:
    """A portal crane on the quay's edge at its true size, taller than any mast: its legs astride the
    kerb on their rails, the lattice tower, the driver's cab, the jib out over the water (`toward`: -1
    to the left, 1 to the right, `reach` scene widths) and a net of crates on its hook. It names itself
    as a prop the background draws, its box as tall as the drawing. Returns the box between its legs,
    which nobody stands in (x0, y0, x1, y1)."""
    yellow, orange, grey = "#fab005", "#f59f00", "#495057"
    feet, half = quay + 0.028, 0.02
    beam = quay - 0.072          # the portal's top: a lorry would pass under it
    cab_top, cab_bottom = 0.034, 0.062
    apex = 0.004
    tip_x, tip_y = x + toward * reach, 0.016
    for leg in (x - half, x + half):   # the legs, splayed a little, on their rail bogies
        out = -1 if leg < x else 1
        layout.shape("polygon", points=[[leg - 0.004 + out * 0.003, feet - 0.004], [leg + 0.004 + out * 0.003, feet - 0.004],
                                        [leg + 0.003, beam], [leg - 0.003, beam]], color=yellow, outline=OUT, width=EDGE)
        layout.shape("rect", x=leg - 0.007 + out * 0.003, y=feet - 0.006, w=0.014, h=0.007, color=grey, outline=OUT,
                     width=EDGE * 0.8)
    layout.shape("rect", x=x - half - 0.006, y=beam - 0.012, w=2 * half + 0.012, h=0.014, color=orange, outline=OUT,
                 width=EDGE)
    for leg in (x - half, x + half):   # knee braces under the beam
        layout.shape("path", points=[[leg, beam + 0.025], [x + (leg - x) * 0.45, beam]], color=orange, width=0.0024)
    layout.shape("rect", x=x - 0.006, y=cab_bottom, w=0.012, h=beam - 0.012 - cab_bottom, color="#00000000",
                 outline=OUT, width=EDGE)
    rungs = 6
    for i in range(rungs):   # the tower's lattice
        y0 = cab_bottom + (beam - 0.012 - cab_bottom) * i / rungs
        y1 = cab_bottom + (beam - 0.012 - cab_bottom) * (i + 1) / rungs
        side = -1 if i % 2 else 1
        layout.shape("path", points=[[x - side * 0.005, y0], [x + side * 0.005, y1]], color=orange, width=0.0018)
    for edge in (x - 0.006, x + 0.004):
        layout.shape("rect", x=edge, y=cab_bottom, w=0.002, h=beam - 0.012 - cab_bottom, color=yellow)
    # the counter-jib with its weight on the land side, the A-frame and the jib over the water
    back = x - toward * 0.028
    layout.shape("path", points=[[x, cab_top + 0.004], [back, cab_top + 0.008]], color=OUT, width=0.0046)
    layout.shape("path", points=[[x, cab_top + 0.004], [back, cab_top + 0.008]], color=yellow, width=0.0026)
    layout.shape("rect", x=min(back, back + toward * 0.012), y=cab_top + 0.006, w=0.012, h=0.02, color="#868e96",
                 outline=OUT, width=EDGE)
    layout.shape("polygon", points=[[x - 0.006, cab_top], [x - toward * 0.002, apex], [x + 0.006, cab_top]],
                 color=orange, outline=OUT, width=EDGE)
    root = (x + toward * 0.008, cab_bottom - 0.006)
    for width, colour in ((0.0062, OUT), (0.0042, yellow)):
        layout.shape("path", points=[list(root), [tip_x, tip_y]], color=colour, width=width)
    for i in range(1, 8):   # the jib's lattice
        t = i / 8
        layout.shape("path", points=[[root[0] + (tip_x - root[0]) * t, root[1] + (tip_y - root[1]) * t - 0.003],
                                     [root[0] + (tip_x - root[0]) * (t + 0.06), root[1] + (tip_y - root[1]) * (t + 0.06) + 0.003]],
                     color=orange, width=0.0014)
    layout.shape("path", points=[[x - toward * 0.002, apex], [tip_x, tip_y]], color=grey, width=0.0009)
    layout.shape("path", points=[[x - toward * 0.002, apex], [back, cab_top + 0.008]], color=grey, width=0.0009)
    layout.shape("rect", x=x - 0.013, y=cab_top, w=0.026, h=cab_bottom - cab_top, color=yellow, outline=OUT, width=EDGE)
    layout.shape("rect", x=x + (0.002 if toward > 0 else -0.011), y=cab_top + 0.006, w=0.009, h=0.012, color="#a5d8ff",
                 outline=OUT, width=EDGE * 0.7)
    # the hook on its cable with a net of crates, high over the water
    load = 0.09
    layout.shape("path", points=[[tip_x, tip_y], [tip_x, load - 0.026]], color=OUT, width=0.0009)
    layout.shape("polygon", points=[[tip_x, load - 0.027], [tip_x - 0.0115, load - 0.014], [tip_x + 0.0115, load - 0.014]],
                 color="#00000000", outline=OUT, width=EDGE * 0.8)
    for dx, y in ((-0.011, load - 0.002), (0.0005, load - 0.002), (-0.005, load - 0.014)):
        layout.shape("rect", x=tip_x + dx, y=y, w=0.0105, h=0.012, color="#c8843d", outline=OUT, width=EDGE * 0.8)
    layout.overhead(tip_x - 0.014, load - 0.028, tip_x + 0.014, load + 0.012)
    height = feet - apex
    layout.prop("harbour crane", "", x, feet - height / 2, height / (FIGURE_SIZE * layout.aspect), flat=True, keep=0)
    return x - half - 0.012, quay - 0.01, x + half + 0.012, feet + 0.015


def gangplank(layout: Layout, x: float, deck: float, quay: float) -> None:
    """A plank with a rope rail from the boat's deck down to the quay."""
    layout.shape("polygon", points=[[x - 0.008, deck], [x + 0.008, deck], [x + 0.014, quay], [x - 0.002, quay]],
                 color=WOOD_LIGHT, outline=OUT, width=EDGE)
    layout.shape("path", points=[[x + 0.008, deck - 0.018], [x + 0.014, quay - 0.018]], color="#c8a96b", width=0.0012)


def pier(layout: Layout, x0: float, x1: float, top: float, bottom: float) -> tuple[float, float, float, float]:
    """A wooden jetty out into the water, on posts; its planks run across it. Returns its box."""
    across = (bottom - top) / layout.aspect > x1 - x0   # a jetty running up the picture
    for px in ((x0 + 0.003, x1 - 0.007) if across else (x0 + 0.01, (x0 + x1) / 2, x1 - 0.01)):
        layout.shape("rect", x=px, y=bottom - 0.004 if not across else top, w=0.004, h=0.02, color=WOOD_DARK,
                     outline=OUT, width=EDGE * 0.7)
    layout.shape("rect", x=x0, y=top - 0.006, w=x1 - x0, h=bottom - top + 0.006, color=WOOD, outline=OUT, width=EDGE)
    planks = max(4, round((bottom - top) / 0.008 if across else (x1 - x0) / 0.006))
    layout.shape("stripes", x=x0 + 0.001, y=top - 0.005, w=x1 - x0 - 0.002, h=bottom - top + 0.004,
                 colors=[WOOD_LIGHT, WOOD], count=planks, vertical=not across)
    layout.prop("wooden pier", "", (x0 + x1) / 2, top + 0.01, 1.5, flat=True, keep=0)
    return x0, top, x1, bottom


def rowing_boat(layout: Layout, x: float, y: float, width: float, *, colour: str, oars: bool) -> None:
    """A small open boat on the water (the people in it are the recipe's); oars out both sides."""
    layout.shape("ellipse", x=x - width * 0.6, y=y + 0.006, w=width * 1.2, h=0.012, color="#e7f5ff90")
    layout.shape("polygon", points=[[x - width / 2, y - 0.006], [x + width / 2, y - 0.006],
                                    [x + width * 0.4, y + 0.012], [x - width * 0.42, y + 0.012]],
                 color=colour, outline=OUT, width=EDGE)
    layout.shape("rect", x=x - width / 2 + 0.003, y=y - 0.006, w=width - 0.006, h=0.004, color="#f8f9fa")
    if oars:
        for sign in (-1, 1):
            end = [x + sign * width * 0.75, y + 0.02]
            layout.shape("path", points=[[x + sign * width * 0.1, y - 0.004], end], color=OUT, width=0.003)
            layout.shape("path", points=[[x + sign * width * 0.1, y - 0.004], end], color=WOOD_LIGHT, width=0.0016)


def counter(layout: Layout, x: float, y: float, *, width: float, awning: Sequence[str], front: str,
            top: str, name: str = "counter") -> float:
    """A market counter under a scalloped awning (the goods are the recipe's prop), at its true size
    (`layout.STAND`): `width` standing grown-ups wide, its top at their waists; nobody walks through it.
    `y` is a little above its foot (where the old drawing had it). Returns the y where the vendor behind
    it stands (the counter's top)."""
    ground = y + 0.6 * 0.028 * layout.perspective(y) * layout.aspect
    tall = layout.grown_up(ground)
    half = width * tall / layout.aspect / 2
    roof, eave, sill = ground - STAND["awning top"] * tall, ground - STAND["awning"] * tall, ground - STAND["counter"] * tall
    post, over = 0.1 * tall / layout.aspect, 0.12 * tall / layout.aspect
    layout.shape("rect", x=x - half + post, y=eave, w=2 * (half - post), h=sill - eave, color="#4a3a2e")
    for px in (x - half, x + half - post):
        layout.shape("rect", x=px, y=eave, w=post, h=ground - eave, color="#ced4da", outline=OUT, width=EDGE * 0.7)
    w = 2 * (half + over)
    layout.shape("stripes", x=x - half - over, y=roof, w=w, h=eave - roof, colors=list(awning), count=10)
    scallops = 7
    for i in range(scallops):
        layout.shape("ellipse", x=x - half - over + w * i / scallops, y=eave - 0.06 * tall, w=w / scallops,
                     h=0.12 * tall, color=awning[i % len(awning)], outline=OUT, width=EDGE * 0.6)
    layout.shape("rect", x=x - half - over, y=roof, w=w, h=eave - roof, color="#00000000", outline=OUT, width=EDGE)
    layout.shape("rect", x=x - half, y=sill, w=2 * half, h=ground - sill, color=front, outline=OUT, width=EDGE)
    layout.shape("rect", x=x - half - 0.002, y=sill - 0.04 * tall, w=2 * half + 0.004, h=0.09 * tall, color=top,
                 outline=OUT, width=EDGE)
    layout.stand("stall", name, x - half - over, roof, x + half + over, ground)
    layout.block(x - half - over - 0.004, roof, x + half + over + 0.004, ground + 0.1 * tall)
    return sill - 0.04 * tall


def kiosk(layout: Layout, x: float, y: float, *, width: float, wall: str, roof: str, name: str = "kiosk") -> float:
    """A wooden kiosk with a pitched roof and an open serving hatch, at its true size (`layout.STAND`):
    `width` standing grown-ups wide, on the ground at `y`, its hatch's sill at their waists. Returns the
    hatch's sill y."""
    tall = layout.grown_up(y)
    half = width * tall / layout.aspect / 2
    eave, ridge = y - STAND["eaves"] * tall, y - STAND["ridge"] * tall
    sill, hatch = y - STAND["hatch"] * tall, y - STAND["hatch top"] * tall
    over = 0.12 * tall / layout.aspect
    layout.shape("rect", x=x - half, y=eave, w=2 * half, h=y - eave + 0.004, color=wall, outline=OUT, width=EDGE)
    layout.shape("stripes", x=x - half + 0.002, y=sill + 0.06 * tall, w=2 * half - 0.004, h=y - sill - 0.06 * tall,
                 colors=[wall, "#00000018"], count=9)
    layout.shape("rect", x=x - half * 0.8, y=hatch, w=half * 1.6, h=sill - hatch, color="#3b2a1e", outline=OUT, width=EDGE)
    layout.shape("rect", x=x - half * 0.9, y=sill, w=half * 1.8, h=0.06 * tall, color=WOOD_LIGHT, outline=OUT,
                 width=EDGE)
    layout.shape("polygon", points=[[x - half - over, eave + 0.04 * tall], [x, ridge], [x + half + over, eave + 0.04 * tall]],
                 color=roof, outline=OUT, width=EDGE)
    layout.stand("kiosk", name, x - half - over, ridge, x + half + over, y)
    layout.block(x - half - over, ridge, x + half + over, y + 0.3 * 0.028 * layout.perspective(y) * layout.aspect)
    return sill


def lifeguard_tower(layout: Layout, x: float, ground: float, height: float) -> tuple[float, float, float]:
    """A wooden tower on stilts with a red-and-white hut; returns (x0, x1, floor) of the platform
    in front of the hut, where the lifeguards stand."""
    floor = ground - height
    half = 0.032
    for lx in (x - half + 0.004, x + half - 0.008):
        layout.shape("rect", x=lx, y=floor, w=0.004, h=height, color=WOOD, outline=OUT, width=EDGE * 0.8)
    layout.shape("path", points=[[x - half + 0.006, floor + 0.01], [x + half - 0.006, ground - 0.01]], color=WOOD_DARK,
                 width=0.0022)
    layout.shape("path", points=[[x + half - 0.006, floor + 0.01], [x - half + 0.006, ground - 0.01]], color=WOOD_DARK,
                 width=0.0022)
    for i in range(5):   # the ladder
        ly = floor + 0.01 + (ground - floor - 0.012) * i / 4
        layout.shape("path", points=[[x + half + 0.002, ly], [x + half + 0.012, ly]], color=WOOD_DARK, width=0.0016)
    layout.shape("path", points=[[x + half + 0.002, floor], [x + half + 0.002, ground]], color=WOOD_DARK, width=0.002)
    layout.shape("path", points=[[x + half + 0.012, floor], [x + half + 0.012, ground]], color=WOOD_DARK, width=0.002)
    hut_h = 0.05
    layout.shape("rect", x=x - half * 0.8, y=floor - 0.012 - hut_h, w=half * 1.6, h=hut_h, color="#f8f9fa",
                 outline=OUT, width=EDGE)
    layout.shape("stripes", x=x - half * 0.8, y=floor - 0.012 - hut_h * 0.45, w=half * 1.6, h=hut_h * 0.45,
                 colors=["#e03131", "#f8f9fa"], count=6)
    layout.shape("rect", x=x - half * 0.5, y=floor - 0.012 - hut_h * 0.85, w=half, h=hut_h * 0.3, color="#a5d8ff",
                 outline=OUT, width=EDGE * 0.7)
    layout.shape("polygon", points=[[x - half - 0.004, floor - 0.01 - hut_h], [x, floor - 0.026 - hut_h],
                                    [x + half + 0.004, floor - 0.01 - hut_h]], color="#e03131", outline=OUT, width=EDGE)
    layout.shape("rect", x=x - half - 0.004, y=floor - 0.013, w=2 * half + 0.008, h=0.013, color=WOOD_LIGHT,
                 outline=OUT, width=EDGE)
    layout.shape("path", points=[[x + half + 0.002, floor - 0.04], [x + half + 0.002, floor - 0.13]], color=OUT,
                 width=0.0028)
    layout.shape("polygon", points=[[x + half + 0.003, floor - 0.13], [x + half + 0.03, floor - 0.117],
                                    [x + half + 0.003, floor - 0.104]], color="#e03131", outline=OUT, width=EDGE * 0.7)
    layout.prop("lifeguard tower", "", x, floor - 0.03, 2.0, flat=True, keep=0)
    # Nobody stands in the stilts, on the hut, on its roof or a band above it (a figure there reads as
    # standing on the tower), nor by the flag pole.
    layout.block(x - half - 0.006, floor - 0.026 - hut_h - 0.05, x + half + 0.032, ground + 0.004)
    return x - half + 0.004, x + half - 0.004, floor - 0.004


def volleyball_net(layout: Layout, x: float, y: float, width: float) -> None:
    """Two posts and a net across the sand; the game is the recipe's."""
    s = layout.perspective(y)
    tall = 0.075 * s
    for px in (x - width / 2, x + width / 2):
        layout.shape("path", points=[[px, y], [px, y - tall]], color=OUT, width=0.0045)
        layout.shape("path", points=[[px, y], [px, y - tall]], color="#dee2e6", width=0.0028)
        layout.shape("ellipse", x=px - 0.004, y=y - 0.003, w=0.008, h=0.006, color="#00000030")
    net_top, net_h = y - tall + 0.004, tall * 0.35
    layout.shape("rect", x=x - width / 2, y=net_top, w=width, h=net_h, color="#00000000", outline="#343a40",
                 width=0.0008)
    for i in range(1, 16):
        nx = x - width / 2 + width * i / 16
        layout.shape("path", points=[[nx, net_top], [nx, net_top + net_h]], color="#343a40a0", width=0.0006)
    for j in range(1, 4):
        ny = net_top + net_h * j / 4
        layout.shape("path", points=[[x - width / 2, ny], [x + width / 2, ny]], color="#343a40a0", width=0.0006)
    layout.shape("path", points=[[x - width / 2, net_top], [x + width / 2, net_top]], color="#f8f9fa", width=0.0025)
    layout.shape("path", points=[[x - width / 2 - 0.02, y + 0.012], [x + width / 2 + 0.02, y + 0.012]],
                 color="#ffffff80", width=0.0012)
    for px in (x - width / 2, x + width / 2):   # nobody stands inside a post, no dog on the net
        layout.overhead(px - 0.0025, y - tall, px + 0.0025, y - 0.002)
    layout.scenery(x - width / 2, net_top, x + width / 2, y)
    layout.prop("volleyball net", "", x, y - tall * 0.6, 1.5, flat=True, keep=0)


def beach_huts(layout: Layout, x0: float, ground: float, colours: Sequence[str], width: float = 1.1) -> None:
    """A row of bathing huts on the dunes, each its own colour with a white door, at their true size
    (`layout.STAND`): `width` standing grown-ups wide, their eaves over a tall man's head."""
    tall = layout.grown_up(ground)
    w, h = width * tall / layout.aspect, STAND["hut"] * tall
    for i, colour in enumerate(colours):
        x = x0 + i * (w + 0.006)
        layout.shape("rect", x=x, y=ground - h, w=w, h=h, color=colour, outline=OUT, width=EDGE)
        layout.shape("stripes", x=x + 0.002, y=ground - h + 0.002, w=w - 0.004, h=h - 0.004,
                     colors=[colour, "#ffffff50"], count=5, vertical=True)
        layout.shape("rect", x=x + w * 0.3, y=ground - h * 0.6, w=w * 0.4, h=h * 0.6, color="#f8f9fa", outline=OUT,
                     width=EDGE * 0.7)
        layout.shape("polygon", points=[[x - 0.003, ground - h], [x + w / 2, ground - STAND["hut ridge"] * tall],
                                        [x + w + 0.003, ground - h]], color="#f8f9fa", outline=OUT, width=EDGE)
        layout.stand("hut", "beach hut", x - 0.003, ground - STAND["hut ridge"] * tall, x + w + 0.003, ground)
    span = len(colours) * (w + 0.006)
    layout.prop("beach huts", "", x0 + span / 2, ground - h / 2, 2.0, flat=True, keep=0)
    layout.block(x0 - 0.004, ground - h - 0.03, x0 + span, ground + 0.004)


def towel(layout: Layout, name: str, x: float, y: float, colours: Sequence[str], width: float = 0.056) -> None:
    """A striped beach towel lying on the sand, in perspective: drawn by the background, named in the
    file as a prop (`name`, "red towel"), so a victim can name it and `scenes check` counts the
    identical ones (`validate.REPEAT_CAP`)."""
    s = layout.perspective(y)
    w, h = width * s, 0.032 * s
    layout.shape("polygon", points=[[x - w / 2 + 0.004, y - h / 2], [x + w / 2 + 0.004, y - h / 2],
                                    [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]], color=colours[0],
                 outline="#00000050", width=EDGE * 0.7)
    for i in range(1, 6, 2):
        t0, t1 = i / 6, (i + 1) / 6
        layout.shape("polygon", points=[[x - w / 2 + 0.004 + w * t0, y - h / 2], [x - w / 2 + 0.004 + w * t1, y - h / 2],
                                        [x - w / 2 + w * t1, y + h / 2], [x - w / 2 + w * t0, y + h / 2]],
                     color=colours[1])
    layout.prop(name, "", x, y, 1.0, flat=True, keep=0)


def chair(layout: Layout, x: float, y: float, back_right: bool,
          colours: tuple[str, str] = ("#c92a2a", "#e03131")) -> None:
    """A café chair for a person to sit on at (x, y), at the seat height `Layout.bench` uses; its
    back on the side away from the table; `colours`: its back's and its seat's."""
    scale = layout.perspective(y) * PEOPLE_SCALE
    seat_y = y + 0.012 * scale * layout.aspect
    back = 0.02 * scale * layout.aspect
    half = 0.006 * scale
    back_x = x + half - 0.002 if back_right else x - half - 0.001
    for leg in (x - half + 0.001, x + half - 0.003):
        layout.shape("rect", x=leg, y=seat_y - back * 0.2, w=0.002, h=back * 0.2, color="#495057")
    layout.shape("rect", x=back_x, y=seat_y - back * 1.0, w=0.003, h=back * 0.8, color=colours[0], outline=OUT,
                 width=EDGE * 0.6)
    layout.shape("rect", x=x - half, y=seat_y - back * 0.35, w=2 * half, h=back * 0.15, color=colours[1], outline=OUT,
                 width=EDGE * 0.6)
