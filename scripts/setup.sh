#!/usr/bin/env bash
# Creates or refreshes .venv with the package and everything it needs,
# system packages included. Used by `make run` and `make test`; safe to rerun.
#
# `setup.sh micropython` instead installs the MicroPython VM the firmware's
# tests run on (tests/firmware/micropython: MicroPython's WebAssembly port from
# the npm registry, the exact version of package-lock.json, under Node).
# `make test` runs it when tests/firmware/micropython/node_modules is missing
# or older than the lock file; `make run` never needs it.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "micropython" ]; then
    vm_dir=tests/firmware/micropython
    if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
        if command -v apt-get >/dev/null 2>&1; then
            sudo=""
            [ "$(id -u)" -eq 0 ] || sudo="sudo"
            echo "setup: installing system packages: nodejs npm"
            $sudo apt-get update -qq
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
        else
            echo "setup: error: Node.js 18 or later with npm is needed for the firmware's MicroPython tests" >&2
            exit 1
        fi
    fi
    echo "setup: installing the MicroPython VM into $vm_dir/node_modules (npm ci)"
    npm ci --prefix "$vm_dir" --no-audit --no-fund --loglevel=error >/dev/null
    exit 0
fi

SYSTEM_PACKAGES=(python3-venv fonts-noto-color-emoji fonts-dejavu-core)
# The tests read the screens back as people do (OCR, in English and Romanian).
SYSTEM_PACKAGES+=(tesseract-ocr tesseract-ocr-eng tesseract-ocr-ron)
# The venue tests talk to a real broker (tests/venue) and make a test CA (TLS).
SYSTEM_PACKAGES+=(mosquitto openssl)
# The phone page is tested in a real headless browser, driven over the DevTools protocol
# (tests/phones/chromium.py): Debian's Chromium.
SYSTEM_PACKAGES+=(chromium)
if [ -r /proc/device-tree/model ] && grep -qi "raspberry pi" /proc/device-tree/model; then
    # lgpio is the only pin library that works on a Pi 5 (see hardware/README.md).
    SYSTEM_PACKAGES+=(python3-dev swig liblgpio-dev)
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for package in "${SYSTEM_PACKAGES[@]}"; do
        status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
        [[ "$status" == *"install ok installed"* ]] || missing+=("$package")
    done
fi
if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null 2>&1; then
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        echo "setup: installing system packages: ${missing[*]}"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "setup: warning: no apt-get; please install: ${missing[*]}" >&2
    fi
fi

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    "$PYTHON" -m venv .venv
fi
extras="test"
if [ -r /proc/device-tree/model ] && grep -qi "raspberry pi" /proc/device-tree/model; then
    extras="test,pi"
fi
echo "setup: installing the lastmessage package and its dependencies into .venv"
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[${extras}]"
touch .venv/.installed
