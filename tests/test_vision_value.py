"""The value number as a cue to the letter: one digit or two, on rendered tiles in many
fonts; probabilities change only where the cue applies and the ink is clear."""
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.config import VisionConfig
from vision.glyph import NOT_A_LETTER, letter_ink
from vision.models import shipped
from vision.reader import BoardReader
from vision.synth import available_fonts
from vision.synth.tiles import TileStyle, random_tile_style, render_tile
from vision.tilesets import TILESETS
from vision.value import ONE_DIGIT_UP_TO, TWO_DIGITS_ABOVE, ValueCue, number_aspect, without_joined_number
from tests.rendered_board import read_rendered, read_square

CLASSES = tuple(c for c in shipped("letters").classes if c != NOT_A_LETTER)  # the letters the reader reports
# fonts whose Q tail ends clear of the 10 (in the others the 1 runs into the tail, and
# only the 0 is seen: no cue either way)
CLEAR_Q = ("freesans-bold", "roboto-bold", "manrope-bold", "dejavu-sans", "dejavu-serif-bold", "hanken-grotesk-bold")


def _window(letter: str, font: str = "freesans-bold", tileset: str = "english") -> np.ndarray:
    """An upright letter window as the reader cuts it: a 48 px cell and 8 px around it."""
    tile = render_tile(letter, size=48, style=TileStyle(font=font, tileset=tileset))
    return cv2.copyMakeBorder(tile, 8, 8, 8, 8, cv2.BORDER_REPLICATE)


def _probs(**letters: float) -> np.ndarray:
    """One row of letter probabilities: the given letters, the rest spread evenly over the
    other letters of the German set (the reader gives a letter outside the game's set none)."""
    row = np.zeros(len(CLASSES), np.float32)
    for letter, p in letters.items():
        row[CLASSES.index(letter)] = p
    rest = (row == 0) & np.isin(CLASSES, TILESETS["german"].chars)
    row[rest] = (1 - row.sum()) / rest.sum()
    return row[None]


@pytest.mark.parametrize("font", available_fonts())
@pytest.mark.parametrize("letter, tileset", [("Z", "english"), ("Y", "german")])
def test_a_ten_is_two_digits_in_every_font(letter, tileset, font):
    assert number_aspect(_window(letter, font, tileset)) > TWO_DIGITS_ABOVE


@pytest.mark.parametrize("font", CLEAR_Q)
def test_a_q_tiles_ten_is_two_digits_where_the_tail_ends_clear_of_it(font):
    assert number_aspect(_window("Q", font)) > TWO_DIGITS_ABOVE


@pytest.mark.parametrize("font", available_fonts())
@pytest.mark.parametrize("letter, tileset", [("A", "english"), ("G", "english"), ("B", "english"), ("W", "english"),
                                             ("K", "english"), ("J", "german"), ("X", "english")])
def test_one_digit_is_never_taken_for_two(letter, tileset, font):
    aspect = number_aspect(_window(letter, font, tileset))
    assert aspect is not None and aspect <= TWO_DIGITS_ABOVE


def test_a_q_read_between_q_and_g_is_settled_by_its_ten():
    # the photo that asked for this: Q 0.696, G 0.219, under the 0.7 floor
    cue = ValueCue(CLASSES, "german")
    probs = _probs(Q=0.696, G=0.219, C=0.028)
    for font in CLEAR_Q:
        out = cue.reweighted(probs, [_window("Q", font, "german")])
        assert CLASSES[int(out[0].argmax())] == "Q" and out[0].max() > 0.99
        assert out.sum() == pytest.approx(1.0, abs=1e-5)


def test_a_narrow_one_turns_a_q_guess_to_the_o():
    window = _window("O", "manrope-bold")
    assert number_aspect(window) <= ONE_DIGIT_UP_TO
    out = ValueCue(CLASSES, "english").reweighted(_probs(Q=0.6, O=0.35), [window])
    assert CLASSES[int(out[0].argmax())] == "O"


@pytest.mark.parametrize("font", ["freesans-bold", "roboto-bold", "dejavu-serif", "lato-black"])
def test_ambiguous_ink_leaves_the_probabilities_as_they_are(font):
    window = _window("G", font)  # prints 2: as wide as a single digit gets, no clear count
    assert ONE_DIGIT_UP_TO < number_aspect(window) <= TWO_DIGITS_ABOVE
    probs = _probs(G=0.6, Q=0.3)
    assert ValueCue(CLASSES, "english").applies(probs)[0]
    assert np.array_equal(ValueCue(CLASSES, "english").reweighted(probs, [window]), probs)


def test_a_tile_without_a_number_in_view_is_left_alone():
    window = _window("Q")
    window[40:, 36:] = window[20, 50]  # the number's corner wiped to tile colour
    probs = _probs(Q=0.5, G=0.45)
    assert number_aspect(window) is None
    assert np.array_equal(ValueCue(CLASSES, "english").reweighted(probs, [window]), probs)


def test_the_cue_looks_only_where_letters_of_both_lengths_are_in_reach():
    cue = ValueCue(CLASSES, "english")
    rows = np.concatenate([
        _probs(G=0.7, Q=0.2),  # applies
        _probs(Q=0.995),  # read surely
        _probs(G=0.7, C=0.25),  # both print one digit
        _probs(G=0.985, Q=0.005),  # the Q could not reach the top even with clear ink
        np.zeros((1, len(CLASSES)), np.float32),  # no letter found
    ])
    assert cue.applies(rows).tolist() == [True, False, False, False, False]
    windows = [_window("Q")] * len(rows)
    out = cue.reweighted(rows, windows)
    assert np.array_equal(out[1:], rows[1:]) and out[0, CLASSES.index("Q")] > 0.9


def test_the_measured_likelihoods_hold_on_randomly_styled_tiles():
    """The evidence behind the constants, redrawn: random tile styles, fonts, lighting, blur
    and noise (seed 3050). Two-digit tiles mostly read wider than tall, one-digit ones
    hardly ever."""
    rng = np.random.default_rng(3050)
    aspects = {True: [], False: []}
    for i in range(600):
        tileset = ("english", "german")[i % 2]
        info = TILESETS[tileset]
        tens = [c for c in info.letters if info.values[c] >= 10]
        letter = str(rng.choice(tens if i % 4 < 2 else info.letters))
        tile = render_tile(letter, size=48, rng=rng, style=random_tile_style(rng, tileset=tileset))
        aspect = number_aspect(cv2.copyMakeBorder(tile, 8, 8, 8, 8, cv2.BORDER_REPLICATE))
        aspects[info.values[letter] >= 10].append(np.nan if aspect is None else aspect)
    two, one = np.array(aspects[True]), np.array(aspects[False])
    assert np.mean(two > TWO_DIGITS_ABOVE) > 0.45 and np.mean(one > TWO_DIGITS_ABOVE) < 0.02
    assert np.mean(one <= ONE_DIGIT_UP_TO) > 0.2 and np.mean(two <= ONE_DIGIT_UP_TO) < 0.06


def test_the_reader_reads_the_photos_q_by_its_ten():
    """The tile that asked for the cue (real photo, German set): the letter alone gave Q
    0.696 / G 0.219, under the 0.7 floor, so the square was reported unknown."""
    photo = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "scrabscrap-v1" / "spiel-12" / "board-17.jpg"
    if not photo.exists():
        pytest.skip(f"{photo} not present")
    cell = BoardReader(VisionConfig(tileset="german")).observe(cv2.imread(str(photo))).cells[7 * 15 + 4]
    assert (cell.state, cell.letter) == ("tile", "Q") and cell.confidence > 0.9


def _number_joined(letter: str) -> np.ndarray:
    """A rendered reference tile (64 px) whose value number is moved to touch the letter's
    foot, as blur and a tight font join them on real tiles (an N's 1 then reads as an M)."""
    tile = render_tile(letter, size=64)
    mask, (count, labels, stats, _), (x0, y0, x1, y1) = letter_ink(tile)
    k = next(k for k in range(1, count) if stats[k][0] >= x1 - 1 and stats[k][1] > (y0 + y1) / 2)
    nx, ny, nw, nh, _ = stats[k]
    inner = tile[2:-2, 2:-2]  # the ink mask leaves out the window's 2 px rim
    face = np.median(inner[mask == 0], axis=0)
    digit = labels == k
    patch, shape = inner[ny:ny + nh, nx:nx + nw].copy(), digit[ny:ny + nh, nx:nx + nw]
    inner[digit] = face
    top = y1 + round(0.2 * (y1 - y0)) - nh  # its foot below the letter's, as on tiles (value.NUMBER_BELOW_FOOT)
    inner[top:top + nh, x1:x1 + nw][shape] = patch[shape]  # touching the letter, as blur joins them
    return tile


@pytest.mark.parametrize("letter", list("ANRUCEOT"))
def test_a_value_number_apart_from_the_letter_is_left_alone(letter):
    assert without_joined_number(render_tile(letter, size=64)) is None
    assert without_joined_number(_window(letter)) is None


@pytest.mark.parametrize("letter", list("ARNE"))
def test_a_value_number_run_into_the_letter_is_painted_over_and_the_letter_read_alone(letter):
    joined = _number_joined(letter)
    assert number_aspect(joined) is None  # no number apart from the letter
    alone = without_joined_number(joined)
    assert alone is not None
    letter_only = letter_ink(render_tile(letter, size=64))[2]
    x0, y0, x1, y1 = letter_ink(alone)[2]
    assert x1 <= letter_only[2] + 1, "the number is no part of the letter any more"
    reader = BoardReader(VisionConfig(tileset="english"))
    probs, heights = reader._letter_probabilities([alone])
    assert heights[0] > 0 and reader.letter_classes[int(probs[0].argmax())] == letter


def _thin_number_touching_corner(letter: str) -> np.ndarray:
    """A rendered reference tile (64 px) whose value number is a one-pixel '1' (a small board:
    about 20 px per square, scaled up to the reader's 48) touching the letter's lowest right
    corner only corner to corner, its foot below the letter's."""
    tile = render_tile(letter, size=64)
    mask, (count, labels, stats, _), (x0, y0, x1, y1) = letter_ink(tile)
    inner = tile[2:-2, 2:-2]  # the ink mask leaves out the window's 2 px rim
    face, ink = np.median(inner[mask == 0], axis=0), np.median(inner[mask == 1], axis=0)
    for k in range(1, count):
        if stats[k][0] >= x1 - 1 and stats[k][1] > (y0 + y1) / 2:  # the printed number goes
            inner[labels == k] = face
    inside = [k for k in range(1, count) if x0 <= stats[k][0] and stats[k][0] + stats[k][2] <= x1
              and y0 <= stats[k][1] and stats[k][1] + stats[k][3] <= y1]
    ys, xs = np.nonzero(labels == max(inside, key=lambda k: stats[k][4]))
    px = xs.max()
    py = ys[xs == px].max()
    height = round(0.35 * (y1 - y0))
    inner[py + 6 - height:py + 6, px + 2] = ink  # the stem, a column clear of the letter
    inner[py + 1, px + 1] = ink  # its flag, touching the letter corner to corner
    return tile


@pytest.mark.parametrize("letter", list("NARE"))
def test_a_thin_value_number_touching_the_letter_corner_to_corner_is_painted_over(letter):
    # thinning by a pixel wipes a one-pixel stroke out: the 4-connected split finds it
    # (jheidel-en had an N read M at 0.9998 so); on 200 rendered frames (English seeds
    # 61723, 61725; German 61724; half of them small boards) it painted 167 tiles, all
    # read as before or better (1 wrong letter made right)
    joined = _thin_number_touching_corner(letter)
    alone = without_joined_number(joined)
    assert alone is not None
    reader = BoardReader(VisionConfig(tileset="english"))
    probs, heights = reader._letter_probabilities([alone])
    assert heights[0] > 0 and reader.letter_classes[int(probs[0].argmax())] == letter


SERIF_FONTS = [f for f in available_fonts() if "serif" in f and "sans" not in f]


@pytest.mark.parametrize("font", SERIF_FONTS or ["freesans-bold"])
def test_no_part_of_a_letter_is_painted_over_as_a_joined_number(font):
    # a thin serif G's spur, thinned off its bowl, stands right of what is left of the letter
    # (an earlier rule painted it over and read C, on 5 of 60 of these dejavu-serif G's)
    reader = BoardReader(VisionConfig(tileset="english"))
    for letter in "GCJQSZNMRAB":
        for seed in range(30):
            tile = render_tile(letter, size=48, font=font, rng=np.random.default_rng(seed))
            alone = without_joined_number(tile)
            if alone is None:
                continue
            (before, h_before), (after, h_after) = (reader._letter_probabilities([w]) for w in (tile, alone))
            if h_before[0] > 0:
                assert h_after[0] > 0 and before[0].argmax() == after[0].argmax(), (letter, seed)


def test_a_serif_q_split_by_thinning_keeps_its_tail():
    # frame 26 of `python -m vision.synth dataset OUT --seed 68008` (a light dejavu-serif Q on a navy tile, its
    # tail run into its 10): thinning split the bowl into its sides and its foot with the tail, and the foot was
    # painted over as the value number: the Q read O at 0.97 (the round's one confident-wrong letter)
    truth, cell = read_square(68008, 26, 6, 4)
    assert truth == "Q"
    assert cell.state == "tile" and cell.letter == "Q"


def test_an_n_whose_thin_one_lies_along_its_foot_is_read_n():
    """A bold light N on a dark wooden tile whose thin '1' joins its foot by more than a thinning cuts
    (a 2x2 erosion wipes the '1' out whole): read M at 0.98 before (seed 150150 board-027, found
    measuring); the number is cut off as the thin strokes beside the thick ones (value._thin_apart)."""
    truth, obs = read_rendered(150150, 27)
    cells = obs.cells
    for r, c in ((6, 4), (14, 7)):
        assert truth[r][c] == "N"
        assert (cells[r * 15 + c].state, cells[r * 15 + c].letter) == ("tile", "N"), (r, c, cells[r * 15 + c])


def test_a_z_whose_joined_ten_read_no_letter_is_read_z_not_a_marked_blank():
    """A Z whose joined 10 made its ink 'not a letter' 0.9993 was taken for a marked blank at 0.997 (seed
    150150 board-017, found measuring): ink read as no letter is read again with its number painted over."""
    truth, cell = read_square(150150, 17, 8, 6)
    assert truth == "Z"
    assert (cell.state, cell.letter) == ("tile", "Z"), cell


def test_a_letter_the_thinning_cuts_under_its_foot_keeps_its_foot():
    # a blurred L (light on a maroon tile) thinned into its stem, its corner and the end of its foot: the end,
    # right of what was left of the letter and below its middle, was taken for the number and painted over, and
    # the L read I at 0.989 (round-26 measuring seed 228228 board-027, square (7, 8) counted from 0). Its
    # corner, under the stem within its width, is ink no number leaves: the split cut the letter itself.
    truth, cell = read_square(228228, 27, 7, 8)
    assert truth == "L"
    assert (cell.state, cell.letter) == ("tile", "L"), cell
