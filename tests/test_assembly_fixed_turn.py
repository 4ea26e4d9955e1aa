"""A club whose board does not turn says so once in its config ([vision] fixed_turn), and the kiosk, through
its one assembly, takes a first move that the tiles alone leave unsettled.

Frames: rendered dev set f111051 board-034 (`/tmp/vturn/few.py DIR 111051 80 3`): X over Q on H8-H9 of a board
turned 90 under the camera, one value number found; and the same scene with the board empty."""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest

import vision.synth.dataset as dataset
from kiosk.app import KioskApp
from kiosk.assembly import Backends, Kiosk, assemble
from kiosk.config import load_config
from kiosk.replay.camera import ReplayCamera
from kiosk.rules import events as ev
from vision.synth.frames import render_frame

XQ = (("H8", "X"), ("H9", "Q"))


def _frames(folder: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """The empty board and the first move as the camera sees them; the board's turn."""
    monkeypatch.setattr(dataset, "MAX_TILES", 3)
    spec = dataset.DatasetSpec(boards=80, seed=111051)
    frame, _ = dataset.dataset_frame(spec, 34)
    empty = render_frame(["." * 15] * 15, seed=dataset.frame_seed(spec.seed, 34), size=spec.size,
                         options=dataset.FrameOptions(tileset=spec.tileset, hand=False, style_space=spec.style_space))
    cv2.imwrite(str(folder / "000.png"), dataset.as_saved(empty.image))
    cv2.imwrite(str(folder / "001.png"), dataset.as_saved(frame.image))
    return frame.rotation


class Table:
    def __init__(self, folder: Path, vision: str) -> None:
        config = folder / "kiosk.toml"
        config.write_text(f'[game]\nplayers = ["Ann", "Bob"]\n[camera]\nsource = "{folder}"\n[vision]\n{vision}\n',
                          encoding="utf-8")
        self.config = load_config(config, environ={"HOME": str(folder)})
        self.t = 0.0
        self.camera = ReplayCamera(folder)
        self.camera.show("000.png")
        self.kiosk: Kiosk = assemble(self.config,
                                     Backends(self.camera, time_source=lambda: self.t, threaded_vision=False),
                                     games_dir=folder / "games")

    @property
    def app(self) -> KioskApp:
        return self.kiosk.app

    def wait(self, seconds: float) -> "Table":
        for _ in range(int(round(seconds * 20))):
            self.t = round(self.t + 0.05, 3)
            self.kiosk.tick()
        return self

    def plays(self) -> list[ev.PlayMade]:
        return [e for e in self.app.events if isinstance(e, ev.PlayMade)]


def test_a_fixed_boards_first_move_is_taken_where_the_tiles_do_not_settle_the_turn(tmp_path, monkeypatch):
    turn = _frames(tmp_path, monkeypatch)
    assert turn == 90
    table = Table(tmp_path, f"fixed_turn = {turn}")
    try:
        assert table.config.warnings == () and table.config.vision.fixed_turn == 90
        table.wait(1.0)
        table.app.handle_button("p2", "press", table.t)   # Bob starts Ann's clock
        table.wait(1.0)
        table.camera.show("001.png")                      # Ann lays X and Q down from H8
        table.wait(1.0)
        table.app.handle_button("p1", "press", table.t)
        table.wait(2.0)
        assert [p.tiles for p in table.plays()] == [XQ]
    finally:
        table.kiosk.close()
