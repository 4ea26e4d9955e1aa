"""Clear lettered tiles the kiosk asked on located boards (vision.reader, round 29, helper vasked): a serif L whose
darker ink keeps only its thick stem, read I, is no other letter (DARKER_STEM in _darker_agrees), while a darker
ink's other letter that is not a bare stem still doubts the plain ink's (DARKER_INK). Rendered dev seed 242242 (the
lead's round-28 seed)."""
from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.config import VisionConfig
from vision.observation import CellReading
from vision.reader import BoardReader
from vision.synth.dataset import DatasetSpec, as_saved, dataset_frame


def _read(seed: int, index: int) -> tuple[tuple[CellReading, ...], list[str]]:
    """Frame `index` of `python -m vision.synth dataset OUT --seed SEED` as saved (JPEG), read from scratch."""
    frame, _ = dataset_frame(DatasetSpec(boards=index + 1, seed=seed), index)
    return BoardReader(VisionConfig(tileset="english")).observe(as_saved(frame.image)).cells, frame.truth


def test_a_serif_l_whose_darker_ink_keeps_its_stem_alone_is_read():
    # board 83 (serif print on dark tiles): plain L 0.822 and 0.966, darker ink I 0.990 and 0.994, the window
    # median-filtered L 0.947 and 0.997; both asked on the start tree (c3cbc76)
    cells, truth = _read(242242, 83)
    for r, c in ((5, 9), (10, 7)):
        assert truth[r][c] == "L"
        assert cells[r * 15 + c].state == "tile" and cells[r * 15 + c].letter == "L"
        assert cells[r * 15 + c].confidence >= DEFAULT_MIN_CONFIDENCE
    # no square of the board read another letter than its own at the kiosk's bar
    assert not [k for k, cell in enumerate(cells) if cell.state == "tile" and cell.confidence >= DEFAULT_MIN_CONFIDENCE
                and cell.letter != truth[k // 15][k % 15]]
