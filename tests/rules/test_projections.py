"""What the detective monitor may know (PublicView) and what the tablet knows (TabletView)."""

from __future__ import annotations

import dataclasses
import typing

from lastmessage.rules.board import Stroke, Word
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import (
    FullBoard, PublicBoard, PublicView, Reveal, public_view, tablet_view,
)

from .helpers import INNOCENT, SECRET, Driver
from .test_game_stateful import strings_in


def field_types(cls: type) -> set[str]:
    hints = typing.get_type_hints(cls)
    return {repr(hint) for hint in hints.values()}


def test_public_types_hold_no_secret_or_full_board_outside_the_reveal() -> None:
    assert "secret" not in {f.name for f in dataclasses.fields(PublicView)}
    assert "live_board" not in {f.name for f in dataclasses.fields(PublicView)}
    for cls in (PublicView, PublicBoard):
        for hint in field_types(cls):
            assert "FullBoard" not in hint and "Board]" not in hint.replace("PublicBoard", "")
    # the only way to the secret and to erased ink is the reveal
    assert {f.name for f in dataclasses.fields(Reveal)} == {"secret", "boards"}


def test_live_board_is_never_public_and_the_erased_board_is() -> None:
    driver = Driver()
    driver.game.flip(0)
    driver.game.stroke([(0.1, 0.5), (0.9, 0.5)], 1)
    driver.game.word(4, "baker", 2)
    driver.game.word(0, "bread", 3)
    view = public_view(driver.game)
    assert view.phase is Phase.CLUES and view.boards == () and view.deadline == 30
    assert "baker" not in repr(view) and "bread" not in repr(view)
    driver.wait(30)
    assert public_view(driver.game).boards == ()          # erase step: still live
    driver.game.erase([4, 1, 2, 3, 6], driver.t)
    (board,) = public_view(driver.game).boards
    assert board.round == 1 and board.erased == frozenset({1, 2, 3, 4, 6})
    assert board.words == (Word(0, "bread"),)
    assert board.strokes == (Stroke(((2 / 3, 0.5), (0.9, 0.5)), 0.012),)
    assert "baker" not in repr(board)


def test_secret_is_public_only_once_the_game_is_over() -> None:
    driver = Driver()
    for _ in range(2):
        driver.to_suspect()
        driver.game.accuse(INNOCENT, driver.t)
        view = public_view(driver.game)
        assert view.reveal is None
        assert not any(SECRET in s for s in strings_in(view)) and SECRET not in repr(view)
    driver.to_suspect()
    driver.game.accuse(SECRET, driver.t)
    view = public_view(driver.game)
    assert view.reveal is not None and view.reveal.secret == SECRET
    assert len(view.reveal.boards) == 3


def test_reveal_gives_back_what_was_erased() -> None:
    driver = Driver()
    driver.game.flip(0)
    driver.game.word(4, "bread", 1)
    driver.wait(30)
    driver.game.erase([4, 0, 1, 2, 3], driver.t)
    assert public_view(driver.game).boards[0].words == ()
    driver.game.accuse(SECRET, driver.t)
    reveal = public_view(driver.game).reveal
    assert reveal is not None
    assert reveal.boards == (FullBoard(1, (Word(4, "bread"),), frozenset({0, 1, 2, 3, 4})),)


def test_tablet_sees_the_secret_and_the_live_board() -> None:
    driver = Driver()
    view = tablet_view(driver.game)
    assert view.secret == SECRET and view.live_board is None
    driver.game.flip(0)
    driver.game.word(4, "bread", 1)
    view = tablet_view(driver.game)
    assert view.live_board == FullBoard(1, (Word(4, "bread"),), frozenset())
    driver.wait(30)
    driver.erase_any()
    view = tablet_view(driver.game)
    assert view.live_board is None and view.boards[0].items == (Word(4, "bread"),)
