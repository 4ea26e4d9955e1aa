"""A failing card, two kiosks on one folder, a vanished folder, and a resume that always
has a way forward (issue 14). Real files, a real tmpfs (root) and real processes where
the machine allows; an injected OSError at the write otherwise and for EIO."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

from kiosk import journal as journal_module
from kiosk.errors import InputError
from kiosk.journal import (
    GamesDirError,
    GamesDirLocked,
    JournalProblem,
    open_journal,
    release_games_dir,
    resume,
    start_game,
)

ROOT = Path(__file__).resolve().parents[1]


def app_record(i: int, **extra) -> dict:
    record = {"t": 1.5 * i, "wall": "2026-11-22T07:40:21+00:00",
              "event": {"type": "clock_pressed", "player": i % 2, "t": 1.5 * i}}
    record.update(extra)
    return record


def can_mount() -> bool:
    return os.geteuid() == 0 and sys.platform.startswith("linux")


@contextmanager
def tmpfs(where: Path, size: str = "64k"):
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], check=True)
    try:
        yield where
    finally:
        for held in list(journal_module._LOCKS):
            if str(held).startswith(str(where.resolve())):
                release_games_dir(held)
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path, leave: int = 0) -> Path:
    """Fill the file system of folder up to `leave` free bytes (a real ENOSPC)."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                st = os.statvfs(folder)
                free = st.f_bavail * st.f_frsize - leave
                if free <= 0:
                    break
                f.write(b"\0" * min(free, 4096))
                f.flush()
        except OSError:
            pass
    return filler


# ----- a failing card -----------------------------------------------------------------


@pytest.mark.skipif(not can_mount(), reason="needs root to mount a tmpfs; the injected test below covers it")
def test_real_full_card_keeps_records_in_memory_and_writes_them_in_order_when_freed(tmp_path):
    with tmpfs(tmp_path / "card") as card:
        games = card / "games"
        journal = start_game(games)
        journal.append(app_record(0))
        assert journal.unsaved == 0
        filler = fill(card)
        n = 1
        while journal.append(app_record(n)) or journal.unsaved == 0:    # the journal's last page fills first
            n += 1
            assert n < 2000, "the full tmpfs took every record"
        for n in range(n + 1, n + 20):
            journal.append(app_record(n))
        assert journal.unsaved == 20
        assert "full" in journal.save_problem and "Free space" in journal.save_problem
        on_card = journal.path.read_bytes()
        assert on_card.endswith(b"\n"), "no half line left on a full card"
        assert journal.finish("gcg text\n") is None            # cannot finish now; no exception
        assert journal.path.name.endswith(".open.jsonl")
        filler.unlink()
        assert journal.retry() is True and journal.save_problem is None
        assert journal.path.name.endswith(".jsonl") and not journal.path.name.endswith(".open.jsonl")
        lines = [json.loads(line) for line in journal.path.read_text().splitlines()]
        assert lines == [app_record(i) for i in range(n + 1)]
        assert (games / journal.path.name.replace(".jsonl", ".gcg")).read_text() == "gcg text\n"


# A real read-only remount is refused while the journal is open for writing (EBUSY), so a
# card that turns read-only is the injected EROFS below, as is EIO.


@pytest.mark.parametrize("code, words", [(errno.EIO, "card needs replacing"), (errno.ENOSPC, "Free space"),
                                         (errno.EROFS, "read-only")])
def test_injected_fsync_failure_never_raises_and_keeps_order(tmp_path, monkeypatch, code, words):
    journal = start_game(tmp_path / "games")
    journal.append(app_record(0))
    real_fsync = os.fsync
    failing = {"on": True}

    def fsync(fd: int) -> None:
        if failing["on"]:
            raise OSError(code, os.strerror(code))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    for i in range(1, 6):
        journal.append(app_record(i))
        assert journal.unsaved == i
    assert words in journal.save_problem and "5 events not saved yet" in journal.save_problem
    assert journal.path.read_bytes().count(b"\n") == 1        # each failed line undone
    failing["on"] = False
    assert journal.retry() is True and journal.save_problem is None
    journal.close()
    assert open_journal(journal.path)[0].records == [app_record(i) for i in range(6)]


def test_a_vanished_games_folder_is_recreated_with_the_whole_game(tmp_path):
    games = tmp_path / "games"
    journal = start_game(games)
    for i in range(3):
        journal.append(app_record(i))
    subprocess.run(["rm", "-rf", str(games)], check=True)
    journal.append(app_record(3))
    assert journal.unsaved == 0
    assert journal.save_notice and "made again" in journal.save_notice and str(games) in journal.save_notice
    journal.close()
    release_games_dir(games)
    found = resume(games)
    assert found is not None
    assert found[0].records == [app_record(i) for i in range(4)]


@pytest.mark.parametrize("kind", ["file", "unwritable"])
def test_an_unusable_games_folder_is_one_line(tmp_path, kind):
    games = tmp_path / "games"
    if kind == "file":
        games.write_text("not a folder")
        expected = "is a file, not a folder"
    else:
        games.mkdir()
        games.chmod(0o500)
        expected = "not writable" if os.geteuid() != 0 else None
    try:
        if expected is None:   # root writes anywhere: an unwritable place is a path below a file
            games = tmp_path / "games" / "x"
            (tmp_path / "f").write_text("")
            games = tmp_path / "f" / "games"
            expected = "cannot be created"
        with pytest.raises(GamesDirError) as info:
            start_game(games)
        text = str(info.value)
        assert "\n" not in text and str(games) in text and expected in text
        assert isinstance(info.value, InputError)
    finally:
        if (tmp_path / "games").is_dir():
            (tmp_path / "games").chmod(0o700)


# ----- one kiosk per games folder --------------------------------------------------------


HOLDER = """
import sys, time
from pathlib import Path
from kiosk.journal import start_game
j = start_game(Path(sys.argv[1]))
j.append({"t": 0.0, "event": {"type": "clock_pressed", "player": 0, "t": 0.0}})
print("ready", flush=True)
time.sleep(60)
"""


def test_a_second_process_on_the_same_folder_refuses_naming_folder_and_pid(tmp_path):
    games = tmp_path / "games"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(games)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        before = {p.name: p.read_bytes() for p in games.iterdir()}
        with pytest.raises(GamesDirLocked) as info:
            resume(games)
        text = str(info.value)
        assert str(games) in text and f"pid {holder.pid}" in text and "\n" not in text
        assert info.value.pid == holder.pid
        with pytest.raises(GamesDirLocked):
            start_game(games, confirm_replace=True)
        assert {p.name: p.read_bytes() for p in games.iterdir()} == before
    finally:
        holder.kill()
        holder.wait()
    found = resume(games)          # the holder is gone: its lock went with it
    assert found is not None and len(found[0].records) == 1


# ----- a resume that always has a way forward --------------------------------------------


def write_lines(tmp_path: Path, lines: list[bytes]) -> Path:
    games = tmp_path / f"games-{uuid.uuid4().hex[:6]}"
    games.mkdir()
    path = games / "20261122-074021.open.jsonl"
    path.write_bytes(b"".join(lines))
    return path


def encode(record: dict) -> bytes:
    return json.dumps(record).encode() + b"\n"


def test_a_bom_and_blank_lines_are_tolerated_and_lines_are_counted(tmp_path):
    lines = [b"\xef\xbb\xbf" + encode(app_record(0)), b"\n", encode(app_record(1)), b"  \r\n", encode(app_record(2))]
    path = write_lines(tmp_path, lines)
    journal, report = resume(path.parent)
    assert not report.damaged
    assert journal.records == [app_record(0), app_record(1), app_record(2)]
    assert [journal.line_of(i) for i in range(3)] == [1, 3, 5]
    journal.append(app_record(3))
    assert journal.line_of(3) == 6
    journal.close()
    assert path.read_bytes() == b"".join(lines) + encode(app_record(3)).replace(b", ", b",").replace(b": ", b":")


@pytest.mark.parametrize("record, field, words", [
    ({"t": "abc", "event": {"type": "clock_pressed", "player": 0, "t": 0.0}}, "t", "not a number"),
    ({"wall": "2026-11-22T07:40:21", "event": {"type": "clock_pressed", "player": 0, "t": 0.0}}, "t", "missing"),
    ({"t": 1.0, "wall": "2026-11-22T07:40:21", "event": {"type": "clock_pressed", "player": 0, "t": 0.0}},
     "wall", "no time zone"),
    ({"t": 1.0, "app": ["read_confirmed"]}, "app", "not an object"),
    ({"t": 1.0, "wall": "2026-11-22T07:40:21+00:00"}, "event", "no event"),
    ({"t": 1.0, "event": {"type": "teleported", "player": 0}}, "event.type", "unknown event type"),
    ({"t": 1.0, "event": {"type": "clock_pressed", "player": 0, "t": 0.0, "colour": "red"}},
     "event.colour", "newer kiosk"),
])
def test_every_malformed_field_is_named_with_its_own_line_never_a_traceback(tmp_path, record, field, words):
    lines = [encode(app_record(0)), encode(app_record(1)), encode(record), encode(app_record(3))]
    path = write_lines(tmp_path, lines)
    with pytest.raises(JournalProblem) as info:
        resume(path.parent)
    text = str(info.value)
    assert text.startswith(f"{path.name}:3: {field}: ") and words in text, text
    assert path.read_bytes() == b"".join(lines)            # nothing changed before a director says so
    # the way forward, once a director confirms on screen
    journal = info.value.journal
    report = journal.set_aside_from(info.value.line, why=info.value.message)
    assert report.damage_line == 3 and words in " ".join(report.lines())
    assert report.damage_copy.read_bytes() == lines[2] + lines[3]
    assert journal.records == [app_record(0), app_record(1)]
    journal.append(app_record(2))
    journal.close()
    release_games_dir(path.parent)
    again, _ = resume(path.parent)
    assert again.records == [app_record(0), app_record(1), app_record(2)]


def test_set_aside_a_line_the_rules_refuse_by_its_file_line(tmp_path):
    """A duplicated record (the rules core refuses it on replay): set aside by line, byte for byte."""
    lines = [encode(app_record(0)), b"\n", encode(app_record(1)), encode(app_record(1)), encode(app_record(2))]
    path = write_lines(tmp_path, lines)
    journal, _ = resume(path.parent)
    assert journal.line_of(2) == 4
    report = journal.set_aside_from(journal.line_of(2), why="this play was already made")
    assert report.damage_copy.name.endswith(".damaged-1")
    assert report.damage_copy.read_bytes() == lines[3] + lines[4]
    assert "line 4: this play was already made" in report.lines()[0]
    assert "1 later lines" in str(report)
    assert path.read_bytes() == b"".join(lines[:3])
    with pytest.raises(ValueError):
        journal.set_aside_from(17)
