# The buttons past the eight of version 2 (ZOOM): told only to a host that asked
# for them with CAPS in this session (PROTOCOL.md, "Extra buttons"), so a host of
# an older release never sees a button name or a bitmap bit it would refuse.

import lm_protocol as proto
from casekit import Clock, MemStream, line, lines, make_module, open_session, settle

NAMES = ("flip", "left", "right", "up", "down", "accuse", "pass", "admin", "zoom")
ZOOM = 8


def _press(module, pins, clock, i, level):
    pins[i].level = 0 if level else 1
    settle(module.buttons, clock)
    module.step(clock.now)


def _caps(module, stream, clock, seq, name="zoom"):
    stream.inbox.extend(line(seq, "CAPS", name))
    module.step(clock.now)
    got = lines(stream.out)
    stream.out = bytearray()
    return got


def _told(got):
    """The BTN names and the heartbeats' bitmaps in lines the module wrote."""
    return ([r[2][0] for r in got if r[1] == "BTN"],
            [int(r[2][3]) for r in got if r[1] == "HB"])


def test_a_host_that_never_asked_hears_nothing_of_zoom():
    with Clock() as clock:
        stream = MemStream()
        module, pins, _ = make_module(stream, names=NAMES)
        open_session(module, stream, clock)
        _press(module, pins, clock, ZOOM, True)
        _press(module, pins, clock, 0, True)
        _press(module, pins, clock, ZOOM, False)
        clock.advance(1100)
        module.step(clock.now)
        names, bitmaps = _told(lines(stream.out))
        assert names == ["flip"]
        assert bitmaps and all(b < 256 for b in bitmaps)
        assert module.edges == 1    # the BTN line count a version 2 host checks


def test_caps_zoom_is_acked_and_zoom_told_on_bit_8():
    with Clock() as clock:
        stream = MemStream()
        module, pins, _ = make_module(stream, names=NAMES)
        seq = open_session(module, stream, clock)
        got = _caps(module, stream, clock, seq)
        assert got[0][1:] == ("ACK", [str(seq)])
        _press(module, pins, clock, ZOOM, True)
        names, bitmaps = _told(lines(stream.out))
        assert names == ["zoom"]
        assert bitmaps[-1] == 256


def test_a_new_hello_forgets_the_extra_buttons():
    with Clock() as clock:
        stream = MemStream()
        module, pins, _ = make_module(stream, names=NAMES)
        seq = open_session(module, stream, clock)
        _caps(module, stream, clock, seq)
        _press(module, pins, clock, ZOOM, True)
        open_session(module, stream, clock, seq=500)
        _press(module, pins, clock, ZOOM, False)
        _press(module, pins, clock, ZOOM, True)
        names, bitmaps = _told(lines(stream.out))
        assert names == [] and all(b < 256 for b in bitmaps)


def test_caps_for_a_button_it_has_not_is_refused_and_takes_no_number():
    with Clock() as clock:
        stream = MemStream()
        module, pins, _ = make_module(stream, names=NAMES)
        seq = open_session(module, stream, clock)
        got = _caps(module, stream, clock, seq, "turbo")
        assert got[0][1:] == ("NAK", [str(seq), "args"])
        stream.inbox.extend(line(seq, "PING", 3))
        module.step(clock.now)
        assert lines(stream.out)[0][1] == "PONG"
        assert proto.VERSION == 2   # the extra buttons need no new version: old hosts still connect
