"""How much of a figure the figures in front of it hide (pure, no pygame).

The renderer draws figures back to front by the bottom of their box (their
feet), so a figure is hidden only by those whose feet are lower. Each figure
is reduced to the rectangle its body covers on screen (`footprint`); the
share of a suspect's rectangle under the rectangles drawn after it is
measured on a grid of sample points. The validator refuses a scene where a
suspect is more than `MAX_HIDDEN` hidden, and the generator asks the same
question before it places anyone, so its scenes never need fixing after.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lastmessage.scenes.figures import drawn_fraction
from lastmessage.scenes.geometry import FIGURE_SIZE, GLYPH_ASPECT, Size, unit
from lastmessage.scenes.traits import Traits

MAX_HIDDEN = 0.25
DETECTIVE_SIZE: Size = (1920, 1080)   # the detectives' monitor, where hiding matters
_SAMPLES_X, _SAMPLES_Y = 4, 8


@dataclass(frozen=True)
class Footprint:
    x0: float
    y0: float
    x1: float
    y1: float
    feet: float   # drawing order: larger is drawn later (in front)

    def covers(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    def overlaps(self, other: Footprint) -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1


def scene_box(x: float, y: float, scale: float, traits: Traits, aspect: float) -> tuple[float, float, float, float]:
    """A figure's drawn body (`footprint`) on the scene, 0..1 and cut by the frame: the `box` a scene
    file states for each character, so a check outside this program measures what is drawn."""
    fp = footprint(x, y, scale, traits, aspect)
    w, h = DETECTIVE_SIZE
    def clamp(v: float) -> float:
        return round(min(1.0, max(0.0, v)), 4)
    return clamp(fp.x0 / w), clamp(fp.y0 / h), clamp(fp.x1 / w), clamp(fp.y1 / h)


def footprint(x: float, y: float, scale: float, traits: Traits, aspect: float,
              size: Size = DETECTIVE_SIZE) -> Footprint:
    """The on-screen rectangle of a figure's body at `size` (pixels)."""
    height = FIGURE_SIZE * scale * unit(size, aspect)
    cx, cy = x * size[0], y * size[1]
    feet = cy + height / 2
    if "person" in traits:
        half = height * 0.19
        top = feet - height * drawn_fraction(traits)
        return Footprint(cx - half, top, cx + half, feet - height * 0.02, feet)
    half = height * GLYPH_ASPECT * 0.36
    return Footprint(cx - half, cy - height * 0.38, cx + half, cy + height * 0.4, feet)


# The head in the figure box (figures._body: a head of radius 16 centred 24 below the top of a box 200
# high): a tenth of the box either side of the middle, from the top of the drawn figure down to the
# chin at 0.18 of the box. The zone reaches 0.08 of the box above the top as well, where a crown or
# a top hat is drawn, so a thing resting on the hat meets it too.
_HEAD_HALF, _HEAD_ABOVE, _HEAD_BELOW = 0.1, 0.08, 0.18
_BODY_SHARE = 0.38     # a person's footprint is this share of its box wide (see `footprint`)
# A thing taller than this many of the person's boxes reads as a backdrop (a skeleton, a bar, a
# shop-front) the person stands before or behind, which the hiding rule judges; a smaller one by the
# head reads as worn or carried.
WORN_SIZE = 1.5
_TIE = 1e-6   # pixels: a mirrored scene's coordinates differ in their last bits, and a tie must be judged alike


def head_zone(person: Footprint) -> Footprint:
    """Where a person's head and headwear are drawn, from the person's footprint."""
    box = (person.x1 - person.x0) / _BODY_SHARE
    cx = (person.x0 + person.x1) / 2
    return Footprint(cx - _HEAD_HALF * box, person.y0 - _HEAD_ABOVE * box, cx + _HEAD_HALF * box,
                     person.y0 + _HEAD_BELOW * box, person.feet)


def on_head(person: Footprint, other: Footprint, other_is_person: bool) -> bool:
    """Whether `other` reads as worn on, perched on or standing on `person`'s head: a false clue.

    A thing (an animal, a small prop, a lamp's globe) no taller than `WORN_SIZE` of the person's box
    may not reach into the head zone at all: behind the head it makes a hat or a halo, in front of it
    it covers the face (a thing in front and below the head never reaches the zone). Another person
    only meets the rule with its feet: someone drawn behind whose feet end inside the zone seems to
    stand on the head (a chair-lift rider over a skier); a face beside a face is a crowd."""
    zone = head_zone(person)
    if not zone.overlaps(other):
        return False
    if other_is_person:
        return other.feet < person.feet and zone.y0 <= other.y1 <= zone.y1
    return other.y1 - other.y0 <= WORN_SIZE * (person.x1 - person.x0) / _BODY_SHARE + _TIE


def feet_in(person: Footprint, thing: Footprint) -> bool:
    """Whether a person's feet (the middle of the footprint's bottom) fall inside a thing's drawn box:
    the person seems to stand on it, or in it."""
    return thing.covers((person.x0 + person.x1) / 2, person.feet)


def hidden_fraction(target: Footprint, others: Iterable[Footprint]) -> float:
    """The share of `target` under the figures drawn after it."""
    blockers = [o for o in others if o.feet > target.feet and o.overlaps(target)]
    if not blockers:
        return 0.0
    hidden = 0
    width, height = target.x1 - target.x0, target.y1 - target.y0
    for i in range(_SAMPLES_X):
        px = target.x0 + width * (i + 0.5) / _SAMPLES_X
        for j in range(_SAMPLES_Y):
            py = target.y0 + height * (j + 0.5) / _SAMPLES_Y
            if any(b.covers(px, py) for b in blockers):
                hidden += 1
    return hidden / (_SAMPLES_X * _SAMPLES_Y)
