"""The firmware's cases (tests/firmware/micropython/cases/) on the MicroPython VM, and on CPython.

Why both: the firmware runs on MicroPython, whose rules CPython does not keep
(heap allocation, `select.ipoll`, what a module may patch), so its cases run
on the MicroPython project's own WebAssembly port under Node (run.mjs); the
same cases under CPython with the fake chip show both interpreters agree.

Node and the npm package are required, not optional: without them these tests
fail with one line saying what is missing (CI must prove the firmware on the
VM). `make test` installs the package (`scripts/setup.sh micropython`).
"""

from __future__ import annotations

import ast
import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from lastmessage.hal.tools.module_sim import FIRMWARE_DIR

VM_DIR = Path(__file__).parent / "micropython"
CASES_DIR = VM_DIR / "cases"
PACKAGE = "@micropython/micropython-webassembly-pyscript"


def _case_ids() -> list[str]:
    ids = []
    for path in sorted(CASES_DIR.glob("mpcase_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ids += sorted(f"{path.stem}.{node.name}" for node in tree.body
                      if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))
    return ids


CASES = _case_ids()


def _vm_missing() -> str | None:
    """What stops the VM from running, in one line; None when nothing does."""
    if shutil.which("node") is None:
        return "node is not on PATH: the firmware's MicroPython tests need Node 18 or later"
    pinned = json.loads((VM_DIR / "package.json").read_text())["dependencies"][PACKAGE]
    installed = VM_DIR / "node_modules" / PACKAGE / "package.json"
    if not installed.exists():
        return (f"npm package {PACKAGE} {pinned} is not installed in {VM_DIR}/node_modules: "
                f"run `bash scripts/setup.sh micropython` (make test does)")
    version = json.loads(installed.read_text())["version"]
    if version != pinned:
        return (f"npm package {PACKAGE} is {version}, package.json pins {pinned}: "
                f"run `bash scripts/setup.sh micropython`")
    return None


@pytest.fixture(scope="module")
def vm_run() -> dict[str, list[str]]:
    """Every case's result on the VM: name -> its lines (the first is PASS or FAIL)."""
    missing = _vm_missing()
    if missing:
        pytest.fail(missing, pytrace=False)
    result = subprocess.run(["node", str(VM_DIR / "run.mjs"), str(FIRMWARE_DIR)],
                            capture_output=True, text=True, timeout=300)
    lines = result.stdout.splitlines()
    if result.returncode not in (0, 1):
        errors = [ln for ln in lines if ln.startswith("ERROR")] or [result.stderr.strip()]
        pytest.fail(f"the MicroPython VM did not run the cases: {errors[0]}", pytrace=False)
    assert lines[0].startswith("VM JS with Emscripten") and "MicroPython v1.27" in lines[0], lines[0]
    cases: dict[str, list[str]] = {}
    current: list[str] = []
    for ln in lines[1:]:
        if ln.startswith(("PASS ", "FAIL ")):
            current = [ln]
            cases[ln[5:].split(":")[0]] = current
        elif ln.startswith("  | "):
            current.append(ln)
    summary = [ln for ln in lines if ln.startswith("SUMMARY")]
    assert summary, result.stdout[-2000:]
    return cases


def test_the_vm_ran_every_case(vm_run: dict[str, list[str]]) -> None:
    assert sorted(vm_run) == sorted(CASES)


@pytest.mark.parametrize("case", CASES)
def test_on_micropython(vm_run: dict[str, list[str]], case: str) -> None:
    got = vm_run.get(case, ["(not run)"])
    assert got[0] == f"PASS {case}", "\n".join(got)


@pytest.fixture(scope="module")
def cases_on_cpython(firmware: ModuleType) -> None:
    if str(CASES_DIR) not in sys.path:
        sys.path.insert(0, str(CASES_DIR))
    importlib.import_module("casekit").FIRMWARE = str(FIRMWARE_DIR)


@pytest.mark.parametrize("case", CASES)
def test_on_cpython(cases_on_cpython: None, case: str) -> None:
    module, name = case.split(".")
    getattr(importlib.import_module(module), name)()
