"""The reader's answer for one frame: what is on each of the 225 cells, and how sure it is."""
from __future__ import annotations

from dataclasses import dataclass, field

BOARD_SIZE = 15
CELL_STATES = ("empty", "tile", "blank", "unknown")


@dataclass(frozen=True)
class CellReading:
    state: str  # one of CELL_STATES
    letter: str | None = None  # set for state == "tile"
    confidence: float = 0.0  # 0..1, how sure the reader is of state (and letter)

    def char(self) -> str:
        if self.state == "empty":
            return "."
        if self.state == "blank":
            return "?"
        if self.state == "tile" and self.letter:
            return self.letter
        return "#"


@dataclass(frozen=True)
class BoardObservation:
    cells: tuple[CellReading, ...]  # 225, row-major, board upright
    rotation: int = 0  # 0/90/180/270: how far the board is turned clockwise in the frame
    located: bool = False
    stable: bool = False
    rack_counts: dict[str, int] = field(default_factory=dict)
    problems: tuple[str, ...] = ()
    homography: tuple[tuple[float, ...], ...] | None = None  # frame -> rectified board
    rack_blocked: frozenset[str] = frozenset()  # rack zones with something (a hand) over them: unknown
    rack_face_down: dict[str, int] = field(default_factory=dict)  # tiles face down beside a rack (DRAW-01)

    def board_text(self) -> list[str]:
        chars = [cell.char() for cell in self.cells]
        return ["".join(chars[r * BOARD_SIZE:(r + 1) * BOARD_SIZE]) for r in range(BOARD_SIZE)]

    @staticmethod
    def unlocated(problem: str, rack_counts: dict[str, int] | None = None) -> "BoardObservation":
        unknown = tuple(CellReading("unknown") for _ in range(BOARD_SIZE * BOARD_SIZE))
        return BoardObservation(cells=unknown, rack_counts=rack_counts or {}, problems=(problem,))
