"""The wiring docs are generated from the pinout and must not be stale."""

from __future__ import annotations

from pathlib import Path

import pytest
from xml.etree import ElementTree

from lastmessage.hal.pinout import load_pinout
from lastmessage.hal.tools.wiring import docs_dir, render_markdown, render_svg, run, stale_docs, write_docs


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


def test_the_shipped_pinouts_docs_go_to_the_current_folder_not_the_package(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    shipped = {path: path.stat().st_mtime_ns for path in docs_dir().iterdir()}
    monkeypatch.chdir(tmp_path)
    assert run(None, None, check=False) == 0
    assert stale_docs(load_pinout(), tmp_path) == []
    assert capsys.readouterr().out == f"wrote {tmp_path / 'WIRING.md'}\nwrote {tmp_path / 'wiring.svg'}\n"
    assert {path: path.stat().st_mtime_ns for path in docs_dir().iterdir()} == shipped


def test_an_own_pinouts_docs_go_beside_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "mine" / "pinout.toml"
    own.parent.mkdir()
    own.write_bytes((docs_dir() / "pinout.toml").read_bytes())
    monkeypatch.chdir(tmp_path)
    assert run(own, None, check=False) == 0
    assert sorted(path.name for path in own.parent.iterdir()) == ["WIRING.md", "pinout.toml", "wiring.svg"]
    assert not (tmp_path / "WIRING.md").exists()
