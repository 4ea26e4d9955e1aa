"""Shared parts for the club-room tests (no tests here): a real Mosquitto on a free port with
the club's passwords and ACL, the recorded fixture games as tapes, a dashboard process."""
from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from kiosk.network.broker import Broker, free_port, stop_process, write_broker_config
from kiosk.network.config import NetworkConfig
from kiosk.network.tape import Tape, record_tape

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "fixtures" / "games"
OUTPUT = ROOT / "tests" / "output"
TABLES = ["t01", "t02", "t03"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# The longest a kiosk call to a sink may take while the broker is down, hung or away. A call that
# waited on the network would take seconds (the sink's acknowledgement timeout is 3 s, a TCP connect
# longer); a call that only stores and wakes the sink's thread takes microseconds, plus Python's thread
# switching (5 ms slices) and a garbage-collection pause on a loaded 2-core CI machine.
NEVER_WAITS_S = 0.5

_tapes: dict[str, Tape] = {}


def tape(name: str) -> Tape:
    if name not in _tapes:
        _tapes[name] = record_tape(GAMES / name)
    return _tapes[name]


class RunningBroker:
    def __init__(self, folder: Path, tables: list[str] = TABLES, **kwargs) -> None:
        self.port = free_port()
        import getpass
        self.users = write_broker_config(folder, tables, port=self.port, bind="127.0.0.1",
                                         run_as=getpass.getuser(), **kwargs)
        self.broker = Broker(folder, self.port)
        self.broker.start()

    def table_config(self, table: str, **kwargs) -> NetworkConfig:
        return NetworkConfig(broker="127.0.0.1", port=self.port, table=table, username=table,
                             password=self.users[table], **kwargs)

    def stop(self) -> None:
        self.broker.stop()

    def start(self) -> None:
        self.broker.start()


@pytest.fixture
def broker(tmp_path):
    running = RunningBroker(tmp_path / "broker")
    yield running
    running.stop()


def wait_for(condition, timeout: float = 15.0, what: str = "condition", step: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    raise AssertionError(f"timed out waiting for {what}")


class DashboardProcess:
    def __init__(self, folder: Path, broker: RunningBroker, director_password: str = "letmein") -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "mqtt-password").write_text(broker.users["director"])
        (folder / "director-password").write_text(director_password)
        self.results = folder / "results"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.password = director_password
        self.log = folder / "dashboard.log"
        self.args = [sys.executable, "-m", "kiosk", "dashboard", "--broker", "127.0.0.1", "--port", str(broker.port),
                     "--password-file", str(folder / "mqtt-password"),
                     "--director-password-file", str(folder / "director-password"),
                     "--http-port", str(self.port), "--results-dir", str(self.results), "--title", "Test club"]
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(self.args, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        wait_for(lambda: self.get_json("/health").get("broker") if self._up() else False, 30, "dashboard up")

    def _up(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise AssertionError("dashboard exited:\n" + self.log.read_text(errors="replace")[-3000:])
        try:
            self.get_json("/health")
            return True
        except OSError:
            return False

    def get_json(self, path: str, auth: bool = False):
        import base64
        import json
        request = urllib.request.Request(self.url + path)
        if auth:
            token = base64.b64encode(f"director:{self.password}".encode()).decode()
            request.add_header("Authorization", f"Basic {token}")
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.loads(response.read().decode())

    def get_text(self, path: str) -> str:
        import base64
        request = urllib.request.Request(self.url + path)
        token = base64.b64encode(f"director:{self.password}".encode()).decode()
        request.add_header("Authorization", f"Basic {token}")
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.read().decode()

    def stop(self) -> None:
        if self.process is not None:
            stop_process(self.process)
