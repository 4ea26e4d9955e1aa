"""The start screen's names (issue 13 item 4): the roster picker and names read from tiles,
pure functions of kiosk.table."""
from __future__ import annotations

from kiosk.table import NameRead, names_from_board, open_name_picker, step_names

ROSTER = ("Ann", "Bob", "Cleo")


def test_picker_moves_chooses_and_steps_back():
    picker = open_name_picker(ROSTER, ("Bob", "Player 2"))
    assert picker is not None and picker.selected == "Bob"
    picker, names = step_names(picker, "pause")
    assert picker is not None and picker.selected == "Ann" and names is None
    picker, _ = step_names(picker, "pause")
    assert picker is not None and picker.selected == "Cleo"          # wraps
    picker, _ = step_names(picker, "confirm")
    assert picker is not None and picker.slot == 1 and picker.choices == ("Ann", "Bob")
    picker, _ = step_names(picker, "cancel")                          # back to player 1, on Cleo
    assert picker is not None and picker.slot == 0 and picker.selected == "Cleo"
    picker, _ = step_names(picker, "confirm")
    assert picker is not None
    picker, _ = step_names(picker, "challenge")
    assert picker is not None and picker.selected == "Bob"
    picker, names = step_names(picker, "p1")                          # a clock button does nothing here
    assert picker is not None and names is None
    closed, names = step_names(picker, "confirm")
    assert closed is None and names == ("Cleo", "Bob")


def test_picker_cancel_keeps_the_names_and_needs_two():
    picker = open_name_picker(ROSTER, ("X", "Y"))
    assert picker is not None and picker.selected == "Ann"
    assert step_names(picker, "cancel") == (None, None)
    assert open_name_picker(("Ann",), ("X", "Y")) is None


def board(rows: dict[int, str], conf: float = 0.99, col: int | None = None) -> tuple[tuple[str, float], ...]:
    grid = [["."] * 15 for _ in range(15)]
    for r, text in rows.items():
        for i, ch in enumerate(text):
            if col is None:
                grid[r][3 + i] = ch
            else:
                grid[3 + i][col] = ch
    return tuple((ch, conf) for row in grid for ch in row)


def test_names_laid_out_with_a_blank_or_a_gap():
    assert names_from_board(board({7: "ANKE?STEFAN"}), 0.6) == NameRead(("Anke", "Stefan"), False)
    assert names_from_board(board({7: "ANN.BOB"}), 0.6) == NameRead(("Ann", "Bob"), False)
    assert names_from_board(board({0: "A?S"}, col=7), 0.6) == NameRead(("A", "S"), False)   # a column
    assert names_from_board(board({7: "ÄNNE?ÖLAF"}), 0.6) == NameRead(("Änne", "Ölaf"), False)


def test_no_names_from_a_game_or_a_stray_tile():
    assert names_from_board(board({}), 0.6) is None
    assert names_from_board(board({7: "CAT"}), 0.6) is None                  # one word
    assert names_from_board(board({7: "ANN?BOB?CY"}), 0.6) is None          # three words
    assert names_from_board(board({7: "ANN?BOB", 9: "X"}), 0.6) is None      # a tile off the line


def test_a_doubtful_letter_is_flagged():
    read = names_from_board(board({7: "ANN?BOB"}, conf=0.3), 0.6)
    assert read is not None and read.doubtful
    cells = list(board({7: "ANN?BOB"}))
    cells[7 * 15 + 4] = ("#", 0.2)
    read = names_from_board(tuple(cells), 0.6)
    assert read is not None and read.doubtful and read.names == ("A_n", "Bob")
