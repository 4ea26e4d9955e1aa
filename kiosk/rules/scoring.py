"""Score a play: every word it forms, letter premiums before word premiums, +50 bingo.

Premiums count only under newly placed tiles; a blank (lower case or '?') scores 0 but
still takes its square's word premium.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kiosk.rules.board import EMPTY, Board, Square, SquareRef, letter_multiplier, on_board, word_multiplier
from kiosk.rules.placement import Placement, validate_placement
from kiosk.rules.tiles import TileSet

BINGO_BONUS = 50
BINGO_TILES = 7


@dataclass(frozen=True)
class WordScore:
    word: str  # letters as on the board (lower case = blank)
    squares: tuple[Square, ...]
    across: bool
    letter_sum: int  # tile values with letter premiums, before the word multiplier
    word_multiplier: int
    score: int


@dataclass(frozen=True)
class PlayScore:
    words: tuple[WordScore, ...]  # main word first, then cross-words along the line
    bingo: int
    total: int
    placement: Placement

    @property
    def main(self) -> WordScore:
        return self.words[0]


@dataclass(frozen=True)
class FormedWord:
    word: str
    squares: tuple[Square, ...]
    across: bool


def _extent(board: Board, new: dict[Square, str], start: Square, across: bool) -> tuple[Square, ...]:
    """The squares of the contiguous line of tiles through `start`."""
    dr, dc = (0, 1) if across else (1, 0)

    def filled(sq: Square) -> bool:
        return on_board(sq) and (sq in new or board.cells[sq[0]][sq[1]] != EMPTY)

    r, c = start
    while filled((r - dr, c - dc)):
        r, c = r - dr, c - dc
    squares = []
    while filled((r, c)):
        squares.append((r, c))
        r, c = r + dr, c + dc
    return tuple(squares)


def words_formed(board: Board, tiles: Iterable[tuple[SquareRef, str]]) -> tuple[FormedWord, ...]:
    """The words a legal placement forms: main word first, then each cross-word."""
    placement = validate_placement(board, tiles)
    return _words(board, placement)


def _words(board: Board, placement: Placement) -> tuple[FormedWord, ...]:
    new = dict(placement.tiles)

    def word(squares: tuple[Square, ...], across: bool) -> FormedWord:
        text = "".join(new[sq] if sq in new else board.cells[sq[0]][sq[1]] for sq in squares)
        return FormedWord(text, squares, across)

    first = placement.tiles[0][0]
    result = [word(_extent(board, new, first, placement.across), placement.across)]
    for sq, _ in placement.tiles:
        cross = _extent(board, new, sq, not placement.across)
        if len(cross) > 1:
            result.append(word(cross, not placement.across))
    return tuple(result)


def score_play(board: Board, tiles: Iterable[tuple[SquareRef, str]], tileset: TileSet) -> PlayScore:
    """Score a placement on `board` (the board before the play). Raises PlacementError."""
    placement = validate_placement(board, tiles)
    new = dict(placement.tiles)
    scored = []
    for formed in _words(board, placement):
        letter_sum, multiplier = 0, 1
        for sq, letter in zip(formed.squares, formed.word):
            value = tileset.value(letter)
            if sq in new:
                value *= letter_multiplier(sq)
                multiplier *= word_multiplier(sq)
            letter_sum += value
        scored.append(WordScore(formed.word, formed.squares, formed.across, letter_sum, multiplier,
                                letter_sum * multiplier))
    bingo = BINGO_BONUS if len(new) == BINGO_TILES else 0
    return PlayScore(tuple(scored), bingo, sum(w.score for w in scored) + bingo, placement)
