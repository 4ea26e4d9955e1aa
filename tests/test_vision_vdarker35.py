"""Letters read under LETTER_DECIDES whose darker ink surely reads another letter (issue 15, round 35): the square is
asked (vision.reader DARKER_REFUTES), whichever path read the letter. Each case is a dev board read at its true corners
taken through the bench's camera view (`--tilt T --scale S --turn D`), as a club with configured corners reads it."""
import numpy as np

from tests.test_vision_vwrongcam35 import _not_misread_at_corners
from vision.reader import DARKER_REFUTES, LETTER_DECIDES, BoardReader
from vision.config import VisionConfig


def test_a_g_read_o_whose_darker_ink_reads_g_is_not_read_o():
    # 134214 board-001 (10, 8) through --tilt 20 --scale 0.42 --turn 230: plain O 0.840, strokes O 0.921 (echoed:
    # _darker_agrees does not look), darker G 0.9997: read O 0.976 on c0bb432
    _not_misread_at_corners(134214, 1, (20.0, 0.42, 230.0), 10, 8, "G")


def test_a_q_read_o_whose_darker_ink_reads_q_is_not_read_o():
    # 134213 board-043 (5, 7) through --tilt 10 --scale 0.38 --turn 300: plain ink none, strokes O 0.943, darker Q
    # 0.959 (under LETTER_DECIDES, where _darker_agrees takes a rival): read O 0.964 on c0bb432
    _not_misread_at_corners(134213, 43, (10.0, 0.38, 300.0), 5, 7, "Q")


def test_an_m_read_r_whose_darker_ink_reads_m_is_not_read_r():
    # 134213 board-004 (12, 5) through --tilt 10 --scale 0.38 --turn 300: plain R 0.778, filtered R 0.848 (taken by
    # _read_denoised, no check of the darker ink there), darker M 0.950: read R 0.848 on c0bb432
    _not_misread_at_corners(134213, 4, (10.0, 0.38, 300.0), 12, 5, "M")


def test_the_darker_ink_refutes_only_a_letter_under_letter_decides_and_not_as_i():
    reader = BoardReader(VisionConfig(tileset="english"))
    classes = reader.letter_classes
    dark = np.zeros((4, len(classes)), np.float32)
    dark[:3, classes.index("G")] = DARKER_REFUTES + 0.01
    dark[3, classes.index("I")] = 0.999  # a serif letter's thick stem alone (DARKER_STEM): no rival
    # each window's darker ink as scripted, the window told by its first pixel (its row)
    reader._read_glyphs = lambda cells, *a, **k: (dark[[int(c[0, 0]) for c in cells]].copy(),  # type: ignore[method-assign]
                                                  np.ones(len(cells), np.float32))
    probs = np.zeros((4, len(classes)), np.float32)
    probs[:, classes.index("C")] = 0.1  # other letters share more than OTHER_LETTERS: no lift past the letter's 0.85
    probs[0, classes.index("O")] = 0.85  # under LETTER_DECIDES, darker G: asked
    probs[1, classes.index("O")] = LETTER_DECIDES  # at LETTER_DECIDES: kept
    probs[2, classes.index("G")] = 0.85  # the darker ink's letter: kept
    probs[3, classes.index("O")] = 0.85  # darker I: kept
    heights = np.full(4, 0.5, np.float32)
    before = probs.copy()
    reader._darker_refutes([np.full((20, 20), j, np.uint8) for j in range(4)], probs, heights)
    assert probs[0].max() == 0.0
    assert np.array_equal(probs[1:], before[1:])
