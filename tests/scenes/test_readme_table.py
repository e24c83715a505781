"""scenes/README.md's table of the shipped scenes says what the files hold: regenerated
scenes change their counts (the station once had 329 suspects where the table said 330)."""

from __future__ import annotations

import json
from pathlib import Path

from lastmessage.scenes.model import shipped_scenes_dir


def _rows() -> dict[str, list[str]]:
    lines = (shipped_scenes_dir() / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("| file | id | title | suspects | animals/plants | props |")
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    return rows


def test_the_readme_table_gives_each_shipped_scenes_id_title_and_counts() -> None:
    files = sorted(path for path in shipped_scenes_dir().glob("*.json"))
    rows = _rows()
    assert sorted(rows) == [path.name for path in files]
    for path in files:
        scene = json.loads(path.read_text(encoding="utf-8"))
        people = sum(1 for c in scene["characters"] if c.get("sentient", True))
        said = [scene["id"], scene["title"], str(people), str(len(scene["characters"]) - people),
                str(len(scene.get("props", [])))]
        assert rows[path.name] == said, path.name
