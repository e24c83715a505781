"""Where people may stand and swim: the water and ground regions of a scene (pure).

A recipe draws the sea or a pool as background shapes, which the validator
cannot read as places. So it also declares them as regions (`Layout.water`,
`Layout.ground`), written into the scene file (`"regions"`, optional: a file
without it has no such rule), and the validator checks every person's feet
against them:

- `water`: only swimmers go there (boats are props). A swimmer's feet point
  (the bottom of its box, where its ripple ring floats) lies inside a water
  region by at least half the ring's width, so no ring pokes out onto the
  sand; nobody else has the feet in the water.
- `ground`: when a scene declares any, everyone who is not swimming stands
  with the feet inside one of them (a pier, a platform, the piste).
- `solid`: a drawn thing nobody stands on or in (a train, a shop-front, seen
  in perspective): no feet inside it, nor on a band half a figure high above
  its top edge, where they would seem to stand on its roof.

Polygons are lists of scene points (0..1); distances are in scene widths, y
scaled by 1/aspect, as everywhere in the validator.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

KINDS = ("water", "ground", "solid")
SWIM_RING = 0.44   # the swimmer's ripple ring is 88 of the figure box's 200 units wide (figures._water)
Point = tuple[float, float]


@dataclass(frozen=True)
class Region:
    kind: str
    points: tuple[Point, ...]

    def contains(self, x: float, y: float) -> bool:
        """Even-odd rule: inside however the polygon is wound, concave ones too."""
        inside = False
        pts = self.points
        for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1]):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                inside = not inside
        return inside

    def depth(self, x: float, y: float, aspect: float) -> float:
        """How far inside (positive) or outside (negative) the point is, in scene widths."""
        edge = min(_segment_distance(x, y / aspect, ax, ay / aspect, bx, by / aspect)
                   for (ax, ay), (bx, by) in zip(self.points, self.points[1:] + self.points[:1]))
        return edge if self.contains(x, y) else -edge

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "points": [[round(x, 4), round(y, 4)] for x, y in self.points]}


def _segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else min(1.0, max(0.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def ellipse_points(x: float, y: float, w: float, h: float, count: int = 24) -> list[Point]:
    """An ellipse's bounding box (as the `ellipse` shape takes it) as a polygon, for a pool or a pond."""
    cx, cy = x + w / 2, y + h / 2
    return [(cx + w / 2 * math.cos(2 * math.pi * i / count), cy + h / 2 * math.sin(2 * math.pi * i / count))
            for i in range(count)]


def parse_region(raw: object) -> Region | str:
    """A region from a scene file, or the one-line problem with it."""
    if not isinstance(raw, Mapping):
        return "must be an object with kind and points"
    kind = raw.get("kind")
    if kind not in KINDS:
        return f"kind {kind!r} is unknown (choose from {', '.join(KINDS)})"
    points = raw.get("points")
    if not isinstance(points, list) or len(points) < 3:
        return "points must be a list of at least 3 [x, y] pairs"
    parsed: list[Point] = []
    for point in points:
        if (not isinstance(point, list) or len(point) != 2
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and -1 <= v <= 2 for v in point)):
            return f"point {point!r} must be [x, y] with numbers from -1 to 2"
        parsed.append((float(point[0]), float(point[1])))
    return Region(str(kind), tuple(parsed))


def feet_problem(regions: Sequence[Region], x: float, y: float, box: float, swimming: bool,
                 aspect: float) -> str | None:
    """Why a person centred at (x, y) stands where it cannot, or None.

    `box` is the height of its figure box in scene widths (`geometry.FIGURE_SIZE * scale`): its
    feet are half of that below the centre (the bottom of the box, as `occlusion.footprint` has it).
    """
    feet_y = y + box * aspect / 2
    water = [r for r in regions if r.kind == "water"]
    if swimming:
        if not water:
            return None
        deepest = max(r.depth(x, feet_y, aspect) for r in water)
        need = SWIM_RING / 2 * box
        if deepest < need:
            return (f"swims {deepest * 100:.2f} % of the scene width inside the water "
                    f"(its ring needs {need * 100:.2f} %): move it into the water")
        return None
    if any(r.contains(x, feet_y) for r in water):
        return "stands in the water: only swimmers go there"
    roof = box * aspect / 2   # half a figure: the floor that must show between feet and a roof line
    if any(r.kind == "solid" and (r.contains(x, feet_y) or r.contains(x, feet_y + roof)) for r in regions):
        return "stands on or in a solid thing (a train, a shop): its feet are on its roof line or inside it"
    ground = [r for r in regions if r.kind == "ground"]
    if ground and not any(r.contains(x, feet_y) for r in ground):
        return "stands off the ground the scene declares (its feet are on no ground region)"
    return None
