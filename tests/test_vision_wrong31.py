"""A W read M at the kiosk's bar on round 31's unused boards (issue 15, round 31): a sure tile whose plain ink the
letter model calls 'not a letter' is read from its strokes alone (SURE_TILE), and the strokes kept the W's two thick
downstrokes alone (M); the strokes with their hairlines kept read W surely. Such a strokes' letter is not taken now
(vision.reader SURE_TILE_HAIRLINES), and the tile is read as a tile with no letter found is (its window's detail
boosted, FAINT_GAIN): W."""
from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from tests.rendered_board import assert_nothing_wrong, read_rendered


def test_a_w_whose_strokes_lost_its_thin_arms_is_read_w():
    # 288288 board-033 (12, 6): an upright serif W on an orange tile, plain ink 'not a letter' 0.477 (M 0.237, W
    # 0.195), strokes M 0.935, hairlines W 1.000, darker M 0.764; its window boosted reads W 1.000 (plain ink):
    # start tree M 0.935
    truth, obs = read_rendered(288288, 33)
    assert truth[12][6] == "W"
    cell = obs.cells[12 * 15 + 6]
    assert cell.letter == "W" and cell.confidence >= DEFAULT_MIN_CONFIDENCE, cell
    assert_nothing_wrong(truth, obs)
