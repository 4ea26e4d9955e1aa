#!/usr/bin/env bash
# Install (or update, or remove) the Scrabble club kiosk on Raspberry Pi OS (Bookworm or Trixie).
#
#   sudo systemd/install.sh              install, or update after a `git pull`
#   sudo systemd/install.sh --uninstall  remove what it added; keeps the games folder
#   systemd/install.sh --dry-run         print what it would do, change nothing
#   systemd/install.sh --root DIR        install the files into DIR (a throwaway root
#                                        for tests): no apt, no user, no service start
#   --no-pip                             do not install the project into the venv
#
# Idempotent: a second run with nothing changed does nothing ("nothing to do").
set -euo pipefail

KIOSK_USER=scrabble-kiosk
KIOSK_GROUPS=(gpio video render input)
PREFIX=/opt/scrabble-kiosk
VENV=$PREFIX/venv
MANIFEST=$PREFIX/install-manifest
CONF_DIR=/etc/scrabble-kiosk
STATE_DIR=/var/lib/scrabble-kiosk
GAMES_DIR=$STATE_DIR/games
UNIT_DIR=/etc/systemd/system
UNITS=(scrabble-kiosk.service scrabble-kiosk-retry.timer)
PYTHON=${PYTHON:-/usr/bin/python3}
# picamera2 and the SDL/KMS libraries come from Raspberry Pi OS; the venv sees them
# through --system-site-packages. libgl1: the opencv-python wheel (aarch64, 4.11 and 5.0)
# links libGL.so.1, which Raspberry Pi OS Lite lacks: without it `import cv2` fails
# (round 39, the wheel imported under qemu-aarch64 from Debian's arm64 packages; its
# other libraries come with libgl1 (X11's client libraries) or with NetworkManager,
# Raspberry Pi OS's network service since Bookworm (glib; libglib2.0-0t64 on Trixie).
APT_PACKAGES=(
    python3-venv python3-pip python3-picamera2 python3-libcamera python3-lgpio
    libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libgbm1 libegl1 libgles2 libdrm2
    libgl1 fonts-dejavu-core
)

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=/
DRY_RUN=0
UNINSTALL=0
NO_PIP=0
CHANGED=0

usage() { sed -n '2,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}"; }

while (($#)); do
    case $1 in
        --root) ROOT=${2:?--root needs a folder}; shift ;;
        --root=*) ROOT=${1#--root=} ;;
        --dry-run) DRY_RUN=1 ;;
        --uninstall) UNINSTALL=1 ;;
        --no-pip) NO_PIP=1 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
    shift
done
ROOT=$(realpath -m "$ROOT")
R=${ROOT%/}   # prefix for every path: "" for the real system
REAL_SYSTEM=0
[[ $ROOT == / ]] && REAL_SYSTEM=1

say() { printf '%s\n' "$*"; }

# Run a command that changes something (or, with --dry-run, only print it).
run() {
    CHANGED=1
    local shown
    shown=$(printf '%q ' "$@")
    if ((DRY_RUN)); then
        printf '[dry-run] %s\n' "${shown% }"
    else
        printf '+ %s\n' "${shown% }"
        "$@"
    fi
}

in_manifest() { [[ -f $R$MANIFEST ]] && grep -qxF "$1" "$R$MANIFEST"; }

remember() {
    if ((DRY_RUN)); then return; fi
    mkdir -p "$R$PREFIX"
    in_manifest "$1" || printf '%s\n' "$1" >>"$R$MANIFEST"
}

# What pip installs: the packages and their build files, nothing else of the clone.
PROJECT_FILES=(pyproject.toml README.md kiosk vision hardware)

source_stamp() {
    (cd "$SOURCE" && find "${PROJECT_FILES[@]}" -type f \
        ! -path '*/__pycache__/*' ! -name '*.pyc' -print0 | sort -z | xargs -0 sha256sum) |
        sha256sum | cut -d' ' -f1
}

# pip builds in the source tree; build from a copy so the clone gets no root-owned files.
pip_install_project() {
    local copy status=0
    copy=$(mktemp -d)
    (cd "$SOURCE" && cp -r --parents "${PROJECT_FILES[@]}" "$copy/")
    "$@" "$copy" || status=$?
    rm -rf "$copy"
    return "$status"
}

# The venv's numpy keeps the major version of the system's numpy: Raspberry Pi OS's
# python3-picamera2 uses python3-simplejpeg, compiled against it (Bookworm: numpy 1.24,
# Trixie: 2.2), and a numpy of another major version in the venv (which shadows the
# system's) breaks `import picamera2`. pip then takes the newest opencv-python built for
# that numpy: 4.11 on Bookworm, the tests' 5.0 on Trixie. Prints nothing without a numpy.
numpy_requirement() {
    local major
    major=$("$PYTHON" -c 'import numpy; print(numpy.__version__.split(".")[0])' 2>/dev/null) || return 0
    [[ $major =~ ^[0-9]+$ ]] && printf 'numpy>=%s,<%s\n' "$major" "$((major + 1))"
    return 0
}

# --- install steps ---------------------------------------------------------------

install_packages() {
    if ((!REAL_SYSTEM)); then
        say "apt: skipped (installing into $ROOT, not this system)"
        return
    fi
    local missing=() package
    for package in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
            missing+=("$package")
    done
    if ((${#missing[@]} == 0)); then
        say "apt: all packages present"
        return
    fi
    run apt-get update
    run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    remember "packages ${missing[*]}"
}

create_user() {
    if ((!REAL_SYSTEM)); then
        say "user: skipped (installing into $ROOT)"
        return
    fi
    if id -u "$KIOSK_USER" >/dev/null 2>&1; then
        say "user: $KIOSK_USER exists"
    else
        run useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Scrabble club kiosk" "$KIOSK_USER"
        remember "user $KIOSK_USER"
    fi
    local group
    for group in "${KIOSK_GROUPS[@]}"; do
        if ! getent group "$group" >/dev/null; then
            say "user: group $group does not exist here; skipped"
        elif ! id -nG "$KIOSK_USER" 2>/dev/null | tr ' ' '\n' | grep -qxF "$group"; then
            run usermod -aG "$group" "$KIOSK_USER"
        fi
    done
}

create_venv() {
    if [[ -x $R$VENV/bin/python ]]; then
        say "venv: $VENV exists"
    else
        run install -d -m 0755 "$R$PREFIX"
        run "$PYTHON" -m venv --system-site-packages "$R$VENV"
    fi
}

install_project() {
    local stamp
    stamp=$(source_stamp)
    if ((NO_PIP)); then
        say "project: skipped (--no-pip)"
    elif [[ -f $R$VENV/source-stamp && $(cat "$R$VENV/source-stamp") == "$stamp" ]]; then
        say "project: installed version is current"
    else
        local numpy_pin=()
        mapfile -t numpy_pin < <(numpy_requirement)
        if ((${#numpy_pin[@]})); then
            say "numpy: ${numpy_pin[0]}, the major version of the system's numpy, which picamera2 is built against"
        else
            say "numpy: the system python has none; pip picks it"
        fi
        run pip_install_project "$R$VENV/bin/python" -m pip install --quiet --upgrade "${numpy_pin[@]}"
        ((DRY_RUN)) || printf '%s\n' "$stamp" >"$R$VENV/source-stamp"
    fi
}

install_config() {
    if [[ -e $R$CONF_DIR/kiosk.toml ]]; then
        say "config: $CONF_DIR/kiosk.toml kept as it is"
    else
        run install -D -m 0644 "$SOURCE/systemd/kiosk.toml" "$R$CONF_DIR/kiosk.toml"
    fi
}

create_games_dir() {
    if [[ -d $R$GAMES_DIR ]]; then
        say "games: $GAMES_DIR exists"
        return
    fi
    if ((REAL_SYSTEM)); then
        run install -d -m 0750 -o "$KIOSK_USER" -g "$KIOSK_USER" "$STATE_DIR" "$GAMES_DIR"
    else
        run install -d -m 0750 "$R$STATE_DIR" "$R$GAMES_DIR"
    fi
}

install_units() {
    local unit units_changed=0
    for unit in "${UNITS[@]}"; do
        if cmp -s "$SOURCE/systemd/$unit" "$R$UNIT_DIR/$unit"; then
            say "unit: $unit up to date"
        else
            run install -D -m 0644 "$SOURCE/systemd/$unit" "$R$UNIT_DIR/$unit"
            units_changed=1
        fi
    done
    if ((REAL_SYSTEM && units_changed)) && [[ -d /run/systemd/system ]]; then
        run systemctl daemon-reload
    fi
    if [[ -L $R$UNIT_DIR/multi-user.target.wants/${UNITS[0]} ]]; then
        say "unit: ${UNITS[0]} enabled"
    else
        run systemctl --root="$ROOT" enable "${UNITS[0]}"
    fi
}

start_or_restart() {
    ((REAL_SYSTEM)) && [[ -d /run/systemd/system ]] || return 0
    if systemctl is-active --quiet "${UNITS[0]}"; then
        if ((CHANGED)); then run systemctl restart "${UNITS[0]}"; fi
    else
        say "start it now with: sudo systemctl start ${UNITS[0]}  (or reboot)"
    fi
    if [[ $(systemctl get-default) == graphical.target ]]; then
        say "note: this Pi boots to the desktop, which holds the screen; for the kiosk run"
        say "      sudo raspi-config  (System Options > Boot > Console) or use Raspberry Pi OS Lite"
    fi
}

do_install() {
    if ((REAL_SYSTEM && !DRY_RUN && EUID != 0)); then
        echo "install.sh: run as root (sudo), or use --dry-run / --root DIR" >&2
        exit 1
    fi
    install_packages
    create_user
    create_venv
    install_project
    install_config
    create_games_dir
    install_units
    start_or_restart
    if ((CHANGED)); then say "done: the kiosk starts at boot"; else say "nothing to do"; fi
}

# --- uninstall -------------------------------------------------------------------

do_uninstall() {
    if ((REAL_SYSTEM && !DRY_RUN && EUID != 0)); then
        echo "install.sh: run as root (sudo)" >&2
        exit 1
    fi
    local unit
    if [[ -L $R$UNIT_DIR/multi-user.target.wants/${UNITS[0]} ]]; then
        run systemctl --root="$ROOT" disable "${UNITS[0]}"
    fi
    if ((REAL_SYSTEM)) && [[ -d /run/systemd/system ]]; then
        for unit in "${UNITS[@]}"; do
            systemctl is-active --quiet "$unit" && run systemctl stop "$unit"
        done
    fi
    for unit in "${UNITS[@]}"; do
        [[ -e $R$UNIT_DIR/$unit ]] && run rm -f "$R$UNIT_DIR/$unit"
    done
    if ((REAL_SYSTEM)) && [[ -d /run/systemd/system ]]; then run systemctl daemon-reload; fi
    if [[ -f $R$CONF_DIR/kiosk.toml ]]; then
        if cmp -s "$SOURCE/systemd/kiosk.toml" "$R$CONF_DIR/kiosk.toml"; then
            run rm -f "$R$CONF_DIR/kiosk.toml"
            run rmdir --ignore-fail-on-non-empty "$R$CONF_DIR"
        else
            say "config: $CONF_DIR/kiosk.toml was edited; kept"
        fi
    fi
    local line user="" packages=()
    if [[ -f $R$MANIFEST ]]; then
        while IFS= read -r line; do
            case $line in
                "user "*) user=${line#user } ;;
                "packages "*) read -ra packages <<<"${line#packages }" ;;
            esac
        done <"$R$MANIFEST"
    fi
    [[ -d $R$PREFIX ]] && run rm -rf "$R$PREFIX"
    if ((REAL_SYSTEM)) && [[ -n $user ]] && id -u "$user" >/dev/null 2>&1; then
        run userdel "$user"
    fi
    if ((REAL_SYSTEM && ${#packages[@]})); then
        run apt-get remove -y "${packages[@]}"
    fi
    say "kept: $GAMES_DIR (your games)"
    if ((CHANGED)); then say "removed"; else say "nothing to do"; fi
}

if ((UNINSTALL)); then do_uninstall; else do_install; fi
