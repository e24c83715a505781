"""`scenes check`'s rules on the scene data added for life and depth (pure).

A file states each character's drawn `box` and its `groups` (scenes/README.md) so that a check
outside this program can measure the picture without drawing it. These rules keep those statements
true: a stated box is the one the figure is drawn in (`occlusion.scene_box`), and a group names
each of its members once, every one of them a character of the scene.
"""

from __future__ import annotations

from lastmessage.scenes.model import LANGUAGES, Scene
from lastmessage.scenes.occlusion import scene_box
from lastmessage.scenes.problem import Problem

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
