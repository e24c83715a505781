# Sourced by scripts/arm64-test.sh: a cache of file-system layers (directory
# trees stacked with overlayfs) kept outside the clone, so that a repeat run
# skips the slow, deterministic set-up and a changed input rebuilds it.
#
# A layer is $LAYER_CACHE/$LAYER_PREFIX-KIND-KEY (the tree) and beside it
# KIND-KEY.seal: a random id, the manifest's hash, when and how long it took.
# KEY is the hash of everything the layer depends on, its parent layer's id
# included, so a rebuilt parent rebuilds its children. A layer counts only once
# its seal is in place, and the seal is the last thing written (by a rename):
# an interrupted build leaves a *.partial folder or an unsealed tree, both
# removed and rebuilt by the next run. Each use checks the tree against the
# manifest in the seal (every path, type, mode, size, time and link target), so
# a file lost, added, truncated or rewritten since makes it rebuilt too.
# Callers hold layer_lock for the whole run: one run at a time builds, uses
# and prunes layers. Needs no root itself (the builders may).

layer_lock() {   # layer_lock: one run at a time; says so when it has to wait
    mkdir -p "$LAYER_CACHE"
    exec 9>"$LAYER_CACHE/$LAYER_PREFIX.lock"
    if ! flock -n 9; then
        echo "$LAYER_PREFIX: waiting for another run holding $LAYER_CACHE/$LAYER_PREFIX.lock" >&2
        flock 9
    fi
}

layer_key() {   # layer_key TEXT...: the key of a layer made from these inputs
    printf '%s\n' "$@" | sha256sum | cut -c1-16
}

layer_dir() {   # layer_dir KIND KEY
    echo "$LAYER_CACHE/$LAYER_PREFIX-$1-$2"
}

layer_manifest() {   # layer_manifest DIR: the hash of the tree's listing
    (cd "$1" && find . -printf '%P\t%y\t%m\t%s\t%T@\t%l\n' | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
}

layer_field() {   # layer_field DIR NAME: a field of the layer's seal
    sed -n "s/^$2=//p" "$1.seal" 2>/dev/null | head -1
}

layer_check() {   # layer_check DIR: 0 if sealed and whole; else says why on stdout
    if [ ! -f "$1.seal" ]; then
        [ -e "$1" ] && echo "unsealed (an interrupted build)" || echo "not built"
        return 1
    fi
    if [ ! -d "$1" ]; then echo "sealed but its tree is gone"; return 1; fi
    local want; want=$(layer_field "$1" manifest)
    if [ "$(layer_manifest "$1")" != "$want" ]; then
        echo "damaged (its files differ from the manifest in its seal)"
        return 1
    fi
}

layer_remove() {   # layer_remove DIR: the tree and its seal, never across a mount
    rm -f "$1.seal"
    [ ! -e "$1" ] || rm -rf --one-file-system "$1"
}

layer_clean() {   # layer_clean: what interrupted runs left (under the lock)
    local left
    for left in "$LAYER_CACHE/$LAYER_PREFIX"-*.partial; do
        [ -e "$left" ] || continue
        layer_unmount_under "$left"
        rm -rf --one-file-system "$left"
    done
}

layer_unmount_under() {   # layer_unmount_under DIR: every mount below DIR, deepest first
    local point
    awk -v dir="$1/" 'index($5, dir) == 1 { print $5 }' /proc/self/mountinfo | sort -r |
        while read -r point; do umount -l "$point" 2>/dev/null; done
}

layer_build() {   # layer_build DIR WHAT BUILDER [ARGS...]: BUILDER TREE SCRATCH ARGS... fills TREE
    local dir=$1 what=$2 builder=$3; shift 3
    local tmp=$dir.partial t0; t0=$(date +%s)
    layer_remove "$dir"
    rm -rf --one-file-system "$tmp"
    mkdir -p "$tmp/tree" "$tmp/scratch"
    if ! "$builder" "$tmp/tree" "$tmp/scratch" "$@"; then
        layer_unmount_under "$tmp"; rm -rf --one-file-system "$tmp"
        return 1
    fi
    layer_unmount_under "$tmp"
    mv "$tmp/tree" "$dir" && rm -rf --one-file-system "$tmp" || return 1
    sync -f "$dir" 2>/dev/null
    printf 'id=%s\nmanifest=%s\nbuilt=%s\nseconds=%s\nwhat=%s\n' \
        "$(cat /proc/sys/kernel/random/uuid)" "$(layer_manifest "$dir")" "$(date -u +%FT%TZ)" \
        "$(( $(date +%s) - t0 ))" "$what" >"$dir.seal.new" && sync -f "$dir.seal.new" 2>/dev/null
    mv "$dir.seal.new" "$dir.seal"
}

layer_ensure() {   # layer_ensure DIR WHAT BUILDER [ARGS...]: the layer, built if missing, damaged or stale
    local why
    if why=$(layer_check "$1"); then
        echo "cached $(basename "$1") (built $(layer_field "$1" built) in $(layer_field "$1" seconds) s; manifest ok)"
        return 0
    fi
    echo "$(basename "$1"): $why; building" >&2
    layer_build "$@" || return 1
    layer_prune "$1"
    echo "built $(basename "$1") in $(layer_field "$1" seconds) s: $2"
}

layer_prune() {   # layer_prune DIR: the other sealed layers of DIR's kind (one of each is kept)
    local kind=${1%-*} seal
    for seal in "$kind"-*.seal; do
        [ -e "$seal" ] && [ "$seal" != "$1.seal" ] || continue
        layer_remove "${seal%.seal}"
    done
}
