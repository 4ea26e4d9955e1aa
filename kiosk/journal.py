"""The game record on disk: one append-only JSON-lines journal per game, crash-safe.

Every `append` writes one line, then fsyncs the file (and, when the file was just
created, its folder) before returning, so whatever the caller does next is backed by
a durable record. A record counts only when its line ends in a newline: a power cut
mid-write leaves a torn tail that `open_journal` detects, copies aside to a
`.damaged-N` file beside the journal (never overwritten), and cuts off, keeping every
complete record before it. The journal stores the app's dicts; it does not read them.

Games folder layout (the only files the kiosk writes, with the bounded log)::

    20261122-074021.open.jsonl      a game in progress (at most one is resumed)
    20261122-074021.jsonl           a finished game; the app writes 20261122-074021.gcg beside it
    20261122-074021.abandoned.jsonl an unfinished game a player chose to replace
    20261122-074021.open.jsonl.damaged-1   bytes cut from a torn or corrupt journal
"""
from __future__ import annotations

import json
import logging
import logging.handlers
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

OPEN_SUFFIX = ".open.jsonl"
FINISHED_SUFFIX = ".jsonl"
ABANDONED_SUFFIX = ".abandoned.jsonl"

log = logging.getLogger(__name__)


class UnfinishedGameError(Exception):
    """A new game was asked for while another is unfinished and nobody confirmed."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: a game is still unfinished; confirm to set it aside and start a new one")
        self.path = path


@dataclass(frozen=True)
class RecoveryReport:
    """What opening a journal found. `damaged` is False for a clean file."""

    path: Path
    records_kept: int
    good_bytes: int              # length of the kept prefix; new records go after it
    damaged_bytes: int = 0
    damage_line: int | None = None   # 1-based line where the damage starts
    damage_kind: str = ""            # "torn last line", "not JSON", ...
    later_lines: int = 0             # complete lines after the damage, set aside with it
    damage_copy: Path | None = None  # where the cut bytes were kept

    @property
    def damaged(self) -> bool:
        return self.damaged_bytes > 0

    def lines(self) -> tuple[str, ...]:
        """Short sentences for the recovery screen (ScreenModel Recovered.damage) and the log."""
        if not self.damaged:
            return ()
        text = [
            f"{self.path.name} line {self.damage_line}: {self.damage_kind}; "
            f"kept the {self.records_kept} complete records before it"
        ]
        if self.later_lines:
            text.append(f"{self.later_lines} later lines were set aside with the damage, not replayed")
        text.append(f"{self.damaged_bytes} damaged bytes kept in {self.damage_copy.name if self.damage_copy else '?'}")
        return tuple(text)

    def __str__(self) -> str:
        return "; ".join(self.lines()) or f"{self.path.name}: {self.records_kept} records, intact"


@dataclass
class _Scan:
    records: list[dict] = field(default_factory=list)
    good_bytes: int = 0
    damage_line: int | None = None
    damage_kind: str = ""
    later_lines: int = 0


def _scan(data: bytes) -> _Scan:
    """Split journal bytes into the complete records before the first damage, and the damage."""
    scan = _Scan()
    offset = 0
    number = 0
    while offset < len(data):
        number += 1
        end = data.find(b"\n", offset)
        if end < 0:
            scan.damage_line, scan.damage_kind = number, "torn last line (no newline: the write never finished)"
            break
        problem = _line_problem(data[offset:end])
        if isinstance(problem, str):
            scan.damage_line, scan.damage_kind = number, problem
            scan.later_lines = data.count(b"\n", end + 1)
            break
        scan.records.append(problem)
        offset = end + 1
        scan.good_bytes = offset
    return scan


def _line_problem(line: bytes) -> dict | str:
    """The record on a complete line, or what is wrong with it."""
    if not line.strip():
        return "empty line"
    if not line.strip(b"\0"):
        return "zero bytes (a block lost in a power cut)"
    try:
        value = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        return "garbage bytes (not UTF-8)"
    except json.JSONDecodeError as exc:
        return f"not JSON ({exc.msg} at column {exc.colno})"
    return value if isinstance(value, dict) else "not a JSON object"


def _fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _free_name(base: Path) -> Path:
    """base.damaged-1, -2, ...: the first that does not exist yet."""
    n = 1
    while (candidate := base.with_name(f"{base.name}.damaged-{n}")).exists():
        n += 1
    return candidate


class GameJournal:
    """An open journal file for one game. Create with `start_game` or `open_journal`."""

    def __init__(self, path: Path, records: list[dict], size: int) -> None:
        self.path = path
        self.records = records          # everything appended so far, in order
        self._size = size
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)

    @property
    def game_id(self) -> str:
        return self.path.name.removesuffix(OPEN_SUFFIX)

    @property
    def is_open(self) -> bool:
        return self._fd is not None

    def append(self, record: dict) -> None:
        """Write one record durably; when this returns, it survives a power cut.

        A failed write (disk full, card gone read-only) is undone as far as the disk
        allows and re-raised as OSError: the caller must not act on the record.
        """
        if self._fd is None:
            raise ValueError(f"{self.path}: journal is closed")
        if not isinstance(record, dict):
            raise TypeError(f"journal records are dicts, not {type(record).__name__}")
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
        data = line.encode("utf-8")
        try:
            _write_all(self._fd, data)
            os.fsync(self._fd)
        except OSError:
            try:  # leave no half line for the next append to land behind
                os.ftruncate(self._fd, self._size)
            except OSError:
                pass
            raise
        self._size += len(data)
        self.records.append(record)

    def finish(self, gcg_text: str | None = None) -> Path:
        """Close a finished game: write its GCG beside it (if given), then rename the
        journal to its final name. Returns the new journal path.

        Order matters for a power cut: until the rename the game is still unfinished,
        so the kiosk resumes it and can finish it again; the GCG is never half-written.
        """
        if gcg_text is not None:
            write_file_durably(gcg_path(self.path), gcg_text.encode("utf-8"))
        return self._close_as(FINISHED_SUFFIX)

    def abandon(self) -> Path:
        """Set an unfinished game aside (kept on disk, never resumed)."""
        return self._close_as(ABANDONED_SUFFIX)

    def close(self) -> None:
        """Release the file without changing the game's state (it stays resumable)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _close_as(self, suffix: str) -> Path:
        self.close()
        target = self.path.with_name(self.game_id + suffix)
        os.replace(self.path, target)
        _fsync_dir(self.path.parent)
        self.path = target
        return target

    def __enter__(self) -> GameJournal:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def write_file_durably(path: Path, data: bytes) -> None:
    """Replace path with data atomically: a temp file, fsynced, renamed over it."""
    temp = path.with_name(f".{path.name}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o640)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(temp, path)
    _fsync_dir(path.parent)


def gcg_path(journal_path: Path) -> Path:
    """Where the app writes the GCG of a game: beside its journal, same id."""
    name = journal_path.name
    for suffix in (OPEN_SUFFIX, ABANDONED_SUFFIX, FINISHED_SUFFIX):
        if name.endswith(suffix):
            return journal_path.with_name(name.removesuffix(suffix) + ".gcg")
    return journal_path.with_suffix(".gcg")


def find_unfinished(games_dir: Path) -> Path | None:
    """The newest unfinished game's journal in games_dir, or None."""
    if not games_dir.is_dir():
        return None
    candidates = sorted(games_dir.glob("*" + OPEN_SUFFIX), key=_start_order)
    return candidates[-1] if candidates else None


_GAME_ID = re.compile(r"(\d{8}-\d{6})(?:-(\d+))?")


def _start_order(path: Path) -> tuple[str, int]:
    """Game ids are '<date>-<time>', or '<date>-<time>-N' for another game in the same second."""
    game_id = path.name.removesuffix(OPEN_SUFFIX)
    match = _GAME_ID.fullmatch(game_id)
    return (match.group(1), int(match.group(2) or 0)) if match else (game_id, 0)


def open_journal(path: Path) -> tuple[GameJournal, RecoveryReport]:
    """Open an existing journal for appending, recovering a torn or corrupt tail.

    Damaged bytes are copied to a new `<name>.damaged-N` file and fsynced before the
    journal is cut back to its last complete record.
    """
    data = path.read_bytes()
    scan = _scan(data)
    damage = data[scan.good_bytes:]
    copy: Path | None = None
    if damage:
        copy = _free_name(path)
        fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o640)
        try:
            _write_all(fd, damage)
            os.fsync(fd)
        finally:
            os.close(fd)
        _fsync_dir(path.parent)
        fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
        try:
            os.ftruncate(fd, scan.good_bytes)
            os.fsync(fd)
        finally:
            os.close(fd)
    report = RecoveryReport(
        path=path,
        records_kept=len(scan.records),
        good_bytes=scan.good_bytes,
        damaged_bytes=len(damage),
        damage_line=scan.damage_line,
        damage_kind=scan.damage_kind,
        later_lines=scan.later_lines,
        damage_copy=copy,
    )
    if report.damaged:
        log.warning("journal recovered: %s", report)
    return GameJournal(path, scan.records, scan.good_bytes), report


def resume(games_dir: Path) -> tuple[GameJournal, RecoveryReport] | None:
    """At start-up: the unfinished game, read back and ready for appends, or None."""
    path = find_unfinished(games_dir)
    return open_journal(path) if path else None


def start_game(games_dir: Path, *, confirm_replace: bool = False, now: float | None = None) -> GameJournal:
    """Create the journal of a new game.

    If a game is unfinished, raise UnfinishedGameError unless `confirm_replace`
    (a player confirmed on screen); then the old journal is set aside as abandoned,
    never deleted.
    """
    games_dir.mkdir(parents=True, exist_ok=True)
    unfinished = find_unfinished(games_dir)
    while unfinished is not None:
        if not confirm_replace:
            raise UnfinishedGameError(unfinished)
        old, _ = open_journal(unfinished)
        old.abandon()
        unfinished = find_unfinished(games_dir)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    n = 0
    while True:
        game_id = stamp if n == 0 else f"{stamp}-{n}"
        path = games_dir / (game_id + OPEN_SUFFIX)
        if not any((games_dir / (game_id + s)).exists() for s in (FINISHED_SUFFIX, ABANDONED_SUFFIX)):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o640))
                break
            except FileExistsError:
                pass
        n += 1
    _fsync_dir(games_dir)
    return GameJournal(path, [], 0)


def rotating_log_handler(log_dir: Path, max_bytes: int = 1_000_000, backups: int = 3) -> logging.Handler:
    """The kiosk's file log: size-capped (max_bytes x (backups + 1) in all), for the SD card."""
    log_dir.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(
        log_dir / "kiosk.log", maxBytes=max_bytes, backupCount=backups, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    return handler
