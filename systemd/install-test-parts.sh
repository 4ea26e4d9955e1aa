#!/usr/bin/env bash
# Install the Debian / Raspberry Pi OS packages the tests need (the first step of the
# README's test command and of .ci/run):
#
#   bash systemd/install-test-parts.sh            install what is missing (apt-get; sudo unless root)
#   bash systemd/install-test-parts.sh --dry-run  print what it would install, change nothing
#
# Quiet, and does nothing when everything is installed already. The tests never skip a
# missing broker or browser: they need these.
set -euo pipefail

# mosquitto: the club-room MQTT broker the network tests publish to;
# chromium: the browser the dashboard tests drive headless; openssl: their TLS certificates.
# (Debian may start the packaged broker as a service; the tests start their own on a free port.)
TEST_PACKAGES=(mosquitto chromium openssl)

DRY_RUN=0
case ${1:-} in
    --dry-run) DRY_RUN=1 ;;
    "") ;;
    -h|--help) sed -n '2,9s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "install-test-parts.sh: unknown option $1" >&2; exit 2 ;;
esac

installed() {
    [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) == "install ok installed" ]]
}

missing=()
for package in "${TEST_PACKAGES[@]}"; do
    installed "$package" || missing+=("$package")
done
((${#missing[@]})) || exit 0

if ! command -v apt-get >/dev/null; then
    echo "install-test-parts.sh: no apt-get here; install these by hand: ${missing[*]}" >&2
    exit 1
fi
as_root=()
if ((EUID != 0)); then
    command -v sudo >/dev/null || { echo "install-test-parts.sh: not root and no sudo; as root run: apt-get install ${missing[*]}" >&2; exit 1; }
    as_root=(sudo)
fi
if ((DRY_RUN)); then
    echo "would install: ${missing[*]}"
    exit 0
fi
echo "installing the test packages: ${missing[*]}"
apt_install() {
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
# a fresh machine's package lists may be empty or stale: update once, only when needed
apt_install || { "${as_root[@]}" apt-get update -qq >/dev/null && apt_install; }
