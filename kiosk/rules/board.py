"""The 15x15 board: squares, GCG-style names and positions, the premium layout."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Union

SIZE = 15
CENTER = (7, 7)
EMPTY = "."
COLUMNS = "ABCDEFGHIJKLMNO"

Square = tuple[int, int]  # (row, col), 0-based; row 0 = board row 1, col 0 = column A
SquareRef = Union[Square, str]  # (row, col) or a name such as "H8"

# T = triple word, D = double word (and the centre star *), t = triple letter, d = double letter.
_LAYOUT = (
    "T..d...T...d..T",
    ".D...t...t...D.",
    "..D...d.d...D..",
    "d..D...d...D..d",
    "....D.....D....",
    ".t...t...t...t.",
    "..d...d.d...d..",
    "T..d...*...d..T",
    "..d...d.d...d..",
    ".t...t...t...t.",
    "....D.....D....",
    "d..D...d...D..d",
    "..D...d.d...D..",
    ".D...t...t...D.",
    "T..d...T...d..T",
)
_LETTER_MULT = {"d": 2, "t": 3}
_KIND = {"T": "TW", "D": "DW", "*": "DW", "t": "TL", "d": "DL"}

# The premium squares by kind ("TW", "DW", "TL", "DL"; the centre star is a DW): the one
# table the rules, the board reader (vision.layout) and the renderer (vision.synth) use.
PREMIUM: Mapping[Square, str] = MappingProxyType(
    {(r, c): _KIND[ch] for r, row in enumerate(_LAYOUT) for c, ch in enumerate(row) if ch in _KIND})


def premium(sq: Square) -> str:
    """'TW', 'DW', 'TL', 'DL' or '' for a plain square."""
    return PREMIUM.get(sq, "")
_WORD_MULT = {"D": 2, "*": 2, "T": 3}


def letter_multiplier(sq: Square) -> int:
    return _LETTER_MULT.get(_LAYOUT[sq[0]][sq[1]], 1)


def word_multiplier(sq: Square) -> int:
    return _WORD_MULT.get(_LAYOUT[sq[0]][sq[1]], 1)


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE


def square_name(sq: Square) -> str:
    """(7, 7) -> 'H8'."""
    if not on_board(sq):
        raise ValueError(f"square {sq} is off the board")
    return f"{COLUMNS[sq[1]]}{sq[0] + 1}"


_SQUARE_RE = re.compile(r"^([A-Oa-o])(\d{1,2})$")
_POSITION_RE = re.compile(r"^(?:(\d{1,2})([A-Oa-o])|([A-Oa-o])(\d{1,2}))$")


def parse_square(ref: SquareRef) -> Square:
    """'H8' or (7, 7) -> (7, 7); ValueError if malformed or off the board."""
    if isinstance(ref, tuple):
        if len(ref) != 2 or not all(isinstance(v, int) for v in ref) or not on_board(ref):
            raise ValueError(f"square {ref!r} is off the board")
        return ref
    match = _SQUARE_RE.match(ref.strip()) if isinstance(ref, str) else None
    if not match:
        raise ValueError(f"square {ref!r} is not a square name like H8")
    sq = (int(match.group(2)) - 1, COLUMNS.index(match.group(1).upper()))
    if not on_board(sq):
        raise ValueError(f"square {ref!r} is off the board")
    return sq


def parse_position(position: str) -> tuple[int, int, bool]:
    """GCG play position -> (row, col, across): '8D' = row 8 from column D across,
    'D8' = column D from row 8 down."""
    match = _POSITION_RE.match(position.strip())
    if not match:
        raise ValueError(f"position {position!r} is not like 8D (across) or D8 (down)")
    if match.group(1):
        row, col, across = int(match.group(1)) - 1, COLUMNS.index(match.group(2).upper()), True
    else:
        row, col, across = int(match.group(4)) - 1, COLUMNS.index(match.group(3).upper()), False
    if not on_board((row, col)):
        raise ValueError(f"position {position!r} is off the board")
    return row, col, across


def position_name(sq: Square, across: bool) -> str:
    """(7, 3), across -> '8D'; (7, 3), down -> 'D8'."""
    name = square_name(sq)
    return f"{name[1:]}{name[0]}" if across else name


@dataclass(frozen=True)
class Board:
    """Immutable board in the board text format: 15 rows of 15 characters."""

    cells: tuple[str, ...]

    @classmethod
    def empty(cls) -> Board:
        return cls((EMPTY * SIZE,) * SIZE)

    @classmethod
    def from_rows(cls, rows: Iterable[str]) -> Board:
        rows = tuple(rows)
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise ValueError(f"a board is {SIZE} rows of {SIZE} characters")
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch != EMPTY and ch != "?" and not ch.isalpha():
                    raise ValueError(f"square {square_name((r, c))}: {ch!r} is not a tile")
        return cls(rows)

    def rows(self) -> tuple[str, ...]:
        return self.cells

    def at(self, ref: SquareRef) -> str:
        """The tile on a square ('.' if empty)."""
        r, c = parse_square(ref)
        return self.cells[r][c]

    def is_empty(self) -> bool:
        return all(row == EMPTY * SIZE for row in self.cells)

    def occupied(self) -> Iterable[tuple[Square, str]]:
        for r, row in enumerate(self.cells):
            for c, ch in enumerate(row):
                if ch != EMPTY:
                    yield (r, c), ch

    def tile_count(self) -> int:
        return sum(SIZE - row.count(EMPTY) for row in self.cells)

    def place(self, tiles: Iterable[tuple[SquareRef, str]]) -> Board:
        """A new board with these tiles put down (squares are overwritten as given)."""
        grid = [list(row) for row in self.cells]
        for ref, letter in tiles:
            r, c = parse_square(ref)
            grid[r][c] = letter
        return Board(tuple("".join(row) for row in grid))

    def remove(self, squares: Iterable[SquareRef]) -> Board:
        return self.place((sq, EMPTY) for sq in squares)

    def __str__(self) -> str:
        return "\n".join(self.cells)
