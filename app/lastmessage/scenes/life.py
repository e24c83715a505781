"""`scenes check`'s rules on the scene data added for life and depth (pure).

A file states each character's drawn `box` and its `groups` (scenes/README.md) so that a check
outside this program can measure the picture without drawing it. These rules keep those statements
true: a stated box is the one the figure is drawn in (`occlusion.scene_box`), and a group names
each of its members once, every one of them a character of the scene. And the rules of life on
the drawn figures: gestures few and aimed (`pose_problems`), poses varied, people in a queue or an
audience turned to what they look at (`facing_problems`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from lastmessage.scenes.model import LANGUAGES, Scene
from lastmessage.scenes.figures import FACE_COSTUMES
from lastmessage.scenes.occlusion import scene_box
from lastmessage.scenes.traits import IN_WATER, WAIST_UP
from lastmessage.scenes.problem import Problem

GESTURES = ("pointing", "waving")
GESTURE_SHARE = 0.10   # of a scene's suspects may point or wave, each at a target it faces
COMBO_SHARE = 0.08     # of a scene's suspects at most share one pose with one thing held (or none)
TARGET_REACH = 0.2     # scene widths from a pointing or waving person to the thing it points or waves at


def gesture_target(x: float, y: float, props: Sequence[tuple[float, float]], aspect: float) -> tuple[float, float] | None:
    """What a person at (x, y) points or waves at: the nearest prop or landmark within `TARGET_REACH`."""
    best: tuple[float, float] | None = None
    best_distance = TARGET_REACH
    for px, py in props:
        distance = math.hypot(px - x, (py - y) / aspect)
        if distance <= best_distance and abs(px - x) > 0.002:   # straight above or below is no side to face
            best, best_distance = (px, py), distance
    return best


def facing_towards(x: float, y: float, tx: float, ty: float, aspect: float) -> str:
    """How a figure at (x, y) is drawn turned to look at (tx, ty): from behind (`back`) when the
    thing is up the picture more than it is aside, towards the viewer (`front`) when it is down
    the picture, else turned to its side."""
    dx, dy = tx - x, (ty - y) / aspect
    if dy < -abs(dx):
        return "back"
    if dy > abs(dx):
        return "front"
    return "right" if dx > 0 else "left"


MIN_VIGNETTES = 12       # little stories in a scene built from a kit (one with `set_pieces`)
VIGNETTE_REACH = 0.09    # scene widths from a vignette's middle to each of its members
NEAR_REACH = 0.16        # scene widths from a vignette's middle to the prop it happens by


def vignette_problems(scene: Scene, source: str) -> list[Problem]:
    """At least `MIN_VIGNETTES` stories of different tales in a scene built from a kit; each member
    has its part in every language and stands with the others, by the prop the story names."""
    vignettes = [g for g in scene.groups if g.kind == "vignette"]
    problems: list[Problem] = []
    if scene.set_pieces and len(vignettes) < MIN_VIGNETTES:
        problems.append(Problem(source, "groups", f"only {len(vignettes)} vignettes (little stories), "
                                                  f"a scene needs {MIN_VIGNETTES}"))
    tales = Counter(g.tale for g in vignettes if g.tale)
    problems += [Problem(source, "groups", f'the tale "{tale}" is told {n} times') for tale, n in tales.items() if n > 1]
    props = {p.id: p for p in scene.props}
    for group in vignettes:
        entry = f'group "{group.id}"'
        untold = [m for m in group.members if any(not group.roles.get(m, {}).get(lang, "").strip() for lang in LANGUAGES)]
        if not group.story or untold:
            problems.append(Problem(source, entry, f'a vignette needs its story and each member\'s part in every '
                                                   f'language ({", ".join(LANGUAGES)})' +
                                    (f': "{untold[0]}" has none' if untold else "")))
        placed = [c for c in (scene.character(m) for m in group.members) if c is not None]
        if not placed:
            continue
        cx, cy = sum(c.x for c in placed) / len(placed), sum(c.y for c in placed) / len(placed)
        for member in placed:
            if math.hypot(member.x - cx, (member.y - cy) / scene.aspect) > VIGNETTE_REACH:
                problems.append(Problem(source, entry, f'"{member.id}" stands apart from its story '
                                                       f"(more than {VIGNETTE_REACH:g} of the width from its middle)"))
        if group.near:
            prop = props.get(group.near)
            if prop is None or math.hypot(prop.x - cx, (prop.y - cy) / scene.aspect) > NEAR_REACH:
                problems.append(Problem(source, entry, f'happens by "{group.near}", which is '
                                        + ("no prop of this scene" if prop is None else f"more than {NEAR_REACH:g} away")))
    return problems


BOX_TOLERANCE = 0.001   # a stated box may differ from the drawn one by this much (rounding), in scene units


def box_problems(scene: Scene, source: str) -> list[Problem]:
    problems: list[Problem] = []
    for character in scene.characters:
        if character.box is None:
            continue
        drawn = scene_box(character.x, character.y, character.art.scale, character.traits, scene.aspect)
        if max(abs(a - b) for a, b in zip(character.box, drawn)) > BOX_TOLERANCE:
            problems.append(Problem(source, f'character "{character.id}"',
                                    f'"box" is {list(character.box)} but it is drawn in {list(drawn)}: '
                                    "regenerate the file or drop the key"))
    return problems


def group_problems(scene: Scene, source: str) -> list[Problem]:
    problems: list[Problem] = []
    for group in scene.groups:
        entry = f'group "{group.id}"'
        if len(set(group.members)) != len(group.members):
            problems.append(Problem(source, entry, "names a member twice"))
        if group.story and any(not group.story.get(language, "").strip() for language in LANGUAGES):
            problems.append(Problem(source, entry, f"has a story without its text in every language "
                                                   f"({', '.join(LANGUAGES)})"))
    return problems


def pose_problems(scene: Scene, source: str) -> list[Problem]:
    """Gestures at most `GESTURE_SHARE`, each facing its target; no pose with one held thing above
    `COMBO_SHARE` of the suspects (people only: a format-1 scene has no poses)."""
    people = [c for c in scene.suspects() if c.is_person]
    if not people:
        return []
    problems: list[Problem] = []
    props = [(p.x, p.y) for p in scene.props]
    gestures = [c for c in people if c.traits.get("pose") in GESTURES]
    aimed = {ident for group in scene.groups if group.at is not None for ident in group.members}
    if len(gestures) > GESTURE_SHARE * len(people):
        problems.append(Problem(source, "characters", f"{len(gestures)} of {len(people)} people point or wave "
                                f"({len(gestures) / len(people):.0%}; at most {GESTURE_SHARE:.0%})"))
    for person in gestures:
        if person.id in aimed:   # waving at the band it faces: `facing_problems` judges it
            continue
        ahead = [(px, py) for px, py in props if (px - person.x) * (1 if person.facing == "right" else -1) > 0.002]
        if person.facing not in ("left", "right") or gesture_target(person.x, person.y, ahead, scene.aspect) is None:
            problems.append(Problem(source, f'character "{person.id}"', f"{person.traits['pose']} at nothing: no prop "
                                    f"within {TARGET_REACH:g} of the scene width on the side it faces ({person.facing})"))
    combos = Counter((c.traits.get("pose", ""), c.traits.get("holding", "")) for c in people)
    for (pose, held), count in combos.most_common():
        if count <= COMBO_SHARE * len(people):
            break
        problems.append(Problem(source, "characters", f'{count} of {len(people)} people are {pose} holding '
                                f'{held or "nothing"} ({count / len(people):.0%}; at most {COMBO_SHARE:.0%})'))
    return problems


def facing_problems(scene: Scene, source: str) -> list[Problem]:
    """Everyone in a group that looks at one thing (a queue at its counter, an audience at its stage)
    is drawn turned to it: from behind where it is up the picture (a costume with a face, turned
    to its side), to its side where it is aside, never away from it."""
    problems: list[Problem] = []
    for group in scene.groups:
        if group.at is None:
            continue
        for ident in group.members:
            member = scene.character(ident)
            if member is None or not member.is_person or member.traits.get("pose") in IN_WATER + WAIST_UP:
                continue
            need = facing_towards(member.x, member.y, group.at[0], group.at[1], scene.aspect)
            # to its side: the side the thing is on (either, straight above or below: a mirror keeps it)
            sides = (("left", "right") if abs(group.at[0] - member.x) < 0.002
                     else ("right",) if group.at[0] > member.x else ("left",))
            allowed = {"back": ("back", *sides) if member.traits.get("costume") in FACE_COSTUMES else ("back",),
                       "front": ("front", "left", "right"), "left": ("left", "back"), "right": ("right", "back")}[need]
            if member.facing not in allowed:
                problems.append(Problem(source, f'character "{member.id}"', f'faces {member.facing} in {group.kind} '
                                        f'"{group.id}", which looks at {list(group.at)}: it must face {need}'))
    return problems
