"""The finished crowd's poses kept varied and its gestures meaningful (issue 21, deliverable 2).

Each person's pose and held thing is drawn at random from its crowd, so a crowd of one kind
repeats itself (62 museum guests standing empty-handed) and a third of a square points or waves
at nothing. Once everyone stands where they will (`Layout.to_json`), this pass turns each
pointing or waving person to a target near it, keeps those to `GESTURE_SHARE` of the suspects,
and spreads every pose-and-thing pair over at most `COMBO_SHARE`, by giving the excess another
pose or thing of their own crowd. Only poses drawn at the same height are swapped (`figures.
drawn_fraction`), so no figure's footprint changes and every rule the placing checked still holds.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Sequence

from lastmessage.scenes.figures import drawn_fraction
from lastmessage.scenes.life import COMBO_SHARE, GESTURE_SHARE, GESTURES, gesture_target
from lastmessage.scenegen.people import Crowd, fits

# A person, its crowd, and a way to give it new traits (False: the look or name is taken).
Person = tuple[dict[str, object], Crowd]
Retrait = Callable[[dict[str, object], dict[str, str]], bool]


def _options(traits: dict[str, str], crowd: Crowd) -> list[dict[str, str]]:
    """Other poses and things this person could have from its crowd, drawn at the same height."""
    height = drawn_fraction(traits)
    poses = [p for p in dict.fromkeys((*crowd.poses, "standing", "walking"))
             if p not in GESTURES and drawn_fraction({"pose": p}) == height and p != "carrying"]
    held = list(dict.fromkeys(("", traits.get("holding", ""), *crowd.held)))
    options = []
    for pose in poses:
        for thing in held:
            if thing and not fits(thing, pose):
                continue
            changed = {k: v for k, v in traits.items() if k != "holding"}
            changed["pose"] = pose
            if thing:
                changed["holding"] = thing
            if changed != traits:
                options.append(changed)
    return options


def tidy(people: Sequence[Person], props: Sequence[tuple[float, float]], aspect: float, retrait: Retrait,
         aimed: Collection[str], told: Collection[str] = ()) -> None:
    """Turn, cap and spread the poses of `people` (their entries are changed through `retrait`);
    the `aimed` (ids) already face what their group looks at, a stage they wave at; the `told`
    (a vignette's people) keep the pose and thing their part needs, and count towards the caps."""
    total = len(people)
    gesture_cap = math.floor(GESTURE_SHARE * total)
    combo_cap = math.floor(COMBO_SHARE * total)
    combos: Counter[tuple[str, str]] = Counter()
    gestures = 0   # the told keep theirs: the others share what they leave of the cap
    for entry, _crowd in people:
        traits = entry["traits"]
        assert isinstance(traits, dict)
        combos[(traits["pose"], traits.get("holding", ""))] += 1
        gestures += entry["id"] in told and traits["pose"] in GESTURES

    def move(entry: dict[str, object], crowd: Crowd, allow: Callable[[dict[str, str]], bool]) -> bool:
        traits = entry["traits"]
        assert isinstance(traits, dict)
        old = (traits["pose"], traits.get("holding", ""))
        for option in sorted(_options(traits, crowd), key=lambda o: combos[(o["pose"], o.get("holding", ""))]):
            new = (option["pose"], option.get("holding", ""))
            if combos[new] < combo_cap and allow(option) and retrait(entry, option):
                combos[old] -= 1
                combos[new] += 1
                return True
        return False

    for entry, crowd in people:
        traits = entry["traits"]
        assert isinstance(traits, dict) and isinstance(entry["x"], float) and isinstance(entry["y"], float)
        if traits["pose"] not in GESTURES or entry["id"] in told:
            continue
        if entry["id"] in aimed and gestures < gesture_cap:
            gestures += 1
            continue
        target = gesture_target(entry["x"], entry["y"], props, aspect)
        if target is not None and gestures < gesture_cap and entry["id"] not in aimed:
            facing = "right" if target[0] > entry["x"] else "left"
            if traits.get("facing") == facing or retrait(entry, {**traits, "facing": facing}):
                gestures += 1
                continue
        move(entry, crowd, lambda option: True)
    for entry, crowd in reversed(people):   # the last placed give way first
        traits = entry["traits"]
        assert isinstance(traits, dict)
        if combos[(traits["pose"], traits.get("holding", ""))] > combo_cap and entry["id"] not in told:
            move(entry, crowd, lambda option: True)
