"""The glyph reading's quicker steps give the answers of the whole computation (issue 15, round 30; helper vspeed9):
_thin_line spares the distance transform only where no ink can be that thin, _placed_digits picks its digits from
plain ints, and without_joined_number makes the colour window only where it paints a number over."""
import cv2
import numpy as np
import pytest

from vision.glyph import _LEAST_DEPTH, MIN_DEPTH, _depth, _placed_digits, _thin_line, ink_mask, letter_box
from vision.synth.tiles import render_tile
from vision.value import without_joined_number
from tests.test_vision_value import _number_joined


def _random_masks(count: int) -> list[np.ndarray]:
    """Masks of specks, lines, bars and blobs of every size up to a letter's, on the reader's 60 px ink window."""
    rng = np.random.default_rng(30)
    masks = []
    for _ in range(count):
        mask = (rng.random((60, 60)) < rng.uniform(0.01, 0.08)).astype(np.uint8)
        for _ in range(rng.integers(1, 6)):
            x, y = rng.integers(2, 50, 2)
            w, h = rng.integers(1, 30, 2)
            mask[y:y + h, x:x + w] = 1
        masks.append(mask)
    return masks


def test_no_ink_is_thinner_than_the_least_depth_and_thin_lines_are_judged_as_by_the_transform():
    # fails on the start tree (no _LEAST_DEPTH there); the second half passes there too
    rendered = [ink_mask(render_tile(letter, size=64)) for letter in "AIMWLTJ"]
    judged = short = 0
    for mask in _random_masks(60) + [m for m in rendered if m is not None]:
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for k in range(1, count):
            x, y, w, h, _ = stats[k].tolist()
            depth = _depth((labels[y:y + h, x:x + w] == k).astype(np.uint8))
            assert depth >= _LEAST_DEPTH
            assert _thin_line(labels, stats[k].tolist(), k) == (depth < MIN_DEPTH * max(w, h))
            judged += 1
            short += MIN_DEPTH * max(w, h) <= _LEAST_DEPTH
    assert judged > 1000 and 0 < short < judged  # both ways of answering were asked


def test_specks_and_ink_at_the_rim_leave_the_letter_box_as_it_was():
    for letter in "ANQW":
        mask = ink_mask(render_tile(letter, size=64))
        assert mask is not None
        box = letter_box(mask)
        assert box is not None
        cluttered = mask.copy()
        cluttered[1, 1] = cluttered[1, 3:5] = 1  # specks of one and two px
        cluttered[0, 20:40] = 1  # a line along the rim
        cluttered[30:50, 59] = 1
        assert letter_box(cluttered) == box


def _stats(*rows: tuple[int, int, int, int, int]) -> np.ndarray:
    return np.array([(0, 0, 60, 60, 3000), *rows], np.int32)  # the background first, as OpenCV gives it


def test_placed_digits_counts_only_digit_shaped_marks_off_the_rim():
    box = (20, 16, 36, 40)  # a letter 24 px tall in a 60 px window: digits at most 16.8 px long
    digit = (38, 37, 4, 7, 20)  # low and right of it: the upright tile's place
    assert _placed_digits(_stats(digit), box, 60).tolist() == [20.0, 0.0, 0.0, 0.0]
    assert _placed_digits(_stats(), box, 60).tolist() == [0.0] * 4
    assert _placed_digits(_stats((38, 37, 1, 7, 7)), box, 60).tolist() == [0.0] * 4  # a line, no digit
    assert _placed_digits(_stats((38, 37, 4, 20, 50)), box, 60).tolist() == [0.0] * 4  # too long
    assert _placed_digits(_stats((56, 37, 4, 7, 20)), box, 60).tolist() == [0.0] * 4  # at the rim
    assert _placed_digits(_stats(digit, (43, 37, 3, 7, 12)), box, 60).tolist() == [32.0, 0.0, 0.0, 0.0]


@pytest.mark.parametrize("letter", list("ARNE"))
def test_the_colour_window_is_made_only_where_a_number_is_painted_over(letter):
    # fails on the start tree, whose `colour` is the window itself
    made = []

    def colour(window: np.ndarray) -> np.ndarray:
        made.append(1)
        return window

    apart = render_tile(letter, size=64)
    assert without_joined_number(apart, lambda: colour(apart)) is None and not made
    joined = _number_joined(letter)
    alone = without_joined_number(joined, lambda: colour(joined))
    assert alone is not None and made == [1]
    assert np.array_equal(alone, without_joined_number(joined))
