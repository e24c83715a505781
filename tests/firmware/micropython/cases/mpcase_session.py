# The session handshake and commands (PROTOCOL.md), through lm_main.build:
# the Module wired as the Pico wires it, on an in-memory stream.

import casekit
import lm_board
import lm_main
import lm_protocol as proto
from casekit import Clock, MemStream, line, lines


def _built(clock):
    stream = MemStream()
    return lm_main.build(lm_board, stream), stream


def test_hello_opens_a_session_answered_with_version_leds_and_buttons():
    with Clock() as clock:
        module, stream = _built(clock)
        stream.inbox.extend(line(0, "HELLO", proto.VERSION, 4242))
        module.step(clock.now)
        got = lines(stream.out)
        assert module.session
        assert got[0][1:] == ("HELLO", [str(proto.VERSION), "4242", lm_board.FW_VERSION,
                                        str(lm_board.LED_COUNT), "0", "0"])
        assert got[1][1] == "HB"        # the first heartbeat follows at once


def test_another_version_is_answered_but_gets_no_session():
    with Clock() as clock:
        module, stream = _built(clock)
        stream.inbox.extend(line(0, "HELLO", proto.VERSION - 1, 9))
        stream.inbox.extend(line(1, "START", 1000, 0))
        module.step(clock.now)
        got = lines(stream.out)
        assert not module.session and module.no_session == 1
        assert got[0][1] == "HELLO" and got[0][2][0] == str(proto.VERSION)
        assert module.bar.mode == 0


def test_commands_are_acked_once_in_order_and_ping_is_ponged():
    with Clock() as clock:
        module, stream = _built(clock)
        seq = casekit.open_session(module, stream, clock)
        stream.inbox.extend(line(seq, "START", 30000, 0))
        stream.inbox.extend(line(seq, "START", 30000, 0))        # a replay
        stream.inbox.extend(line(seq + 1, "PING", 77))
        stream.inbox.extend(line(seq + 2, "FLY", 1))             # unknown verb
        stream.inbox.extend(line(seq + 2, "LEVEL", 1001))        # out of range
        for _ in range(4):
            clock.advance(1)
            module.step(clock.now)
        got = [r for r in lines(stream.out) if r[1] != "HB"]
        assert [(r[1], r[2][0]) for r in got] == [
            ("ACK", str(seq)), ("PONG", "77"), ("NAK", str(seq + 2)), ("NAK", str(seq + 2))]
        assert [r[2][1] for r in got[2:]] == ["unknown", "args"]
        assert module.gate.out_of_order == 1 and module.accepted == 2
        assert module.bar.mode == 2     # draining


def test_a_pressed_button_gives_btn_then_a_heartbeat_with_its_bit():
    with Clock() as clock:
        module, stream = _built(clock)
        casekit.open_session(module, stream, clock)
        module.buttons.force(5, 200, clock.now)       # accuse, bit 5
        casekit.settle(module.buttons, clock)
        module.step(clock.now)
        got = lines(stream.out)
        assert [r[1] for r in got] == ["BTN", "HB"]
        assert got[0][2][:2] == ["accuse", "1"]
        assert got[1][2][3:] == [str(1 << 5), "1"]
