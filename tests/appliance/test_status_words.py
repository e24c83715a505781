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


def test_the_devices_own_trouble_is_said_in_the_museums_language() -> None:
    from lastmessage.kiosk.status_words import JOURNAL_UNWRITABLE
    from lastmessage.venue.troubles import TWIN, Said

    twin = Said(TWIN, {"broker": "mqtt://t1@hall:1883", "table": "t1"})
    values = {**FINE, "venue_trouble": twin.english, "venue_trouble_words": twin.to_json()}
    fine, line = headline(values, translator("en"), 1001.0)
    assert not fine and line == ("Warning: the table plays, but its link to the venue says: another process "
                                 "connected to mqtt://t1@hall:1883 as table t1 and took its place: two tables have "
                                 "the id t1; give each its own [venue] table (the table plays on)")
    assert state_of(values) == ("warning", twin.english)
    fine, line = headline(values, translator("ro"), 1001.0)
    assert line == ("Atenție: masa merge, dar legătura ei cu brokerul locației spune: alt proces s-a conectat la "
                    "mqtt://t1@hall:1883 ca masa t1 și i-a luat locul: două mese au id-ul t1; dați fiecăreia "
                    "propriul [venue] table (masa merge mai departe)")
    journal = Said(JOURNAL_UNWRITABLE, {"error": "disk full", "n": "3"})
    fine, line = headline({**FINE, "warning": journal.english, "warning_words": journal.to_json()},
                          translator("ro"), 1001.0)
    assert line == ("Atenție: masa merge, dar uitați-vă la asta: jurnalul jocurilor nu poate fi scris (disk full); "
                    "masa merge mai departe din memorie, 3 eveniment(e) așteaptă să fie scrise")


def test_a_status_files_words_are_never_a_format_string() -> None:
    """Only the known templates are read back: anything else shows the English line as it is."""
    from lastmessage.venue.troubles import LOST

    for words in ({"template": "{x.__class__}", "values": {"x": "y"}}, {"template": LOST, "values": {"broker": 5}},
                  {"template": LOST, "values": {}}, {"template": LOST, "values": "no"}, "text", None):
        values = {**FINE, "venue_trouble": "lost the broker", "venue_trouble_words": words}
        assert headline(values, translator("ro"), 1001.0)[1].endswith("spune: lost the broker")
