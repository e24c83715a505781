"""DetectiveUI: the large monitor facing the detectives (ui.screen.DetectiveScreen).

It only ever receives the PublicView and public events, and keeps no other
game data, so nothing it draws can depend on the secret before the game is
over. It picks the screen for the phase (attract loop, secret pick, the
table) and turns controls into the two commands detectives have: accuse the
character under the cursor, or pass.
"""

from __future__ import annotations

import functools
from typing import assert_never

from collections.abc import Callable, Hashable, Mapping, Sequence
import pygame

from lastmessage.commands import Accuse, Command, Pass
from lastmessage.hal.base import Intent, IntentKind
from lastmessage.ui.present import Layer
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.events import Accused, GameEvent, GameOver, GameStarted, Passed
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import Scene, SceneCatalog
from lastmessage.scenes.painter import PAINTER
from lastmessage.ui.detective.attract import Attract
from lastmessage.ui.detective.backdrop import Backdrops
from lastmessage.ui.detective.caption import Caption
from lastmessage.ui.detective.cursor import SuspectCursor
from lastmessage.ui.detective.moments import MESSAGE_SECONDS, Moments
from lastmessage.ui.detective.search import SearchView
from lastmessage.ui.detective.secret import SecretScreen
from lastmessage.ui.detective.table import TableScreen
from lastmessage.ui.detective.view import LEVELS, ViewGeometry
from lastmessage.i18n.translate import translator
from lastmessage.ui.screen import KeyPressed, Pointer, ScreenInput, Status, TextTyped, Wheel

_STEPS = {
    IntentKind.MOVE_LEFT: "left",
    IntentKind.MOVE_RIGHT: "right",
    IntentKind.MOVE_UP: "up",
    IntentKind.MOVE_DOWN: "down",
}
_CYCLE = {IntentKind.NEXT_SUSPECT: 1, IntentKind.PREVIOUS_SUSPECT: -1}
BOARD_KEYS: dict[str, int | None] = {"0": None, **{str(n): n for n in range(1, 9)}}
"""The simulator's keys over the monitor: a round's board brought up big, or put back."""


class DetectiveUI:
    notice_seconds = MESSAGE_SECONDS

    def __init__(self, size: tuple[int, int], catalog: SceneCatalog, *, hold_time: float,
                 rules: Rules | None = None, touch: bool = False) -> None:
        """`hold_time`: how long ACCUSE must be held (hal.discipline.hold_time; the
        App gives it, so the ring and the hardware button agree). `rules`: the house rules, for the how-to-play cards of the attract
        loop (the default rules when not given); a game's own rules come with
        its view. `touch`: the monitor is a touch screen (`[display] detective_touch`)."""
        self.size = size
        self.catalog = catalog
        self.hold_time = hold_time
        self.rules = rules or Rules()
        self.moments = Moments()
        self.cursor = SuspectCursor()
        backdrops = Backdrops(size)
        self.attract = Attract(size, catalog, self.rules, backdrops)
        self.secret = SecretScreen(size, backdrops, self.moments)
        self.table = TableScreen(size, self.rules, self.moments, self.cursor)
        self.search = SearchView(size, touch=touch)   # the scene over the whole monitor, zoomed
        self._search_layers: list[Layer] = []
        self._shown: object = None            # the screen drawn last (a switch repaints all)
        self._hold_since: float | None = None  # screen time ACCUSE went down
        self._hold_pending = False            # ACCUSE went down; its screen time is the next frame's
        self._pointer: str | None = None      # on-screen button under a pressed pointer

    # ---- inputs ----------------------------------------------------------

    def _scene(self, view: PublicView) -> Scene | None:
        """The scene of the view; also fits the table to the game's number of rounds."""
        self.table.follow(view.rules)
        return self.catalog.get(view.scene_id) if view.scene_id else None

    def handle(self, event: ScreenInput, view: PublicView, t: float) -> list[Command]:
        scene = self._scene(view)
        if scene is None or view.phase in (Phase.SCENE, Phase.SECRET, Phase.OVER) or isinstance(event, TextTyped):
            return []
        if isinstance(event, KeyPressed):   # the simulator's keys 1-8: that round's board big, 0: back
            if event.key in BOARD_KEYS:
                self.table.bring_up(view, BOARD_KEYS[event.key])
            return []
        if isinstance(event, Wheel):
            if view.phase is Phase.SUSPECT:
                self.search.zoom_at(scene, max(0, min(LEVELS[-1], self.search.level + event.steps)),
                                    (event.x, event.y))
            return []
        if self.search.active and view.phase is Phase.SUSPECT:
            return self._search_input(event, view, scene, t)
        point = (round(event.x), round(event.y))
        if self._board_tap(event, view, point):
            return []
        if view.phase is not Phase.SUSPECT:
            return []
        buttons = self.table.buttons(scene)
        if event.kind == "down":
            self._pointer = next((name for name in ("accuse", "pass")
                                  if buttons[name].collidepoint(point)), None)
            if self._pointer == "accuse":
                self._hold_since, self._hold_pending = t, False
                return []
        if event.kind == "up":
            return self._released(point, buttons, scene, t)
        if self._pointer is None:
            rect = self.table.scene_rect(scene)
            if rect.collidepoint(point):
                self.cursor.snap(scene, (event.x - rect.x) / rect.w, (event.y - rect.y) / rect.h,
                                 rect.size)
        return []

    def _released(self, point: tuple[int, int], buttons: Mapping[str, pygame.Rect], scene: Scene,
                  t: float) -> list[Command]:
        """ACCUSE or PASS let go at `point`: an accusation held long enough, or a pass, when
        the finger is still on the button it pressed."""
        pressed, self._pointer = self._pointer, None
        if pressed == "accuse":
            held = self._hold_since is not None and t - self._hold_since >= self.hold_time
            self._hold_since = None
            if held and buttons["accuse"].collidepoint(point):
                return [self._accuse(scene)]
        elif pressed == "pass" and buttons["pass"].collidepoint(point):
            return [Pass()]
        return []

    def _search_input(self, event: Pointer, view: PublicView, scene: Scene, t: float) -> list[Command]:
        """A finger or the mouse on the search view: its ACCUSE and PASS, else the scene."""
        point = (round(event.x), round(event.y))
        buttons = self.search.buttons()
        if event.kind == "down" and not self.search.gesturing():
            self._pointer = next((name for name, box in buttons.items() if box.collidepoint(point)
                                  and (name != "pass" or view.rules.allow_pass)), None)
            if self._pointer == "accuse":
                self._hold_since, self._hold_pending = t, False
            if self._pointer is not None:
                return []
        if self._pointer is not None:   # a press on ACCUSE or PASS: taken at its release
            if event.kind != "up":
                return []
            return self._released(point, buttons, scene, t)
        if event.kind == "move" and not event.pressed:   # the mouse hovering: the cursor follows it
            geo = self.search.view(scene)
            if geo.contains(event.x, event.y) and not self.search.strip_rect().collidepoint(point):
                self.cursor.snap(scene, *geo.to_scene(event.x, event.y), geo.render_size)
            return []
        chosen = self.search.gesture(scene, event.kind, (event.x, event.y), event.id, event.pressed)
        if chosen is not None and not self.search.strip_rect().collidepoint(point):
            self.cursor.snap(scene, chosen[0], chosen[1], self.search.render_size(scene))
        return []

    def _board_tap(self, event: Pointer, view: PublicView, point: tuple[int, int]) -> bool:
        """A tap on an earlier board's small card brings it up big; a tap on the big
        board, when the detectives brought it up, puts it back. True if taken."""
        if event.kind == "down":
            number = self.table.board_at(view, point)
            if number is not None:
                self._pointer = f"board{number}"
                return True
            return False
        if self._pointer is None or not self._pointer.startswith("board"):
            return False
        if event.kind == "up":
            number, self._pointer = int(self._pointer[5:]), None
            if self.table.board_at(view, point) == number:
                big = number == self.table.shown_big()
                self.table.bring_up(view, None if big else number)
        return True

    def handle_intent(self, intent: Intent, view: PublicView) -> list[Command]:
        scene = self._scene(view)
        if scene is None or view.phase is not Phase.SUSPECT:
            self._hold_since, self._hold_pending = None, False
            return []
        match intent.kind:
            case IntentKind.MOVE_LEFT | IntentKind.MOVE_RIGHT | IntentKind.MOVE_UP | IntentKind.MOVE_DOWN:
                size = self.search.render_size(scene) if self.search.active else self.table.scene_rect(scene).size
                self.cursor.step(scene, _STEPS[intent.kind], size)
                self.search.follow(scene, self.cursor.on(scene))
            case IntentKind.NEXT_SUSPECT | IntentKind.PREVIOUS_SUSPECT:
                self.cursor.cycle(scene, _CYCLE[intent.kind])
                self.search.follow(scene, self.cursor.on(scene))
            case IntentKind.ZOOM:
                here = self.cursor.on(scene)
                self.search.step(scene, (here.x, here.y))
            case IntentKind.ACCUSE_HOLD:
                # Intents are stamped on the device clock; the ring runs on screen time.
                self._hold_since, self._hold_pending = None, True
            case IntentKind.ACCUSE_CANCEL:
                self._hold_since, self._hold_pending = None, False
            case IntentKind.ACCUSE:
                self._hold_since, self._hold_pending = None, False
                return [self._accuse(scene)]
            case IntentKind.PASS:
                return [Pass()]
            case IntentKind.FLIP | IntentKind.ADMIN | IntentKind.ADMIN_HELD:
                pass   # the tablet's and the operator's, not the detectives'
            case _:
                assert_never(intent.kind)
        return []

    def _accuse(self, scene: Scene) -> Accuse:
        return Accuse(self.cursor.on(scene).id)

    def on_events(self, events: Sequence[GameEvent], t: float) -> None:
        self.moments.hear(events, t)
        if any(isinstance(e, (Accused, Passed, GameOver, GameStarted)) for e in events):
            self._hold_since, self._hold_pending, self._pointer = None, False, None
            self.search.close()   # the verdict and the next round are shown on the table

    def on_rejected(self, command: Command, violation: RuleViolation, t: float) -> None:
        self.moments.refuse(violation.template, t, violation.params)

    def notify(self, text: str, t: float) -> None:
        self.moments.refuse(text, t)

    def holding(self) -> bool:
        """ACCUSE is held down (the hold ring is filling, or starts next frame)."""
        return self._hold_since is not None or self._hold_pending

    def forget_notice(self) -> None:
        self.moments.message = None

    def drop_pictures(self) -> None:
        """A game is over: let go of its scene's pictures (the backdrops stay, for the attract
        loop); the next game loads its own from the scene cache."""
        self.table.drop_pictures()
        self.secret.drop_pictures()

    def repaint(self) -> None:
        """The next frame paints the whole screen (something else was on the surface)."""
        self._shown = None

    def _in_search(self, scene: Scene, point: tuple[float, float]) -> tuple[int, int] | None:
        """A scene point on the search view, if it is in view (not under the strip or the overview)."""
        return _in_view(self.search.view(scene), self.search.strip_rect(), self.search.overview_rect(scene), *point)

    # ---- drawing ---------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: PublicView, t: float,
             status: Status) -> list[pygame.Rect]:
        scene = self._scene(view)
        if scene is None or view.phase is Phase.SCENE:
            screen: object = self.attract
        elif view.phase is Phase.SECRET:
            screen = self.secret
        else:
            screen = self.table
        if view.phase is not Phase.SUSPECT:
            self.search.close()
        elif self.search.active and self.moments.verdict_at(t) is None:
            screen = self.search
        if screen is not self._shown:
            for each in (self.attract, self.secret.layers, self.table.layers, self.search):
                each.forget()
            if screen is self.table or screen is self.search:
                # Neither the attract loop nor the secret pick shows again before the game ends:
                # their full-screen pictures (about 40 MB at full HD, four times that at 4K) go.
                self.attract.drop_pictures()
                self.secret.drop_pictures()
            self._shown = screen
        if screen is self.attract or scene is None:
            return self.attract.draw(surface, t, status)
        if screen is self.secret:
            drawn = self.secret.draw(surface, view, scene, t, status)
            PAINTER.prefetch(scene, self.table.raster_sizes(scene))   # ready when the criminal has picked
            return drawn
        if self._hold_pending:
            self._hold_since, self._hold_pending = t, False
        hold = 0.0
        if self._hold_since is not None and self.hold_time > 0:
            hold = max(0.0, min(1.0, (t - self._hold_since) / self.hold_time))
        if screen is self.search:
            return self._draw_search(surface, view, scene, status, hold)
        return self.table.draw(surface, view, scene, t, status, hold)

    def _draw_search(self, surface: pygame.Surface, view: PublicView, scene: Scene, status: Status,
                     hold: float) -> list[pygame.Rect]:
        """The search view: the screen under it once, the rest layers (search.py)."""
        dirty = self.search.draw(surface)
        viewport = self.search.viewport(scene)
        self.search.at_once = not PAINTER.background
        picture = PAINTER.ask(scene, viewport[2:])
        if picture is None:   # a new crowd still being painted at this size: the strip meanwhile
            self._search_layers = []
            return dirty
        chosen = self.table.chosen[0] if self.table.chosen is not None and \
            self.table.chosen[1] == len(view.boards) else None
        self._search_layers = self.search.layers(view, scene, picture, self.cursor.on(scene),
                                                 translator(status.language), hold, chosen)
        return dirty

    def layers(self, on_scene: Sequence[Layer] = ()) -> list[Layer]:
        """The frame's layers; `on_scene`: what stands on the scene's figures (the phones' pins),
        put right over the scene, under the loupe, the lens, the notices and the boards."""
        if self._shown is self.search:
            layers = self._search_layers
            if not on_scene or not layers:
                return layers
            split = self.search.scene_layers
            return [*layers[:split], *on_scene, *layers[split:]]
        moving = self.table.moving if self._shown is self.table else []
        return [*on_scene, *moving] if on_scene else moving

    def caption(self) -> Caption | None:
        """The name caption of the figure under the cursor as the frame drawn last shows it (the
        loupe's plate, the search view's tag), None while there is none: the phones' marks of
        that figure go beside it."""
        if self._shown is self.search:
            return self.search.caption if self._search_layers else None
        return self.table.caption if self._shown is self.table else None

    def top_taken(self) -> list[pygame.Rect]:
        """What the top bar shows for a while (TableScreen.top_taken): the phones' pill gives way."""
        return self.table.top_taken if self._shown is self.table else []

    def lens_area(self) -> pygame.Rect | None:
        """Where the big lens rests while it shows on the table (the verdict's, the end's): the
        phones' keepsake card keeps off it."""
        return self.table.lens_area if self._shown is self.table else None

    def search_level(self) -> int:
        """The search view's zoom step; 0 while the table shows."""
        return self.search.level

    # ---- scripted play ---------------------------------------------------

    def settled(self, view: PublicView, t: float) -> float:
        """When everything begun by `t` shows its final picture (a scripted screenshot's moment)."""
        return self.moments.settled(t, self.table.replay_seconds(view))

    def last_heard(self) -> float:
        """When the last public event was heard: a screenshot's `at` counts from it."""
        return self.moments.last_heard

    def scene_area(self, view: PublicView) -> pygame.Rect | None:
        """Where the table shows the scene (None before one is chosen): the end's cards go over it,
        away from the boards and the outcome (phones' keepsake card)."""
        scene = self._scene(view)
        return None if scene is None or view.phase in (Phase.SCENE, Phase.SECRET) else self.table.scene_rect(scene)

    def places(self, view: PublicView) -> tuple[Hashable, Callable[[float, float], tuple[int, int] | None]] | None:
        """Where a scene point (x, y, 0..1) shows now (None: off the screen or covered), with a key
        that changes whenever that does; for what stands on many figures at once (the phones'
        pins), placed again only when the key changes. None before the table shows the scene.
        The mapping holds copies of what it needs, never the screen's state: the phones' server
        places pins with it on its own thread while the screen moves on."""
        scene = self._scene(view)
        if scene is None or view.phase in (Phase.SCENE, Phase.SECRET):
            return None
        if self.search.active and view.phase is Phase.SUSPECT:
            return (("search", scene.id, self.search.level, self.search.centre),
                    functools.partial(_in_view, self.search.view(scene), self.search.strip_rect(),
                                      self.search.overview_rect(scene)))
        rect = tuple(self.table.scene_rect(scene))
        return ("table", scene.id, rect), lambda x, y: (round(rect[0] + x * rect[2]), round(rect[1] + y * rect[3]))

    def locate(self, view: PublicView, target: str, arg: object = None) -> tuple[int, int] | None:
        """("character", id): its centre on the scene shown now; ("accuse"|"pass"):
        the on-screen buttons while the detectives decide (ACCUSE must be held)."""
        scene = self._scene(view)
        if scene is None or view.phase is Phase.SCENE:
            return None
        if target == "character":
            character = scene.character(str(arg))
            if character is None:
                return None
            if view.phase is Phase.SECRET:
                return self.secret.to_screen(scene, character.x, character.y)
            if self.search.active and view.phase is Phase.SUSPECT:
                return self._in_search(scene, (character.x, character.y))
            rect = self.table.scene_rect(scene)
            return round(rect.x + character.x * rect.w), round(rect.y + character.y * rect.h)
        if target == "board" and view.phase not in (Phase.SECRET, Phase.OVER):
            # (round): the middle of its card; (None): the big board, if the detectives brought it up
            number = self.table.shown_big() if arg is None else arg
            if arg is None and self.table.chosen is None:
                return None
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= view.rounds \
                    or number not in {board.round for board in view.boards} \
                    or (arg is not None and number == self.table.shown_big()):
                return None
            card = self.table.layout.slot(number - 1, self.table.shown_big() - 1)
            return card.centerx, card.centery
        if target == "scene_point" and self.search.active and view.phase is Phase.SUSPECT \
                and isinstance(arg, tuple):
            # (x, y): where that scene point is on the search view, even off the screen
            x, y = self.search.view(scene).to_screen(float(arg[0]), float(arg[1]))
            return round(x), round(y)
        if target == "view_centre" and self.search.active and view.phase is Phase.SUSPECT:
            x, y, w, h = self.search.viewport(scene)
            return x + w // 2, y + h // 2
        if target in ("accuse", "pass") and view.phase is Phase.SUSPECT:
            if target == "pass" and not view.rules.allow_pass:
                return None
            boxes = self.search.buttons() if self.search.active else self.table.buttons(scene)
            centre = boxes[target].center
            return centre[0], centre[1]
        return None


def _in_view(geo: ViewGeometry, strip: pygame.Rect, overview: pygame.Rect, x: float, y: float) -> tuple[int, int] | None:
    """A scene point on a search view (`geo`), if it is in view: not under its `strip` nor, zoomed
    in, its `overview`. Of its arguments only: the phones' server places pins with it on its thread."""
    sx, sy = geo.to_screen(x, y)
    spot = (round(sx), round(sy))
    covered = strip.collidepoint(spot) or (geo.level > 1 and overview.inflate(8, 8).collidepoint(spot))
    return spot if geo.contains(sx, sy, 1) and not covered else None
