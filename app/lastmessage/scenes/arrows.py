"""Where each arrow key leads from each suspect: the closest one that way, and none left out.

A table with only buttons accuses whom its cursor can reach, so "the closest
suspect roughly that way" is not enough on its own: in a dense crowd that rule
can leave someone no arrow ever lands on (every neighbour has a closer or
straighter figure in each direction), and that suspect could never be accused.
The four arrows from every suspect are therefore worked out once per scene and
shape of picture, then repaired, edge by edge, until every suspect can be
reached from every other: an unreachable one takes over the arrow of a
reachable neighbour that already pointed roughly its way, so each press still
moves the cursor in the asked direction. In the shipped scenes a handful of the
thousand-odd arrows change; the rest are the geometric rule unchanged.

Pure (no pygame); positions are the figures' centres in pixels of the shown
size, since the rule judges distance and angle as the eye sees them.
"""

from __future__ import annotations

import bisect
import math
import weakref
from collections import OrderedDict
from collections.abc import Sequence

from lastmessage.scenes.geometry import Size
from lastmessage.scenes.hittest import nearest_character
from lastmessage.scenes.model import Character, Scene

DIRECTIONS: dict[str, tuple[int, int]] = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
_UNITS = tuple(DIRECTIONS.values())
MAX_ANGLE = 60.0
"""Degrees off the arrow's axis a neighbour may lie: the four cones overlap, so every figure
lies in some direction from every other (what the repair relies on)."""
_MIN_COS = math.cos(math.radians(MAX_ANGLE))
OFF_AXIS = 2.5
"""How much being off the axis stretches a distance: a slightly farther figure straight ahead
beats a near one at the edge of the cone."""

Point = tuple[float, float]
Edges = list[list[int | None]]
"""For each point, the point each arrow (in `DIRECTIONS` order) leads to; None: it stays put."""


def score(origin: Point, target: Point, direction: tuple[int, int]) -> float | None:
    """How far `target` is that way from `origin` (the distance stretched by the angle), or
    None when it lies outside the arrow's cone."""
    vx, vy = target[0] - origin[0], target[1] - origin[1]
    distance = math.hypot(vx, vy)
    if distance == 0:
        return None
    cos = (vx * direction[0] + vy * direction[1]) / distance
    if cos < _MIN_COS:
        return None
    return distance * (1.0 + OFF_AXIS * (1.0 - cos))


def geometric(points: Sequence[Point]) -> Edges:
    """Each arrow to the best-scoring point in its cone (ties: the lower index).

    A sweep along the arrow's axis stops once the axis distance alone exceeds the best score
    (a score is never less than the distance): a few dozen looks per arrow, not all 330.
    """
    edges: Edges = [[None] * len(_UNITS) for _ in points]
    for axis in (0, 1):
        order = sorted(range(len(points)), key=lambda i: (points[i][axis], i))
        keys = [points[i][axis] for i in order]
        for d, unit in enumerate(_UNITS):
            sign = unit[axis]
            if sign == 0:
                continue
            for i, origin in enumerate(points):
                start = bisect.bisect_left(keys, origin[axis]) if sign > 0 else bisect.bisect_right(keys, origin[axis]) - 1
                best: tuple[float, int] | None = None
                k = start
                while 0 <= k < len(order):
                    j = order[k]
                    k += sign
                    if (points[j][axis] - origin[axis]) * sign > (best[0] if best else math.inf):
                        break
                    if j == i:
                        continue
                    s = score(origin, points[j], unit)
                    if s is not None and (best is None or (s, j) < best):
                        best = (s, j)
                edges[i][d] = best[1] if best else None
    return edges


def _reached(edges: Edges, root: int, *, backwards: bool = False) -> set[int]:
    """The points the arrows lead to from `root` (backwards: those that lead to it)."""
    links: list[list[int]]
    if backwards:
        links = [[] for _ in edges]
        for i, row in enumerate(edges):
            for j in row:
                if j is not None:
                    links[j].append(i)
    else:
        links = [[j for j in row if j is not None] for row in edges]
    seen = {root}
    todo = [root]
    while todo:
        for j in links[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def repaired(points: Sequence[Point], root: int) -> Edges:
    """`geometric`, with the fewest, shortest arrows redirected so that every point is reached
    from `root` and leads back to it (so from every point to every other)."""
    edges = geometric(points)
    if _join(points, edges, root, backwards=False):
        _join(points, edges, root, backwards=True)
    return edges


def _join(points: Sequence[Point], edges: Edges, root: int, *, backwards: bool) -> bool:
    """Redirect arrows until every point is reached from `root` (backwards: leads to it).

    Greedy: the shortest arrow between the reached part and an unreached point (from the part,
    or backwards into it) whose redirection reaches more is taken; backwards, only if it keeps
    everything reached from `root`. Each step reaches strictly more, so it ends; False if no
    arrow helps (it has not happened in the scenes nor in the property tests' clouds).
    """
    everyone = len(points)
    reached = _reached(edges, root, backwards=backwards)
    while len(reached) < everyone:
        options = sorted((s, a, d, b) for u in range(everyone) if u not in reached for v in reached
                         for a, b in [(u, v) if backwards else (v, u)]
                         for d, unit in enumerate(_UNITS)
                         if edges[a][d] != b and (s := score(points[a], points[b], unit)) is not None)
        for _s, a, d, b in options:
            kept, edges[a][d] = edges[a][d], b
            grown = _reached(edges, root, backwards=backwards)
            if len(grown) > len(reached) and (not backwards or len(_reached(edges, root)) == everyone):
                reached = grown
                break
            edges[a][d] = kept
        else:
            return False
    return True


_CACHE: OrderedDict[tuple[int, float], tuple[weakref.ref[Scene], dict[str, tuple[str | None, ...]]]] = OrderedDict()
_CACHE_LIMIT = 8
"""Graphs kept: a scene is stepped through at one or two shapes (the panel, the search view);
held weakly, so a crowd the catalog lets go takes its graph with it."""


def prepare(scene: Scene, size: Size) -> None:
    """Work out the scene's arrows for pictures of `size`'s shape now (some 15 ms for 330
    suspects), where a frame already waits for the scene's raster, not at the first press."""
    _graph(scene, size)


def _graph(scene: Scene, size: Size) -> dict[str, tuple[str | None, ...]]:
    if size[0] <= 0 or size[1] <= 0:
        raise ValueError(f"size must be positive, not {size}")
    key = (id(scene), round(size[0] / size[1], 4))   # the rule sees angles: only the shape counts
    hit = _CACHE.get(key)
    if hit is not None and hit[0]() is scene:
        _CACHE.move_to_end(key)
        return hit[1]
    suspects = [c for c in scene.characters if c.sentient]
    points = [(c.x * size[0], c.y * size[1]) for c in suspects]
    root = suspects.index(nearest_character(scene, 0.5, 0.5, sentient_only=True))
    edges = repaired(points, root)
    graph = {c.id: tuple(None if j is None else suspects[j].id for j in row) for c, row in zip(suspects, edges)}
    for gone in [k for k, (held, _) in _CACHE.items() if held() is None]:
        del _CACHE[gone]
    _CACHE[key] = (weakref.ref(scene), graph)
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return graph


def step(scene: Scene, character: Character, direction: str, size: Size) -> Character | None:
    """The suspect the arrow leads to from `character` (a suspect or, after a mouse left it
    there, an animal: then the rule alone), or None at the edge (the cursor stays put)."""
    d = list(DIRECTIONS).index(direction)
    graph = _graph(scene, size)
    row = graph.get(character.id)
    if row is not None:
        target = row[d]
        return None if target is None else scene.character(target)
    suspects = [c for c in scene.characters if c.sentient]
    origin = (character.x * size[0], character.y * size[1])
    scored = [(s, i) for i, c in enumerate(suspects)
              if (s := score(origin, (c.x * size[0], c.y * size[1]), _UNITS[d])) is not None]
    return suspects[min(scored)[1]] if scored else None
