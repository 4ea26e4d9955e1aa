"""Which ink belongs to a tile's letter: accents and umlaut dots yes, tile-edge lines no."""
import numpy as np

from vision.glyph import letter_box

N = 64


def _letter_mask() -> np.ndarray:
    """A 'U'-sized block of ink in the middle of a letter window."""
    mask = np.zeros((N, N), np.uint8)
    mask[20:42, 22:42] = 1
    mask[20:38, 27:37] = 0  # the bowl, so it is not one solid blob
    return mask


def test_two_dots_are_the_letters_accent():
    mask = _letter_mask()
    mask[14:18, 25:29] = 1
    mask[14:18, 35:39] = 1
    assert letter_box(mask) == (22, 14, 42, 42)


def test_dots_blurred_into_one_bar_are_the_letters_accent():
    mask = _letter_mask()
    mask[13:18, 26:38] = 1  # a stroke thick, well inside the letter's width
    assert letter_box(mask) == (22, 13, 42, 42)


def test_a_tile_edge_line_above_the_letter_is_not_an_accent():
    mask = _letter_mask()
    mask[16:17, 24:40] = 1  # one pixel thick: where this tile meets its neighbour
    assert letter_box(mask) == (22, 20, 42, 42)


def test_a_line_wider_than_the_letter_is_not_an_accent():
    mask = _letter_mask()
    mask[14:18, 12:52] = 1
    assert letter_box(mask) == (22, 20, 42, 42)
