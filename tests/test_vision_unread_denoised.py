"""Letters the frame's noise breaks up, read again from their windows median-filtered (issue 15, round 27;
vision.reader._read_denoised, DENOISE_PX).

Rendered dev seed 134104 board-049: a small board (0.35 of the frame) of dark print on reddish wooden tiles under glare,
blur 1.5: the sensor noise breaks the low-contrast print into specks the letter model calls 'not a letter' or reads
under the kiosk's bar; the start tree asks 11 of its tiles."""
import cv2
import numpy as np

from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.reader import DENOISE_PX
from tests.rendered_board import read_rendered



def test_noisy_letters_on_a_small_wooden_board_are_read_and_none_surely_wrong():
    # start tree: (6,8) G unknown (plain 'not a letter' 0.54, C 0.28), (4,10) I and (11,3) E unknown (I 0.56, E 0.54);
    # median-filtered: G 0.9998, I 0.949, E 0.928
    truth, obs = read_rendered(134104, 49)
    cells = obs.cells
    wrong = [(k // 15, k % 15, c.letter) for k, c in enumerate(cells)
             if c.letter is not None and c.confidence >= DEFAULT_MIN_CONFIDENCE and c.letter != truth[k // 15][k % 15]]
    assert wrong == []
    for (r, c), letter in (((6, 8), "G"), ((4, 10), "I"), ((11, 3), "E")):
        assert truth[r][c] == letter
        assert (cells[r * 15 + c].state, cells[r * 15 + c].letter) == ("tile", letter), ((r, c), cells[r * 15 + c])


def test_a_clean_window_reads_the_same_median_filtered():
    # the filter takes out specks a pixel or so across, not a letter's strokes: a clean sharp window's ink stays
    window = np.full((64, 64), 225, np.uint8)
    cv2.putText(window, "E", (18, 46), cv2.FONT_HERSHEY_SIMPLEX, 1.3, 40, 4, cv2.LINE_AA)
    filtered = cv2.medianBlur(window, DENOISE_PX)
    assert np.count_nonzero((window < 128) != (filtered < 128)) < 0.05 * np.count_nonzero(window < 128)
