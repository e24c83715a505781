"""The layer cache of `make arm64-test` (scripts/layer-cache.sh): a repeat run
must reuse a layer only when it is whole and built from the same inputs, or it
passes on a set-up that no fresh machine would have.

Driven through bash, as arm64-test.sh sources it, with builders that are plain
shell functions writing files (the real ones need root and qemu); the cache's
own code runs unchanged.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

LIBRARY = Path(__file__).resolve().parents[2] / "scripts" / "layer-cache.sh"

BUILDERS = """
count() { echo x >>"$LAYER_CACHE/../builds"; }
good() { count; mkdir -p "$1/etc"; echo "$3" >"$1/etc/made"; }
failing() { count; echo half >"$1/half"; return 3; }
killed() { count; echo half >"$1/half"; kill -KILL $$; }
"""


def run(cache: Path, script: str) -> subprocess.CompletedProcess[str]:
    """`script` after sourcing the library, with the cache in `cache`."""
    cache.mkdir(exist_ok=True)
    return subprocess.run(
        ["bash", "-c", f"LAYER_CACHE={cache}; LAYER_PREFIX=t; . {LIBRARY}; {BUILDERS}\nlayer_lock; layer_clean\n{script}"],
        capture_output=True, text=True, timeout=60)


def builds(cache: Path) -> int:
    counter = cache.parent / "builds"
    return len(counter.read_text().split()) if counter.exists() else 0


def ensure(key: str = "one", made: str = "v1", builder: str = "good") -> str:
    return f'layer_ensure "$(layer_dir pip {key})" "test layer" {builder} {made}'


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def test_a_layer_is_built_once_then_reused(cache: Path) -> None:
    first = run(cache, ensure())
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("built t-pip-one")
    again = run(cache, ensure())
    assert again.returncode == 0
    assert again.stdout.startswith("cached t-pip-one") and "manifest ok" in again.stdout
    assert builds(cache) == 1
    assert (cache / "t-pip-one" / "etc" / "made").read_text() == "v1\n"


@pytest.mark.parametrize("damage", ["truncate", "remove", "add", "rewrite"])
def test_a_damaged_layer_is_rebuilt(cache: Path, damage: str) -> None:
    assert run(cache, ensure()).returncode == 0
    made = cache / "t-pip-one" / "etc" / "made"
    if damage == "truncate":
        made.write_text("")
    elif damage == "remove":
        made.unlink()
    elif damage == "add":
        (made.parent / "stray").write_text("x")
    else:   # the same size, a later time
        made.write_text("v2\n")
    again = run(cache, ensure())
    assert again.returncode == 0
    assert "damaged" in again.stderr and again.stdout.startswith("built t-pip-one")
    assert builds(cache) == 2
    assert made.read_text() == "v1\n" and not (made.parent / "stray").exists()


def test_an_interrupted_build_leaves_nothing_that_passes(cache: Path) -> None:
    killed = run(cache, ensure(builder="killed"))
    assert killed.returncode == -9
    assert not (cache / "t-pip-one.seal").exists() and not (cache / "t-pip-one").exists()
    check = run(cache, 'layer_check "$(layer_dir pip one)"')
    assert check.returncode == 1 and check.stdout.strip() == "not built"
    assert not (cache / "t-pip-one.partial").exists()   # that run's layer_clean removed the leftover
    assert run(cache, ensure()).returncode == 0
    assert builds(cache) == 2


def test_a_tree_without_its_seal_is_rebuilt(cache: Path) -> None:
    """Interrupted between moving the tree into place and writing the seal."""
    (cache / "t-pip-one" / "etc").mkdir(parents=True)
    (cache / "t-pip-one" / "etc" / "made").write_text("half")
    again = run(cache, ensure())
    assert "unsealed" in again.stderr and again.stdout.startswith("built t-pip-one")
    assert (cache / "t-pip-one" / "etc" / "made").read_text() == "v1\n"


def test_a_failed_build_leaves_no_layer(cache: Path) -> None:
    failed = run(cache, ensure(builder="failing"))
    assert failed.returncode == 1
    assert sorted(path.name for path in cache.iterdir()) == ["t.lock"]


def test_new_inputs_build_a_new_layer_and_prune_the_old(cache: Path) -> None:
    assert run(cache, ensure("one", "v1")).returncode == 0
    assert run(cache, ensure("two", "v2")).returncode == 0
    assert builds(cache) == 2
    assert sorted(path.name for path in cache.iterdir()) == ["t-pip-two", "t-pip-two.seal", "t.lock"]


def test_a_key_follows_the_parent_layer_id(cache: Path) -> None:
    """A rebuilt parent gets a new id, so its children's keys change with it."""
    script = ('p=$(layer_dir root r); layer_ensure "$p" root good r >/dev/null; '
              'echo "$(layer_key "$(layer_field "$p" id)" child)"')
    first = run(cache, script).stdout.split()[-1]
    assert run(cache, script).stdout.split()[-1] == first
    (cache / "t-root-r" / "etc" / "made").write_text("")   # damaged: rebuilt, a new id
    assert run(cache, script).stdout.split()[-1] != first
