"""The scene generator: recipe + seed -> scene file, checked before it is written.

    python -m lastmessage.scenes.generate [--out DIR] [NAME ...]

Scenes are generated once and the files committed, so a scene never changes
under players (a journal names characters by id). Regenerate only on purpose,
for example after changing a recipe; the validator of `validate.py` and the
counts the product promises (`MINIMUM_*`) must pass or nothing is written.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lastmessage.scenes.layout import Layout
from lastmessage.scenes.model import Scene, parse_scene, shipped_scenes_dir
from lastmessage.scenes.recipes_land import carnival_night, museum_gala, ski_resort, train_station
from lastmessage.scenes.recipes_water import harbour_market, sunny_beach
from lastmessage.scenes.validate import Problem, scene_problems

MINIMUM_SUSPECTS = 150
MINIMUM_CREATURES = 20
MINIMUM_PROPS = 30

# name -> (file name, recipe, seed). The seed of a shipped scene never changes.
RECIPES: dict[str, tuple[str, Callable[[int], Layout], int]] = {
    "harbour": ("1-harbour.json", harbour_market, 11),
    "station": ("2-station.json", train_station, 22),
    "museum": ("3-museum.json", museum_gala, 33),
    "beach": ("4-beach.json", sunny_beach, 44),
    "ski": ("5-ski.json", ski_resort, 55),
    "carnival": ("6-carnival.json", carnival_night, 66),
}


def count_problems(scene: Scene, source: str) -> list[Problem]:
    """The product's minimum crowd (the validator accepts smaller scenes for tests)."""
    problems = []
    creatures = len(scene.characters) - len(scene.suspects())
    for what, have, need in (("suspects", len(scene.suspects()), MINIMUM_SUSPECTS),
                             ("animals and plants", creatures, MINIMUM_CREATURES),
                             ("props", len(scene.props), MINIMUM_PROPS)):
        if have < need:
            problems.append(Problem(source, "scene", f"only {have} {what}, a shipped scene needs {need}"))
    return problems


def build(name: str) -> tuple[str, dict[str, Any], Scene]:
    """Run one recipe; raises ValueError listing every problem if the result is unfit."""
    file_name, recipe, seed = RECIPES[name]
    data = recipe(seed).to_json()
    scene = parse_scene(json.loads(json.dumps(data)), file_name)
    problems = scene_problems(scene, file_name) + count_problems(scene, file_name)
    if problems:
        raise ValueError("\n".join(str(p) for p in problems))
    return file_name, data, scene


def dumps(data: dict[str, Any]) -> str:
    """JSON with one figure per line: readable diffs, small files."""
    head = {k: v for k, v in data.items() if k not in ("background", "characters", "props")}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in head.items()]
    for key in ("background", "characters", "props"):
        items = [f"    {json.dumps(item, ensure_ascii=False)}" for item in data[key]]
        closing = "]" if key == "props" else "],"
        lines.append(f'  "{key}": [\n' + ",\n".join(items) + f"\n  {closing}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lastmessage.scenes.generate",
                                     description="Generate the shipped scenes from their recipes.")
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"recipes to run (default all: {', '.join(RECIPES)})")
    parser.add_argument("--out", type=Path, default=shipped_scenes_dir(), metavar="DIR")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in RECIPES]
    if unknown:
        parser.error(f"unknown recipe {unknown[0]!r}, choose from {', '.join(RECIPES)}")
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
        creatures = len(scene.characters) - len(scene.suspects())
        print(f"{args.out / file_name}: {len(scene.suspects())} suspects, {creatures} animals/plants, "
              f"{len(scene.props)} props")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
