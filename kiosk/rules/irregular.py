"""Scoring a play whose tiles do not all help spell one main word (NSA IV.D, PLACE-06).

Such a play may be challenged off whatever its words (CHAL-03). If it stands, the part
that spells one main word scores as usual and the diagonal or disconnected words score
nothing. The main part is the largest run of the placed tiles that is a legal placement
on its own (more tiles first, then the higher score); it is scored as if the other tiles
were not there. When no part is a legal placement (every tile detached) there is no
play to let stand: the placement error stands and the tiles must be put right. How later
plays touching the unscored words score is left open by the rule book (SCENARIOS §4.13):
they score normally here.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kiosk.rules.board import EMPTY, Board, Square, SquareRef, on_board, parse_square
from kiosk.rules.placement import PlacementError
from kiosk.rules.scoring import PlayScore, WordScore, score_play
from kiosk.rules.tiles import TileSet

IRREGULAR_CODES = ("not_in_line", "gap", "not_connected")  # placement faults a play may stand with


@dataclass(frozen=True)
class IrregularPlay:
    tiles: tuple[tuple[Square, str], ...]  # every placed tile, in board order
    main: PlayScore  # the part spelling one main word
    unscored: tuple[WordScore, ...]  # the words only the other tiles form, each scoring 0
    fault: str  # the placement code it fails with, one of IRREGULAR_CODES

    @property
    def total(self) -> int:
        return self.main.total

    @property
    def words(self) -> tuple[WordScore, ...]:
        return self.main.words + self.unscored


def _runs(placed: dict[Square, str], board: Board, across: bool) -> list[tuple[Square, ...]]:
    """Placed tiles grouped into unbroken runs (board tiles may fill the gaps) per line."""
    lines: dict[int, list[Square]] = {}
    for sq in placed:
        lines.setdefault(sq[0] if across else sq[1], []).append(sq)
    runs = []
    for squares in lines.values():
        squares.sort(key=lambda s: s[1] if across else s[0])
        run = [squares[0]]
        for sq in squares[1:]:
            prev = run[-1]
            between = range((prev[1] if across else prev[0]) + 1, sq[1] if across else sq[0])
            if all(board.cells[sq[0]][i] != EMPTY if across else board.cells[i][sq[1]] != EMPTY for i in between):
                run.append(sq)
            else:
                runs.append(tuple(run))
                run = [sq]
        runs.append(tuple(run))
    return runs


def _line_words(board: Board, squares: Iterable[Square], skip: set[tuple[Square, ...]]) -> tuple[WordScore, ...]:
    """Words of two or more letters through `squares` on `board`, not already in `skip`."""
    found: list[WordScore] = []
    for start in squares:
        for across in (True, False):
            dr, dc = (0, 1) if across else (1, 0)
            r, c = start
            while on_board((r - dr, c - dc)) and board.cells[r - dr][c - dc] != EMPTY:
                r, c = r - dr, c - dc
            line = []
            while on_board((r, c)) and board.cells[r][c] != EMPTY:
                line.append((r, c))
                r, c = r + dr, c + dc
            key = tuple(line)
            if len(line) > 1 and key not in skip:
                skip.add(key)
                found.append(WordScore("".join(board.cells[r][c] for r, c in line), key, across, 0, 1, 0))
    return tuple(found)


def score_irregular(board: Board, tiles: Iterable[tuple[SquareRef, str]], tileset: TileSet,
                    fault: str) -> IrregularPlay:
    """Score tiles that failed validate_placement with `fault`, one of IRREGULAR_CODES;
    PlacementError(fault) when no part of them spells one main word."""
    placed = {parse_square(ref): letter for ref, letter in tiles}
    best: PlayScore | None = None
    for across in (True, False):
        for run in _runs(placed, board, across):
            try:
                scored = score_play(board, [(sq, placed[sq]) for sq in run], tileset)
            except PlacementError:
                continue
            if best is None or (len(scored.placement.tiles), scored.total) > (len(best.placement.tiles), best.total):
                best = scored
    if best is None:
        raise PlacementError(fault, "no part of the play spells one main word along a line")
    ordered = tuple(sorted(placed.items()))
    after = board.place(ordered)
    main_squares = {sq for sq, _ in best.placement.tiles}
    seen = {w.squares for w in best.words}
    unscored = _line_words(after, [sq for sq in placed if sq not in main_squares], seen)
    return IrregularPlay(ordered, best, unscored, fault)
