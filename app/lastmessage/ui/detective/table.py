"""The game itself on the monitor (READY to OVER): scene, boards, phase panel.

Background: the top bar, the scene raster, the boards that are in place, the
phase panel, the case file, and at the reveal the criminal marked with the
loupe on them. Overlays: the clue timer, the sliding-in board, the cursor
with its loupe and hold ring, the boards being replayed with their erased ink,
a refusal, the link notice, and the verdict, which covers everything.

Nothing here reads anything but the PublicView, the scene and public moments:
before the game is over no pixel can depend on the secret.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from lastmessage.i18n import Translator, translator
from lastmessage.rules.config import Rules
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import Character, Scene
from lastmessage.scenes.painter import PAINTER
from lastmessage.scenes.render import draw_highlight
from lastmessage.ui import theme
from lastmessage.ui.detective import cards, chrome, panels, words
from lastmessage.ui.detective.cursor import SuspectCursor
from lastmessage.ui.detective.layers import Layers
from lastmessage.ui.detective.layout import Layout
from lastmessage.ui.detective.loupe import Loupe
from lastmessage.ui.detective.moments import Moments, Verdict
from lastmessage.ui.detective.verdict import verdict_screen
from lastmessage.ui.naming import short_heading
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

    def raster_sizes(self, scene: Scene) -> list[tuple[int, int]]:
        """The rasters this screen will need for `scene` (painted ahead while the criminal picks)."""
        shown = self.scene_rect(scene).size
        return [shown, self.loupe.source_size(shown)]

    def prepare(self, scene: Scene, tx: Translator) -> pygame.Surface:
        """The scene raster and the loupe's big raster, loaded once per scene."""
        if self._raster is None or self._raster[0] != scene.id:
            self._raster = (scene.id, PAINTER.get(scene, self.scene_rect(scene).size))
        self.loupe.prepare(scene, self.scene_rect(scene).size, tx)
        return self._raster[1]

    # ---- drawing ---------------------------------------------------------

    def draw(self, surface: pygame.Surface, view: PublicView, scene: Scene, t: float,
             status: Status, hold: float) -> list[pygame.Rect]:
        """`hold`: how far ACCUSE has been held, 0..1 (0 when not held)."""
        tx = translator(status.language)
        self.prepare(scene, tx)
        settled = tuple(b.round for b in view.boards if self.moments.slide(b.round, t) >= 1.0)
        results = (tuple(view.accusations), tuple(view.passes), view.outcome)
        base_key: Hashable = (view.phase, scene.id, view.round, view.erase_count, settled, results,
                              self.rules, tx)
        verdict = self.moments.verdict_at(t)
        overlay_key = self._overlay_key(view, scene, t, status, hold, verdict)
        dirty = self.layers.draw(
            surface, base_key, lambda s: self._paint_base(s, tx, view, scene, settled),
            overlay_key, lambda s: self._paint_overlays(s, tx, view, scene, t, status, hold, verdict))
        if not dirty and view.phase is Phase.CLUES and view.deadline is not None:
            panels.prepare_timer_label(self.theme, tx, view.deadline - t)
        return dirty

    def _overlay_key(self, view: PublicView, scene: Scene, t: float, status: Status,
                     hold: float, verdict: Verdict | None) -> Hashable:
        if verdict is not None:
            return ("verdict", verdict, status.language)
        message = self.moments.message_at(t)
        key: list[Hashable] = [status.language, status.link_ok, message]
        if view.phase is Phase.CLUES and view.deadline is not None and view.timer_started_at is not None:
            panel = self.panel_rect(scene)
            key.append(panels.timer_key(panel, self.theme, view.deadline - t,
                                        view.deadline - view.timer_started_at))
        sliding = [(b.round, round(self.moments.slide(b.round, t) * 200)) for b in view.boards
                   if self.moments.slide(b.round, t) < 1.0]
        key.append(tuple(sliding))
        if view.phase is Phase.SUSPECT:
            key.append((self.cursor.on(scene).id, round(hold * HOLD_STEPS)))
        if view.phase is Phase.OVER and view.reveal is not None:
            key.append(self.moments.replayed(t, len(view.reveal.boards)))
        return tuple(key)

    def _paint_base(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene,
                    settled: tuple[int, ...]) -> None:
        t, layout = self.theme, self.layout
        surface.fill(theme.NIGHT)
        chrome.top_bar(surface, layout, tx, scene, view)
        rect = self.scene_rect(scene)
        frame = rect.inflate(2 * t.px(6), 2 * t.px(6))
        pygame.draw.rect(surface, theme.NIGHT_LINE, frame, border_radius=t.px(8))
        surface.blit(self.prepare(scene, tx), rect)
        boards = {b.round: b for b in view.boards}
        focus = self.focus(view)
        results = self._results(tx, view, scene, focus)
        for index in range(view.rounds):
            number = index + 1
            slot = layout.slot(index, focus)
            if number in settled:
                surface.blit(cards.card(boards[number], slot.w, t, tx, small=index != focus,
                                        result=results.get(number)), slot)
            else:
                surface.blit(self._empty(tx, view, number, slot.w, small=index != focus), slot)
        panels.draw(surface, self.panel_rect(scene), t, tx, view, self.rules, scene,
                    self.rules.allow_pass)
        if view.phase is Phase.OVER and view.reveal is not None:
            criminal = scene.character(view.reveal.secret)
            if criminal is not None:
                self._mark(surface, scene, criminal, ring=theme.CRIMSON)

    @staticmethod
    def focus(view: PublicView) -> int:
        """The index of the round whose board is shown big: the current round's
        once it is public, else the newest board (studied while the next is drawn)."""
        rounds = [b.round for b in view.boards]
        if view.round in rounds or not rounds:
            return view.round - 1
        return max(rounds) - 1

    @staticmethod
    def _results(tx: Translator, view: PublicView, scene: Scene, focus: int) -> dict[int, cards.Result]:
        """What became of each finished round, for the label of its board: the case file (a small
        board names the accused by the shortest description no other suspect has)."""
        found: dict[int, cards.Result] = {number: (words.round_result(tx, None, None), theme.TEXT_DIM)
                                           for number in view.passes}
        for accusation in view.accusations:
            character = scene.character(accusation.character)
            name = accusation.character if character is None else (
                words.name(tx, character) if accusation.round - 1 == focus else short_heading(tx, scene, character))
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

    def _paint_overlays(self, surface: pygame.Surface, tx: Translator, view: PublicView, scene: Scene, t: float,
                        status: Status, hold: float, verdict: Verdict | None) -> list[pygame.Rect]:
        th, layout = self.theme, self.layout
        if verdict is not None:
            return [verdict_screen(surface, th, tx, verdict, scene)]
        drawn: list[pygame.Rect] = []
        panel = self.panel_rect(scene)
        if view.phase is Phase.CLUES and view.deadline is not None and view.timer_started_at is not None:
            drawn.append(panels.timer_bar(surface, panel, th, tx, max(0.0, view.deadline - t),
                                          view.deadline - view.timer_started_at))
        focus = self.focus(view)
        for board in view.boards:
            progress = self.moments.slide(board.round, t)
            if progress < 1.0:
                slot = layout.slot(board.round - 1, focus)
                card = cards.card(board, slot.w, th, tx, small=board.round - 1 != focus)
                drawn.append(self._slide(surface, slot, card, progress))
        if view.phase is Phase.SUSPECT:
            drawn += self._mark(surface, scene, self.cursor.on(scene), ring=theme.AMBER,
                                progress=round(hold * HOLD_STEPS) / HOLD_STEPS)
        if view.phase is Phase.OVER and view.reveal is not None:
            results = self._results(tx, view, scene, focus)
            for full in view.reveal.boards[:self.moments.replayed(t, len(view.reveal.boards))]:
                slot = layout.slot(full.round - 1, focus)
                drawn.append(surface.blit(cards.card(full, slot.w, th, tx, small=full.round - 1 != focus,
                                                     result=results.get(full.round), ghosts=True), slot))
        message = self.moments.message_at(t)
        if message is not None:
            drawn.append(chrome.toast(surface, th, message.text(tx), self.scene_rect(scene)))
        if not status.link_ok:
            drawn.append(chrome.link_notice(surface, th, tx))
        return drawn

    def _slide(self, surface: pygame.Surface, slot: pygame.Rect, card: pygame.Surface,
               progress: float) -> pygame.Rect:
        """A new board gliding in from the right edge to its slot, easing out."""
        eased = 1 - (1 - progress) ** 3
        start = self.size[0]
        x = round(start + (slot.x - start) * eased)
        return surface.blit(card, (x, slot.y))
