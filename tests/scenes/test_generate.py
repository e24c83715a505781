"""The committed scene files are exactly what the generator makes, big and varied enough,
and any seed of any theme gives a scene that passes every check."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from lastmessage.cli import main as cli_main
from lastmessage.i18n.translate import translator
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Game
from lastmessage.rules.events import EventError, GameStarted
from lastmessage.scenegen.generate import (
    GENERATOR,
    MINIMUM_CREATURES, MINIMUM_PROPS, MINIMUM_SUSPECTS, RECIPES, THEMES, build, dumps, generate,
)
from lastmessage.scenegen.layout import GENERATOR_VERSION, SceneJson
from lastmessage.scenegen.mirror import mirrored
from lastmessage.scenegen.recipes_water import TOWEL_STRIPES
from lastmessage.scenes.model import KEEP_MADE, Scene, load_scenes, shipped_scenes_dir
from lastmessage.scenes.traits import HELD, HEADWEAR, SKIN_TONES
from lastmessage.scenes.validate import check_directory

SEEDS_PER_THEME = 50


@pytest.mark.parametrize("name", list(RECIPES))
def test_committed_file_matches_its_recipe(name: str) -> None:
    file_name, data, _scene = build(name)
    committed = (shipped_scenes_dir() / file_name).read_text(encoding="utf-8")
    assert dumps(data) == committed, f"regenerate with: python -m lastmessage.scenegen.generate {name}"


def test_shipped_scenes_are_crowded_and_varied() -> None:
    for scene in load_scenes(shipped_scenes_dir()).values():
        suspects = scene.suspects()
        assert len(suspects) >= MINIMUM_SUSPECTS
        assert len(scene.characters) - len(suspects) >= MINIMUM_CREATURES
        assert len(scene.props) >= MINIMUM_PROPS
        assert all(c.id.startswith(scene.id + "-") for c in (*scene.characters, *scene.props))
        assert all(c.is_person for c in suspects)
        traits = Counter(key_value for c in suspects for key_value in c.traits.items())
        facing = {v for (k, v) in traits if k == "facing"}
        assert {"left", "right"} <= facing <= {"left", "right", "back"}   # back: in queues and audiences
        assert {v for (k, v) in traits if k == "skin"} == set(SKIN_TONES)
        assert len({v for (k, v) in traits if k == "pose"}) >= 6, scene.id
        assert len({v for (k, v) in traits if k == "holding"}) >= 12, scene.id
        scales = [c.art.scale for c in suspects]
        assert max(scales) / min(scales) > 1.3             # perspective and children
        assert len({c.name for c in suspects}) == len(suspects)


def test_the_vocabulary_is_as_rich_as_promised() -> None:
    assert len(SKIN_TONES) >= 6
    assert len(HEADWEAR) + 9 >= 15 + 9                    # 9 hair styles besides bald, 15+ headwear kinds
    assert len(HELD) >= 25


def test_animals_and_plants_are_never_suspects() -> None:
    for scene in load_scenes(shipped_scenes_dir()).values():
        for character in scene.characters:
            assert character.sentient == character.is_person, character.id


@pytest.mark.parametrize("theme", THEMES)
def test_fifty_seeds_of_every_theme_pass_every_check(theme: str) -> None:
    ro = translator("ro")
    for seed in range(1000, 1000 + SEEDS_PER_THEME):
        _data, scene = generate(theme, seed)    # raises with every problem listed if unfit
        assert scene.id == f"{theme}-s{seed}-g13"
        # a refusal names an animal or plant by its English name only: the catalog has it
        untranslated = {c.name for c in scene.characters if not c.sentient and ro.name(c.name) != c.names["ro"]}
        assert not untranslated, f"{scene.id}: not in the catalog as the scene words them: {untranslated}"


def test_the_same_seed_gives_the_same_scene_and_another_seed_another() -> None:
    first, _ = generate("beach", 7)
    again, _ = generate("beach", 7)
    other, _ = generate("beach", 8)
    assert dumps(first) == dumps(again)
    assert first["characters"] != other["characters"]


def _places(data: SceneJson) -> dict[str, tuple[float, float]]:
    """Where each prop stands, by its name (ids carry the scene's id); not the beach's towels without
    an umbrella, whose colours a seed chooses."""
    spare = {name for name, _colour, _stripe in TOWEL_STRIPES}
    return {p["name"]: (p["x"], p["y"]) for p in data["props"] if p["name"] not in spare}


@pytest.mark.parametrize("theme", THEMES)
def test_a_new_seed_is_another_arrangement_of_the_same_place(theme: str) -> None:
    shipped = _places(build(theme)[1])
    plans = [_places(generate(theme, seed)[0]) for seed in range(1, 7)]
    for plan in plans:   # its own pieces of the kit (test_seeds_new_pictures.py), and those it shares moved
        kept = [name for name in shipped if name in plan]
        moved = sum(plan[name] != shipped[name] for name in kept)
        assert moved >= len(kept) // 3, f"{theme}: only {moved} of {len(kept)} props moved"
    assert len({tuple(sorted(plan.items())) for plan in plans}) == len(plans)
    landmark = next(name for name in shipped if all(name in plan for plan in plans))   # one every seed has
    first_props = {plan[landmark][0] < 0.5 for plan in plans}
    assert first_props == {True, False}, f"{theme}: six seeds and never a mirrored plan"


def test_a_mirrored_scene_seen_in_a_mirror_again_is_the_scene() -> None:
    data, _scene = generate("station", 5)
    turned = mirrored(data)
    assert dumps(mirrored(turned)) == dumps(data)
    facing = {c["id"]: c["traits"].get("facing") for c in data["characters"] if c["sentient"]}
    assert all(c["traits"]["facing"] != facing[c["id"]] or facing[c["id"]] == "back"   # a back stays a back
               for c in turned["characters"] if c["sentient"])
    assert [p["x"] for p in turned["props"]] == [round(1 - p["x"], 4) for p in data["props"]]


def test_a_journal_of_an_older_generator_version_is_refused_in_one_line() -> None:
    catalog = load_scenes(shipped_scenes_dir(), GENERATOR)
    assert catalog.make(f"ski-s99-g{GENERATOR_VERSION}") is not None
    events = Game(Rules(), catalog).start(f"ski-s99-g{GENERATOR_VERSION}")
    started = next(e for e in events if isinstance(e, GameStarted))
    old = [GameStarted(**{**vars(started), "scene": "ski-s99-g2"}) if e is started else e for e in events]
    with pytest.raises(EventError) as refused:
        Game.replay(load_scenes(shipped_scenes_dir(), GENERATOR), old)
    assert str(refused.value) == "game_started names no known scene: 'ski-s99-g2'"


def test_scenes_generate_writes_a_scene_that_scenes_check_passes(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["scenes", "generate", "--theme", "carnival", "--seed", "12345", "--out", str(tmp_path)]) == 0
    assert "carnival-s12345-g13.json" in capsys.readouterr().out
    scenes, problems = check_directory(tmp_path)
    assert problems == [] and [s.id for s in scenes] == ["carnival-s12345-g13"]
    listed = json.loads((tmp_path / "carnival-s12345-g13.json").read_text(encoding="utf-8"))
    assert listed["format"] == 2 and listed["seed"] == 12345 and listed["theme"] == "carnival"


def test_scenes_generate_refuses_an_unknown_theme_in_one_line(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["scenes", "generate", "--theme", "moon", "--seed", "1", "--out", str(tmp_path)]) == 2
    assert 'unknown theme "moon": choose from harbour, station' in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("seed, message", [("x", "must be a whole number"), ("-3", "must be from 0")])
def test_scenes_generate_refuses_a_bad_seed(seed: str, message: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli_main(["scenes", "generate", "--theme", "ski", f"--seed={seed}", "--out", str(tmp_path)])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_the_catalog_makes_a_generated_scene_again_from_its_id() -> None:
    catalog = load_scenes(shipped_scenes_dir(), GENERATOR)
    assert list(catalog) == ["harbour", "station", "museum", "beach", "ski", "carnival"]
    assert "beach-s7-g13" not in catalog and catalog.can_make("beach-s7-g13")   # a lookup never makes it
    scene = catalog.make("beach-s7-g13")
    assert scene is not None and catalog["beach-s7-g13"] is scene and not catalog.can_make("beach-s7-g13")
    assert scene.id == "beach-s7-g13" and scene.character("beach-s7-g13-p001") is not None
    assert dumps(generate("beach", 7)[0]) == dumps(generate("beach", 7)[0])
    for unknown in ("beach-s7-g999", "beach-s7-g12", "beach-s7-g11", "beach-s7-g10", "beach-s7-g9", "beach-s7-g8", "beach-s7-g7", "beach-s7-g6", "beach-s7-g4", "beach-s7-g3", "beach-s7-g2", "moon-s7-g13", "beach-s7", "beach-s44-g13", "bea"):
        assert not catalog.can_make(unknown) and catalog.make(unknown) is None and unknown not in catalog


def test_the_catalog_keeps_only_the_last_few_scenes_it_made() -> None:
    class Counting:
        def __init__(self) -> None:
            self.made: list[str] = []

        def names(self, scene_id: str) -> bool:
            return scene_id.startswith("ski-")

        def make(self, scene_id: str) -> Scene | None:
            self.made.append(scene_id)
            return replace(catalog["ski"], id=scene_id)

    maker = Counting()
    catalog = load_scenes(shipped_scenes_dir(), maker)
    ids = [f"ski-{n}" for n in range(KEEP_MADE + 2)]
    playing = catalog.make(ids[0])
    for scene_id in ids[1:]:
        catalog.make(scene_id)
        assert catalog[ids[0]] is playing   # looked up every frame: the game in play is kept
    assert [scene_id in catalog for scene_id in ids] == [True, False, False, *[True] * (KEEP_MADE - 1)]
    assert "ski-zz" not in catalog and catalog.get("ski-zz") is None
    assert maker.made == ids   # the lookups made nothing


def test_a_game_in_a_generated_scene_is_played_and_replayed_by_id() -> None:
    catalog = load_scenes(shipped_scenes_dir(), GENERATOR)
    catalog.make("ski-s99-g13")
    game = Game(Rules(), catalog)
    events = game.start("ski-s99-g13") + game.pick("ski-s99-g13-p123", 1.0)
    fresh = load_scenes(shipped_scenes_dir(), GENERATOR)
    fresh.make("ski-s99-g13")   # as a resume does (journal.resume.rebuild)
    again = Game.replay(fresh, events)
    assert again.scene is not None and again.scene.id == "ski-s99-g13"
    assert again.secret == "ski-s99-g13-p123"


SEED_EDGES = [0, 1, 2**31 - 2, 2**31 - 1]


@pytest.mark.parametrize("seed", SEED_EDGES)
def test_every_seed_scenes_generate_accepts_makes_a_scene_the_catalog_knows_by_id(
        seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["scenes", "generate", "--theme", "beach", f"--seed={seed}", "--out", str(tmp_path)]) == 0
    made = json.loads(next(tmp_path.glob("*.json")).read_text(encoding="utf-8"))
    if made["id"] != "beach":   # the shipped seed keeps the theme's id
        known = load_scenes(shipped_scenes_dir(), GENERATOR).make(made["id"])
        assert known is not None and known.id == made["id"]


@pytest.mark.parametrize("seed", [2**31, 2**32, 4294967296 * 2, 2**63 - 1])
def test_a_seed_past_the_generators_range_is_refused_by_the_command_and_unknown_as_an_id(
        seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli_main(["scenes", "generate", "--theme", "beach", f"--seed={seed}", "--out", str(tmp_path)])
    assert exit_.value.code == 2 and f"must be from 0 to {2**31 - 1}" in capsys.readouterr().err
    catalog = load_scenes(shipped_scenes_dir(), GENERATOR)
    assert not catalog.can_make(f"beach-s{seed}-g{GENERATOR_VERSION}")
    assert catalog.make(f"beach-s{seed}-g{GENERATOR_VERSION}") is None
