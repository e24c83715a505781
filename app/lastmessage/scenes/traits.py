"""What a person in a scene looks like, and how to say it in English and Romanian (pure).

A person is a flat set of visible traits (`{"person": "woman", "hair": "red
bun", "top": "yellow stripes", "holding": "balloon", "pose": "waving"}`):
the figure is drawn from them (`figures.py`) and the name on screen is
generated from them, so what a victim sees is what a victim can say. The
vocabulary leans on what reads on a 40 px figure (saturated named colours,
white stripes or dots, headwear, a held object, the pose), and every word has
its Romanian forms, because Romanian adjectives agree with the noun they
follow ("bluză galbenă", "tricou galben") and the screens need the definite
form too ("femeia cu ...").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lastmessage.i18n.names import Gender, NameForms

Traits = Mapping[str, str]


@dataclass(frozen=True)
class Colour:
    hex: str
    ro_m: str   # Romanian adjective after a masculine or neuter singular noun
    ro_f: str   # after a feminine singular noun
    ro_fp: str  # after a feminine plural noun


COLOURS: dict[str, Colour] = {
    "red": Colour("#e03131", "roșu", "roșie", "roșii"),
    "orange": Colour("#f76707", "portocaliu", "portocalie", "portocalii"),
    "yellow": Colour("#fcc419", "galben", "galbenă", "galbene"),
    "green": Colour("#2f9e44", "verde", "verde", "verzi"),
    "teal": Colour("#15aabf", "turcoaz", "turcoaz", "turcoaz"),
    "blue": Colour("#1c5fd6", "albastru", "albastră", "albastre"),
    "purple": Colour("#7b3fd1", "mov", "mov", "mov"),
    "pink": Colour("#f06595", "roz", "roz", "roz"),
    "white": Colour("#f4f4f2", "alb", "albă", "albe"),
    "black": Colour("#2b2b30", "negru", "neagră", "negre"),
    "grey": Colour("#9aa1a8", "gri", "gri", "gri"),
    "brown": Colour("#8a5a2b", "maro", "maro", "maro"),
}
TOP_COLOURS = tuple(COLOURS)
PATTERNS = {   # pattern -> (English adjective, Romanian phrase after the colour)
    "plain": ("", ""), "stripes": ("striped", "în dungi"),
    "dots": ("spotted", "cu buline"), "checks": ("checked", "în carouri"),
}
BOTTOM_COLOURS = {"blue": "#3a5a94", "black": "#2b2d33", "grey": "#7d858e", "brown": "#74502f",
                  "beige": "#cdb48a", "white": "#eeeeea", "red": "#c92a2a", "green": "#2b8a3e"}
BOTTOMS = ("trousers", "shorts", "skirt", "dress", "swimsuit", "bikini", "trunks", "salopettes", "ski trousers")
# Bottoms that are the garment the top's colour and pattern is on (no colour of their own): the name
# says it ("a yellow striped swimsuit"), and the figure draws it.
GARMENTS = ("dress", "swimsuit", "bikini", "trunks")
SWIMWEAR = ("swimsuit", "bikini", "trunks")
SKIWEAR = ("salopettes", "ski trousers")   # worn with a padded ski jacket in the top's colour and pattern

SKIN_TONES = {"very light": "#f7d7c4", "light": "#eec29a", "medium": "#d9a066",
              "tan": "#b97a4a", "brown": "#8d5630", "dark": "#5c3820"}
HAIR_COLOURS = {"black": "#231d1a", "brown": "#6b3f1d", "blond": "#e6bf55", "red": "#c65a1e",
                "grey": "#9c9c9c", "white": "#ececec"}
HAIR_STYLES = ("short", "long", "bob", "curly", "bun", "ponytail", "braids", "afro", "mohawk", "bald")
# Hair that is worth naming as a thing ("a red ponytail"); the rest gives an adjective ("red-haired").
_STYLE_NOUNS = {   # style -> (English noun phrase format, Romanian noun, its agreement: m / f / fp)
    "bun": ("a {c} bun", "coc", "m"), "ponytail": ("a {c} ponytail", "coadă", "f"),
    "braids": ("{c} braids", "codițe", "fp"), "afro": ("a {c} afro", "păr afro", "m"),
    "mohawk": ("a {c} mohawk", "creastă", "f"),
}
_HAIR_ADJECTIVES = {   # colour -> (English, Romanian m, Romanian f)
    "black": ("dark-haired", "brunet", "brunetă"), "brown": ("brown-haired", "șaten", "șatenă"),
    "blond": ("blond", "blond", "blondă"), "red": ("red-haired", "roșcat", "roșcată"),
    "grey": ("grey-haired", "cărunt", "căruntă"), "white": ("white-haired", "", ""),
}
_HAIR_RO_COLOUR = {"black": ("negru", "neagră", "negre"), "brown": ("castaniu", "castanie", "castanii"),
                   "blond": ("blond", "blondă", "blonde"), "red": ("roșcat", "roșcată", "roșcate"),
                   "grey": ("cărunt", "căruntă", "cărunte"), "white": ("alb", "albă", "albe")}


@dataclass(frozen=True)
class Word:
    """A thing worn or held: its English phrase and its Romanian noun (gender for colour agreement)."""

    en: str            # with its article: "a cap", "an umbrella", "skis"
    ro: str            # bare noun after "cu": "șapcă"; with article when held: "o umbrelă"
    gender: str = "f"  # m (also neuter singular), f or fp: which colour form follows


HEADWEAR: dict[str, Word] = {
    "cap": Word("a {c} cap", "șapcă {c}", "f"), "beanie": Word("a {c} bobble hat", "căciulă {c}", "f"),
    "beret": Word("a {c} beret", "beretă {c}", "f"), "bandana": Word("a {c} bandana", "bandană {c}", "f"),
    "headscarf": Word("a {c} headscarf", "basma {c}", "f"),
    "sun hat": Word("a sun hat", "pălărie de soare"), "straw hat": Word("a straw hat", "pălărie de paie"),
    "top hat": Word("a top hat", "joben", "m"), "cowboy hat": Word("a cowboy hat", "pălărie de cowboy"),
    "helmet": Word("a {c} helmet", "cască {c}", "f"), "crown": Word("a crown", "coroană"),
    "party hat": Word("a party hat", "coif de petrecere", "m"),
    "flower crown": Word("a flower crown", "coroniță de flori"),
    "headphones": Word("headphones", "căști", "fp"), "chef's hat": Word("a chef's hat", "bonetă de bucătar"),
    "police cap": Word("a police cap", "chipiu de polițist", "m"),
    "space helmet": Word("a space helmet", "cască de astronaut"),
    "pirate hat": Word("a pirate hat", "tricorn de pirat", "m"),
    "swim cap": Word("a {c} swim cap", "cască {c} de înot", "f"),
}
COLOURED_HEADWEAR = ("cap", "beanie", "beret", "bandana", "headscarf", "helmet", "swim cap")

HELD: dict[str, Word] = {
    "balloon": Word("a balloon", "un balon"), "umbrella": Word("an umbrella", "o umbrelă"),
    "handbag": Word("a handbag", "o poșetă"), "ice cream": Word("an ice cream", "o înghețată"),
    "camera": Word("a camera", "un aparat foto"), "guitar": Word("a guitar", "o chitară"),
    "skis": Word("skis", "schiuri"), "dog": Word("a dog on a leash", "un câine în lesă"),
    "suitcase": Word("a suitcase", "o valiză"), "newspaper": Word("a newspaper", "un ziar"),
    "flowers": Word("flowers", "un buchet de flori"), "coffee": Word("a coffee", "o cafea"),
    "backpack": Word("a backpack", "un rucsac"), "map": Word("a map", "o hartă"),
    "phone": Word("a phone", "un telefon"), "book": Word("a book", "o carte"),
    "shopping bag": Word("a shopping bag", "o sacoșă"), "fishing rod": Word("a fishing rod", "o undiță"),
    "surfboard": Word("a surfboard", "o placă de surf"), "snowboard": Word("a snowboard", "un snowboard"),
    "briefcase": Word("a briefcase", "o servietă"), "baguette": Word("a baguette", "o baghetă"),
    "flag": Word("a flag", "un steag"), "violin": Word("a violin", "o vioară"),
    "basket": Word("a basket", "un coș"), "lollipop": Word("a lollipop", "o acadea"),
    "candyfloss": Word("candyfloss", "vată de zahăr"), "trumpet": Word("a trumpet", "o trompetă"),
    "walking stick": Word("a walking stick", "un baston"), "scarf": Word("a scarf", "un fular"),
    "drum": Word("a drum", "o tobă"), "tray": Word("a tray", "o tavă"),
    "ladle": Word("a ladle", "un polonic"), "ball": Word("a ball", "o minge"),
    "teddy bear": Word("a teddy bear", "un ursuleț de pluș"), "lantern": Word("a lantern", "un felinar"),
    "ski poles": Word("ski poles", "bețe de schi"), "hockey stick": Word("a hockey stick", "o crosă de hochei"),
    "box": Word("a box", "o cutie"),
    "fish": Word("a fish", "un pește"),
    "glass": Word("a glass", "un pahar"), "megaphone": Word("a megaphone", "o portavoce"),
    "rubber ring": Word("a rubber ring", "un colac"), "lilo": Word("a lilo", "o saltea gonflabilă"),
    "sled": Word("a sled", "o sanie"),
}
GLASSES = {"glasses": "ochelari", "sunglasses": "ochelari de soare", "goggles": "ochelari de schi"}

POSES = ("standing", "walking", "running", "sitting", "waving", "pointing", "carrying", "dancing", "swimming",
         "lounging", "floating", "splashing", "bathing", "skiing", "skating", "serving", "rowing", "kneeling",
         "reaching", "tripping", "pulling", "leaning", "shouldering")
# What a contact pose does, said at the end of the name (`describe`), English and Romanian: "{x}" is
# the thing pulled (the held thing's phrase), or else a child by the hand; the rail a leaning person
# leans on is drawn by its story (`scenegen/vignettes.py`), the shouldered child with the person.
CONTACT: dict[str, tuple[str, str]] = {
    "pulling": ("pulling {x}", "care trage {x}"),
    "leaning": ("leaning on a rail", "care se sprijină de o balustradă"),
    "shouldering": ("carrying a child on the shoulders", "care poartă un copil pe umeri"),
}
PULLED_HAND = ("a child by the hand", "un copil de mână")
IN_WATER = ("swimming", "floating", "splashing", "bathing")   # poses drawn from the chest up, in swimwear
# Poses drawn from the waist up: behind a counter or a kiosk's hatch (serving), sitting in a boat
# (rowing). The figure's feet point is the counter top or the gunwale, and what is below it is not
# drawn, so a bottom that only shows below the waist is not one of that person's traits.
WAIST_UP = ("serving", "rowing")
BELOW_WAIST = ("trousers", "shorts", "skirt", "dress")   # swimwear and ski wear show above the waist too


@dataclass(frozen=True)
class Noun:
    en: str
    ro: str
    ro_definite: str
    gender: Gender


PEOPLE: dict[str, Noun] = {
    "woman": Noun("woman", "femeie", "femeia", "f"), "man": Noun("man", "bărbat", "bărbatul", "m"),
    "girl": Noun("girl", "fată", "fata", "f"), "boy": Noun("boy", "băiat", "băiatul", "m"),
    "old woman": Noun("old woman", "bătrână", "bătrâna", "f"),
    "old man": Noun("old man", "bătrân", "bătrânul", "m"),
}
FEMALE = ("woman", "girl", "old woman")
CHILDREN = ("girl", "boy")

def _costume(en: str, ro_f: str, ro_f_definite: str, ro_m: str, ro_m_definite: str,
             en_f: str = "") -> tuple[Noun, Noun]:
    """A costume's nouns for a woman and a man ("woman chef" / "chef"; "bucătăreasă" / "bucătar")."""
    return Noun(en_f or f"woman {en}", ro_f, ro_f_definite, "f"), Noun(en, ro_m, ro_m_definite, "m")


# costume -> (noun for a woman, noun for a man)
COSTUMES: dict[str, tuple[Noun, Noun]] = {
    "chef": _costume("chef", "bucătăreasă", "bucătăreasa", "bucătar", "bucătarul"),
    "police officer": _costume("police officer", "polițistă", "polițista", "polițist", "polițistul"),
    "clown": _costume("clown", "clovniță", "clovnița", "clovn", "clovnul"),
    "lifeguard": _costume("lifeguard", "salvamară", "salvamara", "salvamar", "salvamarul"),
    "astronaut": _costume("astronaut", "astronaută", "astronauta", "astronaut", "astronautul"),
    "ski instructor": _costume("ski instructor", "instructoare de schi", "instructoarea de schi",
                               "instructor de schi", "instructorul de schi"),
    "waiter": _costume("waiter", "chelneriță", "chelnerița", "chelner", "chelnerul", en_f="waitress"),
    "ticket inspector": _costume("ticket inspector", "controloare", "controloarea", "controlor", "controlorul"),
    "pirate": _costume("pirate", "pirată", "pirata", "pirat", "piratul"),
    "magician": _costume("magician", "magiciană", "magiciana", "magician", "magicianul"),
    "museum guard": _costume("museum guard", "paznică", "paznica", "paznic", "paznicul"),
    "fisher": _costume("fisherman", "pescăriță", "pescărița", "pescar", "pescarul", en_f="fisherwoman"),
    "musician": _costume("musician", "muziciană", "muziciana", "muzician", "muzicianul"),
}


def _article(phrase: str) -> str:
    """'a orange top' -> 'an orange top' (the English article before a vowel sound)."""
    if phrase.startswith("a ") and phrase[2:3] in "aeio":
        return "an " + phrase[2:]
    return phrase


def _join(items: list[str], conjunction: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def _colour_ro(colour: str, agreement: str) -> str:
    c = COLOURS[colour]
    return {"m": c.ro_m, "f": c.ro_f, "fp": c.ro_fp}[agreement]


def _noun(traits: Traits) -> Noun:
    costume = traits.get("costume")
    if costume:
        woman, man = COSTUMES[costume]
        return woman if traits["person"] in FEMALE else man
    return PEOPLE[traits["person"]]


def _split(value: str) -> tuple[str, str]:
    """'yellow stripes' -> ('yellow', 'stripes'); 'red' -> ('red', '')."""
    first, _, rest = value.partition(" ")
    return first, rest


def _hair(traits: Traits, gender: Gender) -> tuple[str, str, str, str]:
    """(English adjective, English 'with' item, Romanian adjective, Romanian 'cu' item) for the hair."""
    if traits.get("headwear") or "hair" not in traits:
        return "", "", "", ""
    if traits["hair"] == "bald":
        return "bald", "", "chel" if gender == "m" else "cheală", ""
    colour, style = _split(traits["hair"])
    if style in _STYLE_NOUNS:
        en, ro_noun, agreement = _STYLE_NOUNS[style]
        ro_colour = _HAIR_RO_COLOUR[colour][("m", "f", "fp").index(agreement)]
        return "", en.format(c=colour), "", f"{ro_noun} {ro_colour}"
    en_adj, ro_m, ro_f = _HAIR_ADJECTIVES[colour]
    if colour == "white":   # no Romanian adjective: "cu păr alb" joins the other items
        return en_adj, "", "", "păr alb"
    return en_adj, "", ro_f if gender == "f" else ro_m, ""


UNIFORM_HEADWEAR = ("chef's hat", "police cap", "space helmet")   # goes without saying for a costume


def _headwear(traits: Traits) -> tuple[str, str]:
    value = traits.get("headwear")
    if not value or (traits.get("costume") and value in UNIFORM_HEADWEAR):
        return "", ""
    kind = value
    colour = ""
    first, rest = _split(value)
    if first in COLOURS and rest in HEADWEAR:
        colour, kind = first, rest
    word = HEADWEAR[kind]
    ro_colour = _colour_ro(colour, word.gender) if colour else ""
    return _article(" ".join(word.en.format(c=colour).split())), " ".join(word.ro.format(c=ro_colour).split())


_PATTERN_NOUNS = {"stripes": "stripes", "dots": "polka dots", "checks": "checks"}


# garment -> (English noun, whether it takes "a", Romanian noun, its agreement)
_GARMENTS = {
    "dress": ("dress", True, "rochie", "f"), "swimsuit": ("swimsuit", True, "costum de baie", "m"),
    "bikini": ("bikini", True, "bikini", "m"), "trunks": ("swimming trunks", False, "șort de baie", "m"),
    "ski jacket": ("ski jacket", True, "geacă de schi", "f"),
}


def _garment(traits: Traits) -> str:
    """What the top's colour is on, when it is not an everyday top: a dress, swimwear, a ski jacket."""
    bottom = traits.get("bottom", "")
    if traits.get("pose") in IN_WATER:
        return "swimsuit"
    if bottom in GARMENTS:
        return bottom
    if bottom.endswith(SKIWEAR):
        return "ski jacket"
    return ""


def _top(traits: Traits, gender: Gender) -> tuple[str, str]:
    """('yellow stripes' or 'a red top' or 'a blue striped dress', 'bluză galbenă în dungi')."""
    if traits.get("costume") or "top" not in traits:
        return "", ""
    colour, pattern = _split(traits["top"])
    pattern = pattern or "plain"
    en_pattern, ro_pattern = PATTERNS[pattern]
    garment = _garment(traits)
    if garment:
        en_noun, article, ro_noun, agreement = _GARMENTS[garment]
        en = " ".join(w for w in ("a" if article else "", colour, en_pattern, en_noun) if w)
        en = _article(en)
    elif pattern != "plain":
        en = f"{colour} {_PATTERN_NOUNS[pattern]}"   # short, as people say it: "in yellow stripes"
    else:
        en = _article(f"a {colour} top")
    if not garment:
        ro_noun, agreement = ("bluză", "f") if gender == "f" else ("tricou", "m")
    ro = " ".join(w for w in (ro_noun, _colour_ro(colour, agreement), ro_pattern) if w)
    return en, ro


def _extras(traits: Traits, hair_en_item: str, hair_ro_item: str) -> list[tuple[int, str, str]]:
    """What else a name can say, most telling first: (place in the sentence, English, Romanian).

    An English entry starting with "+" is an adjective before the noun ("bearded").
    """
    extras: list[tuple[int, str, str]] = []
    held = traits.get("holding")
    if held and traits.get("pose") != "pulling":   # a pulled thing is said with the pull (`_contact`)
        extras.append((9, HELD[held].en, HELD[held].ro))
    if hair_en_item:
        extras.append((0, hair_en_item, hair_ro_item))
    if traits.get("beard") == "beard":
        extras.append((1, "+bearded", "barbă"))
    glasses = traits.get("glasses")
    if glasses:
        extras.append((2, glasses, GLASSES[glasses]))
    if traits.get("beard") == "moustache":
        extras.append((3, "a moustache", "mustață"))
    mask = traits.get("mask")
    if mask:
        extras.append((4, _article(f"a {mask}"), "mască de carnaval" if mask == "eye mask" else "mască"))
    return extras


def _contact(traits: Traits) -> tuple[str, str]:
    """What a contact pose adds to the name ("pulling a suitcase", "care trage o valiză"), or nothing."""
    pose = traits.get("pose", "")
    if pose not in CONTACT:
        return "", ""
    held = traits.get("holding")
    en, ro = CONTACT[pose]
    x_en, x_ro = (HELD[held].en, HELD[held].ro) if held else PULLED_HAND
    return en.format(x=x_en), ro.format(x=x_ro)


def describe(traits: Traits, keep: str = "all") -> dict[str, NameForms]:
    """The name of a person in English and Romanian, from its traits.

    English: "red-haired woman in a cap and yellow stripes with a balloon".
    Romanian: "femeie roșcată cu șapcă, bluză galbenă în dungi și un balon".
    A name says what is worn and at most two more things (one beside
    headwear or a hair colour), most telling first, so it fits on a card;
    the traits keep the rest.

    `keep` gives the shorter forms a cramped label uses (the scene files carry
    the full one, "all"): "worn" without the extras, "head" the headwear (or
    else the top) alone, "top" the top alone. Short forms may be shared by
    several people: see `ui.naming.short_heading`.
    """
    noun = _noun(traits)
    gender = noun.gender
    hair_en_adj, hair_en_item, hair_ro_adj, hair_ro_item = _hair(traits, gender)
    head_en, head_ro = _headwear(traits)
    top_en, top_ro = _top(traits, gender)
    extras = sorted(_extras(traits, hair_en_item, hair_ro_item)[:1 if head_en or hair_en_adj else 2])
    if keep != "all":
        extras = []
    if keep == "head" and head_en:
        top_en = top_ro = ""
    if keep == "top" and top_en:
        head_en = head_ro = ""

    adjectives = [en[1:] for _, en, _ in extras if en.startswith("+")] + ([hair_en_adj] if hair_en_adj else [])
    with_en = [en for _, en, _ in extras if not en.startswith("+")]
    wearing = [w for w in (head_en, top_en) if w]
    hair_first = [ro for place, _, ro in extras if place == 0]   # Romanian: the hair, the clothes, the rest
    ro_items = hair_first + [w for w in (head_ro, top_ro) if w] + [ro for place, _, ro in extras if place > 0]

    english = " ".join([*adjectives, noun.en])
    if wearing:
        english += " in " + _join(wearing, "and")
    if with_en:
        english += " with " + _join(with_en, "and")
    contact_en, contact_ro = _contact(traits) if keep == "all" else ("", "")
    if contact_en:
        english += " " + contact_en
    head_ro_words = " ".join(w for w in (noun.ro, hair_ro_adj) if w)
    head_ro_definite = " ".join(w for w in (noun.ro_definite, hair_ro_adj) if w)
    tail = (" cu " + _join(ro_items, "și")) if ro_items else ""
    if contact_ro:
        tail += " " + contact_ro
    return {
        "en": NameForms(english, "the " + english, "n"),
        "ro": NameForms(head_ro_words + tail, head_ro_definite + tail, gender),
    }
