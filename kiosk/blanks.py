"""Which letters to offer for a blank: those that make every word of the play valid first."""
from __future__ import annotations

from typing import Any, Sequence


def offered_letters(
    board_rows: Sequence[str],
    tiles: Sequence[tuple[str, str]],
    square: str,
    tileset: Any,
    lexicon: Any | None,
) -> tuple[str, ...]:
    """Every letter of the tile set, those that make all words of the play valid first.

    Other blanks of the same play still undesignated ('?') are tried as any letter would be
    unknowable here, so only words not touching them decide; without a lexicon the order is
    the tile set's.
    """
    from kiosk.rules.board import Board
    from kiosk.rules.placement import PlacementError
    from kiosk.rules.scoring import words_formed

    letters = tuple(tileset.letters)
    if lexicon is None:
        return letters
    board = Board.from_rows(board_rows)
    good: list[str] = []
    for letter in letters:
        trial = [(sq, letter.lower() if sq == square else l) for sq, l in tiles]
        try:
            words = [w.word.upper() for w in words_formed(board, trial)]
        except PlacementError:
            return letters
        if all("?" in w or w in lexicon for w in words):
            good.append(letter)
    return tuple(good) + tuple(l for l in letters if l not in good)
