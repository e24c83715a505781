"""The operator PIN, kept as a scrypt hash in a small text file beside the journal.

Why scrypt: a PIN has at most 10^8 values, so a stolen file must make each
guess expensive in memory as well as time. Why bounds on its parameters: the
file is read by the device at every PIN entry, and one whose `n` asked for
gigabytes would stall or kill the table; anything outside what `set-pin`
writes (within a margin for a stronger future default) is refused.

The file is one line:

    lastmessage-pin 1 scrypt n=16384 r=8 p=1 salt=<32 hex> hash=<64 hex>

written 0600 (only the device's user reads it). The PIN itself is never
stored, logged or written into events.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path

from lastmessage.config.paths import PathRefused, read_text, shown, write_own_file

PIN_FILE_NAME = "operator-pin"
"""The PIN's file, in the journal's folder (/var/lib/lastmessage when installed)."""

MIN_DIGITS, MAX_DIGITS = 4, 8
N, R, P = 2 ** 14, 8, 1            # what set-pin writes: 16 MiB, about 0.1 s on a Pi 4
SALT_BYTES, HASH_BYTES = 16, 32
N_RANGE = (2 ** 10, 2 ** 16)       # accepted when read: at most 64 MiB of memory at r=8
R_RANGE = (1, 16)
P_RANGE = (1, 4)
MAX_MEMORY = 64 * 1024 * 1024      # 128 * n * r bytes, whatever n and r say
FILE_LIMIT = 1024                  # the line is about 150 bytes
MAGIC = "lastmessage-pin 1 scrypt"

_LINE = re.compile(MAGIC + r" n=(\d{1,7}) r=(\d{1,3}) p=(\d{1,2}) salt=([0-9a-f]{2,256}) "
                                r"hash=([0-9a-f]{2,256})\n?")


class PinError(ValueError):
    """A PIN or a PIN file that cannot be used; str() is one line saying what and how to fix."""


def check_pin(pin: str) -> str:
    """`pin` if it is 4 to 8 digits (0-9 only, no spaces), else PinError."""
    if not (MIN_DIGITS <= len(pin) <= MAX_DIGITS and all(c in "0123456789" for c in pin)):
        raise PinError(f"a PIN is {MIN_DIGITS} to {MAX_DIGITS} digits (0-9), nothing else")
    return pin


@dataclass(frozen=True)
class PinHash:
    """A PIN's scrypt hash with the parameters and salt it was made with."""

    n: int
    r: int
    p: int
    salt: bytes
    digest: bytes = field(repr=False)

    def __post_init__(self) -> None:
        for name, value, (low, high) in (("n", self.n, N_RANGE), ("r", self.r, R_RANGE),
                                         ("p", self.p, P_RANGE)):
            if not low <= value <= high:
                raise PinError(f"scrypt {name}={value} is outside {low}..{high}")
        if self.n & (self.n - 1):
            raise PinError(f"scrypt n={self.n} is not a power of two")
        if 128 * self.n * self.r > MAX_MEMORY:
            raise PinError(f"scrypt n={self.n} r={self.r} needs more than {MAX_MEMORY >> 20} MiB")
        if not SALT_BYTES <= len(self.salt) <= 64:
            raise PinError(f"the salt has {len(self.salt)} bytes; {SALT_BYTES} to 64 are used")
        if not HASH_BYTES <= len(self.digest) <= 64:
            raise PinError(f"the hash has {len(self.digest)} bytes; {HASH_BYTES} to 64 are used")

    @staticmethod
    def make(pin: str, *, salt: bytes | None = None) -> PinHash:
        """The hash set-pin stores: the stated n/r/p, a fresh random salt."""
        salt = secrets.token_bytes(SALT_BYTES) if salt is None else salt
        return PinHash(N, R, P, salt, _scrypt(check_pin(pin), salt, N, R, P, HASH_BYTES))

    def matches(self, pin: str) -> bool:
        """Whether `pin` is the PIN, compared in constant time."""
        guess = _scrypt(pin, self.salt, self.n, self.r, self.p, len(self.digest))
        return hmac.compare_digest(guess, self.digest)

    def line(self) -> str:
        return (f"{MAGIC} n={self.n} r={self.r} p={self.p} salt={self.salt.hex()} "
                f"hash={self.digest.hex()}\n")

    @staticmethod
    def parse(text: str) -> PinHash:
        found = _LINE.fullmatch(text)
        if found is None:
            raise PinError(f'not a PIN file of ours (it must be one line "{MAGIC} n=... r=... p=... '
                           f'salt=... hash=...")')
        n, r, p, salt, digest = found.groups()
        if len(salt) % 2 or len(digest) % 2:
            raise PinError("the salt or hash is not whole bytes of hex")
        return PinHash(int(n), int(r), int(p), bytes.fromhex(salt), bytes.fromhex(digest))


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int, length: int) -> bytes:
    return hashlib.scrypt(pin.encode("ascii", "replace"), salt=salt, n=n, r=r, p=p,
                          maxmem=MAX_MEMORY + 1024 * 1024, dklen=length)


def pin_path_beside(journal: Path) -> Path:
    return journal.parent / PIN_FILE_NAME


def load_pin(path: Path) -> PinHash | None:
    """The stored hash; None when no PIN was set (no file). PinError, one line
    naming the file, for a file that cannot be used: damaged, foreign, with
    parameters out of bounds, or readable by other users."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise PinError(f"{shown(path)}: cannot read the PIN file: {error.strerror}") from error
    if stat.S_ISREG(status.st_mode) and status.st_mode & 0o077:
        raise PinError(f"{shown(path)}: other users may read the PIN file (mode "
                       f"{stat.S_IMODE(status.st_mode):o}); set the PIN again: sudo lastmessage set-pin")
    try:
        text = read_text(path, "PIN file", limit=FILE_LIMIT)
    except PathRefused as error:
        raise PinError(str(error)) from error
    try:
        return PinHash.parse(text)
    except PinError as error:
        raise PinError(f"{shown(path)}: {error}; set the PIN again: sudo lastmessage set-pin") from error


def save_pin(path: Path, pin_hash: PinHash, *, owner: tuple[int, int] | None = None) -> None:
    """Write the file 0600 in one step (a new file renamed over the old one), owned by
    `owner` (uid, gid) when given: set-pin runs as root for a device that runs as
    its own user and must read it. Only over nothing or a PIN file of ours (even a
    damaged one: set-pin is how staff mend it): PathRefused for a link, a device,
    a FIFO, a folder or another file (config/paths.py)."""
    write_own_file(path, pin_hash.line().encode("ascii"), "PIN file", ours=is_pin_file, limit=FILE_LIMIT,
                   mode=0o600, owner=owner, sync=True)


def is_pin_file(data: bytes) -> bool:
    """A file set-pin wrote: it starts with the PIN line's magic (or is empty)."""
    return not data or data.startswith(MAGIC.split(" ", 1)[0].encode("ascii"))
