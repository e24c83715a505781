"""The word rule: no word twice on one board, compared after case folding and removing accents."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.rules.board import (
    MAX_WORD_LENGTH, WORD_PAD, Board, Word, text_width, word_key, word_tokens,
)
from lastmessage.rules.errors import InvalidCell, InvalidWord, RepeatedWord

BASE = "abcdefghijklmnopqrstuvwxyz"
# Combining marks Romanian, French, German, Czech... spell with (comma below, cedilla, breve, circumflex...).
MARKS = ("\u0300", "\u0301", "\u0302", "\u0303", "\u0306", "\u0308", "\u030a", "\u030c", "\u0326", "\u0327")

plain_words = st.text(alphabet=BASE, min_size=1, max_size=8)   # 8 m's in capitals still fit a row


@st.composite
def spellings(draw: st.DrawFn, word: str) -> str:
    """The same word with random case and accents, composed (NFC) the way keyboards send it."""
    letters = []
    for letter in word:
        if draw(st.booleans()):
            letter = letter.upper()
        letter += "".join(draw(st.lists(st.sampled_from(MARKS), max_size=2)))
        letters.append(letter)
    return unicodedata.normalize(draw(st.sampled_from(("NFC", "NFD"))), "".join(letters))


@pytest.mark.parametrize("a, b", [
    ("Câine", "caine"),
    ("FÂNTÂNĂ", "fantana"),
    ("ȘTIINȚĂ", "stiinta"),       # comma below (the correct Romanian letters)
    ("ŞTIINŢĂ", "stiinta"),       # cedilla (the old, common encoding)
    ("șarpe", "ŞARPE"),
    ("țară", "TARA"),
    ("Straße", "STRASSE"),
    ("café", "CAFE\u0301"),        # composed and decomposed é
    ("ﬁsh", "fish"),              # a ligature is two letters
])
def test_spellings_that_compare_equal(a: str, b: str) -> None:
    assert word_key(a) == word_key(b)
    board = Board()
    board.add(board.check_word(0, a))
    with pytest.raises(RepeatedWord) as caught:
        board.check_word(5, b)
    assert caught.value.reason == "repeated_word"


@given(plain_words.flatmap(lambda w: st.tuples(st.just(w), spellings(w))))
@settings(max_examples=200)
def test_a_word_differing_only_in_case_or_accents_is_refused(pair: tuple[str, str]) -> None:
    word, variant = pair
    assert word_key(variant) == word
    board = Board()
    board.add(board.check_word(3, word))
    with pytest.raises(RepeatedWord):
        board.check_word(0, variant)


@given(st.lists(plain_words, min_size=2, max_size=6, unique=True), st.data())
@settings(max_examples=150)
def test_different_words_are_all_accepted(words: list[str], data: st.DataObject) -> None:
    board = Board()
    for index, word in enumerate(words):
        shown = data.draw(spellings(word))
        board.add(board.check_word(3 * (index % 3), shown))   # from a row's left: long ones fit
    assert len(board.words) == len(words)


@given(st.text(max_size=30))
@settings(max_examples=200)
def test_comparing_form_is_stable(text: str) -> None:
    assert word_key(word_key(text)) == word_key(text)
    assert word_tokens(" ".join(word_tokens(text))) == word_tokens(text)


def test_same_word_in_another_square_or_with_punctuation_is_refused() -> None:
    board = Board()
    board.add(board.check_word(0, "bread"))
    for attempt in ("Bread!", "  BREAD  ", "«bread»", "bread."):
        with pytest.raises(RepeatedWord):
            board.check_word(8, attempt)


def test_a_phrase_may_not_repeat_a_word_already_on_the_board() -> None:
    board = Board()
    board.add(board.check_word(0, "red hat"))
    with pytest.raises(RepeatedWord):
        board.check_word(1, "hat")
    with pytest.raises(RepeatedWord):
        board.check_word(1, "big RED")
    board.add(board.check_word(1, "big hatter"))


def test_a_phrase_may_not_repeat_a_word_within_itself() -> None:
    with pytest.raises(RepeatedWord):
        Board().check_word(0, "very Véry")


def test_words_with_apostrophes_or_hyphens_do_not_clash_on_fragments() -> None:
    board = Board()
    board.add(board.check_word(0, "can't"))
    board.add(board.check_word(1, "won't"))
    board.add(board.check_word(2, "într-o"))
    board.add(board.check_word(3, "dintr-o"))
    with pytest.raises(RepeatedWord):
        board.check_word(4, "CAN’T")   # typographic apostrophe, other case


def test_undone_words_no_longer_count() -> None:
    board = Board()
    board.add(board.check_word(0, "bread"))
    board.undo()
    board.add(board.check_word(0, "Bread"))


def test_erased_words_still_count_on_their_board() -> None:
    # The rule is per board; erasure happens after the clue step, but the board keeps its words.
    board = Board()
    board.add(board.check_word(0, "bread"))
    board.erase([0])
    assert board.visible_words() == []
    with pytest.raises(RepeatedWord):
        board.check_word(1, "bread")


def test_text_is_shown_with_whitespace_collapsed() -> None:
    assert Board().check_word(3, "  ice \t cream\n") == Word(3, "ice cream")


@pytest.mark.parametrize("text", ["", "   ", "!!!", "🍞", "🍞🥖", "—"])
def test_text_without_a_letter_or_digit_is_not_a_word(text: str) -> None:
    with pytest.raises(InvalidWord) as caught:
        Board().check_word(0, text)
    assert caught.value.reason == "invalid_word"


def test_digits_count_as_words() -> None:
    board = Board()
    board.add(board.check_word(0, "42"))
    with pytest.raises(RepeatedWord):
        board.check_word(1, "42!")


def test_a_word_that_fills_its_row_is_accepted_and_one_letter_more_is_refused() -> None:
    fits = max(n for n in range(1, MAX_WORD_LENGTH) if text_width("a" * n) <= 1 - 2 * WORD_PAD)
    word = Board().check_word(0, "a" * fits)
    assert word.cells() == (0, 1, 2)
    with pytest.raises(InvalidWord) as caught:
        Board().check_word(0, "a" * (fits + 1))
    assert "too long for a row" in caught.value.message
    with pytest.raises(InvalidWord) as caught:
        Board().check_word(0, "a" * (MAX_WORD_LENGTH + 1))
    assert caught.value.params == {"most": MAX_WORD_LENGTH}


def test_an_extraordinarily_long_word_is_refused_whole_never_cut() -> None:
    board = Board()
    with pytest.raises(InvalidWord) as caught:
        board.check_word(0, "an extraordinarily long word")
    assert caught.value.reason == "invalid_word" and board.words == []


def test_words_mixed_with_emoji_keep_their_letters() -> None:
    board = Board()
    board.add(board.check_word(0, "🍞bread"))
    with pytest.raises(RepeatedWord):
        board.check_word(1, "bread🥖")


@pytest.mark.parametrize("cell", [-1, 9, 3.0, "4", True, None])
def test_words_only_go_in_existing_squares(cell: object) -> None:
    with pytest.raises(InvalidCell) as caught:
        Board().check_word(cell, "bread")
    assert caught.value.reason == "invalid_cell"


def test_length_counts_letters_not_accent_marks_and_text_is_stored_composed() -> None:
    decomposed = unicodedata.normalize("NFD", "ÎNȚELEPCIUNE")   # 12 letters, 2 marks
    word = Board().check_word(0, decomposed)
    assert word.text == "ÎNȚELEPCIUNE"
    assert word.width == pytest.approx(text_width("INTELEPCIUNE"), rel=0.01)   # marks take no room
