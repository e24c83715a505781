"""`lastmessage set-pin`: asked twice without echo, or one line on standard input; 0600 beside the journal."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from lastmessage.operator.pin import PinError, load_pin
from lastmessage.operator.set_pin import read_pin


def set_pin(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lastmessage", "set-pin", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, cwd=cwd)


def test_a_pin_on_standard_input_is_stored_as_a_hash_only_its_owner_reads(tmp_path: Path) -> None:
    path = tmp_path / "operator-pin"
    done = set_pin("--pin-path", str(path), "--pin-file", "-", stdin="482913\n")
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "482913" not in path.read_text() and "482913" not in done.stdout
    stored = load_pin(path)
    assert stored is not None and stored.matches("482913")


def test_a_pin_path_in_a_folder_that_is_not_there_is_refused_as_a_typo(tmp_path: Path) -> None:
    done = set_pin("--pin-path", str(tmp_path / "var" / "lib" / "lastmesage" / "operator-pin"), "--pin-file", "-",
                   stdin="482913\n")
    assert done.returncode == 2 and "does not exist" in done.stderr and len(done.stderr.splitlines()) == 1
    assert not (tmp_path / "var").exists()


def test_the_pin_goes_beside_the_journal_the_config_names(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[store]\ndb = "{tmp_path / "state" / "games.sqlite"}"\n')
    done = set_pin("--config", str(config), "--pin-file", "-", stdin="1234\n")
    assert done.returncode == 0, done.stderr
    folder = tmp_path / "state"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    stored = load_pin(folder / "operator-pin")
    assert stored is not None and stored.matches("1234")


@pytest.mark.parametrize("given", ["123", "123456789", "12a4", "", " 1234", "１２３４"])
def test_a_pin_that_is_not_4_to_8_digits_is_refused_in_one_line(tmp_path: Path, given: str) -> None:
    path = tmp_path / "operator-pin"
    done = set_pin("--pin-path", str(path), "--pin-file", "-", stdin=given + "\n")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "4 to 8 digits" in done.stderr
    assert not path.exists()


def test_a_pin_file_is_read_from_its_first_line(tmp_path: Path) -> None:
    source = tmp_path / "pin.txt"
    source.write_text("5678\nsecond line\n")
    done = set_pin("--pin-path", str(tmp_path / "operator-pin"), "--pin-file", str(source))
    assert done.returncode == 0, done.stderr
    assert load_pin(tmp_path / "operator-pin") is not None


def test_no_terminal_and_no_pin_file_says_how_to_give_it(tmp_path: Path) -> None:
    done = set_pin("--pin-path", str(tmp_path / "operator-pin"))
    assert done.returncode == 2 and "--pin-file -" in done.stderr and done.stderr.count("\n") == 1


def test_a_bad_config_is_one_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[store]\ndb = 5\n")
    done = set_pin("--config", str(config), "--pin-file", "-", stdin="1234\n")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "store.db" in done.stderr


def test_an_unwritable_folder_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    done = set_pin("--pin-path", str(folder / "operator-pin"), "--pin-file", "-", stdin="1234\n")
    if done.returncode == 0:
        pytest.skip("running as root: the folder's mode does not stop it")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "cannot write the PIN file" in done.stderr


def test_at_the_terminal_the_pin_is_asked_twice_and_must_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    answers = iter(["2468", "2468"])
    assert read_pin(None, ask=lambda prompt: next(answers)) == "2468"
    differing = iter(["2468", "2469"])
    with pytest.raises(PinError, match="differ"):
        read_pin(None, ask=lambda prompt: next(differing))


@pytest.mark.skipif(os.geteuid() != 0,
                    reason="only root (sudo lastmessage set-pin) gives the file to the device's user")
def test_as_root_the_file_belongs_to_the_owner_of_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "var-lib-lastmessage"
    folder.mkdir(mode=0o700)
    os.chown(folder, 65534, 65534)   # the device's own user owns /var/lib/lastmessage
    done = set_pin("--pin-path", str(folder / "operator-pin"), "--pin-file", "-", stdin="1234\n")
    assert done.returncode == 0, done.stderr
    status = (folder / "operator-pin").stat()
    assert (status.st_uid, status.st_gid, stat.S_IMODE(status.st_mode)) == (65534, 65534, 0o600)


def _char_device(path: Path) -> None:
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))   # what /dev/null is


def _link_to_notes(path: Path) -> None:
    (path.parent / "notes.txt").write_text("the staff's notes\n")
    path.symlink_to(path.parent / "notes.txt")


NOT_A_PIN_FILE = {
    "a character device": _char_device,
    "a folder": lambda path: path.mkdir(),
    "a FIFO": lambda path: os.mkfifo(path),
    "a link to another file": _link_to_notes,
    "someone's notes": lambda path: path.write_text("the staff's notes\n"),
}


@pytest.mark.parametrize("kind", NOT_A_PIN_FILE)
def test_a_pin_path_holding_what_is_not_a_pin_file_is_refused_and_left_as_it_was(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "operator-pin"
    NOT_A_PIN_FILE[kind](path)
    before = path.lstat()
    done = set_pin("--pin-path", str(path), "--pin-file", "-", stdin="1234\n")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and str(path) in done.stderr, done.stderr
    after = path.lstat()
    assert (after.st_mode, after.st_ino, after.st_size) == (before.st_mode, before.st_ino, before.st_size)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["operator-pin"] + (["notes.txt"] if kind == "a link to another file" else []))


def test_a_pin_file_of_ours_is_replaced_even_when_damaged(tmp_path: Path) -> None:
    path = tmp_path / "operator-pin"
    assert set_pin("--pin-path", str(path), "--pin-file", "-", stdin="1234\n").returncode == 0
    path.write_text(path.read_text()[:60])   # cut short: set-pin is how staff mend it
    done = set_pin("--pin-path", str(path), "--pin-file", "-", stdin="5678\n")
    assert done.returncode == 0, done.stderr
    stored = load_pin(path)
    assert stored is not None and stored.matches("5678")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["operator-pin"]
