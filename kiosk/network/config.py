"""`[network]` in the kiosk config: the club's MQTT broker. Absent: no network at all (KIOSK-02).

    [network]
    broker = "director.local"     # host name or address of the club's Mosquitto (required)
    port = 8883                   # default 1883, or 8883 when TLS files are given
    table = "t07"                 # this table's name: letters, digits, '-', '_' (required)
    round = 3                     # the round being played (default 1)
    username = "t07"              # default: the table name (the broker's ACL expects it)
    password = "..."              # or password_file = "/etc/scrabble-kiosk/mqtt-password"
    ca_file = "/etc/scrabble-kiosk/club-ca.crt"   # TLS: the club CA that signed the broker
    cert_file = "..."             # TLS client certificate (optional, with key_file)
    key_file = "..."

`parse_network(table, source)` raises InputError naming the file and the key.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from kiosk.errors import InputError

TABLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")
KEYS = {"broker", "port", "table", "round", "username", "password", "password_file", "ca_file", "cert_file",
        "key_file", "keepalive"}


@dataclass(frozen=True)
class NetworkConfig:
    broker: str
    table: str
    port: int = 1883
    round: int = 1
    username: str = ""
    password: str = ""
    ca_file: Path | None = None
    cert_file: Path | None = None
    key_file: Path | None = None
    keepalive: int = 15

    @property
    def tls(self) -> bool:
        return self.ca_file is not None


def _field(source: str, key: str, message: str) -> InputError:
    return InputError(source, message, None, f"network.{key}")


def _string(table: dict, key: str, source: str, default: str = "") -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise _field(source, key, f"must be a string, not {value!r}")
    return value


def _int(table: dict, key: str, source: str, default: int, low: int, high: int) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _field(source, key, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def _file(table: dict, key: str, source: str) -> Path | None:
    if key not in table:
        return None
    text = _string(table, key, source)
    path = Path(text)
    if not path.is_absolute() and not source.startswith("<"):
        path = Path(source).parent / path          # relative to the config file, not the working folder
    if not path.is_file():
        raise _field(source, key, f"no such file: {text}")
    return path


def parse_network(table: dict, source: str) -> NetworkConfig | None:
    """The `[network]` table (already read from TOML) -> NetworkConfig; None when the table
    is empty or `enabled = false`. InputError(source, what, field="network.<key>") otherwise."""
    if not isinstance(table, dict):
        raise InputError(source, "[network] must be a table", None, "network")
    table = dict(table)
    enabled = table.pop("enabled", True)
    if not isinstance(enabled, bool):
        raise _field(source, "enabled", f"must be true or false, not {enabled!r}")
    if not enabled or not table:
        return None
    for key in table:
        if key not in KEYS:
            raise _field(source, key, f"unknown key (known: {', '.join(sorted(KEYS | {'enabled'}))})")
    broker = _string(table, "broker", source).strip()
    if not broker:
        raise _field(source, "broker", "required: the host name or address of the club's MQTT broker")
    name = _string(table, "table", source)
    if not TABLE_NAME.fullmatch(name):
        raise _field(source, "table", f"required: 1 to 32 letters, digits, '-' or '_', not {name!r}")
    username = _string(table, "username", source, name)
    if username != name:
        raise _field(source, "username", f"must be the table name {name!r}: the broker's ACL lets user X "
                                         "publish only under scrabble/tables/X/")
    password = _string(table, "password", source)
    password_file = _file(table, "password_file", source)
    if password and password_file:
        raise _field(source, "password_file", "give password or password_file, not both")
    if password_file is not None:
        try:
            password = password_file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            raise _field(source, "password_file", f"cannot read it ({exc})") from None
    ca_file = _file(table, "ca_file", source)
    cert_file = _file(table, "cert_file", source)
    key_file = _file(table, "key_file", source)
    if (cert_file is None) != (key_file is None):
        raise _field(source, "cert_file" if cert_file is None else "key_file",
                     "cert_file and key_file go together")
    if cert_file is not None and ca_file is None:
        raise _field(source, "ca_file", "required with cert_file: the CA that signed the broker's certificate")
    port = _int(table, "port", source, 8883 if ca_file else 1883, 1, 65535)
    return NetworkConfig(
        broker=broker, table=name, port=port, round=_int(table, "round", source, 1, 1, 999),
        username=username, password=password, ca_file=ca_file, cert_file=cert_file, key_file=key_file,
        keepalive=_int(table, "keepalive", source, 15, 5, 600),
    )
