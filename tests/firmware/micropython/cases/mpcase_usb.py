# lm_usb, the USB CDC stream, over a fake sys.stdin/sys.stdout that
# select.poll watches as it watches the real ones (through their ioctl).

import casekit
from casekit import Clock, FakeSys


def test_reads_what_waits_at_most_the_buffer_and_never_waits():
    fake = FakeSys()
    stream = casekit.usb_stream(fake)
    buf = bytearray(64)
    assert stream.readinto(buf) == 0
    fake.stdin.inbox.extend(bytes(range(100)))
    assert stream.readinto(buf) == 64 and buf == bytearray(range(64))
    assert stream.readinto(buf) == 36 and buf[0:36] == bytearray(range(64, 100))
    assert stream.readinto(buf) == 0


def test_writes_go_to_stdout_and_an_io_error_is_swallowed():
    fake = FakeSys()
    stream = casekit.usb_stream(fake)
    stream.write(memoryview(b"1 HB 0*0000\n"))
    assert fake.stdout.out == bytearray(b"1 HB 0*0000\n")
    fake.stdout.fail = True
    stream.write(b"2 HB 0*0000\n")      # does not raise
    assert fake.stdout.write_calls == 2


def test_the_module_holds_a_session_over_the_usb_stream():
    with Clock() as clock:
        fake = FakeSys()
        module, _, _ = casekit.make_module(casekit.usb_stream(fake))
        fake.stdin.inbox.extend(casekit.line(0, "HELLO", 2, 55))
        fake.stdin.inbox.extend(casekit.line(1, "PING", 9))
        for _ in range(3):
            clock.advance(1)
            module.step(clock.now)
        got = casekit.lines(fake.stdout.out)
        assert [r[1] for r in got if r[1] != "HB"] == ["HELLO", "PONG"]
        assert module.bad_lines() == 0


def test_polling_with_nothing_waiting_allocates_nothing():
    # the main loop polls about a thousand times a second: poll.poll(0) would
    # put a new list on the heap every time, ipoll(0) nothing
    stream = casekit.usb_stream(FakeSys())
    buf = bytearray(64)
    used = casekit.allocated(lambda: stream.readinto(buf), 1000)
    assert used < 500, "%d bytes allocated by 1000 polls" % used


def test_a_write_is_skipped_at_once_when_the_host_has_no_room():
    # a CDC write with the host not reading waits 500 ms per packet for room;
    # lm_usb asks poll (POLLOUT) first and drops the write instead
    fake = FakeSys()
    stream = casekit.usb_stream(fake)
    fake.stdout.room = False
    stream.write(b"1 HB 0*0000\n")
    assert fake.stdout.write_calls == 0 and stream.dropped == 1
    fake.stdout.room = True
    stream.write(b"2 HB 0*0000\n")
    assert fake.stdout.out == bytearray(b"2 HB 0*0000\n")
