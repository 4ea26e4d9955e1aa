"""A hand of the rack's own colour over its outline (vision.racks._body_raised): skin over a wooden rack is no colour
foreign to the tiles, the rack and the table and leaves the wall's colour near enough, but where it reaches over the
rack's top or bottom edge the rack's colour stands in rows that are table all along the rest of the rack. The round-26
runs' 10350320 p1 (`--first-seed 10350000 --scenes 300 --hands 60 ...`: five tiles on a club rack read as 2) and
10360418 p1 (`--first-seed 10360000 ...`: seven on a wood-classic rack read as 4), and dev seed 8100190 p1 (`--scenes
0 --hands 200 --first-seed 8100000`: five read as 3): a count under the truth on the start tree, which may raise a
false underdraw or hide an overdraw."""
from __future__ import annotations

import numpy as np
import pytest

from tests.rack_reading import count_read, learnt_at_setup, reading, standing, with_hand
from vision.racks import RAISED_PITCH, _body_raised


@pytest.mark.parametrize("seed, counts, player", [(10350320, {"p1": 5, "p2": 3}, "p1"),
                                                  (10360418, {"p1": 7, "p2": 0}, "p1"),
                                                  (8100190, {"p1": 5, "p2": 5}, "p1")])
def test_a_hand_the_racks_colour_over_its_outline_makes_it_unknown_the_bare_rack_is_counted(seed, counts, player):
    learnt = learnt_at_setup(standing(seed, 7, 7), player)
    assert learnt.profile is not None and learnt.profile.tops is None  # learnt by the tiles' colour
    covered = reading(with_hand(seed, counts, player), player, learnt.profile)
    assert covered.count is None and covered.blocked
    assert covered.reason == "something covers the rack"
    # the same scene without the hand: counted right
    assert count_read(standing(seed, counts["p1"], counts["p2"]), player, learnt.profile) == counts[player]


def _rack(rows: int, width: int, top: np.ndarray, height: int) -> np.ndarray:
    """A strip's rack-colour mask: each column's body from row top[c] down `height` rows."""
    y = np.arange(rows)[:, None]
    return (y >= top[None]) & (y < top[None] + height)


def test_a_rack_turned_in_its_zone_is_not_raised_a_bump_over_its_edge_is():
    pitch, width = 14.8, 150
    no_tiles = np.zeros((40, width), bool)
    turned = _rack(40, width, np.round(np.linspace(4, 16, width)).astype(int), 14)  # 12 rows' slant, same height
    assert not _body_raised(turned, no_tiles, None, pitch).any()
    over = _rack(40, width, np.full(width, 10), 14)
    over[10 - int(np.ceil(RAISED_PITCH * pitch)) - 1:10, 60:80] = True  # a hand over the top edge, 20 columns
    raised = _body_raised(over, no_tiles, None, pitch)
    assert raised[60:80].all() and not raised[:60].any() and not raised[80:].any()


def test_tiles_in_the_band_are_the_racks_body_and_tile_colour_elsewhere_is_not():
    pitch, width = 14.8, 150
    rack = _rack(40, width, np.full(width, 8), 16)
    tiles = np.zeros_like(rack)
    tiles[18:21, 30:44] = True  # a tile in the band, where the rack does not show
    rack[18:21, 30:44] = False
    tiles[25:38, 70:100] = True  # a light stretch of table under the rack, tile colour
    assert not _body_raised(rack, tiles, (18, 21), pitch).any()
