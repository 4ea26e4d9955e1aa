"""Pure time arithmetic shared by the game clock and the rules core.

No clock reads here: every function takes seconds and returns numbers or text.
Tournament clocks truncate toward zero, so a clock 0.9 s into overtime still shows
"-0:00" and is not over time (TIME-02); overtime is whole seconds beyond the allowance.
"""
from __future__ import annotations

import math

# Differences of monotonic floats carry noise (1500.9999999997 for 1501); whole-second
# arithmetic rounds to this resolution first so 25:01.0 used is never read as 25:00.99.
_RESOLUTION_DIGITS = 6


def _whole_seconds(seconds: float) -> int:
    """Whole seconds in a non-negative duration, truncated (floor)."""
    return math.floor(round(seconds, _RESOLUTION_DIGITS))


def overtime_seconds(used_s: float, allowance_s: float) -> int:
    """Whole seconds beyond the allowance: 25:00.9 used of 25:00 -> 0, 25:01.0 -> 1."""
    over = used_s - allowance_s
    return _whole_seconds(over) if over > 0 else 0


def overtime_penalty(overtime_s: int, points_per_minute: int = 10) -> int:
    """Points lost for overtime: `points_per_minute` per minute or part of one (TIME-03).

    0 s -> 0, 1 s -> 10, 60 s -> 10, 61 s -> 20, 150 s (2:30) -> 30.
    """
    if overtime_s < 0:
        raise ValueError(f"overtime_s must be >= 0, got {overtime_s}")
    return points_per_minute * math.ceil(overtime_s / 60)


def exceeds_max_overtime(overtime_s: int, max_overtime_s: int = 600) -> bool:
    """True once a player is *more than* the maximum over (NASPA: the game ends at -10:01)."""
    return overtime_s > max_overtime_s


def forfeit_adjustment(
    scores: tuple[int, int], forfeiting: int, deduction: int = 100
) -> tuple[int, int]:
    """Scores after a max-overtime forfeit (TIME-05).

    `forfeiting` is the index (0 or 1) of the player who went over. That player loses
    `deduction` points; if the opponent is not then ahead, the opponent is raised to win
    by one: 499-0 -> 399-400, 420-380 -> 320-380, 350-250 -> 250-251.
    """
    if forfeiting not in (0, 1):
        raise ValueError(f"forfeiting must be 0 or 1, got {forfeiting}")
    adjusted = list(scores)
    adjusted[forfeiting] -= deduction
    opponent = 1 - forfeiting
    if adjusted[opponent] <= adjusted[forfeiting]:
        adjusted[opponent] = adjusted[forfeiting] + 1
    return adjusted[0], adjusted[1]


def clock_text(remaining_s: float) -> str:
    """A clock face as tournament clocks show it, truncating toward zero.

    1500 -> "25:00", 0.4 -> "0:00", 0 -> "0:00", -0.9 -> "-0:00", -1.0 -> "-0:01",
    -627 -> "-10:27".
    """
    remaining = round(remaining_s, _RESOLUTION_DIGITS)
    sign = "-" if remaining < 0 else ""
    seconds = _whole_seconds(abs(remaining))
    minutes, secs = divmod(seconds, 60)
    return f"{sign}{minutes}:{secs:02d}"


# Why the clocks may be neutralized (TURN-04, NSA VIII.B): a reason is always given.
PAUSE_REASONS = ("challenge", "score check", "blank check", "director")


def pause_allowed(reason: str, asked_by: frozenset[int], score_check_pause: str | None = None) -> bool:
    """Whether the players in `asked_by` (0, 1) may stop both clocks for `reason`.

    A challenge, blank check or director call needs one player; a score check needs one,
    or both when the profile says so (MSA 3.3: by mutual agreement). Only "challenge"
    records a challenge: the others are pauses, not challenges (NSA X.D).
    ValueError for a reason not in PAUSE_REASONS."""
    if reason not in PAUSE_REASONS:
        raise ValueError(f"a pause needs a reason: one of {', '.join(PAUSE_REASONS)} (TURN-04)")
    if not asked_by <= {0, 1}:
        raise ValueError("players are 0 and 1")
    if reason == "score check" and score_check_pause == "both":
        return asked_by == {0, 1}
    return bool(asked_by)
