#!/usr/bin/env bash
# make appliance-test: the appliance booted in a container (README, "The appliance in a container").
# Needs root, debootstrap, systemd-container (systemd-nspawn) and a Debian mirror.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/install-missing.sh   # the Debian packages it needs, installed when missing
install_missing debootstrap:debootstrap systemd-container:systemd-nspawn
missing=()
[ "$(id -u)" -eq 0 ] || missing+=("root")
for tool in debootstrap systemd-nspawn nsenter; do command -v "$tool" >/dev/null || missing+=("$tool"); done
mirror=${LASTMESSAGE_MIRROR:-http://deb.debian.org/debian}
if ! python3 -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + '/dists/trixie/Release', timeout=20)" "$mirror" 2>/dev/null; then
    missing+=("the Debian mirror $mirror")
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "appliance-test: cannot run here: needs ${missing[*]} (apt-get install debootstrap systemd-container; run as root)" >&2
    exit 1
fi
started=$(date +%s)
wheels=$(mktemp -d /tmp/lastmessage-wheel.XXXXXX)
trap 'rm -rf "$wheels"' EXIT
.venv/bin/python -m pip wheel -q --no-deps -w "$wheels" . >/dev/null 2>"$wheels/pip.log" || {
    echo "appliance-test: pip wheel failed:" >&2; tail -5 "$wheels/pip.log" >&2; exit 1; }
wheel=$(ls "$wheels"/lastmessage-*.whl)
root=$(bash scripts/appliance-root.sh) || exit 1
echo "appliance-test: root $root, wheel $(basename "$wheel") (setup $(( $(date +%s) - started )) s)"
.venv/bin/python scripts/appliance_check.py --root "$root" --wheel "$wheel" ${KEEP:+--keep}
