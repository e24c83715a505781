"""The magnifier: the area around the cursor, enlarged, with the character's name.

Figures are small on a crowded scene, so the loupe shows a sharper render of
the same scene (drawn `ZOOM` times larger, from the scene cache), never an
upscaled blur. It moves with the cursor at every step, so it is handed to the
display as layers (present.Layer), not drawn into the screen: the shadow and
rim, the suspect's circle and the name plates are pictures made once and only
placed; a step paints nothing but the lens's own square (a copy from the big
raster, cut round), and nothing under the loupe has to be restored or sent
again. That was half of a cursor step's cost when the loupe was blended into
the monitor's surface (the shadow's alpha, two colour-keyed blits, the old
place put back).

Name plates are kept within a budget (`PLATES_MB`): every plate of a crowd was
53 MB at full HD and 210 MB at 4K, the largest picture a game held. The
plates of the characters nearest the middle, where the cursor starts, are made
when the scene is prepared; one the cursor reaches later is made then (about
a tenth of a millisecond) and the plate used longest ago goes.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.painter import PAINTER
from lastmessage.scenes.render import character_radius, scene_digest
from lastmessage.scenes.surface_cache import SurfaceCache
from lastmessage.ui import theme
from lastmessage.ui.detective import words
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.present import Layer, compose_onto
from lastmessage.ui.text import fit_lines, render
from lastmessage.ui.theme import Theme, font

ZOOM = 3.0
MAX_SOURCE_WIDTH = 4800   # caps the raster (and memory) on a 4K monitor
PLATES_MB = 8.0
"""Name plates kept on a full-HD monitor (about 55 of them), scaled with the monitor's pixels."""



class Loupe:
    def __init__(self, radius: int, t: Theme) -> None:
        self.radius = radius
        self.theme = t
        self._source: pygame.Surface | None = None
        self._key: tuple[str, tuple[int, int]] | None = None
        side = 2 * radius
        # The lens: the big raster's square round the suspect, cut round by the mask's alpha
        # (the rim over its edge hides the unsmoothed border); painted again only when the
        # suspect (or the raster) changes, and then sent to its texture.
        self._lens = pygame.Surface((side, side), pygame.SRCALPHA)
        self._round = pygame.Surface((side, side), pygame.SRCALPHA)
        self._round.fill((255, 255, 255, 0))
        pygame.draw.circle(self._round, (255, 255, 255, 255), (radius, radius), radius)
        self._painted: tuple[object, ...] | None = None   # what the lens shows now
        self._version = 0
        self._hold: tuple[float, pygame.Surface] | None = None   # the ACCUSE hold's arc, for its progress
        self._frames: dict[theme.Color, pygame.Surface] = {}
        self._names: SurfaceCache[str] = SurfaceCache(
            "loupe name plates", PLATES_MB * t.width * t.height / (1920 * 1080))   # by character id
        self._names_key: tuple[str, Translator] | None = None
        self._lines: dict[str, PlateLines] = {}   # by character id: every plate's wrapping
        self._tx: Translator | None = None

    def drop(self) -> None:
        """Let go of the scene's pictures (the big raster, the name plates); `prepare` loads them again."""
        self._source = None
        self._key = None
        self._painted = None
        self._names.clear()
        self._lines.clear()
        self._names_key = None

    @staticmethod
    def source_size(shown: tuple[int, int]) -> tuple[int, int]:
        """The size of the big raster the lens shows for a scene shown at `shown` pixels."""
        zoom = min(ZOOM, MAX_SOURCE_WIDTH / shown[0])
        return round(shown[0] * zoom), round(shown[1] * zoom)

    def prepare(self, scene: Scene, shown: tuple[int, int], tx: Translator, *, every_name: bool = True,
                like: Loupe | None = None) -> None:
        """Load the big raster for `scene` shown at `shown` pixels (once per scene;
        taken from loupe `like` when it holds it), and every name plate, unless
        only one character will be shown (`every_name`)."""
        size = self.source_size(shown)
        picture = scene_digest(scene)   # not its id: a resumed game's kept scene shares it with the catalog's
        if self._key != (picture, size):
            held = like is not None and like._key == (picture, size)
            self._source = like._source if like is not None and held else PAINTER.get(scene, size)
            self._key = (picture, size)
        if self._names_key != (picture, tx):
            # The plates around the middle now, where the cursor starts: a scene (or language)
            # change can afford the text of many, a cursor step that of one. Keyed by id:
            # characters sharing a name differ in their on-screen form (description).
            # Every plate's lines too (a few kilobytes, 25-40 ms for a crowd): wrapping a long name
            # is half of making its plate, which a cursor step reaching it must otherwise pay.
            self._names.clear()
            self._names_key = (picture, tx)
            self._lines = {c.id: plate_lines(words.name(tx, c), 2 * self.radius, self.theme)
                           for c in (scene.characters if every_name else ())}
            middle = sorted(scene.characters if every_name else (),
                            key=lambda c: (c.x - 0.5) ** 2 + (c.y - 0.5) ** 2)
            for character in middle:
                self._names.put(character.id, self._make_plate(character, tx))
                if self._names.bytes >= self._names.budget:
                    break
        self._tx = tx

    def place(self, focus: tuple[float, float], clearance: float, bounds: pygame.Rect,
              plate: pygame.Rect | None = None, clear_of: Sequence[pygame.Rect] = ()) -> tuple[int, int]:
        """A centre for the lens beside `focus`, not covering it, inside `bounds` if possible.

        Above-right first, then the other diagonals (and with a plate, straight
        right, left, above); the first that fits wins (the first that also hides
        none of `clear_of`, the notices under it, if need be moved just beside
        the notice it would hide; if none can, the first that fits),
        otherwise the one sticking out least (moved into the bounds). With
        `plate` (the name plate's rectangle, relative to the centre) the lens
        moves further out along its diagonal until its plate, too, keeps clear
        of the circle of `clearance` around `focus` (a spotlight must show),
        and of those moved into the bounds, one that still keeps clear wins.
        """
        distance = self.radius + clearance
        best: tuple[tuple[float, float], tuple[int, int]] | None = None
        fits: tuple[int, int] | None = None   # the first inside the bounds, if all hide a notice
        diagonal = 1 / math.sqrt(2)
        ways = [(diagonal, -diagonal), (-diagonal, -diagonal), (diagonal, diagonal), (-diagonal, diagonal)]
        if plate is not None:   # near an edge of the scene, straight beside it may be the only room
            ways += [(1.0, 0.0), (-1.0, 0.0), (0.0, -1.0)]
        step = self.theme.px(8)

        def along(sx: float, sy: float, push: int) -> tuple[int, int]:
            """The centre `push` steps further out than the lens's own distance along (sx, sy)."""
            return (round(focus[0] + sx * (distance + push * step)), round(focus[1] + sy * (distance + push * step)))

        for sx, sy in ways:
            pushed = functools.partial(along, sx, sy)
            centre = pushed(0)
            if plate is not None and _covers(plate.move(centre), focus, clearance):
                # The least push (of 8 px steps, at most half a screen) that takes the plate off
                # the spotlight: moving out along a diagonal only ever takes it further off, so
                # halving finds it in six tries where stepping took up to 63 (a cursor step's cost).
                low, high = 1, 63
                while low < high:
                    middle = (low + high) // 2
                    if _covers(plate.move(pushed(middle)), focus, clearance):
                        low = middle + 1
                    else:
                        high = middle
                centre = pushed(low)
            box = self._footprint(centre, plate)
            outside = box.w * box.h - box.clip(bounds).w * box.clip(bounds).h
            if outside == 0:
                clear = _beside(box, clear_of, bounds, focus, clearance)
                if clear is not None:
                    return (centre[0] + clear.x - box.x, centre[1] + clear.y - box.y)
                fits = fits or centre
                continue
            shifted = box.clamp(bounds)
            centre = (centre[0] + shifted.x - box.x, centre[1] + shifted.y - box.y)
            hides = 0.0   # how far the lens reaches into the spotlight (0 for the cursor's loupe: no plate given)
            if plate is not None and _covers(plate.move(centre), focus, clearance):
                hides = clearance
            elif plate is not None:
                hides = max(0.0, self.radius + clearance - math.dist(centre, focus))
            if best is None or (hides, outside) < best[0]:
                best = ((hides, outside), centre)
        if fits is not None:
            return fits
        assert best is not None
        return best[1]

    def _footprint(self, centre: tuple[int, int], plate: pygame.Rect | None) -> pygame.Rect:
        """The lens's square at `centre`, and its plate's rectangle if given."""
        box = pygame.Rect(0, 0, 2 * self.radius, 2 * self.radius)
        box.center = centre
        return box if plate is None else box.union(plate.move(centre))

    def plate_box(self, character: Character) -> pygame.Rect:
        """Where `character`'s name plate goes, relative to the lens's centre."""
        box = pygame.Rect(-self.radius, -self.radius, 2 * self.radius, 2 * self.radius)
        return self._plate_rect(self._plate(character), box)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], scene: Scene,
             character: Character, *, ring: theme.Color = theme.AMBER,
             progress: float = 0.0) -> pygame.Rect:
        """The loupe drawn into `surface` (a picture kept whole, such as the reveal's big lens):
        its layers composed there, as the software path does; returns what it covered."""
        layers = self.layers(centre, scene, character, surface.get_rect(), ring=ring, progress=progress)
        compose_onto(surface, layers)
        covered = pygame.Rect(layers[0].dest)
        return covered.unionall([pygame.Rect(layer.dest) for layer in layers[1:]])

    def layers(self, centre: tuple[int, int], scene: Scene, character: Character, bounds: pygame.Rect, *,
               ring: theme.Color = theme.AMBER, progress: float = 0.0) -> list[Layer]:
        """The lens at `centre` showing `character` (circled, in the middle), as layers over the
        screen, the name plate kept inside `bounds`; `progress` (0..1) fills the rim in crimson
        while ACCUSE is held."""
        assert self._source is not None, "prepare() the loupe for the scene first"
        r = self.radius
        source = self._source
        lens = self._lens_of(character)
        box = pygame.FRect(lens.get_rect(center=centre))
        frame = self._frame(ring)
        marker = round(min(r - 4, character_radius(scene, character, source.get_size()) * 1.35))
        circle = _marker(ring, marker, max(2, self.theme.px(3)))
        plate = self._plate(character)
        layers = [Layer(("loupe", "lens"), lens, box, version=self._version),
                  Layer(("loupe", "frame"), frame, pygame.FRect(frame.get_rect(center=centre))),
                  Layer(("loupe", "circle"), circle, pygame.FRect(circle.get_rect(center=centre)))]
        if progress > 0:
            arc = self._arc(progress)
            layers.append(Layer(("loupe", "hold"), arc, pygame.FRect(arc.get_rect(center=centre)),
                                version=progress))
        place = self._plate_rect(plate, pygame.Rect(box)).clamp(bounds)
        layers.append(Layer(("loupe", "plate"), plate, pygame.FRect(place)))
        return layers

    def _lens_of(self, character: Character) -> pygame.Surface:
        """The lens's picture for `character`, painted when it changed."""
        shown = (character.id, character.x, character.y, self._key)
        if self._painted != shown:
            assert self._source is not None
            r, source, lens = self.radius, self._source, self._lens
            sx = round(character.x * source.get_width())
            sy = round(character.y * source.get_height())
            area = pygame.Rect(sx - r, sy - r, 2 * r, 2 * r)
            if not source.get_rect().contains(area):
                lens.fill(theme.NIGHT)   # the lens reaches past the scene's edge
            lens.blit(source, (0, 0), area)   # opaque pixels: the lens's alpha is 255 where they land
            lens.blit(self._round, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)   # cut round
            self._painted = shown
            self._version += 1
        return self._lens

    def _arc(self, progress: float) -> pygame.Surface:
        """The crimson arc of the ACCUSE hold over the rim, for this much progress."""
        if self._hold is None or self._hold[0] != progress:
            rim = max(3, self.theme.px(7))
            outer = self.radius + rim + 2
            side = 2 * outer + 2
            arc = self._hold[1] if self._hold is not None else pygame.Surface((side, side), pygame.SRCALPHA)
            arc.fill((0, 0, 0, 0))
            _arc(arc, theme.CRIMSON, (side // 2, side // 2), self.radius - 1, outer, progress)
            self._hold = (progress, arc)
        return self._hold[1]

    def _frame(self, ring: theme.Color) -> pygame.Surface:
        """Shadow and rim, drawn once per colour."""
        key = ring
        if key not in self._frames:
            r, t = self.radius, self.theme
            rim, blur = max(3, t.px(7)), t.px(14)
            frame = _shadow(r + rim, blur, t.px(6))
            middle = (frame.get_width() / 2, frame.get_height() / 2)
            pygame.draw.circle(frame, (0, 0, 0, 0), middle, r)
            pygame.draw.circle(frame, theme.NIGHT, middle, r + rim, rim)
            pygame.draw.aacircle(frame, ring, middle, r + rim // 2, max(2, rim - 2))
            self._frames[key] = frame
        return self._frames[key]

    def _plate(self, character: Character) -> pygame.Surface:
        plate = self._names.get(character.id)
        if plate is None:   # beyond the plates kept (or prepared for one character): its plate now
            assert self._tx is not None, "prepare() the loupe for the scene first"
            plate = self._names.put(character.id, self._make_plate(character, self._tx))
        return plate

    def _make_plate(self, character: Character, tx: Translator) -> pygame.Surface:
        return name_plate(words.name(tx, character), 2 * self.radius, self.theme, self._lines.get(character.id))

    def _plate_rect(self, plate: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """The plate hangs over the bottom of the lens's `box`."""
        rect = plate.get_rect(midtop=(box.centerx, box.bottom - self.theme.px(10)))
        one_line = font(self.theme.px(32), True).get_height() + self.theme.px(12)
        if rect.h > one_line:   # more lines reach up over the lens rim, not further down: the same area to redraw
            rect.bottom = box.bottom - self.theme.px(10) + one_line
        return rect


PlateLines = tuple[list[str], int]   # a plate's lines and their type size


def plate_lines(name: str, lens_width: int, t: Theme) -> PlateLines:
    """The name under the lens: one line if it fits, else up to three, wrapped by words (long
    descriptions, Romanian ones especially, must be read whole). Kept barely wider than the lens:
    the plate moves with the cursor, and a wide one made each step's redrawn (and uploaded)
    area a tenth of a 4K screen."""
    for widen in (1.2, 1.6, 2.2):   # wider only for the longest (three lines at most)
        lines, size = fit_lines(name, round(lens_width * widen), t.px(32), t.px(MIN_TEXT), bold=True)
        if len(lines) <= 3:
            break
    return lines, size


def name_plate(name: str, lens_width: int, t: Theme, lines: PlateLines | None = None) -> pygame.Surface:
    """The plate of `plate_lines` (given, or found now)."""
    shown, size = lines or plate_lines(name, lens_width, t)
    images = [render(line, size, theme.TEXT, True) for line in shown]
    step = images[0].get_height()
    block = pygame.Rect(0, 0, max(i.get_width() for i in images), step * len(images))
    plate = pygame.Surface(block.inflate(t.px(28), t.px(12)).size, pygame.SRCALPHA)
    rect = plate.get_rect()
    corner = rect.h // 2 if len(images) == 1 else step // 2
    pygame.draw.rect(plate, theme.NIGHT, rect, border_radius=corner)
    pygame.draw.rect(plate, theme.AMBER, rect, max(1, t.px(2)), border_radius=corner)
    top = rect.centery - block.h // 2
    for number, image in enumerate(images):
        plate.blit(image, image.get_rect(midtop=(rect.centerx, top + number * step)))
    return plate


@functools.lru_cache(maxsize=24)
def _marker(color: theme.Color, radius: int, width: int) -> pygame.Surface:
    """The suspect's circle in the lens (its size follows the figure's: a few dozen sizes a scene)."""
    side = 2 * (radius + width) + 4
    circle = pygame.Surface((side, side), pygame.SRCALPHA)
    pygame.draw.aacircle(circle, color, (side // 2, side // 2), radius, width)
    return circle


def _beside(box: pygame.Rect, notices: Sequence[pygame.Rect], bounds: pygame.Rect,
            focus: tuple[float, float], clearance: float) -> pygame.Rect | None:
    """`box`, or `box` moved just above, below, left or right of the notice it hides (or, the
    focus being too near the notice for that, straight above the focus), that hides none of
    `notices`, stays in `bounds` and keeps clear of the circle of `clearance` round `focus`;
    None if there is no such place."""
    hit = box.collidelist(notices)
    if hit < 0:
        return box
    notice, gap = notices[hit], 2
    for moved in (box.move(0, notice.top - gap - box.bottom), box.move(0, notice.bottom + gap - box.top),
                  box.move(notice.left - gap - box.right, 0), box.move(notice.right + gap - box.left, 0),
                  box.move(0, round(focus[1] - clearance) - gap - box.bottom)):
        if bounds.contains(moved) and moved.collidelist(notices) < 0 and not _covers(moved, focus, clearance):
            return moved
    return None


def _covers(rect: pygame.Rect, centre: tuple[float, float], radius: float) -> bool:
    """Whether `rect` reaches into the circle of `radius` around `centre`."""
    nearest = (min(max(centre[0], rect.left), rect.right), min(max(centre[1], rect.top), rect.bottom))
    return math.dist(nearest, centre) < radius


def _shadow(radius: int, blur: int, drop: int) -> pygame.Surface:
    """A soft shadow under a disc of `radius`, fallen `drop` pixels."""
    side = 2 * (radius + blur + drop)
    shadow = pygame.Surface((side, side), pygame.SRCALPHA)
    for step in range(blur, 0, -1):
        alpha = round(70 * (1 - step / (blur + 1)) / 3) + 4
        pygame.draw.circle(shadow, (0, 0, 0, alpha), (side / 2, side / 2 + drop), radius + step)
    return shadow


def _arc(surface: pygame.Surface, color: theme.Color, centre: tuple[int, int],
         inner: float, outer: float, progress: float) -> None:
    """A clean thick arc from twelve o'clock, clockwise (pygame's thick arcs have holes)."""
    steps = max(2, round(64 * progress))
    angles = [-math.pi / 2 + 2 * math.pi * progress * i / steps for i in range(steps + 1)]
    outside = [(centre[0] + outer * math.cos(a), centre[1] + outer * math.sin(a)) for a in angles]
    inside = [(centre[0] + inner * math.cos(a), centre[1] + inner * math.sin(a)) for a in reversed(angles)]
    pygame.draw.polygon(surface, color, outside + inside)
