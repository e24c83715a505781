#!/usr/bin/env bash
# Creates or refreshes .venv with the package and everything it needs,
# system packages included. Used by `make run` and `make test`; safe to rerun.
set -euo pipefail
cd "$(dirname "$0")/.."

SYSTEM_PACKAGES=(python3-venv fonts-noto-color-emoji fonts-dejavu-core)
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
