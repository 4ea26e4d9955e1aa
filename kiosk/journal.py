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
    .kiosk.lock                     held (flock) by the one kiosk process using the folder

A failing card never stops the game: `append` never raises for an OSError. A record that
cannot be written now is kept in memory, in order, and written by the next `append` or
`retry()`; meanwhile `save_problem` says in plain words what failed and what to do. A
games folder that vanishes mid-game is recreated at the next write and the game so far
written again into it (`save_notice` says so).

A resume always has a way forward: a complete line that cannot be replayed raises
`JournalProblem` (`file:line: field: what is wrong`, never a traceback) carrying the
opened journal; once a director confirms, `journal.set_aside_from(line)` keeps that line
and every later one byte for byte in a `.damaged-N` file and the game resumes from the
lines before it.
"""
from __future__ import annotations

import errno
import fcntl
import json
import logging
import logging.handlers
import math
import os
import re
import signal
import time
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from kiosk.errors import InputError

OPEN_SUFFIX = ".open.jsonl"
FINISHED_SUFFIX = ".jsonl"
ABANDONED_SUFFIX = ".abandoned.jsonl"
LOCK_NAME = ".kiosk.lock"
KILL_HOOK_ENV = "KIOSK_TEST_KILL_JOURNAL"   # tests only: "after:N" / "torn:N" SIGKILLs at record N

log = logging.getLogger(__name__)


class UnfinishedGameError(Exception):
    """A new game was asked for while another is unfinished and nobody confirmed."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path}: a game is still unfinished; confirm to set it aside and start a new one")
        self.path = path


class GamesDirError(InputError):
    """The games folder cannot be used: one line for the screen or the command line."""

    def __init__(self, folder: Path, message: str) -> None:
        super().__init__(f"games folder {folder}", message)
        self.folder = folder


class GamesDirLocked(GamesDirError):
    """Another kiosk process holds the games folder."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        who = f"pid {pid}" if pid else "another process"
        command = _command_of(pid) if pid else ""
        super().__init__(folder, f"in use by another kiosk ({who}{': ' + command if command else ''}); "
                                 "stop that one first (sudo systemctl stop scrabble-kiosk)")
        self.pid = pid


class JournalProblem(InputError):
    """A complete journal line that cannot be replayed (`file:line: field: what is wrong`).

    `journal` is the opened journal, ready for `set_aside_from(line)` once a director
    confirms; nothing has been changed on disk."""

    def __init__(self, journal: GameJournal, message: str, line: int, field: str | None = None) -> None:
        super().__init__(journal.path.name, message, line, field)
        self.journal = journal

    def __reduce__(self):  # pragma: no cover - not pickled; keeps dataclass pickling from failing
        return (InputError, (self.source, self.message, self.line, self.field))


def _command_of(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    text = " ".join(part.decode("utf-8", "replace") for part in raw.split(b"\0") if part)
    return " ".join(text.split())[:120]   # one line, whatever the command held


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


BOM = b"\xef\xbb\xbf"


@dataclass
class _Scan:
    records: list[dict] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)          # 1-based line of each record
    starts: dict[int, int] = field(default_factory=dict)    # line -> byte offset of every complete line
    good_bytes: int = 0
    damage_line: int | None = None
    damage_kind: str = ""
    later_lines: int = 0


def _scan(data: bytes) -> _Scan:
    """Split journal bytes into the complete records before the first damage, and the damage.

    A byte-order mark at the start and blank lines are tolerated (an editor adds them)."""
    scan = _Scan()
    offset = len(BOM) if data.startswith(BOM) else 0
    scan.good_bytes = offset
    number = 0
    while offset < len(data):
        number += 1
        end = data.find(b"\n", offset)
        if end < 0:
            scan.damage_line, scan.damage_kind = number, "torn last line (no newline: the write never finished)"
            break
        scan.starts[number] = offset
        line = data[offset:end]
        if line.strip(b" \t\r"):
            problem = _line_problem(line)
            if isinstance(problem, str):
                scan.damage_line, scan.damage_kind = number, problem
                scan.later_lines = data.count(b"\n", end + 1)
                break
            scan.records.append(problem)
            scan.lines.append(number)
        offset = end + 1
        scan.good_bytes = offset
    return scan


def _line_problem(line: bytes) -> dict | str:
    """The record on a complete, non-blank line, or what is wrong with it."""
    if not line.strip(b"\0"):
        return "zero bytes (a block lost in a power cut)"
    try:
        value = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        return "garbage bytes (not UTF-8)"
    except json.JSONDecodeError as exc:
        return f"not JSON ({exc.msg} at column {exc.colno})"
    return value if isinstance(value, dict) else "not a JSON object"


def check_record(record: dict) -> tuple[str, str] | None:
    """(field, what is wrong) for a record the app could not replay, or None.

    The app's records are {"t": seconds, "wall": ISO time, and one of "event" (a rules
    event), "events" (a list of them) or "app" (an app fact with a "kind")}."""
    t = record.get("t")
    if "t" not in record:
        return "t", "missing (the record's time in seconds)"
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        return "t", f"not a number of seconds ({t!r})"
    if not math.isfinite(t):
        return "t", f"not a finite number ({t!r})"
    if "wall" in record:
        wall = record["wall"]
        if not isinstance(wall, str):
            return "wall", f"not a date and time ({wall!r})"
        try:
            stamp = datetime.fromisoformat(wall)
        except ValueError:
            return "wall", f"not an ISO date and time ({wall!r})"
        if stamp.tzinfo is None:
            return "wall", f"no time zone ({wall!r}; e.g. {wall}+00:00)"
    kinds = [key for key in ("event", "events", "app") if key in record]
    if not kinds:
        return "event", "this record has no event (needs event, events or app)"
    if len(kinds) > 1:
        return kinds[1], f"a record holds one of event, events, app, not {' and '.join(kinds)}"
    key = kinds[0]
    value = record[key]
    if key == "app":
        if not isinstance(value, dict):
            return "app", f"not an object ({type(value).__name__})"
        if not isinstance(value.get("kind"), str):
            return "app.kind", "missing or not text"
        return None
    items = value if key == "events" else [value]
    if key == "events" and (not isinstance(value, list) or not value):
        return "events", "not a non-empty list of events"
    from kiosk.rules.events import event_from_dict

    for n, item in enumerate(items):
        name = key if key == "event" else f"events[{n}]"
        if not isinstance(item, dict):
            return name, f"not an object ({type(item).__name__})"
        try:
            event_from_dict(item)
        except InputError as exc:
            what = exc.message
            if exc.field and exc.message.startswith("unknown field"):
                what += " (written by a newer kiosk, or damaged)"
            return (f"{name}.{exc.field}" if exc.field else name), what
    return None


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


def _keep_aside(path: Path, damage: bytes) -> Path:
    """Write damage to a new path.damaged-N, durably; its name."""
    copy = _free_name(path)
    fd = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o640)
    try:
        _write_all(fd, damage)
        os.fsync(fd)
    finally:
        os.close(fd)
    _fsync_dir(path.parent)
    return copy


def _truncate(path: Path, size: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    try:
        os.ftruncate(fd, size)
        os.fsync(fd)
    finally:
        os.close(fd)


def explain_os_error(exc: OSError, what: str = "The game cannot be saved") -> str:
    """Plain words for the players and the director: what failed and what to do."""
    keep = "Play on: the clock runs and nothing is lost while the kiosk stays on; do not switch it off."
    code = exc.errno
    if code in (errno.ENOSPC, errno.EDQUOT):
        return f"{what}: the memory card is full. {keep} Free space on the card or call the director."
    if code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return (f"{what}: the memory card has become read-only (worn out or locked). {keep} "
                "Call the director to replace the card.")
    if code == errno.EIO:
        return (f"{what}: the memory card failed to write (input/output error). {keep} "
                "Call the director: the card needs replacing.")
    if code == errno.ENOENT:
        return f"{what}: the games folder has gone. {keep} Call the director."
    return f"{what}: {exc.strerror or exc}. {keep} Call the director."


def _kill_hook(number: int, data: bytes, fd: int) -> bool:
    """Tests only (KIOSK_TEST_KILL_JOURNAL=after:N|torn:N): die at record N like a power cut.

    torn: half the line reaches the card, then SIGKILL. after: returns True, the caller
    kills itself once the record is fsynced. Costs one environment lookup otherwise."""
    hook = os.environ.get(KILL_HOOK_ENV)
    if not hook:
        return False
    mode, _, n = hook.partition(":")
    if not n.isdigit() or int(n) != number:
        return False
    if mode == "torn":
        _write_all(fd, data[: max(1, len(data) // 2)])
        os.fsync(fd)
        os.kill(os.getpid(), signal.SIGKILL)
    return mode == "after"


# ----- one kiosk per games folder ----------------------------------------------------

_LOCKS: dict[Path, tuple[int, int]] = {}   # folder -> (fd of the held lock file, inode)


def check_games_dir(games_dir: Path) -> None:
    """Create the games folder if needed; GamesDirError (one line) if it cannot be used."""
    try:
        if games_dir.exists() and not games_dir.is_dir():
            raise GamesDirError(games_dir, "is a file, not a folder")
        games_dir.mkdir(parents=True, exist_ok=True)
    except GamesDirError:
        raise
    except OSError as exc:
        raise GamesDirError(games_dir, f"cannot be created ({exc.strerror or exc})") from None
    if not os.access(games_dir, os.W_OK | os.X_OK):
        raise GamesDirError(games_dir, "is not writable by this user (check its owner and permissions)")


def lock_games_dir(games_dir: Path) -> None:
    """Take the folder's lock for the life of this process (idempotent).

    GamesDirLocked names the process holding it; GamesDirError if the folder is unusable."""
    check_games_dir(games_dir)
    key = games_dir.resolve()
    lock_path = key / LOCK_NAME
    held = _LOCKS.get(key)
    if held is not None:
        try:
            if os.stat(lock_path).st_ino == held[1]:
                return
        except OSError:
            pass
        os.close(held[0])       # the folder was removed and made again: lock the new one
        del _LOCKS[key]
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o640)
    except OSError as exc:
        raise GamesDirError(games_dir, f"cannot be written ({exc.strerror or exc})") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            os.close(fd)
            raise GamesDirError(games_dir, f"cannot be locked ({exc.strerror or exc})") from None
        try:
            text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        except OSError:
            text = ""
        os.close(fd)
        raise GamesDirLocked(games_dir, int(text) if text.isdigit() else None) from None
    try:
        os.pwrite(fd, f"{os.getpid():<20}\n".encode(), 0)   # fixed width: no truncate needed
    except OSError:
        pass   # a full card: the lock itself still holds; only the pid in the message is missing
    _LOCKS[key] = (fd, os.fstat(fd).st_ino)


def release_games_dir(games_dir: Path) -> None:
    """Let another process use the folder (tests; the kiosk holds it until it exits)."""
    held = _LOCKS.pop(games_dir.resolve(), None)
    if held is not None:
        os.close(held[0])


class GameJournal:
    """An open journal file for one game. Create with `start_game` or `open_journal`."""

    def __init__(self, path: Path, records: list[dict], size: int,
                 lines: list[int] | None = None, starts: dict[int, int] | None = None,
                 next_line: int | None = None) -> None:
        self.path = path
        self.records = records          # every record durably written, in order
        self.line_numbers: list[int] = list(lines) if lines is not None else list(range(1, len(records) + 1))
        self._starts: dict[int, int] = dict(starts or {})   # line -> byte offset (lines read at open)
        self._next_line = next_line if next_line is not None else len(records) + 1
        self._size = size
        self._queue: deque[tuple[dict, bytes]] = deque()   # records not written yet, in order
        self._finishing: tuple[str | None] | None = None    # finish() asked for, with this GCG
        self.save_problem: str | None = None   # plain words for the screen while writes fail
        self.save_notice: str | None = None    # a one-off fact to show (the folder was recreated)
        self.failures = 0                       # failed write attempts in all
        self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)

    @property
    def game_id(self) -> str:
        return self.path.name.removesuffix(OPEN_SUFFIX)

    @property
    def is_open(self) -> bool:
        return self._fd is not None

    @property
    def unsaved(self) -> int:
        """Records kept in memory that could not be written yet."""
        return len(self._queue)

    @property
    def finished(self) -> bool:
        return self._fd is None and self._finishing is None and not self.path.name.endswith(OPEN_SUFFIX)

    def line_of(self, index: int) -> int:
        """The 1-based file line of records[index] (blank lines and a BOM shift them)."""
        return self.line_numbers[index] if 0 <= index < len(self.line_numbers) else self._next_line + index - len(self.records)

    def append(self, record: dict) -> None:
        """Write one record durably: when this returns with `unsaved == 0`, it (and every
        record before it) survives a power cut.

        Never raises for an OSError: a record that cannot be written now (disk full, card
        gone read-only, EIO) is kept in memory in order, `save_problem` says what to do,
        and it is written by the next `append` or `retry()`. A record that is not a JSON
        object raises TypeError/ValueError (a bug, not a card fault)."""
        if self._fd is None and self._finishing is None:
            raise ValueError(f"{self.path}: journal is closed")
        if not isinstance(record, dict):
            raise TypeError(f"journal records are dicts, not {type(record).__name__}")
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"
        self._queue.append((record, line.encode("utf-8")))
        self.retry()

    def retry(self) -> bool:
        """Write what is waiting (records, then a finish asked for); True when nothing waits."""
        if self._fd is not None:
            try:
                self._check_folder()
                self._flush()
            except OSError as exc:
                self.failures += 1
                waiting = f"{self.unsaved} event{'' if self.unsaved == 1 else 's'} not saved yet"
                problem = f"{explain_os_error(exc)} ({waiting})"
                if self.save_problem is None:
                    log.error("%s: %s (%s)", self.path, problem, exc)
                self.save_problem = problem
                return False
        if self._finishing is not None:
            try:
                self._finish_now(self._finishing[0])
            except OSError as exc:
                self.failures += 1
                if self.save_problem is None:
                    log.error("%s: cannot finish the game (%s)", self.path, exc)
                self.save_problem = explain_os_error(exc, "The finished game cannot be saved")
                return False
        if self.save_problem is not None:
            log.warning("%s: saving works again; every event is on the card", self.path)
        self.save_problem = None
        return True

    def _flush(self) -> None:
        assert self._fd is not None
        if self._queue and os.fstat(self._fd).st_size != self._size:
            os.ftruncate(self._fd, self._size)   # a half line left by an earlier failure
        while self._queue:
            record, data = self._queue[0]
            number = len(self.records) + 1
            try:
                kill_after = _kill_hook(number, data, self._fd)
                _write_all(self._fd, data)
                os.fsync(self._fd)
            except OSError:
                try:  # leave no half line for the next write to land behind
                    os.ftruncate(self._fd, self._size)
                except OSError:
                    pass
                raise
            self._starts[self._next_line] = self._size
            self._size += len(data)
            self.records.append(record)
            self.line_numbers.append(self._next_line)
            self._next_line += 1
            self._queue.popleft()
            if kill_after:
                os.kill(os.getpid(), signal.SIGKILL)

    def _check_folder(self) -> None:
        """A journal whose file was deleted (the games folder removed mid-game) is written
        again, whole, into a recreated folder: noticed here, at the next write."""
        assert self._fd is not None
        if os.fstat(self._fd).st_nlink > 0:
            return
        folder = self.path.parent
        log.error("%s: the journal file is gone (games folder removed?); writing the game again", self.path)
        check_games_dir(folder)
        lock_games_dir(folder)
        path = self.path
        if path.exists():
            path = _unused_game_path(folder, self.game_id)
        data = b"".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"
                        for r in self.records)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_CLOEXEC, 0o640)
        try:
            _write_all(fd, data)
            os.fsync(fd)
            _fsync_dir(folder)
        except OSError:
            os.close(fd)
            os.unlink(path)
            raise
        os.close(self._fd)
        self._fd, self.path, self._size = fd, path, len(data)
        self.line_numbers = list(range(1, len(self.records) + 1))
        self._starts = {}
        self._next_line = len(self.records) + 1
        self.save_notice = (f"The games folder {folder} was removed during the game; it was made again and "
                            f"the game so far ({len(self.records)} record{'' if len(self.records) == 1 else 's'}) written to "
                            f"{path.name}. Tell the director.")
        log.error("%s", self.save_notice)

    def set_aside_from(self, line: int, why: str = "set aside by the director") -> RecoveryReport:
        """Keep `line` and every later line byte for byte in a new `.damaged-N` file, cut
        the journal before it, and keep only the records before it (only after a director
        confirmed on screen). The report says which line and why, for the screen and log."""
        if self._fd is None or self._queue:
            raise ValueError(f"{self.path}: set aside only a journal just opened")
        offset = self._starts.get(line)
        if offset is None:
            raise ValueError(f"{self.path.name}: no complete line {line} to set aside")
        data = self.path.read_bytes()
        damage = data[offset:]
        copy = _keep_aside(self.path, damage)
        os.ftruncate(self._fd, offset)
        os.fsync(self._fd)
        keep = sum(1 for n in self.line_numbers if n < line)
        self.records = self.records[:keep]
        self.line_numbers = self.line_numbers[:keep]
        self._starts = {n: o for n, o in self._starts.items() if n < line}
        self._next_line = line
        self._size = offset
        report = RecoveryReport(path=self.path, records_kept=keep, good_bytes=offset, damaged_bytes=len(damage),
                                damage_line=line, damage_kind=why, later_lines=max(0, damage.count(b"\n") - 1),
                                damage_copy=copy)
        log.warning("journal line set aside: %s", report)
        return report

    def finish(self, gcg_text: str | None = None) -> Path | None:
        """Close a finished game: write its GCG beside it (if given), then rename the
        journal to its final name. Returns the new journal path, or None if the card
        cannot take it now (`save_problem` says so; `retry()` finishes it later).

        Order matters for a power cut: until the rename the game is still unfinished,
        so the kiosk resumes it and can finish it again; the GCG is never half-written.
        """
        self._finishing = (gcg_text,)
        return self.path if self.retry() else None

    def _finish_now(self, gcg_text: str | None) -> None:
        if self._queue:
            raise OSError(errno.EAGAIN, "events still waiting to be written")
        if gcg_text is not None:
            write_file_durably(gcg_path(self.path), gcg_text.encode("utf-8"))
        self._close_as(FINISHED_SUFFIX)
        self._finishing = None

    def abandon(self) -> Path:
        """Set an unfinished game aside (kept on disk, never resumed)."""
        return self._close_as(ABANDONED_SUFFIX)

    def close(self) -> None:
        """Release the file without changing the game's state (it stays resumable).
        Records still waiting for the card are tried once more; what fails is lost."""
        if self._queue and self._fd is not None:
            self.retry()
            if self._queue:
                log.error("%s: %d events could not be written before closing", self.path, len(self._queue))
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def _close_as(self, suffix: str) -> Path:
        target = self.path.with_name(self.game_id + suffix)
        os.replace(self.path, target)
        _fsync_dir(self.path.parent)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
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
    except OSError:
        os.close(fd)
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
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


def open_journal(path: Path, *, check: bool = False) -> tuple[GameJournal, RecoveryReport]:
    """Open an existing journal for appending, recovering a torn or corrupt tail.

    Damaged bytes are copied to a new `<name>.damaged-N` file and fsynced before the
    journal is cut back to its last complete record. With `check`, the first record the
    app could not replay raises JournalProblem (see `check_record`), nothing changed.
    """
    lock_games_dir(path.parent)
    data = path.read_bytes()
    scan = _scan(data)
    damage = data[scan.good_bytes:]
    copy: Path | None = None
    if damage:
        copy = _keep_aside(path, damage)
        _truncate(path, scan.good_bytes)
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
    next_line = (scan.damage_line if scan.damage_line is not None else
                 max(scan.starts, default=0) + 1)
    journal = GameJournal(path, scan.records, scan.good_bytes, scan.lines, scan.starts, next_line)
    if check:
        for record, line in zip(scan.records, scan.lines):
            found = check_record(record)
            if found is not None:
                raise JournalProblem(journal, found[1], line, found[0])
    return journal, report


def resume(games_dir: Path, *, check: bool = True) -> tuple[GameJournal, RecoveryReport] | None:
    """At start-up: the unfinished game, read back and ready for appends, or None.

    Takes the folder's lock (GamesDirLocked if another kiosk runs on it); a line the app
    could not replay raises JournalProblem (the way forward: `set_aside_from`)."""
    lock_games_dir(games_dir)
    path = find_unfinished(games_dir)
    return open_journal(path, check=check) if path else None


def _unused_game_path(games_dir: Path, stamp: str) -> Path:
    n = 1
    while True:
        game_id = f"{stamp}-{n}"
        if not any((games_dir / (game_id + s)).exists() for s in (OPEN_SUFFIX, FINISHED_SUFFIX, ABANDONED_SUFFIX)):
            return games_dir / (game_id + OPEN_SUFFIX)
        n += 1


def start_game(games_dir: Path, *, confirm_replace: bool = False, now: float | None = None) -> GameJournal:
    """Create the journal of a new game.

    If a game is unfinished, raise UnfinishedGameError unless `confirm_replace`
    (a player confirmed on screen); then the old journal is set aside as abandoned,
    never deleted. GamesDirError (one line) if the folder cannot be used.
    """
    lock_games_dir(games_dir)
    unfinished = find_unfinished(games_dir)
    while unfinished is not None:
        if not confirm_replace:
            raise UnfinishedGameError(unfinished)
        old, _ = open_journal(unfinished)
        old.abandon()
        unfinished = find_unfinished(games_dir)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    n = 0
    try:
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
    except OSError as exc:
        raise GamesDirError(games_dir, f"a new game cannot be started there ({explain_os_error(exc)})") from None
    return GameJournal(path, [], 0)


def rotating_log_handler(log_dir: Path, max_bytes: int = 1_000_000, backups: int = 3) -> logging.Handler:
    """The kiosk's file log: size-capped (max_bytes x (backups + 1) in all), for the SD card."""
    log_dir.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(
        log_dir / "kiosk.log", maxBytes=max_bytes, backupCount=backups, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    return handler
