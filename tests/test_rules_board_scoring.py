"""Tile sets, board geometry, placement validation and scoring (issue 2, step 1)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kiosk.errors import InputError
from kiosk.rules.board import CENTER, Board, letter_multiplier, parse_position, parse_square, position_name, square_name, word_multiplier
from kiosk.rules.placement import PlacementError, validate_placement
from kiosk.rules.scoring import score_play, words_formed
from kiosk.rules.tiles import TileSet, load_tileset

SHARED = Path(__file__).resolve().parents[2] / "shared"
EN = load_tileset("english")
DE = load_tileset("german")


def across(row: int, col: str, letters: str) -> list[tuple[str, str]]:
    start = "ABCDEFGHIJKLMNO".index(col)
    return [(f"{'ABCDEFGHIJKLMNO'[start + i]}{row}", ch) for i, ch in enumerate(letters)]


def down(col: str, row: int, letters: str) -> list[tuple[str, str]]:
    return [(f"{col}{row + i}", ch) for i, ch in enumerate(letters)]


def test_tilesets_sizes_and_values():
    assert EN.size == 100 and EN.counts["?"] == 2 and EN.counts["E"] == 12
    assert EN.values["Q"] == 10 and EN.values["Z"] == 10 and EN.value("q") == 0
    assert DE.size == 102 and {"Ä", "Ö", "Ü"} <= set(DE.counts) and DE.counts["E"] == 15
    assert DE.value("Ö") == 8 and DE.value("ä") == 0 and DE.value("Y") == 10


def test_tileset_bad_field_names_line_and_field():
    text = 'name = "x"\n[tiles]\nA = { count = 9, value = 1 }\nB = { count = -1, value = 3 }\n'
    with pytest.raises(InputError) as err:
        TileSet.from_toml(text, "x.toml")
    assert err.value.line == 4 and err.value.field == "tiles.B.count"
    with pytest.raises(InputError) as err:
        TileSet.from_toml('name = "x"\ncolour = "y"\n[tiles]\nA = { count = 1, value = 1 }\n', "x.toml")
    assert err.value.line == 2 and err.value.field == "colour"


def test_square_and_position_names():
    assert square_name(CENTER) == "H8" and parse_square("H8") == (7, 7)
    assert parse_square("a1") == (0, 0) and parse_square("O15") == (14, 14)
    assert parse_position("8D") == (7, 3, True) and parse_position("D8") == (7, 3, False)
    assert position_name((7, 3), True) == "8D" and position_name((7, 3), False) == "D8"
    for bad in ("P1", "A16", "A0", "8", "H"):
        with pytest.raises(ValueError):
            parse_square(bad)


def test_premium_layout_is_symmetric_and_standard():
    counts = {"TW": 0, "DW": 0, "TL": 0, "DL": 0}
    for r in range(15):
        for c in range(15):
            for sym in ((c, r), (14 - r, c), (r, 14 - c)):
                assert word_multiplier((r, c)) == word_multiplier(sym)
                assert letter_multiplier((r, c)) == letter_multiplier(sym)
            counts["TW"] += word_multiplier((r, c)) == 3
            counts["DW"] += word_multiplier((r, c)) == 2
            counts["TL"] += letter_multiplier((r, c)) == 3
            counts["DL"] += letter_multiplier((r, c)) == 2
    assert counts == {"TW": 8, "DW": 17, "TL": 12, "DL": 24}


@pytest.mark.parametrize("board_tiles, tiles, code", [
    ([], [], "no_tiles"),
    ([], [("P8", "A"), ("H8", "B")], "bad_square"),
    ([], [((15, 0), "A"), ("H8", "B")], "off_board"),
    ([], [("H8", "A"), ("H8", "B")], "duplicate_square"),
    ([], [("H8", "1"), ("I8", "B")], "bad_letter"),
    (across(8, "H", "AT"), [("H8", "B"), ("H9", "E")], "occupied"),
    ([], [("H8", "A"), ("I9", "T")], "not_in_line"),
    ([], [("H8", "A"), ("J8", "T")], "gap"),
    (across(8, "H", "AT"), [("A1", "B"), ("B1", "E")], "not_connected"),
    ([], [("H8", "A")], "first_play_single_tile"),
])
def test_placement_rejections_have_codes(board_tiles, tiles, code):
    with pytest.raises(PlacementError) as err:
        validate_placement(Board.empty().place(board_tiles), tiles)
    assert err.value.code == code


def test_gap_filled_by_existing_tile_is_fine_and_missed_centre_flagged():
    board = Board.empty().place(across(8, "H", "CAT"))
    assert validate_placement(board, [("G8", "S"), ("K8", "S")]).across
    first = validate_placement(Board.empty(), across(7, "G", "CAT"))
    assert first.first_play and first.misses_center
    assert not validate_placement(Board.empty(), across(8, "G", "CAT")).misses_center


def test_score_letter_premiums_before_word_premiums_and_bingo():
    # ZAX at 8G: Z on G8 (plain), A on H8 (DW centre), X on I8 (plain) -> (10+1+8)*2
    assert score_play(Board.empty(), across(8, "G", "ZAX"), EN).total == 38
    # 7 tiles across the centre from D8: D8 is DL, H8 DW. RETAINS = 7 letters all value 1
    play = score_play(Board.empty(), across(8, "D", "RETAINS"), EN)
    assert play.bingo == 50 and play.main.letter_sum == 8 and play.main.word_multiplier == 2
    assert play.total == 66


def test_blank_takes_word_premium_and_premiums_only_under_new_tiles():
    first = score_play(Board.empty(), across(8, "H", "cAT"), EN)  # blank c on the centre DW
    assert first.total == (0 + 1 + 1) * 2
    board = Board.empty().place(across(8, "H", "ZA"))
    # Down through Z on the (already used) centre: H7 and H9 are plain squares.
    play = score_play(board, [("H7", "A"), ("H9", "O")], EN)
    assert play.main.word == "AZO" and play.main.word_multiplier == 1 and play.total == 12


def test_dws_times_dws_is_x4_and_tws_times_tws_is_x9():
    board = Board.empty().place(down("H", 2, "ABCDEFGHIJKLM"))  # H2..H14, so row 1 and 15 free
    play = score_play(board, [("H1", "A"), ("H15", "A")], EN)
    main = play.main
    assert main.word_multiplier == 9 and len(main.word) == 15
    b4 = Board.empty().place(down("C", 4, "ABCDEFGHI"))  # C4..C12; C3 and C13 are DW
    play4 = score_play(b4, [("C3", "A"), ("C13", "A")], EN)
    assert play4.main.word_multiplier == 4
    assert play4.total == 4 * (2 + EN.rack_value("ABCDEFGHI"))


def test_every_cross_word_is_scored_and_words_formed_order():
    board = Board.empty().place(across(8, "H", "CAT"))
    formed = words_formed(board, across(9, "H", "AT"))
    assert [f.word for f in formed] == ["AT", "CA", "AT"]
    play = score_play(board, across(9, "H", "AT"), EN)
    # H9 is plain, I9 a double letter: AT = 1 + 2*1; CA = 3 + 1; AT = 1 + 2*1
    assert [w.score for w in play.words] == [3, 4, 3] and play.total == 10


def _truth_games():
    for folder in ("spiel-12", "spiel-13"):
        path = SHARED / "datasets" / "scrabscrap-v1" / folder / "truth.json"
        if path.exists():
            yield pytest.param(json.loads(path.read_text(encoding="utf-8")), id=folder)


@pytest.mark.parametrize("truth", list(_truth_games()))
def test_real_german_games_score_as_recorded(truth):
    """Every play of the ground-truthed scrabscrap games scores exactly as recorded."""
    board = Board.empty()
    totals: dict[str, int] = {}
    for move in truth["moves"]:
        if move["type"] == "play":
            tiles = [(t["square"], t["tile"]) for t in move["tiles_placed"]]
            play = score_play(board, tiles, DE)
            assert play.total == move["score_standard_rules"], move["frame"]
            main = play.main
            row, col, is_across = parse_position(move["position"])
            assert main.squares[0] == (row, col) and main.across == is_across
            assert main.word == move["word"]
            board = board.place(tiles)
        elif move["type"] == "withdrawn":
            board = board.remove(t["square"] for t in move["tiles_removed"])
        totals[move["player"]] = totals.get(move["player"], 0) + move.get("score_standard_rules", 0)
    expected = truth["expected_final_scores_per_scrabscrap_tests"]
    assert totals == {player: expected[player] for player in truth["players"]}


# ----- SCENARIOS.md worked scoring examples --------------------------------------------------

CAB_8H = across(8, "H", "CAB")


@pytest.mark.parametrize("board_tiles, tiles, total", [
    pytest.param(CAB_8H, [("K8", "S")], 8, id="SCORE_01_CABS"),
    pytest.param([], across(6, "B", "JAB"), 28, id="SCORE_02_J_on_TLS"),
    pytest.param([], across(8, "H", "CAB"), 14, id="SCORE_03_DWS"),
    pytest.param([], across(4, "A", "FORCE"), 28, id="SCORE_04_letter_before_word"),
    pytest.param([], across(5, "E", "CAROUSD"), 90, id="SCORE_05_two_DWS_bingo"),
    pytest.param([], across(8, "H", "jAB"), 8, id="SCORE_08_blank_on_DWS"),
    pytest.param([], across(6, "B", "jAB"), 4, id="SCORE_08_blank_on_TLS"),
    pytest.param([], across(8, "H", "JAB"), 24, id="SCORE_08_real_J_on_DWS"),
    pytest.param([], across(8, "E", "CAROUSE"), 68, id="SCORE_09_bingo_after_multipliers"),
    pytest.param(CAB_8H, [("G8", "S"), ("K8", "S")], 9, id="PLACE_11_SCABS"),
])
def test_SCORE_worked_examples(board_tiles, tiles, total):
    assert score_play(Board.empty().place(board_tiles), tiles, EN).total == total


def test_SCORE_05_two_DWS_without_bingo_is_x4():
    # 7 letters on 5E-5K with letter sum 10: 40 when not all from the rack (one already there).
    board = Board.empty().place([("H5", "O")])
    tiles = [t for t in across(5, "E", "CAROUSD") if t[0] != "H5"]
    assert score_play(board, tiles, EN).total == 40
