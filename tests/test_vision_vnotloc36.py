"""Boards not located on round 35's measuring seed 353353 (issue 15, round 36, helper "vnotloc36"; vision/MEASUREMENTS.md).

board-048 (a paper board at 0.34 of the frame, 50 cream tiles, a score sheet and loose tiles around it): its lines
refuse every placement near it (every other line is drawn 0 px wide: round 33's vfaint33), and the premium pattern
was asked only from the whole frame's rough placements (13-20 cells off). vision/locate.py's board_candidates now
asks the pattern last from the rough placements of the part it searched besides the whole frame (the comment above
board_candidates). Not located by the start tree (156f5e2).

board-020 (a German-style board at 0.38 of the frame, 83 navy tiles, racks beside it): placed 0.11-0.83 cells off
with margins 1.2-9.1, refused by its lines (shown fit 0.43-0.62 at the finer scale against LINE_FIT 0.67; at the true
corners 0.63): its 2 px dark-green lines show some 10 grey levels under the blur, and the navy tiles with white
letters over the middle third of its rows make the pieces there 'show a line' (letters) that is not the grid's.
Left: a strict xfail."""
from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tests.rendered_board import cells_off, fine_fit_at_truth, read_rendered, rendered_corners
from vision import locate
from vision.locate import board_candidates


def test_a_small_paper_board_among_things_on_the_table_is_placed_by_its_pattern_in_its_part():
    """353353 board-048: not located by the start tree; placed 0.10 cells off by the pattern from its part's rough
    placements (the part holding the largest cluster of strong edges, searched after the whole frame)."""
    image, truth = rendered_corners(353353, 48)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3


def test_that_board_is_read_whole():
    truth, obs = read_rendered(353353, 48)
    assert obs.located
    squares = [(r, c) for r in range(15) for c in range(15)]
    assert all(obs.cells[r * 15 + c].letter == truth[r][c] for r, c in squares if truth[r][c].isalpha())
    assert all(obs.cells[r * 15 + c].state == "blank" for r, c in squares if truth[r][c] == "?")
    assert all(obs.cells[r * 15 + c].state == "empty" for r, c in squares if truth[r][c] == ".")


def test_the_parts_pattern_is_not_asked_where_the_lines_placed_a_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rendered dev seed 332332 board-042 (a part holding the largest cluster of strong edges, searched before the whole
    frame; its lines place the board 0.03-0.05 cells off there): the first candidate is the lines', and the pattern is
    asked of no rough placement on the way to it."""
    image, truth = rendered_corners(332332, 42)
    asked: list[int] = []
    pattern = locate._pattern_candidates

    def spy(small: np.ndarray, scale: float, gray: np.ndarray,
            roughs: list[tuple[np.ndarray, bool]]) -> Iterator[locate.BoardLocation]:
        asked.append(len(roughs))
        yield from pattern(small, scale, gray, roughs)
    monkeypatch.setattr(locate, "_pattern_candidates", spy)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3
    assert asked == []


@pytest.mark.xfail(strict=True, reason="issue 15: 353353 board-020's faint lines under 83 navy tiles fit 0.43-0.62 "
                   "(LINE_FIT 0.67) at placements 0.11-0.83 cells off, and the pattern alone does not settle there")
def test_a_german_board_crowded_with_navy_tiles_is_located():
    """353353 board-020: every rough placement near it (0.64-0.82 cells off) refines to 0.11-0.83 off and is refused by
    its lines' fit; the pattern from the whole frame's first two rough placements is refused (its corner clearness
    about 1.2 at the truth)."""
    image, truth = rendered_corners(353353, 20)
    found = next(board_candidates(image), None)
    assert found is not None and cells_off(found.corners, truth) < 0.3


def test_the_true_corners_of_that_board_fit_under_line_fit():
    """The finding behind the xfail above: at its true corners, at the finer scale, its lines fit under LINE_FIT
    though the premium pattern places it clearly (placement_margin over PLACEMENT_MARGIN)."""
    at, corners, _, fit = fine_fit_at_truth(353353, 20)
    assert fit.shown[0] < locate.LINE_FIT
    assert locate.placement_margin(at, corners)[0] > locate.PLACEMENT_MARGIN
