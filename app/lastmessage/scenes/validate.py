"""`scenes check`: everything that makes a scene unfit for a game (pure).

Loading (`model.parse_scene`) already refuses a malformed file at its first
problem. This module adds the rules that need the whole scene or all scenes
at once, and collects every problem instead of stopping at the first, so one
run of `lastmessage scenes check` lists all that needs fixing:

- the background shapes follow the vocabulary of `shapes.py`;
- ids are unique across all scenes of the folder (a journal names a
  character by id alone), and every figure has a name and an emoji;
- no two characters stand closer than `MIN_SPACING` (0.75 % of the scene
  width), so the detectives' cursor can single each one out (see there why
  that is enough);
- fairness: every suspect is told apart by its own name plus the names of the
  two props nearest to it ("the chef by the fountain and the ice-cream
  stall"), which is what a victim can draw;
- people (format 2): no two suspects share all their visible traits, each
  has its name in every language, is at least `MIN_PERSON_PX` tall (as it
  would stand, for one behind a counter: `figures.legible_fraction`) in the
  search view at its 2x step on the detectives' 1920x1080 monitor
  (`geometry.search_size`), the median suspect as drawn at least
  `MEDIAN_PERSON_PX` there, and each at most 25 % hidden behind the figures
  drawn in front of it (`occlusion.py`);
- feet in place: where a scene declares water and ground regions, swimmers
  float inside the water and everyone else stands on the ground, out of it
  (`regions.py`);
- no more than `REPEAT_CAP` identical plants or props (towels, barriers...) in view;
- the data for checks (`life.py`): a stated `box` is the one drawn, groups name their members once;
  a scene built from a kit tells at least 12 vignettes, each member with its part, together, by its prop;
- seeds that are new pictures: the scenes of one theme built from a kit (`set_pieces`) share on
  average less than `MAX_SHARED_PIECES` of their set pieces, two by two (`shared_pieces`).

The generator runs `scene_problems` before it writes a file.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from lastmessage.scenes.creatures import ANIMALS, PLANTS
from lastmessage.scenes.figures import legible_fraction
from lastmessage.scenes.geometry import FIGURE_SIZE, figure_height_px, search_size
from lastmessage.scenes.model import LANGUAGES, Character, Prop, Scene, SceneError, load_scene
from lastmessage.scenes.occlusion import DETECTIVE_SIZE, MAX_HIDDEN, Footprint, footprint, hidden_fraction
from lastmessage.scenes.occlusion import feet_in, on_head
from lastmessage.scenes.life import box_problems, facing_problems, group_problems, pose_problems, vignette_problems
from lastmessage.scenes.problem import Problem
from lastmessage.scenes.props import AIRBORNE
from lastmessage.scenes.regions import feet_problem
from lastmessage.scenes.shapes import shape_problems
from lastmessage.scenes.traits import IN_WATER

# The least distance between two characters' centres, in scene widths (14.4 px at 1920x1080).
# The cursor picks the figure whose drawn body is under it, front-most first (`hittest`), and the
# occlusion rule keeps three quarters of every suspect's body in view, so what is left to the
# spacing is that no two centres share a body: this is the width of the body rectangle
# (`occlusion.footprint`, 0.38 of the figure box) of a person of scale 0.82 (a 38 px box at 1x),
# wider than the body of the smallest person allowed at the back of a scene with depth. Closer,
# one figure's centre, where the cursor's ring and the arrow keys put it, would sit on the other's
# body. Members of a group stand 0.4-0.7 body widths apart (`layout.Layout.member_gap`), and
# never closer than this.
MIN_SPACING = 0.0075
# Drawn heights in the search view at 2x on a 1920x1080 monitor (`geometry.search_size`): every
# suspect as it would stand at least MIN_PERSON_PX, the median suspect as drawn MEDIAN_PERSON_PX.
# A scene with depth draws its back rows at half the scale of its middle: the detectives zoom to
# find them, while most of the crowd stays large enough to read at a glance.
MIN_PERSON_PX = 36.0
MEDIAN_PERSON_PX = 72.0



def nearest_props(scene: Scene, x: float, y: float, count: int = 2) -> list[Prop]:
    """The `count` props closest to a point (ties broken by file order)."""
    ranked = sorted(
        range(len(scene.props)),
        key=lambda i: (math.hypot(scene.props[i].x - x, (scene.props[i].y - y) / scene.aspect), i),
    )
    return [scene.props[i] for i in ranked[:count]]


def fairness_signature(scene: Scene, character: Character) -> tuple[str, frozenset[str]]:
    """What a victim can convey about a suspect: its name and its two nearest props' names."""
    props = nearest_props(scene, character.x, character.y)
    return character.name.strip().casefold(), frozenset(p.name.strip().casefold() for p in props)


def _spacing_problems(scene: Scene, source: str) -> list[Problem]:
    # A grid of MIN_SPACING cells: only neighbouring cells can hold a too-close pair.
    cell_h = MIN_SPACING * scene.aspect
    grid: dict[tuple[int, int], list[Character]] = {}
    problems: list[Problem] = []
    for character in scene.characters:
        cx, cy = int(character.x / MIN_SPACING), int(character.y / cell_h)
        for gx in (cx - 1, cx, cx + 1):
            for gy in (cy - 1, cy, cy + 1):
                for other in grid.get((gx, gy), ()):
                    d = math.hypot(character.x - other.x, (character.y - other.y) / scene.aspect)
                    if d < MIN_SPACING:
                        problems.append(Problem(
                            source, f'character "{character.id}"',
                            f'stands {d * 100:.2f} % of the scene width from "{other.id}"'
                            f" (at least {MIN_SPACING * 100:g} % needed)"))
        grid.setdefault((cx, cy), []).append(character)
    return problems


def _fairness_problems(scene: Scene, source: str) -> list[Problem]:
    if len(scene.props) < 2:
        return [Problem(source, "props", "a scene needs at least two props for the fairness rule")]
    seen: dict[tuple[str, frozenset[str]], Character] = {}
    problems: list[Problem] = []
    for character in scene.suspects():
        signature = fairness_signature(scene, character)
        other = seen.get(signature)
        if other is not None:
            props = " and ".join(f'"{p.name}"' for p in nearest_props(scene, character.x, character.y))
            problems.append(Problem(
                source, f'character "{character.id}"',
                f'cannot be told apart from "{other.id}": both are "{character.name}" '
                f"nearest to {props}"))
        else:
            seen[signature] = character
    return problems


REPEAT_CAP = 4   # of one plant or one prop in a scene: more identical ones read as a pattern, not a place


MAX_SHARED_PIECES = 0.6   # of two seeds' set pieces, on average over the pairs of one theme


def shared_pieces(a: Iterable[str], b: Iterable[str]) -> float:
    """The share of two scenes' set pieces that both have: the pieces in common over all the pieces
    either has (1.0: the same kit; 0.0: nothing alike)."""
    first, second = set(a), set(b)
    both = first | second
    return len(first & second) / len(both) if both else 1.0


def kit_overlaps(scenes: Iterable[Scene]) -> dict[str, tuple[int, float, float]]:
    """Per theme with two or more scenes built from a kit: how many, and the mean and the largest share
    of set pieces (`shared_pieces`) over every pair of them."""
    by_theme: dict[str, list[tuple[str, ...]]] = {}
    for scene in scenes:
        if scene.set_pieces:
            by_theme.setdefault(scene.theme, []).append(scene.set_pieces)
    overlaps = {}
    for theme, kits in by_theme.items():
        pairs = [shared_pieces(a, b) for i, a in enumerate(kits) for b in kits[i + 1:]]
        if pairs:
            overlaps[theme] = (len(kits), statistics.fmean(pairs), max(pairs))
    return overlaps


def kit_problems(scenes: Sequence[tuple[str, Scene]]) -> list[Problem]:
    """A theme whose scenes share on average `MAX_SHARED_PIECES` or more of their set pieces, pair by
    pair: its seeds reshuffle one kit instead of making new pictures."""
    return [Problem(theme, "set_pieces", f"{count} scenes share {mean:.0%} of their set pieces two by two on "
                                         f"average (under {MAX_SHARED_PIECES:.0%}: a seed is a new picture)")
            for theme, (count, mean, _most) in kit_overlaps(scene for _source, scene in scenes).items()
            if mean >= MAX_SHARED_PIECES]


def repeat_capped(name: str) -> bool:
    """Whether `REPEAT_CAP` counts a thing of this name: a plant or a prop (a towel, the ticket barriers), not an
    animal (a flock of pigeons is one)."""
    return name not in ANIMALS


def _repeat_problems(scene: Scene, source: str) -> list[Problem]:
    figures: list[Character | Prop] = [*scene.characters, *scene.props]
    things = Counter(f.name for f in figures if not (isinstance(f, Character) and f.sentient) and repeat_capped(f.name))
    return [Problem(source, "characters" if name in PLANTS else "props",
                    f'{count} identical "{name}" (at most {REPEAT_CAP} of one plant or prop): '
                    "use another kind for the rest")
            for name, count in things.items() if count > REPEAT_CAP]


def cut_by_frame(fp: Footprint, aspect: float) -> bool:
    """A body that reaches past the picture's edge (feet past the bottom, an arm past a side): a
    suspect must be seen whole, or a victim describes what the detectives cannot see."""
    width, height = DETECTIVE_SIZE[0], DETECTIVE_SIZE[0] / aspect
    return fp.x0 < -0.5 or fp.y0 < -0.5 or fp.x1 > width + 0.5 or fp.y1 > height + 0.5


def _median_problems(scene: Scene, source: str) -> list[Problem]:
    size = search_size(scene.aspect)
    heights = []
    for character in scene.suspects():
        if character.is_person:
            body = footprint(character.x, character.y, character.art.scale, character.traits, scene.aspect, size)
            heights.append(body.feet - body.y0)
    if not heights or statistics.median(heights) >= MEDIAN_PERSON_PX:
        return []
    return [Problem(source, "characters", f"the median suspect is {statistics.median(heights):.1f} px tall "
                                          f"at 2x on a 1920x1080 monitor (at least {MEDIAN_PERSON_PX:g} px "
                                          "needed): raise the scale of the far people")]


def _people_problems(scene: Scene, source: str) -> list[Problem]:
    size = search_size(scene.aspect)
    problems: list[Problem] = []
    looks: dict[frozenset[tuple[str, str]], Character] = {}
    for character in scene.suspects():
        if not character.traits:
            continue
        entry = f'character "{character.id}"'
        look = frozenset(character.traits.items())
        other = looks.setdefault(look, character)
        if other is not character:
            problems.append(Problem(source, entry, f'looks exactly like "{other.id}" (same traits)'))
        missing = [language for language in LANGUAGES if language not in character.names]
        if missing:
            problems.append(Problem(source, entry, f"has no name in {', '.join(missing)}"))
        if character.is_person:
            tall = figure_height_px(character.art, size, scene.aspect) * legible_fraction(character.traits)
            if tall < MIN_PERSON_PX:
                problems.append(Problem(source, entry, f"is {tall:.1f} px tall at 2x on a 1920x1080 monitor "
                                        f"(at least {MIN_PERSON_PX:g} px needed): raise its scale"))
            if cut_by_frame(footprint(character.x, character.y, character.art.scale, character.traits, scene.aspect),
                            scene.aspect):
                problems.append(Problem(source, entry, "is cut by the frame (its body or feet past the edge): "
                                                       "move it into the picture"))
    return problems


def _hidden_problems(scene: Scene, source: str) -> list[Problem]:
    cell = 120.0
    figures: list[Character | Prop] = [p for p in scene.props if p.art.emoji] + list(scene.characters)
    prints = [(f, footprint(f.x, f.y, f.art.scale, f.traits, scene.aspect)) for f in figures]
    grid: dict[tuple[int, int], list[Footprint]] = {}
    for _figure, fp in prints:
        grid.setdefault((int(fp.x0 // cell), int(fp.y0 // cell)), []).append(fp)
    problems: list[Problem] = []
    for figure, fp in prints:
        if not (isinstance(figure, Character) and figure.sentient):
            continue
        gx, gy = int(fp.x0 // cell), int(fp.y0 // cell)
        near = [o for i in range(gx - 2, gx + 3) for j in range(gy - 2, gy + 3) for o in grid.get((i, j), ())]
        hidden = hidden_fraction(fp, near)
        if hidden > MAX_HIDDEN:
            problems.append(Problem(source, f'character "{figure.id}"',
                                    f"is {hidden:.0%} hidden behind figures in front of it "
                                    f"(at most {MAX_HIDDEN:.0%} at 1920x1080)"))
    return problems


def _drawn_prints(scene: Scene) -> list[tuple[Character | Prop, Footprint]]:
    """Every figure drawn in front of the background (props the background draws have no box)."""
    figures: list[Character | Prop] = [p for p in scene.props if p.art.emoji] + list(scene.characters)
    return [(f, footprint(f.x, f.y, f.art.scale, f.traits, scene.aspect)) for f in figures]


def _placement_problems(scene: Scene, source: str) -> list[Problem]:
    """Things on heads (`occlusion.on_head`) and feet inside a drawn prop (`occlusion.feet_in`)."""
    prints = _drawn_prints(scene)
    problems: list[Problem] = []
    for figure, fp in prints:
        if not (isinstance(figure, Character) and figure.is_person):
            continue
        for other, ofp in prints:
            if other is figure:
                continue
            other_person = isinstance(other, Character) and other.is_person
            kind = "character" if isinstance(other, Character) else "prop"
            if on_head(fp, ofp, other_person):
                what = "stands on" if other_person else "sits on"
                problems.append(Problem(source, f'character "{figure.id}"',
                                        f'{kind} "{other.id}" {what} its head (it reads as worn): move one apart'))
            if isinstance(other, Prop) and other.name not in AIRBORNE and figure.traits.get("pose") not in IN_WATER and feet_in(fp, ofp):
                problems.append(Problem(source, f'character "{figure.id}"',
                                        f'stands with its feet inside prop "{other.id}": move it off'))
    return problems


def _region_problems(scene: Scene, source: str) -> list[Problem]:
    if not scene.regions:
        return []
    problems: list[Problem] = []
    for character in scene.characters:
        if not character.is_person:
            continue
        problem = feet_problem(scene.regions, character.x, character.y, FIGURE_SIZE * character.art.scale,
                               character.traits.get("pose") in IN_WATER, scene.aspect)
        if problem is not None:
            problems.append(Problem(source, f'character "{character.id}"', problem))
    return problems


def scene_problems(scene: Scene, source: str) -> list[Problem]:
    """Every problem of one loaded scene (ids across scenes are checked by `check_scenes`)."""
    problems: list[Problem] = []
    for key, shapes in (("background", scene.background), ("lights", scene.lights)):
        for index, shape in enumerate(shapes):
            problems.extend(Problem(source, f"{key}[{index}]", p) for p in shape_problems(shape))
    figures: Iterable[tuple[str, Character | Prop]] = [
        *(("character", c) for c in scene.characters), *(("prop", p) for p in scene.props)]
    for kind, figure in figures:
        if not figure.name.strip():
            problems.append(Problem(source, f'{kind} "{figure.id}"', "has an empty name"))
        drawn_otherwise = figure.is_person if isinstance(figure, Character) else bool(figure.traits)
        if not figure.art.emoji and not drawn_otherwise:
            problems.append(Problem(source, f'{kind} "{figure.id}"', 'has no "emoji" to draw and is not a person'))
    problems.extend(_spacing_problems(scene, source))
    problems.extend(_fairness_problems(scene, source))
    problems.extend(_people_problems(scene, source))
    problems.extend(_median_problems(scene, source))
    problems.extend(_hidden_problems(scene, source))
    problems.extend(_region_problems(scene, source))
    problems.extend(_placement_problems(scene, source))
    problems.extend(box_problems(scene, source))
    problems.extend(group_problems(scene, source))
    problems.extend(pose_problems(scene, source))
    problems.extend(facing_problems(scene, source))
    problems.extend(vignette_problems(scene, source))
    problems.extend(_repeat_problems(scene, source))
    return problems


def check_scenes(scenes: Sequence[tuple[str, Scene]]) -> list[Problem]:
    """Problems of several loaded scenes, including ids shared between them."""
    problems: list[Problem] = []
    owners: dict[str, str] = {}
    for source, scene in scenes:
        problems.extend(scene_problems(scene, source))
        if scene.id in owners:
            problems.append(Problem(source, "scene", f'id "{scene.id}" is also used by {owners[scene.id]}'))
        owners.setdefault(scene.id, source)
        for kind, ident in [*(("character", c.id) for c in scene.characters),
                            *(("prop", p.id) for p in scene.props)]:
            owner = owners.get(ident)
            if owner is not None and owner != source:
                problems.append(Problem(source, f'{kind} "{ident}"', f"id is also used in {owner}"))
            owners.setdefault(ident, source)
    return problems


def check_directory(directory: Path) -> tuple[list[Scene], list[Problem]]:
    """Load every `*.json` of a folder and check it; returns the good scenes and all problems."""
    if not directory.is_dir():
        return [], [Problem(str(directory), "", "is not a folder of scenes")]
    paths = sorted(directory.glob("*.json"))
    if not paths:
        return [], [Problem(str(directory), "", "holds no scene files (*.json)")]
    loaded: list[tuple[str, Scene]] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            loaded.append((str(path), load_scene(path)))
        except SceneError as error:
            problems.append(Problem(error.source, error.entry, error.problem))
    problems.extend(check_scenes(loaded))
    problems.extend(kit_problems(loaded))
    return [scene for _source, scene in loaded], problems
