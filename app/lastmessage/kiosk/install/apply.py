"""Carry out a plan: print it, write it under a folder, or apply it to this system."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from lastmessage.kiosk.install.owned_keys import ConfigNotUpdated, update_file
from lastmessage.kiosk.install.plan import VENV, Plan

SCRIPT_NAME = "lastmessage-{action}.sh"


class ApplyError(Exception):
    """A step failed; the message names it. Steps before it stay done."""


def print_plan(plan: Plan, action: str, say: Callable[[str], None] = print) -> None:
    """Every command and every file, in the order they would happen."""
    say(f"# lastmessage {action} --dry-run: nothing is changed")
    for line in plan.before:
        say(f"$ {line}")
    for path, mode in plan.directories:
        say(f"$ install -d -m {mode:04o} {path}")
    for removed in plan.removals:
        say(f"$ rm -rf {removed}")
    for planned in plan.files:
        owned = f" with only {', '.join(f'[{t}] {k}' for t, k, _, _ in planned.owned)} set in it" if planned.owned else ""
        keep = f" (kept if it exists{owned}; this one is written beside it as .new)" if planned.keep_existing else ""
        say(f"# ---- {planned.path} (mode {planned.mode:04o}){keep}")
        say(planned.text.rstrip("\n"))
        say(f"# ---- end of {planned.path}")
    for line in plan.after:
        say(f"$ {line}")


def _under(root: Path, path: PurePosixPath) -> Path:
    return root / path.relative_to("/")


def write_tree(plan: Plan, root: Path, say: Callable[[str], None] = print) -> list[Path]:
    """The plan's files and folders under `root`, its removals done there; the paths written
    (for a kept file, where its fresh copy went: beside it as .new, for the script).

    An operator's file that exists gets only the installer's keys set in it (one line
    said); one that cannot be updated stops here with ApplyError, before any file
    after it (the config comes before rc.xml: the outputs stay in step)."""
    written: list[Path] = []
    for removed in plan.removals:
        target = _under(root, removed)
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        elif target.exists() or target.is_symlink():
            target.unlink()
    for path, mode in plan.directories:
        target = _under(root, path)
        target.mkdir(parents=True, exist_ok=True)
        target.chmod(mode)
    for planned in plan.files:
        target = _under(root, planned.path)
        if planned.keep_existing and target.exists():
            if planned.owned:
                try:
                    say(update_file(target, {(table, key): value for table, key, value, _ in planned.owned},
                                    {(table, key) for table, key, _, soft in planned.owned if soft}))
                except (ConfigNotUpdated, OSError) as error:
                    raise ApplyError(str(error)) from error
            target = target.with_name(target.name + ".new")
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.tmp")
        temporary.write_text(planned.text, encoding="utf-8")
        temporary.chmod(planned.mode)
        os.replace(temporary, target)
        written.append(target)
    return written


def script_text(plan: Plan, action: str, written: list[Path], root: Path) -> str:
    """The whole plan as a script, for an administrator to read and run as root on the Pi.

    The files are copied from the tree beside the script (`written` under
    `root`, as `write_tree` left them) to their places, so running the script
    as told installs everything, not only the commands.
    """
    steps = [*plan.before, *(f"install -d -m {mode:04o} {path}" for path, mode in plan.directories),
             *(f"rm -rf {removed}" for removed in plan.removals)]
    for planned, source in zip(plan.files, written, strict=True):
        here = shlex.quote(str(PurePosixPath(source.relative_to(root))))
        copy = f'install -D -m {planned.mode:04o} "$here"/{here}'
        target = shlex.quote(str(planned.path))
        if planned.keep_existing:
            # The same update of the installer's keys as write_tree's, by the venv just installed.
            pairs = (f"{table}.{key}{'~' if soft else ''}={value or ''}"   # no value: the default; ~: soft
                     for table, key, value, soft in planned.owned)
            update = "".join(f"{shlex.quote(pair)} " for pair in pairs)
            update = f"{VENV}/bin/python -m lastmessage.kiosk.install.owned_keys {target} {update}|| exit 2; " if update else ""
            # A Pi without the file gets the folder's own (an operator may have edited it there).
            own = shlex.quote(str(planned.path.relative_to("/")))
            first = f'install -D -m {planned.mode:04o} "$here"/{own}'
            steps.append(f"if [ -e {target} ]; then {update}{copy} {target}.new; else {first} {target}; fi")
        else:
            steps.append(f"{copy} {target}")
    head = ["#!/bin/sh", f"# lastmessage {action}: run as root on the Raspberry Pi."]
    if plan.files:
        head += ["# It installs the files in the folder beside it; run it from anywhere.", "set -eu",
                 'here=$(cd "$(dirname "$0")" && pwd)']
    else:
        head.append("set -eu")
    return "\n".join([*head, "", *steps, "", *plan.after, ""])


def write_script(plan: Plan, root: Path, action: str, written: list[Path]) -> Path:
    path = root / SCRIPT_NAME.format(action=action)
    path.write_text(script_text(plan, action, written, root), encoding="utf-8")
    path.chmod(0o755)
    return path


def apply_to_system(plan: Plan, say: Callable[[str], None] = print) -> None:
    """Run the commands and write the files on this machine (as root)."""
    for line in plan.before:
        _run(line, say)
    for written in write_tree(plan, Path("/"), say):
        say(f"wrote {written}")
    for line in plan.after:
        _run(line, say)


def _run(line: str, say: Callable[[str], None]) -> None:
    say(f"$ {line}")
    result = subprocess.run(["sh", "-c", line], check=False)
    if result.returncode != 0:
        raise ApplyError(f"`{line}` failed with exit status {result.returncode}")
