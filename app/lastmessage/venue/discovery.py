"""Home Assistant's MQTT discovery: retained config messages that make a table a device.

Home Assistant reads `homeassistant/<component>/<table>/<key>/config` (the node id is
the table: a broker ACL `homeassistant/+/%u/#` lets each write only its own) and builds
the entity from it, grouped into one device by `device.identifiers`; so a
venue's dashboard shows every table with its sensors and buttons without a line
of its configuration. Sensors read the table's retained status; the buttons
publish a command the table answers as any other (venue/requests.py).
"""

from __future__ import annotations

import json

from lastmessage.venue.topics import DISCOVERY, topic

SENSORS = (   # (key, name, status field, unit)
    ("phase", "Phase", "phase", None),
    ("games_today", "Games today", "games_today", "games"),
    ("state", "State", "state", None),
    ("last_error", "Last error", "last_error_message", None),
    ("temperature", "Temperature", "temperature_c", "°C"),
)
BUTTONS = (("put_away", "Put away"), ("restart", "Restart"))


def discovery_messages(table: str, version: str) -> list[tuple[str, str]]:
    """(topic, payload) for every entity of `table`, to publish retained at connect."""
    device = {"identifiers": [f"lastmessage_{table}"], "name": f"Last Message {table}",
              "manufacturer": "Last Message", "model": "table", "sw_version": version}
    availability = {"topic": topic(table, "online"), "payload_available": "true", "payload_not_available": "false"}
    messages: list[tuple[str, str]] = []
    for key, name, field, unit in SENSORS:
        config: dict[str, object] = {
            "name": name, "unique_id": f"lastmessage_{table}_{key}", "object_id": f"lastmessage_{table}_{key}",
            "state_topic": topic(table, "status"), "value_template": f"{{{{ value_json.{field} }}}}",
            "availability": [availability], "device": device,
        }
        if unit is not None:
            config["unit_of_measurement"] = unit
        if key == "temperature":
            config["device_class"] = "temperature"
        messages.append((f"{DISCOVERY}/sensor/{table}/{key}/config", json.dumps(config)))
    messages.append((f"{DISCOVERY}/binary_sensor/{table}/online/config", json.dumps({
        "name": "Online", "unique_id": f"lastmessage_{table}_online", "object_id": f"lastmessage_{table}_online",
        "state_topic": topic(table, "online"), "payload_on": "true", "payload_off": "false",
        "device_class": "connectivity", "device": device,
    })))
    for key, name in BUTTONS:
        messages.append((f"{DISCOVERY}/button/{table}/{key}/config", json.dumps({
            "name": name, "unique_id": f"lastmessage_{table}_{key}", "object_id": f"lastmessage_{table}_{key}",
            "command_topic": topic(table, "command"), "payload_press": json.dumps({"command": key}),
            "availability": [availability], "device": device,
        })))
    return messages
