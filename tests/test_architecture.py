"""The package's shape: its layers, one way only, and no import cycles.

Every import of every module is read from the source (ast): the ones inside
functions and under `TYPE_CHECKING` count too, since a cycle hidden behind a
late or a type-only import is still a cycle in the design. Alongside
tests/rules/test_purity.py, which keeps the bottom layer free of everything
but the standard library.

A module imported by name at run time (`importlib.import_module("lastmessage.x")`,
as the command line loads its command modules) counts as an import too.

A module may import its own layer and the layers below it. LAYERS lists them
from the bottom up; a module belongs to the entry whose name is the module's
or one of its packages' (the longest such name). `commands` stands above
`operator`: the operator menu's commands are part of what the inputs ask
(`commands.ScriptAction`), and the menu answers them with effects
(operator/effects.py) that the table, above both, carries out.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "app" / "lastmessage"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("rules: the pure game", ("rules",)),
    ("foundations: the clock, names of the screens, translations, reading config files, "
     "shipped data, the command line's shared parts",
     ("clock", "screens", "i18n", "config", "data", "arguments")),
    ("scenes: model, loading, rendering and hit-testing", ("scenes",)),
    ("scenegen: the scene generator and the scenes command", ("scenegen",)),
    ("hal: devices over backends, and their tooling", ("hal",)),
    ("sound: the speaker, its cues and captions", ("sound",)),
    ("settings: the whole config file, gathered from every concern's table", ("config.settings",)),
    ("operator: the operator menu's logic, state and PIN", ("operator",)),
    ("commands: what every input asks of the table", ("commands",)),
    ("journal: the games on disk, and what is read back from them", ("journal",)),
    ("ui: both screens, their display and present", ("ui",)),
    ("phones: the phone page's server beside the frame loop, join codes, marks", ("phones",)),
    ("table: the running table (App, frame loop)", ("table",)),
    ("venue: the table as one of a venue's (MQTT, Home Assistant, OSC)", ("venue",)),
    ("scripting: scripted play, the driver, the bench", ("scripting",)),
    ("kiosk: the device as an appliance", ("kiosk",)),
    ("the command line and build tools", ("cli", "catalogs", "__main__", "")),
]
MAX_TOP_LEVEL_MODULES = 12


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """(module of ours imported, line) for every import in the file, wherever it stands."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = name.split(".") if is_package else name.split(".")[:-1]
                here = here[:len(here) - (node.level - 1)]
                base = ".".join(here + ([node.module] if node.module else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        if isinstance(node, ast.Call) and _names_import_module(node.func) and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            targets = [node.args[0].value]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


def _names_import_module(func: ast.expr) -> bool:
    return (isinstance(func, ast.Attribute) and func.attr == "import_module") or \
        (isinstance(func, ast.Name) and func.id == "import_module")


def import_graph() -> dict[str, dict[str, int]]:
    modules = package_modules()
    known = set(modules)
    return {name: dict(imports_of(name, path, known)) for name, path in modules.items()}


def layer_of(module: str) -> int:
    local = module.removeprefix("lastmessage").removeprefix(".")
    best: tuple[int, int] | None = None   # (length of the matching name, layer)
    for index, (_, names) in enumerate(LAYERS):
        for prefix in names:
            if local == prefix or local.startswith(prefix + ".") or (prefix == "" and local == ""):
                if best is None or len(prefix) > best[0]:
                    best = (len(prefix), index)
    assert best is not None, f"{module} is in no layer: add it to LAYERS"
    return best[1]


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def layer_breaks(graph: dict[str, dict[str, int]]) -> list[str]:
    breaks = []
    for module, targets in sorted(graph.items()):
        for target, line in sorted(targets.items()):
            if target == "lastmessage":   # a package's parent, imported with every submodule
                continue
            if layer_of(target) > layer_of(module):
                breaks.append(f"{module} (line {line}) imports {target}: "
                              f"{LAYERS[layer_of(module)][0].split(':')[0]} is below "
                              f"{LAYERS[layer_of(target)][0].split(':')[0]}")
    return breaks


def test_no_module_imports_from_a_higher_layer() -> None:
    assert layer_breaks(import_graph()) == []


def test_there_is_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_every_module_is_in_a_layer() -> None:
    for module in package_modules():
        layer_of(module)


def test_the_checks_find_what_they_look_for() -> None:
    graph = {"lastmessage.rules.game": {"lastmessage.ui.text": 3},
             "lastmessage.ui.text": {"lastmessage.table.app": 5},
             "lastmessage.table.app": {"lastmessage.ui.text": 9}}
    assert layer_breaks(graph) == [
        "lastmessage.rules.game (line 3) imports lastmessage.ui.text: rules is below ui",
        "lastmessage.ui.text (line 5) imports lastmessage.table.app: ui is below table",
    ]
    assert cycles(graph) == [["lastmessage.table.app", "lastmessage.ui.text"]]


def test_imports_are_read_wherever_they_stand(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from lastmessage.table.app import App\n"
                      "def f():\n    from . import text\n    import lastmessage.rules.game\n"
                      "    return importlib.import_module('lastmessage.kiosk.device')\n", encoding="utf-8")
    known = {"lastmessage.table.app", "lastmessage.ui.text", "lastmessage.rules.game", "lastmessage.kiosk.device"}
    assert dict(imports_of("lastmessage.ui.sample", sample, known)) == {
        "lastmessage.table.app": 3, "lastmessage.ui.text": 5, "lastmessage.rules.game": 6,
        "lastmessage.kiosk.device": 7}


def test_few_modules_stand_at_the_top_of_the_package() -> None:
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top


def test_pyproject_lists_every_package_folder() -> None:
    """setuptools is given the package list (the data folders are mapped in), so a new
    folder missing from it would be missing from the wheel."""
    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {module_name(init) for init in PACKAGE.rglob("__init__.py")}
    mapped = {f"lastmessage.data.{folder}" for folder in ("firmware", "hardware", "scenes", "examples")}
    assert listed == folders | mapped | data_folders()


def data_folders() -> set[str]:
    """Folders that ship files but no code (the catalogues, the installer's files): setuptools
    wants each listed, so a new language's folder must be added to pyproject too."""
    found = set()
    for path in PACKAGE.rglob("*"):
        if (path.is_file() and path.suffix not in (".py", ".pyc", ".typed") and "__pycache__" not in path.parts
                and not (path.parent / "__init__.py").exists()):
            found.add(".".join(("lastmessage", *path.parent.relative_to(PACKAGE).parts)))
    return found


@pytest.mark.parametrize("folder", ["firmware", "hardware", "scenes", "examples"])
def test_the_brief_s_top_level_folders_hold_the_one_copy(folder: str) -> None:
    assert (REPO / folder).is_dir()
    assert not (PACKAGE / "data" / folder).exists(), f"a second copy of {folder}/ inside the package"
