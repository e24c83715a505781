"""Files and folders a person names (on the command line or in a config): opened so
that whatever the name turns out to be gives one line, never a hang.

Why not a plain open(): opening a FIFO that has no writer (or, to write, no
reader) blocks for ever; /dev/zero and /dev/full never end when read; a folder,
a missing parent, a name with a NUL or with bytes that are not UTF-8 each fail
in their own way. Inputs are therefore opened non-blocking and must be regular
files of bounded size; outputs are opened non-blocking, so a FIFO nobody reads
is refused at once while a pipe someone reads still works.

Files that are the device's own (the status file, the PIN file) are written
only over what is absent or a regular file the device wrote: never through a
link, never onto a device, a FIFO, a folder or another program's file; their
temporaries are new files (O_EXCL), and such a file is removed only while it
is still the one written (`write_own_file`, `remove_own_file`).
"""

from __future__ import annotations

import errno
import io
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, TextIO

Identity = tuple[int, int, int, int]
"""(st_dev, st_ino, st_mtime_ns, st_size): which file a name stood for when we wrote
it (the time and size too: a file made after ours was removed may reuse its inode)."""


TEXT_LIMIT = 1024 * 1024   # a config or a pinout has a few kB


class PathRefused(Exception):
    """A path that cannot be used; str() is the one-line message, naming the path.
    `doing` says what the path was for ("read the script"), `problem` why not."""

    def __init__(self, path: Path | str, doing: str, problem: str) -> None:
        self.doing, self.problem = doing, problem
        super().__init__(f"{shown(path)}: cannot {doing}: {problem}")


def shown(path: Path | str) -> str:
    """The path as one printable line: control characters, a NUL and bytes that
    are not UTF-8 (surrogate escapes) are written as escapes."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(path))


def _open(path: Path | str, flags: int, doing: str) -> int:
    """os.open that never blocks, with the reasons people meet said in words."""
    try:
        return os.open(path, flags | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY, 0o666)
    except ValueError as error:   # a NUL in the name
        raise PathRefused(path, doing, "the name contains a NUL character") from error
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise PathRefused(path, doing, "it is a FIFO that nothing reads") from error
        if error.errno == errno.EISDIR:
            raise PathRefused(path, doing, "it is a folder; give a file") from error
        raise PathRefused(path, doing, error.strerror or str(error)) from error


def open_input(path: Path | str, what: str, *, limit: int) -> BinaryIO:
    """A regular file of at most `limit` bytes, opened for reading."""
    doing = f"read the {what}"
    fd = _open(path, os.O_RDONLY, doing)
    try:
        status = os.fstat(fd)
        if stat.S_ISDIR(status.st_mode):
            raise PathRefused(path, doing, "it is a folder; give a file")
        if not stat.S_ISREG(status.st_mode):
            raise PathRefused(path, doing, "it is not a regular file (a FIFO, device or socket)")
        if status.st_size > limit:
            raise PathRefused(path, doing, f"it has {status.st_size} bytes; at most {limit} are read")
        try:
            os.pread(fd, 1, 0)   # /proc/self/mem is a "regular file" whose first read fails
        except OSError as error:
            raise PathRefused(path, doing, error.strerror or str(error)) from error
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text(path: Path | str, what: str, *, limit: int = TEXT_LIMIT) -> str:
    """The whole of a small UTF-8 text file (a config, a pinout)."""
    with open_input(path, what, limit=limit) as stream:
        try:
            data = stream.read(limit + 1)
        except OSError as error:
            raise PathRefused(path, f"read the {what}", error.strerror or str(error)) from error
    if len(data) > limit:   # it grew after it was opened
        raise PathRefused(path, f"read the {what}", f"it has more than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise PathRefused(path, f"read the {what}", f"line {line} is not UTF-8 text") from error


def open_output_bytes(path: Path | str, what: str) -> BinaryIO:
    """A file created or emptied for writing (a FIFO only while something reads it)."""
    fd = _open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, f"write the {what}")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "wb")


def open_output(path: Path | str, what: str) -> TextIO:
    """open_output_bytes, for UTF-8 text."""
    return io.TextIOWrapper(open_output_bytes(path, what), encoding="utf-8")


def output_folder(path: Path, what: str) -> Path:
    """`path` as a folder to write into, made (with its parents) if it is not there."""
    doing = f"write into the {what}"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except ValueError as error:
        raise PathRefused(path, doing, "the name contains a NUL character") from error
    except FileExistsError as error:
        raise PathRefused(path, doing, "it is a file, not a folder") from error
    except OSError as error:
        raise PathRefused(path, doing, error.strerror or str(error)) from error
    return path


def regular_or_absent(path: Path | str, what: str) -> bool:
    """Whether a regular file is at `path` (False: nothing is); PathRefused for a
    FIFO, a device, a socket or a folder, which a library (SQLite) would open and
    block on or misread. Asked with stat(), which never blocks."""
    doing = f"read the {what}"
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    except ValueError as error:
        raise PathRefused(path, doing, "the name contains a NUL character") from error
    except OSError as error:
        raise PathRefused(path, doing, error.strerror or str(error)) from error
    if stat.S_ISDIR(mode):
        raise PathRefused(path, doing, "it is a folder; give a file")
    if not stat.S_ISREG(mode):
        raise PathRefused(path, doing, "it is not a regular file (a FIFO, device or socket)")
    return True


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_own_file(path: Path, what: str, *, ours: Callable[[bytes], bool], limit: int) -> None:
    """PathRefused unless `path` is absent or a regular file (not a link) of at most
    `limit` bytes whose content `ours` recognises as one we wrote."""
    doing = f"write the {what}"
    fix = f"give the {what} a path of its own, or remove what is there"
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NOCTTY)
    except FileNotFoundError:
        return
    except ValueError as error:
        raise PathRefused(path, doing, "the name contains a NUL character") from error
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise PathRefused(path, doing, f"it is a symbolic link, not a {what} of ours; {fix}") from error
        raise PathRefused(path, doing, error.strerror or str(error)) from error
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise PathRefused(path, doing, f"it is {_kind(status.st_mode)}, not a {what} of ours; {fix}")
        data = os.read(fd, limit + 1) if status.st_size <= limit else b""
        if status.st_size > limit or len(data) > limit or not ours(data):
            raise PathRefused(path, doing, f"it holds something else than a {what} of ours; {fix}")
    except OSError as error:
        raise PathRefused(path, doing, error.strerror or str(error)) from error
    finally:
        os.close(fd)


def write_own_file(path: Path, data: bytes, what: str, *, ours: Callable[[bytes], bool], limit: int,
                   mode: int = 0o600, owner: tuple[int, int] | None = None, sync: bool = False,
                   written: Identity | None = None) -> Identity:
    """Replace `path` in one step with `data`, only if what is there is ours (check_own_file;
    skipped while `path` is still the file `written` names). The temporary is a new file
    beside it (O_EXCL, no link followed), removed if anything fails. Returns the new
    file's identity, for `remove_own_file`. PathRefused, or OSError, when it cannot be."""
    if written is None or identity_of(path) != written:
        check_own_file(path, what, ours=ours, limit=limit)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    try:
        try:
            os.fchmod(fd, mode)
            if owner is not None:
                os.fchown(fd, *owner)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if sync:
                os.fsync(fd)
            status = os.fstat(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
    return _identity(status)


def _identity(status: os.stat_result) -> Identity:
    return status.st_dev, status.st_ino, status.st_mtime_ns, status.st_size


def identity_of(path: Path) -> Identity | None:
    """The regular file at `path` (not followed if a link), None if there is none."""
    try:
        status = os.lstat(path)
    except (OSError, ValueError):
        return None
    return _identity(status) if stat.S_ISREG(status.st_mode) else None


def remove_own_file(path: Path, written: Identity | None) -> bool:
    """Remove `path` only if it is still the file we wrote (`written`); whether it went."""
    if written is None or identity_of(path) != written:
        return False
    try:
        os.unlink(path)
    except OSError:
        return False
    return True


def write_whole(path: Path, data: bytes) -> None:
    """`data` as the file `path`, whole or not at all: written beside it and renamed
    in place, so a full disk leaves no file cut short. OSError names `path`."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.new")
    try:
        with open(temporary, "xb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except OSError as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise OSError(error.errno, error.strerror, str(path)) from error


def default_cache_dir() -> Path:
    """Where rendered scenes and synthesised sounds are kept between starts
    (`LASTMESSAGE_CACHE`, else the user's cache folder)."""
    root = os.environ.get("LASTMESSAGE_CACHE")
    return Path(root) if root else Path.home() / ".cache" / "lastmessage"
