# Last Message module: start-up, the safe escape hatch, the watchdog, the loop.
#
# Why `start(stream, board)` takes both: main.py passes the USB port and
# lm_board; the simulator passes a pty and its own board, and runs this very
# file under CPython with fake `machine` and `neopixel` modules.
#
# Escape hatch: the watchdog cannot be stopped once started and Ctrl-C is
# disabled (a 0x03 in the data must not kill the program), so mpremote could
# never break in. Two ways into safe mode, checked before the watchdog starts:
# hold the SAFE_BUTTON while plugging in, or send the protocol line
# "SAFE reflash", which leaves a flag file and resets.

import time
import machine
import micropython
from micropython import const

import neopixel
from lm_bar import Bar
from lm_buttons import Buttons
from lm_buzzer import Buzzer
from lm_module import Module

WDT_MS = const(4000)   # twice the longest a step can wait on USB (lm_module.STEP_BYTES)
SCAN_MS = const(2)
SAFE_FLAG = "/safe_mode"


def _remove(path):
    try:
        import os
        os.remove(path)
        return True
    except OSError:
        return False


def _write_flag(path):
    try:
        with open(path, "w") as f:
            f.write("1")
    except OSError:
        pass


def safe_mode_requested(board, flag_path=SAFE_FLAG):
    """True (once) after a SAFE command, or while the safe button is held."""
    if _remove(flag_path):
        return True
    for name, gp in board.BUTTONS:
        if name == board.SAFE_BUTTON:
            pin = machine.Pin(gp, machine.Pin.IN, machine.Pin.PULL_UP)
            time.sleep_ms(5)
            active = 0 if board.ACTIVE_LOW else 1
            return pin.value() == active
    return False


def build(board, stream, on_safe=None):
    """Wire the firmware's parts to the board's pins and the given stream."""
    pull = machine.Pin.PULL_UP if board.ACTIVE_LOW else machine.Pin.PULL_DOWN
    pins = []
    names = []
    for name, gp in board.BUTTONS:
        pins.append(machine.Pin(gp, machine.Pin.IN, pull))
        names.append(name)
    strip = neopixel.NeoPixel(machine.Pin(board.LED_PIN, machine.Pin.OUT), board.LED_COUNT)
    pwm = None
    if board.BUZZER_PIN is not None:
        pwm = machine.PWM(machine.Pin(board.BUZZER_PIN))
    buttons = Buttons(pins, active_low=board.ACTIVE_LOW)
    return Module(stream, Bar(strip, board.LED_COUNT), buttons, tuple(names),
                  Buzzer(pwm), board.FW_VERSION, on_safe)


def run(module, wdt, running=None):
    """The main loop: one step, feed the watchdog if it succeeded, yield a millisecond.

    An exception in a step is counted and the loop goes on: a bad line can
    never stop the module. But only a step that succeeded feeds the watchdog,
    so a module whose every step fails (a broken state no line puts right)
    is reset within WDT_MS, as one that hangs is.
    `running` lets the simulator stop the loop; on the Pico it is None.
    """
    while running is None or running():
        try:
            module.step(time.ticks_ms())
        except Exception:
            module.errors += 1
        else:
            wdt.feed()
        time.sleep_ms(1)


def start(stream, board, flag_path=SAFE_FLAG, running=None, started=None):
    """Everything main.py does; returns "safe" when the escape hatch was used.

    `running` and `started` (called with the Module) are for the simulator.
    """
    if safe_mode_requested(board, flag_path):
        return "safe"
    micropython.kbd_intr(-1)   # 0x03 is data now; see the escape hatch above

    def on_safe():
        _write_flag(flag_path)
        time.sleep_ms(50)      # let the ACK leave
        machine.reset()

    module = build(board, stream, on_safe)
    if started is not None:
        started(module)
    wdt = machine.WDT(timeout=WDT_MS)
    timer = machine.Timer(period=SCAN_MS, mode=machine.Timer.PERIODIC,
                          callback=module.buttons.scan)
    try:
        run(module, wdt, running)
    finally:
        timer.deinit()
        micropython.kbd_intr(3)
    return "stopped"


def boot():
    import lm_board
    import lm_usb
    if start(lm_usb.UsbStream(), lm_board) == "safe":
        print("Last Message module: safe mode, REPL free for mpremote")
