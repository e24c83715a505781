"""`lastmessage scenes ...`: list, check, render and time the scenes from the command line.

- `list [--json]`: the catalogue (the JSON of PLAY_SCRIPT.md).
- `check`: every problem of every scene file, with file and entry; exit 1 if any.
- `render ID --size WxH --out FILE.png [--labels]`: look at a scene.
- `bench [ID] [--size WxH]`: render time cold, from the disk cache and from memory.
- `generate --theme THEME --seed N --out DIR`: a new scene of a shipped theme.
- `credits`: where the art comes from and its licences.

pygame is imported only by the commands that draw, so `list` and `check`
work on a machine without it.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

from lastmessage.arguments import Subparsers, help_of
from lastmessage.config.paths import PathRefused, open_output_bytes, output_folder, shown
from lastmessage.scenes.model import Scene, SceneCatalog, SceneError, load_scenes, shipped_scenes_dir


def add_scenes_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenes", type=Path, default=None, metavar="DIR",
                        help="read scenes from DIR instead of the shipped scenes")


def catalog_from_args(args: argparse.Namespace) -> SceneCatalog:
    from lastmessage.scenegen.generate import GENERATOR

    return load_scenes(args.scenes or shipped_scenes_dir(), GENERATOR)


def _list(args: argparse.Namespace) -> int:
    try:
        catalog = catalog_from_args(args)
    except SceneError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    if args.json:
        from lastmessage.scenes.listing import listing

        summaries = [listing(scene) for scene in catalog.values()]
        json.dump(summaries, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for scene in catalog.values():
            animals = len(scene.characters) - len(scene.suspects())
            print(f"{scene.id:24} {scene.title:32} {len(scene.suspects()):4} suspects "
                  f"{animals:3} animals/plants {len(scene.props):3} props")
    return 0


def _check(args: argparse.Namespace) -> int:
    from lastmessage.scenes.validate import check_directory, kit_overlaps

    directory = args.scenes or shipped_scenes_dir()
    scenes, problems = check_directory(directory)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"lastmessage: {len(problems)} problem(s) in {directory}", file=sys.stderr)
        return 1
    for scene in scenes:
        animals = len(scene.characters) - len(scene.suspects())
        print(f"ok {scene.id}: {len(scene.suspects())} suspects, {animals} animals/plants, "
              f"{len(scene.props)} props")
    for theme, (count, mean, most) in kit_overlaps(scenes).items():
        print(f"ok {theme}: {count} scenes share {mean:.0%} of their set pieces two by two on average "
              f"(at most {most:.0%})")
    return 0


def parse_size(text: str) -> tuple[int, int]:
    """"1920x1080" -> (1920, 1080), refusing anything else with a message."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size {text!r} must look like 1920x1080") from None
    if not (16 <= width <= 8192 and 16 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"size {text!r}: each side must be 16..8192 pixels")
    return width, height


def _scene_from_args(args: argparse.Namespace) -> Scene:
    catalog = catalog_from_args(args)
    scene = catalog.make(args.id)
    if scene is None:
        raise SceneError(str(args.scenes or shipped_scenes_dir()), "",
                         f'no scene "{args.id}" (there are: {", ".join(catalog)})')
    return scene


def _render(args: argparse.Namespace) -> int:
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from lastmessage.scenes.render import RenderError, render_scene

    try:
        scene = _scene_from_args(args)
        pygame.display.init()
        pygame.font.init()
        surface = render_scene(scene, args.size, labels=args.labels)
        output_folder(args.out.parent, "picture's folder")
        with open_output_bytes(args.out, "picture") as out:
            picture = io.BytesIO()   # pygame would print a write error of its own
            pygame.image.save(surface, picture, args.out.name)
            out.write(picture.getvalue())
    except (SceneError, RenderError, PathRefused) as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"lastmessage: {shown(args.out)}: cannot write the picture: {error.strerror}",
              file=sys.stderr)
        return 2
    except pygame.error as error:
        print(f"lastmessage: {shown(args.out)}: cannot make the picture: {error}", file=sys.stderr)
        return 2
    print(f"{args.out}: {scene.id} at {args.size[0]}x{args.size[1]}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    import os
    import tempfile
    import time
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from lastmessage.scenes import render

    try:
        catalog = catalog_from_args(args)
    except SceneError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    ids = [args.id] if args.id else list(catalog)
    if args.id and args.id not in catalog:
        print(f'lastmessage: no scene "{args.id}"', file=sys.stderr)
        return 2
    pygame.display.init()
    pygame.font.init()
    if args.new_crowd:
        return _bench_new_crowd(args.size)
    print(f"render {args.size[0]}x{args.size[1]}: cold (nothing cached), disk (PNG cache, memory cleared as at a new start), "
          f"memory (same process)")
    with tempfile.TemporaryDirectory(prefix="lastmessage-bench-") as folder:
        for scene_id in ids:
            scene = catalog[scene_id]
            render.forget_memory_cache()
            render._glyphs.clear()
            start = time.perf_counter()
            render.render_scene(scene, args.size, cache_dir=Path(folder))
            cold = time.perf_counter() - start
            render.forget_memory_cache()
            start = time.perf_counter()
            render.render_scene(scene, args.size, cache_dir=Path(folder))
            disk = time.perf_counter() - start
            start = time.perf_counter()
            render.render_scene(scene, args.size, cache_dir=Path(folder))
            memory = time.perf_counter() - start
            print(f"{scene_id:12} cold {cold * 1000:7.1f} ms   disk {disk * 1000:6.1f} ms   "
                  f"memory {memory * 1000:5.1f} ms")
    return 0


def _bench_new_crowd(size: tuple[int, int]) -> int:
    """A new crowd of every theme: how long generating takes, and how the screens' frames fare
    while the painter paints it in the background (a 60 Hz loop blitting a full-screen picture)."""
    import tempfile
    import time

    import pygame

    from lastmessage.scenes import render
    from lastmessage.scenegen.generate import THEMES, scene_by_id, scene_id_for
    from lastmessage.scenes.painter import Painter

    print(f"new crowd at {size[0]}x{size[1]} (+ the tablet's 1280x800): generate, paint in the background, "
          "and the gaps between frames of a 60 Hz loop meanwhile")
    screen = pygame.Surface(size)
    picture = pygame.Surface(size)
    with tempfile.TemporaryDirectory(prefix="lastmessage-bench-") as folder:
        import os
        os.environ["LASTMESSAGE_CACHE"] = folder
        for number, theme in enumerate(THEMES):
            render.forget_memory_cache()
            start = time.perf_counter()
            scene = scene_by_id(scene_id_for(theme, 900_000 + number))
            generated = time.perf_counter() - start
            assert scene is not None
            painter = Painter()
            painter.use_background()
            start = last = time.perf_counter()
            gaps: list[float] = []
            painter.prefetch(scene, [size, (1280, 800)])
            while painter.busy():
                screen.blit(picture, (0, 0))
                time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - last)))
                now = time.perf_counter()
                gaps.append(now - last)
                last = now
            painted = time.perf_counter() - start
            gaps.sort()
            p95 = gaps[int(len(gaps) * 0.95)] if gaps else 0.0
            print(f"{theme:9} generate {generated * 1000:6.0f} ms   painted in {painted:5.2f} s   "
                  f"frames {len(gaps):4}: median {gaps[len(gaps) // 2] * 1000 if gaps else 0:5.1f} ms, "
                  f"p95 {p95 * 1000:5.1f} ms, worst {max(gaps, default=0) * 1000:6.1f} ms")
    return 0


def _generate(args: argparse.Namespace) -> int:
    from lastmessage.scenegen.generate import THEMES, summary, write_scene

    if args.theme not in THEMES:
        print(f'lastmessage: unknown theme "{args.theme}": choose from {", ".join(THEMES)}', file=sys.stderr)
        return 2
    try:
        path, scene = write_scene(args.theme, args.seed, args.out)
    except ValueError as error:   # a recipe that cannot make this seed: a bug, said plainly
        print(f"lastmessage: theme {args.theme} seed {args.seed} gives an unfit scene:\n{error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"lastmessage: cannot write into {args.out}: {error.strerror or error}", file=sys.stderr)
        return 2
    print(summary(path, scene))
    return 0


def _seed(text: str) -> int:
    from lastmessage.scenegen.generate import MAX_SEED   # the generator's import waits for its command

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} must be a whole number") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed {text} must be from 0 to {MAX_SEED}")
    return value


def _credits(args: argparse.Namespace) -> int:
    from lastmessage.scenes.credits import credits_text

    print(credits_text())
    return 0


def register(subparsers: Subparsers) -> None:
    scenes = subparsers.add_parser("scenes", help="list, check and render scenes")
    actions = scenes.add_subparsers(dest="scenes_command", metavar="ACTION")
    listing = actions.add_parser("list", help="list the scenes")
    listing.add_argument("--json", action="store_true", help="print the JSON of PLAY_SCRIPT.md")
    add_scenes_dir_option(listing)
    listing.set_defaults(func=_list)
    check = actions.add_parser("check", help="check every scene file; exit 1 on any problem")
    add_scenes_dir_option(check)
    check.set_defaults(func=_check)
    drawing = actions.add_parser("render", help="render a scene to a PNG")
    drawing.add_argument("id", help="scene id (see `scenes list`)")
    drawing.add_argument("--size", type=parse_size, default=(1920, 1080), metavar="WxH")
    drawing.add_argument("--out", type=Path, required=True, metavar="FILE.png")
    drawing.add_argument("--labels", action="store_true", help="draw ids over characters and props")
    add_scenes_dir_option(drawing)
    drawing.set_defaults(func=_render)
    bench = actions.add_parser("bench", help="time rendering: cold, from the disk cache, from memory")
    bench.add_argument("id", nargs="?", help="one scene (default: all)")
    bench.add_argument("--size", type=parse_size, default=(1920, 1080), metavar="WxH")
    bench.add_argument("--new-crowd", action="store_true",
                       help="generate a new crowd of every theme and paint it in the background, timing frames")
    add_scenes_dir_option(bench)
    bench.set_defaults(func=_bench)
    generating = actions.add_parser("generate", help="write a new scene of a theme from a seed")
    generating.add_argument("--theme", required=True, help="a shipped scene's theme (harbour, station, ...)")
    generating.add_argument("--seed", type=_seed, required=True, metavar="N", help="0 to 2147483647 (2**31-1)")
    generating.add_argument("--out", type=Path, required=True, metavar="DIR")
    generating.set_defaults(func=_generate)
    credit = actions.add_parser("credits", help="where the scene art comes from, and its licences")
    credit.set_defaults(func=_credits)
    scenes.set_defaults(func=help_of(scenes))
