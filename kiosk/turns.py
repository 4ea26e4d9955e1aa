"""From a camera reading after a press to what the turn was: a play, no change, or a doubt.

Pure: takes the accepted board, a BoardObservation and the rules core's placement check;
decides nothing it cannot see. Anything uncertain becomes `needs_confirm` with the
doubtful squares and plain reasons for the screen.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from kiosk.board_diff import (BoardDiff, ReadingLike, diff_boards, match_rotation, observed_rows, rotate_rows,
                              square_name)

DEFAULT_MIN_CONFIDENCE = 0.8


@dataclass(frozen=True)
class TurnRead:
    kind: str                          # "play" | "no_change" | "needs_confirm"
    tiles: tuple[tuple[str, str], ...] = ()   # proposed play: (square name, letter), '?' blank
    diff: BoardDiff = field(default_factory=BoardDiff)
    seen_rows: tuple[str, ...] = ()    # the reading, turned upright to match the last board
    reasons: tuple[str, ...] = ()      # why a person must check, for the screen
    quarter_turns: int = 0             # rotation applied to match the last board

    @property
    def doubtful(self) -> frozenset[tuple[int, int]]:
        return self.diff.doubtful


def placement_problem(accepted_rows: Sequence[str], tiles: Sequence[tuple[str, str]]) -> str:
    """The rules core's reason a set of new tiles is not a legal placement, or ''."""
    from kiosk.rules.board import Board
    from kiosk.rules.placement import PlacementError, validate_placement

    try:
        validate_placement(Board.from_rows(accepted_rows), tiles)
    except PlacementError as exc:
        return exc.message
    return ""


def read_turn(accepted_rows: Sequence[str], observation: ReadingLike, min_confidence: float = DEFAULT_MIN_CONFIDENCE) -> TurnRead:
    seen, low = observed_rows(observation.cells, min_confidence)
    turns = match_rotation(accepted_rows, seen)
    if turns:
        seen = rotate_rows(seen, turns)
        low = {_rotate_square(sq, turns) for sq in low}
    diff = diff_boards(accepted_rows, seen, low)
    tiles = tuple((square_name(sq), letter) for sq, letter in diff.placed)
    if diff.no_change:
        return TurnRead("no_change", (), diff, tuple(seen), (), turns)
    reasons = diff.problems()
    if diff.only_additions and not diff.doubtful:
        problem = placement_problem(accepted_rows, tiles)
        if not problem:
            return TurnRead("play", tiles, diff, tuple(seen), (), turns)
        reasons.append(f"not a legal placement: {problem}")
    elif diff.only_additions:
        problem = placement_problem(accepted_rows, tiles)
        if problem:
            reasons.append(f"not a legal placement: {problem}")
    return TurnRead("needs_confirm", tiles, diff, tuple(seen), tuple(reasons), turns)


def _rotate_square(sq: tuple[int, int], quarter_turns: int) -> tuple[int, int]:
    r, c = sq
    for _ in range(quarter_turns % 4):
        r, c = c, 14 - r
    return r, c
