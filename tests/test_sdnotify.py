"""sd_notify against a real AF_UNIX datagram socket, as systemd would receive it."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from kiosk.sdnotify import SdNotify

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def notify_socket():
    """A bound datagram socket at a short temp path (AF_UNIX paths max out at 108 bytes)."""
    folder = tempfile.mkdtemp(prefix="sdn")
    path = os.path.join(folder, "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(5)
    yield sock, path
    sock.close()
    os.unlink(path)
    os.rmdir(folder)


def receive_all(sock: socket.socket) -> list[str]:
    messages = []
    sock.setblocking(False)
    try:
        while True:
            messages.append(sock.recv(4096).decode())
    except BlockingIOError:
        return messages
    finally:
        sock.settimeout(5)


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_no_socket_means_every_call_is_a_no_op():
    notifier = SdNotify(environ={})
    assert not notifier.enabled
    assert notifier.ready("up") is False
    assert notifier.status("x") is False
    assert notifier.watchdog_tick() is False
    assert notifier.stopping() is False


def test_ready_status_and_stopping_arrive_as_datagrams(notify_socket):
    sock, path = notify_socket
    notifier = SdNotify(environ={"NOTIFY_SOCKET": path})
    assert notifier.ready("display and clock up")
    assert sock.recv(4096).decode() == "READY=1\nSTATUS=display and clock up"
    assert notifier.status("game 3: two lines\nbecome one")
    assert sock.recv(4096).decode() == "STATUS=game 3: two lines become one"
    assert notifier.stopping()
    assert sock.recv(4096).decode() == "STOPPING=1"
    assert receive_all(sock) == []  # no watchdog configured: no pings


def test_abstract_socket_name_with_at_sign():
    name = f"kiosk-test-{os.getpid()}-{time.monotonic_ns()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        assert SdNotify(environ={"NOTIFY_SOCKET": "@" + name}).ready()
        assert sock.recv(4096) == b"READY=1"


def test_watchdog_pings_at_most_every_half_interval(notify_socket):
    sock, path = notify_socket
    clock = FakeTime()
    notifier = SdNotify({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "2000000"}, time_source=clock)
    assert notifier.watchdog_interval == pytest.approx(1.0)
    sent_at = []
    for step in range(0, 41):  # 0.0 .. 4.0 s in 0.1 s steps
        clock.now = 100.0 + step * 0.1
        if notifier.watchdog_tick():
            sent_at.append(round(clock.now - 100.0, 6))
    assert sent_at == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert receive_all(sock) == ["WATCHDOG=1"] * 5


@pytest.mark.parametrize("watchdog_pid, expect_pings", [("4242", True), ("1", False), ("", True)])
def test_watchdog_pid_must_match_or_be_unset(notify_socket, watchdog_pid, expect_pings):
    sock, path = notify_socket
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "1000000", "WATCHDOG_PID": watchdog_pid}
    notifier = SdNotify(env, time_source=FakeTime(), pid=4242)
    assert notifier.watchdog_tick() is expect_pings
    assert receive_all(sock) == (["WATCHDOG=1"] if expect_pings else [])


def test_send_to_a_vanished_socket_does_not_raise(tmp_path):
    notifier = SdNotify(environ={"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert notifier.enabled
    assert notifier.ready() is False


# A main loop as the app runs it: start-up, READY, iterations that tick the
# watchdog, one iteration that blocks (a hung camera read, say), then more.
CHILD = textwrap.dedent(
    """
    import sys, time
    from kiosk.sdnotify import SdNotify
    startup, run, block = (float(x) for x in sys.argv[1:4])
    time.sleep(startup)                       # loading display, lexicon, camera
    notifier = SdNotify.from_environment()
    notifier.ready("up")
    for phase in ("run", "block", "run"):
        if phase == "block":
            notifier.status("blocked")
            time.sleep(block)
            continue
        end = time.monotonic() + run
        while time.monotonic() < end:
            notifier.watchdog_tick()
            time.sleep(0.005)
    notifier.stopping()
    """
)


def test_real_process_ready_then_pings_at_interval_and_none_while_blocked(notify_socket):
    sock, path = notify_socket
    interval = 0.2  # WATCHDOG_USEC = 0.4 s
    startup, run, block = 0.3, 1.2, 1.0
    env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC="400000", PYTHONPATH=str(REPO))
    env.pop("WATCHDOG_PID", None)
    started = time.monotonic()
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(startup), str(run), str(block)], env=env)
    received: list[tuple[float, str]] = []
    while True:
        message = sock.recv(4096).decode()
        received.append((time.monotonic(), message))
        if message == "STOPPING=1":
            break
    assert child.wait(timeout=10) == 0

    messages = [m for _, m in received]
    assert messages[0] == "READY=1\nSTATUS=up"
    assert received[0][0] - started >= startup  # READY only after start-up work
    assert messages[1] == "WATCHDOG=1"  # the ping timer starts with READY
    status_index = messages.index("STATUS=blocked")
    pings_before = [t for t, m in received[:status_index] if m == "WATCHDOG=1"]
    pings_after = [t for t, m in received[status_index:] if m == "WATCHDOG=1"]
    gaps = [b - a for a, b in zip(pings_before, pings_before[1:])]
    # Pings never closer than the interval (allow socket timing jitter) and, in a
    # loop that keeps ticking, not much later either.
    assert all(gap >= interval - 0.02 for gap in gaps), gaps
    assert all(gap <= interval + 0.3 for gap in gaps), gaps
    assert 4 <= len(pings_before) <= 8, len(pings_before)
    # While blocked nothing was sent: the first ping after the status comes once the loop runs again.
    blocked_at = received[status_index][0]
    assert pings_after[0] - blocked_at >= block - 0.05
    later_gaps = [b - a for a, b in zip(pings_after, pings_after[1:])]
    assert all(gap >= interval - 0.02 for gap in later_gaps), later_gaps


def test_module_functions_use_the_process_environment(notify_socket, monkeypatch):
    import kiosk.sdnotify as sdnotify

    sock, path = notify_socket
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    monkeypatch.setenv("WATCHDOG_USEC", "60000000")
    monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()))
    monkeypatch.setattr(sdnotify, "_default", None)
    assert sdnotify.ready("up") and sdnotify.status("playing") and sdnotify.stopping()
    assert not sdnotify.watchdog_tick()  # ready() just pinged; the next is due in 30 s
    assert receive_all(sock) == ["READY=1\nSTATUS=up", "WATCHDOG=1", "STATUS=playing", "STOPPING=1"]
    assert sdnotify.default() is sdnotify.default()
