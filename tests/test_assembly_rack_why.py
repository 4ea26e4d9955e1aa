"""Why a rack is not counted, on the players' screen (issue 18), through the kiosk's one assembly
as the demo and the replay run it: rendered camera frames (racks standing in 3D) in a folder whose
vision.toml names the rack zones, the real board reader, the app, the screen model and the real
pygame screen (SDL's dummy driver)."""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from kiosk.assembly import Backends, Kiosk, assemble
from kiosk.display.render import RACK_WORDS, rack_line
from kiosk.display.sink import ScreenSink
from kiosk.display.window import open_display
from kiosk.replay.camera import ReplayCamera
from kiosk.screen_model_builder import build_screen
from vision.observation import RACK_UNKNOWNS
from vision.synth import FrameOptions, render_frame
from vision.synth.hands import draw_hand

BOARD = ["." * 15] * 7 + ["......CAT......"] + ["." * 15] * 7
SEED = 100  # tests/test_assembly_racks.py's frames: the reader counts their racks right at seven
PNG = Path(os.environ.get("RACK_WHY_PNG", "/tmp/rkwhy"))   # where the screens are saved to be looked at


def _frames(folder: Path) -> None:
    frame = render_frame(BOARD, seed=SEED, options=FrameOptions(hand=False, glare=False, shadow=False, rotation=0,
                                                                rack_counts={"p1": 7, "p2": 7}))
    cv2.imwrite(str(folder / "seven.png"), frame.image)
    image = frame.image.astype(np.float32)
    centre = frame.rack_zones["p1"].mean(axis=0)
    draw_hand(image, np.random.default_rng(4), (float(centre[0]), float(centre[1])))  # reaching into p1's rack
    cv2.imwrite(str(folder / "hand.png"), np.clip(image, 0, 255).astype(np.uint8))
    cv2.imwrite(str(folder / "covered.png"), np.full_like(frame.image, 40))   # something over the lens: no board
    lines = ["[vision]", 'tileset = "english"', "", "[vision.racks]"]
    lines += [f"{p} = {np.round(z, 1).tolist()}" for p, z in sorted(frame.rack_zones.items())]
    (folder / "vision.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


class Table:
    def __init__(self, folder: Path, games: Path) -> None:
        self.t = 0.0
        self.camera = ReplayCamera(folder)
        self.camera.show("seven.png")
        self.screen = ScreenSink(open_display((1280, 720)), flip=False)
        self.kiosk: Kiosk = assemble(None, Backends(self.camera, time_source=lambda: self.t, threaded_vision=False),
                                     vision_folder=folder, games_dir=games, sinks=[self.screen])

    def wait(self, seconds: float) -> None:
        for _ in range(int(round(seconds * 10))):
            self.t = round(self.t + 0.1, 3)
            self.kiosk.tick()

    def rack_lines(self) -> tuple[str, str]:
        players = build_screen(self.kiosk.app).players
        return rack_line(players[0]), rack_line(players[1])


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    out = tmp_path_factory.mktemp("rack-why-frames")
    _frames(out)
    return out


def test_every_reason_has_words_for_the_players():
    assert set(RACK_WORDS) == set(RACK_UNKNOWNS)
    assert all(0 < len(words) <= 40 for words in RACK_WORDS.values())   # one short line in a player's panel


def test_the_screen_says_why_a_rack_is_not_counted(folder: Path, tmp_path: Path):
    table = Table(folder, tmp_path)
    table.kiosk.app.handle_button("p2", "press", table.t)   # Bob starts Ann's clock: the racks are read
    table.wait(2.1)
    assert table.rack_lines() == ("rack: 7 tiles", "rack: 7 tiles")
    table.camera.show("hand.png")
    table.wait(2.1)
    players = build_screen(table.kiosk.app).players
    assert (players[0].rack_unknown, players[0].rack_tiles) == ("covered", None)
    assert players[1].rack_tiles == 7
    assert "rack covered" in table.screen.drawn   # what the pygame screen drew in Ann's panel
    table.screen.save(str(PNG / "rack-covered.png")) if PNG.is_dir() else None

    table.camera.show("covered.png")
    table.wait(2.1)
    assert table.rack_lines() == (RACK_WORDS["no_board"],) * 2
    table.screen.save(str(PNG / "rack-no-board.png")) if PNG.is_dir() else None
    table.camera.show("seven.png")
    table.wait(2.1)
    assert table.rack_lines() == ("rack: 7 tiles", "rack: 7 tiles")
    # what the screen shows of the racks is not journaled (kiosk.rack_questions: a resume after a kill)
    assert not [n for n in table.kiosk.app.app_records if n.get("kind") == "rack_seen"]
