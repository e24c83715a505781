"""The marks' pins on the monitor: who marks whom, readable from the sofa.

A pin stands on its figure (its point on the figure's centre), its head in
the colours of the phones that mark it (a segment each, up to `SEGMENTS`) and,
when several agree, their count in its middle (a head grows to hold it);
beside the head a plate says who: one phone's name, or their names, each after
a dot of its colour (as many as fit `LABEL_WIDTH`, then "+N"). Names are the phones' own (any printable text of
`protocol.NAME_LIMIT` characters): a long one is cut after a whole word or
character with an ellipsis, and a glyph the font lacks shows as its box.

Twelve pins on a crowded scene must not become a heap of plates over the
figures the detectives are searching: the plates are placed most agreed
first, each beside its head (right, left or above) where it covers no other
head or plate and stays whole on the screen; the `NAMED` most agreed may name
their phones, the others (and a pin whose plate finds no room) have no plate:
their heads say how many (a count plate squeezed in among the heads went under
them). Whom every phone of a pin
is shows in full in the loupe's caption when the cursor is on its figure
(`caption_layer`). Heads are drawn over every plate: no pin is ever hidden
by another's plate.

Pictures are kept by what they show (the colours, the names and count, the
monitor's scale): a pin made again as phones mark only finds them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple

import pygame

from lastmessage.phones.marks import Pin, Player
from lastmessage.ui import text, theme
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.present import Layer

PIN_RADIUS = 18      # design pixels (1080p): the head's
INK = (20, 22, 28)   # the heads' edges, points and the counts' discs
RING = 5             # design pixels: a counted head's colours, round the dark disc of its count
PIN_TEXT = MIN_TEXT  # the plates' type: no text on the monitor is smaller (legible at 3 m)
SEGMENTS = 6         # a head shows at most this many markers' colours (more would be slivers)
LABEL_WIDTH = 330    # design pixels: the widest a pin's plate grows
NAME_WIDTH = 220     # design pixels: a longer name is cut with an ellipsis
CAPTION_WIDTH = 700  # design pixels: the caption's marks, read up close to the cursor, have more room
CAPTION_NAME = 600   # design pixels: room there for a whole name of NAME_LIMIT wide letters (Щ: 592)
NAMED = 6            # the most agreed pins whose plates name their phones
GAP = 4              # design pixels kept between a plate and what it keeps off
DRIFT = 3            # heads set side by side on the loupe's edge move at most this many heads' widths
LIFTS = 2            # rows of heads further off the loupe's edge when one row of them has no room
BESIDE = 1           # a head moved beside the box that hides it, at most this many heads' widths off its figure

Places = tuple[Hashable, Callable[[float, float], tuple[int, int] | None]]
"""Where the monitor shows a scene point (x, y, 0..1) now (None: not on the screen), and a key
that changes whenever that does (DetectiveUI.places): the pins are placed again only then. The
mapping depends on nothing but itself: the server's thread may place pins with it."""


@dataclass(frozen=True)
class PinLook:
    """What a pin shows: its markers' names and colours, in the order they joined."""

    markers: tuple[tuple[str, str], ...]   # (name, colour)

    def __hash__(self) -> int:   # a look is the key of its pictures' caches, asked several times a cursor step
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(self.markers)

    @cached_property
    def count(self) -> int:
        return len(self.markers)

    @cached_property
    def colours(self) -> tuple[str, ...]:
        """The head's segments: the markers' colours (each once), at most SEGMENTS."""
        seen: list[str] = []
        for _, colour in self.markers:
            if colour not in seen:
                seen.append(colour)
        return tuple(seen[:SEGMENTS])


def pin_look(players: Sequence[Player]) -> PinLook:
    return PinLook(tuple((player.name, player.colour) for player in players))


def _radius(scale: float) -> int:
    return max(8, round(PIN_RADIUS * scale))


def _px(design: float, scale: float) -> int:
    return max(1, round(design * scale))


def _count(count: int, scale: float) -> pygame.Surface:
    return text.render(str(count), round(PIN_TEXT * scale), theme.AMBER, True)


def head_radius(count: int, scale: float) -> int:
    """A head's radius: a counted one (`count` above 1) holds its digits' ink in a dark disc
    inside a ring of its colours."""
    if count < 2:
        return _radius(scale)
    drawn = _count(count, scale).get_bounding_rect()
    return max(_radius(scale), math.ceil(math.hypot(drawn.w / 2, drawn.h / 2)) + _px(1, scale) + _px(RING, scale))


def _draw_head(surface: pygame.Surface, centre: tuple[int, int], colours: tuple[str, ...], count: int,
               scale: float) -> None:
    """The head: a disc, a segment per colour from twelve o'clock clockwise, dark edged; a
    count above 1 in its middle."""
    radius = head_radius(count, scale)
    pygame.draw.circle(surface, INK, centre, radius + 2)
    if len(colours) == 1:
        pygame.draw.circle(surface, pygame.Color(colours[0]), centre, radius)
    else:
        _draw_segments(surface, centre, colours, radius)
    if count > 1:
        digits = _count(count, scale)
        pygame.draw.circle(surface, INK, centre, radius - _px(RING, scale))
        drawn = digits.get_bounding_rect()
        surface.blit(digits, (centre[0] - drawn.centerx, centre[1] - drawn.centery))


def _draw_segments(surface: pygame.Surface, centre: tuple[int, int], colours: tuple[str, ...], radius: int) -> None:
    share = 2 * math.pi / len(colours)
    steps = max(4, round(48 / len(colours)))
    for number, colour in enumerate(colours):
        start = -math.pi / 2 + number * share
        arc = [(centre[0] + radius * math.cos(start + share * i / steps),
                centre[1] + radius * math.sin(start + share * i / steps)) for i in range(steps + 1)]
        pygame.draw.polygon(surface, pygame.Color(colour), [centre, *arc])
    for number in range(len(colours)):   # the segments parted, so neighbouring colours stay apart
        angle = -math.pi / 2 + number * share
        pygame.draw.line(surface, INK, centre, (centre[0] + radius * math.cos(angle),
                                                 centre[1] + radius * math.sin(angle)), 2)


@lru_cache(maxsize=64)
def pin_head(colours: tuple[str, ...], count: int, scale: float, hanging: bool = False) -> pygame.Surface:
    """A pin: its head in `colours` (and `count`, above 1) over a point that touches the figure;
    `hanging`, under the point (a pin turned below its figure). The head's disc is the
    picture's top square (its bottom square, hanging)."""
    radius = head_radius(count, scale)
    side = radius * 2 + 4
    image = pygame.Surface((side, side + radius), pygame.SRCALPHA)
    centre = (side // 2, radius + side // 2 if hanging else side // 2)
    toward = -1 if hanging else 1
    tip = (centre[0], 2 if hanging else side + radius - 2)
    pygame.draw.polygon(image, INK, [(centre[0] - radius // 2, centre[1] + toward * radius // 2),
                                               (centre[0] + radius // 2, centre[1] + toward * radius // 2), tip])
    _draw_head(image, centre, colours, count, scale)
    return image


@lru_cache(maxsize=128)
def pin_label(look: PinLook, scale: float, width: int = LABEL_WIDTH,
              edge: theme.Color | None = None, name_width: int = NAME_WIDTH) -> pygame.Surface:
    """The plate beside a head: one phone's name; several phones' names after a dot of their
    colour as far as `width` (design pixels) allows, then "+N" for the others (the head says how
    many); a name wider than `name_width` cut. Edged in `edge`, else in one phone's colour or,
    for several, a quiet line."""
    size = round(PIN_TEXT * scale)
    pad, space = _px(10, scale), _px(8, scale)
    dot = _px(7, scale)
    limit = _px(width, scale) - 2 * pad
    pieces: list[tuple[pygame.Surface | str, int]] = []   # a text's picture, or a dot's colour; its left gap
    for number, (name, colour) in enumerate(look.markers):
        words = text.render(text.shorten(name, _px(name_width, scale), size, True), size, theme.TEXT, True)
        add: list[tuple[pygame.Surface | str, int]] = \
            [(colour, space if pieces else 0), (words, _px(5, scale))] if look.count > 1 else [(words, 0)]
        left = look.count - number - 1
        more = [(text.render(f"+{left}", size, theme.TEXT_DIM, True), space)] if left else []
        if number and _span([*pieces, *add, *more], dot) > limit:
            pieces.append((text.render(f"+{look.count - number}", size, theme.TEXT_DIM, True), space))
            break
        pieces += add
    height = theme.font(size, True).get_height() + 2 * _px(3, scale)
    plate = pygame.Surface((2 * pad + _span(pieces, dot), height), pygame.SRCALPHA)
    line: pygame.Color | theme.Color = edge or (pygame.Color(look.markers[0][1]) if look.count == 1
                                                else theme.NIGHT_LINE)
    pygame.draw.rect(plate, (*theme.NIGHT, 240), plate.get_rect(), border_radius=height // 2)
    pygame.draw.rect(plate, line, plate.get_rect(), max(2, _px(3, scale)), border_radius=height // 2)
    x = pad
    for piece, gap in pieces:
        x += gap
        if isinstance(piece, pygame.Surface):
            plate.blit(piece, (x, (height - piece.get_height()) // 2))
            x += piece.get_width()
        else:
            pygame.draw.circle(plate, INK, (x + dot, height // 2), dot + 1)
            pygame.draw.circle(plate, pygame.Color(piece), (x + dot, height // 2), dot)
            x += 2 * dot
    return plate


def _span(pieces: Sequence[tuple[pygame.Surface | str, int]], dot: int) -> int:
    """The width of a plate's pieces (texts' pictures and dots), with their gaps."""
    return sum(gap + (piece.get_width() if isinstance(piece, pygame.Surface) else 2 * dot) for piece, gap in pieces)


@lru_cache(maxsize=32)
def pin_badge(look: PinLook, scale: float) -> pygame.Surface:
    """A pin's head and its whole plate side by side, pointless: the marks of the figure the
    loupe's caption describes, beside the caption."""
    radius = head_radius(look.count, scale)
    side = radius * 2 + 4
    plate = pin_label(look, scale, CAPTION_WIDTH, theme.AMBER, CAPTION_NAME)   # edged as the caption
    overlap = radius // 2
    badge = pygame.Surface((side - overlap + plate.get_width(), max(side, plate.get_height())), pygame.SRCALPHA)
    badge.blit(plate, (side - overlap, (badge.get_height() - plate.get_height()) // 2))
    _draw_head(badge, (side // 2, badge.get_height() // 2), look.colours, look.count, scale)
    return badge


def draw_ahead(pins: Sequence[Pin], scale: float) -> None:
    """The pictures of these pins (heads standing and hanging, plates naming and counting, the
    caption's badge) made where the pins are made, on the server's thread, so the frame that
    places them only finds them: a plate's text is about a tenth of a millisecond to draw, and twelve pins' changed
    markers, four times a second, were a frame's whole budget on the frame's thread. Called as
    `place_pins` and `clear_of` call them: the caches' keys are the calls'."""
    for pin in pins:
        look = pin_look(pin.players)
        for hanging in (False, True):
            pin_head(look.colours, look.count, scale, hanging)
        pin_label(look, scale)
        pin_badge(look, scale)   # beside the caption, when the cursor comes to its figure


class Placed(NamedTuple):
    """A pin as placed on the monitor: its head's picture and place, its plate's (if any)."""

    figure: str
    look: PinLook
    at: tuple[int, int]          # where the figure's centre shows
    head: pygame.Surface
    rect: pygame.Rect            # the head's picture's place
    disc: pygame.Rect            # the head's disc in it (what a plate keeps off)
    plate: tuple[pygame.Surface, pygame.Rect] | None   # its picture and place


def place_pins(pins: Sequence[tuple[str, PinLook, tuple[int, int]]], screen: tuple[int, int]) -> list[Placed]:
    """`pins` (figure, look, where the figure's centre shows), the most agreed first, placed: each
    head over its figure, whole on the screen, and the plates as the module says."""
    scale = screen[1] / 1080
    bounds = _bounds(screen)
    placed = []
    for figure, look, at in pins:
        image = pin_head(look.colours, look.count, scale, False)
        rect = image.get_rect(midbottom=at).clamp(bounds)   # never cut by the screen's edge
        placed.append(Placed(figure, look, at, image, rect, pygame.Rect(rect.topleft, (rect.w, rect.w)), None))
    taken = [pin.disc for pin in placed]
    for rank, pin in enumerate(placed):
        plate = _plate(pin, rank, [r for number, r in enumerate(taken) if number != rank], (), screen)
        if plate is not None:
            taken.append(plate[1])
            placed[rank] = pin._replace(plate=plate)
    return placed


def place_marks(pins: Sequence[Pin], places: Places, screen: tuple[int, int]) -> list[Placed]:
    """The monitor's `pins` (the most agreed first) placed where `places` shows their figures (a
    figure off the screen has none)."""
    place = places[1]
    shown = []
    for pin in pins:
        spot = place(pin.x, pin.y)
        if spot is not None:
            shown.append((pin.character, pin_look(pin.players), spot))
    return place_pins(shown, screen)


def reaches(placed: Sequence[Placed]) -> list[pygame.Rect]:
    """Each pin's whole extent (head, plate, and the point on its figure): what the loupe may hide."""
    return [pin.disc.unionall([pygame.Rect(pin.at, (1, 1)), *(() if pin.plate is None else (pin.plate[1],))])
            for pin in placed]


def clear_of(placed: list[Placed], extents: list[pygame.Rect], hidden: Sequence[pygame.Rect],
             screen: tuple[int, int], before: list[Placed] | None = None) -> list[Placed]:
    """`placed`, with each pin the loupe hides (`hidden`: its lens, its caption and what stands by
    the caption) moved where it shows whole: turned to hang under its figure, or, the figure
    itself being under the loupe, standing on the loupe's top edge (or hanging from its bottom
    edge) straight over (or under) the figure, the nearer first; or, none of these showing whole
    (a figure by the caption's side), beside the box that hides it; its plate placed again off the
    loupe and the other pins. The loupe moves with
    the cursor on every step, so this is worked out on every step and kept to a few rectangles:
    `extents` (`reaches`, made when the pins were placed) find in one look the few pins it may
    reach, and `placed` itself comes back when it reaches none (searching every way round for
    each pin, as first done, cost the frame 0.15 ms at the median with 64 phones marking).
    `before`: what the last step made of the same `placed`; a pin it moved that the loupe
    still leaves clear stays there (a pin does not jump at every step)."""
    if not hidden:
        return placed
    near = sorted({rank for box in hidden for rank in box.collidelistall(extents)})
    touched = [rank for rank in near if _hidden(placed[rank], hidden)]
    if not touched:
        return placed
    moved = list(placed)
    if before is not None:
        kept = [rank for rank in touched if before[rank] is not placed[rank] and not _hidden(before[rank], hidden)]
        for rank in kept:
            moved[rank] = before[rank]
        touched = [rank for rank in touched if rank not in kept]
    scale = screen[1] / 1080
    bounds = _bounds(screen)
    turned = []
    staying = set(touched)
    plates = [pin.plate[1] for rank, pin in enumerate(moved) if pin.plate is not None and rank not in staying]
    for rank in touched:   # a head over its figure, turned to hang under it, or onto the loupe's edge
        pin = moved[rank]
        found = _turned(pin, hidden, plates, scale, bounds)
        if found is not None:
            moved[rank] = found
            turned.append(rank)
    _spread(moved, turned, hidden, bounds)
    if turned:   # then their plates, the most agreed first, off the loupe and every other pin
        others = [p.disc for p in moved] + [p.plate[1] for p in moved if p.plate is not None]
        for rank in turned:
            own = [box for box in others if box is not moved[rank].disc]
            plate = _plate(moved[rank], rank, own, hidden, screen)
            pin = moved[rank]
            moved[rank] = Placed(pin.figure, pin.look, pin.at, pin.head, pin.rect, pin.disc, plate)
            if plate is not None:
                others.append(plate[1])
    return moved


def _turned(pin: Placed, hidden: Sequence[pygame.Rect], plates: Sequence[pygame.Rect], scale: float,
            bounds: pygame.Rect) -> Placed | None:
    """`pin`'s head where it shows whole off `hidden` (its own plate to be placed again), as
    `clear_of` says, the first way that also covers none of `plates` (the other pins') or else
    the first that shows whole; None if no way does."""
    whole: Placed | None = None
    heads = [(False, pin.at), (True, pin.at)]   # standing still (only its plate was hidden), or turned
    column = [box for box in hidden if box.left <= pin.at[0] < box.right]
    if pygame.Rect(pin.at, (1, 1)).collidelist(hidden) >= 0 and column:   # the figure is under the
        edges = [(False, (pin.at[0], min(box.top for box in column))),      # loupe: on its edge straight
                 (True, (pin.at[0], max(box.bottom for box in column)))]    # over or under it, the nearer
        heads = sorted(edges, key=lambda edge: abs(edge[1][1] - pin.at[1]))
    sides = False   # the ways beside the boxes, tried once the others are hidden
    for number, (hanging, at) in enumerate(heads):   # (a loop over `heads` sees the ways added to it)
        image = pin_head(pin.look.colours, pin.look.count, scale, hanging)
        rect = (image.get_rect(midtop=at) if hanging else image.get_rect(midbottom=at)).clamp(bounds)
        disc = pygame.Rect(rect.x, rect.bottom - rect.w, rect.w, rect.w) if hanging \
            else pygame.Rect(rect.topleft, (rect.w, rect.w))
        if disc.collidelist(hidden) < 0:   # it shows whole
            if disc.collidelist(plates) < 0:
                return Placed(pin.figure, pin.look, pin.at, image, rect, disc, None)
            whole = whole or Placed(pin.figure, pin.look, pin.at, image, rect, disc, None)
        if number == len(heads) - 1 and not sides:   # the figure by a box's side: beside the box
            sides = True
            heads += sorted(((turn, (x, pin.at[1])) for box in hidden if box.colliderect(disc)
                             for x in (box.left - disc.w // 2 - 1, box.right + disc.w // 2 + 1)
                             if abs(x - pin.at[0]) <= BESIDE * disc.w   # far off, it would seem another's
                             for turn in (False, True)),
                            key=lambda head: abs(head[1][0] - pin.at[0]))
    return whole


def _spread(moved: list[Placed], turned: list[int], hidden: Sequence[pygame.Rect], bounds: pygame.Rect) -> None:
    """Heads turned onto one line (figures side by side under the lens, all put on its edge) set
    side by side in their figures' order, out from the middle of the row, rather than heaped on
    each other; each steps past another pin or its plate in its way. Those that find no room on
    the screen off the loupe within DRIFT heads of their figures go a head further off the loupe
    (up to LIFTS rows: twelve marked figures under the lens make more heads than one row of
    their width holds), and stay where they were if they find none there either."""
    rows: dict[tuple[bool, int], list[int]] = {}
    for rank in turned:   # a row: heads standing on one line, or hanging from one (a counted head is taller)
        pin = moved[rank]
        standing = pin.disc.top == pin.rect.top
        rows.setdefault((standing, pin.rect.bottom if standing else pin.rect.top), []).append(rank)
    for (standing, _), row in rows.items():
        if len(row) < 2:
            continue
        others = [box for rank, pin in enumerate(moved) if rank not in row
                  for box in (pin.disc, *(() if pin.plate is None or rank in turned else (pin.plate[1],)))]
        stuck = _line(moved, row, others, hidden, bounds)
        for _ in range(LIFTS):
            if not stuck:
                break
            others += [moved[rank].disc for rank in row if rank not in stuck]
            step = (max(moved[rank].disc.h for rank in stuck) + 2) * (-1 if standing else 1)
            where = {rank: moved[rank] for rank in stuck}
            for rank, pin in where.items():
                moved[rank] = pin._replace(rect=pin.rect.move(0, step), disc=pin.disc.move(0, step))
            row, stuck = stuck, _line(moved, stuck, others, hidden, bounds)
            for rank in stuck:
                moved[rank] = where[rank]


def _line(moved: list[Placed], row: list[int], others: list[pygame.Rect], hidden: Sequence[pygame.Rect],
          bounds: pygame.Rect) -> list[int]:
    """`row`'s heads set side by side out from its middle (`_sweep`); those that found no room."""
    row = sorted(row, key=lambda rank: moved[rank].disc.x)
    middle = sum(moved[rank].disc.centerx for rank in row) / len(row)
    right = [rank for rank in row if moved[rank].disc.centerx >= middle]
    left = [rank for rank in reversed(row) if moved[rank].disc.centerx < middle]
    edge, stuck = _sweep(moved, right, 1, round(middle) - 1, others, hidden, bounds)
    _, stuck_left = _sweep(moved, left, -1, round(middle) + 1, others, hidden, bounds)
    return _sweep(moved, [*stuck, *stuck_left], 1, edge, others, hidden, bounds)[1]   # no room their way: on the right


def _sweep(moved: list[Placed], ranks: list[int], side: int, edge: int, others: list[pygame.Rect],
           hidden: Sequence[pygame.Rect], bounds: pygame.Rect) -> tuple[int, list[int]]:
    """`_spread`'s heads of `ranks` set one after another outward (`side` 1: rightward) from `edge`;
    the far edge of the last set, and those that found no room."""
    stuck = []
    for rank in ranks:
        pin = moved[rank]
        disc = pin.disc.copy()
        disc.x = max(disc.x, edge + 2) if side > 0 else min(disc.x, edge - 2 - disc.w)
        for _ in range(len(others) + 1):   # past what is in the way, outward
            hit = disc.collidelist(others)
            if hit < 0:
                break
            disc.x = others[hit].right + 2 if side > 0 else others[hit].left - 2 - disc.w
        if (bounds.contains(disc) and disc.collidelist(hidden) < 0 and disc.collidelist(others) < 0
                and abs(disc.x - pin.disc.x) <= DRIFT * disc.w):
            moved[rank] = pin._replace(rect=pin.rect.move(disc.x - pin.disc.x, 0), disc=disc)
            edge = disc.right if side > 0 else disc.left
        else:
            stuck.append(rank)
    return edge, stuck


def _hidden(pin: Placed, hidden: Sequence[pygame.Rect]) -> bool:
    """Whether the loupe hides some of the pin: its head, its plate or the point on its figure."""
    return (pin.disc.collidelist(hidden) >= 0 or (pin.plate is not None and pin.plate[1].collidelist(hidden) >= 0)
            or pygame.Rect(pin.at, (1, 1)).collidelist(hidden) >= 0)


class PinLayers(NamedTuple):
    """The layers of placed pins, and each pin's (by the id of its Placed, which it holds so the id
    stays its): its plate's (if any) and its head's."""

    layers: list[Layer]
    made: dict[int, tuple[Placed, Layer | None, Layer]]


class Laid(NamedTuple):
    """Pins placed on the monitor: where (`place_marks`), their extents (`reaches`) and their layers."""

    placed: list[Placed]
    extents: list[pygame.Rect]
    layers: PinLayers


def lay(pins: Sequence[Pin], places: Places, screen: tuple[int, int]) -> Laid:
    """On the server's thread as the marks change; on the frame's only when the monitor shows the
    scene elsewhere than the server last knew (a search view panning)."""
    placed = place_marks(pins, places, screen)
    return Laid(placed, reaches(placed), pin_layers(placed))


def pin_layers(placed: Sequence[Placed], before: PinLayers | None = None) -> PinLayers:
    """The layers of placed pins: the plates, then the heads over them (the most agreed on top).
    Each keeps its figure's texture however the pins are ranked. A pin `before` made the layers
    of keeps them: a cursor step that moves two pins off the loupe makes two pins' layers, not
    twenty-four."""
    known = {} if before is None else before.made
    made: dict[int, tuple[Placed, Layer | None, Layer]] = {}
    for pin in reversed(placed):
        kept = known.get(id(pin))
        if kept is None or kept[0] is not pin:
            plate = None if pin.plate is None else Layer(("phones", "pin label", pin.figure), pin.plate[0],
                                                         pygame.FRect(pin.plate[1]), version=pin.look)
            kept = (pin, plate, Layer(("phones", "pin", pin.figure), pin.head, pygame.FRect(pin.rect),
                                      version=(pin.look.colours, pin.look.count)))
        made[id(pin)] = kept
    plates = [plate for _, plate, _ in made.values() if plate is not None]
    return PinLayers([*plates, *(head for _, _, head in made.values())], made)


def _bounds(screen: tuple[int, int]) -> pygame.Rect:
    margin = _px(GAP, screen[1] / 1080)
    return pygame.Rect((0, 0), screen).inflate(-2 * margin, -2 * margin)


def _plate(pin: Placed, rank: int, others: Sequence[pygame.Rect], hidden: Sequence[pygame.Rect],
           screen: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect] | None:
    """Where `pin`'s plate goes beside its head (right, left, or away from the point), covering
    none of `others` (the other heads and plates) nor `hidden`, if it is among the NAMED most
    agreed and there is room (else none: its head shows its colours and count)."""
    if rank >= NAMED:
        return None
    scale = screen[1] / 1080
    radius, gap, margin = pin.disc.w // 2 - 2, _px(2, scale), _px(GAP, scale)
    bounds = _bounds(screen)
    centre = pin.disc.center
    label = pin_label(pin.look, scale)
    away = label.get_rect(midbottom=(centre[0], pin.disc.top - gap)) if pin.disc.top == pin.rect.top \
        else label.get_rect(midtop=(centre[0], pin.disc.bottom + gap))
    ways = [label.get_rect(midleft=(centre[0] + radius - gap, centre[1])),
            label.get_rect(midright=(centre[0] - radius + gap, centre[1])), away]
    room = next((way for way in ways if bounds.contains(way) and way.collidelist(hidden) < 0
                 and way.inflate(2 * margin, 2 * margin).collidelist(others) < 0), None)
    return None if room is None else (label, room)


def caption_layer(look: PinLook, caption: pygame.Rect, keep_off: pygame.Rect, bounds: pygame.Rect,
                  pins: Sequence[pygame.Rect], screen: tuple[int, int]) -> Layer:
    """The marks of the figure the loupe's (or the search view's) caption describes, beside the
    caption: under it, else right of it, left of it or over it, whole inside `bounds` and off
    `keep_off` (the ring round the figure) where it can, and off the other `pins` (their heads
    and plates) if it can too; its own pin on the scene may be under the caption."""
    scale = screen[1] / 1080
    badge = pin_badge(look, scale)
    gap = _px(GAP, scale)
    ways = [badge.get_rect(midtop=(caption.centerx, caption.bottom + gap)),
            badge.get_rect(midleft=(caption.right + gap, caption.centery)),
            badge.get_rect(midright=(caption.left - gap, caption.centery)),
            badge.get_rect(midbottom=(caption.centerx, caption.top - gap))]
    fits = [way for way in ways if bounds.contains(way)]
    place = next((way for way in fits if not way.colliderect(keep_off) and way.collidelist(pins) < 0),
                 next((way for way in fits if not way.colliderect(keep_off)), fits[0] if fits else ways[0].clamp(bounds)))
    return Layer(("phones", "caption"), badge, pygame.FRect(place), version=look)
