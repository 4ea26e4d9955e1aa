"""Kill -9 at random moments of a replayed game, restart with the same games folder each
time: the finished game's GCG equals the uninterrupted run's (issue 6).

Each kill lands after a seeded random number of journal records plus a seeded random
delay, so kills fall before, between and in the middle of journal writes.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "fixtures" / "games" / "challenges"
KILLS = 50
KILLS_PER_ROUND = 5


def replay_command(games: Path) -> list[str]:
    return [sys.executable, "-m", "kiosk", "replay", str(GAME), "--headless", "--games", str(games)]


def journal_lines(games: Path) -> int:
    total = 0
    for path in games.glob("*.jsonl"):
        total += path.read_bytes().count(b"\n")
    return total


def finished_gcg(games: Path) -> str | None:
    found = sorted(games.glob("*.gcg"))
    return found[0].read_text(encoding="utf-8") if found else None


def run_to_end(games: Path) -> subprocess.CompletedProcess:
    return subprocess.run(replay_command(games), cwd=ROOT, capture_output=True, text=True, timeout=300)


def kill_at(games: Path, records: int, delay: float) -> bool:
    """Start the replay, SIGKILL it once the journal holds `records` lines and `delay`
    passed; False if it finished first."""
    proc = subprocess.Popen(replay_command(games), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline and journal_lines(games) < records:
            time.sleep(0.002)
        time.sleep(delay)
    finally:
        killed = proc.poll() is None
        if killed:
            os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    return killed


@pytest.mark.slow
def test_kill_nine_at_random_moments_loses_nothing(tmp_path):
    from kiosk.replay.frames import ensure_frames
    from kiosk.replay.script import load_script

    ensure_frames(GAME, load_script(GAME))      # frames rendered once, not inside a killed process
    baseline = run_to_end(tmp_path / "baseline")
    assert baseline.returncode == 0, baseline.stdout + baseline.stderr
    expected = finished_gcg(tmp_path / "baseline")
    assert expected is not None
    assert expected == (GAME / "expected.gcg").read_text(encoding="utf-8")
    total_records = journal_lines(tmp_path / "baseline")

    rng = random.Random(20261122)
    kills = 0
    round_no = 0
    while kills < KILLS:
        round_no += 1
        assert round_no <= 3 * KILLS // KILLS_PER_ROUND, "kills keep missing the game"
        games = tmp_path / f"round-{round_no}"
        games.mkdir()
        marks = sorted(rng.randrange(0, total_records) for _ in range(KILLS_PER_ROUND))
        for mark in marks:
            if finished_gcg(games) is not None:
                break
            kills += kill_at(games, mark, rng.uniform(0.0, 0.05))
        if finished_gcg(games) is None:
            done = run_to_end(games)
            assert done.returncode == 0, f"round {round_no}: {done.stdout}{done.stderr}"
        assert finished_gcg(games) == expected, f"round {round_no} (kills at records {marks})"
        assert not list(games.glob("*.open.jsonl")), "the finished game's journal is closed"
