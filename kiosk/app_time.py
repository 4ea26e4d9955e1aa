"""The app's time line. Time while the kiosk was down is not charged: a restarted game carries on
from its journal's last record's time (records carry the app's time, not the machine's); while the
journal is replayed, the game clock lives at the records' times."""
from __future__ import annotations

from typing import Any, Callable


class AppTime:
    def __init__(self, time_source: Callable[[], float], records: list[dict[str, Any]] | None):
        last_t = max((float(r.get("t", 0.0)) for r in records), default=None) if records else None
        self._offset = 0.0 if last_t is None else last_t - time_source()
        self._floor = last_t if last_t is not None else float("-inf")
        self._source = time_source
        self.replaying: float | None = float(records[0].get("t", 0.0)) if records else None   # a record's time

    def now(self) -> float:
        # max(): the float sum can round a hair below the last record's time
        return max(self._floor, self._source() + self._offset)

    def of_source(self, t: float) -> float:
        """A reading of the time source (a button edge, a camera frame) on the app's time line."""
        return t + self._offset

    def clock_now(self) -> float:
        """The game clock's time: the record being replayed, else now."""
        return self.replaying if self.replaying is not None else self.now()
