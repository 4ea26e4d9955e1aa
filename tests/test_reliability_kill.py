"""The kill test (issues 6 and 14): for every fixture game, `python -m kiosk replay DIR
--games G --headless` is killed right after each journal record is fsynced, and half-way
through writing each record (a torn line), and resumed with the same command each time.
The game must finish, its GCG equal `expected.gcg`, no event be missing or duplicated,
each torn line be kept aside and named on restart, and no traceback appear.

How it stays cheap: the journal's test hook `KIOSK_TEST_KILL_JOURNAL=after:N|torn:N`
SIGKILLs the process at record N (one environment lookup per append otherwise). One
start per record, each resuming the previous one's journal: start k dies at record k, so
a game of N records costs about N starts and one uninterrupted game's vision work. The
starts are forked from the test process (word list, models and frames already loaded:
what `python -m kiosk replay` runs, `kiosk.cli.replay.main`, minus the interpreter's
start-up); `test_the_real_command_*` runs the same hook in real subprocesses, and the
random wall-clock kills are real processes killed by a real SIGKILL from outside.

Also here: the lock (a second replay on the same --games refuses with one line, the
first journal unchanged) and a replay whose 200 KiB tmpfs fills mid-game.
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p for p in (ROOT / "fixtures" / "games").iterdir() if (p / "script.json").exists())
HOOK = "KIOSK_TEST_KILL_JOURNAL"
CHILD_TIMEOUT_S = 120.0

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

# Kill points that cannot pass until helper "table" lands issue 14 item 1 (the end of a game
# written so that no cut leaves it over-but-not-ended; questions on screen derived again from
# the journal). {game: {(mode, record), ...}}: exactly the cases seen failing, strict, so they
# flip to a failure the day they pass. Filled from the runs below.
NEEDS_TABLE: dict[str, set[str]] = {
    # (a cut right after the overdrawing play passes since the racks are watched all along:
    # the restarted kiosk sees the eight tiles again and asks, issue 18)
}
NEEDS_TABLE_REASON = ("issue 14 item 1 (helper table): a cut here leaves a state only the screen held "
                      "(game over but not ended, or a question asked before the cut)")


# ----- running the replay ----------------------------------------------------------------


@dataclass
class Start:
    status: int          # exit status, or -9 when killed
    stderr: str


def start_child(game: Path, games: Path, hook: str | None, log: Path) -> Start:
    """One start of `python -m kiosk replay GAME --headless --games GAMES`, forked."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        status = 98
        try:
            out = os.open(os.devnull, os.O_WRONLY)
            err = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out, 1)
            os.dup2(err, 2)
            sys.stdout = open(1, "w", closefd=False)   # not pytest's capture: the real fds
            sys.stderr = open(2, "w", closefd=False)
            import logging

            logging.getLogger().handlers.clear()        # pytest's capture handlers: log as a fresh process does
            if hook:
                os.environ[HOOK] = hook
            else:
                os.environ.pop(HOOK, None)
            from kiosk.cli.replay import main

            status = main([str(game), "--headless", "--games", str(games)])
        except BaseException:
            import traceback

            traceback.print_exc()
            status = 99
        finally:
            sys.stderr.flush()
            os._exit(status)
    start = time.monotonic()
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
            return Start(code, log.read_text(encoding="utf-8", errors="replace") if log.exists() else "")
        if time.monotonic() - start > CHILD_TIMEOUT_S:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"replay of {game.name} hung for {CHILD_TIMEOUT_S:.0f} s in {games}")
        time.sleep(0.002)


def finished_journal(games: Path) -> Path | None:
    if list(games.glob("*.open.jsonl")):
        return None
    found = [p for p in games.glob("*.jsonl") if not p.name.endswith((".open.jsonl", ".abandoned.jsonl"))]
    return found[0] if len(found) == 1 else None


def open_journal_records(games: Path) -> int:
    return sum(p.read_bytes().count(b"\n") for p in games.glob("*.open.jsonl"))


def events_of(journal: Path) -> list[dict]:
    """The rules events in a journal, in order, without their times (a resumed game's clock
    facts carry the same times; wall stamps and app facts may differ)."""
    events: list[dict] = []
    for line in journal.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        for event in record.get("events", [record["event"]] if "event" in record else []):
            events.append(event)
    return events


@dataclass
class GameRun:
    game: Path
    games: Path
    starts: list[Start] = field(default_factory=list)

    def start(self, hook: str | None) -> Start:
        result = start_child(self.game, self.games, hook, self.games.parent / f"{self.games.name}-{len(self.starts)}.log")
        self.starts.append(result)
        assert "Traceback" not in result.stderr, f"{self.game.name}: traceback\n{result.stderr[-3000:]}"
        return result


@pytest.fixture(scope="module")
def warm():
    """Frames rendered, word list and models loaded once, before any fork; OpenCV's worker
    pool does not survive fork(): inline while children fork."""
    import cv2

    from kiosk.replay.driver import ReplayRun

    for game in GAMES:
        ReplayRun(game)
    before = cv2.getNumThreads()
    cv2.setNumThreads(0)
    yield
    cv2.setNumThreads(before)


@pytest.fixture(scope="module")
def baselines(warm, tmp_path_factory) -> dict[str, tuple[str, list[dict], int]]:
    """Each game run without a kill: (GCG, rules events, journal records)."""
    out = {}
    for game in GAMES:
        games = tmp_path_factory.mktemp(f"baseline-{game.name}") / "games"
        run = GameRun(game, games)
        assert run.start(None).status == 0, run.starts[-1].stderr
        journal = finished_journal(games)
        assert journal is not None
        gcg = journal.with_name(journal.name.removesuffix(".jsonl") + ".gcg").read_text(encoding="utf-8")
        assert gcg == (game / "expected.gcg").read_text(encoding="utf-8")
        out[game.name] = (gcg, events_of(journal), journal.read_bytes().count(b"\n"))
    return out


def play_with_kills(game: Path, games: Path, mode: str, total: int) -> tuple[GameRun, list[int]]:
    """Start with a kill at record 1 (mode after/torn), resume each time with a kill one
    record further on, until the game is finished; the records where a kill landed."""
    run = GameRun(game, games)
    landed: list[int] = []
    record = 1
    while finished_journal(games) is None:
        assert len(run.starts) <= 2 * total + 5, f"{game.name}: not finished after {len(run.starts)} starts"
        before = open_journal_records(games)
        result = run.start(f"{mode}:{record}" if record <= total + 2 else None)
        if result.status == -signal.SIGKILL:
            landed.append(record)
            on_disk = open_journal_records(games)
            if mode == "after":
                assert on_disk == record, f"{game.name}: killed after record {record}, journal holds {on_disk}"
            else:
                assert on_disk == record - 1, f"{game.name}: torn at record {record}, {on_disk} complete lines"
            record += 1
        else:
            assert result.status == 0, f"{game.name} {mode}:{record}: exit {result.status}\n{result.stderr[-3000:]}"
            assert open_journal_records(games) == 0
    return run, landed


def check_finished(game: Path, games: Path, baseline: tuple[str, list[dict], int]) -> None:
    gcg, events, _ = baseline
    journal = finished_journal(games)
    assert journal is not None, f"{game.name}: the game did not finish"
    got_events = events_of(journal)
    assert got_events == events, f"{game.name}: events missing, duplicated or changed ({len(got_events)} vs {len(events)})"
    got_gcg = journal.with_name(journal.name.removesuffix(".jsonl") + ".gcg").read_text(encoding="utf-8")
    assert got_gcg == gcg


def case_params(mode: str) -> list:
    out = []
    for game in GAMES:
        marks = [pytest.mark.slow]
        if mode in NEEDS_TABLE.get(game.name, set()):
            marks.append(pytest.mark.xfail(strict=True, reason=f"{NEEDS_TABLE_REASON}: {game.name}, {mode}"))
        out.append(pytest.param(game, id=game.name, marks=marks))
    return out


# ----- the kill test ------------------------------------------------------------------------


@pytest.mark.parametrize("game", case_params("after"))
def test_killed_right_after_each_record_is_fsynced(game, baselines, tmp_path):
    total = baselines[game.name][2]
    run, landed = play_with_kills(game, tmp_path / "games", "after", total)
    check_finished(game, tmp_path / "games", baselines[game.name])
    assert len(landed) >= total - 1, f"{game.name}: only {len(landed)} of {total} kills landed"
    assert not list((tmp_path / "games").glob("*.damaged-*")), "a kill between records leaves nothing torn"


@pytest.mark.parametrize("game", case_params("torn"))
def test_killed_half_way_through_writing_each_record(game, baselines, tmp_path):
    total = baselines[game.name][2]
    games = tmp_path / "games"
    run, landed = play_with_kills(game, games, "torn", total)
    check_finished(game, games, baselines[game.name])
    assert len(landed) >= total - 1, f"{game.name}: only {len(landed)} of {total} kills landed"
    copies = sorted(games.glob("*.damaged-*"), key=lambda p: int(p.name.rsplit("-", 1)[1]))
    assert len(copies) == len(landed), "each torn line kept aside, none overwritten"
    for n, (record, copy) in enumerate(zip(landed, copies), start=1):
        torn = copy.read_bytes()
        assert torn and b"\n" not in torn and torn.startswith(b'{"t":'), f"{copy.name}: {torn[:80]!r}"
        named = run.starts[n].stderr      # the start after the kill names the torn line and its copy
        assert f"line {record}: torn last line" in named and copy.name in named, named[-2000:]


def test_kill_hook_is_inert_without_the_variable(tmp_path, monkeypatch):
    from kiosk.journal import start_game

    monkeypatch.delenv(HOOK, raising=False)
    journal = start_game(tmp_path / "g")
    for i in range(3):
        journal.append({"t": float(i), "app": {"kind": "x"}})
    monkeypatch.setenv(HOOK, "after:99")
    journal.append({"t": 3.0, "app": {"kind": "x"}})
    assert journal.unsaved == 0
    assert journal.path.read_bytes().count(b"\n") == 4


# ----- the real command ---------------------------------------------------------------------


def replay_command(game: Path, games: Path) -> list[str]:
    return [sys.executable, "-m", "kiosk", "replay", str(game), "--headless", "--games", str(games)]


def real_run(game: Path, games: Path, hook: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop(HOOK, None)
    if hook:
        env[HOOK] = hook
    return subprocess.run(replay_command(game, games), cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.mark.slow
def test_the_real_command_killed_by_the_hook_resumes_with_the_same_command(baselines, tmp_path):
    game = ROOT / "fixtures" / "games" / "first-off-centre"
    games = tmp_path / "games"
    total = baselines[game.name][2]
    rng = random.Random(14)
    points = sorted(rng.sample(range(2, total), 3))
    for record in points:
        for mode in ("torn", "after"):
            if finished_journal(games) is not None:
                break
            done = real_run(game, games, f"{mode}:{record}")
            assert done.returncode == -signal.SIGKILL, done.stdout + done.stderr
            assert "Traceback" not in done.stderr
    done = real_run(game, games)
    assert done.returncode == 0 and "GCG matches expected.gcg" in done.stdout, done.stdout + done.stderr
    assert "torn last line" in done.stderr or list(games.glob("*.damaged-*"))
    check_finished(game, games, baselines[game.name])


@pytest.mark.slow
@pytest.mark.parametrize("game", [pytest.param(g, id=g.name) for g in GAMES])
def test_real_process_killed_at_random_wall_clock_moments(game, baselines, tmp_path):
    """SIGKILL from outside at seeded random moments of the real process (mid-vision,
    mid-write, during start-up), then the same command until the game is finished."""
    # The moments are drawn within the time an uncut run of the same command takes on this
    # machine right now, so a kill lands mid-game whether the machine is fast or loaded.
    started = time.monotonic()
    uncut = real_run(game, tmp_path / "uncut")
    assert uncut.returncode == 0, uncut.stdout + uncut.stderr
    whole_run_s = time.monotonic() - started
    games = tmp_path / "games"
    rng = random.Random(f"kill-{game.name}")
    kills = 0
    for _ in range(4):
        if finished_journal(games) is not None:
            break
        proc = subprocess.Popen(replay_command(game, games), cwd=ROOT, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True,
                                env={k: v for k, v in os.environ.items() if k != HOOK})
        time.sleep(rng.uniform(0.1, 0.9) * whole_run_s)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        _, err = proc.communicate(timeout=120)
        assert "Traceback" not in err, err
    for _ in range(3):
        if finished_journal(games) is not None:
            break
        done = real_run(game, games)
        assert done.returncode == 0, done.stdout + done.stderr
    assert kills >= 1
    check_finished(game, games, baselines[game.name])


# ----- one kiosk per games folder -----------------------------------------------------------


@pytest.mark.slow
def test_a_second_replay_on_the_same_games_folder_refuses_and_the_first_is_unchanged(baselines, tmp_path):
    game = ROOT / "fixtures" / "games" / "normal-out"
    games = tmp_path / "games"
    first = subprocess.Popen(replay_command(game, games), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={k: v for k, v in os.environ.items() if k != HOOK})
    try:
        deadline = time.monotonic() + 60
        while open_journal_records(games) < 3:
            assert first.poll() is None and time.monotonic() < deadline, "the first replay never wrote its journal"
            time.sleep(0.01)
        first.send_signal(signal.SIGSTOP)      # hold it still: its journal must not change under us
        before = {p.name: p.read_bytes() for p in games.iterdir()}
        second = real_run(game, games, timeout=120)
        after = {p.name: p.read_bytes() for p in games.iterdir()}
        first.send_signal(signal.SIGCONT)
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1, second.stderr
        assert str(games) in lines[0] and f"pid {first.pid}" in lines[0] and "in use" in lines[0]
        assert after == before, "the second replay changed the first's games folder"
        out, err = first.communicate(timeout=300)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 0 and "GCG matches expected.gcg" in out, out + err
    check_finished(game, games, baselines[game.name])
