#!/usr/bin/env bash
# The venue issue's proof (issue 23): ten processes of scripted play against one
# Mosquitto on this machine show up in `lastmessage venue` and in Home Assistant's
# discovery topics, and a put_away sent to one reaches only that one. The suite
# runs the same test with three tables (tests/venue/test_venue_of_tables.py).
set -euo pipefail
cd "$(dirname "$0")/.."
LASTMESSAGE_VENUE_TABLES=10 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    .venv/bin/python -m pytest tests/venue/test_venue_of_tables.py -q -p no:cacheprovider "$@"
