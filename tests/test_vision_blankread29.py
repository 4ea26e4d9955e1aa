"""Plain blanks the occupancy model calls tiles (issue 15, round 29): a tile with no ink at all, of the tiles' face
by hue and far from the empty squares' by hue, is read as a blank, not asked as a tile whose letter was not found
(vision.reader FACE_HUE_TILE).

The rendered frames are those of `python -m vision.synth dataset OUT --boards N --seed S` (round 28's measuring
renders, dev data of round 29)."""
from tests.rendered_board import assert_nothing_wrong, read_rendered


def test_a_plain_blank_the_occupancy_model_calls_a_tile_is_read_a_blank() -> None:
    # 256256 board-094 (7,14): a black blank on a dark square, tile 1.000 and blank 0.000 by the occupancy model,
    # spread 4.8 (no ink), 7.8 Lab from its nearest tiles' faces (darker) but 0.3 by hue, 60 by hue from its empty
    # squares. The start tree (c3cbc76) asked it (unknown: a tile whose letter was not found)
    truth, obs = read_rendered(256256, 94)
    assert truth[7][14] == "?"
    assert obs.cells[7 * 15 + 14].state == "blank", obs.cells[7 * 15 + 14]
    assert_nothing_wrong(truth, obs)
