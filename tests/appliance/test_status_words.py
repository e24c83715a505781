"""What staff read first on the status page: OK, or what is wrong in words, and a
record of an operator's action is never shown as the table's last problem."""

from __future__ import annotations

import logging
import time

from lastmessage.i18n.translate import translator
from lastmessage.kiosk.status_sources import LastError
from lastmessage.kiosk.status_words import headline
from lastmessage.operator.menu import RECORD_ONLY
from lastmessage.venue.state import HOT_C, state_of

FINE = {"phase": "idle", "link": "sim", "written": 1000.0, "interval_s": 10.0}


def test_a_hot_processor_is_a_warning_on_the_page_as_for_the_venue() -> None:
    hot = {**FINE, "temperature_c": HOT_C + 8}
    fine, line = headline(hot, translator("en"), 1001.0)
    assert not fine and line.startswith("Warning: the processor is hot (88 °C)")
    assert state_of(hot)[0] == "warning"
    fine, line = headline(hot, translator("ro"), 1001.0)
    assert not fine and line.startswith("Atenție: procesorul e fierbinte (88 °C)")
    assert headline({**FINE, "temperature_c": HOT_C - 1}, translator("en"), 1001.0) == \
        (True, "OK: the table is working.")


def test_an_operators_action_is_logged_but_is_not_the_last_problem() -> None:
    kept = LastError()
    logger = logging.getLogger("lastmessage.test_status_words")
    logger.addHandler(kept)
    try:
        logger.warning("journal: the disk is full")
        logger.warning("mqtt: close done", extra=RECORD_ONLY)
    finally:
        logger.removeHandler(kept)
    value = kept.value()
    assert value is not None and value["message"] == "journal: the disk is full"
    assert isinstance(value["time"], float) and value["time"] <= time.time()
