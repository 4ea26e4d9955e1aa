"""A blank marked with a small filled star, whose strokes hold no glyph at all, is read by its plain ink's mark
(vision.reader MARK_STROKELESS), on rendered boards of dev seed 120060 (round 21, helper vblank)."""
from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def test_star_blanks_whose_strokes_show_nothing_are_blanks() -> None:
    # 120060 board 8 (clear board, light tiles, glare): the star blank at row 7 column 3, a tile 0.98 to the
    # occupancy model, its plain ink 'not a letter' 1.0, its strokes no glyph: unknown at 0.000 on the start tree
    frame, _ = dataset_frame(DatasetSpec(boards=9, seed=120060), 8)
    obs = BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image))
    blanks = [(r, c) for r in range(15) for c in range(15) if frame.truth[r][c] == "?"]
    assert blanks == [(5, 8), (7, 3)]
    assert [obs.cells[r * 15 + c].state for r, c in blanks] == ["blank", "blank"]
    phantoms = [(r, c) for r in range(15) for c in range(15)
                if frame.truth[r][c] == "." and obs.cells[r * 15 + c].state in ("tile", "blank")]
    assert phantoms == []
