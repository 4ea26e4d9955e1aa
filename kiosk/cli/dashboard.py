"""`python -m kiosk dashboard` — the director's dashboard, and the club room's tools.

    python -m kiosk dashboard [--config dashboard.toml] [--http-port 8080] ...   serve the pages
    python -m kiosk dashboard broker-setup --tables t01,t02,... --out /etc/mosquitto/scrabble
    python -m kiosk dashboard loadtest --tables 50                               see kiosk.network.loadtest

The config file (TOML, every key optional; command-line options win)::

    broker = "localhost"          port = 1883
    username = "director"         password_file = "/etc/scrabble-dashboard/mqtt-password"
    ca_file = "/etc/scrabble-dashboard/club-ca.crt"
    director_password_file = "/etc/scrabble-dashboard/director-password"
    http_host = "0.0.0.0"         http_port = 8080
    results_dir = "/var/lib/scrabble-dashboard/results"
    tsh_base = "/var/lib/scrabble-dashboard/a.t"
    title = "Club room"
    https_cert_file = "/etc/scrabble-dashboard/dashboard.crt"   # serve HTTPS (the director's
    https_key_file = "/etc/scrabble-dashboard/dashboard.key"    # password is then never in clear)

Errors in the file or options are one line naming the file and key, never a traceback.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Any

from kiosk.errors import InputError, parse_toml

KEYS = {"broker": str, "port": int, "username": str, "password_file": str, "ca_file": str, "cert_file": str,
        "key_file": str, "director_password_file": str, "http_host": str, "http_port": int, "results_dir": str,
        "tsh_base": str, "title": str, "https_cert_file": str, "https_key_file": str}


def _serve_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kiosk dashboard",
                                description="The director's dashboard: every table live from the club's MQTT broker.")
    p.add_argument("--config", type=Path, help="dashboard TOML file (see the module text)")
    p.add_argument("--broker")
    p.add_argument("--port", type=int)
    p.add_argument("--username")
    p.add_argument("--password-file", help="the dashboard's broker password (or env SCRABBLE_MQTT_PASSWORD)")
    p.add_argument("--ca-file")
    p.add_argument("--cert-file")
    p.add_argument("--key-file")
    p.add_argument("--director-password-file",
                   help="password of the director's view (or env SCRABBLE_DIRECTOR_PASSWORD)")
    p.add_argument("--http-host")
    p.add_argument("--http-port", type=int)
    p.add_argument("--results-dir")
    p.add_argument("--tsh-base", help="an existing TSH division file: its players keep their numbers and ratings")
    p.add_argument("--title")
    p.add_argument("--https-cert-file", help="serve HTTPS with this certificate (e.g. signed by the club CA)")
    p.add_argument("--https-key-file")
    p.add_argument("--log-level", default="INFO")
    return p


def _read_secret(path: str, source: str, key: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(source, f"cannot read {path} ({exc.__class__.__name__})", None, key) from None


def load_settings(args: argparse.Namespace) -> tuple[Any, str, int]:
    from kiosk.dashboard.server import DashboardSettings

    values: dict[str, Any] = {}
    source = "<command line>"
    if args.config is not None:
        source = str(args.config)
        try:
            text = args.config.read_text(encoding="utf-8")
        except OSError as exc:
            raise InputError(source, f"cannot read it ({exc.__class__.__name__})") from None
        for key, value in parse_toml(text, source).items():
            if key not in KEYS:
                raise InputError(source, f"unknown key (known: {', '.join(sorted(KEYS))})", None, key)
            if not isinstance(value, KEYS[key]) or isinstance(value, bool):
                raise InputError(source, f"must be a {'whole number' if KEYS[key] is int else 'string'}, not {value!r}",
                                 None, key)
            values[key] = value
    for key in KEYS:
        given = getattr(args, key, None)
        if given is not None:
            values[key] = given
    if ("https_cert_file" in values) != ("https_key_file" in values):
        raise InputError(source, "https_cert_file and https_key_file go together", None, "https_key_file")
    for key in ("ca_file", "cert_file", "key_file", "tsh_base", "https_cert_file", "https_key_file"):
        if key in values and not Path(values[key]).is_file():
            raise InputError(source, f"no such file: {values[key]}", None, key)
    password = os.environ.get("SCRABBLE_MQTT_PASSWORD", "")
    if "password_file" in values:
        password = _read_secret(values["password_file"], source, "password_file")
    director = os.environ.get("SCRABBLE_DIRECTOR_PASSWORD", "")
    if "director_password_file" in values:
        director = _read_secret(values["director_password_file"], source, "director_password_file")
    if not director:
        raise InputError(source, "the director's view needs a password: give director_password_file or set "
                                 "SCRABBLE_DIRECTOR_PASSWORD", None, "director_password_file")
    settings = DashboardSettings(
        broker=values.get("broker", "localhost"), port=values.get("port", 1883),
        username=values.get("username", "director"), password=password,
        ca_file=Path(values["ca_file"]) if "ca_file" in values else None,
        cert_file=Path(values["cert_file"]) if "cert_file" in values else None,
        key_file=Path(values["key_file"]) if "key_file" in values else None,
        director_password=director, results_dir=Path(values.get("results_dir", "results")),
        tsh_base=Path(values["tsh_base"]) if "tsh_base" in values else None,
        title=values.get("title", "Club room"),
    )
    settings.https = (values["https_cert_file"], values["https_key_file"]) if "https_cert_file" in values else None
    return settings, values.get("http_host", "127.0.0.1"), values.get("http_port", 8080)


def serve(argv: list[str]) -> int:
    args = _serve_parser().parse_args(argv)
    logging.basicConfig(level=getattr(logging, str(args.log_level).upper(), logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        settings, host, port = load_settings(args)
        from kiosk.dashboard.results import parse_tsh
        if settings.tsh_base is not None:
            try:
                parse_tsh(settings.tsh_base.read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError) as exc:
                raise InputError(str(settings.tsh_base), str(exc)) from None
    except InputError as exc:
        print(f"dashboard: {exc}", file=sys.stderr)
        return 2
    import uvicorn

    from kiosk.dashboard.server import create_app

    https = settings.https
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", access_log=False,
                ssl_certfile=https[0] if https else None, ssl_keyfile=https[1] if https else None)
    return 0


def broker_setup(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m kiosk dashboard broker-setup",
                                description="Write Mosquitto's config, password file and ACL for the club's tables.")
    p.add_argument("--tables", required=True, help="table names, comma-separated, or a count N for t01..tN")
    p.add_argument("--out", type=Path, required=True, help="folder for mosquitto.conf, passwd, acl, passwords.txt")
    p.add_argument("--port", type=int, default=1883)
    p.add_argument("--bind", default="", help="address to listen on (default: all)")
    p.add_argument("--tls-dir", type=Path, help="folder with ca.crt, broker.crt, broker.key (TLS listener)")
    p.add_argument("--debian-snippet", action="store_true",
                   help="for /etc/mosquitto/conf.d/: leave persistence and the user to Debian's main config")
    args = p.parse_args(argv)
    from kiosk.network.broker import TlsFiles, write_broker_config

    tables = ([f"t{i:02d}" for i in range(1, int(args.tables) + 1)] if args.tables.isdigit()
              else [t.strip() for t in args.tables.split(",") if t.strip()])
    tls = None
    if args.tls_dir is not None:
        tls = TlsFiles(args.tls_dir / "ca.crt", args.tls_dir / "broker.crt", args.tls_dir / "broker.key")
        for f in (tls.ca_file, tls.cert_file, tls.key_file):
            if not f.is_file():
                print(f"broker-setup: {f}: no such file", file=sys.stderr)
                return 2
    known: dict[str, str] = {}
    plain = args.out / "passwords.txt"
    if plain.is_file():          # running it again keeps the passwords the kiosks already have
        for line in plain.read_text(encoding="utf-8").splitlines():
            user, _, password = line.partition(" ")
            if user and password:
                known[user] = password
    try:
        write_broker_config(args.out, tables, port=args.port, bind=args.bind, tls=tls, passwords=known,
                            persistence=not args.debian_snippet)
    except (ValueError, OSError) as exc:
        print(f"broker-setup: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}/mosquitto.conf, passwd, acl; passwords for {len(tables)} tables and the dashboard "
          f"in {args.out}/passwords.txt")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "broker-setup":
        return broker_setup(args[1:])
    if args and args[0] == "loadtest":
        from kiosk.network.loadtest import main as loadtest

        return loadtest(args[1:])
    if args and args[0] == "serve":
        args = args[1:]
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
