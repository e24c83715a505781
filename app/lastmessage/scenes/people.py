"""Who stands in a scene: crowds as trait recipes for the scene generator (pure).

A `Crowd` says what a group of people tends to hold, wear and do (skiers
carry skis, swimmers swim, the staff of a gala carry trays); `make_traits`
draws one person from it with a seeded random generator. The generator asks
again whenever a person would share all visible traits or the whole name with
someone already in the scene, so every suspect is different at a glance and
has its own words.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from lastmessage.scenes.figures import GRIPS
from lastmessage.scenes.traits import (
    BOTTOM_COLOURS, COLOURED_HEADWEAR, FEMALE, HAIR_COLOURS, HAIR_STYLES, PATTERNS, SKIN_TONES, TOP_COLOURS,
)

EVERYDAY_HEADWEAR = ("cap", "beanie", "beret", "bandana", "headscarf", "sun hat", "straw hat", "cowboy hat",
                     "headphones", "top hat")
EVERYDAY_HELD = ("balloon", "umbrella", "handbag", "ice cream", "camera", "dog", "newspaper", "flowers",
                 "coffee", "backpack", "map", "phone", "book", "shopping bag", "baguette", "basket",
                 "walking stick", "scarf", "lollipop", "ball", "teddy bear", "suitcase", "briefcase")
CARRIED = ("box", "basket", "tray", "drum", "teddy bear", "flowers")
BOTH_HANDS = ("guitar", "violin", "trumpet")


@dataclass(frozen=True)
class Crowd:
    """What a group of people in a place tends to hold, wear and do."""

    held: tuple[str, ...] = EVERYDAY_HELD
    poses: tuple[str, ...] = ("standing", "standing", "walking", "walking", "waving", "pointing", "carrying")
    headwear: tuple[str, ...] = EVERYDAY_HEADWEAR
    costumes: tuple[str, ...] = ()
    costume_rate: float = 0.0
    hold_rate: float = 0.55
    headwear_rate: float = 0.35
    mask: str = "face mask"
    mask_rate: float = 0.02
    children: float = 0.16
    old: float = 0.14
    bottoms: tuple[str, ...] = ("trousers", "trousers", "shorts", "skirt", "dress")


PUBLIC = Crowd()
SEATED = replace(PUBLIC, poses=("sitting",), held=EVERYDAY_HELD + BOTH_HANDS)
AUDIENCE = replace(PUBLIC, poses=("standing", "waving", "pointing", "standing", "dancing"))
QUEUE = replace(PUBLIC, poses=("standing",), hold_rate=0.7)
WINTER = replace(PUBLIC, held=("coffee", "camera", "scarf", "backpack", "skis", "phone", "dog", "snowboard"),
                 headwear=("beanie", "cap", "headphones", "headscarf", "beret"), headwear_rate=0.7,
                 bottoms=("trousers",), poses=("standing", "walking", "waving", "pointing", "running"))
SWIMMERS = Crowd(held=(), poses=("swimming",), headwear=("swim cap",), headwear_rate=0.4, hold_rate=0.0,
                 children=0.2, old=0.05)
BATHERS = Crowd(held=("ball", "ice cream", "surfboard", "book", "camera", "lollipop", "flowers", "phone"),
                poses=("standing", "walking", "sitting", "running", "waving", "dancing"),
                headwear=("sun hat", "straw hat", "cap", "bandana"), bottoms=("shorts", "shorts", "skirt", "dress"),
                costumes=("lifeguard",), costume_rate=0.06, children=0.25)
SELLERS = Crowd(held=("fish", "basket", "ladle", "box", "flowers", "baguette"),
                poses=("standing", "carrying", "pointing", "waving"), costumes=("fisher", "chef"),
                costume_rate=0.5, hold_rate=0.8, children=0.0)
HARBOUR = replace(PUBLIC, held=EVERYDAY_HELD + ("fishing rod", "fish"), costumes=("fisher", "chef", "pirate"),
                  costume_rate=0.08)
TRAVELLERS = Crowd(held=("suitcase", "suitcase", "briefcase", "backpack", "newspaper", "coffee", "phone", "map",
                         "handbag", "umbrella", "book", "flowers", "dog", "shopping bag", "baguette", "camera"),
                   poses=("standing", "walking", "walking", "running", "waving", "pointing"),
                   costumes=("ticket inspector", "police officer"), costume_rate=0.06, hold_rate=0.8,
                   bottoms=("trousers", "trousers", "skirt", "dress"))
GALA = Crowd(held=("glass", "glass", "camera", "handbag", "flowers", "book", "phone", "violin", "tray"),
             poses=("standing", "standing", "walking", "pointing", "waving", "dancing", "carrying", "sitting"),
             headwear=("top hat", "beret", "crown", "headscarf", "flower crown"), headwear_rate=0.3,
             costumes=("waiter", "museum guard", "magician"), costume_rate=0.12, children=0.08, old=0.2,
             bottoms=("trousers", "dress", "dress", "skirt"))
SKIERS = Crowd(held=("skis", "skis", "snowboard", "ski poles", "coffee", "camera", "scarf", "backpack"),
               poses=("standing", "walking", "waving", "pointing", "carrying", "running"),
               headwear=("beanie", "beanie", "helmet", "helmet", "cap", "headphones", "headscarf"),
               headwear_rate=0.85, costumes=("ski instructor",), costume_rate=0.07, hold_rate=0.8,
               bottoms=("trousers",))
FAIR = Crowd(held=("balloon", "balloon", "candyfloss", "lollipop", "teddy bear", "ice cream", "flag", "lantern",
                   "camera", "drum", "trumpet", "guitar", "megaphone"),
             poses=("standing", "walking", "waving", "pointing", "dancing", "running", "carrying"),
             headwear=("party hat", "cap", "crown", "flower crown", "top hat", "cowboy hat", "bandana"),
             headwear_rate=0.45, costumes=("clown", "magician", "pirate", "musician", "astronaut"),
             costume_rate=0.15, hold_rate=0.7, children=0.25, mask="eye mask", mask_rate=0.12)

# costume -> traits it fixes (the rest is drawn as for anyone)
_COSTUME_LOOK: dict[str, dict[str, tuple[str, ...]]] = {
    "chef": {"top": ("white",), "bottom": ("black trousers", "grey trousers"), "headwear": ("chef's hat",),
             "holding": ("ladle", "tray", "")},
    "police officer": {"top": ("blue",), "bottom": ("black trousers",), "headwear": ("police cap",),
                       "holding": ("whistle", "megaphone", "")},
    "clown": {"top": ("red dots", "yellow dots", "green dots", "purple dots", "blue dots"),
              "bottom": ("red trousers", "green trousers", "blue trousers"), "hair": ("red afro", "blond afro"),
              "headwear": ("", "party hat"), "holding": ("balloon", "lollipop", "ball", "")},
    "lifeguard": {"top": ("red",), "bottom": ("red shorts", "black shorts"), "headwear": ("", "red cap"),
                  "holding": ("whistle", "megaphone", "")},
    "astronaut": {"top": ("white",), "bottom": ("white trousers",), "headwear": ("space helmet",),
                  "holding": ("flag", "")},
    "ski instructor": {"top": ("red",), "bottom": ("black trousers",), "headwear": ("red beanie", "white helmet"),
                       "holding": ("ski poles", "skis", "whistle")},
    "waiter": {"top": ("white",), "bottom": ("black trousers",), "headwear": ("",), "holding": ("tray",)},
    "ticket inspector": {"top": ("green",), "bottom": ("black trousers", "black skirt"), "headwear": ("green cap",),
                         "holding": ("", "phone")},
    "pirate": {"top": ("red stripes", "black stripes", "white stripes"), "bottom": ("black trousers",),
               "headwear": ("pirate hat", "red bandana"), "holding": ("flag", "")},
    "magician": {"top": ("black",), "bottom": ("black trousers",), "headwear": ("top hat",), "holding": ("", "flowers")},
    "museum guard": {"top": ("grey",), "bottom": ("black trousers",), "headwear": ("police cap",),
                     "holding": ("", "phone")},
    "fisher": {"top": ("yellow", "orange"), "bottom": ("green trousers", "black trousers"),
               "headwear": ("yellow cap", "straw hat", ""), "holding": ("fish", "fishing rod", "box")},
    "musician": {"top": TOP_COLOURS, "bottom": ("black trousers", "blue trousers"), "headwear": ("", "beret", "top hat"),
                 "holding": BOTH_HANDS + ("drum",)},
}


def _pick_person(rng: random.Random, crowd: Crowd) -> str:
    roll = rng.random()
    female = rng.random() < 0.5
    if roll < crowd.children:
        return "girl" if female else "boy"
    if roll < crowd.children + crowd.old:
        return "old woman" if female else "old man"
    return "woman" if female else "man"


def _hair(rng: random.Random, person: str) -> str:
    if person.startswith("old"):
        colour = rng.choice(("grey", "white", "white", "grey", "black"))
    else:
        colour = rng.choice(("black", "black", "brown", "brown", "blond", "red"))
    female = person in FEMALE
    styles = [s for s in HAIR_STYLES if s != "bald" and (female or s not in ("bun", "braids", "long", "bob"))]
    if not female and person != "boy" and rng.random() < (0.3 if person == "old man" else 0.1):
        return "bald"
    return f"{colour} {rng.choice(styles)}"


def _held(rng: random.Random, crowd: Crowd, pose: str) -> str:
    if pose == "carrying":
        return rng.choice(CARRIED)
    if pose == "swimming" or rng.random() >= crowd.hold_rate or not crowd.held:
        return ""
    allowed = [h for h in crowd.held if _fits(h, pose)]
    return rng.choice(allowed) if allowed else ""


def _fits(held: str, pose: str) -> bool:
    """Things that need both hands, or a hand low, are not held while dancing or running."""
    grip = GRIPS.get(held, "none")
    if pose in ("running", "dancing"):
        return grip in ("worn", "up") and held != "umbrella"
    if pose in ("waving", "pointing"):
        return grip in ("low", "mid", "up", "worn")
    if pose == "sitting":
        return grip not in ("carry",) and held not in ("dog", "suitcase", "skis", "snowboard", "surfboard",
                                                       "walking stick", "ski poles")
    return grip != "carry"


def make_traits(rng: random.Random, crowd: Crowd) -> dict[str, str]:
    """One person of this crowd (every key is a visible trait)."""
    person = _pick_person(rng, crowd)
    pose = rng.choice(crowd.poses)
    traits: dict[str, str] = {
        "person": person,
        "build": rng.choice(("slim", "average", "average", "broad")),
        "skin": rng.choice(tuple(SKIN_TONES)),
    }
    female = person in FEMALE
    costume = ""
    if crowd.costumes and person not in ("girl", "boy") and rng.random() < crowd.costume_rate:
        costume = rng.choice(crowd.costumes)
        traits["costume"] = costume
    traits["hair"] = _hair(rng, person)
    headwear = [h for h in crowd.headwear if female or h != "headscarf"]
    if headwear and rng.random() < crowd.headwear_rate:
        kind = rng.choice(headwear)
        if kind in COLOURED_HEADWEAR:
            kind = f"{rng.choice(TOP_COLOURS)} {kind}"
        traits["headwear"] = kind
    pattern = rng.choice(tuple(PATTERNS))
    colour = rng.choice(TOP_COLOURS)
    traits["top"] = colour if pattern == "plain" else f"{colour} {pattern}"
    if pose != "swimming":
        bottoms = [b for b in crowd.bottoms if female or b in ("trousers", "shorts")] or ["trousers"]
        bottom = rng.choice(bottoms)
        traits["bottom"] = "dress" if bottom == "dress" else f"{rng.choice(tuple(BOTTOM_COLOURS))} {bottom}"
    if rng.random() < (0.22 if person.startswith("old") else 0.12):
        traits["glasses"] = rng.choice(("glasses", "glasses", "sunglasses"))
    if rng.random() < crowd.mask_rate:
        traits["mask"] = crowd.mask
    if person in ("man", "old man") and rng.random() < 0.3:
        traits["beard"] = rng.choice(("beard", "beard", "moustache"))
    traits["pose"] = pose
    traits["facing"] = rng.choice(("left", "right"))
    held = _held(rng, crowd, pose)
    if costume:
        look = _COSTUME_LOOK[costume]
        traits["top"] = rng.choice(look["top"])
        traits["bottom"] = rng.choice(look["bottom"])
        for key in ("hair", "headwear"):
            if key in look:
                value = rng.choice(look[key])
                if value in COLOURED_HEADWEAR:
                    value = f"{rng.choice(TOP_COLOURS)} {value}"
                if value:
                    traits[key] = value
                else:
                    traits.pop(key, None)
        options = [h for h in look["holding"] if not h or _fits(h, pose)]
        held = rng.choice(options) if options else ""
        if held in BOTH_HANDS + ("drum",) and pose not in ("standing", "walking", "sitting"):
            traits["pose"] = "standing"
    if traits.get("headwear", "").endswith(("space helmet",)):
        traits.pop("glasses", None)
    if held:
        traits["holding"] = held
    if pose == "carrying" and not held:
        traits["pose"] = "standing"
    return traits
