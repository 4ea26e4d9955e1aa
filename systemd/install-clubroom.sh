#!/usr/bin/env bash
# Club room: install Mosquitto and the director's dashboard on a director's Pi or Debian laptop.
#
#   sudo systemd/install-clubroom.sh --tables 12           tables t01..t12
#   sudo systemd/install-clubroom.sh --tables red,blue     tables by name
#   sudo systemd/install-clubroom.sh --tables 12 --tls-dir /root/club-ca
#                                   TLS on port 8883 with ca.crt, broker.crt, broker.key;
#                                   the dashboard then serves HTTPS with the same certificate
#   systemd/install-clubroom.sh --tables 12 --dry-run      print the steps, change nothing
#   sudo systemd/install-clubroom.sh --uninstall           remove the units and the broker
#                                                          snippet; keeps results and passwords
#
# After it: the dashboard is at http://<this machine>:8080/ (spectators) and /director
# (user "director", the password printed at the end); each kiosk's [network] password is in
# /etc/mosquitto/scrabble/passwords.txt (user = table name). Running it again keeps the
# passwords of tables it already knows.
set -euo pipefail

PREFIX=/opt/scrabble-dashboard
VENV=$PREFIX/venv
CONF=/etc/scrabble-dashboard
BROKER_DIR=/etc/mosquitto/scrabble
SNIPPET=/etc/mosquitto/conf.d/scrabble.conf
STATE=/var/lib/scrabble-dashboard
USER_NAME=scrabble-dashboard
UNIT=scrabble-dashboard.service
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TABLES=""
TLS_DIR=""
DRY=0
UNINSTALL=0

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
    case "$1" in
        --tables) TABLES=${2:?--tables needs a count or names}; shift 2 ;;
        --tls-dir) TLS_DIR=${2:?--tls-dir needs a folder}; shift 2 ;;
        --dry-run) DRY=1; shift ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install-clubroom: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done

step() {
    echo "+ $*"
    if [ "$DRY" -eq 0 ]; then
        "$@"
    fi
}

if [ "$DRY" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "install-clubroom: run as root (sudo), or with --dry-run" >&2
    exit 1
fi

if [ "$UNINSTALL" -eq 1 ]; then
    step systemctl disable --now "$UNIT" || true
    step rm -f "/etc/systemd/system/$UNIT" "$SNIPPET"
    step systemctl daemon-reload
    step systemctl restart mosquitto || true
    echo "removed the dashboard unit and the broker snippet; kept $STATE, $CONF and $BROKER_DIR"
    exit 0
fi

if [ -z "$TABLES" ]; then
    echo "install-clubroom: --tables is required (a count, or names separated by commas)" >&2
    exit 2
fi

step apt-get install -y -q --no-install-recommends mosquitto python3-venv python3-pip openssl
if ! id "$USER_NAME" >/dev/null 2>&1; then
    step useradd --system --home-dir "$STATE" --shell /usr/sbin/nologin "$USER_NAME"
fi
step mkdir -p "$PREFIX" "$CONF" "$STATE/results" "$BROKER_DIR"
if [ ! -x "$VENV/bin/python" ]; then
    step python3 -m venv "$VENV"
fi
step "$VENV/bin/pip" install -q "${SRC}[dashboard]"

# The broker: one user per table and the dashboard's, the ACL, a listener for the room.
PORT=1883
TLS_ARGS=()
if [ -n "$TLS_DIR" ]; then
    PORT=8883
    step install -m 0644 "$TLS_DIR/ca.crt" "$BROKER_DIR/ca.crt"
    step install -m 0644 "$TLS_DIR/broker.crt" "$BROKER_DIR/broker.crt"
    step install -m 0640 -g mosquitto "$TLS_DIR/broker.key" "$BROKER_DIR/broker.key"
    step install -m 0644 "$TLS_DIR/ca.crt" "$CONF/club-ca.crt"
    # the dashboard serves HTTPS with the same certificate (its name is the director machine's)
    step install -m 0644 "$TLS_DIR/broker.crt" "$CONF/dashboard.crt"
    step install -m 0640 "$TLS_DIR/broker.key" "$CONF/dashboard.key"
    TLS_ARGS=(--tls-dir "$BROKER_DIR")
fi
step "$VENV/bin/python" -m kiosk dashboard broker-setup --tables "$TABLES" --out "$BROKER_DIR" \
    --port "$PORT" --debian-snippet "${TLS_ARGS[@]}"
step chgrp mosquitto "$BROKER_DIR/passwd" "$BROKER_DIR/acl"
step chmod 0640 "$BROKER_DIR/passwd" "$BROKER_DIR/acl"
step install -m 0644 "$BROKER_DIR/mosquitto.conf" "$SNIPPET"

# The dashboard's own secrets: its broker password and the director's password.
if [ "$DRY" -eq 0 ]; then
    awk '$1 == "director" { print $2 }' "$BROKER_DIR/passwords.txt" > "$CONF/mqtt-password"
    if [ ! -s "$CONF/director-password" ]; then
        openssl rand -base64 12 > "$CONF/director-password"
    fi
    cat > "$CONF/dashboard.toml" <<TOML
# Written by systemd/install-clubroom.sh; see kiosk/cli/dashboard.py for every key.
broker = "localhost"
port = $PORT
username = "director"
password_file = "$CONF/mqtt-password"
director_password_file = "$CONF/director-password"
http_host = "0.0.0.0"
http_port = 8080
results_dir = "$STATE/results"
TOML
    if [ -n "$TLS_DIR" ]; then
        {
            echo "ca_file = \"$CONF/club-ca.crt\""
            echo "https_cert_file = \"$CONF/dashboard.crt\""
            echo "https_key_file = \"$CONF/dashboard.key\""
        } >> "$CONF/dashboard.toml"
    fi
    chgrp "$USER_NAME" "$CONF" "$CONF"/*
    chmod 0750 "$CONF"
    chmod 0640 "$CONF"/*
    chown -R "$USER_NAME:$USER_NAME" "$STATE"
else
    echo "+ write $CONF/mqtt-password, $CONF/director-password (if new), $CONF/dashboard.toml"
fi
step install -m 0644 "$SRC/systemd/$UNIT" "/etc/systemd/system/$UNIT"
step systemctl daemon-reload
step systemctl enable mosquitto "$UNIT"
step systemctl restart mosquitto "$UNIT"

SCHEME=http
if [ -n "$TLS_DIR" ]; then
    SCHEME=https
fi
echo "done: dashboard on $SCHEME://$(hostname):8080/ ; director view /director (user director, password in $CONF/director-password)"
echo "      kiosk passwords (user = table name) in $BROKER_DIR/passwords.txt; broker port $PORT"
