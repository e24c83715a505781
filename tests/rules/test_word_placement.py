"""Typed words as handwriting: placed at one size, never broken inside themselves, running on
across the squares of their row, and erased letter by letter with the squares they are in.

Property-based: any words typed into any squares, any squares erased.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.journal.codec import decode_event, encode_event
from lastmessage.rules.board import GRID, WORD_PAD, Board, Word
from lastmessage.rules.errors import InvalidWord, RuleViolation
from lastmessage.rules.events import WordAdded
from lastmessage.rules.game import Game
from lastmessage.rules.projections import public_view

from .helpers import Driver, catalog

LETTERS = "abcdefghijklmnopqrstuvwxyzăâîșțABCMW"
texts = st.lists(st.text(alphabet=LETTERS, min_size=1, max_size=9), min_size=1, max_size=3).map(" ".join)
typed = st.lists(st.tuples(st.integers(0, 8), texts), max_size=14)
erased_sets = st.frozensets(st.integers(0, 8), max_size=9)


def filled(entries: list[tuple[int, str]]) -> Board:
    """A board with every entry the rules accept, in order (the refused ones are left out)."""
    board = Board()
    for cell, text in entries:
        try:
            board.add(board.check_word(cell, text))
        except RuleViolation:
            pass
    return board


@given(typed)
@settings(max_examples=300)
def test_words_stay_whole_on_their_row_and_never_overlap(entries: list[tuple[int, str]]) -> None:
    board = filled(entries)
    for word in board.words:
        row = word.cell // GRID
        assert WORD_PAD - 1e-9 <= word.x and word.right <= 1 - WORD_PAD + 1e-9   # on the board
        assert word.line in (0, 1, 2)
        cells = word.cells()
        assert cells[0] == word.cell and all(cell // GRID == row for cell in cells)
        assert list(cells) == list(range(cells[0], cells[-1] + 1))   # the squares it runs on across
        if word.width <= 1 / GRID - 2 * WORD_PAD:
            assert cells == (word.cell,)   # a word that fits its square stays in it, centred
            assert word.x + word.width / 2 == pytest.approx((word.cell % GRID + 0.5) / GRID)
    for a in board.words:
        for b in board.words:
            if a is not b and a.cell // GRID == b.cell // GRID and a.line == b.line:
                assert a.right <= b.x or b.right <= a.x


@given(st.integers(0, 8), texts)
def test_a_word_is_placed_whole_or_refused_never_cut(cell: int, text: str) -> None:
    board = Board()
    try:
        word = board.check_word(cell, text)
    except RuleViolation:
        assert board.words == []
        return
    assert word.text == " ".join(text.split())


@given(typed, erased_sets)
@settings(max_examples=300)
def test_erasing_a_square_removes_exactly_the_letters_inside_it(entries: list[tuple[int, str]],
                                                               erased: frozenset[int]) -> None:
    board = filled(entries)
    board.erase(erased)
    for word in board.words:
        kept, gone = word.pieces(erased)
        row = word.cell // GRID
        where = {x: GRID * row + min(int((x + w / 2) * GRID), GRID - 1)
                 for ch, x, w in word.letters() if not ch.isspace()}
        for piece in kept + gone:
            assert piece.line == word.line and piece.size == word.size
            for ch, x, w in piece.letters():
                if not ch.isspace():
                    assert x in where, "a piece's letters stay exactly where they were"
                    assert (where[x] in erased) == (piece in gone)
        left = sorted((x, ch) for piece in kept + gone for ch, x, _w in piece.letters() if not ch.isspace())
        assert "".join(ch for _x, ch in left) == word.text.replace(" ", "")
    shown = board.visible_words()
    assert all(piece.cells()[0] not in erased or piece.text[0].isspace() is False for piece in shown)
    for piece in shown:   # no erased letter reaches the public board
        for ch, x, w in piece.letters():
            if not ch.isspace():
                assert GRID * (piece.cell // GRID) + min(int((x + w / 2) * GRID), GRID - 1) not in erased


def test_the_words_of_the_issue() -> None:
    board = Board()
    for cell, text in ((0, "mustață"), (3, "bench"), (4, "negru"), (6, "om cu pălărie")):
        board.add(board.check_word(cell, text))
    cells = {word.text: word.cells() for word in board.words}
    assert cells == {"mustață": (0, 1), "bench": (3,), "negru": (4,), "om cu pălărie": (6, 7)}
    board.erase([1, 7])
    assert [word.text for word in board.visible_words()] == ["mustaț", "bench", "negru", "om cu"]


def test_a_repeated_word_is_refused_wherever_it_runs() -> None:
    board = Board()
    board.add(board.check_word(0, "mustață roșie"))   # runs on across squares 0 and 1
    for cell in (1, 2, 8):
        with pytest.raises(RuleViolation) as caught:
            board.check_word(cell, "Mustata")
        assert caught.value.reason == "repeated_word"


def test_a_word_too_long_for_its_row_is_refused_with_a_reason() -> None:
    driver = Driver()
    driver.game.flip(0)
    with pytest.raises(InvalidWord) as caught:
        driver.game.word(0, "an extraordinarily long word", 1)
    assert caught.value.reason == "invalid_word"
    with pytest.raises(InvalidWord) as caught:
        driver.game.word(2, "mustață", 1)
    assert "further left" in caught.value.message
    assert driver.game.board is not None and driver.game.board.words == []


def test_a_full_row_has_no_room_left() -> None:
    board = Board()
    for text in ("a" * 16, "b" * 16, "c" * 16):
        board.add(board.check_word(3, text))
    assert sorted(word.line for word in board.words) == [0, 1, 2]
    with pytest.raises(InvalidWord):
        board.check_word(5, "d")
    board.undo()
    board.add(board.check_word(5, "d"))   # undo frees its line


@given(typed, erased_sets.filter(lambda cells: len(cells) == 5))
@settings(max_examples=60, deadline=None)
def test_word_added_carries_every_square_and_old_journals_replay(entries: list[tuple[int, str]],
                                                                   erased: frozenset[int]) -> None:
    driver = Driver()
    driver.game.flip(0)
    for cell, text in entries:
        try:
            (event,) = driver.game.word(cell, text, 1)
        except RuleViolation:
            continue
        assert isinstance(event, WordAdded)
        placed = driver.game.board.words[-1] if driver.game.board else None
        assert placed is not None and event.cells == placed.cells() and event.cell == cell
    driver.wait(30)
    driver.game.erase(sorted(erased), driver.t)
    lines = [encode_event(event) for event in driver.game.events]
    again = Game.replay(catalog(), [decode_event(line) for line in lines])
    assert again.state() == driver.game.state()
    # The same game as a journal written before `cells`: it loads and replays to the same state.
    old = [line.split(', "cells"')[0] + "}" if '"word_added"' in line else line for line in lines]
    assert all('"cells"' not in line for line in old if '"word_added"' in line)
    before = Game.replay(catalog(), [decode_event(line) for line in old])
    assert before.state() == driver.game.state()
    assert public_view(before) == public_view(driver.game)


def test_an_old_journal_word_too_long_for_its_row_still_replays_smaller() -> None:
    board = Board()
    word = board.placed(2, "a word written before words ran on")
    assert word.cell == 0 and word.size < Word(0, "x").size and word.right <= 1 - WORD_PAD + 1e-9
