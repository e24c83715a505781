"""The files the package ships beside its code, and the one way to find them.

The files live at the repository's top level, as the product's brief lays
it out: `scenes/` (the shipped scenes and their credits), `hardware/` (the
default pinout, the wiring docs generated from it and the build guide),
`firmware/` (the Pico module's MicroPython files, copied to the chip as they
are) and `examples/` (play scripts; `demo.jsonl` is the game `lastmessage
demo` and `bench` play). pyproject.toml maps each folder into this package
(`lastmessage.data.scenes` is `scenes/`), so there is one copy of each file,
in the repository and in the wheel alike.

Why importlib.resources and not a path climbed out of the package from
`__file__`: a wheel installs only the package, so anything outside it is
missing there, and a path computed from `__file__` does not say which files
the package owns. Why a `Path` comes back and not a `Traversable`: the
loaders glob folders, and mpy-cross, mpremote and the firmware loader need
files on disk. `as_file` gives an installed package's own path (pip installs
a wheel as files); from a zipped package it would extract a file (folders too
from Python 3.12), and the copy lives as long as the process: the pattern
importlib.resources documents for that need.
"""

from __future__ import annotations

import atexit
import functools
from contextlib import ExitStack
from importlib.resources import as_file, files
from pathlib import Path

_extracted = ExitStack()
atexit.register(_extracted.close)


@functools.cache
def shipped_path(folder: str, *parts: str) -> Path:
    """A file or folder shipped with the package, e.g. shipped_path("hardware", "pinout.toml").

    Each folder is its own package (`lastmessage.data.hardware`): an editable
    install maps it to the repository's folder, a wheel holds it inside.
    """
    return _extracted.enter_context(as_file(files(f"{__name__}.{folder}").joinpath(*parts)))
