"""The wiring docs are generated from the pinout and must not be stale."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

from lastmessage.hal.pinout import load_pinout
from lastmessage.hal.wiring import docs_dir, render_markdown, render_svg, stale_docs, write_docs


def test_committed_wiring_docs_match_the_pinout() -> None:
    stale = stale_docs(load_pinout(), docs_dir())
    assert stale == [], (f"{stale} are stale: run `lastmessage hardware docs` "
                         f"and commit the result")


def test_every_entry_is_in_the_table_and_the_drawing() -> None:
    pinout = load_pinout()
    table, svg = render_markdown(pinout), render_svg(pinout)
    ElementTree.fromstring(svg)  # well-formed
    for entry in pinout.entries:
        assert f"| {entry.physical_pin} | {entry.gpio} | `{entry.name}`" in table
        assert f"{entry.name} (GPIO {entry.gpio})" in svg


def test_regenerating_writes_both_files(tmp_path: Path) -> None:
    pinout = load_pinout()
    assert stale_docs(pinout, tmp_path) == ["WIRING.md", "wiring.svg"]
    write_docs(pinout, tmp_path)
    assert stale_docs(pinout, tmp_path) == []
