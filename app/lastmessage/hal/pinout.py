"""Load and check the pinout (`hardware/pinout.toml`), the one source of every pin.

The gpio backend, `selftest` and the wiring docs all read the pinout through
this module, so a wrong pin is caught once, before anything is driven, with a
message that names the entry, the GPIO and the fix. Pin numbers are BCM GPIO
numbers, as gpiozero and the Raspberry Pi documentation use them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

from lastmessage.config.files import ConfigError, keys_listed, read_toml, shown, toml_key
from lastmessage.data import shipped_path
from lastmessage.hal.base import Control


class PinoutError(ConfigError):
    """The pinout file is missing, malformed or asks for a pin it may not use."""


class Kind(str, Enum):
    BUTTON = "button"          # an arcade button (or the encoder's push) to ground
    BAR_LED = "bar_led"        # one segment of the LED sand-timer bar
    BUZZER = "buzzer"          # a passive buzzer, driven with a tone
    STATUS_LED = "status_led"  # heartbeat / trouble light
    ENCODER_A = "encoder_a"    # rotary encoder channel A
    ENCODER_B = "encoder_b"    # rotary encoder channel B


INPUT_KINDS = frozenset({Kind.BUTTON, Kind.ENCODER_A, Kind.ENCODER_B})
OUTPUT_KINDS = frozenset({Kind.BAR_LED, Kind.BUZZER, Kind.STATUS_LED})

USER_GPIOS = range(2, 28)
"""GPIO 0/1 carry the HAT ID EEPROM bus; the 40-pin header has no GPIO above 27."""

FIXED_PULL_UP = frozenset({2, 3})
"""GPIO 2 and 3 have 1.8 kOhm pull-ups on the board (for I2C)."""

REQUIRED_CONTROLS = (Control.FLIP, Control.LEFT, Control.RIGHT, Control.UP, Control.DOWN,
                     Control.ACCUSE, Control.PASS)

PHYSICAL_PIN: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18,
    10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32,
    13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
}
"""BCM GPIO -> pin of the 40-pin header (same on every Pi since the B+)."""

DISPLAY_RESERVED: dict[str, tuple[frozenset[int], str]] = {
    "hdmi": (frozenset(), "HDMI display"),
    "dsi": (frozenset(), "DSI display"),
    "dpi18": (frozenset(range(0, 22)), "18-bit DPI display (GPIO 0-21)"),
    "dpi24": (frozenset(range(0, 28)), "24-bit DPI display (GPIO 0-27)"),
    "spi-tft": (frozenset({7, 8, 9, 10, 11, 24, 25}),
                "SPI TFT display (SPI0 on GPIO 7-11, data/command and reset on 24/25)"),
}
AUDIO_RESERVED: dict[str, tuple[frozenset[int], str]] = {
    "hdmi": (frozenset(), "HDMI audio"),
    "usb": (frozenset(), "USB audio"),
    # A DAC or amplifier takes PCM_CLK, PCM_FS and PCM_DOUT; GPIO 20 (PCM_DIN) only carries an ADC's or
    # a microphone's data in, so the optional ZOOM button may keep it.
    "i2s-dac": (frozenset({18, 19, 21}), "I2S DAC/amplifier (GPIO 18, 19 and 21)"),
    "pwm": (frozenset({12, 13}), "PWM audio through dtoverlay=audremap (GPIO 12/13)"),
}


@dataclass(frozen=True)
class Setup:
    """The rest of the Pi's set-up that claims header pins."""

    display: str = "hdmi"
    audio: str = "hdmi"
    i2c: bool = False
    uart_console: bool = False

    def reserved(self) -> dict[int, str]:
        """GPIO -> what reserves it, for this set-up."""
        out: dict[int, str] = {}
        for key, value, (gpios, why) in (
                ("display", self.display, DISPLAY_RESERVED[self.display]),
                ("audio", self.audio, AUDIO_RESERVED[self.audio])):
            for gpio in gpios:
                out.setdefault(gpio, f"the {why} (setup {key} = {value!r})")
        if self.i2c:
            for gpio in (2, 3):
                out.setdefault(gpio, "I2C (setup i2c = true)")
        if self.uart_console:
            for gpio in (14, 15):
                out.setdefault(gpio, "the serial console (setup uart_console = true)")
        return out


@dataclass(frozen=True)
class PinEntry:
    """One function of the table wired to one GPIO."""

    name: str
    gpio: int
    kind: Kind
    pull: str            # "up", "down" or "none" (outputs: "none")
    active: str          # "low" or "high": the level that means pressed / lit
    description: str
    control: Control | None = None   # buttons: what the button stands for
    index: int | None = None         # bar LEDs: 1 = bottom
    optional: bool = False

    @property
    def active_high(self) -> bool:
        return self.active == "high"

    @property
    def physical_pin(self) -> int:
        return PHYSICAL_PIN[self.gpio]


@dataclass(frozen=True)
class Pinout:
    entries: tuple[PinEntry, ...]
    setup: Setup
    source: str

    def of_kind(self, kind: Kind) -> list[PinEntry]:
        return [e for e in self.entries if e.kind is kind]

    def buttons(self) -> list[PinEntry]:
        return self.of_kind(Kind.BUTTON)

    def bar_leds(self) -> list[PinEntry]:
        """The bar's LEDs, bottom (index 1) first."""
        return sorted(self.of_kind(Kind.BAR_LED), key=lambda e: e.index or 0)

    def buzzer(self) -> PinEntry | None:
        found = self.of_kind(Kind.BUZZER)
        return found[0] if found else None

    def status_led(self) -> PinEntry | None:
        found = self.of_kind(Kind.STATUS_LED)
        return found[0] if found else None

    def encoder(self) -> tuple[PinEntry, PinEntry] | None:
        a, b = self.of_kind(Kind.ENCODER_A), self.of_kind(Kind.ENCODER_B)
        return (a[0], b[0]) if a and b else None


@dataclass(frozen=True)
class SetupOverrides:
    """The config's `[hal.setup]` (settings.py checks its values): what replaces
    the pinout's [setup] on this table (what else claims header pins); None keeps
    the pinout's."""

    display: str | None = None
    audio: str | None = None
    i2c: bool | None = None
    uart_console: bool | None = None

    def applied_to(self, setup: Setup) -> Setup:
        return replace(setup,
                       display=setup.display if self.display is None else self.display,
                       audio=setup.audio if self.audio is None else self.audio,
                       i2c=setup.i2c if self.i2c is None else self.i2c,
                       uart_console=setup.uart_console if self.uart_console is None else self.uart_console)


def default_pinout_path() -> Path:
    """The pinout shipped in the package (hardware/pinout.toml)."""
    return shipped_path("hardware", "pinout.toml")


def load_pinout(path: Path | None = None, *, overrides: SetupOverrides = SetupOverrides()) -> Pinout:
    """Read and validate a pinout file; `overrides` (the config's [hal.setup])
    replace values of its [setup] table before the pins are checked against it."""
    path = path or default_pinout_path()
    data = read_toml(path, "pinout", PinoutError)
    return parse_pinout(data, source=str(path), overrides=overrides)


def parse_pinout(data: Mapping[str, object], *, source: str = "pinout",
                 overrides: SetupOverrides = SetupOverrides()) -> Pinout:
    unknown = set(data) - {"setup", "pins"}
    if unknown:
        raise PinoutError(f"{source}: unknown table(s) {keys_listed(map(toml_key, unknown))}; "
                          f"a pinout has only [setup] and [pins.NAME] tables")
    setup = overrides.applied_to(_parse_setup(data.get("setup", {}), source))
    pins = data.get("pins")
    if not isinstance(pins, Mapping) or not pins:
        raise PinoutError(f"{source}: no [pins.NAME] tables; every function needs one")
    tables: Mapping[str, object] = pins   # TOML keys are strings
    entries = tuple(_parse_entry(name, raw, source) for name, raw in tables.items())
    pinout = Pinout(entries, setup, source)
    _check_whole(pinout)
    return pinout


def _setup_dict(setup: Setup) -> dict[str, object]:
    return {"display": setup.display, "audio": setup.audio, "i2c": setup.i2c,
            "uart_console": setup.uart_console}


def _parse_setup(value: object, source: str) -> Setup:
    if not isinstance(value, Mapping):
        raise PinoutError(f"{source}: setup = {shown(value)}; write it as a table, [setup]")
    raw: Mapping[str, object] = value
    allowed = {"display", "audio", "i2c", "uart_console"}
    unknown = set(raw) - allowed
    if unknown:
        raise PinoutError(f"{source}: [setup] has unknown key(s) {keys_listed(map(toml_key, unknown))}; "
                          f"known ones are {keys_listed(allowed)}")
    setup = Setup()
    display = raw.get("display", setup.display)
    if not isinstance(display, str) or display not in DISPLAY_RESERVED:
        raise PinoutError(f"{source}: [setup] display = {shown(display)}; "
                          f"use one of {sorted(DISPLAY_RESERVED)}")
    audio = raw.get("audio", setup.audio)
    if not isinstance(audio, str) or audio not in AUDIO_RESERVED:
        raise PinoutError(f"{source}: [setup] audio = {shown(audio)}; "
                          f"use one of {sorted(AUDIO_RESERVED)}")
    flags = {}
    for key in ("i2c", "uart_console"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise PinoutError(f"{source}: [setup] {key} = {shown(value)}; write true or false")
        flags[key] = value
    return Setup(display=display, audio=audio, **flags)


_ENTRY_KEYS = {"gpio", "kind", "pull", "active", "description", "control", "index", "optional"}


def _parse_entry(name: str, value: object, source: str) -> PinEntry:
    where = f"{source}: [pins.{toml_key(name)}]"
    if not isinstance(value, Mapping):
        raise PinoutError(f"{where} must be a table with gpio, kind, pull, active, description")
    raw: Mapping[str, object] = value
    unknown = set(raw) - _ENTRY_KEYS
    if unknown:
        raise PinoutError(f"{where}: unknown key(s) {keys_listed(map(toml_key, unknown))}; "
                          f"known ones are {keys_listed(_ENTRY_KEYS)}")
    for key in ("gpio", "kind", "active", "description"):
        if key not in raw:
            raise PinoutError(f"{where}: missing `{key}`")
    gpio = raw["gpio"]
    if isinstance(gpio, bool) or not isinstance(gpio, int):
        raise PinoutError(f"{where}: gpio = {shown(gpio)}; write the BCM GPIO number, e.g. gpio = 17")
    if gpio not in USER_GPIOS:
        raise PinoutError(f"{where}: GPIO {gpio} is not a user GPIO; use one of "
                          f"GPIO 2-27 (GPIO 0/1 belong to the HAT EEPROM)")
    if not isinstance(raw["kind"], str) or raw["kind"] not in {k.value for k in Kind}:
        raise PinoutError(f"{where}: kind = {shown(raw['kind'])}; use one of "
                          f"{[k.value for k in Kind]}")
    kind = Kind(raw["kind"])
    pull = raw.get("pull", "none")
    if not isinstance(pull, str) or pull not in ("up", "down", "none"):
        raise PinoutError(f"{where}: pull = {shown(pull)}; use \"up\", \"down\" or \"none\"")
    active = raw["active"]
    if not isinstance(active, str) or active not in ("low", "high"):
        raise PinoutError(f"{where}: active = {shown(active)}; use \"low\" or \"high\"")
    description = raw["description"]
    if not isinstance(description, str) or not description.strip():
        raise PinoutError(f"{where}: description must say what is wired there")
    optional = raw.get("optional", False)
    if not isinstance(optional, bool):
        raise PinoutError(f"{where}: optional = {shown(optional)}; write true or false")
    control = None
    if kind is Kind.BUTTON:
        if not isinstance(raw.get("control"), str) or raw["control"] not in {c.value for c in Control}:
            raise PinoutError(f"{where}: a button needs control = one of "
                              f"{[c.value for c in Control]}, not {shown(raw.get('control'))}")
        control = Control(raw["control"])
    elif "control" in raw:
        raise PinoutError(f"{where}: only a button has a control; remove `control`")
    index: int | None = None
    if kind is Kind.BAR_LED:
        position = raw.get("index")
        if isinstance(position, bool) or not isinstance(position, int) or position < 1:
            raise PinoutError(f"{where}: a bar LED needs index = its position, 1 at the bottom")
        index = position
    elif "index" in raw:
        raise PinoutError(f"{where}: only a bar LED has an index; remove `index`")
    entry = PinEntry(name=name, gpio=gpio, kind=kind, pull=pull, active=active,
                     description=description.strip(), control=control, index=index,
                     optional=optional)
    _check_electrical(entry, where)
    return entry


def _check_electrical(entry: PinEntry, where: str) -> None:
    """Pull and active level must agree with how the part is wired."""
    if entry.kind in OUTPUT_KINDS and entry.pull != "none":
        raise PinoutError(f"{where}: an output has no pull; write pull = \"none\"")
    if entry.kind in (Kind.ENCODER_A, Kind.ENCODER_B) and (entry.pull, entry.active) != ("up", "low"):
        raise PinoutError(f"{where}: encoder channels are pulled up and switch to ground; "
                          f"write pull = \"up\" and active = \"low\"")
    if entry.kind is Kind.BUZZER and entry.active != "high":
        raise PinoutError(f"{where}: the buzzer is driven with a tone from the pin; "
                          f"write active = \"high\"")
    if entry.pull == "up" and entry.active != "low":
        raise PinoutError(f"{where}: a pulled-up input reads low when pressed; "
                          f"write active = \"low\" (or pull = \"down\" for a switch to 3V3)")
    if entry.pull == "down" and entry.active != "high":
        raise PinoutError(f"{where}: a pulled-down input reads high when pressed; "
                          f"write active = \"high\"")
    if entry.gpio in FIXED_PULL_UP:
        if entry.kind in OUTPUT_KINDS:
            raise PinoutError(
                f"{where}: GPIO {entry.gpio} has a fixed 1.8 kOhm pull-up on the board, so "
                f"an output there would glow or sound at boot; move {entry.name} to another GPIO")
        if entry.pull != "up":
            raise PinoutError(
                f"{where}: GPIO {entry.gpio} has a fixed 1.8 kOhm pull-up on the board; "
                f"write pull = \"up\" and active = \"low\"")


def _check_whole(pinout: Pinout) -> None:
    source = pinout.source
    seen: dict[int, str] = {}
    reserved = pinout.setup.reserved()
    problems: list[str] = []  # every conflict at once, so one edit fixes them all
    for entry in pinout.entries:
        if entry.gpio in seen:
            problems.append(
                f"{source}: GPIO {entry.gpio} is used twice, by [pins.{seen[entry.gpio]}] and "
                f"[pins.{entry.name}]; give one of them a free GPIO")
        seen.setdefault(entry.gpio, entry.name)
        if entry.gpio in reserved:
            problems.append(
                f"{source}: [pins.{entry.name}] uses GPIO {entry.gpio}, which is reserved by "
                f"{reserved[entry.gpio]}; move {entry.name} to a free GPIO or change [setup]")
    if problems:
        raise PinoutError("; ".join(problems))   # one line, every conflict in it
    present = {e.control for e in pinout.buttons()}
    missing = [c.value for c in REQUIRED_CONTROLS if c not in present]
    if missing:
        raise PinoutError(f"{source}: no button for {missing}; add a [pins.NAME] table with "
                          f"kind = \"button\" and control = ... for each")
    bar = pinout.bar_leds()
    if not bar:
        raise PinoutError(f"{source}: no bar LEDs; add [pins.bar_1] ... with kind = \"bar_led\"")
    indexes = [e.index for e in bar]
    if indexes != list(range(1, len(bar) + 1)):
        raise PinoutError(f"{source}: bar LED indexes are {indexes}; number them 1..{len(bar)} "
                          f"without gaps or repeats (1 at the bottom)")
    if len({e.active for e in bar}) > 1:
        raise PinoutError(f"{source}: the bar LEDs mix active = \"low\" and \"high\"; "
                          f"wire them all the same way (they are driven as one bar graph)")
    for kind in (Kind.BUZZER, Kind.STATUS_LED, Kind.ENCODER_A, Kind.ENCODER_B):
        found = pinout.of_kind(kind)
        if len(found) > 1:
            raise PinoutError(f"{source}: {len(found)} entries of kind {kind.value!r} "
                              f"({', '.join(e.name for e in found)}); keep one")
    if bool(pinout.of_kind(Kind.ENCODER_A)) != bool(pinout.of_kind(Kind.ENCODER_B)):
        raise PinoutError(f"{source}: a rotary encoder needs both encoder_a and encoder_b "
                          f"entries (or neither)")


def with_setup(pinout: Pinout, **changes: object) -> Pinout:
    """The same pins under another set-up, checked again (for tests and docs)."""
    data = _setup_dict(replace(pinout.setup))
    data.update(changes)
    setup = _parse_setup(data, pinout.source)
    checked = Pinout(pinout.entries, setup, pinout.source)
    _check_whole(checked)
    return checked
