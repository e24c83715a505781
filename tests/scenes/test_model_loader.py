"""The scene model loader: malformed scene files are refused naming the file and the entry."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from lastmessage.scenes.model import SceneError, load_scene, load_scenes, parse_scene

PARK = Path(__file__).resolve().parents[1] / "fixtures" / "scenes" / "park.json"
GOOD: dict[str, Any] = json.loads(PARK.read_text(encoding="utf-8"))


def test_the_fixture_scene_loads() -> None:
    scene = load_scene(PARK)
    assert scene.id == "park" and scene.title == "Tiny Park"
    assert [c.id for c in scene.suspects()] == ["park-baker", "park-robot", "park-ghost", "park-juggler"]
    assert scene.character("park-dog") is not None and not scene.character("park-dog").sentient  # type: ignore[union-attr]
    assert scene.character("nobody") is None
    summary = scene.summary()   # the keys of PLAY_SCRIPT.md, extended (docs/contract.md), a file from before them
    assert set(summary) == {"id", "title", "characters", "props", "theme", "groups", "set_pieces", "lighting"}
    assert summary["characters"][0] == {"id": "park-baker", "name": "Baker with a tray", "sentient": True,
                                        "x": 0.1, "y": 0.2, "traits": {}, "scale": 1.0, "facing": "right",
                                        "box": None}
    assert (summary["groups"], summary["set_pieces"], summary["lighting"]) == ([], [], "")
    assert summary["props"][0] == {"id": "park-fountain", "name": "Fountain", "x": 0.5, "y": 0.5}


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


@pytest.mark.parametrize("change, entry, problem", [
    (lambda d: d["characters"][0].update(box=[0.1, 0.2, 0.05, 0.3]), 'character "park-baker"', "x0 <= x1"),
    (lambda d: d["characters"][0].update(box=[0.1, 0.2, 0.3]), 'character "park-baker"', '"box"'),
    (lambda d: d["characters"][0].update(box=[0.1, 0.2, 0.3, 1.5]), 'character "park-baker"', "0..1"),
    (lambda d: d["characters"][0].update(box=[0.1, True, 0.3, 0.4]), 'character "park-baker"', '"box"'),
    (lambda d: d["characters"][0].update(facing="up"), 'character "park-baker"', "front, back, left, right"),
    (lambda d: d["characters"][0].update(facing="left", traits={"facing": "right"}), 'character "park-baker"',
     "the traits draw it"),
    (lambda d: d.update(groups={}), "groups", "must be a list"),
    (lambda d: d.update(groups=["x"]), "groups[0]", "must be an object"),
    (lambda d: d.update(groups=[{"id": "g", "kind": "queue", "members": ["nobody"]}]), "groups[0]",
     'member "nobody" is no character'),
    (lambda d: d.update(groups=[{"id": "g", "kind": "queue", "members": []}]), "groups[0]", "list of character ids"),
    (lambda d: d.update(groups=[{"id": "g", "kind": "queue", "members": ["park-baker"]}] * 2), "groups[1]",
     "used twice"),
    (lambda d: d.update(groups=[{"id": "g", "kind": "queue", "members": ["park-baker"], "story": {"fr": "x"}}]),
     "groups[0]", '"story"'),
    (lambda d: d.update(set_pieces="ferry"), "set_pieces", "list of texts"),
    (lambda d: d.update(lighting=3), "lighting", "text"),
    (lambda d: d.pop("id"), "scene", 'missing "id"'),
    (lambda d: d.update(id=7), "scene", '"id"'),
    (lambda d: d.pop("title"), "scene", 'missing "title"'),
    (lambda d: d.update(format=3), "format", "not supported"),
    (lambda d: d.update(aspect=10), "aspect", "0.5 to 3"),
    (lambda d: d.update(aspect=True), "aspect", "0.5 to 3"),
    (lambda d: d.update(theme=3), "theme", "text"),
    (lambda d: d.update(background={"shape": "rect"}), "background", "list"),
    (lambda d: d.pop("characters"), "scene", 'missing "characters"'),
    (lambda d: d.update(characters={}), "scene", '"characters" must be a list'),
    (lambda d: d["characters"].append("bob"), "characters[6]", "must be an object"),
    (lambda d: d["characters"][2].pop("id"), "characters[2]", 'missing "id"'),
    (lambda d: d["characters"][2].update(id=" "), "characters[2]", "must not be empty"),
    (lambda d: d["characters"][3].update(id="park-baker"), 'characters[3] "park-baker"', "used twice"),
    (lambda d: d["props"][0].update(id="park-dog"), 'props[0] "park-dog"', "used twice"),
    (lambda d: d["characters"][1].pop("name"), 'character "park-robot"', 'missing "name"'),
    (lambda d: d["characters"][1].update(sentient="yes"), 'character "park-robot"', '"sentient"'),
    (lambda d: d["characters"][1].update(sentient=1), 'character "park-robot"', '"sentient"'),
    (lambda d: d["characters"][1].update(x=1.5), 'character "park-robot"', '"x"'),
    (lambda d: d["characters"][1].update(y=-0.1), 'character "park-robot"', '"y"'),
    (lambda d: d["characters"][1].update(x="0.5"), 'character "park-robot"', '"x"'),
    (lambda d: d["characters"][1].update(x=True), 'character "park-robot"', '"x"'),
    (lambda d: d["characters"][1].update(scale=0), 'character "park-robot"', '"scale"'),
    (lambda d: d["characters"][1].update(mirror="no"), 'character "park-robot"', '"mirror"'),
    (lambda d: d["characters"][1].update(emoji=5), 'character "park-robot"', '"emoji"'),
    (lambda d: d["props"][1].pop("x"), 'prop "park-bench"', 'missing "x"'),
    (lambda d: d["props"].append(3), "props[2]", "must be an object"),
    (lambda d: d.update(props=5), "props", "list"),
    (lambda d: d.update(props="abc"), "props", "list"),
    (lambda d: [c.update(sentient=False) for c in d["characters"]], "characters", "sentient"),
    (lambda d: d["characters"][1].update(x=10 ** 400), 'character "park-robot"', '"x"'),
    # Loaded by `scenes list`, then stopped play: a NUL title, half an emoji, a shape 1e308 wide.
    (lambda d: d.update(title="Tiny\x00Park"), "scene", '"title"'),
    (lambda d: d["characters"][1].update(name="Ro\x1bbot"), 'character "park-robot"', '"name"'),
    (lambda d: d["characters"][1].update(emoji="\ud83d"), 'character "park-robot"', '"emoji"'),
    (lambda d: d.update(background=[{"shape": "rect", "x": 0, "y": 0, "w": 1e308, "h": 1, "color": "#000000"}]),
     "background[0]", '"w"'),
])
def test_malformed_scenes_are_refused_naming_file_and_entry(change: Any, entry: str, problem: str) -> None:
    with pytest.raises(SceneError) as caught:
        parse_scene(broken(change), "scenes/park.json")
    error = caught.value
    assert error.source == "scenes/park.json"
    assert entry in error.entry, str(error)
    assert problem in error.problem, str(error)
    assert str(error).startswith("scenes/park.json: ")


def test_a_scene_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(SceneError, match="one JSON object"):
        parse_scene([GOOD], "x.json")


def test_invalid_json_names_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{\n  "id": "x",\n  oops\n}\n', encoding="utf-8")
    with pytest.raises(SceneError) as caught:
        load_scene(path)
    assert caught.value.source == str(path) and caught.value.entry == "line 3"


def test_unreadable_scene_file_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(SceneError, match="missing.json"):
        load_scene(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    with pytest.raises(SceneError, match="binary.json"):
        load_scene(binary)


def test_a_folder_loads_every_scene_and_refuses_duplicates(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(GOOD), encoding="utf-8")
    other = broken(lambda d: d.update(id="other"))
    (tmp_path / "b.json").write_text(json.dumps(other), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a scene", encoding="utf-8")
    assert list(load_scenes(tmp_path)) == ["park", "other"]
    (tmp_path / "c.json").write_text(json.dumps(GOOD), encoding="utf-8")
    with pytest.raises(SceneError) as caught:
        load_scenes(tmp_path)
    assert caught.value.source.endswith("c.json") and "a.json" in caught.value.problem


def test_an_empty_or_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SceneError, match="no scene files"):
        load_scenes(tmp_path)
    with pytest.raises(SceneError, match="not a folder"):
        load_scenes(tmp_path / "nope")


def test_the_data_for_checks_survives_the_round_trip_of_a_journal_copy() -> None:
    """A file with boxes, facings and groups is read back from `scene_json` unchanged (the journal
    keeps a game's scene that way), and a file without them loads as before."""
    from lastmessage.scenes.model import scene_json

    data = copy.deepcopy(GOOD)
    data["characters"][0].update(box=[0.09, 0.18, 0.11, 0.22], facing="back", traits={"person": "man", "facing": "back"})
    data.update(groups=[{"id": "park-g1", "kind": "queue", "members": ["park-baker", "park-robot"],
                         "story": {"en": "waiting", "ro": "așteaptă"}}], set_pieces=["fountain"], lighting="dusk")
    scene = parse_scene(data, "park.json")
    assert scene.characters[0].box == (0.09, 0.18, 0.11, 0.22) and scene.characters[0].facing == "back"
    again = parse_scene(json.loads(json.dumps(scene_json(scene))), "copy")
    assert again == scene and again.groups == scene.groups and again.characters[0].facing == "back"
    assert again.characters[0].box is None   # measured again from the figure by whoever lists it
    assert again.lighting == "dusk" and again.set_pieces == ("fountain",)
