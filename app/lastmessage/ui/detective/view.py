"""Where the search view looks: a zoom step and a scene point, as pixels (pure, no pygame).

The search view shows the scene over the whole monitor, fitted at 1x (the whole
scene) and rendered `level` times bigger at the other steps. A `ViewGeometry`
is one such view: which pixel of the zoomed render sits at the viewport's top
left (`origin`, whole pixels, so tiles land on whole pixels and are never
resampled), and the two directions of the mapping, scene point <-> screen
pixel, that drawing, hit-testing and the scripted player share. The view never
shows anything outside the scene: the centre is clamped so the viewport stays
on the picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from lastmessage.scenes.geometry import Rect, fit

LEVELS = (1, 2, 3)
"""The zoom steps: 1 the whole scene, 2 about one of the printed game's four sheets, 3 closer."""



def _clamp(value: float, low: float, high: float) -> float:
    return low if high < low else min(max(value, low), high)


@dataclass(frozen=True)
class ViewGeometry:
    viewport: Rect                  # where the scene is shown at 1x (the whole scene fills it)
    level: int                      # 1, 2 or 3
    centre: tuple[float, float]     # the scene point (0..1) in the middle of the view, clamped

    @property
    def render_size(self) -> tuple[int, int]:
        """The size the whole scene is rendered at for this step."""
        return self.viewport[2] * self.level, self.viewport[3] * self.level

    @property
    def origin(self) -> tuple[int, int]:
        """The pixel of the zoomed render at the viewport's top left."""
        (rw, rh), (_, _, vw, vh) = self.render_size, self.viewport
        return (round(_clamp(self.centre[0] * rw - vw / 2, 0, rw - vw)),
                round(_clamp(self.centre[1] * rh - vh / 2, 0, rh - vh)))

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        """A scene point as a screen pixel (it may lie outside the viewport)."""
        (rw, rh), (ox, oy) = self.render_size, self.origin
        return self.viewport[0] + x * rw - ox, self.viewport[1] + y * rh - oy

    def to_scene(self, px: float, py: float) -> tuple[float, float]:
        """A screen pixel as a scene point (outside 0..1 when off the picture)."""
        (rw, rh), (ox, oy) = self.render_size, self.origin
        return (px - self.viewport[0] + ox) / rw, (py - self.viewport[1] + oy) / rh

    def scene_rect(self) -> Rect:
        """Where the whole zoomed scene lies on the screen (larger than the viewport when zoomed)."""
        (rw, rh), (ox, oy) = self.render_size, self.origin
        return self.viewport[0] - ox, self.viewport[1] - oy, rw, rh

    def shown(self) -> tuple[float, float, float, float]:
        """The part of the scene in view: x0, y0, x1, y1 in scene coordinates (for the overview)."""
        (rw, rh), (ox, oy), (_, _, vw, vh) = self.render_size, self.origin, self.viewport
        return ox / rw, oy / rh, (ox + vw) / rw, (oy + vh) / rh

    def contains(self, px: float, py: float, inset: float = 0.0) -> bool:
        x, y, w, h = self.viewport
        return x + inset <= px <= x + w - inset and y + inset <= py <= y + h - inset


def geometry(viewport: Rect, level: int, centre: tuple[float, float]) -> ViewGeometry:
    """The view of step `level` centred as near `centre` as the scene's edges allow."""
    if level not in LEVELS:
        raise ValueError(f"zoom level {level} must be one of {LEVELS}")
    half_w, half_h = 0.5 / level, 0.5 / level
    return ViewGeometry(viewport, level, (_clamp(centre[0], half_w, 1 - half_w),
                                          _clamp(centre[1], half_h, 1 - half_h)))


def panned(view: ViewGeometry, dx: float, dy: float) -> ViewGeometry:
    """The view after the picture moved by (dx, dy) screen pixels (a drag): the scene point
    under the finger stays under it, as far as the edges allow."""
    rw, rh = view.render_size
    return geometry(view.viewport, view.level, (view.centre[0] - dx / rw, view.centre[1] - dy / rh))


def zoomed(view: ViewGeometry, level: int, anchor: tuple[float, float]) -> ViewGeometry:
    """Step `level`, keeping the scene point under the screen pixel `anchor` under it
    (a wheel turn or a pinch zooms where it points)."""
    sx, sy = view.to_scene(*anchor)
    x, y, w, h = view.viewport
    # The centre that puts (sx, sy) at the anchor at the new step.
    cx = sx + (x + w / 2 - anchor[0]) / (w * level)
    cy = sy + (y + h / 2 - anchor[1]) / (h * level)
    return geometry(view.viewport, level, (cx, cy))


def following(view: ViewGeometry, point: tuple[float, float], margin: float) -> ViewGeometry:
    """The view moved just enough that the scene point is `margin` pixels inside it (the
    cursor stepping to a suspect near the edge pans the view along)."""
    px, py = view.to_screen(*point)
    x, y, w, h = view.viewport
    m = min(margin, w / 2 - 1, h / 2 - 1)
    dx = px - _clamp(px, x + m, x + w - m)
    dy = py - _clamp(py, y + m, y + h - m)
    if not dx and not dy:
        return view
    return panned(view, -dx, -dy)
