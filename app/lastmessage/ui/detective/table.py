"""The game itself on the monitor (READY to OVER): scene, boards, phase panel.

Background: the top bar, the scene raster (crossed-out suspects on it,
darkened while a verdict or the end is shown), the boards that are in place,
the phase panel, the case file. Patches (painted into the background as they
land): a board once slid in, each of its squares as it is struck out, the
criminal in the spotlight and the big lens at the end, the boards' ink
replayed. Overlays: the clue timer, the sliding-in board and the falling
strikes, the cursor with its loupe and hold ring, the opening spotlight and
the verdict's stamp, a refusal, the link notice.

Nothing here reads anything but the PublicView, the scene and public moments:
before the game is over no pixel can depend on the secret.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

import pygame

from lastmessage.i18n import Translator, translator
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.render import draw_highlight, render_scene
from lastmessage.ui import theme
from lastmessage.ui.detective import cards, chrome, panels, replay, spotlight, strike, words
from lastmessage.ui.detective import verdict as verdict_
from lastmessage.ui.detective.cursor import SuspectCursor
from lastmessage.ui.detective.layers import Layers
from lastmessage.ui.detective.layout import Layout
from lastmessage.ui.detective.loupe import Loupe
from lastmessage.ui.detective.moments import (
    REVEAL_ZOOM, SPOTLIGHT_SECONDS, STRIKE_FALL, STRIKE_RING, Moments, Verdict, ease_out_cubic,
)
from lastmessage.ui.screen import Status

HOLD_STEPS = 48   # the hold ring advances in this many visible steps


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
        self._raster: tuple[str, pygame.Surface] | None = None
        self._geometry: dict[float, tuple[pygame.Rect, pygame.Rect, dict[str, pygame.Rect]]] = {}

    def follow(self, rules: Rules) -> None:
        """Play this game's rules: its wording, and a board slot for each of its rounds."""
        self.rules = rules
        if rules.rounds != self.layout.slots:
            self.layout = Layout(self.size, rules.rounds)
            self._geometry.clear()
            self._raster = None

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

    def prepare(self, scene: Scene, tx: Translator) -> pygame.Surface:
        """The scene raster and the loupe's big raster, loaded once per scene."""
        if self._raster is None or self._raster[0] != scene.id:
            self._raster = (scene.id, render_scene(scene, self.scene_rect(scene).size))
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
        heard = self._heard(view)
        revealing = verdict is None and view.phase is Phase.OVER and view.reveal is not None
        results = (tuple(shown.accusations), tuple(shown.passes), shown.outcome)
        base_key: Hashable = (shown.phase, scene.id, shown.round, shown.erase_count, heard, results,
                              self.rules, tx, verdict, revealing)
        overlay_key = self._overlay_key(view, scene, t, status, hold, verdict, heard)
        dirty = self.layers.draw(
            surface, base_key, lambda s: self._paint_base(s, tx, shown, scene, heard, verdict, revealing),
            overlay_key, lambda s: self._paint_overlays(s, tx, view, scene, t, status, hold, verdict, heard),
            self._streams(view, t, heard, revealing),
            lambda s, key, index: self._patch(s, tx, shown, scene, key, index))
        if not dirty and view.phase is Phase.CLUES and view.deadline is not None:
            panels.prepare_timer_label(self.theme, tx, view.deadline - t)
        return dirty

    def _heard(self, view: PublicView) -> tuple[int, ...]:
        """The boards this screen saw arrive (they slide in and are struck out);
        others (say after a resume) are simply in place."""
        return tuple(b.round for b in view.boards
                     if b.round in self.moments.arrivals
                     and set(self.moments.arrivals[b.round].cells) == b.erased)

    def _streams(self, view: PublicView, t: float, heard: tuple[int, ...],
                 revealing: bool) -> tuple[tuple[Hashable, int], ...]:
        """What has landed by `t` (see `layers`): each heard board, once in its
        slot, then its struck squares; at the reveal the spotlit criminal, then
        each board's replay."""
        streams: list[tuple[Hashable, int]] = []
        boards = {b.round: b for b in view.boards}
        for number in heard:
            if self.moments.slide(number, t) >= 1.0:
                streams.append((("land", number), 1))
                landed = sum(1 for _cell, since in self.moments.strikes(number, boards[number].erased, t)
                             if since >= 0)
                streams.append((("strike", number), landed))
        if revealing and view.reveal is not None:
            start = self._reveal_start()
            streams.append((("reveal",), int(t >= start + REVEAL_ZOOM)))
            for turn in replay.turns(view.reveal.boards, start + REVEAL_ZOOM):
                streams.append((("replay", turn.round), turn.due(t)))
        return tuple(streams)

    def _reveal_start(self) -> float:
        start = self.moments.reveal_start()
        return float("-inf") if start is None else start   # a game heard ending long ago: all shown

    def replay_seconds(self, view: PublicView) -> float:
        """How long the reveal's replay of every board takes."""
        return replay.total(view.reveal.boards) if view.reveal is not None else 0.0

    def _overlay_key(self, view: PublicView, scene: Scene, t: float, status: Status,
                     hold: float, verdict: Verdict | None, heard: tuple[int, ...]) -> Hashable:
        message = self.moments.message_at(t)
        key: list[Hashable] = [status.language, status.link_ok, message]
        if verdict is not None:
            opened = min(1.0, (t - verdict.start) / SPOTLIGHT_SECONDS)
            key.append(("verdict", verdict, round(opened, 3), verdict_.scale_at(self.moments.stamp(t))))
        if view.phase is Phase.CLUES and view.deadline is not None and view.timer_started_at is not None:
            panel = self.panel_rect(scene)
            key.append(panels.timer_key(panel, self.theme, view.deadline - t,
                                        view.deadline - view.timer_started_at))
        boards = {b.round: b for b in view.boards}
        for number in heard:
            slide = self.moments.slide(number, t)
            if slide < 1.0:
                key.append(("slide", number, round(slide * 200)))
            for cell, since in self.moments.strikes(number, boards[number].erased, t):
                if -STRIKE_FALL <= since < STRIKE_RING:
                    key.append(("strike", number, cell, round(since, 3)))
        if view.phase is Phase.SUSPECT:
            key.append((self.cursor.on(scene).id, round(hold * HOLD_STEPS)))
        if verdict is None and view.phase is Phase.OVER and view.reveal is not None:
            since = t - self._reveal_start()
            if 0 <= since < REVEAL_ZOOM:
                key.append(("reveal", round(since, 3)))
        return tuple(key)

    def _paint_base(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene,
                    heard: tuple[int, ...], verdict: Verdict | None, revealing: bool) -> None:
        t, layout = self.theme, self.layout
        surface.fill(theme.NIGHT)
        chrome.top_bar(surface, layout, tx, scene, view)
        rect = self.scene_rect(scene)
        frame = rect.inflate(2 * t.px(6), 2 * t.px(6))
        pygame.draw.rect(surface, theme.NIGHT_LINE, frame, border_radius=t.px(8))
        surface.blit(self.prepare(scene, tx), rect)
        if verdict is not None or revealing:
            spotlight.darken(surface, rect)
        for accusation in view.accusations:
            character = scene.character(accusation.character)
            if character is not None and not accusation.correct:
                spotlight.cleared(surface, scene, character, rect, t)
        boards = {b.round: b for b in view.boards}
        focus = self.focus(view)
        results = self._results(tx, view, scene)
        for index in range(view.rounds):
            number = index + 1
            slot = layout.slot(index, focus)
            if number in heard:
                continue   # it lands as a patch, once slid in
            if number in boards:
                surface.blit(cards.card(boards[number], slot.w, t, tx, small=index != focus,
                                        result=results.get(number)), slot)
            else:
                surface.blit(self._empty(tx, view, number, slot.w, small=index != focus), slot)
        if verdict is not None:
            character = scene.character(verdict.character) if verdict.character else None
            line = words.verdict_line(tx, verdict.round, words.name(tx, character) if character else "")
            panels.verdict_caption(surface, self.panel_rect(scene), t, line, verdict_.STYLE[verdict.kind])
        else:
            panels.draw(surface, self.panel_rect(scene), t, tx, view, self.rules, scene,
                        self.rules.allow_pass)

    def _patch(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene,
               key: Hashable, index: int) -> pygame.Rect:
        """Paint patch `index` of stream `key` (see `_streams`) into the background."""
        assert isinstance(key, tuple)
        th, focus = self.theme, self.focus(view)
        grid = max(2, th.px(3))
        if key[0] == "reveal":
            assert view.reveal is not None
            criminal = scene.character(view.reveal.secret)
            if criminal is None:
                return pygame.Rect(0, 0, 0, 0)
            return self._spotlight(surface, tx, scene, criminal, 1.0, theme.CRIMSON)
        number = key[1]
        small = number - 1 != focus
        board = self.layout.board(number - 1, focus)
        if key[0] == "land":
            slot = self.layout.slot(number - 1, focus)
            public = next(b for b in view.boards if b.round == number)
            results = self._results(tx, view, scene)
            return surface.blit(cards.card(public, slot.w, th, tx, small=small, result=results.get(number),
                                           redacted=False), slot)
        if key[0] == "strike":
            cells = self.moments.arrivals[number].cells
            return strike.land(surface, board, cells[index], grid)
        assert view.reveal is not None and key[0] == "replay"
        full = next(b for b in view.reveal.boards if b.round == number)
        turn = next(turn for turn in replay.turns(view.reveal.boards, self._reveal_start() + REVEAL_ZOOM)
                    if turn.round == number)
        weight, scale, least = cards.style(th, small)
        return replay.paint(surface, board, full, turn, index, grid_width=grid, weight=weight, scale=scale,
                            least=least)

    def _spotlight(self, surface: pygame.Surface, tx: Translator, scene: Scene, criminal: Character,
                   grown: float, ring: theme.Color) -> pygame.Rect:
        """A character (the accused, the criminal at the end) in the spotlight and
        in the big lens beside it, `grown` 0..1 (at rest: 1)."""
        rect = self.scene_rect(scene)
        lit = spotlight.spot(surface, self.prepare(scene, tx), rect, scene, criminal, self.theme,
                             min(1.0, grown / 0.4), ring=ring)
        image, offset = self._lens(scene, criminal, tx, ring)
        focus = spotlight.centre(criminal, rect)
        clearance = spotlight.radius(scene, criminal, rect, self.theme)
        place = self.lens.place(focus, clearance, rect)
        grow = ease_out_cubic((grown - 0.25) / 0.75)
        if grow <= 0:
            return lit or pygame.Rect(focus, (0, 0))
        middle = (focus[0] + (place[0] - focus[0]) * grow, focus[1] + (place[1] - focus[1]) * grow)
        if grow < 1:
            size = (max(1, round(image.get_width() * grow)), max(1, round(image.get_height() * grow)))
            image = pygame.transform.scale(image, size)
            offset = (round(offset[0] * grow), round(offset[1] * grow))
        box = surface.blit(image, (round(middle[0]) - offset[0], round(middle[1]) - offset[1]))
        return box.union(lit) if lit is not None else box

    def _stamp_place(self, scene: Scene, accused: Character | None, size: tuple[int, int],
                     tx: Translator) -> tuple[int, int]:
        """Where the stamp lands: the middle of the scene, or above or below it,
        whichever covers least of the accused's spotlight and lens."""
        rect = self.scene_rect(scene)
        candidates = [(rect.centerx, rect.y + round(rect.h * share)) for share in (0.5, 0.24, 0.76)]
        if accused is None:
            return candidates[0]
        image, offset = self._lens(scene, accused, tx, theme.AMBER)
        focus = spotlight.centre(accused, rect)
        place = self.lens.place(focus, spotlight.radius(scene, accused, rect, self.theme), rect)
        lens = pygame.Rect((place[0] - offset[0], place[1] - offset[1]), image.get_size())
        full = spotlight.radius(scene, accused, rect, self.theme)
        spot = pygame.Rect(focus[0] - full, focus[1] - full, 2 * full, 2 * full)

        def covered(centre: tuple[int, int]) -> int:
            box = pygame.Rect((0, 0), size)
            box.center = centre
            return sum(box.clip(other).w * box.clip(other).h for other in (lens, spot))

        return min(candidates, key=covered)

    def _lens(self, scene: Scene, criminal: Character, tx: Translator,
              ring: theme.Color) -> tuple[pygame.Surface, tuple[int, int]]:
        """The big lens on a character, drawn once: its picture and where its centre is in it."""
        key = (scene.id, criminal.id, tx, self.size, ring)
        if self._lens_picture is None or self._lens_picture[0] != key:
            self.lens.prepare(scene, self.scene_rect(scene).size, tx)
            side = 4 * self.lens.radius
            canvas = pygame.Surface((side, side + self.theme.px(120)), pygame.SRCALPHA)
            middle = (side // 2, side // 2)
            drawn = self.lens.draw(canvas, middle, scene, criminal, ring=ring).clip(canvas.get_rect())
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

    @staticmethod
    def _results(tx: Translator, view: PublicView, scene: Scene) -> dict[int, cards.Result]:
        """What became of each finished round, for the label of its board: the case file."""
        found: dict[int, cards.Result] = {number: (words.round_result(tx, None, None), theme.TEXT_DIM)
                                           for number in view.passes}
        for accusation in view.accusations:
            character = scene.character(accusation.character)
            name = words.name(tx, character) if character else accusation.character
            found[accusation.round] = (words.round_result(tx, name, accusation.correct),
                                       theme.TEAL if accusation.correct else theme.CRIMSON)
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

    def _mark(self, surface: pygame.Surface, scene: Scene, character: Character, *,
              ring: theme.Color, progress: float = 0.0) -> list[pygame.Rect]:
        """Highlight a character on the scene and show it in the loupe."""
        rect = self.scene_rect(scene)
        ring_rect = draw_highlight(surface, scene, character, rect, color=ring)
        focus = (rect.x + character.x * rect.w, rect.y + character.y * rect.h)
        clearance = ring_rect.w / 2 + self.theme.px(12)
        centre = self.loupe.place(focus, clearance, rect)
        return [ring_rect, self.loupe.draw(surface, centre, scene, character, ring=ring,
                                           progress=progress)]

    def _paint_overlays(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene,
                        t: float, status: Status, hold: float, verdict: Verdict | None,
                        heard: tuple[int, ...]) -> list[pygame.Rect]:
        th, layout = self.theme, self.layout
        drawn: list[pygame.Rect] = []
        panel = self.panel_rect(scene)
        if view.phase is Phase.CLUES and view.deadline is not None and view.timer_started_at is not None:
            drawn.append(panels.timer_bar(surface, panel, th, tx, max(0.0, view.deadline - t),
                                          view.deadline - view.timer_started_at))
        shown = held(view, verdict)
        focus = self.focus(shown)
        boards = {b.round: b for b in view.boards}
        for number in heard:
            progress = self.moments.slide(number, t)
            slot = layout.slot(number - 1, focus)
            if progress < 1.0:
                card = cards.card(boards[number], slot.w, th, tx, small=number - 1 != focus, redacted=False)
                drawn.append(self._slide(surface, slot, card, progress))
            for cell, since in self.moments.strikes(number, boards[number].erased, t):
                moving = strike.moving(surface, layout.board(number - 1, focus), cell, since, th)
                if moving is not None:
                    drawn.append(moving)
        if view.phase is Phase.SUSPECT:
            drawn += self._mark(surface, scene, self.cursor.on(scene), ring=theme.AMBER,
                                progress=round(hold * HOLD_STEPS) / HOLD_STEPS)
        if verdict is not None:
            drawn += self._verdict(surface, tx, scene, t, verdict)
        elif view.phase is Phase.OVER and view.reveal is not None:
            since = t - self._reveal_start()
            criminal = scene.character(view.reveal.secret)
            if 0 <= since < REVEAL_ZOOM and criminal is not None:
                drawn.append(self._spotlight(surface, tx, scene, criminal, since / REVEAL_ZOOM, theme.CRIMSON))
        message = self.moments.message_at(t)
        if message is not None:
            drawn.append(chrome.toast(surface, th, message.text(tx), self.scene_rect(scene)))
        if not status.link_ok:
            drawn.append(chrome.link_notice(surface, th, tx))
        return drawn

    def _verdict(self, surface: pygame.Surface, tx: Translator, scene: Scene, t: float,
                 verdict: Verdict) -> list[pygame.Rect]:
        """The accused in the opening spotlight, then the stamp falling onto the scene."""
        rect = self.scene_rect(scene)
        drawn = []
        accused = scene.character(verdict.character) if verdict.character else None
        if accused is not None:
            grown = min(1.0, (t - verdict.start) / SPOTLIGHT_SECONDS)
            drawn.append(self._spotlight(surface, tx, scene, accused, grown, theme.AMBER))
        image = verdict_.picture(verdict.kind, rect.w, self.theme, tx)
        where = self._stamp_place(scene, accused, image.get_size(), tx)
        clip = surface.get_clip()
        surface.set_clip(rect)   # a stamp falling from near the eye is cut by the scene's edge
        stamped = verdict_.stamp(surface, where, image, self.moments.stamp(t))
        surface.set_clip(clip)
        if stamped is not None:
            drawn.append(stamped.clip(rect))
        return drawn

    def _slide(self, surface: pygame.Surface, slot: pygame.Rect, card: pygame.Surface,
               progress: float) -> pygame.Rect:
        """A new board gliding in from the right edge to its slot, easing out."""
        eased = 1 - (1 - progress) ** 3
        start = self.size[0]
        x = round(start + (slot.x - start) * eased)
        return surface.blit(card, (x, slot.y))


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
