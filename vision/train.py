"""Train the shipped models from data the repository renders: `python -m vision.train [--quick]`.

- letters: glyph features of tiles drawn alone by vision.synth.tiles.render_tile in every
  available font, tile colour and lighting, and of tiles cut from whole frames drawn by
  render_frame (every letter equally likely), each window stretched and its print made
  bolder or lighter as other fonts would -> vision/model/letters.onnx, a small CNN on the glyph image trained with PyTorch
- occupancy: per-cell features of boards drawn by vision.synth.frames.render_frame
  (board styles, glare, shadows, hands; many blanks, some boards with tiles the colour of
  a board square, tiles pushed onto their neighbours, long tile shadows; corners as far off
  as the locator leaves them and worse), then the blank output lowered until held-out
  boards show no phantom blank -> vision/model/occupancy.onnx, three small MLPs
  (PyTorch) side by side (about five minutes on two
  cores: 900 boards rendered for training, 300 more of stained-wood tiles with dark print in
  poor light (DARK_SEEDS), 400 held out)

Training seeds are 1000..; benchmarks use other seeds.

The shipped letters.onnx is this recipe's (round 5, see LETTER_MODELS): marked blanks and premium print in
every turn as 'not a letter'.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import cv2
import numpy as np

from vision.cells import (OCCUPANCY_CLASSES, PAD, CellStats, cell_stats, letter_windows, occupancy_features,
                          rectify, tile_colour)
from vision.glyph import glyph_features_batch
from vision.glyph import GLYPH, NOT_A_LETTER
from vision.models import Network, fit_temperature
from vision.reader import MIN_CONFIDENCE, _drop_specks
from vision.synth.fonts import available_fonts, has_glyphs
from vision.synth.boards import BOARD_STYLES
from vision.synth.frames import FrameOptions, render_frame
from vision.synth.positions import random_board
from vision.synth.tiles import WIDE_TILE_PRESETS, TileStyle, random_tile_style, render_tile
from vision.tilesets import BLANK, DRAWN_SETS, TILESETS, drawn_glyphs, glyph_tile, printed

from vision.model_export import CnnBranch

if TYPE_CHECKING:
    import torch
    from torch import nn  # imported when training: the Pi has no PyTorch

T = TypeVar("T")
MODEL_DIR = Path(__file__).parent / "model"
LETTERS = drawn_glyphs()  # the texts printed on the tiles of every drawn set (vision.tilesets.DRAWN_SETS)
CLASSES = LETTERS + (NOT_A_LETTER,)  # the letter model's outputs, stored with it in letters.json
TRAIN_SEED = 1000


# The renderer draws its own wide style space for training (vision.synth.frames, style_space "wide": 0.45 of
# the frames' tiles from WIDE_TILE_PRESETS, stained wood with grain among them, on vintage, yellow, cream and
# clear boards too, tiles seen with their side walls at up to 30 degrees), so plain `python -m vision.train`
# trains on it. `--wide-tiles` (WIDE_TILES) additionally gives half the boards a wide-palette look drawn here.
# The occupancy networks trained on it are averaged with NARROW_OCCUPANCY (AVERAGE_NARROW). Measured (models
# helper, issue 15, /work/coord/readme-models.md): the new networks alone read jheidel-en 392/403 tiles with
# 0 phantoms (the network shipped before: 342/403, 7 phantoms), but left 8 empty squares of a darkly
# vignetted rendered board 'covered' (tests/test_vision_reader.py, german board turned 270), cream blanks on
# the classic board 'empty', and one empty square of scrabscrap-v1 'unknown'; the average passes those tests,
# reads scrabscrap-v1 60/60 and jheidel-en 387/403 with 5 phantoms.
WIDE_TILES = False
# An earlier occupancy network (scikit-learn MLPs on the narrow palette, written as ONNX), kept as
# training data: with AVERAGE_NARROW, the new networks' logits are averaged with its own (each at its own
# temperature), then temperature and blank bias are fitted on the average. Alone, the wide-palette
# networks left an empty light-blue square of scrabscrap-v1's board-neu at p(blank) 0.46 ('unknown';
# 58/60 boards exact) and PyTorch retrainings on the narrow palette left 2 phantom blanks there; the
# average reads it 60/60 and held-out wide-palette renders about as well as the wide networks alone
# (accuracy 0.9896 against 0.9904, TRAIN_SEED + 3).
NARROW_OCCUPANCY = Path(__file__).parent / "train_data" / "occupancy-narrow"
AVERAGE_NARROW = True


def _wide_style(rng: np.random.Generator, tileset: str | None, font: str | None = None) -> TileStyle | None:
    """A tile look from the wide palette (values printed as in `tileset`, or either set), or None
    (the renderer draws its own) unless WIDE_TILES."""
    if not WIDE_TILES:
        return None
    tileset = tileset or ("english", "german")[int(rng.integers(2))]
    return random_tile_style(rng, tileset=tileset, font=font, wide=True)


def _reshaped(window: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A letter window as another font would give it: the tile and its letter stretched
    (wider or narrower: geometric faces have round O's and C's) and the print made bolder
    or lighter; the neighbours in the window come along."""
    n = window.shape[0]
    sx, sy = rng.uniform(0.85, 1.25), rng.uniform(0.92, 1.08)
    matrix = np.array([[sx, 0, n / 2 * (1 - sx)], [0, sy, n / 2 * (1 - sy)]], np.float32)
    big = cv2.warpAffine(window, 2 * matrix, (2 * n, 2 * n),
                         flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    weight = rng.choice(3, p=(0.6, 0.2, 0.2))  # dark print on a light tile: erode = bolder
    if weight:
        big = (cv2.erode if weight == 1 else cv2.dilate)(big, np.ones((2, 2), np.uint8))
    return cv2.resize(big, (n, n), interpolation=cv2.INTER_AREA)


def _as_camera_sees(text: str, font: str, cell: int, rng: np.random.Generator) -> np.ndarray:
    """A rendered tile printed `text` as a camera of some resolution and exposure delivers it to
    the reader: drawn at 28..96 px per square, scaled to the reader's cell size, dimmed or
    brightened, noisy. English and German letters carry either set's values, as before."""
    native = int(rng.integers(28, 97))
    tileset, letter = glyph_tile(text)
    if text in TILESETS["english"].chars:
        tileset = ("english", "german")[int(rng.integers(2))]
    tile = render_tile(letter, size=native, font=font, rng=rng, tileset=tileset,
                       style=_wide_style(rng, tileset, font))
    return _camera(tile, native, cell, rng)


def _camera(tile: np.ndarray, native: int, cell: int, rng: np.random.Generator) -> np.ndarray:
    tile = cv2.resize(tile, (cell, cell), interpolation=cv2.INTER_AREA if native > cell else cv2.INTER_LINEAR)
    gain, offset = rng.uniform(0.35, 1.15), rng.uniform(-10, 25)
    tile = tile.astype(np.float32) * gain + offset + rng.normal(0, rng.uniform(0.5, 4), tile.shape)
    tile = np.clip(tile, 0, 255).astype(np.uint8)
    return _reshaped(cv2.copyMakeBorder(tile, PAD, PAD, PAD, PAD, cv2.BORDER_REPLICATE), rng)


def _marked_blank(font: str, mark: str, cell: int, rng: np.random.Generator) -> np.ndarray:
    """A blank printed with a logo or a star (`mark`), in a tile look of the wide palette, as the camera sees it."""
    native = int(rng.integers(28, 97))
    style = replace(random_tile_style(rng, font=font, wide=True), blank_mark=mark)
    return _camera(render_tile(BLANK, size=native, rng=rng, style=style), native, cell, rng)


# Blanks printed with a logo or a star, drawn alone per font (half each) as 'not a letter', besides those on
# the whole boards (BLANK_WINDOWS). With the boards' alone (about 120 marked blanks among 37453 glyphs), 9 of
# 300 logo blanks drawn alone (seed 5301) still read O, 4 of them at >= 0.9 (the logo's ring).
MARKED_BLANKS_PER_FONT = 120


def marked_blank_samples(per_font: int, seed: int, cell: int = 48) -> tuple[np.ndarray, np.ndarray]:
    """Glyph features of marked blanks drawn alone, all 'not a letter'."""
    rng = np.random.default_rng(seed)
    windows = [_marked_blank(font, ("logo", "star")[i % 2], cell, rng)
               for font in available_fonts() for i in range(per_font)]
    feats, found = glyph_features_batch(windows)
    return feats, np.full(int(found.sum()), CLASSES.index(NOT_A_LETTER))


def _board_windows(index: int, seed: int, rng: np.random.Generator) -> tuple[list[np.ndarray], list[int]]:
    """Letter windows cut from one whole rendered frame the way the reader cuts them (rectified
    from slightly wrong corners, neighbours and all), with their letters' class numbers.
    Every letter is equally likely, so Q, X and the umlauts are seen as often as E."""
    # English and German as before (every third board German) on two boards of three, the
    # other sets in turn on the third
    others = [name for name in DRAWN_SETS if name not in ("english", "german")]
    tileset = (("german" if index % 3 == 0 else "english") if index % 3 != 2 or not others
               else others[(index // 3) % len(others)])
    letters = TILESETS[tileset].chars
    fonts = available_fonts()
    shape = random_board(rng, tiles=int(rng.integers(30, 95)), tileset=tileset)
    # a few blanks (plain, or printed with a logo or a star): 'not a letter' too
    board = ["".join(ch if ch == "." else BLANK if rng.random() < BLANK_WINDOWS else letters[rng.integers(len(letters))]
                     for ch in row) for row in shape]
    options = FrameOptions(tileset=tileset, font=fonts[index % len(fonts)], hand=False, rack_counts={},
                           tile_style=_wide_style(rng, tileset), style_space="wide")
    frame = render_frame(board, seed=seed * 7919 + index, size=int(rng.choice((900, 1200, 1504))), options=options)
    cell_px = np.linalg.norm(frame.board_corners[1] - frame.board_corners[0]) / 15
    corners = frame.board_corners + rng.normal(0, 0.06 * cell_px, (4, 2)).astype(np.float32)
    windows = letter_windows(rectify(frame.image, corners))
    cells = [k for k in range(225) if board[k // 15][k % 15] not in (".", BLANK)]
    # the empty squares too: where the glyph finder sees a letter shape there (printed labels,
    # the star, a neighbour's letter reaching in), it is an example of 'not a letter'
    empty = [k for k in range(225) if board[k // 15][k % 15] in (".", BLANK)]
    return ([_reshaped(windows[k], rng) for k in cells] + [windows[k] for k in empty],
            [LETTERS.index(printed(board[k // 15][k % 15], tileset)) for k in cells] + [CLASSES.index(NOT_A_LETTER)] * len(empty))


BLANK_WINDOWS = 0.06  # share of a letter training board's tiles drawn as blanks (a real bag: 2 in 100), so that
# a blank's logo or star is learnt as 'not a letter'


def letter_samples(per_letter_font: int, frames: int, seed: int, cell: int = 48) -> tuple[np.ndarray, np.ndarray]:
    """Glyph features and class numbers: tiles rendered alone in every font at many sizes,
    and tiles cut from whole rendered frames."""
    rng = np.random.default_rng(seed)
    windows, labels = [], []
    for label, letter in enumerate(LETTERS):
        for font in available_fonts():
            if not has_glyphs(font, letter):  # a font without the glyph is not what a club's set shows
                continue
            windows += [_as_camera_sees(letter, font, cell, rng) for _ in range(per_letter_font)]
            labels += [label] * per_letter_font
    for i in range(frames):
        w, y = _board_windows(i, seed, rng)
        windows += w
        labels += y
    feats, found = glyph_features_batch(windows)
    return feats, np.array(labels)[found]


CORNER_ERROR = (0.02, 0.12)  # std of the corner error, in cells, drawn per training frame
BLANK_RATES = (0.0, 0.1, 0.3)  # share of a training board's tiles drawn as blanks; a real bag has 2 in 100,
BLANK_RATE_P = (0.4, 0.35, 0.25)  # too few for the model to learn what an inkless tile looks like
SAME_COLOUR_P = 0.15  # boards whose tiles are the colour of a board square (a blank there has only its edge);
# 0.2 with extra blanks put on squares of that very colour made empty deluxe squares look like blanks
OCCUPANCY_SEEDS = (TRAIN_SEED + 2, TRAIN_SEED + 5, TRAIN_SEED + 6)  # boards from each, rendered in parallel;
# TRAIN_SEED + 3 (temperature) and + 4 (blank bias) are held out
BLANK_MARGIN = 0.2  # no held-out empty square may come this near the reader's blank threshold (with 0.1
# some retrainings still put an empty square of the dev sets at 0.7-0.77)
OCCUPANCY_MODELS = 3  # trained from different starts and averaged: one model's luck on a hard square varies
BLANK_SHIFT_MAX = 5.0
BLANK_PHANTOM_BOARDS = 0.01  # share of those boards let off: tiles the very colour of the squares, many of
# them blanks, in dim light, can defeat any bias (one such board of 200 needed -4.8 where all others -2.0)
LEANING_P = 0.3  # boards whose tiles sit up to 0.07 cell (std) off their squares
SUN_P = 0.3  # boards in low sun: tile shadows 0.05-0.3 cell long
RIM_BLANKS_P = 0.2  # boards with 1-3 blanks put on squares of the rim (corners twice as likely)
_OUTER_LINE = np.isin(np.arange(15), (0, 14))  # first and last row (or column)
_RIM = [divmod(int(k), 15) for k in np.flatnonzero(_OUTER_LINE[:, None] | _OUTER_LINE[None, :])] + \
    [divmod(int(k), 15) for k in np.flatnonzero(_OUTER_LINE[:, None] & _OUTER_LINE[None, :])]
STYLE_P = (0.18, 0.18, 0.17, 0.1, 0.17, 0.07, 0.07, 0.06)  # classic, german, deluxe, paper, vintage, yellow, cream,
# clear (frames drawn alone: 0.35, 0.35, 0.15, 0.15 of the first four, 0.35 of frames one of the other four);
# the deluxe board (dark ridges round near-white squares) and the vintage one (dark wooden tiles as dark as
# its tan squares) get more than their share: their squares look most like tiles


def _occupancy_board(rng: np.random.Generator, tileset: str) -> list[str]:
    """A random position for occupancy training: sometimes empty, often with many blanks."""
    tiles = 0 if rng.random() < 0.15 else int(rng.integers(1, 95))
    board = random_board(rng, tiles=tiles, tileset=tileset)
    rate = BLANK_RATES[rng.choice(len(BLANK_RATES), p=BLANK_RATE_P)]
    board = ["".join("?" if ch != "." and rng.random() < rate else ch for ch in row) for row in board]
    # every game crosses the centre: show the model an empty centre and a blank on it too
    if tiles and rng.random() < 0.15:
        board[7] = board[7][:7] + "?" + board[7][8:]
    # random positions seldom reach the rim, least of all its corners (triple-word squares, where games
    # do end up): a blank there, its outer edge against the board's border, read 'empty' by the networks
    # trained on the wide palette without these (tests/test_vision_occupancy.py, classic and deluxe)
    if rng.random() < RIM_BLANKS_P:
        for k in rng.choice(len(_RIM), size=int(rng.integers(1, 4)), replace=False):
            r, c = _RIM[k]
            if board[r][c] == ".":
                board[r] = board[r][:c] + "?" + board[r][c + 1:]
    return board


# Blanks printed with a logo or a star as 'blank' in occupancy training too (else plain blanks only). Measured
# in round 4 against the shipped network (both with the shipped letter model; dev renders of seeds 53118,
# 53117, 86413; blanks found / boards exact): 13 -> 15 / 27 -> 29, 18 -> 17 / 28 -> 26, 21 -> 22 / 30 -> 29,
# more empty squares left unknown on cream boards (e.g. 17 -> 31 on one board); jheidel-en blanks 5 -> 7 of
# 11, boards exact 4 -> 5, 396/403 both; scrabscrap-v1 2100/2100 both. The marked blanks themselves mostly
# still come out 'tile' (then unknown, their mark being no letter): not shipped. An earlier network taught
# marked blanks (round 2) split thin letters (I) between tile and blank on the German frames.
MARKED_BLANKS = False


# Boards of stained-wood tiles with dark print in poor light, rendered besides (DARK_SEEDS, DARK_SHARE of the
# training boards of one seed each): in the wide space only about 1 board in 45 has such tiles
# (WIDE_P 0.45 of frames, 3 of 14 presets), and fewer under glare and blur. Measured on dev seed 68008
# (60 boards, round 15): on board-007 (red-brown wood, dark print, dim light, glare, blur 1.5) 19 lettered
# tiles and 2 blanks read empty at 0.66-0.99 or 'covered', the largest group of the seed's 53 squares not
# read right (dev 69009: 7 of 35, board-049, dark wood on a cream board, blur). Two seeds (150 boards) moved
# them little and lowered the blank bias to -2.6 (a German test board's blanks 4 of 6); four (300 boards):
# bias -2.0, dev 68008 missed 17 -> 13, blanks 42 -> 43/57; 69009 missed 7 -> 6, blanks 41 -> 43/53;
# jheidel-en blanks 4 -> 6/11, 403/403 and 0 phantom both (vision/MEASUREMENTS.md, round 15).
DARK_TILES = ("dark-wood", "vintage-wood", "mid-wood")  # WIDE_TILE_PRESETS with dark print on stained wood
DARK_SEEDS = (TRAIN_SEED + 7, TRAIN_SEED + 8, TRAIN_SEED + 9, TRAIN_SEED + 10)
DARK_SHARE = 0.25  # boards of each DARK_SEEDS seed, as a share of an OCCUPANCY_SEEDS seed's


def _dark_tile_style(rng: np.random.Generator, tileset: str) -> TileStyle:
    """A stained-wood tile look with dark print (DARK_TILES), its face jittered as the wide space does."""
    face, ink, _ = WIDE_TILE_PRESETS[DARK_TILES[rng.integers(len(DARK_TILES))]]
    b, g, r = (int(np.clip(c + rng.normal(0, 10), 0, 255)) for c in face)
    return replace(random_tile_style(rng, tileset=tileset), face=(b, g, r), ink=ink, wood=True,
                   grain=float(rng.uniform(0.03, 0.12)))


def _dark_options(rng: np.random.Generator, tileset: str) -> FrameOptions:
    """Frame options of a DARK_SEEDS board: stained-wood tiles with dark print, mostly under glare,
    a strong light gradient and blur."""
    styles = list(BOARD_STYLES)
    return FrameOptions(tileset=tileset, hand=bool(rng.random() < 0.15), glare=bool(rng.random() < 0.7),
                        lighting=float(rng.uniform(0.25, 0.5)),
                        blur=float(rng.uniform(0.8, 1.8)) if rng.random() < 0.7 else None,
                        board_style=styles[rng.choice(len(styles), p=STYLE_P)],
                        tile_style=_dark_tile_style(rng, tileset), blank_mark="plain", style_space="wide")


def _occupancy_options(rng: np.random.Generator, tileset: str) -> FrameOptions:
    """Frame options for occupancy training. Some boards get tiles the colour of one of the
    board's squares (plain or premium), so a blank there differs from the square only by its
    bevel, edge and shadow.

    Blanks are plain or (MARKED_BLANKS) printed with a logo or a star as the style space draws
    them (0.4 of frames): see MARKED_BLANKS."""
    hand, glare = bool(rng.random() < 0.3), bool(rng.random() < 0.5)
    # tiles pushed over onto their neighbours, and hard low sun with long dark tile shadows,
    # as in real photos: an empty square beside them must stay empty
    offset = float(rng.uniform(0.03, 0.07)) if rng.random() < LEANING_P else None
    shadow = (float(rng.uniform(0.05, 0.3)), float(rng.uniform(0.3, 0.6))) if rng.random() < SUN_P else None
    styles = list(BOARD_STYLES)
    # the deluxe board (thick dark ridges round near-white squares) gets more than its share:
    # its empty squares look most like tiles
    name = styles[rng.choice(len(styles), p=STYLE_P)]
    if rng.random() >= SAME_COLOUR_P:
        # the tile sets clubs bring, dark wood, black and coloured tiles with light print among them
        return FrameOptions(tileset=tileset, hand=hand, glare=glare, board_style=name, tile_offset=offset,
                            tile_shadow=shadow, tile_style=_wide_style(rng, tileset),
                            blank_mark=None if MARKED_BLANKS else "plain", style_space="wide")
    style = BOARD_STYLES[name]
    colours = [style.cell, *style.premium.values()]
    b, g, r = (int(np.clip(v + rng.normal(0, 10), 0, 255)) for v in colours[rng.integers(len(colours))])
    face = b, g, r
    light = float(np.mean(face)) > 110
    ink = (30, 30, 30) if light else (235, 235, 235)
    tile_style = replace(random_tile_style(rng, tileset=tileset), face=face, ink=ink, wood=False)
    return FrameOptions(tileset=tileset, hand=hand, glare=glare, board_style=name, tile_style=tile_style,
                        tile_offset=offset, tile_shadow=shadow, blank_mark="plain", style_space="wide")


@dataclass
class OccupancyFrame:
    """One rendered training board as the reader would rectify it, with its cell labels."""
    board: np.ndarray  # padded rectified BGR board
    labels: np.ndarray  # 225 class numbers (OCCUPANCY_CLASSES)
    known_colour: bool  # whether the features get the tile colour (the reader's second pass)


def occupancy_frames(frames: int, seed: int, dark: bool = False) -> list[OccupancyFrame]:
    """`frames` training boards from `seed`: drawn by _occupancy_options, or (`dark`) _dark_options."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(frames):
        tileset = "german" if i % 3 == 0 else "english"
        board = _occupancy_board(rng, tileset)
        options = _dark_options(rng, tileset) if dark else _occupancy_options(rng, tileset)
        frame = render_frame(board, seed=int(seed * 7919 + i), options=options)
        # corners off by a few px, as the locator leaves them (about 0.03 cell on rendered
        # frames, up to 0.1) and worse: tiles overlapping their neighbours, as real tiles often do
        cell_px = np.linalg.norm(frame.board_corners[1] - frame.board_corners[0]) / 15
        jitter = rng.normal(0, rng.uniform(*CORNER_ERROR) * cell_px, (4, 2)).astype(np.float32)
        labels = np.zeros(225, int)
        for k in range(225):
            r, c = divmod(k, 15)
            ch = frame.truth[r][c]
            labels[k] = 3 if (r, c) in frame.occluded else 0 if ch == "." else 2 if ch == "?" or ch.islower() else 1
        # the reader knows the tile colour from a first pass once a few tiles are read
        out.append(OccupancyFrame(rectify(frame.image, frame.board_corners + jitter), labels,
                                  bool(rng.random() < 0.7)))
    return out


def occupancy_samples(frames: int | list[OccupancyFrame], seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Per-cell occupancy features and class numbers of rendered boards (or of given frames)."""
    return _samples(_frame_stats(frames, seed))


def _frame_stats(frames: int | list[OccupancyFrame], seed: int = 0,
                 dark: bool = False) -> list[tuple[CellStats, np.ndarray, bool]]:
    """(cell stats without the board image, labels, colour known) of rendered training boards."""
    rendered = occupancy_frames(frames, seed, dark) if isinstance(frames, int) else frames
    return [(replace(cell_stats(f.board), lab=np.empty(0, np.float32)), f.labels, f.known_colour)
            for f in rendered]


def _samples(stats: list[tuple[CellStats, np.ndarray, bool]]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for cells, labels, known_colour in stats:
        tiles = np.flatnonzero(labels == 1)
        known = tile_colour(cells, tiles) if len(tiles) >= 3 and known_colour else None
        xs.append(occupancy_features(cells, known))
        ys.append(labels)
    return np.concatenate(xs).astype(np.float32), np.concatenate(ys)


def _rendered_stats(seeds: tuple[int, ...], frames: int, dark: bool = False) -> list[tuple[CellStats, np.ndarray, bool]]:
    """_frame_stats of `frames` boards from each seed, the seeds rendered in parallel."""
    with ProcessPoolExecutor(max_workers=min(len(seeds), os.cpu_count() or 1)) as pool:
        parts = list(pool.map(_frame_stats, [frames] * len(seeds), seeds, [dark] * len(seeds)))
    return [item for part in parts for item in part]


def reader_occupancy(model: Network, stats: CellStats) -> tuple[np.ndarray, np.ndarray]:
    """Occupancy logits of a board's cells as BoardReader.observe gets them (a first pass,
    then one with the colour of the tiles it is sure of), and that pass's features."""
    feats = occupancy_features(stats)
    occ = model.probabilities(feats)
    sure = np.flatnonzero(occ[:, 1] > 0.9)
    if len(sure) >= 3:
        feats = occupancy_features(stats, tile_colour(stats, sure))
    return model.logits(feats), feats


@dataclass
class Dense:
    """A one-hidden-layer network's weights (or several networks' side by side), before it is
    written as ONNX."""
    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    def network(self, classes: tuple[str, ...], temperature: float = 1.0) -> Network:
        from vision.model_export import dense_onnx
        return Network(dense_onnx(self.mean, self.scale, self.w1, self.b1, self.w2, self.b2), classes, temperature)


def _fit(model: "nn.Module", inputs: "torch.Tensor", labels: "torch.Tensor", optimiser: "torch.optim.Optimizer",
         schedule: "torch.optim.lr_scheduler.LRScheduler", epochs: int) -> None:
    """Minibatches of 128 in a fresh random order each epoch, cross-entropy, the schedule
    stepped once an epoch (both models train this way)."""
    import torch
    from torch import nn

    loss = nn.CrossEntropyLoss()
    for _ in range(epochs):
        order = torch.randperm(len(inputs))
        for i in range(0, len(order), 128):
            batch = order[i:i + 128]
            optimiser.zero_grad()
            loss(model(inputs[batch]), labels[batch]).backward()
            optimiser.step()
        schedule.step()


def train_dense(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int) -> Dense:
    """A one-hidden-layer ReLU network on standardised inputs (PyTorch: Adam with L2 weight
    decay, softmax cross-entropy, batches of 128, the step size shrinking 7 % an epoch)."""
    import torch
    from torch import nn
    torch.manual_seed(seed)
    torch.set_num_threads(1)  # two threads spin against each other on a busy machine
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-3
    inputs = torch.from_numpy(((x - mean) / scale).astype(np.float32))
    labels = torch.from_numpy(y.astype(np.int64))
    first, last = nn.Linear(x.shape[1], hidden), nn.Linear(hidden, int(y.max()) + 1)
    model = nn.Sequential(first, nn.ReLU(), last)
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.ExponentialLR(optimiser, 0.93)
    _fit(model, inputs, labels, optimiser, schedule, epochs)

    def numpy(t: torch.Tensor) -> np.ndarray:
        return t.detach().numpy().astype(np.float32)
    return Dense(mean.astype(np.float32), scale.astype(np.float32), numpy(first.weight).T, numpy(first.bias),
                 numpy(last.weight).T, numpy(last.bias))


def _averaged(models: list[Dense]) -> Dense:
    """One network whose logits are the mean of the given ones' (trained on the same samples, so
    with the same input scaling): their hidden layers side by side."""
    first = models[0]
    return Dense(first.mean, first.scale, np.concatenate([m.w1 for m in models], axis=1),
                 np.concatenate([m.b1 for m in models]), np.concatenate([m.w2 for m in models], axis=0) / len(models),
                 np.mean([m.b2 for m in models], axis=0))


def dense_of(network: Network) -> Dense:
    """The weights of a dense network written by vision.model_export.dense_onnx, its logits divided by
    its temperature (training only: reads the ONNX file with `onnx`)."""
    import onnx
    from onnx import numpy_helper
    w = {i.name: numpy_helper.to_array(i) for i in onnx.load_from_string(network.onnx).graph.initializer}
    t = np.float32(network.temperature)
    return Dense(w["mean"], 1 / w["inv_scale"], w["w1"], w["b1"], w["w2"] / t, w["b2"] / t)


def averaged_any(models: list[Dense]) -> Dense:
    """One network whose logits are the mean of the given ones', whatever input scaling each has: each
    model's first layer rewritten for the first one's scaling (W1 scaled by its scale over the first's,
    the difference of the means moved into b1), then their hidden layers side by side."""
    first = models[0]
    rescaled = [Dense(first.mean, first.scale, (first.scale / m.scale)[:, None] * m.w1,
                      m.b1 + ((first.mean - m.mean) / m.scale) @ m.w1, m.w2, m.b2) for m in models]
    return _averaged(rescaled)


def _blank_logits(model: Network, stats: list[tuple[CellStats, np.ndarray, bool]]) -> list[tuple[np.ndarray, np.ndarray]]:
    return [(reader_occupancy(model, cells)[0], labels) for cells, labels, _ in stats]


def phantom_blank_boards(model: Network, logits: list[tuple[np.ndarray, np.ndarray]], shift: float = 0.0) -> int:
    """How many of these boards (their occupancy logits by `model` and labels) have an empty square
    claimed a blank within BLANK_MARGIN of the reader's blank threshold, the blank output moved by `shift`."""
    blank = OCCUPANCY_CLASSES.index("blank")
    claim = MIN_CONFIDENCE["blank"] - BLANK_MARGIN
    boards = 0
    for z, labels in logits:
        z = (z + shift * np.eye(len(OCCUPANCY_CLASSES))[blank]) / model.temperature
        p = np.exp(z - z.max(axis=1, keepdims=True))
        p = _drop_specks(p / p.sum(axis=1, keepdims=True))
        boards += bool(((labels == 0) & (p.argmax(axis=1) == blank) & (p[:, blank] >= claim)).any())
    return boards


def calibrate_blank(model: Network, stats: list[tuple[CellStats, np.ndarray, bool]], allowed: int | None = None) -> float:
    """How far to lower the blank class's output bias until hardly any board of these (not seen in
    training) has an empty square claimed a blank within BLANK_MARGIN of the reader's blank
    threshold: a phantom blank is worse than a blank left 'unknown' (or, rarely, 'empty').
    At most `allowed` such boards (default: BLANK_PHANTOM_BOARDS of them)."""
    logits = _blank_logits(model, stats)
    if allowed is None:
        allowed = int(BLANK_PHANTOM_BOARDS * len(stats))
    shift = 0.0
    while shift > -BLANK_SHIFT_MAX:
        if phantom_blank_boards(model, logits, shift) <= allowed:
            break
        shift -= 0.1
    return shift


def _cached(cache: Path | None, name: str, make: Callable[[], T]) -> T:
    """make(), or what an earlier run with --cache saved under that name (pickle: a local
    training aid only)."""
    import pickle
    if cache is None:
        return make()
    path = cache / f"{name}.pickle"
    if path.exists():
        return pickle.loads(path.read_bytes())
    value = make()
    path.write_bytes(pickle.dumps(value))
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small run to check the pipeline")
    parser.add_argument("--only", choices=("letters", "occupancy"), help="train one model only")
    parser.add_argument("--cache", type=Path, help="keep the rendered samples here and reuse them next time")
    parser.add_argument("--per-letter", type=int, help="letter tiles rendered alone per text and font (20)")
    parser.add_argument("--letter-frames", type=int, help="whole boards cut into letter windows (260)")
    parser.add_argument("--wide-tiles", action="store_true", help="tile looks from the wide palette too (see WIDE_TILES)")
    args = parser.parse_args(argv)
    global WIDE_TILES
    WIDE_TILES = args.wide_tiles
    try:
        import torch  # noqa: F401
        import onnx  # noqa: F401
    except ImportError as exc:
        print(f"vision.train: {exc.name} is missing: pip install -e '.[train]' (and torch==2.13.0)", file=sys.stderr)
        return 2
    per, letter_frames, frames = (2, 6, 8) if args.quick else (20, 260, 300)
    per, letter_frames = args.per_letter or per, args.letter_frames or letter_frames
    MODEL_DIR.mkdir(exist_ok=True)
    name = ("quick" if args.quick else "full") + ("-wide" if WIDE_TILES else "")
    if args.per_letter or args.letter_frames:
        name += f"-{per}-{letter_frames}"
    cache = args.cache / name if args.cache else None
    if cache is not None:  # before the run: a path that cannot be a folder ends it at once (run_command)
        cache.mkdir(parents=True, exist_ok=True)

    if args.only != "occupancy":
        train_letters(per, letter_frames, cache)
    if args.only != "letters":
        train_occupancy(frames, cache)
    return 0


def turned_not_letters(x: np.ndarray, y: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The samples and, besides, every 'not a letter' glyph turned by a random quarter: premium-square print,
    stars and logos are no letter whichever way up they are read. The reader reads the squares in all four turns
    to find which way the board lies, and label print turned a quarter (learnt upright only before) read N
    or Z surely enough to outvote the tiles: the glyph image is centred with its aspect kept, so turning it is
    the glyph of the turned window; of its figures, width/height and height/window swap with a quarter turn."""
    rng = np.random.default_rng(seed)
    other = np.flatnonzero(y == CLASSES.index(NOT_A_LETTER))
    turns = rng.integers(1, 4, len(other))
    images = x[other, :GLYPH * GLYPH].reshape(-1, GLYPH, GLYPH)
    turned = np.stack([np.rot90(image, int(k)) for image, k in zip(images, turns)]).reshape(len(other), -1)
    aspect, height, ink = x[other, -3], x[other, -2], x[other, -1]
    odd = turns % 2 == 1
    figures = np.column_stack([np.where(odd, 1 / np.maximum(aspect, 1e-3), aspect),
                               np.where(odd, aspect * height, height), ink])
    return (np.concatenate([x, np.concatenate([turned, figures], axis=1).astype(np.float32)]),
            np.concatenate([y, y[other]]))


LETTER_EPOCHS = 12
CONVS = (16, 32, 32)  # channels of the letter CNN's three 3x3 conv layers (each then 2x2 max-pooled)
LETTER_HIDDEN = 96
# CNNs trained from seeds 0.. and averaged (their hidden layers side by side in one ONNX graph, letter_network).
# Round 4 (models helper, /work/coord/readme-models.md), all with marked blanks as 'not a letter' (BLANK_WINDOWS),
# same samples: held-out glyph accuracy 0.9827 one CNN, 0.9836 two, 0.9840 three; jheidel-en one 396/403 with
# 1 confident-wrong (a Hasbro O read D), two or three 395/403 with none. Each CNN costs about 10 ms a frame.
#
# Round 4 trained marked blanks as 'not a letter' and was not shipped: it turned unseen renders with printed labels
# the wrong way (board-047 of `python -m vision.synth dataset OUT --boards 50 --seed 53117`, board-040 of 86413).
# The cause (round 5): the reader reads squares in all four turns, and label print, learnt upright only, read N, Z,
# H or I surely when turned; _numbered_tiles took such squares for tiles and they outvoted the real ones. Round 5
# adds every 'not a letter' glyph turned by a random quarter (turned_not_letters) and is shipped. Measured with
# the glyph polarity fix of the same round, against the round-3 model (no marked blanks): rendered dev seed 70123
# (50 wide-space boards) 2085 -> 2137/2330 tiles, wrong 9 (5 confident, all logo blanks read G or O) -> 0, no
# rotation wrong (board-030, 10 tiles on a vintage board with labels, turned wrong by the round-4 recipe, is read
# 10/10; board-005, 51 dark wooden tiles, unsettled before, 49/51); jheidel-en 398 -> 403/403 (the Hasbro O's read
# D before); premium print read surely as a letter in any turn 568 -> 214 of 5856 (tests/test_vision_models.py).
# Still wrong: 53117 board-047 and 86413 board-040 are read turned 180 (the round-3 model turned them right), every
# square of both unknown (the rival turn), as with the round-3 model: no letter read wrong.
LETTER_MODELS = 2


def _bias(conv: nn.Conv2d) -> np.ndarray:
    if conv.bias is None:
        raise ValueError("the letter CNN's conv layers are made with a bias")
    return conv.bias.detach().numpy()


def train_cnn(x: np.ndarray, y: np.ndarray, classes: int, epochs: int, seed: int) -> tuple[CnnBranch, np.ndarray, np.ndarray]:
    """A small CNN on the glyph image (PyTorch, Adam): its layers up to the hidden one, and its last
    layer's weights (hidden, classes) and bias."""
    import torch
    from torch import nn

    torch.manual_seed(seed)
    torch.set_num_threads(1)  # two threads spin against each other on a busy machine
    images = torch.from_numpy(np.ascontiguousarray(x[:, :GLYPH * GLYPH].reshape(-1, 1, GLYPH, GLYPH)))
    labels = torch.from_numpy(y.astype(np.int64))
    layers: list[nn.Module] = []
    convs: list[nn.Conv2d] = []
    channels = 1
    for out in CONVS:
        convs.append(nn.Conv2d(channels, out, 3, padding=1))
        layers += [convs[-1], nn.ReLU(), nn.MaxPool2d(2)]
        channels = out
    side = GLYPH // 2 ** len(CONVS)
    dense = nn.Linear(channels * side * side, LETTER_HIDDEN)
    body = nn.Sequential(*layers, nn.Flatten(), dense, nn.ReLU())
    last = nn.Linear(LETTER_HIDDEN, classes)
    model = nn.Sequential(body, last)
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-5)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, epochs)
    _fit(model, images, labels, optimiser, schedule, epochs)
    branch = CnnBranch([(conv.weight.detach().numpy(), _bias(conv)) for conv in convs],
                       dense.weight.detach().numpy().T, dense.bias.detach().numpy())
    return branch, last.weight.detach().numpy().T, last.bias.detach().numpy()


def letter_network(cnns: list[tuple[CnnBranch, np.ndarray, np.ndarray]]) -> Network:
    """One network whose logits are the mean of these CNNs' (their hidden layers side by side)."""
    from vision.model_export import cnn_onnx
    w2 = np.concatenate([w for _, w, _ in cnns]) / len(cnns)
    b2 = np.mean([b for _, _, b in cnns], axis=0)
    return Network(cnn_onnx([branch for branch, _, _ in cnns], w2, b2, GLYPH, columns=True), CLASSES, 1.0, GLYPH,
                   columns=True)


def train_letters(per: int, frames: int, cache: Path | None = None) -> None:
    start = time.perf_counter()
    x, y = _cached(cache, "letters2-train", lambda: letter_samples(per, frames, TRAIN_SEED))
    xv, yv = _cached(cache, "letters2-held", lambda: letter_samples(max(2, per // 4), max(4, frames // 5), TRAIN_SEED + 1))
    # marked blanks drawn alone (MARKED_BLANKS_PER_FONT), from seeds of their own
    xb, yb = _cached(cache, "marked-blanks-train", lambda: marked_blank_samples(MARKED_BLANKS_PER_FONT, TRAIN_SEED + 7))
    xbv, ybv = _cached(cache, "marked-blanks-held", lambda: marked_blank_samples(MARKED_BLANKS_PER_FONT // 4, TRAIN_SEED + 8))
    x, y, xv, yv = np.concatenate([x, xb]), np.concatenate([y, yb]), np.concatenate([xv, xbv]), np.concatenate([yv, ybv])
    x, y = turned_not_letters(x, y, TRAIN_SEED + 9)
    xv, yv = turned_not_letters(xv, yv, TRAIN_SEED + 10)
    print(f"letters: samples ready, {time.perf_counter() - start:.0f} s")
    letters = letter_network([train_cnn(x, y, len(CLASSES), LETTER_EPOCHS, seed) for seed in range(LETTER_MODELS)])
    letters.temperature = fit_temperature(letters.logits(xv), yv)
    accuracy = float((letters.probabilities(xv).argmax(axis=1) == yv).mean())
    letters.save(MODEL_DIR / "letters")
    not_letter = yv == CLASSES.index(NOT_A_LETTER)
    print(f"letters: {len(x)} training glyphs ({int((y == len(LETTERS)).sum())} not a letter), held-out accuracy "
          f"{accuracy:.4f} ({int(not_letter.sum())} not a letter, "
          f"{float((letters.probabilities(xv[not_letter]).argmax(axis=1) == len(LETTERS)).mean()):.4f} of them right), "
          f"temperature {letters.temperature:.2f}, {len(letters.onnx) / 1024:.0f} KiB, {time.perf_counter() - start:.0f} s")


def train_occupancy(frames: int, cache: Path | None = None) -> None:
    start = time.perf_counter()
    # the cells' stats are kept, not their features: changed features train again without rendering (the
    # rendering takes most of the time: round 16, 532 boards took ten minutes on four processes of a loaded machine)
    x, y = _samples(_cached(cache, "occupancy-train-stats", lambda: _rendered_stats(OCCUPANCY_SEEDS, frames)))
    dark = max(1, int(frames * DARK_SHARE))
    xd, yd = _samples(_cached(cache, f"occupancy-dark-stats-{len(DARK_SEEDS)}x{dark}",
                              lambda: _rendered_stats(DARK_SEEDS, dark, dark=True)))
    x, y = np.concatenate([x, xd]), np.concatenate([y, yd])
    held = _cached(cache, "occupancy-held", lambda: _rendered_stats((TRAIN_SEED + 3, TRAIN_SEED + 4), max(4, frames * 2 // 3)))
    xv, yv = _samples(held[:len(held) // 2])
    print(f"occupancy: samples ready, {time.perf_counter() - start:.0f} s")
    # blanks are still the rarest class (about 2% of cells): counted twice, so that a blank
    # that looks half like an empty square comes out 'unknown' rather than a sure 'empty'
    extra = np.flatnonzero(y == OCCUPANCY_CLASSES.index("blank"))
    x, y = np.concatenate([x, x[extra]]), np.concatenate([y, y[extra]])
    dense = _averaged([train_dense(x, y, hidden=48, epochs=30, seed=seed) for seed in range(OCCUPANCY_MODELS)])
    # averaged with the narrow-palette network (NARROW_OCCUPANCY), each at its own temperature (see above)
    if AVERAGE_NARROW:
        wide = dense.network(OCCUPANCY_CLASSES)
        wide.temperature = fit_temperature(wide.logits(xv), yv)
        print(f"occupancy: the networks trained here alone: held-out accuracy "
              f"{float((wide.probabilities(xv).argmax(axis=1) == yv).mean()):.4f}; averaged with {NARROW_OCCUPANCY.name}")
        dense = averaged_any([dense_of(Network.load(NARROW_OCCUPANCY)), dense_of(wide)])
    occupancy = dense.network(OCCUPANCY_CLASSES)
    occupancy.temperature = fit_temperature(occupancy.logits(xv), yv)
    allowed = int(BLANK_PHANTOM_BOARDS * (len(held) - len(held) // 2))
    shift = calibrate_blank(occupancy, held[len(held) // 2:], allowed)
    dense.b2 = dense.b2.copy()
    dense.b2[OCCUPANCY_CLASSES.index("blank")] += shift
    occupancy = dense.network(OCCUPANCY_CLASSES, occupancy.temperature)
    predicted = occupancy.probabilities(xv).argmax(axis=1)
    occupancy.save(MODEL_DIR / "occupancy")
    print(f"occupancy: blank bias {shift:+.1f} (at most {allowed} of {len(held) - len(held) // 2} "
          f"held-out boards with an empty square claimed a blank at >= {MIN_CONFIDENCE['blank'] - BLANK_MARGIN:.2f})")
    confusion = np.zeros((4, 4), int)
    np.add.at(confusion, (yv, predicted), 1)
    print(f"occupancy: {len(x)} training cells, held-out accuracy {(predicted == yv).mean():.4f}, "
          f"{len(occupancy.onnx) / 1024:.0f} KiB, {time.perf_counter() - start:.0f} s\n"
          f"confusion (rows truth {OCCUPANCY_CLASSES}):\n{confusion}")


if __name__ == "__main__":
    from kiosk.__main__ import run_command

    sys.exit(run_command("vision.train", main))
