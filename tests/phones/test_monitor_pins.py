"""The monitor's pins say who marks whom, legible from the sofa: one phone's name on a plate in
its colour, several phones' count with every colour and their names; twelve pins' plates never
heap on each other or leave the screen; and the loupe's caption shows the marks of the suspect
it describes, its pin (and any other the loupe covers) moved where it shows."""

from __future__ import annotations

import pygame
import pytest

from lastmessage.hal.base import Intent, IntentKind
from lastmessage.phones.marks import COLOURS, Mark, Player
from lastmessage.scenes.model import Character
from lastmessage.table.app import App
from lastmessage.ui import text
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.present import Layer, compose_onto
from lastmessage.ui.theme import font
from tests.phones.helpers import start_suspect, table_with_phones, until

MARKED = "harbour-p120"


def _frame(app: App) -> tuple[pygame.Surface, list[Layer]]:
    app.step()
    monitor = pygame.Surface(app.detective.size)
    app.draw(pygame.Surface(app.tablet.size), monitor)
    layers = list(app.layers()[1])
    compose_onto(monitor, layers)
    return monitor, layers


def _by_key(layers: list[Layer]) -> dict[object, Layer]:
    return {layer.key: layer for layer in layers}


def _pins(app: App, figures: int) -> tuple[pygame.Surface, dict[object, Layer]]:
    found: list[tuple[pygame.Surface, dict[object, Layer]]] = []

    def shown() -> bool:
        monitor, layers = _frame(app)
        found[:] = [(monitor, _by_key(layers))]
        return sum(1 for key in found[0][1] if isinstance(key, tuple) and key[:2] == ("phones", "pin")) >= figures

    until(shown, app)
    return found[0]


def _has_colour(surface: pygame.Surface, rect: pygame.FRect | pygame.Rect, colour: str) -> bool:
    wanted = pygame.Color(colour)
    area = pygame.Rect(rect).clip(surface.get_rect())
    return any(surface.get_at((x, y))[:3] == wanted[:3]
               for x in range(area.left, area.right) for y in range(area.top, area.bottom))


def test_one_phones_pin_names_it_on_a_plate_beside_its_head_in_its_colour() -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        phones.bridge.ask(Mark(Player(1, "Ștefănuț", COLOURS[2]), MARKED))
        monitor, layers = _pins(app, 1)
        head, plate = layers["phones", "pin", MARKED], layers["phones", "pin label", MARKED]
        assert _has_colour(monitor, head.dest, COLOURS[2])
        assert _has_colour(monitor, plate.dest, COLOURS[2])   # edged in it: whose name it is
        assert plate.dest.h >= font(MIN_TEXT, True).get_height()   # the monitor's floor for text
        discs = (head.dest.y + head.dest.w / 2, head.dest.bottom - head.dest.w / 2)   # standing, or turned
        assert min(abs(plate.dest.centery - disc) for disc in discs) <= 2   # beside the head
        assert pygame.Rect((0, 0), app.detective.size).contains(pygame.Rect(plate.dest))


def test_several_phones_pin_shows_every_colour_and_the_count_and_names_on_its_plate() -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        for number, name in enumerate(("Ana", "Ion", "Ștefi"), start=1):
            phones.bridge.ask(Mark(Player(number, name, COLOURS[number]), MARKED))
        until(lambda: len(phones.marks.marked()) == 3, app)
        until(lambda: any(pin.players and len(pin.players) == 3 for pin in phones._current_pins()), app)
        monitor, layers = _pins(app, 1)
        head, plate = layers["phones", "pin", MARKED], layers["phones", "pin label", MARKED]
        for colour in COLOURS[1:4]:
            assert _has_colour(monitor, head.dest, colour), colour   # a segment each
            assert _has_colour(monitor, plate.dest, colour), colour  # a dot before each name
        alone = text.render("Ana", MIN_TEXT, (255, 255, 255), True).get_width()
        assert plate.dest.w > 3 * alone   # the count and the three names, not the first one only


def test_names_are_cut_whole_with_an_ellipsis_and_odd_ones_draw() -> None:
    pygame.init()
    width = 100
    for name in ("Maria-Magdalena Popescu", "WWWWWWWWWWWWWWWW", "😀👩\u200d👩\u200d👧😀👩\u200d👩\u200d👧xyz",
                 "s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326s\u0326",
                 "\U0001F1F7\U0001F1F4" * 8):
        cut = text.shorten(name, width, MIN_TEXT, True)
        assert font(MIN_TEXT, True).size(cut)[0] <= width
        assert cut.endswith(text.ELLIPSIS) and name.startswith(cut[:-1].rstrip())
        rest = name[len(cut) - 1:]
        assert not rest[:1] in ("\u0326", "\u200d") and not cut[-2:-1] == "\u200d", cut
        if name.startswith("\U0001F1F7"):
            assert (len(cut) - 1) % 2 == 0   # a flag is a pair of letters: never half of one
    assert text.shorten("Maria-Magdalena Popescu", 360, MIN_TEXT, True) == "Maria-Magdalena" + text.ELLIPSIS
    assert text.shorten("Ana", width, MIN_TEXT, True) == "Ana"


def test_twelve_pins_plates_never_cover_a_head_or_each_other_and_stay_on_the_screen() -> None:
    with table_with_phones(max_phones=64) as (app, phones, clock):
        start_suspect(app, clock)
        scene = app.catalog.get(app.views.public.scene_id)
        assert scene is not None
        near: list[Character] = []   # a crowded middle: the twelve nearest it a head or two apart (the
        for c in sorted((c for c in scene.characters if c.sentient),   # very nearest ring the fountain
                        key=lambda c: (c.x - 0.5) ** 2 + (c.y - 0.5) ** 2):   # so tight no plate has room)
            if len(near) < 12 and all(abs(c.x - o.x) > 0.03 or abs(c.y - o.y) > 0.06 for o in near):
                near.append(c)
        for number, figure in enumerate(near, start=1):
            phones.bridge.ask(Mark(Player(number, f"Player {number} Longname", COLOURS[number % 12]), figure.id))
        _, layers = _pins(app, 12)
        heads = [pygame.Rect(l.dest.x, l.dest.y, l.dest.w, l.dest.w) for k, l in layers.items()
                 if isinstance(k, tuple) and k[:2] == ("phones", "pin")]
        plates = {k[2]: pygame.Rect(l.dest) for k, l in layers.items()
                  if isinstance(k, tuple) and k[:2] == ("phones", "pin label")}
        assert plates, "the most agreed name their phones"
        screen = pygame.Rect((0, 0), app.detective.size)
        for figure, plate in plates.items():
            assert screen.contains(plate)
            assert plate.collidelist([p for f, p in plates.items() if f != figure]) < 0
            own = layers["phones", "pin", figure].dest
            assert plate.collidelist([h for h in heads if h.topleft != (own.x, own.y)]) < 0


def _cursor_on(app: App, figure: str) -> None:
    scene = app.catalog.get(app.views.public.scene_id)
    assert scene is not None
    character = scene.character(figure)
    assert character is not None
    rect = app.detective.table.scene_rect(scene)
    app.detective.cursor.snap(scene, character.x, character.y, rect.size)


def test_the_loupes_caption_shows_the_marks_of_its_suspect_and_no_pin_stays_under_it() -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        for number, name in enumerate(("Ana", "Bogdan"), start=1):
            phones.bridge.ask(Mark(Player(number, name, COLOURS[number]), MARKED))
        _pins(app, 1)
        _cursor_on(app, MARKED)
        monitor, listed = _frame(app)
        keys = [layer.key for layer in listed]
        layers = _by_key(listed)
        caption = layers["loupe", "plate"].dest
        marks = layers["phones", "caption"]
        assert keys.index(("loupe", "plate")) < keys.index(("phones", "caption"))   # over the loupe
        gap = max(abs(marks.dest.top - caption.bottom), abs(marks.dest.bottom - caption.top),
                  abs(marks.dest.left - caption.right), abs(marks.dest.right - caption.left))
        assert pygame.Rect(marks.dest).inflate(24, 24).colliderect(pygame.Rect(caption)), gap   # beside it
        for colour in COLOURS[1:3]:
            assert _has_colour(monitor, marks.dest, colour)
        head = layers["phones", "pin", MARKED].dest
        disc = pygame.Rect(head.x, head.y, head.w, head.w) if head.h > head.w else pygame.Rect(head)
        lens = pygame.Rect(layers["loupe", "lens"].dest)
        moved = pygame.Rect(head.x, head.bottom - head.w, head.w, head.w)
        # Its head shows whole somewhere off the loupe's lens and caption (standing or turned).
        assert not (disc.colliderect(pygame.Rect(caption)) and moved.colliderect(pygame.Rect(caption)))
        assert not (disc.colliderect(lens) and moved.colliderect(lens))


def test_a_pin_under_the_caption_is_moved_where_it_shows() -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        _cursor_on(app, MARKED)
        _, listed = _frame(app)
        layers = _by_key(listed)
        caption = pygame.Rect(layers["loupe", "plate"].dest)
        lens = pygame.Rect(layers["loupe", "lens"].dest)
        scene = app.catalog.get(app.views.public.scene_id)
        assert scene is not None
        area = app.detective.table.scene_rect(scene)
        # A figure just under the caption: its pin, standing above it, would be under the caption.
        under = next(c for c in scene.characters if c.sentient and c.id != MARKED
                     and caption.left + 20 < area.x + c.x * area.w < caption.right - 20
                     and caption.bottom + 6 < area.y + c.y * area.h < caption.bottom + 30
                     and not lens.collidepoint(area.x + c.x * area.w, area.y + c.y * area.h))
        phones.bridge.ask(Mark(Player(1, "Ana", COLOURS[0]), under.id))
        _, layers = _pins(app, 1)
        head = layers["phones", "pin", under.id].dest
        assert not pygame.Rect(head).colliderect(caption), (head, caption)   # it hangs under its figure
        spot = (area.x + under.x * area.w, area.y + under.y * area.h)
        assert abs(head.centerx - spot[0]) <= 2 and abs(head.top - spot[1]) <= 2   # its point on the figure


def test_the_search_views_tag_shows_the_marks_of_its_suspect() -> None:
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        phones.bridge.ask(Mark(Player(1, "Ioana", COLOURS[4]), MARKED))
        _pins(app, 1)
        for command in app.detective.handle_intent(Intent(IntentKind.ZOOM, app.clock.now()), app.views.public):
            app.execute(command, "test")
        scene = app.catalog.get(app.views.public.scene_id)
        assert scene is not None and scene.character(MARKED) is not None
        app.detective.search.follow(scene, scene.character(MARKED))  # type: ignore[arg-type]
        _cursor_on(app, MARKED)

        def captioned() -> bool:
            return ("phones", "caption") in _by_key(_frame(app)[1])

        until(captioned, app)
        monitor, listed = _frame(app)
        layers = _by_key(listed)
        tag, marks = layers["search", "tag"].dest, layers["phones", "caption"].dest
        assert pygame.Rect(marks).inflate(24, 24).colliderect(pygame.Rect(tag))
        assert _has_colour(monitor, marks, COLOURS[4])
        free = pygame.Rect(0, 0, app.detective.size[0], app.detective.search.strip_rect().y)
        assert free.contains(pygame.Rect(marks))
        caption = app.detective.caption()   # the described figure shows whole: its own pin is off its ring
        assert caption is not None and caption.figure == MARKED
        assert not pygame.Rect(layers["phones", "pin", MARKED].dest).colliderect(caption.ring)


def test_no_pin_hides_under_the_join_pill_over_the_search_views_top() -> None:
    """In the search view the scene reaches the monitor's top, under the pill with the join code:
    a pin whose plate or head it would cover is moved where it shows."""
    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        for command in app.detective.handle_intent(Intent(IntentKind.ZOOM, app.clock.now()), app.views.public):
            app.execute(command, "test")
        _frame(app)
        pill = pygame.Rect(_by_key(_frame(app)[1])["phones", "pill"].dest)
        scene = app.catalog.get(app.views.public.scene_id)
        assert scene is not None
        places = app.detective.places(app.views.public)
        assert places is not None
        under = [c for c in scene.characters if c.sentient and (spot := places[1](c.x, c.y)) is not None
                 and pill.left + 20 < spot[0] < pill.right - 20 and pill.bottom < spot[1] < pill.bottom + 40]
        assert under, "a figure just under the pill: its standing pin would be under it"
        phones.bridge.ask(Mark(Player(1, "Ana", COLOURS[0]), under[0].id))
        _, layers = _pins(app, 1)
        pin = layers["phones", "pin", under[0].id]
        assert not pygame.Rect(pin.dest).colliderect(pill)
        plate = layers.get(("phones", "pin label", under[0].id))
        assert plate is None or not pygame.Rect(plate.dest).colliderect(pill)


def test_the_server_draws_a_pins_pictures_before_the_frame_places_it() -> None:
    """A plate's text is a tenth of a millisecond to draw: the server's thread draws the pins'
    pictures (heads both ways, plates, the caption's badge) where it makes the pins, so the frame
    only finds them."""
    from lastmessage.phones.pins import pin_badge, pin_head, pin_label, pin_look

    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        _frame(app)   # the monitor has shown: its scale is told the server
        player = Player(1, "Ioana Popescu-Vlădescu", COLOURS[5])
        phones.bridge.ask(Mark(player, MARKED))
        until(lambda: phones.bridge.shown is not None and any(pin.character == MARKED for pin in phones.bridge.shown[1]),
              app)
        look, scale = pin_look([player]), app.detective.size[1] / 1080
        for picture, arguments in ((pin_head, (look.colours, 1, scale, False)), (pin_head, (look.colours, 1, scale, True)),
                                   (pin_label, (look, scale)), (pin_badge, (look, scale))):
            hits = picture.cache_info().hits
            picture(*arguments)   # type: ignore[operator]
            assert picture.cache_info().hits == hits + 1, picture.__name__


def test_the_server_places_the_pins_where_the_monitor_shows_the_scene_and_the_frame_only_takes_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Placing a dozen pins and their plates is half a millisecond: four times a second while 64
    phones mark, the p99 of the frame. The server's thread lays them (where the monitor showed
    the scene, told it with the marks); the frame lays them itself only when the monitor shows
    the scene elsewhere than the server knew."""
    import threading

    import lastmessage.phones.link as link

    laid_on: list[int] = []
    real = link.lay

    def counted(*arguments: object) -> object:
        laid_on.append(threading.get_ident())
        return real(*arguments)   # type: ignore[arg-type]

    with table_with_phones() as (app, phones, clock):
        start_suspect(app, clock)
        until(lambda: (_frame(app), phones.bridge.laid is not None)[1], app)   # the server knows the place
        monkeypatch.setattr(link, "lay", counted)
        scene = app.catalog.get(app.views.public.scene_id)
        assert scene is not None
        here = app.detective.cursor.on(scene)   # three figures far from the loupe, which would move their pins
        far = sorted((c for c in scene.characters if c.sentient), key=lambda c: -abs(c.x - here.x))[:3]
        for number, figure in enumerate(far, start=1):
            phones.bridge.ask(Mark(Player(number, f"P{number}", COLOURS[number]), figure.id))
        _pins(app, 3)
        assert threading.get_ident() not in laid_on
        monitor, layers = _frame(app)
        assert phones.bridge.laid is not None and phones.bridge.laid[1].layers.layers == [
            layer for layer in layers if isinstance(layer.key, tuple) and layer.key[:2] in (("phones", "pin"),
                                                                                              ("phones", "pin label"))]


def test_a_pin_by_the_captions_side_moves_beside_it_when_standing_and_hanging_are_hidden() -> None:
    """A figure just left of the caption: its head, standing or hanging, crosses the caption's
    edge; it moves beside the caption, whole, its point at the figure's height."""
    from lastmessage.phones.pins import clear_of, pin_look, place_pins, reaches

    screen = (1920, 1080)
    caption = pygame.Rect(600, 300, 500, 200)
    at = (590, 400)   # 10 px left of the caption, its middle
    placed = place_pins([("f", pin_look([Player(1, "Sorin", COLOURS[3])]), at)], screen)
    assert placed[0].disc.colliderect(caption)
    moved = clear_of(placed, reaches(placed), [caption], screen)
    assert not moved[0].disc.colliderect(caption) and moved[0].disc.right <= caption.left
    assert caption.left - moved[0].disc.right <= 4 and abs(moved[0].rect.bottom - at[1]) <= 2
    assert moved[0].plate is not None and not moved[0].plate[1].colliderect(caption)


def test_pins_of_figures_side_by_side_under_the_lens_stand_on_its_edge_side_by_side() -> None:
    """Five marked figures within 40 px of each other under the lens: each head goes to the lens's
    top edge, and there they stand apart, in their figures' order, near their figures."""
    from lastmessage.phones.pins import DRIFT, clear_of, pin_look, place_pins, reaches

    screen = (1920, 1080)
    lens = pygame.Rect(800, 400, 300, 300)
    spots = [(930 + 10 * number, 480) for number in range(5)]   # the top edge the nearer
    placed = place_pins([(f"f{number}", pin_look([Player(number, f"P{number}", COLOURS[number])]), spot)
                         for number, spot in enumerate(spots)], screen)
    moved = clear_of(placed, reaches(placed), [lens], screen)
    discs = [pin.disc for pin in moved]
    assert all(not disc.colliderect(lens) and disc.bottom <= lens.top for disc in discs)
    assert all(a.right < b.left for a, b in zip(discs, discs[1:])), discs   # apart, in order
    assert all(abs(disc.centerx - spot[0]) <= DRIFT * disc.w for disc, spot in zip(discs, spots))


def test_the_captions_marks_name_a_phone_in_full_where_its_pin_cuts_the_name() -> None:
    """Beside the caption, read up close, a name of the most letters a phone may choose shows
    whole; on the pin's plate, out on the scene, it is cut with an ellipsis."""
    from lastmessage.phones.pins import CAPTION_NAME, NAME_WIDTH, PIN_TEXT
    from lastmessage.phones.protocol import NAME_LIMIT

    for name in ("Cătălina-Ștefan", "W" * NAME_LIMIT, "Щ" * NAME_LIMIT):
        assert text.shorten(name, CAPTION_NAME, PIN_TEXT, True) == name
    assert text.shorten("Cătălina-Ștefan", NAME_WIDTH, PIN_TEXT, True).endswith("…")


def test_agreeing_phones_count_shows_in_their_pins_head_and_past_the_named_no_plate_hides_among_heads() -> None:
    """A count plate squeezed in among crowded heads went under them: the count is in the head."""
    from lastmessage.phones.pins import NAMED, head_radius, pin_look, place_pins
    from lastmessage.ui.theme import AMBER

    screen = (1920, 1080)
    pins = [(f"f{n}", pin_look([Player(n, "Ana", COLOURS[n % 12]), Player(n + 50, "Ion", COLOURS[(n + 1) % 12])]),
             (300 + 600 * (n % 3), 300 + 120 * n)) for n in range(NAMED + 2)]   # room for each plate
    placed = place_pins(pins, screen)
    assert all(pin.plate is not None for pin in placed[:NAMED])
    assert all(pin.plate is None for pin in placed[NAMED:])
    single = 2 * head_radius(1, 1.0) + 4
    for pin in placed:
        assert pin.disc.w > single   # grown to hold its digits
        assert _has_colour(pin.head, pin.head.get_rect(size=(pin.disc.w, pin.disc.w)), f"#{bytes(AMBER[:3]).hex()}")


def test_more_heads_than_one_row_holds_on_the_lenss_edge_stand_in_rows_apart() -> None:
    """Twelve marked figures side by side under the lens: one row within DRIFT heads of them holds
    about seven heads; the others stand a row further off the lens, none on another."""
    from lastmessage.phones.pins import DRIFT, clear_of, pin_look, place_pins, reaches

    screen = (1920, 1080)
    lens = pygame.Rect(800, 400, 300, 300)
    spots = [(930 + 4 * number, 480) for number in range(12)]
    placed = place_pins([(f"f{number}", pin_look([Player(number, f"P{number}", COLOURS[number])]), spot)
                         for number, spot in enumerate(spots)], screen)
    discs = [pin.disc for pin in clear_of(placed, reaches(placed), [lens], screen)]
    assert all(not disc.colliderect(lens) and disc.bottom <= lens.top for disc in discs)
    assert all(a.collidelist(discs[number + 1:]) < 0 for number, a in enumerate(discs)), discs
    assert len({disc.y for disc in discs}) >= 2
    assert all(abs(disc.centerx - spot[0]) <= DRIFT * disc.w + disc.w for disc, spot in zip(discs, spots))
