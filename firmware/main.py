# Runs at power-up on the Pico. Everything lives in lm_main so that the host
# simulator can run the same code; see README.md for flashing and safe mode.
import lm_main

lm_main.boot()
