"""Every outcome path of the round rule (DESIGN.md section 1) and fatal_from_round."""

from __future__ import annotations

import pytest

from lastmessage.rules.config import Rules
from lastmessage.rules.errors import PassDisabled
from lastmessage.rules.events import Accused, EndReason, GameOver, Winner
from lastmessage.rules.game import Outcome, Phase

from .helpers import INNOCENT, OTHER_INNOCENT, SECRET, Driver


def play_to_round(driver: Driver, round_number: int) -> None:
    """Pass every round before `round_number`, then reach its suspect step."""
    while driver.game.round < round_number:
        driver.to_suspect()
        driver.game.pass_turn(driver.t)
    driver.to_suspect()
    assert driver.game.round == round_number


@pytest.mark.parametrize("round_number", [1, 2, 3, 4])
def test_correct_accusation_in_any_round_wins_at_once(round_number: int) -> None:
    driver = Driver()
    play_to_round(driver, round_number)
    events = driver.game.accuse(SECRET, driver.t)
    assert [e.type for e in events] == ["accused", "game_over"]
    assert events[0] == Accused(driver.t, round_number, SECRET, True)
    assert driver.game.outcome == Outcome("detectives", "found", round_number)
    assert driver.game.phase is Phase.OVER


@pytest.mark.parametrize("round_number", [1, 2])
def test_wrong_accusation_in_rounds_1_and_2_costs_nothing(round_number: int) -> None:
    driver = Driver()
    play_to_round(driver, round_number)
    events = driver.game.accuse(INNOCENT, driver.t)
    assert [e.type for e in events] == ["accused"]
    assert events[0].correct is False and events[0].round == round_number
    assert driver.game.outcome is None
    assert driver.game.phase is Phase.READY
    assert driver.game.round == round_number + 1


def test_wrong_accusations_in_rounds_1_and_2_then_found_in_round_3() -> None:
    driver = Driver()
    driver.to_suspect()
    driver.game.accuse(INNOCENT, driver.t)
    driver.to_suspect()
    driver.game.accuse(OTHER_INNOCENT, driver.t)
    driver.to_suspect()
    driver.game.accuse(SECRET, driver.t)
    assert driver.game.outcome == Outcome("detectives", "found", 3)


@pytest.mark.parametrize("round_number", [3, 4])
def test_wrong_accusation_in_round_3_or_4_loses_by_default(round_number: int) -> None:
    driver = Driver()
    play_to_round(driver, round_number)
    events = driver.game.accuse(INNOCENT, driver.t)
    assert [e.type for e in events] == ["accused", "game_over"]
    assert events[-1] == GameOver(driver.t, Winner.CRIMINAL, EndReason.WRONG_ACCUSATION, round_number)
    assert driver.game.outcome == Outcome("criminal", "wrong_accusation", round_number)


@pytest.mark.parametrize("fatal, round_number, loses", [
    (4, 3, False), (4, 4, True),
    (5, 1, False), (5, 2, False), (5, 3, False),
    (1, 1, True), (2, 1, False), (2, 2, True),
])
def test_fatal_from_round_decides_which_wrong_accusations_lose(
        fatal: int, round_number: int, loses: bool) -> None:
    driver = Driver(Rules(fatal_from_round=fatal))
    play_to_round(driver, round_number)
    driver.game.accuse(INNOCENT, driver.t)
    if loses:
        assert driver.game.outcome == Outcome("criminal", "wrong_accusation", round_number)
    else:
        assert driver.game.outcome is None
        assert (driver.game.phase, driver.game.round) == (Phase.READY, round_number + 1)


def test_never_fatal_wrong_accusation_in_last_round_is_not_found() -> None:
    driver = Driver(Rules(fatal_from_round=5))
    play_to_round(driver, 4)
    events = driver.game.accuse(INNOCENT, driver.t)
    assert [e.type for e in events] == ["accused", "game_over"]
    assert driver.game.outcome == Outcome("criminal", "not_found", 4)


def test_passing_every_round_lets_the_criminal_win_after_round_4() -> None:
    driver = Driver()
    for round_number in (1, 2, 3):
        driver.to_suspect()
        events = driver.game.pass_turn(driver.t)
        assert [e.type for e in events] == ["passed"]
        assert events[0].round == round_number
        assert driver.game.outcome is None and driver.game.round == round_number + 1
    driver.to_suspect()
    events = driver.game.pass_turn(driver.t)
    assert [e.type for e in events] == ["passed", "game_over"]
    assert events[-1] == GameOver(driver.t, Winner.CRIMINAL, EndReason.NOT_FOUND, 4)
    assert driver.game.passes == [1, 2, 3, 4]


def test_schedule_length_sets_the_number_of_rounds() -> None:
    driver = Driver(Rules(erase_schedule=(2, 1), fatal_from_round=3))
    driver.to_suspect()
    driver.game.pass_turn(driver.t)
    driver.to_suspect()
    driver.game.accuse(INNOCENT, driver.t)
    assert driver.game.outcome == Outcome("criminal", "not_found", 2)


def test_pass_is_refused_when_the_variant_forbids_it() -> None:
    driver = Driver(Rules(allow_pass=False))
    driver.to_suspect()
    with pytest.raises(PassDisabled) as caught:
        driver.game.pass_turn(driver.t)
    assert caught.value.reason == "pass_disabled"
    assert driver.game.phase is Phase.SUSPECT
    driver.game.accuse(INNOCENT, driver.t)
    assert driver.game.round == 2
