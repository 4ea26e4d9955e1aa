"""What changed on the board since the last accepted position.

The app compares each new camera reading with the board the game has accepted so far.
A clean turn adds tiles only; anything else (a tile gone, a tile whose letter changed, a
cell the camera could not read) is reported so the players confirm or correct it: the
app never guesses.

Boards are in the board text format (ARCHITECTURE.md): '.' empty, 'A'-'Z'/'ÄÖÜ' a tile,
'?' a blank whose letter is unknown, lower case a designated blank, '#' unreadable.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, Sequence

SIZE = 15
EMPTY = "."
UNKNOWN = "#"
BLANK = "?"

Square = tuple[int, int]


class CellLike(Protocol):
    """A square's reading (vision.observation.CellReading, read-only)."""

    @property
    def state(self) -> str: ...          # "empty" | "tile" | "blank" | "unknown"

    @property
    def letter(self) -> str | None: ...

    @property
    def confidence(self) -> float: ...


class ReadingLike(Protocol):
    """A board reading (vision.observation.BoardObservation): its squares, row-major, board upright."""

    @property
    def cells(self) -> Sequence[CellLike]: ...


def square_name(sq: Square) -> str:
    row, col = sq
    return f"{chr(ord('A') + col)}{row + 1}"


def observed_rows(cells: Sequence[CellLike], min_confidence: float) -> tuple[list[str], set[Square]]:
    """Board text of a reading and the squares read with too little confidence.

    A tile whose letter is below `min_confidence` is kept as read but marked doubtful;
    a cell of unknown state is '#'.
    """
    rows: list[list[str]] = [[EMPTY] * SIZE for _ in range(SIZE)]
    doubtful: set[Square] = set()
    for index, cell in enumerate(cells):
        sq = divmod(index, SIZE)
        if cell.state == "empty":
            char = EMPTY
        elif cell.state == "blank":
            char = BLANK
        elif cell.state == "tile" and cell.letter:
            char = cell.letter.upper()
        else:
            char = UNKNOWN
        rows[sq[0]][sq[1]] = char
        if char != UNKNOWN and cell.confidence < min_confidence:
            doubtful.add(sq)
    return ["".join(r) for r in rows], doubtful


def rotate_rows(rows: Sequence[str], quarter_turns: int) -> list[str]:
    """The board turned clockwise by 90 degrees `quarter_turns` times."""
    grid = [list(r) for r in rows]
    for _ in range(quarter_turns % 4):
        grid = [list(col) for col in zip(*grid[::-1])]
    return ["".join(r) for r in grid]


def _same_tile(accepted: str, seen: str) -> bool:
    if accepted == seen:
        return True
    # A designated blank looks like any blank to the camera.
    return accepted.islower() and seen == BLANK


def match_rotation(last: Sequence[str], seen: Sequence[str]) -> int:
    """Quarter turns (clockwise) that best bring `seen` back onto `last`.

    A turntable board comes back turned between turns; the tiles already accepted must
    still be there, so the best rotation is the one that keeps most of them. Ties (an
    empty or symmetric board) keep the reading as it is.
    """
    def agreement(turns: int) -> int:
        turned = rotate_rows(seen, turns)
        return sum(
            1
            for r in range(SIZE)
            for c in range(SIZE)
            if last[r][c] != EMPTY and _same_tile(last[r][c], turned[r][c])
        )

    scores = [agreement(t) for t in range(4)]
    best = max(scores)
    return 0 if scores[0] == best else scores.index(best)


@dataclass(frozen=True)
class BoardDiff:
    placed: tuple[tuple[Square, str], ...] = ()   # new tiles: square and letter ('?' for a blank)
    removed: tuple[Square, ...] = ()              # accepted tiles no longer seen
    changed: tuple[Square, ...] = ()              # accepted tiles now read as another letter
    unreadable: tuple[Square, ...] = ()           # cells the camera could not read at all
    doubtful: frozenset[Square] = field(default_factory=frozenset)  # everything a person must check

    @property
    def no_change(self) -> bool:
        return not (self.placed or self.removed or self.changed or self.unreadable)

    @property
    def only_additions(self) -> bool:
        return bool(self.placed) and not (self.removed or self.changed or self.unreadable)

    @property
    def moved(self) -> tuple[tuple[Square, Square], ...]:
        """Pairs (from, to) where a removed tile's letter reappears on a new square."""
        pairs = []
        free = list(self.placed)
        for sq in self.removed:
            for i, (to_sq, letter) in enumerate(free):
                if letter == self._removed_letters.get(sq):
                    pairs.append((sq, to_sq))
                    del free[i]
                    break
        return tuple(pairs)

    _removed_letters: dict[Square, str] = field(default_factory=dict, compare=False, repr=False)

    def problems(self) -> list[str]:
        """Plain sentences for the confirm screen."""
        out: list[str] = []
        moved = self.moved
        if moved:
            out += [f"tile moved from {square_name(a)} to {square_name(b)}" for a, b in moved]
        moved_from = {a for a, _ in moved}
        gone = [square_name(s) for s in self.removed if s not in moved_from]
        if gone:
            out.append("tiles gone from " + ", ".join(gone))
        if self.changed:
            out.append("letters changed on " + ", ".join(square_name(s) for s in self.changed))
        if self.unreadable:
            out.append("cannot read " + ", ".join(square_name(s) for s in self.unreadable))
        low = sorted(self.doubtful - set(self.changed) - set(self.unreadable) - set(self.removed))
        if low:
            out.append("unsure of " + ", ".join(square_name(s) for s in low))
        return out


def diff_boards(last: Sequence[str], seen: Sequence[str], low_confidence: set[Square] | frozenset[Square] = frozenset()) -> BoardDiff:
    """Compare an accepted board with a reading already turned upright."""
    placed: list[tuple[Square, str]] = []
    removed: list[Square] = []
    changed: list[Square] = []
    unreadable: list[Square] = []
    removed_letters: dict[Square, str] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            was, now = last[r][c], seen[r][c]
            sq = (r, c)
            if now == UNKNOWN:
                # An accepted tile hidden for a moment is still there; a new cell must be read.
                if was == EMPTY:
                    unreadable.append(sq)
            elif was == EMPTY and now != EMPTY:
                placed.append((sq, now))
            elif was != EMPTY and now == EMPTY:
                removed.append(sq)
                removed_letters[sq] = BLANK if was.islower() else was
            elif was != EMPTY and not _same_tile(was, now):
                changed.append(sq)
    new_squares = {sq for sq, _ in placed}
    doubtful = frozenset(
        set(removed) | set(changed) | set(unreadable) | (set(low_confidence) & new_squares)
    )
    return BoardDiff(tuple(placed), tuple(removed), tuple(changed), tuple(unreadable), doubtful, removed_letters)
