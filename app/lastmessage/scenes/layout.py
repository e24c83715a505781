"""The scene generator's toolkit: place props and people around activities (pure).

A recipe (see `recipes_*.py`) draws a background with `shape`, sets out
props, then populates the scene with activities — a queue at a stall, a ring
of people around a fountain, pairs talking — and fills the rest with
passers-by. The Layout keeps every rule of the validator while placing:

- no two characters closer than the 2 % spacing (with a small margin, so
  rounding to 4 decimals in the file can never break it);
- nobody stands on a prop's keep-out area (inside a stall, on a boat);
- fairness: a person's name is chosen so that no other suspect with the same
  name has the same two nearest props. That is why every prop is placed
  before the first character.
- perspective: figures get smaller towards the horizon.

Everything random comes from one `random.Random(seed)`, so a recipe and a
seed always give the same scene.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from lastmessage.scenes.people import BEINGS, PUBLIC, TONES, WORKERS, Role
from lastmessage.scenes.validate import MIN_SPACING

SPACING = MIN_SPACING + 0.0008
Box = tuple[float, float, float, float]   # x0, y0, x1, y1


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


class LayoutError(RuntimeError):
    """A recipe that cannot be laid out as asked."""


class Layout:
    def __init__(self, scene_id: str, title: str, theme: str, seed: int, *,
                 aspect: float = 16 / 9, horizon: float = 0.2,
                 far_scale: float = 0.72, near_scale: float = 1.18) -> None:
        self.scene_id, self.title, self.theme, self.aspect = scene_id, title, theme, aspect
        self.rng = random.Random(seed)
        self.horizon, self.far_scale, self.near_scale = horizon, far_scale, near_scale
        self.background: list[dict[str, Any]] = []
        self.props: list[dict[str, Any]] = []
        self.characters: list[dict[str, Any]] = []
        self.blocked_boxes: list[Box] = []
        self.blocked_circles: list[tuple[float, float, float]] = []
        self.public: tuple[Role, ...] = PUBLIC + WORKERS + BEINGS
        self._used: dict[frozenset[str], set[str]] = {}
        self._ids: dict[str, int] = {}
        self._grid: dict[tuple[int, int], list[tuple[float, float]]] = {}

    # --- drawing and props ----------------------------------------------------

    def shape(self, kind: str, **fields: Any) -> None:
        """A background shape (see shapes.py); floats are rounded to keep files small."""
        def tidy(value: Any) -> Any:
            if isinstance(value, float):
                return round(value, 4)
            if isinstance(value, (list, tuple)):
                return [tidy(v) for v in value]
            return value
        self.background.append({"shape": kind, **{k: tidy(v) for k, v in fields.items()}})

    def perspective(self, y: float) -> float:
        t = min(1.0, max(0.0, (y - self.horizon) / (1.0 - self.horizon)))
        return self.far_scale + (self.near_scale - self.far_scale) * t

    def _new_id(self, name: str) -> str:
        base = f"{self.scene_id}-{slug(name)}"
        self._ids[base] = self._ids.get(base, 0) + 1
        return base if self._ids[base] == 1 and not base[-1].isdigit() else f"{base}-{self._ids[base]}"

    def prop(self, name: str, emoji: str, x: float, y: float, scale: float = 1.5, *,
             mirror: bool = False, keep: float | None = None, flat: bool = False) -> None:
        """A named landmark; `keep` (scene widths) keeps people off it (default: its size)."""
        if self.characters:
            raise LayoutError(f'prop "{name}" placed after characters: the fairness rule needs props first')
        final = scale if flat else scale * self.perspective(y)
        self.props.append({
            "id": self._new_id(name), "name": name, "x": round(x, 4), "y": round(y, 4),
            "emoji": emoji, "scale": round(final, 3), "mirror": mirror,
        })
        radius = keep if keep is not None else 0.0105 * final
        if radius > 0:
            self.blocked_circles.append((x, y, radius))

    def block(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Nobody stands in this box (buildings, water, stalls)."""
        self.blocked_boxes.append((x0, y0, x1, y1))

    # --- placing characters ---------------------------------------------------

    def free(self, x: float, y: float) -> bool:
        if not (0.012 <= x <= 0.988 and 0.02 <= y <= 0.985):
            return False
        if any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in self.blocked_boxes):
            return False
        for cx, cy, r in self.blocked_circles:
            if math.hypot(x - cx, (y - cy) / self.aspect) < r:
                return False
        gx, gy = int(x / SPACING), int(y / (SPACING * self.aspect))
        for i in (gx - 1, gx, gx + 1):
            for j in (gy - 1, gy, gy + 1):
                for ox, oy in self._grid.get((i, j), ()):
                    if math.hypot(x - ox, (y - oy) / self.aspect) < SPACING:
                        return False
        return True

    def _nearest_prop_names(self, x: float, y: float) -> frozenset[str]:
        ranked = sorted(self.props, key=lambda p: math.hypot(p["x"] - x, (p["y"] - y) / self.aspect))
        return frozenset(str(p["name"]).casefold() for p in ranked[:2])

    def _add(self, role_name: str, emoji: str, sentient: bool, x: float, y: float,
             scale: float, mirror: bool) -> dict[str, Any]:
        x, y = round(x, 4), round(y, 4)
        entry = {"id": self._new_id(role_name), "name": role_name, "sentient": sentient,
                 "x": x, "y": y, "emoji": emoji, "scale": round(scale, 3), "mirror": mirror}
        self.characters.append(entry)
        key = (int(x / SPACING), int(y / (SPACING * self.aspect)))
        self._grid.setdefault(key, []).append((x, y))
        return entry

    def person(self, x: float, y: float, roles: Sequence[Role] | None = None, *,
               mirror: bool | None = None, scale: float = 1.0, check: bool = True) -> bool:
        """A suspect at (x, y) with a role from `roles` (falling back on the public)."""
        x, y = round(x, 4), round(y, 4)
        if check and not self.free(x, y):
            return False
        signature = self._nearest_prop_names(x, y)
        used = self._used.setdefault(signature, set())
        for pool in (roles or self.public, self.public):
            choices = [r for r in pool if r.name.casefold() not in used]
            if choices:
                role = self.rng.choice(choices)
                break
        else:
            return False
        used.add(role.name.casefold())
        tone = self.rng.choice(TONES)
        facing = self.rng.random() < 0.5 if mirror is None else mirror
        size = role.size * scale * self.perspective(y) * self.rng.uniform(0.96, 1.04)
        self._add(role.name, role.emoji(tone), True, x, y, size, facing)
        return True

    def creature(self, name: str, emoji: str, x: float, y: float, scale: float = 0.8, *,
                 mirror: bool | None = None, check: bool = True) -> bool:
        """An animal or a plant: drawn and selectable, never a suspect."""
        if check and not self.free(round(x, 4), round(y, 4)):
            return False
        facing = self.rng.random() < 0.5 if mirror is None else mirror
        self._add(name, emoji, False, x, y, scale * self.perspective(y), facing)
        return True

    # --- activities -----------------------------------------------------------

    def queue(self, x: float, y: float, dx: float, dy: float, count: int,
              roles: Sequence[Role] | None = None) -> int:
        """People in a line from (x, y) stepping (dx, dy), all facing the head of the line."""
        facing_right = dx < 0   # the line runs left, so they look right (emoji face left)
        placed = 0
        for i in range(count * 2):
            if placed == count:
                break
            jitter = self.rng.uniform(-0.003, 0.003)
            px, py = x + dx * i + jitter, y + dy * i + jitter
            if self.person(px, py, roles, mirror=facing_right):
                placed += 1
        return placed

    def ring(self, cx: float, cy: float, rx: float, count: int,
             roles: Sequence[Role] | None = None, start: float = 0.0) -> int:
        """A crowd around a landmark, everyone turned towards it."""
        placed = 0
        ry = rx * self.aspect * 0.75
        for i in range(count * 3):
            if placed == count:
                break
            a = start + 2 * math.pi * i / count + self.rng.uniform(-0.1, 0.1)
            r = 1.0 + 0.12 * (i // count) + self.rng.uniform(-0.05, 0.05)
            x, y = cx + math.cos(a) * rx * r, cy + math.sin(a) * ry * r
            if self.person(x, y, roles, mirror=x < cx):
                placed += 1
        return placed

    def pairs(self, box: Box, count: int, roles: Sequence[Role] | None = None) -> int:
        """Two people facing each other, talking."""
        placed = 0
        for _ in range(count * 30):
            if placed == count:
                break
            x, y = self._random_in(box)
            gap = SPACING / 2 + 0.0015
            if self.free(x - gap, y) and self.free(x + gap, y):
                if self.person(x - gap, y, roles, mirror=True):
                    if not self.person(x + gap, y, roles, mirror=False):
                        self._undo_last()
                        continue
                    placed += 1
        return placed

    def cluster(self, cx: float, cy: float, radius: float, count: int,
                roles: Sequence[Role] | None = None) -> int:
        """A loose group (an audience, people waiting)."""
        box = (cx - radius, cy - radius * self.aspect * 0.6, cx + radius, cy + radius * self.aspect * 0.6)
        return self.scatter(box, count, roles, face=cx)

    def scatter(self, box: Box, count: int, roles: Sequence[Role] | None = None, *,
                face: float | None = None, where: Callable[[float, float], bool] | None = None) -> int:
        """Passers-by at random free places in a box."""
        placed = 0
        for _ in range(count * 60):
            if placed == count:
                break
            x, y = self._random_in(box)
            if where is not None and not where(x, y):
                continue
            mirror = None if face is None else x < face
            if self.person(x, y, roles, mirror=mirror):
                placed += 1
        return placed

    def creatures(self, box: Box, kinds: Sequence[tuple[str, str, float]], count: int, *,
                  where: Callable[[float, float], bool] | None = None) -> int:
        """Animals or plants (name, emoji, scale) at random free places in a box."""
        placed = 0
        for i in range(count * 60):
            if placed == count:
                break
            x, y = self._random_in(box)
            if where is not None and not where(x, y):
                continue
            name, emoji, scale = kinds[placed % len(kinds)]
            if self.creature(name, emoji, x, y, scale):
                placed += 1
        return placed

    def _random_in(self, box: Box) -> tuple[float, float]:
        return self.rng.uniform(box[0], box[2]), self.rng.uniform(box[1], box[3])

    def _undo_last(self) -> None:
        entry = self.characters.pop()
        key = (int(entry["x"] / SPACING), int(entry["y"] / (SPACING * self.aspect)))
        self._grid[key].remove((entry["x"], entry["y"]))
        self._used[self._nearest_prop_names(entry["x"], entry["y"])].discard(entry["name"].casefold())

    # --- output ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The scene file content (format 1, see data/scenes/README.md)."""
        def figure(entry: dict[str, Any]) -> dict[str, Any]:
            keys = ("id", "name", "sentient", "x", "y", "emoji", "scale", "mirror")
            return {k: entry[k] for k in keys if k in entry}
        return {
            "format": 1, "id": self.scene_id, "title": self.title, "theme": self.theme,
            "aspect": round(self.aspect, 6), "background": self.background,
            "characters": [figure(c) for c in self.characters],
            "props": [figure(p) for p in self.props],
        }
