"""Recipes on land: the train station, the museum gala, the ski resort, the carnival (pure).

See `recipes_water.py` for what a recipe is, and how a varied plan
rearranges it. Each scene has its own palette
(steel and glass, marble and velvet, snow and pine, a night fair) so the six
scenes are told apart at a glance on the scene chooser.
"""

from __future__ import annotations

from dataclasses import replace

from lastmessage.scenes.decor import awning_table, building, burst, fountain, rug, stall, train
from lastmessage.scenes.decor_slopes import Piste
from lastmessage.scenes.decor_water import standing_at
from lastmessage.scenes.decor_slopes import chair_lift
from lastmessage.scenes.decor_slopes import chalet
from lastmessage.scenes.decor_slopes import draw_piste
from lastmessage.scenes.decor_slopes import hot_spring
from lastmessage.scenes.decor_slopes import lamp_post
from lastmessage.scenes.decor_slopes import light_string
from lastmessage.scenes.decor_slopes import stage
from lastmessage.scenes.decor_slopes import ice_rink
from lastmessage.scenes.decor_slopes import seat_centre
from lastmessage.scenes.decor_slopes import steam
from lastmessage.scenes.decor_slopes import snowfall
from lastmessage.scenes.decor_slopes import snowfield
from lastmessage.scenes.decor_slopes import table_with_seats
from lastmessage.scenes.decor_slopes import terrace
from lastmessage.scenes.layout import Layout
from lastmessage.scenes.people import FAIR, GALA, SKIERS, SWIMMERS, TRAVELLERS, WINTER
from lastmessage.scenes.people import AUDIENCE
from lastmessage.scenes.people import HOT_SPRING_BATHERS
from lastmessage.scenes.people import SKATERS
from lastmessage.scenes.people import SKIERS_ON_PISTE
from lastmessage.scenes.people import serving
from lastmessage.scenes.recipes_water import PEOPLE


def _track(L: Layout, y0: float, y1: float) -> None:
    """Ballast, sleepers and two rails between y0 and y1; nobody walks on it."""
    L.shape("rect", x=0, y=y0, w=1, h=y1 - y0, color="#6f655c")
    L.shape("speckle", x=0, y=y0, w=1, h=y1 - y0, colors=["#857a70", "#5a524b"], count=900,
            size=0.0018, seed=int(y0 * 1000))
    L.shape("stripes", x=0, y=y0 + (y1 - y0) * 0.2, w=1, h=(y1 - y0) * 0.6,
            colors=["#4a3a2e", "#00000000"], count=90)
    for ry in (0.35, 0.65):
        L.shape("path", points=[[0, y0 + (y1 - y0) * ry], [1, y0 + (y1 - y0) * ry]], color="#c9ccd1",
                width=0.0025)
    L.block(0, y0 - 0.005, 1, y1 + 0.005)


def train_station(seed: int, varied: bool = False) -> Layout:
    """Two tracks under a glass roof, an island platform, and a busy concourse with shops."""
    L = Layout("station", "Central station", "station", seed, horizon=0.1, far_scale=0.78, varied=varied)
    L.shape("gradient", top="#5b6b7c", bottom="#8596a8", y0=0, y1=0.1)
    L.shape("stripes", x=0, y=0, w=1, h=0.07, colors=["#a9c4da80", "#3f4c5a80"], count=48)
    L.shape("rect", x=0, y=0.07, w=1, h=0.012, color="#2f3a45")
    L.shape("rect", x=0, y=0.082, w=1, h=0.07, color="#b9b4aa")
    _track(L, 0.152, 0.23)
    L.shape("rect", x=0, y=0.23, w=1, h=0.24, color="#aaa59b")
    L.shape("stripes", x=0, y=0.23, w=1, h=0.24, colors=["#b1ac a2".replace(" ", ""), "#a39e94"], count=30)
    for y in (0.232, 0.462):
        L.shape("rect", x=0, y=y, w=1, h=0.006, color="#f2c230")
    L.shape("rect", x=0, y=0.146, w=1, h=0.006, color="#f2c230")
    _track(L, 0.47, 0.55)
    L.shape("tiles", x=0, y=0.55, w=1, h=0.45, colors=["#e5ddd0", "#d6ccbc"], cols=40, rows=10)
    L.shape("rect", x=0, y=0.55, w=1, h=0.008, color="#f2c230")
    for x in (0.2, 0.5, 0.8):   # pillars on the island platform
        L.shape("rect", x=x - 0.006, y=0.25, w=0.012, h=0.2, color="#4b5967", outline="#2d3640",
                width=0.001)
        L.block(x - 0.012, 0.25, x + 0.012, 0.46)
    # departure boards on the back wall
    for x in (0.3, 0.7):
        L.shape("rect", x=x - 0.08, y=0.088, w=0.16, h=0.05, color="#1d232b", outline="#56606b",
                width=0.0015)
        for row in range(5):   # destinations in amber, times in white
            top = 0.095 + row * 0.0075
            L.shape("rect", x=x - 0.074, y=top, w=0.06 + 0.025 * ((row + int(x * 10)) % 3), h=0.004, color="#f6c945")
            L.shape("rect", x=x + 0.045, y=top, w=0.026, h=0.004, color="#f3f3f3")

    L.shape("path", points=[[0.09, 0.218], [0.595, 0.218]], color="#2d3640", width=0.004)   # one coupled train
    L.prop("steam locomotive", "\U0001F682", 0.08, 0.19, 2.6, flat=True, keep=0)
    carriages = ("green carriage", "dining car", "sleeping car", "mail van")
    for x, name in zip(L.arrange([0.21 + 0.12 * i for i in range(4)]), carriages):
        L.prop(name, "\U0001F683", x, 0.19, 2.6, flat=True, keep=0)
    train(L, "high-speed train", 0.02, 0.3, 0.53, body="#f4f4f2", stripe="#1c5fd6")
    train(L, "bullet train", 0.6, 0.98, 0.53, body="#e9ecef", stripe="#e03131", nose_left=False)
    L.prop("station clock", "\U0001F570\ufe0f", 0.5, 0.11, 1.5, flat=True)
    L.prop("platform sign", "\U0001F689", 0.12, 0.11, 1.4, flat=True)
    L.prop("left departure board", "\U0001F4CB", 0.3, 0.113, 0.9, flat=True)
    L.prop("right departure board", "\U0001F4C5", 0.7, 0.113, 0.9, flat=True)
    L.prop("lift", "\U0001F6D7", 0.9, 0.11, 1.3, flat=True)
    platform = [("signal light", "\U0001F6A6", 1.4), ("bench with suitcases", "\U0001F9F3", 1.1),
                ("water fountain", "\U0001F6B0", 1.0), ("wastebasket", "\U0001F5D1\ufe0f", 0.9),
                ("fire extinguisher", "\U0001F9EF", 0.9), ("luggage trolley", "\U0001F6D2", 1.1),
                ("platform map", "\U0001F5FA\ufe0f", 1.0)]
    platform_places = ((0.97, 0.3), (0.35, 0.3), (0.65, 0.3), (0.06, 0.4), (0.94, 0.42), (0.62, 0.42), (0.38, 0.42))
    for (x, y), (name, emoji, scale) in zip(L.arrange(platform_places), platform):
        L.prop(name, emoji, x, y, scale)
    shops = [("ticket office", "\U0001F3AB", ("#2c5282", "#e2e8f0")), ("newspaper kiosk", "\U0001F4F0", ("#2f855a", "#f0fff4")),
             ("coffee bar", "\u2615", ("#7b341e", "#fffaf0")), ("croissant bakery", "\U0001F950", ("#c05621", "#fffaf0")),
             ("flower shop", "\U0001F337", ("#b83280", "#fff5f7")), ("sushi bar", "\U0001F363", ("#c53030", "#ffffff"))]
    shop_places = ((0.1, 0.68), (0.3, 0.68), (0.7, 0.68), (0.9, 0.68), (0.2, 0.92), (0.8, 0.92))
    for (name, emoji, colours), (x, y) in zip(L.arrange(shops), shop_places):
        stall(L, name, emoji, x, y, width=0.08 if name == "ticket office" else 0.07, colours=colours)
    L.prop("information desk", "\u2139\ufe0f", 0.5, 0.66, 1.2)
    concourse = [("cash machine", "\U0001F3E7", 1.1), ("toilets sign", "\U0001F6BB", 1.1), ("phone box", "\u260E\ufe0f", 0.9),
                 ("busker's guitar", "\U0001F3B8", 1.0), ("scooter", "\U0001F6F4", 1.0), ("postbox", "\U0001F4EE", 1.0),
                 ("lost umbrella", "\u2602\ufe0f", 0.9), ("bicycle", "\U0001F6B2", 1.2)]
    concourse_places = ((0.97, 0.83), (0.03, 0.83), (0.4, 0.8), (0.6, 0.8), (0.5, 0.97), (0.35, 0.97), (0.65, 0.97),
                        (0.03, 0.97))
    for (x, y), (name, emoji, scale) in zip(L.arrange(concourse_places), concourse):
        L.prop(name, emoji, x, y, scale)

    L.public = staff = TRAVELLERS
    L.queue(0.1, 0.74, 0.0, 0.045, 5, staff)
    L.queue(0.3, 0.74, 0.024, 0.02, 4)
    L.queue(0.7, 0.74, -0.024, 0.02, 4)
    L.queue(0.9, 0.74, 0.0, 0.045, 4)
    L.bench(0.5, 0.88, 5)   # people waiting on benches
    L.bench(0.66, 0.37, 4)
    L.ring(0.5, 0.66, 0.06, 12, start=1.0)
    L.cluster(0.6, 0.82, 0.035, 6)
    L.scatter((0.02, 0.1, 0.98, 0.14), 14, staff, where=lambda x, y: abs(x - 0.3) > 0.1 and abs(x - 0.7) > 0.1)
    L.pairs((0.03, 0.25, 0.97, 0.45), 14, staff)
    L.scatter((0.02, 0.25, 0.98, 0.45), 40, staff)
    L.pairs((0.03, 0.58, 0.97, 0.98), 12)
    L.creatures((0.02, 0.1, 0.98, 0.99), [("pigeon", "\U0001F54A\ufe0f", 0.5), ("dog", "\U0001F415", 0.7),
                                          ("guide dog", "\U0001F9AE", 0.7), ("cat", "\U0001F408", 0.6),
                                          ("mouse", "\U0001F401", 0.4), ("sparrow", "\U0001F426", 0.45)], 20)
    L.creatures((0.02, 0.57, 0.98, 0.99), [("potted plant", "\U0001FAB4", 1.1), ("potted palm", "\U0001F334", 1.6)],
                8)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.24, 0.98, 0.99), PEOPLE)
    return L


def museum_gala(seed: int, varied: bool = False) -> Layout:
    """A night at the museum: exhibits on plinths, a red carpet, a string quartet and a buffet."""
    L = Layout("museum", "Museum gala", "museum", seed, horizon=0.16, far_scale=0.75, varied=varied)
    L.shape("gradient", top="#5a1e2c", bottom="#7a2a3a", y0=0, y1=0.2)
    L.shape("stripes", x=0, y=0, w=1, h=0.2, colors=["#00000000", "#00000018"], count=60)
    L.shape("rect", x=0, y=0.19, w=1, h=0.015, color="#c9a85a")
    L.shape("tiles", x=0, y=0.205, w=1, h=0.795, colors=["#efe9df", "#cfc6b8"], cols=24, rows=11)
    L.shape("rect", x=0.46, y=0.205, w=0.08, h=0.795, color="#a3192b")
    L.shape("rect", x=0.458, y=0.205, w=0.004, h=0.795, color="#d9b25a")
    L.shape("rect", x=0.538, y=0.205, w=0.004, h=0.795, color="#d9b25a")
    for x in (0.0, 0.25, 0.75, 0.97):   # columns along the back wall
        L.shape("rect", x=x, y=0.0, w=0.03, h=0.21, color="#e8dfcc", outline="#b8ab90", width=0.001)
    L.block(0, 0, 1, 0.2)
    # paintings in gold frames on the wall
    paintings = [("sunset painting", "\U0001F305"), ("mountain painting", "\U0001F304"),
                 ("portrait of a lady", "\U0001F5BC\ufe0f"), ("city at night", "\U0001F306"),
                 ("starry night", "\U0001F320"), ("old map", "\U0001F5FA\ufe0f")]
    for x, (name, emoji) in zip(L.arrange((0.08, 0.18, 0.35, 0.63, 0.83, 0.92)), paintings):
        L.shape("rect", x=x - 0.035, y=0.04, w=0.07, h=0.11, color="#2a1b12", outline="#d4af37", width=0.003)
        L.prop(name, emoji, x, 0.095, 1.7, flat=True)
    L.prop("grandfather clock", "\U0001F570\ufe0f", 0.5, 0.1, 1.8, flat=True)
    plinths = ((0.12, 0.35), (0.3, 0.3), (0.7, 0.3), (0.88, 0.35), (0.2, 0.62), (0.8, 0.62),
               (0.08, 0.85), (0.92, 0.85), (0.35, 0.78), (0.65, 0.78), (0.35, 0.48), (0.65, 0.48))
    pieces = [("Greek vase", "\U0001F3FA"), ("stone head", "\U0001F5FF"), ("giant diamond", "\U0001F48E"),
              ("royal crown", "\U0001F451"), ("knight's shield", "\U0001F6E1\ufe0f"), ("crossed swords", "\u2694\ufe0f"),
              ("ancient scroll", "\U0001F4DC"), ("nesting dolls", "\U0001FA86"), ("golden trophy", "\U0001F3C6"),
              ("telescope", "\U0001F52D"), ("funeral urn", "\u26B1\ufe0f"), ("planet model", "\U0001FA90")]
    exhibits = [(round(L.nudge(x, 0.02), 4), round(L.nudge(y, 0.02), 4), name, emoji)
                for (x, y), (name, emoji) in zip(L.arrange(plinths), pieces)]
    for x, y, name, emoji in exhibits:
        s = L.perspective(y)
        L.shape("rect", x=x - 0.02 * s, y=y - 0.005, w=0.04 * s, h=0.045 * s, color="#f7f3ea",
                outline="#9c9280", width=0.001)
        L.shape("rect", x=x - 0.024 * s, y=y - 0.012, w=0.048 * s, h=0.01 * s, color="#ded6c6")
        L.prop(name, emoji, x, y - 0.02 * s, 1.3, keep=0.0)
        L.block(x - 0.026 * s, y - 0.04 * s, x + 0.026 * s, y + 0.045 * s)
    L.prop("dinosaur skeleton", "\U0001F995", 0.5, 0.3, 4.0, keep=0.04)
    L.prop("grand piano", "\U0001F3B9", 0.16, 0.5, 1.6)
    L.prop("harp", "\U0001FA95", 0.05, 0.55, 1.2)
    for x, (name, emoji, scale) in zip(L.arrange((0.45, 0.55)), [("candelabra", "\U0001F56F\ufe0f", 1.0),
                                                                  ("mirror ball", "\U0001FAA9", 1.1)]):
        L.prop(name, emoji, x, 0.6, scale)
    buffets = [("champagne bar", "\U0001F37E", ("#1a202c", "#d4af37")), ("cake buffet", "\U0001F382", ("#702459", "#fed7e2"))]
    for (name, emoji, colours), x in zip(L.arrange(buffets), (0.25, 0.75)):
        stall(L, name, emoji, x, 0.95, colours=colours)
    L.prop("theatre masks", "\U0001F3AD", 0.97, 0.62, 1.1)
    L.prop("reception bell", "\U0001F6CE\ufe0f", 0.5, 0.96, 1.0)
    L.prop("velvet rope", "\U0001F6A7", 0.4, 0.25, 1.0)
    L.prop("gilded mirror", "\U0001FA9E", 0.6, 0.25, 1.0)
    for x, y, name, emoji in [(0.42, 0.9, "toast table", "\U0001F942"), (0.58, 0.9, "wine table", "\U0001F377")]:
        awning_table(L, name, emoji, x, y)

    L.public = gala = GALA
    for x, y, _name, _emoji in exhibits:
        L.ring(x, y, 0.045, 5, gala, start=L.rng.random())
    L.ring(0.5, 0.3, 0.09, 12, gala)
    L.bench(0.3, 0.66, 4)   # guests resting on velvet benches
    L.bench(0.7, 0.66, 4)
    L.cluster(0.12, 0.55, 0.04, 6, gala)
    L.queue(0.25, 0.86, 0.0, -0.04, 3, gala)
    L.queue(0.75, 0.86, 0.0, -0.04, 3, gala)
    L.pairs((0.03, 0.22, 0.97, 0.97), 20, gala)
    L.creatures((0.02, 0.22, 0.98, 0.98), [("poodle", "\U0001F429", 0.7), ("black cat", "\U0001F408\u200d\u2B1B", 0.6),
                                           ("mouse", "\U0001F401", 0.4), ("parrot", "\U0001F99C", 0.6),
                                           ("bat", "\U0001F987", 0.6), ("spider", "\U0001F577\ufe0f", 0.45)], 14)
    L.creatures((0.02, 0.22, 0.98, 0.98), [("potted plant", "\U0001FAB4", 1.1), ("vase of tulips", "\U0001F337", 0.8),
                                           ("red rose", "\U0001F339", 0.7), ("orchid", "\U0001F33A", 0.7)], 10)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.22, 0.98, 0.98), PEOPLE, gala)
    return L


SKI_LIFT_RIDERS = replace(SKIERS, poses=("sitting",), held=("scarf", "backpack", "camera"), hold_rate=0.3, costumes=())
TERRACE_GUESTS = replace(WINTER, poses=("sitting",), held=("coffee", "coffee", "camera", "phone", "scarf"),
                         hold_rate=0.7)
SKI_PUPILS = replace(SKIERS_ON_PISTE, children=1.0, old=0.0)
SKI_TEACHER = replace(SKIERS_ON_PISTE, costumes=("ski instructor",), costume_rate=1.0, children=0.0, old=0.0)
CURLERS = replace(WINTER, poses=("pointing", "standing", "standing"), held=("", "scarf"), hold_rate=0.2)


def ski_resort(seed: int, varied: bool = False) -> Layout:
    """A piste down from the peaks with skiers on it, a chair lift above it, a ski school, a chalet
    terrace, an ice rink with a curling team and a steaming hot spring."""
    L = Layout("ski", "Ski resort", "ski", seed, horizon=0.22, varied=varied)
    # A generated scene is mirrored, or on the second ground plan (rink and hot spring change places), or both;
    # some have snow falling, some the pink light of late afternoon.
    swapped = varied and (not L.mirrored or L.plan.random() < 0.5)
    snowing = varied and L.plan.random() < 0.4
    dusk = varied and not snowing and L.plan.random() < 0.4
    sky = ("#8fa7bd", "#dfe8f0") if snowing else ("#4c5fa8", "#f6b89a") if dusk else ("#5fa8e8", "#cfe8fb")
    L.shape("gradient", top=sky[0], bottom=sky[1], y0=0, y1=0.26)
    L.shape("polygon", points=[[0, 0.2], [0.12, 0.06], [0.24, 0.16], [0.38, 0.03], [0.55, 0.18], [0.7, 0.05],
                               [0.85, 0.15], [1, 0.07], [1, 0.27], [0, 0.27]], color="#8da3b8")
    for peak in ((0.12, 0.06, 0.035), (0.38, 0.03, 0.05), (0.7, 0.05, 0.045), (1.0, 0.07, 0.03)):
        x, y, w = peak
        L.shape("polygon", points=[[x - w, y + w * 1.3], [x, y], [x + w, y + w * 1.3], [x + w * 0.3, y + w * 1.0],
                                   [x - w * 0.2, y + w * 1.2]], color="#f7fbff")
    L.shape("gradient", top="#e9f3fb", bottom="#ffffff", y0=0.22, y1=1.0)
    L.shape("polygon", points=[[0, 0.22], [0.3, 0.2], [0.5, 0.26], [0.7, 0.22], [1, 0.24], [1, 0.3], [0, 0.3]],
            color="#e3eef8")
    L.shape("speckle", x=0, y=0.22, w=1, h=0.78, colors=["#d4e4f2", "#ffffff", "#c9dcee"], count=1600,
            size=0.002, seed=seed)
    top_x = round(L.nudge(0.14, 0.02), 4)
    piste = Piste([(top_x, 0.215), (top_x + 0.08, 0.42), (0.38, 0.66), (round(L.nudge(0.5, 0.03), 4), 1.0)],
                  0.035, 0.12)
    snowfield(L, (0.12, 0.06), [(top_x - 0.06, 0.225), (top_x + 0.06, 0.225)])
    draw_piste(L, piste)
    L.prop("ski piste", "", piste.middle(0.5), 0.5, 2.0, keep=0)
    L.shape("path", points=[[0.27, 0.21], [0.47, 0.02]], color="#3a4350", width=0.0015)   # up to the far peak
    L.prop("cable car", "\U0001F6A1", 0.37, 0.155, 1.6, flat=True)

    rink_box, pool_box = (0.72, 0.72, 0.26, 0.21), (0.53, 0.5, 0.24, 0.16)
    if swapped:
        rink_box, pool_box = (0.54, 0.5, 0.24, 0.17), (0.72, 0.74, 0.25, 0.17)
    rink_dx = round(L.nudge(0.0, 0.015), 4)
    rx, ry, rw, rh = rink_box[0] + rink_dx, *rink_box[1:]
    ice = ice_rink(L, rx, ry, rw, rh)
    L.prop("ice rink", "", rx + rw * 0.3, ry + rh * 0.5, 2.0, keep=0)
    L.prop("curling house", "", rx + rw * 0.82, ry + rh * 0.5, 1.2, keep=0)
    L.prop("curling stone", "\U0001F94C", rx + rw * 0.68, ry + rh * 0.55, 0.6, keep=0.006)
    px, py, pw, ph = pool_box
    pool = hot_spring(L, px, py, pw, ph)
    for i in range(3):   # steam rising off the water
        steam(L, px + pw * (0.25 + 0.25 * i), py + ph * (0.25 + 0.1 * (i % 2)), 0.09)
    L.prop("hot spring", "\u2668\ufe0f", px + pw * 0.5, py + ph * 0.3, 1.4, keep=0)

    chalet_x = round(L.nudge(0.66, 0.03), 4)
    chalet(L, chalet_x, 0.29, chalet_x + 0.2, 0.4)
    L.prop("chalet", "", chalet_x + 0.1, 0.34, 2.0, keep=0)
    chalet(L, 0.9, 0.31, 0.99, 0.385, wall="#a0694a")
    terrace(L, chalet_x - 0.03, 0.412, chalet_x + 0.23, 0.49)
    L.prop("chalet terrace", "", chalet_x + 0.1, 0.45, 1.5, keep=0)
    tables = [(chalet_x + 0.02 + tx, table_with_seats(L, chalet_x + 0.02 + tx, 0.455)) for tx in (0.0, 0.08, 0.16)]
    L.prop("chalet lantern", "\U0001F3EE", chalet_x + 0.215, 0.43, 0.7, keep=0.008)

    chairs = chair_lift(L, (0.33, 0.93), (0.06, 0.25))
    L.prop("chair lift", "\U0001F6A0", 0.33, 0.9, 1.4, keep=0.03)
    L.prop("chair-lift top station", "", 0.06, 0.235, 1.2, keep=0.02)
    L.prop("trail map", "\U0001F5FA\ufe0f", 0.27, 0.95, 0.9)

    L.prop("helicopter", "\U0001F681", L.nudge(0.62, 0.15), 0.1, 1.6, flat=True)
    L.prop("ski school", "", piste.middle(0.8), 0.8, 1.2, keep=0)
    L.prop("slalom flag", "\U0001F6A9", piste.middle(0.3) + piste.half(0.3) * 0.5, 0.3, 0.9, keep=0.006)
    L.prop("finish flag", "\U0001F3C1", piste.middle(0.97) + piste.half(0.97) * 0.8, 0.97, 1.1)
    L.prop("mountain sign", "\U0001F3D4\ufe0f", 0.22, 0.26, 0.9)
    huts = [("hot chocolate hut", "\u2615", ("#9c4221", "#fffaf0")), ("soup stall", "\U0001F372", ("#2b6cb0", "#ffffff")),
            ("fondue stall", "\U0001F372", ("#c53030", "#ffffff"))]
    hut_keepers = []
    for (name, emoji, colours), x in zip(L.arrange(huts), (0.07, 0.18, 0.64)):
        hut_keepers.append((x + 0.022 * L.perspective(0.95), stall(L, name, emoji, x, 0.95, colours=colours)))
    fire_x = round(L.nudge(0.12, 0.03), 4)
    L.prop("campfire", "\U0001F525", fire_x, 0.68, 1.3, keep=0.03)
    L.prop("log pile", "\U0001F525", fire_x + 0.07, 0.64, 0.9)
    spots = L.arrange(((0.46, 0.3), (0.52, 0.42), (0.88, 0.55), (0.04, 0.5), (0.6, 0.3), (0.95, 0.66),
                       (0.3, 0.35), (0.24, 0.62), (0.5, 0.7), (0.9, 0.47), (0.66, 0.7), (0.44, 0.24),
                       (0.04, 0.36), (0.56, 0.24), (0.97, 0.55), (0.2, 0.5), (0.86, 0.68), (0.62, 0.44)))
    things = [("snowman", "\u26C4", 1.5), ("snowman with a hat", "\u2603\ufe0f", 1.4), ("sledge", "\U0001F6F7", 0.9),
              ("pair of skis", "\U0001F3BF", 1.0), ("snowboard rack", "\U0001F3C2", 1.1), ("ski hut sign", "\U0001FAA7", 1.0),
              ("snowflake sign", "\u2744\ufe0f", 0.9), ("ambulance", "\U0001F691", 1.3), ("snowmobile", "\U0001F6FA", 1.1),
              ("scarf stand", "\U0001F9E3", 1.0), ("ice skates", "\u26F8\ufe0f", 0.7), ("hockey stick", "\U0001F3D2", 0.8)]
    clear = [(x, y) for x, y in spots if not (piste.contains(x, y, -0.03) or ice.contains(x, y, -0.15)
                                              or pool.contains(x, y, -0.25))]   # the run, the ice and the water stay clear
    for (x, y), (name, emoji, scale) in zip(clear, things):
        L.prop(name, emoji, x, y, scale)
    if snowing:
        snowfall(L, seed)

    # people: on the lift, on the piste, in the water, on the ice, at the tables, and around
    L.public = SKIERS
    for x, seat_y in chairs:
        if L.rng.random() < 0.8:
            L.person(*seat_centre(L, x, seat_y), SKI_LIFT_RIDERS, mirror=False)
    for table_x, seats in tables:
        for x, seat_y in seats:
            L.person(*seat_centre(L, x, seat_y), TERRACE_GUESTS, mirror=x < table_x)
    school = [(piste.middle(0.84) + piste.half(0.84) * 0.45 - 0.017 * i, 0.84 - 0.034 * i) for i in range(7)]
    for i, (x, y) in enumerate(school):   # a ski school: children in a line behind their teacher
        L.person(x, y, SKI_TEACHER if i == 0 else SKI_PUPILS, mirror=True)

    def by_school(x: float, y: float) -> bool:
        return any(abs(x - sx) < 0.028 and abs(y - sy) < 0.045 for sx, sy in school)
    L.scatter((0.03, 0.22, 0.7, 0.99), 60, SKIERS_ON_PISTE, face=2.0,   # all going down, to the right
              where=lambda x, y: piste.contains(x, y + 0.031, 0.01) and not by_school(x, y))   # their skis on it
    L.scatter((px, py, px + pw, py + ph), 16, HOT_SPRING_BATHERS,
              where=lambda x, y: pool.contains(x, y + 0.03, 0.12))   # in to the chest: the water line below the centre
    hx, hy = rx + rw * 0.82, ry + rh * 0.5
    for dx, dy in ((-0.045, 0.0), (-0.075, -0.03), (-0.075, 0.035), (0.035, -0.035)):   # a curling team
        L.person(hx + dx, hy + dy, CURLERS, mirror=dx < 0)
    L.scatter((rx, ry, rx + rw, ry + rh), 22, SKATERS,
              where=lambda x, y: ice.contains(x, y, 0.08) and not (x > hx - 0.1 and abs(y - hy) < 0.07))

    def around(x: float, y: float) -> bool:
        feet = y + 0.025   # nobody's feet on the run, on the ice or near the water's edge
        return not (piste.contains(x, feet, -0.012) or ice.contains(x, feet, -0.06) or pool.contains(x, feet, -0.1))
    L.ring(fire_x, 0.68, 0.045, 7, WINTER)
    for x, top in hut_keepers:   # behind each hut's counter, from the waist up
        L.person(x, standing_at(L, top), serving(WINTER), check=False, mirror=True)
    for x in (0.07, 0.18, 0.64):   # a customer or two at each hut's counter
        L.queue(x, 0.975, 0.024, 0.0, 2)
    L.creatures((0.02, 0.23, 0.98, 0.99), [("St Bernard dog", "\U0001F415", 0.8), ("hare", "\U0001F407", 0.5),
                                           ("dog", "\U0001F415", 0.7), ("sparrow", "\U0001F426", 0.45)], 10,
                where=around)
    L.creatures((0.02, 0.23, 0.98, 0.99), [("fir tree", "\U0001F332", 2.2), ("Christmas tree", "\U0001F384", 2.0)],
                12, where=around)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.23, 0.98, 0.99), PEOPLE, SKIERS, where=around)
    return L


BAND = replace(FAIR, costumes=("musician",), costume_rate=1.0, children=0.0, poses=("standing",))
JUGGLER = replace(FAIR, costumes=("clown",), costume_rate=1.0, children=0.0, poses=("waving",), mask_rate=0.0)
BALLOON_SELLER = replace(FAIR, held=("balloon",), hold_rate=1.0, children=0.0, costumes=(), poses=("standing",))
GAMES = ("darts stall", "ring toss", "hook-a-duck", "coconut shy", "tin-can alley", "bowling alley")


def carnival_night(seed: int, varied: bool = False) -> Layout:
    """A fair at night: rides with riders on the skyline, a carousel, a midway of game booths with their
    prizes, a band on a stage, strings of lights and lamps pooling light on the grass."""
    L = Layout("carnival", "Carnival night", "carnival", seed, horizon=0.24, varied=varied)
    # a generated scene is mirrored, or on the second ground plan (stage and carousel change sides), or both
    stage_left = varied and (not L.mirrored or L.plan.random() < 0.5)
    carousel_x, stage_x = (0.78, 0.26) if stage_left else (0.2, 0.74)
    carousel_x, stage_x = round(L.nudge(carousel_x, 0.03), 4), round(L.nudge(stage_x, 0.02), 4)
    L.shape("gradient", top="#0b1030", bottom="#3a2a66", y0=0, y1=0.3)
    L.shape("speckle", x=0, y=0, w=1, h=0.2, colors=["#fff7c2", "#ffffff", "#bcd3ff"], count=160,
            size=0.0012, seed=seed)
    L.shape("ellipse", x=0.86, y=0.03, w=0.045, h=0.08, color="#fff3c4")
    L.shape("polygon", points=[[0, 0.28], [0.2, 0.22], [0.45, 0.27], [0.7, 0.21], [1, 0.26], [1, 0.32], [0, 0.32]],
            color="#1d2b2a")
    L.shape("gradient", top="#355a3c", bottom="#4d8354", y0=0.3, y1=1.0)
    L.shape("speckle", x=0, y=0.3, w=1, h=0.7, colors=["#3f6b45", "#5a9160", "#325638"], count=2200,
            size=0.0025, seed=seed + 1)
    L.shape("path", points=[[0, 0.72], [0.25, 0.68], [0.5, 0.72], [0.75, 0.68], [1, 0.72]], color="#d8b77c",
            width=0.06)
    L.shape("path", points=[[0.5, 0.3], [0.5, 1.0]], color="#d8b77c", width=0.05)
    lamps = L.arrange(((0.08, 0.46), (0.36, 0.5), (0.64, 0.5), (0.93, 0.46), (0.14, 0.74), (0.42, 0.72),
                       (0.58, 0.9), (0.88, 0.78), (0.3, 0.97), (0.72, 0.98)))
    for x, y in lamps:
        lamp_post(L, x, y)
    L.prop("lamp post", "", *lamps[0], 1.0, keep=0)
    light_string(L, [(0.02, 0.4), (0.22, 0.37), (0.5, 0.39), (0.78, 0.37), (0.98, 0.4)])
    L.prop("string of lights", "", 0.36, 0.31, 1.0, keep=0)
    L.block(0, 0, 1, 0.27)

    rides = [("Ferris wheel", "\U0001F3A1", 5.4, 0.06), ("roller coaster", "\U0001F3A2", 5.0, 0.06),
             ("big top", "\U0001F3AA", 5.0, 0.07)]
    for x, (name, emoji, scale, keep) in zip(L.arrange((0.1, 0.86, 0.5)), rides):
        L.prop(name, emoji, L.nudge(x, 0.03), 0.2, scale, flat=True, keep=keep)
    burst(L, "fireworks", 0.3, 0.08, 0.045, ("#ff6b6b", "#ffd43b", "#74c0fc"))
    burst(L, "sparklers", 0.7, 0.07, 0.035, ("#ffe066", "#ffffff", "#faa2c1"))
    L.prop("flying saucer", "\U0001F6F8", 0.6, 0.05, 1.2, flat=True)

    deck = stage(L, stage_x, 0.66, 0.17)
    L.prop("band stage", "", stage_x, 0.56, 2.0, keep=0)
    L.prop("drum", "\U0001F941", stage_x + 0.02, deck[1] + 0.008, 0.9, keep=0)
    L.prop("stage speakers", "\U0001F50A", stage_x - 0.11, 0.66, 1.5, keep=0.02)
    L.prop("carousel", "\U0001F3A0", carousel_x, 0.52, 3.6, keep=0.055)
    L.prop("bouncy slide", "\U0001F6DD", L.nudge(0.5, 0.04), 0.55, 2.2, keep=0.035)
    booths = L.arrange(GAMES)
    booth_x = (0.08, 0.22, 0.36, 0.64, 0.78, 0.92)
    for name, x in zip(booths, booth_x):
        s = L.perspective(0.88)
        L.prop(name, "\U0001F3AF", x, 0.88, 2.6, keep=0)
        L.block(x - 0.026 * s, 0.88 - 0.06, x + 0.026 * s, 0.88 + 0.028)
    food = [("popcorn stand", "\U0001F37F", ("#d69e2e", "#ffffff")), ("candy floss stall", "\U0001F36D", ("#ed64a6", "#ffffff")),
            ("doughnut stall", "\U0001F369", ("#805ad5", "#ffffff")), ("pretzel stall", "\U0001F968", ("#2b6cb0", "#fefcbf"))]
    food_sellers = []
    for (name, emoji, colours), x in zip(L.arrange(food), (0.3, 0.4, 0.6, 0.7)):
        food_sellers.append((x + 0.019 * L.perspective(0.4), stall(L, name, emoji, x, 0.4, width=0.06, colours=colours)))
    L.prop("ticket booth", "\U0001F39F\ufe0f", 0.5, 0.36, 1.3)
    jx, jy = (0.5, 0.8)
    L.prop("juggling clubs", "\U0001F939", jx, jy - 0.038, 0.6, keep=0.022)   # in the air over the juggler
    bx, by = (0.93 if not stage_left else 0.07), 0.6
    L.prop("balloon seller's balloons", "\U0001F388", bx + 0.026, by - 0.03, 1.3, keep=0.012)
    things = [("strength tester", "\U0001F528", 1.8), ("candy apple cart", "\U0001F34E", 1.3),
              ("slot machine", "\U0001F3B0", 1.0), ("fortune teller's ball", "\U0001F52E", 0.9),
              ("performing seal statue", "\U0001F9AD", 0.9), ("fountain of lights", "\u26F2", 1.3)]
    spots = ((0.04, 0.62), (0.36, 0.62), (0.64, 0.64), (0.96, 0.56), (0.28, 0.8), (0.72, 0.8))
    for (x, y), (name, emoji, scale) in zip(L.arrange(spots), things):
        L.prop(name, emoji, x, y, scale)

    L.public = fair = FAIR
    band = [(deck[0] + (deck[2] - deck[0]) * f, deck[3]) for f in (0.1, 0.45, 0.9)]
    for x, y in band:   # the band, facing the crowd
        L.person(x, y, BAND, check=False)
    L.person(jx, jy, JUGGLER, check=False)
    L.person(bx, by, BALLOON_SELLER, check=False)
    for x, top in food_sellers:   # behind each food stall's counter, from the waist up
        L.person(x, standing_at(L, top), serving(FAIR), check=False, mirror=False)
    L.cluster(stage_x, 0.76, 0.08, 16, AUDIENCE)
    L.ring(jx, jy, 0.05, 8, start=0.3)
    L.ring(carousel_x, 0.52, 0.08, 12)
    for name, x in zip(booths, booth_x):
        L.queue(x, 0.93, 0.0, 0.04, 2)
    for x in (0.3, 0.4, 0.6, 0.7):
        L.queue(x, 0.45, 0.0, 0.04, 2)
    L.queue(0.5, 0.41, 0.0, 0.04, 3)
    L.creatures((0.02, 0.3, 0.98, 0.99), [("dog", "\U0001F415", 0.7), ("rabbit", "\U0001F407", 0.5),
                                          ("black cat", "\U0001F408", 0.6), ("pigeon", "\U0001F54A\ufe0f", 0.5),
                                          ("poodle", "\U0001F429", 0.7)], 14)
    L.creatures((0.02, 0.3, 0.98, 0.99), [("oak tree", "\U0001F333", 2.0), ("sunflower", "\U0001F33B", 0.8)], 10)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.29, 0.98, 0.99), PEOPLE, fair)
    return L
