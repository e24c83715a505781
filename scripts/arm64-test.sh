#!/usr/bin/env bash
# make arm64-test: the install steps on the Pi's architecture, without a Pi.
# Under qemu-user-static, in a chroot of a Debian 13 arm64 root: the installer's
# apt packages, the wheel with its [pi] extra (lgpio built from source with
# PYPI=1), a short scripted game, `selftest --auto`, and lgpio imported as
# lastmessage.service runs it. One line per step with its time; exit 1 if any
# failed. Needs root, debootstrap, qemu-user-static, and a Debian mirror and the
# package index when a layer has to be built.
#
# The slow, deterministic part is three cached layers (scripts/layer-cache.sh,
# in /var/cache/lastmessage), stacked with overlayfs, each keyed on what it is
# made from:
#   root  debootstrap --arch=arm64: the suite, its packages, the mirror;
#   apt   the root's id and the installer's plan.APT_PACKAGES;
#   pip   the apt layer's id and the wheel's requirements (Requires-Dist, the
#         [pi] extra's lgpio included), NOT the wheel itself: the venv with
#         everything but lastmessage, lgpio built once.
# A repeat run installs only this commit's wheel on top (--no-deps, then `pip
# check`), on a throw-away overlay, and plays.
set -uo pipefail
cd "$(dirname "$0")/.."
SUITE=trixie
MIRROR=${LASTMESSAGE_MIRROR:-http://deb.debian.org/debian}
LAYER_CACHE=${LASTMESSAGE_APPLIANCE_CACHE:-/var/cache/lastmessage}
LAYER_PREFIX=arm64
VENV=/opt/lastmessage/venv
GAME=detectives-win.jsonl   # a shipped example: one round, a stroke, two words, the right accusation
STEPS=8
. scripts/install-missing.sh   # the Debian packages it needs, installed when missing
. scripts/layer-cache.sh
install_missing debootstrap:debootstrap qemu-user-static:qemu-aarch64-static
missing=()
[ "$(id -u)" -eq 0 ] || missing+=("root")
for tool in debootstrap qemu-aarch64-static flock; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
    echo "arm64-test: cannot run here: needs ${missing[*]} (apt-get install debootstrap qemu-user-static; run as root)" >&2
    exit 1
fi
began=$(date +%s)
failed=0
passed=0
step() {   # step NAME COMMAND...: one line, ok or FAIL, with its time
    local name=$1; shift
    local t0; t0=$(date +%s)
    local out; out=$("$@" 2>&1); local rc=$?
    local last; last=$(printf '%s\n' "$out" | grep -v '^\s*$' | tail -1 | cut -c1-220)
    if [ $rc -eq 0 ]; then echo "ok   $name: $(( $(date +%s) - t0 )) s; $last"; passed=$((passed + 1))
    else echo "FAIL $name: exit $rc after $(( $(date +%s) - t0 )) s; $(printf '%s\n' "$out" | tail -3 | tr '\n' ' ' | cut -c1-600)"
        failed=$((failed + 1)); fi
    return $rc
}
summary() { echo "arm64-test: $passed of $STEPS steps passed in $(( $(date +%s) - began )) s"; }

# qemu for arm64 binaries (binfmt_misc, with qemu's own registration).
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc || { echo "arm64-test: cannot mount binfmt_misc" >&2; exit 1; }
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    cat /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register || {
        echo "arm64-test: cannot register qemu-aarch64 with binfmt_misc" >&2; exit 1; }
fi

work=$(mktemp -d /tmp/lastmessage-arm64.XXXXXX)
cleanup() {
    layer_unmount_under "$work"
    [ -n "${KEEP:-}" ] || rm -rf --one-file-system "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
layer_lock
layer_clean

in_chroot() {   # in_chroot DIR COMMAND: a shell command in the arm64 tree, emulated
    chroot "$1" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root PIP_CERT=/root/ca.crt \
        SSL_CERT_FILE=/root/ca.crt PIP_DISABLE_PIP_VERSION_CHECK=1 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
        /bin/sh -c "$2"
}
stack() {   # stack MERGED UPPER WORK LOWER[:LOWER...]: an overlay to chroot into
    mkdir -p "$1" "$2" "$3"
    # Plain copies up (no redirects, no metadata-only copies): an upper made here
    # is used later as a lower layer on its own.
    mount -t overlay overlay -o "lowerdir=$4,upperdir=$2,workdir=$3,redirect_dir=off,metacopy=off,index=off" "$1" &&
        mount -t proc proc "$1/proc" && mount --bind /dev "$1/dev" || return 1
    cp /etc/resolv.conf "$1/etc/resolv.conf"
    # This machine's certificate authorities (a proxy in front of PyPI), for pip inside.
    cp /etc/ssl/certs/ca-certificates.crt "$1/root/ca.crt"
    cp "$wheels/$wheel" "$1/root/"
}
unstack() { rm -f "$1/root/ca.crt" "$1/root/$wheel"; layer_unmount_under "$1"; umount -l "$1"; }

build_root() {   # builder: debootstrap into TREE
    debootstrap --arch=arm64 --variant=minbase --include="$INCLUDE" "$SUITE" "$1" "$MIRROR" >"$2/debootstrap.log" 2>&1 || {
        tail -3 "$2/debootstrap.log"; return 1; }
    printf 'deb %s %s main\n' "$MIRROR" "$SUITE" >"$1/etc/apt/sources.list"
}
build_on() {   # builder: TREE SCRATCH LOWERS COMMAND: what COMMAND changes over LOWERS becomes TREE
    local merged=$2/merged
    stack "$merged" "$1" "$2/work" "$3" || return 1
    in_chroot "$merged" "$4"; local rc=$?
    unstack "$merged"
    return $rc
}

# The wheel of this commit, and what its requirements are.
wheels=$work/wheel; mkdir "$wheels"
.venv/bin/python -m pip wheel -q --no-deps -w "$wheels" . >"$work/wheel.log" 2>&1 || {
    echo "arm64-test: pip wheel failed:" >&2; tail -5 "$work/wheel.log" >&2; exit 1; }
wheel=$(basename "$(ls "$wheels"/lastmessage-*.whl)")
requirements=$(.venv/bin/python - "$wheels/$wheel" <<'EOF'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    metadata = next(name for name in wheel.namelist() if name.endswith(".dist-info/METADATA"))
    lines = wheel.read(metadata).decode().splitlines()
print("\n".join(sorted(line for line in lines if line.startswith(("Requires-Dist:", "Requires-Python:")))))
EOF
) || exit 1
packages=$(.venv/bin/python -c "from lastmessage.kiosk.install.plan import APT_PACKAGES; print(' '.join(APT_PACKAGES))") || exit 1

INCLUDE=python3,python3-venv,ca-certificates
root=$(layer_dir root "$(layer_key "$SUITE" "$INCLUDE" arm64 minbase "$MIRROR")")
step "root" layer_ensure "$root" "debootstrap --arch=arm64 $SUITE ($INCLUDE)" build_root || { summary; exit 1; }

apt=$(layer_dir apt "$(layer_key "$(layer_field "$root" id)" $(printf '%s\n' $packages | LC_ALL=C sort))")
step "apt" layer_ensure "$apt" "apt-get install $packages" build_on "$root" \
    "apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    $packages >/dev/null && apt-get clean && rm -rf /var/lib/apt/lists/* && echo installed: $packages" || { summary; exit 1; }

# The venv with the wheel's dependencies and lgpio: the wheel installed as the
# installer does (PYPI=1, [pi]), then itself removed, leaving what it needs.
pip_layer=$(layer_dir pip "$(layer_key "$(layer_field "$apt" id)" "$requirements" "PYPI=1 [pi] pip latest")")
step "pip deps" layer_ensure "$pip_layer" "the venv with the requirements of $wheel[pi]" build_on "$apt:$root" \
    "python3 -m venv $VENV && $VENV/bin/pip install -q --no-cache-dir --upgrade pip \
    && PYPI=1 $VENV/bin/pip install -q --no-cache-dir '/root/$wheel[pi]' && $VENV/bin/pip uninstall -q -y lastmessage \
    && $VENV/bin/pip list 2>/dev/null | tail -n +3 | tr -s ' ' | tr '\n' ' '" || { summary; exit 1; }

# This run: a throw-away overlay on the three layers, and this commit's wheel.
merged=$work/merged
stack "$merged" "$work/upper" "$work/work" "$pip_layer:$apt:$root" || { echo "arm64-test: cannot mount the overlay" >&2; exit 1; }
echo "arm64-test: $(in_chroot "$merged" 'uname -m; . /etc/os-release; echo $PRETTY_NAME; python3 --version' | tr '\n' ' ')"
step "wheel" in_chroot "$merged" "$VENV/bin/pip install -q --no-deps --no-index /root/$wheel && $VENV/bin/pip check >/dev/null \
    && $VENV/bin/pip list 2>/dev/null | grep -Ei '^(lastmessage|pygame-ce|lgpio|gpiozero) '| tr -s ' ' | tr '\n' ' '"
step "play" in_chroot "$merged" "cd /tmp && $VENV/bin/lastmessage play \
    --script $VENV/lib/python3*/site-packages/lastmessage/data/examples/$GAME --events /root/events.jsonl && echo \"$GAME: \$(grep -c . /root/events.jsonl) events, the last: \$(tail -1 /root/events.jsonl)\""
# The install's scene cache (kiosk/install/warm_cache.py), made by the package on arm64.
step "cache" in_chroot "$merged" "cd /tmp && LASTMESSAGE_CACHE=/tmp/scene-cache $VENV/bin/python -m lastmessage.kiosk.install.warm_cache"
step "selftest" in_chroot "$merged" "cd /tmp && $VENV/bin/lastmessage selftest --auto"
# lgpio as the unit runs it: the service's user, its working folder, LG_WD (no GPIO chip here).
step "lgpio" in_chroot "$merged" "id -u lastmessage >/dev/null 2>&1 || useradd --system --user-group --no-create-home lastmessage; \
    mkdir -p /var/lib/lastmessage /run/lastmessage && chown lastmessage: /var/lib/lastmessage /run/lastmessage && \
    cd /var/lib/lastmessage && LG_WD=/run/lastmessage setpriv --reuid=lastmessage --regid=lastmessage --init-groups \
    $VENV/bin/python -c \"import os, lgpio; print('lgpio', lgpio.LGPIO_PY_VERSION, 'imported in', os.getcwd(), 'as uid', os.getuid())\""
summary
[ $failed -eq 0 ]
