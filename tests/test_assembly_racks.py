"""Overdraws seen on the racks through the kiosk's one assembly, as the demo and the replay
run it: rendered camera frames (racks standing in 3D, vision.synth.frames) in a folder, its
vision.toml naming the rack zones, the real board reader counting the tiles' tops and backs
(vision.racks.read_rack) and the app feeding every reading through kiosk.rack_watch.

DRAW-09 / KIOSK-03: eight tiles on a rack, held over several readings with no hand in the
zone, raise the overdraw question; seven never do; nor does a hand over the rack."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from kiosk.app import KioskApp
from kiosk.assembly import Backends, Kiosk, assemble
from kiosk.replay.camera import ReplayCamera
from vision.reader import BoardReader
from vision.synth import FrameOptions, render_frame
from vision.synth.hands import draw_hand

BOARD = ["." * 15] * 7 + ["......CAT......"] + ["." * 15] * 7
SEED = 100  # the first seed from 100 whose racks the reader counts right at 7 and 8 (of 100-115, 10 do):
# this test is of the wiring; the counting is measured by `python -m vision.rack_bench`


def _frames(folder: Path) -> None:
    options = FrameOptions(hand=False, glare=False, shadow=False, rotation=0)
    zones = {}
    for name, counts in (("seven", {"p1": 7, "p2": 7}), ("eight", {"p1": 8, "p2": 7})):
        frame = render_frame(BOARD, seed=SEED, options=replace(options, rack_counts=counts))
        cv2.imwrite(str(folder / f"{name}.png"), frame.image)
        zones = frame.rack_zones
    image = cv2.imread(str(folder / "eight.png")).astype(np.float32)
    centre = zones["p1"].mean(axis=0)
    draw_hand(image, np.random.default_rng(4), (float(centre[0]), float(centre[1])))  # reaching into p1's rack
    cv2.imwrite(str(folder / "hand.png"), np.clip(image, 0, 255).astype(np.uint8))
    lines = ["[vision]", 'tileset = "english"', "", "[vision.racks]"]
    lines += [f"{p} = {np.round(z, 1).tolist()}" for p, z in sorted(zones.items())]
    (folder / "vision.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


class Table:
    def __init__(self, folder: Path) -> None:
        self.t = 0.0
        self.camera = ReplayCamera(folder)
        self.camera.show("seven.png")
        self.kiosk: Kiosk = assemble(None, Backends(self.camera, time_source=lambda: self.t, threaded_vision=False),
                                     vision_folder=folder)

    @property
    def app(self) -> KioskApp:
        return self.kiosk.app

    def wait(self, seconds: float) -> None:
        for _ in range(int(round(seconds * 10))):
            self.t = round(self.t + 0.1, 3)
            self.kiosk.tick()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rack-frames")
    _frames(out)
    return out


def _started(folder: Path) -> Table:
    table = Table(folder)
    assert table.app.settings.rack_poll_s is not None     # rack zones in vision.toml: the racks are read
    table.app.handle_button("p2", "press", table.t)       # Bob starts Ann's clock
    table.wait(2)
    return table


def test_eight_tiles_held_on_a_rack_raise_the_overdraw_question(folder: Path):
    table = _started(folder)
    # the game started with seven tiles on each rack: the reader learnt both racks then
    assert isinstance(table.kiosk.vision.reader, BoardReader) and table.kiosk.vision.reader.racks_learnt() == {"p1", "p2"}
    table.wait(5)
    assert table.app.rack_question is None                 # seven tiles: nothing to ask
    table.camera.show("eight.png")
    table.wait(1)
    assert table.app.rack_question is None                 # one reading is not yet a count
    table.wait(6)
    question = table.app.rack_question
    assert question is not None and question.kind == "overdraw" and question.player == 0 and question.seen == 8
    assert "8 tiles" in table.app.screen().prompt.question


def test_seven_tiles_never_raise_it(folder: Path):
    table = _started(folder)
    table.wait(12)
    assert table.app.racks.watch.stable_count("p1") == 7      # seen, and seen right
    assert table.app.rack_question is None


def test_a_hand_over_the_rack_holds_the_question_back(folder: Path):
    table = _started(folder)
    table.camera.show("hand.png")
    table.wait(12)
    assert table.app.rack_question is None
    assert table.app.racks.watch.readings("p1")[-3:] == (None, None, None)   # a hand in the zone: unknown


def test_a_club_checks_its_racks_on_photos_with_seven_and_eight_tiles(folder: Path, capsys: pytest.CaptureFixture[str]):
    from vision.rack_check import main

    assert main(["--config", str(folder / "vision.toml"), *(str(folder / f"{n}.png") for n in ("seven", "eight", "hand"))]) == 0
    seven, eight, hand = capsys.readouterr().out.splitlines()
    assert "p1 7 tiles; p2 7 tiles" in seven and "racks learnt: p1, p2" in seven
    assert "p1 8 tiles" in eight
    assert "p1 not seen (something over it)" in hand
