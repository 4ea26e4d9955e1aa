"""What the kiosk app writes its game to: the journal it needs (`JournalLike`: kiosk.journal.GameJournal
on the card) or one kept in memory (`MemoryJournal`), the wall-clock stamps its records carry, and what
the app's parts need to write to it (`GameRecord`)."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from kiosk.rules import events as ev


class JournalLike(Protocol):
    """What the app needs of a journal (kiosk.journal.GameJournal, MemoryJournal)."""

    @property
    def path(self) -> Path | None: ...

    @property
    def save_problem(self) -> str | None: ...

    @property
    def save_notice(self) -> str | None: ...

    def append(self, record: dict[str, Any]) -> object: ...

    def retry(self) -> bool: ...

    def finish(self, gcg_text: str | None = None) -> Path | None: ...

    def line_of(self, index: int) -> int: ...


class MemoryJournal:
    """A journal kept in memory (tests; a demo that must not write)."""

    path: Path | None = None
    save_problem: str | None = None   # memory never fails to take a record
    save_notice: str | None = None
    game_id = "memory"

    def __init__(self, records: list[dict] | None = None):
        self.records: list[dict] = list(records or [])
        self.gcg: str | None = None     # the finished game's GCG

    def append(self, record: dict) -> None:
        self.records.append(json.loads(json.dumps(record)))

    def retry(self) -> bool:
        return True

    def finish(self, gcg_text: str | None = None) -> Path | None:
        self.gcg = gcg_text
        return None

    def line_of(self, index: int) -> int:
        return index + 1


def last_wall(records: list[dict]) -> str:
    """The records' last wall-clock stamp ('' when none)."""
    walls = [str(r["wall"]) for r in records if isinstance(r.get("wall"), str)]
    return walls[-1] if walls else ""


def wall_now() -> str:
    """Wall-clock time for people reading the journal (never used for game logic)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class GameRecord(Protocol):
    """What the app's parts need to put facts on the record (kiosk.app.KioskApp)."""

    def commit(self, event: ev.Event, t: float | None = None) -> None:
        """Check a rules event with the rules core, journal it, then act on it."""

    def note(self, kind: str, **data: object) -> None:
        """Journal an app fact that is not a rules event."""
