"""Any text that reaches a screen can be drawn: scripts, scene files and the
keyboard bring NULs, lone surrogates and ids of a million characters."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from lastmessage.ui.tablet.widgets import message_box
from lastmessage.ui.text import MAX_PARAGRAPH, drawable, fit_size, render, wrap

INK = (20, 20, 20)


def test_a_million_character_word_is_wrapped_within_the_width_and_drawn() -> None:
    lines = wrap("x" * 1_000_000, 400, 24, bold=True, break_words=True)
    assert lines and all(render(line, 24, INK, True).get_width() <= 400 for line in lines)
    assert sum(len(line) for line in lines) <= MAX_PARAGRAPH


def test_a_refusal_naming_a_300000_character_id_fits_its_box() -> None:
    card = message_box(f'There is no "{"x" * 300_000}" in this scene.', 600, 28, INK, (255, 255, 255), INK)
    assert card.get_width() <= 600


def test_nul_and_lone_surrogates_are_drawn_as_replacement_characters() -> None:
    assert drawable("a\x00b\ud800") == "a\ufffdb\ufffd"
    assert render("a\x00b\ud800", 20, INK).get_width() > 0


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(codec=None), max_size=2_000))
def test_any_text_renders_wraps_and_fits(text: str) -> None:
    assert render(text, 18, INK).get_width() < 16_000
    assert fit_size(text, 300, 30) >= 8
    for line in wrap(text, 300, 18, break_words=True):
        assert render(line, 18, INK).get_width() <= 300


def test_a_text_of_only_zero_width_marks_draws_as_nothing_instead_of_raising() -> None:
    assert render("\xad\u200d", 20, INK).get_width() <= 1


def test_a_no_break_space_keeps_its_words_on_one_line() -> None:
    lines = wrap("timp de 30\u00a0de\u00a0minute", render("timp de 30 de", 28, INK).get_width(), 28)
    assert lines == ["timp de", "30\u00a0de\u00a0minute"]


def test_the_romanian_keepsake_note_keeps_its_number_with_its_minutes() -> None:
    from lastmessage.i18n.translate import translator
    tx = translator("ro")
    for minutes in (1, 2, 19, 20, 30, 120):
        note = tx.ntr("The replay and the boards, for {n} minute", "The replay and the boards, for {n} minutes",
                      minutes, n=minutes)
        for width in range(200, 700, 20):
            for line in wrap(note, width, 28):
                assert str(minutes) not in line or "minut" in line, (minutes, width, line)
