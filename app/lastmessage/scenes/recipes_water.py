"""Recipes by the water: the harbour market and the beach (pure).

A recipe is a function of a seed returning a filled `Layout`. The big
shapes (sea, quay, sand) are fixed by the recipe. The shipped seed keeps the
recipe's plan; any other seed (`varied`) rearranges stalls, landmarks and
props over the recipe's places with `Layout.arrange` and `nudge`, so a new
seed is a new arrangement of the same place with a new crowd in it.
"""

from __future__ import annotations

from lastmessage.scenes.decor import awning_table, fountain, rug, stall
from lastmessage.scenes.layout import Layout
from lastmessage.scenes.people import BATHERS, HARBOUR, SELLERS, SWIMMERS

PEOPLE = 330   # passers-by fill the scene up to this many characters
SEA_TOP, SEA_BOTTOM = "#2f6fa8", "#4b98c9"


def harbour_market(seed: int, varied: bool = False) -> Layout:
    """Fish, fruit and flowers on a cobbled quay, boats in the harbour, a fountain in the square."""
    L = Layout("harbour", "Harbour market", "harbour", seed, horizon=0.18, varied=varied)
    square_x = round(L.nudge(0.5, 0.07), 4)   # the fountain and the street down to the quay
    # Sky, far shore, sea with boats
    L.shape("gradient", top="#9fd3f2", bottom="#d9eef7", y0=0.0, y1=0.06)
    L.shape("polygon", points=[[0, 0.06], [0.08, 0.035], [0.2, 0.05], [0.33, 0.025], [0.5, 0.05],
                               [0.62, 0.03], [0.8, 0.045], [1, 0.03], [1, 0.07], [0, 0.07]], color="#7fa07a")
    L.shape("gradient", top=SEA_TOP, bottom=SEA_BOTTOM, y0=0.065, y1=0.27)
    L.shape("waves", x=0, y=0.075, w=1, h=0.19, color="#d6ecfa90", rows=9, width=0.0012)
    L.shape("rect", x=0, y=0.265, w=1, h=0.022, color="#8c8478")
    L.shape("rect", x=0, y=0.265, w=1, h=0.006, color="#b4ab9c")
    L.block(0, 0, 1, 0.06)
    L.water([(0, 0.065), (1, 0.065), (1, 0.265), (0.745, 0.265), (0.745, 0.12), (0.7, 0.12), (0.7, 0.265), (0, 0.265)])
    # Jetty into the water
    L.shape("rect", x=0.7, y=0.12, w=0.045, h=0.16, color="#9b6b40", outline="#6e4a2a", width=0.001)
    L.shape("stripes", x=0.7, y=0.12, w=0.045, h=0.16, colors=["#a7764a", "#8f6038"], count=12,
            vertical=False)
    # Cobbled square
    L.shape("gradient", top="#c9b79a", bottom="#d8c9ad", y0=0.287, y1=1.0)
    L.shape("speckle", x=0, y=0.29, w=1, h=0.71, colors=["#b9a688", "#e4d8c0", "#c2b092"],
            count=2600, size=0.003, seed=seed)
    L.shape("path", points=[[0.0, 0.62], [0.3, 0.6], [0.5, 0.62], [0.72, 0.6], [1.0, 0.64]],
            color="#b5a285", width=0.045)
    L.shape("path", points=[[square_x, 0.3], [square_x, 1.0]], color="#b5a285", width=0.035)

    # Boats and the quay
    boats = [("sailing boat", "\u26F5", 0.14, 2.6), ("ferry", "\u26F4\ufe0f", 0.1, 3.2),
             ("motor boat", "\U0001F6E5\ufe0f", 0.19, 2.4), ("speedboat", "\U0001F6A4", 0.13, 2.2)]
    for x, (name, emoji, y, scale) in zip(L.arrange((0.12, 0.34, 0.56, 0.87)), boats):
        L.prop(name, emoji, x, y, scale, flat=True)
    L.prop("canoe", "\U0001F6F6", 0.8, 0.22, 1.6, flat=True)
    L.prop("harbour crane", "\U0001F3D7\ufe0f", 0.045, 0.26, 3.0, flat=True)
    quay = [("anchor", "\u2693", 1.2), ("life ring", "\U0001F6DF", 1.1), ("stack of crates", "\U0001F4E6", 1.4),
            ("fishing rods", "\U0001F3A3", 1.1)]
    for (x, y), (name, emoji, scale) in zip(L.arrange(((0.24, 0.3), (0.64, 0.3), (0.96, 0.32), (0.42, 0.3))), quay):
        L.prop(name, emoji, x, y, scale)

    # Two rows of stalls and a fountain
    stalls = [("fish stall", "\U0001F41F", ("#2b6cb0", "#f4f1ea")), ("lobster stall", "\U0001F99E", ("#c53030", "#f4f1ea")),
              ("fruit stall", "\U0001F34E", ("#2f855a", "#f4f1ea")), ("bakery stall", "\U0001F956", ("#d69e2e", "#fff8e1")),
              ("cheese stall", "\U0001F9C0", ("#dd6b20", "#fffaf0")), ("flower stall", "\U0001F490", ("#b83280", "#fff5f7")),
              ("vegetable stall", "\U0001F955", ("#38a169", "#f0fff4")), ("honey stall", "\U0001F36F", ("#b7791f", "#fffff0"))]
    stall_places = ((0.1, 0.44), (0.26, 0.44), (0.7, 0.44), (0.86, 0.44),
                    (0.14, 0.82), (0.32, 0.82), (0.7, 0.82), (0.88, 0.82))
    for (name, emoji, colours), (x, y) in zip(L.arrange(stalls), stall_places):
        stall(L, name, emoji, x, y, colours=colours)
    fountain(L, "fountain", square_x, 0.56, 0.055)
    L.prop("ice-cream cart", "\U0001F366", 0.4, 0.36, 1.3)
    square = [("shopping trolley", "\U0001F6D2", 1.1), ("bicycle", "\U0001F6B2", 1.4), ("red lantern", "\U0001F3EE", 1.2),
              ("basket of bread", "\U0001F9FA", 1.0), ("bucket", "\U0001FAA3", 0.9), ("barrel", "\U0001F6E2\ufe0f", 1.2),
              ("street piano", "\U0001F3B9", 1.3), ("signpost", "\U0001FAA7", 1.2), ("postbox", "\U0001F4EE", 1.0)]
    square_places = ((0.6, 0.7), (0.035, 0.62), (0.965, 0.6), (0.23, 0.62), (0.78, 0.62), (0.03, 0.95),
                     (square_x, 0.92), (0.965, 0.94), (0.38, 0.68))
    for (x, y), (name, emoji, scale) in zip(L.arrange(square_places), square):
        L.prop(name, emoji, x, y, scale)
    for i, (x, emoji, name) in enumerate([(0.56, "\u2615", "coffee table"),
                                          (0.62, "\U0001F37A", "beer table"),
                                          (0.44, "\U0001F375", "tea table")]):
        awning_table(L, name, emoji, x, 0.975 - 0.01 * i)

    L.public = HARBOUR
    sellers = SELLERS
    # Activities
    for x in (0.1, 0.26, 0.7, 0.86):   # queues in front of the stalls
        L.queue(x, 0.5, 0.0, 0.042, 4)
    for x in (0.14, 0.32, 0.7, 0.88):
        L.queue(x + (0.055 if x < 0.5 else -0.055), 0.85, 0.024 if x < 0.5 else -0.024, 0.0, 3)
    L.person(0.1, 0.4, sellers, check=False) if L.free(0.1, 0.4) else None
    L.ring(square_x, 0.56, 0.062, 16)   # a crowd around the fountain
    L.ring(square_x, 0.56, 0.085, 14, start=0.2)
    L.queue(0.42, 0.4, 0.0, 0.045, 3)
    L.bench(0.6, 0.36, 4)   # people resting on benches
    L.bench(0.42, 0.76, 4)
    L.cluster(square_x, 0.88, 0.05, 8)
    # On the jetty (from 0.12 down), and swimmers beside it, not over it. The shipped file keeps the
    # old box, which lets a person at its far end stand in the water; a varied plan does not.
    jetty_end = 0.11 if varied else 0.09
    L.scatter((0.72, jetty_end, 0.77, 0.27), 5, HARBOUR,
              where=lambda x, y: abs(x - 0.7225) < 0.02)
    L.scatter((0.02, 0.08, 0.98, 0.25), 9, SWIMMERS,
              where=lambda x, y: L.free(x, y) and not (varied and 0.685 < x < 0.76))
    L.pairs((0.03, 0.3, 0.97, 0.97), 24)
    animals = [("seagull", "\U0001F426", 0.55), ("cat", "\U0001F408", 0.6), ("dog", "\U0001F415", 0.7),
               ("pigeon", "\U0001F54A\ufe0f", 0.5), ("crab", "\U0001F980", 0.5), ("duck", "\U0001F986", 0.55)]
    L.creatures((0.02, 0.3, 0.98, 0.98), animals, 16)
    L.creatures((0.02, 0.08, 0.98, 0.25), [("seal", "\U0001F9AD", 0.8), ("dolphin", "\U0001F42C", 0.9),
                                           ("swan", "\U0001F9A2", 0.7)], 5)
    L.creatures((0.02, 0.3, 0.98, 0.36), [("potted palm", "\U0001FAB4", 1.0)], 4)
    L.creatures((0.02, 0.93, 0.98, 0.99), [("olive tree", "\U0001F333", 1.6)], 3)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.3, 0.98, 0.98), PEOPLE)
    return L


def sunny_beach(seed: int, varied: bool = False) -> Layout:
    """Sea and surf at the top, umbrellas and towels on the sand, a promenade with kiosks below."""
    L = Layout("beach", "Sunny beach", "beach", seed, horizon=0.2, varied=varied)
    L.shape("gradient", top="#8fd0f5", bottom="#cdeefc", y0=0.0, y1=0.05)
    L.shape("gradient", top="#1f7fb5", bottom="#3fb6d6", y0=0.05, y1=0.3)
    L.shape("waves", x=0, y=0.06, w=1, h=0.22, color="#e6f7ff90", rows=10, width=0.0012)
    # surf line and wet sand
    L.shape("polygon", points=[[0, 0.29], [0.15, 0.275], [0.3, 0.295], [0.5, 0.28], [0.7, 0.3],
                               [0.85, 0.28], [1, 0.295], [1, 0.34], [0, 0.34]], color="#d9c39a")
    L.shape("path", points=[[0, 0.29], [0.15, 0.275], [0.3, 0.295], [0.5, 0.28], [0.7, 0.3],
                            [0.85, 0.28], [1, 0.295]], color="#ffffffc0", width=0.006)
    L.water([(0, 0.05), (1, 0.05), (1, 0.295), (0.85, 0.28), (0.7, 0.3), (0.5, 0.28), (0.3, 0.295), (0.15, 0.275), (0, 0.29)])
    L.shape("gradient", top="#f1dcae", bottom="#f7e6c0", y0=0.34, y1=0.86)
    L.shape("speckle", x=0, y=0.3, w=1, h=0.56, colors=["#e7cf9c", "#fff3d6", "#d9bf8a"],
            count=2200, size=0.0022, seed=seed)
    # promenade
    L.shape("rect", x=0, y=0.86, w=1, h=0.14, color="#c7b8a6")
    L.shape("stripes", x=0, y=0.86, w=1, h=0.14, colors=["#cbbca9", "#bfae9a"], count=40)
    L.shape("rect", x=0, y=0.855, w=1, h=0.01, color="#8d7d6b")
    # towels
    towels = [("#e53e3e", "#ffffff"), ("#3182ce", "#faf089"), ("#38a169", "#ffffff"), ("#d53f8c", "#fefcbf"),
              ("#805ad5", "#ffffff"), ("#dd6b20", "#ffffff"), ("#319795", "#fed7e2")]
    spots = [(round(L.nudge(x, 0.03), 4), round(L.nudge(y, 0.04), 4))
             for x, y in ((0.07, 0.5), (0.2, 0.62), (0.33, 0.47), (0.47, 0.72), (0.62, 0.52), (0.78, 0.66), (0.9, 0.45))]
    for (x, y), colours in zip(spots, towels):
        rug(L, x - 0.025, y + 0.02, x + 0.025, y + 0.05, colours, count=7, vertical=False)

    sea = [("sailing boat", "\u26F5", 2.6), ("motor boat", "\U0001F6E5\ufe0f", 2.2), ("speedboat", "\U0001F6A4", 2.0),
           ("island", "\U0001F3DD\ufe0f", 2.8), ("whale", "\U0001F40B", 2.2)]
    for (x, y), (name, emoji, scale) in zip(L.arrange(((0.2, 0.12), (0.72, 0.09), (0.5, 0.16), (0.92, 0.07), (0.06, 0.09))),
                                            sea):
        L.prop(name, emoji, x, y, scale, flat=True)
    L.prop("life ring", "\U0001F6DF", 0.4, 0.33, 1.0)
    L.prop("lifeguard flag", "\U0001F6A9", 0.58, 0.34, 1.3)
    umbrellas = ["umbrella, red towel", "umbrella, blue towel", "umbrella, green towel", "umbrella, pink towel", "umbrella, purple towel",
                 "umbrella, orange towel", "umbrella, teal towel"]
    for (x, y), name in zip(spots, umbrellas):
        L.prop(name, "\u26F1\ufe0f", x, y, 2.4, keep=0.024)
    sand = [("sandcastle", "\U0001F3F0", 1.3), ("sand bucket", "\U0001FAA3", 0.9), ("volleyball", "\U0001F3D0", 0.9),
            ("kite", "\U0001FA81", 1.2), ("shell", "\U0001F41A", 0.8), ("message in a bottle", "\U0001F37E", 0.9),
            ("beach ball", "\U0001F534", 0.6), ("picnic basket", "\U0001F9FA", 0.9), ("radio", "\U0001F4FB", 0.9),
            ("snorkel mask", "\U0001F93F", 0.8), ("rubber duck", "\U0001F424", 0.8), ("flip-flops", "\U0001FA74", 0.8)]
    sand_places = ((0.26, 0.4), (0.13, 0.38), (0.88, 0.58), (0.66, 0.38), (0.42, 0.6), (0.96, 0.34),
                   (0.55, 0.62), (0.73, 0.78), (0.1, 0.72), (0.3, 0.78), (0.82, 0.34), (0.38, 0.82))
    for (x, y), (name, emoji, scale) in zip(L.arrange(sand_places), sand):
        L.prop(name, emoji, x, y, scale)
    kiosks = [("ice-cream kiosk", "\U0001F366", ("#f687b3", "#ffffff")), ("cocktail bar", "\U0001F379", ("#38b2ac", "#ffffff")),
              ("hot-dog stand", "\U0001F32D", ("#e53e3e", "#fefcbf")), ("watermelon stand", "\U0001F349", ("#38a169", "#ffffff"))]
    for (name, emoji, colours), x in zip(L.arrange(kiosks), (0.12, 0.35, 0.62, 0.85)):
        stall(L, name, emoji, x, 0.93, colours=colours)
    L.prop("shower", "\U0001F6BF", 0.5, 0.84, 1.1)
    L.prop("bicycle", "\U0001F6B2", 0.97, 0.93, 1.2)

    L.public = BATHERS
    bathers = BATHERS
    for x, y in spots:
        L.ring(x, y + 0.03, 0.04, 5, start=L.rng.random())
    L.queue(0.06, 0.97, -0.0, -0.045, 2)
    for x in (0.12, 0.35, 0.62, 0.85):
        L.queue(x + 0.045, 0.975, 0.024, 0.0, 3)
    L.scatter((0.02, 0.1, 0.98, 0.28), 26, SWIMMERS)
    L.scatter((0.02, 0.3, 0.98, 0.4), 16, bathers)
    L.pairs((0.03, 0.36, 0.97, 0.84), 20)
    L.creatures((0.02, 0.3, 0.98, 0.84), [("crab", "\U0001F980", 0.5), ("seagull", "\U0001F426", 0.55),
                                          ("dog", "\U0001F415", 0.7), ("turtle", "\U0001F422", 0.6),
                                          ("flamingo", "\U0001F9A9", 0.8), ("parrot", "\U0001F99C", 0.6)], 14)
    L.creatures((0.02, 0.08, 0.98, 0.27), [("dolphin", "\U0001F42C", 0.9), ("octopus", "\U0001F419", 0.7),
                                           ("tropical fish", "\U0001F420", 0.6)], 6)
    L.creatures((0.02, 0.87, 0.98, 0.99), [("palm tree", "\U0001F334", 2.0)], 4)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.36, 0.98, 0.98), PEOPLE)
    return L
