"""Rack-count bench: racks as they stand, rendered in 3D (vision.synth.racks), counted from
what the camera over the board sees (vision.racks.read_rack).

    python -m vision.rack_bench [--scenes 1100] [--first-seed 9000000] [--size 1000] [--no-setup] [--follow 20]
        [--moves 100]

Seeds looked at in development (never to be quoted as a result): 0-1999, 900000-901249,
2000000-2001299, 3000000-3001299, 4000000-4001299, 5000000-5000399, 7000000-7001299,
7100000-7100469 and 7200000-7200819 (rack counts), 7300000-7300299 (rendered rack geometry;
with 7300300-7300549, `--scenes 300 --first-seed 7300000`, the hands' before/after), 7400000-7400099 (hands), 7500000-7500029 (timing), 5100000-5100119, 5500000-5500159,
7150000-7150099 and 7160000-7160149 (face-down tiles), 9600000-9600389 (`--scenes 300 --hands 30
--first-seed 9600000`, `--scenes 0 --hands 40 --first-seed 9600300`: the band between wall and lip,
rack-bounded ends, runs' fit; an arm over the board's side, dropped: clean racks read crossed),
9650000-9650379 and 9650400-9650699 (round 7: 300 + 300 scenes as the bench draws them, 40 with a hand, 40 with tiles face
down; the speed-up's identical readings, empty racks read with tiles hidden by the table, runs
split by a column), 9660000-9660799 (round 8: 600 scenes as the bench draws them, from 9660000 and
9660200, and 200 from 9660600 with no setup, no hands nor face-down tiles: the notched outline of a
rack holding tiles the table's colour), 9670000-9670629 (round 9: `--scenes 300 --hands 0 --face-down 0
--first-seed 9670000` and `--scenes 300 --hands 30 --face-down 0 --first-seed 9670300`: runs' ends on a table
the tiles' colour, nine tiles filling a rack), 9680000-9680699 (round 10: `--scenes 300 --hands 0 --face-down 0 --first-seed
9680000` and `--scenes 400 --hands 0 --face-down 0 --first-seed 9680300`, and the setup frames of
9680000-9680499: why racks were not learnt, empty learnt racks read unknown), 7510000-7510379 (round 10's
speed-up: `/tmp/rkspeed/dump.py`, every reading of 300 scenes as the bench draws them, 40 with a hand, 40
with tiles face down, before and after), 7520000-7520199 (vision.rack_change's CHANGE_LEVEL: a tile taken
from a rack against fresh noise), 7530000-7530129 (the following-a-game frames, `--scenes 0 --hands 0
--face-down 0 --first-seed 7530000`), 7540000-7540999 (issue 18's overdraws caught: `--scenes 400 --hands 0 --face-down 0
--follow 0 --first-seed 7540000` and `--scenes 550 ... --first-seed 7540400`, and their setup frames: runs' ends at a
rack's end, tiles in the rack's shade), 7550000-7550999 (round 11's racks learnt later in a game: tried, not merged), 7560000-7560999 (round 11's speed-up: every reading of 300 scenes
from 7560000 as the bench draws them, 30 with a hand, 30 with tiles face down, before and after;
the follow frames of 7560800-7560819; 7560900-7560999, tiles put face down against
vision.rack_change's parts), 7570000-7570999 (round 12's racks never learnt, h-rkblend: the setup frames of
7570000-7570999, their 54 racks not learnt read with 0-9 tiles each, `--scenes 0 --hands 300 --face-down 0
--follow 0 --first-seed 7570000`: tiles learnt by their tops' outline, vision.rack_tops), 7580000-7580999
(round 12's overdraws caught on learnt racks, h-rkcatch2: `--scenes 400 --hands 30 --face-down 0 --follow 0
--first-seed 7580000`, `--scenes 300 ... --first-seed 7580400`, `--scenes 290 ... --first-seed 7580700`, and
the navy and maroon tiles' scenes of the range rendered again with 6, 7, 8 and 9 tiles on each rack), 7590000-7590999
(round 13's racks of few tiles, h-rkfew: `--scenes 400 --hands 0 --face-down 0 --follow 0 --first-seed 7590000`, the
scenes of 7590400-7590799 rendered again with 0, 1 or 2 tiles on each rack, `--scenes 0 --hands 100 --face-down 0
--follow 0 --first-seed 7590800`: a lone tile on a learnt rack found in no band), 7600000-7600999 (round 14's
overdraws caught, h-rkcatch3: `--scenes 400 --hands 0 --face-down 0 --follow 0 --first-seed 7600000` and `...
--first-seed 7600400`, and the scenes of 7600800-7600899 rendered again with 9 and 8, 8 and 9, 7 and 6, 6 and 7
tiles on their racks: racks whose every reading is over seven), 7610000-7610999 (round 14's
learning, h-rklearn3: `--scenes 400 --hands 0 --face-down 0 --follow 0 --first-seed 7610000`, `--scenes 0 --hands 100
--face-down 0 --follow 0 --first-seed 7610400`, the setup frames of 7610000-7610550 and the racks of 7610400-7610532
rendered again with 6, 8 and 9 tiles: the pitch setup learns from tiles standing apart, tried and not kept),
7620000-7620999 (round 14's tiles face down beside a rack, h-rkface: `--scenes 0 --hands 0 --face-down 150 --follow 0
--first-seed 7620000`, its face-down scenes 7620050-7620199: the frame's edge, the table's lightness, tiles cut by
the board's rim), 9880000-9881369 (round 14's learning measuring run, made a development range by round 14's
h-rktops: its false overdraw 9880512 p2, six navy tiles learnt by their tops read as 8, looked at, and the setup
frames of 9880000-9881099 and 7570000-7570299 scanned for racks learnt by their tops: the groove learnt from the
shade between tiles),
7650000-7650999 (round 15's dark tiles, h-rkdark: `--scenes 400 --hands 0 --face-down 0 --follow 0 --first-seed
7650000`, and its navy and maroon scenes rendered again with 8 and 9, 9 and 8, 7 and 6, 6 and 7 tiles on their
racks: the band of one row on a table the tiles' colour, seams between dark tiles measured on a finer strip),
9910000-9911099 (round 14's racks-learnt-by-tops measuring run, made a development range by
h-rkmaroon: its false overdraw 9910264 p2, seven maroon tiles learnt by their colour read as 8, looked at, and
`--scenes 300 --hands 0 --face-down 0 --follow 0 --first-seed 9910000` and `--scenes 800 ... --first-seed 9910300`
in both trees: an overdraw the board's pitches do not read surely; its other false overdraw, 9911047 p2,
seven navy tiles on a rack not learnt whose setup frame read them as over seven too, looked at; with
round 15's h-rkover, its setup frame and strip, `first seed 9910300`, and `--scenes 300 --hands 0 --face-down 0 --follow 0
--first-seed 9910000` after the over-seven rule),
7630000-7630119 (round 15, lead: every reading of `--scenes 120 --first-seed 7630000 --verbose` before and after
the comb's move to vision/rack_comb.py, diffed only),
7640000-7641099 (round 15's over-seven decision, h-rkover: every reading of `--scenes 300 --first-seed 7640000 --verbose`
before and after the comb's options computed once, /tmp/rkover/dump.py; its false overdraw 7640029 p1 looked at; every
rack of 7640300-7640993 read without setup's pitches, /tmp/rkover/scan.py, for SEAM_SHOWN and RUN_WHOLE; `--scenes 300
--hands 0 --face-down 0 --follow 0 --first-seed 7640000` and `--scenes 250 ... --first-seed 7640300` after the rule, both
trees; `--scenes 0 --hands 0 --face-down 0 --follow 10
--first-seed 7640000`, the following-a-game CPU of both trees),
7660000-7660999 (round 16's racks never learnt, h-rklearn: the setup frames of 7660000-7660599 as drawn and of its 92
navy and maroon scenes put on Mattel racks, racks learnt by their tops read with 0-9 tiles and with six at setup; `--scenes
400 --hands 0 --face-down 0 --follow 0 --first-seed 7660000` and `--scenes 0 --hands 100 --face-down 0 --follow 0
--first-seed 7660400`, both trees),
7670000-7670999 (round 16's seams of dark tiles, h-rkseam: its navy and maroon scenes rendered again with 8 and 9, 9 and 8,
7 and 6, 6 and 7 tiles on their racks, 7670300-7670385's other scenes with 8 and 9, 9 and 8, read by both trees from
crops of the renders; `--scenes 0 --hands 0 --face-down 0 --follow 10 --first-seed 7670000`, the following-a-game CPU of
both trees),
7680000-7680999 (round 16's hands over the rack, h-rkhand: `--scenes 0 --hands 300 --face-down 0 --follow 0
--first-seed 7680000`, `--hands 400 ... --first-seed 7680100`, `--scenes 200 --hands 0 --face-down 0 --follow 0
--first-seed 7680500`, both trees; the test's scene 7680181),
7700000-7701399, 7710000-7711399, 7720000-7721099 and the follow frames 7760000-7760149 (round 17's racks never learnt, h-rklearn: setup frames scanned, setup frames with a hand, `--scenes 400 --hands 100 --face-down 0 --follow 0 --first-seed 7700000` and `--scenes 0 --hands 0 --face-down 0 --follow 100 --first-seed 7760000`, both trees),
7730000-7731369, 7740000-7740999, 7750000-7750999 and 7770000-7770149 (round 17's dark runs, h-rkseam: `--first-seed 7730000 --verbose` and `--scenes 0 --hands 0 --face-down 0 --follow 100 --first-seed 7770000`, both trees; the navy and maroon scenes of 7730000-7750999 rendered again with 8 and 9, 9 and 8, 7 and 6, 6 and 7 tiles),
7800000-7800399, 7810000-7810199 and 7820000-7820199 (round 18's overdraws caught, h-rkcatch: `--scenes 400 --hands 0 --face-down 0 --follow 0 --first-seed 7800000 --verbose`, both trees; 7810000 and 7820000's scenes rendered again with 8 and 9, 9 and 8, 7 and 6, 6 and 7 tiles),
7830000-7831999 and 7840000-7840439 (round 19's racks never learnt, h-rkcatch: the navy and maroon scenes of 7830000-7831999 rendered again with 8 and 9, 9 and 8, 7 and 6, 6 and 7 tiles, their setup frames; `--scenes 400 --hands 40 --face-down 0 --follow 0 --first-seed 7840000 --verbose`, both trees), 7860000-7860299 and 7870000-7870299 (round 20's last overdraws missed, h-rkmiss: `--scenes 300 --hands 0 --face-down 0 --follow 0 --first-seed 7860000 --verbose` and `... 7870000`, both trees; round 18's harness of 7810000 and 7820000 read again),
7880000-7880299 and 7890000-7890299 (round 20's hands over the rack, h-rkhand: `--scenes 100 --hands 200 --face-down 0 --follow 0 --first-seed 7880000` and `... 7890000 --verbose`, both trees), 7920000-7920469 (round 21's hands over the rack, h-rkhand2: `--scenes 100 --hands 300 --face-down 0 --follow 0 --first-seed 7920000 --verbose`, both trees, its hand racks read with and without the hand; `--scenes 0 --hands 0 --face-down 0 --follow 20 --first-seed 7920400`),
7900000-7909999 (round 21's dark nines, h-rk9: `--first-seed 7900000 --hands 0 --face-down 0 --follow 0 --verbose`, the navy and maroon scenes of 7901000-7902409 and every scene of 7903000-7903092 rendered with 8 and 9, 9 and 8, 7 and 6, 6 and 7 tiles),
7910000-7919999 (round 21's racks not learnt at setup, h-rkset: `--scenes 300 --hands 0 --face-down 0 --follow 0 --first-seed 7910000 --verbose`, `--scenes 100 ... 7915500`, setup frames of 7915000-7915899, racks of 7918000-7918239 with 6, 5, 4 tiles told seven),
7960000-7969999 (round 22's hands over the rack, h-rkhand3: `--scenes 100 --hands 300 --face-down 0 --follow 0 --first-seed 7960000 --verbose`, both trees, its hand racks read with and without the hand; its measuring run 10200000, `--scenes 300 --hands 400`);
7950000-7959999 (round 22's racks never learnt, h-rkcol: `--scenes 300 --hands 0 --face-down 0 --follow 0 --first-seed 7950000 --verbose`, both trees, the navy and maroon scenes of 7950000-7952999 put on Mattel racks and read with 9, 8, 7, 6, 4 and 2 tiles, the scenes of 7953000-7953999 whose setup left a rack unlearnt);
7940000-7949999 (round 22's racks moved after setup, h-rkmove: `--scenes 0 --hands 0 --face-down 0 --follow 0 --moves 60 --first-seed 7940000` and `--moves 200 --first-seed 7941000`, both trees' counters; setup frames of 7940200-7940211, moves of 7940300-7940339);
7980000-7989999 (round 23's speed-up, h-rkspeed2: every reading logged, `--scenes 100 --hands 20 --face-down 40 --follow 60 --moves 60 --first-seed 7980000`, both trees), 7990000-7999999 (round 23's reasons a rack is not counted, h-rkwhy: `--scenes 50 --first-seed 7990000 --verbose`; tests/test_rack_why.py), 8000000-8009999 (round 23's overdraws missed, h-rkcatch: `--scenes 300 --hands 150 --face-down 0 --follow 0 --first-seed 8000000 --verbose`, navy and maroon scenes of 8003000-8003560 on Mattel racks, hand scenes of 8002000-8002159), 8010000-8019999 (round 23's following and moved racks, h-rkfollow: `--scenes 0 --hands 0 --face-down 0 --follow 200 --moves 200 --first-seed 8010000`, both trees), 8020000-8029999 (round 24's overdraws caught, h-rkcatch2: `--scenes 300 --hands 150 --face-down 0 --follow 0 --moves 0 --first-seed 8020000`, 8021000-8021119 rendered with 7/7 then 8/9, 9/8, 7/6, 6/7, setup frames 8022000-8022079), 8030000-8039999 (round 24's follow time, h-rkspeed3: `--scenes 0 --hands 0 --face-down 0 --follow 60 --first-seed 8030000`, face-down scenes 8031050-8031129), 8040000-8069999 (rounds 24-25: face-down, rkcatch3, rkmove), 8070000-8099999
(round 26: rkhand, rkcatch4, rkshade), 8100000-8129999 (round 27: rkhand3, rkmove3, rkdown); tests
use seeds below 1000 (700-999 scanned in round 10 for setup frames learnt or misread). The default seeds
from 9000000 (and 9200000, 9300000, 9800000, 9900000, 9700000, 9710000, 9720000, 9730000, 9740000, 9750000,
9760000, 9770000, 9780000, 9610000 (round 11's overdraws caught, h-rkcatch), 9620000 (round 11's later
learning), 9630000 (round 11's speed-up's check), 9790000 (round 11's merged tree), 9640000 (round 12's racks
learnt by their tops, h-rkblend; its racks 9641199 p2, a hand over an empty rack learnt by colour read as 9
by the start tree too, and 9640353 p2, eight maroon tiles learnt by their tops read as 7, were looked at
after it), 9810000 (round 12's overdraws caught, h-rkcatch2, and its start tree on the same scenes; its one
new false overdraw, 9810938, was looked at after the run and the rule that made it dropped), 9840000 (the
same after that, both trees), 9850000 (round 12's merged-tree measuring run, whose wrong racks the lead
listed afterwards), 9860000 (round 13's racks of few tiles, h-rkfew, and its start tree on the same
scenes), 9870000 (round 14's overdraws caught, h-rkcatch3, and its start tree on the same scenes, every reading
the same; its missed nines 9870038, 9870039, 9870671, 9870879, p2, were looked at after it), 9880000 (round 14's
learning, h-rklearn3, and its start tree on the same scenes; then a development range, above), 9890000 (round
14's tiles face down, h-rkface, `--scenes 0 --hands 0 --face-down 200 --follow 0`, and its start tree on the same
scenes), 9910000 (round 14's racks learnt by their tops, h-rktops, and its start tree, default scenes and
`--scenes 400`; its false overdraw 9910264 p2, in both trees, named by the lead afterwards; then a development
range, above), 9920000 (round 14's
merged tree, lead), 9930000 (the same with h-rkmaroon's _board_confirms, lead),
9940000 (round 15's over-seven decision, h-rkover, and its start tree, `--scenes 300 --hands 0 --face-down 0 --follow 0`
and `--scenes 0 --hands 100 --face-down 100 --follow 0`), 9950000 (round 15's dark tiles, h-rkdark, and its start
tree on the same scenes), 9960000 (round 15's merged tree, lead, and the round's start tree 73ebc7c on the same
scenes), 9970000 (round 16's racks never learnt, h-rklearn, `--scenes 500`, and its start tree dd7c319 on the same
scenes), 9980000 (round 16's seams of dark tiles, h-rkseam, `--scenes 500`, and its start tree dd7c319 on the same
scenes), 9990000 (round 16's hands over the rack, h-rkhand, `--scenes 0 --hands 200` and `--scenes 200
--hands 0`, both trees), 10010000 (round 16's merged tree, lead, and its start tree dd7c319 on the same scenes), 10030000 (round 17's racks never learnt, h-rklearn, both trees; its false overdraw 10030613 p2 looked at after it), 10040000 (round 17's dark runs, h-rkseam, and its start tree e4b2117 on the same scenes) (its false overdraw 10040917 p2 looked at after it), 10070000 (round 18's overdraws caught, h-rkcatch, `--scenes 450 --hands 50`, and its start tree 1ac6030 on the same scenes), 10080000 (round 18's follow time, h-rkfast, both trees), 10090000 (round 19's racks never learnt, h-rkcatch, `--scenes 150 --hands 0`, both trees), 10100000 (round 19's follow time, h-rkfast, both trees), 10110000 (round 20's last overdraws missed, h-rkmiss, `--scenes 300 --hands 0 --face-down 0 --follow 0`, both trees): measuring runs of later rounds)
are measurements: never run there in development (9800170, a false overdraw of the 9800000 run,
was looked at after it; round 10's lead ran 9760000 and 9770000 as the bench draws them and looked at
the one false overdraw of each of 9740000, 9760000 and 9770000 (seeds 9740253, 9760635, 9770950: all
on racks not learnt as the game started, vision.racks.counted), then measured on 9780000).

Each scene holds two racks (0-9 tiles each, every rack model, camera pose and tile colour
drawn from the seed). Racks are read as the kiosk reads them (vision.reader: read_rack with
the zone, the board's square carried to the rack (rack_square_px), the board's tile colour,
and what the kiosk learnt of the rack (vision.racks.learn_known) from a frame of the same table
as the game started, seven tiles on each rack: see BoardReader.racks_hold; a rack that frame
read surely as fewer is unknown, as the kiosk then reads it);
`--no-setup` reads them without that (a rack not learnt).
Prints, overall and per rack model, camera view and tile colour:
false overdraws (<= 7 tiles read as > 7), overdraws caught (8-9 read as > 7), exact counts,
unknowns (also per tile count, 0 = an empty rack, and per arrangement: pushed together, in
groups, spread); then racks under a hand (must be unknown, never a count > 7 when <= 7), racks
half out of the frame, the CPU time rack counting adds per frame (read_rack and
count_face_down, both racks), and tiles lying face down beside a rack (DRAW-01,
count_face_down: exact, unknown, wrong: more than there, which could raise a false overdraw
question, and fewer); last the live kiosk's time following a game (`--follow` scenes of
FOLLOW_FRAMES frames through vision.rack_counter.RackCounter.observe, which reads a rack again
only when something around it changed): never to be quoted as the time from scratch, which is
the time line above (every rack read in full).
Then racks moved or turned on the table after setup (`--moves` scenes, move_bench): learnt
by RackCounter as the kiosk learns them, one rack then slid, pulled, pushed or turned as players
do, read by RackCounter.observe: per move and size, exact, unknown, wrong, false overdraws and
overdraws caught.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import dataclass

import cv2
import numpy as np

from vision.rack_counter import RackCounter
from vision.rack_face_down import count_face_down, face_down_why
from vision.racks import Learnt, RackReading, counted, learn_known, rack_square_px, read_rack
from vision.synth.racks import RackMove, RackScene, RackSceneOptions, render_rack_scene
from vision.synth.tiles import TILE_PRESETS

TOLERANCE = 15.0  # the reader's tolerance for a board whose tiles agree (vision.reader._tile_colour: max(12, 4 * spread))


def board_tile_lab(scene) -> np.ndarray:
    """The tile colour as the reader takes it: the median of the board's own tiles."""
    lab = cv2.cvtColor(scene.image, cv2.COLOR_BGR2LAB).astype(np.float32)
    patches = [lab[int(y) - 2:int(y) + 3, int(x) - 2:int(x) + 3].reshape(-1, 3) for x, y in scene.board_tiles]
    return np.median(np.concatenate(patches), axis=0)


def tile_colour_name(face: tuple[int, int, int]) -> str:
    return min(TILE_PRESETS, key=lambda n: float(np.linalg.norm(np.subtract(TILE_PRESETS[n][0], face))))


def setup_profiles(seed: int, size: int, use: bool) -> dict[str, Learnt]:
    """What the kiosk learns of the scene's racks as the game starts (BoardReader.racks_hold):
    from a frame with seven tiles on each (the same table, racks, camera and light; the tiles
    stand anew), through the kiosk's own vision.racks.learn_known; none without `use`."""
    if not use:
        return {}
    setup = render_rack_scene(seed, size=size, options=RackSceneOptions(counts={"p1": 7, "p2": 7}, hand="",
                                                                        half_out="", face_down={}))
    lab = board_tile_lab(setup)
    return {p: learn_known(setup.image, z, square(setup, z), lab, TOLERANCE, 7) for p, z in setup.zones.items()}


def read_as_kiosk(scene: RackScene, player: str, square_px: float, tile_lab: np.ndarray,
                  learnt: Learnt | None) -> RackReading:
    """The rack's reading as vision.rack_counter gives it: with what setup learnt, and the count
    the kiosk acts on (vision.racks.counted)."""
    reading = read_rack(scene.image, scene.zones[player], square_px, tile_lab, TOLERANCE,
                        learnt.profile if learnt is not None else None)
    if reading.count is not None and counted(reading.count, learnt) is None:
        why = "seven read as fewer as the game started" if learnt is not None and learnt.misread \
            else "over seven on a rack not learnt as the game started"
        return RackReading(None, reason=why)
    return reading


def square(scene, zone: np.ndarray) -> float:
    """A board square's side at the rack, as the reader gives it to read_rack (vision.racks.rack_square_px)."""
    return rack_square_px(scene.board_corners, zone)


class Tally:
    def __init__(self) -> None:
        self.n = self.exact = self.unknown = self.false_over = self.big = self.caught = 0

    def add(self, truth: int, read: int | None) -> None:
        self.n += 1
        self.exact += read == truth
        self.unknown += read is None
        if truth <= 7 and read is not None and read > 7:
            self.false_over += 1
        if truth >= 8:
            self.big += 1
            self.caught += read is not None and read > 7

    def line(self, name: str) -> str:
        pct = (lambda a, b: f"{100 * a / b:5.1f}%" if b else "   - ")
        return (f"{name:<22} racks {self.n:5d}  exact {pct(self.exact, self.n)}  unknown {pct(self.unknown, self.n)}  "
                f"false overdraw {self.false_over:3d}  caught {self.caught}/{self.big} {pct(self.caught, self.big)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenes", type=int, default=1100)
    parser.add_argument("--first-seed", type=int, default=9000000)
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=100, help="scenes with a hand over a rack")
    parser.add_argument("--face-down", type=int, default=100,
                        help="scenes with tiles face down beside a rack (DRAW-01)")
    parser.add_argument("--follow", type=int, default=20,
                        help="scenes followed as a game (FOLLOW_FRAMES frames each: the live kiosk's per-frame time)")
    parser.add_argument("--moves", type=int, default=100,
                        help="scenes with one rack moved or turned on the table after setup (move_bench)")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--no-setup", action="store_true",
                        help="read racks without what the kiosk learns of them as the game starts")
    args = parser.parse_args(argv)
    learn = not args.no_setup

    groups: dict[str, dict[str, Tally]] = defaultdict(lambda: defaultdict(Tally))
    total = Tally()
    times, cpu_times = [], []
    edge_n, no_setup = [0, 0], 0
    rng = np.random.default_rng(args.first_seed)
    for i in range(args.scenes):
        seed = args.first_seed + i
        # overdraws are rare at a table; here 8-9 tiles are a fifth of the racks so they are measured
        counts = {p: int(rng.choice(10, p=[.05, .07, .07, .08, .08, .09, .1, .26, .13, .07])) for p in ("p1", "p2")}
        scene = render_rack_scene(seed, size=args.size,
                                  options=RackSceneOptions(counts=counts, hand="", half_out="", face_down={}))
        lab = board_tile_lab(scene)
        profiles = setup_profiles(seed, args.size, learn)
        start, cpu = time.perf_counter(), time.process_time()
        # the board's square at each rack once a frame, for both counts (as vision.rack_counter)
        at_rack = {p: square(scene, z) for p, z in scene.zones.items()}
        readings = {p: read_as_kiosk(scene, p, at_rack[p], lab, profiles.get(p)) for p in scene.zones}
        for p, z in scene.zones.items():  # the kiosk also counts tiles face down beside each rack
            count_face_down(scene.image, z, at_rack[p], lab, TOLERANCE, scene.board_corners)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
        colour = tile_colour_name(scene.tile_style.face)
        for p, reading in readings.items():
            truth = scene.counts[p]
            if scene.in_frame[p] < 1.0:  # a rack moved to the frame's edge: it must be unknown or right
                edge_n[0] += 1
                edge_n[1] += reading.count is None or reading.count == truth
                continue
            learnt = profiles.get(p)
            setup = ("learnt at setup" if learnt is not None and learnt.profile is not None else
                     "misread at setup" if learnt is not None and learnt.misread else "not learnt")
            no_setup += setup != "learnt at setup"
            total.add(truth, reading.count)
            view = scene.view_deg[p]
            groups["rack model"][scene.models[p]].add(truth, reading.count)
            groups["camera view"][f"{int(view // 2.5 * 2.5)}-{int(view // 2.5 * 2.5 + 2.5)} deg"].add(truth, reading.count)
            groups["tile colour"][colour].add(truth, reading.count)
            groups["tiles on the rack"][f"{truth} tiles"].add(truth, reading.count)
            groups["arrangement"][(scene.arrangements or {}).get(p, "?")].add(truth, reading.count)
            groups["setup"][setup].add(truth, reading.count)
            if learnt is not None and learnt.profile is not None:  # how: by the tiles' colour, or their tops' outline
                groups["learnt by"]["tiles' tops (vision.rack_tops)" if learnt.profile.tops is not None
                                    else "tiles' colour"].add(truth, reading.count)
            if args.verbose and reading.count != truth:
                print(f"  seed {seed} {p} {scene.models[p]} {colour} {setup} truth {truth} read {reading.count} "
                      f"{reading.reason}")
    print(f"Racks standing, no hand, in frame: {args.scenes} scenes from seed {args.first_seed}, {args.size} px frames")
    print(total.line("all"))
    if learn:
        print(f"  of these, {no_setup} racks were not learnt as the game started (learn_known: read surely as"
              " fewer then, and unknown since, or learnt nothing and read without it)")
    else:
        print("  read without what the kiosk learns as the game starts (--no-setup)")
    print(f"  racks at the frame's edge (zone partly outside), left out above: {edge_n[0]}, "
          f"unknown or right {edge_n[1]}")
    for title, group in groups.items():
        print(f"-- per {title}")
        for name in sorted(group):
            print(group[name].line(name))
    ms, cpu_ms = 1000 * np.array(times), 1000 * np.array(cpu_times)
    if len(ms):
        print(f"time rack counting adds per frame from scratch (read_rack and count_face_down, 2 racks): wall median {np.median(ms):.2f} ms, 95th pct "
              f"{np.percentile(ms, 95):.2f} ms; CPU median {np.median(cpu_ms):.2f} ms, mean {cpu_ms.mean():.2f} ms "
              "(wall time counts other processes on a shared machine)")

    hand_unknown = hand_n = hand_false = 0
    for i in range(args.hands):
        seed = args.first_seed + args.scenes + i
        scene = render_rack_scene(seed, size=args.size, options=RackSceneOptions(
            counts={"p1": int(rng.integers(0, 8)), "p2": int(rng.integers(0, 8))}, hand=("p1", "p2")[i % 2],
            half_out="", face_down={}))
        lab = board_tile_lab(scene)
        for p, z in scene.zones.items():
            if scene.covered[p] < 0.10:
                continue
            reading = read_as_kiosk(scene, p, square(scene, z), lab, setup_profiles(seed, args.size, learn).get(p))
            hand_n += 1
            hand_unknown += reading.count is None
            hand_false += reading.count is not None and reading.count > 7
            if args.verbose and reading.count is not None:
                print(f"  hand: seed {seed} {p} {scene.models[p]} counts {scene.counts} covered {scene.covered[p]:.2f} "
                      f"read {reading.count}")
    print(f"racks with a hand over >= 10% of the zone: {hand_n}, unknown {hand_unknown} "
          f"({100 * hand_unknown / max(hand_n, 1):.1f}%), false overdraws {hand_false}")
    out_unknown = 0
    for i in range(50):
        seed = args.first_seed + args.scenes + args.hands + i
        scene = render_rack_scene(seed, size=args.size, options=RackSceneOptions(half_out="p1", hand="", face_down={}))
        reading = read_rack(scene.image, scene.zones["p1"], square(scene, scene.zones["p1"]), board_tile_lab(scene),
                            TOLERANCE)
        out_unknown += reading.count is None
    print(f"racks half out of the frame: 50, unknown {out_unknown}")
    face_down_bench(args.first_seed + args.scenes + args.hands + 50, args.face_down, args.size, rng, args.verbose)
    follow_bench(args.first_seed + args.scenes + args.hands + 50 + args.face_down, args.follow, args.size, rng,
                 args.verbose)
    move_bench(args.first_seed + args.scenes + args.hands + 50 + args.face_down + args.follow, args.moves, args.size,
               args.verbose)
    return 0


MOVE_KINDS = ("not moved", "slid along", "pulled away", "pushed to the board", "turned", "slid and turned")
SLIDE_BINS = ((1.0, 3.0), (3.0, 6.0), (6.0, 10.0))  # cm a player slides a rack
TURN_BINS = ((2.0, 5.0), (5.0, 10.0), (10.0, 20.0))  # degrees a player turns it


def drawn_move(kind: str, player: str, size: int, rng: np.random.Generator) -> tuple[RackMove, str]:
    """A move of `kind` (MOVE_KINDS) drawn within one of its size bins, and the bin's name."""
    sign = float(rng.choice([-1.0, 1.0]))
    if kind == "not moved":
        return RackMove(player), "-"
    if kind in ("turned", "slid and turned"):
        lo, hi = TURN_BINS[size]
        turn = sign * float(rng.uniform(lo, hi))
        if kind == "turned":
            return RackMove(player, turn_deg=turn), f"{lo:g}-{hi:g} deg"
        slide = 10 * float(rng.uniform(1.0, 10.0))
        along, away = (slide, 0.0) if rng.random() < 0.5 else (0.0, slide)
        return RackMove(player, along_mm=sign * along, away_mm=away, turn_deg=turn), f"{lo:g}-{hi:g} deg"
    if kind == "pushed to the board":  # it stops at the board's rim: 6-36 mm off it as the scene draws it
        return RackMove(player, away_mm=-10 * float(rng.uniform(0.5, 4.0))), "to its rim"
    lo, hi = SLIDE_BINS[size]
    slide = 10 * float(rng.uniform(lo, hi))
    move = RackMove(player, along_mm=sign * slide) if kind == "slid along" else RackMove(player, away_mm=slide)
    return move, f"{lo:g}-{hi:g} cm"


class MoveTally(Tally):
    def line(self, name: str) -> str:
        wrong = self.n - self.exact - self.unknown
        return f"{super().line(name)}  wrong {wrong:3d}"


def move_bench(first_seed: int, scenes: int, size: int, verbose: bool) -> None:
    """A rack moved or turned on the table during a game (issue 18), read as the live kiosk reads
    it (vision.rack_counter.RackCounter): the zones as the scene's racks stand at setup, seven tiles
    on each, learnt from that frame (racks_hold, then observe); then one rack slid along the board's
    side, pulled away from it or pushed to it, turned, or slid and turned (vision.synth.racks.RackMove),
    with 0-9 tiles, observed in the next frame. Prints, per move and size: exact, unknown, wrong,
    false overdraws and overdraws caught of the moved rack; a rack moved partly out of the frame
    apart (it must be unknown or right)."""
    if scenes <= 0:
        return
    rng = np.random.default_rng([first_seed, 22])
    tallies: dict[tuple[int, str], MoveTally] = defaultdict(MoveTally)  # (MOVE_KINDS index, size) -> tally
    total = MoveTally()
    out_n = out_ok = 0
    for i in range(scenes):
        seed = first_seed + i
        player = ("p1", "p2")[i % 2]
        kind = MOVE_KINDS[int(rng.integers(len(MOVE_KINDS)))]
        move, size_bin = drawn_move(kind, player, int(rng.integers(3)), rng)
        counts = {p: int(rng.choice(10, p=[.05, .07, .07, .08, .08, .09, .1, .26, .13, .07])) for p in ("p1", "p2")}
        setup = render_rack_scene(seed, size=size, options=RackSceneOptions(counts={"p1": 7, "p2": 7}, hand="",
                                                                          half_out="", face_down={}))
        scene = render_rack_scene(seed, size=size, options=RackSceneOptions(counts=counts, hand="", half_out="",
                                                                          face_down={}, moved=move))
        counter = RackCounter()
        counter.use_zones(setup.zones)
        counter.racks_hold({"p1": 7, "p2": 7})
        counter.observe(setup.image, setup.board_corners, (board_tile_lab(setup), TOLERANCE), {})
        sight = counter.observe(scene.image, scene.board_corners, (board_tile_lab(scene), TOLERANCE), {})
        truth, read = scene.counts[player], sight.counts.get(player)
        if scene.in_frame[player] < 1.0:
            out_n += 1
            out_ok += read is None or read == truth
        else:
            total.add(truth, read)
            tallies[(MOVE_KINDS.index(kind), size_bin)].add(truth, read)
        if verbose and read != truth:
            print(f"  moved: seed {seed} {player} {scene.models[player]} {kind} along {move.along_mm:.0f} mm away "
                  f"{move.away_mm:.0f} mm turn {move.turn_deg:.1f} deg, in frame {scene.in_frame[player]:.2f}: "
                  f"truth {truth} read {read}")
    print(f"racks moved or turned after setup (RackCounter, learnt at setup): {scenes} scenes from seed {first_seed}")
    print(total.line("all in frame"))
    print(f"  moved partly out of the frame, left out above: {out_n}, unknown or right {out_ok}")
    for kind_size in sorted(tallies):
        print(tallies[kind_size].line(f"{MOVE_KINDS[kind_size[0]]} {kind_size[1]}"))


FOLLOW_FRAMES = 10  # frames of one scene followed: the racks as they stand, then one tile taken from p1's
FOLLOW_NOISE = 2.0  # sensor noise drawn anew in every frame (std, 8-bit levels)


def follow_bench(first_seed: int, scenes: int, size: int, rng: np.random.Generator, verbose: bool = False) -> None:
    """The live kiosk's rack counting (vision.rack_counter.RackCounter.observe) over a game's
    frames: each scene is FOLLOW_FRAMES frames, the first half as rendered, the second with a
    tile taken from p1's rack (drawn anew), every frame with fresh sensor noise: most frames
    change no rack, and observe reads again only a rack whose surroundings changed. Prints the
    CPU time per frame and the frames whose counts are not what a full reading of that frame
    gives, each rack's difference judged by `FollowDiffs` (`verbose`: each one named)."""
    if scenes <= 0:
        return
    cpu: list[float] = []
    read_anew: list[int] = []  # racks read anew (read_rack) on each frame
    differ = 0
    diffs = FollowDiffs()
    counter = RackCounter()
    for i in range(scenes):
        seed = first_seed + i
        counts = {p: int(rng.integers(1, 10)) for p in ("p1", "p2")}
        before = render_rack_scene(seed, size=size, options=RackSceneOptions(counts=counts, hand="", half_out="",
                                                                           face_down={}))
        after = render_rack_scene(seed, size=size, options=RackSceneOptions(
            counts={**counts, "p1": counts["p1"] - 1}, hand="", half_out="", face_down={}))
        lab = board_tile_lab(before)
        counter.use_zones(before.zones)
        noise = np.random.default_rng([seed, 7])
        kept: list[dict[str, int]] = []
        full: list[dict[str, int | None]] = []
        for k in range(FOLLOW_FRAMES):
            scene = before if k < FOLLOW_FRAMES // 2 else after
            frame = np.clip(scene.image + noise.normal(0, FOLLOW_NOISE, scene.image.shape), 0, 255).astype(np.uint8)
            start, reads = time.process_time(), counter.reads
            sight = counter.observe(frame, scene.board_corners, (lab, TOLERANCE), {})
            cpu.append(time.process_time() - start)
            read_anew.append(counter.reads - reads)
            kept.append(sight.counts)
            full.append({p: read_rack(frame, z, square(scene, z), lab, TOLERANCE).count
                         for p, z in scene.zones.items()})
            differ += sight.counts != {p: n for p, n in full[-1].items() if n is not None}
        for p in before.zones:
            diffs.add(seed, p, [c.get(p) for c in kept], [f[p] for f in full],
                      [(before if k < FOLLOW_FRAMES // 2 else after).counts[p] for k in range(FOLLOW_FRAMES)], verbose)
    ms = 1000 * np.array(cpu)
    print(f"following a game ({scenes} scenes x {FOLLOW_FRAMES} frames, one tile taken halfway, fresh noise each "
          f"frame; RackCounter.observe): CPU median {np.median(ms):.2f} ms, mean {ms.mean():.2f} ms per frame; racks "
          f"read {counter.reads}, face-down counts made {counter.downs_counted}, last reading kept whole "
          f"{counter.reads_skipped}; frames whose counts differ from a full reading: {differ}")
    print(f"  {_by_racks_read(ms, np.array(read_anew))}")
    print(diffs.line())


def _by_racks_read(ms: np.ndarray, read_anew: np.ndarray) -> str:
    """The followed frames' CPU (ms) by how many racks each read anew: the per-frame time is two
    kinds of frame (a rack's surroundings compared, ~1 ms; a rack read, a few ms more), and the
    median of all falls on either with the share of racks read on every frame (over seven, or unknown)."""
    kinds = [f"{n} read: {int((read_anew == n).sum())} frames, median {float(np.median(ms[read_anew == n])):.2f} ms"
             for n in sorted(set(read_anew.tolist()))]
    return "CPU per frame by racks read anew on it: " + "; ".join(kinds)


@dataclass
class FollowDiffs:
    """The racks on followed frames whose count (None: not counted) differs from a full reading
    of the frame: against the truth, which is right (the kept count, the full one, or neither);
    and whether the full reading itself flips with the noise, that is, reads the rack otherwise
    on another frame of the same picture (one render, FOLLOW_FRAMES // 2 frames): a difference
    where it does not is a change the "same picture" test missed."""
    kept_right: int = 0
    full_right: int = 0
    neither: int = 0
    full_flips: int = 0
    steady: int = 0
    # every rack on every frame: (right, a wrong count, not counted), kept and full
    kept_all: tuple[int, int, int] = (0, 0, 0)
    full_all: tuple[int, int, int] = (0, 0, 0)

    def add(self, seed: int, rack: str, kept: list[int | None], full: list[int | None], truth: list[int],
            verbose: bool) -> None:
        """One rack's FOLLOW_FRAMES frames: kept and full counts, and the truth, frame by frame."""
        half = FOLLOW_FRAMES // 2
        self.kept_all, self.full_all = _judged(self.kept_all, kept, truth), _judged(self.full_all, full, truth)
        for k, (kept_n, full_n, true_n) in enumerate(zip(kept, full, truth)):
            if kept_n == full_n:
                continue
            same_picture = full[:half] if k < half else full[half:]
            flips = len(set(same_picture)) > 1
            self.full_flips += flips
            self.steady += not flips
            self.kept_right += kept_n == true_n
            self.full_right += full_n == true_n
            self.neither += true_n not in (kept_n, full_n)
            if verbose:
                print(f"  follow: seed {seed} frame {k} {rack} kept {kept_n} full {full_n} truth {true_n}; the "
                      f"picture's full readings {same_picture}{'' if flips else ' (steady: a change missed)'}")

    def line(self) -> str:
        n = self.full_flips + self.steady
        return (f"  racks whose count differs from a full reading of the frame: {n}; right: the kept count "
                f"{self.kept_right}, the full one {self.full_right}, neither {self.neither}; the full reading "
                f"flips among the same picture's frames on {self.full_flips}, steady (a change the \"same "
                f"picture\" test missed) on {self.steady}\n  every rack on every frame (right, a wrong count, not "
                f"counted): kept {self.kept_all}, full readings {self.full_all}")


def _judged(tally: tuple[int, int, int], counts: list[int | None], truth: list[int]) -> tuple[int, int, int]:
    """`tally` (right, a wrong count, not counted) with `counts` against `truth` added."""
    right = sum(n == t for n, t in zip(counts, truth))
    none = sum(n is None for n in counts)
    return tally[0] + right, tally[1] + len(counts) - right - none, tally[2] + none


def face_down_bench(first_seed: int, scenes: int, size: int, rng: np.random.Generator, verbose: bool) -> None:
    """Tiles drawn and put face down on the table beside a rack (DRAW-01): one rack with 1-7
    beside it, the other with none; count_face_down on both (no hand, racks in frame)."""
    if scenes <= 0:
        return
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # truth group -> [n, exact, unknown]
    more = fewer = 0
    cpu: list[float] = []
    for i in range(scenes):
        seed = first_seed + i
        with_tiles = ("p1", "p2")[i % 2]
        n = int(rng.integers(1, 8))
        scene = render_rack_scene(seed, size=size, options=RackSceneOptions(
            face_down={with_tiles: n}, hand="", half_out=""))
        lab = board_tile_lab(scene)
        for p, z in scene.zones.items():
            truth = scene.face_down[p]
            start = time.process_time()
            seen, why = face_down_why(scene.image, z, square(scene, z), lab, TOLERANCE, scene.board_corners)
            cpu.append(time.process_time() - start)
            row = tally["none beside the rack" if truth == 0 else f"{truth} face down"]
            row[0] += 1
            row[1] += seen == truth
            row[2] += seen is None
            more += seen is not None and seen > truth
            fewer += seen is not None and seen < truth
            if verbose and seen != truth:
                print(f"  face down: seed {seed} {p} {scene.models[p]} truth {truth} read {seen} {why}")
    n_all = sum(r[0] for r in tally.values())
    print(f"face-down tiles beside a rack (DRAW-01): {scenes} scenes, {n_all} racks, exact "
          f"{100 * sum(r[1] for r in tally.values()) / n_all:.1f}%, unknown "
          f"{100 * sum(r[2] for r in tally.values()) / n_all:.1f}%, wrong count {more + fewer} ({more} more than "
          f"there, {fewer} fewer); CPU per rack median {1000 * float(np.median(cpu)):.2f} ms")
    for name in sorted(tally):
        n, exact, unknown = tally[name]
        print(f"  {name:<22} racks {n:4d}  exact {100 * exact / n:5.1f}%  unknown {100 * unknown / n:5.1f}%")


if __name__ == "__main__":
    from kiosk.__main__ import run_command
    sys.exit(run_command("vision.rack_bench", main))
