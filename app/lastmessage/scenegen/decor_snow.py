"""The slopes' other landmarks, which a generated ski seed chooses in place of the shipped ones (pure).

A seed builds its resort from its own pieces of the kit (`Layout.choose`): a mountain restaurant with
a sun terrace for the chalet, a frozen pond with hockey goals for the rink, igloos for the hot spring,
a ski jump on the mountain for the cable car. Drawn as background shapes in the scenery's flat style
(`decor_slopes.py`: the figures' dark-brown outline, snow on every roof), each blocking the ground it
stands on; the recipe names each with a background-drawn prop.
"""

from __future__ import annotations

import math

from lastmessage.scenegen.decor_slopes import OUTLINE, SNOW, SNOW_SHADE, WOOD, WOOD_DARK, Oval, smoke
from lastmessage.scenegen.layout import Layout


def mountain_restaurant(layout: Layout, x0: float, y0: float, x1: float, y1: float) -> None:
    """A long, low restaurant of stone and timber: a wide snowed roof, a row of panoramic windows, a sign."""
    width, height = x1 - x0, y1 - y0
    eave, ridge = y0 + height * 0.05, y0 - height * 0.32
    layout.shape("rect", x=x0 + 0.004, y=y0 + 0.01, w=width, h=height, color="#00000030")
    layout.shape("rect", x=x0, y=y0, w=width, h=height, color="#e9dcc4", outline=OUTLINE, width=0.001)
    base = y0 + height * 0.62   # the stone storey under the timber one
    layout.shape("rect", x=x0, y=base, w=width, h=y1 - base, color="#8d8173", outline=OUTLINE, width=0.001)
    layout.shape("speckle", x=x0 + 0.002, y=base + 0.004, w=width - 0.004, h=y1 - base - 0.006,
                 colors=["#a39787", "#766b5e"], count=70, size=0.004, seed=11)
    panes = max(5, round(width / 0.022))
    pane = width * 0.9 / panes
    top = y0 + height * 0.16
    layout.shape("rect", x=x0 + width * 0.05, y=top, w=width * 0.9, h=height * 0.36, color="#ffe8a3",
                 outline=OUTLINE, width=0.0009)
    for i in range(1, panes):   # mullions of the panoramic window
        mx = x0 + width * 0.05 + pane * i
        layout.shape("path", points=[[mx, top], [mx, top + height * 0.36]], color=WOOD_DARK, width=0.0012)
    layout.shape("rect", x=x0 + width * 0.44, y=base + (y1 - base) * 0.18, w=width * 0.12, h=(y1 - base) * 0.82,
                 color="#5a3b2a", outline=OUTLINE, width=0.0008)
    layout.shape("polygon", points=[[x0 - 0.018, eave], [x0 + width * 0.5, ridge], [x1 + 0.018, eave]],
                 color="#4a3b30", outline=OUTLINE, width=0.001)
    layout.shape("polygon", points=[[x0 - 0.019, eave - 0.006], [x0 + width * 0.5, ridge - 0.007],
                                    [x1 + 0.019, eave - 0.006], [x1 - width * 0.1, eave + 0.004],
                                    [x0 + width * 0.5, eave - height * 0.12], [x0 + width * 0.1, eave + 0.004]],
                 color=SNOW, outline=SNOW_SHADE, width=0.0008)
    layout.shape("rect", x=x0 - 0.019, y=eave - 0.001, w=width + 0.038, h=0.007, color=WOOD_DARK, outline=OUTLINE,
                 width=0.0008)   # the fascia board along the eaves, icicles hanging from it
    for i in range(14):
        ix = x0 - 0.012 + (width + 0.024) * (i + 0.5) / 14
        drop = 0.006 + 0.005 * ((i * 7) % 3)
        layout.shape("polygon", points=[[ix - 0.0025, eave + 0.006], [ix + 0.0025, eave + 0.006], [ix, eave + 0.006 + drop]],
                     color="#eef6fc", outline=SNOW_SHADE, width=0.0005)
    chimney = x0 + width * 0.2
    layout.shape("rect", x=chimney, y=ridge + height * 0.06, w=width * 0.05, h=height * 0.22, color="#868e96",
                 outline=OUTLINE, width=0.0008)
    smoke(layout, chimney + width * 0.025, ridge + height * 0.04, 0.006)
    sx, sy, sw, sh = x0 + width * 0.3, ridge + (eave - ridge) * 0.42, width * 0.4, (eave - ridge) * 0.36
    layout.shape("rect", x=sx, y=sy, w=sw, h=sh, color="#c92a2a", outline=OUTLINE, width=0.0008, radius=sh * 0.2)
    for i in range(3):   # the sign's lettering, too small to read, and a knife and fork
        lx = sx + sw * (0.28 + 0.16 * i)
        layout.shape("path", points=[[lx, sy + sh * 0.5], [lx + sw * 0.11, sy + sh * 0.5]], color="#fff5f5",
                     width=0.0014)
    for fx in (sx + sw * 0.1, sx + sw * 0.16):
        layout.shape("path", points=[[fx, sy + sh * 0.2], [fx, sy + sh * 0.8]], color="#fff5f5", width=0.0011)
    layout.block(x0 - 0.019, ridge, x1 + 0.019, y1 + 0.008)


def parasol(layout: Layout, x: float, y: float, colours: tuple[str, str]) -> None:
    """A striped parasol standing in a table at `y`, its canopy above the seated guests' heads."""
    s = layout.perspective(y)
    top, half = y - 0.11 * s, 0.034 * s
    layout.shape("path", points=[[x, y], [x, top]], color="#495057", width=0.0014)
    points = [[x - half, top + 0.018 * s], [x, top - 0.012 * s], [x + half, top + 0.018 * s]]
    layout.shape("polygon", points=points, color=colours[0], outline=OUTLINE, width=0.0008)
    layout.shape("polygon", points=[[x - half * 0.33, top + 0.018 * s], [x, top - 0.012 * s],
                                    [x + half * 0.33, top + 0.018 * s]], color=colours[1])
    layout.shape("path", points=[[x - half, top + 0.018 * s], [x + half, top + 0.018 * s]], color=OUTLINE,
                 width=0.0008)
    layout.shape("path", points=[[x - half * 0.9, top + 0.0165 * s], [x + half * 0.9, top + 0.0165 * s]],
                 color=SNOW, width=0.0014)
    layout.overhead(x - half, top - 0.012 * s, x + half, top + 0.02 * s)


def frozen_pond(layout: Layout, x: float, y: float, w: float, h: float) -> Oval:
    """A pond frozen over in a snowy bank, cracks in its grey-blue ice, reeds at the back and a hockey
    goal at each end; returns the ice."""
    a = layout.aspect
    layout.shape("ellipse", x=x - 0.018, y=y - 0.012 * a, w=w + 0.036, h=h + 0.024 * a, color="#f1f6fb",
                 outline=SNOW_SHADE, width=0.0012)
    layout.shape("ellipse", x=x, y=y, w=w, h=h, color="#a9cfe0", outline="#7fa8bf", width=0.0015)
    layout.shape("ellipse", x=x + w * 0.2, y=y + h * 0.18, w=w * 0.5, h=h * 0.4, color="#bfe0ee")
    layout.shape("ellipse", x=x + w * 0.55, y=y + h * 0.55, w=w * 0.3, h=h * 0.3, color="#98c2d6")
    for (ax, ay), (bx, by), (cx, cy) in (((0.18, 0.35), (0.3, 0.48), (0.27, 0.66)),
                                         ((0.6, 0.22), (0.52, 0.4), (0.63, 0.52)),
                                         ((0.72, 0.7), (0.84, 0.62), (0.9, 0.5))):   # cracks in the ice
        layout.shape("path", points=[[x + w * ax, y + h * ay], [x + w * bx, y + h * by], [x + w * cx, y + h * cy]],
                     color="#eef8fc", width=0.001)
    for t in (0.14, 0.3, 0.7, 0.86):   # tufts of reeds poking through the snow behind the pond
        angle = math.pi * (1 + t)
        rx, ry = x + w / 2 + math.cos(angle) * (w / 2 + 0.01), y + h / 2 + math.sin(angle) * (h / 2 + 0.008 * a)
        tall = 0.03 * layout.perspective(ry) * a
        for k, lean in enumerate((-0.35, 0.0, 0.3, 0.55)):
            blade = tall * (0.75 if k % 2 else 1.0)
            layout.shape("path", points=[[rx + 0.002 * k, ry], [rx + 0.002 * k + lean * blade * 0.3, ry - blade]],
                         color="#9c7a45", width=0.001)
        cw = 0.0026 * layout.perspective(ry)
        layout.shape("ellipse", x=rx - cw / 2, y=ry - tall - cw * a, w=cw, h=cw * a * 2.4, color="#6b4423",
                     outline=OUTLINE, width=0.0005)   # a bulrush head on the tallest
    for gx, side in ((x + w * 0.08, 1), (x + w * 0.92, -1)):   # the goals, mouths facing each other
        gy = y + h * 0.56
        s = layout.perspective(gy)
        gw, gh = 0.012 * s, 0.026 * s * a
        layout.shape("polygon", points=[[gx, gy - gh], [gx - side * gw, gy - gh * 0.8], [gx - side * gw, gy],
                                        [gx, gy]], color="#ffffff90", outline="#ced4da", width=0.0008)
        layout.shape("path", points=[[gx, gy], [gx, gy - gh], [gx - side * gw, gy - gh * 0.8]], color="#e03131",
                     width=0.0022)
    return Oval(x, y, w, h)


def igloos(layout: Layout, x: float, y: float, w: float, h: float) -> list[tuple[float, float, float]]:
    """A little camp of three igloos of snow blocks, each with its entrance tunnel; returns each one's
    foot centre and radius (the recipe names them and keeps people off them)."""
    a = layout.aspect
    domes = []
    for fx, fy, size in ((0.22, 0.55, 1.0), (0.64, 0.35, 0.8), (0.78, 0.85, 1.15)):
        cx, foot = x + w * fx, y + h * fy
        s = layout.perspective(foot)
        r = 0.032 * s * size
        domes.append((cx, foot, r))
    for cx, foot, r in sorted(domes, key=lambda d: d[1]):   # the far ones first
        _igloo(layout, cx, foot, r, a)
    return domes


def _dome(cx: float, foot: float, rx: float, ry: float, steps: int = 14) -> list[list[float]]:
    return [[cx + rx * math.cos(math.pi * (1 + i / steps)), foot + ry * math.sin(math.pi * (1 + i / steps))]
            for i in range(steps + 1)]


def _igloo(layout: Layout, cx: float, foot: float, r: float, a: float) -> None:
    ry = r * a * 0.95   # a round dome, a little lower than half a sphere
    layout.shape("ellipse", x=cx - r * 1.1, y=foot - ry * 0.12, w=r * 2.2, h=ry * 0.3, color="#00000020")
    layout.shape("polygon", points=_dome(cx, foot, r, ry), color=SNOW, outline=OUTLINE, width=0.001)
    for k in (0.3, 0.56, 0.8):   # courses of snow blocks, and the joints between them
        course = foot - ry * k
        half = r * math.sqrt(1 - k * k)
        layout.shape("path", points=[[cx - half, course], [cx + half, course]], color=SNOW_SHADE, width=0.0008)
        for j in range(-2, 3):
            jx = cx + half * (j + (0.5 if k == 0.56 else 0.0)) / 2.6
            layout.shape("path", points=[[jx, course], [jx, course + ry * 0.25]], color=SNOW_SHADE, width=0.0007)
    tx = cx + r * 0.45   # the entrance tunnel, a small dome in front with its dark door
    layout.shape("polygon", points=_dome(tx, foot + ry * 0.08, r * 0.38, ry * 0.46), color="#eef4fa",
                 outline=OUTLINE, width=0.0009)
    layout.shape("polygon", points=_dome(tx, foot + ry * 0.08, r * 0.22, ry * 0.3), color="#3b4a5c")
    layout.block(cx - r, foot - ry, cx + r, foot + ry * 0.12)


def ski_jump_span(x: float, size: float) -> tuple[float, float]:
    """How far a ski jump taking off at `x` reaches left (its tower's roof) and right (its outrun)."""
    return x - size * 0.65, x + size


def ski_jump(layout: Layout, x: float, y: float, size: float) -> None:
    """A ski jump on the mountainside: a tower, the inrun on its trestles, the landing hill below, a
    jumper in the air; `x`, `y` the take-off, `size` its height in scene widths. Far away: nobody near."""
    a = layout.aspect
    top = (x - size * 0.55, y - size * a * 0.75)
    hill = []   # the landing hill's profile below the take-off: steepest in the middle, then the flat outrun
    for i in range(11):
        t = i / 10
        hill.append([x + size * (0.02 + 0.8 * t), y + size * a * (0.04 + 0.46 * (3 * t * t - 2 * t ** 3))])
    layout.shape("polygon", points=[*hill, [x + size * 0.98, y + size * a * 0.5], [x + size * 0.98, y + size * a * 0.56],
                                    [x - size * 0.05, y + size * a * 0.56]],
                 color="#f4f8fc", outline=SNOW_SHADE, width=0.0008)
    for i in range(1, 5):   # the trestles under the inrun
        t = i / 5
        px, py = top[0] + (x - top[0]) * t, top[1] + (y - top[1]) * t
        layout.shape("path", points=[[px, py], [px, y + size * a * 0.56]], color="#868e96", width=0.0012)
    layout.shape("rect", x=top[0] - size * 0.06, y=top[1] - size * a * 0.16, w=size * 0.12, h=size * a * 0.72,
                 color="#ced4da", outline=OUTLINE, width=0.0008)
    layout.shape("polygon", points=[[top[0] - size * 0.09, top[1] - size * a * 0.16], [top[0], top[1] - size * a * 0.3],
                                    [top[0] + size * 0.09, top[1] - size * a * 0.16]], color="#c92a2a",
                 outline=OUTLINE, width=0.0008)
    layout.shape("polygon", points=[list(top), [x, y], [x + size * 0.02, y - size * a * 0.03],
                                    [top[0], top[1] - size * a * 0.06]], color=WOOD, outline=OUTLINE, width=0.0008)
    layout.shape("path", points=[list(top), [x, y]], color=SNOW, width=0.0012)
    jx, jy = x + size * 0.32, y - size * a * 0.08   # the jumper, skis in a V, leaning over them
    layout.shape("path", points=[[jx - size * 0.08, jy + size * a * 0.02], [jx + size * 0.1, jy - size * a * 0.02]],
                 color="#e03131", width=0.0012)
    layout.shape("path", points=[[jx - size * 0.08, jy + size * a * 0.04], [jx + size * 0.1, jy + size * a * 0.05]],
                 color="#e03131", width=0.0012)
    layout.shape("path", points=[[jx - size * 0.01, jy + size * a * 0.03], [jx + size * 0.05, jy - size * a * 0.03]],
                 color="#1c7ed6", width=0.003)
    layout.shape("ellipse", x=jx + size * 0.045, y=jy - size * a * 0.055, w=size * 0.035, h=size * a * 0.035,
                 color="#fab005")
    for i in range(4):   # flags along the landing hill
        fx, fy = x + size * (0.25 + 0.18 * i), y + size * a * (0.24 + 0.075 * i)
        layout.shape("path", points=[[fx, fy], [fx, fy - size * a * 0.06]], color=WOOD_DARK, width=0.0008)
        layout.shape("polygon", points=[[fx, fy - size * a * 0.06], [fx + size * 0.05, fy - size * a * 0.045],
                                        [fx, fy - size * a * 0.03]], color=("#e03131", "#1c7ed6")[i % 2])
    left, right = ski_jump_span(x, size)
    layout.block(left, top[1] - size * a * 0.3, right, y + size * a * 0.6)
