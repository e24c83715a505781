"""`[phones]`: off unless an address is named; the address is an IP and a port, refused in one line otherwise."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from lastmessage.config.phones import ListenError, PhonesSettings, parse_listen
from lastmessage.config.settings import SettingsError, settings_from_mapping


def test_off_by_default() -> None:
    assert settings_from_mapping({}, "my.toml").phones == PhonesSettings(listen=None, max_phones=64)


def test_an_address_turns_phones_on() -> None:
    phones = settings_from_mapping({"phones": {"listen": "0.0.0.0:8080", "max_phones": 200}}, "my.toml").phones
    assert phones == PhonesSettings(listen=("0.0.0.0", 8080), max_phones=200)
    assert parse_listen("[::1]:9000") == ("::1", 9000)


def test_the_keepsake_and_audience_mode() -> None:
    assert PhonesSettings().keepsake_minutes == 30 and PhonesSettings().audience is False
    phones = settings_from_mapping({"phones": {"keepsake_minutes": 0, "audience": True}}, "my.toml").phones
    assert phones.keepsake_minutes == 0 and phones.audience is True


@pytest.mark.parametrize("config, refusal", [
    ({"listen": "device.local:8080"}, "'device.local' is not an IP address"),
    ({"listen": "0.0.0.0"}, "'0.0.0.0' is not HOST:PORT"),
    ({"listen": "0.0.0.0:80"}, "the port must be from 1024 to 65535, not 80"),
    ({"listen": 8080}, 'phones.listen = 8080; give an IP address and a port, such as "0.0.0.0:8080", in quotes'),
    ({"max_phones": 0}, "phones.max_phones = 0; give a whole number from 1 to 1000"),
    ({"port": 8080}, "phones.port is not a setting"),
    ({"keepsake_minutes": 1441}, "phones.keepsake_minutes = 1441; give a whole number from 0 to 1440"),
    ({"audience": "yes"}, 'phones.audience = "yes"; write true or false'),
])
def test_refusals_name_the_key(config: dict[str, object], refusal: str) -> None:
    with pytest.raises(SettingsError) as refused:
        settings_from_mapping({"phones": config}, "my.toml")
    assert refusal in str(refused.value) and "\n" not in str(refused.value)
    assert str(refused.value).startswith("my.toml: phones.")


@given(st.text(max_size=60))
def test_any_text_is_an_address_or_a_listen_error(text: str) -> None:
    try:
        host, port = parse_listen(text)
    except ListenError:
        return
    assert 1024 <= port <= 65535 and host
