"""Crash-safe journal: durability (fsync), torn/corrupt tails, damage kept aside, game files."""
from __future__ import annotations

import errno
import json
import logging
import os
from pathlib import Path

import pytest

from kiosk import journal as journal_module
from kiosk.journal import (
    UnfinishedGameError,
    find_unfinished,
    gcg_path,
    open_journal,
    resume,
    rotating_log_handler,
    start_game,
)

SHARED = Path(__file__).resolve().parents[2] / "shared"
REAL_GAME = SHARED / "datasets" / "gcg" / "dev" / "liwords__all_triple_letters_covered.gcg"


def game_records() -> list[dict]:
    """Records shaped like the app's: one per move of a real game, plus clock facts."""
    records: list[dict] = [{"type": "start", "players": ["Jöey", "Vince"], "profile": "naspa", "t": 0.0}]
    if REAL_GAME.exists():
        moves = [line for line in REAL_GAME.read_text().splitlines() if line.startswith(">")]
    else:  # pragma: no cover - the shared datasets sit beside the repo
        moves = [f">P{i % 2}: ABCDEFG 8H WORD +{i} {i}" for i in range(20)]
    for i, line in enumerate(moves):
        player, move = line[1:].split(":", 1)
        records.append({"type": "move", "player": player, "gcg": move.strip(), "t": 12.5 * i, "wall": "2026-11-22T07:40:21"})
        records.append({"type": "clock", "running": 1 - i % 2, "t": 12.5 * i + 0.25})
    return records


def write_journal(games_dir: Path, records: list[dict]) -> Path:
    journal = start_game(games_dir)
    for record in records:
        journal.append(record)
    journal.close()
    return journal.path


@pytest.fixture(scope="module")
def real_journal(tmp_path_factory) -> tuple[bytes, list[dict]]:
    records = game_records()
    path = write_journal(tmp_path_factory.mktemp("games"), records)
    return path.read_bytes(), records


def test_round_trip_and_resume(tmp_path):
    records = game_records()
    path = write_journal(tmp_path, records)
    assert find_unfinished(tmp_path) == path
    journal, report = resume(tmp_path, check=False)   # test records, not the app's
    assert journal.records == records
    assert not report.damaged and report.records_kept == len(records) and report.lines() == ()
    journal.append({"type": "end"})
    journal.close()
    assert open_journal(path)[0].records == records + [{"type": "end"}]


def test_cut_at_every_byte_offset_keeps_exactly_the_complete_records(real_journal, tmp_path, monkeypatch):
    data, records = real_journal
    line_ends = [i + 1 for i, byte in enumerate(data) if byte == ord("\n")]
    assert len(line_ends) == len(records)
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # durability is tested below; this is about bytes
    path = tmp_path / "cut.open.jsonl"
    for cut in range(len(data) + 1):
        for leftover in tmp_path.iterdir():
            leftover.unlink()
        path.write_bytes(data[:cut])
        journal, report = open_journal(path)
        complete = sum(1 for end in line_ends if end <= cut)
        good = line_ends[complete - 1] if complete else 0
        assert journal.records == records[:complete], cut
        assert report.records_kept == complete and report.good_bytes == good
        assert path.stat().st_size == good
        assert report.damaged_bytes == cut - good
        if cut > good:
            assert report.damage_copy.read_bytes() == data[good:cut]
            assert report.damage_line == complete + 1
        else:
            assert report.damage_copy is None
        if cut % 97 == 0:  # new records go right after the good prefix
            journal.append({"type": "after", "cut": cut})
            journal.close()
            assert open_journal(path)[0].records == records[:complete] + [{"type": "after", "cut": cut}]
        else:
            journal.close()


@pytest.mark.parametrize(
    "tail, kind",
    [
        (b'{"type": "mo', "torn last line"),
        (b'{"type": "move"}', "torn last line"),  # valid JSON, but the newline never made it
        (b"\x00" * 4096, "torn last line"),
        (b"\x00" * 100 + b"\n", "zero bytes"),
        (b"\xff\xfe\x9c garbage\n", "garbage bytes"),
        (b"[1, 2]\n", "not a JSON object"),
        (b'{"type": "move", "t": 1.5\n', "not JSON"),
        ('{"player": "J\u00f6'.encode()[:-1] + b"\n", "garbage bytes"),  # a multi-byte letter cut in half
    ],
)
def test_garbage_tails_are_detected_cut_and_kept_aside(real_journal, tmp_path, tail, kind):
    data, records = real_journal
    path = tmp_path / "g.open.jsonl"
    path.write_bytes(data + tail)
    journal, report = open_journal(path)
    assert journal.records == records
    assert report.damaged and report.damage_kind.startswith(kind)
    assert report.damage_copy.read_bytes() == tail
    assert path.read_bytes() == data
    assert any("kept the" in line for line in report.lines())


def test_bad_line_in_the_middle_keeps_the_prefix_and_sets_the_rest_aside(real_journal, tmp_path):
    data, records = real_journal
    lines = data.splitlines(keepends=True)
    broken = b"".join(lines[:5]) + b"#!garbage\n" + b"".join(lines[5:])
    path = tmp_path / "m.open.jsonl"
    path.write_bytes(broken)
    journal, report = open_journal(path)
    assert journal.records == records[:5]
    assert report.damage_line == 6 and report.later_lines == len(lines) - 5
    assert report.damage_copy.read_bytes() == b"#!garbage\n" + b"".join(lines[5:])
    assert "later lines were set aside" in str(report)


def test_damage_copies_are_never_overwritten(tmp_path):
    path = tmp_path / "d.open.jsonl"
    path.write_bytes(b'{"a":1}\nfirst damage')
    first = open_journal(path)[1].damage_copy
    path.write_bytes(path.read_bytes() + b"second damage")
    second = open_journal(path)[1].damage_copy
    assert first != second
    assert first.read_bytes() == b"first damage" and second.read_bytes() == b"second damage"


def test_every_append_is_fsynced_and_a_new_file_fsyncs_its_folder(tmp_path, monkeypatch):
    synced: list[str] = []
    real_fsync = os.fsync

    def counting_fsync(fd: int) -> None:
        synced.append("dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", counting_fsync)
    journal = start_game(tmp_path)
    assert synced == ["dir"]
    for i in range(5):
        journal.append({"i": i})
        assert synced.count("file") == i + 1  # synced before append returned
    finished = journal.finish()
    assert synced[-1] == "dir"  # the rename to the finished name is durable too
    assert finished.name.endswith(".jsonl") and not finished.name.endswith(".open.jsonl")


def test_damage_is_durable_before_the_journal_is_cut(tmp_path, monkeypatch):
    path = tmp_path / "o.open.jsonl"
    path.write_bytes(b'{"a":1}\n{"b":')
    events: list[str] = []
    real_fsync, real_truncate = os.fsync, os.ftruncate
    monkeypatch.setattr(os, "fsync", lambda fd: (events.append("fsync"), real_fsync(fd))[1])

    def truncate(fd: int, size: int) -> None:
        copies = list(tmp_path.glob("*.damaged-*"))
        events.append(f"truncate with copy={copies[0].read_bytes()!r}" if copies else "truncate without copy")
        real_truncate(fd, size)

    monkeypatch.setattr(os, "ftruncate", truncate)
    open_journal(path)
    assert events == ["fsync", "fsync", "truncate with copy=b'{\"b\":'", "fsync"]


def test_failed_write_leaves_no_half_line(tmp_path, monkeypatch):
    journal = start_game(tmp_path)
    journal.append({"ok": 1})
    real_write = os.write
    calls = {"n": 0}

    def disk_full(fd: int, data) -> int:
        calls["n"] += 1
        if calls["n"] == 1:
            return real_write(fd, bytes(data[:5]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", disk_full)
    journal.append({"kept": "x" * 50})                           # never raises: kept in memory
    assert journal.path.read_bytes() == b'{"ok":1}\n'           # the half line was undone
    assert journal.records == [{"ok": 1}] and journal.unsaved == 1
    assert "memory card is full" in journal.save_problem and "Free space" in journal.save_problem
    monkeypatch.setattr(os, "write", real_write)
    journal.append({"ok": 2})                                    # the card works again: both, in order
    assert journal.save_problem is None and journal.unsaved == 0
    journal.close()
    reopened, report = open_journal(journal.path)
    assert reopened.records == [{"ok": 1}, {"kept": "x" * 50}, {"ok": 2}] and not report.damaged


def test_records_must_be_json_objects(tmp_path):
    journal = start_game(tmp_path)
    with pytest.raises(TypeError):
        journal.append('{"type": "move"}')  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        journal.append({"t": float("nan")})
    assert journal.path.read_bytes() == b""


def test_new_game_needs_confirmation_over_an_unfinished_one(tmp_path):
    old = start_game(tmp_path, now=1_000_000)
    old.append({"type": "move"})
    old.close()
    with pytest.raises(UnfinishedGameError) as caught:
        start_game(tmp_path, now=2_000_000)
    assert caught.value.path == old.path
    new = start_game(tmp_path, now=2_000_000, confirm_replace=True)
    abandoned = list(tmp_path.glob("*.abandoned.jsonl"))
    assert len(abandoned) == 1 and json.loads(abandoned[0].read_text()) == {"type": "move"}
    assert find_unfinished(tmp_path) == new.path


def test_finished_game_is_not_resumed_and_ids_do_not_collide(tmp_path):
    first = start_game(tmp_path, now=1_000_000)
    first.append({"type": "end"})
    done = first.finish()
    assert resume(tmp_path) is None
    assert gcg_path(done) == done.with_name(done.name.removesuffix(".jsonl") + ".gcg")
    second = start_game(tmp_path, now=1_000_000)  # same second: a new id, no clash
    assert second.path != done and second.game_id != first.game_id
    with pytest.raises(ValueError):
        first.append({"type": "late"})


def test_finish_writes_the_gcg_durably_before_closing(tmp_path, monkeypatch):
    journal = start_game(tmp_path)
    journal.append({"type": "end"})
    order: list[str] = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (order.append(Path(b).name), real_replace(a, b))[1])
    done = journal.finish("#player1 Ann Ann\n#player2 Bob Bob\n")
    gcg = gcg_path(done)
    assert order == [gcg.name, done.name]  # the GCG is complete before the game counts as finished
    assert gcg.read_text() == "#player1 Ann Ann\n#player2 Bob Bob\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != ".kiosk.lock") == sorted([gcg.name, done.name])


def test_newest_unfinished_game_wins_even_within_one_second(tmp_path):
    for name in ("20261122-074021.open.jsonl", "20261122-074021-2.open.jsonl", "20261122-074021-10.open.jsonl",
                 "20261121-235959-3.open.jsonl", "20261122-080000.jsonl"):
        (tmp_path / name).write_bytes(b"")
    assert find_unfinished(tmp_path).name == "20261122-074021-10.open.jsonl"


def test_rotating_log_is_size_capped(tmp_path):
    handler = rotating_log_handler(tmp_path / "logs", max_bytes=10_000, backups=2)
    logger = logging.getLogger("kiosk.test_rotating_log")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for i in range(2000):
            logger.warning("line %d %s", i, "x" * 40)
    finally:
        logger.removeHandler(handler)
        handler.close()
    files = list((tmp_path / "logs").iterdir())
    assert len(files) == 3
    assert sum(f.stat().st_size for f in files) <= 3 * 10_000


def test_journal_module_writes_only_in_the_games_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    games = tmp_path / "games"
    journal = start_game(games)
    journal.append({"a": 1})
    journal.close()
    (games / journal.path.name).write_bytes(journal.path.read_bytes() + b"torn")
    open_journal(journal.path)
    assert {p.parent for p in tmp_path.rglob("*") if p.is_file()} == {games}
    assert journal_module.find_unfinished(tmp_path / "absent") is None
