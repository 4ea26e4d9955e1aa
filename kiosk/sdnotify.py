"""Tell systemd how the kiosk is doing: the sd_notify protocol over a datagram socket.

systemd passes NOTIFY_SOCKET (a path, or '@name' for an abstract socket) to a
Type=notify service and, with WatchdogSec=, WATCHDOG_USEC (and WATCHDOG_PID).
Messages are newline-separated KEY=VALUE lines in one datagram. Outside systemd
every call is a silent no-op, so the app calls these unconditionally::

    notifier = SdNotify.from_environment()
    notifier.ready("kiosk up")          # once the display and clock are up
    while running:
        notifier.watchdog_tick()        # every main-loop iteration; pings when due
        ...
    notifier.stopping()
"""
from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


def _socket_address(value: str) -> str | None:
    """The AF_UNIX address for a NOTIFY_SOCKET value, or None if unsupported."""
    if value.startswith("@"):
        return "\0" + value[1:]  # abstract namespace
    if value.startswith("/"):
        return value
    return None  # e.g. vsock: addresses; a kiosk never runs in a VM guest like that


def _watchdog_interval(environ: Mapping[str, str], pid: int) -> float | None:
    """Seconds between pings (half of WATCHDOG_USEC), or None if the watchdog is off for us."""
    usec = environ.get("WATCHDOG_USEC", "")
    watchdog_pid = environ.get("WATCHDOG_PID", "")
    if watchdog_pid and watchdog_pid != str(pid):
        return None  # the watchdog belongs to another process (e.g. our parent)
    try:
        value = int(usec)
    except ValueError:
        return None
    return value / 2 / 1_000_000 if value > 0 else None


class SdNotify:
    """One notify socket. Sends are best-effort: a failed send is logged once, never raised."""

    def __init__(
        self,
        environ: Mapping[str, str] | None = None,
        time_source: Callable[[], float] = time.monotonic,
        pid: int | None = None,
    ) -> None:
        env = os.environ if environ is None else environ
        self._time = time_source
        self._address = _socket_address(env.get("NOTIFY_SOCKET", ""))
        self.watchdog_interval = (
            _watchdog_interval(env, os.getpid() if pid is None else pid) if self._address else None
        )
        self._last_ping: float | None = None
        self._sock: socket.socket | None = None
        self._warned = False

    @classmethod
    def from_environment(cls) -> SdNotify:
        return cls()

    @property
    def enabled(self) -> bool:
        """True when running under systemd with a notify socket."""
        return self._address is not None

    def send(self, *assignments: str) -> bool:
        """Send KEY=VALUE lines as one datagram; True if it was sent."""
        if self._address is None:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._sock.sendto("\n".join(assignments).encode(), self._address)
            return True
        except OSError as exc:
            if not self._warned:
                log.warning("sd_notify to %r failed: %s", self._address, exc)
                self._warned = True
            return False

    def ready(self, status: str | None = None) -> bool:
        """READY=1: start-up is finished (display and clock up). Also starts the ping timer."""
        fields = ["READY=1"] + ([f"STATUS={_one_line(status)}"] if status else [])
        sent = self.send(*fields)
        self.watchdog_tick()
        return sent

    def status(self, text: str) -> bool:
        """STATUS=...: one line shown by `systemctl status`."""
        return self.send(f"STATUS={_one_line(text)}")

    def stopping(self) -> bool:
        """STOPPING=1: a clean shutdown has begun."""
        return self.send("STOPPING=1")

    def extend_timeout(self, seconds: float) -> bool:
        """EXTEND_TIMEOUT_USEC=...: start-up or shutdown needs this much longer."""
        return self.send(f"EXTEND_TIMEOUT_USEC={int(seconds * 1_000_000)}")

    def watchdog_tick(self) -> bool:
        """Call every main-loop iteration; sends WATCHDOG=1 at most every WATCHDOG_USEC/2.

        Returns True when a ping was sent. A loop that stops calling this stops the
        pings, and systemd restarts the service: that is the point.
        """
        if self.watchdog_interval is None:
            return False
        now = self._time()
        if self._last_ping is not None and now - self._last_ping < self.watchdog_interval:
            return False
        self._last_ping = now
        return self.send("WATCHDOG=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _one_line(text: str) -> str:
    return " ".join(text.split())


_default: SdNotify | None = None


def default() -> SdNotify:
    """The process-wide notifier built from os.environ on first use."""
    global _default
    if _default is None:
        _default = SdNotify.from_environment()
    return _default


def ready(status: str | None = None) -> bool:
    return default().ready(status)


def status(text: str) -> bool:
    return default().status(text)


def stopping() -> bool:
    return default().stopping()


def watchdog_tick() -> bool:
    return default().watchdog_tick()
