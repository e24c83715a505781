"""The Pico module's MicroPython files, shipped in the wheel as `lastmessage.data.firmware`.

This file is not copied to the Pico (`make flash` copies `lm_*.py` and `main.py`);
it makes the folder a package so that `importlib.resources` finds the files
in an editable install as well as in a wheel.
"""
