"""The copy of its scene a journal keeps: read back, it is the same scene; damaged, it
is refused in one line (SceneError), never another exception."""

from __future__ import annotations

import hashlib
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.journal.scene_copy import pack, unpack
from lastmessage.scenegen.generate import generate
from lastmessage.scenes.model import MAX_SCENE_BYTES, Scene, SceneError, load_scenes, scene_json, shipped_scenes_dir

SHIPPED = load_scenes(shipped_scenes_dir())
PARK = load_scenes(Path(__file__).resolve().parents[1] / "fixtures" / "scenes")["park"]
GENERATED = generate("beach", 7)[1]


def _looks(scene: Scene) -> list[tuple[str, float, float, dict[str, str]]]:
    return [(c.id, c.x, c.y, dict(c.traits)) for c in scene.characters]


@pytest.mark.parametrize("scene", [*SHIPPED.values(), GENERATED, PARK], ids=lambda s: s.id)
def test_a_kept_scene_reads_back_as_the_same_scene(scene: Scene) -> None:
    copy = pack(scene)
    back = unpack(copy.data, copy.digest, "test")
    assert back == scene
    assert _looks(back) == _looks(scene) and back.props == scene.props and back.background == scene.background
    assert len(copy.data) < 40_000   # a shipped scene's file is about 250 kB


def test_packing_the_same_scene_twice_gives_the_same_copy_and_another_picture_another() -> None:
    harbour = SHIPPED["harbour"]
    assert pack(harbour) is pack(harbour)   # remembered: one packing per run
    again = unpack(pack(harbour).data, pack(harbour).digest, "test")
    assert pack(again).digest == pack(harbour).digest   # equal content, equal digest
    assert pack(SHIPPED["beach"]).digest != pack(harbour).digest


def _refused(data: bytes, digest: str | None = None) -> str:
    with pytest.raises(SceneError) as caught:
        unpack(data, digest if digest is not None else hashlib.sha256(b"").hexdigest(), "games.sqlite: game 3")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("games.sqlite: game 3: ")
    return message


def _kept(text: bytes) -> tuple[bytes, str]:
    """`text` compressed and named by its own digest: what a writer that wrote garbage leaves."""
    return zlib.compress(text), hashlib.sha256(text).hexdigest()


def test_each_kind_of_damage_is_named() -> None:
    good = pack(PARK)
    assert "not zlib-compressed" in _refused(b"not a zlib stream", good.digest)
    assert "cut short" in _refused(good.data[: len(good.data) // 2], good.digest)
    assert "does not match its digest" in _refused(good.data, "0" * 64)
    assert "not UTF-8" in _refused(*_kept(b"\xff\xfe{}"))
    assert "not JSON" in _refused(*_kept(b'{"id": "park",'))
    assert "one JSON object" in _refused(*_kept(b"[1, 2, 3]"))
    assert 'missing "characters"' in _refused(*_kept(json.dumps({"id": "park", "title": "Park"}).encode()))
    assert "nested more than" in _refused(*_kept(b"[" * 100_000 + b"]" * 100_000))


def test_a_copy_that_inflates_past_the_scene_size_limit_is_refused_without_inflating_it() -> None:
    bomb = zlib.compress(b" " * (MAX_SCENE_BYTES + 1), 9)
    assert len(bomb) < 40_000
    assert "over 16 MB" in _refused(bomb)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_are_a_scene_or_refused_in_one_line(data: bytes) -> None:
    try:
        unpack(data, hashlib.sha256(data).hexdigest(), "games.sqlite: game 3")
    except SceneError as error:
        assert "\n" not in str(error)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(json_values, st.sampled_from(["", "id", "characters", "title", "background", "props", "format", "regions"]))
def test_any_json_in_a_copy_is_a_scene_or_refused_in_one_line(value: object, key: str) -> None:
    """Wrong shapes, whole or at one key of a good scene."""
    data: object = value
    if key:
        data = {**scene_json(PARK), key: value}
    text = json.dumps(data).encode("utf-8")
    try:
        scene = unpack(*_kept(text), "games.sqlite: game 3")
    except SceneError as error:
        assert "\n" not in str(error)
    else:
        assert scene.suspects()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 255))
def test_one_flipped_byte_is_refused_or_changes_nothing(position: int, value: int) -> None:
    good = pack(PARK)
    damaged = bytearray(good.data)
    damaged[position % len(damaged)] ^= value
    try:
        scene = unpack(bytes(damaged), good.digest, "games.sqlite: game 3")
    except SceneError as error:
        assert "\n" not in str(error)
    else:
        assert scene == PARK   # only an unchanged copy (value 0) or one zlib reads the same



def test_the_bench_reports_the_size_of_the_copy_a_game_keeps(capsys: pytest.CaptureFixture[str]) -> None:
    from lastmessage.cli import main

    assert main(["bench", "--journal", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["journal_scene_copy_kb"] == round(len(pack(SHIPPED["harbour"]).data) / 1024, 1)
    assert all(figures[key] > 0 for key in ("journal_scene_pack_ms", "journal_new_game_ms",
                                            "journal_new_game_kept_ms"))
