"""The `[phones]` table of the config: whether phones may join the table, and where they are served.

Off unless the host or the operator names an address (`listen`): a device on a
museum's network serves nothing it was not told to. Kept apart from
settings.py as `[museum]` is; the command line's `play --phones HOST:PORT`
reads its address with the same `parse_listen`, so both refuse alike.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, fields

from lastmessage.config.files import Table

LISTEN_FIX = ('give an IP address and a port in quotes, such as "0.0.0.0:8080" (the whole network), '
              '"127.0.0.1:8080" (this machine only) or "[::]:8080"; leave it out to keep phones off')


class ListenError(ValueError):
    """An address that is not HOST:PORT with an IP address and a port of 1024..65535."""


@dataclass(frozen=True)
class PhonesSettings:
    listen: tuple[str, int] | None = None   # (IP address, port); None: phones are off
    max_phones: int = 64                    # phones connected at once, 1..1000; one more is refused
    keepsake_minutes: int = 30              # a finished game's page stays this long, 0..1440 (0: none is made)
    audience: bool = False                  # for events: phones vote, and ACCUSE names the vote's choice


def parse_listen(text: str, lowest: int = 1024) -> tuple[str, int]:
    """("0.0.0.0", 8080) of "0.0.0.0:8080", ("::1", 8080) of "[::1]:8080"; ListenError otherwise.

    An IP address only, never a host name: the server must listen exactly where
    the config says, and a name may resolve to another network than meant. `lowest`:
    the smallest port taken (a server of ours never takes a privileged one; `[venue]`'s
    OSC addresses name other machines' ports too)."""
    host, sep, port_text = text.strip().rpartition(":")
    if not sep or not port_text.isascii() or not port_text.isdigit() or len(port_text) > 5:
        raise ListenError(f"{text!r} is not HOST:PORT")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise ListenError(f"{host!r} is not an IP address") from None
    port = int(port_text)
    if not lowest <= port <= 65535:
        raise ListenError(f"the port must be from {lowest} to 65535, not {port}")
    return str(address), port


def phones_settings(table: Table) -> PhonesSettings:
    """The `[phones]` table in typed values; a wrong one is refused naming file and key."""
    default = PhonesSettings()
    table.only(field.name for field in fields(PhonesSettings))
    listen = None
    text = table.text("listen", 'an IP address and a port, such as "0.0.0.0:8080",')
    if text is not None:
        try:
            listen = parse_listen(text)
        except ListenError as error:
            table.refuse("listen", f"{error}; {LISTEN_FIX}")
    return PhonesSettings(listen=listen, max_phones=table.whole("max_phones", default.max_phones, 1, 1000),
                          keepsake_minutes=table.whole("keepsake_minutes", default.keepsake_minutes, 0, 1440),
                          audience=table.flag("audience", default.audience))
