"""`lastmessage scenes ...`: look at the scene data from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from lastmessage.scenes.model import SceneCatalog, SceneError, load_scenes, shipped_scenes_dir


def add_scenes_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", type=Path, default=None, metavar="DIR",
                        help="read scenes from DIR instead of the shipped scenes/")


def catalog_from_args(args: argparse.Namespace) -> SceneCatalog:
    return load_scenes(args.scenes or shipped_scenes_dir())


def _list(args: argparse.Namespace) -> int:
    try:
        catalog = catalog_from_args(args)
    except SceneError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    if args.json:
        summaries: list[dict[str, Any]] = [scene.summary() for scene in catalog.values()]
        json.dump(summaries, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for scene in catalog.values():
            animals = len(scene.characters) - len(scene.suspects())
            print(f"{scene.id:24} {scene.title:32} {len(scene.suspects()):4} suspects "
                  f"{animals:3} animals/plants {len(scene.props):3} props")
    return 0


def register(subparsers: Any) -> None:
    scenes = subparsers.add_parser("scenes", help="list, check and render scenes")
    actions = scenes.add_subparsers(dest="scenes_command", metavar="ACTION")
    listing = actions.add_parser("list", help="list the scenes")
    listing.add_argument("--json", action="store_true", help="print the JSON of PLAY_SCRIPT.md")
    add_scenes_dir_option(listing)
    listing.set_defaults(func=_list)
    scenes.set_defaults(func=lambda args: (scenes.print_help(), 2)[1])
