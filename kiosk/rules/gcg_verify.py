"""Check a parsed GCG record against the rules core: replay its events through
`game.apply` and compare every record line's score and running total with the state's
history.

Each move's events add records to the history; they are matched to the move's line. The
end-of-game rack lines share one GameEnded event, whose records are matched to those
lines by player.
"""
from __future__ import annotations

from dataclasses import dataclass

from kiosk.errors import InputError
from kiosk.rules.events import Note
from kiosk.rules.game import apply, replay
from kiosk.rules.gcg import GcgGame, GcgMove, game_started
from kiosk.rules.state import GameState, RuleError, Turn


@dataclass(frozen=True)
class MoveCheck:
    line: int
    expected_score: int
    expected_total: int
    computed_score: int | None  # None: the rules core made no record for this line
    computed_total: int | None

    @property
    def matches(self) -> bool:
        return (self.expected_score, self.expected_total) == (self.computed_score, self.computed_total)


def _check(move: GcgMove, turns: list[Turn]) -> MoveCheck:
    turns = [t for t in turns if t.player == move.player]
    score = sum(t.score for t in turns) if turns else None
    total = turns[-1].total if turns else None
    return MoveCheck(move.line, move.score, move.total, score, total)


def check_moves(game: GcgGame) -> tuple[MoveCheck, ...]:
    """One check per move line, under the game's profile; InputError at the line the
    rules core refuses."""
    state: GameState = replay([game_started(game), *(Note(text) for text in game.opening_notes)])
    checks: list[MoveCheck] = []
    pending_end: list[GcgMove] = []
    for move in game.moves:
        before = len(state.history)
        try:
            for event in move.events:
                state = apply(state, event)
        except RuleError as exc:
            raise InputError(game.source, f"the rules core refuses this move: {exc}", move.line) from None
        turns = list(state.history[before:])
        if move.action != "end_rack":
            checks.append(_check(move, turns))
            continue
        pending_end.append(move)
        if not turns:  # only the last rack line carries the GameEnded event
            continue
        for end_move in pending_end:  # the GameEnded records, one per player at most
            mine = [t for t in turns if t.player == end_move.player][:1]
            turns = [t for t in turns if all(t is not m for m in mine)]
            checks.append(_check(end_move, mine))
        pending_end = []
    checks.extend(_check(m, []) for m in pending_end)
    checks.sort(key=lambda c: c.line)
    return tuple(checks)
