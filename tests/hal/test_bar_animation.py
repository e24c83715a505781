"""The sand-timer bar as a function of time: fill, blink, breathing, win, lose."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lastmessage.clock import SimulatedClock
from lastmessage.hal.bar_animation import (
    BarMode, BarState, blink_on, duty_cycle, fill_levels, levels_at,
)
from lastmessage.hal.base import Pattern
from lastmessage.hal.outputs import AnimatedBar


@pytest.mark.parametrize("fraction, expected", [
    (1.0, [1.0] * 10),
    (0.0, [0.0] * 10),
    (0.5, [1.0] * 5 + [0.0] * 5),
    (0.25, [1.0, 1.0, 0.5] + [0.0] * 7),
    (0.05, [0.5] + [0.0] * 9),
])
def test_fill_levels_for_fractions(fraction: float, expected: list[float]) -> None:
    assert fill_levels(fraction, 10) == pytest.approx(expected)


@given(st.floats(min_value=0, max_value=1), st.integers(min_value=1, max_value=60))
def test_the_light_on_the_bar_is_the_fraction_left(fraction: float, n: int) -> None:
    levels = fill_levels(fraction, n)
    assert sum(levels) == pytest.approx(fraction * n)
    assert levels == sorted(levels, reverse=True)  # empties from the top


def test_a_30_second_drain_on_the_simulated_clock() -> None:
    clock = SimulatedClock(50.0)
    bar = AnimatedBar(10)
    bar.drain(30.0, clock.now())
    assert bar.levels() == [1.0] * 10
    clock.advance(15.0)
    bar.update(clock.now())
    assert bar.levels() == pytest.approx([1.0] * 5 + [0.0] * 5)
    clock.advance(15.0)
    bar.update(clock.now())
    assert bar.levels() == [0.0] * 10
    clock.advance(100.0)
    bar.update(clock.now())
    assert bar.levels() == [0.0] * 10


def test_blinks_only_in_the_last_five_seconds_at_two_hertz() -> None:
    state = BarState.draining(30.0, 0.0)
    # Before the window: steady.
    assert all(blink_on(state, t / 10) for t in range(0, 250))
    # In the window: on 0.25 s, off 0.25 s, starting lit at 25.0 s.
    assert blink_on(state, 25.0) and blink_on(state, 25.2)
    assert not blink_on(state, 25.26) and not blink_on(state, 25.49)
    assert blink_on(state, 25.5)
    assert levels_at(state, 25.3, 10) == [0.0] * 10
    assert levels_at(state, 25.1, 10)[0] == 1.0


def test_blink_counts_on_the_simulated_clock() -> None:
    clock = SimulatedClock()
    bar = AnimatedBar(10)
    bar.drain(30.0, clock.now())
    switches, lit = 0, True
    while clock.now() < 30.0:
        clock.advance(0.01)
        bar.update(clock.now())
        now_lit = any(bar.levels())
        switches += now_lit != lit
        lit = now_lit
    # 5 s at 2 Hz: 10 off-switches and 9 back on before the bar is empty.
    assert switches == 19


def test_idle_breathes_slowly_and_never_goes_dark() -> None:
    state = BarState.showing(Pattern.IDLE, 0.0)
    samples = [levels_at(state, t / 10, 10)[0] for t in range(0, 81)]
    assert min(samples) > 0 and max(samples) <= 1
    assert samples[0] == pytest.approx(min(samples))
    assert samples[20] == pytest.approx(max(samples))  # peak at half the 4 s period
    assert samples[40] == pytest.approx(samples[0])


def test_win_is_a_band_travelling_up() -> None:
    state = BarState.showing(Pattern.WIN, 0.0)
    peaks = [max(range(10), key=lambda i: levels_at(state, t, 10)[i]) for t in (0.3, 0.5, 0.7)]
    assert peaks == sorted(peaks) and len(set(peaks)) == 3


def test_lose_flashes_three_times_then_rests_dim() -> None:
    state = BarState.showing(Pattern.LOSE, 0.0)
    assert levels_at(state, 0.1, 10) == [1.0] * 10
    assert levels_at(state, 0.8, 10) == [0.0] * 10
    assert levels_at(state, 2.1, 10) == [1.0] * 10
    rest = levels_at(state, 10.0, 10)
    assert 0 < rest[0] < 0.5 and len(set(rest)) == 1


def test_off_is_dark_and_modes_match_patterns() -> None:
    assert levels_at(BarState.showing(Pattern.OFF, 0.0), 3.0, 10) == [0.0] * 10
    assert {BarState.showing(p, 0).mode for p in Pattern} == \
        {BarMode.OFF, BarMode.IDLE, BarMode.WIN, BarMode.LOSE}


def test_bad_drains_are_refused() -> None:
    with pytest.raises(ValueError, match="positive length"):
        BarState.draining(0.0, 0.0)
    with pytest.raises(ValueError, match="at least one LED"):
        levels_at(BarState(), 0.0, 0)


def test_duty_cycle_is_gamma_corrected_with_exact_ends() -> None:
    assert duty_cycle(0.0) == 0.0 and duty_cycle(1.0) == 1.0
    assert duty_cycle(0.5) == pytest.approx(0.5 ** 2.2)
