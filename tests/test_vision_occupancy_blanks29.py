"""The occupancy training data's own-colour boards (vision.train OWN_COLOUR_SEEDS): tiles the colour of one kind of
square, and plain blanks put on squares of that kind, which look like those squares but for their edge."""
from __future__ import annotations

import numpy as np

from kiosk.rules.board import PREMIUM
from vision.cells import cell_stats
from vision.train import OWN_COLOUR_BLANKS, _blanks_on_own_colour, occupancy_frames

WORD = ["." * 15] * 7 + ["....RATES......"] + ["." * 15] * 7


def test_blanks_go_only_on_squares_of_the_kind_the_tiles_are_coloured():
    rng = np.random.default_rng(3)
    for kind in ("", "TW", "DW", "TL", "DL"):
        board = _blanks_on_own_colour(WORD, kind, rng)
        added = [(r, c) for r in range(15) for c in range(15) if board[r][c] != WORD[r][c]]
        assert all(PREMIUM.get(sq, "") == kind for sq in added), (kind, added)
        assert OWN_COLOUR_BLANKS[0] <= sum(WORD[r][c] == "." for r, c in added) < OWN_COLOUR_BLANKS[1], (kind, added)
        assert all(board[r][c] == "?" for r, c in added)


def test_an_own_colour_training_board_holds_blanks_the_colour_of_their_squares():
    """Seed 1011's first three boards (OWN_COLOUR_SEEDS): by the rendered colours (Lab of the rectified board), 12 of
    their 26 cells labelled 'blank' are within 16 Lab of the empty squares of their own kind (the others: blanks
    BLANK_RATES put on squares of other kinds, and light, glare and the face's jitter)."""
    near, blanks = 0, 0
    for frame in occupancy_frames(3, 1011, own_colour=True):
        stats = cell_stats(frame.board)
        kinds = np.array([PREMIUM.get(divmod(k, 15), "") for k in range(225)])
        for k in np.flatnonzero(frame.labels == 2):
            empty = np.flatnonzero((frame.labels == 0) & (kinds == kinds[k]))
            if len(empty):
                blanks += 1
                near += float(np.linalg.norm(stats.mean[k] - np.median(stats.mean[empty], axis=0))) < 16
    assert blanks >= 6
    assert near >= 8, (near, blanks)
