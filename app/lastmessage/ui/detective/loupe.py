"""The magnifier: the area around the cursor, enlarged, with the character's name.

Figures are small on a crowded scene, so the loupe shows a sharper render of
the same scene (drawn `ZOOM` times larger, from the scene cache), never an
upscaled blur. Everything it needs per frame is prepared once per scene and
size: the big raster, the round mask, the shadow; a frame only copies a
small square and blends it, so moving the cursor costs a few percent of a
full-screen blit.

Name plates are kept within a budget (`PLATES_MB`): every plate of a crowd was
53 MB at full HD and 210 MB at 4K, the largest picture a game held. The
plates of the characters nearest the middle, where the cursor starts, are made
when the scene is prepared; one the cursor reaches later is made then (about
a tenth of a millisecond) and the plate used longest ago goes.
"""

from __future__ import annotations

import math

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.painter import PAINTER
from lastmessage.scenes.render import character_radius, scene_digest
from lastmessage.scenes.surface_cache import SurfaceCache
from lastmessage.ui import theme
from lastmessage.ui.detective import words
from lastmessage.ui.detective.layout import MIN_TEXT
from lastmessage.ui.text import fit_lines, render
from lastmessage.ui.theme import Theme, font

ZOOM = 3.0
MAX_SOURCE_WIDTH = 4800   # caps the raster (and memory) on a 4K monitor
PLATES_MB = 8.0
"""Name plates kept on a full-HD monitor (about 55 of them), scaled with the monitor's pixels."""


_KEY = (255, 0, 254)   # colour key of the lens corners; not a colour the scenes use


class Loupe:
    def __init__(self, radius: int, t: Theme) -> None:
        self.radius = radius
        self.theme = t
        self._source: pygame.Surface | None = None
        self._key: tuple[str, tuple[int, int]] | None = None
        side = 2 * radius
        # The lens is cut round with colour keys (two cheap blits a frame) instead of
        # per-pixel alpha; the rim drawn over its edge hides the unsmoothed border.
        self._lens = pygame.Surface((side, side))
        self._lens.set_colorkey(_KEY)
        self._corners = pygame.Surface((side, side))
        self._corners.fill(_KEY)
        pygame.draw.circle(self._corners, (0, 0, 0), (radius, radius), radius)
        self._corners.set_colorkey((0, 0, 0))
        self._frames: dict[theme.Color, pygame.Surface] = {}
        self._names: SurfaceCache[str] = SurfaceCache(
            "loupe name plates", PLATES_MB * t.width * t.height / (1920 * 1080))   # by character id
        self._names_key: tuple[str, Translator] | None = None
        self._tx: Translator | None = None

    def drop(self) -> None:
        """Let go of the scene's pictures (the big raster, the name plates); `prepare` loads them again."""
        self._source = None
        self._key = None
        self._names.clear()
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
            self._names.clear()
            self._names_key = (picture, tx)
            middle = sorted(scene.characters if every_name else (),
                            key=lambda c: (c.x - 0.5) ** 2 + (c.y - 0.5) ** 2)
            for character in middle:
                self._names.put(character.id, name_plate(words.name(tx, character), 2 * self.radius, self.theme))
                if self._names.bytes >= self._names.budget:
                    break
        self._tx = tx

    def place(self, focus: tuple[float, float], clearance: float, bounds: pygame.Rect,
              plate: pygame.Rect | None = None) -> tuple[int, int]:
        """A centre for the lens beside `focus`, not covering it, inside `bounds` if possible.

        Above-right first, then the other diagonals (and with a plate, straight
        right, left, above); the first that fits wins,
        otherwise the one sticking out least (moved into the bounds). With
        `plate` (the name plate's rectangle, relative to the centre) the lens
        moves further out along its diagonal until its plate, too, keeps clear
        of the circle of `clearance` around `focus` (a spotlight must show),
        and of those moved into the bounds, one that still keeps clear wins.
        """
        distance = self.radius + clearance
        best: tuple[tuple[float, float], tuple[int, int]] | None = None
        diagonal = 1 / math.sqrt(2)
        ways = [(diagonal, -diagonal), (-diagonal, -diagonal), (diagonal, diagonal), (-diagonal, diagonal)]
        if plate is not None:   # near an edge of the scene, straight beside it may be the only room
            ways += [(1.0, 0.0), (-1.0, 0.0), (0.0, -1.0)]
        for sx, sy in ways:
            centre = (round(focus[0] + sx * distance), round(focus[1] + sy * distance))
            if plate is not None:
                step = self.theme.px(8)
                for push in range(1, 64):   # at most half a screen further
                    if not _covers(plate.move(centre), focus, clearance):
                        break
                    centre = (round(focus[0] + sx * (distance + push * step)),
                              round(focus[1] + sy * (distance + push * step)))
            box = self._footprint(centre, plate)
            outside = box.w * box.h - box.clip(bounds).w * box.clip(bounds).h
            if outside == 0:
                return centre
            shifted = box.clamp(bounds)
            centre = (centre[0] + shifted.x - box.x, centre[1] + shifted.y - box.y)
            hides = 0.0   # how far the lens reaches into the spotlight (0 for the cursor's loupe: no plate given)
            if plate is not None and _covers(plate.move(centre), focus, clearance):
                hides = clearance
            elif plate is not None:
                hides = max(0.0, self.radius + clearance - math.dist(centre, focus))
            if best is None or (hides, outside) < best[0]:
                best = ((hides, outside), centre)
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
        """The lens at `centre` showing `character` (circled, in the middle);
        `progress` (0..1) fills the rim in crimson while ACCUSE is held."""
        assert self._source is not None, "prepare() the loupe for the scene first"
        r = self.radius
        source = self._source
        sx = round(character.x * source.get_width())
        sy = round(character.y * source.get_height())
        lens = self._lens
        area = pygame.Rect(sx - r, sy - r, 2 * r, 2 * r)
        if not source.get_rect().contains(area):
            lens.fill(theme.NIGHT)   # the lens reaches past the scene's edge
        lens.blit(source, (0, 0), area)
        lens.blit(self._corners, (0, 0))
        box = surface.blit(lens, lens.get_rect(center=centre))
        marker = round(min(r - 4, character_radius(scene, character, source.get_size()) * 1.35))
        frame = self._frame(ring)
        dirty = surface.blit(frame, frame.get_rect(center=centre))
        # The suspect's circle changes size with every figure: drawn, not cached,
        # so a new size never costs a new shadow.
        pygame.draw.aacircle(surface, ring, centre, marker, max(2, self.theme.px(3)))
        if progress > 0:
            rim = max(3, self.theme.px(7))
            _arc(surface, theme.CRIMSON, centre, r - 1, r + rim + 2, progress)
        return dirty.union(box).union(self._name(surface, character, box))

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

    def _name(self, surface: pygame.Surface, character: Character, box: pygame.Rect) -> pygame.Rect:
        plate = self._plate(character)
        return surface.blit(plate, self._plate_rect(plate, box).clamp(surface.get_rect()))

    def _plate(self, character: Character) -> pygame.Surface:
        plate = self._names.get(character.id)
        if plate is None:   # beyond the plates kept (or prepared for one character): its plate now
            assert self._tx is not None, "prepare() the loupe for the scene first"
            plate = self._names.put(character.id, name_plate(words.name(self._tx, character), 2 * self.radius,
                                                             self.theme))
        return plate

    def _plate_rect(self, plate: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """The plate hangs over the bottom of the lens's `box`."""
        rect = plate.get_rect(midtop=(box.centerx, box.bottom - self.theme.px(10)))
        one_line = font(self.theme.px(32), True).get_height() + self.theme.px(12)
        if rect.h > one_line:   # more lines reach up over the lens rim, not further down: the same area to redraw
            rect.bottom = box.bottom - self.theme.px(10) + one_line
        return rect


def name_plate(name: str, lens_width: int, t: Theme) -> pygame.Surface:
    """The name under the lens: one line if it fits, else up to three, wrapped by words (long
    descriptions, Romanian ones especially, must be read whole). Kept barely wider than the lens:
    the plate moves with the cursor, and a wide one made each step's redrawn (and uploaded)
    area a tenth of a 4K screen."""
    for widen in (1.2, 1.6, 2.2):   # wider only for the longest (three lines at most)
        lines, size = fit_lines(name, round(lens_width * widen), t.px(32), t.px(MIN_TEXT), bold=True)
        if len(lines) <= 3:
            break
    images = [render(line, size, theme.TEXT, True) for line in lines]
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
