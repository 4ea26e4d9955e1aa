"""Which letters to offer for a blank: every letter of the set, in alphabet order.

KIOSK-01: the word list is consulted only to judge a challenge, so the offer never puts
the letters that make valid words first (that would be a validity hint)."""
from __future__ import annotations

from typing import Any, Sequence


def offered_letters(
    board_rows: Sequence[str],
    tiles: Sequence[tuple[str, str]],
    square: str,
    tileset: Any,
    lexicon: Any | None,
) -> tuple[str, ...]:
    """Every letter of the tile set, in its alphabet order. The board, the play and the
    word list are deliberately not looked at (KIOSK-01); the parameters stay so callers
    need not know that."""
    del board_rows, tiles, square, lexicon
    return tuple(tileset.letters)
