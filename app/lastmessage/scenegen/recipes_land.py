"""Recipes on land: the train station, the museum gala, the ski resort, the carnival (pure).

See `recipes_water.py` for what a recipe is, and how a varied plan
rearranges it. Each scene has its own palette
(steel and glass, marble and velvet, snow and pine, a night fair) so the six
scenes are told apart at a glance on the scene chooser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from lastmessage.scenegen.decor import burst, lightning, stall
from lastmessage.scenegen.decor_slopes import LIFTS
from lastmessage.scenegen.decor_slopes import Oval
from lastmessage.scenegen.decor_slopes import Piste
from lastmessage.scenegen.decor_water import chair, standing_at
from lastmessage.scenegen.decor_slopes import chair_lift
from lastmessage.scenegen.decor_slopes import chalet
from lastmessage.scenegen.decor_slopes import draw_piste
from lastmessage.scenegen.decor_slopes import game_booth
from lastmessage.scenegen.decor_slopes import hot_spring
from lastmessage.scenegen.decor_slopes import light_string
from lastmessage.scenegen.decor_slopes import stage
from lastmessage.scenegen.decor_slopes import ice_rink
from lastmessage.scenegen.decor_slopes import seat_centre
from lastmessage.scenegen.decor_slopes import steam
from lastmessage.scenegen.decor_slopes import snowfall
from lastmessage.scenegen.decor_slopes import snowfield
from lastmessage.scenegen.decor_slopes import table_with_seats
from lastmessage.scenegen.decor_slopes import terrace
from lastmessage.scenegen.decor_slopes import valley_station
from lastmessage.scenegen.decor_snow import frozen_pond
from lastmessage.scenegen.decor_snow import igloos
from lastmessage.scenegen.decor_snow import mountain_restaurant
from lastmessage.scenegen.decor_snow import parasol
from lastmessage.scenegen.decor_snow import ski_jump
from lastmessage.scenegen.decor_snow import ski_jump_span
from lastmessage.scenes.geometry import FIGURE_SIZE
from lastmessage.scenegen.layout import Layout, true_scale
from lastmessage.scenegen.lighting import LIGHTINGS, lamps_at, light, rain, street_lamps
from lastmessage.scenegen.vignettes import place_tales
from lastmessage.scenegen.people import FAIR, GALA, SKIERS, TRAVELLERS, WINTER
from lastmessage.scenegen.people import AUDIENCE
from lastmessage.scenegen.people import HOT_SPRING_BATHERS
from lastmessage.scenegen.people import SKATERS
from lastmessage.scenegen.people import SKIERS_ON_PISTE
from lastmessage.scenegen.decor_halls import FAR_Y
from lastmessage.scenegen.decor_halls import NEAR_Y
from lastmessage.scenegen.decor_halls import TRACKS
from lastmessage.scenegen.decor_halls import coupled_train
from lastmessage.scenegen.decor_halls import declare_ground
from lastmessage.scenegen.decor_halls import bar
from lastmessage.scenegen.decor_halls import buffet
from lastmessage.scenegen.decor_halls import departure_board
from lastmessage.scenegen.decor_halls import ground_x
from lastmessage.scenegen.decor_halls import information_desk
from lastmessage.scenegen.decor_halls import on_platform
from lastmessage.scenegen.decor_halls import open_door
from lastmessage.scenegen.decor_halls import VANISH_X
from lastmessage.scenegen.decor_halls import partition
from lastmessage.scenegen.decor_halls import room
from lastmessage.scenegen.decor_halls import train_shed
from lastmessage.scenegen.people import Crowd
from lastmessage.scenegen.people import serving
from lastmessage.scenegen.recipes_water import PEOPLE
from lastmessage.scenegen.sets import OWNED
from lastmessage.scenes.validate import REPEAT_CAP


STATION_STAFF = Crowd(held=("phone", "map"), poses=("standing", "pointing"), costumes=("ticket inspector",),
                     costume_rate=1.0, hold_rate=0.3, children=0.0, old=0.0)
BUSKER = Crowd(poses=("standing",), costumes=("musician",), costume_rate=1.0, children=0.0, old=0.0)
BLIND = Crowd(held=("walking stick",), poses=("walking",), hold_rate=1.0, children=0.0, old=0.3)
WAITING = replace(TRAVELLERS, poses=("sitting",), held=("newspaper", "coffee", "phone", "book", "map", "handbag"))
BOARDING = replace(TRAVELLERS, held=("suitcase", "suitcase", "backpack", "briefcase"), hold_rate=1.0)
DESK_STAFF = replace(STATION_STAFF, poses=("serving",))
SHOP_ROOF = 26 / 200   # the top of props_halls.shop_front in its frame
HAND = (22, 7)        # where a walking person facing right holds a walking stick (figures.py), box units from the centre
HARNESS = (-20, 2)    # the end of the guide dog's harness handle (creatures.py, facing right), box units from the centre
DRAWN_ANIMAL = 1.35   # Layout.creature draws an animal this much bigger than the scale it is given


def _guide_dog(L: Layout, x: float, y: float, scale: float) -> None:
    """The guide dog leading its blind traveller, the handle of its harness in his hand: as big as he
    is drawn, a hair behind him (so he is drawn over the handle's end, which is then at his hand's
    height: the handle is as high above the dog's feet as his hand above his)."""
    size = FIGURE_SIZE * scale / 200   # scene widths per box unit
    dog_y = y - 0.0006
    reach = max((HAND[0] - HARNESS[0]) * size, 0.0077)   # not closer than validate.MIN_SPACING
    L.creature("guide dog", "\U0001F9AE", x + reach, dog_y,
               scale / (DRAWN_ANIMAL * L.perspective(dog_y)) * 0.999, mirror=False, check=False)


SHOPS = ("station café", "newsagent's", "bakery", "florist's", "sushi shop", "sweet shop", "cheese shop",
         "pretzel shop")   # shop-fronts (`props_halls.shop_front`)
# the trains at the platforms: name, body, stripe, nose
TRAINS = (("express train", "#f1f3f5", "#1c5fd6", "#ffd43b"), ("regional train", "#2f9e44", "#f8f9fa", "#f8f9fa"),
          ("high-speed train", "#f8f9fa", "#e03131", "#343a40"), ("bullet train", "#dee2e6", "#1864ab", "#f8f9fa"),
          ("night train", "#1c3d7a", "#fab005", "#fab005"))
STATION_SMALL = (("ticket machine", "\U0001F3AB", 1.5), ("luggage cart", "\U0001F6D2", 1.1),
                 ("cash machine", "\U0001F3E7", 1.2), ("postbox", "\U0001F4EE", 1.0),
                 ("phone box", "\u260E\ufe0f", true_scale("phone box")),
                 ("wastebasket", "\U0001F5D1\ufe0f", 0.8), ("fire extinguisher", "\U0001F9EF", 0.7),
                 ("water fountain", "\U0001F6B0", 0.9), ("bicycle", "\U0001F6B2", true_scale("bicycle")),
                 ("scooter", "\U0001F6F4", 0.9),
                 ("toilets sign", "\U0001F6BB", 1.3), ("platform map", "\U0001F5FA\ufe0f", 1.3),
                 ("luggage trolley", "\U0001F6D2", 1.1), ("bench with suitcases", "\U0001F9F3", 1.4),
                 ("shopping trolley", "\U0001F6D2", 1.0), ("busker's guitar", "\U0001F3B8", 0.9),
                 ("newspaper kiosk", "\U0001F4F0", 1.4), ("ice-cream cart", "\U0001F366", 1.3),
                 ("signpost", "\U0001FAA7", 1.0), ("bucket", "\U0001FAA3", 0.6))
BARRIERS = ("ticket barriers", "glass ticket gates", "wide ticket gates")   # `props_halls`: 4, 3 and 3 gates
# what the busker plays by, and its size: the shipped scene's open guitar case, or a drum, or a station piano
BUSKING = (("busker's open case", "\U0001F3B8", 1.0), ("drum", "\U0001F941", 0.9), ("street piano", "\U0001F3B9", 1.2))


def train_station(seed: int, varied: bool = False) -> Layout:
    """A concourse under an arched glass roof: three platforms with a train at each, barriers, a board,
    an information desk, shops at the sides, a busker and a blind traveller with a guide dog."""
    L = Layout("station", "Central station", "station", seed, horizon=0.1, varied=varied)
    sky = L.choose(LIGHTINGS[:4]) if varied else L.arrange(("day", "dusk", "night"))[0]
    light(L, sky)   # the sky through the glass roof, and its light over the concourse
    train_shed(L, sky)
    L.shape("tiles", x=0, y=NEAR_Y + 0.012, w=1, h=1 - NEAR_Y, colors=["#e5ddd0", "#d6ccbc"], cols=32, rows=9)
    fronts = (round(L.nudge(0.44, 0.03), 4), round(L.nudge(0.44, 0.03), 4))
    for track, front, (name, body, stripe, nose) in zip(TRACKS, fronts, L.kit(TRAINS, 2)):
        coupled_train(L, name, track, front, body=body, stripe=stripe, nose=nose)
    declare_ground(L, fronts)
    doors = [open_door(L, track, front) for track, front in zip(TRACKS, fronts)]
    board_x = round(L.nudge(0.5, 0.04), 4)
    departure_board(L, board_x, 0.035)
    L.shape("path", points=[[board_x, 0.16], [board_x, 0.175]], color="#2f3a45", width=0.002)
    L.prop("station clock", "\u23F0", board_x, 0.2, 1.3, flat=True, keep=0.02)
    entrances = (0.11, 0.5, 0.89)   # where each platform meets the concourse
    for number, x in enumerate(entrances, start=1):
        sign_y = round(L.nudge(0.38, 0.04), 4)
        L.prop(f"platform {number} sign", "\U0001F689", ground_x(x - 0.06 if x > 0.5 else x + 0.06, sign_y + 0.02)
               if x != 0.5 else 0.5, sign_y, 2.0, keep=0.015)
    # the ticket barriers across each platform's end, with a queue: three kinds, no more than four gates alike
    for x, gates in zip(entrances, L.arrange(BARRIERS)):
        L.prop(gates, "\U0001F6A7", x, 0.445, 2.4, keep=0)
        L.block(x - 0.03, 0.46, x + 0.03, 0.5)
    # a generated scene is mirrored, or on the second ground plan (the information desk at the front of the
    # concourse, its middle left open to the benches), or both
    desk_front = varied and (not L.mirrored or L.plan.random() < 0.5)
    desk_x, desk_y = round(L.nudge(0.5, 0.06), 4), 0.82 if desk_front else 0.66
    desk_top = information_desk(L, desk_x, desk_y, FIGURE_SIZE * 2.6 * L.perspective(desk_y),
                                FIGURE_SIZE * 1.7 * L.perspective(desk_y))
    L.prop("station information desk", "", desk_x, desk_top + 0.02, 2.0, flat=True, keep=0)
    L.block(desk_x - 0.028, desk_y - 0.06, desk_x + 0.028, desk_y + 0.06)
    shop_places = ((0.056, 0.652), (0.056, 0.885), (0.944, 0.652), (0.944, 0.885))
    for (x, y), name in zip(shop_places, L.kit(SHOPS, 4)):
        L.prop(name, "\U0001F3EA", x, y, 4.6, keep=0)
        roof = y - (0.5 - SHOP_ROOF) * FIGURE_SIZE * 4.6 * L.perspective(y) * L.aspect
        L.block(x - 0.058, roof - 0.06, x + 0.058, y + 0.11)   # and a figure's height above it: nobody on the roof
    exit_x = L.arrange((0.2, 0.8))[0]   # the way out, signed above the heads
    L.prop("exit sign", "\U0001F6AA", exit_x, 0.63, 2.0, keep=0.015)
    small = [*L.kit(STATION_SMALL, 12), ("signal light", "\U0001F6A6", 1.2), ("lost umbrella", "\u2602\ufe0f", 0.7)]
    small_places = ((0.3, 0.5), (0.7, 0.5), (0.17, 0.56), (0.83, 0.56), (0.2, 0.97), (0.8, 0.97), (0.36, 0.96),
                    (0.64, 0.96), (0.29, 0.62), (0.71, 0.62), (0.5, 0.72) if desk_front else (0.5, 0.97),
                    (0.15, 0.75), (0.85, 0.75))
    for (x, y), (name, emoji, scale) in zip(L.arrange(small_places), small[:-2]):
        feet = y + FIGURE_SIZE * scale * L.perspective(y) * L.aspect / 2   # a phone box stood cut by the frame
        L.prop(name, emoji, x, round(y - max(0.0, feet - 0.995), 4), scale, keep=0.022)
    signal_y = round(L.nudge(0.25, 0.03), 4)
    L.prop(*small[-2][:2], ground_x(0.37, signal_y), signal_y, 1.0, keep=0.01)   # a signal at the far end of a track
    L.prop(*small[-1][:2], round(L.nudge(0.43, 0.1), 4), 0.9, 0.7, keep=0.015)
    busker_x, busker_y = L.arrange(((0.3, 0.8), (0.7, 0.8)))[0]
    played, emoji, size = L.choose(BUSKING)
    if played == "street piano":   # an upright piano he stands at, its keys towards him
        busked = L.prop(played, emoji, busker_x + 0.026, busker_y, size, keep=0.02)
    else:
        busked = L.prop(played, emoji, busker_x, busker_y + 0.05, size, keep=0.012)

    L.public = TRAVELLERS
    for x in entrances:
        L.queue(x + (0.03 if x < 0.5 else -0.03 if x > 0.5 else 0.0), 0.53, 0.0, 0.042, 4)
    for (x, y), track in zip(doors, TRACKS):   # boarding: a conductor by each open door, a line with luggage
        out = 1 if x < VANISH_X else -1
        L.person(x + out * 0.004, y - 0.03, STATION_STAFF, mirror=out < 0)
        L.queue(x, y, 0.15 * out, -1.0, 3, BOARDING)   # back up the platform, clear of the concourse
    for side in (-1, 1):   # behind the desk, either side of its sign's pole
        L.person(desk_x + side * 0.014, standing_at(L, desk_top), DESK_STAFF, check=False, mirror=side < 0)
    if desk_front:   # the line along the front of the concourse, on the side away from the busker
        away = 1 if busker_x < 0.5 else -1
        L.queue(desk_x + away * 0.04, desk_y + 0.075, away * 0.03, 0.0, 5)
    else:
        L.queue(desk_x + 0.012, 0.76, 0.018, 0.035, 5)
    for (x, y) in shop_places:
        L.queue(x + (0.075 if x < 0.5 else -0.075), y + 0.09, 0.024 if x < 0.5 else -0.024, 0.0, 3)
    # the busker at what he plays, or neither it nor an audience (sets.OWNED)
    near = ((0.0, 0.0), (-0.008, 0.0), (0.008, 0.0), (0.0, 0.012)) if played == "street piano" else (
        (0.0, 0.0), (-0.012, 0.02), (0.012, 0.02), (0.0, 0.012), (-0.016, 0.035), (0.016, 0.035))
    if L.attend(busked, [(busker_x + dx, busker_y + dy, None if dx == 0 else dx < 0) for dx, dy in near], BUSKER):
        L.ring(busker_x, busker_y + 0.01, 0.05, 9, start=0.3)
    blind_x, blind_y = L.arrange(((0.62, 0.7), (0.38, 0.7)) if desk_front else ((0.62, 0.88), (0.38, 0.88)))[0]
    if L.person(blind_x, blind_y, BLIND, mirror=True):
        _guide_dog(L, blind_x, blind_y, float(L.characters[-1]["scale"]))
    L.bench(0.5, 0.27, 4, WAITING)   # a bench on the middle platform
    L.bench(round(L.nudge(0.36, 0.03), 4), 0.6, 4, WAITING)
    L.bench(round(L.nudge(0.64, 0.03), 4), 0.6, 4, WAITING)
    platforms = lambda x, y: on_platform(L, x, y + 0.022)   # noqa: E731  (feet are below a figure's middle)
    place_tales(L, "station", {"ground": ((0.02, NEAR_Y + 0.03, 0.98, 0.99), None)})
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
    if sky == "rain":   # on the glass of the roof, not under it
        rain(L, seed, top=0.0, bottom=FAR_Y)
    return L


GUESTS = replace(GALA, held=("glass", "glass", "glass", "glass", "camera", "handbag", "flowers", "phone", "book",
                             "map", "walking stick", "scarf", "handbag", "newspaper"),
                 poses=("standing", "standing", "walking", "pointing", "waving"), costumes=(), costume_rate=0.0)
WAITERS = replace(GALA, held=("tray", "glass"), poses=("standing", "walking"), costumes=("waiter",), costume_rate=1.0,
                  children=0.0, old=0.0)
BARTENDER = replace(WAITERS, poses=("serving",))
COOKS = replace(WAITERS, poses=("serving",), costumes=("chef",))
GUARDS = Crowd(poses=("standing", "pointing"), costumes=("museum guard",), costume_rate=1.0, children=0.0, old=0.0)
GALA_BAND = Crowd(poses=("standing",), costumes=("musician",), costume_rate=1.0, children=0.0, old=0.1)
PLAYER = replace(GALA_BAND, held=(), hold_rate=0.0)   # at the harp or the piano, both hands on it
DANCERS = replace(GUESTS, poses=("dancing",), held=())
RESTING = replace(GUESTS, poses=("sitting",))
CHATTING = replace(GUESTS, poses=("standing", "standing", "walking"),
                   held=("glass", "glass", "camera", "handbag", "flowers", "phone", "scarf"))
VIEWERS = replace(GUESTS, poses=("standing", "standing", "pointing"), held=("camera", "handbag", "book", "map", "glass"))
MINIMUM_PLANTS, MAXIMUM_PLANTS = 20, 22   # the gala's plants (no animals): `generate.MINIMUM_CREATURES` at least
WALL_TOP = 0.26   # where the museum's back walls meet the floor
# small exhibits on plinths: the shipped scene's two in the great hall, two in the sculpture room and two by the
# doorways first, then the kit's others
EXHIBITS = (("telescope", "\U0001F52D"), ("planet model", "\U0001FA90"), ("Greek vase", "\U0001F3FA"),
            ("stone head", "\U0001F5FF"), ("golden trophy", "\U0001F3C6"), ("ancient scroll", "\U0001F4DC"),
            ("funeral urn", "\U0001F3FA"), ("nesting dolls", "\U0001FA86"), ("theatre masks", "\U0001F3AD"),
            ("knight's shield", "\U0001F6E1\ufe0f"), ("crossed swords", "\u2694\ufe0f"), ("giant diamond", "\U0001F48E"),
            ("royal crown", "\U0001F451"))
PAINTINGS = (("sunset painting", "\U0001F305"), ("mountain painting", "\U0001F304"),
             ("portrait of a lady", "\U0001F5BC\ufe0f"), ("city at night", "\U0001F306"),
             ("starry night", "\U0001F320"), ("old map", "\U0001F5FA\ufe0f"), ("abstract painting", "\U0001F5BC\ufe0f"),
             ("seascape", "\U0001F5BC\ufe0f"), ("still life", "\U0001F5BC\ufe0f"), ("lighthouse painting", "\U0001F5BC\ufe0f"),
             ("sunflower painting", "\U0001F5BC\ufe0f"))
STATUES = (("marble statue", "\U0001F5FF", 3.2), ("marble bust", "\U0001F5FF", 2.8), ("bronze sculpture", "\U0001F5FF", 2.8),
           ("stone head", "\U0001F5FF", 2.6), ("Greek vase", "\U0001F3FA", 2.6), ("funeral urn", "\U0001F3FA", 2.6))
_KIT: dict[str, object] = {}   # the museum's pieces chosen for this scene, for the rooms to set out
ROOM_WIDTHS = {"gallery": 0.3, "dinosaurs": 0.4, "sculptures": 0.3}


def _counter(L: Layout, name: str, draw: Callable[[Layout, float, float, float, float], float], x: float,
             y: float) -> float:
    """The bar or the buffet, as long as a prop of scale 5 and waist-high to the guests, drawn as
    scenery and named; returns its top's y, where the feet point of someone serving behind it goes."""
    top = draw(L, x, y, FIGURE_SIZE * 5.0 * L.perspective(y), FIGURE_SIZE * 1.6 * L.perspective(y))
    L.prop(name, "", x, (top + y) / 2 + 0.03, 2.0, flat=True, keep=0)
    return top


def _plinth(L: Layout, name: str, emoji: str, x: float, y: float, scale: float = 1.2) -> None:
    """A small exhibit on a white plinth; the plinth is scenery, the piece on it the prop."""
    s = L.perspective(y)
    L.shape("rect", x=x - 0.016 * s, y=y - 0.004, w=0.032 * s, h=0.04 * s, color="#f7f3ea", outline="#9c9280",
            width=0.001)
    L.shape("rect", x=x - 0.019 * s, y=y - 0.01, w=0.038 * s, h=0.008 * s, color="#ded6c6")
    L.prop(name, emoji, x, y - 0.022 * s, scale, keep=0.0)
    L.block(x - 0.02 * s, y - 0.03 * s, x + 0.02 * s, y + 0.04 * s)
    _PLINTHS.append((x, y))


def _gallery(L: Layout, x0: float, x1: float, night: bool) -> None:
    """Paintings of many sizes on a red wall, a bench, and the band's stage with dancers before it."""
    room(L, x0, x1, WALL_TOP, wall="#6b1f2e", trim="#c9a85a", floor=("#b07a45", "#9a6a3a"), cols=10)
    paintings = L.kit(PAINTINGS, 6)
    sizes = L.arrange(((2.6, 0.12), (1.3, 0.09), (1.9, 0.14), (1.2, 0.16), (2.2, 0.1), (1.5, 0.13)))
    gap = (x1 - x0 - sum(0.0245 * scale for scale, _y in sizes)) / (len(sizes) + 1)
    x = x0
    hung: list[tuple[float, float, float]] = []   # each painting's middle and size
    for (name, emoji), (scale, y) in zip(L.arrange(paintings), sizes):
        w, h = 0.0245 * scale, 0.0375 * scale
        x += gap + w / 2
        L.shape("rect", x=x - w / 2, y=y - h / 2, w=w, h=h, color="#2a1b12", outline="#d4af37", width=0.003)
        L.prop(name, emoji, x, y, scale, flat=True, keep=0)
        hung.append((x, y, scale))
        x += w / 2
    cx = (x0 + x1) / 2
    clock = L.choose((("grandfather clock", "\U0001F570\ufe0f"), ("gilded mirror", "\U0001FA9E")))
    L.prop(*clock, x0 + 0.03 if x0 < 0.5 else x1 - 0.03, 0.27, 2.0, keep=0.02)
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
    by_stand, by_emoji = L.choose((("harp", "\U0001FA95"), ("grand piano", "\U0001F3B9"), ("candelabra", "\U0001F56F\ufe0f")))
    by_id = L.prop(by_stand, by_emoji, cx - 0.115, top + 0.04, 1.6, keep=0.02)   # by the bandstand: the harpist's harp, or a piano

    def people() -> None:
        L.bench(cx, 0.47, 4, RESTING)   # the only seats: a velvet bench before the paintings
        for i in range(4):
            L.person(cx - 0.06 + 0.04 * i, top + 0.035, GALA_BAND, mirror=i < 2)
        if by_stand in OWNED:   # the harpist or the pianist at the instrument, turned to the band (sets.OWNED)
            L.attend(by_id, L.beside(by_id, 0.01), PLAYER)
        L.block(cx - 0.1, top - 0.1, cx + 0.1, front + 0.02)
        L.pairs((cx - 0.1, front + 0.05, cx + 0.1, 0.97), 3, DANCERS)
        L.friends(cx, 0.36, 6, CHATTING, spread=1.8)   # friends talking, turned to one another: no audience of nothing
        # before the two largest paintings a few visitors look at them, seen from behind
        for px, py, _scale in sorted(hung, key=lambda painting: -painting[2])[:2]:
            L.cluster(px, WALL_TOP + 0.05, 0.03, 3, VIEWERS, at=(px, py), kind="viewers")
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
    L.prop(L.choose(("T. rex skeleton", "dinosaur skeleton")), "\U0001F995", cx, rex_y, 8.0, flat=True, keep=0)
    L.block(cx - 0.09, 0.25, cx + 0.09, 0.6)   # all of it: nobody behind it either
    for px in (cx - 0.1, cx - 0.033, cx + 0.033, cx + 0.1):   # the rope in front of the plinth
        L.shape("rect", x=px - 0.002, y=0.6, w=0.004, h=0.03, color="#d4a72c", outline="#2a2220", width=0.0008)
    for a, b in ((cx - 0.1, cx - 0.033), (cx - 0.033, cx + 0.033), (cx + 0.033, cx + 0.1)):
        L.shape("path", points=[[a, 0.605], [(a + b) / 2, 0.615], [b, 0.605]], color="#a51d2d", width=0.003)
    L.prop("velvet rope", "\U0001F6A7", cx + 0.12, 0.61, 1.0, keep=0.015)
    _plinth(L, *_exhibits()[0], x0 + 0.035, 0.5)
    _plinth(L, *_exhibits()[1], x1 - 0.035, 0.5)
    bar_x = round(cx + L.nudge(0.0, 0.05), 4)
    bar_top = _counter(L, "bar counter", bar, bar_x, 0.78)
    L.block(bar_x - 0.06, 0.72, bar_x + 0.06, 0.84)

    def people() -> None:
        L.ring(cx, 0.56, 0.115, 14, GUESTS, start=0.2)
        L.person(cx - 0.115, 0.64, GUARDS, mirror=True)
        L.person(bar_x + 0.012, standing_at(L, bar_top), BARTENDER, check=False, mirror=False)
        L.queue(bar_x - 0.02, 0.875, -0.026, 0.0, 4, GUESTS)
    _LATER.append(people)


def _sculptures(L: Layout, x0: float, x1: float, night: bool) -> None:
    """Statues and treasures on plinths, flowers, and the buffet under a white cloth."""
    room(L, x0, x1, WALL_TOP, wall="#2f5d5a", trim="#e8dfcc", floor=("#efe9df", "#cfc6b8"), cols=10)
    cx = (x0 + x1) / 2
    for i in range(3):   # niches in the wall
        nx = x0 + (x1 - x0) * (i + 0.5) / 3
        L.shape("rect", x=nx - 0.03, y=0.06, w=0.06, h=0.16, color="#244a47", outline="#e8dfcc", width=0.002)
    statues = _KIT["statues"]
    assert isinstance(statues, list)
    for i, (name, emoji, scale) in enumerate(L.arrange(statues)):   # each in its niche
        nx = x0 + (x1 - x0) * (i + 0.5) / 3
        L.prop(name, emoji, nx, 0.215 - 0.0213 * scale, scale, flat=True, keep=0)
    for (x, y), (name, emoji) in zip(L.arrange(((x0 + 0.06, 0.44), (cx, 0.52), (x1 - 0.06, 0.44))),
                                     L.kit(GLASS_CASES, 3)):
        L.prop(name, emoji, x, y, 1.6, keep=0.025)
    for (x, y), (name, emoji) in zip(((x0 + 0.05, 0.66), (x1 - 0.05, 0.66)),
                                     L.arrange(_exhibits()[2:4])):
        _plinth(L, name, emoji, x, y)
    buffet_x = round(cx + L.nudge(0.0, 0.04), 4)
    buffet_top = _counter(L, "buffet table", buffet, buffet_x, 0.8)
    L.block(buffet_x - 0.06, 0.74, buffet_x + 0.06, 0.85)
    L.prop("candelabra", "\U0001F56F\ufe0f", buffet_x + 0.05, buffet_top - 0.025, 0.8, keep=0)   # on the table

    def people() -> None:
        for x, y in ((x0 + 0.06, 0.44), (cx, 0.52), (x1 - 0.06, 0.44)):
            L.ring(x, y + 0.01, 0.04, 4, GUESTS, start=L.rng.random())
        for side in (-1, 1):   # cooks behind the table
            L.person(buffet_x + side * 0.025, standing_at(L, buffet_top), COOKS, check=False, mirror=side < 0)
        L.person(cx, 0.3, GUARDS)
        L.queue(buffet_x - 0.02, 0.885, 0.026 if buffet_x < 0.5 else -0.026, 0.0, 3, GUESTS)
    _LATER.append(people)


_LATER: list[Callable[[], None]] = []   # the rooms' people, placed once every prop is set out
_PLINTHS: list[tuple[float, float]] = []   # where the small exhibits' plinths stand (`_plinth`), for the plants
# The gala's plants, in pairs: a pair of one kind flanks a doorway or a plinth, and no kind is set out more than
# `REPEAT_CAP` times (the art review of issue 21 counted some 22 potted plants littering the floor at random).
GREENERY = (("potted palm", "\U0001F334", 1.5), ("potted lemon tree", "\U0001F333", 1.4),
            ("potted fern", "\U0001FAB4", 1.1), ("potted plant", "\U0001FAB4", 1.1),
            ("potted orchid", "\U0001FAB4", 1.0), ("potted cactus", "\U0001F335", 1.0))


def _museum_plants(L: Layout, walls: list[float], doors: list[tuple[float, float]]) -> int:
    """Plants where a museum puts them, in pairs of one kind: either side of each doorway, against the back
    wall in the rooms' corners, either side of a plinth, in the front corners; a pair stands whole or not at
    all, and no more than `MAXIMUM_PLANTS`. How many stood."""
    pairs: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for wall, door_y in doors:   # at the door frame's posts, on both sides of the wall
        for side in (-1, 1):
            pairs.append(((wall + side * 0.026, door_y - 0.085), (wall + side * 0.026, door_y + 0.1)))
    edges = [0.0, *walls, 1.0]
    for x0, x1 in zip(edges, edges[1:]):   # against the back wall, in each room's corners
        pairs.append(((x0 + 0.024, 0.3), (x1 - 0.024, 0.3)))
    for px, py in _PLINTHS:   # either side of a plinth
        pairs.append(((px - 0.036, py + 0.012), (px + 0.036, py + 0.012)))
    for x0, x1 in zip(edges, edges[1:]):   # and in the front corners
        pairs.append(((x0 + 0.024, 0.94), (x1 - 0.024, 0.94)))
    kinds = L.arrange(GREENERY)
    stood = 0
    for i, ((ax, ay), (bx, by)) in enumerate(pairs):
        if stood + 2 > MAXIMUM_PLANTS:
            break
        open_kinds = [kind for kind in kinds if L.repeats(kind[0]) + 2 <= REPEAT_CAP]
        if not open_kinds:
            break
        name, emoji, scale = open_kinds[i % len(open_kinds)]
        if L.creature(name, emoji, ax, ay, scale, mirror=False):
            if L.creature(name, emoji, bx, by, scale, mirror=True):
                stood += 2
            else:
                L.undo(1)
    return stood


def _exhibits() -> list[tuple[str, str]]:
    exhibits = _KIT["exhibits"]
    assert isinstance(exhibits, list)
    return exhibits
ROOMS = {"gallery": _gallery, "dinosaurs": _dinosaurs, "sculptures": _sculptures}


# the kit's glass cases and vases of flowers (a seed has three of each; the shipped scene the first three)
GLASS_CASES = (("crown in a glass case", "\U0001F451"), ("jewel in a glass case", "\U0001F48E"),
               ("golden egg in a glass case", "\U0001F95A"), ("pearl necklace in a glass case", "\U0001F4FF"),
               ("gold mask in a glass case", "\U0001F3AD"))
FLOWER_VASES = (("vase of lilies", "\U0001F490"), ("vase of roses", "\U0001F339"), ("vase of sunflowers", "\U0001F33B"),
                ("vase of irises", "\U0001F490"), ("vase of carnations", "\U0001F490"))


def museum_gala(seed: int, varied: bool = False) -> Layout:
    """A night at the museum: a painting gallery with the band, the dinosaur hall with the bar, and a
    sculpture room with the buffet, side by side and joined by doorways."""
    L = Layout("museum", "Museum gala", "museum", seed, horizon=0.16, varied=varied)
    night = L.arrange((True, False, True))[0]
    L.lighting = "night" if night else "dusk"   # the evening sky in the tall windows
    if varied:   # and its light on the guests: the low sun's warmth, or the chandeliers' at night
        light(L, L.lighting)
        L.tint = "#ffb46a24" if night else L.tint
    order = L.arrange(("gallery", "dinosaurs", "sculptures"))
    _LATER.clear()
    _PLINTHS.clear()
    _KIT["statues"] = statues = L.kit(STATUES, 3)
    _KIT["exhibits"] = L.kit([e for e in EXHIBITS if e[0] not in {name for name, _e, _s in statues}], 6)
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
    flowers = L.kit(FLOWER_VASES, 3)
    for (fx, fy), (name, emoji) in zip(((walls[0] - 0.03, 0.35), (walls[1] + 0.03, 0.35), (walls[0] + 0.03, 0.95)),
                                       flowers):
        L.prop(name, emoji, fx, fy, 1.8, keep=0.02)
    for plinth_x, (name, emoji) in zip((walls[0] - 0.028, walls[1] - 0.028),
                                       L.arrange(_exhibits()[4:6])):
        _plinth(L, name, emoji, plinth_x, 0.86)

    L.public = GUESTS
    # no animals at a gala: plants by the doorways, the walls and the plinths, before anyone comes in
    stood = _museum_plants(L, walls[:-1], doors)
    for later in _LATER:
        later()
    for wall, door_y in doors:   # a guard in each doorway
        L.person(wall, door_y, GUARDS, mirror=L.rng.random() < 0.5)
    L.scatter((0.03, 0.3, 0.97, 0.95), 2, WAITERS)
    place_tales(L, "museum", {"ground": ((0.02, 0.3, 0.98, 0.98), None)})
    L.creatures((0.02, 0.28, 0.98, 0.33), GREENERY, MINIMUM_PLANTS - stood)   # against the back walls, if any are short
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.28, 0.98, 0.98), PEOPLE, GUESTS)
    return L


SKI_HUTS = (("hot chocolate hut", "\u2615", ("#9c4221", "#fffaf0")), ("soup stall", "\U0001F372", ("#2b6cb0", "#ffffff")),
            ("fondue stall", "\U0001F372", ("#c53030", "#ffffff")), ("cheese stall", "\U0001F9C0", ("#f08c00", "#fff9db")),
            ("pretzel stall", "\U0001F968", ("#5c940d", "#f4fce3")), ("doughnut stall", "\U0001F369", ("#ae3ec9", "#f8f0fc")))
SKI_SIGNS = (("trail map", "\U0001F5FA\ufe0f"), ("mountain sign", "\U0001F3D4\ufe0f"), ("ski hut sign", "\U0001FAA7"),
             ("snowflake sign", "\u2744\ufe0f"), ("signpost", "\U0001FAA7"))
SNOW_THINGS = (("snowman", "\u26C4", 1.5), ("snowman with a hat", "\u2603\ufe0f", 1.4), ("sledge", "\U0001F6F7", 0.9),
               ("pair of skis", "\U0001F3BF", 1.0), ("snowboard rack", "\U0001F3C2", 1.1), ("ski hut sign", "\U0001FAA7", 1.0),
               ("snowflake sign", "\u2744\ufe0f", 0.9), ("ambulance", "\U0001F691", true_scale("ambulance")),
               ("snowmobile", "\U0001F6FA", true_scale("snowmobile")),
               ("scarf stand", "\U0001F9E3", 1.0), ("ice skates", "\u26F8\ufe0f", 0.7), ("hockey stick", "\U0001F3D2", 0.8),
               ("wastebasket", "\U0001F5D1\ufe0f", 0.8),
               ("bench with suitcases", "\U0001F9F3", 1.3))
SKI_LIFT_RIDERS = replace(SKIERS, poses=("sitting",), held=("scarf", "backpack", "camera"), hold_rate=0.3, costumes=())
TERRACE_FOOT = 0.49   # the front edge of the chalet's terrace
HUTS_Y = 0.9   # the foot of the huts at the bottom of the slopes: room before them for a customer or two
TERRACE_GUESTS = replace(WINTER, poses=("sitting",), held=("coffee", "coffee", "camera", "phone", "scarf"),
                         hold_rate=0.7)
SKI_PUPILS = replace(SKIERS_ON_PISTE, children=1.0, old=0.0)
SKI_TEACHER = replace(SKIERS_ON_PISTE, costumes=("ski instructor",), costume_rate=1.0, children=0.0, old=0.0)
HUT_KEEPERS = replace(WINTER, children=0.0)
CURLERS = replace(WINTER, poses=("pointing", "standing", "standing"), held=("", "scarf"), hold_rate=0.2)
HOCKEY_PLAYERS = replace(SKATERS, poses=("skating",), held=("hockey stick",), hold_rate=1.0, headwear=("helmet",),
                         headwear_rate=1.0, children=0.4)
T_BAR_RIDERS = replace(SKIERS_ON_PISTE, children=0.15)
PISTE_SKIERS = 44   # on the run (60 made one pose a fifth of the crowd)
WAITING_SKIERS = replace(SKIERS, held=("skis", "skis", "snowboard", "ski poles"), hold_rate=1.0, costume_rate=0.0)
HEADING_UP = replace(SKIERS, poses=("walking", "carrying", "walking", "standing"),
                     held=("skis", "skis", "snowboard", "ski poles", "backpack", "sled"), hold_rate=0.9,
                     costume_rate=0.0)
HEADING_UP_COUNT = 16
# Where a ski jump may stand (its take-off x and y, its size): on the mountainside behind the top of the
# run, on the right-hand slope beyond the chalets, in the saddle between the middle peaks.
SKI_JUMPS = ((0.36, 0.15, 0.06), (0.8, 0.15, 0.055), (0.56, 0.165, 0.05))


def ski_resort(seed: int, varied: bool = False) -> Layout:
    """A piste down from the peaks with skiers on it, a chair lift above it, a ski school, a chalet
    terrace, an ice rink with a curling team and a steaming hot spring.

    A generated seed chooses each landmark from the slopes' kit: a chair lift, a T-bar or a gondola; a
    chalet or a mountain restaurant with parasols on its sun terrace; the rink or a frozen pond with a
    game of hockey; the hot spring or a camp of igloos; a cable car or a ski jump on the mountain; a
    helicopter, a hot-air balloon or a paraglider in the sky (`decor_snow.py`)."""
    L = Layout("ski", "Ski resort", "ski", seed, horizon=0.22, varied=varied)
    # A generated scene is mirrored, or on the second ground plan (rink and hot spring change places), or both;
    # some have snow falling, some the pink light of late afternoon.
    swapped = varied and (not L.mirrored or L.plan.random() < 0.5)
    lighting = L.choose(("day", "snow", "dusk", "night"))
    light(L, lighting)
    snowing = lighting == "snow"
    sky = {"snow": ("#8fa7bd", "#dfe8f0"), "dusk": ("#4c5fa8", "#f6b89a"), "night": ("#0c1430", "#34487a"),
           "day": ("#5fa8e8", "#cfe8fb")}[lighting]
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
    jump: tuple[float, float] | None = None   # the ski jump's left and right, if it has one
    if L.choose(("cable car", "ski jump")) == "cable car":
        # from its valley station up to the far peak and on over the top of the picture
        L.shape("path", points=[[0.27, 0.2], [0.4915, -0.01]], color="#3a4350", width=0.0015)
        valley_station(L, 0.27, 0.222)
        L.prop("cable-car station", "", 0.27, 0.21, 1.0, keep=0)
        L.prop("cable car", "\U0001F6A1", 0.37, 0.155, 1.6, flat=True)
    else:   # on the mountainside, above the snow people stand on and clear of the run
        jump_x, jump_y, size = L.choose(SKI_JUMPS)
        ski_jump(L, jump_x, jump_y, size)
        L.prop("ski jump", "", jump_x, jump_y, 1.0, keep=0)
        jump = ski_jump_span(jump_x, size)

    # the hot spring's rim (or the rink's boards, the pond's bank) stands clear below the terrace's railing
    # (`TERRACE_FOOT`): the rim ran over the deck's front edge (the art review of issue 21)
    rink_box, pool_box = (0.72, 0.72, 0.26, 0.21), (0.53, 0.515, 0.24, 0.15)
    if swapped:
        rink_box, pool_box = (0.54, 0.515, 0.24, 0.16), (0.72, 0.74, 0.25, 0.17)
    rink_dx = round(L.nudge(0.0, 0.015), 4)
    rx, ry, rw, rh = rink_box[0] + rink_dx, *rink_box[1:]
    rink = L.choose(("rink", "pond"))
    if rink == "rink":
        ice = ice_rink(L, rx, ry, rw, rh)
        L.prop("ice rink", "", rx + rw * 0.3, ry + rh * 0.5, 2.0, keep=0)
        L.prop("curling house", "", rx + rw * 0.82, ry + rh * 0.5, 1.2, keep=0)
        L.prop("curling stone", "\U0001F94C", rx + rw * 0.68, ry + rh * 0.55, 0.6, keep=0.006)
    else:   # a pond frozen over, with a game of hockey on it
        ice = frozen_pond(L, rx, ry, rw, rh)
        L.prop("frozen pond", "", rx + rw * 0.3, ry + rh * 0.5, 2.0, keep=0)
        L.prop("hockey goal", "", rx + rw * 0.92, ry + rh * 0.56, 1.0, keep=0)
    px, py, pw, ph = pool_box
    bathing = L.choose((True, False))
    if bathing:
        pool = hot_spring(L, px, py, pw, ph)
        for i in range(3):   # steam rising off the water
            steam(L, px + pw * (0.25 + 0.25 * i), py + ph * (0.25 + 0.1 * (i % 2)), 0.09)
        L.prop("hot spring", "\u2668\ufe0f", px + pw * 0.5, py + ph * 0.3, 1.4, keep=0)
    else:   # a camp of igloos where the hot spring would be
        domes = igloos(L, px, py, pw, ph)
        for cx, foot, r in domes:
            L.prop("igloo", "", cx, foot - r * 0.3, 1.4, keep=0)
        pool = Oval(px, py, pw, ph)   # no water: things and trees keep off the camp, people walk among it

    chalet_x = round(L.nudge(0.66, 0.03), 4)
    restaurant = L.choose((False, True))
    if restaurant:   # a long, low mountain restaurant with parasols on its sun terrace
        mountain_restaurant(L, chalet_x - 0.01, 0.3, chalet_x + 0.21, 0.4)
        L.prop("mountain restaurant", "", chalet_x + 0.1, 0.34, 2.0, keep=0)
    else:
        chalet(L, chalet_x, 0.29, chalet_x + 0.2, 0.4)
        L.prop("chalet", "", chalet_x + 0.1, 0.34, 2.0, keep=0)
    chalet(L, 0.9, 0.31, 0.99, 0.385, wall="#a0694a")
    terrace(L, chalet_x - 0.03, 0.412, chalet_x + 0.23, TERRACE_FOOT)
    L.prop("sun terrace" if restaurant else "chalet terrace", "", chalet_x + 0.1, 0.45, 1.5, keep=0)
    tables = [(chalet_x + 0.02 + tx, table_with_seats(L, chalet_x + 0.02 + tx, 0.455)) for tx in (0.0, 0.08, 0.16)]
    if restaurant:
        for i, (table_x, _seats) in enumerate(tables):
            parasol(L, table_x, 0.455, (("#e03131", "#fff5f5"), ("#1c7ed6", "#e7f5ff"))[i % 2])
        L.prop("parasol", "", tables[0][0], 0.4, 1.0, keep=0)
    else:
        L.prop("chalet lantern", "\U0001F3EE", chalet_x + 0.215, 0.43, 0.7, keep=0.008)

    lift_bottom, lift_top = (0.33, 0.93), (0.06, 0.25)
    lift = L.choose(LIFTS)
    chairs = chair_lift(L, lift_bottom, lift_top, kind=lift, chairs=11 if lift != "t-bar" else 9)   # blocks the snow under it
    if lift == "chair":
        L.prop("chair lift", "\U0001F6A0", 0.33, 0.9, 1.4, keep=0.03)
        L.prop("chair-lift top station", "", 0.06, 0.235, 1.2, keep=0.02)
    else:
        L.prop("T-bar lift" if lift == "t-bar" else "gondola lift", "", 0.33, 0.9, 1.4, keep=0.03)
        L.prop("T-bar top station" if lift == "t-bar" else "gondola top station", "", 0.06, 0.235, 1.2, keep=0.02)
    signs = L.kit(SKI_SIGNS, 2)   # the shipped scene's trail map at the lift and mountain sign up the slope
    L.prop(*signs[0], 0.27, 0.95, 0.9)

    flying = L.choose((("helicopter", "\U0001F681"), ("hot-air balloon", "\U0001F388"), ("paraglider", "\U0001FA82")))
    fly_x = L.nudge(0.62, 0.15)
    if jump is not None and jump[0] - 0.06 < fly_x < jump[1] + 0.06:   # not over the jump's tower
        fly_x = jump[1] + 0.1 if jump[1] + 0.1 < 0.95 else jump[0] - 0.1
    L.prop(*flying, fly_x, 0.1, 1.6, flat=True)
    L.prop("ski school", "", piste.middle(0.8), 0.8, 1.2, keep=0)
    L.prop("slalom flag", "\U0001F6A9", piste.middle(0.3) + piste.half(0.3) * 0.5, 0.3, 0.9, keep=0.006)
    L.prop("finish flag", "\U0001F3C1", piste.middle(0.97) + piste.half(0.97) * 0.8, 0.97, 1.1)
    L.prop(*signs[1], 0.22, 0.26, 0.9)
    hut_keepers = []
    for (name, emoji, colours), x in zip(L.kit(SKI_HUTS, 3), (0.07, 0.18, 0.64)):
        hut_keepers.append((x + 0.5 * L.grown_up(HUTS_Y) / L.aspect, stall(L, name, emoji, x, HUTS_Y, colours=colours)))
    fire_x = round(L.nudge(0.12, 0.03), 4)
    L.prop("campfire", "\U0001F525", fire_x, 0.68, 1.3, keep=0.03)
    L.prop("log pile", "\U0001F525", fire_x + 0.07, 0.64, 0.9)
    spots = L.arrange(((0.46, 0.3), (0.52, 0.42), (0.88, 0.55), (0.04, 0.5), (0.6, 0.3), (0.95, 0.66),
                       (0.3, 0.35), (0.24, 0.62), (0.5, 0.7), (0.9, 0.47), (0.66, 0.7), (0.44, 0.24),
                       (0.04, 0.36), (0.56, 0.24), (0.97, 0.55), (0.2, 0.5), (0.86, 0.68), (0.62, 0.44)))
    things = L.kit([t for t in SNOW_THINGS if t[:2] not in signs], 9 if varied else 12)
    def under_lift(x: float, y: float) -> bool:
        t = (lift_bottom[1] - y) / (lift_bottom[1] - lift_top[1])
        return -0.05 < t < 1.3 and abs(x - lift_bottom[0] - (lift_top[0] - lift_bottom[0]) * t) < 0.05
    clear = [(x, y) for x, y in spots if not (piste.contains(x, y, -0.03) or ice.contains(x, y, -0.15)
                                              or pool.contains(x, y, -0.25) or under_lift(x, y))]
    # the run, the ice, the water and the lift line stay clear
    for (x, y), (name, emoji, scale) in zip(clear, things):
        L.prop(name, emoji, x, y, scale)
    if snowing:
        snowfall(L, seed)

    # people: on the lift, on the piste, in the water, on the ice, at the tables, and around
    L.public = SKIERS
    for x, seat_y in chairs:
        if L.rng.random() < 0.8:
            if lift == "t-bar":   # pulled up the track on their skis (its snow is blocked)
                L.person(x, standing_at(L, seat_y), T_BAR_RIDERS, mirror=False, check=False)
            else:
                # carried up away from the viewer, seen from behind; the snow below is blocked
                L.person(*seat_centre(L, x, seat_y), SKI_LIFT_RIDERS, mirror=False, check=False, back=lift == "chair")
    for table_x, seats in tables:   # a wooden chair at each place, its guest sitting on its seat
        for x, seat_y in seats:
            sx, sy = seat_centre(L, x, seat_y)
            L.person(sx, sy, TERRACE_GUESTS, mirror=x < table_x)
            chair(L, sx, sy, back_right=x > table_x, colours=("#6b4a2f", "#8a5a35"))
    school = [(piste.middle(0.84) + piste.half(0.84) * 0.45 - 0.017 * i, 0.84 - 0.034 * i) for i in range(7)]
    for i, (x, y) in enumerate(school):   # a ski school: children in a line behind their teacher
        L.person(x, y, SKI_TEACHER if i == 0 else SKI_PUPILS, mirror=True)

    def by_school(x: float, y: float) -> bool:
        return any(abs(x - sx) < 0.028 and abs(y - sy) < 0.045 for sx, sy in school)
    def by_hut(x: float, y: float) -> bool:   # a skier well clear of the huts at the foot of the run
        return any(abs(x - hx) < 0.075 and y > 0.8 for hx in (0.07, 0.18, 0.64))
    # going down in turns: left of the run's middle turning right, right of it turning back left (they all faced
    # right, the art review of issue 21: "60 skiers share one pose")
    L.scatter((0.03, 0.22, 0.7, 0.99), PISTE_SKIERS, SKIERS_ON_PISTE,
              face=lambda x, y: x < piste.middle(min(1.0, y + 0.031)) + L.rng.uniform(-0.2, 0.2) * piste.half(y),
              where=lambda x, y: piste.contains(x, y + 0.031, 0.01) and not by_school(x, y) and not by_hut(x, y))
    if bathing:
        L.scatter((px, py, px + pw, py + ph), 16, HOT_SPRING_BATHERS,
                  where=lambda x, y: pool.contains(x, y + 0.03, 0.12))   # in to the chest: the water line below the centre
    hx, hy = rx + rw * 0.82, ry + rh * 0.5
    if rink == "rink":
        for dx, dy in ((-0.045, 0.0), (-0.075, -0.03), (-0.075, 0.035), (0.035, -0.035)):   # a curling team
            L.person(hx + dx, hy + dy, CURLERS, mirror=dx < 0)
    else:   # a game of hockey from goal to goal, and skaters keeping out of its way at the ends
        for dx, dy in ((-0.5, 0.02), (-0.38, -0.03), (-0.2, 0.04), (-0.1, -0.02), (-0.62, 0.05)):
            L.person(hx + dx * rw, hy + dy, HOCKEY_PLAYERS, mirror=dx > -0.4)
    L.scatter((rx, ry, rx + rw, ry + rh), 22 if rink == "rink" else 16, SKATERS,
              where=lambda x, y: ice.contains(x, y, 0.08) and not (x > hx - 0.1 and abs(y - hy) < 0.07))

    def around(x: float, y: float) -> bool:
        feet = y + 0.025   # nobody's feet on the run, on the ice or near the water's edge
        return not (piste.contains(x, feet, -0.012) or ice.contains(x, feet, -0.06)
                    or bathing and pool.contains(x, feet, -0.1))
    L.ring(fire_x, 0.68, 0.045, 7, WINTER)
    # skiers waiting at the lift, in a line along its station's side away from the run
    L.queue(lift_bottom[0] - 0.045, lift_bottom[1] - 0.035, -0.03, -0.012, 4, WAITING_SKIERS)
    # and walking up to it or the run with their skis, seen from behind
    L.scatter((0.03, 0.45, 0.97, 0.97), HEADING_UP_COUNT, HEADING_UP, where=around, back=True)
    for x, top in hut_keepers:   # behind each hut's counter, from the waist up
        L.person(x, standing_at(L, top), serving(HUT_KEEPERS), check=False, mirror=True)
    for x in (0.07, 0.18, 0.64):   # a customer or two at each hut's counter, in the room left before it
        L.queue(x, HUTS_Y + 0.035, 0.0, 0.035, 2)
    place_tales(L, "ski", {"ground": ((0.02, 0.25, 0.98, 0.99), around)})
    if L.tint and lighting == "night":   # lamps round the foot of the slopes, before the crowd keeps off them
        street_lamps(L, (0.93, 0.72, 0.52), (0.02, 0.3, 0.98, 0.99), where=around)
    L.creatures((0.02, 0.23, 0.98, 0.99), [("St Bernard dog", "\U0001F415", 0.8), ("hare", "\U0001F407", 0.5),
                                           ("dog", "\U0001F415", 0.7), ("sparrow", "\U0001F426", 0.45)], 10,
                where=around)
    def clear_of_the_pool(x: float, y: float) -> bool:   # a tree is tall: its trunk must not stand on the rim
        return around(x, y) and not any(pool.contains(x, y + dy, -0.25) for dy in (0.0, 0.03, 0.06, 0.09))
    L.creatures((0.02, 0.23, 0.98, 0.99), [("fir tree", "\U0001F332", 2.2), ("Christmas tree", "\U0001F384", 2.0),
                                           ("snowy fir tree", "\U0001F332", 2.2)],
                12, where=clear_of_the_pool)
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.23, 0.98, 0.99), PEOPLE, SKIERS, where=around)
    return L


FAIR_BAND = replace(FAIR, costumes=("musician",), costume_rate=1.0, children=0.0, poses=("standing",))
JUGGLER = replace(FAIR, costumes=("clown",), costume_rate=1.0, children=0.0, poses=("waving",), mask_rate=0.0)
FORTUNE_TELLER = replace(FAIR, costumes=("magician",), costume_rate=1.0, children=0.0, poses=("standing",), held=(),
                         hold_rate=0.0, mask_rate=0.0)
BALLOON_SELLER = replace(FAIR, held=("balloon",), hold_rate=1.0, children=0.0, costumes=(), poses=("standing",))
STALL_KEEPERS = replace(FAIR, children=0.0)
BOOTH_ROOFS = {"darts stall": "#e03131", "ring toss": "#1c7ed6", "hook-a-duck": "#f08c00", "coconut shy": "#2f9e44",
               "tin-can alley": "#7048e8", "bowling alley": "#0ca678"}
GAMES = tuple(BOOTH_ROOFS)
FAIR_FOOD = (("popcorn stand", "\U0001F37F", ("#d69e2e", "#ffffff")), ("candy floss stall", "\U0001F36D", ("#ed64a6", "#ffffff")),
             ("doughnut stall", "\U0001F369", ("#805ad5", "#ffffff")), ("pretzel stall", "\U0001F968", ("#2b6cb0", "#fefcbf")),
             ("hot-dog stand", "\U0001F32D", ("#e03131", "#fff9db")), ("watermelon stand", "\U0001F349", ("#2f9e44", "#ffffff")),
             ("hot chocolate hut", "\u2615", ("#9c4221", "#fffaf0")), ("ice-cream kiosk", "\U0001F366", ("#f06595", "#ffffff")))
FAIR_THINGS = (("strength tester", "\U0001F528", 1.8), ("candy apple cart", "\U0001F34E", 1.3),
               ("fortune teller's ball", "\U0001F52E", 0.9),
               ("performing seal statue", "\U0001F9AD", 0.9), ("fountain of lights", "\u26F2", 1.3),
               ("slot machine", "\U0001F3B0", 1.3), ("ice-cream cart", "\U0001F366", 1.3), ("fruit cart", "\U0001F34E", 1.6),
               ("signpost", "\U0001FAA7", 1.0), ("water fountain", "\U0001F6B0", 0.9), ("golden trophy", "\U0001F3C6", 0.9))
FAIR_RIDES = (("Ferris wheel", "\U0001F3A1", 5.4, 0.06), ("roller coaster", "\U0001F3A2", 5.0, 0.06),
              ("big top", "\U0001F3AA", 5.0, 0.07), ("helter-skelter", "\U0001F3A2", 5.0, 0.05),
              ("swing ride", "\U0001F3A0", 5.0, 0.06))
LOW_RIDES = ("roller coaster",)   # what the moon may hang over (the wheel, the swing ride and the towers reach the top)
FAIR_SKIES = {"night": ("#0b1030", "#3a2a66"), "dusk": ("#3b3a8a", "#f08a5d"), "rain": ("#1c2333", "#3d4658")}
STAGE_PIECES = (("drum", "\U0001F941", 0.9), ("grand piano", "\U0001F3B9", 1.1), ("harp", "\U0001FA95", 1.1))


def carnival_night(seed: int, varied: bool = False) -> Layout:
    """A fair at night: rides with riders on the skyline, a carousel, a midway of game booths with their
    prizes, a band on a stage, strings of lights and lamps pooling light on the grass."""
    L = Layout("carnival", "Carnival night", "carnival", seed, horizon=0.24, varied=varied)
    lighting = L.choose(tuple(FAIR_SKIES))
    light(L, lighting)
    if lighting == "night":
        L.tint = ""   # the fair's night is in its own colours already (lamps pool light on the grass)
    # a generated scene is mirrored, or on the second ground plan (stage and carousel change sides), or both
    stage_left = varied and (not L.mirrored or L.plan.random() < 0.5)
    carousel_x, stage_x = (0.78, 0.26) if stage_left else (0.2, 0.74)
    carousel_x, stage_x = round(L.nudge(carousel_x, 0.03), 4), round(L.nudge(stage_x, 0.02), 4)
    L.shape("gradient", top=FAIR_SKIES[lighting][0], bottom=FAIR_SKIES[lighting][1], y0=0, y1=0.3)
    if lighting == "rain":   # clouds low over the fair hide the stars and the moon
        for cx, cy, cw in ((0.12, 0.05, 0.3), (0.42, 0.02, 0.36), (0.75, 0.06, 0.34), (0.98, 0.03, 0.26)):
            L.shape("ellipse", x=cx - cw / 2, y=cy - 0.05, w=cw, h=0.11, color="#2a3242")
            L.shape("ellipse", x=cx - cw * 0.3, y=cy - 0.02, w=cw * 0.6, h=0.08, color="#323b4d")
    else:
        L.shape("speckle", x=0, y=0, w=1, h=0.2, colors=["#fff7c2", "#ffffff", "#bcd3ff"], count=160,
                size=0.0012, seed=seed)
    L.shape("polygon", points=[[0, 0.28], [0.2, 0.22], [0.45, 0.27], [0.7, 0.21], [1, 0.26], [1, 0.32], [0, 0.32]],
            color="#1d2b2a")
    # grass lit by the fair, light enough that dark coats and top hats stand out against it
    L.shape("gradient", top="#46714d", bottom="#67a16c", y0=0.3, y1=1.0)
    L.shape("speckle", x=0, y=0.3, w=1, h=0.7, colors=["#4f7d55", "#73ab77", "#416b47"], count=2200,
            size=0.0025, seed=seed + 1)
    L.shape("path", points=[[0, 0.72], [0.25, 0.68], [0.5, 0.72], [0.75, 0.68], [1, 0.72]], color="#d8b77c",
            width=0.06)
    L.shape("path", points=[[0.5, 0.3], [0.5, 1.0]], color="#d8b77c", width=0.05)
    lamp_places = L.arrange(((0.08, 0.46), (0.36, 0.5), (0.64, 0.5), (0.93, 0.46), (0.14, 0.74), (0.42, 0.72),
                             (0.58, 0.9), (0.88, 0.78), (0.3, 0.97), (0.72, 0.98)))
    lamps_under = len(L.background)   # the lamps are drawn here, under the stalls and the stage, once the props stand
    # the strings hang along the back of the fair, their lowest bulbs above the heads of the furthest people
    light_string(L, [(0.02, 0.305), (0.22, 0.3), (0.5, 0.305), (0.78, 0.3), (0.98, 0.305)], height=0.19)
    L.prop("string of lights", "", 0.36, 0.2, 1.0, keep=0)
    L.block(0, 0, 1, 0.27)

    rides = L.kit(FAIR_RIDES, 3)   # the shipped fair's wheel, coaster and big top; a seed's three of five
    low = next((name for name, *_ in rides if name in LOW_RIDES), "")
    for x, (name, emoji, scale, keep) in zip(L.arrange((0.1, 0.86, 0.5)), rides):
        ride_x = L.nudge(x, 0.03)
        L.prop(name, emoji, ride_x, 0.2, scale, flat=True, keep=keep)
        if name == low and lighting != "rain":   # the moon over a low ride, never behind the wheel or a tower
            L.shape("ellipse", x=ride_x - 0.0225, y=0.03, w=0.045, h=0.08, color="#fff3c4")
    sky_pieces = L.kit(("fireworks", "sparklers", "flying saucer"), 3 if not varied else 2)
    if lighting == "rain":   # nothing goes up in the rain: lightning out of its clouds where it would burst
        for piece, (x, y, height) in (("fireworks", (0.3, 0.06, 0.15)), ("sparklers", (0.7, 0.05, 0.12))):
            if piece in sky_pieces:
                lightning(L, x, y, height)
        sky_pieces = [piece for piece in sky_pieces if piece not in ("fireworks", "sparklers")]
    if "fireworks" in sky_pieces:
        burst(L, "fireworks", 0.3, 0.08, 0.045, ("#ff6b6b", "#ffd43b", "#74c0fc"))
    if "sparklers" in sky_pieces:
        burst(L, "sparklers", 0.7, 0.07, 0.035, ("#ffe066", "#ffffff", "#faa2c1"))
    if "flying saucer" in sky_pieces:
        L.prop("flying saucer", "\U0001F6F8", 0.6, 0.05, 1.2, flat=True)

    deck = stage(L, stage_x, 0.645, 0.17)   # a walk before it, above the booths' roofs
    L.prop("band stage", "", stage_x, 0.545, 2.0, keep=0)
    band = [(deck[0] + (deck[2] - deck[0]) * f, deck[3]) for f in (0.1, 0.45, 0.9)]
    played, emoji, size = L.choose(STAGE_PIECES)   # a rock band's drum, a piano show, a harpist
    # beside the middle player, on the deck (played, not hung on the wall), back from its front lip: there it
    # would sit on the heads of the audience below (`occlusion.on_head`) and leave the band's audience no room
    piece = L.prop(played, emoji, band[1][0] + 0.016, deck[3] - 0.004, size, keep=0)
    L.prop("stage speakers", "\U0001F50A", stage_x - 0.11, 0.645, 1.5, keep=0.02)
    L.prop("carousel", "\U0001F3A0", carousel_x, 0.52, 3.6, keep=0.055)
    L.prop("bouncy slide", "\U0001F6DD", L.nudge(0.5, 0.04), 0.55, 2.2, keep=0.035)
    booths = L.kit(GAMES, 4) if varied else L.arrange(GAMES)
    booth_x = tuple(sorted(L.kit((0.08, 0.22, 0.36, 0.64, 0.78, 0.92), len(booths))))
    booth_sellers = []
    for name, x in zip(booths, booth_x):
        counter = game_booth(L, name, x, 0.925, BOOTH_ROOFS[name])   # on the grass at 0.925
        end = 0.3 * 0.024 * 2.6 * L.perspective(0.925)
        booth_sellers.append(((x + end, x, x - end), counter))   # at its prize-free end, else along the counter
    food_sellers = []
    for (name, emoji, colours), x in zip(L.kit(FAIR_FOOD, 4), (0.3, 0.4, 0.6, 0.7)):
        food_sellers.append(((x + 0.45 * L.grown_up(0.4) / L.aspect,), stall(L, name, emoji, x, 0.4, width=1.6, colours=colours)))
    entrance, emoji, size = L.choose((("ticket booth", "\U0001F39F\ufe0f", true_scale("ticket booth")),
                                      ("cash machine", "\U0001F3E7", 1.2), ("toilets sign", "\U0001F6BB", 1.3)))   # where the walk meets the food stalls
    L.prop(entrance, emoji, 0.5, 0.36, size)

    jx, jy = (0.5, 0.8)
    L.prop("juggling clubs", "\U0001F939", jx, jy - 0.036 * L.perspective(jy), 0.6, keep=0.022)   # over the juggler
    bx, by = (0.93 if not stage_left else 0.07), 0.6
    L.prop("balloon seller's balloons", "\U0001F388", bx + 0.026, by - 0.03, 1.3, keep=0.012)
    free = [x for x in (0.08, 0.22, 0.36, 0.64, 0.78, 0.92) if x not in booth_x]   # booth places left open
    things = L.kit(FAIR_THINGS, 5 + len(free))
    spots = ((0.04, 0.62), (0.36, 0.62), (0.64, 0.64), (0.96, 0.56), (0.29, 0.74), (0.71, 0.72))   # the lamps keep clear of them
    placing = [*zip([(x, 0.93) for x in free], things[5:]), *zip(L.arrange(spots), things[:5])]
    for i, ((x, y), (name, emoji, scale)) in enumerate(placing):   # the ball where its fortune teller has room
        if name in OWNED and not L.has_room_beside(name, x, y, scale):
            roomy = [j for j, ((ox, oy), _) in enumerate(placing) if L.has_room_beside(name, ox, oy, scale)]
            if roomy:
                j = roomy[0]
                placing[i], placing[j] = (placing[i][0], placing[j][1]), (placing[j][0], placing[i][1])
    balls = []   # the fortune teller's ball, if the kit has it
    for (x, y), (name, emoji, scale) in placing:   # a cart or a sign where a booth is not, and by the lamps
        ident = L.prop(name, emoji, x, y, scale)
        if name in OWNED:
            balls.append(ident)
    # the lamps, each clear of every prop (a lamp's post stood in the fountain of lights, issue 21), drawn under
    # what the background draws after them
    drawn_later = L.background[lamps_under:]
    del L.background[lamps_under:]
    lamps = lamps_at(L, lamp_places, pool=0.11)
    L.background.extend(drawn_later)
    if lamps:
        L.prop("lamp post", "", *lamps[0], 1.0, keep=0)

    L.public = fair = FAIR
    for i, (x, y) in enumerate(band):   # the band, facing the crowd; the middle one plays the piece
        if i == 1:
            L.attend(piece, [(x, y, None)], FAIR_BAND, blocked_ok=True)
        else:
            L.person(x, y, FAIR_BAND, check=False)
    for ident in balls:   # the fortune teller beside her ball, gazing into it, on its side away from the band's audience
        L.attend(ident, sorted(L.beside(ident), key=lambda place: -abs(place[0] - stage_x)), FORTUNE_TELLER)
    L.person(jx, jy, JUGGLER, check=False)
    L.person(bx, by, BALLOON_SELLER, check=False)
    for places, top in food_sellers + booth_sellers:   # behind each stall's and booth's counter, from the waist up
        any(L.person(x, standing_at(L, top), serving(STALL_KEEPERS), check=False, mirror=False) for x in places)
    for dx in (-0.045, 0.045):   # facing the band, seen from behind, on the walk between the stage and the booths
        L.cluster(stage_x + dx, 0.69, 0.06, 10, AUDIENCE, at=(stage_x, 0.585))   # as many as find room
    L.ring(jx, jy, 0.05, 8, start=0.3)
    L.ring(carousel_x, 0.52, 0.08, 12)
    for name, x in zip(booths, booth_x):
        L.queue(x, 0.96, 0.0, 0.04, 2)
    for x in (0.3, 0.4, 0.6, 0.7):
        L.queue(x, 0.45, 0.0, 0.04, 2)
    L.queue(0.5, 0.41, 0.0, 0.04, 3)
    place_tales(L, "carnival", {"ground": ((0.02, 0.32, 0.98, 0.99), None)})
    L.creatures((0.02, 0.3, 0.98, 0.99), [("dog", "\U0001F415", 0.7), ("rabbit", "\U0001F407", 0.5),
                                          ("black cat", "\U0001F408", 0.6), ("pigeon", "\U0001F54A\ufe0f", 0.5),
                                          ("poodle", "\U0001F429", 0.7)], 14)
    L.creatures((0.02, 0.3, 0.98, 0.99), [("oak tree", "\U0001F333", 2.0), ("olive tree", "\U0001F333", 1.8)], 6)
    L.creatures((0.02, 0.29, 0.98, 0.32), [("sunflower", "\U0001F33B", 0.8)], 5)   # along the back fence
    # everyone else, after the animals and plants have found their places
    L.fill((0.02, 0.29, 0.98, 0.99), PEOPLE, fair)
    if lighting == "rain":
        rain(L, seed)
    return L
