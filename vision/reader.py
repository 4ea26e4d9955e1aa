"""BoardReader: the object the app keeps across frames; `observe(frame)` gives a BoardObservation.

It remembers where the board is (re-locating when the grid no longer fits: camera or
board moved), which way the board is turned (decided from the letters, or by matching
the last accepted board), and the last reading, so it can say when the view is stable.
Use it from one worker thread.

Rendered seeds looked at in development of the umlaut and turn decisions (not for measuring):
61001, 61002, 53117, 53118 (vision.synth dataset --boards 50: the quarter-turn rivals),
770001-770003 (small and larger German boards), 880101 (boards of 2-12 tiles), 424242 index 20;
the umlaut rule's dotted cap (vision.glyph._dotted_cap): 990301, 990302 (vision.synth dataset --tileset
german --boards 40) and 990311 (50 club frames at 0.36 board fill, tilted 15 degrees).
The reader's speed work (issue 15, rounds 8, 9, 12 and 13: the refitted board's squares compared at the last
corners, BoardReader._unchanged and _squares_at; the board warped in four channels, _rectified) compared every
square's reading before and after each step on scrabscrap-v1, jheidel-en and rendered seed 330417
(vision.synth dataset --boards 30), from scratch and followed frame by frame. A followed board held to the premium layout (MIN_PATTERN): rendered dev seeds
330417 and 330418 (vision.synth dataset --boards 30 and --boards 20 --hands, followed as a sequence) and
331000-331029 (a random board of vision.synth.positions followed over three shots with a hand). A settled
turn kept while the tiles favour it (BoardReader._decide_rotation): 332000-332014 and 332100-332129 (a board
of 2-12 and 2-6 tiles followed over three more shots, each moved up to 2.5 px).
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import partial
from itertools import islice
from typing import Callable

import cv2
import numpy as np

from vision.cells import (CELL, INSET, PAD, CellStats, board_matrix, cell_grid, cell_stats, expected_empty, face_colours,
                          from_lit, letter_window, letter_windows, lit_distances, occupancy_features, rectify,
                          tile_colour, unpadded)
from vision.config import VisionConfig
from vision.frame_guard import ZoneFit, guard
from vision.glyph import INSET as GLYPH_INSET
from vision.glyph import (HEIGHT_FEATURE, LETTER_PLACE, NOT_A_LETTER, LetterInk, dark_letter_ink, forget_inks,
                          glyph_features_batch, glyph_in_pieces, ink_mask, ink_masks, letter_box, letter_ink,
                          light_letters_in, mark_above, numbered_by_edge_alone, stroke_mask, stroke_number_sides,
                          umlaut_dots, value_number_sides)
from kiosk.rules.tiles import BLANK, load_tileset
from kiosk.turns import DEFAULT_MIN_CONFIDENCE
from vision.layout import LAYOUT, NORMAL, premium_contrast
from vision.locate import BoardFollower, board_candidates, order_corners
from vision.models import Calibration, Network, thin_i
from vision.observation import CELL_STATES, BoardObservation, CellReading
from vision.board_scale import square_px, too_small_to_read
from vision.rack_counter import RackCounter
from vision.value import ValueCue, number_aspect, without_joined_number
from vision.tilesets import read_as

MIN_CONFIDENCE = {"empty": 0.5, "tile": 0.7, "blank": 0.7}  # below this a cell is reported 'unknown';
# a tile claimed must be a clear bet, as a phantom or wrong letter is worse than asking
MIN_GRID_SCORE = 1.0  # line contrast on the fitted grid; below it the board is not seen
# premium-pattern score (vision.layout.premium_contrast) of a board found from scratch, over
# the squares not showing a surely read letter (a tile can take a premium square's colour):
# rendered boards score 0.63 and more (517 frames: training seeds 1008-1010, renderer seeds
# 3005 and 9393), the scrabscrap-v1 photos 1.8 and more; noise, 15 x 15 grids of lines over
# randomly coloured squares (tablecloths) and checkerboards, evenly lit or under a lamp to
# one side, 0.17 at most (49 images)
# A followed board is held to it too: where the picture is no longer that board (another camera
# position, another board), the grid fitted near the last corners reads it as squares of no layout and
# it is located afresh. Followed frames: scrabscrap-v1 (--sequence, 54 frames) 1.9 and more; a hand
# over the board, rendered dev seeds 331000-331029 (a random board followed over three shots with a
# hand), 0.43 and more (of 90); jheidel-en 165412 followed from 165303's corners (another camera
# position) 0.02, and the 2 rendered boards of dev seeds 330417 and 330418 (--hands) read at the last
# board's corners, 0.04 and 0.02. A fit a whole cell or two off the board scores 0.1 at most (51 frames of
# jheidel-en, scrabscrap-v1 board-neu and rendered seed 330417, the located corners moved 1 or 2 cells
# along a side, all squares counted), so a followed grid left on a board laid out elsewhere is refused too.
# With the lightness taken against the squares kept only (round 16, premium_contrast): rendered dev seeds
# 72012, 74014, 77017 (180 frames) at their true corners 0.97 and more (0.25 against every square: navy
# tiles all over a pale board, 72012 board-025), a cell off along a side 0.13 at most (720 placements);
# with hands (seed 77117, 30) 1.18 and more, a cell off 0.11 at most; jheidel-en one or two cells off
# 0.09 at most (66 placements), read at another photo's corners 0.03 at most (3 pairs)
MIN_PATTERN = 0.3
# A square judged as a tile, not as board, by the premium-pattern check: a letter read there at
# this much. Lower than LETTER_DECIDES because here a tile counted as board costs more than a
# square left out: a thin I on a maroon tile reads 0.97-0.99, and a board's worth of such tiles
# (the colour of a triple-word square) pulled a rendered classic board's contrast from 0.32 to
# 0.27 and lost the board (seed 777001 board-025 with the round-5 letter model)
PATTERN_TILE = 0.9
CANDIDATES = 6  # board locations from scratch tried in turn until one shows the premium layout (the
# best three by either measure of vision.locate._placement, in turn)
NO_OPINION = 0.01  # a square called covered with less than this on empty, tile and blank together
HAND_CELLS = 6  # an occluded patch this big counts as a hand even away from the edge
MOVE_TOLERANCE = 0.25  # corner shift, in cells, that counts as the board or camera moving
TURN_CHECK = 8  # tiles checked every frame for a turned board
ROTATION_SAMPLE = 16  # tiles used to decide which way up the board is
ROTATION_POOL = 48  # squares looked at for those tiles at most (the cost of a fresh location)
# a square the occupancy model calls empty at least this surely is no tile to look at for a value number:
# a label's print ("DOUBLE WORD SCORE" across the square) can show ink in one corner and read as a letter
# turned that way. The squares found with a value number and a letter by the start tree (dd7c319) on
# rendered dev seeds 74014, 75015 and 75016 (180 boards) and jheidel-en: 2659 tiles, called empty at
# 0.124 at most (0.013 rendered), and 2 label squares of 74014 board-004 (7 tiles turned 270, read turned
# 180 on the labels' two votes against the tiles' two), 0.984 and 0.987
ROTATION_EMPTY = 0.5
# a square's value number tells its turn only where the ink of its place is at least this many times
# that of any other place (vision.glyph.value_number_sides): on the 7773 lettered tiles of rendered dev
# seeds 84024, 75016, 74014 (60 boards each) the most ink was in the tile's own place on 6870 and in
# another on 101; leading 1.5 times: 6779 and 57; twice: 6684 and 43; three times: 6524 and 36
ROTATION_NUMBER_LEAD = 2.0
# the first this many squares with a value number (_numbered_tiles) decide the vote when they all show one
# turn: the rest (up to ROTATION_SAMPLE) are not looked for. One more than the fewest _rotation calls
# decisive (5, none against). On 480 frames of rendered dev seeds 95035, 96036, 84024, 75016, 74014, 82022,
# 88028 and 72012 read from scratch counting every vote, the first 6 agreed on 435, and on none of those
# did the whole vote (up to 16) decide otherwise (nor for a stop at any of 3 to 10); the first vote against
# the others came 2nd to 6th on 5 frames, which go on to count every vote. value_number_sides ran on 16.1
# squares a frame, 6.5 with the stop, and every frame read the same (/tmp/vturn/s17/votes2.py, cmp.py).
# _turned's TURN_CHECK (8) is decided by 6 agreeing whatever the other two would show
ROTATION_DECIDED = 6
ROTATION_MIN_TILES = 4  # tiles read in all four turns that settle the turn by the letters (see _rotation);
# 3 let the letter model of every tile set (more shapes: a turned G reads O, N reads Z) settle seed 9
# of tests/test_vision_reader.py on three such tiles, the value numbers outvoting it
# a turn not settled by the value numbers' corners (see _rotation) is taken over its best rival
# when the tiles' evidence for it comes to RIVAL_VOTES value numbers more its way, a margin of
# RIVAL_LETTERS in the letters' score (half their summed log-probabilities: a tile read 2.2 times
# likelier) counting as one, and the letters do not favour the rival. On 293 rendered boards of
# 2-12 tiles read from scratch (dev seeds 880101, 300 frames, English/German/French/Polish, club
# and wide scenes, tilt up to 20 degrees) 52 turns were not settled by the numbers: the 5 wrong
# ones came to 1.1 at most (or the letters favoured the rival), the 47 right ones 0 to 8 (10 under
# 2); the paper board of tests/test_vision_reader.py seed 13 (CAT/ROXEN turned 180: 4 numbers
# against 3, letters 0.45 apart) comes to 2.1
RIVAL_VOTES = 2.0
RIVAL_LETTERS = 0.4
# with no value number for it, a turn is settled by the letters of LETTERS_ALONE_TILES tiles favouring it (by
# RIVAL_EVEN each), never by one: a tile read as a letter in some turns only weighs 2.3 in the letters' score
# (some six numbers), and that reading is wrong now and then. On the dev sets of 1-8 tiles (seeds 103043,
# 104044, 108048, 112052, 150 boards each; /tmp/vlone/onlyone.py on survey.py's runs) 3 of 772 tiles read
# in some turns only were not read in their own: f103043 board-119's thin I (turn 0 only, truth 180), f112052
# board-119's W (as an M, 180 only, truth 0), f108048 board-053's S (180 and 270, truth 0); each of those
# boards had value numbers. The boards settled on letters alone there, f103043 board-044 (2 tiles) and f112052
# board-130 (8), had two tiles or more favouring their turn; no one-tile board was
LETTERS_ALONE_TILES = 2
# FAVOURING_AT_BAR (no constant of its own: the kiosk's bar, DEFAULT_MIN_CONFIDENCE): a tile favours a turn for
# LETTERS_ALONE_TILES only where it is read as a letter at the kiosk's bar that way (_tiles_favouring). With no tile
# surely found, _rotation reads the letters of every square over LETTER_FROM, and a board's printed labels read as
# letters under the bar in some turns and as no letter in others. Round 43 (the lead, /work/tools/turncensus.py,
# favana.py): dev g134361 board-184, a lone red U on a green board of red and blue '2W', '3L' labels, no value number
# found: five labels read as letters (0.43-0.63) turned 270 only, so 270 was settled and the U read C at 0.9995. Over
# the census of NUMBERS_AS_TILES (3097 wrong turns with no number for them), wrong turns with two tiles or more
# favouring them over the true one: 9 before, 5 read at the bar (on boards of 1-3 tiles, the turn kept open or its lone
# letter read alike, an O); board-184's went from 5 to 0
# SURE_LETTERS_TILES: a first play's turn with one value number (or a few, all for it), which RIVAL_VOTES does not
# settle without a margin of RIVAL_LETTERS in the letters, is settled where this many tiles or more are read as
# letters, every one at LETTER_DECIDES turned that way, and the letters favour it over its rival (by RIVAL_EVEN)
# (_tiles_read_surely_one_way). Round 33 (helper "vasked33", /tmp/vasked33/survey.py, margin.py, numrate.py): rendered
# dev boards of 1-3 tiles (seed 134197, 300) and first plays of 1-7 tiles (134198, 400), and the 335 boards of the
# lead's 2600 (seeds 287287-313313) of 7 tiles or fewer or with a square asked at 0: a value number stood in another
# turn's place 18 times of 3520 (where it was the board's only one, 134197 board-226 and -289, 134198 board-234, the
# tile it stands on read under LETTER_DECIDES that way, or no second tile read); of every located board's wrong turns
# whose tiles (two or more) all read at LETTER_DECIDES, 842, the letters favoured one over every other turn by 0.004
# at most (two tiles read surely both ways lead by 0.005 at most each) but on 134198 board-185 (2.31: an I read only
# turned over; over RIVAL_LETTERS, which one number settles already); the right turns so read that RIVAL_VOTES left
# open led by 0.09-0.34. One tile is no witness: of 175 lone tiles, 169 read some letter at LETTER_DECIDES in a wrong
# turn too (a G turned over reads D, a P turned a quarter Q, a K X). So read, LETTERS_ALONE_TILES tiles favouring a
# turn on the tiles both read also outweigh a lone number against it (_letters_outweigh_numbers: lead31's 295295
# board-015, A P N J O, the N's 'number' turned over): on none of the 1035 boards above did a wrong turn meet that
# against the true turn (/tmp/vasked33/forcedB.py; 123 right turns would against another), and the turn is then
# settled only as RIVAL_VOTES settles any
SURE_LETTERS_TILES = 2
# a margin in the letters' score (as RIVAL_LETTERS measures it) under this is no margin: the letters
# neither favour a turn nor hold against it. Letters that read alike turned half-way (O, H, N, S, I) read
# better in the wrong half-turn by 0.0031 at most, 36 tiles read in both on the rendered dev seeds
# 74014/75015/75016 (180 boards); there an O read 0.993 against 0.996 turned over (75016 board-048, 84
# tiles, 12 value numbers 6 to 4 for the right turn) or 0.990 against 0.992 (board-029) raised the
# half-turn as a rival: 127 and 3 squares unknown on boards the tiles settle. On first moves the true turn's
# letters read worse than its half-turn's by up to 0.054 (dev sets of 1-8 tiles, seeds 103043, 104044 and
# 108048, 150 boards each, 446 frames with letters read; /tmp/vfew/survey.py): T and I (f104044 board-076),
# V, I, E (board-106), T, I, I (f108048 board-103), each 0.03-0.06, the rest 0.004 at most (one lone I 0.15,
# a one-tile board), so two value numbers agreeing were held unsettled by a T read a hair better upside
# down. Under 0.06 the letters hold nothing; on those sets and vturn's (60-board seeds 103043 and 104044,
# 91031: 914 frames with letters read; /tmp/vfew/even.py) only those two boards' decisions change (0.06 to
# 0.16 the same), both settled right
RIVAL_EVEN = 0.06
# ONE_WAY_TILES: a turn is settled by the letters read that way and not the others (_letters_read_one_way) where,
# against EVERY other turn, the tiles read as a letter at the kiosk's bar turned that way and as no letter at all
# turned the other outnumber those read so the other way round by this many, the letters read in every turn not against
# it (since round 43 a value number for the other turn counts as one tile read that way: NUMBERS_AS_TILES). Round 35 (helper "vturn35", /tmp/vturn35/dump.py, census.py): rendered dev seed 326326
# board-069, 71 tiles turned 180 (cream board, tilt 29 degrees, blur 1.4), its value numbers too small to show: 4
# 'numbers' found, 2 for 180 and 2 for 270, the letters read in all four turns (6 tiles) 0.22 for 180, so 270 stayed
# its rival and all 71 letters were asked; its 16 tiles looked at read at the bar turned 180, and ahead of 0, 90 and
# 270 by 3, 6 and 7 such tiles. Over the located dev boards of seeds 326326 (70, head-on and through
# --tilt 15 --scale 0.5 --turn 120) and 134213 (150 head-on, 60 through --tilt 18 --scale 0.45 --turn 250), their
# tiles read in all four turns as _rotation reads them (where the value numbers decide, read so for this count only),
# no wrong turn was ahead of every other by one tile: at most 0 (on 39 of 987 wrong turns of 329 boards; no wrong turn
# led the true one, as a letter turned away from upright reads as no letter where upright it reads at the bar, and
# print on a square reads alike on its turn and the half-turn), the true turn by 0-9 (3 or more on 173 of 329); on jheidel-en's 11 photos too, wrong turns 0 at most
# (4 of 33), the true turn 0-5. 3 keeps a margin of 3 tiles over the wrong turns;
# only 326326 board-069's reading changes there
ONE_WAY_TILES = 3
# NUMBERS_AS_TILES (no constant of its own: ONE_WAY_TILES again): the value numbers against a turn do not bar its tiles
# read one way from settling it; each number for another turn more than for it counts as one tile read at the bar that
# other way only (_one_way_ahead). Round 43 (the lead, /work/tools/turncensus.py, turnana.py): the lead's 391391
# board-099, 61 blurred serif tiles turned 0, one 'number' found, for 180; its 16 tiles looked at read at the bar
# turned 0, 8 turned 180 (5 ahead of 180, 16 and 15 of 90 and 270), so the number's turn was kept with 0 its rival and all 61
# letters were asked (the tiles both turns read, _letters_outweigh_numbers, were too few). On the located dev boards of
# seeds 134354 (150 first plays of 1-7 tiles, English), 134360 (300, the same) and 134361 (200, German), each head-on and
# through --tilt 15 --scale 0.5 --turn 120; 134355 (150 German first plays) and 134357 (100 Polish boards of 1-12 tiles)
# head-on and through --tilt 20 --scale 0.35 --turn 200; 134356 (150 of the whole style space, both views), 134358
# (300) and 134359 (200, German) head-on; the lead's measuring 390390 and 391391 and jheidel-en: of 3126 wrong turns with
# letters read none was more than 1 tile ahead of every other (3: lone tiles and a two-tile board) before any number
# is counted, where one would need ONE_WAY_TILES + 1. Of the 7 true turns with numbers against them and letters read,
# board-099's alone was ahead by ONE_WAY_TILES (5; settled now); the others, 6 tiles or fewer, 0-2 ahead, stay open
# SURE_ONE_WAY_TILES: ONE_WAY_TILES' count for a first play whose tiles (SURE_LETTERS_TILES or more) are all read at
# LETTER_DECIDES turned one way, that turn's letters' score ahead of every other's by RIVAL_EVEN and no value number
# against it (_sure_letters_read_one_way): this many tiles read at the bar that way and as no letter the other, against
# every other turn, settle it. Round 38 (helper "vturn38", /tmp/vturn38/census.py, ana.py): the lead's 362362
# board-048, R E E P turned 0, no value number found (tiny, blurred, at the tile's rim: no digit ink in any place), read
# at 1.00 upright, turned 180 the E's B (0.94, 0.92) and the R H (0.96), the P no letter: 180 its rival, 4 letters
# asked. On rendered first plays of 1-7 tiles (dev seeds 134280 and 134282 English, 60 and 100; 134281 and 134283
# German, 60 and 100; 134280 through --tilt 15 --scale 0.5 --turn 120; vision.synth's boards with MAX_TILES 7), 732
# wrong turns with letters read: 7 read every tile at LETTER_DECIDES, 0 tiles ahead of every other turn and their score
# 0.0007 at most ahead (M/W and I, N, O, S read alike turned half-way); one wrong turn was 1 tile ahead (fg83 board-004,
# a lone C among 15 grid-print squares read I both ways; its C unread that way, so not read surely), none more. The
# true turns so read: 79 met it, 78 settled already, 134282 board-008 (T P O, no number found) newly settled right
SURE_ONE_WAY_TILES = 1
# ONE_WAY_ANY_TURN (no constant of its own: ONE_WAY_TILES and RIVAL_EVEN again): the turn ONE_WAY_TILES settles is
# looked for among every turn, not only the one the letters' score puts first, where that score does not hold against
# it (no turn's letters ahead of it by RIVAL_EVEN: _turn_read_one_way). The score counts only the tiles read as letters
# in all four turns, on a full board of serif letters the ones read alike turned half-way (N, H, O, S, X, Z, I), so it
# puts the half-turn first by a hair as often as not. Round 36 (helper "vturn36", /tmp/vturn36): rendered seed 353353
# board-063 (77 white tiles and 2 blanks, serif letters, turned 0, value numbers too small to find: none found), its
# 16 tiles looked at read at the bar turned 0 but a W (read M 0.99 turned 180, W 0.73 upright), 4 of them as no letter
# turned 180 and 9 turned 90 and 270; the 5 read in all four turns (N, H, N, N, N) put 180 first by 0.007: 180 taken,
# 0 its rival, all 79 tiles asked; now settled 0 (76 letters read, 1 asked, none wrong). ONE_WAY_TILES' statistic
# counts every wrong turn, first or not: on 550 located dev boards (353353, 326326 boards 0-69, 134223-134225 head-on,
# 134223 through --tilt 15 --scale 0.5 --turn 120; /tmp/vturn36/census36.py) no wrong turn was ahead of every other by
# one tile (0 at most, 73 of 1650), so ONE_WAY_TILES keeps its margin of 3 whichever turn is tried; only board-063's
# reading changes there
# CENTRE_TURNS: the centre square (CENTRE) is the one square every turn of the board leaves in place, so where the
# turn is not settled (its rivals' squares unknown, see RIVAL_VOTES) its tile's letter is still known when every turn
# reads that letter: one read at the kiosk's bar in CENTRE_TURNS turns at least (an X, O, I, S, B read alike turned
# half-way) and no other letter read in any turn. One turn is not enough: a letter read in one turn only is not always
# its own (a W read only as an M turned half-way, see LETTERS_ALONE_TILES). Round 29's 1400 measuring boards (round 30,
# helper "vphantom30", /tmp/vphantom30/collect.py and rot.py, start tree bdb6a76): of the 29 lettered tiles lost on
# located boards, 19 were a first tile alone on the centre square (one board: two tiles), the turn not settled by its
# one value number; the taken turn was right on all 18 boards, and 9 of those tiles read one letter in two turns or more
# (an S, two I's, two O's, three X's, a B): read right now, every other square of the 1400 boards as before
# (/tmp/vphantom30/dump.py, cmp.py). On ten older renders (m234234 ... m258258, 1000 boards) 3 of 10 such tiles read
# (an S, two O's), an N and a Z (read Z and N turned a quarter) still asked; dev seed 134163 (60 boards) one O.
# 120 boards of one tile (dev seed 134164, /tmp/vphantom30/lone.py: random_board(tiles=1) rendered as the dataset
# renders): 95 with the turn open, the turn taken right on all; 32 of their tiles read now, none wrong
CENTRE_TURNS = 2
CENTRE = 7 * 15 + 7  # the centre square, upright and in the frame's order alike
# QUARTER_RIVALS (no constant of its own: RIVAL_VOTES and RIVAL_LETTERS again): the letters' score
# above counts a tile read as a letter in only some turns against the others, so print on a
# square (a label's strokes read I, N or Z upright and upside down, never a quarter turned) can
# outvote the tiles. Against any other turn, the letters are also compared on the tiles BOTH
# turns read as letters; when those favour that turn and the value numbers do not outweigh them
# (RIVAL_VOTES, a margin of RIVAL_LETTERS counting as one), it is a rival too. Rendered dev sets
# (vision.synth dataset --boards 50, seeds 61001/61002/53117/53118, 199 boards): board-047 of
# 61001 (6 white tiles, vintage board with labels, turned 270: 4 numbers for 270, 3 for 0, four
# label squares read I only upright or upside down) was read turned 0 (2 wrong, 2 phantoms) and
# now has 180 and 270 as rivals (its squares unknown); no other board's reading changed. With a
# letter model trained with 'not a letter' blanks (requests.md, models 04:43) 53117 board-047
# (11 tiles turned 270) read turned 180, settled on label N/Z reads: now 270 is its rival.
# a frame converted to BGRA to be warped (BoardReader._rectified) has at most this many pixels: converting
# costs 0.54 ns of one core a frame pixel and saves 5.6 ns a board pixel (736 x 736) in the warp, even at
# 5.6 million (a scrabscrap-v1 frame, 2.3 million: 1.2 ms against 3.0 saved); larger frames are warped as
# they are, nor held again in four channels (a 12-megapixel phone photo: 48 MB)
FOUR_CHANNELS_MOST = 4_000_000
THUMB = 8  # px per cell of the thumbnail that tells which cells changed since the last frame
CHANGE_LEVEL = 6.0  # mean grey-level change of a cell that makes it read again
# ... but a tile's letter swapped for another in place (a challenged word taken back and another laid)
# can stay under that mean: rendered swaps of alike letters (E/F, O/Q, C/G, P/R, I/T..., render_frame
# seeds 1900-1939 with the same seed before and after, 280 squares) moved it 1.1-17.5, median 4.8, 161
# of them under CHANGE_LEVEL (the T -> R of tests/test_vision_reader.py: 4.9). So a cell is also read
# again when more than PIXEL_SHARE of its middle (PIXEL_INSET px in from its edges) moved over PIXEL_MOVE
# grey levels: the swaps under CHANGE_LEVEL (those 161 and 113 of 210 from seeds 2900-2929) moved
# 0.028-0.235 and 0.012-0.204 of it; the same tile on consecutive scrabscrap-v1 photos under
# CHANGE_LEVEL (1395 squares) none in half of them, 0.052 at the 95th percentile (read again: time only)
PIXEL_MOVE = 30
PIXEL_SHARE = 0.004
PIXEL_INSET = 6
# A letter read this surely settles that the square holds a tile, whatever the occupancy
# model says of its colour, on the squares where letters are read at all (tile probability
# over LETTER_FROM). On 270 rendered training frames (seeds 1008-1010) no empty square or
# blank the occupancy model gave a tile probability over 0.05 carried a glyph read this surely
# (8 empty squares, 1 blank), while 12020 of the 12220 tiles did (4 of them a wrong letter);
# the glyphs read surely on empty squares (18 of 48046, premium-square print) all sat on
# squares the model gave under 0.01. With an earlier occupancy model 198 empty squares fell
# between 0.05 and 0.2, and none of them carried such a read either.
LETTER_DECIDES = 0.99
LETTER_FROM = 0.05
# A tile whitened by glare the occupancy model takes for an empty square: under a strong spot a tile's edge and
# letter fade and its colour goes pale, as an empty square's does under glare (round 25's measuring seed 222222
# board-037: red wooden tiles on the German board's green squares under a spot, 19 read empty at 0.56-0.996, the
# worst loss: never asked). Its colour tells it where the tiles' colour is unlike the squares': it is the tiles'
# colour as the light leaves it (vision.cells.lit_colours: its BGR times a gain LIT_SHADE[0] to LIT_SHADE[1], the
# renderer's shadows (down to 0.6) and sunlit patches (up to 1.35, vision.synth.effects.cast_shadow), then mixed
# toward white by glare) and not its premium type's empty colour so lit. So a square the occupancy model calls
# likeliest empty or covered, within GLARED_NEAR Lab of the tiles' lit colours and GLARED_APART times as far (1 Lab
# at least) from its type's, on a board whose tiles' colour is GLARED_COLOURS_APART Lab from that type's lit
# colours, has its letter looked for (plain and boosted, as a likeliest tile's) and is never a sure empty: a tile
# with its letter read at LETTER_DECIDES (or beside its number: _numbered_letters), else unknown (asked). The
# type's empty colour here is expected_empty's with distances from the tiles' lit colours (the whitened tiles were
# the farthest by Lab: the occupancy features' own, which the model learnt, stay). Measured on the start tree's
# readings (per-square tables, /tmp/vglare/collect.py, /tmp/vglare/anal7.py) of 300 rendered boards (dev seeds
# 134094, 134095, 222222, and 737001, 737002: 60 boards each of tiles the colour of one of the board's squares under
# glare, /tmp/vglare/gen_same.py) and of jheidel-en and scrabscrap-v1: of the 2937 and 711 empty squares (all the
# latter jheidel-en's) called empty or covered within 3 Lab of the tiles' lit colours, those on boards whose tiles
# are 18 Lab from their type's lit colours are at most 3.36 (rendered: 134094 board-049) and 2.87 (jheidel-en) times
# as far from those; nearer, squares are up to 4.32 (222222 board-015, 11.8 apart) and, on a real photo, 5.09 times
# as far (jheidel-en IMG_20141025_163920 (2,13), a plain square 14.2 apart: asked with a bound of 10, the board no
# longer exact), and up to 11.3 on boards of tiles the very colour of a square (737002 board-026, 2.9 apart). Of the
# 47 tiles read empty within 3 Lab, 20 pass (17 of board-037's 19, 5.4-13.1 times as far, 21.4-22.0 apart; 3 on
# 737001/2, 18.6-27.3 apart); left: board-037's two under the spot's peak (4.5 and 4.7 times as far), three 17.5
# apart or less.
LIT_SHADE = (0.6, 1.35)
GLARED_NEAR = 3.0
GLARED_APART = 5.0
GLARED_COLOURS_APART = 18.0
# A tile faded less (its colour nearer the tiles' lit colours than its type's empty colour so lit, but under
# GLARED_APART times as far), or one the first occupancy pass called a tile over LETTER_FROM before the tiles' colour
# was known, has its letter looked for (plain, not boosted as a glared square's: boosted, rendered seed 82022
# board-004's "DOUBLE WORD" label, a first pass's tile, read W 0.997, a phantom; on the measuring seed 239239 one frame
# boosted 64 faded squares; read plain the 480 dev boards below read the same as boosted), and is never a sure empty
# where a letter is found on it (read at LETTER_DECIDES, else asked); with no letter found
# it stays empty, as the many empty squares so near the tiles' colours show none. Round 27 (helper "vmissed", dev
# seeds 134110, 134111 and vunread4's renders of 134096, 134104, 134105: 480 boards; /tmp/vmissed/dumpocc.py,
# anal3.py): of 971 empty squares called empty or covered within GLARED_NEAR of the tiles' lit colours on boards
# GLARED_COLOURS_APART, 33 are as near those as their type's (ratio 1.0-4.1; median 0.35, 99 % 2.13), the tiles read
# empty there 1.37-4.75 (x134096 board-078's E, x134105 board-073's two E's; vunread4's 233233 board-020's I 1.63);
# 158 empty squares and 2 tiles were the first pass's tiles and no longer the second's (x134104 board-060's R: tile
# 0.46, then 0.05, its letter R 1.0 never read). Every square of the 480 boards read by both trees
# (/tmp/vmissed/cmp2.py): 4 change, all tiles read empty: x134096 board-078's E and that R read right, 2 asked; no
# empty square made unknown or a tile. Letters are looked for on about 0.45 more squares a frame (at most 23).
FADED_APART = 1.0
# A square the occupancy model calls covered that shows a letter read at the kiosk's bar is no part of a hand's patch
# (_decide_covered; LETTER_DECIDES before): a dark board under glare whose green tiles it called covered at 0.39-0.73
# (rendered dev seed 128069 board-168) held I's and an O read at 0.93-0.99 among the letters read surely, and those
# six squares (five I's, an O) with a blank among them made a patch of a hand's size: 17 tiles, their letters read
# at 0.93-0.99997, were asked. Dev seeds 128069 (180 boards) and 128070 (60) (/tmp/vunread2/dump.py, start tree 2072c61): of the squares
# called covered, 31 show a letter read at 0.8-0.99 (every one a tile, its letter right; 155 more at LETTER_DECIDES,
# all right); the 22 frames with such squares read with this bar move 20 squares, all from asked to right (board-168's
# 17 tiles and its blank, found by its face once the patch is gone; the rest FACE_LOOKED's). On the six frames with
# hands of 128070 drawn with `--hands` (149 squares under a hand) no square reads otherwise: the squares beside a
# hand's patch stay covered whatever their letters
LETTER_IN_VIEW = DEFAULT_MIN_CONFIDENCE
# A letter read from its plain ink under LETTER_SURE_ALONE is read again from its strokes alone; when they
# read another letter at LETTER_DECIDES the square's letter is unknown (_letters_agree). Measuring seed
# 141141 board-015: a light G on a dark wooden tile under glare, whose plain ink took in the tile's lit
# corner as a tail, read Q 0.9931 (strokes: G 0.9998), the one confident-wrong square of 300 boards. On
# dev seeds 98038, 99039, 93033, 94034 (240 boards, /tmp/lead18/twoways.py) 1447 of the 9911 letters read
# from plain ink at LETTER_DECIDES fell under 0.999, all right, and their strokes read no other letter.
LETTER_SURE_ALONE = 0.999
# NUMBER_AS_TAIL (no constant of its own: LETTER_DECIDES, the kiosk's bar; _number_as_tail): a letter read from its
# plain ink at LETTER_DECIDES (LETTER_SURE_ALONE too) on a window whose value number is not seen apart from the letter
# (vision.value.number_aspect: none) is read again from its strokes; where they read another letter at LETTER_DECIDES
# and the darker ink reads that letter at the kiosk's bar, the square is unknown: the number ran into the letter and
# the plain ink (and the hairlines, which keep it too) read the two as one glyph. Round 35 (helper "vviewq35"):
# jheidel-en IMG_20151016_165412 through --tilt 12 --scale 0.45 --turn 101, the D at upright (7, 6) whose 2 touched its
# lower right corner (vision.value.without_joined_number's thinned 2 starts a pixel inside the D's box, so it is not
# painted over), plain Q 0.9998, hairlines Q 0.997, strokes D 0.997, darker D 0.981, boosted D 0.967, filtered D
# 0.969: read Q 1.000. Dev evidence: vision/MEASUREMENTS.md, round 35, helper "vviewq35". Round 40 (the lead): strokes
# that keep a stub of the number only lean to the other letter (their top letter, under LETTER_DECIDES); the strokes of
# the window median-filtered (DENOISE_PX), which drop the stub, then stand in for them. Dev seed 383383 board-077
# (10, 5), a bold G whose 2 touched its spur (tilt 17, turned 90): plain Q 0.9966, strokes G 0.59, filtered strokes G
# 0.9999, darker G 1.000: read Q 0.997, the one confident-wrong square of the seed's 100 boards, now asked. Round 41
# (the lead): strokes that read the plain ink's own letter under LETTER_DECIDES do not decide either. Dev seed 134351
# board-049 (10, 7) through --tilt 15 --scale 0.6 --turn 45, a G whose 2 touched its spur: plain Q 0.9993, strokes Q
# 0.937, filtered strokes G 1.000, darker G 0.9999: read Q 0.999 (dev evidence: vision/MEASUREMENTS.md, round 41)
# DARKER_INK (no constant of its own; vision.glyph.DARK_INK): a letter read from its plain ink at the kiosk's bar but
# under LETTER_DECIDES is read again from its darker ink; when that reads another letter at LETTER_DECIDES and the
# strokes with their hairlines do not read the plain ink's letter at the kiosk's bar (HAIRLINES_KEEP), the square is
# unknown (_darker_agrees). Rendered dev seeds 134089 board-031 (5, 7) and 134106 board-049 (6, 3): blurred G's whose
# plain ink's level filled the mouth, read O 0.803 and 0.864 (the confident-wrong letters of those seeds); darker G
# 1.0 and 0.999, hairlines O 0.756 and 0.712. Of 134089 board-039's 23 such letters (a blurred condensed serif face,
# all right) the darker ink read another on 8 (B as H 0.998 and 0.97, E as I 0.54-0.98, F as I 0.68, R as H 0.887),
# one of them at LETTER_DECIDES (the B, its hairlines B 0.95: kept) (/tmp/vdoubt/simdark2.py). Dev 134104 board-079
# (6, 5): an O under a glare gradient whose plain ink showed no letter (read from its strokes by glyph_image, O
# 0.985): its darker ink lost the lit side, C 0.991; a letter whose plain ink shows none was not doubted. Round 28
# (helper "vletters"): the lead's round-27 measuring seed 237237 board-036 (1, 4), a W whose plain ink ran into the
# tile's frame (no letter), its strokes H 0.886, darker W 0.999, hairlines none: read H 0.885. So a letter the plain
# ink shows none of is doubted too, and kept where its window median-filtered (DENOISE_PX) reads it at the kiosk's
# bar: board-079's O (filtered O 0.915) is kept, the W (filtered: no letter) asked. And the hairlines keep the plain
# ink's letter only where the strokes do not read the darker ink's at LETTER_DECIDES too: dev seed 134128 board-012
# (7, 5), a light C on a dark tile, plain G 0.822, hairlines G 0.851, strokes C 0.99, darker C 1.0: read G 0.822, now
# asked; board-039's B (strokes B 0.851) is kept as before
# HAIRLINES_RIVAL (no constant of its own: LETTER_DECIDES, _hairlines_agree): a letter the plain ink shows none of
# (glyph_image read the strokes) read at the kiosk's bar but under LETTER_DECIDES, whose strokes with their hairlines
# kept read another letter at LETTER_DECIDES, is unknown: the strokes' mask keeps a letter's thick strokes alone and
# can lose the thin part that tells it (a serif J's hook). Round 28's lead's measuring seed 243243 board-005 (7, 7):
# a serif J whose plain ink ran into the tile's frame, strokes I 0.802 (the stem), hairlines J 0.996, darker I 0.451:
# read I 0.979. Its value 8 did not object: I and J both print one digit (vision.value tells one digit from two
# only), and the 8 is 3 x 4 px in the hairlines' mask (0.12 of the letter's height) and joined to the frame in the
# plain ink. Dev (round 29, every square of 134112, 134128, 134129, 134144, 134145 (60 boards each), 243243, 255255
# (100 each) and 257257 (60), both trees, /tmp/vwrong29/dumpfire.py and cmp.py): it took out that J alone.
# FILTERED_RIVAL (no constant of its own: LETTER_DECIDES, DENOISE_PX, _hairlines_agree): such a letter (the plain ink
# shows none, read at the kiosk's bar but under LETTER_DECIDES) whose window median-filtered reads another letter at
# LETTER_DECIDES is unknown too. Round 30's lead's unused seed 284284 board-074 (6, 4): a T on a dark tile whose plain
# ink took in the tile's face (no letter), its strokes Y 0.812, hairlines no glyph, darker T 0.640, filtered T 1.000
# (its filtered strokes: the filtered plain ink shows no letter either; filtered hairlines T 0.992): read Y 0.812.
# HAIRLINES_MARK (no constant of its own: MARK_SURE, _hairlines_agree, _hairlines_mark): such a letter (the plain ink
# shows none, read at the kiosk's bar but under LETTER_DECIDES) whose strokes with their hairlines kept read 'not a
# letter' at MARK_SURE, and whose window median-filtered (DENOISE_PX) shows no letter either (no glyph, or 'not a
# letter'), is unknown: the strokes' mask can make a letter of a blank's faint logo. Round 33's dev seed
# 327327 board-047 (4, 10): a bullseye blank (a ring with a dot, grey print on grey tiles on a grey board), plain ink
# no letter, strokes D 0.905 ('not a letter' 0.068), hairlines 'not a letter' 0.998, filtered 'not a letter' 0.50,
# darker no glyph: read D 0.923, as no mark rule looks at a square whose letter was read. MARK_SURE is the bar at
# which the mark rules take 'not a letter' as a mark. The filtered window's say: dev seed 288288 board-042 (9, 10), a
# right I 0.983 (strokes), hairlines 'not a letter' 0.9997 but filtered I 0.993 (hairlines alone asked it). Dev evidence:
# the round-33 entry of vision/MEASUREMENTS.md.
# PLAIN_HAIRLINES (no constant of its own: LETTER_DECIDES, DENOISE_PX; _hairlines_agree's `shown`): any other letter
# read at the kiosk's bar but under LETTER_DECIDES (from its plain ink, or its strokes echoing it) whose strokes with
# their hairlines kept read another letter at LETTER_DECIDES, in the window and in the window median-filtered, is
# unknown: the plain ink, the strokes and the darker ink can all lose a serif letter's thin strokes that the hairlines
# keep. Round 39 (helper "vtwin39"): 260260 board-048 (12, 2) through --tilt 15 --scale 0.6 --turn 45 drawn by the Pi's
# opencv-python 4.11 (tests/test_vision_vtwrong31.py's W; a twin of the CI's render): plain M 0.987, strokes M 0.98,
# darker M 0.998, filtered M 0.999, hairlines W 0.997, filtered hairlines W 0.995: read M 0.990 whichever libraries
# read it (the CI's render: plain W 0.724, DENOISED_HAIRLINES asks it). The filtered hairlines' say: dev seed 134306
# board-042 (9, 7), a right O 0.983 whose hairlines join its value 1 (Q 0.9999; the median filter breaks the join:
# filtered hairlines O 0.91): the hairlines alone asked it. Dev (134304-134309, 60 boards each, plain, --tilt 15
# --scale 0.6 --turn 45 and --tilt 10 --scale 0.38 --turn 300, both trees): no square changed by it. Dev evidence:
# vision/MEASUREMENTS.md, round 39, "vtwin39"
# HAIRLINES_TALLER: PLAIN_HAIRLINES' rival is no rival where the hairlines' glyph is taller than this times the letter's
# glyph: the hairline mask keeps the thin join of a value number to its letter, and the glyph it reads is the letter
# with its number (an O with its 1 read Q, a D with its 2 read Q). The serif W above: 1.04-1.07 of the M's height (its
# arms are no taller than its stems); dev 134306 board-042's O with its 1: 1.35; jheidel-en's Hasbro D with its 2
# (IMG_20151016_170324 and _170721 (7, 6), found by the must-hold bench, asked by the first version): 1.25 and 1.32
HAIRLINES_TALLER = 1.15
# FAINT_STROKES (no constant of its own: _hairlines_agree's `faint`): a letter the strokes
# read surer than the plain ink read it, where the plain ink's reading was under the kiosk's bar, whose hairlines read
# another letter at LETTER_DECIDES is unknown: the plain ink and the strokes both lost a thin stroke the hairlines
# keep. Round 30's unused seed 276276 board-044 (11, 9): a W whose right arm printed thin, plain M 0.673, strokes M
# 0.991 (taken), hairlines W 1.000, darker M 0.31 / H 0.30 / W 0.26: read M 0.993. Dev (round 30, every square of
# round 29's measuring renders 259259-265265, 270270-272272 (100 boards each), jheidel-en and the two boards' folders,
# 1211 boards, both trees, /tmp/vwrong30/dump.py, dumpfire.py and cmp.py): the two rules took out those two letters
# alone (on 600 of those boards 25 letters were FAINT_STROKES' to check and 22 FILTERED_RIVAL's)
# ECHOED_STROKES (no constant of its own: the kiosk's bar, LETTER_DECIDES; _echo_refuted): a letter the strokes read
# surer than the plain ink read the same letter at the kiosk's bar, whose strokes with their hairlines kept read another
# letter at LETTER_DECIDES and whose darker ink does not read it at the kiosk's bar, is unknown: plain ink and strokes
# both lost a serif letter's thin strokes (a W's arms: M), the hairlines keep them, and the darker ink does not second
# the letter. Round 32's 300300 board-060 (8, 7) through --tilt 11 --scale 0.5 --turn 340: a condensed serif W, plain
# M 0.890, strokes M 0.999, hairlines W 0.999, darker M 0.638: read M 0.999. The hairlines alone do not refute (round
# 32, vroute32: FAINT_STROKES reaching these letters asked six right D's of jheidel-en's 2015 session, whose darker ink
# reads D). Dev evidence: vision/MEASUREMENTS.md, round 33, helper "vwrongcam33"
# DARKER_FAINT (no constant of its own: _darker_agrees' `faint`): DARKER_INK reaches the strokes' letters read where
# the plain ink's reading was under the kiosk's bar (`faint`, as FAINT_STROKES): round 32's 301301 board-063 (2, 8)
# through --tilt 17 --scale 0.45 --turn 195, a G, plain O 0.759, strokes O 0.866, hairlines O 0.650, darker G 0.999.
# PAINTED_CHECKED (no constant of its own: _read_without_joined_numbers): that G's value number ran into its letter,
# and its window read again with the number painted over took O 0.908 with none of the checks of the squares read,
# putting back the O the darker ink had taken out: the painted window is read with every check now
# BOOSTED_RIVAL (no constant of its own: the kiosk's bar, LETTER_DECIDES, FAINT_GAIN; _boosted_agrees): a letter the
# plain ink shows none of (glyph_image read the strokes) whose window with its detail boosted (_boosted) reads another
# letter at the kiosk's bar (at LETTER_DECIDES where the letter was read so) is unknown: two readings of one window,
# each as sure, naming two letters. Round 33's dev boards through the bench's camera view: 308308 board-031 (3, 6)
# through --tilt 19 --scale 0.38 --turn 250 (23 px a square), a light O on a dark tile beside its value 1, plain ink
# none (glyph_image's strokes Q 0.811), hairlines Q 0.630, darker no glyph, filtered 'not a letter' 0.388 / Q 0.294,
# boosted O 0.968 (strokes O 0.988, hairlines O 0.973, darker O 0.971): read Q 0.808; 311311 board-053 (7, 12) through
# --tilt 13 --scale 0.36 --turn 10 (17 px a square), a G whose strokes' glyph is a piece of it (0.25 of the window's
# height): C 0.992, hairlines 'not a letter' 0.999, boosted G 1.000: read C 0.993
# LIFTED_CHECKED (no constant of its own: the kiosk's bar, OTHER_LETTERS; _as_reported): HAIRLINES_RIVAL,
# FILTERED_RIVAL, HAIRLINES_MARK, FAINT_STROKES (_hairlines_agree) and BOOSTED_RIVAL (_boosted_agrees) look at the
# letters read at the kiosk's bar; a letter read under it whose share with 'not a letter' left out reaches
# 1 - OTHER_LETTERS is reported at that share by _cell_reading (SURE_TILE's lift), past the bar, having had none of
# those checks. They now look at every letter _cell_reading may report at the bar. Round 35 (helper "vwrongcam35"):
# 315315 board-080 (12, 4) through --tilt 18 --scale 0.55 --turn 160, a serif J whose plain ink shows no letter,
# glyph_image's strokes I 0.796 ('not a letter' 0.185), hairlines J 0.998, boosted J 0.9997: read I 0.977 (the lift),
# HAIRLINES_RIVAL's own case of round 28 (I 0.802) 0.006 under the bar; at their true corners (a club's configured
# corners) through the view, 134214 board-028 (6, 11) through --tilt 20 --scale 0.42 --turn 230, an O, strokes Q 0.629
# ('not a letter' 0.355), boosted O 0.973: read Q 0.975, and 134215 board-093 (8, 8) through --tilt 8 --scale 0.35
# --turn 20, an A, strokes J 0.749: read J 0.989. Dev (447 rendered boards at their true corners, six views; 186
# letters newly looked at): those two squares changed, both wrong -> asked, no right letter asked. No threshold of its
# own: the bar and SURE_TILE's own lift. Dev evidence: vision/MEASUREMENTS.md, round 35, helper "vwrongcam35"
# BOOSTED_OUTVOTED (no constant of its own: LETTER_DECIDES; _boosted_agrees, _strokes_confirmed): a boosted rival asks
# nothing where the window's strokes with their hairlines kept and its darker ink both read the letter at
# LETTER_DECIDES: three readings of the window as it is agree surely against the one boosted, whose gain took in more
# than the letter (its glyph 0.43-0.52 of the window high against the strokes' 0.35-0.40: the tile's shaded edge made
# a T's bar a Y's arms). Round 33's right letters asked (helper "vasked35", round 35): 316316 board-095 (12, 5), a dark
# T on a grey tile, strokes T 0.9998, hairlines T 0.9999, darker T 0.9996, boosted Y 0.991; 330330 board-096 (9, 4),
# strokes T 1.000, hairlines T 0.9997, darker T 0.9999, boosted Y 0.997: asked, now read. BOOSTED_RIVAL's own cases
# are not outvoted (308308's Q: hairlines Q 0.630, darker no glyph; 311311's C: hairlines 'not a letter', darker no
# glyph), nor is 330330 board-051 (1, 7), a G beside its value 2 whose hairlines read Q 0.734 (the spur joined to the
# 2) as the boosted window does (Q 0.998): asked still. Dev evidence: vision/MEASUREMENTS.md, round 35, "vasked35"
# PAST_PRINT_HAIRLINES (no constant of its own: LETTER_DECIDES, _hairlines_rival): a letter the strokes read at
# LETTER_DECIDES where the plain ink read 'not a letter' (_letter_probabilities' strokes_past_print) is not taken
# where the strokes with their hairlines kept read another letter at LETTER_DECIDES, as HAIRLINES_RIVAL,
# FAINT_STROKES, SURE_TILE_HAIRLINES and DENOISED_HAIRLINES refuse the strokes' letters of the other paths: the
# strokes' mask keeps a serif W's two thick downstrokes and loses its thin arms (M 0.935 on round 31's 288288
# board-033, M 0.990 on 260260 board-048 through the camera view), so an M read at LETTER_DECIDES here would pass
# unchecked (the route round 31's vwrong31 left open). Round 32 (helper "vwrong32"): 1279 dev boards through the
# bench's camera view (seeds 287287-300300, tilt 8-20, scale 0.35-0.6, a turn each; /tmp/vwrong32/hunt2.sh,
# hunt3.sh, fire2.py): the check looked at 15 letters on 8 boards (O, G, O, G, D, U, C on one board), all their
# hairlines agreeing or showing no glyph: none refused, so no square changed; nor did any letter wrong at the kiosk's
# bar come this way there (the four boards found came by location, _unread_tiles and the strokes' letter surer than
# the plain ink's same one: tests/test_vision_vwrong32.py)
# DARKER_STEM (no constant of its own: the kiosk's bar): where the darker ink's other letter is I, the plain ink's
# letter is kept as a letter the plain ink shows none of is (its window median-filtered, DENOISE_PX, reads it at the
# kiosk's bar): the darker level keeps a serif letter's thick stem and drops its thin arms and serifs, so its I is
# no other letter but a part of this one (DARKER_INK's board-039: E and F read I by the darker ink). Round 29 (helper
# "vasked"): the lead's round-28 seed 242242 board-083 (5, 9) and (10, 7), clear serif L's on a dark tile, plain L
# 0.822 and 0.966, darker I 0.990 and 0.994, filtered L 0.947 and 0.997: asked, now read. Of every letter
# _darker_agrees took out of the squares read on the dev boards (vsmall/m248248, vsteep/m246246, vrot/m249249,
# vletters/m252252, vrough/m254254, lead28/m/r242242 (100 boards each), 134148, 134149 (60 each);
# /tmp/vasked/dark.py) those two were the only ones the darker ink read I
# A letter not read at the kiosk's bar is read again from its window median-filtered over DENOISE_PX px
# (_read_denoised): the sensor noise of a small blurred board breaks low-contrast print into specks. Rendered dev seed
# 134104 board-049 (a board 0.35 of the frame, dark print on reddish wooden tiles, glare, blur 1.5): 11 tiles asked,
# their plain ink 'not a letter' or a letter under 0.6; filtered 3 px, G 0.9998, I 0.949, E 0.928, T 0.986 (its plain
# ink Y 0.47: another letter, not taken under LETTER_DECIDES), F 0.919 and E 0.972 (no letter found: not taken), none of
# its 68 tiles and blanks read another letter at the kiosk's bar filtered (/tmp/vunread4/denoise.py; a Gaussian blur,
# sigma 1, read the G as no letter and those E's at 0.65 and 0.70). Dev seeds 134096, 134104, 134105 (boards 0-119
# each, every square read by both trees, /tmp/vunread4/dump.py and cmp.py, start tree f13fc3c): 7 squares change, all
# on board-049, 3 from asked to right (G 1.0, I 0.747, E 0.865), 4 right letters read surer (0.76-0.98 to 0.87-0.99);
# no other square of the 360 boards.
# The value number's say (vision.value) is not asked again of the filtered reading: board-049 (8,4)'s E (plain 0.769,
# filtered 0.871), whose noisy 1 reads two digits wide (aspect 2.2), went to Z 0.45 under it and was then taken out
DENOISE_PX = 3
# DENOISED_PLAIN (no constant of its own: _plain_letter_in_place): the median filter mends the plain ink's specks.
# Where a letter was found unfiltered (read under the bar), _read_denoised takes the filtered reading only where the
# filtered window's plain ink shows a letter (else it is the strokes' reading of the glyph the unfiltered strokes read
# under the bar, made surer by the filter alone); where none was found, a letter the filtered plain ink shows only
# within STROKES_OFF_CENTRE of where letters sit (as _no_stray_strokes holds a letter read from strokes alone). Rendered round-28 measuring seeds (looked at in round 29): 255255
# board-075 (10, 4), a serif W whose strokes took in the tile's left edge joined to its serif, strokes M 0.65 / W
# 0.22, filtered M 0.999 from the filtered strokes again (its filtered plain ink ran into the tile's frame too):
# read M 0.9998; 257257 board-030 (0, 8), an empty top-row square under a shadow (covered 0.55), plain ink the grid
# line at its left side ('not a letter' 1.0), filtered read I 0.999 with its box 0.36 of the window off: a phantom
# tile. Where the window unfiltered showed no letter the filtered strokes' letter stays taken: dev seed 134145
# board-002 (7, 9) and board-059 (6, 12), thin I's whose plain ink reads 'not a letter' (0.76, 0.88) and whose
# filtered plain ink shows no letter, are read only so (a first version that asked the plain ink's letter there too
# asked both). Dev (as HAIRLINES_RIVAL's): the W and the phantom change, and 134145 board-059 (2, 13), an R read
# 0.999 from its filtered window, now 1.0 from its darker ink (_read_darker); no other square
# DENOISED_HAIRLINES, DENOISED_MARK (no constants of their own: LETTER_DECIDES, MARK_SURE; _denoised_refuted): the
# filter that mends specks also merges thin strokes and blurs points, so a filtered letter taken where none or another
# was found unfiltered is refused where the window unfiltered refutes it: its strokes with their hairlines kept read
# another letter at LETTER_DECIDES (as HAIRLINES_RIVAL and SURE_TILE_HAIRLINES refuse a strokes' letter), or, where
# no letter was found, its plain ink and its strokes both read 'not a letter' at MARK_SURE (the readings _a_mark
# takes a blank's mark by; the thin I's above read 'not a letter' 0.76 and 0.88 plain). A refused filtered reading
# has no say in _read_darker either. Round 31 (helper "vtwrong31"), rendered boards through the bench's camera view
# (--tilt 15 --scale 0.6 --turn 45, about 24 px a square): 260260 board-048 (12, 2), a serif W, plain W 0.724,
# strokes M 0.990, hairlines W 0.999, filtered M 0.999 (the arms merged): read M 0.9995, now asked; 293293 board-047
# (3, 9), a light star blank on a purple tile, plain ink, strokes and hairlines 'not a letter' 1.000, filtered
# strokes A 0.991: read A 1.0, now a blank. Dev evidence: vision/MEASUREMENTS.md, round 31, helper "vtwrong31"
# DARKER_READS (no constant of its own: LETTER_DECIDES): a letter still not read at the kiosk's bar after
# _read_denoised is read from its darker ink (vision.glyph.dark_ink_mask), and taken where that reads a letter at
# LETTER_DECIDES that the plain ink's or the filtered reading's likeliest letter is too (_read_darker): the plain ink's
# level took in a blurred or faint letter's surroundings. Round 28 (helper "vletters"): round-27 measuring seeds
# 234234 board-027 (4, 7), an M on a navy tile, plain M 0.664, filtered M 0.617, darker M 0.992, and 240240 board-065
# (4, 9), an I, plain 'not a letter' 0.90, filtered I 0.986, darker I 0.998: both asked, now read. STROKES_CONFIRMED:
# where the strokes read another letter than the plain ink at LETTER_DECIDES (TAKEN_ALONE's overrule), the strokes'
# letter is taken when their hairlines and the darker ink read it at LETTER_DECIDES too (_strokes_confirmed): 235235
# board-041 (10, 7), a J whose plain ink ran up into the tile's top edge, T 0.939, and J 1.0 by the three others:
# asked, now read. BLANK_LETTERED: a square the occupancy model calls a blank whose plain ink (not median-filtered: a
# real blank's filtered window can read a letter, scrabscrap-v1 spiel-13 board-18 (8, 4) I 0.997) and darker ink
# read one letter at LETTER_DECIDES, with a value number seen low and right of it (vision.value.number_aspect: a blank
# prints none; value_number_sides misses a number near the window's rim), is that tile (_lettered_blanks; letters
# with an accented twin in the tile set left out): dev seed 134112 board-038 (8, 3), an L beside its 1 called a blank
# at 0.999, now L 1.0. Dev (every square of 134112, 134128, 134129, 237237 (60 boards each), 239239 (100), 134089 and
# vunread4's x134104 (60 each), both trees, /tmp/vwrong/dump.py and cmp.py): see round 28's vletters entry in
# vision/MEASUREMENTS.md for every square these rules changed
# TAKEN_ALONE (no constant of its own: the kiosk's bar, DEFAULT_MIN_CONFIDENCE): a letter its plain ink reads
# at the kiosk's bar, which the kiosk would take alone, whose strokes read another letter more surely, is
# unknown (asked) rather than the strokes' letter: two readings each good enough to be taken disagree. Seed
# 177177 board-009 (13,5), rendered with the round-19 final measuring seeds and looked at: a blurred W on the
# bottom row, plain W 0.984, its strokes framed by the tile's edges M 0.995, read M. On dev seeds 150150-154154,
# 141141, 131131 and 109049 (480 boards, every square dumped, /tmp/lead18/dump.py) no square reads otherwise
# (helper vmark counted 6 squares there whose strokes replace another plain letter, all right: none is asked)
# ... and one the strokes read in place of another letter of the plain ink, under the kiosk's bar there, is taken
# only at LETTER_DECIDES: glare set g123263 board-027 (3,5) (/tmp/vwrong/r22/glareset.py, frames drawn as vision.synth
# dataset draws them, with glare, on a yellow board; round 22's dev set): an M on a navy tile under glare, blur 1.6,
# plain M 0.597 and H 0.363, its strokes H 0.882, read H 0.88. On dev seeds 123063, 123164, 123165 and part of 123064
# (/tmp/vwrong/r22/overrule.py, start tree) three squares' strokes read another letter more surely than their plain
# ink, every one's plain ink at the kiosk's bar (TAKEN_ALONE's already), none under it
# STROKES_SECONDED (no constant of its own: the kiosk's bar, LETTER_DECIDES; _strokes_seconded): ... unless the darker
# ink (vision.glyph.dark_ink_mask) reads the strokes' letter at the kiosk's bar and it or the strokes with their
# hairlines kept read it at LETTER_DECIDES, and the hairlines read no other letter at LETTER_DECIDES: a reading of
# another kind of ink seconds the strokes surely (STROKES_CONFIRMED asks both at LETTER_DECIDES where the strokes
# read there themselves). The darker ink is asked always, so the strokes and their hairlines (one mask and its thin
# strokes) never second each other alone. scrabscrap-v1 through the bench's camera view at --tilt 20 --scale 0.4
# --turn 30 (about 35 px a square), round 32 (helper "vgerman32"): board-neu warp-14 (10, 6), a Ü whose plain ink
# closed the U's opening under its dots, plain O 0.497, strokes Ü 0.976, hairlines Ö 0.870, darker Ü 1.000; spiel-12
# board-17 (7, 4), a Q whose tail blurred, plain G 0.497, strokes Q 0.985, hairlines Q 1.000, darker Q 0.970: both
# asked, now read. Not seconded: rendered 288288 board-033 (5, 7) through --tilt 15 --scale 0.6 --turn 45, a serif W,
# plain W 0.361, strokes M 0.956, hairlines M 0.994, darker M 0.515. Dev evidence: vision/MEASUREMENTS.md, round 32,
# helper "vgerman32"
# HAIRLINES_KEEP (no constant of its own; vision.glyph.HAIRLINES): where the strokes read another letter than the plain
# ink (TAKEN_ALONE's overrule, _letters_agree), a third reading decides: the strokes with their hairlines kept. When it
# reads the plain ink's letter at the kiosk's bar, the strokes lost the hairlines of a blurred serif face (an E's arms:
# L; a P's bowl: I; an S's spine: N) and the plain ink's reading stands. The lead's round-25 dev seed 134089 board-039
# (vintage board, cream condensed-serif tiles, blur 1.5): 7 clear tiles asked, their plain ink E, P, W, S at
# 0.85-0.996, their strokes L, I, M, N at 0.94-1.0; the hairlines read E, E, E, P, S at 0.93-0.9999 (the W M, the E
# its plain ink reads 0.68 stays asked). Dev seeds 134089, 134096, 134097 (60 boards each, /tmp/vletter/dump2.py, start
# tree): of the 17 squares whose strokes read another letter more surely than their plain ink, or whose plain ink read
# at LETTER_DECIDES, the hairlines read the plain ink's letter on 16, every one right (the W the other). Where the
# strokes were right (141141 board-015, a G whose plain ink took in its tile's lit corner as a Q's tail) the hairlines
# read G 1.0: the Q stays out
# A letter whose share of the letters is under LETTER_DECIDES is read again from four windows cut STEADY_SHIFT of
# a cell off its square (left, right, up, down), each as the square was read (_squares_letters); where any of
# them reads another letter at the kiosk's bar, the letter hangs on where the square is cut, not on the pixels,
# and the square is unknown (_steady_letters). Round 19's measuring seed 179179 board-033 (a board at 0.39 of the
# frame, 40 px a cell in the frame, navy tiles, serif font, blur 1.4; placed 0.06 cells off): E read L 0.925, E
# read I 0.893 and P read I 0.823, each read right at the true corners; a window 0.03 cells off reads E, E, P at
# 0.85-0.997. Rendered dev seeds 113053 and 114054 (60 boards each) read as rendered and shrunk by vision.bench's
# --scale 0.4, 0.35 and 0.3 (/tmp/vsmall/shift.py: every letter read, read again from windows cut 0.03 and 0.06
# cells off): 12 letters read wrong at the kiosk's bar (9 at --scale 0.3, 3 at 0.35), at 16-25 px a cell in the
# frame; 0.03 cells off read another letter on 7 of them (0.06 off: 4) and on 9 of the 18,889 right ones (0.06
# off: 11), on 2 of the wrong ones at the kiosk's bar (J and L read I, 113053 board-017 at --scale 0.3). The
# other reading must reach the kiosk's bar: jheidel-en IMG_20151016_170324's O (0.97; 44 px a cell) read D 0.687
# in one shifted window (with any other letter: asked); the L read I and the E read F of 113053 board-009 at
# --scale 0.3 read T 0.663 and E 0.785 there (left wrong)
STEADY_SHIFT = 0.03
# ... only on a board the frame gives fewer than CELL px a square (STEADY_BELOW_PX, the mean side of its corners
# / 15): a larger one is read from more pixels than the letter window has. There the check took out no letter:
# dev seeds 113053 and 114054 as rendered, 113 boards at 48-90 px a cell (/tmp/vsmall/cmp.py, every square the
# same as without it), and scrabscrap-v1 spiel-10..13 followed (49 frames at ~88 px a cell: 64 letters checked,
# none taken out, 6.1 ms a frame, 11.5 % of a followed frame's CPU; /tmp/lead20/steadyshare.py, steadycost.py);
# every letter it took out was at 16-40 px a cell (the two above at 16 px, 179179 board-033 at 40)
STEADY_BELOW_PX = CELL
STEADY_SHIFTS = ((STEADY_SHIFT, 0.0), (-STEADY_SHIFT, 0.0), (0.0, STEADY_SHIFT), (0.0, -STEADY_SHIFT))  # cells (x, y)
ACCENTED = {"A": "Ä", "O": "Ö", "U": "Ü"}  # a bare letter whose accented twin is in the tile set
# a bare letter and its twins with one mark above (ring, acute, dot, caron, tilde): blur can take
# the mark out of the ink mask and leave the bare letter, read surely (rendered Polish boards,
# seed 880088 with --boards 40: 9 of 1715 tiles, Ó Ś Ć Ź Ż Ń read bare at >= 0.9). Such a read
# of a set with the twin is only sure when no blob above the letter scores over MARK_ABOVE
# (bare O N S C Z there: 95 % under 0.11; the nine lost marks 0.14-0.2)
MARKED = {"A": "Å", "O": "Ó", "N": "ŃÑ", "S": "ŚŠ", "C": "ĆČ", "Z": "ŹŻŽ"}
MARK_ABOVE = 0.12
# A blank marked with its maker's logo or a star: the occupancy model calls it a tile (its mark is
# ink), and the letter model calls the mark 'not a letter', so it had no letter and was unknown. A
# square the occupancy model gives at least SURE_TILE as a tile, whose plain ink the letter model calls
# 'not a letter' at least MARK_SURE, is a blank; but only while there are no more such squares than the
# tile set has blanks (print taken for tiles over a whole board is then no blank). Rendered dev sets
# (vision.synth dataset --boards 50, seeds 70123, 614027, 777001: 150 boards): 49 marked blanks read
# 'not a letter' >= 0.99, 37 of them at tile >= 0.95; lettered tiles read 'not a letter' at 0.78 at most;
# the empty squares read so (premium labels on two boards whose print the occupancy model half takes
# for tiles) at tile 0.941 at most, one such square on its board. Seeds 86413, 90217, 53117 (150 more):
# empty squares read so at tile 0.895 at most (ten on one board), and one T at tile 0.997 read 'not a
# letter' 0.998 in its plain ink but a letter in its strokes: both readings must call it a mark
# MARK_COLOUR (no constant of its own): a marked blank also looks more like the tiles (the colour of the
# squares called tiles over 0.9) than like the empty squares of its premium type. Two '2L' squares of a
# vintage board with labels read as marks at tile >= 0.95 (seed 70517 board-039, two phantom blanks: a
# two-blank set's count did not stop them); they are their type's colour. On the six dev seeds above 196
# of the 254 blanks were found before this check, 189 after (tiles the colour of a premium square).
# The colours are compared by hue alone (Lab's a and b): glare whitens a square and shadow darkens it,
# its hue stays. Seed 88028 board-030 (cream board with labels, glare): two '2W' squares in a glare band
# were lighter than their type's empty squares, nearer the tiles in Lab (12.7 against 25.5) but not in
# hue (10.6 against 3.9), two phantom blanks. Dev seeds 88028, 82022, 79019, 68008 (240 boards, 54 sets
# of marked squares): by hue the two phantoms go and four blanks read right more (88028 board-038, white
# tiles on a classic board, and 68008 board-034, glare: one blank of each pair nearer its empty squares
# in Lab), no blank lost and no other reading changed; on the 53 other sets hue to the empty squares is
# 2.3 times hue to the tiles or more, 0.37 on the phantoms.
# The tile asked was 0.95 (MARK_TILE, from the empty squares above, read as marks at tile 0.941 at most,
# before the hue check): marked blanks under glare at tile 0.917 and 0.94 stayed unknown (rendered dev seed
# 105045 boards 020 and 021). Of the squares read 'not a letter' >= MARK_SURE plain and as strokes, their ink
# mark-shaped, on dev seeds 98038, 99039, 82022, 105045, 106046, 88028, 89029, 90030 (480 boards,
# /tmp/vblank18/markcol.py, start tree 1ac6030): at tile 0.9-0.95 9 blanks and nothing else (all 9 nearer the
# tiles by hue), at 0.95 and more 164 blanks and nothing else; the 21 empty squares and 4 dim tiles read so had
# tile 0.52 at most. So SURE_TILE, the unread tiles' own floor, is the tile asked
MARK_SURE = 0.99
# ... and the tile asked of a mark is the blank's own floor (MIN_CONFIDENCE, the mark's blank reported at its tile
# probability), not SURE_TILE: marked blanks on tiles the colour of the board's squares (green on the green board)
# were called tiles at 0.82-0.88 and asked. Rendered dev seeds 128069 (180 boards) and 128070 (60)
# (/tmp/vunread2/dump.py, start tree 2072c61, every square called a tile at 0.3-0.9 with no letter read): 69 squares,
# 4 of them marks (_a_mark), all blanks (tile 0.70-0.88; 128069 board-031 (2,5), board-083 (1,11), board-114 (12,7)
# which the face test found, 128070 board-050 (1,3) at 0.697, under the floor); none of the 55 empty squares and 8
# tiles among them. On the 480 boards named above the squares other than blanks read as marks had tile 0.52 at most
MARK_TILE = MIN_CONFIDENCE["blank"]
# MARK_ON_PLAIN (no constant of its own, _tile_coloured): MARK_COLOUR's test is against a premium square's own print
# (its label) read as a mark; a plain square prints nothing, so a mark on it passes whatever its hue. Where the tiles
# are the colour of the plain squares (cream tiles on a cream board, tan on tan) hue cannot tell a blank from its
# square: star blanks 0.8 and 5.1 from their plain squares' hue, 2.3 and 6.2 from the tiles' (rendered dev seeds
# 133077 board-039 (4,11), 133078 board-126 (5,4)), were asked. Of the squares read as marks at MARK_TILE on dev seeds
# 133077 and 133078 (480 boards, /tmp/vunread3/markcol.py, the blanks' count lifted; start tree e4dc055) 157 are
# blanks and one an S on a board with no tiles' colour (MARK_COLOUR gives none there); MARK_COLOUR dropped 6 blanks,
# 5 of them on plain squares (133077 board-037, board-039 with the premium one beside it, board-079's two; 133078
# board-126).
# A mark is as wide as it is tall: the ink of the 148 squares read as marks on dev seeds 70123, 614027,
# 777001 and 86413 (50 boards each; stars and logos) is 0.94-1.18 as wide as tall. A thin I on a slate
# tile read 'not a letter' >= 0.99 plain and as strokes, and became a blank at 0.991: 0.19 as wide as
# tall (seed 75555 board-005, measured once as an unused seed, the one confident-wrong square of 2021).
MARK_WIDTH = 0.5
# MARK_STROKELESS (no constant of its own, _strokes_not_a_letter): a small filled star leaves nothing to the
# strokes' filter, so its strokes hold no glyph at all; that is no letter against the mark (a letter's strokes hold
# one), so the plain ink's 'not a letter' decides, with the shape, number, colour and count tests as before. Such
# star blanks were unknown at 0.000 (dev seed 120060 board-008 (7,3) and board-019 (7,7)). Rendered dev seeds
# 120060-120065 (360 boards, /tmp/vblank/marks.py, every square with no letter read and tile >= 0.2 whose ink
# reads as a mark): 139 blanks, one lettered tile (its strokes 'not a letter' 0.999) and 4 empty squares (3 under
# SURE_TILE, 1 stopped by MARK_COLOUR); the 5 with no glyph in their strokes are all star blanks. vision.bench on
# 120060-120062: blanks 158/173 -> 161/173, no other count changed but the unread and exact ones with them
# ... and no wider than MARK_WIDEST of its height: a letter whose ink box took in the tile's own edge (the
# top and left sides of its rim, a light board's shadow) reads 'not a letter' surely, plain and as strokes,
# like a logo in a frame, and became a blank (rendered dev seed 94034 board-019, an F 1.36 as wide as tall,
# the one confident-wrong square of 60 boards). The squares read so on sure tiles of dev seeds 94034,
# 98038, 88028 and 89029 (240 boards, /tmp/vwrong/marks.py): the 91 marked blanks with an ink box 0.93-1.14
# as wide as tall (1.18 at most on the 148 above), that F 1.36, 26 empty squares whose premium print the
# occupancy model called tiles 1.41-1.8 (other checks stop those)
MARK_WIDEST = 1.25
# MARK_IN_PLAIN_INK (no constant of its own, _mark_shaped): the mark shows in the plain ink. Where the plain ink shows
# no letter, glyph_image reads the strokes alone, so the plain 'not a letter' and the strokes' are one reading, not
# two: a faint letter whose strokes' glyph the letter model doubts. Round 21's dev seed 120063 board-008 (6,10) (looked
# at in round 22): an A on a dark tile whose plain ink took in the whole tile, its strokes' glyph a piece of the
# tile's edge, 'not a letter' 0.9993, a blank at 0.97; dev seed 123064 board-043 (5,7) and (6,9): an A and a V faint on
# wood under glare, 'not a letter' 0.993 and 1.0, blanks at 0.93 and 0.97; the glare set g123263 board-026 (4,5) (see
# MARK_ONE_SHAPE) a B so, 1.0, a blank at 0.98. Of the marked blanks read right on dev seeds 123063, 123064,
# 123163-123165 (300 boards, /tmp/vwrong/r22/collect.py, start tree) one had no letter in its plain ink (123064
# board-014 (7,5), a star the board's dark lines in its window hid from the plain ink's level): now unknown
# MARK_IN_DARKER_INK (no constant of its own, BoardReader._darker_marks): where the plain ink shows no letter because
# its mask took in the tile's whole face (a dark or wooden tile on a light board: the centre's Otsu level falls between
# the face and the light board lines round it, 0.42-0.75 of the window inked), the mark may show in the darker ink
# (vision.glyph.dark_letter_ink, DARK_INK), and is taken there only where the letter model reads that ink 'not a
# letter' at MARK_SURE as well: a third reading, so the plain-and-strokes one reading MARK_IN_PLAIN_INK distrusts is not
# taken alone; the shape, number, colour and count tests as before. On round 31's 1640 dev boards (134155, 134156,
# 134167, 134168 (60 each), 259259-272272 (100 each); /tmp/vlogo31/coll.py, asked.py, cmp.py against the start tree
# 9c64a2b) 9 marked blanks were asked so; every square of both trees: 5 of them unknown -> blank (134156-041 (6,7),
# 260260-095 (6,7) and (12,8), 261261-018 (7,8), 268268-013 (4,10)), no other square changed. Two more now asked by
# MARK_NUMBERED (134167-031 (7,9), 261261-016 (7,9)), one whose darker ink reads a letter (134167-052 (12,10), 'not a
# letter' 0.35), one with no darker glyph (263263-053 (4,6)). The two lettered tiles of those boards whose plain ink
# shows no letter read 'not a letter' at MARK_SURE plain and as strokes (261261-027 (3,5) X, 134155-020 (9,9) E) hold
# no glyph in their darker ink either
# ... and it is one shape: a printed star is one ink component and a logo's ring holds its diamond, so one component
# spans MARK_ONE_SHAPE of the glyph's box's width and of its height (_one_shape); a letter whose box took in what lies
# beside it does not. Round 21's measuring seed 190190 board-015 (8,7) (looked at in round 22): an A whose box took
# in its tile's edge line beside it as a multi-letter tile's second letter (a speck of the line between them taken
# for L·L's dot) and two dashes of the board's line above it as accents, a box as wide as tall, the A 0.61 of its
# width, 'not a letter' 0.9996 plain and as strokes: a blank at 0.9999, the one confident-wrong square of 60 boards.
# Dev seed 123064 board-043 (5,7) and (6,9): an A and a V faint on wood under glare, their plain ink no letter, the
# strokes' glyph 'not a letter' 0.993 and 1.0, its biggest part 0.87 and 0.83 of its height: blanks at 0.93 and 0.97.
# MARK_SURE's squares on dev seeds 123063, 123064, 123163-123165 (300 boards, /tmp/vwrong/r22/collect.py, start
# tree): every one of the marked blanks' glyphs has one part spanning its whole box (1.0 and 1.0)
MARK_ONE_SHAPE = 0.95
# MARK_JOINED (MARK_HELD, _mark_ink): a mark the plain ink joins to other ink (a shaded band of its tile reaching the
# window's rim, the tile's outline round it, a light star whose window turned over is one component) leaves the plain
# ink no letter, and such blanks were asked (MARK_IN_PLAIN_INK): four of round 31's seven star blanks asked on dev seeds
# 287287, 288288, 290290, all unknown at 0.000 (287287 board-056 (9,8), board-098 (10,6), 288288 board-093 (7,7) and
# 290290 board-005 (7,7), two on the centre square), and 123064 board-014 (7,5) above. Their strokes show the mark
# alone. So where the plain ink shows no letter, the strokes' glyph is the mark's ink where it sits within
# STROKES_OFF_CENTRE of where letters sit (as _no_stray_strokes holds a strokes' letter) and the plain ink holds
# MARK_HELD of its pixels (the plain ink shows the mark, only joined); MARK_SURE in both readings, the shape
# (MARK_WIDTH, MARK_WIDEST, MARK_ONE_SHAPE) and MARK_NUMBERED as before. Every _a_mark call whose plain ink shows no
# letter with both readings at MARK_SURE on 1100 dev boards (seeds 281281-286286, 287287, 288288, 290290, 134171 and
# 134172, 100 boards each; /tmp/vstar31/dumplog.py, start tree 9c64a2b with the rule): 11 blanks, the strokes' glyph
# held 1.000 by the plain ink (10 of them 0.02-0.12 off, one an edge piece 0.32 off, 0.31 as wide as tall), 4 lettered
# tiles held 0.00-0.70 (286286 board-016's M 0.70, one shape, 0.62 as wide as tall, 0.06 off: only MARK_HELD keeps it
# out); the faint V of 123064 board-043 (6,9) MARK_IN_PLAIN_INK names held 0.88 (not one shape), its A of 120063
# board-008 (6,10) 1.0 (0.32 off, 0.14 as wide as tall). MARK_HELD lies between the letters' 0.88 and the marks' 1.0.
# Every square of the 1100 boards read by both trees: 7 blanks asked are read (five star, two logo blanks), no other
# changes
MARK_HELD = 0.95
# MARK_STROKES_APART (MARK_BOX_GROW, BoardReader._mark_strokes): where the plain ink shows the mark (a star read 'not a
# letter' at MARK_SURE) but the strokes' glyph lies apart from it (letter_box picked the tile's shaded edge, bigger
# than the star's strokes: a filled star wider than the strokes' filter leaves only its points), the strokes' reading
# is not of the mark, and such star blanks were asked: 288288 board-015 (5,5) (the strokes' glyph the tile's right
# edge, 'not a letter' 0.987) and 281281 board-063 (5,1) (its left edge, read I 0.887). There the strokes are read
# again on the window painted, outside the plain ink's box grown by MARK_BOX_GROW px (a blurred stroke's fringe), with
# the face's grey (the median of the px in that box that are not its ink); both read 'not a letter' 1.0 so at any
# growth 0-8 px (/tmp/vmark32/grow.py). Only a painted reading that finds a glyph replaces the strokes' one (painted
# windows whose strokes hold none are no MARK_STROKELESS case: the true tiles below lose their letters' strokes so).
# On the 1640 dev boards of round 31 (134155, 134156, 134167, 134168, 259259-272272; every true tile's upright window,
# /tmp/vmark32/census2.py) 5 lettered tiles and no blank have their plain ink 'not a letter' at MARK_SURE, the strokes
# under it and the two glyphs apart: painted, a D reads 'not a letter' 0.89, a T, an E, an R and an I hold no glyph
# (their letters lie outside the plain ink's box), and none is mark-shaped. Read by the reader (/tmp/vmark32/fire.py,
# every strokes' reading it changes) on 3840 dev boards (287287-301301 but 293293, 281281-286286, 134171, 134172 and
# the 1640 above): 2 squares change, both those star blanks, unknown -> blank (0.9999, 0.9966)
MARK_BOX_GROW = 2
# MARK_NUMBERED (no constant of its own, _numbered): a blank prints no value number, so ink read as a mark
# with a number in the tile's own place is a tile whose letter was not read (asked), never a blank.
# On the lettered squares of rendered dev seeds 150150-154154, 141141, 131131 and 109049 (480 boards,
# /tmp/vvalue/anb.py) glyph's number finder saw one there on 14 of the 63 lettered tiles whose ink read no
# letter and on 2 of the 214 blanks. Every square of those boards (/tmp/lead18/dump.py) read otherwise on two
# squares alone: two blanks read right (0.957, 0.9999) are asked, 438 of 464 blanks still read. Where the
# plain ink shows no letter, the number is looked for in the strokes (glyph.stroke_number_sides): an X under
# glare whose plain ink took in the tile's grainy edge, read as a marked blank 0.9997 with its 8 plainly
# beside it (rendered 173173 board-042 (8,8), helper vvalue's measuring seed, where it was found), is asked;
# on the 480 boards above no other square reads otherwise (the lead's dump against vmark's, round 19).
# A number whose every piece continues the tile's edge (vision.glyph.numbered_by_edge_alone, EDGE_CONTINUED: the
# tile's right or bottom edge broken into short runs beside the mark) does not ask the mark (_number_beside_mark; the
# letter checks keep _numbered). Read on the 2600 dev boards /tmp/lead31/m/r287287-r301301 (not 293293) and
# /tmp/lead32/m/r302302-r313313 (/tmp/vnumbered33/fire.py: every board where its answer differs from _numbered's,
# read by both trees, every square compared): 10 squares change, all star or logo blanks, unknown -> blank
# (0.9687-1.0), no other square; on the 300 boards of 304304, 311311 and 290290 47 of 12750 lettered tiles' windows
# have every placed piece continuing the edge, all read as tiles (their plain ink reads the letter: no mark).
# The edge rule holds only where the mark shows in the plain ink or its held strokes (_mark_ink), not where it is taken
# from the darker ink alone (MARK_IN_DARKER_INK): there the plain ink found no letter, the darker ink's glyph may be a
# piece of a faint letter, and edge pieces only say that no number is seen. Rendered 324324 board-074 (5,9): a glared,
# faint A whose 1 the glare washed out, its darker glyph one leg (10 x 17 px, the strokes' glyph the whole A, 26 x 36),
# the tile's right edge placed as its number (continued 0.43 and 0.30): read a blank at 0.906, now asked. Every window
# reaching the number test on dev (/tmp/vnumbered33b/census.py, sumc.py: the 2600 boards above, 134200 and the logo
# seeds 259259-268268, 270270, 271271, 275275) holds its mark in _mark_ink, the 14 blanks the edge rule reads among
# them; the lettered tiles that reach it (311311-091 (7,7) an I, 294294-061 (7,6) a T) have a number not of the edge
# MARK_POLARITY (no constant of its own, _against_polarity): a blank's mark is printed as the board's letters are, so
# a square read as a marked blank whose print's polarity is not the one the board's sure tiles share (POLARITY_SHARE)
# is asked: rendered dev seed 134104 board-079 (6, 7) (boards 60-119 of `--boards 120`), a faint C under a glare
# gradient that turned its window's polarity over, its inverted ink one ring 'not a letter' 1.0 with no number seen
# beside it, was read a marked blank at 0.951. Every square of dev seeds 134089, 134106, 134104 (boards 0-119),
# 134112, 134113 (360 boards, /tmp/vwrong/dump.py and cmp.py against the start tree f0b7a11): that C alone changes
# On a square read as a tile that the occupancy model calls empty at most 1 - SURE_TILE, the letter model's
# share for 'not a letter' (a thin I, a letter with a scratch: 0.3-0.7 on rendered dev sets
# 70123/614027/777001, where the other letters share under 5 % of the rest) is left out of the letter's
# confidence: the letter's share of the letters' probabilities is its confidence there (a marked blank
# reads 'not a letter' >= 0.99, MARK_SURE). A square called a tile at least SURE_TILE whose plain ink read
# 'not a letter' is read from its strokes alone (_unread_tiles). Dev seeds 70123, 614027, 777001, 86413,
# 90217, 53117 (300 boards): 15 more tiles read right, no wrong letter or phantom more (12 when the
# square must be called a tile at least SURE_TILE: thin I's of tiles it calls partly covered)
# Where both its plain ink and its strokes read 'not a letter' (under MARK_SURE: a sure 'not a letter' stays
# asked), such a tile's letter is still read from its strokes when its ink is a stroke narrower than
# MARK_WIDTH and both readings' letters agree (_a_bar: a bar, no logo or star; the letter model gives a
# bare bar 'not a letter' 0.52-0.83, I the rest). Dev
# seeds 83023 (150 boards) and 84024 (60), the letter model's classes on every square called a tile
# >= SURE_TILE of the boards located and turned surely: of such squares the seven thin I's were 0.15-0.25
# as wide as tall (five unknown, their letters' share I 0.85-0.99 in both readings; two read from their
# strokes already), R, N, Z 0.53-0.73, the 75 marked blanks 0.93-1.14, an I whose ink ran into its
# neighbour's 0.81, a U 1.03 and one empty square 1.15 (its board turned wrong). Of
# all 704 ink strokes that narrow there (677 I, 27 J) the strokes' letter was wrong on 3 I's (Y 0.976,
# N 0.828, W 0.411), each read I by its plain ink
SURE_TILE = 0.9
# A letter read from its strokes alone (its plain ink shows none) whose glyph's box has its middle more than
# STROKES_OFF_CENTRE of the window from where letters sit (vision.glyph.LETTER_PLACE of the window down and
# across) is unknown (_no_stray_strokes): rendered dev seed 133078 board-030 (11,6), a thin
# E (red-hat-display-medium) on a cream tile whose strokes' biggest part was the tile's shaded left edge, a bar 0.34
# off, read I 0.994, the one confident-wrong square of 480 dev boards. On dev seeds 133077 and 133078 (240 boards each,
# /tmp/vunread3/offs.py, start tree e4dc055) the 200 tiles read right from their strokes alone had their glyphs 0.182
# off at most (20,191 read right from plain ink, not looked at here: tiles pushed off their squares reach 0.39)
STROKES_OFF_CENTRE = 0.25
# DARKER_RIVAL (no constant of its own, _darker_rivals): SURE_TILE's lift (the strokes' letter scored by its share with
# 'not a letter' left out) was made for thin I's and scratched letters whose every ink reads that letter or nothing;
# a strokes' letter under the kiosk's bar whose darker ink reads another letter is no such case, and is not lifted.
# Dev seed 134128 board-012 (3, 9): a faint G, plain 'not a letter' 0.815, strokes O 0.519 ('not a letter' 0.457),
# darker G 0.836: read O 0.956 (its share), the one confident-wrong letter of the round-28 letter helper's dev boards
# ... but only where the other letters share under OTHER_LETTERS of the letters' probabilities, as on the
# tiles that evidence comes from: where they share more, the glyph may be a piece of its letter. Seed
# 141141 board-056 (found measuring): a thin serif A under blur whose ink mask kept a third of it, read
# Y 0.53, 'not a letter' 0.40, X 0.055: the share 0.88 passed the kiosk's bar; its own 0.53 is asked.
# Dev seeds 98038, 99039, 93033, 94034 (240 boards, every square, /tmp/lead18/dump.py): one square reads
# otherwise, an O read right at 0.94 now 0.80 (the occupancy factor), under the kiosk's bar: asked.
OTHER_LETTERS = 0.05
# DARKER_REFUTES (1 - OTHER_LETTERS until round 39, see below; _darker_refutes, _darker_other) and DARK_SPAN: a letter
# reported at the kiosk's bar but under LETTER_DECIDES (SURE_TILE's lift counted), whichever path read it, whose darker
# ink reads another letter but I at DARKER_REFUTES (round 35: the other letters and 'not a letter' share at most
# OTHER_LETTERS) is
# unknown where the darker glyph is at least DARK_SPAN of the window's glyph (plain ink, or its strokes) high and wide:
# the darker level shows the whole letter, whose opening the plain ink's level filled. A darker glyph narrower or
# shorter than that is a part of the letter (the lit side of an O under glare lost: C; half of it: Y or J) and refutes
# nothing. Round 35's vdarker35 asked at DARKER_REFUTES alone, and asked right letters so (reverted): an O under a glare
# gradient read from its strokes (tests/test_vision_doubt.py, 134104 board-079 (6, 5), O 0.985, darker C 0.991: the
# darker glyph 0.91 of the O's height, 0.75 of its width), 134213 board-081 (11, 5) O 0.808 through 10/0.38/300 (darker
# Y 0.952: 0.52, 0.32), 134215 board-093 (5, 8) G 0.970 through 8/0.35/20 (darker C 0.966: 0.78, 0.63) and 355355
# board-037 (4, 10) O 0.961 through 14/0.4/110 (darker J 0.996: 0.85, 0.76), each at its true corners taken through
# the view. The wrong letters it asked have the darker glyph at 0.85-1.07 of both: 134214 board-001 (10, 8) G read O
# 0.976 through 20/0.42/230 (darker G 0.9997: 0.91, 0.90), 134213 board-043 (5, 7) Q read O 0.964 (Q 0.959: 0.96,
# 0.91), 134213 board-004 (12, 5) M read R 0.848 (M 0.9502: 0.92, 0.85), 134215 board-024 (13, 3) G read C 0.891 (G
# 0.985: 0.96, 1.07). DARK_SPAN lies between: 0.05 under the nearest wrong (the M's width), 0.04 over the nearest right
# (355355's O's width; the right letters' shorter span is 0.32-0.76).
# Round 36 (helper "vwrongcam36"), 134213-134215 (300 boards) at their true corners through those views, every square
# of both trees: those four squares changed, wrong -> asked, no other; 296296 board-082 (11, 4) G read O 0.853
# through 8/0.38/290 (darker G 0.975), located, asked too. Dev evidence: vision/MEASUREMENTS.md, round 36
# Round 39 (helper "vtwin39"): 1 - OTHER_LETTERS (0.95) sat inside the libraries' spread. The Pi's opencv-python 4.11
# draws the rendered boards a hair otherwise (a twin of each; its warp steps 1/32 px), and on 134213 board-043's twin
# the Q's darker ink reads Q 0.945-0.947 (0.959 on the CI's render): read O 0.962; round 36's M above refuted R at
# 0.9502. On the CI's own renders, dev seed 134305 board-006 (7, 4) through --tilt 15 --scale 0.6 --turn 45, an M read
# H 0.826 by SURE_TILE's path, darker M 0.916 (0.90 and 0.88 of the glyph's span; SURE_TILE_DARKER). 0.9 lies 0.016
# under the lowest such darker reading; the right letters DARK_SPAN keeps (0.952-0.996) are kept by DARK_SPAN as
# before. Dev (134304-134309, 60 boards each, plain, --tilt 15 --scale 0.6 --turn 45 and --tilt 10 --scale 0.38
# --turn 300, both trees): the M alone changed, wrong -> asked
# DARKER_FILTERED (no constant of its own: DARKER_REFUTES, DENOISE_PX; _darker_other): a darker glyph narrower or
# shorter than the letter's (under DARK_SPAN) refutes the letter all the same where the window median-filtered reads
# the darker letter at DARKER_REFUTES too: two readings that leave the noise out agree on one letter against a plain
# glyph the noise widened. Round 39: dev seed 134104 board-049 (9, 6) (tests/test_vision_unread_denoised.py's small
# noisy wooden board), a T, on the Pi libraries' twin read with the CI's: plain Y 0.961 (its glyph 0.30 of the window
# wide), darker T 0.944 (0.88 of the glyph's height, 0.78 of its width), filtered T 0.988: read Y 0.979. The O under a
# glare gradient DARK_SPAN keeps (134104 board-079 (6, 5), darker C 0.991) reads O filtered (DARKER_INK). Dev as
# DARKER_REFUTES': no square changed by it
# SURE_TILE_DARKER (no constant of its own: _darker_rivals, _darker_other): a sure tile's strokes' letter (SURE_TILE)
# read at the kiosk's bar but under LETTER_DECIDES (its lift counted) is not taken where the darker ink refutes it as
# DARKER_REFUTES has it (_darker_refutes looks at the squares read by _squares_letters only): DARKER_RIVAL's weak
# letters reach no further than the bar. Dev seed 134305 board-006 (7, 4) above: plain 'not a letter' 0.76, strokes
# H 0.826, hairlines H 0.61, darker M 0.916: read H 0.826, now asked
DARKER_REFUTES = 0.9
DARK_SPAN = 0.8
# TURN_TWINS and TURNED_SAME (_turn_refutes, _turn_rivals): the letters whose half turn is the other, and how surely a
# window turned half a turn may read the letter read upright (plain ink) before that letter is asked. Turned, a W is an
# M and an M a W; a serif W on a small square whose thin arms are lost reads M both ways up. 369369 board-067 (10, 12),
# a condensed bold serif W at about 30 px a square: plain 'not a letter', strokes M 0.99, read M 0.994 (sure tile
# path); its half turn's plain ink M 0.96-0.98 (tests/test_vision_serif_w37.py). Training-style windows (vision.train's
# render_tile and _camera: every renderer font, squares of 18-40 px, 4400 W and M windows, /tmp/vserifw38/turn2.py
# seeds 11-13) read by _letter_probabilities: of 2161 M's read M at the kiosk's bar the half turn read M at 0.841 at
# most (6 at 0.5 or more), of 2155 W's read W it read W at 0.192 at most; of the 5 W's read M (0.90-0.998; dejavu
# serif bold and condensed, 18-22 px) it read M at 0.987, 0.875, 0.539, 0.058 and 0.0: 0.9 asks the first, and no
# right letter there (0.06 over the surest right M). The mirror (one freesans-bold M read W 0.981) turns to no W
TURN_TWINS = ("M", "W")
TURNED_SAME = 0.9
# SURE_TILE_HAIRLINES (no constant of its own: LETTER_DECIDES, _hairline_rivals): a sure tile's strokes' letter
# (SURE_TILE: its plain ink read 'not a letter') whose strokes with their hairlines kept read another letter at
# LETTER_DECIDES is not taken, as FAINT_STROKES and HAIRLINES_RIVAL do not take such a letter on the other strokes'
# paths: the strokes' mask keeps a serif letter's thick strokes and loses its thin ones. The tile is then read as a
# tile whose letter was not found (its window's detail boosted, FAINT_GAIN), or asked. Round 31's lead's unused seed
# 288288 board-033 (12, 6): an upright serif W on an orange tile, plain 'not a letter' 0.477 (M 0.237, W 0.195),
# strokes M 0.935 (the two thick downstrokes), hairlines W 1.000, darker M 0.764: read M 0.935; boosted, its plain
# ink reads W 1.000. _letter_probabilities found no letter there (plain 'not a letter', strokes under LETTER_DECIDES),
# so neither HAIRLINES_RIVAL, FAINT_STROKES nor _steady_letters looked at it. Dev (round 31, every square of 2111
# boards read by both trees: seeds 259259-265265, 270270-276276, 281281-286286 and 288288 (100 boards each) and
# jheidel-en; /tmp/vwrong31/dump.py, dumpfire.py, cmp.py): 7 such strokes' letters, the W alone taken out (its
# hairlines W 0.9999); the hairlines of the others read their own letter (O 0.56-0.72 on three O's, N 0.92, I 0.98)
# or none (an N whose strokes read P 0.02); that square alone changes (M 0.935 -> W 1.0)
# WEAK_SURE_TILE (no constant of its own: the kiosk's bar, _hairline_rivals): a sure tile's strokes' letter under the
# kiosk's bar (DARKER_RIVAL's weak letters) is not taken where its hairlines read another letter at the kiosk's bar,
# as DARKER_RIVAL does not take one the darker ink reads otherwise: SURE_TILE's lift turns such a weak letter into a
# confident one. Dev seed 296296 board-049 (11, 8) through the bench's camera view (--tilt 8 --scale 0.38 --turn 290,
# 17.5 px a square): a serif Q on a cream tile, plain 'not a letter' 0.903, strokes O 0.777, hairlines Q 0.933 (under
# LETTER_DECIDES), darker no glyph: read O 0.898, now asked. Dev (round 32, every square of 1400 boards of seeds
# 287287-301301 but 293293 (/tmp/lead31/m/rS) as rendered and through the camera view, one setting a folder: 2800
# frames, /tmp/vroute32/fire.py, hunt.sh, hunt_plain.sh): that O alone taken out
# BOOSTED_HAIRLINES (no constant of its own: LETTER_DECIDES, FAINT_GAIN): nor is one under LETTER_DECIDES whose
# window with its detail boosted (_boosted, as the tile whose letter was not found is read) reads another letter at
# LETTER_DECIDES in its hairlines. Dev seed 288288 board-033 (12, 6) through --tilt 15 --scale 0.6 --turn 45 (18 px a
# square): a serif W, plain 'not a letter' 0.635 (W 0.191), strokes M 0.901, hairlines M 0.970, darker M 0.509,
# boosted hairlines W 1.000: read M 0.9005, now asked. Dev (as WEAK_SURE_TILE's): 17 such letters looked at
# (11 through the views, 6 as rendered), that M alone taken out
# two dots above a bare A, O or U: vision.glyph.umlaut_dots. On rendered German frames (dev seeds
# 770001 club / 770002 wide scenes, 300 frames at 0.3-0.45 board fill, about 20 px per square in
# the frame; 770003, 120 club frames at 0.55-0.9) it and ACCENT_TALLER catch 46/86, 100/154 and 29/29
# of the umlauts the letter model read bare (a Hessian dot-pair test with the dots' ink blobs
# did 23, 46 and 24) and flag 4/1929, 9/1764 and 1/1688 of the bare letters read right (it did
# 26, 24 and 3: the tile's top edge and its dashed scraps came within its reach at small squares)
ACCENT_TALLER = 1.1  # umlaut dots add about a fifth to a capital's height; overshoot of round letters a few %
# A board's lettered tiles share one print polarity (dark on light, or light on dark: jheidel-en's vintage
# set), but a premium square's label need not: a classic board's '2L' printed white on light blue, beside
# light tiles printed dark, read as a tile 'L' at 1.000 (its label's L the letter, the occupancy model's
# tile 0.066 over LETTER_FROM; rendered dev seed 74014 board-057, the one phantom of 60 boards). So a
# letter read on a premium square whose print's polarity (vision.glyph.light_letter_in) is not the one
# shared by at least POLARITY_SHARE of the board's sure tiles (occupancy tile >= SURE_TILE, a letter
# read; POLARITY_TILES of them at least) is unknown: it never adds a letter, only takes one out. On the
# readings before this check of dev seeds 74014 and 68008 (120 boards, 35 printed light) every board's read
# tiles shared one polarity, all of them, but for that phantom; scrabscrap-v1 and jheidel-en read alike
POLARITY_TILES = 3
POLARITY_SHARE = 0.9
# A plain blank the colour of the board's squares: the occupancy model called such blanks empty (at up to
# 0.99) or left them between empty and blank, though the tile's face shows a colour of its own beside the
# tiles around it (a cream or grey face on a pink or yellow square). So a square read empty or unknown, with no
# ink (its lightness's spread under INKLESS) and a tile beside it (a blank is played into a word; a tile: one
# the occupancy model is sure of, SURE_TILE, or one read with its letter), is a blank when its colour is
# within FACE_NEAR Lab of the faces of its FACE_NEIGHBOURS nearest tiles (vision.cells.face_colours) and at
# least FACE_APART times as far (that distance taken as 1 Lab at least) from its FACE_NEIGHBOURS nearest
# squares of its premium type called empty at least SURE_TILE: near squares, as light falls unevenly over a
# board (a shadow, a gradient). Measured on dev seeds 98038, 99039, 82022, 88028 (240 boards; /tmp per-square
# tables of the start tree's readings, tiles by SURE_TILE alone): of the inkless squares beside a sure tile read
# empty or unknown, 24 blanks and 7981 empty squares. The empty squares' distance to the near empties' colour
# over the distance to the near tiles' faces was under 2.4 on 99.9 % of them, at most 8.5 (a square 11.4 Lab
# from the tiles' faces); within 5 Lab of the faces at most 3.4; only 1 % of them are within 5.5 Lab of the
# faces at all. 20 of the 24 blanks are within 5 Lab and 5 times as far from the empties (11 of them had been
# read empty), the other four 8-15 Lab from the faces or under 1.5 times as far. The plain blanks' spread on
# those seeds was 0.8-6.2 on 131 of 139 and 8.2-12.4 on the others (a neighbour leaning over them); the marked
# ones' 16.9 and more. As the marked blanks, all or none and no more than the set's blanks with those read
# already. Reported at FACE_BLANK_CONFIDENCE: a blank, under the kiosk's confidence for a square put down unasked
# (kiosk.turns.DEFAULT_MIN_CONFIDENCE 0.8), so a new one is confirmed.
# A square with ink (INKLESS or more) beside a tile passes the same test with its face ring's colour and the
# near empty squares' face rings (the ink is in its middle). Of them, one whose plain ink and strokes both read
# 'not a letter' at MARK_SURE (no bare stroke) is a marked blank: the occupancy model called some tiles at
# 0.83-0.94 only (under the 0.95 then asked, see MARK_SURE), or empty, or other marked squares of their board
# stopped them (_unread_tiles). The
# others read empty are tiles whose letter was not read, unknown (asked, never lost): thin I's printed faintly
# on slate tiles in dim light, which the occupancy model called empty at 0.51-0.97 (99039 board-034, where it
# was sure of one tile only and the letters read the others). On the same seeds (start tree, tiles by SURE_TILE)
# 11 blanks and 1 empty square were squares left unknown as tiles, beside a sure tile, surely marked: the test
# takes 9 of the blanks (0.0-3.2 Lab from the tiles' faces, 27-135 from the empties) and not the empty square
# (51 and 8.2); of the 848 squares with ink read empty beside a sure tile, 2 marked blanks pass it (1.7 and 0.7
# Lab from the faces, 27 and 39 from the empties) and none of the 846 empty ones, not even at twice as far
INKLESS = 8.0
FACE_NEIGHBOURS = 6
FACE_NEAR = 5.0
FACE_APART = 5.0
# A square with a second sign of a blank, the occupancy model's likeliest state blank or its ink surely a mark
# (_surely_marked), may be FACE_NEAR_BACKED from the tiles' faces (still FACE_APART times as far from the
# empties): a black blank under glare 6.0 Lab from its neighbours' faces, a wooden one 8.6, both called blank
# 0.62 and 0.51 with 'covered' the rest (98038 board-037, 99039 board-014), a wooden star blank on the rim in
# dim light 8.8 (99039 board-040). Of the 10830 inkless squares read empty or unknown beside a tile on dev seeds
# 98038, 99039, 82022, 105045, 106046 (/tmp/vblank18/collect.py, start tree 1ac6030) none is blank-likeliest;
# 332 are within 10 Lab of the faces, none of them 5 times as far from the empties, but one 4.9 times (82022
# board-046's window shadow, 9.2 Lab; within 5 Lab 2.5 at most): so the wider bound only with a second sign.
# The 21 empty squares read surely as marks on 480 boards (see MARK_SURE) were 17 Lab or more from the faces
# (the four beside a tile 52-84)
FACE_NEAR_BACKED = 10.0
# An inkless square is also a blank by its hue alone (Lab's a and b: glare whitens a square and shade darkens it,
# its hue stays, as MARK_COLOUR found for marked blanks) within FACE_HUE_NEAR of the tiles' faces and FACE_HUE_APART
# times as far (1 at least) from the near empty squares of its type: plain blanks under glare 20.9 Lab from their
# neighbours' faces (105045 board-045, 2.6 by hue, 9.5 from the empties') or a little lighter than them (82022
# board-038, 6.3 Lab: 2.5 and 10.2 by hue) were read empty. Of the 16970 inkless squares read empty or unknown
# beside a tile on dev seeds 98038, 99039, 82022, 105045, 106046, 88028, 89029, 90030 (480 boards,
# /tmp/vblank18/collect2.py, start tree 1ac6030), 678 are within 5 of the faces by hue, and no empty square is
# more than 1.94 times as far by hue from its near empties as from the faces; of the 8 plain blanks lost there,
# 5 are 3.6-11 times as far (within 3.7 of the faces). A square within FACE_APART Lab of its near empties
# stays out of both tests
FACE_HUE_NEAR = 5.0
FACE_HUE_APART = 3.0
# ... and only where the occupancy model gives it FACE_HUE_BLANK as a blank at least: glare whitens a dark square
# toward grey, the hue of white tiles (110050 board-058 (5,5), a German board's blue square under a glare spot, 9.4
# Lab from its white neighbours' faces, 2.9 from them by hue and 4.0 times as far from the nearest square of its
# type read empty anywhere: blank 0.0002, empty 0.994). Of the 9 blanks found by hue alone on 1080 rendered boards
# (the sets named at FACE_TWIN_APART, /tmp/vphantom/hueseg.py, start tree b26f920) the least had 0.033 (151151
# board-051 (11,9)); their hue on the line from their near empty squares' to grey as that one's (152152 board-054
# (6,7) 1.4 from it), so that line could not tell them
FACE_HUE_BLANK = 0.01
# A square the face test by colour calls a blank without that second sign (the occupancy model's likeliest state
# blank) must also be FACE_TWIN_APART times as far (1 at least) from every square of its premium type read empty
# anywhere on the board (SURE_TILE; those the face tests call blanks left out) as from its tiles' faces. Where
# glare, a shadow's edge or the light's fall across the board leaves the near empty squares of its type far from
# it, an empty square of the tiles' colour passed: cream tiles on a board whose plain squares are cream (141141
# board-058 (6,5) and (8,4), 1.8 and 4.2 Lab from the faces, 50 and 27 from the near plain squares in a shadow,
# 2.1 and 0.9 from other plain squares lit as they are); 142142 board-038, 150150 boards 028 and 032, 153153
# board-036, 154154 board-041 alike (0.0-2.1 times the faces' distance), every one 'empty' likeliest (0.75-1.0).
# On 1080 rendered boards (dev seeds 98038, 99039, 82022, 105045, 106046, 88028, 89029, 90030, 110050 and 141141-
# 144144, 150150-154154; /tmp/vphantom/rule.py on collect2.py's tables, start tree b26f920) the blanks found by
# colour and not blank-likeliest are 3.28 times as far or more, but for two the hue test finds (82022 board-038
# (8,11) 1.39, 89029 board-032 (11,10) 2.28); blank-likeliest ones as near: 98038 board-015 (12,10) 2.2, 150150
# board-028 (4,7) 1.8
FACE_TWIN_APART = 3.0
# ... and, where its hue is not FACE_HUE_APART times as far from its near empties as from its tiles' faces (the hue
# test does not take it), FACE_SHADE_APART Lab from them at least: lightness alone is what a tile's shadow, glare or
# the light's fall changes on an empty square. Round 30's measuring render /tmp/lead30/m/r283283 board-016 (5, 8), a
# cream plain square between an O and a B on a board whose plain squares are the tiles' colour (faces and empties
# 6.4 Lab apart), shaded 7.0 Lab darker than its near plain squares, 0.7 from the faces, 4.8 from any plain square
# read empty, by hue 0.4 from the faces and 0.8 from the empties (empty 0.999 to the occupancy model): a blank at
# 0.75, the one phantom of round 30's 1000 unused measuring boards. Round 29's 14 measuring renders and ten older
# ones (2400 boards; /tmp/vphantom30b/col.py and an4.py, start tree 1e0653d): of the inkless squares the colour test
# takes without the occupancy model's blank, those the hue test does not take are 10 blanks (the 5 read blank 34-89
# Lab from their near empties; the other 5, 6.6-14.1, failed FACE_TWIN_APART) and 10 empty squares 15.3-40.6 Lab
# (none read blank): the bound lies about halfway (geometrically) between the phantom's 7.0 and the nearest blank's 34
FACE_SHADE_APART = 15.0
FACE_BLANK_CONFIDENCE = 0.75
# MARK_HUED (no constant of its own; BoardReader._hued_marks): a marked blank lit otherwise than its tiles is no blank
# to the face test by colour, which asks it FACE_APART times as far from its type's near empties as from its tiles'
# faces: round 32's unused board 307307 board-022 (5, 1), a navy star blank on a triple-letter square beside navy
# tiles, its ring 6.5 Lab from theirs (darker) and 24 from its type's near empties' (3.7 times), by hue 0.5 and 14.9:
# read empty at 0.83 (the occupancy model), a tile lost at the kiosk's bar. Where such a square's ink is surely a mark
# (_surely_marked), its ring's hue as the plain test's (FACE_HUE_NEAR of its tiles' rings, FACE_HUE_APART times as
# far from its near empties') reads it as the face test's marked blanks are read (FACE_BLANK_CONFIDENCE, under the
# kiosk's bar: confirmed). Round 33 (helper "vempty33"; /tmp/vempty33/markcol.py, the start tree acd992a's readings
# of the 2600 rendered dev boards of seeds 287287-313313 (/tmp/lead31/m, /tmp/lead32/m): every square with ink read
# empty or unknown beside a tile whose ring is within FACE_NEAR_BACKED of its tiles' rings): 141 squares on 100 boards,
# 43 of them empty, none surely marked (the mark is the guard: the face test's own, MARK_SURE), one passing the hue
# test (289289 board-075 (0, 7), a double-word label, 3.6 and 17.1); of the 29 marked blanks, 27 pass it (ratios 5.0
# to 68), among them board-022's, the one read empty (the others the face test read already)
# FACE_BACKED (no constant of its own; _in_plain_view, _numbered_letters): a thin letter (an I: little ink) on a tile
# the colour of the board's squares (green tiles on the German board, wooden ones on a yellow board, cream on cream)
# is half called empty by the occupancy model (tile 0.40-0.80, empty 0.15-0.48), and its letter, read 0.83-0.98,
# was weighed by that doubt (BoardReader._cell_reading's `visible`): unknown at 0.44-0.70, or empty. Such a square
# carrying a letter is a tile read with that letter (the letter's probability its confidence) where a second sign
# shows the tile: its face ring is the tiles' faces and not the empty squares' (the face test that makes an inked
# square read empty unknown, see INKLESS: none of 846 empty squares with ink beside a tile passed it), or its value
# number stands in the tile's own place (_numbered: a blank and an empty square print none) beside a letter read at
# the tile's MIN_CONFIDENCE. Rendered dev seeds 124064 and 124065 (60 boards each, /tmp/vunread/dump.py: every square
# with its occupancy and letter): of the 18 tiles lost on the boards located there, 8 were such I's (124065 board-042
# five, board-039 two, board-021 one; tile 0.40-0.80), the largest kind; 7 of them now read I (board-042's by their
# faces, board-021's and one of board-039's by their numbers), none moves otherwise. On those seeds' boards 60-239
# and 60-119 (240 more, /tmp/vunread/an3.py: every square whose reading the rules change, the start tree's reading
# worked out from the same dump) 4 squares of 10,824 with a letter read move, all I's read right (two by their faces,
# two by their numbers); no empty square there or on the first 120 boards carried a letter read at all where the
# occupancy model gave a tile over LETTER_FROM. _a_bar takes a letter beside its number too: on the 118 squares of
# those 480 boards called a tile at SURE_TILE with no letter read (106 blanks; /tmp/vunread/abar.py, windows cut at
# the true corners) it takes none the bare-stroke test did not; in the reader it reads 124064 board-110's I (6,6).
# FACE_LOOKED (no constant of its own; _faced_letters): such a tile whose letter was not looked for at all (the
# occupancy model's tile under LETTER_FROM: a dark wooden tile on a dark board called empty 0.51 and covered 0.44,
# rendered dev seed 128069 board-049 (10,4), an O) is read now, as FACE_BACKED reads one whose letter was. Dev seeds
# 128069 (180 boards) and 128070 (60) (/tmp/vunread2/dump.py, start tree 2072c61): 20 squares passed the face test
# for a tile (all tiles or blanks: none of the empty squares), 3 of them with no letter looked for: that O and an M
# (board-168 (6,14), empty 0.85) now read right at 0.998 and 0.9998, and a plain blank where no glyph is found, asked
# as before; no other square reads otherwise
# A plain blank's face is one colour: a square the face tests take for a plain blank has its middle (the colour they
# judge) within FACE_EVEN Lab of its own face ring (vision.cells.face_colours). A glare spot whitens an empty square's
# middle more than its rim: round 21's measuring seed 191191 board-002 (4,2) (looked at in round 22; a yellow board,
# cream tiles, a glare spot on the square above an O) 4.6 Lab from its neighbours' faces and 40 from its type's empty
# squares, a blank at 0.75 (the occupancy model: empty 0.986, blank 0.0004), its middle 6.1 Lab from its ring. The
# plain blanks the face tests found on dev seeds 123063, 123064, 123163-123165 (300 boards, start tree) were 0.1-1.1
# Lab from their rings (the occupancy model called some of them empty at 0.997, so its blank is no sign here)
FACE_EVEN = 3.0
# LABEL_SEEN: a premium square whitened by glare toward the tiles' faces, its label printed faintly under it (its
# spread under INKLESS), passed every face test: round 29's /tmp/vblankread/m270270 board-071 (5, 9), a dark blue '3L'
# beside navy tiles under a glare spot, 3.5 Lab from their faces and 57 from its type's near empties (16 times), 2.2
# from them by hue and 17 Lab from any '3L' square read empty (4.8 times), empty 0.99 to the occupancy model: a blank
# at 0.75, the one phantom over round 29's 1400 measuring boards. A blank's tile hides the square's label, so a
# square the face tests call a plain blank is none where its middle shows its type's label (_labels_shown): its
# detail (less a Gaussian blur of LABEL_BLUR px) correlates at LABEL_SEEN or more (normalised, the best of shifts up
# to LABEL_SHIFT px) with the median detail of its type's nearest squares called empty. Round 30 (helper "vphantom30",
# /tmp/vphantom30/collect.py: every inkless premium square read empty or unknown beside a tile, start tree bdb6a76)
# on round 29's 14 measuring renders and ten older ones (m234234, m236236, m239239-m241241, m250250, m251251,
# m254254, m255255, m258258; 2400 boards): the 46 blanks 0.025-0.198, the 41 the face tests took 0.025-0.181,
# that phantom 0.74; of the 16561 empty squares 1445 show their label at LABEL_SEEN or more
LABEL_SEEN = 0.4
# a located board's squares sit a few px off the fitted grid (round 29's location errors: 0.02-0.10 cells of 48 px on
# most boards), and the blur takes out the light's fall across a square: board-071's (5, 9) correlates 0.22 in its raw
# grey, 0.74 in its detail (4 px, about a label stroke's width; set there, not tuned further)
LABEL_SHIFT = 3
LABEL_BLUR = 4.0
# A plain blank of its square's colour the occupancy model called empty (0.52-0.96) while half taking it for a blank:
# its face test (INKLESS) failed on a square of its type elsewhere on the board as near in colour (FACE_TWIN_APART),
# its near empty squares under FACE_APART times as far, or FACE_NEAR Lab from the faces. Such a square, read empty,
# inkless and beside a tile, that the occupancy model gives BLANK_DOUBT as a blank at least, within FACE_NEAR_BACKED
# Lab of its nearest tiles' faces and FACE_HUE_NEAR of them by hue, and no nearer (1 Lab at least) the near squares
# of its type called empty (or with under two of them), is unknown: asked, never a silent empty (_doubted_blanks).
# Round 28 (helper "vblankmiss", dev 234234, 241241 (100 boards each), 134124, 134125 (60 each), start tree 22eae38,
# /tmp/vblankmiss/facecands.py): of the 9 blanks read empty, 8 were beside a tile and inkless at blank 0.030-0.48,
# 7 of them 0.8-5.3 Lab from the faces (0.0-2.5 by hue) and 1.7 times as far from their near empties or more (two
# with none near; BLANK_DOUBT under the least, 0.030); 241241 board-055 (6,7), across a shadow's edge, is 29 Lab
# from its neighbours' faces. Those 7 are now asked (/tmp/vblankmiss/cmp.py, every square of both trees), and one
# empty square there (241241 board-032 (2,9): 6.5 Lab, 3.8 by hue, blank 0.142), and on the brief's 240240 board-085
# two squares whitened by glare toward the cream tiles (4.8 and 5.8 Lab, 3.4 and 3.0 by hue, blank 0.045 and
# 0.116); nothing else changed. The blanks the model gives no doubt (234234 board-062, 236236 board-075, 240240
# board-076: blank 0.000-0.007) stay empty
BLANK_DOUBT = 0.02
# A plain blank of the very colour of its board's squares (cream tiles on a cream board) is read empty at up to 0.99:
# its colour is within FACE_APART times its faces' distance of its near empty squares, so no colour test can tell it
# (/tmp/lead31/m/r289289 board-065 (11, 8): 1.3 Lab from its tiles' faces, 2.5 from its near empties). What it shows is
# its tile's own outline: a raised tile's edge, bevel and shadow sit a little inside and around its square where an
# empty square shows the board's grid lines. So a square read empty, inkless (INKLESS) and beside a tile, within
# FACE_NEAR Lab of its nearest tiles' faces, whose window's outer band (OUTLINE_BAND px inward from the square's edge
# and OUTLINE_PAD px out from it; its detail, the grey less its blur of OUTLINE_BLUR px) matches the median band of its
# FACE_NEIGHBOURS nearest tiles better, by OUTLINE_MARGIN or more, than that of its nearest squares of its type called
# empty (SURE_TILE; normalised correlation, the best of shifts up to OUTLINE_SHIFT px; two of each at least) is
# unknown: asked, never a silent empty (_outlined_blanks). OUTLINE_BAND (a quarter of a square) and OUTLINE_BLUR (a
# tile's edge and shadow are 2-5 px of a 48 px square) set once, not tuned; OUTLINE_SHIFT as LABEL_SHIFT (tiles sit
# a few px off their squares). OUTLINE_PAD: the window's full pad (8 px) takes in a neighbour tile's edge across an
# empty square's side, so empty squares beside tiles on a dark board looked like tiles (margins up to 0.169; 259259
# board-067 (1, 7), (7, 13)); 3 px keeps the tile's own outline, which reaches a little past its square at a tilt.
# Dev evidence (the start tree 1c69d3b's readings of 1700 rendered boards, seeds 259259-272272, 287287, 289289,
# 290290; /tmp/vblankmiss31/collect.py, collectv.py): of the inkless squares read empty beside a tile within FACE_NEAR
# of their tiles' faces, the 331 empty ones (51 boards) have margins up to 0.092; the four plain blanks read empty at
# 0.98-0.99 among them 0.202 (the case), 0.276 (261261 board-073 (11, 0)), 0.362 (263263 board-084 (3, 9)) and -0.143
# (259259 board-067 (3, 13), a dark blank on a dark board: still read empty); of all 195 blanks among those squares
# (any reading) 78 are over 0.092. OUTLINE_MARGIN about halfway between the empties' 0.092 and the blanks' 0.202
OUTLINE_BAND = 12
OUTLINE_PAD = 3
OUTLINE_BLUR = 2.0
OUTLINE_SHIFT = 3
OUTLINE_MARGIN = 0.15
# FADED_OUTLINED (no constant of its own, _faded_outlined_blanks): a blank under glare the lit-colour test calls
# faded (FADED_APART: nearer the tiles' lit colour than its type's) is no colour of its faces' (305305 board-059 (4, 7):
# 48 Lab off, read empty at 0.94), so _outlined_blanks (FACE_NEAR) never looks at it, yet its outline shows (margin
# 0.300). So the outline test at OUTLINE_MARGIN is applied to faded squares read empty beside a tile whatever their
# distance from the faces. Round 33 (helper "vempty33"'s census /tmp/vempty33/fadeout.py, start tree acd992a, the
# 2600 dev boards /tmp/lead31/m/r287287-r301301 and /tmp/lead32/m/r302302-r313313): of the 165 inkless faded squares
# read empty beside a tile (25 boards), the 164 empty ones have margins 0.04 at most (296296 board-008 (11, 9)), the
# blank 0.300; OUTLINE_MARGIN lies between them (helper "vfaded33": every square of those boards, both trees)
# A plain blank whose hue is its tiles' and far from its square's (a pale blue blank on a grey board, a grey one on a
# light grey board under glare) was read empty at 0.98-0.99 where the occupancy model gave it under FACE_HUE_BLANK as
# a blank (0.004-0.008): the hue test's second sign. Round 32 (helper "vblank32"; /tmp/vblank32/collect.py, every
# square read empty beside a tile where _outlined_blanks is called, start tree fe7c6f9; 2800 rendered dev boards, seeds
# 259259-272272 and the lead's 287287-301301): of the 99488 inkless empty squares read empty beside a tile, 9 pass the
# hue test without that sign (FACE_HUE_NEAR of their tiles' faces, FACE_HUE_APART times as far from their near
# empties), 5 of them within 20 Lab of the faces; held to FACE_HUE_APART times as far by hue from every other square of
# their type called empty (SURE_TILE; the twin test of FACE_TWIN_APART by hue), one is left: 268268 board-041 (5, 13),
# 65 Lab from the faces (a shade; the empty squares whose two hue ratios are both 2 or more are 49.7 Lab off or more,
# those within 20 Lab 1.94 at most: 264264 board-049 (6, 10)). The plain blanks read empty that pass both hue tests are
# 5.0-12.8 Lab from their tiles' faces (268268 board-058 (8, 7), board-054 (6, 7) under glare; 295295 board-022 (14, 4):
# twin ratios 3.9-11.1; round 27's 234234 board-062 (12, 5) 1.8 Lab, twin ratio 3.05). So such a square within HUE_ASKED_NEAR Lab of its tiles' faces is asked, whatever the occupancy
# model's blank (_hued_blanks): a bound above the blanks' 12.8 and well below the shaded empties' 49.7
HUE_ASKED_NEAR = 20.0
# A square BLANK_DOUBT asks (_doubted_blanks: the occupancy model's blank 0.02 or more, its colour its tiles' faces') is
# read a blank, at FACE_BLANK_CONFIDENCE (under the kiosk's bar: a new one is still confirmed), where its window's outer
# band also shows a tile's own outline: it matches its nearest tiles' bands better than its near empty squares' of its
# type by DOUBT_OUTLINED or more (OUTLINE_MARGIN's measure; _outlined_doubted_blanks). Round 33 (helper "vblank33",
# /tmp/vblank33/collect.py and outline.py, start tree acd992a): the squares _doubted_blanks asks were the largest kind
# of blank asked on round 32's 1200 unused boards (12 of 32; plain blanks the colour of their squares, the occupancy
# model's blank 0.02-0.44, visibly tiles in the crops). On 3220 rendered dev boards (the lead's /tmp/lead31/m/r287287-
# r301301 and /tmp/lead32/m/r302302-r313313, vblank32's 134181 and 134182, and 134194, 234234, 236236, 240240, 241241)
# it asks 22 blanks and 9 empty squares; of the 268 inkless empty squares beside a tile within FACE_NEAR_BACKED Lab and
# FACE_HUE_NEAR by hue of their tiles' faces (the colour _doubted_blanks asks for, the model's blank 0.003 or more) the
# outline margin is 0.166 at most (240240 board-085 (9, 11): an empty square walled in by tiles under glare; next
# 0.102), the 22 blanks -0.09 to 0.48 (10 of them 0.288 or more). DOUBT_OUTLINED half as much again as that empty's
DOUBT_OUTLINED = 0.25
# DOUBT_HUED (no constant of its own; _hued_doubted): a square BLANK_DOUBT asks is read a blank as DOUBT_OUTLINED reads
# one where its hue shows a tile instead: the face test's hue test (FACE_HUE_APART times as far by hue (1 at least)
# from its near squares of its type called empty, two at least, as from its nearest tiles' faces) and _hued_blanks'
# twin test by hue (as far from every other square of its type called empty anywhere on the board, SURE_TILE). The
# face test had not read such a blank for the set's count (313313 board-016 (5, 7), a plain blank of its cream board's
# colour: two squares the occupancy model alone called blanks, asked later (_twinned_blanks), counted as read then).
# Round 35 (helper "vblank35", /tmp/vblank35/collect.py and an2.py: every inkless square read empty beside a tile where
# _doubted_blanks is called, start tree eef0222; 1121 rendered dev boards: seeds 134213-134216, 134231, 134232, 308308,
# 315315, 316316, 322322, 326326, 330330 and 20 boards with squares BLANK_DOUBT asked in round 33's census): by the
# smaller of the two hue ratios, the 2102 empty squares within FACE_HUE_NEAR by hue of their tiles' faces (any Lab,
# any model blank) are 2.23 at most (315315 board-030 (11, 10), 11.8 Lab off, blank 0.001), the 74 of them of the
# colour BLANK_DOUBT asks for 0.67 at most (302302 board-062 (2, 4), asked); the twin test is needed: four of the
# 2102 are 3 or more times as far from their near empties (240240 board-085 (6, 11), walled in by tiles under glare,
# 3.56, yet 0.26 from a twin). Of the 24 blanks of that colour, three reach FACE_HUE_APART (3.44-3.93: 313313 board-016
# (5, 7), and two DOUBT_OUTLINED read already); the next, 2.66 (309309 board-050 (2, 4)) and 2.52 (134215 board-056
# (2, 4)), stay asked: the face test's own ratio, not lowered toward them (an empty square at 2.23)
# A lettered tile under a glare spot the occupancy model calls empty (0.53-0.58, tile 0.37) with its letter not found
# (the turn not settled), on a board of too few sure tiles for the face tests: /tmp/vunread4/m233233 board-062's V
# (7,8) and Y (8,7), small cream tiles on a green board, their lightness 46-59 Lab from the median of their nearest
# tiles' faces (the glare falls off across the board: those faces 80-157 L) but their hue 1.0 and 1.8 from the face
# of the tile beside them and 12.0 and 9.6 from the near squares of their type called empty. Such a square, read
# empty beside a tile, that the model gives TILE_DOUBT as a tile at least (where its letter is looked for,
# LETTER_FROM), within FACE_HUE_NEAR by hue of the face of the tile beside it and FACE_HUE_APART times as far from
# its type's near empties, is unknown: asked, never a silent empty (_doubted_tiles). Round 28 (helper "vmissed3",
# /tmp/vmissed3/sweep.py with an instrumented reader: every square read empty beside a tile at tile 0.05 or more on
# dev 134136, 134137 (60 boards each), /tmp/vunread4/m233233, /tmp/vwrong/m234234, /tmp/vspeed6/m236236,
# /tmp/vtilefind/m240240, /tmp/vdoubt/m241241 (100 each): 91 squares, the V and Y the only ones kept; the nearest
# empty square 2.6 times as far by hue from its type's empties as from the tile beside it, 134136 board-011 (7,11))
TILE_DOUBT = LETTER_FROM
# BLANKS_JOINED (no constant of its own, _unjoined_blanks): a blank is played into a word, so a square read as a blank
# that no square read as a lettered tile joins (through squares read as tiles or blanks) is unknown. Dev seed 123063
# board-045 (a yellow board, 3 tiles, a light streak across it): seven plain yellow squares under the streak, whitened
# toward the cream tiles, read as blanks 0.76-0.94 by the occupancy model itself, none beside a tile; 123064
# board-043's V above was one too. On dev seeds 123063, 123064, 123163-123165 (start tree) every one of the blanks
# read right was joined to a lettered tile
# LONE_TILE (no constant of its own, _lone_tiles): every play joins the tiles already down, so a square read as a tile
# or blank that no square read as a tile, blank or unknown touches, on a board where other squares are read so, is no
# tile of a finished play: unknown (asked, never called empty: the kiosk catches a play that does not join as an
# irregularity, and the players answer for it). A board of one tile keeps it. Dev seed 255255 board-077 (13,13): the
# '2W' label of a board printing its premiums' names, cut by a shadow's edge, read as a W at 0.9998, no tile near.
# On that seed's other 99 boards and the 120 of dev seeds 134128, 134129 (vletters2's dumps of its tree, the start
# tree's letters; /tmp/vlabel/sim.py) no tile read right is alone. A label cut so beside a tile: LABEL_SHORT
# A premium label's letter is printed smaller than a tile's: board-077 (12,8), the '2L' label under a real E cut by the
# same shadow, read L at 0.9999 (occupancy empty 0.83, looked at as a first pass's tile, FADED_APART); its glyph 0.217
# of the window high, the '2W' 0.25, the board's sure tiles' letters 0.383 (median). So a letter read on a premium
# square whose glyph is under LABEL_SHORT of the median height of the board's sure tiles' letters (occupancy tile
# SURE_TILE at least; LABEL_TILES of them at least) is unknown. Dev seeds 255255, 134128, 134129 (220 boards; heights
# logged by a copy of the reader, /tmp/vlabel/hana.py): of 9,882 tiles read right the lowest was 0.857 of its board's
# median (2,633 on premium squares: 0.905), the two labels 0.565 and 0.652. A tile printing two letters (Spanish CH
# and RR, Catalan L·L) prints them smaller: those were asked on premium squares (tests/test_vision_tilesets.py's
# Spanish board, seed 9102: three CH and an RR), so only letters printed alone are held to it
LABEL_SHORT = 0.75
LABEL_TILES = 3
# BLANK_TWINNED (no constant of its own, _twinned_blanks): the occupancy model reads some squares as blanks on its own
# (no mark, no face test), and where a premium type's squares are the tiles' hue it reads them so: rendered round-27
# seed 234234 board-085 (deluxe board, no labels, navy tiles), two blue '3L' squares beside tiles, blanks at 0.72 and
# 0.79. Their face rings (vision.cells.face_colours) were 38.3 and 34.8 Lab from the faces of their nearest tiles but
# 6.3 and 8.2 from the one '3L' square read empty (SURE_TILE): so a blank read so is asked where the tiles' faces are
# FACE_TWIN_APART times as far as (1 Lab at least) the nearest square of its premium type read empty, as the face test
# asks its blanks the other way round (FACE_TWIN_APART). Dev seeds 234234-236236 (rounds 27's renders, 100 boards
# each) and 134126, 134127 (60 each; /tmp/vblankask/collect.py, start tree 22eae38): of the 158 squares the model read
# as blanks alone, 156 are blanks, their faces' distance 2.29 times their twin's at most (235235 board-088 (10,6), a
# plain blank 32 Lab from its neighbours' faces and 14 from its type's empty squares; 1.12 next), the two phantoms
# 6.1 and 4.2 times
# BLANK_HUE_TWINNED (_twinned_blanks): BLANK_TWINNED finds no twin where every square of the type near the tiles is
# read as a blank or asked: rendered dev seed 312312 board-093 (a salmon paper board under glare and shadow), two
# double-word squares beside tiles blanks at 0.844 and 0.908 (every double-word square of it 0.52-0.99 blank, none
# read empty at SURE_TILE); nor where the twin read empty is nearly as near as the faces: 313313 board-016 (cream
# board, cream tiles), a plain square a blank at 0.739, 8.1 Lab from its near tiles' faces and 3.0 from a plain
# square read empty. By hue (a, b of Lab: glare and shade move the lightness) and with twins every square of its type
# read empty or unknown at that point, such a blank is asked where it is BLANK_HUE_AWAY from its near tiles' faces
# and BLANK_HUE_TWIN_APART times as far from them as from a twin (1 at least). Dev renders r287287-r313313 (2600
# boards) and 134196, 280280-286286 (800 more; /tmp/vphantom33/dump.py, dump2.py, compare.py, cf.py): of 1448 real
# blanks the model read alone, those a twin is as near by hue as the faces (ratio 1 or more) are 2.06 or less from
# the faces (296296 board-072 (11,8) ratio 2.06); the 19 of them 4 or more from the faces have ratio 0.51 at most
# (308308 board-018 (8,7)). The 12 empty squares the model read so (093 and 016) are 8.06 or more from the faces
# with ratio 2.53 or more; and of the 31,476 empty squares beside placed tiles of the 800 (as if the model had read
# each a blank) 96.1 % are 4 or more from the faces, of which 26 have ratio under 2 (1 % under 4.12). BLANK_HUE_AWAY
# is the middle (geometric) of 2.06 and 8.06; BLANK_HUE_TWIN_APART lies between the blanks' 0.51 and the empty
# squares' 2.53, where the empty squares beside tiles barely move (11, 26, 38 of 30,243 under 1.2, 2, 2.5) and the
# blanks keep a margin of 3.9 times
BLANK_HUE_AWAY = 4.0
BLANK_HUE_TWIN_APART = 2.0
# FAINT_GAIN, FAINT_SIGMA (_faint_letters): a letter printed faintly on its tile (dark print on dark wood, a glare
# gradient across the tile) leaves no ink mask and no strokes (vision.glyph's top-hat stands out under its level), so
# a tile the occupancy model calls likeliest a tile showed no letter and was asked. Such a tile's window is read again
# with its detail boosted: FAINT_GAIN times its departure from its own blur (Gaussian of FAINT_SIGMA px), about
# mid-grey.
# Rendered dev seeds 133077 and 133078 (240 boards each, /tmp/vunread3/boostlog.py, start tree e4dc055): of the squares
# whose letter was looked for and where none was found, those the occupancy model calls likeliest a tile are 160
# blanks, 67 empty squares and 49 tiles; boosted, no blank and no empty square reads a letter, 17 tiles read right at
# the kiosk's bar (0.990-1.0; dark wood on cream boards, 133077 board-094's five, board-202's A, 133078 board-151's
# four), 3 right and 2 wrong under it (C read G 0.495 and V read Y 0.582 on a small dark board, 133077 board-076).
# The one empty square read boosted (a label's L, 0.776) was empty-likeliest (0.908). So a letter is taken only where
# the occupancy model's likeliest state is a tile and the boosted reading reaches the kiosk's bar
# (DEFAULT_MIN_CONFIDENCE): unknown is safer than a wrong letter. The gain and blur were set on 133077 board-094 and
# 133078 board-097 (2.5 and 6 px read their nine tiles; a plain contrast stretch of the window read one).
FAINT_GAIN = 2.5
FAINT_SIGMA = 6.0
# WASHED_OUT (_washed_out_letters): a lamp's glare over a few tiles at the board's edge washes their letters out and
# darkens nothing, yet the occupancy model calls them covered (0.74-0.96), and four of them with no letter found (plain
# ink 'not a letter', strokes under their level) made a patch at the edge that counts as a hand: those and two letters
# read surely beside it (U 1.0, B 0.998) were asked (the lead's 362362 board-061, deluxe board, wooden tiles under a
# spot: S, U, W, D, R, B). Boosted as a faint tile's window is (FAINT_GAIN), the four read S 0.9998, W 0.9992,
# D 0.9993, R 0.99995, and with the patch gone all six are read right. A covered square may be a hand's, though:
# a U half under an arm (rendered dev seed 134286 with --hands, board-047 (2, 8)) reads J 0.9901 boosted, so such a
# letter is taken only at LETTER_SURE_ALONE, not LETTER_DECIDES. Dev seeds 134286-134291 (100 boards each) and 134286
# drawn with --hands (100, 11 with hands; /tmp/vglare38/s/collect.py): of the 225 covered squares with no letter found,
# 153 empty, 31 blanks and 41 tiles, boosted reads at LETTER_DECIDES seven: that J and six right (0.9992-0.99995:
# board-061's four, the hands set's board-019 P 0.99992); none of the empty squares or blanks. Thin: 0.9901 against
# 0.9992. 134287 drawn with --hands, read after the bar was set: of 267 such squares one read so, board-027's P 0.99907,
# right.
WASHED_OUT = LETTER_SURE_ALONE
# GLARE_UNSURE (no constant of its own: DEFAULT_MIN_CONFIDENCE, LETTER_DECIDES; _unsure_letters_boosted): a tile's
# letter whose thin parts glare washed out is found but read under the kiosk's bar (a G whose bar faded reads G 0.66,
# C 0.34; an A reads Y 0.59: rendered dev seed 134290 board-083, cream tiles under a spot), and asked. Read again
# boosted (FAINT_GAIN) they read G 0.9998 and A 1.0. As _read_denoised takes its reading: the same letter at the
# kiosk's bar, another at LETTER_DECIDES. Dev seeds 134286-134291 and 134286 with --hands (700 boards,
# /tmp/vglare38/s/collect.py): five squares so read, board-083's two taken and right; three not taken (134289
# board-083's M read M 0.55, boosted 'not a letter'; the hands set's board-093 O read L 0.63 and C read L 0.54, boosted
# nothing and C 0.83, under LETTER_DECIDES as another letter).
PREMIUM = (LAYOUT.ravel() != NORMAL)  # upright squares with a label (or the centre star)
NOT_FOUND = "board not found: is the whole board in view?"
TURN_NOT_SETTLED = "which way up the board is turned is not settled by its few tiles yet"  # every square but
# those empty under every rival turn is then unknown: no letter is claimed under a doubtful turn
# the question first: the kiosk's status line cuts a long problem at 45-50 characters (800 px screen)
TURN_NOT_AS_FIXED = ("camera moved? The tiles show the board turned {seen}, not {fixed} as vision.fixed_turn says; "
                     "squares a tile may hold are unknown until it is put back or the setting changed")


@dataclass
class _Memory:
    corners: np.ndarray | None = None  # frame-order corners of the last good location
    follower: BoardFollower = field(default_factory=BoardFollower)  # follows the board from those corners
    rotation: int | None = None
    rotation_sure: bool = False
    rotation_rivals: tuple[int, ...] = ()  # turns the tiles do not rule out against `rotation` (see _rotation)
    rotation_settled: bool = False  # the tiles of a frame at this location settled `rotation`, no rival (_decide_rotation)
    last_text: list[str] | None = None
    accepted: list[str] | None = None
    grey: np.ndarray | None = None  # the grey rectified board of the last frame
    grey_corners: np.ndarray | None = None  # ... the corners it was warped at (frame order)
    thumb: np.ndarray | None = None  # ... its thumbnail (_thumbnail), once asked for
    # frame-order cell -> (letter probabilities, letter height)
    letters: dict[int, tuple[np.ndarray, float]] = field(default_factory=dict)
    letters_quarter: int = -1
    # frame-order cell -> the quarter turn its value number shows, where a letter reads so turned,
    # else None (_numbered_tiles); kept, like `letters`, only for squares unchanged since (_unchanged)
    numbered: dict[int, int | None] = field(default_factory=dict)
    # (frame-order cell, quarter turn, which) -> whether its turned window shows a mark above the letter
    # ("mark") or umlaut dots ("dots") (_maybe_accented); kept as `numbered` is
    accents: dict[tuple[int, int, str], bool] = field(default_factory=dict)

    def place(self, corners: np.ndarray | None) -> None:
        """A board location found afresh (or none): what was learnt at the old one goes.
        Letters remembered by cell would otherwise carry over to a candidate location whose
        cells look alike (a board of tiles in one colour), each under another tile."""
        self.corners = corners
        self.rotation, self.rotation_sure, self.rotation_rivals, self.rotation_settled = None, False, (), False
        self.grey, self.grey_corners, self.thumb = None, None, None
        self.letters, self.numbered, self.accents = {}, {}, {}


class BoardReader:
    def __init__(self, config: VisionConfig | None = None, calibration: Calibration | None = None) -> None:
        self.config = config or VisionConfig()
        if calibration is None and self.config.calibration is not None:
            calibration = Calibration.load(self.config.calibration)
        self.calibration = calibration or Calibration()
        self.occupancy: Network = self.calibration.model("occupancy")
        self.letters: Network = self.calibration.model("letters")
        # the model's classes are the texts printed on tiles ("A", "CH", "L·L"); the game's set
        # says which board character each of its texts stands for (Catalan's NY is its Ñ), and
        # only those are ever answered: a German game never reads Ñ
        read = read_as(self.letters.classes, self.config.tileset, NOT_A_LETTER)
        # the letters the reader reports (the model's 'not a letter' class is not one of them);
        # a text the set does not print keeps a place, never chosen (its probability is 0)
        self.letter_classes = tuple(c for c in read if c != NOT_A_LETTER)
        self._allowed = np.array([not c.startswith("(") for c in read])
        self._value_cue = ValueCue(self.letter_classes, self.config.tileset)
        tileset = load_tileset(self.config.tileset)
        self._blanks = tileset.counts.get(BLANK, 0)  # blanks in the game's set
        # the letters printed as one character: a tile of two ("CH", "RR", "L·L") prints them smaller (LABEL_SHORT)
        self._printed_alone = frozenset(ch for ch, glyph in tileset.glyphs.items() if len(glyph) == 1)
        self._memory = _Memory()
        # the letter model's answer per glyph (its features' bytes), this frame: the rotation's
        # readings, the letters read and their re-reads look at many glyphs more than once, and
        # the shipped network answers each glyph alike alone or in any batch (checked on
        # scrabscrap-v1 and jheidel-en frames: batches of 1 to 80 gave the very same logits; a
        # club's head, a matrix product, may differ in the last bit between batch sizes)
        self._glyph_memo: dict[bytes, np.ndarray] = {}
        self._lock = threading.Lock()
        self._four_channels: tuple[np.ndarray, np.ndarray] | None = None  # this frame and it as BGRA (_rectified)
        self.zone_fit: ZoneFit | None = None  # the configured rack zones, fitted to the frame size (frame_guard)
        # the racks: zones in force, what was learnt of each, the setup's search (vision.rack_counter)
        self.racks = RackCounter(self.config.rack_zones, self.calibration.tile_lab)

    def accept_board(self, rows: list[str]) -> None:
        """Tell the reader the board the game accepted; a turned board is then matched against it.
        A board without tiles (a new game) tells no turn: what an earlier game's board taught is forgotten."""
        with self._lock:
            self._memory.accepted = list(rows) if any(ch != "." for row in rows for ch in row) else None

    def racks_hold(self, counts: dict[str, int]) -> None:
        """Tell the reader how many tiles the rules say each rack holds now (seven each as a
        game starts): each rack is learnt again from the next frame that reads it so
        (RackCounter.racks_hold)."""
        self.racks.racks_hold(counts)

    def racks_learnt(self) -> frozenset[str]:
        """The rack zones learnt since the reader was last told what the racks hold."""
        return self.racks.racks_learnt()

    def forget_location(self) -> None:
        with self._lock:
            self._memory.place(None)

    def observe(self, frame: np.ndarray) -> BoardObservation:
        image = guard(self, frame)  # any array a camera hands over: an image, or "not readable"
        if isinstance(image, BoardObservation):
            return image
        with self._lock:
            self._glyph_memo.clear()
            forget_inks()
            try:
                return self._observe(image)
            finally:
                self._four_channels = None

    # -- steps ---------------------------------------------------------------------------

    def _known_corners(self, frame: np.ndarray) -> tuple[np.ndarray | None, bool]:
        """Corners (frame order) from the config or from following the last location, or None;
        and whether the board moved away from where it was."""
        memory = self._memory
        if self.config.corners is not None:
            return np.asarray(self.config.corners, np.float32), False
        if memory.corners is None:
            return None, False
        found = memory.follower.follow(frame, memory.corners)
        if found is not None and found.grid_score >= MIN_GRID_SCORE:
            shift = np.abs(found.corners - memory.corners).max() / self._cell_px(memory.corners)
            if shift <= MOVE_TOLERANCE:
                memory.corners = found.corners
                return found.corners, False
        return None, True

    def _rectified(self, frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
        """The padded rectified board (vision.cells.rectify) of a BGR frame, in BGRA: OpenCV warps four
        channels in half the time of three (3.2 against 6.2 ms of one core for a scrabscrap-v1 board), more
        than the frame's conversion costs (1.2 ms, once a frame however many locations are read), and
        the same colours, grey (BGRA2GRAY) and Lab (BGR2LAB of the four channels) to the bit. A frame of
        more than FOUR_CHANNELS_MOST pixels is warped as it is (its conversion would cost more)."""
        if frame.shape[0] * frame.shape[1] > FOUR_CHANNELS_MOST:
            return cv2.cvtColor(rectify(frame, corners), cv2.COLOR_BGR2BGRA)
        if self._four_channels is None or self._four_channels[0] is not frame:
            self._four_channels = frame, cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA)
        return rectify(self._four_channels[1], corners)

    @staticmethod
    def _cell_px(corners: np.ndarray) -> float:
        return float(np.linalg.norm(corners[1] - corners[0]) / 15)

    def _letter_probabilities(self, cells: list[np.ndarray], strokes_past_print: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Per cell: probabilities over the tile set's letters, and the letter's height as a
        share of the cell's ink mask (rows of zeros and 0 where no glyph was found).
        `strokes_past_print` (the squares read, not the turn's readings, where turned print reads as
        letters more often): plain ink read 'not a letter' (a glare patch or a shadow joined to the letter)
        is read from its strokes alone too, and a letter they read at LETTER_DECIDES is taken. Dev seeds
        83023 (150 boards) and 84024 (60), the boards located and turned surely: of the squares whose
        letters are read, 4 whose plain ink read 'not a letter' had strokes read so, all tiles read right
        (an N under glare on navy the occupancy model calls covered, a U whose plain ink read 'not a
        letter' 0.997, an R and a Z read from their strokes already); no empty square, none of the 75
        marked blanks."""
        probs, heights = self._read_glyphs(cells, strokes=False)
        if strokes_past_print:
            # where the plain ink showed no letter, glyph_image has read the strokes already:
            # reading them again changes only the cells whose plain ink read 'not a letter'
            unread = np.flatnonzero(heights == 0)
            if len(unread):
                again, again_heights = self._read_glyphs([cells[k] for k in unread], strokes=True)
                sure = again.max(axis=1) >= LETTER_DECIDES
                if sure.any():  # unless its hairlines read another letter (see PAST_PRINT_HAIRLINES)
                    sure[sure] = ~self._hairlines_rival([cells[k] for k in unread[sure]], again[sure].argmax(axis=1))
                probs[unread[sure]], heights[unread[sure]] = again[sure], again_heights[sure]
        # a letter the plain ink does not show surely (a shadow or glare joined to it can
        # leave only a tile edge to read) is read again from its strokes alone; the surer wins
        # (where the plain ink showed no letter at all, glyph_image has tried the strokes already)
        unsure = np.flatnonzero((heights > 0) & (probs.max(axis=1) < LETTER_DECIDES))
        strokes = np.zeros(len(cells), bool)
        overruled = np.zeros(len(cells), bool)
        faint = np.zeros(len(cells), bool)  # letters the strokes read where the plain ink's was under the bar
        echoed = np.zeros(len(cells), bool)  # the plain ink's letter at the bar, read surer by the strokes
        if len(unsure):
            again, again_heights = self._read_glyphs([cells[k] for k in unsure], strokes=True)
            plain_best = probs[unsure].max(axis=1)
            surer = again.max(axis=1) > plain_best
            rival = surer & (again.argmax(axis=1) != probs[unsure].argmax(axis=1))
            if strokes_past_print and rival.any():  # strokes that lost the hairlines: no rival (HAIRLINES_KEEP)
                rivals = np.flatnonzero(rival)
                kept = rivals[self._hairlines_read(cells, unsure[rivals], probs[unsure[rivals]].argmax(axis=1))]
                surer[kept], rival[kept] = False, False
            # another letter than the plain ink's: taken only past LETTER_DECIDES (see TAKEN_ALONE)
            over = rival & ((plain_best >= DEFAULT_MIN_CONFIDENCE) | (again.max(axis=1) < LETTER_DECIDES))
            confirmable = np.flatnonzero(over & (again.max(axis=1) >= LETTER_DECIDES))
            if strokes_past_print and len(confirmable):  # see STROKES_CONFIRMED
                letters = again[confirmable].argmax(axis=1)
                over[confirmable[self._strokes_confirmed(cells, unsure[confirmable], letters)]] = False
            # the strokes' letter at the kiosk's bar where the plain ink's is under it
            secondable = np.flatnonzero(over & (plain_best < DEFAULT_MIN_CONFIDENCE) &
                                        (again.max(axis=1) >= DEFAULT_MIN_CONFIDENCE) & (again.max(axis=1) < LETTER_DECIDES))
            if strokes_past_print and len(secondable):  # see STROKES_SECONDED
                letters = again[secondable].argmax(axis=1)
                over[secondable[self._strokes_seconded(cells, unsure[secondable], letters)]] = False
            overruled[unsure] = over
            probs[unsure[surer]], heights[unsure[surer]] = again[surer], again_heights[surer]
            strokes[unsure[surer]] = True
            faint[unsure[surer & (plain_best < DEFAULT_MIN_CONFIDENCE)]] = True
            echoed[unsure[surer & ~rival & (plain_best >= DEFAULT_MIN_CONFIDENCE)]] = True
        if strokes_past_print:
            probs[overruled] = 0.0  # see TAKEN_ALONE
            self._no_broken_letters(cells, probs, heights, strokes)
            self._letters_agree(cells, probs, heights, strokes)
            self._darker_agrees(cells, probs, heights, strokes, faint)
            self._hairlines_agree(cells, probs, heights, faint)
            self._echo_refuted(cells, probs, heights, echoed)
            self._boosted_agrees(cells, probs, heights)
            self._number_as_tail(cells, probs, heights, strokes)
            _no_stray_strokes(cells, probs, heights)
            self._turn_refutes(cells, probs, heights)
        return probs, heights

    def _hairlines_rival(self, windows: list[np.ndarray], letters: np.ndarray,
                         bars: np.ndarray | None = None) -> np.ndarray:
        """Per window: whether its strokes with their hairlines kept (vision.glyph.hairline_mask) read another letter
        than letters[row] (an index into self.letter_classes) at LETTER_DECIDES (_surely_other), or at bars[row]
        where `bars` is given."""
        again, again_heights = self._read_glyphs(windows, strokes=False, hairlines=True)
        return _surely_other(again, again_heights, letters, bars)

    def _hairlines_read(self, cells: list[np.ndarray], rows: np.ndarray, letters: np.ndarray) -> np.ndarray:
        """Per row of `rows` (indices into `cells`): whether the strokes with their hairlines kept
        (vision.glyph.hairline_mask) read letters[row] (an index into self.letter_classes) at the kiosk's bar."""
        again, again_heights = self._read_glyphs([cells[k] for k in rows], strokes=False, hairlines=True)
        return (again_heights > 0) & (again[np.arange(len(rows)), letters] >= DEFAULT_MIN_CONFIDENCE)

    def _strokes_confirmed(self, cells: list[np.ndarray], rows: np.ndarray, letters: np.ndarray) -> np.ndarray:
        """Per row of `rows` (indices into `cells`): whether the strokes with their hairlines kept and the darker ink
        (vision.glyph.dark_ink_mask) both read letters[row] (an index into self.letter_classes) at LETTER_DECIDES."""
        windows = [cells[k] for k in rows]
        hair, hair_heights = self._read_glyphs(windows, strokes=False, hairlines=True)
        dark, dark_heights = self._read_glyphs(windows, strokes=False, dark=True)
        at = np.arange(len(rows))
        return (hair_heights > 0) & (hair[at, letters] >= LETTER_DECIDES) & \
            (dark_heights > 0) & (dark[at, letters] >= LETTER_DECIDES)

    def _strokes_seconded(self, cells: list[np.ndarray], rows: np.ndarray, letters: np.ndarray) -> np.ndarray:
        """Per row of `rows` (indices into `cells`): whether the darker ink (vision.glyph.dark_ink_mask) reads
        letters[row] (an index into self.letter_classes) at the kiosk's bar, it or the strokes with their hairlines kept
        read it at LETTER_DECIDES, and the hairlines read no other letter at LETTER_DECIDES (see STROKES_SECONDED)."""
        windows = [cells[k] for k in rows]
        hair, hair_heights = self._read_glyphs(windows, strokes=False, hairlines=True)
        dark, dark_heights = self._read_glyphs(windows, strokes=False, dark=True)
        at = np.arange(len(rows))
        darker = np.where(dark_heights > 0, dark[at, letters], 0.0)
        hairlines = np.where(hair_heights > 0, hair[at, letters], 0.0)
        seconded = (darker >= DEFAULT_MIN_CONFIDENCE) & (np.maximum(darker, hairlines) >= LETTER_DECIDES)
        return seconded & ~_surely_other(hair, hair_heights, letters)

    def _letters_agree(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray,
                       strokes: np.ndarray) -> None:
        """Takes out (in place, as _no_broken_letters does: the square is unknown) a letter read from its
        plain ink at LETTER_DECIDES but under LETTER_SURE_ALONE whose strokes alone read another letter
        at LETTER_DECIDES: two surely different letters in one glyph (see LETTER_SURE_ALONE)."""
        best = probs.max(axis=1)
        doubted = np.flatnonzero((heights > 0) & ~strokes & (best >= LETTER_DECIDES) & (best < LETTER_SURE_ALONE))
        if not len(doubted):
            return
        again, again_heights = self._read_glyphs([cells[k] for k in doubted], strokes=True)
        other = _surely_other(again, again_heights, probs[doubted].argmax(axis=1))
        if other.any():  # strokes that lost the hairlines: no rival (HAIRLINES_KEEP)
            rivals = np.flatnonzero(other)
            other[rivals[self._hairlines_read(cells, doubted[rivals], probs[doubted[rivals]].argmax(axis=1))]] = False
        probs[doubted[other]] = 0.0

    def _darker_agrees(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray,
                       strokes: np.ndarray, faint: np.ndarray) -> None:
        """Takes out (in place, as _letters_agree does: the square is unknown) a letter read from its plain ink at
        the kiosk's bar but under LETTER_DECIDES whose darker ink (vision.glyph.dark_ink_mask) reads another letter
        at LETTER_DECIDES, unless the strokes with their hairlines read the plain ink's letter at the kiosk's bar
        (HAIRLINES_KEEP): the plain ink's level filled a blurred letter's opening (see DARKER_INK). A letter the
        plain ink shows none of (glyph_image read the strokes) is kept too where its window median-filtered
        (DENOISE_PX) reads it at the kiosk's bar: the darker level dropped the lit side of a letter under a glare
        gradient (see DARKER_INK), and so is one whose darker ink reads I: the darker level kept a serif letter's
        thick stem alone (see DARKER_STEM). A letter the strokes read where the plain ink's was under the kiosk's bar
        (`faint`) is doubted as a plain one is (see DARKER_FAINT)."""
        best = probs.max(axis=1)
        doubted = np.flatnonzero((heights > 0) & (~strokes | faint) & (best >= DEFAULT_MIN_CONFIDENCE) &
                                 (best < LETTER_DECIDES))
        if not len(doubted):
            return
        again, again_heights = self._read_glyphs([cells[k] for k in doubted], strokes=False, dark=True)
        letters = probs[doubted].argmax(axis=1)
        other = _surely_other(again, again_heights, letters)
        if other.any():  # the hairlines keep the plain ink's letter unless the strokes read the darker ink's too
            rivals = np.flatnonzero(other)
            rival_letters = again[rivals].argmax(axis=1)
            strokes_read, strokes_heights = self._read_glyphs([cells[k] for k in doubted[rivals]], strokes=True)
            seconded = (strokes_heights > 0) & (strokes_read[np.arange(len(rivals)), rival_letters] >= LETTER_DECIDES)
            kept = self._hairlines_read(cells, doubted[rivals], letters[rivals]) & ~seconded
            other[rivals[kept]] = False
        stem = self.letter_classes.index("I") if "I" in self.letter_classes else -1  # see DARKER_STEM
        filtered_decides = np.array([other[j] and (int(again[j].argmax()) == stem or letter_ink(cells[k]) is None)
                                     for j, k in enumerate(doubted)], bool)
        if filtered_decides.any():
            rivals = np.flatnonzero(filtered_decides)
            filtered = [_denoised(cells[k]) for k in doubted[rivals]]
            again, again_heights = self._read_glyphs(filtered, strokes=False)
            other[rivals[(again_heights > 0) & (again[np.arange(len(rivals)), letters[rivals]] >= DEFAULT_MIN_CONFIDENCE)]] = False
        probs[doubted[other]] = 0.0

    def _hairlines_agree(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray,
                         faint: np.ndarray) -> None:
        """Takes out (in place, as _letters_agree does: the square is unknown) a letter read at the kiosk's bar but
        under LETTER_DECIDES where the plain ink shows none (glyph_image read the strokes) whose strokes with their
        hairlines kept (vision.glyph.hairline_mask) read another letter at LETTER_DECIDES (see HAIRLINES_RIVAL), or
        whose window median-filtered (DENOISE_PX) does (see FILTERED_RIVAL), or shows no letter while those hairlines
        read 'not a letter' at MARK_SURE (see HAIRLINES_MARK); and a letter read at the kiosk's bar
        from its strokes where the plain ink's reading was under it (`faint`) whose hairlines read another letter
        at LETTER_DECIDES (see FAINT_STROKES); and any other letter read at the kiosk's bar but under LETTER_DECIDES
        whose hairlines read another letter at LETTER_DECIDES in the window and in the window median-filtered (see
        PLAIN_HAIRLINES)."""
        best = probs.max(axis=1)
        read = (heights > 0) & (_as_reported(probs) >= DEFAULT_MIN_CONFIDENCE)  # see LIFTED_CHECKED
        unshown = np.array([k for k in np.flatnonzero(read & (best < LETTER_DECIDES))
                            if letter_ink(cells[k]) is None], int)
        shown = np.setdiff1d(np.flatnonzero(read & ~faint & (best < LETTER_DECIDES)), unshown)  # see PLAIN_HAIRLINES
        rows = np.union1d(np.union1d(unshown, np.flatnonzero(read & faint)), shown).astype(int)
        if not len(rows):
            return
        letters = probs[rows].argmax(axis=1)
        hair, hair_heights = self._read_glyphs([cells[k] for k in rows], strokes=False, hairlines=True)
        other = _surely_other(hair, hair_heights, letters)
        plain_rival = np.isin(rows, shown) & other
        # a hairline glyph taller than the letter's took in its value number (see HAIRLINES_TALLER)
        other[plain_rival & (hair_heights > HAIRLINES_TALLER * heights[rows])] = False
        seconded_rows = np.flatnonzero(plain_rival & other)
        if len(seconded_rows):  # the filtered window's hairlines read the rival too (see PLAIN_HAIRLINES)
            filtered = [_denoised(cells[k]) for k in rows[seconded_rows]]
            again, again_heights = self._read_glyphs(filtered, strokes=False, hairlines=True)
            rivals = hair[seconded_rows].argmax(axis=1)
            seconded = again[np.arange(len(seconded_rows)), rivals] >= LETTER_DECIDES
            other[seconded_rows] = (again_heights > 0) & seconded
        filtered_rows = np.flatnonzero(np.isin(rows, unshown) & ~other)
        if len(filtered_rows):  # see FILTERED_RIVAL
            filtered = [_denoised(cells[k]) for k in rows[filtered_rows]]
            again, again_heights = self._read_glyphs(filtered, strokes=False)
            other[filtered_rows] = _surely_other(again, again_heights, letters[filtered_rows])
            unlettered = filtered_rows[again.max(axis=1) == 0]  # the filtered window shows no letter at all
            if len(unlettered):  # see HAIRLINES_MARK
                other[unlettered] = self._hairlines_mark([cells[k] for k in rows[unlettered]])
        probs[rows[other]] = 0.0

    def _boosted_agrees(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray) -> None:
        """Takes out (in place, as _letters_agree does: the square is unknown) a letter read at the kiosk's bar where
        the plain ink shows none (glyph_image read the strokes) whose window with its detail boosted (_boosted) reads
        another letter at the kiosk's bar, or at LETTER_DECIDES where the letter was read so (see BOOSTED_RIVAL), unless
        the window's strokes with their hairlines kept and its darker ink both read the letter at LETTER_DECIDES
        (_strokes_confirmed, see BOOSTED_OUTVOTED)."""
        best = probs.max(axis=1)
        rows = np.array([k for k in np.flatnonzero((heights > 0) & (_as_reported(probs) >= DEFAULT_MIN_CONFIDENCE))
                         if letter_ink(cells[k]) is None], int)  # see LIFTED_CHECKED
        if not len(rows):
            return
        again, again_heights = self._read_glyphs([np.ascontiguousarray(_boosted(cells[k])) for k in rows], strokes=False)
        bars = np.where(best[rows] < LETTER_DECIDES, DEFAULT_MIN_CONFIDENCE, LETTER_DECIDES)
        letters = probs[rows].argmax(axis=1)
        other = _surely_other(again, again_heights, letters, bars)
        if other.any():  # a rival the window's hairlines and darker ink outvote asks nothing (see BOOSTED_OUTVOTED)
            rivals = np.flatnonzero(other)
            other[rivals[self._strokes_confirmed(cells, rows[rivals], letters[rivals])]] = False
        probs[rows[other]] = 0.0

    def _echo_refuted(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray,
                      echoed: np.ndarray) -> None:
        """Takes out (in place, as _letters_agree does: the square is unknown) a letter the strokes read surer than the
        plain ink read the same letter at the kiosk's bar (`echoed`) where the strokes with their hairlines kept read
        another letter at LETTER_DECIDES and the darker ink (vision.glyph.dark_ink_mask) does not read the letter at
        the kiosk's bar (see ECHOED_STROKES)."""
        rows = np.flatnonzero(echoed & (heights > 0) & (probs.max(axis=1) >= DEFAULT_MIN_CONFIDENCE))
        if not len(rows):
            return
        letters = probs[rows].argmax(axis=1)
        other = self._hairlines_rival([cells[k] for k in rows], letters)
        if other.any():
            rivals = np.flatnonzero(other)
            dark, dark_heights = self._read_glyphs([cells[k] for k in rows[rivals]], strokes=False, dark=True)
            other[rivals] = (dark_heights == 0) | (dark[np.arange(len(rivals)), letters[rivals]] < DEFAULT_MIN_CONFIDENCE)
        probs[rows[other]] = 0.0

    def _number_as_tail(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray,
                        strokes: np.ndarray) -> None:
        """Takes out (in place, as _letters_agree does: the square is unknown) a letter read from its plain ink at
        LETTER_DECIDES on a window whose value number is not seen apart from the letter (vision.value.number_aspect)
        where its strokes alone (or, where they only lean to another letter, the strokes of the window median-filtered)
        read another letter at LETTER_DECIDES and its darker ink (vision.glyph.dark_ink_mask) reads that same letter at
        the kiosk's bar: the number ran into the letter and the plain ink read it as a part of the letter (a D's 2 as
        a Q's tail), which the strokes and the darker ink leave out (see NUMBER_AS_TAIL)."""
        rows = np.array([k for k in np.flatnonzero((heights > 0) & ~strokes & (probs.max(axis=1) >= LETTER_DECIDES))
                         if number_aspect(cells[k]) is None], int)
        if not len(rows):
            return
        letters = probs[rows].argmax(axis=1)
        again, again_heights = self._read_glyphs([cells[k] for k in rows], strokes=True)
        other = _surely_other(again, again_heights, letters)
        rival_letters = again.argmax(axis=1)
        # strokes that do not decide: leaning to another letter, or reading the plain ink's own under LETTER_DECIDES;
        # the filtered window's strokes stand in for them (the letter they lean to, if any) (see NUMBER_AS_TAIL)
        undecided = np.flatnonzero((again_heights > 0) & ~other
                                   & ((rival_letters != letters) | (again.max(axis=1) < LETTER_DECIDES)))
        if len(undecided):
            filtered, filtered_heights = self._read_glyphs([_denoised(cells[k]) for k in rows[undecided]], strokes=True)
            named = filtered.argmax(axis=1)
            leaning = rival_letters[undecided] != letters[undecided]
            other[undecided] = ((filtered_heights > 0) & (filtered.max(axis=1) >= LETTER_DECIDES)
                                & (named != letters[undecided]) & (~leaning | (named == rival_letters[undecided])))
            rival_letters[undecided] = named
        if other.any():
            rivals = np.flatnonzero(other)
            dark, dark_heights = self._read_glyphs([cells[k] for k in rows[rivals]], strokes=False, dark=True)
            other[rivals] = (dark_heights > 0) & \
                (dark[np.arange(len(rivals)), rival_letters[rivals]] >= DEFAULT_MIN_CONFIDENCE)
        probs[rows[other]] = 0.0

    def _turn_refutes(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray) -> None:
        """Takes out (in place, as _letters_agree does: the square is unknown) a letter read at the kiosk's bar that
        its window turned half a turn reads too (_turned_same)."""
        rows = np.flatnonzero((heights > 0) & (_as_reported(probs) >= DEFAULT_MIN_CONFIDENCE))
        if len(rows):
            probs[rows[self._turned_same([cells[k] for k in rows], probs[rows].argmax(axis=1))]] = 0.0

    def _turned_same(self, windows: list[np.ndarray], letters: np.ndarray) -> np.ndarray:
        """Per window: whether letters[row] (an index into self.letter_classes) is one of TURN_TWINS and the window
        turned half a turn reads it at TURNED_SAME from its plain ink: turned, a W is an M and an M a W, so a glyph
        that reads M both ways up is a W the model took for an M, or the mirror (see TURNED_SAME)."""
        twins = [self.letter_classes.index(letter) for letter in TURN_TWINS if letter in self.letter_classes]
        rows = np.flatnonzero(np.isin(letters, twins))
        same = np.zeros(len(windows), bool)
        if len(rows):
            turned, heights = self._read_glyphs([_turned_window(windows[k], 2) for k in rows], strokes=False)
            same[rows] = (heights > 0) & (turned[np.arange(len(rows)), letters[rows]] >= TURNED_SAME)
        return same

    def _hairlines_mark(self, windows: list[np.ndarray]) -> np.ndarray:
        """Per window: whether its strokes with their hairlines kept (vision.glyph.hairline_mask) hold a glyph the letter
        model calls 'not a letter' at MARK_SURE (see HAIRLINES_MARK)."""
        if NOT_A_LETTER not in self.letters.classes:
            return np.zeros(len(windows), bool)
        probs, heights = self._glyph_classes(windows, strokes=False, hairlines=True)
        return (heights > 0) & (probs[:, self.letters.classes.index(NOT_A_LETTER)] >= MARK_SURE)

    def _no_broken_letters(self, cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray,
                           strokes: np.ndarray) -> None:
        """Takes out (in place: probabilities 0, the glyph's height kept, so the square is unknown) a single
        letter read under LETTER_DECIDES from a glyph of pieces side by side (glyph_in_pieces, from its strokes
        where `strokes`): a letter broken into pieces, joined as a multi-letter tile's letters are. Rendered
        dev seed 98038 board-019: a serif W under blur, its plain ink run into the tile's edge and its strokes
        the two thick downstrokes alone, read M 0.8994 (confidence 0.9005), the one confident-wrong square
        of 60 boards."""
        single = np.array([len(c) == 1 for c in self.letter_classes])
        unsure = np.flatnonzero((heights > 0) & (probs.max(axis=1) < LETTER_DECIDES) & single[probs.argmax(axis=1)])
        for k in unsure:
            if glyph_in_pieces(cells[k], bool(strokes[k])):
                probs[k] = 0.0

    def _read_glyphs(self, cells: list[np.ndarray], strokes: bool,
                     hairlines: bool = False, dark: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """Letter probabilities (self.letter_classes) and heights of the glyphs in `cells` (`strokes`, `hairlines`,
        `dark`: which ink, as vision.glyph.glyph_image reads it); zeros where no glyph was found or the letter model
        calls it 'not a letter'."""
        probs, heights = self._glyph_classes(cells, strokes, hairlines, dark)
        if NOT_A_LETTER in self.letters.classes:
            # ink the model calls 'not a letter' (print on a square, a speck) is no letter
            # found; elsewhere its share is left out, so it lowers the letter's probability
            other = self.letters.classes.index(NOT_A_LETTER)
            is_other = probs.argmax(axis=1) == other
            probs[is_other], heights[is_other] = 0.0, 0.0
            probs = np.delete(probs, other, axis=1)
        return probs, heights

    def _glyph_classes(self, cells: list[np.ndarray], strokes: bool,
                       hairlines: bool = False, dark: bool = False) -> tuple[np.ndarray, np.ndarray]:
        """The letter model's probabilities over all its classes ('not a letter' too; a thin I's bar read I by its
        height, vision.models.thin_i) and the heights of the glyphs in `cells`; zeros where no glyph was found."""
        feats, found = glyph_features_batch(cells, strokes, hairlines, dark)
        probs = np.zeros((len(cells), len(self.letters.classes)), np.float32)
        heights = np.zeros(len(cells), np.float32)
        if found.any():
            probs[found] = thin_i(self._glyph_probabilities(feats), feats, self.letters.classes)
            heights[found] = feats[:, HEIGHT_FEATURE]
        return probs, heights

    def _glyph_probabilities(self, feats: np.ndarray) -> np.ndarray:
        """self.letters.probabilities of glyph features (rows), each glyph through the network
        once a frame (see _glyph_memo)."""
        keys = [row.tobytes() for row in feats]
        todo = {key: k for k, key in enumerate(keys) if key not in self._glyph_memo}
        if todo:
            fresh = self.letters.probabilities(feats[list(todo.values())], self._allowed)
            self._glyph_memo.update(zip(todo, fresh))
        return np.stack([self._glyph_memo[key] for key in keys])

    def _read_without_joined_numbers(self, upright: list[np.ndarray], colour: Callable[[int], np.ndarray],
                                     probs: np.ndarray, heights: np.ndarray) -> None:
        """Read again, in place, the letters whose value number ran into the letter's ink
        (vision.value.without_joined_number), with the number painted over: the letter model
        knows letters with their numbers apart, and reads an N joined to its 1 as an M
        (surely). On 538 rendered frames (vision.synth dataset seeds 61723-61725, 240 boards, 60
        with hands; 298 boards of the renderer's wide tile palette: dark wood, black, navy...)
        69 tiles showed such a number: read again, all 69 kept their right letter (a first
        version that also took parts inside the letter's width painted over a serif G's spur and
        read it C); on jheidel-en the two N's read M at 0.999 are read N. Ink read as no letter at all is
        tried too, and takes only a letter read at LETTER_DECIDES: a Z whose joined 10 made its ink 'not a
        letter' 0.9993 had been taken for a marked blank at 0.997 (seed 150150 board-017, found measuring); on
        dev seeds 98038, 99039, 93033, 94034 (240 boards) every square reads as before (/tmp/lead18/dump.py).
        The painted window is read as the squares are, with every check (PAINTED_CHECKED): read unchecked, it put
        back a letter the checks had taken out.
        `upright`: grey windows; `colour(j)`: upright[j] in colour (what is painted and read again)."""
        painted = [(j, without_joined_number(upright[j], partial(colour, j))) for j in range(len(upright))]
        redo = [(j, window) for j, window in painted if window is not None]
        if not redo:
            return
        again, again_heights = self._letter_probabilities([window for _, window in redo], strokes_past_print=True)
        for (j, _), p, h in zip(redo, again, again_heights):
            # ink read as no letter at all (a Z whose joined 10 made it 'not a letter', then a marked blank)
            # takes only a letter read surely once the number is painted over
            if h > 0 and (heights[j] > 0 or p.max() >= LETTER_DECIDES):
                probs[j], heights[j] = p, h

    def _numbered_tiles(self, windows: list[np.ndarray], occ: np.ndarray, limit: int) -> list[tuple[int, int]]:
        """Up to `limit` squares showing a tile's letter with its value number: (frame-order
        cell, the quarter turn that puts the number low and right of the letter, as on an
        upright tile). Only the tiles themselves tell which way the board is turned, so the
        squares are not taken from the occupancy model's 'tile' answer: dark wooden tiles can
        be called 'covered' and print on a premium square 'tile'. The squares it calls empty
        least surely are looked at first (ROTATION_POOL of them at most, none it calls empty
        at ROTATION_EMPTY or more), and a square counts
        only where ink stands beside a letter-sized shape in one corner and the letter model,
        turned that way, reads a letter there (not its 'not a letter': print on a square).
        A square looked at on an earlier frame and unchanged since keeps its answer (_Memory.numbered).
        The first ROTATION_DECIDED such squares are found first: where they all show one turn, the vote
        is decided and the rest are not looked for."""
        pool = [int(k) for k in np.argsort(occ[:, 0], kind="stable")[:ROTATION_POOL] if occ[k, 0] < ROTATION_EMPTY]
        known = self._memory.numbered
        order: list[int] = []  # the squares with a value number (or known), in the pool's order
        pending: list[tuple[int, int]] = []  # ... found with their number's turn, still to be read
        confirmed = 0
        start = fetched = 0
        goal = min(limit, ROTATION_DECIDED)  # squares wanted so far
        while True:
            while start < len(pool) and confirmed + len(pending) < goal:  # in batches: most boards need one
                if start == fetched:  # the ink masks of as many squares as are still wanted, at once
                    wanted = [j for j in pool[start:] if j not in known][:goal - confirmed - len(pending)]
                    ink_masks([windows[j] for j in wanted])
                    fetched = pool.index(wanted[-1]) + 1 if wanted else len(pool)
                k, start = pool[start], start + 1
                if k in known:
                    order.append(k)
                    confirmed += known[k] is not None
                    continue
                quarter = _value_number_turn(windows[k])
                if quarter is not None:
                    order.append(k)
                    pending.append((k, quarter))
                else:
                    known[k] = None
            if not pending:
                found = [(k, q) for k in order if (q := known[k]) is not None]
                if goal < limit and confirmed >= goal and len({q for _, q in found}) > 1:
                    goal = limit  # the first squares do not agree: up to `limit` of them
                    continue
                return found
            # a letter or not, each turned its way: no second reading of its strokes (where the plain ink
            # shows no letter, as where stroke_number_sides found it, glyph_image reads the strokes)
            _, heights = self._read_glyphs([_turned_window(windows[k], q) for k, q in pending],
                                           strokes=False)
            for (k, q), h in zip(pending, heights):
                known[k] = q if h > 0 else None
                confirmed += h > 0
            pending = []

    def _turned(self, windows: list[np.ndarray], occ: np.ndarray) -> bool:
        """A turntable can come back turned by a quarter exactly where it was: do the value
        numbers of a few tiles now sit in another corner than the remembered rotation says?"""
        votes = np.zeros(4)
        for _, quarter in self._numbered_tiles(windows, occ, TURN_CHECK):
            votes[quarter] += 1
        return votes.sum() >= 3 and int(np.argmax(votes)) * 90 != self._memory.rotation \
            and votes.max() >= 0.6 * votes.sum()

    def _fixed_turn(self, windows: list[np.ndarray], occ: np.ndarray,
                    turn: int) -> tuple[int, bool, tuple[int, ...], bool]:
        """A board that does not turn (VisionConfig.fixed_turn), as _decide_rotation's answer: `turn`, never
        decided by the tiles; but where the tiles rule it out (neither the turn _rotation reads nor one of its
        rivals: a camera knocked round, a turntable configured as fixed), the turns they leave are its rivals,
        so the squares a tile may hold are unknown (TURN_NOT_AS_FIXED), not letters read turned the wrong way.
        Dev sets f111051 and f111052 (1-3 tiles, 80 and 150 boards; /tmp/vturnset/fixed.py, summ.py), each frame
        read configured at its true turn and at the three others. At the true turn (227 located frames) one
        alarm: f111052 board-069, one D whose two 'numbers' on premium print ruled its turn out (the D unknown);
        439 tiles, 435 read. At another turn (681 frames) squares read wrong or phantom: 82 on 60 frames (34 on
        13 of the 423 of 2-3 tiles), the rest a turn the tiles leave open; alarming only where the tiles settle
        another turn: 161 on 117, and only where its value numbers are sure (_rotation's `sure`): 560 on 327."""
        decided = self._rotation(windows, occ)
        if decided is None:
            return turn, True, (), True
        best, _, rivals = decided
        if turn == best or turn in rivals:
            return turn, True, (), True
        return turn, True, (best, *rivals), False

    def _decide_rotation(self, windows: list[np.ndarray], occ: np.ndarray) -> tuple[int, bool, tuple[int, ...], bool]:
        """The board's turn, whether it is sure, its rivals (as _rotation gives them) and whether tiles
        settled it (_Memory.rotation_settled), from this frame's tiles (_rotation) and what an earlier
        frame at this location settled. A followed board's fit moves a pixel or two from frame to frame,
        and with a few tiles whose letters read alike turned half-way the margin can raise a rival on
        one frame and not on the next (tests/test_vision_reader_followed.py: the word board moved (2, 1)
        px read 17 squares unknown): a turn settled on an earlier frame (no rival) stays settled while
        this frame's tiles favour it still, and a turn they favour over it instead has it as a rival,
        so the board is never turned over on one frame's reading. A board located afresh has no
        earlier turn (_Memory.place). Dev seeds 332100-332129 (2-6 tiles, any turn, followed over three
        more shots moved up to 2.5 px, 120 frames): 2 frames with a rival (5 tiles unknown) before, none
        now; no frame read turned wrong either way. Where nothing tells (_rotation gives None) but a square
        may hold a tile (_may_hold_tiles), a turn no tile settled has every other turn as its rival."""
        memory = self._memory
        decided = self._rotation(windows, occ)
        if decided is None:  # nothing tells: as it was, settled only if tiles once settled it
            rotation = memory.rotation if memory.rotation is not None else 0
            if memory.rotation_settled or not _may_hold_tiles(occ):
                return rotation, False, (), memory.rotation_settled
            # a square may hold a tile no letter tells the turn of (see _may_hold_tiles): every turn its rival
            return rotation, False, tuple(q * 90 for q in range(4) if q * 90 != rotation), False
        rotation, sure, rivals = decided
        if memory.rotation_settled and not sure and memory.rotation is not None:
            earlier = memory.rotation
            if rotation == earlier:
                rivals = ()
            elif earlier not in rivals:
                rivals = (*rivals, earlier)
        return rotation, sure, rivals, not rivals

    def _rotation(self, windows: list[np.ndarray], occ: np.ndarray) -> tuple[int, bool, tuple[int, ...]] | None:
        """Which way the board is turned, whether the evidence settles it, and the rival turns
        the tiles do not rule out (none when they do); None when no tile and no accepted board tells.

        Two cues from the tiles showing a letter and its value number (_numbered_tiles): the
        corner where each tile's value number sits, and the orientation in which the letter
        model reads the letters best; plus, when the game has accepted a board, which turn
        keeps its tiles where they were.

        With few tiles and no accepted board the turn can rest on one value number (a speck
        read as one) while the letters do not tell (I, N, O, S, X, Z, H read alike turned
        half-way). A turn not settled is only taken over the best other one on the evidence
        of RIVAL_VOTES value numbers (see there); else that other turn is its rival and the
        squares the two turns do not both read empty are unknown (_read). Nor is a turn taken
        over any other whose letters read better on the tiles both turns read as letters, unless
        the value numbers outweigh those letters by RIVAL_VOTES (see QUARTER_RIVALS).

        Where the value numbers do not decide, the letters are read on the squares surely tiles as well as
        on the numbered ones: a first move whose numbers are found on one tile of several (faint, thin or at
        the window's rim) had its turn weighed on that one tile's letter. Rendered dev boards of 1-8 tiles
        (seeds 103043 and 104044, 150 each; /tmp/vturn/survey.py, cmp.py): unsettled 41 -> 37 boards (of
        2-6 tiles 13 -> 9), none read turned wrong; r121121 board-041 (7 tiles, one number) is settled. Letters
        that outweigh the numbers (one tile read as a letter in one turn only weighs some six numbers) never
        settle a turn against them: f103043 board-119 (S numbered 180, an I read only turned 0) was read
        turned 0, settled, until the numbers' turn was kept with the letters' as its rival. With no value number
        for the best turn, one tile's letter never settles it (LETTERS_ALONE_TILES); an accepted board settles it
        only against the turns that lose its tiles, the others weighed as without it."""
        memory = self._memory
        tile_prob = occ[:, 1]
        numbered = self._numbered_tiles(windows, occ, ROTATION_SAMPLE)
        numbers = len(numbered)
        votes = np.zeros(4)
        letters = np.zeros(4)
        tile_letters = np.zeros((4, 0))  # per turn, each letter tile's part of `letters`
        letters_at_bar = np.zeros((4, 0), bool)  # per turn, each of those tiles read as a letter at the kiosk's bar
        read_in: list[np.ndarray] = []  # per turn: which candidates it reads as a letter, how surely
        at_bar = np.zeros((4, 0), bool)  # per turn: which candidates it reads as a letter at the kiosk's bar
        for _, quarter in numbered:
            votes[quarter] += 1
        decisive = numbers >= 5 and votes.max() >= 0.8 * numbers
        # the tiles whose letters are read in the four turns: those with a value number, and where these do
        # not decide, the squares surely tiles too (SURE_TILE: on dev f103043 board-062, one tile, premium squares
        # the occupancy model called tiles at 0.65-0.91 read as letters and outvoted its number; with no number
        # found, as before, any square more likely a tile than not)
        candidates = [k for k, _ in numbered]
        if not decisive:
            least = SURE_TILE if numbers else 0.5
            if not numbers and not (tile_prob > least).any():
                # nothing else tells: the squares a letter is read on at all (LETTER_FROM, as _read does), whose
                # letters would otherwise be read turned 0 unasked (tests/test_vision_reader.py: every tile of a
                # word board doubted at 0.1; one tile's letter never settles it, LETTERS_ALONE_TILES)
                least = LETTER_FROM
            candidates += [int(k) for k in np.argsort(-tile_prob)[:ROTATION_SAMPLE]
                           if tile_prob[k] > least and int(k) not in candidates][:ROTATION_SAMPLE - numbers]
        if candidates and not decisive:  # the letters themselves settle it (slower: four readings)
            every = self._letter_probabilities([_turned_window(windows[k], quarter)
                                                for quarter in range(4) for k in candidates])  # one batch
            n = len(candidates)
            readings = [(every[0][q * n:(q + 1) * n], every[1][q * n:(q + 1) * n]) for q in range(4)]
            # a tile's letter is found whichever way it is turned; ink found only in some
            # turns (print on a premium square) would favour those turns. But a model with the
            # 'not a letter' outcome reads a letter turned away from upright as no letter in
            # some turns: when fewer than ROTATION_MIN_TILES tiles are read in every turn (2 of
            # 8 blurred tiles on rendered seed 9 of tests/test_vision_reader.py), every tile
            # read as a letter in some turn counts, and the turns that do not read it lose by it
            found = [heights > 0 for _, heights in readings]
            at_bar = np.stack([(heights > 0) & (probs.max(axis=1) >= DEFAULT_MIN_CONFIDENCE) for probs, heights in readings])
            read_in = [np.where(heights > 0, np.log(probs.max(axis=1) + 1e-2), np.nan) for probs, heights in readings]
            letter = np.logical_and.reduce(found)
            if NOT_A_LETTER in self.letters.classes and letter.sum() < ROTATION_MIN_TILES:
                letter = np.logical_or.reduce(found)
            if letter.any():  # summed over the tiles: each tile read is evidence of its own
                tile_letters = np.stack([0.5 * np.log(probs[letter].max(axis=1) + 1e-2) for probs, _ in readings])
                letters_at_bar = at_bar[:, letter]
                letters = tile_letters.sum(axis=1)
        scores = letters + (votes / numbers if numbers else 0.0)
        missing = np.zeros(4)  # per turn, the accepted board's tiles (accept_board keeps only a board with tiles)
        if memory.accepted is not None:  # ... not there once the board is turned upright that way
            accepted = np.array([[ch != "." for ch in row] for row in memory.accepted])
            occupied = (occ[:, 0] < 0.5).reshape(15, 15)  # a tile the model calls 'covered' is still there
            missing = np.array([(accepted & ~np.rot90(occupied, quarter)).sum() for quarter in range(4)], float)
            scores -= missing / accepted.sum()
        if not candidates and memory.accepted is None:
            return None
        order = np.argsort(-scores)
        best = int(order[0])
        # the letters read one way only pick their own turn where the letters' score does not tell it from the best
        # (see ONE_WAY_ANY_TURN): best by a hair of letters read alike turned half-way, no evidence
        one_way = _turn_read_one_way(at_bar, read_in, votes, letters)
        if one_way is not None and one_way != best and missing[one_way] <= missing[best]:
            best = one_way
            order = np.array([best, *(int(q) for q in order if q != best)])
        # the turns the accepted board leaves open (as many of its tiles there as the best turn's): an accepted
        # first move a turn maps onto itself (a word of three centred on H8 turned half-way) tells nothing against it
        open_turns = [int(q) for q in order[1:] if missing[q] <= missing[best]]
        accepted_tiles = memory.accepted is not None and not open_turns  # it alone settles the turn
        other = open_turns[0] if open_turns else int(order[1])
        numbers_turn = int(np.argmax(votes))
        sure = numbers >= 3 and votes.max() >= 0.6 * numbers and numbers_turn == best
        if votes[best] < votes.max() and not accepted_tiles and \
                not _letters_outweigh_numbers(read_in, votes, best, numbers_turn) and \
                not _letters_read_one_way(at_bar, read_in, votes, best,
                                          _letter_margin(float(letters[best] - letters[numbers_turn]))):
            # the letters outweigh the value numbers (a tile read as a letter in one turn and not in another
            # weighs 2.3 in their score, some 6 numbers): the numbers' turn, never settled, the letters' its rival;
            # unless the tiles both turns read outweigh the numbers too (specks taken for numbers on dark tiles), or
            # the tiles read one way only do, each number counted as one such tile (NUMBERS_AS_TILES)
            return numbers_turn * 90, False, tuple(q * 90 for q in (best, other) if q != numbers_turn)
        # the evidence for the best turn over the next one, in value numbers (a letter margin
        # of RIVAL_LETTERS counts as one more number), with the letters not against it
        lead = _letter_margin(letters[best] - letters[other])
        settled = sure or accepted_tiles or _numbers_read_only_one_way(numbers, at_bar, votes, best) or \
            _tiles_read_surely_one_way(numbers, votes, best, lead, read_in) or \
            _letters_read_one_way(at_bar, read_in, votes, best, lead) or \
            _sure_letters_read_one_way(at_bar, read_in, votes, best, letters) or (
            lead >= 0 and votes[best] - votes[other] + lead / RIVAL_LETTERS >= RIVAL_VOTES
            and (votes[best] > 0 or _tiles_favouring(tile_letters, letters_at_bar, best, other) >= LETTERS_ALONE_TILES))
        rivals = [] if settled else [other]
        if read_in and not (sure or accepted_tiles):
            for quarter in open_turns:  # the tiles both turns read as letters (see QUARTER_RIVALS)
                both = ~np.isnan(read_in[best]) & ~np.isnan(read_in[quarter])
                shared = _letter_margin(0.5 * float((read_in[best][both] - read_in[quarter][both]).sum()))
                if quarter not in rivals and shared < 0 and \
                        votes[best] - votes[quarter] + shared / RIVAL_LETTERS < RIVAL_VOTES:
                    rivals.append(int(quarter))
        return best * 90, bool(sure), tuple(q * 90 for q in rivals)

    def _cached_letters(self, unchanged: np.ndarray, windows: list[np.ndarray], board: np.ndarray, cells: list[int],
                        quarter: int, frame: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Letter probabilities and heights (see _letter_probabilities) for the given cells
        (frame-order indices), reusing the last frame's answer for every cell whose pixels have
        not changed (`unchanged`, see _unchanged). Where the likely letters print values of one and
        of two digits, the value number has its say (vision.value). A letter that hangs on where its
        square is cut is taken out (_steady_letters). `windows`: the grey rectified board's letter
        windows; `board`: the rectified board in colour (BGRA, _rectified) of `frame` at `corners`."""
        memory = self._memory
        cache: dict[int, tuple[np.ndarray, float]] = {}
        if memory.letters_quarter == quarter:
            cache = {k: v for k, v in memory.letters.items() if unchanged[k]}
        todo = [k for k in cells if k not in cache]
        if todo:
            upright = [_turned_window(windows[k], quarter) for k in todo]
            probs, heights = self._squares_letters(upright, lambda j: np.rot90(letter_window(board, todo[j])[..., :3], quarter))
            self._steady_letters(frame, corners, todo, quarter, probs, heights)
            for k, p, h in zip(todo, probs, heights):
                cache[k] = (p, float(h))
        memory.letters, memory.letters_quarter = cache, quarter
        if not cells:
            return np.zeros((0, len(self.letter_classes)), np.float32), np.zeros(0, np.float32)
        return np.stack([cache[k][0] for k in cells]), np.array([cache[k][1] for k in cells], np.float32)

    def _squares_letters(self, upright: list[np.ndarray], colour: Callable[[int], np.ndarray],
                         denoised: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Letter probabilities and heights of the squares read (_letter_probabilities with strokes_past_print),
        a value number run into its letter painted over (_read_without_joined_numbers), the value number's say
        (vision.value), then letters not read read again from their windows denoised (_read_denoised, where
        `denoised`). `upright`: grey windows; `colour(j)`: upright[j] in colour."""
        probs, heights = self._letter_probabilities(upright, strokes_past_print=True)
        self._read_without_joined_numbers(upright, colour, probs, heights)
        probs = self._value_cue.reweighted(probs, upright)
        if denoised:
            self._read_denoised(upright, probs, heights)
            self._darker_refutes(upright, probs, heights)
        return probs, heights

    def _darker_refutes(self, upright: list[np.ndarray], probs: np.ndarray, heights: np.ndarray) -> None:
        """Takes out (in place, as _letters_agree does: the square is unknown) a letter that would be reported at the
        kiosk's bar but under LETTER_DECIDES (_as_reported: SURE_TILE's lift counted) whose darker ink
        (vision.glyph.dark_ink_mask) reads another letter than I at DARKER_REFUTES, whichever path read the letter
        (plain ink, strokes, the filtered window), where the darker glyph spans the window's glyph (glyph_image's,
        plain ink or its strokes) at DARK_SPAN of its height and of its width: two inks of one window read surely
        different letters from the whole of it (see DARKER_REFUTES). `upright`: grey windows."""
        reported = _as_reported(probs)
        rows = np.flatnonzero((heights > 0) & (reported >= DEFAULT_MIN_CONFIDENCE) & (reported < LETTER_DECIDES))
        if len(rows):
            probs[rows[self._darker_other([upright[k] for k in rows], probs[rows].argmax(axis=1))]] = 0.0

    def _darker_other(self, windows: list[np.ndarray], letters: np.ndarray) -> np.ndarray:
        """Per window: whether its darker ink (vision.glyph.dark_ink_mask) reads another letter than letters[row] (an
        index into self.letter_classes), and no I, at DARKER_REFUTES from a glyph at least DARK_SPAN of the window's
        glyph high and wide (see DARKER_REFUTES), or from a narrower or shorter glyph where the window median-filtered
        (DENOISE_PX) reads that letter at DARKER_REFUTES too (see DARKER_FILTERED)."""
        dark, dark_heights = self._read_glyphs(windows, strokes=False, dark=True)
        other = _surely_other(dark, dark_heights, letters, np.full(len(windows), DARKER_REFUTES))
        if "I" in self.letter_classes:  # a serif letter's thick stem alone (see DARKER_STEM)
            other &= dark.argmax(axis=1) != self.letter_classes.index("I")
        if other.any():  # a darker glyph narrower or shorter than the letter is a part of it (see DARK_SPAN)
            rivals = np.flatnonzero(other)
            dark_box = _glyph_spans([windows[j] for j in rivals], dark=True)
            box = _glyph_spans([windows[j] for j in rivals], dark=False)
            other[rivals] = np.all(dark_box >= DARK_SPAN * box, axis=1) & np.all(box > 0, axis=1)
            part = rivals[~other[rivals]]
            if len(part):  # but the window median-filtered reading the darker letter too seconds it (DARKER_FILTERED)
                filtered = [_denoised(windows[j]) for j in part]
                again, again_heights = self._read_glyphs(filtered, strokes=False)
                dark_letters = dark[part].argmax(axis=1)
                other[part] = (again_heights > 0) & (again[np.arange(len(part)), dark_letters] >= DARKER_REFUTES)
        return other

    def _read_denoised(self, upright: list[np.ndarray], probs: np.ndarray, heights: np.ndarray) -> None:
        """Read again, in place, from their windows median-filtered (DENOISE_PX), the squares whose letter is not
        read at the kiosk's bar (DEFAULT_MIN_CONFIDENCE) and was not taken out by a rule (a letter found, its
        probabilities all 0): the frame's noise on a small blurred board breaks low-contrast print into specks
        the letter model calls 'not a letter'. The filtered reading (every check of _letter_probabilities
        applied; the value number had its say on the letter found already) is taken where it reads the letter
        found at the kiosk's bar, or, where no letter was found or it reads another, at LETTER_DECIDES (as the
        strokes' letter is taken where the plain ink shows none, and as TAKEN_ALONE takes another letter) unless the
        window unfiltered refutes it (_denoised_refuted). `upright`: grey windows."""
        best = probs.max(axis=1)
        unread = np.flatnonzero(((heights == 0) | (best > 0)) & (best < DEFAULT_MIN_CONFIDENCE))
        if not len(unread):
            return
        filtered = [_denoised(upright[k]) for k in unread]
        again, again_heights = self._letter_probabilities(filtered, strokes_past_print=True)
        again_best = again.max(axis=1)
        same = (heights[unread] > 0) & (again.argmax(axis=1) == probs[unread].argmax(axis=1))
        taken = (again_heights > 0) & (again_best >= np.where(same, DEFAULT_MIN_CONFIDENCE, LETTER_DECIDES))
        for j in np.flatnonzero(taken):  # see DENOISED_PLAIN
            taken[j] = _plain_letter_in_place(filtered[j], bool(heights[unread[j]] > 0))
        refuted = self._denoised_refuted(upright, unread, heights, taken & ~same, again.argmax(axis=1))
        taken &= ~refuted
        again[refuted], again_heights[refuted] = 0.0, 0.0  # no say in _read_darker either
        probs[unread[taken]], heights[unread[taken]] = again[taken], again_heights[taken]
        left = ~taken
        if left.any():
            self._read_darker(upright, probs, heights, unread[left], again[left], again_heights[left])

    def _denoised_refuted(self, upright: list[np.ndarray], unread: np.ndarray, heights: np.ndarray,
                          other: np.ndarray, letters: np.ndarray) -> np.ndarray:
        """Per row of `unread` (indices into `upright`): whether the filtered window's letter letters[row] (an index
        into self.letter_classes), taken by _read_denoised where `other` (no letter found unfiltered, or another
        one), is refuted by the window unfiltered: where none was found, its plain ink and its strokes both read
        'not a letter' at MARK_SURE (DENOISED_MARK), or its strokes with their hairlines kept read another letter
        at LETTER_DECIDES (DENOISED_HAIRLINES). `upright`: grey windows; `heights`: the unfiltered glyphs'."""
        refuted = np.zeros(len(unread), bool)
        rows = np.flatnonzero(other)
        if not len(rows):
            return refuted
        refuted[rows] = self._hairlines_rival([upright[k] for k in unread[rows]], letters[rows])
        unfound = rows[(heights[unread[rows]] == 0) & ~refuted[rows]]
        if len(unfound) and NOT_A_LETTER in self.letters.classes:
            mark = self.letters.classes.index(NOT_A_LETTER)
            windows = [upright[k] for k in unread[unfound]]
            plain, plain_heights = self._glyph_classes(windows, strokes=False)
            strokes, strokes_heights = self._glyph_classes(windows, strokes=True)
            refuted[unfound] = (plain_heights > 0) & (plain[:, mark] >= MARK_SURE) & \
                (strokes_heights > 0) & (strokes[:, mark] >= MARK_SURE)
        return refuted

    def _read_darker(self, upright: list[np.ndarray], probs: np.ndarray, heights: np.ndarray, rows: np.ndarray,
                     filtered: np.ndarray, filtered_heights: np.ndarray) -> None:
        """Read again, in place, from their darker ink (vision.glyph.dark_ink_mask) the squares `rows` still not read
        at the kiosk's bar after _read_denoised (`filtered`, `filtered_heights`: their median-filtered readings): the
        darker ink's letter is taken where it reads it at LETTER_DECIDES and the plain ink's or the filtered reading's
        likeliest letter is that one (see DARKER_READS). `upright`: grey windows."""
        plain_read = (heights[rows] > 0) & (probs[rows].max(axis=1) > 0)
        filtered_read = (filtered_heights > 0) & (filtered.max(axis=1) > 0)
        some = np.flatnonzero(plain_read | filtered_read)  # no letter to agree with elsewhere: not read again
        if not len(some):
            return
        rows = rows[some]
        dark, dark_heights = self._read_glyphs([upright[k] for k in rows], strokes=False, dark=True)
        letters = dark.argmax(axis=1)
        plain = plain_read[some] & (probs[rows].argmax(axis=1) == letters)
        again = filtered_read[some] & (filtered[some].argmax(axis=1) == letters)
        taken = (dark_heights > 0) & (dark.max(axis=1) >= LETTER_DECIDES) & (plain | again)
        probs[rows[taken]], heights[rows[taken]] = dark[taken], dark_heights[taken]

    def _steady_letters(self, frame: np.ndarray, corners: np.ndarray, cells: list[int], quarter: int,
                        probs: np.ndarray, heights: np.ndarray) -> None:
        """On a board under STEADY_BELOW_PX a square in the frame, takes out (in place, as _no_broken_letters
        does: the square is unknown) a letter whose share of the letters is under LETTER_DECIDES that a window cut
        STEADY_SHIFT of a cell off its square, left, right, up or down, reads as another letter at the kiosk's bar
        (_squares_letters). `cells`: frame-order squares of `frame` at `corners`, whose letters `probs` and
        `heights` are (rows in that order)."""
        if square_px(corners) >= STEADY_BELOW_PX:
            return
        total = probs.sum(axis=1)
        unsure = np.flatnonzero((heights > 0) & (total > 0) & (probs.max(axis=1) < LETTER_DECIDES * total))
        if not len(unsure):
            return
        matrix = board_matrix(corners)
        colour = [np.rot90(_window_at(frame, matrix, cells[j], dx, dy), quarter) for dx, dy in STEADY_SHIFTS for j in unsure]
        grey = [np.ascontiguousarray(cv2.cvtColor(np.ascontiguousarray(w), cv2.COLOR_BGR2GRAY)) for w in colour]
        # every shift in one batch, as the square was read but for _read_denoised: the check stays the one its
        # evidence measured (STEADY_SHIFT), and a filtered reading of a shifted window could only take letters out
        again, again_heights = self._squares_letters(grey, lambda j: colour[j], denoised=False)
        other = (again_heights > 0) & (again.max(axis=1) >= DEFAULT_MIN_CONFIDENCE) & \
            (again.argmax(axis=1) != np.tile(probs[unsure].argmax(axis=1), len(STEADY_SHIFTS)))
        probs[unsure[other.reshape(len(STEADY_SHIFTS), -1).any(axis=0)]] = 0.0

    def _unchanged(self, frame: np.ndarray, grey: np.ndarray, corners: np.ndarray) -> np.ndarray:
        """Which squares (frame order) look as on the last frame read at this location (all False
        when there is none): what was learnt of the others is forgotten (_Memory.letters, numbered,
        accents). `frame`: this frame; `grey`: its grey rectified board at `corners`, remembered for
        the next frame.

        A followed board is fitted again whenever its border looks otherwise (a hand beside it, the
        light). Where the board moved, the new fit follows it, and the two boards as warped compare
        square for square. But a still board's new fit lies a pixel or two away too (scrabscrap-v1
        games: 1.2-2.6 frame px, 0.7-1.4 px of the rectified board), and every letter's edges move in
        the new warp: 313 of the 415 tiles that stayed on the 9 such frames of spiel-12 and spiel-13
        looked changed (spiel-13 board-15: 51 of 55). So a square that looks changed there is also
        compared as this frame shows it at the last frame's corners (those squares warped again, on such
        frames only: _squares_at), and it is unchanged when either comparison finds it so: then 9 of those 415 look
        changed, and none of the 38 tiles laid on those frames is missed (a tile laid or swapped
        changes its square's pixels however the board is warped; a fit off by a pixel can only add
        change). Tried: the last board warped again to the new fit instead, cheaper (15 of 415 there),
        but its second interpolation blurs sharp letters (on a rendered board every tile looked
        changed). A board that really moved (spiel-13 board-22, 3.9 px: all 84 tiles; the board-neu
        photos, each from another camera position) looks changed both ways and is read again."""
        memory = self._memory
        unchanged = np.zeros(225, bool)
        thumb = None  # made only to compare with the last frame's (from scratch there is none)
        if memory.grey is not None and memory.grey_corners is not None and \
                (memory.letters or memory.numbered or memory.accents):
            if memory.thumb is None:
                memory.thumb = _thumbnail(memory.grey)
            thumb = _thumbnail(grey)
            unchanged = _alike(unpadded(memory.grey), memory.thumb, unpadded(grey), thumb)
            known = np.zeros(225, bool)
            known[[*memory.letters, *memory.numbered, *(key[0] for key in memory.accents)]] = True
            again = np.flatnonzero(known & ~unchanged)
            if not np.array_equal(memory.grey_corners, corners) and len(again):
                unchanged[again] = _alike(*_squares_at(frame, memory.grey_corners, memory.grey, memory.thumb, again))
        memory.numbered = {k: v for k, v in memory.numbered.items() if unchanged[k]}
        memory.accents = {key: v for key, v in memory.accents.items() if unchanged[key[0]]}
        memory.grey, memory.grey_corners, memory.thumb = grey, np.array(corners, np.float32), thumb
        return unchanged

    def _observe(self, frame: np.ndarray) -> BoardObservation:
        memory = self._memory
        small = too_small_to_read(self.config.corners) if self.config.corners is not None else None
        if small is not None:  # the configured corners' squares: no letter is read there (MIN_CELL_PX)
            return BoardObservation.unlocated(f"{small}, then set vision.corners again")
        corners, moved = self._known_corners(frame)
        if corners is not None:
            observation = self._read(frame, corners, moved=False, problems=[])
            if observation is not None:
                return observation
            # the followed fit no longer shows the premium layout: the picture is not the followed
            # board any more (another camera position, another board), whose remembered location,
            # turn and letters would be read into it; it is located afresh like a moved board
            moved = True
        for found in islice(board_candidates(frame), CANDIDATES):
            if found.grid_score < MIN_GRID_SCORE:
                continue
            memory.place(found.corners)
            observation = self._read(frame, found.corners, moved,
                                     problems=["board moved: located again"] if moved else [])
            if observation is not None:
                memory.follower.placed(frame, found)
                return observation
        memory.corners, memory.last_text = None, None
        return BoardObservation.unlocated(NOT_FOUND)

    def _read(self, frame: np.ndarray, corners: np.ndarray, moved: bool,
              problems: list[str]) -> BoardObservation | None:
        """The observation of the board at `corners`; None when the squares do not show the premium
        layout (_shows_premium_pattern), whether the corners come from a search from scratch or from
        following the board (not when the configuration gives them)."""
        memory = self._memory
        board = self._rectified(frame, corners)
        # the letters are read on the grey board (each window's grey is the board's, cut out)
        grey = cv2.cvtColor(board, cv2.COLOR_BGRA2GRAY)
        windows = letter_windows(grey)
        unchanged = self._unchanged(frame, grey, corners)
        stats = cell_stats(board)
        occ = self.occupancy.probabilities(occupancy_features(stats))
        first_tiles = occ[:, 1] > LETTER_FROM  # their letters looked for whatever the second pass says (FADED_APART)
        # second pass: with the colour of the surely-read tiles, the empty colour of a
        # premium type stays right even when most squares of that type are covered
        sure = np.flatnonzero(occ[:, 1] > 0.9)
        tile_lab = tile_colour(stats, sure) if len(sure) >= 3 else None
        if tile_lab is not None:
            occ = self.occupancy.probabilities(occupancy_features(stats, tile_lab))
        if self.config.corners is not None:
            memory.rotation, memory.rotation_sure, memory.rotation_rivals = 0, True, ()
        elif self.config.fixed_turn is not None:
            if memory.rotation is None or moved or memory.rotation_rivals or self._turned(windows, occ):
                memory.rotation, memory.rotation_sure, memory.rotation_rivals, memory.rotation_settled = \
                    self._fixed_turn(windows, occ, self.config.fixed_turn)
        elif memory.rotation is None or moved or not memory.rotation_sure or self._turned(windows, occ):
            memory.rotation, memory.rotation_sure, memory.rotation_rivals, memory.rotation_settled = \
                self._decide_rotation(windows, occ)
        rotation = memory.rotation
        quarter = rotation // 90
        # board upright: turning the rectified view back by the rotation
        index = np.rot90(np.arange(225).reshape(15, 15), quarter).ravel()
        racks = self.racks.observe(frame, corners, self._board_tile_colour(stats, occ), self.config.rack_zones)
        rival_empty = None  # upright squares empty under every rival turn too, when the turn is not settled
        for rival in memory.rotation_rivals:
            rival_index = np.rot90(np.arange(225).reshape(15, 15), rival // 90).ravel()
            empty = occ[rival_index].argmax(axis=1) == 0
            rival_empty = empty if rival_empty is None else rival_empty & empty
        occ = occ[index]
        lit_apart = _lit_apart(stats, tile_lab, occ, index)
        glared = lit_apart >= GLARED_APART
        doubted = ((lit_apart >= FADED_APART) | first_tiles[index]) & ~glared
        # letters are read where the model sees a tile at all, and where it sees the square
        # covered: a tile it takes for a hand (dark wooden tiles) shows its letter all the same.
        # A covered square with a letter read surely, away from any hand's patch, is a tile
        # (_decide_covered): on 538 rendered frames (vision.synth dataset seeds 61723-61725,
        # 240 boards, 60 with hands; 298 boards of the wide tile palette, 104 with hands) 213
        # such squares were all tiles read right, and the 7 beside a hand stayed unknown
        covered = occ.argmax(axis=1) == 3
        lettered = [k for k in range(225) if occ[k, 1] > LETTER_FROM or covered[k] or glared[k] or doubted[k]]
        letter_probs, heights = self._cached_letters(unchanged, windows, board, [index[k] for k in lettered], quarter,
                                                     frame, corners)
        if self.config.corners is None and not self._shows_premium_pattern(stats, index[lettered], letter_probs):
            return None
        letter_at = dict(zip(lettered, range(len(lettered))))
        washed = self._washed_out_letters(windows, index, covered, letter_at, letter_probs, heights, quarter)
        in_view = np.zeros(225, bool)  # covered squares showing a letter read surely
        for k, i in letter_at.items():
            in_view[k] = covered[k] and heights[i] > 0 and letter_probs[i].max() >= LETTER_IN_VIEW
        occ, shown = _decide_covered(occ, in_view)
        lettered_now = {k for k in lettered if occ[k, 1] > LETTER_FROM or shown[k] or glared[k] or doubted[k]}
        letter_at = {k: j for k, j in letter_at.items() if k in lettered_now}
        unsure = self._maybe_accented(windows, [index[k] for k in lettered], letter_probs, heights, quarter)
        # the squares without a letter from their most likely state alone (most of the board)
        states, likeliest = occ.argmax(axis=1).tolist(), occ.max(axis=1).tolist()
        cells = []
        for k in range(225):
            j = letter_at.get(k)
            if j is None or heights[j] == 0:
                cells.append(_unlettered(states[k], likeliest[k]))
            else:
                cells.append(self._cell_reading(occ[k], letter_probs[j], j in unsure))
        for k, reading in self._lettered_blanks(cells, windows, index, quarter).items():
            cells[k] = reading
        marked, again = self._unread_tiles(windows, occ, index, letter_at, heights, quarter)
        marked = _tile_coloured(marked, stats, index, tile_lab)
        for k in marked:
            cells[k] = _reported(2, None, float(occ[k, 1]))
        blanks, unread = self._tiles_by_their_faces(cells, occ, stats, index, windows, quarter)
        blanks += self._hued_marks(cells, occ, stats, index, windows, quarter, blanks)
        for k in blanks:
            cells[k] = _reported(2, None, FACE_BLANK_CONFIDENCE)
        read_now = self._faced_letters([k for k in unread if k not in letter_at], frame, corners, board, windows,
                                       index, quarter)
        for k in unread:  # tiles by their faces: read with the letter found on them, or asked (see FACE_BACKED)
            j = letter_at.get(k)
            if j is not None and heights[j] > 0 and letter_probs[j].any():
                cells[k] = self._in_plain_view(letter_probs[j], j in unsure)
            elif k in read_now:
                cells[k] = read_now[k]
            elif cells[k].state == "empty":
                cells[k] = CellReading("unknown", None, 0.0)
        for k in self._numbered_letters(cells, occ, letter_at, letter_probs, heights, windows, index, quarter):
            j = letter_at[k]
            cells[k] = self._in_plain_view(letter_probs[j], j in unsure)
        if again:  # the strokes' letters of sure tiles whose plain ink read 'not a letter' (see SURE_TILE)
            probs_again = np.stack([p for p, _ in again.values()])
            accented = self._maybe_accented(windows, [index[k] for k in again], probs_again,
                                            np.array([h for _, h in again.values()], np.float32), quarter)
            for j, k in enumerate(again):
                cells[k] = self._cell_reading(occ[k], probs_again[j], j in accented)
        # tiles with no letter found, read again with their detail boosted (see FAINT_GAIN); their print's polarity
        # judged on the window read (a glare gradient across a faint tile's window flips it)
        boosted = {k: _boosted(windows[index[k]]) for k, j in letter_at.items() if heights[j] == 0 and k not in again
                   and (occ[k].argmax() == 1 or glared[k]) and cells[k].state in ("empty", "unknown")}
        for k, reading in self._faint_letters(boosted, occ, windows, index, quarter).items():
            cells[k] = reading
        for k, reading in self._unsure_letters_boosted(cells, occ, glared, letter_at, letter_probs, windows, index,
                                                       quarter).items():
            cells[k] = reading
        read_boosted = {**washed, **boosted}  # the washed-out letters' polarity judged on their boosted windows too
        for k in _against_polarity(cells, occ, [read_boosted.get(k, windows[i]) for k, i in enumerate(index)], marked):
            cells[k] = CellReading("unknown", None, 0.0)
        for k in _twinned_blanks(cells, occ, stats, index, marked + blanks):
            cells[k] = CellReading("unknown", None, 0.0)
        for k in _unjoined_blanks(cells) + _short_labels(cells, occ, letter_at, heights, self._printed_alone):
            cells[k] = CellReading("unknown", None, 0.0)
        for g in np.flatnonzero(glared).tolist():  # a tile whitened by glare is never a sure empty (see GLARED_NEAR)
            if cells[g].state == "empty":
                cells[g] = CellReading("unknown", None, 0.0)
        for g in np.flatnonzero(doubted).tolist():  # nor a faded one or a first pass's tile showing a letter (FADED_APART)
            j = letter_at.get(g)
            if cells[g].state == "empty" and j is not None and heights[j] > 0 and letter_probs[j].any():
                cells[g] = CellReading("unknown", None, 0.0)
        doubted_blanks = _doubted_blanks(cells, occ, stats, index)
        for k in doubted_blanks:  # nor a blank of its square's colour (BLANK_DOUBT)
            cells[k] = CellReading("unknown", None, 0.0)
        # but one its outline or its hue shows (DOUBT_OUTLINED, DOUBT_HUED)
        for k in self._outlined_doubted_blanks(doubted_blanks, cells, occ, stats, index, windows):
            cells[k] = _reported(2, None, FACE_BLANK_CONFIDENCE)
        for k in _outlined_blanks(cells, occ, stats, index, windows):  # nor one its outline shows (OUTLINE_MARGIN)
            cells[k] = CellReading("unknown", None, 0.0)
        for k in _faded_outlined_blanks(cells, occ, stats, index, windows, lit_apart >= FADED_APART):  # (FADED_OUTLINED)
            cells[k] = CellReading("unknown", None, 0.0)
        for k in _hued_blanks(cells, occ, stats, index):  # nor one its hue shows (HUE_ASKED_NEAR)
            cells[k] = CellReading("unknown", None, 0.0)
        for k in _doubted_tiles(cells, occ, stats, index):  # nor a tile the light has lit otherwise (TILE_DOUBT)
            cells[k] = CellReading("unknown", None, 0.0)
        # after every square never to be read empty is asked: such a square may be the tile a lone tile joins
        for k in _lone_tiles(cells):
            cells[k] = CellReading("unknown", None, 0.0)
        if rival_empty is not None:  # a tile, or a square the rival turn reads otherwise, may be anywhere
            kept = [c.state == "empty" and bool(rival_empty[k]) for k, c in enumerate(cells)]
            # but the centre square's tile where it reads one letter whichever way the board is turned (CENTRE_TURNS)
            kept[CENTRE] = kept[CENTRE] or self._read_any_turn(cells[CENTRE], windows[CENTRE])
            cells = [c if kept[k] else CellReading("unknown", None, 0.0) for k, c in enumerate(cells)]
            problems.append(TURN_NOT_SETTLED if self.config.fixed_turn is None else
                            TURN_NOT_AS_FIXED.format(seen=" or ".join(map(str, memory.rotation_rivals)),
                                                     fixed=rotation))
        occluded = int((occ.argmax(axis=1) == 3).sum())
        if occluded:
            problems.append(f"view blocked over {occluded} squares (hand or object over the board?)")
        observation_text = ["".join(c.char() for c in cells[r * 15:(r + 1) * 15]) for r in range(15)]
        stable = not moved and occluded == 0 and observation_text == memory.last_text
        memory.last_text = observation_text
        return BoardObservation(
            cells=tuple(cells), rotation=rotation, located=True, stable=stable,
            rack_counts=racks.counts, rack_unknown=racks.unknown, rack_face_down=racks.face_down,
            problems=tuple(problems),
            homography=_upright_homography(corners, quarter),
        )

    def _unread_tiles(self, windows: list[np.ndarray], occ: np.ndarray, index: np.ndarray, letter_at: dict[int, int],
                      heights: np.ndarray, quarter: int) -> tuple[list[int], dict[int, tuple[np.ndarray, float]]]:
        """The tiles (upright order, `occ` too) where no letter was read (`letter_at`, `heights`) as the letter
        model calls their plain ink 'not a letter': those called tiles at MARK_TILE holding a blank marked
        with a logo or star (MARK_SURE, its strokes alone a mark too), and the letter probabilities of
        the sure ones (SURE_TILE) whose strokes alone read a letter or whose ink is a bare stroke (_a_stroke), with
        its height (as _letter_probabilities gives them; see SURE_TILE). `index`: the frame-order cell of each
        upright one."""
        if NOT_A_LETTER not in self.letters.classes:
            return [], {}
        unread = [k for k in range(225) if occ[k, 1] >= MARK_TILE and (k not in letter_at or heights[letter_at[k]] == 0)]
        if not unread:
            return [], {}
        other = self.letters.classes.index(NOT_A_LETTER)
        upright = [_turned_window(windows[index[k]], quarter) for k in unread]
        plain = self._glyph_classes(upright, False)[0]
        probs, height = self._glyph_classes(upright, True)
        marks = plain[:, other]
        stroke_marks = self._mark_strokes(upright, marks, _strokes_not_a_letter(probs, height, other), other)
        # plain ink surely a mark is not read again: a star blank's strokes once read I
        letters = {k: (np.delete(p, other), float(h)) for k, p, h, m, w, q in zip(unread, probs, height, marks, upright, plain)
                   if occ[k, 1] >= SURE_TILE and h > 0 and m < MARK_SURE and (p.argmax() != other or _a_bar(w, p, q, other))}
        for k in self._darker_rivals(dict(zip(unread, upright)), letters):  # a weak letter the darker ink reads otherwise
            del letters[k]
        for k in self._hairline_rivals(dict(zip(unread, upright)), letters):  # strokes that lost a thin arm
            del letters[k]
        for k in self._turn_rivals(dict(zip(unread, upright)), letters):  # a W read M both ways up
            del letters[k]
        darker = self._darker_marks(upright, marks, stroke_marks, other)
        marked = [k for k, w, p, s, d in zip(unread, upright, marks, stroke_marks, darker) if _a_mark(w, p, s, d)]
        return (marked if len(marked) <= self._blanks else []), letters

    def _darker_rivals(self, upright: dict[int, np.ndarray], letters: dict[int, tuple[np.ndarray, float]]) -> list[int]:
        """The squares of `letters` (_unread_tiles': the strokes' letter probabilities, 'not a letter' left out, and
        height) whose letter the strokes read under the kiosk's bar and whose darker ink (vision.glyph.dark_ink_mask)
        reads another letter (see DARKER_RIVAL), or read at the kiosk's bar but under LETTER_DECIDES (SURE_TILE's lift
        counted) where the darker ink refutes it as _darker_refutes has it (_darker_other, see SURE_TILE_DARKER).
        `upright`: each square's upright grey window."""
        weak = [k for k, (p, _) in letters.items() if p.max() < DEFAULT_MIN_CONFIDENCE]
        rivals = []
        if weak:
            darker, heights = self._read_glyphs([upright[k] for k in weak], strokes=False, dark=True)
            rivals = [k for k, p, h in zip(weak, darker, heights)
                      if h > 0 and int(p.argmax()) != int(letters[k][0].argmax())]
        unsure = [k for k, (p, _) in letters.items()  # see SURE_TILE_DARKER
                  if p.max() >= DEFAULT_MIN_CONFIDENCE and _as_reported(p[None])[0] < LETTER_DECIDES]
        if unsure:
            other = self._darker_other([upright[k] for k in unsure], np.array([letters[k][0].argmax() for k in unsure]))
            rivals += [k for k, o in zip(unsure, other) if o]
        return rivals

    def _hairline_rivals(self, upright: dict[int, np.ndarray], letters: dict[int, tuple[np.ndarray, float]]) -> list[int]:
        """The squares of `letters` (_unread_tiles': the strokes' letter probabilities, 'not a letter' left out, and
        height) whose strokes with their hairlines kept (vision.glyph.hairline_mask) read another letter at
        LETTER_DECIDES (see SURE_TILE_HAIRLINES). `upright`: each square's upright grey window."""
        squares = list(letters)
        if not squares:
            return []
        read = np.array([letters[k][0].argmax() for k in squares], int)
        sure = np.array([letters[k][0].max() for k in squares])
        rival = self._hairlines_rival([upright[k] for k in squares], read,
                                      np.where(sure < DEFAULT_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE, LETTER_DECIDES))
        unsure = np.flatnonzero(~rival & (sure < LETTER_DECIDES))  # see BOOSTED_HAIRLINES
        if len(unsure):
            rival[unsure] = self._hairlines_rival([_boosted(upright[squares[j]]) for j in unsure], read[unsure])
        return [k for k, r in zip(squares, rival) if r]

    def _turn_rivals(self, upright: dict[int, np.ndarray], letters: dict[int, tuple[np.ndarray, float]]) -> list[int]:
        """The squares of `letters` (_unread_tiles': the strokes' letter probabilities, 'not a letter' left out, and
        height) whose window turned half a turn reads their letter too (_turned_same, see TURNED_SAME). `upright`: each
        square's upright grey window."""
        squares = list(letters)
        if not squares:
            return []
        same = self._turned_same([upright[k] for k in squares], np.array([letters[k][0].argmax() for k in squares], int))
        return [k for k, s in zip(squares, same) if s]

    def _read_any_turn(self, centre: CellReading, window: np.ndarray) -> bool:
        """Whether the centre square's reading (`centre`; `window`, its grey letter window) is a tile whose letter
        is the same whichever way the board is turned: read at the kiosk's bar in CENTRE_TURNS turns at least, and
        no other letter read in any (see CENTRE_TURNS)."""
        if centre.state != "tile" or centre.letter is None:
            return False
        probs, heights = self._letter_probabilities([_turned_window(window, quarter) for quarter in range(4)])
        found = (heights > 0) & probs.any(axis=1)
        letters = {self.letter_classes[int(best)] for best in probs.argmax(axis=1)[found]}
        at_bar = found & (probs.max(axis=1) >= DEFAULT_MIN_CONFIDENCE)
        return letters == {centre.letter} and int(at_bar.sum()) >= CENTRE_TURNS

    def _cell_reading(self, occ: np.ndarray, letter_probs: np.ndarray, maybe_accented: bool) -> CellReading:
        """One square from its occupancy probabilities (empty, tile, blank, covered) and the
        letter model's probabilities of the letter found on it (_unlettered: none found)."""
        state = int(np.argmax(occ))
        if state in (0, 2) and letter_probs.max() >= LETTER_DECIDES:
            state = 1
        confidence = float(occ[state])
        letter = None
        if state == 1 and not letter_probs.any():  # a broken letter taken out (_no_broken_letters)
            return _unlettered(state, confidence)
        if state == 1:
            best = int(np.argmax(letter_probs))
            letter = self.letter_classes[best]
            read = float(letter_probs[best])
            # a letter read this clearly is in plain view: 'covered' is not a rival here,
            # and a letter read surely is on a tile whatever the square's colour says
            # and a blank carries no letter: the occupancy model's doubt between tile and blank
            # (a thin I: 0.67 / 0.33) is no doubt that a tile is there (models' note). On 538
            # rendered frames (seeds as in _read) 5 more tiles read right, none wrong, blanks alike
            share = read / max(float(letter_probs.sum()), read)
            if occ[0] <= 1.0 - SURE_TILE and share >= 1.0 - OTHER_LETTERS:  # 'not a letter' left out (SURE_TILE)
                read = share
            visible = 1.0 if read >= LETTER_DECIDES else (occ[1] + occ[2]) / max(1e-6, 1.0 - occ[3])
            confidence = visible * read
            if maybe_accented:
                confidence = min(confidence, 0.5)
        return _reported(state, letter, float(confidence))

    def _numbered_letters(self, cells: list[CellReading], occ: np.ndarray, letter_at: dict[int, int],
                          letter_probs: np.ndarray, heights: np.ndarray, windows: list[np.ndarray], index: np.ndarray,
                          quarter: int) -> list[int]:
        """The upright squares read empty or unknown, not covered, that carry a letter read at the floor for a tile
        (MIN_CONFIDENCE) with its value number in the tile's own place (_numbered): a tile in plain view (see
        FACE_BACKED). `letter_at`: the row of `letter_probs` and `heights` of each upright square read."""
        found = []
        for k, j in letter_at.items():
            if cells[k].state not in ("empty", "unknown") or occ[k].argmax() == 3 or heights[j] == 0:
                continue
            if letter_probs[j].max() >= MIN_CONFIDENCE["tile"] and _numbered(_turned_window(windows[index[k]], quarter)):
                found.append(k)
        return found

    def _faced_letters(self, squares: list[int], frame: np.ndarray, corners: np.ndarray, board: np.ndarray,
                       windows: list[np.ndarray], index: np.ndarray, quarter: int) -> dict[int, CellReading]:
        """The tiles by their faces whose letter was not looked for (the occupancy model's tile under LETTER_FROM),
        each read now with the letter found on it (_in_plain_view; see FACE_LOOKED); those where none is found left
        out. `squares` upright, `index` the frame-order cell of each, `board` and `windows` as _cached_letters has
        them."""
        if not squares:
            return {}
        todo = [int(index[k]) for k in squares]
        upright = [_turned_window(windows[k], quarter) for k in todo]
        probs, heights = self._squares_letters(upright, lambda j: np.rot90(letter_window(board, todo[j])[..., :3], quarter))
        self._steady_letters(frame, corners, todo, quarter, probs, heights)
        unsure = self._maybe_accented(windows, todo, probs, heights, quarter)
        return {k: self._in_plain_view(probs[j], j in unsure) for j, k in enumerate(squares)
                if heights[j] > 0 and probs[j].any()}

    def _washed_out_letters(self, windows: list[np.ndarray], index: np.ndarray, covered: np.ndarray,
                            letter_at: dict[int, int], letter_probs: np.ndarray, heights: np.ndarray,
                            quarter: int) -> dict[int, np.ndarray]:
        """Reads again, in place, the upright squares the occupancy model calls covered where no letter was found, from
        their grey windows with their detail boosted (_boosted, as _faint_letters reads a tile's): a letter read so at
        WASHED_OUT is taken, and the square then shows it in view as a plain letter would.
        `windows` and `index` (the frame-order cell of each upright one) as _read has them; `letter_at`: each square's
        row in `letter_probs` and `heights`. Returns the boosted window (as cut) of each square whose letter was taken:
        its print's polarity is judged on it (_against_polarity), as a faint tile's is."""
        squares = [k for k, j in letter_at.items() if covered[k] and heights[j] == 0]
        if not squares:
            return {}
        cut = {k: _boosted(windows[index[k]]) for k in squares}
        probs, found = self._letter_probabilities([_turned_window(cut[k], quarter) for k in squares],
                                                  strokes_past_print=True)
        taken = {}
        for j, k in enumerate(squares):
            if found[j] > 0 and probs[j].max() >= WASHED_OUT:
                letter_probs[letter_at[k]], heights[letter_at[k]] = probs[j], found[j]
                taken[k] = cut[k]
        return taken

    def _unsure_letters_boosted(self, cells: list[CellReading], occ: np.ndarray, glared: np.ndarray,
                                letter_at: dict[int, int], letter_probs: np.ndarray, windows: list[np.ndarray],
                                index: np.ndarray, quarter: int) -> dict[int, CellReading]:
        """The upright squares the occupancy model calls likeliest a tile (or glared) whose letter was found but read
        under the kiosk's bar (DEFAULT_MIN_CONFIDENCE; not one a rule took out), read again from their grey windows
        with their detail boosted (_boosted, as _faint_letters reads them): the reading is taken where it reads the
        same letter at the kiosk's bar, or another at LETTER_DECIDES (as _read_denoised takes its reading; see
        GLARE_UNSURE), each read as _cell_reading reads a square. `occ` upright, `windows` and `index` as _read has
        them."""
        squares = [k for k, j in letter_at.items() if cells[k].state == "unknown" and (occ[k].argmax() == 1 or glared[k])
                   and 0.0 < letter_probs[j].max() < DEFAULT_MIN_CONFIDENCE]
        if not squares:
            return {}
        upright = [_turned_window(_boosted(windows[index[k]]), quarter) for k in squares]
        probs, heights = self._letter_probabilities(upright, strokes_past_print=True)
        unsure = self._maybe_accented(windows, [int(index[k]) for k in squares], probs, heights, quarter)
        taken = {}
        for j, k in enumerate(squares):
            same = probs[j].argmax() == letter_probs[letter_at[k]].argmax()
            if heights[j] > 0 and probs[j].max() >= (DEFAULT_MIN_CONFIDENCE if same else LETTER_DECIDES):
                taken[k] = self._cell_reading(occ[k], probs[j], j in unsure)
        return taken

    def _faint_letters(self, boosted: dict[int, np.ndarray], occ: np.ndarray, windows: list[np.ndarray],
                       index: np.ndarray, quarter: int) -> dict[int, CellReading]:
        """The upright squares the occupancy model calls likeliest a tile where no letter was found, read from their
        grey windows with their detail boosted (`boosted`, _boosted of the window as cut, see FAINT_GAIN): those whose
        letter reaches the kiosk's bar (DEFAULT_MIN_CONFIDENCE), each read as _cell_reading reads a square; the others
        left out. `occ` upright, `windows` and `index` (the frame-order cell of each upright one) as _read has them."""
        if not boosted:
            return {}
        squares = list(boosted)
        upright = [_turned_window(boosted[k], quarter) for k in squares]
        probs, heights = self._letter_probabilities(upright, strokes_past_print=True)
        unsure = self._maybe_accented(windows, [int(index[k]) for k in squares], probs, heights, quarter)
        return {k: self._cell_reading(occ[k], probs[j], j in unsure) for j, k in enumerate(squares)
                if heights[j] > 0 and probs[j].max() >= DEFAULT_MIN_CONFIDENCE}

    def _lettered_blanks(self, cells: list[CellReading], windows: list[np.ndarray], index: np.ndarray,
                         quarter: int) -> dict[int, CellReading]:
        """The upright squares read as blanks by the occupancy model alone whose letter its plain ink (every check of
        _letter_probabilities, not median-filtered) and its darker ink both read at LETTER_DECIDES, with a value number
        seen low and right of it (vision.value.number_aspect): tiles, read with that letter (see BLANK_LETTERED)."""
        blank = [k for k, c in enumerate(cells) if c.state == "blank"]
        if not blank:
            return {}
        upright = [_turned_window(windows[index[k]], quarter) for k in blank]
        plain, heights = self._letter_probabilities(upright, strokes_past_print=True)
        sure = np.flatnonzero((heights > 0) & (plain.max(axis=1) >= LETTER_DECIDES))
        if not len(sure):
            return {}
        dark, dark_heights = self._read_glyphs([upright[j] for j in sure], strokes=False, dark=True)
        letters = plain[sure].argmax(axis=1)
        agree = (dark_heights > 0) & (dark[np.arange(len(sure)), letters] >= LETTER_DECIDES)
        allowed = set(load_tileset(self.config.tileset).chars)  # a bare letter with an accented twin may have lost it
        return {blank[j]: self._in_plain_view(plain[j], False) for j in sure[agree]
                if ACCENTED.get(self.letter_classes[int(plain[j].argmax())]) not in allowed
                and number_aspect(upright[j]) is not None}

    def _in_plain_view(self, letter_probs: np.ndarray, maybe_accented: bool) -> CellReading:
        """A tile shown by a second sign (its face, or its value number: see FACE_BACKED) read with the letter found
        on it, the letter's probability its confidence: the occupancy model's doubt (a thin letter on a tile the
        colour of the board's squares) is no doubt that a tile is there."""
        best = int(np.argmax(letter_probs))
        confidence = float(letter_probs[best])
        return _reported(1, self.letter_classes[best], min(confidence, 0.5) if maybe_accented else confidence)

    @staticmethod
    def _shows_premium_pattern(stats: CellStats, read_cells: np.ndarray, letter_probs: np.ndarray) -> bool:
        """Whether the squares of a board found from scratch or followed follow the premium layout,
        judged on the squares not covered by a surely read tile (tiles can be the colour of a premium
        square); a lattice of tiles, a tablecloth or a chessboard does not, nor a followed grid left
        on another picture (see MIN_PATTERN)."""
        covered = np.zeros(225, bool)
        if len(read_cells):
            covered[read_cells[letter_probs.max(axis=1) >= PATTERN_TILE]] = True
        return premium_contrast(stats.mean, ~covered) >= MIN_PATTERN

    def _maybe_accented(self, windows: list[np.ndarray], cells: list[int], probs: np.ndarray, heights: np.ndarray,
                        quarter: int) -> set[int]:
        """Which of the read letters (indices into `cells`; `heights` as _letter_probabilities
        gives them) are a bare A, O or U that may have lost its umlaut: a letter clearly taller
        than the board's other letters (dots run into the letter), or two dots (or the bar of two
        blurred ones) just above its main stroke (vision.glyph.umlaut_dots). Only for tile sets that have the
        accented twins."""
        allowed = set(load_tileset(self.config.tileset).chars)  # the set's tiles, by board character
        classes = self.letter_classes
        best = [classes[k] for k in probs.argmax(axis=1)] if len(cells) else []
        suspects = [j for j in range(len(cells)) if heights[j] > 0 and ACCENTED.get(best[j]) in allowed]
        marked = self._marked_twins()
        marked_suspects = [j for j in range(len(cells)) if heights[j] > 0 and best[j] in marked]
        if not suspects and not marked_suspects:
            return set()
        others = [heights[j] for j in range(len(cells))
                  if heights[j] > 0 and best[j] not in ACCENTED.values() and best[j] not in "QJ"]
        typical = float(np.median(others)) if len(others) >= 3 else None
        known = self._memory.accents  # a square unchanged since an earlier frame keeps its answers

        def shows(cell: int, which: str, test: Callable[[np.ndarray], bool]) -> bool:
            key = (cell, quarter, which)
            if key not in known:
                known[key] = test(_turned_window(windows[cell], quarter))
            return known[key]

        unsure = {j for j in marked_suspects if shows(cells[j], "mark", _mark_above)}
        for j in suspects:
            tall = typical is not None and heights[j] > ACCENT_TALLER * typical
            if tall or shows(cells[j], "dots", umlaut_dots):
                unsure.add(j)
        return unsure

    def _marked_twins(self) -> frozenset[str]:
        """The bare letters (MARKED) whose twin with a mark above is a tile of the game's set,
        printed as such (Catalan's Ñ prints NY: no twin of N there)."""
        ts = load_tileset(self.config.tileset)
        return frozenset(bare for bare, twins in MARKED.items()
                         if any(t in ts.chars and ts.glyphs[t] == t for t in twins))

    def _tiles_by_their_faces(self, cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray,
                              windows: list[np.ndarray], quarter: int) -> tuple[list[int], list[int]]:
        """The upright squares read empty or unknown beside a tile (sure, or read with its letter) whose colour
        is the tiles' faces around them, not the empty squares' of their premium type around them (see
        INKLESS): the blanks among them, plain (no ink) or marked (_surely_marked), and the squares read empty
        or unknown with ink, no mark, that are tiles whose letter was not read (or was read under its tile's doubt,
        see FACE_BACKED). `cells` and `occ` upright, `index` the
        frame-order cell of each, `windows` the grey letter windows (frame order). No blanks where there would
        be more on the board than the game's set has."""
        is_tile = _placed_tiles(cells, occ)
        tiles = np.flatnonzero(is_tile)
        if len(tiles) < 3:  # as for the tiles' colour (_read)
            return [], []
        empty = np.flatnonzero(occ[:, 0] >= SURE_TILE)
        spread = stats.shape[index, 0]  # the lightness's spread over the square's middle (cell_stats)
        unclaimed = np.array([c.state in ("empty", "unknown") for c in cells]) & (occ.argmax(axis=1) != 3)
        beside = np.flatnonzero(unclaimed & _next_to(is_tile))
        middles = stats.mean[index]  # where a square has no ink, its middle's colour
        faces = np.full((225, 3), np.nan, np.float32)  # the face rings (vision.cells.face_colours) looked at
        plain, inked = beside[spread[beside] < INKLESS], beside[spread[beside] >= INKLESS]
        # first what the squares' own colours rule out (_tile_faced asks FACE_APART Lab at least from the
        # empties; by hue, a square that near them is out too), then the tiles' faces
        plain_empty = _near(plain, empty, same_type=True)
        to_empty = _from_median(middles, middles, plain, plain_empty)
        keep = to_empty >= FACE_APART
        plain, plain_empty, to_empty = plain[keep], plain_empty[keep], to_empty[keep]
        plain_tiles, inked_tiles = _near(plain, tiles), _near(inked, tiles)
        _face_rings(faces, stats, index, np.concatenate([inked, plain_tiles.ravel(), inked_tiles.ravel()]))
        # a square the occupancy model itself calls most likely a blank ('covered' taking the rest) may be
        # FACE_NEAR_BACKED from the faces (see FACE_NEAR_BACKED)
        backed = occ[plain].argmax(axis=1) == 2
        near = np.where(backed, FACE_NEAR_BACKED, FACE_NEAR)
        by_colour = _tile_faced(middles, faces, middles, plain, plain_tiles, plain_empty, near, FACE_APART)
        hues, face_hues = middles[:, 1:], faces[:, 1:]  # glare whitens a square, its hue stays (see FACE_HUE_NEAR)
        by_hue = _tile_faced(hues, face_hues, hues, plain, plain_tiles, plain_empty,
                             np.full(len(plain), FACE_HUE_NEAR), FACE_HUE_APART)
        # by colour, without that second sign: no square read empty of its type elsewhere on the board as near
        # (see FACE_TWIN_APART); by hue, not ruled out by the occupancy model (see FACE_HUE_BLANK)
        doubtful = np.flatnonzero(by_colour & ~backed)
        others = np.setdiff1d(empty, plain[by_colour | by_hue])
        by_colour[doubtful] = _untwinned(middles, faces, plain[doubtful], plain_tiles[doubtful], others)
        # ... nor where its hue does not tell it from its near empties unless FACE_SHADE_APART Lab from them
        by_colour[doubtful] &= by_hue[doubtful] | (to_empty[doubtful] >= FACE_SHADE_APART)
        by_hue &= occ[plain, 2] >= FACE_HUE_BLANK
        plain = plain[by_colour | by_hue]
        # a blank's face is one colour: its middle as its face ring (see FACE_EVEN)
        _face_rings(faces, stats, index, plain)
        plain = plain[np.linalg.norm(middles[plain] - faces[plain], axis=1) <= FACE_EVEN]
        plain = plain[~_labels_shown(plain, windows, index, occ)]  # a faint label is no blank (see LABEL_SEEN)
        # with ink: as far as FACE_NEAR_BACKED for a mark, FACE_NEAR for a tile whose letter was not read
        to_face = _from_median(faces, faces, inked, inked_tiles)
        keep = to_face <= FACE_NEAR_BACKED
        inked, inked_tiles, to_face = inked[keep], inked_tiles[keep], to_face[keep]
        inked_empty = _near(inked, empty, same_type=True)
        _face_rings(faces, stats, index, inked_empty.ravel())
        faced = _tile_faced(faces, faces, faces, inked, inked_tiles, inked_empty, np.full(len(inked), FACE_NEAR_BACKED),
                            FACE_APART)
        inked, to_face = inked[faced], to_face[faced]
        marked = self._surely_marked(inked.tolist(), windows, index, quarter)
        blanks = plain.tolist() + marked
        unread = [k for k, d in zip(inked.tolist(), to_face)
                  if k not in marked and d <= FACE_NEAR and cells[k].state in ("empty", "unknown")]
        already = sum(c.state == "blank" for c in cells)
        return (blanks if already + len(blanks) <= self._blanks else []), unread

    def _hued_marks(self, cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray,
                    windows: list[np.ndarray], quarter: int, found: list[int]) -> list[int]:
        """The upright squares read empty with ink (INKLESS or more) beside a tile (sure, or read with its letter) whose
        face ring is within FACE_NEAR_BACKED Lab of their nearest tiles' rings, within FACE_HUE_NEAR of them by hue and
        FACE_HUE_APART times as far (1 at least) by hue from the rings of their near squares of their type called empty,
        and whose ink is surely a mark (_surely_marked): marked blanks lit otherwise than their tiles (see MARK_HUED).
        `cells` and `occ` upright, `index` the frame-order cell of each, `windows` the grey letter windows (frame
        order); `found`: the blanks the face tests read (left out; none where there would be more than the set has)."""
        squares, tiles = _empty_beside_tiles(cells, occ, stats.shape[index, 0] >= INKLESS)
        squares = squares[~np.isin(squares, found)]
        if len(squares) == 0 or len(tiles) < 3:  # as for the tiles' colour (_read)
            return []
        faces = np.full((225, 3), np.nan, np.float32)
        near_tiles = _near(squares, tiles)
        _face_rings(faces, stats, index, np.concatenate([squares, near_tiles.ravel()]))
        close = _from_median(faces, faces, squares, near_tiles) <= FACE_NEAR_BACKED  # NaN: under two tiles
        squares, near_tiles = squares[close], near_tiles[close]
        near_empty = _near(squares, np.flatnonzero(occ[:, 0] >= SURE_TILE), same_type=True)
        _face_rings(faces, stats, index, near_empty.ravel())
        hues = faces[:, 1:]
        by_hue = _tile_faced(hues, hues, hues, squares, near_tiles, near_empty, np.full(len(squares), FACE_HUE_NEAR),
                             FACE_HUE_APART)
        marked = self._surely_marked(squares[by_hue].tolist(), windows, index, quarter)
        already = sum(c.state == "blank" for c in cells) + len(found)
        return marked if already + len(marked) <= self._blanks else []

    def _surely_marked(self, squares: list[int], windows: list[np.ndarray], index: np.ndarray, quarter: int) -> list[int]:
        """Which of these upright squares the letter model calls 'not a letter' at least MARK_SURE in its plain
        ink and in its strokes, their ink shaped like a mark: a blank's mark (_a_mark), as _unread_tiles reads it."""
        if not squares or NOT_A_LETTER not in self.letters.classes:
            return []
        other = self.letters.classes.index(NOT_A_LETTER)
        upright = [_turned_window(windows[index[k]], quarter) for k in squares]
        plain = self._glyph_classes(upright, False)[0][:, other]
        strokes = self._mark_strokes(upright, plain, _strokes_not_a_letter(*self._glyph_classes(upright, True), other),
                                     other)
        darker = self._darker_marks(upright, plain, strokes, other)
        return [k for k, w, p, s, d in zip(squares, upright, plain, strokes, darker) if _a_mark(w, p, s, d)]

    def _mark_strokes(self, upright: list[np.ndarray], plain: np.ndarray, strokes: list[float | None],
                      other: int) -> list[float | None]:
        """The strokes' 'not a letter' (class `other`) of each upright window as _a_mark takes it: `strokes`, but where
        the plain ink shows a mark at MARK_SURE (`plain`) whose strokes read under it with their glyph apart from the
        plain ink's, the strokes of the window painted outside that ink's box (_outside_painted), where they hold a glyph
        (see MARK_STROKES_APART)."""
        apart = {k: _apart_mark_ink(w) for k, (w, p, s) in enumerate(zip(upright, plain, strokes))
                 if p >= MARK_SURE and s is not None and s < MARK_SURE}
        asked = {k: ink for k, ink in apart.items() if ink is not None}
        if not asked:
            return strokes
        probs, heights = self._glyph_classes([_outside_painted(upright[k], ink) for k, ink in asked.items()], True)
        again = list(strokes)
        for k, read in zip(asked, _strokes_not_a_letter(probs, heights, other)):
            if read is not None:
                again[k] = read
        return again

    def _darker_marks(self, upright: list[np.ndarray], plain: np.ndarray, strokes: list[float | None],
                      other: int) -> list[float | None]:
        """The letter model's 'not a letter' (class `other`) of the darker ink's glyph (vision.glyph.dark_letter_ink)
        of each upright window whose plain ink shows no letter and which its plain and strokes' readings (`plain`,
        `strokes`, as _a_mark takes them) call a mark at MARK_SURE; None elsewhere and where the darker ink holds no
        glyph (see MARK_IN_DARKER_INK)."""
        asked = [k for k, (w, p, s) in enumerate(zip(upright, plain, strokes))
                 if p >= MARK_SURE and (s is None or s >= MARK_SURE) and letter_ink(w) is None]
        darker: list[float | None] = [None] * len(upright)
        if asked:
            probs, heights = self._glyph_classes([upright[k] for k in asked], False, dark=True)
            for k, p, h in zip(asked, probs, heights):
                darker[k] = None if h == 0 else float(p[other])
        return darker

    def _outlined_doubted_blanks(self, doubted: list[int], cells: list[CellReading], occ: np.ndarray,
                                 stats: CellStats, index: np.ndarray, windows: list[np.ndarray]) -> list[int]:
        """Of the squares BLANK_DOUBT asks (`doubted`, upright, read unknown now), the blanks: those whose window's outer
        band matches their nearest tiles' better than their near empty squares' of their type by DOUBT_OUTLINED (two
        of each at least), or whose hue shows a tile (_hued_doubted, DOUBT_HUED), joined to a lettered tile
        (BLANKS_JOINED); none where the set has too few blanks for them and those read already. `cells` and `occ`
        upright; `index`: the frame-order cell of each; `windows`: the grey letter windows (frame order)."""
        if not doubted:  # most frames
            return []
        squares = np.array(doubted)
        near_tiles = _near(squares, np.flatnonzero(_placed_tiles(cells, occ)))
        outlined = _outlined(squares, near_tiles, occ, windows, index, DOUBT_OUTLINED)
        outlined += [k for k in _hued_doubted(squares, near_tiles, occ, stats, index) if k not in outlined]
        trial = [_reported(2, None, FACE_BLANK_CONFIDENCE) if k in outlined else c for k, c in enumerate(cells)]
        outlined = [k for k in outlined if k not in _unjoined_blanks(trial)]
        already = sum(c.state == "blank" for c in cells)
        return outlined if already + len(outlined) <= self._blanks else []

    @staticmethod
    def _board_tile_colour(stats: CellStats, occ: np.ndarray) -> tuple[np.ndarray, float] | None:
        """Tile face colour and how much it varies, from this frame's surely-read tiles, or None
        with fewer than three (the racks then use what they learnt, vision.rack_counter)."""
        tiles = np.flatnonzero((occ[:, 1] > 0.9) | (occ[:, 2] > 0.9))
        if len(tiles) < 3:
            return None
        faces = face_colours(stats, tiles[:20])
        centre = np.median(faces, axis=0)
        spread = float(np.median(np.linalg.norm(faces - centre, axis=1)))
        return centre.astype(np.float32), max(12.0, 4.0 * spread)


def _tile_coloured(marked: list[int], stats: CellStats, index: np.ndarray, tile_lab: np.ndarray | None) -> list[int]:
    """The marked blanks (upright squares; `index`: the frame-order cell of each) that look more like
    the tiles (`tile_lab`, the sure tiles' colour) than like the empty squares of their premium type by
    hue (see MARK_COLOUR), or lie on a plain square (MARK_ON_PLAIN); none when the tiles' colour is not
    known. All or none: where print on one of them looks like a mark, the others are no surer."""
    if not marked or tile_lab is None:
        return []
    reference = expected_empty(stats.mean, tile_lab)
    cells = index[marked]
    hues = stats.mean[cells, 1:]  # a and b: glare and shade move the lightness (see MARK_COLOUR)
    to_tile = np.linalg.norm(hues - tile_lab[1:], axis=1)
    to_empty = np.linalg.norm(hues - reference[cells][:, 1:], axis=1)
    plain_square = ~PREMIUM[marked]  # no print of its own to take for a mark (see MARK_ON_PLAIN)
    return marked if bool(((to_tile < to_empty) | plain_square).all()) else []



def _doubted_blanks(cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray) -> list[int]:
    """The upright squares read empty, inkless (INKLESS) and beside a tile (sure, or read with its letter) that the
    occupancy model (`occ`, upright) gives BLANK_DOUBT as a blank at least, within FACE_NEAR_BACKED Lab and
    FACE_HUE_NEAR by hue of their nearest tiles' faces and no nearer the near squares of their type called empty:
    blanks of their square's colour, to be asked (see BLANK_DOUBT). `index`: the frame-order cell of each."""
    squares, tiles = _empty_beside_tiles(cells, occ, (occ[:, 2] >= BLANK_DOUBT) & (stats.shape[index, 0] < INKLESS))
    if len(squares) == 0:  # most frames
        return []
    middles = stats.mean[index]
    near_tiles = _near(squares, tiles)  # NaN faces (under two tiles) rule the square out
    faces = np.full((225, 3), np.nan, np.float32)
    _face_rings(faces, stats, index, near_tiles.ravel())
    to_face = _from_median(middles, faces, squares, near_tiles)
    to_hue = _from_median(middles[:, 1:], faces[:, 1:], squares, near_tiles)
    # NaN (under two near empties of its type) rules nothing out
    to_empty = _from_median(middles, middles, squares, _near(squares, np.flatnonzero(occ[:, 0] >= SURE_TILE), True))
    keep = (to_face <= FACE_NEAR_BACKED) & (to_hue <= FACE_HUE_NEAR) & ~(to_empty < np.maximum(to_face, 1.0))
    return squares[keep].tolist()


def _hued_doubted(squares: np.ndarray, near_tiles: np.ndarray, occ: np.ndarray, stats: CellStats,
                  index: np.ndarray) -> list[int]:
    """Of these upright `squares` (those BLANK_DOUBT asks), those whose hue (a, b of their middle's Lab) is
    FACE_HUE_APART times as far (1 at least) from their near squares of their type called empty (the occupancy model's,
    SURE_TILE; two at least) and from every other square of their type called empty as from the faces of their nearest
    tiles (`near_tiles`, a row each, -1 where none; two at least): see DOUBT_HUED. `occ` upright; `index`: the
    frame-order cell of each."""
    hues = stats.mean[index][:, 1:]
    faces = np.full((225, 3), np.nan, np.float32)
    _face_rings(faces, stats, index, near_tiles.ravel())
    empty = np.flatnonzero(occ[:, 0] >= SURE_TILE)
    to_face = np.maximum(_from_median(hues, faces[:, 1:], squares, near_tiles), 1.0)  # NaN (under two tiles): none
    to_near = _from_median(hues, hues, squares, _near(squares, empty, same_type=True))  # NaN (under two): none
    keep = (to_near >= FACE_HUE_APART * to_face) & (_to_twin(hues, squares, empty) >= FACE_HUE_APART * to_face)
    return squares[keep].tolist()


def _outlined_blanks(cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray,
                     windows: list[np.ndarray]) -> list[int]:
    """The upright squares read empty, inkless (INKLESS) and beside a tile (sure, or read with its letter) within
    FACE_NEAR Lab of their nearest tiles' faces, whose window's outer band is more like their nearest tiles' than their
    near empty squares' of their type by OUTLINE_MARGIN: plain blanks of their square's colour, to be asked (see
    OUTLINE_MARGIN). `index`: the frame-order cell of each; `windows`: the grey letter windows (frame order)."""
    squares, tiles = _empty_beside_tiles(cells, occ, stats.shape[index, 0] < INKLESS)
    if len(squares) == 0:
        return []
    near_tiles = _near(squares, tiles)
    faces = np.full((225, 3), np.nan, np.float32)
    _face_rings(faces, stats, index, near_tiles.ravel())
    close = _from_median(stats.mean[index], faces, squares, near_tiles) <= FACE_NEAR  # NaN: under two tiles
    return _outlined(squares[close], near_tiles[close], occ, windows, index, OUTLINE_MARGIN)


def _faded_outlined_blanks(cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray,
                           windows: list[np.ndarray], faded: np.ndarray) -> list[int]:
    """The upright squares read empty, inkless (INKLESS), beside a tile and `faded` (225 booleans, upright: the
    lit-colour test's FADED_APART), whatever their distance from their tiles' faces, whose window's outer band matches
    their nearest tiles' better than their near empty squares' of their type by OUTLINE_MARGIN (two of each at least):
    faded blanks, to be asked (see FADED_OUTLINED). `index`: the frame-order cell of each; `windows`: the grey letter
    windows (frame order)."""
    squares, tiles = _empty_beside_tiles(cells, occ, faded & (stats.shape[index, 0] < INKLESS))
    if len(squares) == 0:  # most frames
        return []
    return _outlined(squares, _near(squares, tiles), occ, windows, index, OUTLINE_MARGIN)


def _outline_band(window: np.ndarray) -> np.ndarray:
    """A letter window's detail (its grey less its blur, OUTLINE_BLUR px) cut to its square and OUTLINE_PAD px around
    it, with its middle blanked out: the square's edge OUTLINE_BAND px inward (see OUTLINE_MARGIN), as float32."""
    grey = window.astype(np.float32)
    detail = grey - cv2.GaussianBlur(grey, (0, 0), OUTLINE_BLUR)
    square = slice(PAD - OUTLINE_PAD, PAD + CELL + OUTLINE_PAD)
    band = detail[square, square].copy()
    middle = slice(OUTLINE_PAD + OUTLINE_BAND, OUTLINE_PAD + CELL - OUTLINE_BAND)
    band[middle, middle] = 0.0
    return band


def _band_likeness(band: np.ndarray, others: list[np.ndarray]) -> float:
    """How well a square's outer band matches the median of `others` (normalised correlation, the best of shifts up to
    OUTLINE_SHIFT px; see OUTLINE_MARGIN)."""
    typical = np.median(np.stack(others), axis=0)[OUTLINE_SHIFT:-OUTLINE_SHIFT, OUTLINE_SHIFT:-OUTLINE_SHIFT]
    return float(cv2.matchTemplate(band, np.ascontiguousarray(typical), cv2.TM_CCOEFF_NORMED).max())


def _outlined(squares: np.ndarray, near_tiles: np.ndarray, occ: np.ndarray, windows: list[np.ndarray],
              index: np.ndarray, margin: float) -> list[int]:
    """Of these upright `squares`, those whose outline margin (_outline_margin) over their near tiles (`near_tiles`, a
    row each, -1 where none) and their near empty squares of their type (the occupancy model's, SURE_TILE) is `margin`
    or more. Each window's band is cut once (a tile is near many squares)."""
    near_empty = _near(squares, np.flatnonzero(occ[:, 0] >= SURE_TILE), same_type=True)
    bands: dict[int, np.ndarray] = {}
    return [k for k, tiled, bare in zip(squares.tolist(), near_tiles, near_empty)
            if _outline_margin(windows, index, k, tiled[tiled >= 0], bare[bare >= 0], bands) >= margin]


def _outline_margin(windows: list[np.ndarray], index: np.ndarray, square: int, tiled: np.ndarray,
                    bare: np.ndarray, bands: dict[int, np.ndarray] | None = None) -> float:
    """How much better the upright `square`'s outer band (_outline_band) matches its near tiles' (`tiled`) than its near
    empty squares' (`bare`; upright, two of each at least, else -inf): see OUTLINE_MARGIN and DOUBT_OUTLINED.
    `windows`: the grey letter windows (frame order); `index`: the frame-order cell of each upright square; `bands`:
    the bands cut so far, by upright square (filled in here)."""
    if len(tiled) < 2 or len(bare) < 2:
        return -np.inf
    cut = {} if bands is None else bands

    def band(k: int) -> np.ndarray:
        if k not in cut:
            cut[k] = _outline_band(windows[index[k]])
        return cut[k]

    return (_band_likeness(band(square), [band(t) for t in tiled])
            - _band_likeness(band(square), [band(e) for e in bare]))


def _hued_blanks(cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray) -> list[int]:
    """The upright squares read empty, inkless (INKLESS) and beside a tile (sure, or read with its letter) within
    HUE_ASKED_NEAR Lab and FACE_HUE_NEAR by hue of their nearest tiles' faces, and FACE_HUE_APART times as far (1 at
    least) by hue from their near squares of their type called empty (two at least) and from every other square of
    their type called empty (SURE_TILE): plain blanks whatever the occupancy model's blank, to be asked (see
    HUE_ASKED_NEAR). `occ` upright; `index`: the frame-order cell of each."""
    squares, tiles = _empty_beside_tiles(cells, occ, stats.shape[index, 0] < INKLESS)
    if len(squares) == 0:
        return []
    middles = stats.mean[index]
    hues = middles[:, 1:]
    near_tiles = _near(squares, tiles)  # NaN faces (under two tiles) rule the square out
    faces = np.full((225, 3), np.nan, np.float32)
    _face_rings(faces, stats, index, near_tiles.ravel())
    empty = np.flatnonzero(occ[:, 0] >= SURE_TILE)
    by_hue = _tile_faced(hues, faces[:, 1:], hues, squares, near_tiles, _near(squares, empty, same_type=True),
                         np.full(len(squares), FACE_HUE_NEAR), FACE_HUE_APART)
    to_face = _from_median(middles, faces, squares, near_tiles)
    to_hue = np.maximum(_from_median(hues, faces[:, 1:], squares, near_tiles), 1.0)
    twins = (_LAYOUT_UPRIGHT[squares][:, None] == _LAYOUT_UPRIGHT[empty][None]) & (squares[:, None] != empty[None])
    apart = np.linalg.norm(hues[squares][:, None] - hues[empty][None], axis=2)
    to_twin = np.where(twins, apart, np.inf).min(axis=1, initial=np.inf)
    keep = by_hue & (to_face <= HUE_ASKED_NEAR) & (to_twin >= FACE_HUE_APART * to_hue)
    return squares[keep].tolist()


def _doubted_tiles(cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray) -> list[int]:
    """The upright squares read empty beside a tile (sure, or read with its letter) that the occupancy model (`occ`,
    upright) gives TILE_DOUBT as a tile at least, whose hue is within FACE_HUE_NEAR of the face of a tile beside
    them and FACE_HUE_APART times as far (1 at least) from the near squares of their type called empty: tiles the
    light has lit otherwise than the tiles further off, to be asked (see TILE_DOUBT). `index`: the frame-order
    cell of each."""
    squares, tiles = _empty_beside_tiles(cells, occ, occ[:, 1] >= TILE_DOUBT)
    if len(squares) == 0:
        return []
    hues = stats.mean[index][:, 1:]
    beside = _near(squares, tiles)[:, 0]  # the nearest tile, one step away (_empty_beside_tiles)
    faces = np.full((225, 3), np.nan, np.float32)
    _face_rings(faces, stats, index, beside)
    to_face = np.linalg.norm(hues[squares] - faces[beside, 1:], axis=1)
    # NaN (under two near empties of its type) rules the square out
    to_empty = _from_median(hues, hues, squares, _near(squares, np.flatnonzero(occ[:, 0] >= SURE_TILE), True))
    keep = (to_face <= FACE_HUE_NEAR) & (to_empty >= FACE_HUE_APART * np.maximum(to_face, 1.0))
    return squares[keep].tolist()


def _placed_tiles(cells: list[CellReading], occ: np.ndarray) -> np.ndarray:
    """Which upright squares (225 booleans) hold a tile the reading stands on: sure by the occupancy model (`occ`,
    upright; SURE_TILE) or read with its letter (upright `cells`)."""
    return (occ[:, 1] >= SURE_TILE) | np.array([c.state == "tile" for c in cells])


def _empty_beside_tiles(cells: list[CellReading], occ: np.ndarray, doubted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Of the `doubted` squares (225 booleans, upright), those read empty with a placed tile (_placed_tiles) above,
    below or to a side; and the placed tiles (both upright indices)."""
    placed = _placed_tiles(cells, occ)
    empty = np.array([c.state == "empty" for c in cells])
    return np.flatnonzero(doubted & empty & _next_to(placed)), np.flatnonzero(placed)


_ROW, _COL = np.divmod(np.arange(225), 15)
_LAYOUT_UPRIGHT = LAYOUT.ravel()  # each upright square's premium type


def _next_to(squares: np.ndarray) -> np.ndarray:
    """Which squares (225 booleans, upright) have one of `squares` (225 booleans) above, below or to a side."""
    grid = squares.reshape(15, 15)
    near = np.zeros((15, 15), bool)
    near[1:] |= grid[:-1]
    near[:-1] |= grid[1:]
    near[:, 1:] |= grid[:, :-1]
    near[:, :-1] |= grid[:, 1:]
    return near.ravel()


def _near(squares: np.ndarray, among: np.ndarray, same_type: bool = False) -> np.ndarray:
    """For each of `squares` (upright indices), the FACE_NEIGHBOURS of `among` nearest it in steps along rows and
    columns, ties in the given order (len(squares) x up to FACE_NEIGHBOURS); with `same_type`, only those of its
    premium type other than itself, -1 where there are fewer."""
    steps = (np.abs(_ROW[squares][:, None] - _ROW[among][None])
             + np.abs(_COL[squares][:, None] - _COL[among][None])).astype(float)
    if same_type:
        other = (_LAYOUT_UPRIGHT[squares][:, None] != _LAYOUT_UPRIGHT[among][None]) | (squares[:, None] == among[None])
        steps[other] = np.inf
    order = np.argsort(steps, axis=1, kind="stable")[:, :FACE_NEIGHBOURS]
    near = among[order]
    near[np.isinf(np.take_along_axis(steps, order, axis=1))] = -1
    return near


def _around(colours: np.ndarray, near: np.ndarray) -> np.ndarray:
    """The median colour (`colours` upright, 225 x 3, or x 2 for hues) of each row's `near` squares (-1 for none), as np.median
    gives it (the middle one, or the mean of the middle two, per channel); NaN where a row has fewer than two.
    (Sorted with the missing ones last: np.nanmedian took 1.4 ms a frame.)"""
    if near.shape[1] < 2:
        return np.full((len(near), colours.shape[1]), np.nan, np.float32)
    counted = (near >= 0).sum(axis=1)
    ordered = np.sort(np.where((near >= 0)[..., None], colours[near], np.nan), axis=1)  # NaN sort last
    rows = np.arange(len(near))
    low, high = ordered[rows, np.maximum(counted - 1, 0) // 2], ordered[rows, counted // 2]
    return np.where((counted >= 2)[:, None], (low + high) / 2, np.nan)


def _from_median(colours: np.ndarray, of: np.ndarray, squares: np.ndarray, near: np.ndarray) -> np.ndarray:
    """How far these squares' colours (`colours`, upright; Lab, or its hue alone) are from the median colour
    (`of`: the squares' own colours, or their face rings') of their `near` squares (a row each, _around)."""
    return np.linalg.norm(colours[squares] - _around(of, near), axis=1)


def _tile_faced(colours: np.ndarray, tile_faces: np.ndarray, board: np.ndarray, squares: np.ndarray,
                near_tiles: np.ndarray, near_empty: np.ndarray, near: np.ndarray, apart: float) -> np.ndarray:
    """Which of these squares' colours (`colours`, upright; Lab, or its hue alone) are within `near` (one a
    square) of the faces (`tile_faces`) of their nearest tiles (`near_tiles`, a row each) and `apart` times as far
    (1 at least) from the colour (`board`) of their nearest squares of their premium type called empty
    (`near_empty`, two at least): see INKLESS, FACE_NEAR_BACKED and FACE_HUE_NEAR."""
    to_face = _from_median(colours, tile_faces, squares, near_tiles)
    to_board = _from_median(colours, board, squares, near_empty)
    return (to_face <= near) & (to_board >= apart * np.maximum(to_face, 1.0))


def _untwinned(colours: np.ndarray, tile_faces: np.ndarray, squares: np.ndarray, near_tiles: np.ndarray,
               others: np.ndarray) -> np.ndarray:
    """Which of these squares (upright) are FACE_TWIN_APART times as far (1 at least) from the colour of every
    square of `others` (upright, read empty) of their premium type as from the faces of their nearest tiles
    (`near_tiles`, a row each), by `colours` and `tile_faces` (upright Lab): see FACE_TWIN_APART. (`others` holds none
    of these squares, so _to_twin's leaving a square's own colour out changes nothing.)"""
    return _to_twin(colours, squares, others) >= FACE_TWIN_APART * np.maximum(
        _from_median(colours, tile_faces, squares, near_tiles), 1.0)


def _labels_shown(squares: np.ndarray, windows: list[np.ndarray], index: np.ndarray, occ: np.ndarray) -> np.ndarray:
    """Which of these upright squares (booleans) show their premium type's label in their middle: its detail (less its
    blur, LABEL_BLUR) matches, within LABEL_SHIFT px, the median detail of the nearest squares of their type the
    occupancy model (`occ`, upright) calls empty (SURE_TILE, two at least) at LABEL_SEEN (normalised correlation).
    `windows`: the grey letter windows (frame order); `index`: the frame-order cell of each upright square."""
    shown = np.zeros(len(squares), bool)
    labelled = np.flatnonzero(PREMIUM[squares])  # a plain square prints nothing
    if not len(labelled):  # most frames
        return shown
    twins = _near(squares[labelled], np.flatnonzero(occ[:, 0] >= SURE_TILE), same_type=True)
    inner = slice(PAD + INSET, PAD + CELL - INSET)  # the square's middle, as its colour is measured (cell_stats)
    outer = slice(inner.start - LABEL_SHIFT, inner.stop + LABEL_SHIFT)
    for j, k, near in zip(labelled, squares[labelled], twins):
        near = near[near >= 0]
        if len(near) < 2:
            continue
        label = np.median(np.stack([_detail(windows[index[t]][inner, inner]) for t in near]), axis=0)
        seen = _detail(windows[index[k]][outer, outer])
        shown[j] = float(cv2.matchTemplate(seen, label, cv2.TM_CCOEFF_NORMED).max()) >= LABEL_SEEN
    return shown


def _detail(grey: np.ndarray) -> np.ndarray:
    """A grey patch less its blur (LABEL_BLUR px), as float32: print stands out, light's fall across it does not."""
    patch = grey.astype(np.float32)
    return patch - cv2.GaussianBlur(patch, (0, 0), LABEL_BLUR)


def _face_rings(faces: np.ndarray, stats: CellStats, index: np.ndarray, squares: np.ndarray) -> None:
    """Fills in the face rings' colours (vision.cells.face_colours) of these upright squares not yet in `faces`
    (upright, NaN where not measured)."""
    wanted = np.unique(squares[squares >= 0])
    wanted = wanted[np.isnan(faces[wanted, 0])]
    if len(wanted):
        faces[wanted] = face_colours(stats, index[wanted])


def _against_polarity(cells: list[CellReading], occ: np.ndarray, windows: list[np.ndarray],
                      marked: list[int]) -> list[int]:
    """The lettered tiles on premium squares, and the blanks read by their mark (`marked`, see MARK_POLARITY), whose
    print's polarity is not the board's (see POLARITY_SHARE); `cells`, `occ` and `windows` (grey letter windows) in
    upright order."""
    lettered = [k for k, c in enumerate(cells) if c.letter is not None]
    suspects = [k for k in lettered if PREMIUM[k]] + [k for k in marked if cells[k].state == "blank"]
    sure = [k for k in lettered if occ[k, 1] >= SURE_TILE]
    if not suspects or len(sure) < POLARITY_TILES:
        return []
    looked_at = sorted(set(suspects) | set(sure))
    light = dict(zip(looked_at, light_letters_in([windows[k] for k in looked_at])))
    share = sum(light[k] for k in sure) / len(sure)
    if POLARITY_SHARE > share > 1.0 - POLARITY_SHARE:  # no polarity the board's tiles share
        return []
    board_light = share >= POLARITY_SHARE
    return [k for k in suspects if light[k] != board_light]


def _twinned_blanks(cells: list[CellReading], occ: np.ndarray, stats: CellStats, index: np.ndarray,
                    found: list[int]) -> list[int]:
    """The squares read as blanks by the occupancy model alone (upright `cells` and `occ`; `found`: those the mark and
    face tests read) whose face ring (vision.cells.face_colours) is FACE_TWIN_APART times as far from the faces of
    their nearest tiles as from a square of their premium type read empty (SURE_TILE), 1 Lab at least: an empty square
    the colour of its twins, not of the tiles (see BLANK_TWINNED); or, by hue, BLANK_HUE_AWAY from those faces and
    BLANK_HUE_TWIN_APART times as far from them as from a square of its type read empty or unknown (see
    BLANK_HUE_TWINNED). `index`: the frame-order cell of each upright one."""
    squares = np.array([k for k, c in enumerate(cells) if c.state == "blank" and k not in found], int)
    tiles = np.flatnonzero(_placed_tiles(cells, occ))
    if not len(squares) or len(tiles) < 3:  # as for the tiles' colour (_read)
        return []
    empty = _of_their_types(np.flatnonzero(occ[:, 0] >= SURE_TILE), squares)
    unread = _of_their_types(np.array([k for k, c in enumerate(cells) if c.state in ("empty", "unknown")], int),
                             squares)
    near_tiles = _near(squares, tiles)
    faces = np.full((225, 3), np.nan, np.float32)
    _face_rings(faces, stats, index, np.concatenate([squares, near_tiles.ravel(), empty]))
    by_colour = _from_median(faces, faces, squares, near_tiles) >= FACE_TWIN_APART * np.maximum(
        _to_twin(faces, squares, empty), 1.0)
    to_face_hue = _from_median(faces[:, 1:], faces[:, 1:], squares, near_tiles)
    away = to_face_hue >= BLANK_HUE_AWAY
    if not away.any():  # the twins' rings (2 ms a frame) only where needed: 1429 of 1448 real blanks on dev
        return squares[by_colour].tolist()
    _face_rings(faces, stats, index, unread)
    by_hue = away & (to_face_hue >= BLANK_HUE_TWIN_APART * np.maximum(_to_twin(faces[:, 1:], squares, unread), 1.0))
    return squares[by_colour | by_hue].tolist()


def _of_their_types(among: np.ndarray, squares: np.ndarray) -> np.ndarray:
    """The squares of `among` (upright indices) of a premium type one of `squares` has."""
    return among[np.isin(_LAYOUT_UPRIGHT[among], _LAYOUT_UPRIGHT[squares])]


def _to_twin(colours: np.ndarray, squares: np.ndarray, twins: np.ndarray) -> np.ndarray:
    """How far each of these squares' colour (`colours`, upright; Lab or its hue) is from the nearest in colour of
    `twins` (upright) of its premium type other than itself; infinite where there is none."""
    same = (_LAYOUT_UPRIGHT[squares][:, None] == _LAYOUT_UPRIGHT[twins][None]) & (squares[:, None] != twins[None])
    apart = np.linalg.norm(colours[squares][:, None] - colours[twins][None], axis=2)
    return np.where(same, apart, np.inf).min(axis=1, initial=np.inf)


def _unjoined_blanks(cells: list[CellReading]) -> list[int]:
    """The squares read as blanks (upright `cells`) that no square read as a lettered tile joins, through squares
    read as tiles or blanks above, below or to a side: a blank is played into a word (see BLANKS_JOINED)."""
    grid = np.array([c.state in ("tile", "blank") for c in cells]).reshape(15, 15)
    _, labels = cv2.connectedComponents(grid.astype(np.uint8), connectivity=4)
    lettered = np.unique(labels.ravel()[[k for k, c in enumerate(cells) if c.letter is not None]])
    return [k for k, c in enumerate(cells) if c.state == "blank" and labels.flat[k] not in lettered]


def _lone_tiles(cells: list[CellReading]) -> list[int]:
    """The squares read as tiles or blanks (upright `cells`) with no square read as a tile, blank or unknown above,
    below or to a side, where some other square is read as a tile or blank: no play leaves one (see LONE_TILE)."""
    placed = np.array([c.state in ("tile", "blank") for c in cells]).reshape(15, 15)
    if placed.sum() < 2:
        return []
    touched = np.pad(placed | np.array([c.state == "unknown" for c in cells]).reshape(15, 15), 1)
    neighbours = touched[:-2, 1:-1] | touched[2:, 1:-1] | touched[1:-1, :-2] | touched[1:-1, 2:]
    return np.flatnonzero(placed & ~neighbours).tolist()


def _short_labels(cells: list[CellReading], occ: np.ndarray, letter_at: dict[int, int],
                  heights: np.ndarray, printed_alone: frozenset[str]) -> list[int]:
    """The premium squares read as lettered tiles (upright `cells`) of a letter printed alone on its tile
    (`printed_alone`: a tile of two letters prints them smaller) whose glyph (`heights`, the row `letter_at` gives)
    is under LABEL_SHORT of the median glyph of the squares the occupancy model (`occ`) is sure are tiles (SURE_TILE):
    a label's print, no tile (see LABEL_SHORT)."""
    sure = [float(heights[j]) for k, j in letter_at.items() if heights[j] > 0 and occ[k, 1] >= SURE_TILE]
    if len(sure) < LABEL_TILES:
        return []
    short = LABEL_SHORT * float(np.median(sure))
    return [k for k, j in letter_at.items()
            if PREMIUM[k] and cells[k].letter in printed_alone and 0 < heights[j] < short]


def _mark_above(window: np.ndarray) -> bool:
    """Whether a blob above the letter on an upright tile window scores over MARK_ABOVE (see MARKED)."""
    ink = letter_ink(window)
    return ink is not None and mark_above(window, ink[0], ink[2]) > MARK_ABOVE


def _a_stroke(window: np.ndarray) -> bool:
    """Whether the ink on an upright tile is a stroke narrower than MARK_WIDTH of its height (an I, whose
    value number is too thin to be seen): no logo or star a blank is marked with."""
    ink = letter_ink(window)
    if ink is None:
        return False
    x0, y0, x1, y1 = ink[2]
    return x1 - x0 < MARK_WIDTH * (y1 - y0)


def _strokes_not_a_letter(probs: np.ndarray, heights: np.ndarray, other: int) -> list[float | None]:
    """The letter model's 'not a letter' (class `other`) of each glyph read from its strokes (`probs` and
    `heights` as _glyph_classes gives them); None where the strokes hold no glyph at all (see MARK_STROKELESS)."""
    return [None if h == 0 else float(p[other]) for p, h in zip(probs, heights)]


def _glyph_spans(cells: list[np.ndarray], dark: bool) -> np.ndarray:
    """Per cell: the height and the width of the glyph glyph_image reads (its darker ink where `dark`, else its plain ink
    or, where that shows no letter, its strokes), as shares of the window's height; zeros where no glyph is found."""
    feats, found = glyph_features_batch(cells, strokes=False, dark=dark)
    spans = np.zeros((len(cells), 2), np.float32)
    if found.any():
        spans[found, 0] = feats[:, HEIGHT_FEATURE]
        spans[found, 1] = feats[:, HEIGHT_FEATURE] * feats[:, HEIGHT_FEATURE - 1]
    return spans


def _as_reported(probs: np.ndarray) -> np.ndarray:
    """Per row of letter probabilities ('not a letter' left out, as _read_glyphs gives them): the most _cell_reading
    may report the likeliest letter at, its share of the letters' probabilities where that share reaches
    1 - OTHER_LETTERS (SURE_TILE's lift, on a square the occupancy model calls no empty), else its probability (see
    LIFTED_CHECKED)."""
    best = probs.max(axis=1)
    share = best / np.maximum(probs.sum(axis=1), np.maximum(best, 1e-12))
    return np.where(share >= 1.0 - OTHER_LETTERS, np.maximum(best, share), best)


def _surely_other(probs: np.ndarray, heights: np.ndarray, letters: np.ndarray,
                  bars: np.ndarray | None = None) -> np.ndarray:
    """Per row of a reading (`probs`, `heights`: _read_glyphs'): whether it found a glyph and read it as another
    letter than letters[row] at LETTER_DECIDES (at bars[row] where `bars` is given)."""
    bar = LETTER_DECIDES if bars is None else bars
    return (heights > 0) & (probs.max(axis=1) >= bar) & (probs.argmax(axis=1) != letters)


def _a_mark(window: np.ndarray, plain: float, strokes: float | None, darker: float | None = None) -> bool:
    """Whether the ink on an upright tile is a blank's mark: 'not a letter' at least MARK_SURE in its plain
    ink (`plain`) and in its strokes (`strokes`; None: no strokes at all, see MARK_STROKELESS), shaped like a
    mark (_mark_shaped; where the plain ink shows no letter, in the darker ink read 'not a letter' at MARK_SURE
    too, `darker`: see MARK_IN_DARKER_INK), no value number beside it (_number_beside_mark)."""
    return (plain >= MARK_SURE and (strokes is None or strokes >= MARK_SURE) and _mark_shaped(window, darker)
            and not _number_beside_mark(window))


def _number_beside_mark(window: np.ndarray) -> bool:
    """_numbered, unless the mark shows in the plain ink or its held strokes (_mark_ink, not the darker ink alone) and
    every piece taken for the number continues the tile's edge (MARK_NUMBERED, vision.glyph.numbered_by_edge_alone)."""
    return _numbered(window) and not (_mark_ink(window) is not None and numbered_by_edge_alone(window))


def _numbered(window: np.ndarray) -> bool:
    """Whether an upright tile shows a value number in its own place, low and right of its ink
    (_number_sides): a blank prints none, so its ink read as a mark is a letter not read (see MARK_NUMBERED)."""
    sides = _number_sides(window)
    return sides is not None and sides[0] > 0


def _number_sides(window: np.ndarray) -> np.ndarray | None:
    """vision.glyph.value_number_sides, or where the plain ink shows no letter either way, the letter and
    its number looked for in the strokes (vision.glyph.stroke_number_sides)."""
    sides = value_number_sides(window)
    return stroke_number_sides(window) if sides is None else sides


def _mark_shaped(window: np.ndarray, darker: float | None = None) -> bool:
    """Whether the ink on an upright tile read surely as 'not a letter' may be a blank's logo or star: its plain ink
    shows it (MARK_IN_PLAIN_INK, _mark_ink), or where that shows no letter, its darker ink read 'not a letter' at
    MARK_SURE (`darker`, see MARK_IN_DARKER_INK); no bare stroke (narrower than MARK_WIDTH of its height, as
    _a_stroke), no wider than MARK_WIDEST of its height (a letter with the tile's edge in its box), and one shape
    (_one_shape)."""
    ink = _mark_ink(window)
    if ink is None and darker is not None and darker >= MARK_SURE:
        ink = dark_letter_ink(window)
    if ink is None:
        return False
    x0, y0, x1, y1 = ink[2]
    return MARK_WIDTH * (y1 - y0) <= x1 - x0 <= MARK_WIDEST * (y1 - y0) and _one_shape(ink)


def _mark_ink(window: np.ndarray) -> LetterInk | None:
    """The ink of what may be a blank's mark on an upright tile: the plain ink's letter, or where the plain ink shows
    none, the strokes' glyph where the plain ink holds it, joined there to other ink (MARK_JOINED); None else."""
    ink = letter_ink(window)
    if ink is not None:
        return ink
    plain, strokes = ink_mask(window), stroke_mask(window)
    if plain is None or strokes is None:
        return None
    components = cv2.connectedComponentsWithStats(strokes, connectivity=8)
    box = letter_box(strokes, components)
    if box is None:
        return None
    x0, y0, x1, y1 = box
    n = strokes.shape[0]
    if np.hypot((x0 + x1) / 2 - LETTER_PLACE * n, (y0 + y1) / 2 - LETTER_PLACE * n) > STROKES_OFF_CENTRE * n:
        return None
    glyph = strokes[y0:y1, x0:x1] > 0
    held = float(plain[y0:y1, x0:x1][glyph].mean()) if glyph.any() else 0.0
    return (strokes, components, box) if held >= MARK_HELD else None


def _apart_mark_ink(window: np.ndarray) -> LetterInk | None:
    """The plain ink's letter on an upright window (letter_ink) where the strokes' glyph lies apart from it (the boxes
    do not overlap; both masks leave the same rim out); None else (see MARK_STROKES_APART)."""
    ink, strokes = letter_ink(window), stroke_mask(window)
    box = None if strokes is None else letter_box(strokes)
    if ink is None or box is None:
        return None
    (x0, y0, x1, y1), (u0, v0, u1, v1) = ink[2], box
    return ink if u0 >= x1 or u1 <= x0 or v0 >= y1 or v1 <= y0 else None


def _outside_painted(window: np.ndarray, ink: LetterInk) -> np.ndarray:
    """An upright grey window painted outside its plain ink's letter's box (`ink`, letter_ink's) grown by MARK_BOX_GROW
    px with the face's grey: the median of the px in the grown box that are not its ink."""
    mask, _, (x0, y0, x1, y1) = ink
    n, rim, grow = window.shape[0], GLYPH_INSET, MARK_BOX_GROW
    inked = np.zeros((n, n), bool)
    inked[rim:n - rim, rim:n - rim] = mask > 0
    inside = np.zeros((n, n), bool)
    inside[max(0, y0 + rim - grow):y1 + rim + grow, max(0, x0 + rim - grow):x1 + rim + grow] = True
    painted = window.copy()
    painted[~inside] = np.median(window[inside & ~inked])
    return painted


def _one_shape(ink: LetterInk) -> bool:
    """Whether one ink component inside a glyph's box spans MARK_ONE_SHAPE of the box's width and of its height, as
    a printed star or a logo's ring does (see MARK_ONE_SHAPE)."""
    x0, y0, x1, y1 = ink[2]
    x, y, w, h = ink[1][2][1:, :4].T
    inside = (x >= x0) & (y >= y0) & (x + w <= x1) & (y + h <= y1)
    return bool((inside & (w >= MARK_ONE_SHAPE * (x1 - x0)) & (h >= MARK_ONE_SHAPE * (y1 - y0))).any())


def _no_stray_strokes(cells: list[np.ndarray], probs: np.ndarray, heights: np.ndarray) -> None:
    """Takes out (in place, as BoardReader._no_broken_letters does: the square is unknown) a letter read from the
    strokes alone (the plain ink shows no letter) whose glyph lies more than STROKES_OFF_CENTRE of the window from
    where letters sit."""
    for k in np.flatnonzero(heights > 0):
        if letter_ink(cells[k]) is not None:
            continue
        strokes = stroke_mask(cells[k])
        box = None if strokes is None else letter_box(strokes)
        if strokes is not None and box is not None:
            n = strokes.shape[0]
            x0, y0, x1, y1 = box
            if np.hypot((x0 + x1) / 2 - LETTER_PLACE * n, (y0 + y1) / 2 - LETTER_PLACE * n) > STROKES_OFF_CENTRE * n:
                probs[k] = 0.0


def _plain_letter_in_place(window: np.ndarray, found_unfiltered: bool) -> bool:
    """Whether a median-filtered window's letter (_read_denoised) may be taken (see DENOISED_PLAIN): where the window
    unfiltered showed a letter (`found_unfiltered`), only one its plain ink shows; where it showed none, a letter its
    plain ink shows only within STROKES_OFF_CENTRE of the window from where letters sit (one read from its strokes
    alone, _no_stray_strokes has held to that place already)."""
    ink = letter_ink(window)
    if found_unfiltered:
        return ink is not None
    if ink is None:
        return True
    mask, _, (x0, y0, x1, y1) = ink
    n = mask.shape[0]
    return bool(np.hypot((x0 + x1) / 2 - LETTER_PLACE * n, (y0 + y1) / 2 - LETTER_PLACE * n) <= STROKES_OFF_CENTRE * n)


def _a_bar(window: np.ndarray, strokes: np.ndarray, plain: np.ndarray, other: int) -> bool:
    """Whether a sure tile's ink read 'not a letter' (its strokes under MARK_SURE) is a bare stroke
    (_a_stroke) or a letter beside its value number (_numbered: no mark of a blank) whose letter its plain ink
    and its strokes agree on, the letter model's class `other` ('not a letter') left out of both probabilities
    (see SURE_TILE): the thin I's strokes read Y or N on a few tiles whose plain ink reads I, and a sans-serif I
    whose ink is no bare stroke by its box read 'not a letter' 0.54, I 0.46 both ways (see FACE_BACKED)."""
    return (strokes[other] < MARK_SURE and (_a_stroke(window) or _numbered(window))
            and int(np.delete(strokes, other).argmax()) == int(np.delete(plain, other).argmax()))


def _value_number_turn(window: np.ndarray) -> int | None:
    """The quarter turn (np.rot90) that puts a square's value number low and right of its letter,
    where one place's ink leads every other's by ROTATION_NUMBER_LEAD (the number in the plain ink or the
    strokes, _number_sides); None where none does."""
    sides = _number_sides(window)
    if sides is None:
        return None
    first, second = np.sort(sides)[::-1][:2]
    return int(np.argmax(sides)) if first > 0 and first >= ROTATION_NUMBER_LEAD * second else None


def _may_hold_tiles(occ: np.ndarray) -> bool:
    """Whether a square's likeliest state is a tile, blank or covered (so _read may report it as not empty) while
    no tile told the turn (_rotation gives None: no value number, no square a letter is read on). Such a board was
    read turned 0 with nothing said: rendered seed 175175 board-030, one A on H8 turned 180, and 172172 board-115,
    a lone blank on H8 turned 180 (covered 0.63), came so before _rotation read the letters on every square over
    LETTER_FROM."""
    return bool((occ.argmax(axis=1) != 0).any())


def _tiles_favouring(tile_letters: np.ndarray, at_bar: np.ndarray, best: int, other: int) -> int:
    """How many tiles' letters favour turn `best` over `other` by RIVAL_EVEN at least (`tile_letters`: per turn,
    each tile's part of _rotation's letters' score), each read as a letter at the kiosk's bar turned `best` (`at_bar`:
    per turn, the same tiles; see FAVOURING_AT_BAR)."""
    return int(((tile_letters[best] - tile_letters[other] >= RIVAL_EVEN) & at_bar[best]).sum())


def _letters_outweigh_numbers(read_in: list[np.ndarray], votes: np.ndarray, best: int, numbers_turn: int) -> bool:
    """Whether the letters settle turn `best` against the value numbers' `numbers_turn` on the tiles BOTH turns read
    as letters (`read_in`, per turn: each candidate's log-probability where read, else NaN), where _rotation keeps
    the numbers' turn: a margin of RIVAL_LETTERS there counts as one number (as RIVAL_VOTES weighs it), and
    LETTERS_ALONE_TILES of those tiles favour `best` by RIVAL_EVEN each. A tile read as a letter in one turn only
    (f103043 board-119's I) counts for nothing here. On a full board of light letters on dark tiles whose value
    numbers barely show (dev m239239 board-070, 86 tiles turned 180) the 16 'numbers' found were specks and tile
    rims, 6 for turn 0 against 5 for 180, while all 16 tiles read as letters both ways, 7 of them better turned 180
    (E, L, J, G, Y, C, T...; 0.09-0.25 each, 1.27 in all): every tile was lost to TURN_NOT_SETTLED. On the 720 dev
    boards of seeds 233233-241241 and 134122-134123 (/tmp/vrot/turns.py, also --sequence) it decides only that one,
    settled right; none read turned wrong. A lone number is outweighed so by those tiles favouring `best` where the
    tiles are read surely turned `best` (_tiles_read_surely, see SURE_LETTERS_TILES); the turn is then settled only
    as any other is, the letters' whole margin over the number's turn worth RIVAL_VOTES more than its number."""
    if not read_in:
        return False
    both = ~np.isnan(read_in[best]) & ~np.isnan(read_in[numbers_turn])
    per_tile = 0.5 * (read_in[best][both] - read_in[numbers_turn][both])
    shared = _letter_margin(float(per_tile.sum()))
    favouring = int((per_tile >= RIVAL_EVEN).sum())
    outweighed = votes[best] - votes[numbers_turn] + shared / RIVAL_LETTERS >= RIVAL_VOTES
    return favouring >= LETTERS_ALONE_TILES and (outweighed or votes.sum() == 1 and _tiles_read_surely(read_in, best))


def _numbers_read_only_one_way(numbers: int, at_bar: np.ndarray, votes: np.ndarray, best: int) -> bool:
    """Whether the value numbers settle turn `best` on their own evidence however few they are: every number found
    puts `best` upright, a numbered tile reads a letter at the kiosk's bar turned that way, and no tile looked at
    reads any letter at that bar turned another way (`at_bar`: per turn, each of _rotation's candidates, the
    `numbers` numbered ones first). A letter that reads alike turned (O, N, Z, H, I, S, X; M and W) reads at the bar in
    its rival turn and a blank in none, so neither settles; nor a letter read as another at the bar turned (E as B,
    J as P at 0.83, R as Z at 0.94, U as C or D). A lone A or T whose other turns read no letter at the bar does: on the
    dev boards of seeds 233233-241241 (600 read, /tmp/vrot/turns.py) and 134122-134123 (120) it settled m241241
    board-020 only (an A numbered turned 90, read Y 0.57 turned 270, its half-turn a rival before), and no board
    read turned wrong; f111051 board-011's T (tests/test_vision_fixed_turn.py) is settled so too."""
    if numbers == 0 or at_bar.shape[1] == 0 or votes[best] < numbers:
        return False
    others = [q for q in range(4) if q != best]
    return bool(at_bar[best, :numbers].any()) and not at_bar[others].any()


def _tiles_read_surely_one_way(numbers: int, votes: np.ndarray, best: int, lead: float,
                               read_in: list[np.ndarray]) -> bool:
    """Whether a few tiles settle turn `best` with the value numbers where these are too few for RIVAL_VOTES: every
    number found puts `best` upright, the letters favour it over its rival (`lead`, _letter_margin's, positive), and
    SURE_LETTERS_TILES tiles or more are read as letters (`read_in`, per turn: each of _rotation's candidates'
    log-probability where read, else NaN), every one at LETTER_DECIDES turned `best` (see SURE_LETTERS_TILES)."""
    return numbers > 0 and votes[best] >= numbers and lead > 0 and bool(read_in) and _tiles_read_surely(read_in, best)


def _letters_read_one_way(at_bar: np.ndarray, read_in: list[np.ndarray], votes: np.ndarray, best: int,
                          lead: float) -> bool:
    """Whether the tiles' letters settle turn `best` by being read that way and not the others (see ONE_WAY_TILES):
    against every other turn, the candidates read as a letter at the kiosk's bar turned `best` and as no letter at all
    turned the other way outnumber those read so the other way round by ONE_WAY_TILES, each value number for the other
    turn more than for `best` counted as one tile read so the other way (see NUMBERS_AS_TILES); the letters read in
    every turn are not against it (`lead`, positive or 0). `at_bar`: per turn, each of _rotation's candidates read as
    a letter at the bar; `read_in`: per turn, each one's log-probability where read as a letter, else NaN; `votes`:
    per turn, the value numbers found for it."""
    if not read_in or at_bar.shape[1] == 0 or lead < 0:
        return False
    return _one_way_ahead(at_bar, read_in, best, votes) >= ONE_WAY_TILES


def _one_way_ahead(at_bar: np.ndarray, read_in: list[np.ndarray], best: int, votes: np.ndarray) -> int:
    """By how many candidates, at least over every other turn, those read as a letter at the kiosk's bar turned `best`
    and as no letter at all turned the other way outnumber those read so the other way round, each value number for
    the other turn more than for `best` (`votes`) counted as one more read so the other way (`at_bar`, `read_in` as
    _letters_read_one_way takes them)."""
    unread = np.isnan(np.stack(read_in))  # per turn: the candidates read as no letter at all
    return min(int((at_bar[best] & unread[q]).sum()) - int((at_bar[q] & unread[best]).sum())
               - int(max(votes[q] - votes[best], 0)) for q in range(4) if q != best)


def _sure_letters_read_one_way(at_bar: np.ndarray, read_in: list[np.ndarray], votes: np.ndarray, best: int,
                               letters: np.ndarray) -> bool:
    """Whether a few tiles read surely turned `best` settle it by being read that way and not the others where
    ONE_WAY_TILES asks for more tiles than the board has (see SURE_ONE_WAY_TILES): the value numbers are not against
    it, SURE_LETTERS_TILES candidates or more are read, every one at LETTER_DECIDES turned `best` (_tiles_read_surely),
    the letters' score (`letters`, _rotation's per turn) puts it ahead of every other turn by RIVAL_EVEN, and against
    every other turn SURE_ONE_WAY_TILES more candidates read at the bar turned `best` and as no letter the other way
    than the other way round (`at_bar`, `read_in`: as _letters_read_one_way takes them)."""
    if not read_in or at_bar.shape[1] == 0 or votes[best] < votes.max() or not _tiles_read_surely(read_in, best):
        return False
    if min(float(letters[best] - letters[q]) for q in range(4) if q != best) < RIVAL_EVEN:
        return False
    return _one_way_ahead(at_bar, read_in, best, votes) >= SURE_ONE_WAY_TILES


def _turn_read_one_way(at_bar: np.ndarray, read_in: list[np.ndarray], votes: np.ndarray,
                       letters: np.ndarray) -> int | None:
    """The turn _letters_read_one_way settles whichever turn the letters' score puts first, where that score does not
    hold against it (no turn's letters ahead of it by RIVAL_EVEN: `letters`, _rotation's score per turn); None where
    no turn is so read (see ONE_WAY_ANY_TURN). At most one turn is: each is ahead of every other by ONE_WAY_TILES."""
    for quarter in range(4):
        lead = _letter_margin(float(letters[quarter] - letters.max()))  # 0 where no turn reads clearly better
        if _letters_read_one_way(at_bar, read_in, votes, quarter, lead):
            return quarter
    return None


def _tiles_read_surely(read_in: list[np.ndarray], turn: int) -> bool:
    """Whether SURE_LETTERS_TILES of _rotation's candidates or more are read as letters (`read_in`, per turn: each
    candidate's log-probability where read, else NaN), every one at LETTER_DECIDES turned `turn`."""
    read = ~np.isnan(np.stack(read_in)).all(axis=0)  # the candidates read as a letter in some turn
    surely = read_in[turn][read] >= np.log(LETTER_DECIDES + 1e-2)  # as read_in holds them
    return int(read.sum()) >= SURE_LETTERS_TILES and bool(surely.all())


def _letter_margin(margin: float) -> float:
    """A margin between two turns in the letters' score (_rotation), 0 where it is under RIVAL_EVEN."""
    return margin if abs(margin) >= RIVAL_EVEN else 0.0


def _turned_window(window: np.ndarray, quarter: int) -> np.ndarray:
    """A letter window turned by `quarter` quarter turns (np.rot90), as its own contiguous array."""
    return np.ascontiguousarray(window if quarter % 4 == 0 else np.rot90(window, quarter))


def _unlettered(state: int, confidence: float) -> CellReading:
    """BoardReader._cell_reading of a square where no letter was found: its most likely state
    (index into CELL_STATES) and that state's probability. A tile with no letter is unknown."""
    if state == 1:
        return CellReading("unknown", None, 0.0)
    return _reported(state, None, confidence)


def _reported(state: int, letter: str | None, confidence: float) -> CellReading:
    """A square's reading as reported: its state (index into CELL_STATES), unknown when the
    confidence is under that state's MIN_CONFIDENCE; the letter only on a tile."""
    name = CELL_STATES[state]
    if name != "unknown" and confidence < MIN_CONFIDENCE[name]:
        name, letter = "unknown", None
    return CellReading(name, letter if name == "tile" else None, round(confidence, 4))


def _denoised(window: np.ndarray) -> np.ndarray:
    """The window median-filtered (DENOISE_PX): its specks gone, its strokes kept."""
    return cv2.medianBlur(np.ascontiguousarray(window), DENOISE_PX)


def _boosted(window: np.ndarray) -> np.ndarray:
    """A grey window with its detail made FAINT_GAIN times as strong: its departure from its own blur (FAINT_SIGMA),
    about mid-grey (see FAINT_GAIN)."""
    grey = window.astype(np.float32)
    detail = grey - cv2.GaussianBlur(grey, (0, 0), FAINT_SIGMA)
    return np.clip(128.0 + FAINT_GAIN * detail, 0, 255).astype(np.uint8)


def _thumbnail(grey: np.ndarray) -> np.ndarray:
    """THUMB px per square of a grey padded rectified board, int16 (for changed_squares): the squares
    alone (not the padding), each thumbnail pixel the mean of a whole block of CELL / THUMB px on a
    side, so a square's part is its own pixels' (and OpenCV's whole-factor shrink, 0.25 ms where the
    padded board's 6.13 took 1.5 ms of one core)."""
    return cv2.resize(unpadded(grey), (15 * THUMB, 15 * THUMB), interpolation=cv2.INTER_AREA).astype(np.int16)


def changed_squares(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """Which of the 225 squares (row by row) changed between two int16 grey thumbnails of the
    board, the same number of px per square in each: a mean grey-level move over CHANGE_LEVEL.
    The letter cache asks it of the rectified board; the kiosk's change gate of a cheap cut-out."""
    return np.asarray(_level_moves(before, after, 15, 15, before.shape[0] // 15) > CHANGE_LEVEL)


def _level_moves(before: np.ndarray, after: np.ndarray, rows: int, cols: int, n: int) -> np.ndarray:
    """Per square (row by row) of a grid of rows x cols squares, n px each, in two int16 grey
    pictures: how far its mean grey level moved (changed_squares, _alike)."""
    change = np.abs(after - before)[:rows * n, :cols * n]
    return change.reshape(rows, n, cols, n).mean(axis=(1, 3)).ravel()


def _alike(before: np.ndarray, before_thumb: np.ndarray, after: np.ndarray, after_thumb: np.ndarray) -> np.ndarray:
    """Per square (row by row) of two grey pictures of the same squares, CELL px each, laid side by side
    in a grid (a board, unpadded, or squares one above the other: _squares_at), and of their thumbnails
    (THUMB px a square, the same grid, int16: _thumbnail): whether it looks the same in both, neither
    its thumbnail's mean grey level moved over CHANGE_LEVEL (as changed_squares) nor over PIXEL_SHARE
    of its middle (PIXEL_INSET px in from its edges) over PIXEL_MOVE."""
    rows, cols = before.shape[0] // CELL, before.shape[1] // CELL
    change = _level_moves(before_thumb, after_thumb, rows, cols, THUMB)
    moved = (cv2.absdiff(before, after) > PIXEL_MOVE).reshape(rows, CELL, cols, CELL)
    middle = moved[:, PIXEL_INSET:-PIXEL_INSET, :, PIXEL_INSET:-PIXEL_INSET]
    share = np.count_nonzero(middle, axis=(1, 3)).ravel() / (middle.shape[1] * middle.shape[3])
    return (change <= CHANGE_LEVEL) & (share <= PIXEL_SHARE)


def _squares_at(frame: np.ndarray, corners: np.ndarray, board: np.ndarray, thumb: np.ndarray,
                cells: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The given squares (row-major indices) of a grey padded rectified board and its thumbnail
    (`board`, `thumb`), one above the other, and the same squares of `frame` rectified at `corners`
    in grey with their thumbnails, likewise: _alike's four pictures. The frame's squares alone are
    warped, each by rectify's warp moved to its origin: their pixels are the whole board's warp's but
    for one grey level here and there (OpenCV works each pixel's source out from its own block's
    origin: 498 of 518400 pixels of a scrabscrap-v1 frame's 225 squares), and a square is warped for
    20-60 us where the whole board took 6.7 ms of one core."""
    matrix = board_matrix(corners)
    rows, cols = np.divmod(np.asarray(cells, int), 15)
    squares = [cv2.warpPerspective(frame, np.array([[1, 0, -x], [0, 1, -y], [0, 0, 1]], np.float64) @ matrix,
                                   (CELL, CELL), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
               for y, x in zip(PAD + rows * CELL, PAD + cols * CELL)]
    grey = cv2.cvtColor(np.concatenate(squares), cv2.COLOR_BGR2GRAY)  # the squares one above the other
    # _thumbnail's blocks: a whole-factor shrink is each block's own mean
    shrunk = cv2.resize(grey, (THUMB, len(squares) * THUMB), interpolation=cv2.INTER_AREA).astype(np.int16)
    return (cell_grid(unpadded(board))[rows, cols].reshape(-1, CELL), cell_grid(thumb, THUMB)[rows, cols].reshape(-1, THUMB),
            grey, shrunk)


def _window_at(frame: np.ndarray, matrix: np.ndarray, k: int, dx: float, dy: float) -> np.ndarray:
    """Square k's letter window (vision.cells.letter_window, frame order) of `frame` warped by `matrix`
    (board_matrix), cut dx, dy of a cell right and down of its place, in colour (BGR)."""
    r, c = divmod(k, 15)
    to_window = np.array([[1, 0, -(c + dx) * CELL], [0, 1, -(r + dy) * CELL], [0, 0, 1]], np.float64)
    size = CELL + 2 * PAD
    return cv2.warpPerspective(frame, to_window @ matrix, (size, size), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)[..., :3]


def upright_corners(corners: np.ndarray, quarter: int) -> np.ndarray:
    """Frame-order corners re-ordered to the board's own TL, TR, BR, BL."""
    return np.roll(np.asarray(corners, np.float32), -quarter, axis=0)


def _upright_homography(corners: np.ndarray, quarter: int) -> tuple[tuple[float, ...], ...]:
    """Frame pixels -> upright board coordinates in cells (0..15 each way)."""
    target = np.array([[0, 0], [15, 0], [15, 15], [0, 15]], np.float32)
    matrix = cv2.getPerspectiveTransform(upright_corners(corners, quarter), target)
    return tuple(tuple(float(v) for v in row) for row in matrix)


def _lit_apart(stats: CellStats, tile_lab: np.ndarray | None, occ: np.ndarray, index: np.ndarray) -> np.ndarray:
    """For each upright square (`occ` upright; `index`: the frame-order cell of each) the occupancy model calls
    likeliest empty or covered and that is the colour of the tiles (`tile_lab`, the sure tiles') as light leaves it
    (GLARED_NEAR), where that colour stands apart from its type's empty colour so lit (GLARED_COLOURS_APART): how many
    times as far it is from that empty colour as from the tiles' (their distance counted as at least 1); 0 elsewhere,
    and everywhere when the tiles' colour is not known. GLARED_APART of it makes a glared tile, FADED_APART a faded
    one."""
    apart_times = np.zeros(225)
    squares = np.flatnonzero(np.isin(occ.argmax(axis=1), (0, 3)))
    if tile_lab is None or not len(squares):
        return apart_times
    to_tiles = from_lit(stats.mean[index[squares]], tile_lab, LIT_SHADE)
    near, to_tiles = squares[to_tiles <= GLARED_NEAR], to_tiles[to_tiles <= GLARED_NEAR]
    if len(near):
        to_empty, apart = lit_distances(stats, tile_lab, index[near], LIT_SHADE)
        apart_times[near] = np.where(apart >= GLARED_COLOURS_APART, to_empty / np.maximum(to_tiles, 1.0), 0.0)
    return apart_times


def _drop_specks(occ: np.ndarray) -> np.ndarray:
    """_decide_covered without letters: the probabilities only."""
    return _decide_covered(occ, np.zeros(len(occ), bool))[0]


def _decide_covered(occ: np.ndarray, in_view: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A hand or arm covers a connected patch reaching in from the board's edge (or a big
    one); smaller patches inside the board that look 'occluded' (tiles leaning over their
    neighbours, a shadow along a word) are decided among empty / tile / blank instead.

    `in_view`: squares the model calls covered but that show a letter read surely. They are
    no part of a hand's patch; each is decided among empty / tile / blank too (its sure
    letter then makes it a tile, see _cell_reading) unless it touches a hand's patch (a tile
    held in the fingers, a letter half under a hand). Returns the probabilities and which
    squares were taken out of 'covered' for their letter."""
    argmax = occ.argmax(axis=1)
    in_view = in_view & (argmax == 3)
    blocked = ((argmax == 3) & ~in_view).reshape(15, 15).astype(np.uint8)
    out = occ.copy()
    hand = np.zeros((15, 15), np.uint8)
    if blocked.any():
        count, labels, stats, _ = cv2.connectedComponentsWithStats(blocked, connectivity=8)
        for k in range(1, count):
            x, y, w, h, area = stats[k]
            touches_edge = x == 0 or y == 0 or x + w == 15 or y + h == 15
            if area >= HAND_CELLS or (touches_edge and area >= 3):
                hand[labels == k] = 1
                continue
            _uncover(out, (labels == k).ravel())
    near_hand = cv2.dilate(hand, np.ones((3, 3), np.uint8)).ravel().astype(bool)
    shown = in_view & ~near_hand
    _uncover(out, shown)
    return out, shown


def _uncover(occ: np.ndarray, cells: np.ndarray) -> None:
    """Decide the given squares among empty / tile / blank (in place): their probabilities
    without 'covered', renormalized. Where the model put under NO_OPINION on all three, their
    split is noise (0.0004 against 0.0001 once made a tile 'empty' at 0.74): such a square is
    a tile if a letter is read on it, else unknown (a tile with no letter, see _cell_reading)."""
    if not cells.any():
        return
    rest = 1.0 - occ[cells, 3:4]
    decided = occ[cells] / np.maximum(rest, 1e-6)
    decided[:, 3] = 0.0
    occ[cells] = np.where(rest >= NO_OPINION, decided, (0.0, 1.0, 0.0, 0.0))
