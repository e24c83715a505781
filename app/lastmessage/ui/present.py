"""Frames to a window: through SDL's renderer, or by flipping the window surface.

Both screens are drawn in software, on a surface each, by views that return
the rectangles they changed. How those pixels reach the glass is this
module's job. `Window.flip()` hands SDL the whole window every time anything
changed: on a Raspberry Pi that whole-window upload, not our drawing, is what
limits the frame rate. A `TextureOutput` keeps each screen in a texture on
the GPU, uploads only the changed rectangles into it, and has the renderer
(GLES2 on a Pi) draw the texture to the window, scaled in the simulator.
A `FlipOutput` is the old path: kept for a machine where no renderer can be
created, and measured beside the renderer by `lastmessage bench`.

Things that move (a board sliding in, the pick screen's scene under the
finger, a zoom, a stamp, a darkening veil) are not drawn into the screen:
redrawing and uploading them every frame is what the Pi cannot afford. A
view hands them over as `Layer`s instead, beside its dirty rectangles:

    Layer(key=("board", 4), image=card, dest=pygame.FRect(x, y, w, h))

- `image` is drawn once and kept; the renderer uploads it into a texture of
  its own when its `key` is new, when a different surface comes under that
  key, or when `version` changes (draw on the same surface, then bump it).
  Those bytes count in `uploaded_bytes`.
- `dest` is where it goes, in the screen's own pixels (not the window's),
  and it may change every frame for nothing but the GPU's work: it is
  scaled to fit (`area`, a part of `image`, scaled likewise), blended by its
  own alpha, and by `alpha` (0: not drawn, but its texture is kept for when
  it shows again). `solid()` is a plain colour layer, a veil.
- Layers are drawn over the screen in the order given; keys are unique in a
  frame. A key missing from a frame's layers frees its texture.
- Views give their layers with `layers()` (the frame drawn last) beside
  `draw()`'s rectangles; `App.layers()` has both screens'. Whatever is drawn
  into the screen lies under every layer: what must show over a layer (a
  label on a moving scene, a notice) is a layer too, after it.

The software path (`FlipOutput`, and `compose()` for headless play and
screenshots) draws the same layers onto a copy of the screen with
`smoothscale`, so both paths show the same picture (tests/table/test_render_paths.py).
"""

from __future__ import annotations

import ctypes
import functools
import logging
import os
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame
from pygame._sdl2.sdl2 import error as SDLError
from pygame._sdl2.video import Renderer, Texture

log = logging.getLogger(__name__)

PaintPanel = Callable[[pygame.Surface], None]
"""Draws the simulator's panel (LEDs, legend) on a surface of the panel's size."""


@dataclass(eq=False, slots=True)
class Layer:
    """A picture kept apart from the screen and drawn over it (module docstring).

    Never changed once made, but not frozen: a frame makes dozens (the search view's tiles)
    and a frozen dataclass takes three times as long to make (1.7 against 0.6 us here)."""

    key: Hashable               # one texture per key, kept while the key is in the frames' layers
    image: pygame.Surface       # drawn once and kept; 24 or 32 bits, per-pixel alpha honoured
    dest: pygame.FRect          # where it goes, in screen pixels; `area` is scaled to fit it
    area: pygame.Rect | None = None   # the part of `image` shown (None: all of it)
    alpha: int = 255            # 0..255; 0 keeps the texture without drawing it
    version: Hashable = 0       # change it when the pixels of `image` changed

    def within(self, bounds: pygame.Rect) -> Layer | None:
        """The part of this layer inside `bounds` (screen pixels), None if nothing: a
        layer seen through a window of the screen. Exact for a layer at its own size."""
        shown = self.dest.clip(pygame.FRect(bounds))
        if shown.w <= 0 or shown.h <= 0:
            return None
        if shown == self.dest:
            return self
        area = pygame.FRect(self.area or self.image.get_rect())
        sx, sy = area.w / self.dest.w, area.h / self.dest.h
        part = pygame.Rect(round(area.x + (shown.x - self.dest.x) * sx), round(area.y + (shown.y - self.dest.y) * sy),
                           round(shown.w * sx), round(shown.h * sy))
        return Layer(self.key, self.image, shown, part, self.alpha, self.version)   # not replace(): a frame makes dozens

    def placement(self) -> tuple[Hashable, ...]:
        """What a frame shows of this layer: equal placements, equal pictures."""
        dest, area = tuple(self.dest), tuple(self.area) if self.area is not None else None
        return (self.key, id(self.image), self.version, dest, area, self.alpha)


@functools.cache
def _pixel(color: tuple[int, int, int, int]) -> pygame.Surface:
    pixel = pygame.Surface((1, 1), pygame.SRCALPHA)
    pixel.fill(color)
    return pixel


def solid(key: Hashable, color: tuple[int, int, int, int], dest: pygame.FRect) -> Layer:
    """A layer of one colour (a darkening veil: alpha in `color`): one pixel, scaled."""
    return Layer(key, _pixel(color), dest)


def compose_onto(target: pygame.Surface, layers: Sequence[Layer]) -> None:
    """Draw layers onto a surface of the screen's size, as the renderer does."""
    for layer in layers:
        if layer.alpha <= 0 or layer.dest.w <= 0 or layer.dest.h <= 0:
            continue
        image = layer.image if layer.area is None else layer.image.subsurface(layer.area)
        size = round(layer.dest.right) - round(layer.dest.x), round(layer.dest.bottom) - round(layer.dest.y)
        if size[0] <= 0 or size[1] <= 0:
            continue
        if image.get_size() != size:
            scale = pygame.transform.scale if image.get_size() == (1, 1) else pygame.transform.smoothscale
            image = scale(image, size)
        elif layer.alpha < 255:
            image = image.copy()   # the alpha below is the frame's, not the kept image's
        if layer.alpha < 255:
            image.set_alpha(layer.alpha)
        target.blit(image, (round(layer.dest.x), round(layer.dest.y)))


def compose(screen: pygame.Surface, layers: Sequence[Layer]) -> pygame.Surface:
    """The screen as people see it: the views' surface with the layers over it
    (the screen itself when there are none)."""
    if not layers:
        return screen
    picture = screen.copy()
    compose_onto(picture, layers)
    return picture


class ScreenOutput(Protocol):
    """One screen's window. `screen` is where the views draw; `upload` hands the
    changed rectangles, the frame's layers (and a changed panel) to the display,
    `present` shows them."""

    screen: pygame.Surface
    uploaded_bytes: int   # handed to the display by the last `upload`

    def upload(self, dirty: Sequence[pygame.Rect], paint_panel: PaintPanel | None = None,
               layers: Sequence[Layer] = ()) -> bool: ...

    def present(self) -> bool: ...

    def expose(self) -> None: ...

    def read_back(self) -> pygame.Surface: ...

    def close(self) -> None: ...


def upload_rects(dirty: Sequence[pygame.Rect], bounds: pygame.Rect) -> list[pygame.Rect]:
    """The rectangles to upload: clipped to the screen, and one bounding box where
    the views' rectangles overlap (an overlay's old and new place) so no pixel
    goes up twice."""
    clipped = [rect.clip(bounds) for rect in dirty]
    clipped = [rect for rect in clipped if rect.w > 0 and rect.h > 0]
    if len(clipped) < 2:
        return clipped
    box = clipped[0].unionall(clipped[1:])
    if box.w * box.h <= sum(rect.w * rect.h for rect in clipped):
        return [box]
    return clipped


class TextureOutput:
    """A screen kept in a GPU texture; a frame uploads only what changed.

    `view` is where the screen appears in the window (scaled by the GPU in the
    simulator; None: the whole window, whatever size the compositor gave it),
    `panel` where the simulator's panel goes, if anywhere."""

    def __init__(self, window: pygame.Window, screen_size: tuple[int, int], view: pygame.Rect | None = None,
                 panel: pygame.Rect | None = None) -> None:
        # Scaled views (the simulator) are filtered, not blocky; read by SDL when a texture is made.
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        # GLES2 is the Raspberry Pi GPU's own API; SDL tries it first and falls back to what
        # works (its software renderer at worst). SDL_RENDER_DRIVER in the environment wins.
        os.environ.setdefault("SDL_RENDER_DRIVER", "opengles2")
        self.renderer = Renderer(window)
        self.window_id = window.id
        self.screen = pygame.Surface(screen_size)
        # Made from the surface, the texture takes its pixel format, so an update is a plain copy.
        self.texture = Texture.from_surface(self.renderer, self.screen)
        self.view = view
        self.panel_area = panel
        self._panel: tuple[pygame.Surface, Texture] | None = None
        if panel is not None:
            surface = pygame.Surface(panel.size)
            self._panel = surface, Texture.from_surface(self.renderer, surface)
        self.uploaded_bytes = 0
        self._stale = True   # the window's picture must be drawn again
        self._layers: list[Layer] = []
        self._placements: list[tuple[Hashable, ...]] = []
        self._textures: dict[Hashable, _LayerTexture] = {}

    def upload(self, dirty: Sequence[pygame.Rect], paint_panel: PaintPanel | None = None,
               layers: Sequence[Layer] = ()) -> bool:
        depth = self.screen.get_bytesize()
        uploaded = 0
        for rect in upload_rects(dirty, self.screen.get_rect()):
            # A tuple, not the Rect: pygame-ce 2.5.8 reads the area's size from a
            # Rect wrongly and may put the pixels at the texture's corner.
            self.texture.update(self.screen.subsurface(rect), (rect.x, rect.y, rect.w, rect.h))
            uploaded += rect.w * rect.h * depth
        if paint_panel is not None and self._panel is not None:
            surface, texture = self._panel
            paint_panel(surface)
            texture.update(surface)
            uploaded += surface.get_width() * surface.get_height() * depth
        uploaded += self._upload_layers(layers)
        self.uploaded_bytes = uploaded
        placements = [layer.placement() for layer in layers]
        if uploaded or placements != self._placements:
            self._stale = True
        self._layers, self._placements = list(layers), placements
        return self._stale

    def _upload_layers(self, layers: Sequence[Layer]) -> int:
        """Textures for new or changed layer images; those of keys no longer shown are freed."""
        uploaded = 0
        kept: dict[Hashable, _LayerTexture] = {}
        for layer in layers:
            held = self._textures.get(layer.key)
            if held is None or held.image is not layer.image or held.version != layer.version:
                size = layer.image.get_size()
                if (held is not None and held.image.get_size() == size
                        and held.image.get_masks() == layer.image.get_masks()):   # the texture's format
                    held.texture.update(layer.image)
                    texture = held.texture
                else:
                    texture = Texture.from_surface(self.renderer, layer.image)
                    texture.blend_mode = 1   # SDL_BLENDMODE_BLEND: per-pixel alpha and `alpha`
                held = _LayerTexture(layer.image, layer.version, texture)
                uploaded += size[0] * size[1] * layer.image.get_bytesize()
            kept[layer.key] = held
        self._textures = kept
        return uploaded

    def _compose(self) -> None:
        self.renderer.draw_color = (0, 0, 0, 255)
        self.renderer.clear()
        view = self.view or self.renderer.get_viewport()
        self.renderer.blit(self.texture, view)
        if any(layer.alpha > 0 for layer in self._layers):
            # The viewport clips layers to the screen's place in the window.
            self.renderer.set_viewport(view)
            sx, sy = view.w / self.screen.get_width(), view.h / self.screen.get_height()
            for layer in self._layers:
                if layer.alpha > 0:
                    texture = self._textures[layer.key].texture
                    texture.alpha = layer.alpha
                    dest = layer.dest
                    texture.draw(layer.area, pygame.FRect(dest.x * sx, dest.y * sy, dest.w * sx, dest.h * sy))
            self.renderer.set_viewport(None)
        if self._panel is not None and self.panel_area is not None:
            self.renderer.blit(self._panel[1], self.panel_area)

    def present(self) -> bool:
        """Draw the textures to the window and show it, if anything changed."""
        if not self._stale:
            return False
        self._compose()
        self.renderer.present()
        self._stale = False
        return True

    def expose(self) -> None:
        self._stale = True

    def read_back(self) -> pygame.Surface:
        """The window's picture as the renderer draws it (before a present, as SDL asks)."""
        self._compose()
        picture = self.renderer.to_surface()
        self._stale = True
        return picture

    def close(self) -> None:
        # Textures and renderer go before their window (SDL frees them with it).
        self._panel = None
        self._layers, self._textures = [], {}
        del self.texture
        del self.renderer


@dataclass
class _LayerTexture:
    image: pygame.Surface   # held, so a new surface under the same key is told apart
    version: Hashable
    texture: Texture


class FlipOutput:
    """The window surface, flipped whole when anything changed.

    The views draw on a surface of the screen's size; a frame copies what
    changed onto the window surface (or, in the simulator, onto a picture
    scaled down into the window), with the layers drawn over it there."""

    def __init__(self, window: pygame.Window, screen_size: tuple[int, int], view: pygame.Rect | None = None,
                 panel: pygame.Rect | None = None) -> None:
        self.window = window
        target = window.get_surface()
        self._view = target.subsurface(view or target.get_rect())
        self._scaled = self._view.get_size() != screen_size
        self.screen = pygame.Surface(screen_size)
        self._picture = pygame.Surface(screen_size) if self._scaled else self._view
        self._panel = target.subsurface(panel) if panel is not None else None
        self.uploaded_bytes = 0
        self._stale = True
        self._layers: list[Layer] = []
        self._placements: list[tuple[Hashable, ...]] = []

    def upload(self, dirty: Sequence[pygame.Rect], paint_panel: PaintPanel | None = None,
               layers: Sequence[Layer] = ()) -> bool:
        placements = [layer.placement() for layer in layers]
        changed = bool(dirty) or placements != self._placements
        if changed:
            # Where layers were or are, the screen is put back and every layer drawn again.
            areas = list(dirty) if not (self._layers or layers) else [self.screen.get_rect()]
            for area in upload_rects(areas, self.screen.get_rect()):
                self._picture.blit(self.screen, area, area)
            compose_onto(self._picture, layers)
            if self._scaled:
                pygame.transform.smoothscale(self._picture, self._view.get_size(), self._view)
        self._layers, self._placements = list(layers), placements
        if paint_panel is not None and self._panel is not None:
            paint_panel(self._panel)
            changed = True
        target = self.window.get_surface()
        self.uploaded_bytes = target.get_width() * target.get_height() * target.get_bytesize() if changed else 0
        self._stale = self._stale or changed
        return self._stale

    def present(self) -> bool:
        if not self._stale:
            return False
        self.window.flip()
        self._stale = False
        return True

    def expose(self) -> None:
        self._stale = True

    def read_back(self) -> pygame.Surface:
        return self.window.get_surface().copy()

    def close(self) -> None:
        pass


def open_output(window: pygame.Window, screen_size: tuple[int, int], view: pygame.Rect | None = None,
                panel: pygame.Rect | None = None) -> ScreenOutput:
    """The renderer path where SDL can make a renderer for the window, else the flip."""
    try:
        return TextureOutput(window, screen_size, view, panel)
    except (pygame.error, SDLError) as error:   # SDLError (renderer, texture) is not a pygame.error
        log.warning("no SDL renderer for %r (%s); flipping the whole window instead", window.title, error)
    return FlipOutput(window, screen_size, view, panel)


def render_driver(output: ScreenOutput) -> str:
    """The SDL render driver drawing this output ("opengles2" on a Pi, "software"
    under the dummy video driver), or "window surface" for the flip path.

    pygame-ce does not expose SDL_GetRendererInfo, so it is asked of the SDL
    library pygame loaded, through ctypes; "unknown" where that fails."""
    if not isinstance(output, TextureOutput):
        return "window surface"
    try:
        sdl = ctypes.CDLL(_loaded_sdl())
        sdl.SDL_GetWindowFromID.argtypes = (ctypes.c_uint32,)
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.argtypes = (ctypes.c_void_p,)
        sdl.SDL_GetRenderer.restype = ctypes.c_void_p
        sdl.SDL_GetRendererInfo.argtypes = (ctypes.c_void_p, ctypes.POINTER(_RendererInfo))
        sdl.SDL_GetRendererInfo.restype = ctypes.c_int
        handle = sdl.SDL_GetRenderer(sdl.SDL_GetWindowFromID(output.window_id))
        info = _RendererInfo()
        if not handle or sdl.SDL_GetRendererInfo(handle, ctypes.byref(info)) != 0 or not info.name:
            return "unknown"
        return bytes(info.name).decode("ascii", "replace")
    except (OSError, AttributeError, StopIteration):
        return "unknown"


def describe_driver() -> str:
    """One line for an installer: the video driver SDL runs under and the render
    driver a window of ours gets (the GPU's, or SDL's software renderer)."""
    window = pygame.Window("Last Message driver check", (64, 64))
    try:
        output = open_output(window, (64, 64), pygame.Rect(0, 0, 64, 64))
        name = render_driver(output)
        output.close()
    finally:
        window.destroy()
    where = {"software": "no GPU: SDL's software renderer", "window surface": "no renderer: whole-window flips",
             "unknown": "not known"}.get(name, "GPU")
    video = pygame.display.get_driver()
    line = f"video driver {video}, render driver {name} ({where})"
    if video in ("offscreen", "dummy"):
        line += "; no screen here: run it in the desktop session, or with SDL_VIDEODRIVER=kmsdrm on the console"
    return line


def _loaded_sdl() -> str:
    """The path of the SDL2 library in this process (pygame's own copy, in a wheel)."""
    with open("/proc/self/maps", encoding="utf-8") as maps:
        return next(line.split()[-1] for line in maps if "/libSDL2-2" in line)


class _RendererInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("flags", ctypes.c_uint32),
                ("num_texture_formats", ctypes.c_uint32), ("texture_formats", ctypes.c_uint32 * 16),
                ("max_texture_width", ctypes.c_int), ("max_texture_height", ctypes.c_int)]
