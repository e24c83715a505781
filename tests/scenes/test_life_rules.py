"""Issue 21, deliverable 2, as `scenes check` measures it on the drawn figures: pointing and waving at
most 10 % and each at a target it faces, no pose with one held thing above 8 %, and people in a
queue or an audience turned to what they look at, from behind where it is up the picture."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from lastmessage.scenes.figures import person_svg
from lastmessage.scenes.life import COMBO_SHARE, GESTURE_SHARE, facing_towards, gesture_target
from lastmessage.scenes.model import load_scenes, parse_scene, shipped_scenes_dir
from lastmessage.scenes.validate import scene_problems

SHIPPED = load_scenes(shipped_scenes_dir())


def _data(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((shipped_scenes_dir() / name).read_text(encoding="utf-8"))
    return data


def _problems(data: dict[str, Any]) -> list[str]:
    return [str(p) for p in scene_problems(parse_scene(data, "x.json"), "x.json")]


@pytest.mark.parametrize("scene_id", list(SHIPPED))
def test_the_shipped_scenes_keep_gestures_few_and_poses_varied(scene_id: str) -> None:
    people = [c for c in SHIPPED[scene_id].suspects() if c.is_person]
    gestures = sum(c.traits["pose"] in ("pointing", "waving") for c in people)
    combos = Counter((c.traits["pose"], c.traits.get("holding", "")) for c in people)
    assert gestures <= GESTURE_SHARE * len(people)
    assert combos.most_common(1)[0][1] <= COMBO_SHARE * len(people)


def test_the_harbour_queues_are_seen_from_behind() -> None:
    scene = SHIPPED["harbour"]
    queues = [g for g in scene.groups if g.kind == "queue"]
    assert len(queues) >= 4
    backs = [m for g in queues for m in g.members if scene.character(m).facing == "back"]   # type: ignore[union-attr]
    assert len(backs) >= 10


def test_too_many_gestures_and_one_pose_everywhere_are_refused() -> None:
    data = _data("2-station.json")
    people = [c for c in data["characters"] if c["sentient"]]
    for person in people[:60]:
        person["traits"]["pose"] = "waving"
        person["traits"].pop("holding", None)
    problems = _problems(data)
    assert any("people point or wave" in p and "at most 10%" in p for p in problems), problems[:5]
    assert any("people are waving holding nothing" in p and "at most 8%" in p for p in problems), problems[:5]


def test_a_gesture_with_nothing_on_the_side_it_faces_is_refused() -> None:
    data = _data("3-museum.json")
    aimed = {m for g in data["groups"] if "at" in g for m in g["members"]}
    person = next(c for c in data["characters"] if c["sentient"] and c["traits"].get("pose") in ("pointing", "waving")
                  and c["id"] not in aimed)
    facing = person["traits"]["facing"]
    for prop in data["props"]:   # everything it could point at moved to the other side, out of reach
        if (prop["x"] > person["x"]) == (facing == "right"):
            prop["x"] = 0.0 if facing == "right" else 1.0
    problems = _problems(data)
    assert any(f'"{person["id"]}"' in p and "at nothing" in p and f"on the side it faces ({facing})" in p
               for p in problems), problems[:5]


def test_a_queue_member_turned_away_from_its_counter_is_refused() -> None:
    data = _data("1-harbour.json")
    queue = next(g for g in data["groups"] if g["kind"] == "queue")
    member = next(c for c in data["characters"] if c["id"] == queue["members"][-1])
    member["traits"]["facing"] = member["facing"] = "left"
    problems = _problems(data)
    assert any(f'"{member["id"]}": faces left in queue' in p and "it must face back" in p for p in problems), problems


def test_a_back_view_shows_no_face_and_no_glasses() -> None:
    traits = {"person": "man", "hair": "brown short", "top": "red plain", "pose": "standing", "glasses": "glasses"}
    front = person_svg({**traits, "facing": "right"})
    back = person_svg({**traits, "facing": "back"})
    eye = 'r="1.9"'
    assert eye in front and eye not in back and 'r="4.2"' not in back


def test_where_a_figure_looks_and_what_it_points_at() -> None:
    assert facing_towards(0.5, 0.8, 0.5, 0.5, 16 / 9) == "back"
    assert facing_towards(0.5, 0.5, 0.5, 0.8, 16 / 9) == "front"
    assert facing_towards(0.5, 0.5, 0.7, 0.52, 16 / 9) == "right"
    assert gesture_target(0.5, 0.5, [(0.9, 0.5), (0.45, 0.5)], 16 / 9) == (0.45, 0.5)
    assert gesture_target(0.5, 0.5, [(0.95, 0.5)], 16 / 9) is None
