"""The reader's answer for one frame: what is on each of the 225 cells, and how sure it is."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

BOARD_SIZE = 15
CELL_STATES = ("empty", "tile", "blank", "unknown")

# Why a rack has no count (issue 18): one of these for every rack zone the reader gives no count.
RackUnknown = Literal[
    "covered",       # something (a hand, an arm) over the rack
    "moved",         # the rack is not where it was learnt (vision.rack_counter: lost, or found moved but unsure)
    "out_of_frame",  # its zone runs out of the camera's frame
    "not_learnt",    # the game's first frame read it surely as fewer than it held, or over seven untaught
    "unclear",       # in view, nothing over it, but its tiles not told apart well enough to count
    "no_board",      # the board is not found in the frame (camera blocked or moved): no rack is read
]
RACK_UNKNOWNS: tuple[RackUnknown, ...] = get_args(RackUnknown)


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
    rack_face_down: dict[str, int] = field(default_factory=dict)  # tiles face down beside a rack (DRAW-01)
    rack_unknown: dict[str, RackUnknown] = field(default_factory=dict)  # each rack zone not counted: why

    @property
    def rack_blocked(self) -> frozenset[str]:
        """Rack zones with something (a hand) over them: unknown."""
        return frozenset(zone for zone, why in self.rack_unknown.items() if why == "covered")

    def board_text(self) -> list[str]:
        chars = [cell.char() for cell in self.cells]
        return ["".join(chars[r * BOARD_SIZE:(r + 1) * BOARD_SIZE]) for r in range(BOARD_SIZE)]

    @staticmethod
    def unlocated(problem: str, rack_counts: dict[str, int] | None = None) -> "BoardObservation":
        unknown = tuple(CellReading("unknown") for _ in range(BOARD_SIZE * BOARD_SIZE))
        return BoardObservation(cells=unknown, rack_counts=rack_counts or {}, problems=(problem,))
