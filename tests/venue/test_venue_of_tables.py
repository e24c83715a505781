"""Several tables against one Mosquitto: `lastmessage venue` lists them all, Home Assistant
finds them all, and a put_away sent to one reaches only that one.

Three tables here (seconds); scripts/venue-ten-tables.sh runs the same test with ten
(LASTMESSAGE_VENUE_TABLES=10), the issue's proof.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.venue.broker import LASTMESSAGE, TABLES, Broker, Watcher, events_file, play, wait_for

COUNT = int(os.environ.get("LASTMESSAGE_VENUE_TABLES", "3"))
IN_GAME = {"clues", "erase"}   # the held game's first round: its 30 s timer may run out while ten start


def test_a_venue_of_tables(broker: Broker, watcher: Watcher, tmp_path: Path) -> None:
    tables = TABLES[:COUNT]
    processes = {table: play(tmp_path, broker.url(table), table, hold=300) for table in tables}
    try:
        def all_playing() -> bool:
            return all(any(json.loads(p)["phase"] in IN_GAME for p in watcher.on(f"lastmessage/{t}/status"))
                       for t in tables)

        wait_for(all_playing, 30 + 3 * COUNT, "every table playing")
        listed = subprocess.run([LASTMESSAGE, "venue", "--mqtt", broker.url("venue"), "--json"],
                                capture_output=True, text=True, timeout=30)
        assert listed.returncode == 0, listed.stdout
        rows = json.loads(listed.stdout)
        assert [(row["table"], row["online"], row["phase"] in IN_GAME, row["state"]) for row in rows] == \
            [(table, True, True, "ok") for table in sorted(tables)]
        text = subprocess.run([LASTMESSAGE, "venue", "--mqtt", broker.url("venue")],
                              capture_output=True, text=True, timeout=30).stdout
        assert len(text.splitlines()) == COUNT + 1 and text.count(" yes ") == COUNT
        for table in tables:
            assert watcher.on(f"homeassistant/button/{table}/put_away/config"), table
        chosen = tables[1]
        watcher.send(chosen, '{"command": "put_away", "id": "one"}')
        wait_for(lambda: watcher.on(f"lastmessage/{chosen}/reply"), 15, "the reply")
        assert json.loads(watcher.on(f"lastmessage/{chosen}/reply")[0])["ok"] is True
        wait_for(lambda: any(json.loads(p)["phase"] == "idle" for p in watcher.on(f"lastmessage/{chosen}/status")),
                 10, "the chosen table idle")
    finally:
        for process in processes.values():   # the games are held for minutes: end them here
            process.terminate()
        for process in processes.values():
            process.communicate(timeout=60)
    for table in tables:
        abandoned = [e for e in events_file(tmp_path, table) if e["type"] == "game_abandoned"]
        assert len(abandoned) == (table == chosen), table
        assert (watcher.on(f"lastmessage/{table}/reply") != []) == (table == chosen)
        assert watcher.on(f"lastmessage/{table}/online")[-1] == b"false"   # said on leaving (SIGTERM)
