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


def test_an_accented_letter_drawn_small_is_learnt_only_where_its_glyph_shows_the_mark() -> None:
    # an Ö whose dots the blur took out is the bare O's glyph: learnt as Ö, it taught the model that a small O
    # may be an Ö (round 25). Every kept Ö is taller than its bare twin drawn with the same draws
    from vision.glyph import glyph_image
    from vision.train import MARK_SHOWS, _bare, _small_and_blurred
    font = next(f for f in available_fonts() if has_glyphs(f, "Ö"))
    kept = lost = 0
    for draws in range(40):
        window = _small_and_blurred("Ö", "german", font, 48, np.random.default_rng(draws))
        bare = _small_and_blurred("O", "german", font, 48, np.random.default_rng(draws))
        glyph, bare_glyph = glyph_image(window), glyph_image(bare)
        if glyph is None or bare_glyph is None:
            continue
        shows = glyph[1][1] >= MARK_SHOWS * bare_glyph[1][1]
        kept, lost = kept + shows, lost + (not shows)
    assert kept >= 20 and lost >= 1  # most show their dots; some lose them
    assert _bare("Ö", "german") == "O" and _bare("Ó", "polish") == "O" and _bare("NY", "catalan") is None
    x, y = small_blurred_samples(4, 5, LETTERS.index("Ö"), 1)
    fonts = sum(has_glyphs(f, "Ö") for f in available_fonts())
    assert 0 < len(y) < 4 * fonts and np.all(y == LETTERS.index("Ö"))


def test_the_print_of_empty_squares_is_learnt_in_every_turn_as_the_reader_turns_its_windows() -> None:
    from vision.train import _in_every_turn
    window = np.arange(64 * 64 * 3, dtype=np.uint8).reshape(64, 64, 3)
    turned = _in_every_turn([window])
    assert len(turned) == 4 and all(t.flags["C_CONTIGUOUS"] for t in turned)
    assert [np.array_equal(t, np.rot90(window, q)) for q, t in enumerate(turned)] == [True] * 4


def test_a_small_tile_sampled_on_a_turned_pixel_grid_comes_back_upright_where_it_was() -> None:
    # _aliased samples the tile on a pixel grid turned 0-45 degrees and turns it back: the letter stays upright, in
    # its place and at its size (a bar's ink where the bar was drawn, within a pixel of the area-averaged shrink's)
    import cv2
    from vision.train import _aliased
    tile = np.full((120, 120, 3), 230, np.uint8)
    tile[30:90, 54:66] = 20  # an upright bar, 60 x 12 px: 20 x 4 at a third of the size
    for seed in range(4):
        seen = cv2.cvtColor(_aliased(tile, 40, np.random.default_rng(seed)), cv2.COLOR_BGR2GRAY)
        rows, cols = np.nonzero(seen < 125)
        assert seen.shape == (40, 40)
        assert abs(rows.min() - 10) <= 1 and abs(rows.max() - 29) <= 1 and abs(cols.min() - 18) <= 1 and abs(cols.max() - 21) <= 1
