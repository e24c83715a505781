"""The place's little stories set into a scene (issue 21, deliverable 3).

`place_tales` takes the place's tales (`tales.py`) in a seeded order and sets each where it makes
sense: by the prop it happens at (the seagull by the fish counter), on the recipe's ground for it
(the angler on the quay's edge), else anywhere on the open ground; mirrored for one in two. Every
member is drawn as its part needs (a kind of person, a pose, a thing held, a costume, where it
looks), and is a character of the scene like anyone, kept to the same rules (nobody more than a
quarter hidden, every look and name its own). A tale that finds no room for all of its members is
taken out again and another is tried. The scene file lists each as a group of kind `vignette`
with its story and each member's part (`roles`), so a victim can draw "the chef chasing the dog".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace

from lastmessage.scenes.creatures import ANIMALS
from lastmessage.scenes.figures import FACE_COSTUMES, FACE_TRAITS
from lastmessage.scenes.geometry import FIGURE_SIZE
from lastmessage.scenes.occlusion import scene_box
from lastmessage.scenes.traits import CHILDREN
from lastmessage.scenegen.layout import Box, Layout
from lastmessage.scenegen.people import Crowd
from lastmessage.scenegen.tales import TALES, Role, Tale

TALES_PER_SCENE = 14   # tried for; `scenes check` asks for at least `life.MIN_VIGNETTES`
_TRIES = 100           # places tried for one tale
_ANIMAL_SCALE = {"dog": 0.7, "pigeon": 0.5, "seagull": 0.55, "crab": 0.5, "cat": 0.6}
_EMOJI = {"dog": "\U0001F415", "pigeon": "\U0001F54A\ufe0f", "seagull": "\U0001F426", "crab": "\U0001F980",
          "cat": "\U0001F408"}
Where = Callable[[float, float], bool]
Ground = tuple[Box, Where | None]


def _cast(role: Role, flip: bool) -> Callable[[dict[str, str]], dict[str, str] | None]:
    """The traits a part needs, made from those drawn from the place's crowd (None: draw again)."""
    def part(traits: dict[str, str]) -> dict[str, str] | None:
        if traits["person"] != role.who or traits.get("costume", "") != role.costume:
            return None
        cast = {k: v for k, v in traits.items() if k != "holding"}
        cast["pose"] = role.pose
        if role.holding:
            cast["holding"] = role.holding
        facing = {"left": "right", "right": "left"}.get(role.facing, role.facing) if flip else role.facing
        if facing == "back" and role.costume in FACE_COSTUMES:
            facing = "left"
        cast["facing"] = facing
        if facing == "back":
            for key in FACE_TRAITS:
                cast.pop(key, None)
        return cast
    return part


def _crowd_for(layout: Layout, role: Role) -> Crowd:
    child, old = role.who in CHILDREN, role.who.startswith("old")
    return replace(layout.public, poses=(role.pose,), children=1.0 if child else 0.0, old=1.0 if old else 0.0,
                   costumes=(role.costume,) if role.costume else (), costume_rate=1.0 if role.costume else 0.0)


def _put(layout: Layout, role: Role, x: float, y: float, flip: bool, group: int) -> bool:
    if role.who in ANIMALS:
        right = (role.facing == "right") != flip
        return layout.creature(role.who, _EMOJI.get(role.who, ""), x, y, _ANIMAL_SCALE.get(role.who, 0.6),
                               mirror=not right, group=group)
    crowd = _crowd_for(layout, role)
    return layout.person(x, y, crowd, group=group, part=_cast(role, flip))


def _anchor(layout: Layout, tale: Tale, ground: Ground) -> tuple[float, float, str] | None:
    """Where the first member may stand: by one of the tale's props (below it, a little aside), or
    anywhere on its ground."""
    box, where = ground
    rng = layout.rng
    if tale.near:
        props = [p for p in layout.props if p["name"] in tale.near]
        if not props:
            return None
        prop = rng.choice(props)
        angle = rng.uniform(0.15 * math.pi, 0.85 * math.pi)   # in front of it (down the picture)
        reach = rng.uniform(0.035, 0.075)
        x, y = prop["x"] + math.cos(angle) * reach, prop["y"] + math.sin(angle) * reach * layout.aspect
        ident = prop["id"]
    else:
        x, y, ident = rng.uniform(box[0], box[2]), rng.uniform(box[1], box[3]), ""
    if not (box[0] <= x <= box[2] and box[1] <= y <= box[3]) or (where is not None and not where(x, y)):
        return None
    return x, y, ident


def _tell(layout: Layout, tale: Tale, ground: Ground) -> bool:
    for _ in range(_TRIES):
        spot = _anchor(layout, tale, ground)
        if spot is None:
            continue
        ax, ay, near = spot
        flip = layout.rng.random() < 0.5
        gap = layout.member_gap(ay) * 1.15
        group = layout.new_group("vignette")
        ids: list[str] = []
        for role in tale.roles:
            x = ax + (-role.dx if flip else role.dx) * gap
            y = ay + role.dy * gap * layout.aspect * 0.7
            where = ground[1]
            if where is not None and not where(x, y) or not _put(layout, role, x, y, flip, group):
                break
            ids.append(layout.characters[-1]["id"])
        if len(ids) < len(tale.roles):
            layout.undo(len(ids))
            continue
        layout.story(group, tale.slug, {"en": tale.en, "ro": tale.ro},
                     {ident: {"en": role.en, "ro": role.ro} for ident, role in zip(ids, tale.roles)}, near)
        if tale.mark:
            MARKS[tale.mark](layout, layout.characters[-len(ids)], layout.characters[-1], flip)
        return True
    return False


def place_tales(layout: Layout, theme: str, grounds: Mapping[str, Ground], count: int = TALES_PER_SCENE) -> int:
    """Up to `count` of the place's tales, each on its recipe ground (`grounds["ground"]`: open ground
    anywhere; `"edge"`: the quay's edge...); the number told."""
    tales = [t for t in TALES[theme] if t.place in grounds]
    layout.rng.shuffle(tales)
    told = 0
    for tale in tales:
        if told == count:
            break
        if _tell(layout, tale, grounds[tale.place]):
            told += 1
    return told


# --- what a story leaves on the ground ----------------------------------------

Entry = Mapping[str, object]


def _where(entry: Entry, layout: Layout) -> tuple[float, float, float, float]:
    """x, y, the feet and the box height (scene widths) of a placed character."""
    x, y, scale = entry["x"], entry["y"], entry["scale"]
    assert isinstance(x, float) and isinstance(y, float) and isinstance(scale, float)
    h = FIGURE_SIZE * scale
    return x, y, y + h * layout.aspect / 2, h


def _ice_cream(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    x, _y, feet, h = _where(first, layout)
    cx, a, s = x + (-0.3 if flip else 0.3) * h, layout.aspect, -1 if flip else 1
    layout.shape("ellipse", x=cx - 0.08 * h, y=feet - 0.03 * h * a, w=0.16 * h, h=0.07 * h * a, color="#f783ac",
                 outline="#2a2220", width=0.0006)
    layout.shape("polygon", points=[[cx + s * 0.04 * h, feet - 0.02 * h * a], [cx + s * 0.2 * h, feet - 0.05 * h * a],
                                    [cx + s * 0.18 * h, feet + 0.01 * h * a]], color="#e0a458", outline="#2a2220",
                 width=0.0006)
    layout.keep_clear(cx, feet - 0.1 * h * a, 0.6 * h)


def _banana(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    x, _y, feet, h = _where(first, layout)
    s, a = -1 if flip else 1, layout.aspect
    cx = x + s * 0.35 * h
    pts = [(0, -0.02), (0.07, 0.0), (0.14, -0.035), (0.1, 0.01), (0.16, 0.02), (0.02, 0.015)]
    layout.shape("polygon", points=[[cx + s * px * h, feet + py * h * a] for px, py in pts], color="#ffd43b",
                 outline="#2a2220", width=0.0006)
    layout.keep_clear(cx, feet - 0.1 * h * a, 0.5 * h)


def _in_mouth(layout: Layout, animal: Entry, colour: str) -> None:
    """A sausage or a fish held in an animal's mouth: at the front of its drawn box, by its head."""
    x, y, scale = animal["x"], animal["y"], animal["scale"]
    traits = animal["traits"]
    assert isinstance(x, float) and isinstance(y, float) and isinstance(scale, float) and isinstance(traits, dict)
    x0, y0, x1, y1 = scene_box(x, y, scale, traits, layout.aspect)
    right = not animal["mirror"]
    tip = x1 if right else x0
    s = 1 if right else -1
    mouth_y = y0 + (y1 - y0) * 0.42
    ends = [[tip - s * 0.001, mouth_y], [tip + s * 0.004, mouth_y + 0.002]]
    layout.shape("path", points=ends, color="#2a2220", width=0.0024)
    layout.shape("path", points=ends, color=colour, width=0.0015)
    layout.keep_clear(tip + s * 0.004, mouth_y, 0.012)


def _sausage(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    _in_mouth(layout, first, "#b4532a")


def _fish(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    _in_mouth(layout, last, "#74c0fc")


def _balloon(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    x, y, _feet, h = _where(first, layout)
    s, a = -1 if flip else 1, layout.aspect
    bx, by = x + s * 0.55 * h, y - 0.95 * h * a
    layout.shape("path", points=[[bx, by + 0.12 * h * a], [bx - s * 0.05 * h, by + 0.3 * h * a]], color="#495057",
                 width=0.0006)
    layout.shape("ellipse", x=bx - 0.08 * h, y=by - 0.01 * h * a, w=0.16 * h, h=0.14 * h * a, color="#e03131",
                 outline="#2a2220", width=0.0007)
    layout.keep_clear(bx, by + 0.1 * h * a, 0.5 * h)


def _boot(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    x, y, _feet, h = _where(first, layout)
    a = layout.aspect
    tip_x, tip_y = x + 0.5 * h, y - 0.55 * h * a
    bx, by = tip_x + 0.02 * h, y - 0.62 * h * a
    layout.shape("path", points=[[tip_x, tip_y], [bx, by]], color="#343a40", width=0.0005)
    boot = [(0, 0), (0.07, 0), (0.07, 0.1), (0.15, 0.12), (0.15, 0.16), (0, 0.16)]
    layout.shape("polygon", points=[[bx - 0.04 * h + px * h, by + py * h * a] for px, py in boot], color="#5c3d2e",
                 outline="#2a2220", width=0.0006)


def _sandcastle(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    x, _y, feet, h = _where(first, layout)
    lx, _ly, lfeet, _lh = _where(last, layout)
    cx, base, a = (x + lx) / 2, max(feet, lfeet) - 0.01 * h * layout.aspect, layout.aspect
    w = 0.34 * h
    layout.shape("rect", x=cx - w / 2, y=base - 0.14 * h * a, w=w, h=0.14 * h * a, color="#e9c46a",
                 outline="#2a2220", width=0.0006)
    for dx in (-0.13, 0.0, 0.13):
        top = 0.3 if dx == 0 else 0.22
        layout.shape("rect", x=cx + dx * h - 0.04 * h, y=base - top * h * a, w=0.08 * h, h=(top - 0.1) * h * a,
                     color="#f2d184", outline="#2a2220", width=0.0006)
    layout.shape("polygon", points=[[cx, base - 0.42 * h * a], [cx + 0.05 * h, base - 0.36 * h * a],
                                    [cx, base - 0.33 * h * a]], color="#e03131")
    layout.keep_clear(cx, base - 0.15 * h * a, 0.35 * h)


def _snowman(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    x, _y, feet, h = _where(first, layout)
    lx, _ly, _lfeet, _lh = _where(last, layout)
    cx, a = (x + lx) / 2, layout.aspect
    for r, up in ((0.17, 0.17), (0.12, 0.43), (0.085, 0.62)):
        layout.shape("ellipse", x=cx - r * h, y=feet - (up + r) * h * a, w=2 * r * h, h=2 * r * h * a,
                     color="#f8f9fa", outline="#2a2220", width=0.0007)
    layout.shape("polygon", points=[[cx, feet - 0.63 * h * a], [cx + 0.12 * h, feet - 0.61 * h * a],
                                    [cx, feet - 0.6 * h * a]], color="#f76707")
    layout.shape("rect", x=cx - 0.08 * h, y=feet - 0.8 * h * a, w=0.16 * h, h=0.08 * h * a, color="#212529")
    layout.keep_clear(cx, feet - 0.4 * h * a, 0.3 * h)


def _rail(layout: Layout, first: Entry, last: Entry, flip: bool) -> None:
    """The rail a leaning person leans back on: posts and two bars behind the person at elbow height,
    its foot a little up the picture from the feet (it stands behind); nobody else stands on it."""
    x, _y, feet, h = _where(first, layout)
    a = layout.aspect
    x0, x1, base, top = x - 0.75 * h, x + 0.75 * h, feet - 0.04 * h * a, feet - 0.5 * h * a
    for px in (x0, x - 0.05 * h, x1):
        layout.shape("rect", x=px - 0.025 * h, y=top, w=0.05 * h, h=base - top, color="#8a5a35", outline="#2a2220",
                     width=0.0005)
    for bar, thick in ((top, 0.06), (top + 0.22 * h * a, 0.04)):
        layout.shape("rect", x=x0 - 0.05 * h, y=bar - 0.01 * h * a, w=x1 - x0 + 0.1 * h, h=thick * h * a,
                     color="#a8754a", outline="#2a2220", width=0.0005)
    layout.keep_clear(x, feet - 0.2 * h * a, 0.9 * h)


MARKS: dict[str, Callable[[Layout, Entry, Entry, bool], None]] = {
    "ice cream": _ice_cream, "banana peel": _banana, "sausage": _sausage, "fish": _fish, "balloon": _balloon,
    "boot": _boot, "sandcastle": _sandcastle, "snowman": _snowman, "rail": _rail,
}
