"""A letter's readings weighed against each other (issue 15, round 26; vision.reader HAIRLINES_KEEP).

Where the plain ink and the strokes read two letters, the strokes with their hairlines kept (vision.glyph.hairline_mask)
decide: clear tiles in a blurred condensed serif, whose strokes lost an E's arms (L), a P's bowl (I) or an S's spine (N),
are read (the lead's round-25 dev seed 134089 board-039: asked before). A small blurred G that every reading takes for
an O (board-031) stays open: a letter one reading alone takes at the kiosk's bar, asked, cost the German O's of the
transformed scrabscrap-v1 frames (vision/MEASUREMENTS.md, round 26 vletter)."""
import cv2
import numpy as np
import pytest

from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.glyph import hairline_mask, stroke_mask
from vision.observation import CellReading
from tests.rendered_board import read_rendered



def _surely_wrong(cells: tuple[CellReading, ...], truth: list[str]) -> list[tuple[int, int, str | None, str]]:
    return [(k // 15, k % 15, cell.letter, truth[k // 15][k % 15]) for k, cell in enumerate(cells)
            if cell.letter is not None and cell.confidence >= DEFAULT_MIN_CONFIDENCE
            and cell.letter != truth[k // 15][k % 15]]


def test_clear_serif_tiles_whose_strokes_lost_their_hairlines_are_read():
    # vintage board, cream tiles, a condensed serif at blur 1.5: plain ink E 0.90-0.96, P 0.9955, S 0.85; strokes L, I, N
    # at 0.94-1.0 (the start tree asks all five)
    truth, obs = read_rendered(134089, 39)
    cells = obs.cells
    assert _surely_wrong(cells, truth) == []
    for square, letter in (((2, 8), "E"), ((6, 7), "E"), ((7, 9), "E"), ((3, 6), "P"), ((7, 11), "S")):
        cell = cells[square[0] * 15 + square[1]]
        assert truth[square[0]][square[1]] == letter
        assert (cell.state, cell.letter) == ("tile", letter), (square, cell)
        assert cell.confidence >= DEFAULT_MIN_CONFIDENCE, (square, cell)


def test_a_small_blurred_g_is_not_read_surely_as_o():
    # manrope-bold, board fill 0.33, blur 1.3; its value number (2 against O's 1) is one digit either way; plain ink
    # O 0.803, strokes O 0.714, hairlines O 0.756: its darker ink reads G 1.0, so it is asked (reader._darker_agrees)
    truth, obs = read_rendered(134089, 31)
    cells = obs.cells
    assert truth[5][7] == "G"
    assert _surely_wrong(cells, truth) == []


@pytest.mark.parametrize("blur", [0.0, 1.5])
def test_the_hairlines_keep_every_stroke_and_more(blur: float):
    # a dark serif E on a light tile: the hairline mask holds the strokes' mask and adds to it under blur
    sharp = np.full((64, 64, 3), 225, np.uint8)
    cv2.putText(sharp, "E", (20, 44), cv2.FONT_HERSHEY_TRIPLEX, 1.1, (40, 40, 40), 2, cv2.LINE_AA)
    cv2.line(sharp, (18, 32), (40, 32), (150, 150, 150), 1)  # a faint hairline
    window = np.asarray(cv2.GaussianBlur(sharp, (0, 0), blur) if blur else sharp, np.uint8)
    strokes, hairlines = stroke_mask(window), hairline_mask(window)
    assert strokes is not None and hairlines is not None
    assert not (strokes & (1 - hairlines)).any()
    assert hairlines.sum() > strokes.sum()
