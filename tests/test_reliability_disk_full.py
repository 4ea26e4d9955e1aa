"""A card that fills mid-game (issue 14): the replayed game goes on to the end of the
script with the clock running, the journal keeps the unsaved records in memory in order,
and once space is freed the journal holds every event and the GCG equals expected.gcg.

The card is a real 200 KiB tmpfs (the tests run as root in CI); where a tmpfs cannot be
mounted, an ENOSPC injected at the journal's write stands in for it.
"""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from hardware.events import ButtonEvent
from kiosk import journal as journal_module

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "fixtures" / "games" / "normal-out"


def can_mount() -> bool:
    if os.geteuid() != 0 or not sys.platform.startswith("linux"):
        return False
    probe = Path("/proc/filesystems")
    return probe.exists() and "tmpfs" in probe.read_text()


class Card:
    """The games folder's card: `fill()` leaves no free byte, `free()` gives the space back."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch):
        self.root = root
        self.games = root / "games"
        self.mounted = False
        self.full = False
        self.monkeypatch = monkeypatch

    def __enter__(self) -> Card:
        self.root.mkdir(parents=True, exist_ok=True)
        if can_mount():
            done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(self.root)],
                                  capture_output=True)
            self.mounted = done.returncode == 0
        if not self.mounted:   # stand-in: ENOSPC at the journal's write while "full"
            real = journal_module._write_all

            def write_all(fd: int, data: bytes) -> None:
                if self.full:
                    raise OSError(errno.ENOSPC, "No space left on device")
                real(fd, data)

            self.monkeypatch.setattr(journal_module, "_write_all", write_all)
        return self

    def fill(self) -> None:
        self.full = True
        if not self.mounted:
            return
        with open(self.root / "filler", "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"\0" * 4096)
                    f.flush()
            except OSError:
                pass

    def free(self) -> None:
        self.full = False
        if self.mounted:
            (self.root / "filler").unlink()

    def __exit__(self, *exc: object) -> None:
        for held in list(journal_module._LOCKS):
            if str(held).startswith(str(self.root.resolve())):
                journal_module.release_games_dir(held)
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.root)], check=False)


def finished_journal(games: Path) -> Path | None:
    if list(games.glob("*.open.jsonl")):
        return None
    found = [p for p in games.glob("*.jsonl")]
    return found[0] if len(found) == 1 else None


def events_of(records: list[dict]) -> list[dict]:
    out: list[dict] = []
    for record in records:
        out.extend(record.get("events", [record["event"]] if "event" in record else []))
    return out


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> list[dict]:
    from kiosk.replay.driver import ReplayRun

    games = tmp_path_factory.mktemp("baseline") / "games"
    result = ReplayRun(GAME, games_dir=games).run()
    assert result.completed and result.gcg == (GAME / "expected.gcg").read_text(encoding="utf-8")
    journal = finished_journal(games)
    assert journal is not None
    journal_module.release_games_dir(games)
    return events_of([json.loads(line) for line in journal.read_text().splitlines()])


class Records:
    """A sink: the journal records handed over (durable ones only, by the sinks' contract)."""

    def __init__(self) -> None:
        self.records: list[tuple[int, dict]] = []

    def show(self, screen) -> None:
        pass

    def record(self, game_id: str, seq: int, record: dict) -> None:
        self.records.append((seq, record))

    def close(self) -> None:
        pass


def run_with_card(card: Card, fill_at: float, free_at: float | None, sinks: tuple = ()):
    """Replay the game on the card, filling it at step fraction fill_at and freeing it at
    free_at (None: still full at the end of the script). What was seen while full."""
    from kiosk.replay.driver import ReplayRun

    seen: dict = {"problems": set(), "events_while_full": [], "clock_while_full": [], "screens": []}
    run = ReplayRun(GAME, games_dir=card.games, sinks=sinks)
    steps = len(run.script.steps)

    def step_hook(index: int, step) -> None:
        if index == int(fill_at * steps):
            card.fill()
        if free_at is not None and index == int(free_at * steps):
            card.free()

    def on_iteration(app, t: float) -> None:
        problem = app.journal.save_problem
        if problem is not None:
            seen["problems"].add(problem)
            seen["events_while_full"].append(len(app.events))
            seen["clock_while_full"].append(t)
            if len(seen["screens"]) < 50:
                seen["screens"].append(repr(app.screen()))

    run.step_hook = step_hook
    run.on_iteration = on_iteration
    return run, seen


def test_a_card_that_fills_mid_game_loses_nothing_once_freed(tmp_path, monkeypatch, baseline):
    with Card(tmp_path / "card", monkeypatch) as card:
        run, seen = run_with_card(card, fill_at=0.3, free_at=0.7)
        result = run.run()
        assert result.completed, result.summary()
        assert result.gcg == (GAME / "expected.gcg").read_text(encoding="utf-8")
        assert seen["problems"], "the card never filled"
        assert all("memory card is full" in p and "Free space" in p for p in seen["problems"])
        # the game went on while nothing could be saved: events applied, the clock's time moving
        assert seen["events_while_full"][-1] > seen["events_while_full"][0]
        assert seen["clock_while_full"][-1] - seen["clock_while_full"][0] > 10.0
        journal = finished_journal(card.games)
        assert journal is not None, "the game was closed as finished on the card"
        records = [json.loads(line) for line in journal.read_text().splitlines()]
        assert events_of(records) == baseline, "every event, in order, once the card had space again"
        assert journal.with_name(journal.name.removesuffix(".jsonl") + ".gcg").read_text() == result.gcg


def test_a_card_full_to_the_end_of_the_script_shows_cannot_save_then_saves_everything(tmp_path, monkeypatch, baseline):
    import pygame

    from kiosk.display.render import Renderer

    """The issue's done-when: a 200 KiB card that fills mid-game, the replay runs to the end of
    the script with the clock running and a "cannot save" screen; freed, every event is on
    the card and the GCG equals expected.gcg."""
    with Card(tmp_path / "card", monkeypatch) as card:
        sink = Records()
        run, seen = run_with_card(card, fill_at=0.5, free_at=None, sinks=(sink,))
        result = run.run()
        assert result.completed, result.summary()
        assert seen["problems"] and run.app.journal.save_problem is not None
        assert any("memory card is full" in screen for screen in seen["screens"]), "the screen says it cannot save"
        assert finished_journal(card.games) is None        # nothing could be closed yet
        on_card = card.games.glob("*.open.jsonl").__next__().read_text().splitlines()
        assert [r for _, r in sink.records] == [json.loads(line) for line in on_card], "only durable records"
        # the result page says the finished game is not on the card, in words a player reads
        drawn = Renderer().render(pygame.Surface((800, 480)), run.app.screen())
        assert any("memory card is full" in line for line in drawn), drawn
        # CONFIRM on that page would start the next game: not while this one is only in memory
        app = run.app
        run.kiosk.inputs.put(ButtonEvent("confirm", "press", run.sim.t))
        run.kiosk.tick()
        assert run.kiosk.app is app and app.phase == "done"
        card.free()
        run.app.tick()                                      # the app retries on its own
        journal = finished_journal(card.games)
        assert journal is not None and run.app.journal.save_problem is None
        records = [json.loads(line) for line in journal.read_text().splitlines()]
        assert events_of(records) == baseline
        assert sink.records == list(enumerate(records, start=1)), "each record once, in order, once written"
        gcg = journal.with_name(journal.name.removesuffix(".jsonl") + ".gcg").read_text()
        assert gcg == (GAME / "expected.gcg").read_text(encoding="utf-8")


def test_the_kiosks_last_line_says_when_the_game_could_not_be_saved_completely(tmp_path, monkeypatch):
    from kiosk.cli.run import where_the_game_is

    games = tmp_path / "games"
    journal = journal_module.start_game(games)
    try:
        journal.append({"t": 0.0, "app": {"kind": "x"}})

        def full(fd: int, data: bytes) -> None:
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(journal_module, "_write_all", full)
        journal.append({"t": 1.0, "app": {"kind": "x"}})
        assert where_the_game_is(journal) == (f"the game could not be saved completely: {journal.path} lacks what "
                                              "happened since the card failed (the log says why)")
        monkeypatch.undo()                                   # the card takes it at the stop's last try
        assert where_the_game_is(journal) == (f"the game so far is safe in its journal {journal.path}; "
                                              "start the kiosk again to resume it (python -m kiosk --live)")
        assert journal.path.read_text().count("\n") == 2
    finally:
        journal.close()
        journal_module.release_games_dir(games)


def test_no_new_game_from_the_menu_while_the_game_is_only_in_memory(tmp_path, monkeypatch):
    from kiosk.assembly import Backends, assemble
    from kiosk.replay.camera import ReplayCamera
    from kiosk.replay.driver import ReplayRun
    from kiosk.table import MenuItem

    games = tmp_path / "games"
    kiosk = assemble(None, Backends(ReplayCamera(GAME / "frames"), time_source=lambda: 10.0, threaded_vision=False),
                     games_dir=games, rules=ReplayRun(GAME).rules)

    def press(button: str, kind: str = "press") -> None:
        kiosk.inputs.put(ButtonEvent(button, kind, 10.0))
        kiosk.tick()

    def new_game_from_the_menu() -> None:
        press("pause", "long_press")
        while kiosk.app.menu is not None and kiosk.app.menu.selected is not MenuItem.NEW_GAME:
            press("challenge")
        press("confirm")
        press("confirm")      # asked once more
        kiosk.tick()

    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    try:
        press("p2")                                            # the game is under way
        app = kiosk.app
        monkeypatch.setattr(journal_module, "_write_all", full)
        new_game_from_the_menu()
        assert kiosk.app is app and not list(games.glob("*.abandoned.jsonl"))
        assert any(title == "No new game yet" for title, _, _ in app.app_alerts)
        monkeypatch.undo()                                     # space again: the same choice works
        kiosk.tick()
        new_game_from_the_menu()
        assert kiosk.app is not app and len(list(games.glob("*.abandoned.jsonl"))) == 1
        abandoned = next(games.glob("*.abandoned.jsonl")).read_text().splitlines()
        assert json.loads(abandoned[-1])["app"]["kind"] == "abandoned_by_director"   # nothing it held was lost
    finally:
        kiosk.close()
        journal_module.release_games_dir(games)
