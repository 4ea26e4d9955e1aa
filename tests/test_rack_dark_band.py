"""The band of dark tiles' tops on a table of their colour (vision.racks._band), on drawn masks
(no rendering), drawn after dev seed 7650013 p2: nine navy tiles filling a wooden rack on a
blue table, the strip 148 px long."""
from __future__ import annotations

import numpy as np

from vision.racks import _band

WIDTH = 148


def _strip(tile_rows: range, below: float) -> tuple[np.ndarray, np.ndarray]:
    """Tile colour and rack colour of a 37-row strip: the table (the tiles' colour) in rows 0-2,
    along both ends of the zone (4 px) and from the row after the tiles' lower edge on; the rack's
    wall in rows 3-23; tiles filling the rack in `tile_rows`, with 5 px of the rack's end walls
    beside them in the first row and 2 px below (those rows 0.97 tile colour, as a table row);
    then one row of which `below` is tile colour (the tiles' lower edge, the lip's shade)."""
    cand = np.zeros((37, WIDTH), bool)
    cand[:3] = True
    cand[:, :4] = cand[:, -4:] = True
    for k, y in enumerate(tile_rows):
        gap = 5 if k == 0 else 2
        cand[y, 4 + gap:WIDTH - 4 - gap] = True
    edge = tile_rows.stop
    cand[edge, :int(below * WIDTH)] = True
    cand[edge + 1:] = True
    return cand, ~cand


def test_tiles_filling_a_rack_on_a_table_their_colour_keep_every_row_under_the_wall():
    cand, rack = _strip(range(24, 27), 0.42)
    # the tiles' rows that are tile colour nearly all along, as a table row is, belong to the
    # band right under the wall when a row under them ends them: before, a band of one row,
    # too thin to count more than seven
    assert _band(cand, table_like=True, rack=rack, max_rows=10.0) == (24, 27)


def test_rows_under_the_wall_that_run_on_into_the_table_are_not_taken():
    # no row ends the tiles (their lower edge the table's colour): the band stays one row
    cand, rack = _strip(range(24, 27), 1.0)
    assert _band(cand, table_like=True, rack=rack, max_rows=10.0) == (24, 25)
    # ... and rows of tile colour taller than tiles' tops and backs are not the band's either
    cand, rack = _strip(range(24, 36), 0.42)
    assert _band(cand, table_like=True, rack=rack, max_rows=10.0) == (24, 25)
