"""Which figure is under a point (pure, no pygame; `arrows` says where an arrow key leads).

The detective cursor, the tablet's secret pick and the scripted player all
ask these questions every frame, so they work on a small per-scene table of
plain floats (built once, cached) instead of walking the dataclasses.

A point picks the figure whose drawn body is under it (the body rectangle of
`occlusion.footprint`, which the validator's 25 % hidden rule measures too),
the front-most first: figures are drawn back to front by their feet, so
where a group overlaps, the one in front wins, as the eye sees it. The
hidden rule then leaves three quarters of every suspect's body to point at.

All points are scene coordinates (0..1 on each axis). `size` is the pixel
size the scene is shown at; footprints depend on it because figures keep
their shape when the render's aspect differs from the scene's (see
`geometry`). When omitted, a render of the scene's own aspect is assumed.
"""

from __future__ import annotations

import math
import weakref
from collections import OrderedDict

from lastmessage.scenes.geometry import Size
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.occlusion import Footprint, footprint

# Per character, in pixels of the given size: its centre and its drawn body, front-most first
# (the renderer draws by the feet, ties in file order, so a later character is in front).
_Table = tuple[tuple[Character, float, float, Footprint], ...]
_Columns = tuple[tuple[int, ...], ...]
"""For each of COLUMNS upright strips of the picture, the rows (front-most first) whose body
reaches into it: a point looks at a dozen bodies, not all 330 (a phone's tap, 200 an audience's
second, was a quarter of a millisecond of the server's thread, the frame loop's lock held)."""
COLUMNS = 48
_CACHE: OrderedDict[tuple[int, Size], tuple[weakref.ref[Scene], _Table, _Columns]] = OrderedDict()
_CACHE_LIMIT = 32
"""Tables kept (a scene is asked at a few sizes). A table holds its scene weakly and goes
with it: holding the scene kept the last 16 games' crowds alive (1.2 MB each) after the
catalog had let them go."""


def _size_for(scene: Scene, size: Size | None) -> Size:
    if size is not None:
        if size[0] <= 0 or size[1] <= 0:
            raise ValueError(f"size must be positive, not {size}")
        return size
    return 1920, max(1, round(1920 / scene.aspect))


def _table(scene: Scene, size: Size | None) -> tuple[_Table, Size]:
    table, _, real = _indexed(scene, size)
    return table, real


def _indexed(scene: Scene, size: Size | None) -> tuple[_Table, _Columns, Size]:
    real = _size_for(scene, size)
    key = (id(scene), real)
    hit = _CACHE.get(key)
    if hit is not None and hit[0]() is scene:
        _CACHE.move_to_end(key)
        return hit[1], hit[2], real
    rows = [(c, c.x * real[0], c.y * real[1], footprint(c.x, c.y, c.art.scale, c.traits, scene.aspect, real), i)
            for i, c in enumerate(scene.characters)]
    rows.sort(key=lambda row: (row[3].feet, row[4]), reverse=True)
    table = tuple(row[:4] for row in rows)
    strips: list[list[int]] = [[] for _ in range(COLUMNS)]
    for index, (_, _, _, body) in enumerate(table):
        for column in range(_column(body.x0, real), _column(body.x1, real) + 1):
            strips[column].append(index)
    columns = tuple(tuple(strip) for strip in strips)
    for gone in [k for k, (held, _, _) in _CACHE.items() if held() is None]:
        del _CACHE[gone]   # a scene no one holds: its table (its characters) goes too
    _CACHE[key] = (weakref.ref(scene), table, columns)
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return table, columns, real


def _column(px: float, real: Size) -> int:
    """The strip a pixel column lies in (those left or right of the picture in its edge strips)."""
    return min(COLUMNS - 1, max(0, math.floor(px / real[0] * COLUMNS)))


def character_at(scene: Scene, x: float, y: float, *, size: Size | None = None,
                 sentient_only: bool = False) -> Character | None:
    """The front-most figure whose drawn body covers the point, or None (empty ground)."""
    table, columns, real = _indexed(scene, size)
    px, py = x * real[0], y * real[1]
    for index in columns[_column(px, real)]:
        character, _cx, _cy, body = table[index]
        if body.covers(px, py) and (character.sentient or not sentient_only):
            return character
    return None


def nearest_character(scene: Scene, x: float, y: float, *, sentient_only: bool = False,
                      size: Size | None = None) -> Character:
    """The figure drawn under the point (`character_at`), else the one whose centre is closest:
    a mouse or a finger always lands on someone, and on the one it is seen on.

    Raises ValueError only if the scene has no character of the asked kind,
    which a loaded scene never does for sentient ones.
    """
    under = character_at(scene, x, y, size=size, sentient_only=sentient_only)
    if under is not None:
        return under
    table, real = _table(scene, size)
    px, py = x * real[0], y * real[1]
    best: Character | None = None
    best_d2 = math.inf
    for character, cx, cy, _body in table:
        if sentient_only and not character.sentient:
            continue
        d2 = (cx - px) ** 2 + (cy - py) ** 2
        if d2 < best_d2:
            best, best_d2 = character, d2
    if best is None:
        raise ValueError(f'scene "{scene.id}" has no {"sentient " if sentient_only else ""}character')
    return best
