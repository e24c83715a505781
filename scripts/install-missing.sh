# Sourced by the container tests (appliance-test.sh, arm64-test.sh): the tools
# they need are Debian packages, installed here when missing, as the other make
# targets install theirs; where they cannot be (not root, no apt-get) the test
# says in one line what it needs.
install_missing() {   # install_missing PACKAGE:COMMAND ...
    local need=() pair
    for pair in "$@"; do command -v "${pair#*:}" >/dev/null || need+=("${pair%%:*}"); done
    if [ ${#need[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
        echo "$(basename "$0" .sh): installing ${need[*]}"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    fi
}
