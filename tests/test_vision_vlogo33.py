"""A logo-marked blank read as a letter (issue 15, round 33): where the plain ink shows no letter, glyph_image reads
the strokes, and a faint bullseye logo's ring and dot (grey print on a grey tile) read D 0.905 there; neither the
hairlines' nor the filtered window's reading was another letter, so HAIRLINES_RIVAL and FILTERED_RIVAL let it
through at the kiosk's bar. Its strokes with their hairlines kept read 'not a letter' 0.998: such a letter is unknown
(vision.reader HAIRLINES_MARK)."""
from tests.rendered_board import read_square


def test_bullseye_blank_is_not_read_as_d() -> None:
    # rendered dev seed 327327 board-047 (4, 10): a grey board with grey tiles, the blank marked with a bullseye
    truth, reading = read_square(327327, 47, 4, 10)
    assert truth == "?"  # a blank
    assert reading.letter is None
