"""The game came back from its journal after a restart: the page shown once, and how long the
kiosk was down (from the journal's last wall-clock stamp; never charged to a player unless a
director says so)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from kiosk.rules.timing import clock_text

RECOVERED_SHOWN_S = 15.0   # the "game recovered" page stays up this long, or until the next button


@dataclass(frozen=True)
class Recovered:
    """The game came back from its journal after a restart: shown once."""
    events: int              # events replayed
    since_wall: str          # the journal's last wall-clock stamp ('' when none)
    damage: tuple[str, ...]  # lines about journal damage set aside
    until: float             # the page stays up until then (or the next button)

    def downtime_s(self) -> int | None:
        """How long the kiosk was down, from the journal's last wall-clock stamp (None: unknown)."""
        if not self.since_wall:
            return None
        try:
            since = datetime.fromisoformat(self.since_wall)
        except ValueError:
            return None
        return max(0, int((datetime.now(timezone.utc) - since).total_seconds()))

    def time_lost_text(self) -> str:
        """How long the kiosk was down, as a clock shows it ('' when unknown)."""
        lost = self.downtime_s()
        return "" if lost is None else clock_text(lost)
