"""The rules are a pure core: they import only themselves and the standard library, and do no I/O.

Read from the source (ast), so that an import hidden in a function counts too.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import lastmessage.rules

RULES = Path(lastmessage.rules.__file__).parent
# Standard modules that reach outside the process (files, clock, network, processes) or
# read settings: the rules are given what they need instead.
IO_MODULES = {"os", "io", "pathlib", "tomllib", "json", "sqlite3", "socket", "subprocess", "shutil",
              "tempfile", "logging", "time", "datetime", "random", "sys", "glob", "urllib", "http"}
IO_CALLS = {"open", "print", "input"}


def imported_modules(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add("lastmessage.rules" if node.level else node.module or "")
    return found


def impurities(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    problems = []
    for module in sorted(imported_modules(tree)):
        top = module.split(".")[0]
        if module == "lastmessage.rules" or module.startswith("lastmessage.rules."):
            continue
        if top not in sys.stdlib_module_names:
            problems.append(f"imports {module}, which is neither rules/ nor the standard library")
        elif top in IO_MODULES:
            problems.append(f"imports {module}, which does I/O")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in IO_CALLS:
            problems.append(f"line {node.lineno}: calls {node.func.id}()")
    return problems


@pytest.mark.parametrize("path", [pytest.param(path, id=path.name) for path in sorted(RULES.glob("*.py"))])
def test_a_rules_module_imports_only_rules_and_the_standard_library_and_does_no_io(path: Path) -> None:
    assert impurities(path) == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import math\nfrom lastmessage.scenes.model import Scene\nfrom . import board\n"
                      "def f():\n    import pygame\n    from pathlib import Path\n    return open('x')\n",
                      encoding="utf-8")
    assert impurities(sample) == [
        "imports lastmessage.scenes.model, which is neither rules/ nor the standard library",
        "imports pathlib, which does I/O",
        "imports pygame, which is neither rules/ nor the standard library",
        "line 7: calls open()",
    ]
