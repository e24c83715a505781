"""The search view: while the detectives decide, the scene over the whole monitor, zoomed.

ZOOM (the button, Z in the simulator, the mouse wheel, a pinch) steps from
the table to the scene at 1x (the whole scene, full screen), 2x (about one of
the printed game's four sheets), 3x, and back to the table. A drag pans; a
tap chooses the character under it; the arrows and the encoder move the
cursor as on the table, and the view follows it. ACCUSE (held) and PASS work
as everywhere.

Everything of the view is a layer (present.Layer), moved by the GPU: the
1x picture, scaled, under the tiles of the step (`tiles.py`: figures and ground
drawn from their vectors at that size, uploaded once each); the cursor's ring and
the name of the one it points at; the overview (the whole scene small, with
the part in view framed); the strip along the bottom (the step, what the
controls do, ACCUSE and PASS to hold or tap); a board the detectives called
back, over the scene. The screen under them is painted once. The tiles are
shown as quarter pieces in textures that are reused (`tile_textures.py`): a pan
or a zoom uploads no more than the pieces it uncovers, one a frame.

It reads only the PublicView and the scene: nothing here can show the secret.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from lastmessage.i18n.translate import Translator
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.geometry import fit
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.render import character_radius, draw_highlight, scene_digest
from lastmessage.ui import theme
from lastmessage.ui.detective import cards, spotlight
from lastmessage.ui.detective.caption import Caption
from lastmessage.ui.detective.tile_textures import PIECE, Piece, TileTextures, capacity, pieces_over
from lastmessage.ui.detective.tiles import TILE, TileKey, Tiles, tiles_over
from lastmessage.ui.detective.view import LEVELS, ViewGeometry, following, geometry, panned, zoomed
from lastmessage.ui.naming import name_forms
from lastmessage.ui.present import Layer
from lastmessage.ui.text import fit_lines, name_tag, render, tag_place
from lastmessage.ui.theme import Theme

STRIP = 92            # design pixels: the strip along the bottom
OVERVIEW = 384        # design pixels: the overview's width
FOLLOW_MARGIN = 160   # design pixels: the cursor stays this far inside the view
SLOP = 24             # design pixels a finger moves before a touch is a drag, not a tap
HOLD_STEPS = 48
UPLOAD_BYTES = PIECE * PIECE * 4
"""Bytes of new tiles a frame uploads (one tile; the rest follow in the next frames)."""


@dataclass(frozen=True)
class _Touch:
    start: tuple[float, float]
    last: tuple[float, float]


class SearchView:
    def __init__(self, size: tuple[int, int], *, touch: bool = False) -> None:
        self.size = size
        self.theme = Theme(*size)
        self.touch = touch      # the monitor is a touch screen: the strip says pinch, drag, tap
        self.level = 0          # 0: closed (the table shows), else 1, 2 or 3
        self.centre = (0.5, 0.5)
        self.tiles = Tiles()
        self.at_once = True     # tiles drawn at once (scripted play, tests), or on a worker
        self._touches: dict[int, _Touch] = {}
        self._gesture = False
        self._pinch: tuple[float, int, tuple[float, float]] | None = None
        self.textures = TileTextures()   # the pieces' slots: one coming into view takes a texture that left
        self._idle: dict[int, Layer] = {}   # the slots out of view, as layers (undrawn, kept as they are)
        self.scene_layers = 0   # how many of the frame's layers are the scene (its picture, tiles and crosses)
        self._span: tuple[Hashable, ...] | None = None   # the tiles last asked for: scene, step, first and last
        self._wanted: list[Piece] = []   # the pieces of those tiles in view
        self._asked: list[TileKey] = []   # the tiles under them, asked for
        self._images: dict[Hashable, pygame.Surface] = {}
        self._overviews: dict[float, pygame.Rect] = {}   # the overview's place, by the scene's aspect
        self._crossed: dict[Hashable, tuple[pygame.Surface, pygame.Rect]] = {}   # a wrong suspect's cross, placed
        self._painted: pygame.Surface | None = None
        self._pressed: str | None = None
        self.caption: Caption | None = None   # the cursor's tag, for what goes beside it (the phones' marks)

    # ---- state -----------------------------------------------------------------

    @property
    def active(self) -> bool:
        return self.level > 0

    def viewport(self, scene: Scene) -> tuple[int, int, int, int]:
        return fit(scene.aspect, (0, 0, *self.size))

    def view(self, scene: Scene) -> ViewGeometry:
        return geometry(self.viewport(scene), max(1, self.level), self.centre)

    def open(self, level: int, at: tuple[float, float]) -> None:
        self.level = level
        self.centre = at
        self._touches.clear()
        self._pinch = None

    def close(self) -> None:
        self.level = 0
        self._touches.clear()
        self._pinch, self._pressed = None, None
        self._span, self._asked = None, []   # its pieces' slots stay while the view shows (ZOOM past 3x to 2x)

    def step(self, scene: Scene, at: tuple[float, float]) -> None:
        """ZOOM: the next step (the table, 1x, 2x, 3x, the table), centred on `at` when opened
        and on what is in view after."""
        if not self.active:
            self.open(1, at)
        elif self.level < LEVELS[-1]:
            self._set(scene, self.level + 1, self.view(scene).to_screen(*at))
        else:
            self.close()

    def zoom_at(self, scene: Scene, level: int, anchor: tuple[float, float]) -> None:
        """Step `level` (0 closes) keeping the scene point under `anchor` (screen pixels) there."""
        if level <= 0:
            self.close()
        elif not self.active:
            self.open(min(level, LEVELS[-1]), self.view(scene).to_scene(*anchor))
        else:
            self._set(scene, min(level, LEVELS[-1]), anchor)

    def _set(self, scene: Scene, level: int, anchor: tuple[float, float]) -> None:
        view = self.view(scene)
        if not view.contains(*anchor):
            anchor = (view.viewport[0] + view.viewport[2] / 2, view.viewport[1] + view.viewport[3] / 2)
        new = zoomed(view, level, anchor)
        self.level, self.centre = new.level, new.centre

    def centre_on(self, scene: Scene, at: tuple[float, float]) -> None:
        self.centre = geometry(self.viewport(scene), max(1, self.level), at).centre

    def follow(self, scene: Scene, character: Character) -> None:
        """Pan just enough to keep the cursor's character in view."""
        if self.active:
            self.centre = following(self.view(scene), (character.x, character.y),
                                    self.theme.px(FOLLOW_MARGIN)).centre

    def render_size(self, scene: Scene) -> tuple[int, int]:
        return self.view(scene).render_size

    # ---- input -------------------------------------------------------------------

    def buttons(self) -> dict[str, pygame.Rect]:
        """ACCUSE and PASS on the strip (a finger or the mouse holds and taps them)."""
        px, (w, h) = self.theme.px, self.size
        side = px(STRIP) - 2 * px(10)
        top = h - px(STRIP) + px(10)
        accuse = pygame.Rect(w - px(16) - 2 * side - px(12) - px(260), top, px(260), side)
        passing = pygame.Rect(accuse.right + px(12), top, side * 2, side)
        return {"accuse": accuse, "pass": passing}

    def strip_rect(self) -> pygame.Rect:
        return self._strip_place.copy()   # asked several times a frame: placed once

    @functools.cached_property
    def _strip_place(self) -> pygame.Rect:
        px, (w, h) = self.theme.px, self.size
        return pygame.Rect(0, h - px(STRIP), w, px(STRIP))

    def overview_rect(self, scene: Scene) -> pygame.Rect:
        placed = self._overviews.get(scene.aspect)
        if placed is None:
            px = self.theme.px
            width = px(OVERVIEW)
            height = round(width / scene.aspect)
            strip = self._strip_place
            placed = self._overviews[scene.aspect] = pygame.Rect(self.size[0] - px(16) - width,
                                                                 strip.y - px(16) - height, width, height)
        return placed.copy()

    def gesture(self, scene: Scene, kind: str, point: tuple[float, float], finger: int,
                pressed: bool) -> tuple[float, float] | None:
        """A finger or the mouse on the scene: drags pan, two fingers pinch to a step, a tap
        (a touch that did not move) answers the scene point it chose; None otherwise."""
        slop = self.theme.px(SLOP)
        if kind == "down":
            self._touches[finger] = _Touch(point, point)
            if len(self._touches) == 1:
                self._gesture = False
            elif len(self._touches) == 2:
                a, b = (touch.last for touch in self._touches.values())
                middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                self._pinch = (max(1.0, math.dist(a, b)), max(1, self.level), middle)
                self._gesture = True
            return None
        touch = self._touches.get(finger)
        if kind == "move":
            if touch is None or not pressed:
                return None
            self._touches[finger] = _Touch(touch.start, point)
            if self._pinch is not None and len(self._touches) >= 2:
                a, b = list(t.last for t in self._touches.values())[:2]
                wanted = self._pinch[1] * math.dist(a, b) / self._pinch[0]
                level = min(LEVELS, key=lambda n: abs(math.log(n / max(0.2, wanted))))
                if wanted < 0.7:
                    level = 0   # pinched in past the whole scene: back to the table
                if level != self.level:
                    self.zoom_at(scene, level, self._pinch[2])
            elif len(self._touches) == 1:
                if not self._gesture and math.dist(point, touch.start) > slop:
                    self._gesture = True
                if self._gesture and self.active:
                    new = panned(self.view(scene), point[0] - touch.last[0], point[1] - touch.last[1])
                    self.centre = new.centre
            return None
        # up
        self._touches.pop(finger, None)
        if len(self._touches) < 2:
            self._pinch = None
        if not self._touches and touch is not None and not self._gesture and self.active:
            view = self.view(scene)
            if view.contains(*point):
                return view.to_scene(*point)
        return None

    def gesturing(self) -> bool:
        """A finger is on the scene already (a second one pinches, it presses no button)."""
        return bool(self._touches)

    # ---- drawing -----------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The screen under the layers: painted once."""
        if surface is self._painted:
            return []
        surface.fill(theme.NIGHT)
        self._painted = surface
        return [surface.get_rect()]

    def forget(self) -> None:
        """The screen shows something else: painted again when it comes back, and the tiles' slots
        dropped (not in the frame's layers, their textures are freed)."""
        self._painted = None
        self.textures.clear()
        self._idle.clear()

    def layers(self, view: PublicView, scene: Scene, picture: pygame.Surface, cursor: Character,
               tx: Translator, hold: float, board: int | None) -> list[Layer]:
        """The frame's layers (module docstring). `picture`: the scene at the viewport's size
        (the 1x picture); `board`: a round whose board the detectives called back."""
        geo = self.view(scene)
        digest = scene_digest(scene)
        vx, vy, vw, vh = geo.viewport
        sx, sy, sw, sh = geo.scene_rect()
        layers = [Layer(("search", "whole"), picture, pygame.FRect(sx, sy, sw, sh)).within(
            pygame.Rect(geo.viewport))]
        if geo.level > 1:
            layers += self._tile_layers(scene, geo, digest)
        kept = [layer for layer in layers if layer is not None]
        kept += self._crosses(view, scene, geo)
        self.scene_layers = len(kept)
        kept += self._cursor_layers(scene, geo, cursor, tx, hold)
        if geo.level > 1:
            kept += self._overview(scene, geo, picture)
        kept.append(self._strip(tx, geo.level, view.rules.allow_pass, hold))
        if board is not None:
            kept += self._board(view, board, tx)
        return kept

    def _tile_layers(self, scene: Scene, geo: ViewGeometry, digest: str) -> list[Layer | None]:
        ox, oy = geo.origin
        vx, vy, vw, vh = geo.viewport
        shown = pygame.Rect(ox, oy, vw, vh)
        span = (digest, geo.render_size, ox // PIECE, oy // PIECE, (ox + vw - 1) // PIECE, (oy + vh - 1) // PIECE)
        if span != self._span:   # the view crossed a piece's edge: the pieces wanted once, not every frame
            self._span = span
            wanted = tiles_over(digest, geo.render_size, shown)
            self._wanted = pieces_over(wanted, shown)
            if wanted != self._asked:   # and the tiles under them asked for when those change
                self._asked = wanted
                self.tiles.ask(scene, wanted, at_once=self.at_once)
                if not self.at_once:   # the next ones along, while the detectives look
                    around = tiles_over(digest, geo.render_size, shown.inflate(2 * TILE, 2 * TILE))
                    inside = set(wanted)
                    self.tiles.ask(scene, [key for key in around if key not in inside], at_once=False)
        found: dict[TileKey, pygame.Surface | None] = {}

        def drawn(piece: Piece) -> pygame.Surface | None:
            if piece.tile not in found:
                tile = self.tiles.get(piece.tile)
                if tile is None:   # being drawn, or dropped for the budget before it showed: asked (again)
                    self.tiles.ask(scene, [piece.tile], at_once=self.at_once)
                    tile = self.tiles.get(piece.tile)
                found[piece.tile] = tile
            tile = found[piece.tile]
            return None if tile is None else piece.cut(tile)

        bounds = pygame.Rect(geo.viewport)
        right, bottom = vx + vw, vy + vh
        layers: list[Layer | None] = []
        for slot, _, image, area, in_view in self.textures.place(self._wanted, drawn, capacity((vw, vh), PIECE),
                                                               None if self.at_once else UPLOAD_BYTES,
                                                               self.tiles.drawn):
            if in_view:
                x, y = vx + area.x - ox, vy + area.y - oy
                layer = Layer(("tile", slot), image, pygame.FRect(x, y, area.w, area.h))
                # Most pieces lie wholly in view: only those at its edges are cut (a frame has dozens).
                whole = x >= vx and y >= vy and x + area.w <= right and y + area.h <= bottom
                layers.append(layer if whole else layer.within(bounds))
            else:   # out of view: undrawn, its texture kept for the next piece
                idle = self._idle.get(slot)
                if idle is None or idle.image is not image:
                    idle = self._idle[slot] = Layer(("tile", slot), image, pygame.FRect(vx, vy, area.w, area.h),
                                                    alpha=0)
                layers.append(idle)
        return layers

    def _cursor_layers(self, scene: Scene, geo: ViewGeometry, character: Character, tx: Translator,
                       hold: float) -> list[Layer]:
        th = self.theme
        size = geo.render_size
        steps = round(hold * HOLD_STEPS)
        key = ("ring", scene_digest(scene), character.id, size, steps)
        ring = self._image(key, lambda: self._ring(scene, character, size, steps / HOLD_STEPS))
        cx, cy = geo.to_screen(character.x, character.y)
        layers = [Layer(("search", "ring"), ring, pygame.FRect(round(cx) - ring.get_width() // 2,
                                                               round(cy) - ring.get_height() // 2,
                                                               *ring.get_size()))]
        self.caption = None
        if not geo.contains(cx, cy):
            return [layer for layer in (part.within(pygame.Rect(geo.viewport)) for part in layers) if layer is not None]
        tag = self._image(("tag", scene_digest(scene), character.id, tx), lambda: self._tag(character, tx))
        radius = character_radius(scene, character, size) * 1.25 + th.px(14)
        # Whole on the scene, above the strip and beside the overview: never cut at an edge.
        free = pygame.Rect(geo.viewport).clip(pygame.Rect(0, 0, self.size[0], self.strip_rect().y)).inflate(
            -2 * th.px(8), -2 * th.px(8))
        overview = self.overview_rect(scene).inflate(2 * th.px(8), 2 * th.px(8)) if geo.level > 1 else None
        place = tag_place(tag.get_size(), (cx, cy), radius, free, overview)
        layers = [layer for layer in (part.within(pygame.Rect(geo.viewport)) for part in layers) if layer is not None]
        self.caption = Caption.of(character.id, place, layers[0].dest if layers else place, free)
        return layers + [Layer(("search", "tag"), tag, pygame.FRect(place))]

    def _crosses(self, view: PublicView, scene: Scene, geo: ViewGeometry) -> list[Layer]:
        """The wrongly accused crossed out on the scene, each with its round, as on the table."""
        sx, sy, sw, sh = geo.scene_rect()
        layers = []
        for accusation in view.accusations:
            character = scene.character(accusation.character)
            if character is None or accusation.correct:
                continue
            key = ("cross", scene_digest(scene), character.id, accusation.round, (sw, sh))
            found = self._crossed.get(key)
            if found is None:
                if len(self._crossed) > 32:
                    self._crossed.clear()
                found = self._crossed[key] = spotlight.cross(scene, character, pygame.Rect(0, 0, sw, sh),
                                                             self.theme, accusation.round)
            image, where = found
            layer = Layer(("search", "cross", character.id), image, pygame.FRect(where.move(sx, sy)))
            layers.append(layer.within(pygame.Rect(geo.viewport)))
        return [layer for layer in layers if layer is not None]

    def _ring(self, scene: Scene, character: Character, size: tuple[int, int], progress: float) -> pygame.Surface:
        radius = character_radius(scene, character, size) * 1.25 + 2
        reach = math.ceil(radius * 1.3) + self.theme.px(12)
        canvas = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
        corner = pygame.Rect(reach - round(character.x * size[0]), reach - round(character.y * size[1]), *size)
        draw_highlight(canvas, scene, character, corner, color=theme.AMBER)
        if progress > 0:   # the hold filling round the ring
            box = pygame.Rect(0, 0, 2 * radius + self.theme.px(18), 2 * radius + self.theme.px(18))
            box.center = (reach, reach)
            pygame.draw.arc(canvas, theme.CRIMSON, box, math.pi / 2 - 2 * math.pi * progress, math.pi / 2,
                            max(3, self.theme.px(8)))
        return canvas

    def _tag(self, character: Character, tx: Translator) -> pygame.Surface:
        th = self.theme
        return name_tag(name_forms(tx, character).heading, round(self.size[0] * 0.4), th.px(40), th.px(30),
                        (th.px(28), th.px(12)), ink=theme.NIGHT, fill=theme.AMBER, round_at=th.px(48))

    def _overview(self, scene: Scene, geo: ViewGeometry, picture: pygame.Surface) -> list[Layer]:
        """The whole scene small, framed, and the part in view outlined on it."""
        th = self.theme
        rect = self.overview_rect(scene)
        edge = max(2, th.px(3))
        small = self._image(("overview", scene_digest(scene), rect.size), lambda: self._small(picture, rect.size, edge))
        x0, y0, x1, y1 = geo.shown()
        frame = pygame.Rect(rect.x + round(x0 * rect.w), rect.y + round(y0 * rect.h),
                            max(4, round((x1 - x0) * rect.w)), max(4, round((y1 - y0) * rect.h)))
        outline = self._image(("outline", frame.size, edge), lambda: self._outline(frame.size, edge))
        return [Layer(("search", "overview"), small, pygame.FRect(rect.inflate(2 * edge, 2 * edge))),
                Layer(("search", "in view"), outline, pygame.FRect(frame))]

    @staticmethod
    def _small(picture: pygame.Surface, size: tuple[int, int], edge: int) -> pygame.Surface:
        framed = pygame.Surface((size[0] + 2 * edge, size[1] + 2 * edge))
        framed.fill(theme.NIGHT_LINE)
        framed.blit(pygame.transform.smoothscale(picture, size), (edge, edge))
        return framed

    @staticmethod
    def _outline(size: tuple[int, int], edge: int) -> pygame.Surface:
        box = pygame.Surface(size, pygame.SRCALPHA)
        box.fill((255, 255, 255, 40))
        pygame.draw.rect(box, (20, 20, 20), box.get_rect(), edge + 2)
        pygame.draw.rect(box, theme.AMBER, box.get_rect().inflate(-2, -2), edge)
        return box

    def _strip(self, tx: Translator, level: int, allow_pass: bool, hold: float) -> Layer:
        key = ("strip", tx, level, allow_pass, self.touch)
        image = self._image(key, lambda: self._paint_strip(tx, level, allow_pass))
        return Layer(("search", "strip"), image, pygame.FRect(self.strip_rect()))

    def _paint_strip(self, tx: Translator, level: int, allow_pass: bool) -> pygame.Surface:
        th, rect = self.theme, self.strip_rect()
        strip = pygame.Surface(rect.size, pygame.SRCALPHA)
        strip.fill((*theme.NIGHT, 225))
        pygame.draw.line(strip, theme.NIGHT_LINE, (0, 0), (rect.w, 0), max(1, th.px(2)))
        step = render(f"{level}×", th.px(52), theme.AMBER, True)
        strip.blit(step, step.get_rect(midleft=(th.px(24), rect.h // 2)))
        hint = tx.tr("pinch or ZOOM · drag to look · tap to choose") if self.touch else \
            tx.tr("ZOOM: closer · arrows: next suspect · hold ACCUSE to accuse")
        buttons = {name: box.move(0, -rect.y) for name, box in self.buttons().items()}
        left = th.px(24) + step.get_width() + th.px(28)
        room = buttons["accuse"].x - th.px(24) - left
        lines, size = fit_lines(hint, room, th.px(34), th.px(26))   # on two lines rather than cut
        images = [render(line, size, theme.TEXT, False) for line in lines]
        y = rect.h // 2 - sum(image.get_height() for image in images) // 2
        for image in images:
            y = strip.blit(image, (left, y)).bottom
        for name, colour, label in (("accuse", theme.CRIMSON, tx.tr("ACCUSE")), ("pass", theme.NIGHT_LINE,
                                                                               tx.tr("PASS"))):
            if name == "pass" and not allow_pass:
                continue
            box = buttons[name]
            pygame.draw.rect(strip, colour, box, border_radius=box.h // 2)
            word = render(label, th.px(34), theme.TEXT, True)
            strip.blit(word, word.get_rect(center=box.center))
        return strip

    def _board(self, view: PublicView, number: int, tx: Translator) -> list[Layer]:
        board = next((b for b in view.boards if b.round == number), None)
        if board is None:
            return []
        th = self.theme
        side = min(self.size[0] // 2, self.strip_rect().y - 2 * th.px(24) - th.px(52))
        image = self._image(("board", cards.fingerprint(board), side, tx),
                            lambda: cards.card(board, side, th, tx, small=False))
        place = image.get_rect(topleft=(th.px(24), th.px(24)))
        return [Layer(("search", "board"), image, pygame.FRect(place))]

    def _image(self, key: Hashable, make: object) -> pygame.Surface:
        """A picture drawn once per key (the few kept are small)."""
        found = self._images.get(key)
        if found is None:
            assert callable(make)
            found = make()
            assert isinstance(found, pygame.Surface)
            if len(self._images) > 64:
                self._images.clear()
            self._images[key] = found
        return found


def suspect_heights(scene: Scene, size: tuple[int, int]) -> list[float]:
    """Each suspect's drawn height in pixels with the scene rendered at `size`."""
    from lastmessage.scenes.occlusion import footprint
    heights = []
    for character in scene.suspects():
        body = footprint(character.x, character.y, character.art.scale, character.traits, scene.aspect, size)
        heights.append(body.feet - body.y0)
    return heights
