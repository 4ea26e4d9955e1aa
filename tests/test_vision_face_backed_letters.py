"""A thin letter on a tile the colour of the board's squares, which the occupancy model half calls empty, is read
where a second sign shows its tile: its face, or its value number (vision.reader FACE_BACKED); and a sure tile's I
read 'not a letter' beside its value number is read (reader._a_bar). Rendered boards of dev seeds 124065 and 124064
(round 22, helper vunread)."""
from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def test_thin_is_on_tiles_the_colour_of_the_board_are_read() -> None:
    # 124065 board 42 (green tiles on the German board, glare, blur 1.1): five I's the occupancy model called a tile
    # at 0.40-0.62 only (empty 0.27-0.48), read I 0.95-0.98: unknown (confidence 0.44-0.67) on the start tree
    frame, _ = dataset_frame(DatasetSpec(boards=43, seed=124065), 42)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    squares = [(0, 13), (4, 5), (7, 6), (7, 8), (11, 5)]
    assert [frame.truth[r][c] for r, c in squares] == ["I"] * 5
    assert [(obs.cells[r * 15 + c].state, obs.cells[r * 15 + c].letter) for r, c in squares] == [("tile", "I")] * 5
    wrong = [(r, c) for r in range(15) for c in range(15)
             if obs.cells[r * 15 + c].letter not in (None, frame.truth[r][c])]
    phantoms = [(r, c) for r in range(15) for c in range(15)
                if frame.truth[r][c] == "." and obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert wrong == [] and phantoms == []


def test_a_sure_tiles_i_read_not_a_letter_beside_its_value_number_is_read() -> None:
    # 124064 board 110 (wooden tiles, manrope-semibold): the I at row 6 column 6, a tile 0.97, plain ink and strokes
    # 'not a letter' 0.54, I 0.46, its ink box not a bare stroke: unknown on the start tree
    frame, _ = dataset_frame(DatasetSpec(boards=111, seed=124064), 110)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    assert frame.truth[6][6] == "I"
    assert (obs.cells[6 * 15 + 6].state, obs.cells[6 * 15 + 6].letter) == ("tile", "I")
    wrong = [(r, c) for r in range(15) for c in range(15)
             if obs.cells[r * 15 + c].letter not in (None, frame.truth[r][c])]
    assert wrong == []
