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
from collections.abc import Mapping
from dataclasses import dataclass, replace

from lastmessage.scenes.figures import GRIPS
from lastmessage.scenes.traits import (
    BOTTOM_COLOURS, COLOURED_HEADWEAR, FEMALE, GARMENTS, HAIR_STYLES, IN_WATER, PATTERNS, SKIN_TONES,
    TOP_COLOURS,
)
from lastmessage.scenes.traits import BELOW_WAIST
from lastmessage.scenes.traits import WAIST_UP

EVERYDAY_HEADWEAR = ("cap", "beanie", "beret", "bandana", "headscarf", "sun hat", "straw hat", "cowboy hat",
                     "headphones")   # top hats only at the gala and the carnival
EVERYDAY_HELD = ("balloon", "umbrella", "handbag", "ice cream", "camera", "dog", "newspaper", "flowers",
                 "coffee", "backpack", "map", "phone", "book", "shopping bag", "baguette", "basket",
                 "walking stick", "scarf", "lollipop", "ball", "teddy bear", "suitcase", "briefcase")
CARRIED = ("box", "basket", "tray", "drum", "teddy bear", "flowers")
BOTH_HANDS = ("guitar", "violin", "trumpet")
COSTUME_CAP = 4   # people in one costume per scene: more read as clones at playing size
STAFF = ("police officer", "lifeguard", "ski instructor", "waiter", "ticket inspector", "museum guard", "chef")
_WOMEN_ONLY = ("skirt", "dress", "swimsuit", "bikini")
_MEN_ONLY = ("trunks",)


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
    glasses: tuple[str, ...] = ("glasses", "glasses", "sunglasses")
    glasses_rate: float = 0.12   # old people wear them about twice as often


PUBLIC = Crowd()


SUMMER_HELD = ("ice cream", "lollipop", "surfboard", "rubber ring", "lilo")   # nothing to carry about in the snow
SUMMER_BOTTOMS = ("shorts", "skirt", "dress")   # bare legs: the slopes' winter wear in the snow instead
SUMMER_HEADWEAR = ("sun hat", "straw hat")


def dressed_for_snow(crowd: Crowd) -> Crowd:
    """The crowd out in falling snow, dressed as the slopes dress theirs (`WINTER`): what bares the legs
    (shorts, a skirt, a summer dress) becomes the slopes' long trousers, ski trousers or salopettes under
    a padded jacket, a sun hat a winter hat, and nobody carries an ice cream or beach things (a crowd
    already dressed for it, such as the slopes', is returned as it is)."""
    warm, hats = WINTER.bottoms, WINTER.headwear
    bottoms = tuple(warm[i % len(warm)] if b in SUMMER_BOTTOMS else b for i, b in enumerate(crowd.bottoms))
    headwear = tuple(hats[i % len(hats)] if h in SUMMER_HEADWEAR else h for i, h in enumerate(crowd.headwear))
    held = tuple(h for h in crowd.held if h not in SUMMER_HELD) or crowd.held
    if (bottoms, headwear, held) == (crowd.bottoms, crowd.headwear, crowd.held):
        return crowd
    return replace(crowd, bottoms=bottoms, headwear=headwear, held=held)


def seated(crowd: Crowd) -> Crowd:
    """The place's people sitting down (on the bench or chair the scene draws): no staff."""
    return replace(crowd, poses=("sitting",), held=crowd.held + BOTH_HANDS, costumes=())


def audience(crowd: Crowd) -> Crowd:
    """The place's people watching something, dressed as the place dresses them."""
    return replace(crowd, poses=("standing", "waving", "pointing", "standing", "dancing"))


def queueing(crowd: Crowd) -> Crowd:
    """The place's people waiting in a line, most with something in hand."""
    return replace(crowd, poses=("standing",), hold_rate=0.7)


def serving(crowd: Crowd) -> Crowd:
    """The place's people behind a counter or a kiosk's hatch, seen from the waist up: no costume that
    is someone else's job (a chef may serve; a lifeguard does not)."""
    return replace(crowd, poses=("serving",), costumes=tuple(c for c in crowd.costumes if c in ("chef", "fisher")))


def rowing(crowd: Crowd) -> Crowd:
    """The place's people sitting in a rowing boat, a hand on an oar, seen from the gunwale up."""
    return replace(crowd, poses=("rowing",))


SEATED = seated(PUBLIC)
AUDIENCE = audience(PUBLIC)
QUEUE = queueing(PUBLIC)
_SKIWEAR = ("salopettes", "ski trousers", "ski trousers")
WINTER = replace(PUBLIC, held=("coffee", "camera", "scarf", "backpack", "skis", "phone", "dog", "snowboard"),
                 headwear=("beanie", "beanie", "helmet", "headphones", "headscarf"), headwear_rate=0.75,
                 bottoms=_SKIWEAR + ("trousers",), poses=("standing", "walking", "waving", "pointing", "running"),
                 glasses=("goggles", "goggles", "sunglasses", "glasses"), glasses_rate=0.3)
# In the sea or a pool: most swim, some float on their back (a few on a lilo), children splash;
# only some have a rubber ring.
SWIMMERS = Crowd(held=("rubber ring", "rubber ring", "lilo", "ball"),
                 poses=("swimming", "swimming", "swimming", "floating", "splashing"), headwear=("swim cap",),
                 headwear_rate=0.35, hold_rate=0.22, children=0.25, old=0.05, glasses_rate=0.0)
# A hot spring: in to the chest, arms on the water, no rings; a warm hat in the snow.
HOT_SPRING_BATHERS = Crowd(held=(), poses=("bathing",), headwear=("beanie", "swim cap", "headscarf"),
                           headwear_rate=0.45, hold_rate=0.0, children=0.1, old=0.25)
# On the sand: swimwear in the top's colour and pattern, sun hats, bare arms and legs.
BATHERS = Crowd(held=("ball", "ice cream", "surfboard", "book", "camera", "lollipop", "phone", "rubber ring", "dog",
                      "basket", "newspaper", "umbrella", "backpack", "balloon"),
                poses=("standing", "walking", "running", "waving", "dancing", "standing"),
                headwear=("sun hat", "straw hat", "cap", "bandana", "sun hat"),
                bottoms=("swimsuit", "swimsuit", "bikini", "trunks", "trunks", "shorts"),
                costumes=("lifeguard",), costume_rate=0.06, children=0.25,
                glasses=("sunglasses", "sunglasses", "glasses"), glasses_rate=0.25)
# On their towels (the recipe draws them), sitting on the ground.
SUNBATHERS = replace(BATHERS, poses=("lounging",), costumes=(),
                     held=("book", "phone", "ice cream", "lollipop", "camera", "newspaper"))
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
# Guests stand and talk with a glass (no boxes to sit on); only waiters carry trays.
# Indoors and dressed up: no umbrellas or shopping; mostly bare heads, a few berets, scarves and
# top hats (a crown would be a costume, and a crowd of one hat reads as clones).
GALA = Crowd(held=("glass", "glass", "camera", "handbag", "flowers", "book", "phone", "violin", "map", "walking stick",
                   "scarf", "glass", "handbag"),
             poses=("standing", "standing", "walking", "pointing", "waving", "dancing", "standing"),
             headwear=("beret", "beret", "beret", "headscarf", "headscarf", "top hat", "flower crown"), headwear_rate=0.16,
             costumes=("waiter", "museum guard", "magician"), costume_rate=0.12, children=0.08, old=0.2,
             bottoms=("trousers", "dress", "dress", "skirt"))
SKIERS = Crowd(held=("skis", "skis", "snowboard", "ski poles", "coffee", "camera", "scarf", "backpack"),
               poses=("standing", "walking", "waving", "pointing", "carrying", "running"),
               headwear=("beanie", "beanie", "helmet", "helmet", "helmet", "headphones"),
               headwear_rate=0.85, costumes=("ski instructor",), costume_rate=0.07, hold_rate=0.8,
               bottoms=_SKIWEAR, glasses=("goggles", "goggles", "goggles", "sunglasses"), glasses_rate=0.45)
SKIERS_ON_PISTE = replace(SKIERS, poses=("skiing",), held=("backpack", "scarf"), hold_rate=0.2,
                          headwear=("helmet", "helmet", "beanie"), headwear_rate=0.95, glasses_rate=0.7)
SKATERS = replace(WINTER, poses=("skating", "skating", "skating", "standing"), held=("scarf", "scarf", "camera"),
                  hold_rate=0.3, headwear=("beanie", "beanie", "headscarf", "cap"),
                  bottoms=("trousers", "trousers", "skirt"), glasses=("glasses",), glasses_rate=0.08, children=0.3)
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
                       "holding": ("megaphone", "")},
    "clown": {"top": ("red dots", "yellow dots", "green dots", "purple dots", "blue dots"),
              "bottom": ("red trousers", "green trousers", "blue trousers"), "hair": ("red afro", "blond afro"),
              "headwear": ("", "party hat"), "holding": ("balloon", "lollipop", "ball", "")},
    "lifeguard": {"top": ("red", "yellow"), "bottom": ("red shorts", "black shorts", "blue shorts"),
                  "headwear": ("", "red cap", "yellow cap", "straw hat"),
                  "holding": ("megaphone", "flag", "rubber ring")},
    "astronaut": {"top": ("white",), "bottom": ("white trousers",), "headwear": ("space helmet",),
                  "holding": ("flag", "")},
    "ski instructor": {"top": ("red", "red", "blue"), "bottom": ("black salopettes", "black ski trousers"),
                       "headwear": ("red beanie", "white helmet", "yellow helmet"),
                       "holding": ("ski poles", "skis", "flag", "megaphone")},
    "waiter": {"top": ("white",), "bottom": ("black trousers",), "headwear": ("",), "holding": ("tray",)},
    "ticket inspector": {"top": ("green",), "bottom": ("black trousers", "black skirt"), "headwear": ("green cap",),
                         "holding": ("", "phone")},
    "pirate": {"top": ("red stripes", "black stripes", "white stripes"), "bottom": ("black trousers",),
               "headwear": ("pirate hat", "red bandana"), "holding": ("flag", "")},
    "magician": {"top": ("black",), "bottom": ("black trousers",), "headwear": ("top hat",), "holding": ("", "flowers")},
    "museum guard": {"top": ("grey",), "bottom": ("black trousers",), "headwear": ("police cap",),
                     "holding": ("", "phone", "walking stick")},
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
    if rng.random() >= crowd.hold_rate or not crowd.held:
        return ""
    allowed = [h for h in crowd.held if fits(h, pose)]
    return rng.choice(allowed) if allowed else ""


def fits(held: str, pose: str) -> bool:  # noqa: C901 - one rule per pose
    """Things that need both hands, or a hand low, are not held while dancing or running; in the
    water only a ring, a lilo (floating on it) or a ball; on skis or skates nothing in the hands but a
    hockey stick."""
    grip = GRIPS.get(held, "none")
    if pose in IN_WATER:
        return {"rubber ring": pose in ("swimming", "splashing"), "lilo": pose == "floating",
                "ball": pose == "splashing"}.get(held, False)
    if held == "lilo":
        return False
    if pose in ("skiing", "skating"):   # a hockey player skates with the stick down on the ice
        return grip == "worn" or (pose == "skating" and held == "hockey stick")
    if pose in ("running", "dancing"):
        return grip in ("worn", "up") and held != "umbrella"
    if pose in ("waving", "pointing"):
        return grip in ("low", "mid", "up", "worn")
    if pose in ("sitting", "lounging") + WAIST_UP:
        return grip not in ("carry",) and held not in ("dog", "suitcase", "skis", "snowboard", "surfboard",
                                                       "walking stick", "ski poles", "rubber ring")
    return grip != "carry"


def _costume(rng: random.Random, crowd: Crowd, person: str, worn: Mapping[str, int]) -> str:
    """A costume of the crowd, if this person wears one: never a child, never more than
    `COSTUME_CAP` people in one costume in a scene (`worn` counts them)."""
    if not crowd.costumes or person in ("girl", "boy") or rng.random() >= crowd.costume_rate:
        return ""
    choice = rng.choice(crowd.costumes)
    return choice if worn.get(choice, 0) < COSTUME_CAP else ""


def _bottom(rng: random.Random, crowd: Crowd, person: str) -> str:
    female = person in FEMALE
    bottoms = [b for b in crowd.bottoms
               if (female or b not in _WOMEN_ONLY) and (not female or b not in _MEN_ONLY)
               and not (b == "bikini" and person == "old woman")] or ["trousers"]
    bottom = rng.choice(bottoms)
    return bottom if bottom in GARMENTS else f"{rng.choice(tuple(BOTTOM_COLOURS))} {bottom}"


def make_traits(rng: random.Random, crowd: Crowd, worn: Mapping[str, int] | None = None) -> dict[str, str]:
    """One person of this crowd (every key is a visible trait); `worn` counts the costumes
    already in the scene."""
    person = _pick_person(rng, crowd)
    pose = rng.choice(crowd.poses)
    traits: dict[str, str] = {
        "person": person,
        "build": rng.choice(("slim", "average", "average", "broad")),
        "skin": rng.choice(tuple(SKIN_TONES)),
    }
    female = person in FEMALE
    costume = _costume(rng, crowd, person, worn or {})
    if costume:
        traits["costume"] = costume
        if costume in STAFF and pose in ("dancing", "sitting", "lounging"):
            pose = rng.choice(("standing", "pointing", "walking"))
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
    if pose not in IN_WATER:
        traits["bottom"] = _bottom(rng, crowd, person)
    if crowd.glasses and rng.random() < crowd.glasses_rate * (1.8 if person.startswith("old") else 1.0):
        traits["glasses"] = rng.choice(crowd.glasses)
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
        options = [h for h in look["holding"] if not h or fits(h, pose)]
        held = rng.choice(options) if options else ""
        if held in BOTH_HANDS + ("drum",) and pose not in ("standing", "walking", "sitting") + WAIST_UP:
            traits["pose"] = "standing"
    if traits["pose"] in WAIST_UP and traits.get("bottom", "").endswith(BELOW_WAIST):   # not seen: not a trait
        traits.pop("bottom")
    if traits.get("headwear", "").endswith(("space helmet",)):
        traits.pop("glasses", None)
    if traits.get("glasses") == "goggles" and traits.get("pose") in IN_WATER:
        traits.pop("glasses")
    if held:
        traits["holding"] = held
    if pose == "carrying" and not held:
        traits["pose"] = "standing"
    return traits
