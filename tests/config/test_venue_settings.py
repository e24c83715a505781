"""`[venue]`: the broker's URL, read once at start, whatever is written there."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from lastmessage.config.settings import settings_from_mapping
from lastmessage.config.venue import Broker, BrokerUrlError, parse_broker


def test_a_venue_as_the_configuration_guide_writes_it() -> None:
    venue = settings_from_mapping({"venue": {"mqtt": "mqtts://hall-2:p%40ss@broker.local", "table": "hall-2",
                                             "osc": "127.0.0.1:9000"}}, "my.toml").venue
    assert venue.mqtt == Broker("broker.local", 8883, True, "hall-2", "p@ss")
    assert venue.table == "hall-2" and venue.osc == ("127.0.0.1", 9000)
    assert "p@ss" not in repr(venue) and "p@ss" not in venue.mqtt.shown
    assert settings_from_mapping({}, "my.toml").venue.mqtt is None


@settings(deadline=None)
@given(st.text(max_size=80))
def test_any_text_is_a_broker_or_one_line_saying_why(text: str) -> None:
    try:
        broker = parse_broker(text)
    except BrokerUrlError as error:
        assert "\n" not in str(error) and str(error)
    else:
        assert broker.host and 0 <= broker.port <= 65535
