"""ButtonEvidence: the serial link gives no intent its lines do not prove.

The module's lines are generated as the firmware sends them (a BTN line and a
heartbeat at every edge, a heartbeat every 0.1 s while a button is down, every
1 s otherwise), some are lost on the way, and the intents of a real
InputDiscipline are checked against what the buttons really did.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.base import Control, IntentKind
from lastmessage.hal.discipline import InputDiscipline, Timings
from lastmessage.hal.serial_evidence import ButtonEvidence
from lastmessage.hal.serial_link import LINK_UP, ModuleEvent

LATENCY = 0.004
Press = tuple[Control, float, float]   # button, down at, up at


def module_lines(presses: list[Press], end: float) -> list[tuple[float, str, tuple[sp.Value, ...]]]:
    """(time, verb, values) of every line the firmware sends for these presses."""
    changes = sorted([(down, c, 1) for c, down, _ in presses]
                     + [(up, c, 0) for c, _, up in presses], key=lambda e: e[0])
    lines: list[tuple[float, str, tuple[sp.Value, ...]]] = []
    state = edges = 0
    t = next_hb = 0.0
    for at, control, level in changes + [(end, None, -1)]:
        while next_hb < at:
            lines.append((next_hb, "HB", (0, 0, 0, state, edges)))
            next_hb += 0.1 if state else 1.0
        if control is None:
            break
        bit = 1 << sp.BUTTON_BITS.index(control.value)
        state = state | bit if level else state & ~bit
        edges += 1
        lines.append((at, "BTN", (control.value, level, 0)))
        lines.append((at, "HB", (0, 0, 0, state, edges)))
        next_hb = at + (0.1 if state else 1.0)
        t = at
    assert t <= end
    return lines


def replay(presses: list[Press], lost: set[int], end: float
           ) -> tuple[list[tuple[IntentKind, float]], ButtonEvidence]:
    discipline = InputDiscipline(Timings(debounce=0.0), log=lambda m: None)
    evidence = ButtonEvidence(discipline)
    evidence.take(ModuleEvent(LINK_UP, (0, 0), 0.0), 0.0)
    intents = []
    gap = False
    lines = module_lines(presses, end)
    step = 0.0
    i = 0
    while step <= end + 1.0:
        while i < len(lines) and lines[i][0] + LATENCY <= step:
            at, verb, values = lines[i]
            if i in lost:
                gap = True
            else:
                evidence.take(ModuleEvent(verb, values, at, i, gap), step)
                gap = False
            i += 1
        evidence.expire(step)
        intents += [(x.kind, x.t) for x in discipline.poll(evidence.limit(step))]
        step = round(step + 0.01, 6)
    return intents, evidence


timelines = st.lists(
    st.tuples(st.sampled_from([Control.ACCUSE, Control.FLIP, Control.LEFT]),
              st.floats(min_value=0.05, max_value=1.5), st.floats(min_value=0.06, max_value=0.6)),
    min_size=1, max_size=6)


def as_presses(spec: list[tuple[Control, float, float]]) -> tuple[list[Press], float]:
    presses: list[Press] = []
    t = 1.0
    for control, held, pause in spec:
        if abs(held - 0.8) < 0.002:   # exactly the hold time: float rounding decides
            held = 0.81
        presses.append((control, round(t, 3), round(t + held, 3)))
        t += held + pause
    return presses, t + 1.0


@settings(max_examples=150, deadline=None)
@given(spec=timelines, seed=st.integers(min_value=0, max_value=10_000),
       loss=st.sampled_from([0.0, 0.1, 0.3, 0.6]))
def test_no_intent_without_a_real_press_behind_it(spec: list[tuple[Control, float, float]],
                                                  seed: int, loss: float) -> None:
    presses, end = as_presses(spec)
    rng = random.Random(seed)
    lost = {i for i in range(len(module_lines(presses, end))) if rng.random() < loss}
    intents, _ = replay(presses, lost, end)
    hold = 0.8
    for kind, t in intents:
        if kind is IntentKind.ACCUSE:   # confirmed only inside a real hold long enough
            assert any(c is Control.ACCUSE and down + hold - 1e-6 <= t <= up + 1e-6
                       for c, down, up in presses), (kind, t, presses)
    for control, kind in ((Control.FLIP, IntentKind.FLIP), (Control.ACCUSE, IntentKind.ACCUSE_HOLD)):
        assert sum(k is kind for k, _ in intents) <= sum(c is control for c, _, _ in presses)
    moves = sum(k is IntentKind.MOVE_LEFT for k, _ in intents)
    allowed = sum(1 + (int((up - down - 0.4 + 1e-6) / 0.12) + 1 if up - down >= 0.4 - 1e-6 else 0)
                  for c, down, up in presses if c is Control.LEFT)
    assert moves <= allowed


@settings(max_examples=100, deadline=None)
@given(spec=timelines)
def test_with_no_line_lost_every_press_counts(spec: list[tuple[Control, float, float]]) -> None:
    presses, end = as_presses(spec)
    intents, evidence = replay(presses, set(), end)
    kinds = [k for k, _ in intents]
    assert kinds.count(IntentKind.FLIP) == sum(c is Control.FLIP for c, _, _ in presses)
    assert kinds.count(IntentKind.ACCUSE) == sum(c is Control.ACCUSE and up - down >= 0.8 - 1e-6
                                                 for c, down, up in presses)
    assert evidence.lapses == evidence.presses_recovered == evidence.holds_broken == 0


def test_a_lost_release_and_press_inside_a_hold_break_the_hold() -> None:
    """ACCUSE let go and pressed again while every line of it was lost: the
    heartbeat still shows it down, but its BTN count shows what was missed."""
    presses: list[Press] = [(Control.ACCUSE, 1.0, 1.3), (Control.ACCUSE, 1.35, 2.5)]
    lines = module_lines(presses, 4.0)
    hidden = {i for i, (t, _, _) in enumerate(lines) if 1.25 < t < 1.4}
    intents, evidence = replay(presses, hidden, 4.0)
    assert evidence.holds_broken == 1
    assert all(t >= 1.35 + 0.8 - 1e-6 for k, t in intents if k is IntentKind.ACCUSE)


def test_a_lost_press_line_is_put_right_by_the_heartbeat_after_it() -> None:
    presses: list[Press] = [(Control.FLIP, 1.0, 1.2)]
    lines = module_lines(presses, 3.0)
    press_line = next(i for i, (_, verb, v) in enumerate(lines) if verb == "BTN" and v[1] == 1)
    intents, evidence = replay(presses, {press_line}, 3.0)
    assert [k for k, _ in intents] == [IntentKind.FLIP]
    assert evidence.presses_recovered == 1


def test_a_button_held_across_a_reconnect_gives_nothing_until_pressed_again() -> None:
    discipline = InputDiscipline(Timings(debounce=0.0), log=lambda m: None)
    evidence = ButtonEvidence(discipline)
    down = 1 << sp.BUTTON_BITS.index("flip")
    evidence.take(ModuleEvent(LINK_UP, (down, 7), 0.0), 0.0)   # the HELLO answer's state
    evidence.take(ModuleEvent("HB", (0, 0, 0, down, 7), 0.1, 1), 0.1)
    evidence.take(ModuleEvent("BTN", ("flip", 0, 0), 0.5, 2), 0.5)
    evidence.take(ModuleEvent("HB", (0, 0, 0, 0, 8), 0.5, 3), 0.5)
    assert discipline.poll(evidence.limit(1.0)) == []
    evidence.take(ModuleEvent("BTN", ("flip", 1, 0), 1.2, 4), 1.2)
    assert [i.kind for i in discipline.poll(evidence.limit(1.3))] == [IntentKind.FLIP]


def test_a_press_stamped_before_the_last_poll_is_given_with_the_heartbeat_after_it() -> None:
    """The line arrives after the app polled past the press's own (module) time:
    the press must not be pushed to the next held-button heartbeat."""
    discipline = InputDiscipline(Timings(debounce=0.0), log=lambda m: None)
    evidence = ButtonEvidence(discipline)
    evidence.take(ModuleEvent(LINK_UP, (0, 0), 0.0), 0.0)
    evidence.take(ModuleEvent("HB", (0, 0, 0, 0, 0), 1.0, 1), 1.0)
    assert discipline.poll(evidence.limit(1.05)) == []
    down = 1 << sp.BUTTON_BITS.index("flip")
    evidence.take(ModuleEvent("BTN", ("flip", 1, 0), 1.02, 2), 1.06)
    evidence.take(ModuleEvent("HB", (0, 0, 0, down, 1), 1.03, 3), 1.06)
    assert [(i.kind, i.t) for i in discipline.poll(evidence.limit(1.06))] == [
        (IntentKind.FLIP, 1.02)]
