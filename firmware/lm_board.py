# Last Message module: how this Pico is wired (GP numbers of the RP2040).
#
# Why a module of plain constants: `lm_main.start` takes the board as an
# argument, so the simulator and the tests pass their own without editing this
# file. Change the numbers here to match your wiring; README.md (this folder) shows
# the default wiring.

FW_VERSION = "1.2.0"

LED_PIN = 16            # WS2812 data in (through a 330 ohm resistor)
LED_COUNT = 30
BUZZER_PIN = 15         # piezo buzzer driven by PWM; None when not fitted

# (name, GP pin); each button between the pin and GND, internal pull-up.
# The names are the app's controls (lastmessage.hal.base.Control).
BUTTONS = (
    ("flip", 2),
    ("left", 3),
    ("right", 4),
    ("up", 5),
    ("down", 6),
    ("accuse", 7),
    ("pass", 8),
    ("admin", 9),
    ("zoom", 10),       # told only to a host that asks for it (PROTOCOL.md, "Extra buttons")
)
ACTIVE_LOW = True

# Hold this button while plugging the module in to skip the program (no
# watchdog, REPL free) so mpremote can copy new files.
SAFE_BUTTON = "flip"
