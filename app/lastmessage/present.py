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
"""

from __future__ import annotations

import ctypes
import logging
import os
from collections.abc import Callable, Sequence
from typing import Protocol

import pygame
from pygame._sdl2.sdl2 import error as SDLError
from pygame._sdl2.video import Renderer, Texture

log = logging.getLogger(__name__)

PaintPanel = Callable[[pygame.Surface], None]
"""Draws the simulator's panel (LEDs, legend) on a surface of the panel's size."""


class ScreenOutput(Protocol):
    """One screen's window. `screen` is where the views draw; `upload` hands the
    changed rectangles (and a changed panel) to the display, `present` shows them."""

    screen: pygame.Surface
    uploaded_bytes: int   # handed to the display by the last `upload`

    def upload(self, dirty: Sequence[pygame.Rect], paint_panel: PaintPanel | None = None) -> bool: ...

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

    def upload(self, dirty: Sequence[pygame.Rect], paint_panel: PaintPanel | None = None) -> bool:
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
        self.uploaded_bytes = uploaded
        if uploaded:
            self._stale = True
        return self._stale

    def _compose(self) -> None:
        self.renderer.draw_color = (0, 0, 0, 255)
        self.renderer.clear()
        self.renderer.blit(self.texture, self.view)
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
        del self.texture
        del self.renderer


class FlipOutput:
    """The window surface, flipped whole when anything changed.

    At the screen's own size the views draw on the window surface itself; in
    the simulator they draw on a surface of the screen's size, scaled down
    into the window."""

    def __init__(self, window: pygame.Window, screen_size: tuple[int, int], view: pygame.Rect | None = None,
                 panel: pygame.Rect | None = None) -> None:
        self.window = window
        target = window.get_surface()
        self._view = target.subsurface(view or target.get_rect())
        self._scaled = self._view.get_size() != screen_size
        self.screen = pygame.Surface(screen_size) if self._scaled else self._view
        self._panel = target.subsurface(panel) if panel is not None else None
        self.uploaded_bytes = 0
        self._stale = True

    def upload(self, dirty: Sequence[pygame.Rect], paint_panel: PaintPanel | None = None) -> bool:
        changed = bool(dirty)
        if changed and self._scaled:
            pygame.transform.smoothscale(self.screen, self._view.get_size(), self._view)
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
