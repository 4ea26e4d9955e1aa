"""A board that does not turn (vision.fixed_turn): located and followed as any board, but its turn is the
configured one, never guessed from a first move's few tiles; tiles whose value numbers surely show another turn
(a camera knocked round) make the squares unknown with an alert, never letters read turned the wrong way.

Rendered dev set f111051 (`/tmp/vturn/few.py DIR 111051 80 3`: vision.synth.dataset frames of 1-3 tiles)."""
from __future__ import annotations

import numpy as np
import pytest

import vision.synth.dataset as dataset
from vision.config import VisionConfig
from vision.reader import BoardReader
from vision.synth.frames import RenderedFrame, render_frame

FEW_TILES = dataset.DatasetSpec(boards=80, seed=111051)


def _few_tiles(index: int, monkeypatch: pytest.MonkeyPatch, rotation: int | None = None) -> RenderedFrame:
    """Frame `index` of f111051 (turned `rotation` instead where given: the same scene, camera and board)."""
    monkeypatch.setattr(dataset, "MAX_TILES", 3)  # as /tmp/vturn/few.py renders the set
    frame, board = dataset.dataset_frame(FEW_TILES, index)
    if rotation is not None:
        options = dataset.FrameOptions(tileset=FEW_TILES.tileset, hand=False, style_space=FEW_TILES.style_space,
                                       rotation=rotation)
        frame = render_frame(board, seed=dataset.frame_seed(FEW_TILES.seed, index), size=FEW_TILES.size,
                             options=options)
    return frame


def _unknown(rows: list[str]) -> int:
    return sum(row.count("#") for row in rows)


@pytest.mark.parametrize("index,letters,settled", [(34, "XQ", False), (11, "T", True)])
def test_a_fixed_board_reads_a_first_move_the_turntable_reading_leaves_unsettled(index, letters, settled, monkeypatch):
    """board-034 (X over Q, turned 90: one value number found, the letters alike turned 90 and 270): read as a
    turntable, which way up is not settled and the tiles are unknown. board-011 (a T on H8, turned 180, its number
    found; a T reads a hair worse upright) was so too; turned any other way it reads no letter at the kiosk's bar,
    so its number settles the turntable's turn since round 28 (reader._numbers_read_only_one_way): read right."""
    frame = _few_tiles(index, monkeypatch)
    assert "".join(ch for row in frame.truth for ch in row if ch != ".") == letters
    turntable = BoardReader(VisionConfig()).observe(dataset.as_saved(frame.image))
    if settled:
        assert turntable.rotation == frame.rotation and turntable.board_text() == frame.truth
    else:
        assert _unknown(turntable.board_text()) >= 1
    fixed = BoardReader(VisionConfig(fixed_turn=frame.rotation)).observe(dataset.as_saved(frame.image))
    assert fixed.located and fixed.rotation == frame.rotation and fixed.problems == ()
    assert fixed.board_text() == frame.truth


def test_a_camera_knocked_round_is_said_and_its_squares_unknown_until_put_back(monkeypatch):
    """board-003 (three tiles upright, their three value numbers found) read with fixed_turn = 90, as after a
    camera arm knocked a quarter round: no letter read turned the wrong way, the alert names both turns; the
    same reader then shown the board at its configured turn reads it again."""
    knocked = _few_tiles(3, monkeypatch)
    assert knocked.rotation == 0
    reader = BoardReader(VisionConfig(fixed_turn=90))
    observation = reader.observe(dataset.as_saved(knocked.image))
    assert observation.located and observation.rotation == 90
    assert any(p.startswith("camera moved? The tiles show the board turned 0, not 90 as vision.fixed_turn says")
               for p in observation.problems)
    read = observation.board_text()
    assert _unknown(read) >= 3 and all(ch in ".#" for row in read for ch in row)
    put_back = _few_tiles(3, monkeypatch, rotation=90)
    again = reader.observe(dataset.as_saved(put_back.image))
    assert again.problems == () and again.board_text() == put_back.truth
