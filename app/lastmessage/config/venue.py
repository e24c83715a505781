"""The `[venue]` table of the config: the table as one of a venue's, over MQTT and OSC.

Off unless given (docs/configuration.md). The broker's URL is parsed here, once,
so that a typo stops the device at start with one line naming the key, never a
thread that fails later. The password may stand in the URL or, better, in a file
only the service can read (`password_file`): it is read when the link connects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lastmessage.config.files import Table
from lastmessage.config.phones import ListenError, parse_listen

TABLE_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")   # a topic level and a Home Assistant id alike
SCHEMES = {"mqtt": 1883, "mqtts": 8883}


class BrokerUrlError(ValueError):
    """The URL cannot name a broker; the message says what to give instead."""


@dataclass(frozen=True)
class Broker:
    """Where the broker is and who the table is to it (never printed whole: `shown`)."""

    host: str
    port: int
    tls: bool
    username: str | None = None
    password: str | None = field(default=None, repr=False)

    @property
    def shown(self) -> str:
        """The URL without its password, for logs and messages."""
        user = f"{self.username}@" if self.username else ""
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}{self.host}:{self.port}"


def parse_broker(url: str) -> Broker:
    """mqtt://[user[:password]@]host[:port] or mqtts://...; BrokerUrlError says what is wrong."""
    if len(url) > 1024 or any(ord(c) < 32 for c in url):
        raise BrokerUrlError("give a URL such as mqtt://table:secret@broker.local:1883")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise BrokerUrlError(f"cannot read the URL ({error}); give one such as mqtt://broker.local:1883") from None
    if parts.scheme not in SCHEMES:
        raise BrokerUrlError(f"the URL must start with mqtt:// or mqtts:// (TLS), not {parts.scheme or 'nothing'}")
    if not parts.hostname or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise BrokerUrlError("give the broker as mqtt://host:port, without a path or a query")
    return Broker(host=parts.hostname, port=port or SCHEMES[parts.scheme], tls=parts.scheme == "mqtts",
                  username=unquote(parts.username) if parts.username else None,
                  password=unquote(parts.password) if parts.password is not None else None)


def check_table_id(text: str) -> str:
    """A table's id as it stands in topics: lower-case letters, digits, - and _, up to 32."""
    if not TABLE_ID.fullmatch(text):
        raise BrokerUrlError("give the table's id as 1 to 32 lower-case letters, digits, - or _ "
                             "(such as \"hall-2\")")
    return text


@dataclass(frozen=True)
class VenueSettings:
    mqtt: Broker | None = None        # None: no MQTT
    table: str = "table"              # this table's id in the topics
    ca_file: Path | None = None       # the CA that signed the broker's certificate (mqtts); None: the system's
    password_file: Path | None = None   # the broker password, readable by the service only
    osc: tuple[str, int] | None = None  # "address:port" to listen on for show control; None: off
    osc_reply: tuple[str, int] | None = None   # where the phase and game over are sent; None: not sent


def venue_settings(table: Table) -> VenueSettings:
    """The `[venue]` table in typed values; a wrong one is refused naming file and key."""
    table.only(f.name for f in fields(VenueSettings))
    broker = None
    url = table.text("mqtt", "the broker's URL, such as \"mqtt://table:secret@broker.local:1883\",")
    if url is not None:
        try:
            broker = parse_broker(url)
        except BrokerUrlError as error:
            table.refuse("mqtt", str(error))
    name = table.text("table", 'the table\'s id, such as "hall-2",')
    if name is not None:
        try:
            check_table_id(name)
        except BrokerUrlError as error:
            table.refuse("table", str(error))
    return VenueSettings(
        mqtt=broker,
        table=name or VenueSettings.table,
        ca_file=table.path("ca_file", "the CA certificate's path"),
        password_file=table.path("password_file", "the password file's path"),
        osc=_address(table, "osc"),
        osc_reply=_address(table, "osc_reply"),
    )


def _address(table: Table, key: str) -> tuple[str, int] | None:
    text = table.text(key, 'an IP address and a port, such as "127.0.0.1:9000",')
    if text is None:
        return None
    try:
        return parse_listen(text, lowest=1)
    except ListenError:
        table.refuse(key, 'give an IP address and a port in quotes, such as "127.0.0.1:9000" '
                          '(this machine only) or "0.0.0.0:9000" (the whole network)')
