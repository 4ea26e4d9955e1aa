"""Letters and blanks read wrong at the kiosk's bar on located boards (issue 15, round 27): a blurred G whose plain
ink's level fills its mouth (vision.reader._darker_agrees, vision.glyph.dark_ink_mask), a faint C under glare whose
inverted ink looked like a blank's mark (vision.reader._against_polarity with the marked blanks), and the tile's edge
under a letter taken for a two-digit value number (vision.value.EDGE_LEFT, EDGE_BELOW)."""
import cv2
import numpy as np

from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.config import VisionConfig
from vision.observation import CellReading
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame
from vision.value import number_aspect


def _read(seed: int, index: int) -> tuple[tuple[CellReading, ...], list[str]]:
    """The readings of frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved, and its truth."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)).cells, frame.truth


def _surely_wrong(cells: tuple[CellReading, ...], truth: list[str]) -> list[tuple[int, int, str | None]]:
    return [(k // 15, k % 15, c.letter) for k, c in enumerate(cells) if c.letter is not None
            and c.confidence >= DEFAULT_MIN_CONFIDENCE and c.letter != truth[k // 15][k % 15]]


def test_a_blurred_g_whose_plain_ink_fills_its_mouth_is_asked_not_read_o():
    # start tree: O 0.803 and O 0.864 (the plain ink's Otsu level fills the mouth; strokes and hairlines O too);
    # the darker ink reads G 1.0 and 0.999: two surely different letters, asked
    for seed, index, (r, c) in ((134089, 31, (5, 7)), (134106, 49, (6, 3))):
        cells, truth = _read(seed, index)
        assert truth[r][c] == "G"
        assert cells[r * 15 + c].state == "unknown", (seed, index, cells[r * 15 + c])
        assert _surely_wrong(cells, truth) == []


def test_a_faint_c_under_glare_is_no_blank_and_its_neighbour_read_from_its_strokes_stays_read():
    # 134104 board-079 (boards 60-119 of `--boards 120`): (6, 7) a faint C whose window's polarity glare turned over,
    # its inverted ink one ring, 'not a letter', no number beside it: a marked blank at 0.951 in the start tree. (6, 5)
    # an O whose plain ink shows no letter (read from its strokes, O 0.985): its darker ink loses the lit side (C
    # 0.991), and it is still read O
    cells, truth = _read(134104, 79)
    assert (truth[6][7], truth[6][5]) == ("C", "O")
    assert cells[6 * 15 + 7].state != "blank", cells[6 * 15 + 7]
    assert (cells[6 * 15 + 5].state, cells[6 * 15 + 5].letter) == ("tile", "O"), cells[6 * 15 + 5]
    assert _surely_wrong(cells, truth) == []


def test_the_tiles_edge_under_a_letter_is_no_value_number():
    # a dark bar under the letter, starting left of its right edge and below its foot (the tile's lower edge or its
    # shadow: 134104 board-049 (8, 4)'s E read "two digits", 2.2), is no number; a number beside the letter still is
    window = np.full((64, 64), 220, np.uint8)
    cv2.putText(window, "E", (17, 42), cv2.FONT_HERSHEY_SIMPLEX, 1.0, 40, 3, cv2.LINE_AA)
    edged = window.copy()
    cv2.rectangle(edged, (29, 48), (49, 54), 40, -1)
    assert number_aspect(edged) is None
    numbered = window.copy()
    cv2.putText(numbered, "1", (38, 48), cv2.FONT_HERSHEY_SIMPLEX, 0.35, 40, 1, cv2.LINE_AA)
    assert number_aspect(numbered) is not None

