"""Both protocol implementations against the one vectors file (firmware/protocol_vectors.json)."""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from lastmessage.hal import serial_protocol as sp
from lastmessage.hal.tools.module_sim import FIRMWARE_DIR

DATA = json.loads((FIRMWARE_DIR / "protocol_vectors.json").read_text(encoding="utf-8"))
VECTORS = DATA["vectors"]


def _firmware_decode(proto: ModuleType, wire: bytes) -> Any:
    reader = proto.LineReader()
    results = []
    for byte in wire:
        n = reader.feed(byte)
        if n > 0:
            r = proto.decode(reader.buf, n)
            if isinstance(r, int):
                results.append({proto.ERR_FORMAT: "format", proto.ERR_CRC: "crc"}[r])
            else:
                seq, verb, args = r
                results.append({"seq": seq, "verb": verb, "args": list(args)})
    if not results and reader.dropped:
        return "format"
    assert len(results) == 1, results
    return results[0]


def _host_decode(wire: bytes) -> Any:
    splitter = sp.LineSplitter()
    lines = splitter.feed(wire)
    if not lines and splitter.dropped:
        return "format"
    assert len(lines) == 1, lines
    r = sp.decode(lines[0])
    if isinstance(r, sp.LineError):
        return r.value
    return {"seq": r.seq, "verb": r.verb, "args": list(r.args)}


@pytest.fixture(scope="module")
def proto(firmware: ModuleType) -> ModuleType:
    import lm_protocol
    return lm_protocol


def test_crc_check_value(proto: ModuleType) -> None:
    check = DATA["crc"]["check"]
    data = check["input"].encode()
    assert sp.crc16(data) == int(check["crc"], 16)
    assert proto.crc16(data, 0, len(data)) == int(check["crc"], 16)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["note"] or v["line"][:24] for v in VECTORS])
def test_both_sides_decode_each_vector_alike(proto: ModuleType, vector: dict[str, Any]) -> None:
    wire = vector["line"].encode("latin-1")
    assert _host_decode(wire) == vector["expect"]
    assert _firmware_decode(proto, wire) == vector["expect"]


@pytest.mark.parametrize("vector", [v for v in VECTORS if isinstance(v["expect"], dict)
                                    and v["line"].endswith("*%s\n" % v["line"][-5:-1])
                                    and not v["line"].endswith("\r\n")])
def test_both_encoders_write_each_good_vector_byte_for_byte(proto: ModuleType,
                                                            vector: dict[str, Any]) -> None:
    e = vector["expect"]
    args = [int(a) if a.isdigit() else a for a in e["args"]]
    assert sp.encode(e["seq"], e["verb"], args) == vector["line"].encode("latin-1")
    enc = proto.Encoder(e["seq"])
    mv = enc.line(e["verb"], *args)
    assert bytes(mv) == vector["line"].encode("latin-1")


def test_command_tables_agree(firmware: ModuleType) -> None:
    import lm_module
    assert lm_module.COMMANDS == sp.HOST_COMMANDS
    assert lm_module.MAX_DRAIN_MS == 600_000


def test_button_bits_and_sequence_rules_agree(proto: ModuleType) -> None:
    import lm_module
    assert lm_module.BUTTON_BITS == sp.BUTTON_BITS == tuple(DATA["buttons"]["bits"])
    assert (proto.SEQ_WINDOW, proto.SEQ_RESYNC) == (sp.SEQ_WINDOW, sp.SEQ_RESYNC) == (
        DATA["sequence"]["window"], DATA["sequence"]["resync"])
    assert proto.VERSION == sp.VERSION
    hellos = [v["expect"] for v in VECTORS if isinstance(v["expect"], dict)
              and v["expect"]["verb"] == "HELLO"]
    assert hellos and all(h["args"][0] == str(sp.VERSION) for h in hellos)


@pytest.mark.parametrize("vector", DATA["arguments"], ids=[v["note"] for v in DATA["arguments"]])
def test_both_sides_convert_arguments_alike(proto: ModuleType, vector: dict[str, Any]) -> None:
    assert sp.convert(vector["spec"], vector["args"]) == vector["expect"]
    assert proto.convert(vector["spec"], vector["args"]) == vector["expect"]
