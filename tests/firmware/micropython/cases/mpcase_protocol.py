# The shared protocol vectors (firmware/protocol_vectors.json), module side:
# what test_fw_protocol_vectors.py checks under CPython, on MicroPython.

import json

import casekit
import lm_protocol as proto

_DATA = None


def _data():
    global _DATA
    if _DATA is None:
        with open(casekit.firmware_file("protocol_vectors.json")) as f:
            _DATA = json.load(f)
    return _DATA


def _wire(text):
    return bytes([ord(c) for c in text])    # one JSON character per byte (latin-1)


def _decode(wire):
    reader = proto.LineReader()
    results = []
    for c in wire:
        n = reader.feed(c)
        if n > 0:
            r = proto.decode(reader.buf, n)
            if r == proto.ERR_FORMAT:
                results.append("format")
            elif r == proto.ERR_CRC:
                results.append("crc")
            else:
                results.append({"seq": r[0], "verb": r[1], "args": list(r[2])})
    if not results and reader.dropped:
        return "format"
    assert len(results) == 1, results
    return results[0]


def test_crc_check_value():
    check = _data()["crc"]["check"]
    data = check["input"].encode()
    assert proto.crc16(data, 0, len(data)) == int(check["crc"], 16)


def test_every_vector_decodes_as_expected():
    wrong = [v["line"] for v in _data()["vectors"] if _decode(_wire(v["line"])) != v["expect"]]
    assert len(_data()["vectors"]) > 40
    assert not wrong, wrong


def test_every_good_vector_is_encoded_byte_for_byte():
    count = 0
    for v in _data()["vectors"]:
        e = v["expect"]
        text = v["line"]
        if not isinstance(e, dict) or text[-6] != "*" or text.endswith("\r\n"):
            continue
        args = [int(a) if a.isdigit() else a for a in e["args"]]
        assert bytes(proto.Encoder(e["seq"]).line(e["verb"], *args)) == _wire(text), text
        count += 1
    assert count > 10


def test_every_argument_vector_converts_as_expected():
    for v in _data()["arguments"]:
        assert proto.convert(v["spec"], v["args"]) == v["expect"], v["note"]


def test_sequence_rules_match_the_vectors():
    seq = _data()["sequence"]
    assert (proto.SEQ_WINDOW, proto.SEQ_RESYNC) == (seq["window"], seq["resync"])
    import lm_module
    assert list(lm_module.BUTTON_BITS) == _data()["buttons"]["bits"]
