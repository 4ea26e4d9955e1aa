"""The camera reads the tiles of every bundled set (issue 16): rendered boards holding every
tile of a set, on seeds the letter model never saw (training uses 1000..), read under that
set. The figures per set: `python -m vision.synth dataset DIR --tileset NAME ...` and
`python -m vision.bench DIR`."""
from __future__ import annotations

import pytest

from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.frames import FrameOptions, render_frame
from vision.tilesets import TILESETS


def _board(tileset: str) -> list[str]:
    """Every tile of the set, in words of five across rows 5..11 (twice where it fits)."""
    chars = TILESETS[tileset].chars
    rows = ["." * 15 for _ in range(15)]
    k = 0
    for r in range(4, 12):
        row = ""
        for c in range(15):
            row += "." if c % 6 == 5 else chars[k % len(chars)]
            k += c % 6 != 5
        rows[r] = row
    return rows


@pytest.mark.parametrize(("tileset", "seed"), [("polish", 9101), ("spanish", 9102), ("catalan", 9103),
                                               ("norwegian", 9104), ("slovene", 9105), ("german", 9106)])
def test_every_tile_of_a_set_is_read_under_that_set(tileset, seed):
    board = _board(tileset)
    frame = render_frame(board, seed=seed, options=FrameOptions(tileset=tileset, rotation=0, hand=False,
                                                                glare=False, rack_counts={}))
    seen = BoardReader(VisionConfig(tileset=tileset)).observe(frame.image).board_text()
    cells = [(r, c) for r in range(15) for c in range(15) if frame.truth[r][c] != "."]
    right = sum(seen[r][c] == frame.truth[r][c] for r, c in cells)
    wrong = [(frame.truth[r][c], seen[r][c]) for r, c in cells if seen[r][c] not in (frame.truth[r][c], "#")]
    assert set(TILESETS[tileset].chars) <= {frame.truth[r][c] for r, c in cells}
    assert not wrong and right >= 0.97 * len(cells), (right, len(cells), wrong)  # unread: the game asks
