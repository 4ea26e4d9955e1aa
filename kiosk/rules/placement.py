"""Is a set of newly placed tiles a legal placement? Every rejection has a reason code.

Codes: no_tiles, bad_square, bad_letter, off_board, duplicate_square, occupied,
not_in_line, gap, not_connected, first_play_single_tile. Missing the centre on the
first play is not a rejection (it may only be challenged off): the result says so.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kiosk.rules.board import CENTER, EMPTY, Board, Square, SquareRef, on_board, parse_square, square_name


class PlacementError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Placement:
    tiles: tuple[tuple[Square, str], ...]  # sorted along the line
    across: bool  # direction of the main word
    first_play: bool  # the board was empty
    misses_center: bool  # a first play that does not cover H8


def _square(ref: SquareRef) -> Square:
    if isinstance(ref, tuple) and len(ref) == 2 and all(isinstance(v, int) for v in ref):
        if not on_board(ref):
            raise PlacementError("off_board", f"square {ref} is off the board")
        return ref
    try:
        return parse_square(ref)
    except ValueError as exc:
        code = "off_board" if "off the board" in str(exc) else "bad_square"
        raise PlacementError(code, str(exc)) from None


def _filled(board: Board, new: dict[Square, str], sq: Square) -> bool:
    return on_board(sq) and (sq in new or board.cells[sq[0]][sq[1]] != EMPTY)


def validate_placement(board: Board, tiles: Iterable[tuple[SquareRef, str]]) -> Placement:
    placed = [(_square(ref), letter) for ref, letter in tiles]
    if not placed:
        raise PlacementError("no_tiles", "no tiles were placed")
    for sq, letter in placed:
        if not (isinstance(letter, str) and len(letter) == 1 and (letter == "?" or letter.isalpha())):
            raise PlacementError("bad_letter", f"{letter!r} is not a tile letter")
    new = dict(placed)
    if len(new) != len(placed):
        raise PlacementError("duplicate_square", "two tiles on one square")
    for sq in new:
        if board.cells[sq[0]][sq[1]] != EMPTY:
            raise PlacementError("occupied", f"square {square_name(sq)} already holds a tile")
    rows = {r for r, _ in new}
    cols = {c for _, c in new}
    if len(rows) > 1 and len(cols) > 1:
        raise PlacementError("not_in_line", "tiles must be in one row or one column")
    first_play = board.is_empty()
    if first_play and len(new) == 1:
        raise PlacementError("first_play_single_tile", "the first play must form a word of at least two letters")

    if len(new) > 1:
        across = len(rows) == 1
    else:
        (r, c), = new
        # A single tile: the main word runs the way it touches other tiles (across if both).
        across = _filled(board, new, (r, c - 1)) or _filled(board, new, (r, c + 1)) or not (
            _filled(board, new, (r - 1, c)) or _filled(board, new, (r + 1, c)))
    ordered = sorted(new.items(), key=lambda item: item[0][1] if across else item[0][0])
    (r0, c0), (r1, c1) = ordered[0][0], ordered[-1][0]
    for step in range((c1 - c0) if across else (r1 - r0)):
        sq = (r0, c0 + step) if across else (r0 + step, c0)
        if not _filled(board, new, sq):
            raise PlacementError("gap", f"square {square_name(sq)} between the tiles is empty")

    if not first_play and not any(
        on_board(nb) and board.cells[nb[0]][nb[1]] != EMPTY
        for (r, c) in new
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    ):
        raise PlacementError("not_connected", "the play does not touch any tile on the board")
    return Placement(tuple(ordered), across, first_play, first_play and CENTER not in new)
