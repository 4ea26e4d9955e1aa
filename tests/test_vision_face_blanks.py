"""A plain blank the colour of the board's squares is told from them by the tiles' faces around it
(vision.reader.INKLESS, _tiles_by_their_faces), on rendered boards of dev seeds 99039 and 82022 (round 17,
helper vblank); blanks the occupancy model leans to or whose mark is read surely, a little farther from the
faces (FACE_NEAR_BACKED), and marked blanks called tiles at SURE_TILE (MARK_SURE), on dev seeds 98038, 99039
and 105045, and plain blanks under glare by their hue (FACE_HUE_NEAR) on 105045 and 82022 (round 18); no empty
square of the tiles' colour away from its near empties of its type called a blank where others of its type elsewhere
are as near (FACE_TWIN_APART), on seeds 141141 and 150150 (round 19, helper vphantom)."""
from vision.config import VisionConfig
from vision.observation import BoardObservation
from vision.reader import FACE_BLANK_CONFIDENCE, BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _read(seed: int, index: int) -> tuple[BoardObservation, list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved (JPEG), read from scratch."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)), frame.truth


def _squares(truth: list[str], char: str) -> list[tuple[int, int]]:
    return [(r, c) for r in range(15) for c in range(15) if truth[r][c] == char]


def test_plain_blanks_the_colour_of_the_squares_are_found():
    # 99039 board 3 (cream board with labels, greyish-cream tiles, plain blanks): both blanks were read
    # empty at 0.95 and 0.98 on the start tree; their faces are the tiles' around them, not the squares'
    obs, truth = _read(99039, 3)
    blanks = _squares(truth, "?")
    assert blanks == [(5, 3), (7, 5)]
    assert [obs.cells[r * 15 + c].state for r, c in blanks] == ["blank", "blank"]
    assert all(obs.cells[r * 15 + c].confidence == FACE_BLANK_CONFIDENCE for r, c in blanks)


def test_squares_in_a_shadow_the_tiles_colour_are_no_blanks():
    # 82022 board 46 (classic board, cream tiles, shadows over the board): shaded empty squares took the
    # tiles' colour (some 5 times nearer the tiles' faces than the board's squares of their type across it)
    obs, truth = _read(82022, 46)
    phantoms = [(r, c) for r, c in _squares(truth, ".") if obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert obs.located and phantoms == []


def test_faint_tiles_the_occupancy_model_calls_empty_are_asked():
    # 99039 board 34 (slate tiles printed faintly, dim light, classic board): six thin I's and a star blank were
    # read empty on the start tree (0.51-0.97); their faces are the tiles' around them: asked, or the blank read
    obs, truth = _read(99039, 34)
    tiles = [(r, c) for r in range(15) for c in range(15) if truth[r][c] != "."]
    missed = [(r, c) for r, c in tiles if obs.cells[r * 15 + c].state == "empty"]
    phantoms = [(r, c) for r, c in _squares(truth, ".") if obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert missed == [] and phantoms == []


def _found_by_its_face_alone(seed: int, index: int, square: tuple[int, int]) -> None:
    """The blank at `square` of the rendered frame is found by its face (reported at FACE_BLANK_CONFIDENCE, so
    asked), and no empty square of the frame is read as a tile or blank."""
    obs, truth = _read(seed, index)
    r, c = square
    assert truth[r][c] == "?"
    assert (obs.cells[r * 15 + c].state, obs.cells[r * 15 + c].confidence) == ("blank", FACE_BLANK_CONFIDENCE)
    phantoms = [(r, c) for r, c in _squares(truth, ".") if obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert phantoms == []


def test_blanks_the_occupancy_model_leans_to_are_found_by_a_looser_face_test():
    # 98038 board 37 (black tiles under glare) and 99039 board 14 (wooden tiles under glare): plain blanks the
    # occupancy model called blank 0.62 and 0.51, 'covered' the rest, unknown on the start tree; 6.0 and 8.6 Lab
    # from their neighbours' faces (FACE_NEAR 5), 21 and 8 times as far from the empty squares (FACE_NEAR_BACKED)
    for seed, index, square in ((98038, 37, (7, 11)), (99039, 14, (13, 8))):
        _found_by_its_face_alone(seed, index, square)


def test_a_star_blank_in_dim_light_is_found_by_its_mark_and_faces():
    # 99039 board 40 (stained-wood tiles on a deluxe board, no glare, dim): the star blank on the bottom rim,
    # called a tile 0.76 (under SURE_TILE), read 'not a letter' surely, its face ring 8.8 Lab from its
    # neighbours' faces and 45 from the empty squares': unknown on the start tree
    obs, truth = _read(99039, 40)
    assert truth[14][13] == "?"
    assert obs.cells[14 * 15 + 13].state == "blank"


def test_a_marked_blank_under_glare_the_occupancy_model_calls_a_tile_under_0_95_is_found():
    # 105045 board 20 (deluxe board, cream tiles, star blanks, glare): the star blank at row 2 column 2, called a
    # tile 0.917, its mark read 'not a letter' 1.0 plain and as strokes, its hue the tiles' (MARK_SURE): unknown
    # on the start tree, whose marked blanks had to be tiles at 0.95
    obs, truth = _read(105045, 20)
    assert truth[2][2] == "?"
    assert obs.cells[2 * 15 + 2].state == "blank"


def test_plain_blanks_whitened_by_glare_are_found_by_their_hue():
    # 105045 board 45 (green German board, cream tiles, glare) and 82022 board 38 (classic board, cream tiles):
    # plain blanks read empty at 0.88 and 0.64 on the start tree, 20.9 and 6.3 Lab from their neighbours' faces
    # (lighter), 2.6 and 2.5 from them by hue and 3.6 and 4.1 times as far from the empty squares' (FACE_HUE_NEAR)
    for seed, index, square in ((105045, 45, (2, 6)), (82022, 38, (10, 2))):
        _found_by_its_face_alone(seed, index, square)


def _phantoms(obs: BoardObservation, truth: list[str]) -> list[tuple[int, int]]:
    return [(r, c) for r, c in _squares(truth, ".") if obs.cells[r * 15 + c].state in ("tile", "blank")]


def test_empty_squares_the_tiles_colour_out_of_a_shadow_are_no_blanks():
    # 141141 board 58 (classic board, cream tiles on its cream plain squares, a shadow across it): two plain
    # squares out of the shadow, 1.8 and 4.2 Lab from the tiles' faces beside them and 50 and 27 from the near
    # plain squares (in the shadow), were called blanks on the start tree b26f920; other plain squares lit as
    # they are, 2.1 and 0.9 from them, show they are the board's (FACE_TWIN_APART)
    obs, truth = _read(141141, 58)
    assert obs.located and _phantoms(obs, truth) == []


def test_a_blank_the_occupancy_model_leans_to_is_kept_beside_an_empty_square_the_tiles_colour():
    # 150150 board 28 (clear board, white tiles, glare): the empty plain square at row 5 column 4 (4.1 Lab from the
    # faces, another plain square 8.7 from it) was called a blank on the start tree; the blank at row 4 column 7,
    # with a plain square 3.8 Lab from it (1.8 times its faces' distance) but blank-likeliest (0.57), stays found
    obs, truth = _read(150150, 28)
    assert truth[4][7] == "?"
    assert obs.cells[4 * 15 + 7].state == "blank"
    assert _phantoms(obs, truth) == []
