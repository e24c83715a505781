"""The game itself on the monitor (READY to OVER): scene, boards, phase panel.

Background: the top bar, the scene raster (crossed-out suspects on it), the
boards that are in place, the phase panel, the case file. Patches (painted
into the background as they land, see `layers`): the boards' ink replayed at
the end. Overlays: the clue timer, the cursor's ring on the suspect, a
refusal, the link notice. Layers (`moving`, moved and blended by the GPU over
all that, see present.Layer): the loupe with its hold ring, placed clear of
the notices; the new board while the detectives study it
(sliding in, its squares struck out); while a verdict is given the lights
going down on the accused, the big lens and the stamp; at the end the lights
down on the criminal and the lens.

Nothing here reads anything but the PublicView, the scene and public moments:
before the game is over no pixel can depend on the secret.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

import pygame

from lastmessage.i18n.translate import Translator, translator
from lastmessage.ui.present import Layer
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import PublicView
from lastmessage.scenes import arrows
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.painter import PAINTER
from lastmessage.scenes.render import draw_highlight, scene_digest
from lastmessage.ui import guide, theme
from lastmessage.sound.captions import Caption as SoundCaption, caption_for
from lastmessage.ui.detective import cards, chrome, guide_card, panels, replay, signals, spotlight, strike, words
from lastmessage.ui.detective import verdict as verdict_
from lastmessage.ui.detective.cursor import SuspectCursor
from lastmessage.ui.detective.layers import Layers
from lastmessage.ui.detective.layout import Layout
from lastmessage.ui.detective.caption import Caption
from lastmessage.ui.detective.loupe import Loupe
from lastmessage.ui.detective.moments import (
    REVEAL_ZOOM, SPOTLIGHT_SECONDS, STRIKE_FALL, STRIKE_RING, Moments, Verdict, ease_out_cubic,
)
from lastmessage.ui.screen import Status
from lastmessage.ui.tension import pulse, urgent

HOLD_STEPS = 48   # the hold ring advances in this many visible steps
STAMP_SCALES = (1.0, 0.8, 0.64, 0.5)   # the stamp's width (of the scene's), tried in turn to keep a name clear


class TableScreen:
    def __init__(self, size: tuple[int, int], rules: Rules, moments: Moments,
                 cursor: SuspectCursor) -> None:
        self.size = size
        self.rules = rules
        self.moments = moments
        self.cursor = cursor
        self.layout = Layout(size, rules.rounds)
        self.theme = self.layout.theme
        self.layers = Layers()
        self.loupe = Loupe(self.layout.loupe_radius, self.theme)
        self.lens = Loupe(self.layout.reveal_radius, self.theme)   # the reveal's, bigger
        self._lens_picture: tuple[Hashable, pygame.Surface, tuple[int, int]] | None = None
        self._replay: tuple[Hashable, list[replay.Turn]] | None = None
        self._lights: tuple[Hashable, list[Layer]] | None = None
        self.lens_area: pygame.Rect | None = None   # where the big lens rests while it shows: cards keep off it
        self._board_layers: tuple[Hashable, list[Layer]] | None = None
        self.moving: list[Layer] = []   # the frame's layers, over the screen (present.Layer)
        self._loupe: list[Layer] = []   # the cursor's loupe, kept from the overlays painted last
        self.caption: Caption | None = None   # its name plate, for what goes beside it (the phones' marks)
        self._heard_at: pygame.Rect | None = None    # the sound's caption in the top bar, as drawn last
        self._notice_at: pygame.Rect | None = None   # the service line there
        self._raster: tuple[str, pygame.Surface] | None = None
        self._geometry: dict[float, tuple[pygame.Rect, pygame.Rect, dict[str, pygame.Rect]]] = {}
        # An earlier board the detectives brought up big: (its round, how many boards were
        # public then). A new board coming in puts it back, so the new one is read big.
        self.chosen: tuple[int, int] | None = None
        self._focus_now = 0   # the board shown big in the last frame drawn

    def drop_pictures(self) -> None:
        """Let go of the last game's pictures (scene raster, the loupes' big rasters and plates, the
        cached background and lens): about 60 MB at full HD, held until the next game reached the
        table otherwise, beside the next scene's own."""
        self._raster = None
        self._lens_picture = None
        self._lights = None
        self.lens_area = None
        self._board_layers = None
        self.moving = []
        self._loupe = []
        self.caption = None
        self._heard_at = self._notice_at = None
        self.loupe.drop()
        self.lens.drop()
        self.layers.drop_base()

    def follow(self, rules: Rules) -> None:
        """Play this game's rules: its wording, and a board slot for each of its rounds."""
        self.rules = rules
        if rules.rounds != self.layout.slots:
            self.layout = Layout(self.size, rules.rounds)
            self._geometry.clear()
            self._raster = None

    # ---- the board brought up big ---------------------------------------------

    def bring_up(self, view: PublicView, number: int | None) -> bool:
        """Show round `number`'s board big (None: the board the game puts there); False if
        that round has no public board."""
        if number is None:
            self.chosen = None
            return True
        if number not in {board.round for board in view.boards}:
            return False
        self.chosen = (number, len(view.boards))
        return True

    def board_at(self, view: PublicView, point: tuple[int, int]) -> int | None:
        """The round whose public board (its card, label included) is under `point`."""
        rounds = {board.round for board in view.boards}
        for index in range(view.rounds):
            if index + 1 in rounds and self.layout.slot(index, self._focus_now).collidepoint(point):
                return index + 1
        return None

    def shown_big(self) -> int:
        """The round whose board was shown big in the last frame."""
        return self._focus_now + 1

    # ---- geometry shared with input handling -----------------------------

    def scene_rect(self, scene: Scene) -> pygame.Rect:
        return self._rects(scene)[0]

    def panel_rect(self, scene: Scene) -> pygame.Rect:
        return self._rects(scene)[1]

    def buttons(self, scene: Scene) -> dict[str, pygame.Rect]:
        return self._rects(scene)[2]

    def _rects(self, scene: Scene) -> tuple[pygame.Rect, pygame.Rect, dict[str, pygame.Rect]]:
        """Scene, panel and button rects for a scene's aspect, worked out once."""
        found = self._geometry.get(scene.aspect)
        if found is None:
            panel = self.layout.panel(scene.aspect)
            found = (self.layout.scene(scene.aspect), panel, panels.buttons(panel, self.theme))
            self._geometry[scene.aspect] = found
        return found

    def raster_sizes(self, scene: Scene) -> list[tuple[int, int]]:
        """The rasters this screen will need for `scene` (painted ahead while the criminal picks)."""
        shown = self.scene_rect(scene).size
        return [shown, self.loupe.source_size(shown)]

    def prepare(self, scene: Scene, tx: Translator) -> pygame.Surface:
        """The scene raster and the loupe's big raster, loaded once per scene."""
        if self._raster is None or self._raster[0] != scene_digest(scene):
            self._raster = (scene_digest(scene), PAINTER.get(scene, self.scene_rect(scene).size))
            arrows.prepare(scene, self.scene_rect(scene).size)   # the cursor's arrows, not at the first press
        self.loupe.prepare(scene, self.scene_rect(scene).size, tx)
        return self._raster[1]

    # ---- drawing ---------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: PublicView, scene: Scene, t: float,
             status: Status, hold: float) -> list[pygame.Rect]:
        """`hold`: how far ACCUSE has been held, 0..1 (0 when not held)."""
        tx = translator(status.language)
        self.prepare(scene, tx)
        verdict = self.moments.verdict_at(t)
        shown = held(view, verdict)
        fresh = self._fresh(shown)
        revealing = verdict is None and view.phase is Phase.OVER and view.reveal is not None
        focus = self._focus_now = self._focus_at(shown, t, revealing)
        results = (tuple(shown.accusations), tuple(shown.passes), shown.outcome)
        # The scene's digest, not its id: a resumed game's kept scene shares its id with the catalog's.
        base_key: Hashable = (shown.phase, scene_digest(scene), shown.round, shown.erase_count, fresh, results,
                              self.rules, tx, verdict, revealing, focus)
        overlay_key = self._overlay_key(view, scene, t, status, hold)
        heard = caption_for(status.captions, "detective")
        dirty = self.layers.draw(
            surface, base_key, lambda s: self._paint_base(s, tx, shown, scene, fresh, verdict, revealing, focus),
            overlay_key, lambda s: self._paint_overlays(s, tx, view, scene, t, status, hold),
            (heard.sound if heard is not None else None, tx),
            lambda s: self._caption(s, tx, heard, view.rounds),
            self._streams(view, t, revealing, verdict, focus),
            lambda s, key, index: self._patch(s, tx, shown, scene, verdict, key, index, focus))
        if not dirty and verdict is None and view.phase is Phase.CLUES and view.deadline is not None:
            panels.prepare_timer_label(self.theme, tx, view.deadline - t)
        self.moving = self._loupe + self._moving(tx, shown, scene, t, fresh, verdict, revealing)
        return dirty

    def _fresh(self, view: PublicView) -> int | None:
        """The board just made public, while the detectives study it: it slides
        in and its squares are struck out as layers (the GPU's work), and joins
        the background at the next change of phase. Only a board this screen
        saw arrive (after a resume every board is simply in place)."""
        arrival = self.moments.arrivals.get(view.round)
        if view.phase is not Phase.SUSPECT or arrival is None:
            return None
        board = next((b for b in view.boards if b.round == view.round), None)
        return view.round if board is not None and set(arrival.cells) == board.erased else None

    def _streams(self, view: PublicView, t: float, revealing: bool, verdict: Verdict | None,
                 focus: int) -> tuple[tuple[Hashable, int], ...]:
        """What has landed by `t` (see `layers`): the verdict's colour in the panel
        once its stamp has hit (not before: nothing tells the answer before the
        stamp and its sound do); at the reveal, each board's replay: the board
        in focus step by step, a board replayed before it (now small) in one
        patch, so that the repaint when the focus moves on costs one card each."""
        if verdict is not None:
            return ((("stamped", verdict), 1 if self.moments.stamp(t) >= 0 else 0),)
        if not revealing or view.reveal is None:
            return ()
        return tuple((("replay", turn.round), turn.due(t)) if turn.round - 1 == focus
                     else (("replayed", turn.round), 1 if turn.due(t) > turn.steps else 0)
                     for turn in self._turns(view))

    def _focus_at(self, view: PublicView, t: float, revealing: bool) -> int:
        """The index of the board shown big at `t`: at the reveal the one whose
        replay began last, the first before any has (so the ink coming back,
        erased words too, is read from the sofa on the big board, the last
        replayed stays big, and the first is in place with the lights going
        down: one repaint less), else `focus`."""
        if revealing and view.reveal is not None:
            turns = self._turns(view)
            begun = [turn for turn in turns[1:] if turn.begin <= t]
            if turns:
                return (begun[-1] if begun else turns[0]).round - 1
        chosen = self.chosen
        if chosen is not None and chosen[1] == len(view.boards) and view.phase is not Phase.OVER \
                and any(board.round == chosen[0] for board in view.boards):
            return chosen[0] - 1
        self.chosen = None
        return self.focus(view)

    def _reveal_start(self) -> float:
        start = self.moments.reveal_start()
        return float("-inf") if start is None else start   # a game heard ending long ago: all shown

    def _turns(self, view: PublicView) -> list[replay.Turn]:
        """The boards' replays at the reveal (worked out once per game end)."""
        assert view.reveal is not None
        key = (tuple(cards.fingerprint(b) for b in view.reveal.boards), self._reveal_start())
        if self._replay is None or self._replay[0] != key:
            self._replay = (key, replay.turns(view.reveal.boards, self._reveal_start() + REVEAL_ZOOM))
        return self._replay[1]

    def replay_seconds(self, view: PublicView) -> float:
        """How long the reveal's replay of every board takes."""
        return replay.total(view.reveal.boards) if view.reveal is not None else 0.0

    def _overlay_key(self, view: PublicView, scene: Scene, t: float, status: Status,
                     hold: float) -> Hashable:
        message = self.moments.message_at(t)
        key: list[Hashable] = [status.language, status.link_ok, status.service, message, status.guide]
        if self.moments.verdict_at(t) is not None:
            return tuple(key)   # the verdict is the one moment shown: no timer, no cursor yet
        if view.phase is Phase.CLUES and view.deadline is not None and view.timer_started_at is not None:
            panel = self.panel_rect(scene)
            key.append(panels.timer_key(panel, self.theme, view.deadline - t,
                                        view.deadline - view.timer_started_at))
        if view.phase is Phase.SUSPECT:
            key.append((self.cursor.on(scene).id, round(hold * HOLD_STEPS)))
        return tuple(key)

    def _paint_base(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene,
                    fresh: int | None, verdict: Verdict | None, revealing: bool, focus: int) -> None:
        t, layout = self.theme, self.layout
        surface.fill(theme.NIGHT)
        chrome.top_bar(surface, layout, tx, scene, view)
        rect = self.scene_rect(scene)
        frame = rect.inflate(2 * t.px(6), 2 * t.px(6))
        pygame.draw.rect(surface, theme.NIGHT_LINE, frame, border_radius=t.px(8))
        surface.blit(self.prepare(scene, tx), rect)
        for image, where in self._crosses(view, scene):
            surface.blit(image, where)
        lit = self._lit(view, scene, verdict, revealing)
        if lit is not None:
            draw_highlight(surface, scene, lit[0], rect, color=lit[1])
        boards = {b.round: b for b in view.boards}
        results = self._results(tx, view, scene, focus)
        for index in range(view.rounds):
            number = index + 1
            slot = layout.slot(index, focus)
            if number == fresh:
                continue   # it comes in as layers
            if number in boards:
                surface.blit(cards.card(boards[number], slot.w, t, tx, small=index != focus,
                                        result=results.get(number)), slot)
            else:
                surface.blit(self._empty(tx, view, number, slot.w, small=index != focus), slot)
        if verdict is not None:
            character = scene.character(verdict.character) if verdict.character else None
            # A pass answers nobody: the panel says what comes next instead.
            below = words.name(tx, character) if character else words.after_pass(tx, verdict.round, view.rounds)
            panels.verdict_caption(surface, self.panel_rect(scene), t, words.verdict_line(tx, verdict.round),
                                   below, theme.AMBER)
        else:
            panels.draw(surface, self.panel_rect(scene), t, tx, view, self.rules, scene,
                        self.rules.allow_pass)

    def _crosses(self, view: PublicView, scene: Scene) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The wrong suspects' crosses, and where they go."""
        rect, found = self.scene_rect(scene), []
        for accusation in view.accusations:
            character = scene.character(accusation.character)
            if character is not None and not accusation.correct:
                found.append(spotlight.cross(scene, character, rect, self.theme, accusation.round))
        return found

    def _lit(self, view: PublicView, scene: Scene, verdict: Verdict | None,
             revealing: bool) -> tuple[Character, theme.Color] | None:
        """Who stands in the spotlight, and the colour of their ring: the accused
        while the verdict is given, the criminal at the end."""
        if verdict is not None and verdict.character is not None:
            accused = scene.character(verdict.character)
            return (accused, theme.AMBER) if accused is not None else None
        if revealing and view.reveal is not None:
            criminal = scene.character(view.reveal.secret)
            return (criminal, theme.CRIMSON) if criminal is not None else None
        return None

    def _patch(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene,
               verdict: Verdict | None, key: Hashable, index: int, focus: int) -> pygame.Rect:
        """Paint patch `index` of stream `key` (see `_streams`) into the background."""
        if verdict is not None:
            return panels.verdict_heading(surface, self.panel_rect(scene), self.theme,
                                          words.verdict_line(tx, verdict.round), verdict_.STYLE[verdict.kind])
        assert isinstance(key, tuple) and view.reveal is not None
        th = self.theme
        kind, number = key
        full = next(b for b in view.reveal.boards if b.round == number)
        turn = next(turn for turn in self._turns(view) if turn.round == number)
        small = number - 1 != focus
        weight = cards.style(small)
        slot = self.layout.slot(number - 1, focus)
        # On the board as its card drew it: a long "who was accused" label makes it smaller.
        board = cards.board_in_card(full, slot.w, th, tx, small=small,
                                    result=self._results(tx, view, scene, focus).get(number)).move(slot.topleft)
        if kind == "replayed":
            return replay.paint_whole(surface, board, full, grid_width=max(2, th.px(3)), weight=weight)
        return replay.paint(surface, board, full, turn, index, grid_width=max(2, th.px(3)), weight=weight)

    # ---- motion: layers the GPU moves (present.Layer) -----------------------

    def _moving(self, tx: Translator, view: PublicView, scene: Scene, t: float, fresh: int | None,
                verdict: Verdict | None, revealing: bool) -> list[Layer]:
        """The new board gliding in and its squares struck; the lights going down
        on the accused, the big lens and the verdict's stamp; at the end the
        lights down on the criminal and the lens, kept while the end is shown."""
        moving = [] if fresh is None else self._arriving(tx, view, fresh, t)
        if verdict is None and not revealing:
            self.lens_area = None
            return moving
        if verdict is not None:
            grown = min(1.0, (t - verdict.start) / SPOTLIGHT_SECONDS)
        else:
            grown = min(1.0, (t - self._reveal_start()) / REVEAL_ZOOM)
        since = self.moments.stamp(t)
        key = (verdict, revealing, scene_digest(scene), tx, view.accusations, grown,
               verdict_.scale_at(since) if verdict is not None else None, min(0.0, since))
        if self._lights is None or self._lights[0] != key:   # once all is at rest, the same layers
            self._lights = (key, self._lit_layers(tx, view, scene, verdict, revealing, grown, since))
        return moving + self._lights[1]

    def _lit_layers(self, tx: Translator, view: PublicView, scene: Scene, verdict: Verdict | None,
                    revealing: bool, grown: float, since: float) -> list[Layer]:
        """The lights down around the one in the spotlight, the crosses over it,
        the big lens, and while a verdict is given its stamp (`since` it hit)."""
        th, rect, moving = self.theme, self.scene_rect(scene), []
        lit = self._lit(view, scene, verdict, revealing)
        veil = spotlight.veil(rect, lit[0] if lit else None, scene, th, min(1.0, grown / 0.5),
                              ring=lit[1] if lit else theme.AMBER)
        if veil is not None:
            moving.append(veil)
        for number, (image, where) in enumerate(self._crosses(view, scene)):   # legible in the dark too
            moving.append(Layer(("cleared", number), image, pygame.FRect(where)))
        self.lens_area = None
        if lit is not None:
            moving.append(self._lens_layer(scene, lit[0], tx, lit[1], grown))
            rest = self._lens_layer(scene, lit[0], tx, lit[1], 1.0).dest
            self.lens_area = pygame.Rect(round(rest.x), round(rest.y), round(rest.w), round(rest.h))
        if verdict is not None:
            accused = lit[0] if lit else None
            landing, picture = self._stamp_place(scene, accused, verdict.kind, tx)
            stamp = verdict_.stamp(landing, picture, since, rect)
            if stamp is not None:
                moving.append(stamp)
        return moving

    def _arriving(self, tx: Translator, view: PublicView, number: int, t: float) -> list[Layer]:
        """The board of round `number` sliding in, blank where erased, then its
        squares struck out one by one; at rest the same pixels as its card."""
        th, focus = self.theme, self._focus_now
        board = next(b for b in view.boards if b.round == number)
        slide = self.moments.slide(number, t)
        strikes = [(cell, max(-STRIKE_FALL - 1.0, min(STRIKE_RING, since)))   # before and after: at rest
                   for cell, since in self.moments.strikes(number, board.erased, t)]
        key = (number, focus, tx, slide, tuple(strikes))
        if self._board_layers is not None and self._board_layers[0] == key:
            return self._board_layers[1]   # at rest: the same layers frame after frame
        slot, small = self.layout.slot(number - 1, focus), number - 1 != focus
        card = cards.card(board, slot.w, th, tx, small=small, redacted=False)
        x = round(self.size[0] + (slot.x - self.size[0]) * ease_out_cubic(slide))
        moving = [Layer(("arriving", number), card, pygame.FRect((x, slot.y), card.get_size()))]
        struck = cards.card(board, slot.w, th, tx, small=small)
        inside = self.layout.board(number - 1, focus)
        for cell, since in strikes:
            moving += strike.moving(struck, inside.move(-slot.x, -slot.y), slot.topleft, cell, since, th)
        self._board_layers = (key, moving)
        return moving

    def _lens_layer(self, scene: Scene, character: Character, tx: Translator, ring: theme.Color,
                    grown: float) -> Layer:
        """The big lens on the character in the spotlight, growing out of it to its place."""
        grow = ease_out_cubic((grown - 0.25) / 0.75)
        image, offset = self._lens(scene, character, tx, ring)
        if grow <= 0:   # not grown yet: sent to the GPU with the frame that starts the moment, not drawn
            grow, alpha = 1.0, 0
        else:
            alpha = 255
        rect = self.scene_rect(scene)
        focus = spotlight.centre(character, rect)
        place = self.lens.place(focus, spotlight.radius(scene, character, rect, self.theme), rect,
                                plate=self.lens.plate_box(character))
        middle = (focus[0] + (place[0] - focus[0]) * grow, focus[1] + (place[1] - focus[1]) * grow)
        dest = pygame.FRect(middle[0] - offset[0] * grow, middle[1] - offset[1] * grow,
                            image.get_width() * grow, image.get_height() * grow)
        return Layer(("lens",), image, dest, alpha=alpha)

    def _stamp_place(self, scene: Scene, accused: Character | None, kind: str,
                     tx: Translator) -> tuple[tuple[int, int], pygame.Surface]:
        """Where the stamp lands, and its picture: on the scene, never over the accused's
        name plate (the name is what the verdict answers), covering as little of the
        spotlight and the lens as it can; as big as that allows (STAMP_SCALES)."""
        rect, th = self.scene_rect(scene), self.theme
        middle = [(rect.centerx, rect.y + round(rect.h * share)) for share in (0.5, 0.24, 0.76)]
        if accused is None:
            return middle[0], verdict_.picture(kind, rect.w, th, tx)
        lens = self._lens_layer(scene, accused, tx, theme.AMBER, 1.0)
        focus = spotlight.centre(accused, rect)
        full = spotlight.radius(scene, accused, rect, th)
        spot = pygame.Rect(focus[0] - full, focus[1] - full, 2 * full, 2 * full)
        plate = self.lens.plate_box(accused).move(
            self.lens.place(focus, full, rect, plate=self.lens.plate_box(accused)))
        sideways = [(rect.x + round(rect.w * x), rect.y + round(rect.h * y))
                    for y in (0.5, 0.24, 0.76) for x in (0.3, 0.7)]

        def covered(box: pygame.Rect) -> int:
            return sum(box.clip(other).w * box.clip(other).h for other in (pygame.Rect(lens.dest), spot))

        fallback: tuple[int, tuple[int, int], pygame.Surface] | None = None
        for scale in STAMP_SCALES:
            image = verdict_.picture(kind, round(rect.w * scale), th, tx)
            boxes = [image.get_rect(center=centre) for centre in middle + sideways]
            clear = [box for box in boxes if rect.contains(box) and not box.colliderect(plate)]
            if clear:
                return min(clear, key=covered).center, image
            least = min(boxes, key=lambda box: box.clip(plate).w * box.clip(plate).h)
            hidden = least.clip(plate).w * least.clip(plate).h
            if fallback is None or hidden < fallback[0]:
                fallback = (hidden, least.center, image)
        assert fallback is not None
        return fallback[1], fallback[2]

    def _lens(self, scene: Scene, character: Character, tx: Translator,
              ring: theme.Color) -> tuple[pygame.Surface, tuple[int, int]]:
        """The big lens on a character, drawn once: its picture and where its centre is in it."""
        key = (scene_digest(scene), character.id, tx, self.size, ring)
        if self._lens_picture is None or self._lens_picture[0] != key:
            self.lens.prepare(scene, self.scene_rect(scene).size, tx, every_name=False, like=self.loupe)
            side = 4 * self.lens.radius
            canvas = pygame.Surface((side, side + self.theme.px(120)), pygame.SRCALPHA)
            middle = (side // 2, side // 2)
            drawn = self.lens.draw(canvas, middle, scene, character, ring=ring).clip(canvas.get_rect())
            self._lens_picture = (key, canvas.subsurface(drawn).copy(), (middle[0] - drawn.x, middle[1] - drawn.y))
        return self._lens_picture[1], self._lens_picture[2]

    @staticmethod
    def focus(view: PublicView) -> int:
        """The index of the round whose board is shown big: the current round's
        once it is public, else the newest board (studied while the next is drawn)."""
        rounds = [b.round for b in view.boards]
        if view.round in rounds or not rounds:
            return view.round - 1
        return max(rounds) - 1

    def _results(self, tx: Translator, view: PublicView, scene: Scene, focus: int) -> dict[int, cards.Result]:
        """What became of each finished round, for the label of its board: the case file.
        A label never shrinks its board nor is cut: a small card says "✕ 2" (the cross
        numbered 2 on the scene shows whom), the big board the whole description when it
        fits its strip on one line, else the short form too."""
        found: dict[int, cards.Result] = {number: (words.round_result(tx, None, None), theme.TEXT_DIM)
                                           for number in view.passes}
        for accusation in view.accusations:
            character = scene.character(accusation.character)
            colour = theme.TEAL if accusation.correct else theme.CRIMSON
            short = words.round_result(tx, str(accusation.round), accusation.correct)
            whole = words.round_result(tx, accusation.character if character is None else words.name(tx, character),
                                       accusation.correct)
            big = accusation.round - 1 == focus
            room = self.layout.slot(focus, focus).w
            found[accusation.round] = (whole if big and cards.fits_strip(self.theme, tx, accusation.round, whole, room)
                                       else short, colour)
        return found

    def _empty(self, tx: Translator, view: PublicView, number: int, side: int, *,
               small: bool) -> pygame.Surface:
        erase = self.rules.erase_count(number)
        current = number == view.round and view.outcome is None
        note = ""
        if current and view.phase is Phase.CLUES:
            note = words.slot_note(tx, "writing")
        elif current and view.phase is Phase.ERASE:
            note = words.slot_note(tx, "erasing")
        elif current and view.phase is Phase.READY:
            note = words.slot_note(tx, "next")   # (while the detectives decide, the board is sliding in here)
        return cards.empty_slot(number, erase, side, self.theme, tx, small=small, note=note,
                                active=current and view.phase in (Phase.CLUES, Phase.ERASE))

    def _mark(self, surface: pygame.Surface, scene: Scene, character: Character) -> pygame.Rect:
        """Ring the cursor's character on the scene (its loupe: `_show_loupe`)."""
        return draw_highlight(surface, scene, character, self.scene_rect(scene), color=theme.AMBER)

    def _show_loupe(self, scene: Scene, character: Character, ring: pygame.Rect, progress: float,
                    clear_of: list[pygame.Rect]) -> None:
        """The loupe beside the cursor's ring, as layers (loupe.py), where it hides none of
        `clear_of` (the notices drawn under it) if it can."""
        rect = self.scene_rect(scene)
        focus = (rect.x + character.x * rect.w, rect.y + character.y * rect.h)
        clearance = ring.w / 2 + self.theme.px(12)
        # Told of its plate: the plate hanging under the lens must not hide the suspect either.
        centre = self.loupe.place(focus, clearance, rect, self.loupe.plate_box(character), clear_of)
        # Its name plate, too, stays on the scene: over a board beside it, it hid a square.
        self._loupe = self.loupe.layers(centre, scene, character, rect, ring=theme.AMBER, progress=progress)
        found = {layer.key: layer.dest for layer in self._loupe}
        self.caption = Caption.of(character.id, found["loupe", "plate"], ring, rect, found["loupe", "lens"])

    def _caption(self, surface: pygame.Surface, tx: Translator, heard: SoundCaption | None,
                 rounds: int) -> list[pygame.Rect]:
        self._heard_at = None if heard is None else signals.caption(surface, self.layout, tx, heard, rounds)
        return [] if self._heard_at is None else [self._heard_at]

    @property
    def top_taken(self) -> list[pygame.Rect]:
        """What the top bar shows for a while, for people who cannot hear (a sound's caption) or
        must act (the service line), as the frame drawn last shows it: the phones' pill gives way."""
        return [rect for rect in (self._heard_at, self._notice_at) if rect is not None]

    def _paint_overlays(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene,
                        t: float, status: Status, hold: float) -> list[pygame.Rect]:
        th = self.theme
        drawn: list[pygame.Rect] = []
        panel = self.panel_rect(scene)
        # While a verdict is given it is all the monitor shows: the next round's timer (a flip
        # straight after the verdict) comes with its heading once the verdict has been seen.
        verdict = self.moments.verdict_at(t)
        if verdict is None and view.phase is Phase.CLUES and view.deadline is not None \
                and view.timer_started_at is not None:
            left = max(0.0, view.deadline - t)
            drawn.append(panels.timer_bar(surface, panel, th, tx, left, view.deadline - view.timer_started_at))
            if urgent(left):
                drawn += signals.edge_glow(surface, self.layout, pulse(left))
        self._loupe = []
        self.caption = None
        suspect = self.cursor.on(scene) if verdict is None and view.phase is Phase.SUSPECT else None
        if suspect is not None:
            ring = self._mark(surface, scene, suspect)
            drawn.append(ring)
        notices = len(drawn)
        if verdict is None and status.guide is not None:
            drawn.append(self._guide(surface, tx, view, status.guide))
        message = self.moments.message_at(t)
        if message is not None:
            drawn.append(chrome.toast(surface, th, message.text(tx), self.scene_rect(scene)))
        line = words.service_line(tx, status.link_ok, status.service)
        self._notice_at = None if line is None else chrome.service_notice(surface, th, line)
        if self._notice_at is not None:
            drawn.append(self._notice_at)
        if suspect is not None:
            self._show_loupe(scene, suspect, ring, round(hold * HOLD_STEPS) / HOLD_STEPS, drawn[notices:])
        return drawn


    def _guide(self, surface: pygame.Surface, tx: Translator, view: PublicView, step: guide.Step) -> pygame.Rect:
        """The guided round's step for the detectives: in round 1's empty big slot while
        its board is not in yet, then over the later rounds' empty cards under it."""
        focus, layout = self._focus_now, self.layout
        text = guide.monitor_text(tx, step, view.erase_count, self.rules.timer_seconds)
        if step is guide.Step.SUSPECT and layout.others:
            first, last = layout.slot(1 if focus == 0 else 0, focus), layout.slot(layout.slots - 1, focus)
            area = first.union(last)
            area.w = layout.board_column.right - area.x
        else:
            area = layout.board(focus, focus).inflate(-self.theme.px(24), -self.theme.px(24))
        return guide_card.card(surface, area, self.theme, guide.heading(tx), [("", text, theme.TEXT)], size=36,
                               fill=step is guide.Step.SUSPECT)


def held(view: PublicView, verdict: Verdict | None) -> PublicView:
    """The game as the monitor shows it while a verdict is stamped: as it was
    before the accusation, so nothing around the stamp (the round pips, the
    case file, the panel, the end) tells the answer before the stamp does."""
    if verdict is None:
        return view
    return dataclasses.replace(
        view, phase=Phase.SUSPECT, round=verdict.round, outcome=None, reveal=None,
        accusations=tuple(a for a in view.accusations if a.round != verdict.round),
        passes=tuple(p for p in view.passes if p != verdict.round))
