"""`python -m kiosk dashboard loadtest --tables 50`: N simulated tables against a local broker
and the dashboard; prints play-to-dashboard latency and the broker's and dashboard's CPU and memory.

Each table replays a recorded fixture game (kiosk.network.tape: the real app's screens and
journal records) through its own MqttSink, as the assembly would, all at once, starting at
staggered times. A browser stand-in subscribes to the dashboard's server-sent events; the
latency of a play is from the moment its journal record is handed to the table's sink to the
moment the dashboard pushes that table with the record counted (so: sink thread, broker,
dashboard, SSE). The broker (mosquitto with the club's passwords and ACL) and the dashboard
(`python -m kiosk dashboard`) are separate processes: their CPU and memory come from /proc.
"""
from __future__ import annotations

import argparse
import getpass
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from kiosk.network.broker import Broker, free_port, stop_process, write_broker_config
from kiosk.network.config import NetworkConfig
from kiosk.network.publisher import MqttSink
from kiosk.network.tape import Tape, record_tape

GAMES = Path(__file__).resolve().parents[2] / "fixtures" / "games"
DEFAULT_GAMES = ("normal-out", "challenges", "exchange", "blanks", "overdraw", "six-zero")


class ProcStat:
    """CPU seconds and resident memory of a process, from /proc."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.tick = os.sysconf("SC_CLK_TCK")
        self.start_cpu = self.cpu()
        self.start = time.monotonic()
        self.peak_rss = 0.0

    def cpu(self) -> float:
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.tick

    def rss_mb(self) -> float:
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def sample(self) -> None:
        self.peak_rss = max(self.peak_rss, self.rss_mb())

    def cpu_percent(self) -> float:
        return 100.0 * (self.cpu() - self.start_cpu) / max(1e-6, time.monotonic() - self.start)


def first_seen(arrivals: dict[str, list[tuple[float, int]]]) -> dict[tuple[str, int], float]:
    """(table, seq) -> when the dashboard first pushed that table with at least seq events."""
    seen: dict[tuple[str, int], float] = {}
    for name, pushes in arrivals.items():
        have = 0
        for when, count in pushes:
            for seq in range(have + 1, count + 1):
                seen[(name, seq)] = when
            have = max(have, count)
    return seen


class SseListener(threading.Thread):
    """Reads the dashboard's /events stream; notes when each (table, events count) arrived."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.arrivals: dict[str, list[tuple[float, int]]] = {}   # table -> (time, events count) as pushed
        self.ready = threading.Event()
        self.stopped = False

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.request("GET", "/events")
        response = conn.getresponse()
        self.ready.set()
        data: list[str] = []
        while not self.stopped:
            line = response.readline()
            if not line:
                break
            text = line.decode("utf-8").rstrip("\n")
            if text.startswith("data: "):
                data.append(text[6:])
            elif text == "" and data:
                now = time.monotonic()
                try:
                    view = json.loads("\n".join(data))
                    self.arrivals.setdefault(str(view["name"]), []).append((now, int(view["events"])))
                except (ValueError, KeyError, TypeError):
                    pass
                data = []


def _wait_http(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/health")
            if json.loads(conn.getresponse().read()).get("broker"):
                return
        except (OSError, ValueError):
            pass
        time.sleep(0.2)
    raise RuntimeError("the dashboard did not come up")


def _tables_process(names: list[str], indexes: list[int], users: dict[str, str], port: int, games: list[Tape],
                    speed: float, max_gap: float, start_at: float, results: Any) -> None:
    """One simulated group of tables (a process of its own, as each kiosk is its own Pi)."""
    handed: dict[tuple[str, int], tuple[float, bool]] = {}
    lock = threading.Lock()
    sinks = [MqttSink(NetworkConfig(broker="127.0.0.1", port=port, table=n, username=n, password=users[n]))
             for n in names]

    def table(k: int) -> None:
        name, sink, tape = names[k], sinks[k], games[indexes[k] % len(games)]
        time.sleep(max(0.0, start_at - time.monotonic()) + indexes[k] * 0.37 % 3.0)   # staggered starts
        previous = tape.steps[0].t
        for step in tape.steps:
            time.sleep(min(step.t - previous, max_gap) / speed)
            previous = step.t
            for seq, record in step.records:
                is_play = isinstance(record.get("event"), dict) and record["event"].get("type") == "play_made"
                with lock:
                    handed[(name, seq)] = (time.monotonic(), is_play)
                sink.record(f"load-{name}", seq, record)
            sink.show(step.screen)

    threads = [threading.Thread(target=table, args=(k,), daemon=True) for k in range(len(names))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    time.sleep(2.0)
    for sink in sinks:
        sink.close()
    results.put(handed)


def run(tables: int, games: list[Tape], speed: float, folder: Path, max_gap: float, procs: int = 4) -> dict[str, Any]:
    names = [f"t{i:02d}" for i in range(1, tables + 1)]
    port = free_port()
    users = write_broker_config(folder / "broker", names, port=port, bind="127.0.0.1", run_as=getpass.getuser(),
                                persistence=False)
    broker = Broker(folder / "broker", port)
    broker.start()
    (folder / "mqtt-password").write_text(users["director"])
    (folder / "director-password").write_text("load-test")
    http_port = free_port()
    dash_log = open(folder / "dashboard.log", "wb")
    dashboard = subprocess.Popen(
        [sys.executable, "-m", "kiosk", "dashboard", "--broker", "127.0.0.1", "--port", str(port),
         "--password-file", str(folder / "mqtt-password"), "--director-password-file", str(folder / "director-password"),
         "--http-port", str(http_port), "--results-dir", str(folder / "results"), "--log-level", "WARNING"],
        stdout=dash_log, stderr=subprocess.STDOUT)
    try:
        _wait_http(http_port)
        listener = SseListener(http_port)
        listener.start()
        listener.ready.wait(10)
        broker_stat, dash_stat = ProcStat(broker.pid or 0), ProcStat(dashboard.pid)
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        results: Any = ctx.Queue()
        start_at = time.monotonic() + 8.0      # CLOCK_MONOTONIC is one clock for every process
        groups = [list(range(i, tables, procs)) for i in range(procs)]
        workers = [ctx.Process(target=_tables_process, daemon=True,
                               args=([names[i] for i in group], group, users, port, games, speed, max_gap, start_at,
                                     results)) for group in groups if group]
        for worker in workers:
            worker.start()
        started = start_at
        handed: dict[tuple[str, int], tuple[float, bool]] = {}
        pending = len(workers)
        while pending:
            broker_stat.sample()
            dash_stat.sample()
            try:
                part = results.get(timeout=0.5)
            except Exception:  # noqa: BLE001 - queue.Empty
                if not any(w.is_alive() for w in workers):
                    break
                continue
            handed.update(part)
            pending -= 1
        for worker in workers:
            worker.join(timeout=10)
        total = len(handed)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and sum(1 for k in handed if k in first_seen(listener.arrivals)) < total:
            time.sleep(0.5)
        seen = first_seen(listener.arrivals)
        duration = time.monotonic() - started
        broker_stat.sample()
        dash_stat.sample()
        result = {
            "tables": tables, "seconds": round(duration, 1), "records": total,
            "broker_cpu_percent": round(broker_stat.cpu_percent(), 1), "broker_peak_rss_mb": round(broker_stat.peak_rss, 1),
            "dashboard_cpu_percent": round(dash_stat.cpu_percent(), 1),
            "dashboard_peak_rss_mb": round(dash_stat.peak_rss, 1),
        }
        lat_all = [seen[k] - t for k, (t, _) in handed.items() if k in seen]
        lat_play = [seen[k] - t for k, (t, play) in handed.items() if play and k in seen]
        result["missing"] = total - len(lat_all)
        for label, values in (("play", lat_play), ("record", lat_all)):
            if values:
                values.sort()
                result[f"{label}_latency_median_ms"] = round(1000 * statistics.median(values), 1)
                result[f"{label}_latency_p95_ms"] = round(1000 * values[int(0.95 * (len(values) - 1))], 1)
                result[f"{label}_latency_max_ms"] = round(1000 * values[-1], 1)
                result[f"{label}s"] = len(values)
        listener.stopped = True
        return result
    finally:
        stop_process(dashboard)
        dash_log.close()
        broker.stop()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m kiosk dashboard loadtest", description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=50)
    p.add_argument("--games", default=",".join(DEFAULT_GAMES), help="fixture game folders to replay, comma-separated")
    p.add_argument("--speed", type=float, default=4.0, help="replay speed (1 = the recorded pace)")
    p.add_argument("--max-gap", type=float, default=2.0, help="longest pause between two steps, game seconds")
    p.add_argument("--procs", type=int, default=4, help="processes the simulated tables are spread over")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = p.parse_args(argv)
    tapes = []
    for name in args.games.split(","):
        folder = GAMES / name.strip()
        if not (folder / "script.json").is_file():
            print(f"loadtest: {folder}: not a fixture game folder", file=sys.stderr)
            return 2
        tapes.append(record_tape(folder))
    with tempfile.TemporaryDirectory(prefix="clubroom-load-") as tmp:
        result = run(args.tables, tapes, args.speed, Path(tmp), args.max_gap, args.procs)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"{result['tables']} tables, {result['records']} journal records ({result.get('plays', 0)} plays) "
              f"in {result['seconds']} s; missing on the dashboard: {result['missing']}")
        print(f"play-to-dashboard latency: median {result.get('play_latency_median_ms')} ms, "
              f"p95 {result.get('play_latency_p95_ms')} ms, max {result.get('play_latency_max_ms')} ms")
        print(f"any record:                median {result.get('record_latency_median_ms')} ms, "
              f"p95 {result.get('record_latency_p95_ms')} ms")
        print(f"broker (mosquitto): CPU {result['broker_cpu_percent']} % of one core, peak RSS {result['broker_peak_rss_mb']} MB")
        print(f"dashboard:          CPU {result['dashboard_cpu_percent']} % of one core, peak RSS {result['dashboard_peak_rss_mb']} MB")
    return 0 if result["missing"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
