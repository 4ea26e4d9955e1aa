"""Logging in to the club's broker: the one place a paho client gets its user name and TLS
(the kiosk's publisher and the director's dashboard both connect this way)."""
from __future__ import annotations

import ssl
from pathlib import Path

import paho.mqtt.client as mqtt


def log_in(client: mqtt.Client, username: str, password: str, ca_file: Path | None, cert_file: Path | None,
           key_file: Path | None) -> None:
    """Set `client`'s user name (when given) and, when a club CA is given, TLS that checks the
    broker's certificate against it, with the client certificate and key when given."""
    if username:
        client.username_pw_set(username, password or None)
    if ca_file is not None:
        client.tls_set(ca_certs=str(ca_file), certfile=str(cert_file) if cert_file else None,
                       keyfile=str(key_file) if key_file else None, cert_reqs=ssl.CERT_REQUIRED,
                       tls_version=ssl.PROTOCOL_TLS_CLIENT)
