"""Mosquitto for the club room: its configuration (passwords, ACL, TLS) and, for tests and
the load test, a broker process on localhost.

`write_broker_config(folder, tables, ...)` writes into folder:

    mosquitto.conf   listener, no anonymous clients, password file, ACL, persistence
    passwd           one user per table (user = table name) and the dashboard's user
    acl              a table may publish only under scrabble/tables/<its name>/ and read
                     its own resend topic; the dashboard reads every table, writes resend
    passwords.txt    the plain passwords, to hand to each kiosk's [network] (mode 0600)

`python -m kiosk dashboard broker-setup` calls it; `systemd/install-clubroom.sh` runs that.
"""
from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from kiosk.network.messages import ROOT, TABLE_NAME

DASHBOARD_USER = "director"

ACL = f"""# Scrabble club room ACL (mosquitto). Written by `python -m kiosk dashboard broker-setup`.
# Every table logs in with its own name as user name: it may publish only its own topics
# and read only its own resend requests. The dashboard reads everything and may only ask
# a table to resend.
pattern write {ROOT}/%u/state
pattern write {ROOT}/%u/events
pattern write {ROOT}/%u/gcg
pattern write {ROOT}/%u/online
pattern read {ROOT}/%u/resend

user {DASHBOARD_USER}
topic read {ROOT}/#
topic write {ROOT}/+/resend
"""


def stop_process(process: subprocess.Popen[bytes] | subprocess.Popen[str]) -> None:
    """SIGTERM a child still running, wait up to 10 s, then SIGKILL it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass(frozen=True)
class TlsFiles:
    ca_file: Path
    cert_file: Path
    key_file: Path


def hash_passwords(passwd: Path, users: dict[str, str]) -> None:
    """Write mosquitto's password file (hashed with mosquitto_passwd -U)."""
    tool = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
    passwd.write_text("".join(f"{u}:{p}\n" for u, p in users.items()), encoding="utf-8")
    os.chmod(passwd, 0o600)
    subprocess.run([tool, "-U", str(passwd)], check=True, capture_output=True)
    os.chmod(passwd, 0o644)


def write_broker_config(folder: Path, tables: list[str], *, port: int = 1883, bind: str = "",
                        passwords: dict[str, str] | None = None, tls: TlsFiles | None = None,
                        persistence: bool = True, max_packet: int = 256 * 1024,
                        run_as: str | None = None) -> dict[str, str]:
    """Write mosquitto.conf, passwd, acl and passwords.txt; returns user -> password.
    `run_as`: the user mosquitto runs as when started by root (default: its own `mosquitto`)."""
    for name in tables:
        if not TABLE_NAME.fullmatch(name) or name == DASHBOARD_USER:
            raise ValueError(f"table name {name!r}: 1-32 letters, digits, '-', '_' (and not {DASHBOARD_USER!r})")
    folder.mkdir(parents=True, exist_ok=True)
    users = dict(passwords or {})
    for name in [DASHBOARD_USER, *tables]:
        users.setdefault(name, secrets.token_urlsafe(18))
    hash_passwords(folder / "passwd", users)
    (folder / "acl").write_text(ACL, encoding="utf-8")
    plain = folder / "passwords.txt"
    plain.write_text("".join(f"{u} {p}\n" for u, p in users.items()), encoding="utf-8")
    os.chmod(plain, 0o600)
    lines = [
        "# Scrabble club room broker. Written by `python -m kiosk dashboard broker-setup`.",
        "per_listener_settings false",
        *([f"user {run_as}"] if run_as else []),
        "allow_anonymous false",
        f"password_file {folder / 'passwd'}",
        f"acl_file {folder / 'acl'}",
        f"max_packet_size {max_packet}",
        "max_queued_messages 100000",
        "persistent_client_expiration 14d",
        f"listener {port}" + (f" {bind}" if bind else ""),
    ]
    if tls is not None:
        lines += [f"cafile {tls.ca_file}", f"certfile {tls.cert_file}", f"keyfile {tls.key_file}",
                  "tls_version tlsv1.2"]
    if persistence:
        (folder / "data").mkdir(exist_ok=True)
        lines += ["persistence true", f"persistence_location {folder / 'data'}/", "autosave_interval 30"]
    (folder / "mosquitto.conf").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return users


class Broker:
    """A mosquitto process on localhost (tests, load test). start() waits until it listens."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        self.port = port
        self.process: subprocess.Popen[bytes] | None = None
        self.log = folder / "mosquitto.log"

    def start(self, timeout: float = 10.0) -> None:
        exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        logf = open(self.log, "ab")
        self.process = subprocess.Popen([exe, "-c", str(self.folder / "mosquitto.conf"), "-v"],
                                        stdout=logf, stderr=subprocess.STDOUT)
        logf.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not start listening")

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
        self.process = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None


def make_test_ca(folder: Path, host: str = "localhost") -> TlsFiles:
    """A self-made CA and a broker certificate for `host`, with openssl (tests; the README
    shows the same commands for a club)."""
    folder.mkdir(parents=True, exist_ok=True)
    ca_key, ca_crt = folder / "ca.key", folder / "ca.crt"
    key, csr, crt = folder / "broker.key", folder / "broker.csr", folder / "broker.crt"
    ext = folder / "broker.ext"
    ext.write_text(f"subjectAltName=DNS:{host},IP:127.0.0.1\n", encoding="utf-8")

    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650", "-subj", "/CN=Scrabble club CA",
        "-keyout", str(ca_key), "-out", str(ca_crt))
    run("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={host}", "-keyout", str(key), "-out", str(csr))
    run("x509", "-req", "-in", str(csr), "-CA", str(ca_crt), "-CAkey", str(ca_key), "-CAcreateserial",
        "-days", "825", "-extfile", str(ext), "-out", str(crt))
    return TlsFiles(ca_crt, crt, key)
