"""Recipes on land: the train station, the museum gala, the ski resort, the carnival (pure).

See `recipes_water.py` for what a recipe is, and how a varied plan
rearranges it. Each scene has its own palette
(steel and glass, marble and velvet, snow and pine, a night fair) so the six
scenes are told apart at a glance on the scene chooser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lastmessage.scenes.decor import awning_table, building, burst, fountain, rug, stall, train
from lastmessage.scenes.decor_halls import FAR_Y
from lastmessage.scenes.decor_halls import NEAR_Y
from lastmessage.scenes.decor_halls import TRACKS
from lastmessage.scenes.decor_halls import coupled_train
from lastmessage.scenes.decor_halls import departure_board
from lastmessage.scenes.decor_halls import ground_x
from lastmessage.scenes.decor_halls import on_platform
from lastmessage.scenes.decor_halls import partition
from lastmessage.scenes.decor_halls import room
from lastmessage.scenes.decor_halls import train_shed
from lastmessage.scenes.layout import Layout
from lastmessage.scenes.people import FAIR, GALA, SKIERS, SWIMMERS, TRAVELLERS, WINTER
from lastmessage.scenes.people import Crowd
from lastmessage.scenes.recipes_water import PEOPLE


STATION_STAFF = Crowd(held=("phone", "map"), poses=("standing", "pointing"), costumes=("ticket inspector",),
                     costume_rate=1.0, hold_rate=0.3, children=0.0, old=0.0)
BUSKER = Crowd(poses=("standing",), costumes=("musician",), costume_rate=1.0, children=0.0, old=0.0)
BLIND = Crowd(held=("walking stick",), poses=("walking",), hold_rate=1.0, children=0.0, old=0.3)
WAITING = replace(TRAVELLERS, poses=("sitting",), held=("newspaper", "coffee", "phone", "book", "map", "handbag"))
SHOPS = ("station café", "newsagent's", "bakery", "florist's")


def train_station(seed: int, varied: bool = False) -> Layout:
    """A concourse under an arched glass roof: three platforms with a train at each, barriers, a board,
    an information desk, shops at the sides, a busker and a blind traveller with a guide dog."""
    L = Layout("station", "Central station", "station", seed, horizon=0.1, far_scale=0.78, varied=varied)
    sky = L.arrange(("day", "dusk", "night"))[0]
    train_shed(L, sky)
    L.shape("tiles", x=0, y=NEAR_Y + 0.012, w=1, h=1 - NEAR_Y, colors=["#e5ddd0", "#d6ccbc"], cols=32, rows=9)
    trains = [("express train", "#f1f3f5", "#1c5fd6", "#ffd43b"), ("regional train", "#2f9e44", "#f8f9fa", "#f8f9fa")]
    for track, (name, body, stripe, nose) in zip(TRACKS, L.arrange(trains)):
        coupled_train(L, name, track, round(L.nudge(0.44, 0.03), 4), body=body, stripe=stripe, nose=nose)
    board_x = round(L.nudge(0.5, 0.04), 4)
    departure_board(L, board_x, 0.035)
    L.shape("path", points=[[board_x, 0.16], [board_x, 0.175]], color="#2f3a45", width=0.002)
    L.prop("station clock", "\u23F0", board_x, 0.2, 1.3, flat=True, keep=0.02)
    entrances = (0.11, 0.5, 0.89)   # where each platform meets the concourse
    for number, x in enumerate(entrances, start=1):
        sign_y = round(L.nudge(0.38, 0.04), 4)
        L.prop(f"platform {number} sign", "\U0001F689", ground_x(x - 0.06 if x > 0.5 else x + 0.06, sign_y + 0.02)
               if x != 0.5 else 0.5, sign_y, 2.0, keep=0.015)
    for x in entrances:   # the ticket barriers across each platform's end, with a queue
        L.prop("ticket barriers", "\U0001F6A7", x, 0.445, 2.4, keep=0)
        L.block(x - 0.03, 0.46, x + 0.03, 0.5)
    desk_x = round(L.nudge(0.5, 0.06), 4)
    L.prop("station information desk", "\u2139\ufe0f", desk_x, 0.66, 2.6, keep=0)
    L.block(desk_x - 0.028, 0.6, desk_x + 0.028, 0.72)
    shop_places = ((0.056, 0.652), (0.056, 0.885), (0.944, 0.652), (0.944, 0.885))
    for (x, y), name in zip(shop_places, L.arrange(SHOPS)):
        L.prop(name, "\U0001F3EA", x, y, 4.6, keep=0)
        L.block(x - 0.056, y - 0.08, x + 0.056, y + 0.11)
    exit_x = L.arrange((0.2, 0.8))[0]   # the way out, signed above the heads
    L.prop("exit sign", "\U0001F6AA", exit_x, 0.63, 2.0, keep=0.015)
    small = [("ticket machine", "\U0001F3AB", 1.5), ("luggage cart", "\U0001F6D2", 1.1),
             ("cash machine", "\U0001F3E7", 1.2), ("postbox", "\U0001F4EE", 1.0), ("phone box", "\u260E\ufe0f", 1.4),
             ("wastebasket", "\U0001F5D1\ufe0f", 0.8), ("fire extinguisher", "\U0001F9EF", 0.7),
             ("water fountain", "\U0001F6B0", 0.9), ("bicycle", "\U0001F6B2", 1.1), ("scooter", "\U0001F6F4", 0.9),
             ("toilets sign", "\U0001F6BB", 1.3), ("platform map", "\U0001F5FA\ufe0f", 1.3),
             ("signal light", "\U0001F6A6", 1.2), ("lost umbrella", "\u2602\ufe0f", 0.7)]
    small_places = ((0.3, 0.5), (0.7, 0.5), (0.17, 0.56), (0.83, 0.56), (0.2, 0.97), (0.8, 0.97), (0.36, 0.96),
                    (0.64, 0.96), (0.29, 0.62), (0.71, 0.62), (0.5, 0.97), (0.15, 0.75), (0.85, 0.75))
    for (x, y), (name, emoji, scale) in zip(L.arrange(small_places), small[:-2]):
        L.prop(name, emoji, x, y, scale, keep=0.022)
    signal_y = round(L.nudge(0.25, 0.03), 4)
    L.prop(*small[-2][:2], ground_x(0.37, signal_y), signal_y, 1.0, keep=0.01)   # a signal at the far end of a track
    L.prop(*small[-1][:2], round(L.nudge(0.43, 0.1), 4), 0.9, 0.7, keep=0.015)
    busker_x, busker_y = L.arrange(((0.3, 0.8), (0.7, 0.8)))[0]
    L.prop("busker's open case", "\U0001F3B8", busker_x, busker_y + 0.05, 1.0, keep=0.012)

    L.public = TRAVELLERS
    for x in entrances:
        L.queue(x + (0.03 if x < 0.5 else -0.03 if x > 0.5 else 0.0), 0.53, 0.0, 0.042, 4)
    for side in (-1, 1):
        L.person(desk_x + side * 0.034, 0.69, STATION_STAFF, mirror=side < 0)
    L.queue(desk_x + 0.012, 0.76, 0.018, 0.035, 5)
    for (x, y) in shop_places:
        L.queue(x + (0.075 if x < 0.5 else -0.075), y + 0.09, 0.024 if x < 0.5 else -0.024, 0.0, 3)
    L.person(busker_x, busker_y, BUSKER)
    L.ring(busker_x, busker_y + 0.01, 0.05, 9, start=0.3)
    blind_x, blind_y = L.arrange(((0.62, 0.88), (0.38, 0.88)))[0]
    if L.person(blind_x, blind_y, BLIND, mirror=True):
        L.creature("guide dog", "\U0001F9AE", blind_x + 0.02, blind_y + 0.012, 0.7, mirror=True, check=False)
    L.bench(0.5, 0.27, 4, WAITING)   # a bench on the middle platform
    L.bench(round(L.nudge(0.36, 0.03), 4), 0.6, 4, WAITING)
    L.bench(round(L.nudge(0.64, 0.03), 4), 0.6, 4, WAITING)
    platforms = lambda x, y: on_platform(x, y + 0.022)   # noqa: E731  (feet are below a figure's middle)
    L.groups((0.0, FAR_Y, 1.0, NEAR_Y), 90, where=platforms)
    L.creatures((0.02, 0.5, 0.98, 0.99), [("pigeon", "\U0001F54A\ufe0f", 0.5), ("sparrow", "\U0001F426", 0.45),
                                          ("dog", "\U0001F415", 0.7), ("cat", "\U0001F408", 0.6)], 15)
    L.creatures((0.0, FAR_Y, 1.0, NEAR_Y), [("pigeon", "\U0001F54A\ufe0f", 0.5)], 3, where=platforms)
    for x, y in shop_places:   # a plant by each shop door
        L.creature("potted plant", "\U0001FAB4", x + (0.07 if x < 0.5 else -0.07), y + 0.07, 1.0)
    L.creatures((0.1, 0.5, 0.9, 0.99), [("potted palm", "\U0001F334", 1.5)], 2)
    # everyone else, after the animals and plants have found their places
    L.fill((0.0, FAR_Y, 1.0, NEAR_Y), 150, where=platforms)
    L.fill((0.02, NEAR_Y + 0.03, 0.98, 0.99), PEOPLE)
    return L


GUESTS = replace(GALA, held=("glass", "glass", "glass", "glass", "camera", "handbag", "flowers", "phone", "book",
                             "map", "walking stick", "scarf", "umbrella", "newspaper"),
                 poses=("standing", "standing", "walking", "pointing", "waving"), costumes=(), costume_rate=0.0)
WAITERS = replace(GALA, poses=("standing", "walking"), costumes=("waiter",), costume_rate=1.0, children=0.0, old=0.0)
GUARDS = Crowd(poses=("standing", "pointing"), costumes=("museum guard",), costume_rate=1.0, children=0.0, old=0.0)
BAND = Crowd(poses=("standing",), costumes=("musician",), costume_rate=1.0, children=0.0, old=0.1)
DANCERS = replace(GUESTS, poses=("dancing",), held=())
RESTING = replace(GUESTS, poses=("sitting",))
WALL_TOP = 0.26   # where the museum's back walls meet the floor
ROOM_WIDTHS = {"gallery": 0.3, "dinosaurs": 0.4, "sculptures": 0.3}


def _plinth(L: Layout, name: str, emoji: str, x: float, y: float, scale: float = 1.2) -> None:
    """A small exhibit on a white plinth; the plinth is scenery, the piece on it the prop."""
    s = L.perspective(y)
    L.shape("rect", x=x - 0.016 * s, y=y - 0.004, w=0.032 * s, h=0.04 * s, color="#f7f3ea", outline="#9c9280",
            width=0.001)
    L.shape("rect", x=x - 0.019 * s, y=y - 0.01, w=0.038 * s, h=0.008 * s, color="#ded6c6")
    L.prop(name, emoji, x, y - 0.022 * s, scale, keep=0.0)
    L.block(x - 0.02 * s, y - 0.03 * s, x + 0.02 * s, y + 0.04 * s)


def _gallery(L: Layout, x0: float, x1: float, night: bool) -> None:
    """Paintings of many sizes on a red wall, a bench, and the band's stage with dancers before it."""
    room(L, x0, x1, WALL_TOP, wall="#6b1f2e", trim="#c9a85a", floor=("#b07a45", "#9a6a3a"), cols=10)
    paintings = [("sunset painting", "\U0001F305"), ("mountain painting", "\U0001F304"),
                 ("portrait of a lady", "\U0001F5BC\ufe0f"), ("city at night", "\U0001F306"),
                 ("starry night", "\U0001F320"), ("old map", "\U0001F5FA\ufe0f")]
    sizes = L.arrange(((2.6, 0.12), (1.3, 0.09), (1.9, 0.14), (1.2, 0.16), (2.2, 0.1), (1.5, 0.13)))
    gap = (x1 - x0 - sum(0.0245 * scale for scale, _y in sizes)) / (len(sizes) + 1)
    x = x0
    for (name, emoji), (scale, y) in zip(L.arrange(paintings), sizes):
        w, h = 0.0245 * scale, 0.0375 * scale
        x += gap + w / 2
        L.shape("rect", x=x - w / 2, y=y - h / 2, w=w, h=h, color="#2a1b12", outline="#d4af37", width=0.003)
        L.prop(name, emoji, x, y, scale, flat=True, keep=0)
        x += w / 2
    cx = (x0 + x1) / 2
    L.prop("grandfather clock", "\U0001F570\ufe0f", x0 + 0.03 if x0 < 0.5 else x1 - 0.03, 0.27, 2.0, keep=0.02)
    # the band's stage: musicians on it, a curtain behind, dancers in front
    top, front = 0.7, 0.775
    L.shape("rect", x=cx - 0.09, y=top - 0.09, w=0.18, h=0.09, color="#8b1a2b", outline="#2a2220", width=0.001)
    L.shape("stripes", x=cx - 0.09, y=top - 0.09, w=0.18, h=0.09, colors=["#00000000", "#00000030"], count=12,
            vertical=True)
    L.shape("rect", x=cx - 0.095, y=top - 0.095, w=0.19, h=0.016, color="#c9a85a", outline="#2a2220", width=0.001)
    L.shape("rect", x=cx - 0.1, y=top, w=0.2, h=front - top, color="#8a5a35", outline="#2a2220", width=0.001)
    L.shape("rect", x=cx - 0.1, y=front, w=0.2, h=0.018, color="#5e3b22", outline="#2a2220", width=0.001)
    L.prop("bandstand", "", cx, top + 0.03, 4.0, flat=True, keep=0)
    L.prop("mirror ball", "\U0001FAA9", cx, top - 0.058, 1.0, flat=True, keep=0)   # hung from the pelmet
    L.prop("harp", "\U0001FA95", cx - 0.115, top + 0.04, 1.6, keep=0.02)

    def people() -> None:
        L.bench(cx, 0.47, 4, RESTING)   # the only seats: a velvet bench before the paintings
        for i in range(4):
            L.person(cx - 0.06 + 0.04 * i, top + 0.035, BAND, mirror=i < 2)
        L.block(cx - 0.1, top - 0.1, cx + 0.1, front + 0.02)
        L.pairs((cx - 0.1, front + 0.05, cx + 0.1, 0.97), 3, DANCERS)
        L.cluster(cx, 0.36, 0.05, 6, GUESTS)
    _LATER.append(people)


def _dinosaurs(L: Layout, x0: float, x1: float, night: bool) -> None:
    """The great hall: a T. rex on its plinth behind a rope, tall windows, and the bar."""
    room(L, x0, x1, WALL_TOP, wall="#8c8577", trim="#d8d0bd", floor=("#e9e3d6", "#d3cab8"), cols=12)
    cx = (x0 + x1) / 2
    for i in range(4):   # tall arched windows on the night (or evening) sky
        wx = x0 + (x1 - x0) * (i + 0.5) / 4
        L.shape("rect", x=wx - 0.025, y=0.05, w=0.05, h=0.17, color="#1b2a4a" if night else "#6d5a9c",
                outline="#d8d0bd", width=0.003)
        L.shape("ellipse", x=wx - 0.025, y=0.025, w=0.05, h=0.05, color="#1b2a4a" if night else "#6d5a9c",
                outline="#d8d0bd", width=0.003)
        L.shape("path", points=[[wx, 0.03], [wx, 0.22]], color="#d8d0bd", width=0.002)
    rex_y = 0.43
    L.prop("T. rex skeleton", "\U0001F995", cx, rex_y, 8.0, flat=True, keep=0)
    L.block(cx - 0.09, 0.25, cx + 0.09, 0.6)   # all of it: nobody behind it either
    for px in (cx - 0.1, cx - 0.033, cx + 0.033, cx + 0.1):   # the rope in front of the plinth
        L.shape("rect", x=px - 0.002, y=0.6, w=0.004, h=0.03, color="#d4a72c", outline="#2a2220", width=0.0008)
    for a, b in ((cx - 0.1, cx - 0.033), (cx - 0.033, cx + 0.033), (cx + 0.033, cx + 0.1)):
        L.shape("path", points=[[a, 0.605], [(a + b) / 2, 0.615], [b, 0.605]], color="#a51d2d", width=0.003)
    L.prop("velvet rope", "\U0001F6A7", cx + 0.12, 0.61, 1.0, keep=0.015)
    _plinth(L, "telescope", "\U0001F52D", x0 + 0.035, 0.5)
    _plinth(L, "planet model", "\U0001FA90", x1 - 0.035, 0.5)
    bar_x = round(cx + L.nudge(0.0, 0.05), 4)
    L.prop("bar counter", "\U0001F378", bar_x, 0.78, 5.0, keep=0)
    L.block(bar_x - 0.06, 0.72, bar_x + 0.06, 0.9)

    def people() -> None:
        L.ring(cx, 0.56, 0.115, 14, GUESTS, start=0.2)
        L.person(cx - 0.115, 0.64, GUARDS, mirror=True)
        L.person(bar_x + 0.075, 0.85, WAITERS, mirror=False)
        L.queue(bar_x - 0.02, 0.93, -0.026, 0.0, 4, GUESTS)
    _LATER.append(people)


def _sculptures(L: Layout, x0: float, x1: float, night: bool) -> None:
    """Statues and treasures on plinths, flowers, and the buffet under a white cloth."""
    room(L, x0, x1, WALL_TOP, wall="#2f5d5a", trim="#e8dfcc", floor=("#efe9df", "#cfc6b8"), cols=10)
    cx = (x0 + x1) / 2
    for i in range(3):   # niches in the wall
        nx = x0 + (x1 - x0) * (i + 0.5) / 3
        L.shape("rect", x=nx - 0.03, y=0.06, w=0.06, h=0.16, color="#244a47", outline="#e8dfcc", width=0.002)
    statues = [("marble statue", "\U0001F5FF", 3.2), ("marble bust", "\U0001F5FF", 2.8),
               ("bronze sculpture", "\U0001F5FF", 2.8)]
    for i, (name, emoji, scale) in enumerate(L.arrange(statues)):   # each in its niche
        nx = x0 + (x1 - x0) * (i + 0.5) / 3
        L.prop(name, emoji, nx, 0.215 - 0.0213 * scale, scale, flat=True, keep=0)
    cases = [("crown in a glass case", "\U0001F451"), ("jewel in a glass case", "\U0001F48E"),
             ("golden egg in a glass case", "\U0001F95A")]
    for (x, y), (name, emoji) in zip(L.arrange(((x0 + 0.06, 0.44), (cx, 0.52), (x1 - 0.06, 0.44))), cases):
        L.prop(name, emoji, x, y, 1.6, keep=0.025)
    for (x, y), (name, emoji) in zip(((x0 + 0.05, 0.66), (x1 - 0.05, 0.66)),
                                     L.arrange([("Greek vase", "\U0001F3FA"), ("stone head", "\U0001F5FF")])):
        _plinth(L, name, emoji, x, y)
    buffet_x = round(cx + L.nudge(0.0, 0.04), 4)
    L.prop("buffet table", "\U0001F370", buffet_x, 0.8, 5.0, keep=0)
    L.block(buffet_x - 0.06, 0.79, buffet_x + 0.06, 0.91)
    L.prop("candelabra", "\U0001F56F\ufe0f", buffet_x + 0.085, 0.86, 1.2, keep=0.02)

    def people() -> None:
        for x, y in ((x0 + 0.06, 0.44), (cx, 0.52), (x1 - 0.06, 0.44)):
            L.ring(x, y + 0.01, 0.04, 4, GUESTS, start=L.rng.random())
        for side in (-1, 1):
            L.person(buffet_x + side * 0.075, 0.86, WAITERS, mirror=side < 0)
        L.person(cx, 0.3, GUARDS)
        L.queue(buffet_x - 0.02, 0.95, 0.026 if buffet_x < 0.5 else -0.026, 0.0, 3, GUESTS)
    _LATER.append(people)


_LATER: list[Callable[[], None]] = []   # the rooms' people, placed once every prop is set out
ROOMS = {"gallery": _gallery, "dinosaurs": _dinosaurs, "sculptures": _sculptures}


def museum_gala(seed: int, varied: bool = False) -> Layout:
    """A night at the museum: a painting gallery with the band, the dinosaur hall with the bar, and a
    sculpture room with the buffet, side by side and joined by doorways."""
    L = Layout("museum", "Museum gala", "museum", seed, horizon=0.16, far_scale=0.75, varied=varied)
    night = L.arrange((True, False, True))[0]
    order = L.arrange(("gallery", "dinosaurs", "sculptures"))
    _LATER.clear()
    x = 0.0
    walls = []
    for name in order:
        ROOMS[name](L, x, x + ROOM_WIDTHS[name], night)
        x += ROOM_WIDTHS[name]
        walls.append(x)
    doors = []
    for wall in walls[:-1]:
        door = round(L.nudge(0.52, 0.06), 4)
        partition(L, wall, WALL_TOP, (door, door + 0.16), "#e8dfcc")
        doors.append((wall, door + 0.08))
    flowers = [("vase of lilies", "\U0001F490"), ("vase of roses", "\U0001F339"), ("vase of sunflowers", "\U0001F33B")]
    for (fx, fy), (name, emoji) in zip(((walls[0] - 0.03, 0.35), (walls[1] + 0.03, 0.35), (walls[0] + 0.03, 0.95)),
                                       L.arrange(flowers)):
        L.prop(name, emoji, fx, fy, 1.8, keep=0.02)
    for plinth_x, (name, emoji) in zip((walls[0] - 0.028, walls[1] - 0.028),
                                       L.arrange([("golden trophy", "\U0001F3C6"), ("ancient scroll", "\U0001F4DC")])):
        _plinth(L, name, emoji, plinth_x, 0.86)

    L.public = GUESTS
    for later in _LATER:
        later()
    for wall, door_y in doors:   # a guard in each doorway
        L.person(wall, door_y, GUARDS, mirror=L.rng.random() < 0.5)
    L.scatter((0.03, 0.3, 0.97, 0.95), 2, WAITERS)
    L.creatures((0.02, 0.3, 0.98, 0.98), [("poodle", "\U0001F429", 0.7), ("black cat", "\U0001F408\u200d\u2B1B", 0.6),
                                          ("mouse", "\U0001F401", 0.4), ("parrot", "\U0001F99C", 0.6)], 14)
    L.creatures((0.02, 0.28, 0.98, 0.4), [("potted plant", "\U0001FAB4", 1.1), ("potted palm", "\U0001F334", 1.5)],
                8)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.28, 0.98, 0.98), PEOPLE, GUESTS)
    return L


POOL = (0.37, 0.34, 0.55, 0.5)   # the ski resort's hot spring: x0, y0, x1, y1


def ski_resort(seed: int, varied: bool = False) -> Layout:
    """Snowy slopes under the peaks: a chalet, a cable car, an ice rink, a hot spring and a campfire."""
    L = Layout("ski", "Ski resort", "ski", seed, horizon=0.22, varied=varied)
    pool_dx, rink_dx, fire_dx = (round(L.nudge(0.0, span), 4) for span in (0.05, 0.05, 0.04))
    pool = (POOL[0] + pool_dx, POOL[1], POOL[2] + pool_dx, POOL[3])
    L.shape("gradient", top="#5fa8e8", bottom="#cfe8fb", y0=0, y1=0.26)
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
    for x0, x1 in ((0.05, 0.3), (0.12, 0.4), (0.6, 0.9)):   # ski tracks
        L.shape("path", points=[[x0, 0.24], [x0 + 0.05, 0.4], [x1 - 0.05, 0.55], [x1, 0.7]], color="#c3d7ea",
                width=0.003)
    L.shape("path", points=[[0.02, 0.9], [0.3, 0.28], [0.42, 0.05]], color="#3a4350", width=0.0015)
    L.shape("ellipse", x=0.66 + rink_dx, y=0.74, w=0.26, h=0.22, color="#bfe3f5", outline="#8fb8d4", width=0.002)
    L.shape("waves", x=0.69 + rink_dx, y=0.77, w=0.2, h=0.16, color="#ffffff90", rows=4, width=0.001)
    L.shape("ellipse", x=pool[0], y=pool[1], w=pool[2] - pool[0], h=pool[3] - pool[1], color="#6fb3c9",
            outline="#9c8a75", width=0.004)
    L.shape("ellipse", x=pool[0] + 0.012, y=pool[1] + 0.02, w=pool[2] - pool[0] - 0.024, h=pool[3] - pool[1] - 0.04,
            color="#84c3d6")
    L.water_ellipse(pool[0] + 0.012, pool[1] + 0.02, pool[2] - pool[0] - 0.024, pool[3] - pool[1] - 0.04)
    building(L, 0.74, 0.3, 0.94, 0.44, wall="#8b5a3c", roof="#5b3422", window="#ffe08a", rows=2, cols=5, snow=True)
    building(L, 0.02, 0.3, 0.12, 0.4, wall="#a0694a", roof="#6b3d24", rows=1, cols=2, snow=True)
    L.prop("cable car", "\U0001F6A1", 0.36, 0.15, 1.8, flat=True)
    L.prop("chair lift", "\U0001F6A0", 0.16, 0.58, 1.8, flat=True, keep=0)
    L.prop("mountain sign", "\U0001F3D4\ufe0f", 0.55, 0.24, 1.2)
    L.prop("chalet lantern", "\U0001F3EE", 0.84, 0.47, 0.9)
    L.prop("ski hut sign", "\U0001FAA7", 0.07, 0.43, 1.0)
    L.prop("hot spring", "\u2668\ufe0f", 0.46 + pool_dx, 0.42, 1.3, keep=0.02)
    slope = [("snowman", "\u26C4", 1.6), ("snowman with a hat", "\u2603\ufe0f", 1.5), ("sledge", "\U0001F6F7", 1.0),
             ("pair of skis", "\U0001F3BF", 1.1)]
    slope_places = L.arrange(((0.26, 0.5), (0.6, 0.6), (0.35, 0.68), (0.08, 0.7), (0.22, 0.8), (0.9, 0.5),
                              (0.56, 0.38), (0.3, 0.26), (0.7, 0.45)))
    for (x, y), (name, emoji, scale) in zip(slope_places, slope):
        L.prop(name, emoji, x, y, scale)
    L.prop("ice skates", "\u26F8\ufe0f", 0.68 + rink_dx, 0.72, 0.9)
    L.prop("hockey stick", "\U0001F3D2", 0.92 + rink_dx, 0.72, 0.9)
    L.prop("curling stone", "\U0001F94C", 0.79 + rink_dx, 0.85, 0.8)
    L.prop("campfire", "\U0001F525", 0.4 + fire_dx, 0.86, 1.4, keep=0.03)
    L.prop("log pile", "\U0001FAB5", 0.5 + fire_dx, 0.8, 1.0)
    L.prop("slalom flag", "\U0001F6A9", 0.2, 0.32, 1.1)
    L.prop("finish flag", "\U0001F3C1", 0.5, 0.5, 1.2)
    L.prop("red gondola", "\U0001F6A0", 0.26, 0.33, 1.2, flat=True)
    L.prop("snowflake sign", "\u2744\ufe0f", 0.02, 0.55, 0.9)
    L.prop("ambulance", "\U0001F691", 0.97, 0.58, 1.4)
    L.prop("snowmobile", "\U0001F6FA", 0.97, 0.95, 1.2)
    L.prop("helicopter", "\U0001F681", L.nudge(0.62, 0.2), 0.1, 1.8, flat=True)
    huts = [("hot chocolate hut", "\u2615", ("#9c4221", "#fffaf0")), ("soup stall", "\U0001F372", ("#2b6cb0", "#ffffff")),
            ("fondue stall", "\U0001FAD5", ("#c53030", "#ffffff"))]
    for (name, emoji, colours), x in zip(L.arrange(huts), (0.12, 0.3, 0.62)):
        stall(L, name, emoji, x, 0.93, colours=colours)
    L.prop("scarf stand", "\U0001F9E3", 0.5, 0.96, 1.0)
    small = [("mittens", "\U0001F9E4", 0.8), ("thermos", "\U0001F9CB", 0.8), ("snowboard rack", "\U0001F3C2", 1.0),
             ("trail map", "\U0001F5FA\ufe0f", 0.9)]
    for (x, y), (name, emoji, scale) in zip(slope_places[len(slope):], small):
        L.prop(name, emoji, x, y, scale)
    L.prop("ice hole", "\U0001F9CA", 0.88, 0.66, 0.8)
    L.prop("bell", "\U0001F514", *slope_places[-1], 0.8)

    L.public = skiers = SKIERS
    L.ring(0.46 + pool_dx, 0.405, 0.046, 9, SWIMMERS)   # bathers in the water, the steam in the middle
    L.block(*pool)   # and nobody else in it
    L.scatter((0.03, 0.23, 0.62, 0.72), 42, skiers)
    L.ring(0.79 + rink_dx, 0.85, 0.09, 12, WINTER)
    L.bench(0.5, 0.72, 4)   # a bench by the rink
    L.ring(0.4 + fire_dx, 0.86, 0.045, 7)
    L.queue(0.12, 0.86, 0.0, -0.045, 3)
    L.queue(0.3, 0.86, 0.0, -0.045, 3)
    L.queue(0.7, 0.93, 0.024, 0.0, 4)
    L.pairs((0.03, 0.45, 0.97, 0.98), 14)
    L.creatures((0.02, 0.23, 0.98, 0.99), [("St Bernard dog", "\U0001F415", 0.8), ("fox", "\U0001F98A", 0.6),
                                           ("deer", "\U0001F98C", 0.9), ("hare", "\U0001F407", 0.5),
                                           ("penguin", "\U0001F427", 0.6), ("owl", "\U0001F989", 0.5)], 14)
    L.creatures((0.02, 0.23, 0.98, 0.99), [("fir tree", "\U0001F332", 2.2), ("Christmas tree", "\U0001F384", 2.0)],
                10)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.23, 0.98, 0.99), PEOPLE, skiers)
    return L


def carnival_night(seed: int, varied: bool = False) -> Layout:
    """A fair at night: a Ferris wheel, a roller coaster, a big top, a carousel and games stalls."""
    L = Layout("carnival", "Carnival night", "carnival", seed, horizon=0.24, varied=varied)
    carousel_x, slide_x = L.arrange((0.22, 0.78))   # the two rides on the lawn, each with its crowd
    L.shape("gradient", top="#0b1030", bottom="#3a2a66", y0=0, y1=0.3)
    L.shape("speckle", x=0, y=0, w=1, h=0.2, colors=["#fff7c2", "#ffffff", "#bcd3ff"], count=160,
            size=0.0012, seed=seed)
    L.shape("ellipse", x=0.86, y=0.03, w=0.045, h=0.08, color="#fff3c4")
    L.shape("polygon", points=[[0, 0.28], [0.2, 0.22], [0.45, 0.27], [0.7, 0.21], [1, 0.26], [1, 0.32], [0, 0.32]],
            color="#1d2b2a")
    L.shape("gradient", top="#2c4a34", bottom="#3f6b45", y0=0.3, y1=1.0)
    L.shape("speckle", x=0, y=0.3, w=1, h=0.7, colors=["#35593c", "#4b7c52", "#2a4631"], count=2200,
            size=0.0025, seed=seed + 1)
    L.shape("path", points=[[0, 0.62], [0.25, 0.58], [0.5, 0.62], [0.75, 0.58], [1, 0.62]], color="#c9a56b",
            width=0.06)
    L.shape("path", points=[[0.5, 0.3], [0.5, 1.0]], color="#c9a56b", width=0.05)
    L.shape("ellipse", x=0.35, y=0.55, w=0.3, h=0.16, color="#ffd27a40")
    L.shape("ellipse", x=carousel_x - 0.06, y=0.48, w=0.12, h=0.1, color="#ffe9a830")
    for x, y in ((0.06, 0.36), (0.9, 0.34), (0.2, 0.86), (0.8, 0.86), (0.5, 0.78), (0.62, 0.45)):   # lamp light
        L.shape("ellipse", x=x - 0.07, y=y - 0.06, w=0.14, h=0.12, color="#ffe9a828")

    L.block(0, 0, 1, 0.27)
    rides = [("Ferris wheel", "\U0001F3A1", 5.0, 0.06), ("roller coaster", "\U0001F3A2", 4.6, 0.06),
             ("big top", "\U0001F3AA", 5.0, 0.07)]
    for x, (name, emoji, scale, keep) in zip(L.arrange((0.1, 0.88, 0.5)), rides):
        L.prop(name, emoji, x, 0.2, scale, flat=True, keep=keep)
    burst(L, "fireworks", 0.3, 0.08, 0.045, ("#ff6b6b", "#ffd43b", "#74c0fc"))
    burst(L, "sparklers", 0.7, 0.07, 0.035, ("#ffe066", "#ffffff", "#faa2c1"))
    L.prop("carousel", "\U0001F3A0", carousel_x, 0.5, 3.0, keep=0.045)
    L.prop("bouncy slide", "\U0001F6DD", slide_x, 0.5, 2.4, keep=0.035)
    booths = [("darts stall", "\U0001F3AF", ("#e53e3e", "#ffffff")), ("popcorn stand", "\U0001F37F", ("#d69e2e", "#ffffff")),
              ("candy floss stall", "\U0001F36D", ("#ed64a6", "#ffffff")), ("pretzel stall", "\U0001F968", ("#2b6cb0", "#fefcbf")),
              ("doughnut stall", "\U0001F369", ("#805ad5", "#ffffff")), ("bowling alley", "\U0001F3B3", ("#38a169", "#ffffff"))]
    booth_places = ((0.33, 0.4), (0.67, 0.4), (0.1, 0.78), (0.3, 0.8), (0.7, 0.8), (0.9, 0.78))
    for (name, emoji, colours), (x, y) in zip(L.arrange(booths), booth_places):
        stall(L, name, emoji, x, y, colours=colours)
    L.prop("ticket booth", "\U0001F39F\ufe0f", 0.5, 0.36, 1.4)
    fairground = [("balloon seller's balloons", "\U0001F388", 1.4), ("giant teddy bear", "\U0001F9F8", 1.3),
                  ("fortune teller's ball", "\U0001F52E", 1.1), ("slot machine", "\U0001F3B0", 1.1)]
    for (x, y), (name, emoji, scale) in zip(L.arrange(((0.42, 0.52), (0.6, 0.52), (0.03, 0.6), (0.97, 0.6))),
                                            fairground):
        L.prop(name, emoji, x, y, scale)
    L.prop("drum", "\U0001F941", 0.45, 0.7, 1.0)
    L.prop("trumpet", "\U0001F3BA", 0.55, 0.7, 1.0)
    games = [("piñata", "\U0001FA85", 1.1), ("paper lantern", "\U0001F3EE", 1.0), ("magic hat", "\U0001F3A9", 1.0),
             ("juggling clubs", "\U0001F939", 0.8), ("yo-yo", "\U0001FA80", 0.8), ("lucky cat", "\U0001F9E7", 0.9),
             ("kite", "\U0001FA81", 1.0)]
    games_places = ((0.5, 0.9), (0.2, 0.92), (0.8, 0.93), (0.4, 0.97), (0.6, 0.97), (0.03, 0.95), (0.97, 0.95))
    for (x, y), (name, emoji, scale) in zip(L.arrange(games_places), games):
        L.prop(name, emoji, x, y, scale)
    L.prop("flying saucer", "\U0001F6F8", 0.6, 0.05, 1.4, flat=True)
    L.prop("performing seal statue", "\U0001F9AD", 0.33, 0.62, 0.9)
    L.prop("fountain of lights", "\u26F2", 0.67, 0.63, 1.4)

    L.public = fair = FAIR
    L.ring(carousel_x, 0.5, 0.075, 12)
    L.ring(slide_x, 0.5, 0.065, 9)
    L.ring(0.5, 0.3, 0.08, 10, fair)
    for x, y in ((0.33, 0.4), (0.67, 0.4)):
        L.queue(x, y + 0.06, 0.024 if x < 0.5 else -0.024, 0.012, 5)
    for x, y in ((0.1, 0.78), (0.3, 0.8), (0.7, 0.8), (0.9, 0.78)):
        L.queue(x, y + 0.06, 0.0, 0.045, 3)
    L.queue(0.5, 0.42, 0.0, 0.04, 3)
    L.bench(0.38, 0.88, 4)   # resting between rides
    L.bench(0.62, 0.88, 4)
    L.cluster(0.5, 0.7, 0.04, 8, fair)
    L.pairs((0.03, 0.3, 0.97, 0.98), 18)
    L.creatures((0.02, 0.3, 0.98, 0.99), [("pony", "\U0001F40E", 0.9), ("goat", "\U0001F410", 0.7),
                                          ("sheep", "\U0001F411", 0.7), ("rabbit", "\U0001F407", 0.5),
                                          ("rooster", "\U0001F413", 0.55), ("dog", "\U0001F415", 0.7),
                                          ("owl", "\U0001F989", 0.5), ("bat", "\U0001F987", 0.55)], 16)
    L.creatures((0.02, 0.3, 0.98, 0.99), [("oak tree", "\U0001F333", 2.0), ("sunflower", "\U0001F33B", 0.8)], 10)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.29, 0.98, 0.99), PEOPLE, fair)
    return L
