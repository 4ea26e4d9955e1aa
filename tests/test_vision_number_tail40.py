"""A value number run into its letter, read by the plain ink as the letter's tail, where the strokes only lean to the
letter (issue 15, round 40, the lead): rendered seed 383383 board-077 (a vintage board turned 90 degrees, tilt 17,
freesans-bold on cream tiles) has two G's whose 2 touches the G's spur. At upright (10, 5) the plain ink read G and 2
as one glyph, Q 0.9966; the strokes keep a stub of the 2 and read G 0.59 (no rival at LETTER_DECIDES), the strokes of
the window median-filtered (DENOISE_PX) G 0.9999, the darker ink G 1.000: read Q 0.997, the one confident-wrong square
of that seed's 100 boards. vision.reader NUMBER_AS_TAIL now takes the filtered strokes' letter as the rival where the
strokes lean to it."""
from tests.rendered_board import assert_nothing_wrong, read_rendered


def test_a_g_whose_2_ran_into_its_spur_is_not_read_q() -> None:
    truth, obs = read_rendered(383383, 77)
    assert obs.located and obs.rotation == 90
    assert truth[10][5] == "G" and truth[10][7] == "G"
    for col in (5, 7):
        cell = obs.cells[10 * 15 + col]
        assert cell.state == "unknown" or (cell.state == "tile" and cell.letter == "G"), (col, cell)
    assert_nothing_wrong(truth, obs)
