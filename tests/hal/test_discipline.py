"""Input discipline: debounce, hold-to-confirm, auto-repeat, stuck buttons, encoder.

All timing is on the times carried by the events and by poll(t); nothing here
sleeps, so a 10 s stuck button is tested in microseconds.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.hal.base import Control, ControlEdge, EncoderStep, IntentKind
from lastmessage.hal.discipline import InputDiscipline, Timings, TimingsError

K = IntentKind


def make(log: list[str] | None = None) -> InputDiscipline:
    return InputDiscipline(log=(log.append if log is not None else lambda m: None))


def edges(d: InputDiscipline, control: Control, *pairs: tuple[float, bool]) -> None:
    for t, pressed in pairs:
        d.feed(ControlEdge(control, pressed, t))


def kinds(d: InputDiscipline, t: float) -> list[IntentKind]:
    return [i.kind for i in d.poll(t)]


@pytest.mark.parametrize("control, kind", [
    (Control.FLIP, K.FLIP), (Control.PASS, K.PASS),
    (Control.LEFT, K.MOVE_LEFT), (Control.RIGHT, K.MOVE_RIGHT),
    (Control.UP, K.MOVE_UP), (Control.DOWN, K.MOVE_DOWN),
    (Control.ACCUSE, K.ACCUSE_HOLD),
])
def test_a_clean_press_gives_its_intent_after_the_debounce(control: Control,
                                                           kind: IntentKind) -> None:
    d = make()
    edges(d, control, (1.0, True))
    assert d.poll(1.019) == []
    [intent] = d.poll(1.02)
    assert intent.kind is kind and intent.t == pytest.approx(1.02)


def test_a_short_service_press_gives_admin_when_released_after_the_debounce() -> None:
    d = make()
    edges(d, Control.ADMIN, (1.0, True))
    assert d.poll(1.5) == []                   # it may yet become the operator's hold
    edges(d, Control.ADMIN, (1.5, False))
    assert d.poll(1.519) == []
    [intent] = d.poll(1.52)
    assert intent.kind is K.ADMIN and intent.t == pytest.approx(1.52)


def test_press_chatter_gives_one_press_timed_from_the_last_edge() -> None:
    d = make()
    edges(d, Control.FLIP, (0.0, True), (0.004, False), (0.007, True), (0.012, False),
          (0.015, True))
    intents = d.poll(1.0)
    assert [i.kind for i in intents] == [K.FLIP]
    assert intents[0].t == pytest.approx(0.035)


def test_a_glitch_shorter_than_the_debounce_is_ignored() -> None:
    d = make()
    edges(d, Control.PASS, (0.0, True), (0.015, False))
    assert d.poll(5.0) == []


def test_release_chatter_does_not_make_a_second_press() -> None:
    d = make()
    edges(d, Control.FLIP, (0.0, True), (0.2, False), (0.203, True), (0.206, False),
          (0.21, True), (0.214, False))
    assert kinds(d, 1.0) == [K.FLIP]
    assert d.held() == set()


def test_accuse_confirms_after_the_hold_time() -> None:
    d = make()
    edges(d, Control.ACCUSE, (2.0, True))
    assert kinds(d, 2.5) == [K.ACCUSE_HOLD]
    intents = d.poll(3.0)
    assert [i.kind for i in intents] == [K.ACCUSE]
    assert intents[0].t == pytest.approx(2.8)
    edges(d, Control.ACCUSE, (3.5, False))
    assert kinds(d, 4.0) == []  # released after confirming: nothing more


def test_accuse_released_early_is_cancelled() -> None:
    d = make()
    edges(d, Control.ACCUSE, (0.0, True), (0.5, False))
    assert kinds(d, 2.0) == [K.ACCUSE_HOLD, K.ACCUSE_CANCEL]


def test_accuse_released_just_before_the_hold_time_is_cancelled_not_confirmed() -> None:
    d = make()
    edges(d, Control.ACCUSE, (0.0, True), (0.79, False))
    assert kinds(d, 2.0) == [K.ACCUSE_HOLD, K.ACCUSE_CANCEL]


def test_a_bounce_during_the_hold_does_not_cancel_it() -> None:
    d = make()
    edges(d, Control.ACCUSE, (0.0, True), (0.5, False), (0.505, True))
    assert kinds(d, 2.0) == [K.ACCUSE_HOLD, K.ACCUSE]


def test_arrows_repeat_while_held() -> None:
    d = make()
    edges(d, Control.RIGHT, (0.0, True))
    intents = d.poll(0.9)
    assert all(i.kind is K.MOVE_RIGHT for i in intents)
    assert [round(i.t, 3) for i in intents] == [0.02, 0.4, 0.52, 0.64, 0.76, 0.88]
    edges(d, Control.RIGHT, (0.9, False))
    assert d.poll(3.0) == []


def test_flip_and_pass_do_not_repeat() -> None:
    d = make()
    edges(d, Control.FLIP, (0.0, True))
    edges(d, Control.PASS, (0.0, True))
    assert sorted(k.value for k in kinds(d, 5.0)) == ["flip", "pass"]


def test_a_stuck_button_is_ignored_and_logged_until_released() -> None:
    log: list[str] = []
    d = make(log)
    edges(d, Control.LEFT, (0.0, True))
    before = d.poll(10.0)
    assert len(before) > 1  # repeated while plausibly held
    assert d.poll(60.0) == []  # stuck: no more repeats
    assert d.stuck() == {Control.LEFT}
    assert len(log) == 1 and "left" in log[0] and "10 s" in log[0]
    edges(d, Control.LEFT, (61.0, False))
    assert d.poll(62.0) == []
    assert d.stuck() == set() and "released" in log[1]
    edges(d, Control.LEFT, (63.0, True))
    assert kinds(d, 63.1) == [K.MOVE_LEFT]  # works again


def test_a_stuck_button_does_not_block_the_others() -> None:
    d = make()
    edges(d, Control.FLIP, (0.0, True))
    d.poll(30.0)
    edges(d, Control.PASS, (31.0, True))
    assert kinds(d, 31.1) == [K.PASS]


@pytest.mark.parametrize("delta, kind", [(1, K.NEXT_SUSPECT), (-1, K.PREVIOUS_SUSPECT)])
def test_encoder_direction(delta: int, kind: IntentKind) -> None:
    d = make()
    d.feed(EncoderStep(delta * 3, 1.0))
    assert kinds(d, 1.0) == [kind] * 3


def test_events_in_the_future_wait_for_their_time() -> None:
    d = make()
    edges(d, Control.FLIP, (5.0, True))
    assert d.poll(4.0) == []
    assert kinds(d, 5.1) == [K.FLIP]


def test_a_button_held_when_opened_gives_nothing_until_released() -> None:
    d = make()
    d.start_held(Control.ACCUSE, 0.0)
    assert d.poll(5.0) == []
    edges(d, Control.ACCUSE, (5.0, False))
    assert d.poll(6.0) == []
    edges(d, Control.ACCUSE, (7.0, True))
    assert kinds(d, 7.1) == [K.ACCUSE_HOLD]


@pytest.mark.parametrize("changes, key", [
    ({"hold_time": 20.0}, "hold_time"),
    ({"hold_time": float("nan")}, "hold_time"),
    ({"debounce": -0.01}, "debounce"),
    ({"stuck_after": float("inf")}, "stuck_after"),
    ({"debounce": 0.5, "repeat_delay": 0.4}, "repeat_delay"),
    ({"hold_time": 5.0, "stuck_after": 5.0}, "hold_time"),
])
def test_bad_timings_are_refused_with_the_setting_named(changes: dict[str, float], key: str) -> None:
    with pytest.raises(TimingsError, match=f"^{key} = ") as refused:
        Timings(**changes)
    assert refused.value.key == key
    assert InputDiscipline(Timings(hold_time=1)).hold_time == 1


# -- properties ----------------------------------------------------------------

gaps = st.lists(st.floats(min_value=0.0005, max_value=0.019), min_size=1, max_size=12)


@given(gaps=gaps, end_pressed=st.booleans())
def test_any_chatter_shorter_than_the_debounce_gives_at_most_one_press(
        gaps: list[float], end_pressed: bool) -> None:
    """Contacts bouncing faster than 20 ms settle into exactly the final level."""
    d = make()
    t, level = 1.0, True
    d.feed(ControlEdge(Control.FLIP, True, t))
    for gap in gaps:
        t += gap
        level = not level
        d.feed(ControlEdge(Control.FLIP, level, t))
    if level != end_pressed:
        t += 0.001
        d.feed(ControlEdge(Control.FLIP, end_pressed, t))
    presses = d.poll(t + 1.0)
    assert [i.kind for i in presses] == ([K.FLIP] if end_pressed else [])


raw_events = st.lists(
    st.tuples(st.sampled_from([Control.ACCUSE, Control.LEFT, Control.FLIP]),
              st.floats(min_value=0.001, max_value=1.5)),
    max_size=20)


@settings(max_examples=60)
@given(events=raw_events, polls=st.lists(st.floats(min_value=0, max_value=30), max_size=10))
def test_the_intents_do_not_depend_on_how_often_the_app_polls(
        events: list[tuple[Control, float]], polls: list[float]) -> None:
    def run(poll_times: list[float]) -> list[tuple[IntentKind, float]]:
        d = make()
        t, levels = 0.0, {c: False for c in Control}
        out = []
        feed = []
        for control, gap in events:
            t += gap
            levels[control] = not levels[control]
            feed.append(ControlEdge(control, levels[control], t))
        for edge in feed:
            d.feed(edge)
        for p in sorted(poll_times) + [40.0]:
            out += [(i.kind, round(i.t, 9)) for i in d.poll(p)]
        return out

    assert run(polls) == run([])
