"""The board diff: what a reading after a press means against the last accepted board."""
from __future__ import annotations

from vision.observation import BoardObservation, CellReading

from kiosk.board_diff import diff_boards, match_rotation, rotate_rows
from kiosk.turns import read_turn
from tests.board_text import EMPTY, board, cell



def observe(rows: list[str], low: set[str] = frozenset(), unknown: set[str] = frozenset()) -> BoardObservation:
    cells = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            name = f"{chr(ord('A') + c)}{r + 1}"
            conf = 0.5 if name in low else 0.99
            if name in unknown:
                cells.append(CellReading("unknown", None, 0.0))
            else:
                cells.append(cell(ch, conf))
    return BoardObservation(tuple(cells), located=True, stable=True)


CAT = (("G8", "C"), ("H8", "A"), ("I8", "T"))


def test_new_tiles_make_a_play():
    read = read_turn(EMPTY, observe(board(*CAT)))
    assert read.kind == "play"
    assert set(read.tiles) == set(CAT)


def test_unchanged_board_is_no_change():
    last = board(*CAT)
    assert read_turn(last, observe(last)).kind == "no_change"


def test_low_confidence_new_tile_asks_for_confirmation():
    read = read_turn(EMPTY, observe(board(*CAT), low={"H8"}))
    assert read.kind == "needs_confirm"
    assert read.doubtful == {(7, 7)}
    assert any("H8" in r for r in read.reasons)


def test_low_confidence_on_an_old_tile_is_not_a_doubt():
    last = board(*CAT)
    read = read_turn(last, observe(board(*CAT, ("G9", "O"), ("G10", "W")), low={"H8"}))
    assert read.kind == "play"


def test_unknown_cell_on_empty_square_is_doubtful_but_hidden_old_tile_is_kept():
    last = board(*CAT)
    read = read_turn(last, observe(board(*CAT, ("G9", "O")), unknown={"H8", "J12"}))
    assert read.kind == "needs_confirm"
    assert read.diff.unreadable == ((11, 9),)


def test_moved_tile_is_reported_as_moved():
    last = board(*CAT)
    seen = board(("G8", "C"), ("H8", "A"), ("I9", "T"))
    diff = diff_boards(last, seen)
    assert diff.moved == (((7, 8), (8, 8)),)
    read = read_turn(last, observe(seen))
    assert read.kind == "needs_confirm"
    assert any("moved from I8 to I9" in r for r in read.reasons)


def test_changed_letter_is_doubtful():
    last = board(*CAT)
    read = read_turn(last, observe(board(("G8", "O"), ("H8", "A"), ("I8", "T"))))
    assert read.kind == "needs_confirm"
    assert (7, 6) in read.doubtful


def test_designated_blank_matches_a_blank_reading():
    last = board(("G8", "C"), ("H8", "a"), ("I8", "T"))
    assert read_turn(last, observe(board(("G8", "C"), ("H8", "?"), ("I8", "T")))).kind == "no_change"


def test_impossible_placement_asks_for_confirmation():
    last = board(*CAT)
    read = read_turn(last, observe(board(*CAT, ("A1", "Q"), ("O15", "Z"))))
    assert read.kind == "needs_confirm"
    assert any("legal placement" in r for r in read.reasons)


def test_turntable_rotation_is_matched_against_last_board():
    last = board(*CAT, ("G9", "O"), ("G10", "W"))
    now = board(*CAT, ("G9", "O"), ("G10", "W"), ("H10", "E"))
    for turns in (1, 2, 3):
        turned = rotate_rows(now, turns)
        assert match_rotation(last, turned) == (4 - turns) % 4
        read = read_turn(last, observe(turned))
        assert read.kind == "play", turns
        assert read.tiles == (("H10", "E"),)


def test_empty_board_keeps_reading_orientation():
    assert match_rotation(EMPTY, rotate_rows(board(*CAT), 1)) == 0
