"""The reader finds many windows' ink masks at once (vision.glyph.ink_masks): the very masks each
window's own ink_mask finds, on tiles of dark and light letters, turned, empty squares and noise."""
import cv2
import numpy as np

from vision.glyph import _batch_percentiles, _ink_mask, forget_inks, ink_mask, ink_masks, INSET, light_letter_in, light_letters_in
from vision.synth.tiles import render_tile


def _windows() -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    windows = []
    for k, letter in enumerate("AEGMQWZ"):
        tile = render_tile(letter, size=48, rng=np.random.default_rng(k))  # random style, lighting, offset
        grey = cv2.cvtColor(cv2.copyMakeBorder(tile, 8, 8, 8, 8, cv2.BORDER_REPLICATE), cv2.COLOR_BGR2GRAY)
        windows += [grey, np.ascontiguousarray(np.rot90(grey)), 255 - grey]  # turned; light letter on dark
    windows.append(np.full((64, 64), 180, np.uint8))  # an empty square: no contrast, no mask
    windows += [rng.integers(0, 256, (64, 64), dtype=np.uint8) for _ in range(5)]
    return windows


def test_many_windows_at_once_give_each_windows_own_mask():
    windows = _windows()
    alone = [_ink_mask(w, INSET) for w in windows]
    forget_inks()
    ink_masks(windows)
    together = [ink_mask(w) for w in windows]
    forget_inks()
    assert sum(m is None for m in alone) >= 1 and sum(m is not None for m in alone) >= 20
    for a, b in zip(alone, together):
        assert (a is None) == (b is None)
        if a is not None and b is not None:
            assert a.dtype == b.dtype and np.array_equal(a, b)


def test_percentiles_of_many_images_are_numpys():
    rng = np.random.default_rng(3)
    images = rng.integers(0, 256, (9, 13, 11), dtype=np.uint8)
    images[0] = 40  # one level only
    images[1, :, :5] = 255
    for q in ((2, 40, 60, 98), (3, 50, 97), (0, 100)):
        assert np.array_equal(_batch_percentiles(images, q), np.stack([np.percentile(i, q) for i in images]))


def test_many_windows_polarity_at_once_is_each_windows_own():
    # as _against_polarity asks it: views cut from one grey board (not contiguous), dark and light letters
    windows = _windows()
    board = np.zeros((64, 64 * len(windows)), np.uint8)
    for k, w in enumerate(windows):
        board[:, 64 * k:64 * (k + 1)] = w
    views = [board[:, 64 * k:64 * (k + 1)] for k in range(len(windows))]
    alone = [light_letter_in(w) for w in views]
    assert 5 <= sum(alone) <= len(alone) - 5
    assert light_letters_in(views) == alone
    assert light_letters_in(views[:1]) == alone[:1] and light_letters_in([]) == []
