"""A finished scene file seen in a mirror: the same place laid out left to right the other way (pure).

Every rule of the validator is symmetric in x (spacing, the two nearest props,
the occlusion footprints, the water and ground regions, turned with the rest), so the mirror
image of a valid scene is valid, and mirroring the finished file is simpler
and surer than making every recipe mirror its own coordinates. People turn
round with the picture (their `facing` trait), animals and plants flip;
props keep their glyphs unflipped, as signs and labels must stay readable.
"""

from __future__ import annotations

from lastmessage.scenegen.layout import CharacterEntry, GroupEntry, PropEntry, SceneJson

_BOXED = ("rect", "ellipse", "speckle", "waves", "stripes", "tiles", "rain")
_TURNED = {"left": "right", "right": "left", "front": "front", "back": "back"}


def _x(x: float) -> float:
    return round(1.0 - x, 4)


def _shape(shape: dict[str, object]) -> dict[str, object]:
    turned = dict(shape)
    x, w = shape.get("x"), shape.get("w")
    if shape.get("shape") in _BOXED and isinstance(x, (int, float)) and isinstance(w, (int, float)):
        turned["x"] = round(1.0 - x - w, 4)
    points = shape.get("points")
    if isinstance(points, list):
        turned["points"] = [[_x(point[0]), point[1]] for point in points]
    return turned


def _character(entry: CharacterEntry) -> CharacterEntry:
    turned: CharacterEntry = {**entry, "x": _x(entry["x"])}
    if "facing" in entry["traits"]:
        turned["traits"] = {**entry["traits"], "facing": _TURNED[entry["traits"]["facing"]]}
    if not entry["sentient"]:
        turned["mirror"] = not entry["mirror"]
    if "facing" in entry:   # a finished file's data for checks turns too (generate.measured)
        turned["facing"] = _TURNED.get(entry["facing"], entry["facing"])
    if "box" in entry:
        x0, y0, x1, y1 = entry["box"]
        turned["box"] = [_x(x1), y0, _x(x0), y1]
    return turned


def mirrored(data: SceneJson) -> SceneJson:
    """The scene's mirror image; ids, names and the order of every list stay as they were."""
    props: list[PropEntry] = [{**p, "x": _x(p["x"])} for p in data["props"]]
    groups: list[GroupEntry] = [{**g, "at": [_x(g["at"][0]), g["at"][1]]} if "at" in g else g for g in data["groups"]]
    turned: SceneJson = {**data, "background": [_shape(s) for s in data["background"]],
                         "characters": [_character(c) for c in data["characters"]], "props": props,
                         "groups": groups}
    if "regions" in data:
        turned["regions"] = [_shape(region) for region in data["regions"]]
    if "lights" in data:
        turned["lights"] = [_shape(s) for s in data["lights"]]
    return turned
