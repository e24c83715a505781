"""People as flat SVG illustrations, from their traits (pure: returns SVG text).

One style for everyone: flat colours, a thin dark outline, round limbs, a
head a little large for the body so that hair and headwear read at 40 px.
The figure is drawn in a box of 120 x 200 units (feet at the bottom, centred
on x = 60) facing right; facing left mirrors it. The SVG canvas is larger
than that box (`CANVAS`) so raised balloons, umbrellas and side-held boards
are not cut off; `render.py` rasterises it with pygame's SVG loader and puts
the box where the scene says the figure is.

nanosvg (pygame's SVG loader) has no patterns or clip paths, so stripes,
dots and checks are cut to the torso's outline here, by hand.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from lastmessage.scenes.traits import (
    BOTTOM_COLOURS, COLOURS, HAIR_COLOURS, HEADWEAR, IN_WATER, SKIN_TONES, SKIWEAR, SWIMWEAR, Traits,
)
from lastmessage.scenes.traits import WAIST_UP

BOX_W, BOX_H = 120.0, 200.0
CANVAS = (-40.0, -50.0, 200.0, 250.0)   # x, y, width, height of the SVG canvas in box units
OUT = "#2a2220"
LINE = 2.4
Point = tuple[float, float]

# Share of the box a pose fills from head to feet (the validator's 36 px rule uses it).
DRAWN_FRACTION = {"sitting": 0.76, "kneeling": 0.77, "lounging": 0.58, "swimming": 0.54, "splashing": 0.54, "bathing": 0.54,
                  "floating": 0.52, "skiing": 0.86, "serving": 0.52, "rowing": 0.52}
STANDING_FRACTION = 0.94
# A child on the shoulders (`_shoulder_child`): its head's top 45 units above the box, so the figure
# fills more than its box; the hiding rule and the drawn box measure it whole.
DRAWN_FRACTION["shouldering"] = (188.0 + 45.0) / 200.0
SNOW, SNOW_SHADE = "#f8fbff", "#c3d7ea"   # snow settled on people (`person_svg(snowy=True)`)
WAIST = 198.0   # where a waist-up figure (`WAIST_UP`) is cut: the counter top or gunwale at its feet point


def drawn_fraction(traits: Traits) -> float:
    """How much of the figure box the person fills top to bottom."""
    return DRAWN_FRACTION.get(traits.get("pose", ""), STANDING_FRACTION)


def legible_fraction(traits: Traits) -> float:
    """The share of the box the validator's 36 px rule measures: a standing person's, whatever the pose.

    The rule is there so a face, hair, headwear and top read on the detectives' monitor. Every pose is
    drawn at the scale of a standing person at its depth (the same head, the same torso); a sitter,
    a lounger, a swimmer or a vendor behind a counter only hides or folds its legs. So it is as
    legible as that person standing, and is measured as if it stood. Measuring what it draws would
    blow a swimmer up to 36 px from head to waterline: a giant head in the water, as big at the
    horizon as at the shore."""
    return STANDING_FRACTION


@dataclass(frozen=True)
class Body:
    head: Point
    head_r: float
    shoulder_y: float
    hip_y: float
    half_shoulders: float
    half_waist: float


def _body(traits: Traits) -> Body:
    build = traits.get("build", "average")
    widen = {"slim": -3.0, "average": 0.0, "broad": 4.5}.get(build, 0.0)
    if traits.get("person") in ("girl", "boy"):
        return Body((60, 34), 20, 66, 122, 19 + widen, 16 + widen)
    if traits.get("person", "").startswith("old"):
        return Body((61, 26), 16, 52, 110, 23 + widen, 21 + widen)
    return Body((60, 24), 16, 48, 108, 23 + widen, 19 + widen)


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _pts(points: Sequence[Point]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in points)


def _limb(points: Sequence[Point], colour: str, width: float) -> str:
    p = _pts(points)
    return (f'<polyline points="{p}" fill="none" stroke="{OUT}" stroke-width="{_f(width + 2 * LINE)}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>'
            f'<polyline points="{p}" fill="none" stroke="{colour}" stroke-width="{_f(width)}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>')


def _line(points: Sequence[Point], colour: str, width: float) -> str:
    return (f'<polyline points="{_pts(points)}" fill="none" stroke="{colour}" stroke-width="{_f(width)}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>')


def _poly(points: Sequence[Point], colour: str, outline: bool = True, opacity: float = 1.0) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}" stroke-linejoin="round"' if outline else ""
    alpha = f' fill-opacity="{opacity}"' if opacity < 1 else ""
    return f'<polygon points="{_pts(points)}" fill="{colour}"{alpha}{stroke}/>'


def _circle(x: float, y: float, r: float, colour: str, outline: bool = True, opacity: float = 1.0) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}"' if outline else ""
    alpha = f' fill-opacity="{opacity}"' if opacity < 1 else ""
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{colour}"{alpha}{stroke}/>'


def _ellipse(x: float, y: float, rx: float, ry: float, colour: str, outline: bool = True) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}"' if outline else ""
    return f'<ellipse cx="{_f(x)}" cy="{_f(y)}" rx="{_f(rx)}" ry="{_f(ry)}" fill="{colour}"{stroke}/>'


def _path(d: str, colour: str, outline: bool = True) -> str:
    stroke = f' stroke="{OUT}" stroke-width="{LINE}" stroke-linejoin="round"' if outline else ""
    return f'<path d="{d}" fill="{colour}"{stroke}/>'


def _shade(hex_colour: str, factor: float) -> str:
    """Darker (factor < 1) or lighter (> 1) version of a colour, for shadows and highlights."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    if factor < 1:
        r, g, b = (round(c * factor) for c in (r, g, b))
    else:
        r, g, b = (round(c + (255 - c) * (factor - 1)) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


# --- pose -------------------------------------------------------------------

@dataclass
class Pose:
    back_leg: list[Point]
    front_leg: list[Point]
    back_arm: list[Point]
    front_arm: list[Point]
    drop: float = 0.0          # how far the upper body sits lower (sitting)
    seat: bool = False
    water: float | None = None  # water line (swimming): nothing drawn below it
    tilt: float = 0.0          # degrees the whole figure leans forward about its feet (skiing down-slope)
    lean: float = 0.0          # degrees the upper body leans back about the hips (floating)


SWIM_WATER = 170.0   # the water line of a swimmer, before `SWIM_ZOOM`
SWIM_ZOOM = 1.3      # swimmers are drawn larger: head and shoulders fill what a whole body would


def _swim_stroke(traits: Traits) -> int:
    """0 crawl (an arm out of the water), 1 waving, 2 breaststroke: a stable choice per person, so a
    sea of swimmers is not one pose repeated."""
    return sum(map(ord, traits.get("top", "") + traits.get("skin", "") + traits.get("person", ""))) % 3


def _arm(shoulder: Point, side: float, grip: str, drop: float = 0.0) -> list[Point]:
    sx, sy = shoulder
    offsets = {
        "low": ((3, 28), (4, 54)), "mid": ((6, 30), (16, 22)), "up": ((9, 20), (13, -2)),
        "wave": ((12, -6), (15, -32)), "point": ((17, 4), (40, 0)), "swing_f": ((8, 27), (15, 50)),
        "swing_b": ((-6, 27), (-12, 50)), "run_f": ((12, 20), (24, 6)), "run_b": ((-12, 24), (-20, 12)),
        "lap": ((2, 26), (16, 40)), "carry": ((4, 28), (-10 + 0 * drop, 30)), "dance": ((10, -10), (20, -34)),
        "swim": ((14, -10), (26, -22)), "swim_b": ((-10, 20), (-18, 28)), "stroke": ((12, 16), (22, 28)),
        "out": ((18, 4), (38, 6)), "rest": ((16, 14), (32, 20)), "splash": ((14, -14), (20, -40)),
        "reach": ((18, -4), (40, -2)), "pole": ((14, 18), (28, 22)), "prop": ((-8, 26), (-14, 52)),
        "spread": ((18, -10), (34, -16)), "pull": ((-12, 24), (-36, 44)), "elbow": ((-14, 16), (-24, 32)),
        "hold_up": ((10, 10), (4, -2)),
    }
    (ex, ey), (hx, hy) = offsets[grip]
    return [(sx, sy), (sx + side * ex, sy + ey), (sx + side * hx, sy + hy)]


def _pose(traits: Traits, body: Body, grip: str) -> Pose:
    pose = traits.get("pose", "standing")
    sy = body.shoulder_y + 5
    back_sh = (60 - body.half_shoulders + 5, sy)
    front_sh = (60 + body.half_shoulders - 5, sy)
    hip, knee, ankle = body.hip_y, (body.hip_y + 188) / 2, 188.0
    bh, fh = (55.0, hip), (65.0, hip)
    held_front = pose not in ("waving", "pointing")
    item_grip = grip if grip in ("low", "mid", "up") else "low"
    back_arm = _arm(back_sh, -1, "low" if held_front else item_grip)
    front_arm = _arm(front_sh, 1, item_grip if held_front else "low")
    legs = ([bh, (55, knee), (54, ankle)], [fh, (65, knee), (66, ankle)])
    if pose == "walking":
        legs = ([bh, (53, knee), (44, ankle - 2)], [fh, (70, knee - 2), (77, ankle)])
        if grip == "none":
            back_arm, front_arm = _arm(back_sh, 1, "swing_b"), _arm(front_sh, 1, "swing_f")
    elif pose == "running":
        legs = ([bh, (50, knee + 4), (36, ankle - 14)], [fh, (80, knee - 14), (76, knee + 22)])
        back_arm, front_arm = _arm(back_sh, 1, "run_b"), _arm(front_sh, 1, "run_f")
    elif pose in ("sitting", "lounging"):
        return _seated_pose(pose, body, back_sh, front_sh, grip)
    elif pose in STORY_POSES:
        return _story_pose(pose, body, back_sh, front_sh, grip)
    elif pose in ("skiing", "skating"):
        return _sport_pose(pose, body, back_sh, front_sh, stick=traits.get("holding") == "hockey stick")
    elif pose == "waving":
        front_arm = _arm(front_sh, 1, "wave")
    elif pose == "pointing":
        front_arm = _arm(front_sh, 1, "point")
    elif pose == "carrying":
        back_arm = [back_sh, (back_sh[0] - 4, sy + 26), (back_sh[0] + 2, sy + 36)]
        front_arm = [front_sh, (front_sh[0] + 4, sy + 26), (front_sh[0] - 2, sy + 36)]
    elif pose == "dancing":
        back_arm, front_arm = _arm(back_sh, -1, "dance"), _arm(front_sh, 1, "dance")
        legs = ([bh, (54, knee), (50, ankle)], [fh, (80, knee - 12), (72, knee + 24)])
    elif pose in IN_WATER:
        return _water_pose(traits, body, back_sh, front_sh)
    elif pose in WAIST_UP:
        return _waist_up_pose(pose, body, back_sh, front_sh, grip)
    return Pose(legs[0], legs[1], back_arm, front_arm)


def _seated_pose(pose: str, body: Body, back_sh: Point, front_sh: Point, grip: str) -> Pose:
    """Sitting on a seat the scene draws (bench, chair, rim), or on the ground (a towel, the sand)
    leaning back on one hand: only the person, never a box under them."""
    item_grip = grip if grip in ("low", "mid", "up") else "lap"
    legs: tuple[list[Point], list[Point]]
    if pose == "sitting":
        d = 38.0
        seat_y = body.hip_y + d
        legs = ([(55, seat_y), (78, seat_y + 2), (78, 188.0)], [(65, seat_y), (86, seat_y + 2), (86, 188.0)])
        back_arm = _arm((back_sh[0], back_sh[1] + d), 1, "lap")
    else:
        d = 184.0 - body.hip_y
        legs = ([(55, 184.0), (84, 186.0), (110, 188.0)], [(65, 184.0), (82, 164.0), (96, 186.0)])
        back_arm = _arm((back_sh[0], back_sh[1] + d), 1, "prop")
    front_arm = _arm((front_sh[0], front_sh[1] + d), 1, item_grip)
    return Pose(legs[0], legs[1], back_arm, front_arm, drop=d, seat=True)


STORY_POSES = ("kneeling", "reaching", "tripping", "pulling", "leaning", "shouldering")
"""Poses only a story's people take (`scenegen/vignettes.py`): kneeling to propose or to comfort a
child, reaching out to hand something over (or into a pocket), tripping forward with arms flung up;
and the contact poses: pulling a suitcase, a sled or a child's hand, leaning back on a rail (the
story draws it), carrying a child on the shoulders (drawn with the person)."""
CONTACT_POSES = ("pulling", "leaning", "shouldering")   # named in the description (`traits.describe`)


def _story_pose(pose: str, body: Body, back_sh: Point, front_sh: Point, grip: str) -> Pose:
    """One knee on the ground, the other foot forward and what is held offered up (kneeling); standing,
    the front arm held straight out with the thing in it (reaching); pitched forward on one foot, the
    other kicked up behind, both arms flung up (tripping); striding forward bent into the pull, the
    holding arm stretched back (pulling); ankles crossed, the body leant back on both elbows
    (leaning); both hands up holding the shins of the child on the shoulders (shouldering)."""
    legs: tuple[list[Point], list[Point]]
    if pose in CONTACT_POSES:
        return _contact_pose(pose, body, back_sh, front_sh)
    if pose == "kneeling":
        d = 34.0
        hip = body.hip_y + d
        legs = ([(55.0, hip), (46.0, 184.0), (20.0, 188.0)], [(65.0, hip), (90.0, hip + 4), (90.0, 188.0)])
        sh_back, sh_front = (back_sh[0], back_sh[1] + d), (front_sh[0], front_sh[1] + d)
        return Pose(legs[0], legs[1], _arm(sh_back, 1, "lap"), _arm(sh_front, 1, "reach"), drop=d)
    hip, knee, ankle = body.hip_y, (body.hip_y + 188) / 2, 188.0
    if pose == "reaching":
        legs = ([(55.0, hip), (52.0, knee), (46.0, ankle)], [(65.0, hip), (70.0, knee), (74.0, ankle)])
        return Pose(legs[0], legs[1], _arm(back_sh, -1, "low"), _arm(front_sh, 1, "reach"))
    legs = ([(55.0, hip), (40.0, knee - 4), (18.0, knee - 16)], [(65.0, hip), (70.0, knee), (72.0, ankle)])
    return Pose(legs[0], legs[1], _arm(back_sh, -1, "splash"), _arm(front_sh, 1, "spread"), tilt=12.0)


def _contact_pose(pose: str, body: Body, back_sh: Point, front_sh: Point) -> Pose:
    hip, knee, ankle = body.hip_y, (body.hip_y + 188) / 2, 188.0
    if pose == "pulling":
        legs = ([(55.0, hip), (50.0, knee), (40.0, ankle)], [(65.0, hip), (76.0, knee - 2), (82.0, ankle)])
        return Pose(legs[0], legs[1], _arm(back_sh, 1, "swing_f"), _arm(front_sh, 1, "pull"), tilt=7.0)
    if pose == "leaning":
        legs = ([(55.0, hip), (58.0, knee), (70.0, ankle)], [(65.0, hip), (66.0, knee), (52.0, ankle)])
        return Pose(legs[0], legs[1], _arm(back_sh, 1, "elbow"), _arm(front_sh, 1, "elbow"), lean=-9.0)
    legs = ([(55.0, hip), (55.0, knee), (54.0, ankle)], [(65.0, hip), (65.0, knee), (66.0, ankle)])
    return Pose(legs[0], legs[1], _arm(back_sh, 1, "hold_up"), _arm(front_sh, -1, "hold_up"))


# The child on a person's shoulders: its own look, fixed (it is part of the person's drawing, not a
# suspect), big enough to read at the game panel's size: a head three quarters of an adult's.
_CHILD_TOP, _CHILD_LEGS, _CHILD_HAIR = "#fab005", "#1c7ed6", "#7a4a24"


def _shoulder_child(body: Body, skin: str, part: str) -> str:
    """The child sitting on the shoulders: its body and head behind the person's head (`part` "back"),
    its legs over the shoulders and arms holding the head in front of it ("front")."""
    hx, hy = body.head
    seat = hy - 6
    if part == "back":
        return (_poly([(hx - 16, seat), (hx + 16, seat), (hx + 14, seat - 34), (hx - 14, seat - 34)], _CHILD_TOP)
                + _circle(hx, seat - 47, 14, skin)
                + _path(f"M{_f(hx - 14)},{_f(seat - 47)} Q{_f(hx)},{_f(seat - 71)} {_f(hx + 14)},{_f(seat - 47)} "
                        f"Q{_f(hx)},{_f(seat - 55)} {_f(hx - 14)},{_f(seat - 47)} Z", _CHILD_HAIR)
                + _circle(hx - 5, seat - 46, 1.8, OUT, False) + _circle(hx + 5, seat - 46, 1.8, OUT, False)
                + _line([(hx - 3, seat - 39), (hx + 4, seat - 39)], OUT, 1.2))
    legs = "".join(_limb([(hx + side * 13, seat - 4), (hx + side * 22, hy + 2), (hx + side * 24, body.shoulder_y + 4),
                          (hx + side * 22, body.shoulder_y + 18)], _CHILD_LEGS, 9) for side in (-1, 1))
    arms = "".join(_limb([(hx + side * 14, seat - 28), (hx + side * 20, seat - 14), (hx + side * 15, hy - 8)],
                         _CHILD_TOP, 7) for side in (-1, 1))
    return legs + arms


def _sled(hand: Point, side: float) -> str:
    """A wooden sled on the snow, `side` of the hand that pulls it by a rope."""
    x, y = hand
    back = x + side * 46
    runner = 192.0
    return (_line([(x, y), (back - side * 16, runner - 14)], "#868e96", 1.4)
            + _poly([(back - 20, runner - 16), (back + 18, runner - 16), (back + 18, runner - 9), (back - 20, runner - 9)],
                    "#c92a2a")
            + _path(f"M{_f(back - 24)},{_f(runner)} L{_f(back + 18)},{_f(runner)} Q{_f(back + 26)},{_f(runner)} "
                    f"{_f(back + 26)},{_f(runner - 8)}", "none")
            + _line([(back - 14, runner - 9), (back - 14, runner)], OUT, 2)
            + _line([(back + 12, runner - 9), (back + 12, runner)], OUT, 2))


# A hockey player's stick, from the lower hand (`_item` gets it): the top hand above and behind it on
# the shaft, the blade's heel on the ice ahead of the front skate and the blade flat on the ice.
_HOCKEY_TILT = 8.0               # the player leans into the stride more than a skater gliding
_ICE = 192.5                     # the ice once the figure is tilted: where the front skate's blade is
_STICK_TOP = (-8.0, -26.0)       # the top hand, from the lower hand
_STICK_HEEL, _STICK_TOE, _PUCK = 22.0, 44.0, 53.0   # x from the lower hand: the blade about two hands long


def _on_ice(x: float, tilt: float = _HOCKEY_TILT) -> float:
    """The y, before the figure's tilt about (100, 196), of the point at `x` that the tilt puts on the ice."""
    t = math.radians(tilt)
    return 196 + (_ICE - 196 - (x - 100) * math.sin(t)) / math.cos(t)


def _sport_pose(pose: str, body: Body, back_sh: Point, front_sh: Point, *, stick: bool = False) -> Pose:
    """Skiing (knees bent, poles planted behind, leaning down the slope) or skating (gliding on one
    leg, the other stretched behind, arms out for balance); a hockey player (`stick`) skates crouched,
    both hands low on the stick, the lower one forward, the blade flat on the ice before the skates."""
    legs: tuple[list[Point], list[Point]]
    if pose == "skiing":
        d = 14.0
        hip = body.hip_y + d
        knee = (hip + 186) / 2
        legs = ([(55, hip), (70, knee + 2), (56, 186.0)], [(65, hip), (79, knee), (65, 186.0)])
        back_arm = _arm((back_sh[0], back_sh[1] + d), 1, "pole")
        front_arm = _arm((front_sh[0], front_sh[1] + d), 1, "pole")
        return Pose(legs[0], legs[1], back_arm, front_arm, drop=d, tilt=11.0)
    if stick:
        d = 12.0
        hip = body.hip_y + d
        knee = (hip + 186) / 2
        legs = ([(55, hip), (42, knee + 8), (22, 176.0)], [(65, hip), (76, knee - 2), (68, 184.0)])
        (bx, by), (fx, fy) = (back_sh[0], back_sh[1] + d), (front_sh[0], front_sh[1] + d)
        low = (fx + 18, fy + 51)   # the lower hand forward on the shaft, its elbow out clear of the top hand
        top = (low[0] + _STICK_TOP[0], low[1] + _STICK_TOP[1])
        back_arm = [(bx, by), (bx + 20, by + 35), top]   # across the body, drawn in front of it
        front_arm = [(fx, fy), (fx + 26, fy + 17), low]
        return Pose(legs[0], legs[1], back_arm, front_arm, drop=d, tilt=_HOCKEY_TILT)
    hip = body.hip_y
    knee = (hip + 186) / 2
    legs = ([(55, hip), (44, knee + 6), (24, 174.0)], [(65, hip), (69, knee), (68, 184.0)])
    return Pose(legs[0], legs[1], _arm(back_sh, -1, "out"), _arm(front_sh, 1, "out"), tilt=5.0)


def _waist_up_pose(pose: str, body: Body, back_sh: Point, front_sh: Point, grip: str) -> Pose:
    """Behind a counter, a hand on it and the other reaching over it with what is sold (serving), or
    sitting in a boat, both hands forward on the oars (rowing): the body drops so the waist is at the
    box bottom, and no legs."""
    d = WAIST - body.hip_y
    back_sh, front_sh = (back_sh[0], back_sh[1] + d), (front_sh[0], front_sh[1] + d)
    item_grip = grip if grip in ("low", "mid", "up") else "stroke"
    back = _arm(back_sh, 1, "lap" if pose == "serving" else "stroke")
    return Pose([], [], back, _arm(front_sh, 1, item_grip), drop=d)


def _oar(pose: Pose) -> str:
    """The loom of an oar from the rower's back hand down to the gunwale (the blade is the boat's)."""
    hx, hy = pose.back_arm[-1]
    return _line([(hx - 8, hy - 6), (hx + 34, BOX_H)], OUT, 6.4) + _line([(hx - 8, hy - 6), (hx + 34, BOX_H)], "#d9a45b", 4)


def _water_pose(traits: Traits, body: Body, back_sh: Point, front_sh: Point) -> Pose:
    """In the water to the chest: swimming (a crawl, a wave or a breaststroke), splashing (both arms
    up), floating on the back (leaning back, arms spread, toes up) or bathing in a hot spring (arms
    resting on the surface)."""
    pose = traits.get("pose", "swimming")
    d = SWIM_WATER - (body.shoulder_y + 30)
    back_sh, front_sh = (back_sh[0], back_sh[1] + d), (front_sh[0], front_sh[1] + d)
    lean = 0.0
    if pose == "splashing":
        back, front = _arm(back_sh, -1, "splash"), _arm(front_sh, 1, "splash")
    elif pose == "floating":
        back, front, lean = _arm(back_sh, -1, "spread"), _arm(front_sh, 1, "spread"), -38.0
    elif pose == "bathing":
        back, front = _arm(back_sh, -1, "rest"), _arm(front_sh, 1, "rest")
    else:
        stroke = _swim_stroke(traits)
        front = _arm(front_sh, 1, ("reach", "wave", "stroke")[stroke])
        back = _arm(back_sh, 1, "stroke" if stroke == 2 else "swim_b")
    return Pose([], [], back, front, drop=d, water=SWIM_WATER, lean=lean)


# --- parts ------------------------------------------------------------------

def _half_width(body: Body, y: float) -> float:
    top = body.shoulder_y + 4
    t = min(1.0, max(0.0, (y - top) / (body.hip_y - top)))
    return body.half_shoulders + (body.half_waist - body.half_shoulders) * t


def _pattern(body: Body, pattern: str, colour: str, y0: float, y1: float, flare: float = 0.0) -> list[str]:
    """Stripes, dots or checks cut to the torso (and a dress's flare below the hips)."""
    ink = "#ffffff" if colour not in ("#f4f4f2", "#fcc419", "#eeeeea") else "#2f4fa8"
    if colour == "#fcc419":
        ink = "#d9480f"

    def half(y: float) -> float:
        if y <= body.hip_y:
            return _half_width(body, y)
        return body.half_waist + flare * (y - body.hip_y) / max(1.0, y1 - body.hip_y)

    parts: list[str] = []
    if pattern == "stripes":
        y = y0 + 5
        while y + 5 < y1:
            a, b = half(y) - 1.2, half(y + 5) - 1.2
            parts.append(_poly([(60 - a, y), (60 + a, y), (60 + b, y + 5), (60 - b, y + 5)], ink, False))
            y += 11
    elif pattern == "dots":
        row = 0
        y = y0 + 7
        while y < y1 - 3:
            h = half(y) - 4
            x = 60 - h + (5 if row % 2 else 0)
            while x <= 60 + h:
                parts.append(_circle(x, y, 2.9, ink, False))
                x += 10
            y += 9
            row += 1
    elif pattern == "checks":
        dark = "#1b1b1b"
        y = y0 + 3
        while y + 4 < y1:
            a, b = half(y) - 1, half(y + 4) - 1
            parts.append(_poly([(60 - a, y), (60 + a, y), (60 + b, y + 4), (60 - b, y + 4)], dark, False, 0.3))
            y += 10
        for x in range(-30, 31, 10):
            ys = [yy for yy in (y0 + 1, y1 - 1) if abs(x) + 2.5 < half(yy)]
            if len(ys) == 2:
                parts.append(_poly([(60 + x - 2, ys[0]), (60 + x + 2, ys[0]), (60 + x + 2, ys[1]),
                                    (60 + x - 2, ys[1])], dark, False, 0.3))
    return parts


def _torso(traits: Traits, body: Body, pose: Pose, colour: str, pattern: str, bottom_colour: str) -> str:
    bottom_kind = traits.get("bottom", "")
    if bottom_kind in ("bikini", "trunks") and pose.water is None:
        return _bare_torso(bottom_kind, body, colour, pattern, traits.get("skin", ""))
    top = body.shoulder_y
    padded = bottom_kind.endswith(SKIWEAR)
    hs, hw = body.half_shoulders + (3 if padded else 0), body.half_waist + (4 if padded else 0)
    dress = bottom_kind == "dress"
    long = dress and not pose.seat and pose.water is None
    bottom = body.hip_y + (44 if long else 0 if pose.water is not None else 4)
    flare = 12.0 if long else 0.0
    outline = [(60 - hs + 5, top), (60 + hs - 5, top), (60 + hs, top + 8), (60 + hw, body.hip_y),
               (60 + hw + flare, bottom), (60 - hw - flare, bottom), (60 - hw, body.hip_y), (60 - hs, top + 8)]
    parts = [_poly(outline, colour), _poly([(60 - 5, top), (60 + 5, top), (60, top + 6)], _shade(colour, 0.75), False)]
    parts += _pattern(body, pattern, colour, top + 2, bottom - 2, flare)
    if padded:   # quilted: dark seams across, a high collar and a zip
        seam = _shade(colour, 0.72)
        for y in (top + 18, top + 34, top + 50):
            if y < bottom - 4:
                parts.append(_line([(60 - _half_width(body, y) - 2, y), (60 + _half_width(body, y) + 2, y)], seam, 1.6))
        parts.append(_line([(60, top + 4), (60, bottom - 2)], seam, 1.4))
        parts.append(_poly([(60 - 9, top - 5), (60 + 9, top - 5), (60 + 11, top + 3), (60 - 11, top + 3)], colour))
    if bottom_kind.endswith("salopettes") and not pose.seat:   # the bib over the jacket's hem
        parts.append(_poly([(60 - hw + 2, body.hip_y - 22), (60 + hw - 2, body.hip_y - 22),
                            (60 + hw, body.hip_y + 2), (60 - hw, body.hip_y + 2)], bottom_colour))
    return "".join(parts)


def _bare_torso(kind: str, body: Body, colour: str, pattern: str, skin_name: str) -> str:
    """A bare chest with a bikini or swimming trunks in the top's colour and pattern, drawn large
    enough to read at playing size (trunks are board shorts down the thighs): on the beach they
    carry the name's colour and pattern, the clue a victim gives."""
    skin = SKIN_TONES.get(skin_name, "#d9a066")
    top, hip = body.shoulder_y, body.hip_y
    hs, hw = body.half_shoulders, body.half_waist
    parts = [_poly([(60 - hs + 5, top), (60 + hs - 5, top), (60 + hs, top + 8), (60 + hw, hip + 4),
                    (60 - hw, hip + 4), (60 - hs, top + 8)], skin)]
    if kind == "bikini":   # a sporty top from the armpits to below the chest, full briefs
        y0, y1 = top + 7, top + 30
        a, b = _half_width(body, y0) - 1, _half_width(body, y1) - 1
        parts.append(_poly([(60 - a, y0), (60 + a, y0), (60 + b, y1), (60 - b, y1)], colour))
        parts += _pattern(body, pattern, colour, y0 - 3, y1 + 2)
        parts.append(_line([(60 - a + 4, y0), (60 - hs + 8, top + 1)], colour, 3))
        parts.append(_line([(60 + a - 4, y0), (60 + hs - 8, top + 1)], colour, 3))
        parts.append(_poly([(60 - hw - 2, hip - 12), (60 + hw + 2, hip - 12), (60 + hw + 2, hip + 4), (60 + 8, hip + 16),
                            (60 - 8, hip + 16), (60 - hw - 2, hip + 4)], colour))
        parts += _pattern(body, pattern, colour, hip - 12, hip + 12)
        return "".join(parts)
    # board shorts from the navel to the knees
    parts.append(_poly([(60 - hw - 1, hip - 20), (60 + hw + 1, hip - 20), (60 + hw + 6, hip + 42), (63, hip + 42),
                        (60, hip + 22), (57, hip + 42), (60 - hw - 6, hip + 42)], colour))
    parts += _pattern(body, pattern, colour, hip - 20, hip + 40, 6.0)
    return "".join(parts)


def _hair_back(style: str, colour: str, body: Body) -> str:
    hx, hy = body.head
    r = body.head_r
    if style == "long":
        return _path(f"M{_f(hx - r - 3)},{_f(hy - 4)} Q{_f(hx)},{_f(hy - r - 10)} {_f(hx + r + 3)},{_f(hy - 4)} "
                     f"L{_f(hx + r + 4)},{_f(hy + r + 16)} L{_f(hx - r - 4)},{_f(hy + r + 16)} Z", colour)
    if style == "bob":
        return _path(f"M{_f(hx - r - 4)},{_f(hy - 2)} Q{_f(hx)},{_f(hy - r - 10)} {_f(hx + r + 4)},{_f(hy - 2)} "
                     f"L{_f(hx + r + 4)},{_f(hy + r - 1)} L{_f(hx - r - 4)},{_f(hy + r - 1)} Z", colour)
    if style == "afro":
        return _circle(hx, hy - 4, r * 1.55, colour)
    if style == "ponytail":
        return _limb([(hx - r + 2, hy - 6), (hx - r - 8, hy + 2), (hx - r - 10, hy + 20)], colour, 8)
    if style == "braids":
        return (_limb([(hx - r, hy - 2), (hx - r - 3, hy + 26)], colour, 6)
                + _limb([(hx + r, hy - 2), (hx + r + 3, hy + 26)], colour, 6)
                + _circle(hx - r - 3, hy + 28, 2.6, "#e03131") + _circle(hx + r + 3, hy + 28, 2.6, "#e03131"))
    return ""


def _hair_front(style: str, colour: str, body: Body) -> str:
    hx, hy = body.head
    r = body.head_r
    cap = _path(f"M{_f(hx - r - 1)},{_f(hy + 2)} A{_f(r + 1)},{_f(r + 1)} 0 0 1 {_f(hx + r + 1)},{_f(hy + 2)} "
                f"L{_f(hx + r - 3)},{_f(hy - 5)} Q{_f(hx + 2)},{_f(hy - r * 0.35)} {_f(hx - r + 2)},{_f(hy - 3)} Z",
                colour)
    if style in ("short", "long", "bob", "ponytail", "braids"):
        return cap
    if style == "bun":
        return _circle(hx - 2, hy - r - 4, 7.5, colour) + cap
    if style == "curly":
        return "".join(_circle(hx + r * math.cos(a), hy - 2 + r * math.sin(a) * 0.95, r * 0.42, colour)
                       for a in (math.pi * k / 6 for k in range(6, 13)))
    if style == "afro":
        return ""
    if style == "mohawk":
        return _path(f"M{_f(hx - 4)},{_f(hy - r + 1)} L{_f(hx - 2)},{_f(hy - r - 13)} L{_f(hx + 3)},{_f(hy - r - 10)} "
                     f"L{_f(hx + 6)},{_f(hy - r + 2)} Z", colour)
    return ""


def _headwear(kind: str, colour: str, body: Body) -> str:
    hx, hy = body.head
    r = body.head_r
    top = hy - r
    if kind == "cap":
        return (_path(f"M{_f(hx - r - 1)},{_f(hy - 2)} A{_f(r + 1)},{_f(r + 1)} 0 0 1 {_f(hx + r + 1)},{_f(hy - 2)} Z",
                      colour)
                + _path(f"M{_f(hx + r - 4)},{_f(hy - 4)} L{_f(hx + r + 12)},{_f(hy - 1)} L{_f(hx + r)},{_f(hy + 1)} Z",
                        _shade(colour, 0.7)))
    if kind == "beanie":
        return (_path(f"M{_f(hx - r - 1)},{_f(hy - 1)} A{_f(r + 1)},{_f(r + 3)} 0 0 1 {_f(hx + r + 1)},{_f(hy - 1)} Z",
                      colour)
                + _poly([(hx - r - 2, hy - 6), (hx + r + 2, hy - 6), (hx + r + 2, hy + 1), (hx - r - 2, hy + 1)],
                        _shade(colour, 0.8))
                + _circle(hx, top - 4, 5.5, "#ffffff"))
    if kind == "beret":
        return _ellipse(hx - 1, top + 3, r + 5, 6.5, colour) + _circle(hx - 1, top - 3, 2, colour)
    if kind == "bandana":
        return (_poly([(hx - r - 1, hy - 9), (hx + r + 1, hy - 9), (hx + r + 1, hy - 3), (hx - r - 1, hy - 3)], colour)
                + _poly([(hx - r, hy - 7), (hx - r - 10, hy - 2), (hx - r - 8, hy + 6)], colour))
    if kind == "headscarf":
        return _path(f"M{_f(hx - r - 4)},{_f(hy + r + 8)} L{_f(hx - r - 4)},{_f(hy - 2)} "
                     f"A{_f(r + 4)},{_f(r + 5)} 0 0 1 {_f(hx + r + 4)},{_f(hy - 2)} L{_f(hx + r + 4)},{_f(hy + r + 8)} "
                     f"L{_f(hx + r - 1)},{_f(hy + r + 4)} L{_f(hx + r - 2)},{_f(hy - 2)} "
                     f"Q{_f(hx)},{_f(hy - r + 2)} {_f(hx - r + 2)},{_f(hy - 2)} L{_f(hx - r + 1)},{_f(hy + r + 4)} Z",
                     colour)
    if kind in ("sun hat", "straw hat"):
        c = "#f6e7c8" if kind == "sun hat" else "#e2bf63"
        band = "#e64980" if kind == "sun hat" else "#7a4b1c"
        return (_ellipse(hx, hy - 7, r + 14, 5, c) + _path(
            f"M{_f(hx - r + 2)},{_f(hy - 8)} Q{_f(hx)},{_f(top - 14)} {_f(hx + r - 2)},{_f(hy - 8)} Z", c)
            + _poly([(hx - r + 3, hy - 11), (hx + r - 3, hy - 11), (hx + r - 2, hy - 8), (hx - r + 2, hy - 8)],
                    band, False))
    if kind == "top hat":
        return (_ellipse(hx, hy - 8, r + 6, 3.5, "#1d1d22")
                + _poly([(hx - r + 3, hy - 9), (hx - r + 4, top - 20), (hx + r - 4, top - 20), (hx + r - 3, hy - 9)],
                        "#1d1d22")
                + _poly([(hx - r + 3, hy - 14), (hx + r - 3, hy - 14), (hx + r - 3, hy - 10), (hx - r + 3, hy - 10)],
                        "#c92a2a", False))
    if kind == "cowboy hat":
        c = "#9c6b3c"
        return (_path(f"M{_f(hx - r - 12)},{_f(hy - 12)} Q{_f(hx)},{_f(hy - 2)} {_f(hx + r + 12)},{_f(hy - 12)} "
                      f"Q{_f(hx)},{_f(hy - 6)} {_f(hx - r - 12)},{_f(hy - 12)} Z", c)
                + _path(f"M{_f(hx - r + 1)},{_f(hy - 8)} L{_f(hx - r + 3)},{_f(top - 8)} Q{_f(hx)},{_f(top - 2)} "
                        f"{_f(hx + r - 3)},{_f(top - 8)} L{_f(hx + r - 1)},{_f(hy - 8)} Z", c))
    if kind == "helmet":
        return (_path(f"M{_f(hx - r - 3)},{_f(hy - 1)} A{_f(r + 3)},{_f(r + 4)} 0 0 1 {_f(hx + r + 3)},{_f(hy - 1)} Z",
                      colour)
                + _line([(hx - 4, top - 2), (hx - 4, hy - 3)], "#ffffff", 2.5))
    if kind == "swim cap":
        return _path(f"M{_f(hx - r - 1)},{_f(hy + 1)} A{_f(r + 1)},{_f(r + 2)} 0 0 1 {_f(hx + r + 1)},{_f(hy + 1)} Z",
                     colour)
    if kind == "crown":
        return _poly([(hx - r + 1, hy - 8), (hx - r, top - 9), (hx - r / 2, top - 2), (hx, top - 12),
                      (hx + r / 2, top - 2), (hx + r, top - 9), (hx + r - 1, hy - 8)], "#f5c518")
    if kind == "party hat":
        return (_poly([(hx - r + 3, top + 5), (hx + 4, top - 22), (hx + r - 1, top + 7)], "#ae3ec9")
                + _circle(hx - 2, top - 3, 2.2, "#ffe066", False) + _circle(hx + 4, top + 3, 2.2, "#ffe066", False)
                + _circle(hx + 4, top - 23, 3.5, "#ffe066"))
    if kind == "flower crown":
        return "".join(_circle(hx + (r + 1) * math.cos(a), hy - 4 + (r + 1) * math.sin(a) * 0.7, 4, c)
                       for a, c in zip((math.pi * k / 5 for k in range(5, 11)),
                                       ("#f06595", "#fcc419", "#ff8787", "#ffffff", "#f06595", "#fcc419")))
    if kind == "headphones":
        return (_line([(hx - r - 2, hy), (hx - r + 1, top - 1), (hx + r - 1, top - 1), (hx + r + 2, hy)], OUT, 5.5)
                + _line([(hx - r - 2, hy), (hx - r + 1, top - 1), (hx + r - 1, top - 1), (hx + r + 2, hy)],
                        "#e03131", 3)
                + _ellipse(hx - r - 1, hy + 1, 4, 6, "#e03131") + _ellipse(hx + r + 1, hy + 1, 4, 6, "#e03131"))
    if kind == "chef's hat":
        return (_poly([(hx - r + 2, hy - 8), (hx + r - 2, hy - 8), (hx + r - 2, top - 4), (hx - r + 2, top - 4)],
                      "#ffffff")
                + _circle(hx - 7, top - 8, 8, "#ffffff") + _circle(hx + 7, top - 8, 8, "#ffffff")
                + _circle(hx, top - 13, 8, "#ffffff")
                + _poly([(hx - r + 3, top - 4), (hx + r - 3, top - 4), (hx + r - 3, top + 2), (hx - r + 3, top + 2)],
                        "#ffffff", False))
    if kind == "police cap":
        return (_path(f"M{_f(hx - r - 2)},{_f(hy - 6)} L{_f(hx - r)},{_f(top - 4)} L{_f(hx + r + 2)},{_f(top - 4)} "
                      f"L{_f(hx + r + 2)},{_f(hy - 6)} Z", "#1d2f5e")
                + _path(f"M{_f(hx + 2)},{_f(hy - 7)} L{_f(hx + r + 10)},{_f(hy - 4)} L{_f(hx + r)},{_f(hy - 2)} Z",
                        "#111111")
                + _circle(hx + 4, top + 2, 2.5, "#fcc419", False))
    if kind == "space helmet":
        return (_circle(hx, hy, r + 7, "#d0ebff", True, 0.45) + _circle(hx, hy, r + 7, "none")
                + _ellipse(hx + 6, hy - 9, 4, 6, "#ffffff", False))
    if kind == "pirate hat":
        return (_path(f"M{_f(hx - r - 8)},{_f(hy - 6)} Q{_f(hx)},{_f(top - 22)} {_f(hx + r + 8)},{_f(hy - 6)} "
                      f"Q{_f(hx)},{_f(hy - 12)} {_f(hx - r - 8)},{_f(hy - 6)} Z", "#1d1d22")
                + _circle(hx, top - 2, 3, "#ffffff", False))
    return ""


FACE_TRAITS = ("glasses", "beard", "mask")   # drawn on the face: a back view has none of them
FACE_COSTUMES = ("clown", "pirate")          # their nose and eye patch are on the face


def _back_of_head(style: str, skin: str, hair_colour: str, body: Body) -> str:
    """The head seen from behind: the hair covers it down to the nape (a bald head shows its ears)."""
    hx, hy = body.head
    r = body.head_r
    head = _circle(hx, hy, r, skin)
    if style == "bald":
        return head + _ellipse(hx - r, hy + 2, 2.4, 3.6, skin) + _ellipse(hx + r, hy + 2, 2.4, 3.6, skin)
    if style == "afro":
        return head + _circle(hx, hy - 3, r * 1.5, hair_colour)
    if style == "mohawk":   # a strip of hair up the middle of a shaven head
        return head + _path(f"M{_f(hx - 3.5)},{_f(hy - r - 10)} L{_f(hx + 3.5)},{_f(hy - r - 10)} "
                            f"L{_f(hx + 3.5)},{_f(hy + r - 2)} L{_f(hx - 3.5)},{_f(hy + r - 2)} Z", hair_colour)
    nape = {"long": r + 14, "bob": r + 1, "braids": r + 2, "curly": r + 1}.get(style, r - 2)
    cover = _path(f"M{_f(hx - r - 1)},{_f(hy + 2)} A{_f(r + 1)},{_f(r + 1)} 0 0 1 {_f(hx + r + 1)},{_f(hy + 2)} "
                  f"L{_f(hx + r)},{_f(hy + nape)} Q{_f(hx)},{_f(hy + nape + 3)} {_f(hx - r)},{_f(hy + nape)} Z",
                  hair_colour)
    if style == "bun":
        cover += _circle(hx, hy - r + 2, 7.5, hair_colour)
    if style == "ponytail":
        cover += _limb([(hx, hy - 2), (hx + 1, hy + r + 14)], hair_colour, 8)
    return head + cover


def _face(traits: Traits, body: Body, skin: str, hair_colour: str) -> str:
    hx, hy = body.head
    r = body.head_r
    parts = [_circle(hx, hy, r, skin)]
    ex = hx + 3
    eye = "#231d1a"
    parts += [_circle(ex - 5, hy + 1, 1.9, eye, False), _circle(ex + 5, hy + 1, 1.9, eye, False)]
    parts.append(_line([(ex - 4, hy + 8), (ex, hy + 9.5), (ex + 4, hy + 8)], "#7a2e2e", 1.6))
    parts.append(_circle(ex + 9, hy + 5, 2.6, "#ff8787", False, 0.45))
    beard = traits.get("beard")
    facial = hair_colour if traits.get("hair", "") != "bald" else "#5b4636"
    if beard == "beard":
        parts.append(_path(f"M{_f(hx - r + 1)},{_f(hy + 1)} Q{_f(hx - r + 3)},{_f(hy + r + 9)} {_f(hx + 3)},{_f(hy + r + 9)} "
                           f"Q{_f(hx + r + 1)},{_f(hy + r + 7)} {_f(hx + r - 1)},{_f(hy + 1)} "
                           f"L{_f(ex + 6)},{_f(hy + 5)} Q{_f(ex)},{_f(hy + 12)} {_f(ex - 6)},{_f(hy + 5)} Z", facial))
    elif beard == "moustache":
        parts.append(_path(f"M{_f(ex - 7)},{_f(hy + 8)} Q{_f(ex)},{_f(hy + 2)} {_f(ex + 7)},{_f(hy + 8)} "
                           f"Q{_f(ex)},{_f(hy + 6)} {_f(ex - 7)},{_f(hy + 8)} Z", facial))
    mask = traits.get("mask")
    if mask == "face mask":
        parts.append(_path(f"M{_f(hx - r + 2)},{_f(hy + 3)} L{_f(hx + r - 1)},{_f(hy + 3)} "
                           f"Q{_f(hx + r - 2)},{_f(hy + r - 1)} {_f(hx + 2)},{_f(hy + r)} "
                           f"Q{_f(hx - r + 3)},{_f(hy + r - 2)} {_f(hx - r + 2)},{_f(hy + 3)} Z", "#a5d8ff"))
    elif mask == "eye mask":
        parts.append(_path(f"M{_f(ex - 11)},{_f(hy - 3)} L{_f(ex + 11)},{_f(hy - 3)} L{_f(ex + 9)},{_f(hy + 5)} "
                           f"L{_f(ex)},{_f(hy + 3)} L{_f(ex - 9)},{_f(hy + 5)} Z", "#862e9c"))
    glasses = traits.get("glasses")
    if glasses == "glasses":
        parts += [_circle(ex - 5, hy + 1, 4.2, "none"), _circle(ex + 5, hy + 1, 4.2, "none"),
                  f'<circle cx="{_f(ex - 5)}" cy="{_f(hy + 1)}" r="4.2" fill="#ffffff" fill-opacity="0.35"/>']
    elif glasses == "sunglasses":
        parts += [_ellipse(ex - 5, hy + 1, 4.6, 3.6, "#15151a"), _ellipse(ex + 5, hy + 1, 4.6, 3.6, "#15151a"),
                  _line([(ex - 1, hy), (ex + 1, hy)], "#15151a", 1.8)]
    if traits.get("costume") == "clown":
        parts.append(_circle(ex + 1, hy + 4, 3.6, "#f03e3e"))
    if traits.get("costume") == "pirate":
        parts.append(_ellipse(ex + 5, hy + 1, 4, 3.6, "#111111", False))
        parts.append(_line([(ex + 5, hy - 2), (hx - r + 2, hy - 8)], "#111111", 1.4))
    return "".join(parts)


def _costume(costume: str, body: Body) -> str:
    top, hip = body.shoulder_y, body.hip_y
    if costume in ("chef", "waiter"):
        apron = "#ffffff" if costume == "chef" else "#1d1d22"
        return _poly([(52, top + 30), (68, top + 30), (70 + 4, hip + 28), (46, hip + 28)], apron)
    if costume in ("police officer", "museum guard", "ticket inspector"):
        return (_circle(68, top + 14, 3.2, "#fcc419")
                + _poly([(60 - body.half_waist, hip - 6), (60 + body.half_waist, hip - 6),
                         (60 + body.half_waist, hip - 1), (60 - body.half_waist, hip - 1)], "#1b1b1b", False))
    if costume == "clown":
        return "".join(_circle(60 + 10 * math.cos(a), top + 2 + 4 * math.sin(a), 4.5, "#ffffff")
                       for a in (math.pi * k / 4 for k in range(0, 5)))
    if costume in ("lifeguard", "ski instructor"):
        return (_poly([(57, top + 12), (63, top + 12), (63, top + 26), (57, top + 26)], "#ffffff", False)
                + _poly([(53, top + 16), (67, top + 16), (67, top + 22), (53, top + 22)], "#ffffff", False))
    if costume == "astronaut":
        return (_poly([(52, top + 14), (68, top + 14), (68, top + 30), (52, top + 30)], "#adb5bd")
                + _circle(56, top + 20, 2, "#e03131", False) + _circle(63, top + 20, 2, "#1c7ed6", False))
    if costume == "pirate":
        return _poly([(60 - body.half_waist, hip - 12), (60 + body.half_waist, hip - 6),
                      (60 + body.half_waist, hip + 1), (60 - body.half_waist, hip - 5)], "#c92a2a")
    if costume == "magician":
        return _poly([(54, top + 2), (66, top + 2), (60, top + 9)], "#f4f4f2", False)
    return ""


def _cape(body: Body) -> str:
    top = body.shoulder_y
    return _poly([(60 - body.half_shoulders + 2, top + 2), (60 + body.half_shoulders - 2, top + 2),
                  (60 + body.half_shoulders + 12, 186), (60 - body.half_shoulders - 12, 186)], "#a61e4d")


# --- held things --------------------------------------------------------------

GRIPS = {
    "balloon": "up", "umbrella": "up", "flag": "up", "lantern": "up",
    "handbag": "low", "suitcase": "low", "briefcase": "low", "shopping bag": "low", "basket": "low",
    "dog": "low", "walking stick": "low", "ski poles": "low", "fish": "low", "hockey stick": "low",
    "ice cream": "mid", "coffee": "mid", "phone": "mid", "book": "mid", "map": "mid", "newspaper": "mid",
    "lollipop": "mid", "candyfloss": "mid", "camera": "mid", "baguette": "mid", "flowers": "mid",
    "glass": "mid", "ladle": "mid", "megaphone": "mid", "ball": "mid", "teddy bear": "mid", "tray": "up",
    "fishing rod": "mid",
    "box": "carry", "drum": "carry",
    "guitar": "both", "violin": "both", "trumpet": "both",
    "skis": "low", "snowboard": "low", "surfboard": "low", "sled": "low",
    "backpack": "worn", "scarf": "worn", "rubber ring": "low", "lilo": "low",
}
BEHIND = ("backpack", "skis", "surfboard")   # drawn behind the body


# Hand-sized things that name a suspect are drawn larger than life, about the hand: at the game
# panel's size (people ~27 px tall) a true-size phone or glass is two pixels and names nobody.
SMALL_HELD = ("phone", "coffee", "glass", "camera", "ice cream", "lollipop", "book", "map", "newspaper", "flowers",
              "lantern", "candyfloss", "megaphone", "handbag", "fish")
HELD_ZOOM = 1.6


def _zoomed(held: str, svg: str, hand: Point) -> str:
    if held not in SMALL_HELD:
        return svg
    x, y = hand
    return (f'<g transform="translate({_f(x)} {_f(y)}) scale({_f(HELD_ZOOM)}) translate({_f(-x)} {_f(-y)})">'
            f'{svg}</g>')


def grip(held: str) -> str:
    return GRIPS.get(held, "none") if held else "none"


def _item(held: str, hand: Point, side: float, body: Body) -> str:  # noqa: C901 - one drawing per thing
    x, y = hand
    s = side
    if held == "sled":
        return _sled(hand, side)
    if held == "balloon":
        return (_line([(x, y), (x + s * 4, y - 30), (x + s * 2, y - 46)], "#555555", 1.2)
                + _path(f"M{_f(x + s * 2)},{_f(y - 46)} L{_f(x + s * 2 - 3)},{_f(y - 42)} L{_f(x + s * 2 + 3)},{_f(y - 42)} Z",
                        "#e8590c")
                + _ellipse(x + s * 2, y - 60, 11, 14, "#ff3b5c") + _ellipse(x + s * 2 - 4, y - 65, 3, 4.5, "#ffc9d4", False))
    if held == "umbrella":
        cx, cy = x, y - 46
        return (_line([(x + 3 * s, y + 10), (x, y + 12), (x, cy)], OUT, 2.6)
                + _path(f"M{_f(cx - 36)},{_f(cy + 2)} Q{_f(cx)},{_f(cy - 44)} {_f(cx + 36)},{_f(cy + 2)} "
                        f"Q{_f(cx + 24)},{_f(cy - 4)} {_f(cx + 12)},{_f(cy + 2)} Q{_f(cx)},{_f(cy - 4)} {_f(cx - 12)},{_f(cy + 2)} "
                        f"Q{_f(cx - 24)},{_f(cy - 4)} {_f(cx - 36)},{_f(cy + 2)} Z", "#2b59c3")
                + _path(f"M{_f(cx - 12)},{_f(cy + 2)} Q{_f(cx - 6)},{_f(cy - 36)} {_f(cx)},{_f(cy - 20)} "
                        f"Q{_f(cx + 6)},{_f(cy - 36)} {_f(cx + 12)},{_f(cy + 2)} Q{_f(cx)},{_f(cy - 4)} {_f(cx - 12)},{_f(cy + 2)} Z",
                        "#ffd43b", False))
    if held == "flag":
        return (_line([(x, y + 10), (x, y - 44)], "#5c3d1e", 2.6)
                + _poly([(x, y - 44), (x + s * 30, y - 38), (x, y - 26)], "#2f9e44"))
    if held == "lantern":
        return (_line([(x, y), (x, y + 8)], OUT, 1.5) + _ellipse(x, y + 16, 7, 9, "#ffd43b")
                + _poly([(x - 5, y + 6), (x + 5, y + 6), (x + 5, y + 8), (x - 5, y + 8)], "#c92a2a"))
    if held == "handbag":
        return (_path(f"M{_f(x - 6)},{_f(y + 6)} Q{_f(x)},{_f(y - 6)} {_f(x + 6)},{_f(y + 6)}", "none")
                + _poly([(x - 10, y + 5), (x + 10, y + 5), (x + 12, y + 20), (x - 12, y + 20)], "#c2255c"))
    if held == "suitcase":
        bx = x + s * 16
        return (_line([(x, y), (bx, y + 10), (bx, y + 26)], OUT, 2.2)
                + f'<rect x="{_f(bx - 13)}" y="{_f(y + 26)}" width="26" height="52" rx="4" fill="#e67700" '
                  f'stroke="{OUT}" stroke-width="{LINE}"/>'
                + _line([(bx - 6, y + 32), (bx - 6, y + 72)], "#b35900", 2)
                + _line([(bx + 6, y + 32), (bx + 6, y + 72)], "#b35900", 2)
                + _circle(bx - 8, y + 81, 3, OUT, False) + _circle(bx + 8, y + 81, 3, OUT, False))
    if held == "briefcase":
        return (_line([(x - 5, y + 6), (x - 4, y), (x + 4, y), (x + 5, y + 6)], OUT, 2)
                + f'<rect x="{_f(x - 14)}" y="{_f(y + 5)}" width="28" height="19" rx="2" fill="#5c3d1e" '
                  f'stroke="{OUT}" stroke-width="{LINE}"/>')
    if held == "shopping bag":
        return (_line([(x - 5, y + 8), (x, y), (x + 5, y + 8)], OUT, 2)
                + _poly([(x - 11, y + 8), (x + 11, y + 8), (x + 12, y + 32), (x - 12, y + 32)], "#fab005")
                + _circle(x, y + 20, 4, "#e03131", False))
    if held == "basket":
        return (_path(f"M{_f(x - 12)},{_f(y + 10)} Q{_f(x)},{_f(y - 10)} {_f(x + 12)},{_f(y + 10)}", "none")
                + _path(f"M{_f(x - 14)},{_f(y + 10)} L{_f(x + 14)},{_f(y + 10)} L{_f(x + 10)},{_f(y + 26)} "
                        f"L{_f(x - 10)},{_f(y + 26)} Z", "#c08a4e")
                + _circle(x - 5, y + 8, 4, "#e03131") + _circle(x + 4, y + 7, 4, "#40c057"))
    if held == "dog":
        dx, dy = x + s * 34, 172.0
        coat = "#a0522d"
        return (_line([(x, y), (dx - s * 8, dy - 8)], "#c92a2a", 1.6)
                + _limb([(dx - s * 12, dy + 6), (dx - s * 14, dy + 22)], coat, 4.5)
                + _limb([(dx + s * 10, dy + 6), (dx + s * 12, dy + 22)], coat, 4.5)
                + _limb([(dx - s * 16, dy - 2), (dx - s * 26, dy - 12)], coat, 3.5)
                + _ellipse(dx, dy + 2, 18, 9, coat)
                + _circle(dx + s * 16, dy - 10, 8, coat)
                + _ellipse(dx + s * 14, dy - 12, 3.5, 7, "#5c2d14")
                + _circle(dx + s * 23, dy - 8, 2, OUT, False) + _circle(dx + s * 18, dy - 12, 1.5, OUT, False))
    if held == "walking stick":   # thick, outlined and crooked: it names a suspect at ~27 px tall
        return _limb([(x - s * 9, y + 4), (x - s * 8, y - 5), (x, y - 7), (x + s * 2, y), (x + s * 6, 196)],
                      "#8a5a2b", 6.5)
    if held == "hockey stick":   # from the top hand down past the lower one to the ice, the blade flat on it
        top = (x + s * _STICK_TOP[0], y + _STICK_TOP[1])
        heel, toe, puck = (x + s * _STICK_HEEL, 0.0), (x + s * _STICK_TOE, 0.0), x + s * _PUCK
        heel, toe = (heel[0], _on_ice(heel[0]) - 3.5), (toe[0], _on_ice(toe[0]) - 3.5)   # the blade's middle
        butt = (top[0] - s * 3.5, top[1] - 11)
        return (_limb([butt, heel], "#c8843d", 6.0) + _limb([heel, toe], "#c8843d", 7.0)
                + _line([(heel[0] + s * 6, heel[1]), (toe[0] - s * 2, toe[1])], "#212529", 4.0)
                + _ellipse(puck, _on_ice(puck) - 3, 6, 3, "#212529"))
    if held == "ski poles":
        return (_line([(x, y - 4), (x + s * 10, 196)], "#343a40", 4.5) + _line([(x, y - 4), (x + s * 3, 196)], "#343a40", 4.5)
                + _circle(x + s * 9, 188, 3, "#343a40", False))
    if held == "fish":
        return (_line([(x, y), (x, y + 6)], OUT, 1.4)
                + _path(f"M{_f(x)},{_f(y + 6)} Q{_f(x + 9)},{_f(y + 18)} {_f(x)},{_f(y + 32)} "
                        f"Q{_f(x - 9)},{_f(y + 18)} {_f(x)},{_f(y + 6)} Z", "#74c0fc")
                + _poly([(x, y + 31), (x + 6, y + 39), (x - 6, y + 39)], "#74c0fc"))
    if held == "ice cream":
        return (_poly([(x - 5, y - 4), (x + 5, y - 4), (x, y + 10)], "#e0a458")
                + _circle(x, y - 8, 6, "#ffc9e3") + _circle(x + 1, y - 14, 4.5, "#a5683a"))
    if held == "coffee":
        return _poly([(x - 5, y - 10), (x + 5, y - 10), (x + 4, y + 4), (x - 4, y + 4)], "#f4f4f2") + _poly(
            [(x - 5, y - 6), (x + 5, y - 6), (x + 5, y - 1), (x - 5, y - 1)], "#8a5a2b", False)
    if held == "phone":
        return f'<rect x="{_f(x - 4)}" y="{_f(y - 12)}" width="8" height="14" rx="1.5" fill="#212529" stroke="{OUT}" stroke-width="1.2"/>'
    if held in ("book", "map", "newspaper"):
        fill = {"book": "#c92a2a", "map": "#ffe8a1", "newspaper": "#e9ecef"}[held]
        w = {"book": 14, "map": 28, "newspaper": 22}[held]
        return (_poly([(x - w / 2, y - 16), (x + w / 2, y - 16), (x + w / 2, y + 2), (x - w / 2, y + 2)], fill)
                + (_line([(x - w / 2 + 3, y - 10), (x + w / 2 - 3, y - 10)], "#868e96", 1.4)
                   + _line([(x - w / 2 + 3, y - 5), (x + w / 2 - 3, y - 5)], "#868e96", 1.4) if held != "book"
                   else _line([(x, y - 16), (x, y + 2)], "#7a1b1b", 1.6)))
    if held == "lollipop":
        return _line([(x, y + 2), (x, y - 16)], "#ffffff", 2) + _circle(x, y - 22, 7.5, "#f06595") + _circle(
            x, y - 22, 3.5, "#ffffff", False)
    if held == "candyfloss":
        return (_line([(x, y + 2), (x, y - 14)], "#f4f4f2", 2.2) + _circle(x - 4, y - 22, 8, "#fcc2d7")
                + _circle(x + 5, y - 24, 8, "#fcc2d7") + _circle(x, y - 30, 7, "#fcc2d7"))
    if held == "camera":
        return (f'<rect x="{_f(x - 10)}" y="{_f(y - 10)}" width="20" height="13" rx="2" fill="#343a40" '
                f'stroke="{OUT}" stroke-width="{LINE}"/>' + _circle(x, y - 3.5, 4.2, "#74c0fc"))
    if held == "baguette":
        return _limb([(x - s * 10, y + 14), (x + s * 14, y - 22)], "#d9a25a", 6)
    if held == "flowers":
        return (_line([(x, y + 6), (x - 3, y - 12)], "#2f9e44", 2) + _line([(x, y + 6), (x + 4, y - 12)], "#2f9e44", 2)
                + _circle(x - 4, y - 14, 4.2, "#f03e3e") + _circle(x + 5, y - 14, 4.2, "#fcc419")
                + _circle(x, y - 20, 4.2, "#cc5de8"))
    if held == "glass":
        return (_path(f"M{_f(x - 5)},{_f(y - 14)} L{_f(x + 5)},{_f(y - 14)} Q{_f(x + 5)},{_f(y - 4)} {_f(x)},{_f(y - 4)} "
                      f"Q{_f(x - 5)},{_f(y - 4)} {_f(x - 5)},{_f(y - 14)} Z", "#f8e16c")
                + _line([(x, y - 4), (x, y + 3)], OUT, 1.3))
    if held == "ladle":
        return _line([(x, y + 4), (x + s * 2, y - 20)], "#868e96", 2.4) + _circle(x + s * 2, y - 22, 4.5, "#adb5bd")
    if held == "megaphone":
        return _poly([(x - s * 2, y - 6), (x + s * 18, y - 14), (x + s * 18, y + 6), (x - s * 2, y)], "#f76707")
    if held == "ball":
        return _circle(x + s * 4, y - 8, 9, "#ffffff") + _path(
            f"M{_f(x + s * 4 - 9)},{_f(y - 8)} L{_f(x + s * 4 + 9)},{_f(y - 8)}", "none") + _circle(
            x + s * 4, y - 8, 3.5, "#e03131", False)
    if held == "teddy bear":
        return (_circle(x - 6, y - 22, 3.5, "#b9783f") + _circle(x + 6, y - 22, 3.5, "#b9783f")
                + _ellipse(x, y - 4, 8, 10, "#b9783f") + _circle(x, y - 17, 7, "#b9783f")
                + _circle(x, y - 15, 2.2, "#5c3a1a", False))
    if held == "tray":
        return (_ellipse(x, y - 2, 16, 3.5, "#ced4da") + _path(
            f"M{_f(x - 9)},{_f(y - 16)} L{_f(x - 3)},{_f(y - 16)} L{_f(x - 6)},{_f(y - 5)} Z", "#ffd43b")
            + _path(f"M{_f(x + 3)},{_f(y - 16)} L{_f(x + 9)},{_f(y - 16)} L{_f(x + 6)},{_f(y - 5)} Z", "#ffd43b"))
    if held == "fishing rod":
        tip = (x + s * 54, y - 66)
        return (_line([(x - s * 4, y + 8), tip], "#5c3d1e", 4.5) + _line([tip, (tip[0] + s * 2, y + 10)], "#868e96", 1.6)
                + _circle(x, y + 2, 3, "#343a40", False))
    if held == "box":
        cy = body.shoulder_y + 40
        return (_poly([(60 - 17, cy - 13), (60 + 17, cy - 13), (60 + 17, cy + 13), (60 - 17, cy + 13)], "#c8945a")
                + _line([(60 - 17, cy - 5), (60 + 17, cy - 5)], "#9c6b3a", 2))
    if held == "drum":
        cy = body.shoulder_y + 46
        return (f'<rect x="43" y="{_f(cy - 12)}" width="34" height="24" fill="#e03131" stroke="{OUT}" stroke-width="{LINE}"/>'
                + _ellipse(60, cy - 12, 17, 5, "#f8f9fa")
                + _line([(45, cy - 6), (52, cy + 10), (60, cy - 6), (68, cy + 10), (75, cy - 6)], "#ffd43b", 1.8))
    if held == "guitar":
        cy = body.hip_y - 10
        return (_limb([(62, cy), (98, cy - 34)], "#6b3f1d", 5)
                + _circle(56, cy + 6, 14, "#d9822b") + _circle(68, cy - 6, 10, "#d9822b")
                + _circle(60, cy + 2, 4, "#3b2210", False))
    if held == "violin":
        hy = body.head[1]
        return (_ellipse(72, hy + 24, 8, 12, "#a0522d") + _line([(72, hy + 14), (80, hy - 2)], "#3b2210", 2.4)
                + _line([(46, hy + 44), (96, hy + 12)], "#ced4da", 1.4))
    if held == "trumpet":
        hy = body.head[1]
        return (_line([(72, hy + 10), (96, hy + 10)], "#fab005", 3.5)
                + _poly([(94, hy + 10), (106, hy + 2), (106, hy + 18)], "#fab005")
                + _line([(80, hy + 10), (80, hy + 17)], "#fab005", 2.4))
    if held == "skis":
        return (f'<rect x="24" y="-18" width="5" height="214" rx="2.5" fill="#e03131" stroke="{OUT}" stroke-width="1.6"/>'
                f'<rect x="31" y="-14" width="5" height="210" rx="2.5" fill="#e03131" stroke="{OUT}" stroke-width="1.6"/>')
    if held == "snowboard":
        return (f'<rect x="{_f(x + s * 6 - 7)}" y="58" width="14" height="136" rx="7" fill="#7048e8" '
                f'stroke="{OUT}" stroke-width="{LINE}"/>' + _line([(x + s * 6, 80), (x + s * 6, 170)], "#fcc419", 3))
    if held == "surfboard":
        return (_ellipse(22, 104, 11, 90, "#15aabf") + _line([(22, 24), (22, 184)], "#ffffff", 2.4))
    if held == "backpack":
        sy = body.shoulder_y
        return (f'<rect x="{_f(60 - body.half_shoulders - 9)}" y="{_f(sy + 6)}" width="20" height="40" rx="6" '
                f'fill="#2b8a3e" stroke="{OUT}" stroke-width="{LINE}"/>')
    if held == "rubber ring":
        cx, cy = x + s * 6, y + 14
        return (_ellipse(cx, cy, 16, 16, "#e03131") + _circle(cx, cy, 7, "none")
                + _poly([(cx - 4, cy - 16), (cx + 4, cy - 16), (cx + 3, cy - 7), (cx - 3, cy - 7)], "#ffffff", False)
                + _poly([(cx - 4, cy + 16), (cx + 4, cy + 16), (cx + 3, cy + 7), (cx - 3, cy + 7)], "#ffffff", False))
    if held == "lilo":
        return (f'<rect x="{_f(x + s * 8 - 9)}" y="{_f(y - 40)}" width="18" height="92" rx="8" fill="#f76707" '
                f'stroke="{OUT}" stroke-width="{LINE}"/>'
                + "".join(_line([(x + s * 8 - 6, yy), (x + s * 8 + 6, yy)], "#ffa94d", 2) for yy in (y - 20, y, y + 20)))
    if held == "scarf":
        sy = body.shoulder_y
        return (_limb([(50, sy + 1), (70, sy + 1)], "#e03131", 7) + _limb([(66, sy + 2), (68, sy + 26)], "#e03131", 6))
    return ""


def _water(pose: Pose, calm: bool) -> str:
    """The water around a swimmer's chest: a translucent ripple and, unless the water is calm, splashes
    where the hands break the surface (no solid ring: a rubber ring is a thing some swimmers hold)."""
    w = pose.water if pose.water is not None else SWIM_WATER
    parts = [_ellipse(60, w + 4, 46, 8, "#d0ebff", False).replace("/>", ' fill-opacity="0.55"/>'),
             _line([(22, w + 2), (38, w + 6), (60, w + 7), (82, w + 6), (98, w + 2)], "#ffffff", 2.2),
             _line([(28, w - 1), (42, w + 1)], "#ffffff", 1.8), _line([(78, w + 1), (92, w - 1)], "#ffffff", 1.8)]
    if calm:
        return "".join(parts)
    for arm in (pose.front_arm, pose.back_arm):
        hx, hy = arm[-1]
        if hy > w - 6:   # a hand in the water: splash
            parts += [_line([(hx - 9, hy - 2), (hx - 13, hy - 9)], "#ffffff", 2.2),
                      _line([(hx, hy - 4), (hx, hy - 12)], "#ffffff", 2.2),
                      _line([(hx + 9, hy - 2), (hx + 13, hy - 9)], "#ffffff", 2.2)]
        elif hy < w - 40:   # arms up: drops flying
            parts += [_circle(hx - 10, hy + 6, 2.4, "#a5d8ff"), _circle(hx + 9, hy - 2, 2.1, "#a5d8ff"),
                      _circle(hx + 2, hy - 12, 1.9, "#a5d8ff")]
    return "".join(parts)


def _backpack_straps(body: Body) -> str:
    sy = body.shoulder_y
    return (_line([(52, sy + 1), (50, sy + 34)], "#1f6b30", 3.5) + _line([(68, sy + 1), (70, sy + 34)], "#1f6b30", 3.5))


# --- the whole figure -----------------------------------------------------------

def _arm_svg(arm: list[Point], sleeve: str, skin: str, width: float, short_sleeves: bool) -> str:
    """An arm in its sleeve, or bare below a T-shirt's short sleeve, and the hand."""
    hand = _circle(arm[-1][0], arm[-1][1], 4.6, skin)
    if not short_sleeves:
        return _limb(arm, sleeve, width) + hand
    (sx, sy), (ex, ey) = arm[0], arm[1]
    cuff = (sx + (ex - sx) * 0.55, sy + (ey - sy) * 0.55)
    return _limb(arm, skin, width - 1) + _limb([arm[0], cuff], sleeve, width + 1) + hand


def _legs(traits: Traits, pose: Pose, body: Body, bottom_word: str, bottom: str, skin: str) -> list[str]:
    """Legs, shoes (boots, skates or skis) and the skirt or waistband over them."""
    parts: list[str] = []
    skiwear = bottom_word in SKIWEAR
    full_cover = bottom_word == "trousers" or skiwear
    boot = "#495057" if skiwear or pose.tilt else "#3b2a20"
    skating = traits.get("pose") == "skating"
    for leg in (pose.back_leg, pose.front_leg):
        if not leg:
            continue
        parts.append(_limb(leg, bottom if full_cover else skin, (14 if skiwear else 12) if full_cover else 10))
        if bottom_word == "shorts":
            top_of_leg, knee = leg[0], leg[1]
            mid = (top_of_leg[0] + (knee[0] - top_of_leg[0]) * 0.65, top_of_leg[1] + (knee[1] - top_of_leg[1]) * 0.65)
            parts.append(_limb([top_of_leg, mid], bottom, 13))
        ax, ay = leg[-1]
        if skating:
            parts.append(_line([(ax - 6, ay + 12), (ax + 14, ay + 12)], "#adb5bd", 2.2))
            parts.append(_ellipse(ax + 3, ay + 4, 8, 6.5, "#f4f4f2"))
        elif bottom_word not in SWIMWEAR or traits.get("pose") == "skiing":
            parts.append(_ellipse(ax + 4, ay + 5, 9 if skiwear else 8, 5.5 if skiwear else 4.5, boot))
    if bottom_word == "skirt" and not pose.seat and pose.water is None:
        hy = body.hip_y
        parts.append(_poly([(60 - body.half_waist, hy - 4), (60 + body.half_waist, hy - 4),
                            (60 + body.half_waist + 9, hy + 34), (60 - body.half_waist - 9, hy + 34)], bottom))
    if (bottom_word in ("trousers", "shorts", "skirt") or skiwear) and pose.water is None:
        hy = body.hip_y
        parts.append(_poly([(60 - body.half_waist, hy - 4), (60 + body.half_waist, hy - 4),
                            (60 + body.half_waist + 1, hy + 8), (60 - body.half_waist - 1, hy + 8)], bottom))
    return parts


def _skis(pose: Pose) -> str:
    """Two skis under the boots, tips curled up in front."""
    parts = []
    for leg, colour in ((pose.back_leg, "#c92a2a"), (pose.front_leg, "#e03131")):
        ax, ay = leg[-1]
        y = ay + 4
        parts.append(_path(f"M{_f(ax - 48)},{_f(y)} L{_f(ax + 42)},{_f(y)} Q{_f(ax + 54)},{_f(y)} {_f(ax + 57)},{_f(y - 10)} "
                           f"Q{_f(ax + 54)},{_f(y + 6)} {_f(ax + 42)},{_f(y + 6)} L{_f(ax - 48)},{_f(y + 6)} Z", colour))
    return "".join(parts)


def _ski_poles(pose: Pose) -> str:
    """A pole in each hand, planted in the snow behind."""
    parts = []
    for arm in (pose.back_arm, pose.front_arm):
        hx, hy = arm[-1]
        parts.append(_line([(hx + 3, hy - 8), (hx - 40, 192)], "#343a40", 2.6))
        parts.append(_ellipse(hx - 37, 183, 5, 1.8, "#343a40", False))
    return "".join(parts)


def _goggles(body: Body, on_head: bool) -> str:
    """Ski goggles: pushed up on a helmet or a beanie, or over the eyes."""
    hx, hy = body.head
    r = body.head_r
    y = hy - 9 if on_head else hy + 1
    return (_line([(hx - r - 1, y), (hx + r + 1, y)], "#212529", 3.2)
            + f'<rect x="{_f(hx - 6)}" y="{_f(y - 4.5)}" width="21" height="9" rx="4.5" fill="#fd7e14" '
              f'stroke="{OUT}" stroke-width="1.8"/>'
            + _line([(hx - 1, y - 2), (hx + 9, y - 2)], "#ffd8a8", 1.6))


def _float_under(held: str, water: float) -> str:
    """A lilo under someone floating on their back (drawn behind the body)."""
    if held != "lilo":
        return ""
    return (f'<rect x="-6" y="{_f(water - 10)}" width="132" height="16" rx="8" fill="#f76707" '
            f'stroke="{OUT}" stroke-width="{LINE}"/>'
            + "".join(_line([(x, water - 8), (x, water + 4)], "#ffa94d", 2) for x in (18, 42, 66, 90)))


def _rubber_ring(water: float) -> str:
    """A red and white rubber ring around the waist, at the water line."""
    parts = [_ellipse(60, water + 1, 38, 10, "#e03131")]
    for x0 in (28, 52, 76):
        parts.append(_poly([(x0, water + 4), (x0 + 9, water + 4), (x0 + 8, water + 10), (x0 + 1, water + 10)],
                           "#ffffff", False))
    return "".join(parts)


def _toes(pose: Pose, skin: str) -> str:
    """Feet out of the water past the floating body."""
    w = pose.water if pose.water is not None else SWIM_WATER
    return _ellipse(100, w - 4, 4, 6, skin) + _ellipse(109, w - 2, 4, 6, skin)


# how far above the top of the head each kind of headwear's crown is, where snow settles on it ("": bare)
_SNOW_TOPS = {"": -1.0, "headphones": -1.0, "beanie": -3.0, "helmet": -5.0, "cap": -3.0, "headscarf": -7.0,
              "beret": -3.5, "bandana": -1.0}


def _snow_on(body: Body, head_kind: str) -> str:
    """Snow settled on the shoulders and on the head or the hat's crown (under snow lighting)."""
    hx, hy = body.head
    parts = []
    crown = _SNOW_TOPS.get(head_kind)
    if crown is not None:
        top = hy - body.head_r + crown
        rx = body.head_r * 0.72
        parts.append(_ellipse(hx, top + 1.8, rx, 4.0, SNOW_SHADE, outline=False)
                     + _ellipse(hx, top + 0.8, rx * 0.92, 3.6, SNOW, outline=False))
    for side in (-1, 1):
        sx = hx + side * body.half_shoulders * 0.5
        parts.append(_ellipse(sx, body.shoulder_y + 4.6, body.half_shoulders * 0.44, 5.4, SNOW_SHADE, outline=False)
                     + _ellipse(sx, body.shoulder_y + 3.6, body.half_shoulders * 0.4, 4.6, SNOW, outline=False))
    return "".join(parts)


def person_svg(traits: Traits, *, snowy: bool = False) -> str:
    """The SVG document of one person (canvas `CANVAS`, the box 0..120 x 0..200 inside it); `snowy`:
    snow on the shoulders and the head or hat (a scene under snow lighting; not on swimmers, nor on a
    stallholder serving under the roof)."""
    body = _body(traits)
    held = traits.get("holding", "")
    g = grip(held)
    pose = _pose(traits, body, g)
    if pose.drop:
        hip = pose.water if pose.water is not None else body.hip_y + pose.drop
        body = Body((body.head[0], body.head[1] + pose.drop), body.head_r, body.shoulder_y + pose.drop,
                    hip, body.half_shoulders, body.half_waist)
    skin = SKIN_TONES.get(traits.get("skin", ""), "#d9a066")
    top_colour_name, _, pattern = traits.get("top", "blue").partition(" ")
    top = COLOURS[top_colour_name].hex if top_colour_name in COLOURS else "#1c5fd6"
    pattern = pattern or "plain"
    bottom_kind = traits.get("bottom", "trousers")
    bottom_colour_name, _, bottom_word = bottom_kind.partition(" ")
    if not bottom_word:
        bottom_word, bottom_colour_name = bottom_colour_name, "blue"
    bottom = BOTTOM_COLOURS.get(bottom_colour_name, "#3a5a94")
    hair_value = traits.get("hair", "")
    hair_colour_name, _, hair_style = hair_value.partition(" ")
    if hair_value == "bald":
        hair_colour_name, hair_style = "brown", "bald"
    hair = HAIR_COLOURS.get(hair_colour_name, "#231d1a")
    headwear = traits.get("headwear", "")
    head_colour_name, _, head_kind = headwear.partition(" ")
    if head_colour_name in COLOURS and head_kind in HEADWEAR:
        head_colour = COLOURS[head_colour_name].hex
    else:
        head_kind, head_colour = headwear, "#495057"
    costume = traits.get("costume", "")
    sleeve = skin if bottom_word in SWIMWEAR or pose.water is not None else top   # swimwear is sleeveless
    arm_width = 12.0 if bottom_word in SKIWEAR else 10.0
    short_sleeves = bottom_word == "shorts" and not costume   # shorts go with a T-shirt
    pose_name = traits.get("pose", "standing")

    parts: list[str] = []
    back = pose_name in ("waving", "pointing")
    item_arm = pose.back_arm if back else pose.front_arm
    item_side = -1.0 if back or pose_name == "pulling" else 1.0   # a pulled thing follows behind
    if costume == "magician":
        parts.append(_cape(body))
    if held in BEHIND:
        parts.append(_item(held, item_arm[-1], item_side, body))
    if head_kind != "headscarf" and hair_style != "bald":
        parts.append(_hair_back(hair_style, hair, body) if not head_kind or hair_style in ("long", "braids") else "")
    if pose_name == "skiing":
        parts += [_ski_poles(pose), _skis(pose)]
    if pose_name == "rowing":
        parts.append(_oar(pose))
    two_hands = held == "hockey stick" and pose_name == "skating"   # the top hand across the body, in front
    if not two_hands:
        parts.append(_arm_svg(pose.back_arm, sleeve, skin, arm_width, short_sleeves))
    if pose_name not in WAIST_UP:
        parts += _legs(traits, pose, body, bottom_word, bottom, skin)
    parts.append(_torso(traits, body, pose, top, pattern, bottom))
    if held == "backpack":
        parts.append(_backpack_straps(body))
    parts.append(_costume(costume, body))
    if pose_name == "shouldering":
        parts.append(_shoulder_child(body, skin, "back"))
    hx, hy = body.head
    parts.append(_poly([(hx - 5, hy + 10), (hx + 5, hy + 10), (hx + 5, body.shoulder_y + 3),
                        (hx - 5, body.shoulder_y + 3)], skin))
    if traits.get("facing") == "back":   # seen from behind: the back of the head, no face
        parts.append(_back_of_head(hair_style if head_kind != "headscarf" else "bald", skin, hair, body))
    else:
        parts.append(_face(traits, body, skin, hair))
        if head_kind != "headscarf" and hair_style != "bald" and (not head_kind or head_kind in (
                "headphones", "flower crown", "crown", "bandana", "space helmet")):
            parts.append(_hair_front(hair_style, hair, body))
        elif hair_style == "mohawk" and not head_kind:
            parts.append(_hair_front(hair_style, hair, body))
    if head_kind:
        parts.append(_headwear(head_kind, head_colour, body))
    if traits.get("glasses") == "goggles" and traits.get("facing") != "back":
        parts.append(_goggles(body, on_head=bool(head_kind)))
    if snowy and pose.water is None and pose_name != "serving":   # a server stands under the stall's roof
        parts.append(_snow_on(body, head_kind))
    in_hand = held and held not in BEHIND and not (pose.water is not None and held in ("rubber ring", "lilo"))
    if in_hand and not two_hands:
        parts.append(_zoomed(held, _item(held, item_arm[-1], item_side, body), item_arm[-1]))
    if two_hands:   # the stick over both hands, whole from its butt to its blade
        parts.append(_arm_svg(pose.back_arm, sleeve, skin, arm_width, short_sleeves))
    parts.append(_arm_svg(pose.front_arm, sleeve, skin, arm_width, short_sleeves))
    if two_hands:   # and the fists gripping it over the shaft
        parts.append(_item(held, item_arm[-1], item_side, body)
                     + "".join(_circle(*arm[-1], 4.6, skin) for arm in (pose.back_arm, pose.front_arm)))
    if pose_name == "pointing":
        fx, fy = pose.front_arm[-1]
        parts.append(_limb([(fx, fy), (fx + 7, fy - 1)], skin, 2.4))
    if pose_name == "shouldering":
        parts.append(_shoulder_child(body, skin, "front"))
    body_svg = "".join(parts)
    if pose.lean:
        body_svg = f'<g transform="rotate({_f(pose.lean)} 60 {_f(body.hip_y)})">{body_svg}</g>'
    if pose.water is not None:
        calm = pose_name in ("bathing", "floating")
        body_svg = (_float_under(held, pose.water) + body_svg + (_toes(pose, skin) if pose_name == "floating" else "")
                    + _water(pose, calm) + (_rubber_ring(pose.water) if held == "rubber ring" else ""))
        zoom = f"translate(60 {_f(BOX_H)}) scale({_f(SWIM_ZOOM)}) translate(-60 {_f(-BOX_H)})"
        body_svg = f'<g transform="{zoom}">{body_svg}</g>'
    if pose.tilt:
        body_svg = f'<g transform="rotate({_f(pose.tilt)} 100 196)">{body_svg}</g>'
    if traits.get("facing") == "left":
        body_svg = f'<g transform="matrix(-1 0 0 1 120 0)">{body_svg}</g>'
    x, y, w, h = CANVAS
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x)} {_f(y)} {_f(w)} {_f(h)}" '
            f'width="{_f(w)}" height="{_f(h)}">{body_svg}</svg>')

