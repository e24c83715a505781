"""Secret pick: the criminal (victim watching) finds a character in the scene and confirms.

The scene is shown at a few fixed zoom levels, each a real render at that
size (crisp figures); a pinch snaps to the nearest level. The renders, and
the ring and name tag of the chosen one, are layers (present.Layer): a pan
or a zoom moves textures the GPU already holds, and repaints and uploads
nothing but the two zoom buttons. A tap selects whatever figure is under the finger on the
zoomed picture, animal or not: the screen never pre-judges, the game refuses
and the refusal is explained.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import replace

import pygame

from lastmessage.commands import Command, Pick
from lastmessage.ui.present import Layer
from lastmessage.rules.projections import TabletView
from lastmessage.scenes.geometry import zoom_view
from lastmessage.scenes.hittest import character_at
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.painter import PAINTER
from lastmessage.scenes.render import character_radius, draw_highlight
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, ScreenInput, TextTyped
from lastmessage.ui.tablet.base import Context, Screen, Spot
from lastmessage.ui.painting import painting
from lastmessage.ui.tablet.widgets import Button, Taps, draw_button, paragraph
from lastmessage.ui.naming import name_forms
from lastmessage.ui.text import fit_lines, name_tag, render, tag_place

ZOOMS = (1.0, 1.6, 2.5)


class PickScreen(Screen):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._taps = Taps()
        self._renders: dict[tuple[str, int], pygame.Surface] = {}
        self._marks: dict[Hashable, tuple[Layer, Layer]] = {}   # the chosen one's ring and tag, as drawn
        self._zoom_painted = 0   # the zoom the zoom buttons were painted for
        self.viewport = self._viewport()
        self._reset()

    def _reset(self) -> None:
        self.zoom = 0
        self.offset = (0.0, 0.0)
        self.selected: str | None = None
        self._touches: dict[int, tuple[float, float]] = {}
        self._start = (0.0, 0.0)
        self._dragging = False
        # (start distance, start zoom factor, scene point between the fingers at the start)
        self._pinch: tuple[float, float, tuple[float, float]] | None = None
        self._gesture = False   # this contact became a drag or pinch: no tap at its end

    def enter(self, view: TabletView, t: float) -> None:
        self._reset()

    def leave(self) -> None:
        self._renders.clear()   # zoomed renders are large: free them once the pick is made
        self._marks.clear()

    # ---- layout --------------------------------------------------------

    def _bar_height(self) -> int:
        return self.ctx.theme.px(150)

    def _viewport(self) -> pygame.Rect:
        t, (w, h) = self.ctx.theme, self.ctx.size
        top, bottom = t.px(96), h - self._bar_height()
        area = pygame.Rect(0, top, w, bottom - top).inflate(-2 * t.px(12), -2 * t.px(12))
        aspect = 16 / 9
        width = min(area.w, round(area.h * aspect))
        rect = pygame.Rect(0, 0, width, round(width / aspect))
        rect.center = area.center
        return rect

    def _buttons(self) -> list[Button]:
        t, (w, h) = self.ctx.theme, self.ctx.size
        height = t.px(110)
        y = h - self._bar_height() + (self._bar_height() - height) // 2
        side, gap, margin = t.px(110), t.px(16), t.px(30)
        confirm = pygame.Rect(w - margin - t.px(300), y, t.px(300), height)
        random_ = pygame.Rect(confirm.x - gap - t.px(250), y, t.px(250), height)
        return [
            Button("zoom_out", pygame.Rect(margin, y, side, height), "−", "plain", self.zoom > 0),
            Button("zoom_in", pygame.Rect(margin + side + gap, y, side, height), "+", "plain",
                   self.zoom < len(ZOOMS) - 1),
            Button("random", random_, self.ctx.tx.tr("Random"), "plain"),
            Button("confirm", confirm, self.ctx.tx.tr("Confirm"), "go", self.selected is not None),
        ]

    def _zoomed_size(self) -> tuple[int, int]:
        factor = ZOOMS[self.zoom]
        return round(self.viewport.w * factor), round(self.viewport.h * factor)

    def _scene_rect(self) -> pygame.Rect:
        """Where the whole (zoomed) scene lies on the screen."""
        w, h = self._zoomed_size()
        return pygame.Rect(self.viewport.x - round(self.offset[0]), self.viewport.y - round(self.offset[1]), w, h)

    def _render(self, scene: Scene) -> pygame.Surface | None:
        """The zoomed scene, or None while a new crowd is still being painted."""
        key = (scene.id, self.zoom)
        if key not in self._renders:
            found = PAINTER.ask(scene, self._zoomed_size())
            if found is None:
                return None
            self._renders[key] = found
        return self._renders[key]

    # ---- zoom and pan --------------------------------------------------

    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        w, h = self._zoomed_size()
        return (min(max(0.0, x), float(w - self.viewport.w)), min(max(0.0, y), float(h - self.viewport.h)))

    def _scene_point(self, spot: tuple[float, float]) -> tuple[float, float]:
        rect = self._scene_rect()
        return (spot[0] - rect.x) / rect.w, (spot[1] - rect.y) / rect.h

    def _set_zoom(self, level: int, focus: tuple[float, float],
                  anchor: tuple[float, float] | None = None) -> None:
        """Zoom so that the scene point `anchor` (by default the one under `focus`, a
        screen pixel) lies under `focus`."""
        sx, sy = anchor or self._scene_point(focus)
        self.zoom = min(max(0, level), len(ZOOMS) - 1)
        w, h = self._zoomed_size()
        self.offset = self._clamp(sx * w - (focus[0] - self.viewport.x), sy * h - (focus[1] - self.viewport.y))

    def _show(self, character: Character) -> None:
        """Pan so that a character is in the middle of the view (after Random)."""
        _, offset = zoom_view(self.viewport.size, ZOOMS[self.zoom], (character.x, character.y))
        self.offset = (float(-offset[0]), float(-offset[1]))

    # ---- drawing -------------------------------------------------------

    def signature(self, view: TabletView, t: float) -> Hashable:
        scene = self.ctx.scene(view)
        painted = scene is not None and self._render(scene) is not None
        return (view.scene_id, self.selected, painted)

    def paint(self, surface: pygame.Surface, view: TabletView, t: float) -> None:
        th, (w, h) = self.ctx.theme, self.ctx.size
        scene = self.ctx.scene(view)
        surface.fill(theme.NIGHT)
        self.ctx.header(surface, self.ctx.tx.tr("Criminal: choose in secret · Victim: watch"), self.ctx.tx.title(scene.title) if scene else "")
        if scene is None:
            return
        if self._render(scene) is None:   # a new crowd still being painted (else the scene is a layer)
            painting(surface, self.viewport, self.ctx.tx.tr("Painting the scene…"), th.px(40))
        pygame.draw.rect(surface, theme.NIGHT_LINE, self.viewport.inflate(4, 4), 2)
        chosen = scene.character(self.selected) if self.selected else None
        bar = h - self._bar_height()
        pygame.draw.rect(surface, theme.NIGHT_RAISED, (0, bar, w, self._bar_height()))
        pygame.draw.line(surface, theme.NIGHT_LINE, (0, bar), (w, bar), 2)
        buttons = self._buttons()
        for button in buttons:
            draw_button(surface, button, th.px(60 if button.name.startswith("zoom") else 44))
        self._zoom_painted = self.zoom
        middle = pygame.Rect(buttons[1].rect.right + th.px(24), bar, 0, self._bar_height())
        middle.w = buttons[2].rect.left - th.px(24) - middle.x
        if chosen is not None:   # a long description on two lines, never shrunk out of sight nor cut
            lines, size = fit_lines(name_forms(self.ctx.tx, chosen).heading, middle.w, th.px(44), th.px(26),
                                    bold=True)
            images = [render(line, size, theme.AMBER, True) for line in lines]
            y = middle.centery - sum(i.get_height() for i in images) // 2
            for image in images:
                y = surface.blit(image, image.get_rect(midtop=(middle.centerx, y))).bottom
        else:
            hint = self.ctx.tx.tr("Tap a character · drag to move · + to zoom")
            paragraph(surface, hint, middle.inflate(0, -th.px(40)), th.px(30), theme.TEXT_DIM,
                      align="center", max_lines=2, valign="center")

    def update(self, surface: pygame.Surface, view: TabletView, t: float) -> list[pygame.Rect]:
        """Only the zoom buttons change with the zoom (which of them can be pressed)."""
        if self.zoom == self._zoom_painted or self.ctx.scene(view) is None:
            return []
        self._zoom_painted = self.zoom
        dirty = []
        for button in self._buttons()[:2]:
            pygame.draw.rect(surface, theme.NIGHT_RAISED, button.rect)
            dirty.append(draw_button(surface, button, self.ctx.theme.px(60)))
        return dirty

    def layers(self, view: TabletView, t: float) -> list[Layer]:
        """The scene at this zoom, seen through the view where the finger put it, then
        the chosen one's ring and name. Renders at the other zooms are kept, not drawn:
        zooming back shows a texture the GPU already holds."""
        scene = self.ctx.scene(view)
        if scene is None or self._render(scene) is None:
            return []
        shown = (scene.id, self.zoom)
        area = pygame.Rect(round(self.offset[0]), round(self.offset[1]), *self.viewport.size)
        layers = [Layer(("pick", key), image, pygame.FRect(self.viewport), area, alpha=0 if key != shown else 255)
                  for key, image in self._renders.items()]
        chosen = scene.character(self.selected) if self.selected else None
        if chosen is not None:
            layers += [part for part in self._mark(scene, chosen) if part is not None]
        return layers

    def _mark(self, scene: Scene, chosen: Character) -> tuple[Layer | None, Layer | None]:
        """Ring the chosen one and tag it with its name, inside the view only: both drawn
        once for the zoom, then only placed where the scene is."""
        th = self.ctx.theme
        rect = self._scene_rect()
        key = (scene.id, chosen.id, self.zoom, self.ctx.tx)
        if key not in self._marks:
            self._marks.clear()
            self._marks[key] = self._draw_mark(scene, chosen, rect.size)
        ring, tag = self._marks[key]
        ring = replace(ring, dest=ring.dest.move(rect.topleft))
        radius = character_radius(scene, chosen, rect.size) * 1.25 + th.px(12)
        centre = (rect.x + chosen.x * rect.w, rect.y + chosen.y * rect.h)
        if not self.viewport.collidepoint(centre):   # panned out of view: no name pinned to the edge
            return ring.within(self.viewport), None
        place = tag_place(tag.image.get_size(), centre, radius, self.viewport)
        return ring.within(self.viewport), replace(tag, dest=pygame.FRect(place))

    def _draw_mark(self, scene: Scene, chosen: Character, size: tuple[int, int]) -> tuple[Layer, Layer]:
        """The ring, placed relative to the scene's corner, and the name tag (placed later)."""
        th = self.ctx.theme
        reach = math.ceil(character_radius(scene, chosen, size) * 1.5) + th.px(16)
        centre = (math.floor(chosen.x * size[0]), math.floor(chosen.y * size[1]))
        canvas = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
        # The scene's corner sits where the centre lands mid-canvas with its fraction of a pixel kept.
        corner = pygame.Rect(reach - centre[0], reach - centre[1], *size)
        drawn = draw_highlight(canvas, scene, chosen, corner, color=theme.AMBER).clip(canvas.get_rect())
        ring = Layer("pick ring", canvas.subsurface(drawn), pygame.FRect(drawn.move(-corner.x, -corner.y)))
        # A long description on two lines, wrapped by words, never cut.
        pill = name_tag(name_forms(self.ctx.tx, chosen).heading, round(self.viewport.w * 0.45), th.px(28),
                        th.px(22), (th.px(24), th.px(10)), ink=theme.NIGHT, fill=theme.AMBER, round_at=th.px(48))
        return ring, Layer("pick tag", pill, pygame.FRect(pill.get_rect()))

    # ---- input ---------------------------------------------------------

    def handle(self, event: ScreenInput, view: TabletView, t: float) -> list[Command]:
        scene = self.ctx.scene(view)
        if scene is None:
            return []
        if isinstance(event, TextTyped):   # simulator: + and - on the keyboard zoom
            if event.text in ("+", "=", "-"):
                step = -1 if event.text == "-" else 1
                self._set_zoom(self.zoom + step, self.viewport.center)
            return []
        if not isinstance(event, Pointer):
            return []
        if event.id in self._touches or (event.kind == "down" and self.viewport.collidepoint(event.x, event.y)):
            self._gesture_event(event, scene)
            return []
        pressed = self._taps.feed(event, self._buttons())
        if pressed == "zoom_in" or pressed == "zoom_out":
            self._set_zoom(self.zoom + (1 if pressed == "zoom_in" else -1), self.viewport.center)
        elif pressed == "random":
            chosen = self.ctx.random.choice(scene.suspects())
            self.selected = chosen.id
            self._show(chosen)
        elif pressed == "confirm" and self.selected is not None:
            return [Pick(self.selected)]
        return []

    def _gesture_event(self, event: Pointer, scene: Scene) -> None:
        slop = self.ctx.theme.px(24)
        point = (event.x, event.y)
        if event.kind == "down":
            self._touches[event.id] = point
            if len(self._touches) == 1:
                self._start, self._gesture = point, False
            elif len(self._touches) == 2:
                a, b = list(self._touches.values())
                middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                self._pinch = (max(1.0, math.dist(a, b)), ZOOMS[self.zoom], self._scene_point(middle))
                self._gesture = True
            return
        if event.kind == "move":
            if not event.pressed:
                return
            last = self._touches[event.id]
            self._touches[event.id] = point
            if self._pinch is not None and len(self._touches) >= 2:
                a, b = list(self._touches.values())[:2]
                wanted = self._pinch[1] * math.dist(a, b) / self._pinch[0]
                level = min(range(len(ZOOMS)), key=lambda i: abs(math.log(ZOOMS[i] / wanted)))
                self._set_zoom(level, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), self._pinch[2])
            elif len(self._touches) == 1:
                if not self._gesture and math.dist(point, self._start) > slop:
                    self._gesture = True
                if self._gesture:
                    self.offset = self._clamp(self.offset[0] - (point[0] - last[0]),
                                              self.offset[1] - (point[1] - last[1]))
            return
        # up
        del self._touches[event.id]
        if len(self._touches) < 2:
            self._pinch = None
        if not self._touches and not self._gesture and self.viewport.collidepoint(point):
            rect = self._scene_rect()
            hit = character_at(scene, (event.x - rect.x) / rect.w, (event.y - rect.y) / rect.h,
                               size=rect.size)
            self.selected = hit.id if hit else None

    def locate(self, view: TabletView, target: str, arg: object) -> Spot | None:
        scene = self.ctx.scene(view)
        if target == "character" and scene is not None:
            character = scene.character(str(arg))
            if character is None:
                return None
            rect = self._scene_rect()
            spot = (rect.x + character.x * rect.w, rect.y + character.y * rect.h)
            return spot if self.viewport.collidepoint(spot) else None
        names = {"pick_confirm": "confirm", "pick_random": "random", "zoom_in": "zoom_in",
                 "zoom_out": "zoom_out"}
        if target in names:
            return next(b.center for b in self._buttons() if b.name == names[target])
        return None
