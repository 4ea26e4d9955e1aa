#!/usr/bin/env bash
# The Debian / Raspberry Pi OS packages the tests need, installed if missing:
#   mosquitto  - the MQTT broker the club-room tests start on a free localhost port
#                (brings mosquitto_passwd, used to hash the per-table passwords)
#   chromium   - the browser the dashboard tests drive with Playwright (/usr/bin/chromium)
#   openssl    - makes the self-made CA of the TLS test
# Run by the README's test command (and .ci/run) before the venv is made. As root it calls
# apt-get directly, otherwise through sudo. Nothing happens when all are installed.
# (Created by helper "clubroom"; helper "config" owns this script: keep this package list.)
set -euo pipefail

PACKAGES=(mosquitto chromium openssl)

missing=()
for package in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi
echo "install-test-parts: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
else
    SUDO=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
# Debian starts the packaged broker as a service; the tests start their own on a free port
# and need nothing from it.
