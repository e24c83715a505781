"""The background shape vocabulary of scene files, and its checks (pure).

A scene's `background` is a list of shapes drawn in order, before the
figures. Coordinates are scene coordinates (0..1); widths and sizes are in
scene widths (so a line keeps its look at every render size). Colours are
"#rrggbb" or "#rrggbbaa". The vocabulary is small on purpose: enough for
ground, paths, water, buildings and textures, drawn by `render.py`.

| shape      | fields                                                        |
|------------|---------------------------------------------------------------|
| `gradient` | `top`, `bottom` colours; optional `y0`, `y1` (band, default 0..1) |
| `rect`     | `x`, `y`, `w`, `h`, `color`; optional `radius`, `outline`, `width` |
| `ellipse`  | `x`, `y`, `w`, `h` (bounding box), `color`; optional `outline`, `width` |
| `polygon`  | `points` ([[x, y], ...], 3 or more), `color`; optional `outline`, `width` |
| `path`     | `points` (2 or more), `color`, `width` (a thick line, round ends) |
| `speckle`  | `x`, `y`, `w`, `h`, `colors` (list), `count`, `size`, `seed` (texture dots) |
| `waves`    | `x`, `y`, `w`, `h`, `color`, `rows`, `width` (wavy water lines) |
| `stripes`  | `x`, `y`, `w`, `h`, `colors` (list), `count`, optional `vertical` (bool) |
| `tiles`    | `x`, `y`, `w`, `h`, `colors` (two), `cols`, `rows` (checkerboard) |
| `rain`     | `x`, `y`, `w`, `h`, `color`, `count`, `length`, `seed` (falling streaks) |
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TypeGuard

from lastmessage.rules.errors import shorten

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$")

_BOX = ("x", "y", "w", "h")
REQUIRED: dict[str, tuple[str, ...]] = {
    "gradient": ("top", "bottom"),
    "rect": (*_BOX, "color"),
    "ellipse": (*_BOX, "color"),
    "polygon": ("points", "color"),
    "path": ("points", "color", "width"),
    "speckle": (*_BOX, "colors", "count", "size", "seed"),
    "waves": (*_BOX, "color", "rows", "width"),
    "stripes": (*_BOX, "colors", "count"),
    "tiles": (*_BOX, "colors", "cols", "rows"),
    "rain": (*_BOX, "color", "count", "length", "seed"),
}
OPTIONAL: dict[str, tuple[str, ...]] = {
    "gradient": ("y0", "y1"),
    "rect": ("radius", "outline", "width"),
    "ellipse": ("outline", "width"),
    "polygon": ("outline", "width"),
    "stripes": ("vertical",),
}
_COLOUR_KEYS = {"color", "top", "bottom", "outline"}
_COUNT_LIMITS = {"count": 20000, "rows": 200, "cols": 200}


def is_colour(text: object) -> bool:
    """Whether `text` is a colour of the format, "#rrggbb" or "#rrggbbaa"."""
    return isinstance(text, str) and bool(_COLOUR.match(text))


def parse_colour(text: str) -> tuple[int, int, int, int]:
    """"#rrggbb[aa]" as an RGBA tuple (the format is checked by `shape_problems`)."""
    value = text.lstrip("#")
    alpha = int(value[6:8], 16) if len(value) == 8 else 255
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16), alpha


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _point_problem(point: object) -> str | None:
    if (not isinstance(point, list) or len(point) != 2 or not all(_is_number(v) for v in point)):
        return f"point {point!r} must be [x, y]"
    if not all(-0.5 <= float(v) <= 1.5 for v in point):
        return f"point {point!r} is far outside the scene"
    return None


def shape_problems(shape: Mapping[str, object]) -> list[str]:
    """Everything wrong with one background shape, in words (empty when fine)."""
    kind = shape.get("shape")
    if not isinstance(kind, str) or kind not in REQUIRED:
        return [f'"shape" is {shorten(repr(kind))}, must be one of {", ".join(sorted(REQUIRED))}']
    problems: list[str] = []
    allowed = {"shape", *REQUIRED[kind], *OPTIONAL.get(kind, ())}
    for key in REQUIRED[kind]:
        if key not in shape:
            problems.append(f'{kind} is missing "{key}"')
    for key, value in shape.items():
        if key not in allowed:
            problems.append(f'{kind} has unknown field "{key}"')
        elif key in _COLOUR_KEYS:
            if not isinstance(value, str) or not _COLOUR.match(value):
                problems.append(f'"{key}" is {value!r}, must be a colour like "#33aa55"')
        elif key == "colors":
            if (not isinstance(value, list) or not value
                    or not all(isinstance(c, str) and _COLOUR.match(c) for c in value)):
                problems.append('"colors" must be a non-empty list of colours like "#33aa55"')
            elif kind == "tiles" and len(value) != 2:
                problems.append('"colors" of tiles must hold exactly two colours')
        elif key == "points":
            minimum = 3 if kind == "polygon" else 2
            if not isinstance(value, list) or len(value) < minimum:
                problems.append(f'"points" must be a list of at least {minimum} [x, y] points')
            else:
                problems.extend(p for p in map(_point_problem, value) if p)
        elif key in ("vertical",):
            if not isinstance(value, bool):
                problems.append(f'"{key}" must be true or false')
        elif key in _COUNT_LIMITS or key == "seed":
            limit = _COUNT_LIMITS.get(key, 2**31)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit:
                problems.append(f'"{key}" is {value!r}, must be a whole number from 0 to {limit}')
        elif key in ("x", "y", "y0", "y1"):
            if not _is_number(value) or not -0.5 <= value <= 1.5:
                problems.append(f'"{key}" is {value!r}, must be a number near 0..1')
        elif key in ("w", "h", "width", "size", "radius", "length"):
            if not _is_number(value) or not 0 <= value <= 2:
                problems.append(f'"{key}" is {value!r}, must be a number from 0 to 2')
    return problems


# --- reading checked shapes --------------------------------------------------
# The painter reads fields through these: a shape that `shape_problems` would
# refuse cannot be drawn, and says so in one line instead of drawing nonsense.

def _unfit(shape: Mapping[str, object], key: str, value: object, wanted: str) -> ValueError:
    return ValueError(f'{shape.get("shape")} "{key}" is {value!r}, must be {wanted} '
                      "(`lastmessage scenes check` lists every such problem)")


def shape_number(shape: Mapping[str, object], key: str, default: float | None = None) -> float:
    value = shape.get(key, default)
    if not _is_number(value):
        raise _unfit(shape, key, value, "a number")
    return float(value)


def shape_whole(shape: Mapping[str, object], key: str) -> int:
    value = shape.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _unfit(shape, key, value, "a whole number")
    return value


def shape_flag(shape: Mapping[str, object], key: str, default: bool) -> bool:
    value = shape.get(key, default)
    if not isinstance(value, bool):
        raise _unfit(shape, key, value, "true or false")
    return value


def _colour_of(shape: Mapping[str, object], key: str, value: object) -> tuple[int, int, int, int]:
    if not isinstance(value, str) or not _COLOUR.match(value):
        raise _unfit(shape, key, value, 'a colour like "#33aa55"')
    return parse_colour(value)


def shape_colour(shape: Mapping[str, object], key: str) -> tuple[int, int, int, int]:
    return _colour_of(shape, key, shape.get(key))


def shape_colours(shape: Mapping[str, object], key: str) -> list[tuple[int, int, int, int]]:
    value = shape.get(key)
    if not isinstance(value, list):
        raise _unfit(shape, key, value, "a list of colours")
    return [_colour_of(shape, key, item) for item in value]


def shape_points(shape: Mapping[str, object], key: str) -> list[tuple[float, float]]:
    value = shape.get(key)
    if not isinstance(value, list):
        raise _unfit(shape, key, value, "a list of [x, y] points")
    points: list[tuple[float, float]] = []
    for point in value:
        if not isinstance(point, list) or len(point) != 2 or not all(_is_number(v) for v in point):
            raise _unfit(shape, key, point, "an [x, y] point")
        points.append((float(point[0]), float(point[1])))
    return points
