"""Where the kiosk's output goes: the screen, the LEDs, the log file, a network feed.

The one assembly (`kiosk.assembly`) hands every sink in its list the same two things:

- `show(screen)`: the ScreenModel of this tick, on the game's thread, once per tick. A sink
  must return at once (draw, set a pin, or hand the model to its own thread); it never
  blocks the clock.
- `record(game_id, seq, record)`: each journal record once it is durable (fsynced), in
  order; `seq` is the record's 1-based line in the game's journal, so a subscriber can
  notice a gap or a repeat. On a restart the records read back from the journal are handed
  over again first (same game_id, same seq), so a sink that was behind can catch up.

`close()` is called once when the kiosk stops. A sink that fails logs it and carries on:
a broken sink never stops the game.
"""
from __future__ import annotations

from typing import Any, Protocol

from kiosk.display.model import ScreenModel

JournalRecord = dict[str, Any]   # one JSON line of the game journal (see kiosk.journal)


class Sink(Protocol):
    def show(self, screen: ScreenModel) -> None: ...

    def record(self, game_id: str, seq: int, record: JournalRecord) -> None: ...

    def close(self) -> None: ...
