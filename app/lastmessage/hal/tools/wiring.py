"""Generate the wiring docs (WIRING.md and wiring.svg, beside the pinout) from the pinout.

The docs are made from `pinout.toml`, never written by hand, so the table a
maker solders from cannot disagree with the pins the code drives; a test fails
when the committed files are stale. Run `lastmessage hardware docs --pinout
FILE` (or `python -m lastmessage.hal.tools.wiring`) after changing the pinout.
Without --pinout the shipped pinout's docs go into the current folder, never
into the installed package (site-packages is no place to write).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from html import escape
from pathlib import Path

from lastmessage.hal.pinout import (
    PHYSICAL_PIN, USER_GPIOS, Kind, PinEntry, Pinout, PinoutError, default_pinout_path,
    load_pinout,
)
from lastmessage.config.paths import PathRefused, output_folder, shown

GROUND_PINS = (6, 9, 14, 20, 25, 30, 34, 39)
POWER_PINS = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GPIO_AT_PIN = {pin: gpio for gpio, pin in PHYSICAL_PIN.items()}

CONNECT: dict[Kind, str] = {
    Kind.BUTTON: "switch between this pin and GND (normally open contact)",
    Kind.BAR_LED: "390 Ohm resistor to the segment's anode; cathode to GND",
    Kind.BUZZER: "piezo + ; piezo - to GND",
    Kind.STATUS_LED: "390 Ohm resistor to the LED's anode (long leg); cathode to GND",
    Kind.ENCODER_A: "encoder pin A; encoder C (middle) to GND",
    Kind.ENCODER_B: "encoder pin B; encoder C (middle) to GND",
}

COLOURS: dict[Kind, str] = {
    Kind.BUTTON: "#1f77b4",
    Kind.BAR_LED: "#d62728",
    Kind.BUZZER: "#9467bd",
    Kind.STATUS_LED: "#2ca02c",
    Kind.ENCODER_A: "#ff7f0e",
    Kind.ENCODER_B: "#ff7f0e",
}


def _source_name(pinout: Pinout) -> str:
    return Path(pinout.source).name


def _connect(entry: PinEntry) -> str:
    if entry.kind is Kind.BUTTON and entry.pull == "down":
        return "switch between this pin and 3V3, with a 10 kOhm resistor to GND"
    if entry.kind in (Kind.BAR_LED, Kind.STATUS_LED) and not entry.active_high:
        return "390 Ohm resistor to the LED's cathode; anode to 3V3"
    return CONNECT[entry.kind]


def render_markdown(pinout: Pinout) -> str:
    by_pin = sorted(pinout.entries, key=lambda e: e.physical_pin)
    used = {e.gpio for e in pinout.entries}
    reserved = pinout.setup.reserved()
    free = [g for g in USER_GPIOS if g not in used and g not in reserved]
    lines = [
        "# Wiring",
        "",
        f"Generated from `{_source_name(pinout)}` by `lastmessage hardware docs`; "
        "do not edit by hand. The same data drives the software, so this table is what "
        "the code expects. Diagram: [wiring.svg](wiring.svg).",
        "",
        "Finding the pins: hold the Pi with the 40-pin header along the top edge and the "
        "USB ports on the right. Pin 1 (3V3, square pad) is at the left end of the inner "
        "row; odd pins run along the inner row, even pins along the outer row at the board "
        "edge; pins 39 and 40 are next to the USB ports. On the Pi, the `pinout` command "
        "prints the same map.",
        "",
        "| Header pin | GPIO | Function | Kind | Pull | Active | Connect | What it is |",
        "|---:|---:|---|---|---|---|---|---|",
    ]
    for e in by_pin:
        optional = " (optional)" if e.optional else ""
        lines.append(
            f"| {e.physical_pin} | {e.gpio} | `{e.name}`{optional} | {e.kind.value} | "
            f"{e.pull} | {e.active} | {_connect(e)} | {e.description} |")
    lines += [
        "",
        "Ground: any of header pins " + ", ".join(str(p) for p in GROUND_PINS) + ". "
        "Run one ground wire to each panel (buttons, bar, encoder) and daisy-chain the "
        "parts there, rather than one wire per part to the header.",
        "",
        f"Set-up assumed: display `{pinout.setup.display}`, audio `{pinout.setup.audio}`, "
        f"I2C {'on' if pinout.setup.i2c else 'off'}, serial console "
        f"{'on' if pinout.setup.uart_console else 'off'}.",
        "",
        "Free GPIOs: " + (", ".join(f"GPIO {g} (pin {PHYSICAL_PIN[g]})" for g in free)
                          if free else "none") + ".",
    ]
    if reserved:
        lines += ["", "Reserved by the set-up: " + ", ".join(
            f"GPIO {g}" for g in sorted(reserved)) + "."]
    lines += [
        "",
        "Buttons use the Pi's internal pull-ups (GPIO 2 and 3 have fixed 1.8 kOhm ones "
        "on the board), so a button needs only two wires: GPIO and GND. The ACCUSE button "
        "and the encoder's push switch are wired in parallel to the same GPIO.",
        "",
    ]
    return "\n".join(lines)


def render_svg(pinout: Pinout) -> str:
    """A drawing of the 40-pin header with every used pin labelled and coloured."""
    by_gpio = {e.gpio: e for e in pinout.entries}
    row_h, top = 26, 70
    width, height = 1000, top + 20 * row_h + 120
    cx_odd, cx_even = 470, 530
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="13">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{width // 2}" y="30" text-anchor="middle" font-size="18" '
        f'font-weight="bold">Last Message: Raspberry Pi header wiring</text>',
        f'<text x="{width // 2}" y="50" text-anchor="middle" fill="#555">'
        f'generated from {escape(_source_name(pinout))}; pin 1 at the top left</text>',
        f'<rect x="{cx_odd - 22}" y="{top - 16}" width="{cx_even - cx_odd + 44}" '
        f'height="{20 * row_h + 6}" rx="6" fill="#222"/>',
    ]
    for row in range(20):
        y = top + row * row_h
        for pin, cx, anchor, tx in ((2 * row + 1, cx_odd, "end", cx_odd - 34),
                                    (2 * row + 2, cx_even, "start", cx_even + 34)):
            gpio = GPIO_AT_PIN.get(pin)
            entry = by_gpio.get(gpio) if gpio is not None else None
            if entry is not None:
                fill, label = COLOURS[entry.kind], f"{entry.name} (GPIO {gpio})"
            elif pin in GROUND_PINS:
                fill, label = "#000000", "GND"
            elif pin in POWER_PINS:
                fill, label = "#f2c200", POWER_PINS[pin]
            else:
                fill, label = "#bbbbbb", f"GPIO {gpio}" if gpio is not None else ""
            shape = (f'<rect x="{cx - 8}" y="{y - 8}" width="16" height="16" fill="{fill}" '
                     f'stroke="#fff"/>' if pin == 1 else
                     f'<circle cx="{cx}" cy="{y}" r="8" fill="{fill}" stroke="#fff"/>')
            out.append(shape)
            # Pin numbers sit between the two rows, inside the header's outline.
            num_x, num_anchor = (cx + 13, "start") if anchor == "end" else (cx - 13, "end")
            out.append(f'<text x="{num_x}" y="{y + 4}" text-anchor="{num_anchor}" fill="#fff" '
                       f'font-size="10">{pin}</text>')
            weight = ' font-weight="bold"' if entry is not None else ""
            colour = fill if entry is not None else "#666"
            out.append(f'<text x="{tx}" y="{y + 5}" text-anchor="{anchor}" fill="{colour}"'
                       f'{weight}>{escape(label)}</text>')
            if entry is not None:
                hint_x = tx - 190 if anchor == "end" else tx + 190
                out.append(f'<text x="{hint_x}" y="{y + 5}" text-anchor="{anchor}" '
                           f'fill="#777" font-size="11">{escape(_short_connect(entry))}</text>')
    legend_y = top + 20 * row_h + 30
    x = 60
    for kind, label in ((Kind.BUTTON, "button to GND"), (Kind.BAR_LED, "bar LED + 390 Ohm"),
                        (Kind.STATUS_LED, "status LED + 390 Ohm"), (Kind.BUZZER, "piezo buzzer"),
                        (Kind.ENCODER_A, "rotary encoder"), (None, "GND"), (None, "power")):
        colour = COLOURS[kind] if kind is not None else ("#000000" if label == "GND"
                                                         else "#f2c200")
        out.append(f'<circle cx="{x}" cy="{legend_y}" r="7" fill="{colour}"/>')
        out.append(f'<text x="{x + 12}" y="{legend_y + 5}">{escape(label)}</text>')
        x += 130
    out.append(f'<text x="60" y="{legend_y + 40}" fill="#555">Every part\'s other leg goes '
               f'to GND; see WIRING.md for the full table.</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _short_connect(entry: PinEntry) -> str:
    return {
        Kind.BUTTON: "button -> GND",
        Kind.BAR_LED: f"390R -> segment {entry.index}",
        Kind.STATUS_LED: "390R -> status LED",
        Kind.BUZZER: "piezo + (- to GND)",
        Kind.ENCODER_A: "encoder A (C to GND)",
        Kind.ENCODER_B: "encoder B (C to GND)",
    }[entry.kind]


def docs_dir(pinout_path: Path | None = None) -> Path:
    """The docs live beside the pinout they are made from (the shipped ones beside
    the shipped pinout), so a pinout of one's own never overwrites them."""
    return (pinout_path or default_pinout_path()).parent


def expected_docs(pinout: Pinout) -> dict[str, str]:
    return {"WIRING.md": render_markdown(pinout), "wiring.svg": render_svg(pinout)}


def stale_docs(pinout: Pinout, directory: Path) -> list[str]:
    """Names of the generated files in `directory` that differ from the pinout."""
    stale = []
    for name, text in expected_docs(pinout).items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    return stale


def write_docs(pinout: Pinout, directory: Path) -> list[Path]:
    written = []
    for name, text in expected_docs(pinout).items():
        path = directory / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def run(pinout_path: Path | None, out_dir: Path | None, check: bool) -> int:
    try:
        pinout = load_pinout(pinout_path)
    except PinoutError as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    if check:
        directory = out_dir or docs_dir(pinout_path)
        stale = stale_docs(pinout, directory)
        if stale:
            print(f"lastmessage: {', '.join(stale)} in {directory} do not match "
                  f"{pinout.source}; run `lastmessage hardware docs`", file=sys.stderr)
            return 1
        print(f"wiring docs in {directory} are up to date")
        return 0
    directory = out_dir or (docs_dir(pinout_path) if pinout_path is not None else Path.cwd())
    try:
        written = write_docs(pinout, output_folder(directory, "wiring docs folder"))
    except PathRefused as error:
        print(f"lastmessage: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"lastmessage: {shown(error.filename or directory)}: cannot write the wiring docs: "
              f"{error.strerror}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lastmessage.hal.tools.wiring",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pinout", type=Path, default=None, metavar="FILE")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR")
    parser.add_argument("--check", action="store_true", help="fail if the docs are stale")
    args = parser.parse_args(argv)
    return run(args.pinout, args.out, args.check)


if __name__ == "__main__":
    sys.exit(main())
