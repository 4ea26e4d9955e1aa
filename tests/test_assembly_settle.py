"""When the kiosk takes the board after a press, through the one assembly, on rendered frames.

The kiosk looks at the board while a clock runs (AppSettings.watch_s), so a board that has
settled before the press is confirmed by one frame after it. The safety setting
(AppSettings.reading_poll_s) is kept: the board must have looked the same for that long,
so a hand over the board or tiles still moving are never taken, and a view read before
the last change of the board never confirms a play.

Frames: the `hands` fixture game (rendered): 000 the empty board, 001 CAT with a hand over
the board, 002 CAT, 003 COW (CAT and O, W below its C).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.app import KioskApp
from kiosk.assembly import Backends, Kiosk, assemble
from kiosk.replay.camera import ReplayCamera
from kiosk.replay.frames import ensure_frames
from kiosk.replay.script import load_script
from kiosk.rules import events as ev
from vision.config import VisionConfig
from vision.reader import BoardReader

GAME = Path(__file__).resolve().parents[1] / "fixtures" / "games" / "hands"
CAT = (("G8", "C"), ("H8", "A"), ("I8", "T"))


class Table:
    def __init__(self, racks: bool = True) -> None:
        """`racks`: the game folder's rack zones (the racks are read); else none."""
        ensure_frames(GAME, load_script(GAME))
        self.t = 0.0
        self.camera = ReplayCamera(GAME / "frames")
        self.camera.show("000.jpg")
        reader = None if racks else BoardReader(VisionConfig(tileset="english"))
        self.kiosk: Kiosk = assemble(None, Backends(self.camera, time_source=lambda: self.t, threaded_vision=False,
                                                    reader=reader), vision_folder=GAME)

    @property
    def app(self) -> KioskApp:
        return self.kiosk.app

    def at(self, t: float) -> "Table":
        self.t = round(t, 3)
        self.kiosk.tick()
        return self

    def wait(self, seconds: float, step: float = 0.05) -> "Table":
        end = self.t + seconds
        while self.t < end - 1e-9:
            self.at(self.t + step)
        return self

    def show(self, frame: str) -> "Table":
        self.camera.show(frame)
        return self

    def press(self, button: str) -> "Table":
        self.app.handle_button(button, "press", self.t)
        return self

    def plays(self) -> list[ev.PlayMade]:
        return [e for e in self.app.events if isinstance(e, ev.PlayMade)]

    def reading(self) -> bool:
        return bool(self.app.pending) and self.app.pending[0].stage == "reading"


def started(racks: bool = True) -> Table:
    table = Table(racks).at(1.0).press("p2").at(1.0)   # Bob starts Ann's clock
    assert table.app.clock.running() == 0
    return table.wait(1.0)


def test_a_board_settled_before_the_press_is_taken_from_one_frame_after_it():
    table = started(racks=False).show("002.jpg").wait(0.5)   # Ann lays CAT; the kiosk follows it
    reads = table.app.vision.cost.reads
    table.press("p1").at(table.t)                  # one tick after the press
    assert [p.tiles for p in table.plays()] == [CAT]
    assert table.app.turns.latencies[-1] == 0.0
    assert table.app.vision.cost.reads == reads    # confirmed by one look, not by reading the board again


def test_with_rack_zones_the_one_frame_after_the_press_is_read_in_full():
    table = started().show("002.jpg").wait(0.5)    # the racks are checked in the reading after the press
    reads = table.app.vision.cost.reads
    table.press("p1").at(table.t)
    assert [p.tiles for p in table.plays()] == [CAT]
    assert table.app.turns.latencies[-1] == 0.0
    assert table.app.vision.cost.reads == reads + 1


@pytest.mark.parametrize("racks", [True, False], ids=["racks", "no-racks"])
def test_a_hand_over_the_board_is_never_taken_however_long_it_stays(racks):
    table = started(racks).show("001.jpg").wait(1.0)    # a hand over the board from long before the press
    table.press("p1").wait(2.0)
    assert not table.plays() and table.reading()
    table.show("002.jpg").at(table.t + 0.05)       # the hand leaves: the first clear view only begins a run
    assert not table.plays()
    table.wait(0.1)
    assert [p.tiles for p in table.plays()] == [CAT]


@pytest.mark.parametrize("racks", [True, False], ids=["racks", "no-racks"])
def test_tiles_still_moving_are_never_taken(racks):
    table = started(racks)
    # before and after the press the board is different at every tick (0.05 s): three views in
    # turn, so no two readings (at least 0.1 s apart) ever find the same board
    frames = ("002.jpg", "003.jpg", "000.jpg")
    for i in range(40):
        table.show(frames[i % 3]).at(table.t + 0.05)
        if i == 19:
            table.press("p1")
    assert not table.plays() and table.reading()
    table.show("002.jpg").at(table.t + 0.05)       # the tiles come to rest
    assert not table.plays()
    table.wait(0.2)
    assert [p.tiles for p in table.plays()] == [CAT]


@pytest.mark.parametrize("racks", [True, False], ids=["racks", "no-racks"])
def test_a_view_read_before_the_last_change_never_confirms(racks):
    table = started(racks)                              # the empty board, settled for a second
    assert table.app.vision.cost.unchanged > 0     # (looked at, found unchanged)
    table.show("002.jpg").press("p1").at(table.t)  # CAT appears at the press, unseen by any look before it
    assert not table.plays() and table.reading()                         # not a pass: the new view has to settle first
    table.at(table.t + 0.05)
    assert not table.plays()
    table.at(table.t + 0.05)                       # 0.1 s after the first frame that showed CAT
    assert [p.tiles for p in table.plays()] == [CAT]
    assert not any(isinstance(e, ev.Passed) for e in table.app.events)


@pytest.mark.parametrize("racks", [True, False], ids=["racks", "no-racks"])
def test_a_frame_taken_before_the_press_is_not_the_turn(racks):
    table = started(racks).show("002.jpg").wait(0.5)
    vision = table.app.vision
    vision.request()                               # a reading under way as the press comes (the racks' poll)
    readings = vision.poll()                       # (inline: its frame is taken now, before the press)
    table.t += 0.02
    table.press("p1")
    assert readings and readings[0].taken_at < table.app.pending[0].pressed_at
    for reading in readings:                       # it arrives after the press
        table.app._on_reading(reading, table.t)
    assert not table.plays() and table.reading()   # not taken: the board is looked at again now
    table.at(table.t)
    assert [p.tiles for p in table.plays()] == [CAT]
