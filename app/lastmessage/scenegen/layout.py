"""The scene generator's toolkit: place props and people around activities (pure).

A recipe (see `recipes_*.py`) draws a background with `shape`, sets out
props, then populates the scene with activities — a queue at a stall, a ring
of people around a fountain, pairs talking — and fills the rest with
passers-by. The Layout keeps every rule of the validator while placing:

- members of one activity (a queue, a pair, a family, an audience, people
  on a bench) stand close, 0.4-0.7 body widths apart (`member_gap`), never
  closer than the validator's `MIN_SPACING`; strangers and other groups keep
  `APART` (2 % of the width) from them, so groups read as groups, with gaps
  between them (both with a small margin, so rounding to 4 decimals in the
  file can never break them);
- nobody stands on a prop's keep-out area (inside a stall, on a boat), with the feet inside a
  drawn prop, or with the feet in a band of half a figure above a blocked box's top edge (on the
  roof line of a shop, a stall, a kiosk);
- nothing sits on a head: no animal, small prop or lamp globe reaches into a person's head zone,
  and nobody's feet end on another's head (`occlusion.on_head`); creatures are placed before the
  fill, so the people coming after are refused where their heads would meet one;
- every person is different: no two share all visible traits or their name
  (so the name plus the two nearest props always single one out);
- nobody is hidden more than a quarter behind those in front, and every
  person is at least 36 px tall in the search view at 2x on the detectives'
  1920x1080 monitor;
- perspective: figures and props get smaller towards the horizon, from
  `PEOPLE_SCALE` times `far_scale` (0.5) at the back to `near_scale` (1.5)
  at the front.

Everything random comes from one `random.Random(seed)`, so a recipe and a
seed always give the same scene. A generated scene (any seed but the shipped
one) is also a varied *plan* of its place: a second generator, `plan`, seeded
apart so the people of the shipped scenes stay as they were, reorders the
stalls, landmarks and props over the recipe's places (`arrange`), moves some
of them (`nudge`), and mirrors the whole picture for one seed in two
(`mirrored`, applied to the finished file by `mirror.py`).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NotRequired, TypedDict, TypeVar, cast

from lastmessage.scenes.creatures import ANIMALS, PLANTS
from lastmessage.scenes.figures import FACE_COSTUMES, FACE_TRAITS, STANDING_FRACTION, drawn_fraction, legible_fraction
from lastmessage.scenes.life import facing_towards
from lastmessage.scenes.geometry import FIGURE_SIZE, search_size, unit
from lastmessage.scenes.model import names_json
from lastmessage.scenes.occlusion import DETECTIVE_SIZE, MAX_HIDDEN, Footprint, footprint, hidden_fraction
from lastmessage.scenes.occlusion import feet_in, on_head
from lastmessage.scenes.props import AIRBORNE, HEIGHT, LENGTH
from lastmessage.scenegen.activities import STORIES
from lastmessage.scenegen.poses import tidy
from lastmessage.scenegen.people import PUBLIC, Crowd, audience, dressed_for_snow, make_traits, queueing, seated
from lastmessage.scenes.regions import Point, Region, ellipse_points, feet_problem
from lastmessage.scenegen.things import thing_names
from lastmessage.scenes.traits import CHILDREN, describe
from lastmessage.scenes.traits import IN_WATER, WAIST_UP
from lastmessage.scenes.validate import MIN_PERSON_PX, MIN_SPACING, REPEAT_CAP, cut_by_frame, repeat_capped

GENERATOR_VERSION = 13  # bump when the same theme and seed would give a different scene
SHIPPED_GENERATOR = 4    # the version the shipped files name: the unvaried plan still makes them byte for byte
APART = 0.023            # scene widths between strangers, and between one group and everyone else
CLOSE = MIN_SPACING + 0.0003   # the least two members of one group may stand apart
# The layout hides a little less than the validator allows: the hidden share is sampled in pixel
# columns, and a mirrored or rounded file moves them across the edge of a close neighbour.
_LAYOUT_HIDDEN = MAX_HIDDEN - 0.03
_FEET_MARGIN_PX = 2.0   # likewise, feet keep this far (detective pixels) off a drawn prop's box
_BODY_WIDTH = 0.3        # a standing person's shoulders and arms, as a share of the figure box's height
PEOPLE_SCALE = 1.12      # people are drawn a little larger than the old emoji figures
_DEPTH_CURVE = 0.8       # perspective's exponent: below 1 the scale grows fastest just below the horizon
_TRIES_PER_PERSON = 12   # new looks to try before giving up a place
_FEET_BELOW_CENTRE = 0.022   # scene heights from a figure's centre to its feet (about)
# Half a standing person's figure box, in scene heights at scale 1 (times perspective): feet closer
# than this above a blocked box's top edge leave no floor between them and the roof line.
_ROOF_BAND = 0.5 * FIGURE_SIZE * PEOPLE_SCALE * 16 / 9
_FEET_HALF = 0.19 * FIGURE_SIZE * PEOPLE_SCALE   # half the body's width (`occlusion.footprint`), at scale 1
_CELL = 120.0            # pixels of the footprint grid (at the detectives' size)
_PROP_SLIDE = 0.06       # scene widths a prop moves along its row to stand clear of another, as a rule
_PROP_SLIDE_FAR = 0.2    # and at most, where the props before it fill the row that far (four carts on one spot)
Box = tuple[float, float, float, float]   # x0, y0, x1, y1
T = TypeVar("T")


# Vehicles at their true length, in standing grown-ups (about 1.7 m): an ambulance some 5 m, a
# snowmobile 3 m, a bicycle 1.7 m, the small boats among the beach's swimmers 4.5-7 m. Their scale
# follows from the people's (`true_scale`); set by eye it left an ambulance smaller than a person, a
# snowmobile half one and a speedboat as long as two swimmers.
TRUE_LENGTH = {"ambulance": 3.0, "snowmobile": 1.9, "bicycle": 1.0,
               "sailing boat": 4.0, "motor boat": 3.5, "speedboat": 3.0, "canoe": 2.6}
# Booths a person steps into or serves from, by their true height (a phone box 2.4 m, a ticket booth
# 2.5 m): set by eye they stood no taller than the people queueing at them.
TRUE_HEIGHT = {"phone box": 1.4, "ticket booth": 1.5}


# Set pieces people stand at, serve from or step into, by their true size in standing grown-ups (about
# 1.7 m), measured from the ground line up: a market stall's counter about 1 m (waist height), its
# awning's lower edge 2 m and its top 2.5 m, a kiosk's serving hatch 1 m up, its eaves 2.3 m and its
# ridge 3 m, a bathing hut 2.2 m to the eaves and 3 m to the ridge. The drawings scale with
# `Layout.grown_up` at their depth; set by eye (in scene units times the perspective) a stall stood
# 3.5-4 people tall, its counter as high as a person's head, the seller floating behind it.
STAND = {"counter": 0.55, "awning": 1.2, "awning top": 1.45,
         "hatch": 0.6, "hatch top": 1.25, "eaves": 1.35, "ridge": 1.75,
         "hut": 1.3, "hut ridge": 1.75}


def true_scale(name: str) -> float:
    """The scale to give `Layout.prop` (the perspective comes on top) at which the drawing of `name` is
    `TRUE_LENGTH` standing grown-ups long (or `TRUE_HEIGHT` tall) beside the people at its depth."""
    size, drawn = (TRUE_LENGTH[name], LENGTH[name]) if name in TRUE_LENGTH else (TRUE_HEIGHT[name], HEIGHT[name])
    return round(size * PEOPLE_SCALE * STANDING_FRACTION * 200.0 / drawn, 3)


def afloat(traits: dict[str, str]) -> bool:
    """A swimmer or a rower: of whom only the head and shoulders show, over the water or a gunwale."""
    return traits.get("pose", "") in IN_WATER or traits.get("pose", "") == "rowing"


def least_scale(traits: dict[str, str], aspect: float) -> float:
    """The least scale a person is drawn at: as it would stand, `MIN_PERSON_PX` tall in the search view
    (with a margin); a swimmer or a rower, far out, as drawn down to the waterline or the gunwale (its
    footprint) too, so the head and shoulders that are all of it read like the least suspect standing.
    Nearer in, the perspective draws them larger than that anyway."""
    px = FIGURE_SIZE * unit(search_size(aspect), aspect)   # the search view's pixels at scale 1
    smallest = MIN_PERSON_PX * 1.04 / (px * legible_fraction(traits))
    if afloat(traits):
        smallest = max(smallest, MIN_PERSON_PX * 1.04 / (px * (drawn_fraction(traits) - 0.02)))
    return smallest


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


class _FigureEntry(TypedDict):
    """What characters and props share in a scene file; the order of the file's keys is the
    order the entries are written in (layout), so shipped files stay byte-identical."""
    id: str
    name: str
    x: float
    y: float
    scale: float
    mirror: bool
    traits: dict[str, str]
    names: dict[str, dict[str, str]]


class CharacterEntry(_FigureEntry):
    sentient: bool
    emoji: NotRequired[str]   # only animals and plants; people are drawn from their traits
    facing: NotRequired[str]   # written with `box` once the file is finished (generate.measured)
    box: NotRequired[list[float]]


class PropEntry(_FigureEntry):
    emoji: str


class GroupEntry(TypedDict):
    """People doing one thing together (`activities.py`), as the file lists them."""
    id: str
    kind: str
    members: list[str]
    story: dict[str, str]
    at: NotRequired[list[float]]   # the point all of them look at (a counter, a stage)
    tale: NotRequired[str]          # a vignette's story (`tales.py`), by slug
    roles: NotRequired[dict[str, dict[str, str]]]   # a vignette's member id -> its part, per language
    near: NotRequired[str]          # the id of the prop a vignette happens by


class SceneJson(TypedDict):
    """A generated scene file (format 2, see scenes/README.md)."""
    format: int
    id: str
    title: str
    theme: str
    seed: int
    generator: int
    aspect: float
    background: list[dict[str, object]]
    characters: list[CharacterEntry]
    props: list[PropEntry]
    regions: NotRequired[list[dict[str, object]]]   # only when the recipe declares any (regions.py)
    groups: list[GroupEntry]    # activities (activities.py) and vignettes
    set_pieces: list[str]              # the kit's pieces used (`Layout.set_pieces`)
    lighting: str
    tint: NotRequired[str]   # the light over the whole picture (`lighting.py`), only when not daylight
    lights: NotRequired[list[dict[str, object]]]   # lamps shining over the tint (`lighting.lamps`), only at night



def _tidy_shape(kind: str, fields: dict[str, object]) -> dict[str, object]:
    """A shape as written to the file: its floats rounded to keep files small."""
    def tidy(value: object) -> object:
        if isinstance(value, float):
            return round(value, 4)
        if isinstance(value, (list, tuple)):
            return [tidy(v) for v in value]
        return value
    return {"shape": kind, **{k: tidy(v) for k, v in fields.items()}}

class LayoutError(RuntimeError):
    """A recipe that cannot be laid out as asked."""


class Layout:
    def __init__(self, scene_id: str, title: str, theme: str, seed: int, *,
                 aspect: float = 16 / 9, horizon: float = 0.2,
                 far_scale: float = 0.45, near_scale: float = 1.34, varied: bool = False) -> None:
        self.scene_id, self.title, self.theme, self.aspect = scene_id, title, theme, aspect
        self.rng = random.Random(seed)
        self.varied = varied
        self.plan = random.Random(f"{theme}-plan-{seed}")
        self.mirrored = varied and self.plan.random() < 0.5
        self.horizon, self.far_scale, self.near_scale = horizon, far_scale, near_scale
        self.background: list[dict[str, object]] = []
        self.lights: list[dict[str, object]] = []
        self.props: list[PropEntry] = []
        self.characters: list[CharacterEntry] = []
        self.blocked_boxes: list[Box] = []
        self.blocked_circles: list[tuple[float, float, float]] = []
        self.regions: list[Region] = []
        self.public: Crowd = PUBLIC
        self.seed = seed
        self._names: set[str] = set()
        self._looks: set[frozenset[tuple[str, str]]] = set()
        self._ids: dict[str, int] = {}
        self._people = 0
        self._costumes: dict[str, int] = {}   # people per costume so far (people.COSTUME_CAP)
        self._grid: dict[tuple[int, int], list[tuple[float, float, int]]] = {}   # x, y, group (-1: alone)
        self._groups = 0
        self._group_kinds: dict[int, str] = {}
        self._members: dict[int, list[str]] = {}   # group -> ids of its people, in placing order
        self._crowds: dict[str, Crowd] = {}   # person id -> the crowd it was drawn from (poses.tidy)
        self._group_at: dict[int, Point] = {}   # group -> what its members look at (`new_group`)
        self._tales: dict[int, tuple[str, dict[str, str], dict[str, dict[str, str]], str]] = {}   # `story`
        self._told: list[str] = []   # ids of the characters of the vignettes, in placing order
        self._attending: set[str] = set()   # ids of the people at their props (`attend`): they keep their looks
        self.lighting = "day"   # the recipe says otherwise when it lights the scene otherwise
        self.tint = ""          # and the light over the whole picture, figures too (`lighting.light`)
        self._prints: dict[tuple[int, int], list[tuple[Footprint, str]]] = {}   # kind: person, creature, prop
        self._grounded_props: list[Footprint] = []   # drawn props that stand on the ground (for the feet)
        self._overhead: list[Footprint] = []   # background things no head may touch (`overhead`)
        self._standing_props: list[Footprint] = []   # drawn props standing on their own (`_clear_of_props`)
        self._scenery: list[Footprint] = []   # drawn things no animal or plant stands on (`scenery`)
        self.stands: list[tuple[str, str, Box]] = []   # set pieces people stand at, as drawn (`stand`)
        self.lamps: list[Box] = []   # the lamp posts the background draws, globe to foot (`lighting.lamp_post`)

    # --- the plan of a generated scene ------------------------------------------

    def arrange(self, items: Sequence[T]) -> list[T]:
        """The recipe's things in another order on a varied plan; the recipe's own order otherwise."""
        chosen = list(items)
        if self.varied:
            self.plan.shuffle(chosen)
        return chosen

    def kit(self, pieces: Sequence[T], count: int) -> list[T]:
        """`count` of the kit's `pieces` for this scene: on a varied plan a seeded choice among all of
        them, in a seeded order (a new seed builds its place from other pieces, not the same ones
        reshuffled); otherwise the first `count`, in order, as the shipped scene has them."""
        if count > len(pieces):
            raise LayoutError(f"a kit of {len(pieces)} pieces cannot give {count}")
        return self.plan.sample(list(pieces), count) if self.varied else list(pieces[:count])

    def choose(self, options: Sequence[T]) -> T:
        """One of a kit's alternatives (a ground plan, a landmark, a lighting): the first on the
        shipped plan, a seeded one on a varied plan."""
        return self.plan.choice(list(options)) if self.varied else options[0]

    def nudge(self, value: float, span: float) -> float:
        """A place moved by up to `span` on a varied plan; unmoved otherwise."""
        return value + self.plan.uniform(-span, span) if self.varied else value

    # --- drawing and props ----------------------------------------------------

    def shape(self, kind: str, **fields: object) -> None:
        """A background shape (see shapes.py); floats are rounded to keep files small."""
        self.background.append(_tidy_shape(kind, fields))

    def glow(self, kind: str, **fields: object) -> None:
        """A shape of the scene's lights: painted over the tint, in its own colour (a lamp at night)."""
        self.lights.append(_tidy_shape(kind, fields))

    def perspective(self, y: float) -> float:
        """The scale of a figure whose feet are at `y`: `far_scale` at the horizon, `near_scale` at
        the bottom edge. The ground rises steeply in a picture seen from eye height, so the scale
        falls fastest near the horizon (`_DEPTH_CURVE`): the back rows small, the middle of the
        crowd still large enough that the median suspect reads at the search view's 2x."""
        t = min(1.0, max(0.0, (y - self.horizon) / (1.0 - self.horizon)))
        return self.far_scale + (self.near_scale - self.far_scale) * math.pow(t, _DEPTH_CURVE)

    def _new_id(self, name: str) -> str:
        base = f"{self.scene_id}-{slug(name)}"
        self._ids[base] = self._ids.get(base, 0) + 1
        return base if self._ids[base] == 1 and not base[-1].isdigit() else f"{base}-{self._ids[base]}"

    def prop(self, name: str, emoji: str, x: float, y: float, scale: float = 1.5, *,
             mirror: bool = False, keep: float | None = None, flat: bool = False) -> str:
        """A named landmark; `keep` (scene widths) keeps people off it (default: its size). Returns its id."""
        if self.characters:
            raise LayoutError(f'prop "{name}" placed after characters: the fairness rule needs props first')
        final = scale if flat else scale * self.perspective(y)
        standing = bool(emoji) and not flat and keep != 0 and name not in AIRBORNE
        if standing:   # a thing standing on its own keeps clear of the things standing before it
            x = self._clear_of_props(x, y, final, name)
        entry: PropEntry = {
            "id": self._new_id(name), "name": name, "x": round(x, 4), "y": round(y, 4),
            "emoji": emoji, "scale": round(final, 3), "mirror": mirror,
            "traits": {"thing": name}, "names": names_json(thing_names(name)),
        }
        self.props.append(entry)
        if emoji:   # a prop the background draws hides nobody
            self._remember_print(entry, "prop")
            if name not in AIRBORNE:   # nobody stands on what hangs or floats
                box = footprint(x, y, final, entry["traits"], self.aspect)
                m = _FEET_MARGIN_PX   # a mirrored, rounded file moves feet by a pixel or so
                self._grounded_props.append(Footprint(box.x0 - m, box.y0 - m, box.x1 + m, box.y1 + m, box.feet))
                if standing:
                    self._standing_props.append(box)
        radius = keep if keep is not None else 0.0105 * final
        if radius > 0:
            self.blocked_circles.append((x, y, radius))
        return entry["id"]

    def _clear_of_props(self, x: float, y: float, scale: float, name: str) -> float:
        """`x`, or the nearest place along the row (up to `_PROP_SLIDE` either way, inside the frame;
        `_PROP_SLIDE_FAR` if the row is full that far) where the drawn prop touches none of the props
        standing on their own so far: the ice-cream cart drawn into the stage's speakers, a flag through
        a picnic basket read as one thing."""
        w = DETECTIVE_SIZE[0]
        traits = {"thing": name}
        for step in range(int(_PROP_SLIDE_FAR / 0.004) + 1):   # nearest first: within `_PROP_SLIDE` as before
            for side in ((1,) if step == 0 else (-1, 1)):
                nx = x + side * step * 0.004
                box = footprint(nx, y, scale, traits, self.aspect)
                if box.x0 < 0 or box.x1 > w:
                    continue
                if not any(box.overlaps(other) for other in self._standing_props):
                    return nx
        return x

    def drop_prop(self, ident: str) -> None:
        """Take a placed prop out of the scene again (an instrument whose player found no place). Its
        footprint still keeps feet and heads off where it stood, which only leaves the spot clearer."""
        self.props = [p for p in self.props if p["id"] != ident]

    def attend(self, ident: str, places: Sequence[tuple[float, float, bool | None]], crowd: Crowd,
               part: Callable[[dict[str, str]], dict[str, str] | None] | None = None, *,
               blocked_ok: bool = False) -> bool:
        """The person a prop belongs to (`OWNED`: the busker at his case, the drummer at the drum, the
        fortune teller at her ball), at the first of `places` (x, y, facing right or None) with room; a prop
        nobody can attend is taken out again (`drop_prop`): no instrument without its player. A place on
        a blocked box is skipped unless `blocked_ok` (a player on the stage the box keeps the crowd off)."""
        for x, y, right in places:   # the prop's own keep-clear circle aside, not on a stage or a stall
            if self._on_blocked(x, y) and not blocked_ok:
                continue
            if self.person(x, y, crowd, mirror=right, check=False, part=part):
                self._attending.add(self.characters[-1]["id"])
                return True
        self.drop_prop(ident)
        return False

    def beside(self, ident: str, behind: float = 0.004) -> list[tuple[float, float, bool | None]]:
        """Places for the person at a placed prop (`attend`), as `places_beside` gives them."""
        prop = next(p for p in self.props if p["id"] == ident)
        return self._beside(footprint(prop["x"], prop["y"], prop["scale"], prop["traits"], self.aspect), behind)

    def places_beside(self, name: str, x: float, y: float, scale: float,
                      behind: float = 0.004) -> list[tuple[float, float, bool | None]]:
        """Places for the person at a prop not placed yet (`prop`'s arguments): right beside its drawn box,
        then left of it, turned to it, the feet `behind` (scene heights) up the picture from its foot;
        then the same a little further up the picture and a little nearer."""
        return self._beside(footprint(x, y, scale * self.perspective(y), {"thing": name}, self.aspect), behind)

    def has_room_beside(self, name: str, x: float, y: float, scale: float) -> bool:
        """Some place beside a prop to come is on no blocked box (a lamp post, a stall): its person can stand."""
        return any(not self._on_blocked(px, py) and 0.012 <= px <= 0.988
                   for px, py, _ in self.places_beside(name, x, y, scale))

    def _beside(self, fp: Footprint, behind: float) -> list[tuple[float, float, bool | None]]:
        w, h = DETECTIVE_SIZE[0], DETECTIVE_SIZE[0] / self.aspect
        y = fp.feet / h - _FEET_BELOW_CENTRE * self.perspective(fp.feet / h) - behind
        half = _FEET_HALF * self.perspective(y) + (_FEET_MARGIN_PX + 3) / w
        step = _FEET_BELOW_CENTRE * self.perspective(y)
        return [(fp.x1 / w + half, y + dy, False) if right else (fp.x0 / w - half, y + dy, True)
                for dy in (0.0, -step, step * 0.5, -2 * step) for right in (True, False)]

    def grown_up(self, feet: float) -> float:
        """How tall (scene heights) a grown-up stands with the feet at `feet`: the unit the set pieces
        people stand at are drawn in (`STAND`), so a counter is as high as the waists beside it."""
        return FIGURE_SIZE * PEOPLE_SCALE * self.perspective(feet) * self.aspect * STANDING_FRACTION

    def among_swimmers(self, y: float) -> float:
        """How much larger than its depth gives a thing floating among the swimmers at `y` is drawn: as
        much larger as the swimmers there are (`least_scale`), so a boat far out keeps its true length
        beside them."""
        return max(1.0, least_scale({"person": "man", "pose": "swimming"}, self.aspect)
                   / (PEOPLE_SCALE * self.perspective(y)))

    def stand(self, kind: str, name: str, x0: float, top: float, x1: float, ground: float) -> None:
        """Note a set piece of a kind (stall, kiosk, hut, booth) as drawn (its outline's box, `ground`
        its foot), for the checks of its size; not written to the file."""
        self.stands.append((kind, name, (x0, top, x1, ground)))

    def block(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Nobody stands in this box (buildings, water, stalls)."""
        self.blocked_boxes.append((x0, y0, x1, y1))

    def open_for(self, box: Box, ground: Box) -> bool:
        """The background may stand a thing of its own in `box` (a lamp post, its foot at the box's
        bottom) and paint `ground` round its foot (the lamp's pool of light): inside the frame, its
        foot on ground a person could stand on (no blocked box or circle, no water); no drawn prop
        reaches into the box, behind it or in front (a lamp's post through the fair's fountain of
        lights, the art review of issue 21), nor a figure behind it, for that would be drawn over it;
        no blocked box in front of it (a stall the background drew before, which it would be drawn
        over) and none at all under `ground`. The people drawn in front may cover it, as they would."""
        x0, y0, x1, y1 = box
        foot = ((x0 + x1) / 2, y1)
        if not (0.01 <= x0 and x1 <= 0.99 and 0.0 <= y0 and y1 <= 0.99):
            return False
        def touches(a: Box, b: Box) -> bool:
            return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
        if any(touches(ground, b) or (b[3] > foot[1] and touches(box, b)) for b in self.blocked_boxes):
            return False
        if any(math.hypot(foot[0] - cx, (foot[1] - cy) / self.aspect) < r for cx, cy, r in self.blocked_circles):
            return False
        if not self.stands_well(foot[0], foot[1] - 0.01, 1.0, False):
            return False
        w, h = DETECTIVE_SIZE[0], DETECTIVE_SIZE[0] / self.aspect
        px0, py0, px1, py1 = x0 * w, y0 * h, x1 * w, y1 * h
        props = [footprint(p["x"], p["y"], p["scale"], p["traits"], self.aspect) for p in self.props if p["emoji"]]
        if any(fp.x0 < px1 and px0 < fp.x1 and fp.y0 < py1 and py0 < max(fp.y1, fp.feet) for fp in props):
            return False
        drawn = [footprint(e["x"], e["y"], e["scale"], e["traits"], self.aspect) for e in self.characters]
        return not any(fp.feet < py1 and fp.x0 < px1 and px0 < fp.x1 and fp.y0 < py1 and py0 < fp.feet for fp in drawn)

    def overhead(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """A small thing the background draws above the ground (a lamp's globe, the end of a cable):
        no person's head or body may touch it, or it reads as worn (`occlusion.on_head`) or as a
        pole the person stands on."""
        w, h = DETECTIVE_SIZE[0], DETECTIVE_SIZE[0] / self.aspect
        self._overhead.append(Footprint(x0 * w, y0 * h, x1 * w, y1 * h, y1 * h))

    def scenery(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """A thing the background draws standing on the ground (a volleyball net): no animal or plant is
        drawn on it (a dog on the net reads as caught in it)."""
        w, h = DETECTIVE_SIZE[0], DETECTIVE_SIZE[0] / self.aspect
        self._scenery.append(Footprint(x0 * w, y0 * h, x1 * w, y1 * h, y1 * h))

    def water(self, points: Sequence[Point]) -> None:
        """Only swimmers go here (boats are props): the sea, a pool. A swimmer floats inside it by at
        least half its ring's width; nobody else puts a foot in it. Checked by the validator too."""
        self._region("water", points)

    def ground(self, points: Sequence[Point]) -> None:
        """Where people may stand (a pier, a platform). Once a recipe declares any ground, everyone
        not swimming stands with the feet inside one of its ground regions."""
        self._region("ground", points)

    def solid(self, points: Sequence[Point]) -> None:
        """A drawn thing nobody stands on or in (a train, a shop-front), as its outline on screen: no
        feet inside it nor on the band above its top edge (its roof line). Checked by the validator."""
        self._region("solid", points)

    def water_ellipse(self, x: float, y: float, w: float, h: float) -> None:
        """`water` for an ellipse given as the `ellipse` shape takes it (its bounding box)."""
        self.water(ellipse_points(x, y, w, h))

    def _region(self, kind: str, points: Sequence[Point]) -> None:
        if len(points) < 3:
            raise LayoutError(f"a {kind} region needs at least 3 points, not {len(points)}")
        self.regions.append(Region(kind, tuple((round(x, 4), round(y, 4)) for x, y in points)))

    def stands_well(self, x: float, y: float, scale: float, swimming: bool) -> bool:
        """The feet of a person of this scale at (x, y) are where the scene's regions allow."""
        if not self.regions:
            return True
        box = FIGURE_SIZE * scale
        # a swimmer kept in the water for a scale a little off its own: the file rounds the scale
        sizes = (0.97, 1.0, 1.03) if swimming else (1.0,)
        if any(feet_problem(self.regions, x, y, box * f, swimming, self.aspect) is not None for f in sizes):
            return False
        # a mirrored file rounds the outlines anew and moves their edges by a hair: keep the feet a
        # hair off every solid thing's edge, so the mirror's feet are off it too
        solids = [r for r in self.regions if r.kind == "solid"]
        return all(feet_problem(solids, x + dx, y + dy, box, swimming, self.aspect) is None
                   for dx, dy in ((-0.001, 0.0), (0.001, 0.0), (0.0, 0.001), (0.0, -0.001)))

    # --- placing characters ---------------------------------------------------

    def free(self, x: float, y: float, group: int = -1) -> bool:
        """Nobody and nothing is in the way of a character at (x, y); a member of `group` may stand
        `CLOSE` to the other members, everyone else keeps `APART`."""
        if not (0.012 <= x <= 0.988 and 0.02 <= y <= 0.985):
            return False
        # A person's feet, as wide as the body, must not stand on a blocked area either, nor on its top
        # edge, where they seem to stand on a roof, nor reach into its side (skis cut by a stall's wall).
        if self._on_blocked(x, y):
            return False
        for cx, cy, r in self.blocked_circles:
            if math.hypot(x - cx, (y - cy) / self.aspect) < r:
                return False
        gx, gy = int(x / APART), int(y / (APART * self.aspect))
        # strangers keep apart as far as they are drawn large: the back of a place is as crowded as
        # its front, seen from further away, not emptier
        apart = APART * min(1.0, (1.0 + self.perspective(y) * PEOPLE_SCALE) / 2)
        for i in (gx - 1, gx, gx + 1):
            for j in (gy - 1, gy, gy + 1):
                for ox, oy, other in self._grid.get((i, j), ()):
                    need = CLOSE if group >= 0 and other == group else apart
                    if math.hypot(x - ox, (y - oy) / self.aspect) < need:
                        return False
        return True

    def _on_blocked(self, x: float, y: float) -> bool:
        """A person at (x, y) would stand on a blocked box (`block`), on its roof line or in its side."""
        feet = y + _FEET_BELOW_CENTRE
        roof, half = _ROOF_BAND * self.perspective(y), _FEET_HALF * self.perspective(y)
        return any((x0 <= x <= x1 and y0 <= y <= y1) or (x0 - half <= x <= x1 + half and y0 - roof <= feet <= y1)
                   for x0, y0, x1, y1 in self.blocked_boxes)

    def new_group(self, kind: str = "friends", at: Point | None = None) -> int:
        """An id for the members of one activity (see `free`); `kind` is one of `activities.KINDS`,
        what the file's `groups` say the members do; `at`: what they all look at (a counter, a
        stage), so each is drawn turned to it, from behind where it is up the picture."""
        if kind not in STORIES and kind != "vignette":
            raise LayoutError(f"unknown kind of group {kind!r} (one of {', '.join(STORIES)})")
        self._groups += 1
        self._group_kinds[self._groups] = kind
        if at is not None:
            self._group_at[self._groups] = (round(at[0], 4), round(at[1], 4))
        return self._groups

    def _turn_to(self, traits: dict[str, str], x: float, y: float, at: Point) -> None:
        """Turn a person to look at `at`; seen from behind it shows no face, so nothing drawn on one."""
        if traits["pose"] in IN_WATER + WAIST_UP:
            return
        facing = facing_towards(x, y, at[0], at[1], self.aspect)
        if facing == "back" and traits.get("costume") in FACE_COSTUMES:
            facing = "right" if at[0] > x else "left"   # a clown's nose, a pirate's patch: turned, not away
        if facing == "front":
            return   # looking down the picture: the three-quarter view it was given
        traits["facing"] = facing
        if facing == "back":
            for key in FACE_TRAITS:
                traits.pop(key, None)

    def story(self, group: int, tale: str, text: dict[str, str], roles: dict[str, dict[str, str]],
              near: str = "") -> None:
        """Make `group` a vignette (`vignettes.py`): its tale, story and each member's part in it
        (`roles`, by member id; animals too), and the prop it happens by. Its people keep their poses."""
        self._tales[group] = (tale, dict(text), {k: dict(v) for k, v in roles.items()}, near)
        self._members[group] = list(roles)
        self._told.extend(roles)

    def set_pieces(self) -> list[str]:
        """The pieces of the place's kit the scene uses: every kind of drawn prop and landmark, by
        name (`fish-stall`, `ferry`), in the order first placed, so two seeds can be compared."""
        return list(dict.fromkeys(slug(p["name"]) for p in self.props))

    def _groups_json(self) -> list[GroupEntry]:
        groups: list[GroupEntry] = []
        for number, members in self._members.items():
            if len(members) < 2:   # one person left of a group does nothing together
                continue
            kind = self._group_kinds[number]
            group: GroupEntry = {"id": f"{self.scene_id}-g{len(groups) + 1:03d}", "kind": kind,
                                 "members": list(members), "story": dict(STORIES.get(kind, {}))}
            if number in self._group_at:
                group["at"] = list(self._group_at[number])
            if number in self._tales:
                tale, text, roles, near = self._tales[number]
                group["story"], group["tale"], group["roles"] = text, tale, roles
                if near:
                    group["near"] = near
            groups.append(group)
        return groups

    def member_gap(self, y: float) -> float:
        """Centre to centre between two neighbours of one group at height y, in scene widths: their
        bodies 0.4-0.7 body widths apart."""
        box = FIGURE_SIZE * PEOPLE_SCALE * self.perspective(y)
        return box * _BODY_WIDTH * self.rng.uniform(1.4, 1.7)

    def _remember_print(self, entry: CharacterEntry | PropEntry, kind: str) -> None:
        fp = footprint(entry["x"], entry["y"], entry["scale"], entry["traits"], self.aspect)
        self._prints.setdefault((int(fp.x0 // _CELL), int(fp.y0 // _CELL)), []).append((fp, kind))

    def _near(self, fp: Footprint) -> list[tuple[Footprint, str]]:
        reach = 2
        cx, cy = int(fp.x0 // _CELL), int(fp.y0 // _CELL)
        found: list[tuple[Footprint, str]] = []
        for i in range(cx - reach, cx + reach + 1):
            for j in range(cy - reach, cy + reach + 1):
                found.extend(self._prints.get((i, j), ()))
        return found

    def _sits_well(self, fp: Footprint, person: bool, swimming: bool, group: int = -1) -> bool:
        """Placing `fp` puts nothing on anyone's head (`occlusion.on_head`), no person's feet
        inside a drawn prop (`occlusion.feet_in`) and no animal or plant on one, but a vignette's own."""
        for other, kind in self._near(fp):
            if kind == "person" and on_head(other, fp, person):
                return False
            if person and on_head(fp, other, kind == "person"):
                return False
        if person and not swimming and any(feet_in(fp, prop) for prop in self._grounded_props):
            return False
        if not person and group < 0 and any(fp.overlaps(thing) for thing in
                                            (*self._grounded_props, *self._overhead, *self._scenery)):
            return False   # a palm grown through the busker's case, a dog drawn on a cart: an animal or plant stands clear
        # a lamp's globe behind the body reads as worn or as a pole under the feet, not only at the head
        return not person or not any(fp.overlaps(thing) or on_head(fp, thing, False) for thing in self._overhead)

    def _hides_nobody(self, fp: Footprint, suspect: bool) -> bool:
        """Placing `fp` leaves it (if a suspect) and every suspect behind it at most 25 % hidden."""
        near = self._near(fp)
        others = [other for other, _ in near]
        if suspect and hidden_fraction(fp, others) > _LAYOUT_HIDDEN:
            return False
        for other, kind in near:
            if kind == "person" and other.feet < fp.feet and other.overlaps(fp):
                if hidden_fraction(other, [*others, fp]) > _LAYOUT_HIDDEN:
                    return False
        return True

    def _add(self, name: str, emoji: str, sentient: bool, x: float, y: float, scale: float,
             mirror: bool, traits: dict[str, str], names: dict[str, dict[str, str]],
             ident: str, group: int = -1) -> CharacterEntry | None:
        x, y = round(x, 4), round(y, 4)
        entry: CharacterEntry = {"id": ident, "name": name, "sentient": sentient, "x": x, "y": y, "emoji": emoji,
                                 "scale": round(scale, 3), "mirror": mirror, "traits": traits, "names": names}
        if not emoji:
            del entry["emoji"]
        fp = footprint(x, y, entry["scale"], traits, self.aspect)
        # nobody and nothing cut by the frame: a potted palm's pot below the bottom edge reads as a tree
        # growing out of the picture's edge (a margin: a mirrored, rounded file moves the edges by a pixel)
        bottom = fp.y1 if sentient else max(fp.y1, fp.feet)   # a plant's pot, an animal's paws
        if cut_by_frame(Footprint(fp.x0 - 2, fp.y0 - 2, fp.x1 + 2, bottom + 2, fp.feet), self.aspect):
            return None
        if not self._hides_nobody(fp, sentient) or not self._sits_well(fp, sentient, traits.get("pose") in IN_WATER, group):
            return None
        self.characters.append(entry)
        key = (int(x / APART), int(y / (APART * self.aspect)))
        self._grid.setdefault(key, []).append((x, y, group))
        self._remember_print(entry, "person" if sentient else "creature")
        return entry

    def _person_scale(self, traits: dict[str, str], y: float, scale: float) -> float:
        size = (0.82 if traits["person"] in CHILDREN else 1.0) * scale * self.perspective(y) * PEOPLE_SCALE
        size *= self.rng.uniform(0.97, 1.03)
        return max(size, least_scale(traits, self.aspect))

    def person(self, x: float, y: float, crowd: Crowd | None = None, *,
               mirror: bool | None = None, scale: float = 1.0, check: bool = True, group: int = -1,
               part: Callable[[dict[str, str]], dict[str, str] | None] | None = None, back: bool = False) -> bool:
        """A suspect at (x, y) drawn from `crowd` (default: the public), unlike anyone so far;
        a member of `group` if given (see `free`); `part` makes the drawn traits the ones a part
        needs (a vignette's pose and thing held) or refuses them (None: another is drawn); `back`:
        seen from behind (a skier walking up to the lift, a rider carried up it), with no face drawn."""
        x, y = round(x, 4), round(y, 4)
        if check and not self.free(x, y, group):
            return False
        if self.lighting == "snow":   # nobody in shorts or with an ice cream in the snow
            crowd = dressed_for_snow(crowd or self.public)
        poses = (crowd or self.public).poses
        if self.regions and any(p in IN_WATER for p in poses) == all(p in IN_WATER for p in poses):   # a sure guess
            if not self.stands_well(x, y, PEOPLE_SCALE * self.perspective(y), poses[0] in IN_WATER):
                return False
        for _ in range(_TRIES_PER_PERSON):
            traits = make_traits(self.rng, crowd or self.public, self._costumes)
            if mirror is not None and traits["pose"] not in IN_WATER:
                traits["facing"] = "right" if mirror else "left"
            if group in self._group_at:
                self._turn_to(traits, x, y, self._group_at[group])
            if back and traits["pose"] not in IN_WATER + WAIST_UP and traits.get("costume") not in FACE_COSTUMES:
                traits["facing"] = "back"
                for key in FACE_TRAITS:
                    traits.pop(key, None)
            if part is not None:
                wanted = part(traits)
                if wanted is None:
                    continue
                traits = wanted
            look = frozenset((k, v) for k, v in traits.items())
            names = describe(traits)
            name = names["en"].indefinite
            if look in self._looks or name.casefold() in self._names:
                continue
            size = self._person_scale(traits, y, scale)
            if not self.stands_well(x, y, size, traits["pose"] in IN_WATER):
                return False
            ident = f"{self.scene_id}-p{self._people + 1:03d}"
            if self._add(name, "", True, x, y, size, False, traits, names_json(names), ident, group) is None:
                return False
            self._people += 1
            self._crowds[ident] = crowd or self.public
            if group >= 0:
                self._members.setdefault(group, []).append(ident)
            self._looks.add(look)
            self._names.add(name.casefold())
            self._costumes[traits.get("costume", "")] = self._costumes.get(traits.get("costume", ""), 0) + 1
            return True
        return False

    def creature(self, name: str, emoji: str, x: float, y: float, scale: float = 0.8, *,
                 mirror: bool | None = None, check: bool = True, group: int = -1) -> bool:
        """An animal or a plant: drawn and selectable, never a suspect; one of `group` (a vignette's
        dog) stands as close to its people as they do to one another. No more than `REPEAT_CAP` of
        one plant: ten identical potted palms read as wallpaper."""
        if self.repeats(name) >= REPEAT_CAP:
            return False
        if check and not self.free(round(x, 4), round(y, 4), group):
            return False
        facing = self.rng.random() < 0.5 if mirror is None else mirror
        if name in ANIMALS:   # drawn animals fill less of their box than the emoji they replace
            scale *= 1.35
        elif name in PLANTS:
            scale *= 1.25
        entry = self._add(name, emoji, False, x, y, scale * self.perspective(y), facing, {"kind": name},
                          names_json(thing_names(name)), "", group)
        if entry is not None:
            entry["id"] = self._new_id(name)
        return entry is not None

    # --- activities -----------------------------------------------------------

    def queue(self, x: float, y: float, dx: float, dy: float, count: int,
              roles: Crowd | None = None) -> int:
        """People in a line stepping away from (x, y) in direction (dx, dy), the head of the line
        at the counter (as close to it as the counter lets), everyone turned towards the head.

        Only the direction of (dx, dy) counts: the line is as tight as a queue is, and everyone in
        it stands. A line running down the picture zigzags a little, so each face shows over the
        shoulder in front."""
        group = self.new_group("queue")
        crowd = roles or queueing(self.public)
        if not any(p in IN_WATER for p in crowd.poses):   # people in a line stand and wait, whoever they are
            crowd = replace(crowd, poses=("standing",))
        ux, uy = dx, dy / self.aspect           # in scene widths
        norm = math.hypot(ux, uy) or 1.0
        ux, uy = ux / norm, uy / norm
        facing_right = dx < 0 if abs(ux) > 0.3 else self.rng.random() < 0.5
        head_x, head_y = x, y
        for _ in range(25):   # the head steps up to the counter (up to 5 % of the width)
            nx, ny = head_x - ux * 0.002, head_y - uy * 0.002 * self.aspect
            if not self.free(nx, ny, group):
                break
            head_x, head_y = nx, ny
        # what the line looks at: the counter, a step ahead of its head
        self._group_at[group] = (round(head_x - ux * 0.02, 4), round(head_y - uy * 0.02 * self.aspect, 4))
        placed = 0
        px, py = head_x, head_y
        side = 1.0 if self.rng.random() < 0.5 else -1.0
        for i in range(count):
            gap = 0.0 if i == 0 else self.member_gap(py)
            down = abs(uy) > abs(ux)
            for stretch in (1.0, 1.2, 1.45, 1.75, 2.1, 2.5):
                step = gap * stretch * (1.25 if down else 1.0) if i else (stretch - 1.0) * 0.012
                lateral = side * gap * 0.25 if down and i else 0.0
                qx = px + ux * step - uy * lateral
                qy = py + (uy * step + ux * lateral) * self.aspect
                if self.person(qx, qy, crowd, mirror=facing_right, group=group):
                    placed += 1
                    px, py = px + ux * step, py + uy * step * self.aspect
                    side = -side
                    break
            else:
                break
        return placed

    def ring(self, cx: float, cy: float, rx: float, count: int,
             roles: Crowd | None = None, start: float = 0.0) -> int:
        """An audience around a landmark or a performer, everyone turned towards it: bunches of
        three to seven standing shoulder to shoulder on the ring, a second row where the first
        is full, the first bunch at angle `start`."""
        bunches = max(1, round(count / 5))
        placed = 0
        for b in range(bunches):
            size = count // bunches + (1 if b < count % bunches else 0)
            centre = start + 2 * math.pi * b / bunches + self.rng.uniform(-0.15, 0.15)
            placed += self._arc(cx, cy, rx, size, roles or audience(self.public), centre)
        return placed

    def _arc(self, cx: float, cy: float, rx: float, count: int, roles: Crowd, centre: float) -> int:
        """One bunch on the ring: from `centre` outwards both ways, a member gap apart along it."""
        group = self.new_group("audience", at=(cx, cy))
        squash = 0.75   # the ring's height (in scene widths) over its width: seen at an angle
        placed = 0
        ends = [centre, centre]   # the angles reached on either side
        for i in range(count * 2):
            if placed == count:
                break
            way = 1 if i % 2 == 0 else -1
            angle = ends[0 if way > 0 else 1]
            if placed:
                speed = math.hypot(rx * math.sin(angle), squash * rx * math.cos(angle))
                angle += way * self.member_gap(cy) / max(speed, 1e-6)
            for row in (1.0, 1.14, 0.9, 1.28):
                x = cx + math.cos(angle) * rx * row
                y = cy + math.sin(angle) * rx * row * squash * self.aspect
                if self.person(x, y, roles, mirror=x < cx, group=group):
                    placed += 1
                    break
            ends[0 if way > 0 else 1] = angle
        return placed

    def pairs(self, box: Box, count: int, roles: Crowd | None = None) -> int:
        """Two people shoulder to shoulder, facing each other, talking."""
        placed = 0
        for _ in range(count * 30):
            if placed == count:
                break
            x, y = self._random_in(box)
            group = self.new_group("pair")
            half = self.member_gap(y) / 2
            if self.free(x - half, y) and self.free(x + half, y):
                if self.person(x - half, y, roles or self.public, mirror=True, group=group):
                    if not self.person(x + half, y, roles or self.public, mirror=False, group=group):
                        self._undo_last()
                        continue
                    placed += 1
        return placed

    def cluster(self, cx: float, cy: float, radius: float, count: int,
                roles: Crowd | None = None, at: Point | None = None, kind: str = "audience") -> int:
        """A bunch of people (an audience, people waiting) grown from its middle, each one a
        member gap from someone already in it, all turned towards the middle, or to `at` (the
        stage an audience stands before: seen from behind)."""
        group = self.new_group(kind, at=at or (cx, cy))
        members: list[tuple[float, float]] = []
        for _ in range(count * 25):
            if len(members) == count:
                break
            if members:
                ox, oy = self.rng.choice(members)
                a = self.rng.uniform(0, 2 * math.pi)
                gap = self.member_gap(oy)
                x, y = ox + math.cos(a) * gap, oy + math.sin(a) * gap * self.aspect * 0.8
            else:   # the first anywhere in the middle of the bunch: a lamp's pole may stand at its very centre
                x = cx + self.rng.uniform(-radius, radius) * 0.7
                y = cy + self.rng.uniform(-radius, radius) * 0.3 * self.aspect
            if math.hypot(x - cx, (y - cy) / self.aspect) > radius:
                continue
            if self.person(x, y, roles or audience(self.public), mirror=x < cx, group=group):
                members.append((round(x, 4), round(y, 4)))
        return len(members)

    def scatter(self, box: Box, count: int, roles: Crowd | None = None, *,
                face: float | Callable[[float, float], bool] | None = None,
                where: Callable[[float, float], bool] | None = None, back: bool = False) -> int:
        """Passers-by at random free places in a box, each on their own: turned right left of `face` (an x)
        and left right of it, or right where `face(x, y)` says so; seen from behind if `back` (walking
        off up the picture)."""
        placed = 0
        for _ in range(count * 60):
            if placed == count:
                break
            x, y = self._random_in(box)
            if where is not None and not where(x, y):
                continue
            mirror = None if face is None else face(x, y) if callable(face) else x < face
            if self.person(x, y, roles, mirror=mirror, back=back):
                placed += 1
        return placed

    def bench(self, x: float, y: float, seats: int, roles: Crowd | None = None) -> int:
        """A park bench with people sitting on it side by side (`x`, `y`: its middle, at seat height)."""
        step = self.member_gap(y) * 1.05
        width = step * seats + 0.012
        scale = self.perspective(y) * PEOPLE_SCALE
        seat_y = y + 0.012 * scale * self.aspect
        back = 0.02 * scale * self.aspect
        self.shape("rect", x=x - width / 2, y=seat_y - back, w=width, h=back * 0.45, color="#8a5a35",
                   outline="#5e3b22", width=0.001, radius=0.002)
        self.shape("rect", x=x - width / 2, y=seat_y - back * 0.35, w=width, h=back * 0.3, color="#a8754a",
                   outline="#5e3b22", width=0.001)
        group = self.new_group("bench")
        placed = 0
        for i in range(seats):
            px = x - step * (seats - 1) / 2 + step * i
            if self.person(px, y, roles or seated(self.public), mirror=px < x, group=group):
                placed += 1
        return placed

    def groups(self, box: Box, count: int, roles: Crowd | None = None, *,
               where: Callable[[float, float], bool] | None = None) -> int:
        """Little groups of two to five standing close, turned towards each other: friends,
        families, chats. The ones at the back step aside a little when those in front would
        hide them."""
        placed = 0
        for _ in range(count * 8):
            if placed >= count:
                break
            cx, cy = self._random_in(box)
            if where is not None and not where(cx, cy):
                continue
            if not self.free(cx, cy):   # a group starts in a free spot, away from the others
                continue
            size = min(self.rng.choice((2, 3, 3, 4, 4, 5, 6)), count - placed)
            placed += self.friends(cx, cy, size, roles, where=where)
        return placed

    def friends(self, cx: float, cy: float, size: int, roles: Crowd | None = None, *,
                where: Callable[[float, float], bool] | None = None, spread: float = 1.0) -> int:
        """One little group of `size` on a ring round (cx, cy), talking together: each turned to the
        middle of the ring (those left of it face right, those right of it left); `spread` widens the
        ring (six on the tightest ring hide one another). How many stood."""
        placed = 0
        group = self.new_group("friends")
        gap = self.member_gap(cy)
        radius = gap / (2 * math.sin(math.pi / size))
        start = self.rng.uniform(-0.3, 0.3) if size == 2 else self.rng.uniform(0, 2 * math.pi)
        for i in range(size):
            a = start + 2 * math.pi * i / size + self.rng.uniform(-0.15, 0.15)
            for push in (spread, spread * 1.25, spread * 1.5):
                x = cx + math.cos(a) * radius * push
                y = cy + math.sin(a) * radius * push * self.aspect * 0.7
                if where is not None and not where(x, y):
                    continue
                if self.person(x, y, roles or self.public, mirror=x < cx, group=group):
                    placed += 1
                    break
        return placed

    def fill(self, box: Box, total: int, roles: Crowd | None = None, *,
             where: Callable[[float, float], bool] | None = None) -> int:
        """Everyone else, up to `total` people in the scene: mostly in small groups, some alone."""
        missing = total - self._people
        self.groups(box, round(missing * 0.92), roles, where=where)
        for _ in range(24):   # the last free places take many tries to find
            if self._people >= total:
                break
            self.scatter(box, total - self._people, roles, where=where)
        return self._people - (total - missing)

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
            open_kinds = [k for k in kinds if self.repeats(k[0]) < REPEAT_CAP]
            if not open_kinds:
                break
            name, emoji, scale = open_kinds[placed % len(open_kinds)]
            if self.creature(name, emoji, x, y, scale):
                placed += 1
        return placed

    def repeats(self, name: str) -> int:
        """How many of this plant or prop the scene has so far (0 for what `REPEAT_CAP` does not count: animals)."""
        if not repeat_capped(name):
            return 0
        return sum(1 for c in self.characters if not c["sentient"] and c["name"] == name) + sum(
            1 for p in self.props if p["name"] == name)

    def _random_in(self, box: Box) -> tuple[float, float]:
        return self.rng.uniform(box[0], box[2]), self.rng.uniform(box[1], box[3])

    def undo(self, count: int) -> None:
        """Take the last `count` characters out again (a vignette that found no room for all of its own)."""
        for _ in range(count):
            self._undo_last()

    def keep_clear(self, x: float, y: float, radius: float) -> None:
        """Nobody placed from now on stands within `radius` (scene widths) of (x, y): a thing the
        background draws on the ground stays in view (a vignette's dropped ice cream)."""
        self.blocked_circles.append((x, y, radius))

    def _undo_last(self) -> None:
        entry = self.characters.pop()
        key = (int(entry["x"] / APART), int(entry["y"] / (APART * self.aspect)))
        self._grid[key].pop()
        fp = footprint(entry["x"], entry["y"], entry["scale"], entry["traits"], self.aspect)
        self._prints[(int(fp.x0 // _CELL), int(fp.y0 // _CELL))].pop()
        self._names.discard(entry["name"].casefold())
        self._looks.discard(frozenset(entry["traits"].items()))
        if entry["sentient"]:
            self._costumes[entry["traits"].get("costume", "")] -= 1
            for members in self._members.values():
                if members and members[-1] == entry["id"]:
                    members.pop()
        self._people -= 1 if entry["sentient"] else 0

    # --- output ---------------------------------------------------------------

    def _retrait(self, entry: dict[str, object], traits: dict[str, str]) -> bool:
        """Give a placed person other traits of the same height (poses.tidy), if its look and name
        stay its own."""
        look = frozenset(traits.items())
        names = describe(traits)
        name = names["en"].indefinite
        old_traits, old_name = entry["traits"], entry["name"]
        assert isinstance(old_traits, dict) and isinstance(old_name, str)
        if look in self._looks or (name.casefold() in self._names and name.casefold() != old_name.casefold()):
            return False
        self._looks.discard(frozenset(old_traits.items()))
        self._names.discard(old_name.casefold())
        self._looks.add(look)
        self._names.add(name.casefold())
        entry.update(traits=traits, name=name, names=names_json(names))
        return True

    def to_json(self) -> SceneJson:
        """The scene file content (format 2, see scenes/README.md)."""
        people = [(cast(dict[str, object], c), self._crowds[c["id"]]) for c in self.characters if c["id"] in self._crowds]
        # a group left with one member is not written (`_groups_json`): that one looks at nothing
        aimed = {ident for number, members in self._members.items()
                 if number in self._group_at and len(members) >= 2 for ident in members}
        tidy(people, [(p["x"], p["y"]) for p in self.props], self.aspect, self._retrait, aimed,
             set(self._told) | self._attending)
        data: SceneJson = {
            "format": 2, "id": self.scene_id, "title": self.title, "theme": self.theme,
            "seed": self.seed, "generator": GENERATOR_VERSION if self.varied else SHIPPED_GENERATOR,
            "aspect": round(self.aspect, 6), "background": self.background,
            "characters": self.characters, "props": self.props,
            "groups": self._groups_json(), "set_pieces": self.set_pieces(), "lighting": self.lighting,
        }
        if self.regions:
            data["regions"] = [region.to_json() for region in self.regions]
        if self.tint:
            data["tint"] = self.tint
        if self.lights:
            data["lights"] = self.lights
        return data
