"""Kill -9 during a replayed game, restart with the same games folder until the game is
finished: the finished GCG equals the uninterrupted run's (issue 6).

Two ways of killing:

- at every stage of the journal, cheaply: the replay CLI (`kiosk.cli.replay.main`, what
  `python -m kiosk replay DIR --headless --games G` runs) in a forked child that SIGKILLs
  itself just before the Nth record, half-way through writing it (a torn line), just
  after it is fsynced, or after the GCG is written but before the journal is closed;
  the parent restarts it. Seeded: >= 50 kills in all.
- at random wall-clock moments: the real `python -m kiosk replay` in a subprocess.
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "fixtures" / "games" / "first-off-centre"   # short: 11 journal records
MODES = ("before", "torn", "after", "finish")
MAX_STARTS = 16
CHILD_TIMEOUT_S = 120.0

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


@dataclass(frozen=True)
class KillPoint:
    records: int        # kill while the journal holds this many records ...
    mode: str           # ... before writing the next, torn mid-line, after its fsync, or in finish()
    cut: float = 0.5    # torn: the fraction of the line's bytes that reach the file


def finished_gcg(games: Path) -> str | None:
    """The finished game's GCG, once the journal has been closed as finished."""
    if list(games.glob("*.open.jsonl")):
        return None
    gcgs = sorted(games.glob("*.gcg"))
    return gcgs[0].read_text(encoding="utf-8") if gcgs else None


def _arm(kill: KillPoint) -> None:
    """In the child: SIGKILL this process at the kill point."""
    from kiosk import journal as journal_module

    def die() -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    original_append = journal_module.GameJournal.append
    original_finish = journal_module.GameJournal.finish
    original_write_all = journal_module._write_all

    def torn_write(fd: int, data: bytes) -> None:
        original_write_all(fd, data[: max(1, min(len(data) - 1, int(len(data) * kill.cut)))])
        die()

    def append(self, record: dict) -> None:
        if len(self.records) != kill.records or kill.mode == "finish":
            return original_append(self, record)
        if kill.mode == "before":
            die()
        if kill.mode == "torn":
            journal_module._write_all = torn_write
        original_append(self, record)
        die()

    def finish(self, *args, **kwargs):
        die()
        return original_finish(self, *args, **kwargs)

    journal_module.GameJournal.append = append
    if kill.mode == "finish":
        journal_module.GameJournal.finish = finish


def run_child(games: Path, kill: KillPoint | None = None, kill_after_s: float | None = None) -> int:
    """One start of the replay CLI in a forked child; its exit status, or -9 if killed."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        status = 98
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            if kill is not None:
                _arm(kill)
            from kiosk.cli.replay import main

            status = main([str(GAME), "--headless", "--games", str(games)])
        except BaseException:
            status = 99
        finally:
            os._exit(status)
    start = time.monotonic()
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        elapsed = time.monotonic() - start
        if kill_after_s is not None and elapsed >= kill_after_s:
            os.kill(pid, signal.SIGKILL)
            kill_after_s = None
        if elapsed > CHILD_TIMEOUT_S:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"replay child hung for {CHILD_TIMEOUT_S:.0f} s in {games}")
        time.sleep(0.002)


def play_to_the_end(games: Path, kills: list[KillPoint]) -> tuple[str, int]:
    """Start, kill at each point in turn, restart until finished; (GCG, kills that landed).

    No event is lost: every complete journal line on disk at a kill is, in order, at the
    start of the finished game's journal."""
    landed = 0
    plan = list(kills)
    kept = b""
    for _ in range(MAX_STARTS):
        gcg = finished_gcg(games)
        if gcg is not None:
            (journal,) = [p for p in games.glob("*.jsonl") if not p.name.endswith(".open.jsonl")]
            assert journal.read_bytes().startswith(kept), f"{games}: records written before a kill were lost"
            return gcg, landed
        status = run_child(games, plan.pop(0) if plan else None)
        if status == -signal.SIGKILL:
            landed += 1
            on_disk = b"".join(p.read_bytes() for p in games.glob("*.open.jsonl"))
            kept = on_disk[: on_disk.rfind(b"\n") + 1] if on_disk else kept
        else:
            assert status == 0, f"replay exited with {status} in {games} (kills so far: {landed})"
    pytest.fail(f"game in {games} not finished after {MAX_STARTS} starts")


@pytest.fixture(scope="module")
def single_threaded_opencv():
    """OpenCV's worker pool does not survive fork(): run it inline while children fork."""
    import cv2

    before = cv2.getNumThreads()
    cv2.setNumThreads(0)
    yield
    cv2.setNumThreads(before)


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory, single_threaded_opencv) -> Path:
    """The games folder of the uninterrupted run (also warms the caches children share)."""
    from kiosk.replay.driver import ReplayRun

    ReplayRun(GAME)  # renders the frames on first use and loads the word list before forking
    games = tmp_path_factory.mktemp("uninterrupted")
    play_to_the_end(games, [])
    return games


@pytest.fixture(scope="module")
def reference(uninterrupted) -> tuple[str, list[dict]]:
    """The uninterrupted run's GCG and journal records."""
    import json

    gcg = finished_gcg(uninterrupted)
    assert gcg is not None
    journal = next(uninterrupted.glob("*.jsonl"))
    records = [json.loads(line) for line in journal.read_text(encoding="utf-8").splitlines()]
    return gcg, records


def test_uninterrupted_run_matches_the_fixture(reference):
    gcg, records = reference
    assert gcg == (GAME / "expected.gcg").read_text(encoding="utf-8")
    assert len(records) >= 8


class IdleVision:
    """Vision for a rebuilt app that is not run: it never has a reading."""

    busy = False

    def request(self) -> None:
        pass

    def poll(self) -> list:
        return []

    def accept_board(self, rows: list[str]) -> None:
        pass


def test_the_real_journal_cut_at_every_byte_resumes_its_complete_records(uninterrupted, tmp_path):
    """A power cut can leave any prefix of the journal: recovery keeps exactly the complete
    records before the cut, and the app rebuilds the game from them."""
    from kiosk.app import GameSetup, KioskApp
    from kiosk.journal import open_journal
    from kiosk.replay.driver import make_lexicon

    data = next(uninterrupted.glob("*.jsonl")).read_bytes()
    lexicon = make_lexicon("default")
    path = tmp_path / "20261122-080000.open.jsonl"
    for cut in range(len(data) + 1):
        for old in tmp_path.iterdir():
            old.unlink()
        path.write_bytes(data[:cut])
        complete = data[:cut].count(b"\n")
        journal, report = open_journal(path)
        journal.close()
        assert report.records_kept == complete, f"cut at byte {cut}"
        assert path.read_bytes() == data[: data[:cut].rfind(b"\n") + 1]
        if complete:
            app = KioskApp(GameSetup(("Ann", "Bob")), vision=IdleVision(), lexicon=lexicon,
                           time_source=lambda: 0.0, records=journal.records)
            kinds = [type(e).__name__ for e in app.events]
            assert len(kinds) == sum(len(r.get("events", [1])) for r in journal.records if "app" not in r), \
                f"cut at byte {cut}: {kinds}"


def test_a_torn_write_is_kept_aside_and_the_game_still_finishes(reference, tmp_path):
    gcg, records = reference
    kill = KillPoint(records=len(records) // 2, mode="torn", cut=0.4)
    assert run_child(tmp_path, kill) == -signal.SIGKILL
    (journal,) = tmp_path.glob("*.open.jsonl")
    torn = journal.read_bytes()
    assert torn.count(b"\n") == kill.records and not torn.endswith(b"\n")
    final, _ = play_to_the_end(tmp_path, [])
    assert final == gcg
    (damaged,) = tmp_path.glob("*.damaged-1")
    assert torn.endswith(damaged.read_bytes()) and damaged.stat().st_size > 0


def test_kill_at_every_stage_and_at_seeded_random_points(reference, tmp_path):
    """At least 50 kills, seeded. First one game per way of dying, killed at every record in
    turn (each restart dies at the next one); then games killed at random points."""
    gcg, records = reference
    rng = random.Random(6)
    plans = [[KillPoint(n, mode, rng.random()) for n in range(len(records))] for mode in MODES[:3]]
    plans[-1].append(KillPoint(len(records), "finish"))
    while sum(map(len, plans)) < 50:
        stops = sorted(rng.sample(range(len(records) + 1), rng.randint(2, 5)))
        plans.append([KillPoint(n, "finish" if n == len(records) else rng.choice(MODES[:3]), rng.random())
                      for n in stops])
    total = 0
    for game, plan in enumerate(plans):
        final, landed = play_to_the_end(tmp_path / f"game{game:02d}", plan)
        assert landed == len(plan), f"seed 6 game {game}: only {landed} of {plan} happened"
        assert final == gcg, f"seed 6 game {game} {plan}: GCG differs from the uninterrupted run's"
        total += landed
    assert total >= 50


@pytest.mark.slow
def test_real_cli_killed_at_random_wall_clock_moments(reference, tmp_path):
    """`python -m kiosk replay` in a subprocess, SIGKILLed at seeded random moments."""
    gcg, _ = reference
    command = [sys.executable, "-m", "kiosk", "replay", str(GAME), "--headless", "--games", str(tmp_path)]
    start = time.monotonic()
    subprocess.run(command, cwd=ROOT, capture_output=True, check=True, timeout=CHILD_TIMEOUT_S)
    whole = time.monotonic() - start
    (tmp_path / "reference").mkdir()
    for path in list(tmp_path.glob("*.*")):
        path.rename(tmp_path / "reference" / path.name)
    rng = random.Random(60)
    kills = 0
    for game in range(3):
        games = tmp_path / f"game{game}"
        for _ in range(MAX_STARTS):
            if finished_gcg(games) is not None:
                break
            proc = subprocess.Popen(command[:-1] + [str(games)], cwd=ROOT,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            try:  # at most 3 kills a game, then it runs to the end
                proc.wait(timeout=rng.uniform(0.3, whole) if kills < 3 * (game + 1) else None)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGKILL)
                kills += 1
            proc.wait(timeout=CHILD_TIMEOUT_S)
            stderr = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            assert proc.returncode in (0, -signal.SIGKILL), stderr
        assert finished_gcg(games) == gcg, f"game {game} after {kills} kills"
    assert kills >= 3
