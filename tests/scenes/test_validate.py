"""The validator refuses broken scene files, naming the file and the entry."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lastmessage.cli import main
from lastmessage.scenes.validate import check_directory


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(scene: dict[str, Any]) -> None:
        target = scene
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _delete(path: list[Any]) -> Callable[[dict[str, Any]], None]:
    def change(scene: dict[str, Any]) -> None:
        target = scene
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


BROKEN: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("missing name", _delete(["characters", 1, "name"]), 'character "tiny-ghost": missing "name"'),
    ("sentient as text", _set(["characters", 0, "sentient"], "yes"),
     'character "tiny-chef": "sentient" must be true or false'),
    ("x outside", _set(["characters", 2, "x"], 1.5), 'character "tiny-robot": "x" is 1.5, must be between 0 and 1'),
    ("y negative", _set(["props", 0, "y"], -0.1), 'prop "tiny-fountain": "y" is -0.1, must be between 0 and 1'),
    ("duplicate id", _set(["props", 1, "id"], "tiny-chef"), 'props[1] "tiny-chef": id used twice in this scene'),
    ("empty name", _set(["characters", 3, "name"], " "), 'character "tiny-dog": has an empty name'),
    ("no emoji", _delete(["characters", 0, "emoji"]), 'character "tiny-chef": has no "emoji" to draw'),
    ("huge scale", _set(["props", 0, "scale"], 50), 'prop "tiny-fountain": "scale" is 50'),
    ("too close", _set(["characters", 1, "x"], 0.205),
     'character "tiny-ghost": stands 0.50 % of the scene width from "tiny-chef" (at least 0.75 % needed)'),
    ("unfair", lambda s: s["characters"][1].update(name="chef", x=0.2, y=0.62),
     'character "tiny-ghost": cannot be told apart from "tiny-chef": both are "chef" nearest to'),
    ("unknown shape", _set(["background", 0, "shape"], "blob"), "background[0]: \"shape\" is 'blob', must be one of"),
    ("bad colour", _set(["background", 1, "color"], "brown"),
     "background[1]: \"color\" is 'brown', must be a colour like \"#33aa55\""),
    ("missing field", _delete(["background", 1, "w"]), 'background[1]: rect is missing "w"'),
    ("unknown field", _set(["background", 1, "colour"], "#ffffff"), 'background[1]: rect has unknown field "colour"'),
    ("no suspect", _set(["characters"], []), "characters: a scene needs at least one sentient character"),
    ("wrong format", _set(["format"], 3), "format: format 3 is not supported (expected one of 1, 2)"),
    ("one prop", _set(["props"], [{"id": "p", "name": "lamp", "x": 0.1, "y": 0.1, "emoji": "\U0001F3EE"}]),
     "props: a scene needs at least two props for the fairness rule"),
]


def test_the_small_fixture_is_valid(small_scene: dict[str, Any],
                                    write_scenes: Callable[..., Path]) -> None:
    scenes, problems = check_directory(write_scenes(small_scene))
    assert problems == [] and len(scenes) == 1


@pytest.mark.parametrize(("label", "change", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_broken_scene_is_reported_with_file_and_entry(
        label: str, change: Callable[[dict[str, Any]], None], message: str,
        small_scene: dict[str, Any], write_scenes: Callable[..., Path]) -> None:
    change(small_scene)
    folder = write_scenes(small_scene, names=["park.json"])
    _scenes, problems = check_directory(folder)
    texts = [str(p) for p in problems]
    assert any(t.startswith(str(folder / "park.json") + ": ") and message in t for t in texts), texts


def test_not_json_names_the_line(write_scenes: Callable[..., Path]) -> None:
    folder = write_scenes('{"id": "x",\n  oops}', names=["bad.json"])
    _scenes, problems = check_directory(folder)
    assert [str(p) for p in problems] == [f"{folder / 'bad.json'}: line 2: not valid JSON: "
                                          "Expecting property name enclosed in double quotes"]


def test_ids_must_be_unique_across_scenes(small_scene: dict[str, Any],
                                          write_scenes: Callable[..., Path]) -> None:
    other = copy.deepcopy(small_scene)
    other["id"] = "other"
    other["characters"][1]["id"] = "other-ghost"
    folder = write_scenes(small_scene, other, names=["a.json", "b.json"])
    texts = [str(p) for p in check_directory(folder)[1]]
    assert f'{folder / "b.json"}: character "tiny-chef": id is also used in {folder / "a.json"}' in texts
    assert f'{folder / "b.json"}: prop "tiny-fountain": id is also used in {folder / "a.json"}' in texts
    assert not any("other-ghost" in t for t in texts)


def test_every_problem_is_listed_not_only_the_first(small_scene: dict[str, Any],
                                                    write_scenes: Callable[..., Path]) -> None:
    small_scene["characters"][1]["x"] = 0.205
    problems = [str(p) for p in check_directory(write_scenes(small_scene))[1]]
    assert len(problems) == 2   # the spacing, and the chef now three quarters behind the ghost
    assert any('character "tiny-chef": is 75% hidden behind figures in front of it' in p for p in problems)


def test_a_broken_background_shape_is_refused_when_the_scene_loads(
        small_scene: dict[str, Any], write_scenes: Callable[..., Path]) -> None:
    small_scene["background"][1]["color"] = "red"
    problems = [str(p) for p in check_directory(write_scenes(small_scene))[1]]
    assert len(problems) == 1 and 'background[1]: "color" is \'red\'' in problems[0]


def test_check_command_exit_status(small_scene: dict[str, Any], write_scenes: Callable[..., Path],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    good = write_scenes(small_scene)
    assert main(["scenes", "check", "--scenes", str(good)]) == 0
    assert "ok tiny: 3 suspects, 1 animals/plants, 3 props" in capsys.readouterr().out
    small_scene["characters"][2]["y"] = 2
    write_scenes(small_scene)
    assert main(["scenes", "check", "--scenes", str(good)]) == 1
    err = capsys.readouterr().err
    assert 'scene.json: character "tiny-robot": "y" is 2.0, must be between 0 and 1' in err
    assert "1 problem(s)" in err


def test_check_command_on_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenes", "check", "--scenes", str(tmp_path / "nowhere")]) == 1
    assert "is not a folder of scenes" in capsys.readouterr().err


def test_shipped_scenes_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenes", "check"]) == 0
    assert capsys.readouterr().out.count("ok ") == 6
