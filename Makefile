# The two commands of the README. Each one sets up what it needs first.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test setup clean i18n appliance-test arm64-test

$(STAMP): pyproject.toml scripts/setup.sh
	bash scripts/setup.sh

setup: $(STAMP)

# On a Raspberry Pi `make run` starts the device; anywhere else the simulator
# (`lastmessage run` never falls back to it: see README, "Two commands").
run: $(STAMP)
	@if grep -qs "Raspberry Pi" /proc/device-tree/model; then $(BIN)/lastmessage run; else $(BIN)/lastmessage sim; fi

# The MicroPython VM the firmware's tests run on (an npm package, pinned in
# tests/firmware/micropython/package-lock.json; firmware/README.md).
MP_VM := tests/firmware/micropython
MP_VM_STAMP := $(MP_VM)/node_modules/.package-lock.json
$(MP_VM_STAMP): $(MP_VM)/package.json $(MP_VM)/package-lock.json
	bash scripts/setup.sh micropython

test: $(STAMP) $(MP_VM_STAMP)
	$(BIN)/mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest

# The appliance booted in a container (root, debootstrap, systemd-container, a
# Debian mirror): Debian 13 cached in /var/cache/lastmessage, the real install,
# systemd as PID 1, labwc headless with two outputs. One line per check.
appliance-test: $(STAMP)
	bash scripts/appliance-test.sh

# The install steps on the Pi's architecture: a Debian 13 arm64 root under
# qemu-user-static (cached in /var/cache/lastmessage), apt, the wheel with [pi],
# a scripted game, selftest --auto, lgpio as the unit imports it.
arm64-test: $(STAMP)
	bash scripts/arm64-test.sh

# Extract every on-screen text (locale/lastmessage.pot), merge it into each
# language's .po, compile the .mo the package ships (lastmessage/catalogs.py).
i18n: $(STAMP)
	$(BIN)/python -m lastmessage.catalogs

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .hypothesis

# Copy the timer/button module's firmware to a connected Pico
# (firmware/README.md; the firmware ships in the package too).
# PORT=/dev/ttyACM0 picks the port; without it the first Pico found is used.
FIRMWARE := firmware
FIRMWARE_FILES := $(wildcard $(FIRMWARE)/lm_*.py) $(FIRMWARE)/main.py
.PHONY: flash
flash: $(STAMP)
	$(BIN)/python -c "import mpremote" 2>/dev/null || $(BIN)/python -m pip install -q "mpremote>=1.22,<2"
	$(BIN)/lastmessage module-safe $(if $(PORT),--serial $(PORT),)
	$(BIN)/mpremote $(if $(PORT),connect $(PORT),) cp $(FIRMWARE_FILES) : + reset
