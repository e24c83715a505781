"""Who can stand in a scene: roles (name + emoji) for the scene generator (pure).

A role's name is what a victim would draw or write ("chef", "ghost",
"woman in a headscarf"); together with the two nearest props it must single
out one suspect (the fairness rule), so pools are large and names distinct.
Templates hold "{t}" where an emoji skin-tone modifier goes; the generator
picks one of the five tones per person so crowds show people of every skin
tone. Every sequence here was checked to render as one glyph with the Noto
Color Emoji font shipped by Debian 12 / Raspberry Pi OS.
"""

from __future__ import annotations

from dataclasses import dataclass

TONES = ("\U0001F3FB", "\U0001F3FC", "\U0001F3FD", "\U0001F3FE", "\U0001F3FF")
_Z = "\u200d"
_F = _Z + "\u2640\ufe0f"   # female sign
_M = _Z + "\u2642\ufe0f"   # male sign


@dataclass(frozen=True)
class Role:
    name: str
    template: str        # emoji, with "{t}" where the skin tone goes
    size: float = 1.0    # children are smaller, trees larger

    def emoji(self, tone: str) -> str:
        return self.template.replace("{t}", tone)


def _r(name: str, base: str, suffix: str = "", size: float = 1.0) -> Role:
    return Role(name, base + "{t}" + suffix, size)


def _plain(name: str, emoji: str, size: float = 1.0) -> Role:
    return Role(name, emoji, size)


PUBLIC = (
    _r("woman", "\U0001F469"), _r("man", "\U0001F468"),
    _r("old woman", "\U0001F475"), _r("old man", "\U0001F474"),
    _r("girl", "\U0001F467", size=0.82), _r("boy", "\U0001F466", size=0.82),
    _r("small child", "\U0001F9D2", size=0.75),
    _r("bearded man", "\U0001F9D4"), _r("blond woman", "\U0001F471", _F),
    _r("blond man", "\U0001F471", _M), _r("red-haired woman", "\U0001F469", _Z + "\U0001F9B0"),
    _r("curly-haired man", "\U0001F468", _Z + "\U0001F9B1"),
    _r("white-haired woman", "\U0001F469", _Z + "\U0001F9B3"),
    _r("bald man", "\U0001F468", _Z + "\U0001F9B2"),
    _r("woman in a headscarf", "\U0001F9D5"), _r("man in a turban", "\U0001F473", _M),
    _r("man in a round cap", "\U0001F472"),
    _r("walking woman", "\U0001F6B6", _F), _r("walking man", "\U0001F6B6", _M),
    _r("jogger", "\U0001F3C3", _F), _r("runner", "\U0001F3C3", _M),
    _r("standing woman", "\U0001F9CD", _F), _r("standing man", "\U0001F9CD", _M),
    _r("pregnant woman", "\U0001F930"),
    _r("woman with a white cane", "\U0001F469", _Z + "\U0001F9AF"),
    _r("man in a wheelchair", "\U0001F468", _Z + "\U0001F9BD"),
    _r("woman in a power wheelchair", "\U0001F469", _Z + "\U0001F9BC"),
    _r("parent feeding a baby", "\U0001F9D1", _Z + "\U0001F37C"),
    _r("woman raising her hand", "\U0001F64B", _F), _r("shrugging man", "\U0001F937", _M),
    _r("facepalming man", "\U0001F926", _M), _r("kneeling woman", "\U0001F9CE", _F),
    _r("woman with a raised palm", "\U0001F481", _F), _r("bowing man", "\U0001F647", _M),
)

WORKERS = (
    _r("chef", "\U0001F468", _Z + "\U0001F373"), _r("cook", "\U0001F469", _Z + "\U0001F373"),
    _r("farmer", "\U0001F468", _Z + "\U0001F33E"), _r("woman farmer", "\U0001F469", _Z + "\U0001F33E"),
    _r("policeman", "\U0001F46E", _M), _r("policewoman", "\U0001F46E", _F),
    _r("detective", "\U0001F575", _M), _r("royal guard", "\U0001F482", _M),
    _r("builder", "\U0001F477", _M), _r("woman builder", "\U0001F477", _F),
    _r("doctor", "\U0001F468", _Z + "\u2695\ufe0f"), _r("nurse", "\U0001F469", _Z + "\u2695\ufe0f"),
    _r("teacher", "\U0001F469", _Z + "\U0001F3EB"), _r("student", "\U0001F469", _Z + "\U0001F393"),
    _r("judge", "\U0001F469", _Z + "\u2696\ufe0f"), _r("mechanic", "\U0001F468", _Z + "\U0001F527"),
    _r("factory worker", "\U0001F469", _Z + "\U0001F3ED"),
    _r("businessman", "\U0001F468", _Z + "\U0001F4BC"),
    _r("businesswoman", "\U0001F469", _Z + "\U0001F4BC"),
    _r("scientist", "\U0001F469", _Z + "\U0001F52C"), _r("programmer", "\U0001F468", _Z + "\U0001F4BB"),
    _r("singer", "\U0001F469", _Z + "\U0001F3A4"), _r("rock star", "\U0001F468", _Z + "\U0001F3A4"),
    _r("painter", "\U0001F468", _Z + "\U0001F3A8"), _r("woman painter", "\U0001F469", _Z + "\U0001F3A8"),
    _r("pilot", "\U0001F469", _Z + "\u2708\ufe0f"), _r("captain", "\U0001F468", _Z + "\u2708\ufe0f"),
    _r("astronaut", "\U0001F469", _Z + "\U0001F680"), _r("firefighter", "\U0001F468", _Z + "\U0001F692"),
    _r("man in a tuxedo", "\U0001F935", _M), _r("bride", "\U0001F470", _F),
    _r("prince", "\U0001F934"), _r("princess", "\U0001F478"), _r("monarch", "\U0001FAC5"),
)

BEINGS = (
    _plain("robot", "\U0001F916"), _plain("alien", "\U0001F47D"), _plain("pixel alien", "\U0001F47E"),
    _plain("ghost", "\U0001F47B"), _plain("genie", "\U0001F9DE"), _plain("zombie", "\U0001F9DF"),
    _plain("troll", "\U0001F9CC"), _plain("clown", "\U0001F921"),
    _r("wizard", "\U0001F9D9", _M), _r("witch", "\U0001F9D9", _F), _r("fairy", "\U0001F9DA", _F),
    _r("vampire", "\U0001F9DB", _M), _r("vampire lady", "\U0001F9DB", _F),
    _r("elf", "\U0001F9DD", _F), _r("superhero", "\U0001F9B8", _F), _r("supervillain", "\U0001F9B9", _M),
    _r("ninja", "\U0001F977"), _r("angel", "\U0001F47C", size=0.8),
    _r("Father Christmas", "\U0001F385"), _r("Mother Christmas", "\U0001F936"),
)

SWIMMERS = (
    _r("mermaid", "\U0001F9DC", _F), _r("merman", "\U0001F9DC", _M),
    _r("swimmer", "\U0001F3CA", _M), _r("woman swimming", "\U0001F3CA", _F),
    _r("water polo player", "\U0001F93D", _M), _r("rower", "\U0001F6A3", _M),
    _r("surfer", "\U0001F3C4", _F), _r("man surfing", "\U0001F3C4", _M),
)

SPORTS = (
    _r("cyclist", "\U0001F6B4", _F), _r("mountain biker", "\U0001F6B5", _M),
    _r("climber", "\U0001F9D7", _F), _r("gymnast", "\U0001F938", _M),
    _r("woman doing yoga", "\U0001F9D8", _F), _r("golfer", "\U0001F3CC", _F),
    _r("jockey", "\U0001F3C7"), _plain("fencer", "\U0001F93A"),
    _r("basketball player", "\u26F9", _M), _r("handball player", "\U0001F93E", _F),
    _r("weightlifter", "\U0001F3CB", _M), _r("juggler", "\U0001F939"),
    _r("dancer", "\U0001F483"), _r("man dancing", "\U0001F57A"),
)

SNOW = (
    _plain("skier", "\u26F7\ufe0f"), _r("snowboarder", "\U0001F3C2"),
    _r("woman in a sauna towel", "\U0001F9D6", _F),
)


def by_names(*names: str) -> tuple[Role, ...]:
    """Roles from every pool, picked by name (recipes use it for the staff of a place)."""
    index = {role.name: role for pool in (PUBLIC, WORKERS, BEINGS, SWIMMERS, SPORTS, SNOW) for role in pool}
    missing = [n for n in names if n not in index]
    if missing:
        raise KeyError(f"unknown roles: {', '.join(missing)}")
    return tuple(index[n] for n in names)
