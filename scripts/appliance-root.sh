#!/usr/bin/env bash
# Build (once) the Debian 13 root the appliance test boots, cached outside the
# clone: /var/cache/lastmessage/appliance-root-<hash of this file>. Prints the
# root's path on standard output. Used by scripts/appliance-test.sh.
#
# The root holds what Raspberry Pi OS Lite (Debian 13 based) has, plus the
# test's own tools (grim, wlr-randr, sqlite3). What `lastmessage install`
# installs with apt is NOT assumed: the installer runs apt-get itself inside
# the booted container (the packages below are only pre-fetched into apt's
# cache so a cached run does not download them again).
set -euo pipefail
SUITE=trixie
MIRROR=${LASTMESSAGE_MIRROR:-http://deb.debian.org/debian}
CACHE=${LASTMESSAGE_APPLIANCE_CACHE:-/var/cache/lastmessage}
# A Lite system: systemd, dbus, logind's PAM module, Python, certificates.
BASE=systemd,systemd-sysv,dbus,libpam-systemd,udev,python3,python3-venv,ca-certificates,iproute2,procps,less
# The test's tools, run as root inside the container from outside.
TOOLS=grim,wlr-randr,sqlite3
# Pre-fetched only (downloaded into /var/cache/apt/archives, not installed).
PREFETCH="labwc libinput-tools python3-dev swig gcc libc6-dev fonts-noto-color-emoji fonts-dejavu-core
 polkitd libwayland-egl1 libwayland-cursor0 libwayland-client0 libxkbcommon0 libegl1 libgles2 libgl1-mesa-dri
 libegl-mesa0 libgbm1"
key=$(cat "$0" | sha256sum | cut -c1-16)
root="$CACHE/appliance-root-$key"
if [ -f "$root/.complete" ]; then
    echo "$root"
    exit 0
fi
mkdir -p "$CACHE"
tmp="$root.partial"
rm -rf "$tmp"
echo "appliance-root: building $root with debootstrap ($SUITE from $MIRROR); this takes minutes once" >&2
debootstrap --variant=minbase --include="$BASE,$TOOLS" "$SUITE" "$tmp" "$MIRROR" >"$CACHE/appliance-root-$key.log" 2>&1 || {
    echo "appliance-root: debootstrap failed, see $CACHE/appliance-root-$key.log" >&2; exit 1; }
echo "lastmessage-test" >"$tmp/etc/hostname"
printf 'deb %s %s main\n' "$MIRROR" "$SUITE" >"$tmp/etc/apt/sources.list"
# No password prompt on a console nobody reads; nothing listens on the network.
chroot "$tmp" systemctl mask getty@tty1.service console-getty.service systemd-networkd.service \
    systemd-resolved.service >/dev/null 2>&1 || true
chroot "$tmp" sh -c "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --download-only --no-install-recommends $(echo $PREFETCH)" \
    >>"$CACHE/appliance-root-$key.log" 2>&1 || {
    echo "appliance-root: apt-get in the root failed, see $CACHE/appliance-root-$key.log" >&2; exit 1; }
touch "$tmp/.complete"
mv "$tmp" "$root"
echo "$root"
