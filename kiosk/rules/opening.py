"""Who plays first (FIRST-01): by the tournament record of firsts, else by a draw.

The winner of the draw must go first (KTR 3.D case 1), so there is no "go second"
answer. The drawn tiles go back into the bag before the opening racks are drawn.
"""
from __future__ import annotations

from kiosk.rules.tiles import BLANK


def first_by_record(firsts: tuple[int, int], seconds: tuple[int, int] | None = None) -> int | None:
    """The player with fewer firsts goes first; if equal, the one with more seconds (after
    a bye or forfeit, NSA II.F.2); None when the record does not decide."""
    if firsts[0] != firsts[1]:
        return 0 if firsts[0] < firsts[1] else 1
    if seconds is not None and seconds[0] != seconds[1]:
        return 0 if seconds[0] > seconds[1] else 1
    return None


def first_by_draw(drawn: tuple[str, str]) -> int | None:
    """The tile nearer A goes first and a blank beats every letter; None: draw again
    (equal letters, or both blanks)."""
    a, b = (t.upper() for t in drawn)
    if a == b:
        return None
    if BLANK in (a, b):
        return 0 if a == BLANK else 1
    return 0 if a < b else 1
