"""Files and folders a person names (on the command line or in a config): opened so
that whatever the name turns out to be gives one line, never a hang.

Why not a plain open(): opening a FIFO that has no writer (or, to write, no
reader) blocks for ever; /dev/zero and /dev/full never end when read; a folder,
a missing parent, a name with a NUL or with bytes that are not UTF-8 each fail
in their own way. Inputs are therefore opened non-blocking and must be regular
files of bounded size; outputs are opened non-blocking, so a FIFO nobody reads
is refused at once while a pipe someone reads still works.
"""

from __future__ import annotations

import errno
import io
import os
import stat
from pathlib import Path
from typing import BinaryIO, TextIO


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
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_text(path: Path | str, what: str, *, limit: int = TEXT_LIMIT) -> str:
    """The whole of a small UTF-8 text file (a config, a pinout)."""
    with open_input(path, what, limit=limit) as stream:
        data = stream.read(limit + 1)
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


def default_cache_dir() -> Path:
    """Where rendered scenes and synthesised sounds are kept between starts
    (`LASTMESSAGE_CACHE`, else the user's cache folder)."""
    root = os.environ.get("LASTMESSAGE_CACHE")
    return Path(root) if root else Path.home() / ".cache" / "lastmessage"
