"""A second install sets the installer's keys in the operator's config and nothing else
(kiosk/install/owned_keys.py): whatever the operator wrote, the file either parses to the
same settings with those keys set, or is refused and stays as it was."""

from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from lastmessage.kiosk.install.owned_keys import ConfigNotUpdated, updated

KEYS = {("display", "tablet_output"): "HDMI-A-1", ("display", "detective_output"): "HDMI-A-2",
        ("sound", "device"): "sysdefault:CARD=vc4hdmi1"}

names = st.sampled_from(["display", "sound", "rules", "tablet_output", "detective_output", "device", "volume", "x"])
values = st.one_of(st.integers(-5, 5), st.booleans(), st.text(max_size=8), st.lists(st.integers(0, 3), max_size=3))
lines = st.one_of(
    st.builds(lambda t: f"[{t}]", names),
    st.builds(lambda k, v: f"{k} = {json.dumps(v)}", names, values),
    st.builds(lambda k, v: f"# {k} = {json.dumps(v)}", names, values),
    st.builds(lambda t, k, v: f"{t}.{k} = {json.dumps(v)}", names, names, values),
    st.builds(lambda k, v: f"  {k}={json.dumps(v)}   # the operator's note", names, values),
    st.just(""), st.just("# a comment"), st.text(max_size=12))


@settings(max_examples=400, deadline=None)
@given(st.lists(lines, max_size=12))
def test_only_the_installers_keys_change_or_the_file_is_refused(written: list[str]) -> None:
    import tomllib

    text = "\n".join(written) + "\n"
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        before = None
    try:
        new, changes = updated(text, KEYS, "config.toml")
    except ConfigNotUpdated as error:
        assert "left as it is" in str(error) and "\n" not in str(error)
        return
    assert before is not None, "a file that does not parse is never rewritten"
    after = tomllib.loads(new)
    for (table, key), value in KEYS.items():
        assert after[table][key] == value
        before.setdefault(table, {})[key] = value
    assert after == before
    kept = [line for line in text.splitlines() if line.strip()]
    assert all(line in new.splitlines() for line in kept if "output" not in line and "device" not in line)
    assert (new == text) == (not changes)
