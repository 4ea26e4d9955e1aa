"""A thin sans-serif I, a bare bar the letter CNN splits between I and 'not a letter', is read I by its height
(vision.models.thin_i); bars of other shapes and sizes, and bars the model gives no I, keep their reading.
Rendered boards of dev seeds 129071 and 129072 (round 23, helper vletter)."""
import numpy as np

from vision.config import VisionConfig
from vision.glyph import FEATURES, HEIGHT_FEATURE, NOT_A_LETTER
from vision.models import THIN_I_FLOOR, shipped, thin_i
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _glyph(aspect: float, height: float) -> np.ndarray:
    feats = np.zeros(FEATURES, np.float32)
    feats[HEIGHT_FEATURE - 1], feats[HEIGHT_FEATURE] = aspect, height
    return feats


def test_only_a_bar_of_an_is_height_the_model_half_reads_i_gives_its_share_to_i() -> None:
    classes = shipped("letters").classes
    i, other = classes.index("I"), classes.index(NOT_A_LETTER)
    probs = np.zeros((4, len(classes)), np.float32)
    probs[:, i], probs[:, other] = 0.45, 0.55
    probs[3, i], probs[3, other] = THIN_I_FLOOR / 2, 1 - THIN_I_FLOOR / 2  # a tile's edge: the model sees no I
    feats = np.stack([_glyph(0.2, 0.35), _glyph(0.2, 0.2), _glyph(0.6, 0.35), _glyph(0.2, 0.35)])  # I, label, wide, edge
    out = thin_i(probs, feats, classes)
    assert np.isclose(out[0, i], 1.0) and out[0, other] == 0.0
    assert np.array_equal(out[1:], probs[1:])
    assert np.allclose(out.sum(axis=1), 1.0)


def test_thin_is_read_not_a_letter_by_half_are_read() -> None:
    # 129072 board 21 (manrope-bold, German board, glare): the I at row 9 column 4, a tile 0.9997, plain ink and
    # strokes 'not a letter' 0.52, I 0.45: unknown (0.45) on the start tree
    frame, _ = dataset_frame(DatasetSpec(boards=22, seed=129072), 21)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    assert frame.truth[9][4] == "I"
    cell = obs.cells[9 * 15 + 4]
    assert (cell.state, cell.letter) == ("tile", "I") and cell.confidence >= 0.8
    wrong = [(r, c) for r in range(15) for c in range(15)
             if obs.cells[r * 15 + c].letter not in (None, frame.truth[r][c])]
    phantoms = [(r, c) for r in range(15) for c in range(15)
                if frame.truth[r][c] == "." and obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert wrong == [] and phantoms == []
