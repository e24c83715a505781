"""Where figures are and how big they are drawn (pure math, no pygame).

The renderer, the hit-testing and the validator must agree on a figure's
footprint, otherwise the cursor would select something else than what the
player sees. So the one rule lives here:

- A scene position (x, y) in 0..1 maps to pixel (x * w, y * h) of a render of
  size (w, h): the scene always fills the whole surface.
- A figure's size is `FIGURE_SIZE * art.scale * unit`, where `unit` is the
  width of the largest box of the scene's aspect that fits in (w, h). So
  figures keep their shape when the render's aspect differs from the scene's
  (1280x800 or 1024x600 tablets show a 16:9 scene slightly taller), and they
  grow with the render size.
- The highlight of a figure is a circle of `HIT_RADIUS` times its drawn
  size, centred on the figure; a point picks the front-most figure whose
  drawn body is under it (`hittest`, with `occlusion.footprint`).
- Distances between figures are measured in scene widths (y is scaled by
  1 / aspect), as the validator's spacing rule is.
"""

from __future__ import annotations

import math

from lastmessage.scenes.model import Art, Scene

FIGURE_SIZE = 0.024     # drawn height of a scale-1 figure, in units (fraction of width)
HIT_RADIUS = 0.42       # highlight radius as a fraction of the drawn figure height
GLYPH_ASPECT = 136 / 128  # the emoji bitmaps are 136 wide and 128 high

Size = tuple[int, int]
Rect = tuple[int, int, int, int]   # x, y, w, h in screen pixels
# The detectives' monitor and the search view's zoom step the validator's size rules measure at
# (`validate.MIN_PERSON_PX`): a scene with depth draws its far people small, and the detectives
# look for them at 2x, where the search view renders the whole scene twice as large as it fits.
MONITOR: Size = (1920, 1080)
SEARCH_ZOOM = 2


def unit(size: Size, aspect: float) -> float:
    """Pixels per scene width for figure sizes: the scene-aspect box fitting in size."""
    width, height = size
    return float(min(width, height * aspect))


def fit(aspect: float, area: Rect) -> Rect:
    """The largest rect of `aspect` (w/h) inside `area`, centred in it."""
    x, y, w, h = area
    width = min(w, round(h * aspect))
    height = min(h, round(width / aspect))
    return x + (w - width) // 2, y + (h - height) // 2, width, height


def search_size(aspect: float, monitor: Size = MONITOR, zoom: int = SEARCH_ZOOM) -> Size:
    """The size the search view renders a scene at on `monitor` at step `zoom` (its viewport, the
    scene fitted to the whole monitor, times the step)."""
    _x, _y, width, height = fit(aspect, (0, 0, *monitor))
    return width * zoom, height * zoom


def figure_height_px(art: Art, size: Size, aspect: float) -> float:
    """Drawn height in pixels of a figure with this art."""
    return FIGURE_SIZE * art.scale * unit(size, aspect)


def hit_radius_px(art: Art, size: Size, aspect: float) -> float:
    """Clickable (and highlight) radius in pixels."""
    return HIT_RADIUS * figure_height_px(art, size, aspect)


def to_pixel(x: float, y: float, size: Size) -> tuple[float, float]:
    return x * size[0], y * size[1]


def to_scene(px: float, py: float, size: Size) -> tuple[float, float]:
    return px / size[0], py / size[1]


def scene_distance(scene: Scene, ax: float, ay: float, bx: float, by: float) -> float:
    """Distance in scene widths between two scene points."""
    return math.hypot(ax - bx, (ay - by) / scene.aspect)


def default_size(scene: Scene, width: int = 1920) -> Size:
    """A render size of the scene's own aspect (used when none is given)."""
    return width, max(1, round(width / scene.aspect))


def zoom_view(view: Size, zoom: float, centre: tuple[float, float]) -> tuple[Size, tuple[int, int]]:
    """How to show a scene zoomed into a view of `view` pixels, centred on a scene point.

    Returns `(render_size, offset)`: render the scene at `render_size` (use
    `render_scene`, which caches it) and blit it at `offset` (zero or
    negative) into the view. The offset is clamped so the view never shows
    anything outside the scene; zoom 1 is the whole scene. The view rect for
    `draw_highlight` and hit-testing is `Rect(offset, render_size)`.
    """
    if zoom < 1:
        raise ValueError(f"zoom {zoom} must be 1 or more")
    render = (max(view[0], round(view[0] * zoom)), max(view[1], round(view[1] * zoom)))
    def axis(c: float, full: int, shown: int) -> int:
        return -min(max(0, round(c * full - shown / 2)), full - shown)
    return render, (axis(centre[0], render[0], view[0]), axis(centre[1], render[1], view[1]))


def view_to_scene(px: float, py: float, render: Size, offset: tuple[int, int]) -> tuple[float, float]:
    """A pixel of the (zoomed) view as a scene point, for taps and the cursor."""
    return (px - offset[0]) / render[0], (py - offset[1]) / render[1]
