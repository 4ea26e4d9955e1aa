"""Lettered tiles the occupancy model calls empty under a glare spot (issue 15, round 28; vision.reader.TILE_DOUBT):
read empty beside a tile, half taken for tiles, of the hue of the tile beside them and far by hue from the empty
squares of their type, they are asked, never a silent empty; an empty square the model doubts as much but nearer
its type's empties by hue stays empty.

The frames are those of `python -m vision.synth dataset OUT --boards N --seed S` (round 27's and 28's dev renders)."""
from tests.rendered_board import read_rendered


def _phantoms(truth: list[str], cells: tuple) -> list[tuple[int, int]]:
    return [(k // 15, k % 15) for k, c in enumerate(cells) if c.state in ("tile", "blank") and truth[k // 15][k % 15] == "."]


def test_lettered_tiles_under_glare_called_empty_are_asked():
    # 233233 board-062: small cream tiles on a green board under a glare spot, the turn not settled; the V (7,8) and
    # Y (8,7) called empty 0.53 and 0.58 (tile 0.37), no letter found: the start tree read both empty
    truth, obs = read_rendered(233233, 62)
    for r, c in ((7, 8), (8, 7)):
        assert truth[r][c] != "."
        assert obs.cells[r * 15 + c].state != "empty", (r, c, obs.cells[r * 15 + c])
    assert _phantoms(truth, obs.cells) == []


def test_an_empty_square_half_taken_for_a_tile_but_near_its_type_by_hue_stays_empty():
    # 134136 board-011 (7,11): empty, beside a tile, called empty 0.56 / tile 0.44; its hue 4.5 from the tile beside
    # it but only 11.6 from its type's near empty squares (2.6 times, under FACE_HUE_APART's 3)
    truth, obs = read_rendered(134136, 11)
    assert truth[7][11] == "."
    assert obs.cells[7 * 15 + 11].state == "empty", obs.cells[7 * 15 + 11]
    assert _phantoms(truth, obs.cells) == []
