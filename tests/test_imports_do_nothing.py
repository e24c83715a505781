"""Importing any module of the package does nothing but define things (DESIGN.md section 3).

A fresh interpreter imports every module with the ways of doing work blocked first:
loading a C library through ctypes (the allocator tuning, `find_library`), starting a
process (`ldconfig`), and then checks that the environment is as it was and that
nothing was written in its working folder or its home.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

BOOTSTRAP = r'''
import ctypes, importlib, json, os, pkgutil, subprocess, sys

done = []

def refused(what):
    def refuse(*args, **kwargs):
        done.append(what)
        raise RuntimeError(f"an import did work: {what}")
    return refuse

ctypes.CDLL.__init__ = refused("ctypes.CDLL")   # also cdll.LoadLibrary and find_library's results
subprocess.Popen.__init__ = refused("subprocess.Popen")
for name in ("system", "popen", "fork", "forkpty", "posix_spawn", "posix_spawnp", "execv", "execve"):
    if hasattr(os, name):
        setattr(os, name, refused(f"os.{name}"))

before = dict(os.environ)
import lastmessage
failed = {}
names = [m.name for m in pkgutil.walk_packages(lastmessage.__path__, "lastmessage.")
         if m.name.rpartition(".")[2] != "__main__"]   # running the command line is its purpose
for name in names:
    try:
        importlib.import_module(name)
    except Exception as error:
        failed[name] = repr(error)
changed = sorted(k for k in before.keys() | os.environ.keys() if before.get(k) != os.environ.get(k))
print(json.dumps({"imported": len(names), "failed": failed, "done": done, "environment": changed}))
'''


def test_importing_every_module_changes_nothing(tmp_path: Path) -> None:
    folder, home = tmp_path / "here", tmp_path / "home"
    folder.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"), XDG_RUNTIME_DIR=str(home / "run"),
               LASTMESSAGE_CACHE=str(home / "scene-cache"))
    run = subprocess.run([sys.executable, "-c", BOOTSTRAP], cwd=folder, env=env, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["imported"] > 150   # every module, not a few
    assert found["failed"] == {} and found["done"] == [] and found["environment"] == []
    assert not list(folder.iterdir()) and not list(home.iterdir())


def test_the_blocks_of_the_bootstrap_would_catch_the_old_package_init(tmp_path: Path) -> None:
    """The allocator tuning the package's __init__ used to do is refused by the bootstrap."""
    code = BOOTSTRAP.replace("import lastmessage\n", "import lastmessage\n"
                             "from lastmessage.table.memory import tune_the_allocator\n"
                             "try:\n    tune_the_allocator()\nexcept RuntimeError:\n    pass\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert json.loads(run.stdout.strip().splitlines()[-1])["done"] == ["ctypes.CDLL"]
