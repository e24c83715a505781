#!/usr/bin/env bash
# make arm64-test: the install steps on the Pi's architecture, without a Pi.
# A Debian 13 arm64 root (debootstrap --arch=arm64 under qemu-user-static),
# built once and cached in /var/cache/lastmessage/arm64-root-<hash of its
# recipe>; each run works on an overlay of it. Inside (chroot, emulated): the
# installer's apt packages, the wheel with its [pi] extra (lgpio built from
# source with PYPI=1), a scripted game, `selftest --auto`, and lgpio imported
# as lastmessage.service runs it. One line per step; exit 1 if any failed.
# Needs root, debootstrap, qemu-user-static and a Debian mirror.
set -uo pipefail
cd "$(dirname "$0")/.."
SUITE=trixie
MIRROR=${LASTMESSAGE_MIRROR:-http://deb.debian.org/debian}
CACHE=${LASTMESSAGE_APPLIANCE_CACHE:-/var/cache/lastmessage}
. scripts/install-missing.sh   # the Debian packages it needs, installed when missing
install_missing debootstrap:debootstrap qemu-user-static:qemu-aarch64-static
missing=()
[ "$(id -u)" -eq 0 ] || missing+=("root")
for tool in debootstrap qemu-aarch64-static; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
    echo "arm64-test: cannot run here: needs ${missing[*]} (apt-get install debootstrap qemu-user-static; run as root)" >&2
    exit 1
fi
began=$(date +%s)
failed=0
step() {   # step NAME COMMAND...: one line, ok or FAIL, with its time
    local name=$1; shift
    local t0; t0=$(date +%s)
    local out; out=$("$@" 2>&1); local rc=$?
    local last; last=$(printf '%s\n' "$out" | grep -v '^\s*$' | tail -1 | cut -c1-220)
    if [ $rc -eq 0 ]; then echo "ok   $name: $(( $(date +%s) - t0 )) s; $last"
    else echo "FAIL $name: exit $rc after $(( $(date +%s) - t0 )) s; $(printf '%s\n' "$out" | tail -3 | tr '\n' ' ' | cut -c1-600)"
        failed=$((failed + 1)); fi
    return $rc
}

# qemu for arm64 binaries (binfmt_misc, with qemu's own registration).
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc || { echo "arm64-test: cannot mount binfmt_misc" >&2; exit 1; }
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    cat /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register || {
        echo "arm64-test: cannot register qemu-aarch64 with binfmt_misc" >&2; exit 1; }
fi

INCLUDE=python3,python3-venv,ca-certificates
key=$(echo "$SUITE $INCLUDE arm64 minbase" | sha256sum | cut -c1-16)   # the root's recipe, not this script
root="$CACHE/arm64-root-$key"
if [ ! -f "$root/.complete" ]; then
    mkdir -p "$CACHE"; rm -rf "$root.partial"
    echo "arm64-test: building $root with debootstrap --arch=arm64 (emulated; minutes, once)"
    step "root" debootstrap --arch=arm64 --variant=minbase --include="$INCLUDE" \
        "$SUITE" "$root.partial" "$MIRROR" || exit 1
    printf 'deb %s %s main\n' "$MIRROR" "$SUITE" >"$root.partial/etc/apt/sources.list"
    touch "$root.partial/.complete"; mv "$root.partial" "$root"
fi

work=$(mktemp -d /tmp/lastmessage-arm64.XXXXXX)
mkdir "$work/upper" "$work/work" "$work/merged"
merged=$work/merged
cleanup() {
    for m in "$merged/dev" "$merged/proc" "$merged"; do umount -l "$m" 2>/dev/null; done
    [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
mount -t overlay overlay -o "lowerdir=$root,upperdir=$work/upper,workdir=$work/work" "$merged"
mount -t proc proc "$merged/proc"
mount --bind /dev "$merged/dev"
cp /etc/resolv.conf "$merged/etc/resolv.conf"
# This machine's certificate authorities (a proxy in front of PyPI), for pip inside.
cp /etc/ssl/certs/ca-certificates.crt "$merged/root/ca.crt"
wheels=$work/wheel; mkdir "$wheels"
.venv/bin/python -m pip wheel -q --no-deps -w "$wheels" . >/dev/null 2>&1 || { echo "arm64-test: pip wheel failed" >&2; exit 1; }
wheel=$(basename "$(ls "$wheels"/lastmessage-*.whl)")
cp "$wheels/$wheel" "$merged/root/"
packages=$(.venv/bin/python -c "from lastmessage.kiosk.install.plan import APT_PACKAGES; print(' '.join(APT_PACKAGES))")
in_root() { chroot "$merged" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    PIP_CERT=/root/ca.crt SSL_CERT_FILE=/root/ca.crt SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy /bin/sh -c "$1"; }

echo "arm64-test: root $root ($(in_root 'uname -m; . /etc/os-release; echo $PRETTY_NAME' | tr '\n' ' '))"
step "apt" in_root "apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    --no-install-recommends $packages >/dev/null && echo installed: $packages" || true
step "wheel[pi]" in_root "python3 -m venv /opt/lastmessage/venv && /opt/lastmessage/venv/bin/pip install -q --upgrade pip \
    && PYPI=1 /opt/lastmessage/venv/bin/pip install -q '/root/$wheel[pi]' \
    && /opt/lastmessage/venv/bin/pip list 2>/dev/null | grep -Ei '^(lastmessage|pygame-ce|lgpio|gpiozero) '| tr '\n' ' '" || true
cat >"$merged/root/game.jsonl" <<'EOF'
{"action": "scene", "id": "harbour"}
{"action": "pick", "character": "harbour-p200"}
{"action": "flip"}
{"action": "word", "cell": 4, "text": "clown"}
{"action": "wait", "seconds": 31}
{"action": "erase", "cells": [0, 1, 2, 3, 5]}
{"action": "accuse", "character": "harbour-p200"}
EOF
step "play" in_root "cd /tmp && /opt/lastmessage/venv/bin/lastmessage play --script /root/game.jsonl --events /root/events.jsonl \
    && grep -c . /root/events.jsonl | sed 's/^/events: /' && tail -1 /root/events.jsonl" || true
step "selftest" in_root "cd /tmp && /opt/lastmessage/venv/bin/lastmessage selftest --auto" || true
# lgpio as the unit runs it: the service's user, its working folder, LG_WD (no GPIO chip here).
step "lgpio" in_root "id -u lastmessage >/dev/null 2>&1 || useradd --system --user-group --no-create-home lastmessage; \
    mkdir -p /var/lib/lastmessage /run/lastmessage && chown lastmessage: /var/lib/lastmessage /run/lastmessage && \
    cd /var/lib/lastmessage && LG_WD=/run/lastmessage setpriv --reuid=lastmessage --regid=lastmessage --init-groups \
    /opt/lastmessage/venv/bin/python -c \"import os, lgpio; print('lgpio', lgpio.LGPIO_PY_VERSION, 'imported in', os.getcwd(), 'as uid', os.getuid())\"" || true
echo "arm64-test: $((5 - failed)) of 5 steps passed in $(( $(date +%s) - began )) s"
[ $failed -eq 0 ]
