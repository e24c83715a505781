# Button debounce: the scan the 2 ms timer interrupt runs, on a virtual clock.

from casekit import Clock, FakePin, settle
from lm_buttons import Buttons


def _edges(buttons):
    out = []
    while buttons.pending():
        out.append(buttons.pop())
    return out


def test_a_bouncing_press_and_release_give_one_edge_each_stamped_when_settled():
    with Clock() as clock:
        pin = FakePin(1)
        buttons = Buttons([pin])
        for level in (0, 1, 0, 1, 0):     # contact bounce, 2 ms apart
            pin.level = level
            clock.advance(2)
            buttons.scan()
        settled = clock.now
        settle(buttons, clock)
        pin.level = 1
        clock.advance(2)
        buttons.scan()
        released = clock.now
        settle(buttons, clock)
        assert _edges(buttons) == [(0, 1, settled), (0, 0, released)]


def test_a_glitch_shorter_than_the_debounce_is_no_press():
    with Clock() as clock:
        pin = FakePin(1)
        buttons = Buttons([pin])
        pin.level = 0
        settle(buttons, clock, ms=18)
        pin.level = 1
        settle(buttons, clock)
        assert _edges(buttons) == []


def test_a_button_held_at_power_up_is_not_a_press():
    with Clock() as clock:
        buttons = Buttons([FakePin(0), FakePin(1)])
        settle(buttons, clock)
        assert _edges(buttons) == [] and buttons.stable[0] == 1


def test_force_holds_a_button_down_through_the_same_debounce():
    with Clock() as clock:
        buttons = Buttons([FakePin(1), FakePin(1)])
        buttons.force(1, 100, clock.now)
        settle(buttons, clock, ms=200)
        assert [(i, p) for i, p, _ in _edges(buttons)] == [(1, 1), (1, 0)]


def test_a_full_ring_counts_the_edges_it_loses():
    with Clock() as clock:
        pin = FakePin(1)
        buttons = Buttons([pin])
        for _ in range(40):               # 40 edges into a ring of 31
            pin.level ^= 1
            settle(buttons, clock)
        assert len(_edges(buttons)) == 31 and buttons.lost == 9
