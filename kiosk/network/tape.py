"""A recorded game as a sink sees it: the screens and the journal records, with their times.

`record_tape(folder)` replays a fixture game folder through the real app (kiosk.replay) and
keeps every change of the ScreenModel and every new journal record. `play_tape` hands
them to a sink, as the assembly would, at the recorded pace (or faster). Tests and the
load test use it to stand for tables, until and beside the real assembly.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from kiosk.display.model import ScreenModel


@dataclass(frozen=True)
class TapeStep:
    t: float                                  # the game's time, seconds from the start
    screen: ScreenModel
    records: tuple[tuple[int, dict[str, Any]], ...] = ()   # (seq, record) that became durable


@dataclass
class Tape:
    name: str
    steps: list[TapeStep] = field(default_factory=list)

    @property
    def records(self) -> list[dict[str, Any]]:
        return [r for s in self.steps for _, r in s.records]

    @property
    def final_scores(self) -> tuple[int, int]:
        players = self.steps[-1].screen.players
        return players[0].score, players[1].score


class TapeSink:
    """A sink that keeps what the assembly hands it (kiosk.sinks contract), with game times."""

    def __init__(self, tape: Tape, clock: Callable[[], float] = lambda: 0.0) -> None:
        self.tape = tape
        self.clock = clock
        self.game_id = ""
        self._new: list[tuple[int, dict[str, Any]]] = []
        self._last: ScreenModel | None = None

    def record(self, game_id: str, seq: int, record: dict[str, Any]) -> None:
        self.game_id = game_id
        self._new.append((seq, record))

    def show(self, screen: ScreenModel) -> None:
        if self._new or screen != self._last:
            self.tape.steps.append(TapeStep(self.clock(), screen, tuple(self._new)))
            self._new = []
            self._last = screen

    def close(self) -> None:
        pass


def record_tape(folder: Path) -> Tape:
    """Replay a fixture game through the real assembly and keep what its sinks are handed."""
    from kiosk.replay.driver import ReplayRun

    tape = Tape(folder.name)
    capture = TapeSink(tape)
    run = ReplayRun(folder, sinks=(capture,))
    capture.clock = run.sim
    run.run()
    return tape


def play_tape(tape: Tape, sink: Any, game_id: str, *, speed: float = 1.0, max_gap: float = 2.0,
              before_step: Callable[[int, TapeStep], None] | None = None,
              sleep: Callable[[float], None] = time.sleep) -> None:
    """Hand the tape to a sink: records first (they are durable before the screen shows
    them), then the screen. Gaps longer than max_gap game-seconds are shortened."""
    previous = tape.steps[0].t if tape.steps else 0.0
    for index, step in enumerate(tape.steps):
        gap = min(step.t - previous, max_gap) / speed
        previous = step.t
        if gap > 0:
            sleep(gap)
        if before_step is not None:
            before_step(index, step)
        for seq, record in step.records:
            sink.record(game_id, seq, record)
        sink.show(step.screen)
