"""The PIN file: a scrypt hash with bounded parameters, compared in constant time, 0600."""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from lastmessage.operator import pin as pin_module
from lastmessage.config.paths import PathRefused
from lastmessage.operator.pin import (
    MAX_MEMORY, N, P, R, PinError, PinHash, check_pin, load_pin, pin_path_beside, save_pin,
)

LINE = "lastmessage-pin 1 scrypt n={n} r={r} p={p} salt={salt} hash={digest}\n"


def write(path: Path, text: str | bytes, mode: int = 0o600) -> Path:
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    path.chmod(mode)
    return path


def test_the_stored_hash_matches_only_its_pin_and_states_its_parameters(tmp_path: Path) -> None:
    path = tmp_path / "operator-pin"
    save_pin(path, PinHash.make("2468"))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    text = path.read_text()
    assert "2468" not in text and f"n={N} r={R} p={P} " in text
    stored = load_pin(path)
    assert stored is not None and stored.matches("2468")
    assert not stored.matches("2469") and not stored.matches("24680")


def test_two_files_of_the_same_pin_differ_by_their_random_salt() -> None:
    assert PinHash.make("1234").line() != PinHash.make("1234").line()


def test_the_comparison_is_hmac_compare_digest(monkeypatch: pytest.MonkeyPatch) -> None:
    stored = PinHash.make("1234")
    compared: list[tuple[bytes, bytes]] = []
    real = hmac.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(pin_module.hmac, "compare_digest", spy)
    assert stored.matches("1234") and not stored.matches("4321")
    assert len(compared) == 2 and all(len(a) == len(b) == 32 for a, b in compared)


@given(st.text(max_size=12))
def test_a_pin_is_four_to_eight_digits_and_nothing_else(text: str) -> None:
    valid = 4 <= len(text) <= 8 and all(c in "0123456789" for c in text)
    if valid:
        assert check_pin(text) == text
    else:
        with pytest.raises(PinError, match="4 to 8 digits"):
            check_pin(text)


def test_no_file_means_no_pin(tmp_path: Path) -> None:
    assert load_pin(tmp_path / "operator-pin") is None


@pytest.mark.parametrize(("n", "r", "p", "why"), [
    (2 ** 20, 8, 1, "n=1048576 is outside"),        # 1 GiB of memory: refused before any scrypt
    (2 ** 16, 16, 1, "needs more than 64 MiB"),
    (12345, 8, 1, "not a power of two"),
    (2 ** 8, 8, 1, "outside"),
    (2 ** 14, 99, 1, "r=99 is outside"),
    (2 ** 14, 8, 9, "p=9 is outside"),
])
def test_parameters_out_of_bounds_are_refused_without_running_scrypt(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, n: int, r: int, p: int, why: str) -> None:
    def never(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("scrypt ran on a hostile file")

    monkeypatch.setattr(hashlib, "scrypt", never)
    path = write(tmp_path / "operator-pin", LINE.format(n=n, r=r, p=p, salt="ab" * 16, digest="cd" * 32))
    with pytest.raises(PinError) as refused:
        load_pin(path)
    message = str(refused.value)
    assert why in message and str(path) in message and "set-pin" in message and "\n" not in message


def test_the_memory_bound_is_what_scrypt_is_allowed() -> None:
    assert 128 * 2 ** 16 * 8 == MAX_MEMORY


@pytest.mark.parametrize("content", [
    b"", b"\xff\xfe\x00", b"lastmessage-pin 1 scrypt\n", b"2468\n",
    LINE.format(n=16384, r=8, p=1, salt="ab" * 4, digest="cd" * 32).encode(),    # salt too short
    LINE.format(n=16384, r=8, p=1, salt="abc", digest="cd" * 32).encode(),       # half a byte
    LINE.format(n=16384, r=8, p=1, salt="ab" * 16, digest="cd" * 8).encode(),    # hash too short
    (LINE.format(n=16384, r=8, p=1, salt="ab" * 16, digest="cd" * 32) * 2).encode(),
    b"x" * 5000,
])
def test_a_damaged_file_is_one_line_naming_it(tmp_path: Path, content: bytes) -> None:
    path = write(tmp_path / "operator-pin", content)
    with pytest.raises(PinError) as refused:
        load_pin(path)
    assert str(path) in str(refused.value) and "\n" not in str(refused.value)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_file_content_is_a_pin_hash_or_one_line(tmp_path_factory: pytest.TempPathFactory,
                                                    content: bytes) -> None:
    path = write(tmp_path_factory.mktemp("pin") / "operator-pin", content)
    try:
        load_pin(path)
    except PinError as refused:
        assert "\n" not in str(refused)


def test_a_file_others_may_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "operator-pin"
    save_pin(path, PinHash.make("1234"))
    path.chmod(0o644)
    with pytest.raises(PinError, match="other users may read the PIN file"):
        load_pin(path)


def test_a_folder_or_fifo_in_its_place_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "operator-pin"
    folder.mkdir(mode=0o700)
    with pytest.raises(PinError, match="folder"):
        load_pin(folder)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo, 0o600)
    with pytest.raises(PinError, match="not a regular file"):
        load_pin(fifo)


def test_the_pin_lives_beside_the_journal() -> None:
    assert pin_path_beside(Path("/var/lib/lastmessage/games.sqlite")) == Path("/var/lib/lastmessage/operator-pin")


def test_saving_over_a_symlink_is_refused_and_keeps_the_link_and_its_target(tmp_path: Path) -> None:
    """A link at the PIN's path was not made by set-pin: neither it nor what it names is touched."""
    target = tmp_path / "elsewhere"
    target.write_text("keep me")
    link = tmp_path / "operator-pin"
    link.symlink_to(target)
    with pytest.raises(PathRefused, match="symbolic link"):
        save_pin(link, PinHash.make("1234"))
    assert target.read_text() == "keep me" and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "operator-pin"]
