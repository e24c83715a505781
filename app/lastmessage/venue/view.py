"""`lastmessage venue --mqtt URL`: every table the broker knows, one line each.

No server of ours: the tables keep their `online` and `status` retained, so a
subscription to `lastmessage/+/online` and `lastmessage/+/status` hears them all
at once; the command listens until the broker has sent what it keeps (a short
quiet after the subscription), then prints. A table online whose status was
written more than STALE_INTERVALS status intervals ago is called `stale`: its
process may have stopped while its connection stayed up.
"""

from __future__ import annotations

import argparse
import json
import threading
import time
from pathlib import Path

from lastmessage.arguments import Subparsers
from lastmessage.config.venue import BrokerUrlError, parse_broker

LISTEN = 5.0   # seconds at most to hear the retained messages
QUIET = 0.5    # seconds without a message after which all were heard
COLUMNS = ("table", "online", "phase", "games_today", "state")
STALE_INTERVALS = 3   # status intervals (bridge.STATUS_EVERY) after which a status is stale


def _venue_command(args: argparse.Namespace) -> int:
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion
    from paho.mqtt.reasoncodes import ReasonCode

    from lastmessage.venue.link import LinkRefused, broker_password
    from lastmessage.venue.topics import ROOT, table_of

    try:
        broker = parse_broker(args.mqtt)
        password = broker_password(broker, args.password_file)
    except (BrokerUrlError, LinkRefused) as error:
        print(f"lastmessage: --mqtt: {error}")
        return 2
    from lastmessage.venue.bridge import STATUS_EVERY

    tables: dict[str, dict[str, object]] = {}
    written: dict[str, float] = {}   # when each table's status was written (its clock)
    heard = [time.monotonic()]
    subscribed = threading.Event()
    refused: list[str] = []
    lock = threading.Lock()

    def connected(client: mqtt.Client, userdata: object, flags: object, reason: ReasonCode,
                  properties: object) -> None:
        if reason.is_failure:
            refused.append(str(reason))
            subscribed.set()
            return
        client.subscribe([(f"{ROOT}/+/online", 1), (f"{ROOT}/+/status", 1)])
        heard[0] = time.monotonic()
        subscribed.set()

    def message(client: mqtt.Client, userdata: object, msg: mqtt.MQTTMessage) -> None:
        found = table_of(msg.topic)
        if found is None or len(msg.payload) > 65536:
            return
        table, kind = found
        with lock:
            heard[0] = time.monotonic()
            row = tables.setdefault(table, {"table": table, "online": False})
            try:
                value = json.loads(msg.payload.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                return
            if kind == "online":
                row["online"] = value is True
            elif isinstance(value, dict):
                row.update({key: value.get(key) for key in ("phase", "games_today", "state", "reason", "answering")})
                when = value.get("written")
                if isinstance(when, (int, float)) and not isinstance(when, bool):
                    written[table] = float(when)

    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="", protocol=mqtt.MQTTv311)
    if broker.username is not None:
        client.username_pw_set(broker.username, password)
    if broker.tls:
        client.tls_set(ca_certs=str(args.ca_file) if args.ca_file else None)
    client.on_connect = connected
    client.on_message = message
    try:
        client.connect(broker.host, broker.port, keepalive=10)
    except (OSError, ValueError) as error:
        print(f"lastmessage: cannot reach the broker {broker.shown}: {error}")
        return 1
    client.loop_start()
    try:
        end = time.monotonic() + args.wait
        subscribed.wait(args.wait)
        while time.monotonic() < end and time.monotonic() - heard[0] < QUIET:
            time.sleep(0.05)
    finally:
        client.disconnect()
        client.loop_stop()
    if refused:
        print(f"lastmessage: the broker {broker.shown} refused: {refused[0]}; check the user and password")
        return 1
    if not subscribed.is_set():
        print(f"lastmessage: the broker {broker.shown} did not answer within {args.wait:g} s")
        return 1
    rows = [tables[name] for name in sorted(tables)]
    now = time.time()
    for row in rows:
        age = now - written.get(str(row["table"]), now)
        frozen = row.pop("answering", None) is False   # the courier's fault: "the table has stopped answering"
        if not row["online"] and not frozen:   # its retained status is the last it sent: not how it is now
            row["state"], row["reason"] = "offline", "not connected to the broker (the phase is its last)"
        elif age > STALE_INTERVALS * STATUS_EVERY:
            row["state"], row["reason"] = "stale", (f"no status for {age:.0f} s: the table may have stopped "
                                                    f"(the phase is its last); look at it")
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return 0
    if not rows:
        print(f"no table has published to {broker.shown}")
        return 0
    print(f"{'table':<16} {'online':<7} {'phase':<12} {'games today':>11}  state")
    for row in rows:
        state = str(row.get("state") or "-")
        if row.get("reason"):
            state += f": {row['reason']}"
        games = row.get("games_today")
        print(f"{str(row['table']):<16} {'yes' if row['online'] else 'no':<7} {str(row.get('phase') or '-'):<12} "
              f"{'-' if games is None else str(games):>11}  {state}")
    return 0


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("venue", help="every table a venue's MQTT broker knows, one line each")
    parser.add_argument("--mqtt", required=True, metavar="URL", help="the broker (mqtt://user:password@host:port)")
    parser.add_argument("--password-file", type=Path, metavar="FILE", help="the broker password, else the URL's")
    parser.add_argument("--ca-file", type=Path, metavar="FILE", help="the CA of an mqtts:// broker")
    parser.add_argument("--json", action="store_true", help="print JSON: one object per table")
    parser.add_argument("--wait", type=float, default=LISTEN, metavar="S",
                        help=f"seconds at most to listen (default {LISTEN:g})")
    parser.set_defaults(func=_venue_command)
