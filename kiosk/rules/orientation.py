"""Which way the board is read (PLACE-07): fixed by the opening play.

After the first word, words read left to right and top to bottom in that orientation; a
later word laid in another orientation is a ground for challenge. In a dispute the opening
play is read with the board turned so that the values on most of its tiles appear at the
bottom right of the tiles (NSA IV.F.1-3). The board reader says, per tile, from which side
of the board its value is at the bottom right; these functions decide from that.

Sides are named A, B, C, D going round the board; C is A turned 180 degrees.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

SIDES = ("A", "B", "C", "D")


def reading_side(tile_sides: Iterable[str]) -> str | None:
    """The side the game is read from: the side from which most tiles of the opening play
    show their value at the bottom right; None when no side has more than every other."""
    counts = Counter(tile_sides)
    unknown = set(counts) - set(SIDES)
    if unknown:
        raise ValueError(f"unknown board side {sorted(unknown)[0]!r}; sides are {', '.join(SIDES)}")
    ranked = counts.most_common()
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def wrong_orientation(word_side: str, game_side: str) -> bool:
    """True when a later word reads correctly only from another side than the game's: a
    ground for challenge (PLACE-07), never an automatic removal."""
    if word_side not in SIDES or game_side not in SIDES:
        raise ValueError(f"sides are {', '.join(SIDES)}")
    return word_side != game_side
