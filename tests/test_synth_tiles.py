"""Tile glyph renders for letter-model training (vision.synth.tiles)."""
from __future__ import annotations

import numpy as np
import pytest

from vision.synth import TileStyle, available_fonts, render_tile
from vision.synth.fonts import DEFAULT_FONT
from vision.synth.tiles import TILE_PRESETS
from vision.tilesets import BLANK, drawn_letters

LETTERS = [*drawn_letters(), BLANK]


def ink(image: np.ndarray, rows: slice, cols: slice) -> float:
    """Share of dark pixels (the black letter ink on a light tile) in a region."""
    grey = image[rows, cols].mean(axis=2)
    return float((grey < 110).mean())


def test_every_letter_renders_in_every_font():
    fonts = available_fonts()
    assert DEFAULT_FONT in fonts and len(fonts) >= 1
    for font in fonts:
        for letter in LETTERS:
            image = render_tile(letter, size=48, font=font)
            assert image.shape == (48, 48, 3) and image.dtype == np.uint8


def test_several_fonts_where_the_system_has_them():
    fonts = available_fonts()
    images = {font: render_tile("R", size=64, font=font) for font in fonts}
    distinct = {images[f].tobytes() for f in fonts}
    assert len(distinct) == len(fonts)


def test_unknown_font_is_refused_with_the_choices():
    with pytest.raises(ValueError, match=DEFAULT_FONT):
        render_tile("A", font="no-such-font")


@pytest.mark.parametrize("letter", ["1", "a", "AB", ""])
def test_anything_but_a_tile_letter_is_refused(letter):
    with pytest.raises(ValueError, match="not a tile"):
        render_tile(letter)


def test_same_rng_seed_same_pixels_and_other_seed_differs():
    a = render_tile("K", size=64, rng=np.random.default_rng(7))
    b = render_tile("K", size=64, rng=np.random.default_rng(7))
    c = render_tile("K", size=64, rng=np.random.default_rng(8))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_blank_has_no_letter_and_no_number():
    blank = render_tile("?", size=64)
    letter = render_tile("W", size=64)
    centre, corner = slice(12, 48), slice(46, 60)
    assert ink(blank, centre, centre) == 0.0 and ink(blank, corner, corner) == 0.0
    assert ink(letter, centre, centre) > 0.15
    assert ink(letter, corner, corner) > 0.03  # the value 4 in the bottom-right corner


def test_value_number_follows_the_tile_set():
    english = render_tile("Z", size=96, style=TileStyle(tileset="english"))  # Z = 10
    german = render_tile("Z", size=96, style=TileStyle(tileset="german"))  # Z = 3
    corner = slice(66, 92)
    assert not np.array_equal(english[corner, corner], german[corner, corner])
    letter = slice(10, 64)
    assert np.array_equal(english[letter, letter], german[letter, letter])


def test_umlauts_carry_their_dots_above_the_letter():
    top = slice(4, 22)
    for plain, umlaut in (("A", "Ä"), ("O", "Ö"), ("U", "Ü")):
        base = render_tile(plain, size=96)
        dotted = render_tile(umlaut, size=96)
        assert ink(dotted, top, slice(10, 80)) > ink(base, top, slice(10, 80)) + 0.02, umlaut


def test_random_styles_vary_colour_position_and_light():
    rng = np.random.default_rng(3)
    images = [render_tile("E", size=64, rng=rng) for _ in range(12)]
    means = np.array([img.reshape(-1, 3).mean(axis=0) for img in images])
    assert means.std(axis=0).max() > 8  # tile and cell colours change
    assert len({img.tobytes() for img in images}) == 12


def test_dark_tile_sets_get_light_letters():
    face, ink_colour, _ = TILE_PRESETS["navy-white"]
    image = render_tile("M", size=64, style=TileStyle(face=face, ink=ink_colour))
    centre = image[20:44, 20:44].mean(axis=2)
    assert centre.max() > 200 and np.median(image[8:56, 8:56].mean(axis=2)) < 120


def test_font_choice_falls_to_an_installed_font():
    from vision.synth.fonts import KNOWN_FONTS, font_for_draw

    installed = set(available_fonts())
    picks = [font_for_draw(i / 100) for i in range(100)]
    assert set(picks) == installed  # every installed font can be drawn, nothing else
    assert set(installed) <= set(KNOWN_FONTS)


def test_wide_palette_is_drawn_only_when_asked_and_deterministic():
    import numpy as np

    from vision.synth.tiles import TILE_PRESETS, WIDE_TILE_PRESETS, random_tile_style
    plain = [random_tile_style(np.random.default_rng(s)) for s in range(40)]
    assert all(any(np.abs(np.subtract(st.face, face)).max() <= 30 for face, _, _ in TILE_PRESETS.values())
               for st in plain)
    wide = [random_tile_style(np.random.default_rng(s), wide=True) for s in range(40)]
    assert wide == [random_tile_style(np.random.default_rng(s), wide=True) for s in range(40)]
    dark = [st for st in wide if np.mean(st.face) < 90]
    assert dark and any(np.mean(st.ink) > 180 for st in dark)  # light print on dark tiles
    assert len(WIDE_TILE_PRESETS) >= 10


@pytest.mark.parametrize(("tileset", "letter", "text"), [("spanish", "Ç", "CH"), ("spanish", "Ŀ", "LL"),
                                                          ("catalan", "Ŀ", "L·L"), ("catalan", "Q", "QU")])
def test_a_multi_letter_tile_prints_its_letters_side_by_side_and_the_finder_takes_both(tileset, letter, text):
    import cv2

    from vision.cells import PAD
    from vision.glyph import glyph_image
    from vision.tilesets import printed

    assert printed(letter, tileset) == text
    single = render_tile("C", size=96, tileset=tileset)
    double = render_tile(letter, size=96, tileset=tileset)
    assert not np.array_equal(single, double)
    widths = []
    for image in (single, double):
        cell = cv2.resize(image, (48, 48), interpolation=cv2.INTER_AREA)
        found = glyph_image(cv2.copyMakeBorder(cell, PAD, PAD, PAD, PAD, cv2.BORDER_REPLICATE))
        assert found is not None
        widths.append(float(found[1][0]))  # the letter box's width / height
    assert widths[1] > 1.4 * widths[0]  # both letters, not the first alone


def test_a_font_without_a_glyph_draws_it_in_another():
    from vision.synth.fonts import font_with, has_glyphs

    if "lato-bold" not in available_fonts():
        pytest.skip("Lato is not installed")
    assert not has_glyphs("lato-bold", "Č") and has_glyphs("lato-bold", "C")
    assert font_with("lato-bold", "Č") != "lato-bold" and font_with("lato-bold", "C") == "lato-bold"
    assert render_tile("Č", size=48, font="lato-bold", tileset="slovene").shape == (48, 48, 3)
