"""Round-trip properties of the protocol, across the two implementations."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lastmessage.hal import serial_protocol as sp

numbers = st.integers(min_value=0, max_value=(1 << 30) - 1)
words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789_.", min_size=1, max_size=16)
verbs = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=2, max_size=8)
seqs = st.integers(min_value=0, max_value=sp.SEQ_MOD - 1)
args_st = st.lists(st.one_of(numbers, words), max_size=4)


def _fits(seq: int, verb: str, args: list[Any]) -> bool:
    return len(" ".join([str(seq), verb, *map(str, args)])) + 5 <= sp.MAX_LINE


@pytest.fixture(scope="module")
def proto(firmware: ModuleType) -> ModuleType:
    import lm_protocol
    return lm_protocol


def _fw_read(proto: ModuleType, wire: bytes) -> list[Any]:
    reader = proto.LineReader()
    out = []
    for b in wire:
        n = reader.feed(b)
        if n > 0:
            out.append(proto.decode(reader.buf, n))
    return out


@settings(max_examples=300, deadline=None)
@given(seq=seqs, verb=verbs, args=args_st)
def test_host_encode_decode_round_trip(seq: int, verb: str, args: list[Any]) -> None:
    if not _fits(seq, verb, args):
        with pytest.raises(ValueError):
            sp.encode(seq, verb, args)
        return
    line = sp.encode(seq, verb, args)
    assert line.endswith(b"\n") and len(line) <= sp.MAX_LINE + 1
    decoded = sp.decode(line[:-1])
    assert decoded == sp.Line(seq, verb, tuple(str(a) for a in args))
    spec = "".join("i" if isinstance(a, int) else "w" for a in args)
    assert sp.convert(spec, decoded.args) == args


@settings(max_examples=300, deadline=None)
@given(seq=seqs, verb=verbs, args=args_st)
def test_firmware_reads_what_the_host_writes(proto: ModuleType, seq: int, verb: str,
                                             args: list[Any]) -> None:
    if not _fits(seq, verb, args):
        return
    assert _fw_read(proto, sp.encode(seq, verb, args)) == [
        (seq, verb, [str(a) for a in args])]


@settings(max_examples=300, deadline=None)
@given(seq=seqs, verb=verbs, args=st.lists(st.one_of(numbers, words), max_size=5))
def test_host_reads_what_the_firmware_writes(proto: ModuleType, seq: int, verb: str,
                                             args: list[Any]) -> None:
    enc = proto.Encoder(seq)
    mv = enc.line(verb, *args)
    if not _fits(seq, verb, args):
        assert mv is None  # the firmware refuses to send a line it cannot fit
        return
    wire = bytes(mv)
    assert wire == sp.encode(seq, verb, args)
    assert enc.seq == (seq + 1) % sp.SEQ_MOD
    lines = sp.LineSplitter().feed(wire)
    assert [sp.decode(x) for x in lines] == [sp.Line(seq, verb, tuple(map(str, args)))]


@settings(max_examples=200, deadline=None)
@given(start=seqs, steps=st.lists(st.integers(min_value=-40000, max_value=40000), max_size=30))
def test_both_sequence_gates_decide_alike(proto: ModuleType, start: int, steps: list[int]) -> None:
    host, fw = sp.SeqGate(), proto.SeqGate()
    host.reset(start)
    fw.reset(start)
    seq = start
    for step in steps:
        seq = (seq + step) % sp.SEQ_MOD
        assert host.accept(seq) == fw.accept(seq)
        assert host.last == fw.last
        assert host.gap == fw.gap
    assert (host.out_of_order, host.missed, host.resyncs) == (
        fw.out_of_order, fw.missed, fw.resyncs)


@settings(max_examples=200, deadline=None)
@given(start=seqs, jump=st.integers(min_value=sp.SEQ_WINDOW + 1, max_value=sp.SEQ_MOD - 1),
       real=st.integers(min_value=1, max_value=40))
def test_one_forged_line_out_of_the_window_costs_no_real_line(start: int, jump: int,
                                                               real: int) -> None:
    gate = sp.SeqGate()
    gate.reset(start)
    assert not gate.accept((start + jump) % sp.SEQ_MOD)
    assert all(gate.accept((start + i) % sp.SEQ_MOD) for i in range(1, real + 1))
    assert gate.out_of_order == 1 and gate.resyncs == 0


@settings(max_examples=200, deadline=None)
@given(start=seqs, jump=st.integers(min_value=sp.SEQ_WINDOW + 1,
                                    max_value=sp.SEQ_MOD - sp.SEQ_RESYNC))
def test_consistent_lines_out_of_the_window_resynchronise(start: int, jump: int) -> None:
    """Lines really lost in bulk: a few in sequence move the baseline, unacted."""
    gate = sp.SeqGate()
    gate.reset(start)
    first = (start + jump) % sp.SEQ_MOD
    assert not any(gate.accept((first + i) % sp.SEQ_MOD) for i in range(sp.SEQ_RESYNC))
    assert gate.resyncs == 1
    assert gate.accept((first + sp.SEQ_RESYNC) % sp.SEQ_MOD) and gate.gap
    assert gate.accept((first + sp.SEQ_RESYNC + 1) % sp.SEQ_MOD) and not gate.gap


@given(start=seqs)
def test_gate_accepts_next_refuses_repeat_and_older(start: int) -> None:
    gate = sp.SeqGate()
    assert not gate.accept(start)  # no session yet: nothing is accepted
    gate.reset(start)
    nxt = (start + 1) % sp.SEQ_MOD
    assert gate.accept(nxt)
    assert not gate.accept(nxt)
    assert not gate.accept(start)
    assert gate.out_of_order == 2


@given(a=numbers, d=st.integers(min_value=-(1 << 28), max_value=1 << 28))
def test_ticks_diff_across_the_wrap(a: int, d: int) -> None:
    b = (a + d) % sp.TICKS_PERIOD
    assert sp.ticks_diff(b, a) == d


BUTTONS_9 = ("flip", "left", "right", "up", "down", "accuse", "pass", "admin", "zoom")


@settings(max_examples=150, deadline=None)
@given(asked=st.booleans(), edges=st.lists(st.tuples(st.integers(0, 8), st.booleans()), max_size=24))
def test_the_module_tells_zoom_only_to_a_host_that_asked(proto: ModuleType, asked: bool,
                                                        edges: list[tuple[int, bool]]) -> None:
    """Whatever the buttons do, every line the module writes passes the checks of a host
    that knows the eight (it never asked) or the nine (its CAPS zoom was ACKed)."""
    from lastmessage.hal.serial_link import _plausible
    cases = str(Path(__file__).parent / "micropython" / "cases")
    if cases not in sys.path:
        sys.path.insert(0, cases)
    import casekit
    with casekit.Clock() as clock:
        stream = casekit.MemStream()
        module, pins, _ = casekit.make_module(stream, names=BUTTONS_9)
        seq = casekit.open_session(module, stream, clock)
        if asked:
            stream.inbox.extend(casekit.line(seq, "CAPS", "zoom"))
            module.step(clock.now)
        for index, down in edges:
            pins[index].level = 0 if down else 1
            casekit.settle(module.buttons, clock)
            module.step(clock.now)
        clock.advance(1100)
        module.step(clock.now)
        known = 9 if asked else 8
        for _, verb, args in casekit.lines(stream.out):
            spec = sp.MODULE_EVENTS[verb]
            values = sp.convert(spec, args)
            assert values is not None and _plausible(verb, values, known), (verb, args)
            if verb == "BTN":
                assert args[0] in BUTTONS_9[:known]
