"""The moments of a game on the detective monitor, measured on rendered frames.

A board arrives with its erased squares blank and has them struck out one by
one at the shared strike times; an accusation is answered by a stamp, and
nothing else on the monitor tells the answer before it lands; a wrong suspect
stays crossed out; the end replays each board in the order it was drawn,
erased ink in the ghost colour. Every frame is a function of its time alone:
drawn at 60 frames a second or straight at a moment, it is the same picture.
"""

from __future__ import annotations

import pygame
import pytest

from lastmessage.commands import Accuse, AddStroke, AddWord, Command, Erase, Flip, Pass
from lastmessage.rules.projections import public_view
from lastmessage.ui import theme
from lastmessage.ui.board_draw import cell_px
from lastmessage.i18n.translate import translator
from lastmessage.ui.detective import replay, spotlight, words
from lastmessage.ui.detective.moments import (
    REVEAL_ZOOM, SLIDE_SECONDS, STAMP_FALL, STAMP_LANDS, STRIKE_FALL, STRIKE_FIRST, STRIKE_INTERVAL,
    VERDICT_SECONDS, strike_times,
)

from test_detective_screens import CATALOG, Table, has_colour, pixels

ERASED = (8, 0, 6, 2, 1)   # struck in reading order: 0, 1, 2, 6, 8


def arrived() -> tuple[Table, float]:
    """Round 1 erased: the table, and when the board became public."""
    table = Table()
    table.start()
    table.clues()
    table.wait(table.rules.timer_seconds)
    table.draw()
    table.do(Erase(ERASED))
    return table, table.t


def share(surface: pygame.Surface, rect: pygame.Rect, colour: theme.Color) -> float:
    """How much of `rect` is (nearly) `colour`."""
    found = pygame.mask.from_threshold(surface.subsurface(rect), colour, (10, 10, 10, 255))
    return found.count() / (rect.w * rect.h)


def test_strikes_follow_the_shared_timing_contract() -> None:
    assert strike_times(10.0, 3) == pytest.approx(
        [10.0 + SLIDE_SECONDS + STRIKE_FIRST + k * STRIKE_INTERVAL for k in range(3)])
    assert strike_times(10.0, 0) == []


def test_a_board_arrives_blank_where_erased_and_is_struck_out_square_by_square_in_reading_order() -> None:
    table, arrival = arrived()
    board = table.ui.table.layout.board(0, 0)
    order = sorted(ERASED)
    times = strike_times(arrival, len(order))

    def redacted() -> list[int]:
        table.draw()
        return [cell for cell in range(9)
                if share(table.shown(), cell_px(board, cell).inflate(-8, -8), theme.REDACTED) > 0.5]

    table.t = arrival + SLIDE_SECONDS + 0.01
    assert redacted() == []                                   # in place, nothing struck yet
    erased = cell_px(board, order[0]).inflate(-8, -8)
    assert share(table.shown(), erased, theme.PAPER) > 0.95   # blank paper: no ink was ever there
    for k, at in enumerate(times):
        table.t = at - STRIKE_FALL - 0.001     # before its redaction starts falling onto it
        assert redacted() == order[:k]
        table.t = at + 0.001
        assert redacted() == order[:k + 1]
    table.settle()
    assert redacted() == order


def test_a_sliding_board_is_labelled_once() -> None:
    """Its slot waits empty while it slides in (once the slot's own "ROUND 1"
    showed under the sliding card's, overlapping)."""
    table, arrival = arrived()
    slot = table.ui.table.layout.slot(0, 0)
    table.t = arrival + SLIDE_SECONDS * 0.2
    table.draw()
    shown = table.shown()
    card_left = min(x for x in range(slot.x, shown.get_width())
                    if shown.get_at((x, slot.y + slot.h // 2))[:3] != theme.NIGHT)
    assert card_left > slot.x + slot.w // 3             # still sliding in from the right
    waiting = pygame.Rect(slot.x, slot.y, card_left - slot.x - 4, slot.h)
    assert share(shown, waiting, theme.NIGHT) == 1.0    # nothing drawn in the slot meanwhile


def crossed(table: Table, character: str) -> bool:
    """A red cross on the character in the scene."""
    scene = CATALOG["park"]
    rect = table.ui.table.scene_rect(scene)
    centre = spotlight.centre(scene.character(character), rect)
    return has_colour(table.surface, theme.CRIMSON, pygame.Rect(centre[0] - 4, centre[1] - 4, 8, 8), 6)


def test_the_answer_waits_for_the_stamp_and_a_wrong_suspect_stays_crossed_out() -> None:
    table, arrival = arrived()
    table.settle()
    top_bar = table.ui.table.layout.top_bar
    panel = table.ui.table.panel_rect(CATALOG["park"])
    table.do(Accuse("park-robot"))
    accused = table.t
    for since in (0.0, STAMP_LANDS - STAMP_FALL - 0.01, STAMP_LANDS - 0.01):
        table.t = accused + since
        table.draw()
        assert not has_colour(table.surface, theme.CRIMSON, top_bar)   # no red pip yet
        assert not has_colour(table.surface, theme.CRIMSON, panel)     # nor a red heading
        assert not crossed(table, "park-robot")
    table.t = accused + STAMP_LANDS + 0.5
    table.draw()
    assert has_colour(table.surface, theme.CRIMSON, panel)            # "Round 1 · the robot", in red
    table.t = accused + VERDICT_SECONDS
    table.draw()
    assert crossed(table, "park-robot") and has_colour(table.surface, theme.CRIMSON, top_bar)
    for _ in range(2):                                                # and for the rest of the game
        table.clues()
        table.erase()
        table.settle()
        table.draw()
        assert crossed(table, "park-robot")
        table.do(Pass())
        table.t += VERDICT_SECONDS


def test_every_frame_is_a_function_of_its_time() -> None:
    """A game drawn at 60 frames a second, and the same game drawn only at a few
    moments, show the same pixels at those moments: the arrival with its
    strikes, a verdict, and the reveal with its replay."""
    steady, jumpy = Table(), Table()
    tables = (steady, jumpy)

    def both(command: Command) -> None:
        for table in tables:
            table.do(command)

    def compare(looks: tuple[float, ...], what: str) -> None:
        start = steady.t
        for look in looks:
            while steady.t < start + look - 1 / 60:
                steady.t += 1 / 60
                steady.draw()
            steady.t = jumpy.t = start + look
            steady.draw()
            jumpy.draw()
            assert pixels(steady.shown()) == pixels(jumpy.shown()), f"{look} s after {what}"

    for table in tables:
        table.start()
    both(Flip())
    both(AddStroke(((0.1, 0.1), (0.25, 0.25), (0.5, 0.5), (0.8, 0.2))))
    both(AddWord(0, "hat"))
    for table in tables:
        table.wait(table.rules.timer_seconds)
    both(Erase((0, 2, 6, 8, 1)))
    compare((0.3, 1.0, 1.2, 2.0, 3.5), "the erasure")
    both(Accuse(steady.secret))
    over = VERDICT_SECONDS + REVEAL_ZOOM
    compare((0.3, 0.8, VERDICT_SECONDS + 0.5, over + 0.4, over + 1.5, over + 2.0), "the accusation")


def test_the_reveal_replays_each_board_in_the_order_it_was_drawn() -> None:
    """Round 1: first a stroke in square 0 (erased), then one in square 4 (kept):
    during the replay the ghost appears in square 0 before the ink returns to 4."""
    table = Table()
    table.start()
    table.do(Flip())
    table.do(AddStroke(((0.05, 0.15), (0.3, 0.15))))    # square 0, erased: its ink comes back as a ghost
    table.do(AddStroke(((0.38, 0.5), (0.62, 0.5))))     # square 4, kept
    table.wait(table.rules.timer_seconds)
    table.do(Erase((0, 2, 6, 8, 1)))
    table.settle()
    table.do(Accuse(table.secret))
    table.settle()                                       # the stamp at rest
    table.t += VERDICT_SECONDS
    view = public_view(table.game)
    assert view.reveal is not None
    start = table.ui.moments.reveal_start()
    assert start is not None
    turn = replay.turns(view.reveal.boards, start + REVEAL_ZOOM)[0]
    board = table.ui.table.layout.board(0, 0)
    ghost, ink = cell_px(board, 0), cell_px(board, 4)

    def at(share_of_turn: float) -> tuple[bool, bool]:
        table.t = turn.begin + turn.seconds * share_of_turn
        table.draw()
        return (has_colour(table.surface, theme.GHOST, ghost, 20),
                has_colour(table.surface, theme.INK, ink, 20))

    assert at(-0.01) == (False, True)      # before its turn: the public board, no ghost
    assert at(0.01) == (False, False)      # wiped to paper and redactions, then drawn again...
    assert at(0.45) == (True, False)       # ...the first stroke first...
    assert at(1.0) == (True, True)         # ...then the second
    table.settle()
    table.draw()
    assert has_colour(table.surface, theme.GHOST, ghost, 20)


def test_each_board_replays_big_and_the_last_replayed_stays_big() -> None:
    """Round 1 passed, round 2 found, both with ink in an erased square 0: from
    the lights going down until its replay is over round 1 is the board in
    focus, and while a board replays it is the one in focus (its ghost ink drawn at the size read
    from the sofa), the board replayed before it goes back small with its ghost
    ink, and at the end the last one replayed stays big."""
    table = Table()
    table.start()
    for number in (1, 2):
        table.do(Flip())
        table.do(AddStroke(((0.05, 0.15), (0.3, 0.15))))    # square 0, erased
        table.wait(table.rules.timer_seconds)
        table.do(Erase(tuple([0, 2, 6, 8, 1, 3][:table.game.erase_count()])))
        table.settle()
        table.do(Pass() if number == 1 else Accuse(table.secret))
        table.settle()
    table.t += VERDICT_SECONDS
    view = public_view(table.game)
    assert view.reveal is not None
    start = table.ui.moments.reveal_start()
    assert start is not None
    first, second = replay.turns(view.reveal.boards, start + REVEAL_ZOOM)
    layout = table.ui.table.layout

    def ghost(index: int, focus: int) -> bool:
        return has_colour(table.surface, theme.GHOST, cell_px(layout.board(index, focus), 0), 20)

    table.t = first.begin - 0.01
    table.draw()
    assert not ghost(0, 0) and not ghost(1, 0)      # the lights down: round 1 big already, no ghost yet
    table.t = first.begin + first.seconds
    table.draw()
    assert ghost(0, 0) and not ghost(1, 0)          # round 1 replayed big, round 2 small and not yet
    table.t = second.begin + second.seconds
    table.draw()
    assert ghost(1, 1) and ghost(0, 1)              # round 2 big, round 1 small with its ghost
    table.settle()
    table.draw()
    assert ghost(1, 1) and ghost(0, 1)


# ---- moments in order: one at a time on the monitor ------------------------------------

def _panel_after(flip: bool, *, after: float) -> pygame.Surface:
    """The phase panel `after` seconds after a wrong accusation in round 1, with the next
    round's flip straight after the verdict (`flip`) or not."""
    table = Table()
    table.start()
    table.clues()
    table.erase()
    table.wait(2)
    wrong = next(c.id for c in CATALOG["park"].characters if c.sentient and c.id != table.secret)
    assert table.do(Accuse(wrong))
    if flip:
        assert table.do(Flip())
    table.t += after
    table.draw()
    scene = CATALOG["park"]
    return table.shown().subsurface(table.ui.table.panel_rect(scene)).copy()


def test_a_flip_straight_after_a_verdict_waits_until_the_verdict_has_been_seen() -> None:
    """While the verdict is given (VERDICT_SECONDS, the stated time), the panel shows only
    the verdict, as if nobody had flipped; then the next round's heading and timer come."""
    during = VERDICT_SECONDS - 0.5
    assert pixels(_panel_after(True, after=during)) == pixels(_panel_after(False, after=during))
    after = _panel_after(True, after=VERDICT_SECONDS + 0.1)
    assert pixels(after) != pixels(_panel_after(False, after=VERDICT_SECONDS + 0.1))
    assert has_colour(after, theme.AMBER, after.get_rect())   # the timer bar runs now


@pytest.mark.parametrize("accused", [c.id for c in CATALOG["park"].characters if c.sentient][:40:4])
def test_the_stamp_never_covers_the_accused_name_plate(accused: str) -> None:
    table = Table()
    screen = table.ui.table
    scene = CATALOG["park"]
    character = scene.character(accused)
    assert character is not None
    tx = translator("ro")   # the longer names
    screen.prepare(scene, tx)
    rect = screen.scene_rect(scene)
    (x, y), image = screen._stamp_place(scene, character, "wrong", tx)
    box = image.get_rect(center=(x, y))
    focus = spotlight.centre(character, rect)
    radius = spotlight.radius(scene, character, rect, screen.theme)
    lens = screen.lens
    lens.prepare(scene, rect.size, tx, every_name=False, like=screen.loupe)
    plate = lens.plate_box(character).move(lens.place(focus, radius, rect, plate=lens.plate_box(character)))
    assert not box.colliderect(plate) and rect.contains(box)


def test_after_a_pass_the_panel_says_what_happens_next() -> None:
    assert words.after_pass(translator("en"), 1, 4) == "Next: the victim draws a new clue for round 2."
    assert "ultima rundă" in words.after_pass(translator("ro"), 4, 4)
    table = Table()
    table.start()
    table.clues()
    table.erase()
    table.wait(2)
    assert table.do(Pass())
    table.t += 2.0
    table.draw()
    passed = table.shown().subsurface(table.ui.table.panel_rect(CATALOG["park"])).copy()
    lower = passed.get_rect()
    lower.h //= 2
    lower.y += lower.h // 3
    assert has_colour(passed, theme.TEXT, lower, tolerance=8)   # a line of its own under the heading
