"""Complete sets: the props that belong to a person, and who counts as that person (pure).

A busker's open case with nobody playing by it, a harp on a stage with no harpist or a crystal
ball with no fortune teller reads as a prop left behind (the art review of issue 21). The recipes
place each of these with its person (`Layout.attend`) or not at all; `unattended` finds the ones
a scene file has without, for the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from lastmessage.scenes.occlusion import Footprint, footprint

INSTRUMENTS = ("guitar", "violin", "trumpet", "drum")


def _musician(traits: Mapping[str, str]) -> bool:
    return traits.get("costume") == "musician" or traits.get("holding", "") in INSTRUMENTS


def _fortune_teller(traits: Mapping[str, str]) -> bool:
    return traits.get("costume") == "magician"


def _player(traits: Mapping[str, str]) -> bool:
    """A musician, or someone standing or sitting at the instrument with both hands free to play it
    (a scene has at most `people.COSTUME_CAP` musicians: a gala's band takes them all)."""
    return _musician(traits) or (traits.get("pose") in ("standing", "sitting") and not traits.get("holding"))


OWNED: dict[str, Callable[[Mapping[str, str]], bool]] = {
    "busker's open case": _musician, "drum": _player, "harp": _player, "grand piano": _player,
    "street piano": _player, "fortune teller's ball": _fortune_teller,
}
"""Prop name -> who may be the person at it."""

REACH = 0.5
"""How far (in the person's drawn heights) a person's box may stand off the prop's and still be at it."""


def at_it(person: Footprint, prop: Footprint) -> bool:
    """A person's drawn box stands by a prop's: beside or behind it, not a step away."""
    reach = REACH * (person.y1 - person.y0)
    return (person.x0 - reach <= prop.x1 and prop.x0 - reach <= person.x1
            and person.y0 - reach <= prop.y1 and prop.y0 - reach <= person.y1)


def unattended(data: Mapping[str, object]) -> list[str]:
    """The ids of the scene's owned props (`OWNED`) with nobody of the right kind at them."""
    aspect = float(data["aspect"])  # type: ignore[arg-type]
    props = data["props"]
    characters = data["characters"]
    assert isinstance(props, Sequence) and isinstance(characters, Sequence)
    people = [(footprint(c["x"], c["y"], c["scale"], c["traits"], aspect), c["traits"])
              for c in characters if c["sentient"]]
    missing = []
    for prop in props:
        owner = OWNED.get(prop["name"])
        if owner is None:
            continue
        box = footprint(prop["x"], prop["y"], prop["scale"], prop["traits"], aspect)
        if not any(owner(traits) and at_it(fp, box) for fp, traits in people):
            missing.append(str(prop["id"]))
    return missing
