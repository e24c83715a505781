"""Renders scenes with pygame-ce, caches the rasters, and marks characters.

API for the screens:

- `render_scene(scene, size, *, cache_dir=None, labels=False) -> Surface`:
  a new surface of exactly `size` (safe to draw on). A figure at scene
  position (x, y) is centred at pixel (x * w, y * h); its size follows
  `geometry.figure_height_px`. Rasters are cached in this process and on disk
  (PNG in `cache_dir`, default `$LASTMESSAGE_CACHE` or `~/.cache/lastmessage`,
  subfolder `scenes/`), keyed by scene id, size and a hash of the scene's
  content and of this renderer's version, so a changed scene file or renderer
  never shows a stale picture, and every start after the first loads a PNG
  instead of rendering (about ten times faster).
- `draw_highlight(surface, scene, character, rect, ...)`: a ring around one
  character, for the detectives' cursor and the final reveal. `rect` is where
  the scene is shown on `surface` (it may be larger than the surface and
  offset, for zoom and pan).
- `character_radius(scene, character, size) -> float`: the character's
  on-screen radius in pixels for a scene shown at `size`, e.g. for a loupe.
- `character_center(character, rect) -> (x, y)`: its pixel centre.
- Zoom and pan: `geometry.zoom_view(view_size, zoom, centre)` gives the size
  to render at and where to blit it; hit-testing (`hittest.py`) takes that
  render size, and `geometry.view_to_scene` turns a tap into a scene point.

Returned surfaces are 32-bit XRGB, the format of pygame windows, so blitting
them each frame costs one plain blit.

Art: people (and the animals and plants `creatures.py` knows) are SVG made
from their traits (`figures.py`), rasterised by pygame's SVG loader at the
size needed, so they are crisp at every size; everything else is a Noto Color
Emoji glyph (always a 136x128 bitmap in pygame), scaled with `smoothscale`
and outlined with a thin light edge. Every figure gets a soft shadow at its
feet. Figures are drawn back to front (by the bottom of each figure), so
nearer ones overlap farther ones.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import struct
import threading
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar
from pathlib import Path

import pygame

from lastmessage.config.paths import default_cache_dir
from lastmessage.scenes.geometry import (
    GLYPH_ASPECT, Size, figure_height_px, hit_radius_px, unit,
)
from lastmessage.scenes.creatures import SWIMMING, creature_svg
from lastmessage.scenes.figures import BOX_H, BOX_W, CANVAS, person_svg
from lastmessage.scenes.png_read import read_own_png
from lastmessage.scenes.model import Art, Character, Prop, Scene
from lastmessage.scenes.paint import paint_background
from lastmessage.scenes.props import AIRBORNE, prop_svg
from lastmessage.scenes.shapes import parse_colour
from lastmessage.scenes.traits import IN_WATER
from lastmessage.scenes.traits import WAIST_UP
from lastmessage.scenes.surface_cache import SurfaceCache

RENDERER_VERSION = 12  # bump when the output of this module changes
EMOJI_FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf",
)
LABEL_FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)
_SUPERSAMPLE_PIXELS = 2_300_000   # backgrounds up to full HD are drawn at 2x and smoothed


class RenderError(RuntimeError):
    """The renderer cannot work (no emoji font, unwritable cache is not one of them)."""


def emoji_font_path() -> Path:
    """The Noto Color Emoji font: $LASTMESSAGE_EMOJI_FONT or the usual system places."""
    override = os.environ.get("LASTMESSAGE_EMOJI_FONT")
    for candidate in ([override] if override else []) + list(EMOJI_FONT_CANDIDATES):
        if Path(candidate).is_file():
            return Path(candidate)
    raise RenderError("the Noto Color Emoji font is missing: install the package "
                      "fonts-noto-color-emoji (or set LASTMESSAGE_EMOJI_FONT)")


# --- glyphs -----------------------------------------------------------------

Key = TypeVar("Key", bound=Hashable)
_lock = threading.RLock()
"""Guards the caches and the emoji font: scenes may be painted on a worker thread (`painter.py`)."""
_font: pygame.font.Font | None = None
_glyphs: dict[str, pygame.Surface | None] = {}
_figures: SurfaceCache[tuple[str, int, bool]] = SurfaceCache("figures", budget_mb=16)
"""Figures rasterised at one height (an SVG person, an outlined emoji), kept while a scene is
painted (props and creatures recur within it) and let go when it is done: a render at
another size needs other heights, and a painted scene comes from the disk cache. Kept
between renders, it was 16 MB beside every game's pictures; it once held 3,000 figures
whatever their size (130 MB once the new crowds of a day were painted at the loupe's 3x)."""


def _emoji_font() -> pygame.font.Font:
    global _font
    if _font is None:
        if not pygame.font.get_init():
            pygame.font.init()
        _font = pygame.font.Font(str(emoji_font_path()), 109)
    return _font


def glyph(emoji: str) -> pygame.Surface | None:
    """The 136x128 bitmap of an emoji, or None when the font has no such glyph."""
    with _lock:
        return _glyph(emoji)


def _glyph(emoji: str) -> pygame.Surface | None:
    if emoji not in _glyphs:
        surface = _emoji_font().render(emoji, True, (0, 0, 0))
        bounds = surface.get_bounding_rect()
        blank = bounds.width == 0 or surface.get_width() > 140  # a sequence the font cannot join
        _glyphs[emoji] = None if blank else surface.convert_alpha() if pygame.display.get_surface() else surface
    return _glyphs[emoji]


def figure_surface(emoji: str, height: int, mirror: bool) -> pygame.Surface:
    """An emoji scaled to `height` pixels, optionally mirrored, with a light outline."""
    key = (emoji, height, mirror)
    cached = _cached_figure(key)
    if cached is not None:
        return cached
    source = glyph(emoji)
    width = max(1, round(height * GLYPH_ASPECT))
    edge = max(1, round(height / 30))
    result = pygame.Surface((width + 2 * edge, height + 2 * edge), pygame.SRCALPHA)
    if source is None:   # missing glyph: a visible question mark disc, never an invisible figure
        pygame.draw.circle(result, (200, 40, 160), result.get_rect().center, height // 2)
    else:
        scaled = pygame.transform.smoothscale(source, (width, height))
        if mirror:
            scaled = pygame.transform.flip(scaled, True, False)
        silhouette = pygame.mask.from_surface(scaled, 90).to_surface(
            setcolor=(255, 252, 240, 210), unsetcolor=(0, 0, 0, 0))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
            result.blit(silhouette, (edge + dx * edge, edge + dy * edge))
        result.blit(scaled, (edge, edge))
    _keep_figure(key, result)
    return result


def _cached_figure(key: tuple[str, int, bool]) -> pygame.Surface | None:
    with _lock:
        return _figures.get(key)


def _recent(cache: OrderedDict[Key, pygame.Surface], key: Key) -> pygame.Surface | None:
    """A cache hit, marked as the most recently used (under the lock: painters share the caches)."""
    with _lock:
        cached = cache.get(key)
        if cached is not None:
            cache.move_to_end(key)
        return cached


def _keep_figure(key: tuple[str, int, bool], surface: pygame.Surface) -> None:
    with _lock:
        _figures.put(key, surface)


def svg_surface(svg: str, height: int) -> pygame.Surface:
    """A drawn figure (`figures.CANVAS`), `height` pixels for its box, on the larger canvas.

    The canvas holds what sticks out of the box (a balloon, an umbrella);
    `_draw_svg_figure` puts the box where the scene says.
    """
    key = (svg, height, False)
    cached = _cached_figure(key)
    if cached is not None:
        return cached
    surface = _svg_raster(svg, height)
    _keep_figure(key, surface)
    return surface


def _svg_raster(svg: str, height: int) -> pygame.Surface:
    """A figure's SVG rasterised for a box `height` pixels high (no cache)."""
    scale = height / BOX_H
    size = (max(1, round(CANVAS[2] * scale)), max(1, round(CANVAS[3] * scale)))
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), size)


def _shadow(width: int, height: int) -> pygame.Surface:
    shadow = pygame.Surface((max(2, width), max(2, height)), pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (20, 20, 30, 70), shadow.get_rect())
    inner = shadow.get_rect().inflate(-width // 3, -height // 3)
    pygame.draw.ellipse(shadow, (20, 20, 30, 50), inner)
    return shadow


# --- the scene --------------------------------------------------------------

_digests: dict[str, tuple[weakref.ref[Scene], str]] = {}


def scene_digest(scene: Scene) -> str:
    """A hash of everything that changes the picture (scene content and renderer version).

    Remembered per scene object, held weakly: screens waiting for a painted raster ask every
    frame, and holding the scene kept 16 games' crowds alive after the catalog let them go."""
    with _lock:
        known = _digests.get(scene.id)
    if known is not None and known[0]() is scene:
        return known[1]
    digest = _digest(scene)
    with _lock:
        _digests[scene.id] = (weakref.ref(scene), digest)
        if len(_digests) > 16:   # one entry per game's scene; a long day of new crowds must not pile up
            del _digests[next(iter(_digests))]
    return digest


def _digest(scene: Scene) -> str:
    def art(a: Art) -> list[object]:
        return [a.emoji, a.scale, a.mirror]

    content = {
        "renderer": RENDERER_VERSION, "id": scene.id, "aspect": scene.aspect,
        "background": list(scene.background),
        "characters": [[c.id, c.x, c.y, art(c.art), dict(c.traits)] for c in scene.characters],
        "props": [[p.id, p.x, p.y, art(p.art)] for p in scene.props],
    }
    if scene.tint:   # only when lit so: the shipped scenes' digests (and disk caches) stay as they were
        content["tint"] = scene.tint
    if scene.lighting == "snow":   # snow on the people
        content["snowy"] = True
    if scene.lights:
        content["lights"] = list(scene.lights)
    text = json.dumps(content, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def lit(surface: pygame.Surface, tint: str) -> pygame.Surface:
    """`surface` under the scene's light (`Scene.tint`, "#rrggbbaa"): every pixel moved the alpha's share
    of the way towards the tint's colour, its own alpha kept. A blend towards one colour shrinks every
    difference between two colours by the same factor, so the tops' colours and patterns stay as far
    apart, relatively, as by day (`scenegen.lighting` keeps the share small enough to read)."""
    if not tint:
        return surface
    r, g, b, a = parse_colour(tint)
    keep = 255 - a
    surface.fill((keep, keep, keep, 255), special_flags=pygame.BLEND_RGBA_MULT)
    surface.fill((r * a // 255, g * a // 255, b * a // 255, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return surface


def paint_ground(surface: pygame.Surface, scene: Scene, full: Size, origin: tuple[int, int]) -> None:
    """The part of the ground at `origin` of a render of size `full`: its shapes under the scene's
    light, then its lights over it (a lamp's glow is the lamp's own colour, not the night's)."""
    paint_background(surface, scene.background, unit(full, scene.aspect), full=full, origin=origin)
    lit(surface, scene.tint)
    if scene.lights:
        paint_background(surface, scene.lights, unit(full, scene.aspect), full=full, origin=origin)


def draw_background(scene: Scene, size: Size) -> pygame.Surface:
    """The scene's ground at `size`, without its figures (painted at twice the size and smoothed
    where the whole is small enough): what `draw_scene` draws the figures over."""
    factor = 2 if supersampled(size) else 1
    big = (size[0] * factor, size[1] * factor)
    surface = pygame.Surface(size)
    painted = pygame.Surface((big[0], min(_PAINT_BAND, big[1]))) if factor > 1 else surface
    for top in range(0, big[1], _PAINT_BAND):   # a band at a time: a ground's speckle or waves go through
        rows = min(_PAINT_BAND, big[1] - top)    # a layer of the band, not the whole
        band = painted.subsurface((0, 0 if factor > 1 else top, big[0], rows))
        band.fill((128, 128, 128))
        paint_ground(band, scene, big, (0, top))
        if factor > 1:   # each band smoothed on its own: halving takes two rows of the band for each
            surface.blit(pygame.transform.smoothscale(band, (size[0], rows // 2)), (0, top // 2))
    return surface


_PAINT_BAND = 512
"""Rows of a background painted at a time (even: a band is halved whole): a translucent layer of
the whole 3840x2160 ground was 33 MB beside the picture itself, a band's is 8 MB; the twice-size
ground itself, 33 MB for a moment beside the picture (the memory soak's highest point), is a band
too. The pixels are the same (`paint.py`; halving takes the same pixels band by band)."""


def draw_region(scene: Scene, size: Size, area: pygame.Rect) -> pygame.Surface:
    """The part `area` of `draw_scene(scene, size)`, the same pixels, drawn alone: a portrait's
    crop of a 5760x3240 render costs its own few megabytes, not the whole render's 71 MB
    (nor the 53 MB of decoding its 24-bit PNG, and the copy the highlight went on). Only for
    renders painted at their own size: a supersampled one is smoothed whole."""
    if not supersampled(size):
        return draw_tile(scene, size, area.clip(pygame.Rect((0, 0), size)))
    return render_scene(scene, size).subsurface(area.clip(pygame.Rect((0, 0), size))).copy()


def supersampled(size: Size) -> bool:
    """Whether a render of `size` paints its background at twice the size and smooths it."""
    return size[0] * size[1] <= _SUPERSAMPLE_PIXELS


def narrowest_alone(aspect: float) -> int:
    """The narrowest render of a scene of `aspect` that is not supersampled: `draw_region` draws a
    part of it alone."""
    return math.isqrt(int(_SUPERSAMPLE_PIXELS * aspect)) + 2


def _no_pause() -> None:
    pass


def _draw_figures(surface: pygame.Surface, scene: Scene, size: Size, pace: Callable[[], None],
                  origin: tuple[int, int] = (0, 0), keep: bool = True) -> None:
    """Every figure of the scene rendered at `size`, onto `surface`, whose top left is the pixel
    `origin` of that render (a tile of a zoomed view: figures wholly outside it are skipped).
    `keep`: rasters of the figures go into the figure cache (tiles draw theirs once and let go)."""
    figures: list[tuple[float, Character | Prop, float]] = []
    everything: list[Character | Prop] = [*scene.props, *scene.characters]
    for figure in everything:
        height = figure_height_px(figure.art, size, scene.aspect)
        figures.append((figure.y * size[1] + height / 2, figure, height))
    figures.sort(key=lambda item: item[0])
    ox, oy = origin
    bounds = surface.get_rect().move(ox, oy)   # in the render's pixels: positions are rounded there,
    for feet, figure, height in figures:        # then shifted, so a part has the whole's pixels
        h = max(4, round(height))
        cx = figure.x * size[0]
        if (origin != (0, 0) or bounds.size != size) and not bounds.colliderect(_reach(cx, feet, h)):
            continue
        pace()
        svg = drawn_svg(figure, snowy=scene.lighting == "snow")
        if svg is not None:
            _draw_svg_figure(surface, svg, _grounded(figure), h, cx, feet, keep, origin, scene.tint)
            continue
        if not figure.art.emoji:   # a landmark the background draws (a train, fireworks)
            continue
        image = figure_surface(figure.art.emoji, h, figure.art.mirror)
        if scene.tint:
            image = lit(image.copy(), scene.tint)
        shadow_w = round(h * 0.8)
        shadow = _shadow(shadow_w, max(2, round(h * 0.2)))
        shadow_h = max(2, round(h * 0.2))
        surface.blit(shadow, (round(cx - shadow_w / 2) - ox, round(feet - shadow_h * 0.75) - oy))
        cy = figure.y * size[1]
        surface.blit(image, (round(cx - image.get_width() / 2) - ox, round(cy - image.get_height() / 2) - oy))


def _reach(cx: float, feet: float, height: int) -> pygame.Rect:
    """Every pixel a figure of box `height` with its feet at (cx, feet) may touch: its SVG canvas
    (what sticks out of the box), its shadow, or an emoji with its outline."""
    scale = height / BOX_H
    left = min(cx - (BOX_W / 2 - CANVAS[0]) * scale, cx - height)
    top = min(feet - (BOX_H - CANVAS[1]) * scale, feet - 2 * height)
    right = max(left + CANVAS[2] * scale, cx + height)
    bottom = max(top + CANVAS[3] * scale, feet + height)
    return pygame.Rect(math.floor(left) - 2, math.floor(top) - 2, math.ceil(right - left) + 4,
                       math.ceil(bottom - top) + 4)


def draw_tile(scene: Scene, size: Size, area: pygame.Rect, pace: Callable[[], None] = _no_pause
              ) -> pygame.Surface:
    """The part `area` of the scene as rendered at `size` (a tile of a zoomed view), all of it
    drawn at `size` for this part alone: every figure from its vectors and the ground from its
    shapes, so a zoomed chair or table cloth of the ground is as sharp as the person on it
    (the ground was a small raster scaled up: at a phone's 8x it was a blur round sharp
    people, and the search view's was the whole picture, leaving a ghost of every figure).
    Where `render_scene` paints the ground at twice the size and smooths it, so does a tile."""
    factor = 2 if supersampled(size) else 1
    full = (size[0] * factor, size[1] * factor)
    ground = pygame.Surface((area.w * factor, area.h * factor))
    ground.fill((128, 128, 128))
    paint_ground(ground, scene, full, (area.x * factor, area.y * factor))
    tile = ground if factor == 1 else pygame.transform.smoothscale(ground, area.size)
    _draw_figures(tile, scene, size, pace, origin=area.topleft, keep=False)
    return tile


def drawn_svg(figure: Character | Prop, *, snowy: bool = False) -> str | None:
    """The SVG a figure is drawn from: people, the animals and plants of `creatures.py`, the props of
    `props.py` (by name, so format 1 files get them too); `snowy`: people with snow on them."""
    if isinstance(figure, Prop):
        return prop_svg(figure.name, figure.art.mirror) if figure.art.emoji else None
    if figure.is_person:
        return person_svg(figure.traits, snowy=snowy)
    kind = figure.traits.get("kind")
    return creature_svg(kind, figure.art.mirror) if kind else None


def _grounded(figure: Character | Prop) -> bool:
    """Whether a figure stands on the ground (and casts a shadow there): not swimmers, boats, wall art,
    nor people behind a counter or in a boat (their feet point is the counter top or the gunwale)."""
    if isinstance(figure, Prop):
        return figure.name not in AIRBORNE
    return figure.traits.get("pose") not in IN_WATER + WAIST_UP and figure.traits.get("kind", "") not in SWIMMING


def _draw_svg_figure(surface: pygame.Surface, svg: str, grounded: bool, height: int, cx: float,
                     feet: float, keep: bool = True, origin: tuple[int, int] = (0, 0), tint: str = "") -> None:
    image = svg_surface(svg, height) if keep else _svg_raster(svg, height)
    if tint:   # a copy: the raster cache holds figures as drawn, by day
        image = lit(image.copy(), tint)
    scale = height / BOX_H
    ox, oy = origin
    if grounded:
        shadow_w = round(height * 0.42)
        shadow_h = max(2, round(height * 0.09))
        surface.blit(_shadow(shadow_w, shadow_h), (round(cx - shadow_w / 2) - ox, round(feet - shadow_h * 0.8) - oy))
    left = cx - (BOX_W / 2 - CANVAS[0]) * scale
    top = feet - (BOX_H - CANVAS[1]) * scale
    surface.blit(image, (round(left) - ox, round(top) - oy))


def _draw_labels(surface: pygame.Surface, scene: Scene, size: Size) -> None:
    if not pygame.font.get_init():
        pygame.font.init()
    path = next((p for p in LABEL_FONT_CANDIDATES if Path(p).is_file()), None)
    font = pygame.font.Font(path, max(9, round(unit(size, scene.aspect) / 150)))
    everything: list[Character | Prop] = [*scene.props, *scene.characters]
    for figure in everything:
        colour = (255, 255, 255) if isinstance(figure, Prop) else (
            (255, 240, 120) if figure.sentient else (150, 255, 150))
        text = font.render(figure.id.removeprefix(scene.id + "-"), True, colour)
        box = text.get_rect(center=(round(figure.x * size[0]), round(figure.y * size[1])))
        plate = pygame.Surface(box.inflate(4, 2).size, pygame.SRCALPHA)
        plate.fill((0, 0, 0, 160))
        surface.blit(plate, box.inflate(4, 2))
        surface.blit(text, box)


def draw_scene(scene: Scene, size: Size, *, labels: bool = False, pace: Callable[[], None] = _no_pause
               ) -> pygame.Surface:
    """Render without any cache (what `render_scene` calls on a cache miss). `pace` is called
    between figures: a painter in the background lets the screens' thread run there."""
    if size[0] < 16 or size[1] < 16:
        raise ValueError(f"render size {size[0]}x{size[1]} is too small")
    surface = draw_background(scene, size)
    try:
        _draw_figures(surface, scene, size, pace)
    finally:
        with _lock:
            _figures.clear()
    if labels:
        _draw_labels(surface, scene, size)
    return surface


_memory: OrderedDict[tuple[str, Size, str], pygame.Surface] = OrderedDict()
_MEMORY_BUDGET = 40 * 2**20
"""Bytes of rasters kept in memory; the disk cache holds the rest. A budget in
bytes, not a count: a few 4K rasters alone would pass the 200 MB the device
may use."""
SCENES_KEPT = 2
"""Scenes whose rasters the memory cache holds at most: the one in play and the next
(being painted or chosen). A third scene's raster drops every raster of the scene used
longest ago, whatever the budget says: a repeat comes from the disk cache."""


def cache_path(scene: Scene, size: Size, cache_dir: Path | None = None) -> Path:
    """Where the PNG of this scene at this size is (or will be) cached."""
    root = (cache_dir or default_cache_dir()) / "scenes"
    return root / f"{scene.id}-{size[0]}x{size[1]}-{scene_digest(scene)[:20]}.png"


def _save_atomically(surface: pygame.Surface, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f"{path.stem}.{os.getpid()}.{threading.get_ident()}.tmp.png")
        temporary.write_bytes(png_bytes(surface))
        os.replace(temporary, path)
    except (OSError, pygame.error):
        pass   # a cache we cannot write only costs time at the next start


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as an RGB PNG file.

    Not `pygame.image.save`: that holds the interpreter for the whole encoding
    (half a second at 1080p), and the screens' thread would stall behind a
    painter in the background; zlib lets go of it while it compresses."""
    width, height = surface.get_size()
    stride = width * 3
    packer = zlib.compressobj(1)
    packed = []
    for top in range(0, height, _PNG_BAND):   # a band at a time: the whole picture as bytes, twice,
        band = surface.subsurface((0, top, width, min(_PNG_BAND, height - top)))   # was 40 MB at 3x
        pixels = pygame.image.tobytes(band, "RGB")
        packed.append(packer.compress(b"".join(b"\x00" + pixels[y * stride:(y + 1) * stride]
                                               for y in range(band.get_height()))))
    packed.append(packer.flush())

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(packed))
            + chunk(b"IEND", b""))


_PNG_BAND = 64   # rows encoded at a time (a 4800-pixel-wide band is under 1 MB)


def render_scene(scene: Scene, size: Size, *, cache_dir: Path | None = None,
                 labels: bool = False, pace: Callable[[], None] = _no_pause) -> pygame.Surface:
    """The scene at exactly `size`, from the memory cache, the disk cache, or drawn.

    The picture is shared with the cache and every other screen showing it:
    draw on a copy. (A copy per caller held each big raster twice.) Labelled
    renders (for people editing scenes) are never cached.
    """
    size = (int(size[0]), int(size[1]))
    if labels:
        return draw_scene(scene, size, labels=True)
    key = (scene.id, size, scene_digest(scene))
    cached = _in_memory(key)
    if cached is not None:
        return cached
    path = cache_path(scene, size, cache_dir)
    surface: pygame.Surface | None = None
    if path.is_file():
        try:
            surface = read_own_png(path)
            if surface is None:   # not a file of ours (or damaged): pygame's loader, which may refuse it
                surface = pygame.image.load(str(path))
            if surface.get_size() != size:
                surface = None
        except (pygame.error, OSError):
            surface = None
    if surface is None:
        surface = draw_scene(scene, size, pace=pace)
        _save_atomically(surface, path)
    surface = _screen_format(surface)
    with _lock:
        _memory[key] = surface
        _memory.move_to_end(key)
        scenes = list(dict.fromkeys(kept[0] for kept in reversed(_memory)))   # the newest first
        for old in [kept for kept in _memory if kept[0] in scenes[SCENES_KEPT:]]:
            del _memory[old]
        while _memory and sum(_bytes(kept) for kept in _memory.values()) > _MEMORY_BUDGET:
            _memory.popitem(last=False)
    return surface


def _in_memory(key: tuple[str, Size, str]) -> pygame.Surface | None:
    return _recent(_memory, key)


def ready_raster(scene: Scene, size: Size) -> pygame.Surface | None:
    """The scene at `size` if it is in the memory cache (no drawing, no disk: instant), else None."""
    return _in_memory((scene.id, (int(size[0]), int(size[1])), scene_digest(scene)))


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


def _screen_format(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the 32-bit XRGB format of pygame windows.

    A PNG loads as 24-bit RGB; blitting that onto a window every frame costs
    about 2.5 times more than a surface in the window's own format.
    """
    if surface.get_bitsize() == 32 and not surface.get_flags() & pygame.SRCALPHA:
        return surface
    converted = pygame.Surface(surface.get_size(), 0, 32)
    converted.blit(surface, (0, 0))
    return converted


def cached_megabytes() -> dict[str, float]:
    """Bytes of pictures this module holds, by cache (for the soak and `lastmessage bench`)."""
    with _lock:
        held = {"scene rasters": sum(_bytes(s) for s in _memory.values()),
                "glyphs": sum(_bytes(s) for s in _glyphs.values() if s is not None)}
    return {name: round(size / 1024 / 1024, 1) for name, size in held.items()}


def forget_scene(scene_id: str) -> None:
    """Drop the rasters of one scene from memory (its game is over: the next game's scene is
    chosen anew, and a repeat loads from the disk cache in a few hundredths of a second). The
    loupe's raster of a finished game stayed in the budget beside the next game's, 27 MB at
    1080p; screens still showing a picture keep their own reference to it."""
    with _lock:
        for key in [key for key in _memory if key[0] == scene_id]:
            del _memory[key]


def forget_memory_cache() -> None:
    """Drop the in-process caches (tests use it to prove the disk cache works)."""
    with _lock:
        _memory.clear()
        _figures.clear()


# --- marking characters -----------------------------------------------------

def character_radius(scene: Scene, character: Character, size: Size) -> float:
    """The on-screen radius (pixels) of a character in a scene shown at `size`."""
    return hit_radius_px(character.art, size, scene.aspect)


def character_center(character: Character | Prop, rect: pygame.Rect) -> tuple[float, float]:
    """Pixel centre of a figure in a scene shown in `rect`."""
    return rect.x + character.x * rect.width, rect.y + character.y * rect.height


def draw_highlight(surface: pygame.Surface, scene: Scene, character: Character,
                   rect: pygame.Rect | Size, *, color: tuple[int, int, int] = (255, 210, 0),
                   grow: float = 1.25, width: int | None = None) -> pygame.Rect:
    """Ring one character of a scene shown in `rect` on `surface`; returns the dirty rect.

    A dark ring under a bright one keeps the mark visible on snow and on
    night scenes alike. `grow` scales the ring (animate it for a pulse).
    """
    area = rect if isinstance(rect, pygame.Rect) else pygame.Rect((0, 0), rect)
    cx, cy = character_center(character, area)
    radius = character_radius(scene, character, area.size) * grow + 2
    ring = width or max(2, round(radius / 7))
    pygame.draw.circle(surface, (20, 20, 20), (cx, cy), radius + ring / 2 + 1, ring + 2)
    pygame.draw.circle(surface, color, (cx, cy), radius, ring)
    extent = round(radius + ring + 3)
    return pygame.Rect(round(cx) - extent, round(cy) - extent, 2 * extent, 2 * extent)
