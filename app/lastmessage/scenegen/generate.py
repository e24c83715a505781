"""The scene generator: theme + seed -> scene file, checked before it is written.

    lastmessage scenes generate --theme THEME --seed N --out DIR   # a new scene
    python -m lastmessage.scenegen.generate [--out DIR] [THEME ...]  # the shipped six

The six shipped scenes are generated once with fixed seeds and the files
committed, so a scene never changes under players (a journal names
characters by id). Any other seed gives a new scene of the same place, with
its own id (`harbour-s1234-g13`), so it can sit beside the shipped ones: a
varied plan of the place (stalls, landmarks and props rearranged, one seed in
two mirrored; see `layout.py`) with a new crowd in it. The same
theme, seed and `GENERATOR_VERSION` always give the same file. Nothing is
written unless the validator of `validate.py` and the counts the product
promises (`MINIMUM_*`) pass.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from lastmessage.scenegen.layout import GENERATOR_VERSION, CharacterEntry, GroupEntry, Layout, PropEntry, SceneJson
from lastmessage.scenegen.mirror import mirrored
from lastmessage.scenes.model import Scene, parse_scene, shipped_scenes_dir
from lastmessage.scenes.occlusion import scene_box
from lastmessage.scenegen.recipes_land import carnival_night, museum_gala, ski_resort, train_station
from lastmessage.scenegen.recipes_water import harbour_market, sunny_beach
from lastmessage.scenes.problem import Problem
from lastmessage.scenes.validate import scene_problems

MINIMUM_SUSPECTS = 300
MINIMUM_CREATURES = 20
MINIMUM_PROPS = 30

# theme -> (shipped file name, recipe(seed, varied), shipped seed). The seed of a shipped scene never changes.
RECIPES: dict[str, tuple[str, Callable[[int, bool], Layout], int]] = {
    "harbour": ("1-harbour.json", harbour_market, 11),
    "station": ("2-station.json", train_station, 22),
    "museum": ("3-museum.json", museum_gala, 33),
    "beach": ("4-beach.json", sunny_beach, 44),
    "ski": ("5-ski.json", ski_resort, 55),
    "carnival": ("6-carnival.json", carnival_night, 66),
}
THEMES = tuple(RECIPES)


def count_problems(scene: Scene, source: str) -> list[Problem]:
    """The product's minimum crowd (the validator accepts smaller scenes for tests)."""
    problems = []
    creatures = len(scene.characters) - len(scene.suspects())
    for what, have, need in (("suspects", len(scene.suspects()), MINIMUM_SUSPECTS),
                             ("animals and plants", creatures, MINIMUM_CREATURES),
                             ("props", len(scene.props), MINIMUM_PROPS)):
        if have < need:
            problems.append(Problem(source, "scene", f"only {have} {what}, a scene needs {need}"))
    return problems


MAX_SEED = 2**31 - 1
"""The seeds a scene is made from, 0..MAX_SEED: a scene file's speckle textures take the
seed as theirs, and a shape's seed is at most 2**31 (scenes/shapes.py). `scenes generate`
accepts these and no more, and an id naming a seed past them names no scene."""


def scene_id_for(theme: str, seed: int) -> str:
    """The shipped scene keeps the theme as id; any other seed is a scene of its own,
    named by theme, seed and generator version so a journal can make it again."""
    return theme if seed == RECIPES[theme][2] else f"{theme}-s{seed}-g{GENERATOR_VERSION}"


_GENERATED_ID = re.compile(r"^([a-z]+)-s(\d{1,18})-g(\d+)$")


def _named(scene_id: str) -> tuple[str, int] | None:
    """The theme and seed a generated scene's id names (`harbour-s1234-g13`), or None if it
    names none this generator can make (an unknown theme, or another generator version)."""
    match = _GENERATED_ID.match(scene_id)
    if match is None or match[1] not in RECIPES or int(match[3]) != GENERATOR_VERSION or int(match[2]) > MAX_SEED:
        return None
    if int(match[2]) == RECIPES[match[1]][2]:   # the shipped scene goes by its theme alone
        return None
    return match[1], int(match[2])


def scene_by_id(scene_id: str) -> Scene | None:
    """The generated scene an id names (`harbour-s1234-g13`), or None if it names none this
    generator can make (see `_named`), or the seed gives an unfit scene."""
    named = _named(scene_id)
    if named is None:
        return None
    try:
        return generate(*named)[1]
    except ValueError:
        return None


class Generator:
    """The generator as a scene catalog's maker (`scenes.model.SceneMaker`): the catalog
    is given it by whoever builds one (the device, scripted play, the bench, `scenes`)."""

    def names(self, scene_id: str) -> bool:
        return _named(scene_id) is not None

    def make(self, scene_id: str) -> Scene | None:
        return scene_by_id(scene_id)


GENERATOR = Generator()


def _renamed(data: SceneJson, scene_id: str) -> SceneJson:
    """The same scene under another id (every character and prop id follows the scene's)."""
    old = data["id"]
    if scene_id == old:
        return data
    def rename(ident: str) -> str:
        return scene_id + ident[len(old):]
    characters: list[CharacterEntry] = [{**c, "id": rename(c["id"])} for c in data["characters"]]
    props: list[PropEntry] = [{**p, "id": rename(p["id"])} for p in data["props"]]
    groups: list[GroupEntry] = []
    for g in data["groups"]:
        group: GroupEntry = {**g, "id": rename(g["id"]), "members": [rename(m) for m in g["members"]]}
        if "roles" in g:
            group["roles"] = {rename(m): part for m, part in g["roles"].items()}
        if "near" in g:
            group["near"] = rename(g["near"])
        groups.append(group)
    return {**data, "id": scene_id, "title": f"{data['title']} #{data['seed']}",
            "characters": characters, "props": props, "groups": groups}


def measured(data: SceneJson) -> SceneJson:
    """The finished file with each character's `facing` and drawn `box` (`occlusion.scene_box`) written
    in, after mirroring, so a check outside this program reads what is drawn."""
    aspect = data["aspect"]
    characters: list[CharacterEntry] = []
    for entry in data["characters"]:
        facing = entry["traits"].get("facing") or ("front" if "person" in entry["traits"]
                                                    else "left" if entry["mirror"] else "right")
        box = scene_box(entry["x"], entry["y"], entry["scale"], entry["traits"], aspect)
        characters.append({**entry, "facing": facing, "box": list(box)})
    return {**data, "characters": characters}


def generate(theme: str, seed: int) -> tuple[SceneJson, Scene]:
    """One scene of a theme; raises ValueError listing every problem if the result is unfit."""
    if theme not in RECIPES:
        raise ValueError(f'unknown theme "{theme}" (choose from {", ".join(THEMES)})')
    _file, recipe, shipped_seed = RECIPES[theme]
    layout = recipe(seed, seed != shipped_seed)
    data = _renamed(layout.to_json(), scene_id_for(theme, seed))
    if layout.mirrored:
        data = mirrored(data)
    data = measured(data)
    source = f"{theme} seed {seed}"
    scene = parse_scene(json.loads(json.dumps(data)), source)
    problems = scene_problems(scene, source) + count_problems(scene, source)
    if problems:
        raise ValueError("\n".join(str(p) for p in problems))
    return data, scene


def build(theme: str) -> tuple[str, SceneJson, Scene]:
    """A shipped scene: its file name, content and loaded form."""
    file_name, _recipe, seed = RECIPES[theme]
    data, scene = generate(theme, seed)
    return file_name, data, scene


def dumps(data: SceneJson) -> str:
    """JSON with one figure per line: readable diffs, small files."""
    head = {k: v for k, v in data.items() if k not in ("background", "lights", "characters", "props", "groups")}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    lists: tuple[tuple[str, Sequence[object]], ...] = (
        ("background", data["background"]), *((("lights", data["lights"]),) if "lights" in data else ()),
        ("characters", data["characters"]), ("props", data["props"]), ("groups", data["groups"]))
    for key, entries in lists:
        items = [f"    {json.dumps(item, ensure_ascii=False)}" for item in entries]
        closing = "]" if key == "groups" else "],"
        lines.append(f'  "{key}": [\n' + ",\n".join(items) + f"\n  {closing}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_scene(theme: str, seed: int, out: Path) -> tuple[Path, Scene]:
    """`scenes generate`: a new scene file in `out` (ValueError if unfit, OSError if unwritable)."""
    data, scene = generate(theme, seed)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{scene.id}.json"
    path.write_text(dumps(data), encoding="utf-8")
    return path, scene


def summary(path: Path, scene: Scene) -> str:
    creatures = len(scene.characters) - len(scene.suspects())
    return (f"{path}: {len(scene.suspects())} suspects, {creatures} animals/plants, {len(scene.props)} props "
            f"(generator {GENERATOR_VERSION})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lastmessage.scenegen.generate",
                                     description="Generate the shipped scenes from their recipes.")
    parser.add_argument("names", nargs="*", metavar="THEME",
                        help=f"themes to regenerate (default all: {', '.join(RECIPES)})")
    parser.add_argument("--out", type=Path, default=shipped_scenes_dir(), metavar="DIR")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in RECIPES]
    if unknown:
        parser.error(f"unknown theme {unknown[0]!r}, choose from {', '.join(RECIPES)}")
    failed = False
    for name in args.names or list(RECIPES):
        try:
            file_name, data, scene = build(name)
        except ValueError as error:
            print(f"{name}: not written:\n{error}", file=sys.stderr)
            failed = True
            continue
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / file_name).write_text(dumps(data), encoding="utf-8")
        print(summary(args.out / file_name, scene))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
