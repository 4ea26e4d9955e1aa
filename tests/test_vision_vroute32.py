"""Reader routes to a confidently wrong letter (issue 15, round 32): a weak sure tile's strokes' letter whose
hairlines read another letter at the kiosk's bar (vision.reader WEAK_SURE_TILE) and a sure tile's strokes' letter
under LETTER_DECIDES whose boosted window's hairlines read another letter at LETTER_DECIDES (BOOSTED_HAIRLINES) are
not taken; the two routes left open here are closed in round 33 (tests/test_vision_vwrongcam33.py). Each case is a
dev board through the bench's camera view."""
from tests.test_vision_vwrong32 import _seen_through_camera


def _not_misread(seed: int, board: int, view: tuple[float, float, float], row: int, col: int, letter: str) -> None:
    """The square holding `letter` on the board seen through the camera view (tilt, scale, turn) is read as that
    letter or asked, never as another letter."""
    truth, obs = _seen_through_camera(seed, board, *view)
    assert truth[row][col] == letter
    assert obs.cells[row * 15 + col].letter in (None, letter), obs.cells[row * 15 + col]


def test_a_q_whose_strokes_lost_its_tail_is_not_read_o():
    # 296296 board-049 (11, 8) through --tilt 8 --scale 0.38 --turn 290 (17.5 px a square): a Q, plain ink 'not a
    # letter' 0.903, strokes O 0.777, hairlines Q 0.933 (under LETTER_DECIDES: SURE_TILE_HAIRLINES did not refuse),
    # darker no glyph: read O 0.898 by _unread_tiles' sure tile path on 56d7735
    _not_misread(296296, 49, (8.0, 0.38, 290.0), 11, 8, "Q")


def test_a_serif_w_read_m_by_every_unboosted_ink_is_not_read_m():
    # 288288 board-033 (12, 6) through --tilt 15 --scale 0.6 --turn 45 (18 px a square): plain 'not a letter' 0.635
    # (W 0.191), strokes M 0.901, hairlines M 0.970, darker M 0.509; boosted (FAINT_GAIN) hairlines W 1.000, boosted
    # plain M 0.809: read M 0.9005 by _unread_tiles' sure tile path on 56d7735 (BOOSTED_HAIRLINES)
    _not_misread(288288, 33, (15.0, 0.6, 45.0), 12, 6, "W")
