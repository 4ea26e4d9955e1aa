"""Boards as text (15 rows of 15 characters: '.' empty, '?' or a lower-case letter a blank, else a
tile's letter) and how a reader would report them: shared by the tests that drive the kiosk
with a text camera instead of a photo (tests/test_app_flow.py, tests/test_app_board_diff.py,
tests/test_app_stateful.py)."""
from __future__ import annotations

from vision.observation import CellReading

EMPTY = ["." * 15] * 15


def board(*placed: tuple[str, str]) -> list[str]:
    """The empty board with `placed` ((square, letter), squares named like "H8") on it."""
    grid = [list(r) for r in EMPTY]
    for square, letter in placed:
        col, row = ord(square[0]) - ord("A"), int(square[1:]) - 1
        grid[row][col] = letter
    return ["".join(r) for r in grid]


def cell(ch: str, conf: float) -> CellReading:
    """One board-text character as the reader reports it, read with confidence `conf`."""
    if ch == ".":
        return CellReading("empty", None, conf)
    if ch == "?" or ch.islower():
        return CellReading("blank", None, conf)
    return CellReading("tile", ch, conf)
