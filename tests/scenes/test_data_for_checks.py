"""Scene data for checks (issue 21, deliverable 7): `scenes list --json` gives theme, scale, facing,
the drawn box, groups, set pieces and lighting, for the shipped files and for files from before them;
`scenes check` refuses a box that is not the one drawn."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.scenes.occlusion import footprint, hidden_fraction, scene_box
from lastmessage.scenes.validate import check_directory

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scenes"


def _listing(folder: Path) -> list[dict[str, object]]:
    done = subprocess.run([sys.executable, "-m", "lastmessage", "scenes", "list", "--json", "--scenes", str(folder)],
                          capture_output=True, text=True, check=True)
    listed = json.loads(done.stdout)
    assert isinstance(listed, list)
    return listed


def test_the_listing_of_the_shipped_scenes_gives_what_a_check_needs() -> None:
    scenes = load_scenes(shipped_scenes_dir())
    for entry in _listing(shipped_scenes_dir()):
        scene = scenes[str(entry["id"])]
        assert entry["theme"] == scene.theme and entry["lighting"] in ("day", "dusk", "night", "snow")
        assert entry["set_pieces"] and all(isinstance(p, str) for p in entry["set_pieces"])   # type: ignore[union-attr]
        ids = {c.id for c in scene.characters}
        groups = entry["groups"]
        assert isinstance(groups, list) and len(groups) >= 30
        for group in groups:
            assert {"id", "kind", "members", "story"} <= set(group) <= {"id", "kind", "members", "story", "at", "tale", "roles", "near"}
            assert len(group["members"]) >= 2
            assert set(group["members"]) <= ids and group["story"]["en"] and group["story"]["ro"]
        characters = entry["characters"]
        assert isinstance(characters, list)
        for shown, character in zip(characters, scene.characters, strict=True):
            assert shown["scale"] == character.art.scale
            assert shown["facing"] in ("front", "back", "left", "right")
            if character.is_person:
                assert shown["facing"] == character.traits["facing"]
            x0, y0, x1, y1 = shown["box"]
            assert 0 <= x0 < x1 <= 1 and 0 <= y0 < y1 <= 1
            assert x0 <= character.x <= x1   # the box is round the figure: the feet below the centre
            assert shown["box"] == list(scene_box(character.x, character.y, character.art.scale,
                                                   character.traits, scene.aspect))


def test_the_box_is_what_the_hiding_rule_measures() -> None:
    """A suspect's stated box, scaled to the monitor, is the rectangle `hidden_fraction` samples."""
    scene = load_scenes(shipped_scenes_dir())["harbour"]
    person = next(c for c in scene.suspects() if c.box is not None)
    fp = footprint(person.x, person.y, person.art.scale, person.traits, scene.aspect)
    assert person.box is not None
    assert abs(person.box[0] * 1920 - fp.x0) < 0.5 and abs(person.box[3] * 1080 - fp.y1) < 0.5
    assert hidden_fraction(fp, [fp]) == 0.0   # nobody hides itself


def test_a_file_from_before_the_data_is_listed_with_boxes_measured(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "park.json", tmp_path / "park.json")
    (entry,) = _listing(tmp_path)
    assert entry["groups"] == [] and entry["set_pieces"] == [] and entry["lighting"] == ""
    for shown in entry["characters"]:   # type: ignore[union-attr]
        assert len(shown["box"]) == 4 and shown["facing"] in ("left", "right")


def test_check_refuses_a_box_that_is_not_the_drawn_one(tmp_path: Path) -> None:
    data = json.loads((shipped_scenes_dir() / "4-beach.json").read_text(encoding="utf-8"))
    person = next(c for c in data["characters"] if c["sentient"])
    person["box"] = [round(v + 0.01, 4) if i % 2 else v for i, v in enumerate(person["box"])]
    data["groups"][0]["members"].append(data["groups"][0]["members"][0])
    (tmp_path / "beach.json").write_text(json.dumps(data), encoding="utf-8")
    _scenes, problems = check_directory(tmp_path)
    texts = [str(p) for p in problems]
    assert any(f'character "{person["id"]}": "box" is' in t and "it is drawn in" in t for t in texts), texts
    assert any(f'group "{data["groups"][0]["id"]}": names a member twice' in t for t in texts), texts
    assert len(texts) == 2
