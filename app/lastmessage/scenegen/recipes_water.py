"""Recipes by the water: the harbour market and the beach (pure).

A recipe is a function of a seed returning a filled `Layout`. The harbour is
a working quay: a narrow strip of sea with boats moored alongside, anglers on
the quay edge and the pier, a row of different market stalls with their
vendors, a café terrace round the fountain and a street piano. The beach runs
diagonally into the distance: the sea on one side, the sand with its towels,
tower and volleyball game on the other, dunes with huts far off and a
promenade in front. The shipped seed keeps each recipe's plan; any other seed
(`varied`) picks one of two plans and a time of day, moves and reorders the
pieces (`Layout.arrange`, `nudge`), and mirrors the whole picture for one seed
in two, so a new game shows another place, not the same one with new people.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from lastmessage.scenegen.decor import awning_table, fountain, stall
from lastmessage.scenegen.lighting import LIGHTINGS, light, puddles, rain, snowfall, street_lamps
from lastmessage.scenegen.decor_water import (
    beach_huts, chair, counter, feet_below, gangplank, harbour_crane, kiosk, lifeguard_tower, moored_boat, pier, quay_wall,
    rowing_boat, standing_at, towel, volleyball_net,
)
from lastmessage.scenes.geometry import FIGURE_SIZE
from lastmessage.scenegen.layout import TRUE_LENGTH, Layout, true_scale
from lastmessage.scenes.validate import REPEAT_CAP
from lastmessage.scenegen.vignettes import place_tales
from lastmessage.scenegen.people import (
    AUDIENCE, Crowd, BATHERS, EVERYDAY_HELD, HARBOUR, SEATED, SELLERS, SUNBATHERS, SWIMMERS,
)
from lastmessage.scenegen.people import rowing
from lastmessage.scenegen.people import serving

PEOPLE = 330   # passers-by fill the scene up to this many characters
MARKET = replace(HARBOUR, held=EVERYDAY_HELD + ("fish",))   # rods are for the quay edge and the pier
FISHERS = replace(HARBOUR, held=("fishing rod",), hold_rate=1.0, poses=("standing",), costumes=("fisher",),
                  costume_rate=0.3, children=0.05)
SHOPKEEPERS = replace(SELLERS, costumes=("chef",), costume_rate=0.25, hold_rate=0.5,
                      held=("box", "basket", "flowers", "ice cream", "coffee"))   # the fishers sell the fish
KIOSK_KEEPERS = replace(SHOPKEEPERS, bottoms=("shorts",), headwear=BATHERS.headwear)   # dressed for the beach
DECKHANDS = replace(SELLERS, held=("box", "fish", "basket"), costumes=("fisher",), costume_rate=0.4,
                    poses=("standing", "carrying", "waving", "pointing"))
PASSENGERS = replace(MARKET, poses=("standing", "waving", "pointing"), costume_rate=0.0)
CAFE = replace(SEATED, held=("coffee", "newspaper", "book", "phone", "ice cream", "baguette"), hold_rate=0.7,
               children=0.08)
LIFEGUARDS = replace(BATHERS, costumes=("lifeguard",), costume_rate=1.0, poses=("standing", "pointing", "waving"),
                     children=0.0, old=0.0)
PLAYERS = replace(BATHERS, held=(), hold_rate=0.0, poses=("running", "waving", "dancing", "standing"),
                  costume_rate=0.0, children=0.1, old=0.0)
FAMILIES = replace(SUNBATHERS, children=0.35)
DIGGERS = replace(BATHERS, poses=("standing", "pointing", "lounging", "lounging"), costume_rate=0.0, children=1.0,
                  old=0.0, held=("ball", "lollipop", "ice cream"))
SHORE = replace(BATHERS, poses=("standing", "walking", "running", "waving"), costume_rate=0.0)

_SPECKLE = ("#b9a688", "#e4d8c0", "#c2b092")
DAY = {"sky": ("#9fd3f2", "#d9eef7"), "sea": ("#2f6fa8", "#4b98c9"), "shore": "#7fa07a", "ground": ("#c9b79a", "#d8c9ad"),
       "speckle": _SPECKLE, "square": "#bfae90", "street": "#b5a285"}
DUSK = {"sky": ("#f4a261", "#ffd6a5"), "sea": ("#355c8a", "#6a7fb0"), "shore": "#6b7f6a", "ground": ("#bfa98c", "#cdb898"),
        "speckle": _SPECKLE, "square": "#bfae90", "street": "#b5a285"}
# the other lights of a generated seed (`lighting.py`): the ground itself changes, not only the sky
HARBOUR_LIGHTS = {
    "day": DAY, "dusk": DUSK,
    "night": {"sky": ("#0e1838", "#2a3a6a"), "sea": ("#14284a", "#24406a"), "shore": "#1f2e2a",
              "ground": ("#a8a090", "#beb4a0"), "speckle": ("#98907e", "#cfc6b0", "#a39a86"), "square": "#b3a88e",
              "street": "#9c9280"},
    "rain": {"sky": ("#8796a6", "#b8c2cc"), "sea": ("#3d5a70", "#58778c"), "shore": "#5c6e62",
             "ground": ("#8f9296", "#a3a6aa"), "speckle": ("#7d8186", "#b5b9bd", "#888c91"), "square": "#999da2",
             "street": "#7f8388"},
    "snow": {"sky": ("#b9c7d6", "#e4ebf2"), "sea": ("#3f5f7c", "#5f7f9a"), "shore": "#eef3f8",
             "ground": ("#eef3f8", "#f8fbfd"), "speckle": ("#dae4ee", "#ffffff", "#cbd8e6"), "square": "#dde6ef",
             "street": "#cfd9e4"},
}
FAR_BOATS = (("ferry", "\u26F4\ufe0f", 2.2), ("sailing boat", "\u26F5", 1.8), ("motor boat", "\U0001F6E5\ufe0f", 1.6),
             ("speedboat", "\U0001F6A4", 1.5), ("canoe", "\U0001F6F6", 1.5))
# boats alongside the quay: name, hull, trim, a cabin, a mast
MOORED_BOATS = (("fishing boat", "#2b6cb0", "#f4f1ea", True, True), ("tour boat", "#f8f9fa", "#c53030", True, False),
                ("trawler", "#c92a2a", "#f8f9fa", True, True), ("water taxi", "#fab005", "#212529", True, False),
                ("yacht", "#f8f9fa", "#1c7ed6", False, True), ("police launch", "#1c3d7a", "#f8f9fa", True, False))
QUAY_GEAR = (("fishing net", 1.0), ("lobster pots", 0.9), ("stack of crates", 0.9), ("anchor", 0.8), ("life ring", 1.15),
             ("fishing rods", 0.9), ("bucket", 0.6))
CAFE_TABLES = (("coffee table", "\u2615"), ("beer table", "\U0001F37A"), ("tea table", "\U0001F375"),
               ("toast table", "\U0001F942"), ("wine table", "\U0001F377"))
HARBOUR_SMALL = (("postbox", "\U0001F4EE", 0.8), ("signpost", "\U0001FAA7", 0.9),
                 ("bicycle", "\U0001F6B2", true_scale("bicycle")),
                 ("barrel", "\U0001F6E2\ufe0f", 0.8), ("scooter", "\U0001F6F4", 0.9), ("wastebasket", "\U0001F5D1\ufe0f", 0.8),
                 ("water fountain", "\U0001F6B0", 0.9))
# the market row: the shipped row's six, then awning stalls of other goods (`decor.stall`)
MARKET_ROW = ("fish counter", "fruit cart", "flower kiosk", "lobster stall", "bakery kiosk", "ice-cream cart",
              "cheese stall", "honey stall", "vegetable stall", "fruit stall", "fish stall", "flower stall")
MARKET_STALLS = {"cheese stall": ("\U0001F9C0", ("#f08c00", "#fff9db")), "honey stall": ("\U0001F36F", ("#e8590c", "#fff4e6")),
                 "vegetable stall": ("\U0001F955", ("#2f9e44", "#f4fce3")), "fruit stall": ("\U0001F34E", ("#c92a2a", "#fff5f5")),
                 "fish stall": ("\U0001F41F", ("#1864ab", "#e7f5ff")), "flower stall": ("\U0001F490", ("#ae3ec9", "#f8f0fc"))}
# The towels without an umbrella: a name (`things.py`), the towel's colour and its stripes'.
TOWEL_STRIPES = (("rose towel", "#f783ac", "#ffffff"), ("yellow towel", "#ffd43b", "#1c7ed6"),
                 ("mint towel", "#63e6be", "#ffffff"), ("coral towel", "#ff8787", "#fff3bf"),
                 ("sky-blue towel", "#74c0fc", "#ffffff"), ("lilac towel", "#b197fc", "#ffec99"))
BEACH_DAY = {"sky": ("#8fd0f5", "#cdeefc"), "sea": ("#1f7fb5", "#3fb6d6"), "sand": ("#f1dcae", "#f7e6c0")}
BEACH_SUNSET = {"sky": ("#ff9e7a", "#ffe3b3"), "sea": ("#2c6e9e", "#58a4c4"), "sand": ("#eccf9c", "#f4dcb0")}
BEACH_RAIN = {"sky": ("#7f8c99", "#b3bcc5"), "sea": ("#3b5f78", "#5f8196"), "sand": ("#c9b894", "#d6c7a6")}
BEACH_LIGHTS = {"day": BEACH_DAY, "dusk": BEACH_SUNSET, "rain": BEACH_RAIN}   # a summer shower passing over
SEA_PIECES = (("sailing boat", "\u26F5", 1.5), ("speedboat", "\U0001F6A4", 1.3), ("island", "\U0001F3DD\ufe0f", 2.0),
              ("motor boat", "\U0001F6E5\ufe0f", 1.3), ("canoe", "\U0001F6F6", 1.3), ("ferry", "\u26F4\ufe0f", 1.6))
SAND_THINGS = (("sand bucket", "\U0001FAA3", 0.6), ("shell", "\U0001F41A", 0.45), ("picnic basket", "\U0001F9FA", 0.6),
               ("radio", "\U0001F4FB", 0.55), ("flip-flops", "\U0001FA74", 0.55), ("snorkel mask", "\U0001F93F", 0.55),
               ("rubber duck", "\U0001F986", 0.5), ("message in a bottle", "\U0001F37E", 0.5))
PROMENADE = ("ice-cream kiosk", "hot-dog stand", "cocktail bar", "watermelon stand")
PROMENADE_EXTRAS = (("shower", "\U0001F6BF", 0.9), ("bicycle", "\U0001F6B2", true_scale("bicycle")),
                    ("scooter", "\U0001F6F4", 0.9),
                    ("signpost", "\U0001FAA7", 0.9), ("wastebasket", "\U0001F5D1\ufe0f", 0.8))


# the market row's pieces in the order they are built and queued at (the shipped scene's, so its file
# stays byte for byte what it was), the kit's other stalls after them
_BUILT = ("fish counter", "lobster stall", "flower kiosk", "bakery kiosk", "fruit cart", "ice-cream cart",
          *MARKET_ROW[6:])
BUSKER = replace(HARBOUR, held=("guitar",), hold_rate=1.0, poses=("standing",), costumes=("musician",), costume_rate=1.0,
                 children=0.0, old=0.0)


def _thing(L: Layout, name: str, emoji: str, x: float, y: float, scale: float) -> None:
    """A small thing on the ground that nobody stands over or behind: a person's head or body
    overlapping it would seem to wear or hold it (a false clue), so it keeps them a body away."""
    L.prop(name, emoji, x, y, scale, keep=0.014 + 0.0096 * scale * L.perspective(y))


def _across(L: Layout, y: float, people: float) -> float:
    """`people` standing grown-ups' heights at depth `y`, in scene widths: how far along a set piece drawn
    at its true size (`Layout.grown_up`) its goods and its seller stand."""
    return people * L.grown_up(y) / L.aspect


def _on_top(L: Layout, name: str, emoji: str, x: float, surface: float, scale: float, bottom: float = 170) -> None:
    """Goods standing on a counter: the drawing's lowest point (`bottom`, in its 200-unit frame) on
    the counter's top at `surface`, at the size of the people behind it."""
    final = scale * L.perspective(surface)
    height = FIGURE_SIZE * final * L.aspect
    L.prop(name, emoji, x, round(surface - (bottom - 100) / 200 * height, 4), final, flat=True, keep=0.0)


def _audience(L: Layout, cx: float, cy: float, radius: float, count: int) -> None:
    """Listeners in a half ring in front of a performer, turned towards the music."""
    listeners = L.new_group("audience", at=(cx, cy))
    for i in range(count):
        a = math.pi * (0.1 + 0.8 * i / (count - 1))
        r = radius * (1.0 + 0.25 * (i % 2))
        x, y = cx + math.cos(a) * r, cy + math.sin(a) * r * L.aspect * 0.6
        L.person(x, y, AUDIENCE, mirror=x < cx, group=listeners)


def _vendors(L: Layout, spots: list[tuple[float, float, Crowd]]) -> None:
    """Sellers behind their counters (x, counter top, who: `serving` ones from the waist up, their
    feet point on the counter top) or beside their carts (x, feet, who), facing the customers."""
    for x, feet, crowd in spots:
        L.person(x, standing_at(L, feet), crowd, check=False)


def clear_water(wanted: float, taken: Sequence[tuple[float, float]], half: float) -> float:
    """The x nearest `wanted` where something `half` wide either side floats clear of every `taken`
    stretch (with a little sea between); `wanted` itself if the sea has no such room."""
    edges = sorted((x0 - 0.01, x1 + 0.01) for x0, x1 in taken)
    gaps, left = [], 0.02
    for x0, x1 in edges:
        gaps.append((left, x0))
        left = max(left, x1)
    gaps.append((left, 0.98))
    fits = [min(max(wanted, a + half), b - half) for a, b in gaps if b - a >= 2 * half]
    return min(fits, key=lambda x: abs(x - wanted), default=wanted)


def harbour_market(seed: int, varied: bool = False) -> Layout:
    """A working quay: boats alongside, anglers on the edge and the pier, stalls, a café and a piano."""
    L = Layout("harbour", "Harbour market", "harbour", seed, horizon=0.08, varied=varied)
    lighting = L.choose(LIGHTINGS)   # the shipped scene by day
    light(L, lighting)
    colours = HARBOUR_LIGHTS[lighting]
    # a generated scene mostly takes the second plan (the café by the quay, the market in front), the pier at
    # either end; one in four keeps the shipped plan with the pier at the other end
    variant = int(L.plan.random() * 4) if varied else -1
    pier_left, swapped = variant in (0, 2), variant in (1, 2, 3)
    row_y, fy = (0.74, 0.46) if swapped else (0.42, 0.64)   # the market row's counters, the fountain
    quay = 0.2
    L.shape("gradient", top=colours["sky"][0], bottom=colours["sky"][1], y0=0.0, y1=0.05)
    L.shape("polygon", points=[[0, 0.05], [0.08, 0.03], [0.2, 0.045], [0.33, 0.022], [0.5, 0.045],
                               [0.62, 0.028], [0.8, 0.04], [1, 0.026], [1, 0.06], [0, 0.06]], color=colours["shore"])
    L.shape("gradient", top=colours["sea"][0], bottom=colours["sea"][1], y0=0.055, y1=quay + 0.01)
    L.shape("waves", x=0, y=0.065, w=1, h=quay - 0.075, color="#d6ecfa90", rows=7, width=0.0011)
    L.shape("gradient", top=colours["ground"][0], bottom=colours["ground"][1], y0=quay, y1=1.0)
    L.shape("speckle", x=0, y=quay + 0.03, w=1, h=0.97 - quay, colors=list(colours["speckle"]),
            count=2400, size=0.003, seed=seed)
    square_x = round(L.nudge(0.5, 0.06), 4)
    L.shape("ellipse", x=square_x - 0.2, y=fy - 0.14, w=0.4, h=0.3, color=colours["square"])
    L.shape("path", points=[[0.0, row_y + 0.05], [1.0, row_y + 0.05]], color=colours["street"], width=0.03)
    if lighting == "rain":   # the wet quay shines in puddles
        puddles(L, [(L.plan.uniform(0.05, 0.95), L.plan.uniform(quay + 0.12, 0.95)) for _ in range(9)])
    quay_wall(L, quay)
    L.block(0, 0, 1, 0.055)

    # Far out: a ferry and a sailing boat; near: the pier and the boats moored alongside
    far = L.kit(FAR_BOATS, 2)
    taken: list[tuple[float, float]] = []   # the stretches of sea a boat or the pier stands in
    for (x, y), (name, emoji, scale) in zip(((0.2, 0.08), (0.62, 0.085)), far):
        far_x = round(L.nudge(x, 0.06), 4)
        L.prop(name, emoji, far_x, y, scale, flat=True)
        taken.append((far_x - 0.013 * scale, far_x + 0.013 * scale))
    pier_x = round(L.nudge(0.16 if pier_left else 0.8, 0.04), 4)
    px0, ptop, px1, _pb = pier(L, pier_x - 0.022, pier_x + 0.022, 0.075, quay + 0.004)
    # At the end of the quay away from the boats, a portal crane at its true size, its jib over the water
    # short of the pier (it stood on the plaza among the crowd, twice a person's height)
    crane_x = 0.035 if pier_left else 0.965
    toward = 1 if pier_left else -1
    gap = (px0 - 0.025 - crane_x) if pier_left else (crane_x - px1 - 0.025)
    crane_box = harbour_crane(L, crane_x, quay, toward, min(0.085, max(0.05, gap)))
    L.block(*crane_box)
    hook = crane_x + toward * min(0.085, max(0.05, gap))
    taken.append((hook - 0.02, hook + 0.02))   # the net of crates on its hook
    boat_span = (0.22, 0.98) if pier_left else (0.02, 0.76)
    width = boat_span[1] - boat_span[0]
    deck = 0.166
    boats = L.kit(MOORED_BOATS, 2)
    decks = []
    for i, (name, hull, trim, cabin, mast) in enumerate(boats):
        x0 = boat_span[0] + width * (0.04 + 0.52 * i) + L.nudge(0, 0.02)
        x1 = x0 + width * 0.4
        open_x0, open_x1 = moored_boat(L, name, x0, x1, deck, hull=hull, trim=trim, cabin=cabin, mast=mast)
        taken.append((x0, x1))
        plank = open_x0 + 0.03
        gangplank(L, plank, deck - 0.002, quay + 0.012)
        decks.append((open_x0 + 0.012, open_x1 - 0.006, plank))
    row_x = round(L.nudge(0.45 if not pier_left else 0.6, 0.04), 4)
    if varied:   # on open water, never drawn over a moored boat, a far boat or the pier (nor by the swimmer)
        swimmer = px1 + 0.02 if pier_left else px0 - 0.02
        row_x = round(clear_water(row_x, taken + [(px0, px1), (swimmer - 0.02, swimmer + 0.02)], 0.045), 4)
    rowing_boat(L, row_x, 0.115, 0.05, colour="#e8590c", oars=True)
    L.prop("rowing boat", "", row_x, 0.105, 1.4, flat=True, keep=0)
    afloat = sorted([(px0, px1), (row_x - 0.04, row_x + 0.04)] + [(d0 - 0.03, d1 + 0.06) for d0, d1, _p in decks])
    open_water, left = [], 0.0
    for x0, x1 in afloat:   # the sea between the boats and the pier, where only swimmers go
        if x0 > left:
            open_water.append((left, x0))
        left = max(left, x1)
    for x0, x1 in [*open_water, (left, 1.0)]:
        L.water([(x0, 0.06), (x1, 0.06), (x1, quay), (x0, quay)])

    # On the quay edge: bollards, nets, pots and crates
    edge_y = quay + 0.05
    bollards = [x for x in (0.06, 0.3, 0.54, 0.7, 0.94) if abs(x - pier_x) > 0.05 and abs(x - crane_x) > 0.05]
    for x in bollards:
        _thing(L, "bollard", "\u2693", x, edge_y - 0.012, 0.55)
    gear_places = [x for x in (0.13, 0.24, 0.42, 0.63, 0.87, 0.36, 0.5) if abs(x - pier_x) > 0.045][:5]
    for x, (name, scale) in zip(L.arrange(gear_places), L.kit(QUAY_GEAR, 5)):
        _thing(L, name, "\U0001F4E6", round(L.nudge(x, 0.015), 4), edge_y + 0.012, scale)

    # The market row: six of the kit's stalls, kiosks and carts (the shipped row: a fish counter, a fruit
    # cart, a flower kiosk, a lobster counter, a bakery kiosk, an ice-cream cart), each with its seller
    vendors: list[tuple[float, float, Crowd]] = []
    places = L.arrange((0.09, 0.245, 0.4, 0.555, 0.71, 0.865))
    row = L.kit(MARKET_ROW, 6)
    at = dict(zip(row, (round(L.nudge(x, 0.01), 4) for x in places)))
    queues: list[tuple[float, float]] = []
    for name in sorted(row, key=_BUILT.index):   # built in one order, whatever their places
        x = at[name]
        if name == "fish counter":
            sill = counter(L, x, row_y, width=1.9, awning=("#2b6cb0", "#f4f1ea"), front="#e7f5ff", top="#ced4da",
                           name=name)
            _on_top(L, "fish counter", "\U0001F41F", x - _across(L, row_y, 0.3), sill, 0.75, bottom=150)
            vendors.append((x + _across(L, row_y, 0.55), sill, serving(SELLERS)))
        elif name == "lobster stall":
            sill = counter(L, x, row_y, width=1.7, awning=("#c53030", "#f4f1ea"), front="#8a5a35", top="#a8754a",
                           name=name)
            _on_top(L, "lobster stall", "\U0001F99E", x - _across(L, row_y, 0.3), sill, 0.55)
            vendors.append((x + _across(L, row_y, 0.5), sill, serving(SELLERS)))
        elif name == "flower kiosk":
            sill = kiosk(L, x, row_y, width=1.5, wall="#74b816", roof="#2b8a3e", name=name)
            _thing(L, "flower kiosk", "\U0001F490", x - _across(L, row_y, 1.2), row_y + 0.01, 0.8)
            vendors.append((x + 0.004, sill, serving(SHOPKEEPERS)))
        elif name == "bakery kiosk":
            sill = kiosk(L, x, row_y, width=1.5, wall="#f4d8a8", roof="#c2410c", name=name)
            _thing(L, "basket of bread", "\U0001F9FA", x - _across(L, row_y, 1.2), row_y + 0.01, 0.7)
            vendors.append((x + 0.004, sill, serving(SHOPKEEPERS)))
        elif name in ("fruit cart", "ice-cream cart"):
            L.prop(name, "\U0001F34E" if name == "fruit cart" else "\U0001F366", x, row_y - 0.01,
                   1.7 if name == "fruit cart" else 1.3)
            vendors.append((x + (0.03 if name == "fruit cart" else 0.027), row_y + 0.004, SHOPKEEPERS))
        else:   # an awning stall of other goods
            emoji, stripes = MARKET_STALLS[name]
            sill = stall(L, name, emoji, x, row_y, width=1.7, colours=stripes)
            vendors.append((x + _across(L, row_y, 0.5), sill, serving(SHOPKEEPERS)))
        carts = name in ("fruit cart", "ice-cream cart")
        queues.append((x - 0.005, row_y + 0.05) if carts else (x, row_y + 0.055))

       # The square: fountain, café terrace round it, benches, the street piano, trees in front
    fountain(L, "fountain", square_x, fy, 0.05)
    kinds = L.kit(CAFE_TABLES, 3)
    tables = [kinds[0], kinds[1], kinds[2], kinds[0], kinds[1]]
    table_places = [(-0.12, -0.03), (0.12, -0.03), (-0.15, 0.07), (0.15, 0.07), (0.0, -0.1 if swapped else 0.14)]
    for (dx, dy), (name, emoji) in zip(table_places, L.arrange(tables)):
        awning_table(L, name, emoji, square_x + dx, fy + dy, 0.75)
    piano_x = round(L.nudge(0.2 if square_x > 0.45 else 0.8, 0.04), 4)
    piano_y = 0.36 if swapped else 0.84
    if swapped:
        piano_x = round(0.1 if square_x > 0.5 else 0.9, 4)
    performer = L.choose(("street piano", "busker"))   # what the square's audience listens to
    if performer == "street piano":
        played = L.prop("street piano", "\U0001F3B9", piano_x, piano_y, 1.2, keep=0.024)
    else:   # a guitarist by his open case
        played = L.prop("busker's open case", "\U0001F3B8", piano_x + 0.004, piano_y + 0.02, 0.9,
                        keep=0.014 + 0.0096 * 0.9 * L.perspective(piano_y + 0.02))
    small_places = [(0.97, 0.58), (round(L.nudge(0.68, 0.03), 4), 0.92), (round(L.nudge(0.34, 0.03), 4), 0.96),
                    (0.025, 0.6)]
    for (x, y), (name, emoji, scale) in zip(small_places, L.kit(HARBOUR_SMALL, 4)):
        _thing(L, name, emoji, x, y, scale)

    L.public = MARKET
    _vendors(L, vendors)
    # People on the boats, on the pier and on the quay edge: feet on the deck and the boards
    for i, (x0, x1, plank) in enumerate(decks):
        crowd = DECKHANDS if i == 0 else PASSENGERS
        L.scatter((x0, standing_at(L, deck + 0.004), x1, standing_at(L, deck + 0.006)), 3 if i == 0 else 4, crowd)
    for _ in range(2):
        L.scatter((px0 + 0.012, standing_at(L, ptop + 0.014), px1 - 0.012, standing_at(L, quay - 0.01)), 1, FISHERS)
    L.scatter((px0 + 0.01, standing_at(L, ptop + 0.02), px1 - 0.01, standing_at(L, quay)), 2, MARKET)
    crew = L.new_group("crew")   # the rower and a fisher, sitting in the boat from the gunwale up
    L.person(row_x - 0.01, standing_at(L, 0.109), rowing(replace(DECKHANDS, hold_rate=0.0)), mirror=True, group=crew)
    L.person(row_x + 0.012, standing_at(L, 0.109), rowing(FISHERS), mirror=False, group=crew)
    edge = standing_at(L, quay + 0.014)
    on_edge = lambda x, y: (abs(x - pier_x) > 0.04 and abs(x - crane_x) > 0.045   # noqa: E731
                            and all(abs(x - p) > 0.03 for *_, p in decks))
    L.scatter((0.02, edge, 0.98, edge + 0.004), 6, FISHERS, where=on_edge)
    # one swimmer by the ladder of the pier, none in the boats' way
    L.person(px1 + 0.02 if pier_left else px0 - 0.02, 0.15, SWIMMERS)
    # The market's customers, the café, the piano's audience
    for x, y in queues:
        L.queue(x, y, 0.0, 0.042, 3)
    for (dx, dy) in table_places:
        tx, ty = square_x + dx, fy + dy
        guests = L.new_group("table")
        for side in (-1, 1):
            x, y = tx + side * 0.0165, ty - 0.004
            if L.person(x, y, CAFE, mirror=side < 0, group=guests):
                chair(L, x, y, back_right=side > 0)
    # the player at his instrument, or no instrument and no audience (sets.OWNED); a step as long as
    # the people are drawn large at the instrument's depth (the shipped square's at the front)
    step = L.perspective(piano_y) / L.perspective(0.84)
    if performer == "busker":
        playing = L.attend(played, [(piano_x + dx * step, piano_y + 0.004 + dy * step, dx > 0) for dx, dy in
                                    ((-0.012, 0.0), (0.02, 0.0), (-0.02, -0.008), (0.026, -0.008), (-0.016, 0.01))],
                           BUSKER)
    else:
        pianist = replace(SEATED, held=(), hold_rate=0.0)
        playing = L.attend(played, [(piano_x + (dx - 0.027) * step, piano_y + 0.005, True) for dx in (0.0, -0.004, 0.004)],
                           pianist)
        if playing:
            chair(L, float(L.characters[-1]["x"]), float(L.characters[-1]["y"]), back_right=False)
    if playing:
        _audience(L, piano_x, piano_y + 0.02, 0.075, 10)
    L.ring(square_x, fy, 0.068, 8, start=0.4)
    L.bench(round(L.nudge(0.12, 0.03), 4), 0.5 if swapped else 0.78, 4)
    L.bench(round(L.nudge(0.88, 0.03), 4), 0.47 if swapped else 0.74, 4)
    place_tales(L, "harbour", {"ground": ((0.02, 0.3, 0.98, 0.98), None),
                               "edge": ((0.03, edge, 0.97, edge + 0.004), on_edge)})
    animals = [("seagull", "\U0001F426", 0.55), ("cat", "\U0001F408", 0.6), ("dog", "\U0001F415", 0.7),
               ("pigeon", "\U0001F54A\ufe0f", 0.5), ("crab", "\U0001F980", 0.5)]
    if L.tint and lighting == "night":   # lamps along the street and over the quay, before the crowd keeps off them
        street_lamps(L, (row_y + 0.1, 0.93, 0.6, 0.36), (0.03, quay + 0.1, 0.97, 0.97))
    L.creatures((0.02, quay + 0.03, 0.98, quay + 0.1), [("seagull", "\U0001F426", 0.55)], 5)
    L.creatures((0.02, 0.3, 0.98, 0.98), animals, 11)
    L.creatures((0.02, 0.07, 0.98, quay - 0.02), [("duck", "\U0001F986", 0.55), ("swan", "\U0001F9A2", 0.7)], 3,
                where=lambda x, y: not (px0 - 0.02 < x < px1 + 0.02) and abs(x - crane_x) > 0.05
                and (y < deck - 0.05 or abs(x - row_x) > 0.1)
                and not any(d0 - 0.05 < x < d1 + 0.05 for d0, d1, _p in decks))
    L.creatures((0.02, 0.93, 0.98, 0.99), [("olive tree", "\U0001F333", 1.6)], 3,
                where=lambda x, y: abs(x - piano_x) > 0.1)
    L.creatures((0.02, row_y + 0.08, 0.98, row_y + 0.14), [("potted palm", "\U0001FAB4", 1.0)], 3)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.3, 0.98, 0.98), PEOPLE)
    _weather(L, lighting, seed)
    return L


def _weather(L: Layout, lighting: str, seed: int) -> None:
    """Rain or snow in the air over the finished picture's ground (the people are drawn over it)."""
    if lighting == "rain":
        rain(L, seed)
    elif lighting == "snow":
        snowfall(L, seed)


def sunny_beach(seed: int, varied: bool = False) -> Layout:
    """A beach running diagonally into the distance: sea on one side, sand, dunes and a promenade."""
    L = Layout("beach", "Sunny beach", "beach", seed, horizon=0.06, varied=varied)
    lighting = L.choose(tuple(BEACH_LIGHTS))
    light(L, lighting)
    colours = BEACH_LIGHTS[lighting]
    far_pier = varied and L.plan.random() < 0.75   # the second plan: the pier far off, the tower and net nearer
    near_x, far_x = L.nudge(0.16, 0.04), L.nudge(0.6, 0.05)   # where the shore meets the promenade and the horizon
    promenade = 0.86

    def shore(y: float) -> float:
        """The x of the water's edge at height y (the sea is to the left)."""
        t = (promenade - y) / (promenade - 0.06)
        return near_x + (far_x - near_x) * t

    def on_sand(x: float, y: float, margin: float = 0.02) -> bool:
        return x > shore(y + feet_below(L, y)) + margin and not (x > 0.7 and y < 0.22)

    def in_sea(x: float, y: float, margin: float = 0.015) -> bool:
        return x < shore(y + 0.02) - margin

    L.shape("gradient", top=colours["sky"][0], bottom=colours["sky"][1], y0=0.0, y1=0.06)
    L.shape("gradient", top=colours["sand"][0], bottom=colours["sand"][1], y0=0.06, y1=promenade)
    L.shape("speckle", x=0, y=0.06, w=1, h=promenade - 0.06, colors=["#e7cf9c", "#fff3d6", "#d9bf8a"],
            count=2200, size=0.0022, seed=seed)
    wet = [[shore(y) + 0.035, y] for y in (0.06, 0.3, 0.6, promenade)]
    edge = [[shore(y) + (0.006 if i % 2 else 0.0), y] for i, y in enumerate((0.06, 0.2, 0.34, 0.48, 0.62, 0.76, promenade))]
    L.shape("polygon", points=[[0, 0.06], *wet, [0, promenade]], color="#d9c39a")
    L.shape("polygon", points=[[0, 0.06], *edge, [0, promenade]], color=colours["sea"][1])
    L.shape("polygon", points=[[0, 0.06], [shore(0.06), 0.06], [shore(0.12) - 0.01, 0.12], [0, 0.19]],
            color=colours["sea"][0])
    L.shape("waves", x=0, y=0.07, w=far_x * 0.8, h=0.16, color="#e6f7ff60", rows=5, width=0.001)
    L.shape("path", points=edge, color="#ffffffc0", width=0.006)
    L.shape("path", points=[[x - 0.03, y] for x, y in edge[1:]], color="#e6f7ffa0", width=0.003)
    L.shape("path", points=[[x - 0.07, y] for x, y in edge[2:]], color="#e6f7ff80", width=0.002)
    # dunes with beach huts, far off on the sand's side
    L.shape("polygon", points=[[0.66, 0.12], [0.74, 0.06], [0.86, 0.085], [0.94, 0.055], [1, 0.07], [1, 0.22],
                               [0.8, 0.2], [0.7, 0.16]], color="#e2c98e", outline="#c9a66b", width=0.0015)
    for gx in (0.72, 0.78, 0.84, 0.9, 0.96):
        L.shape("path", points=[[gx, 0.19], [gx - 0.006, 0.17]], color="#7a9a4a", width=0.0018)
        L.shape("path", points=[[gx, 0.19], [gx + 0.005, 0.168]], color="#7a9a4a", width=0.0018)
    beach_huts(L, 0.74, 0.17, L.arrange(("#4dabf7", "#f06595", "#ffd43b", "#69db7c", "#ff922b", "#b197fc")))
    # the promenade
    L.shape("rect", x=0, y=promenade, w=1, h=1 - promenade, color="#c7b8a6")
    L.shape("stripes", x=0, y=promenade, w=1, h=1 - promenade, colors=["#cbbca9", "#bfae9a"], count=40)
    L.shape("rect", x=0, y=promenade - 0.006, w=1, h=0.01, color="#8d7d6b", outline="#00000040", width=0.001)
    L.block(0, 0, 1, 0.06)

    # Out at sea, small and far: boats, an island, a whale
    sea = L.kit(SEA_PIECES, 3)
    for (x, y), (name, emoji, scale) in zip(((0.1, 0.1), (0.3, 0.16), (0.42, 0.085)), sea):
        if name in TRUE_LENGTH:   # a small boat among the swimmers, as long as it is beside them
            L.prop(name, emoji, round(L.nudge(x, 0.03), 4), y, round(true_scale(name) * L.among_swimmers(y), 3))
        else:   # the island and the ferry lie far out
            L.prop(name, emoji, round(L.nudge(x, 0.03), 4), y, scale, flat=True)
    L.prop("whale", "\U0001F40B", round(L.nudge(0.2, 0.05), 4), 0.075, 0.9, flat=True)
    # The pier out from the sand into the sea
    pier_y = round(L.nudge(0.3 if far_pier else 0.5, 0.04), 4)
    pier_box = pier(L, 0.0, shore(pier_y) + 0.03, pier_y, pier_y + 0.035)
    for y0, y1 in ((0.06, pier_y - 0.008), (pier_y + 0.036, promenade - 0.004)):   # the sea either side of the pier
        L.water([(0, y0), (shore(y0), y0), (shore(y1), y1), (0, y1)])
    # Lifeguard tower near the water, volleyball net further up the sand
    tower_y = round(L.nudge(0.62 if far_pier else 0.36, 0.03), 4)
    tower_x = shore(tower_y) + 0.075
    tx0, tx1, floor = lifeguard_tower(L, tower_x, tower_y, 0.085)
    _thing(L, "lifeguard flag", "\U0001F6A9", shore(tower_y + 0.1) + 0.03, tower_y + 0.1, 1.0)
    _thing(L, "life ring", "\U0001F6DF", tower_x + 0.05, tower_y + 0.01, 1.15)   # on its post at the ladder's foot
    net_y = round(L.nudge(0.56 if far_pier else 0.34, 0.03), 4)
    net_x = round(max(L.nudge(0.84 if far_pier else 0.78, 0.03), shore(net_y) + 0.25), 4)
    volleyball_net(L, net_x, net_y, 0.1)
    L.prop("volleyball in play", "\U0001F3D0", net_x + 0.012, net_y - 0.1, 0.7, flat=True, keep=0)
    # Towels and umbrellas in clusters; a sandcastle being dug near the water
    towels = [("red", "#e53e3e", "#ffffff"), ("blue", "#3182ce", "#faf089"), ("green", "#38a169", "#ffffff"),
              ("pink", "#d53f8c", "#fefcbf"), ("purple", "#805ad5", "#ffffff"), ("orange", "#dd6b20", "#ffffff"),
              ("teal", "#319795", "#fed7e2")]
    clusters = ([(0.58, 0.4), (0.76, 0.3), (0.6, 0.7), (0.9, 0.68)] if far_pier
                else [(0.5, 0.56), (0.72, 0.66), (0.45, 0.75), (0.86, 0.5)])
    spots = []
    for i, (name, colour, stripe) in enumerate(L.kit(towels, 4 if varied else 7)):   # a seed's own umbrellas
        cx, cy = clusters[i % len(clusters)]
        x = round(max(L.nudge(cx, 0.05) + 0.085 * (i // len(clusters)), shore(cy) + 0.1), 4)
        y = round(L.nudge(cy, 0.03) - 0.06 * (i // len(clusters)), 4)   # above the promenade's roofs
        towel(L, f"{name} towel", x, y, (colour, stripe))
        L.prop(f"umbrella, {name} towel", "\u26F1\ufe0f", x - 0.03, y - 0.02, 1.9, keep=0.0)
        spots.append((x, y))
    spare_towels = [(round(max(L.nudge(x, 0.03), shore(y) + 0.09), 4), round(L.nudge(y, 0.02), 4))
                    for x, y in (((0.5, 0.5), (0.7, 0.62), (0.92, 0.4), (0.8, 0.72), (0.44, 0.66), (0.66, 0.5),
                                  (0.88, 0.28), (0.48, 0.72)) if far_pier else
                                 ((0.58, 0.6), (0.64, 0.76), (0.8, 0.58), (0.92, 0.66), (0.38, 0.4), (0.9, 0.36),
                                  (0.56, 0.46), (0.76, 0.78)))]
    spare_kinds = L.kit(TOWEL_STRIPES, 3 if varied else len(TOWEL_STRIPES))   # three kinds of 4 at most: 12 >= 8
    for x, y in spare_towels:   # more towels without umbrellas, in the clusters' gaps, no kind past the cap
        kinds = [kind for kind in spare_kinds if L.repeats(kind[0]) < REPEAT_CAP]
        name, colour, stripe = L.plan.choice(kinds) if varied else kinds[round(x * 100) % len(kinds)]
        towel(L, name, x, y, (colour, stripe))
    castle_y = round(L.nudge(0.66, 0.04), 4)
    castle_x = shore(castle_y) + 0.06
    L.prop("sandcastle in progress", "\U0001F3F0", castle_x, castle_y, 1.2)
    _thing(L, "cool box", "\U0001F9CA", spots[0][0] + 0.035, spots[0][1] - 0.004, 0.5)
    sand = L.kit(SAND_THINGS, 5)
    sand_places = [(castle_x - 0.03, castle_y + 0.012), (shore(0.8) + 0.03, 0.8),
                   (spots[1][0] + 0.034, spots[1][1] - 0.004), (spots[2][0] + 0.034, spots[2][1] - 0.004),
                   (spots[3][0] - 0.01, spots[3][1] + 0.022)]
    for (x, y), (name, emoji, scale) in zip(sand_places, sand):
        _thing(L, name, emoji, round(x, 4), round(y, 4), scale)
    ball_y = round(L.nudge(0.72, 0.02), 4)   # above the promenade's kiosk roofs
    ball_x = round(shore(ball_y) + L.nudge(0.17, 0.02), 4)
    _thing(L, "beach ball", "\U0001F534", ball_x, ball_y - 0.01, 0.45)
    # The promenade: an ice-cream kiosk with its queue, a hot-dog counter, a cocktail bar, a shower
    cream_x = 0.3
    vendors: list[tuple[float, float, Crowd]] = []
    stands = L.kit(PROMENADE, 3)
    queued = "ice-cream kiosk" if "ice-cream kiosk" in stands else stands[0]   # the one with the long queue
    for x, name in zip(L.arrange((0.3, 0.58, 0.86)), stands):
        x = round(L.nudge(x, 0.02), 4)
        if name == "hot-dog stand":
            sill = counter(L, x, 0.95, width=1.6, awning=("#e53e3e", "#fefcbf"), front="#f8f9fa", top="#ced4da",
                           name=name)
            _on_top(L, name, "\U0001F32D", x - _across(L, 0.95, 0.3), sill, 0.55)
            vendors.append((x + _across(L, 0.95, 0.45), sill, serving(KIOSK_KEEPERS)))
        else:
            wall, roof = {"ice-cream kiosk": ("#fcc2d7", "#f06595"), "cocktail bar": ("#99e9f2", "#1098ad"),
                          "watermelon stand": ("#b2f2bb", "#2f9e44")}[name]
            sill = kiosk(L, x, 0.95, width=1.5, wall=wall, roof=roof, name=name)
            emoji = {"ice-cream kiosk": "\U0001F366", "cocktail bar": "\U0001F379", "watermelon stand": "\U0001F349"}[name]
            _on_top(L, name, emoji, x - _across(L, 0.95, 0.3), sill, 0.5)
            vendors.append((x + _across(L, 0.95, 0.25), sill, serving(KIOSK_KEEPERS)))
        if name == queued:
            cream_x = x
    kite_x = round(L.nudge(0.68, 0.03), 4)   # high over the sand, its string down to the child flying it
    L.prop("kite", "\U0001FA81", kite_x, 0.1, 0.9, flat=True, keep=0.0)
    extras = L.kit(PROMENADE_EXTRAS, 2)
    _thing(L, *extras[0][:2], round(L.nudge(0.42, 0.02), 4), promenade - 0.02, extras[0][2])
    _thing(L, *extras[1][:2], 0.97, 0.93, extras[1][2])

    L.public = BATHERS
    _vendors(L, vendors)
    # Lifeguards on the tower, the game at the net, families on their towels, kids at the castle
    L.person(tx0 + 0.01, standing_at(L, floor), LIFEGUARDS, check=False, mirror=True)
    L.person(tx1 - 0.01, standing_at(L, floor), LIFEGUARDS, check=False, mirror=True)
    for side in (-1, 1):
        for k in range(2):
            L.person(net_x + side * (0.025 + 0.03 * k), net_y - 0.012 + 0.03 * k, PLAYERS, mirror=side > 0)
    for x, y in spots + spare_towels:
        family = L.new_group("family")
        L.person(x - 0.012, y - 0.006, FAMILIES, group=family)
        L.person(x + 0.012, y - 0.004, FAMILIES, group=family)
    L.ring(castle_x, castle_y, 0.034, 4, DIGGERS)
    flyer_y = 0.24
    kite_tail = 0.1 + FIGURE_SIZE * 0.9 * L.aspect * 0.48
    if L.person(kite_x + 0.02, flyer_y, DIGGERS, mirror=True):
        L.shape("path", points=[[kite_x - 0.002, kite_tail], [kite_x + 0.013, flyer_y + 0.002]], color="#495057",
                width=0.0008)
    L.queue(cream_x + 0.046, 0.955, 0.024, 0.0, 5)
    # Swimmers in the shallows along the shore, a few far out; people on the pier
    L.scatter((0.0, 0.08, far_x, promenade - 0.02), 34, SWIMMERS,
              where=lambda x, y: in_sea(x, y) and x > shore(y) - 0.16
              and not (pier_box[0] - 0.01 < x < pier_box[2] and pier_box[1] - 0.03 < y < pier_box[3] + 0.03)
              and not (tx0 - 0.04 < x < tx1 + 0.03 and floor - 0.11 < y < tower_y))   # not over the tower
    L.scatter((0.02, standing_at(L, pier_box[1] + 0.008), pier_box[2] - 0.02, standing_at(L, pier_box[3] - 0.004)), 6,
              SHORE)
    L.scatter((0.0, 0.2, 1.0, promenade - 0.03), 18, SHORE,
              where=lambda x, y: on_sand(x, y, 0.004) and not on_sand(x, y, 0.05))
    place_tales(L, "beach", {"ground": ((0.02, 0.2, 0.98, 0.9), lambda x, y: on_sand(x, y, 0.02))})
    if L.tint and lighting == "night":   # lamps along the promenade and a few on the sand
        street_lamps(L, (0.95, 0.7, 0.5), (0.02, 0.3, 0.98, 0.99), where=lambda x, y: y > promenade or on_sand(x, y, 0.03))
    L.creatures((0.0, 0.3, 1.0, 0.8), [("crab", "\U0001F980", 0.45)], 2,
                where=lambda x, y: on_sand(x, y, 0.01) and not on_sand(x, y, 0.04))
    L.creature("dog", "\U0001F415", ball_x - 0.04, ball_y - 0.006, 0.7, mirror=False)
    gull = ("seagull", "\U0001F426", 0.5)
    dogs = [("dog", "\U0001F415", 0.55), ("spotted dog", "\U0001F415", 0.6), ("black dog", "\U0001F415", 0.65),
            ("golden dog", "\U0001F415", 0.6)]   # not one breed: a clone pack reads as a pattern
    L.creatures((0.1, 0.2, 1.0, 0.84), [k for dog in dogs for k in (gull, dog)], 15,
                where=on_sand)
    L.creatures((0.0, 0.1, 0.6, 0.8), [("dolphin", "\U0001F42C", 0.7)], 2, where=lambda x, y: in_sea(x, y, 0.12))
    L.creatures((0.02, 0.875, 0.98, 0.99), [("palm tree", "\U0001F334", 1.8)], 4)
    # everyone else, on the sand and the promenade
    L.fill((0.02, 0.18, 0.98, 0.98), PEOPLE, where=lambda x, y: y > promenade + 0.01 or on_sand(x, y))
    _weather(L, lighting, seed)
    return L
