"""The letter model's training samples (vision.train): rendered in parallel parts that together hold every text and
every board once, and tiles drawn small and blurred whose glyphs the reader's glyph finder still finds."""
from collections.abc import Callable
from functools import partial

import numpy as np

from vision.synth.fonts import available_fonts, has_glyphs
from vision.train import (LETTERS, SMALL_BOARDS, Samples, board_samples, letter_parts, small_blurred_samples,
                          tile_samples)


def _covered(parts: dict[str, partial[Samples]], func: Callable[..., Samples], small: bool = False) -> list[int]:
    """The texts (tile samplers) or boards (board_samples) the parts made by `func` render."""
    out: list[int] = []
    for part in parts.values():
        if part.func is func and (func is not board_samples or bool(part.args[3:] and part.args[3]) == small):
            first, count = part.args[-2:] if func is not board_samples else part.args[1:3]
            out += range(first, min(first + count, len(LETTERS) if func is not board_samples else first + count))
    return sorted(out)


def test_the_parts_render_every_text_and_board_once_however_many_pieces() -> None:
    for pieces in (1, 3, 4):
        parts = letter_parts(20, 260, 1000, pieces)
        assert _covered(parts, tile_samples) == list(range(len(LETTERS)))
        assert _covered(parts, small_blurred_samples) == list(range(len(LETTERS)))
        assert _covered(parts, board_samples) == list(range(260))
        assert _covered(parts, board_samples, small=True) == list(range(int(260 * SMALL_BOARDS)))


def test_small_blurred_tiles_are_still_found_as_glyphs_of_their_letter() -> None:
    # 91-94 of 100 found for W, A, I and Q (5 a font, seed 5); the others' ink runs into the tile's edge or grain
    x, y = small_blurred_samples(5, 5, LETTERS.index("W"), 1)
    fonts = sum(has_glyphs(font, "W") for font in available_fonts())
    assert len(y) >= 0.85 * 5 * fonts and np.all(y == LETTERS.index("W"))
