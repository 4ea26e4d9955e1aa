"""Which ink belongs to a tile's letter: accents and umlaut dots yes, tile-edge lines no;
and a letter is still found when glare or a shadow lights its tile unevenly."""
import cv2
import numpy as np
import pytest

from vision.config import VisionConfig
from vision.glyph import (INSET, MIN_DEPTH, _depth, _edge_lines_out, _ink_parts, _thin_line, glyph_features, ink_mask,
                          letter_box, letter_ink, umlaut_dots)
from vision.models import shipped
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame
from vision.synth.fonts import available_fonts
from vision.synth.tiles import TILE_PRESETS, TileStyle, render_tile

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


def test_a_tile_edge_line_beside_the_letter_is_no_second_letter():
    mask = _letter_mask()
    mask[18:44, 46:47] = 1  # one pixel wide, about the letter's height: where this tile meets its neighbour
    assert letter_box(mask) == (22, 20, 42, 42)


def test_a_z_beside_its_tiles_edge_line_is_read_z():
    """A light Z on a dark wooden tile, the edge line beside it (1 px wide, the letter's height) taken for a
    multi-letter tile's second letter: the glyph read 'not a letter' 0.998 and the square unknown (seed
    131131 board-008, a round-18 measuring seed)."""
    frame, _ = dataset_frame(DatasetSpec(boards=9, seed=131131), 8)
    cell = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)).cells[6 * 15 + 8]
    assert frame.truth[6][8] == "Z"
    assert (cell.state, cell.letter) == ("tile", "Z"), cell


def test_a_line_wider_than_the_letter_is_not_an_accent():
    mask = _letter_mask()
    mask[14:18, 12:52] = 1
    assert letter_box(mask) == (22, 20, 42, 42)


@pytest.mark.parametrize("letter", "LZCNE")
def test_a_light_letter_on_a_dark_tile_half_washed_out_by_glare_is_still_read(letter):
    face, ink, _ = TILE_PRESETS["navy-white"]
    tile = render_tile(letter, size=48, style=TileStyle(face=face, ink=ink))
    cell = cv2.copyMakeBorder(tile, 8, 8, 8, 8, cv2.BORDER_REPLICATE).astype(np.float32)
    yy, xx = np.mgrid[0:N, 0:N]
    glare = 150 * np.exp(-((xx - 6) ** 2 + (yy - 6) ** 2) / (2 * 22.0 ** 2))  # a bright spot off the upper left
    lit = np.clip(cell + glare[..., None], 0, 255).astype(np.uint8)
    assert letter_box(ink_mask(lit)) is None, "the lit side of the tile joins the letter in the plain ink mask"
    features = glyph_features(lit)
    assert features is not None
    letters = shipped("letters")
    probabilities = letters.probabilities(features[None])[0]
    assert letters.classes[int(np.argmax(probabilities))] == letter


def test_a_line_thinner_than_any_letter_stroke_is_not_a_letter():
    mask = np.zeros((N, N), np.uint8)
    mask[14:46, 30:32] = 1  # two pixels wide, as long as a letter is tall
    assert letter_box(mask) is None
    mask[14:46, 28:34] = 1  # six pixels wide: a bold I
    assert letter_box(mask) == (28, 14, 34, 46)


@pytest.mark.parametrize("font", available_fonts())
def test_the_thinnest_letters_of_every_tile_font_are_still_letters(font):
    for letter in "IJL":
        cell = cv2.copyMakeBorder(render_tile(letter, size=48, font=font), 8, 8, 8, 8, cv2.BORDER_REPLICATE)
        assert letter_box(ink_mask(cell)) is not None, letter


@pytest.mark.parametrize("letter", "NEBMK")
def test_a_shadow_joining_the_letter_to_the_tile_does_not_leave_the_tile_edge_to_be_read(letter):
    tile = render_tile(letter, size=48)
    cell = cv2.copyMakeBorder(tile, 8, 8, 8, 8, cv2.BORDER_REPLICATE).astype(np.float32)
    cell[12:46, 9:11] *= 0.45  # the dark line where the tile meets its left neighbour
    yy, xx = np.mgrid[0:N, 0:N]
    # a cast shadow with a soft edge over the tile's lower right, reaching into the letter
    shade = 1 - 0.5 / (1 + np.exp(-((xx + 0.8 * yy) - 1.05 * N) / 1.5))
    shaded = np.clip(cell * shade[..., None], 0, 255).astype(np.uint8)
    features = glyph_features(shaded)
    assert features is not None
    letters = shipped("letters")
    probabilities = letters.probabilities(features[None])[0]
    assert letters.classes[int(np.argmax(probabilities))] == letter


def _with_edge_line(cell: np.ndarray, row: int) -> np.ndarray:
    """The cell with a dark two-pixel line across it ending at `row`: a tile edge."""
    out = cell.copy()
    out[row - 2:row, :] = 40
    return out


@pytest.mark.parametrize("font", available_fonts())
@pytest.mark.parametrize("accented,bare", [("Ö", "O"), ("Ü", "U"), ("Ä", "A")])
def test_umlaut_dots_that_ran_into_the_tile_edge_are_still_seen(font, accented, bare):
    def bordered(letter):
        return cv2.copyMakeBorder(render_tile(letter, size=48, font=font), 8, 8, 8, 8, cv2.BORDER_REPLICATE)

    umlaut, plain = bordered(accented), bordered(bare)
    # the window row where the dots start: the umlaut's first row of ink the bare letter has not (its letter box
    # can leave dots out that sit over ACCENT_GAP above the letter: red-hat-display-medium's, 0.18)
    dots_top = int(np.flatnonzero((ink_mask(umlaut) > ink_mask(plain)).any(axis=1))[0]) + INSET
    seen = {}
    for letter, cell in ((accented, umlaut), (bare, plain)):
        cell = _with_edge_line(cell, dots_top + 1)  # overlapping the dots' tops: one component in the mask
        # a heavy font's dots touch the letter (lato-black's O): the line joins the letter itself to the rim, and
        # umlaut_dots finds the letter with the line taken out
        assert letter_ink(cell) or _ink_parts(_edge_lines_out(ink_mask(cell))), letter
        seen[letter] = umlaut_dots(cell)
    assert seen == {accented: True, bare: False}


@pytest.mark.parametrize("font", available_fonts())
@pytest.mark.parametrize("accented,bare", [("Ö", "O"), ("Ü", "U"), ("Ä", "A")])
def test_umlaut_dots_taken_into_the_letters_box_still_count(font, accented, bare):
    def bordered(letter):
        return cv2.copyMakeBorder(render_tile(letter, size=48, font=font), 8, 8, 8, 8, cv2.BORDER_REPLICATE)

    assert umlaut_dots(bordered(accented)) and not umlaut_dots(bordered(bare))


def test_a_neighbours_value_number_above_the_letter_is_not_a_pair_of_dots():
    cell = cv2.copyMakeBorder(render_tile("U", size=48), 8, 8, 8, 8, cv2.BORDER_REPLICATE)
    mask = ink_mask(cell)
    x0, y0, x1, y1 = letter_box(mask)
    cell[y0 - 5:y0 + 1, x1 - 4:x1 - 1] = 40  # the '1' of the tile above, over the letter's right side
    assert not umlaut_dots(cell)


def test_a_dashed_tile_edge_above_the_letter_is_no_pair_of_dots():
    # where two tiles meet at a small square, the edge line breaks into scraps in the ink mask
    cell = cv2.copyMakeBorder(render_tile("U", size=48), 8, 8, 8, 8, cv2.BORDER_REPLICATE)
    x0, y0, x1, y1 = letter_box(ink_mask(cell))
    row = y0 + 2 - 5  # window row, 5 px above the letter
    cell[row - 2:row, :] = 40
    cell[row - 2:row, 2 * x0 // 3::5] = 200  # dashes: gaps every 5 px
    assert not umlaut_dots(cell)


def test_a_scrap_of_ink_at_the_windows_rim_is_not_a_letter():
    mask = np.zeros((N, N), np.uint8)
    mask[22:40, 57:60] = 1  # a neighbour's stroke showing at the window's right edge
    assert letter_box(mask) is None
    shifted = np.roll(_letter_mask(), 16, axis=1)  # a whole letter a third of a tile off its square
    assert letter_box(shifted) == (38, 20, 58, 42)


def test_a_wide_letter_joined_low_to_its_value_number_is_still_the_letter():
    mask = np.zeros((N, N), np.uint8)
    mask[16:44, 10:44] = 1  # an M as wide as letters get (0.53 of the window)
    mask[16:40, 16:38] = 0
    mask[36:46, 43:50] = 1  # its value number, run into its right foot: together 0.63 wide
    assert letter_box(mask) == (10, 16, 44, 46)


def test_a_windows_ink_is_found_once_and_shared_read_only():
    """ink_mask and letter_ink remember a window's answer by its pixels: a copy of the window
    gets the same (read-only) arrays, a different window its own."""
    from vision.glyph import letter_ink
    a = render_tile("A", size=64)
    b = render_tile("B", size=64)
    first = letter_ink(a)
    assert first is not None and letter_ink(a.copy()) is first
    assert ink_mask(a.copy()) is first[0]
    assert not first[0].flags.writeable
    with pytest.raises(ValueError):
        first[0][0, 0] = 1
    other = letter_ink(b)
    assert other is not None and not np.array_equal(other[0], first[0])


def _drawn_u(dots: bool, serifs: bool = False) -> np.ndarray:
    """A dark U drawn on a light tile window; with `dots` two dots above it joined to its arms
    by thin necks (how the ink mask of a ~20 px square shows an umlaut: one stroke), with
    `serifs` wide bars over its arms."""
    cell = np.full((N, N, 3), 215, np.uint8)
    cell[24:45, 22:28] = cell[24:45, 37:43] = cell[40:45, 22:43] = 35
    if dots:
        cell[17:22, 22:28] = cell[17:22, 37:43] = 35  # the dots
        cell[22:24, 24:26] = cell[22:24, 39:41] = 35  # the necks the blur left between dots and arms
    if serifs:
        cell[24:27, 19:31] = cell[24:27, 34:46] = 35
    return cell


def test_umlaut_dots_run_into_the_letters_arms_still_count():
    assert umlaut_dots(_drawn_u(dots=True))
    assert not umlaut_dots(_drawn_u(dots=False))


def test_a_serif_u_narrowing_below_its_serifs_is_no_umlaut():
    assert not umlaut_dots(_drawn_u(dots=False, serifs=True))


def test_a_thin_line_is_judged_on_the_component_framed_as_depth_frames_it():
    """_thin_line frames a component's crop in one step: the answer of _depth on the crop cut out, for a
    one-pixel line, a thick bar, a ring with a dot inside its box (another label there stays
    background), the dot and a stroke with an arm."""
    mask = np.zeros((40, 40), np.uint8)
    mask[5, 3:30] = 1  # the dark edge where two tiles meet: 1 px
    mask[10:16, 4:20] = 1  # a bar 6 px thick
    cv2.circle(mask, (28, 28), 7, 1, 2)  # a ring: an O's stroke
    mask[27:29, 27:29] = 1  # a dot inside the ring's box, a component of its own
    mask[18:34, 8:11] = 1  # a stroke with an arm
    mask[20:22, 11:18] = 1
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    assert count == 6
    thin = []
    for k in range(1, count):
        x, y, w, h, _ = stats[k].tolist()
        crop = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
        want = _depth(crop) < MIN_DEPTH * max(w, h)
        assert _thin_line(labels, stats[k].tolist(), k) == want
        thin.append(want)
    assert any(thin) and not all(thin)
