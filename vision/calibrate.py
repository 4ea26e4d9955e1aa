"""`python -m kiosk calibrate`: learn a club's board and tiles from a few camera frames.

    python -m kiosk calibrate --empty EMPTY.jpg [...] --tiles PATTERN.jpg [...]
                              [--pattern PATTERN.txt] [--corners CORNERS.json] [--tileset english]
                              [--config kiosk.toml] [--out calibration.npz]

--empty: photos of the empty board: every square is an example of an empty square (its
colours, premium labels, the centre star).
--tiles: photos of tiles laid out in a known pattern: its letters and blanks are examples
of the club's tiles, its empty squares of empty squares. The default pattern is the tile
set's letters in alphabetical order from the top-left square, left to right (row 1: A-O,
row 2: P-Z then Ä Ö Ü for German), then one blank; --pattern gives another as 15 lines of
board text.

The board is located in each photo with the reader's own acceptance checks, or from
--corners (a JSON object: photo file name -> four [x, y] points, the playing area's
corners TL, TR, BR, BL of the upright board) or the config's vision.corners. Which way up
the pattern lies is taken from its letters, and printed as the board's turn under this camera:
a club whose board never turns (no turntable) adds it to the config as [vision] fixed_turn
(see turn_note; nothing is printed to add when the pattern photos do not settle it).

What is learnt: for the occupancy model and for the letter model, a correction to the shipped
model's logits, linear in its last hidden layer (fit_head: cross-entropy among the classes the
photos show, shrunk towards no correction, fitted with SciPy's L-BFGS). Occupancy learns from
every square of every photo (the empty board's squares and the pattern's empty squares as
"empty", its tiles as "tile", its blanks as "blank"), each photo seen through a few slightly
shifted corners and exposures; letters from the pattern's lettered tiles (several views each),
"not a letter" from its blanks and from whatever looks like a glyph on empty squares, plus rendered
tiles of every letter so that no letter is forgotten. A class the photos never show keeps the
shipped logit and is not moved against the others (a pattern without a blank does not teach
"never a blank"). The reading of the pattern (and of the empty board) is printed before and
after; the file is written only when the calibrated reader reads each of them at least as well
as the shipped one. Exit 2: a photo or the pattern cannot be used (board not found, pattern reads
badly before training), 3: calibration would not help; nothing is written then.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from kiosk.errors import InputError
from vision.board_scale import too_small_to_read
from vision.cells import OCCUPANCY_CLASSES, cell_stats, letter_windows, occupancy_features, rectify, tile_colour
from vision.config import TILESETS, VisionConfig, load_config
from vision.locate import turn_of
from kiosk.rules.tiles import load_tileset
from vision.glyph import NOT_A_LETTER, glyph_features_batch
from vision.models import Calibration, Head, Network, shipped
from vision.reader import BoardReader
from vision.tilesets import read_as

VARIANTS = 6  # views of each photo (corners shifted, exposure changed) the layers are fitted on
CORNER_JITTER = 0.06  # std of the corner shift of a view, in cells: as far off as the locator leaves them
LETTER_VARIANTS = 8  # views of each club tile window for the letter layer
REPLAY_PER_LETTER = 6  # rendered tiles of every letter kept in the letter layer's data
MIN_PATTERN_READ = 0.5  # share of the pattern's lettered tiles the shipped letter model must read right
# before training: below it the pattern file or the board's location is wrong (unknown club tiles
# read 48/48 on the dark vintage tiles of a real board, the bundled rendered styles all of them)
MAX_EXTRA_TILES = 2  # squares the photo's layout leaves empty that the shipped reader reads as tiles,
# from which on the layout is taken for wrong (learnt, those tiles would be "empty"): the uncalibrated
# reader read no tile on an empty square in any of the 24 photos with tiles of the rendered club
# sessions of seed 5101; one is let pass as a possible phantom
PATTERN_TURN_LEAD = 2  # the pattern's letters settle its turn when read right at least this many times as
# often turned so as in any other turn: the default pattern rendered at each turn (seeds 900-911, wide styles,
# /tmp/vturnset/orient_counts.py) read 26 of 26 right in its turn, at most 1 in any other
SHRINK = 0.3  # L2 weight of a club's correction on the hidden features scaled to length ~1, against the
# cross-entropy summed over its photos' squares and tiles (each distinct one weighing 1). Chosen on
# rendered club sessions (`python -m vision.calibration_bench OUT --clubs 6 --seed 5101 --corners found`,
# 24 leave-one-out calibrations; uncalibrated 3804/3825 tiles, 9 confident-wrong): SHRINK 10: 3810,
# 9 confident-wrong; 3: 3812, 8; 1: 3812, 7; 0.3: 3818, 4; 0.1: 3818, 4; 0.03: 3818, 2. The strongest
# pull on the best plateau: a weaker one lets a pattern of a few tiles move the model further (a plain logistic
# regression, no pull towards the shipped model, read the other photos worse)


def default_pattern(tileset: str) -> list[str]:
    letters = [*load_tileset(tileset).chars, "?"]  # the set's tiles in alphabet order
    text = "".join(letters).ljust(225, ".")
    return [text[r * 15:(r + 1) * 15] for r in range(15)]


def read_pattern(path: Path) -> list[str]:
    try:
        lines = [line.rstrip("\n") for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except OSError as exc:
        raise InputError(str(path), f"cannot read file ({exc.strerror})") from None
    if len(lines) != 15:
        raise InputError(str(path), f"expected 15 lines of board text, found {len(lines)}")
    for number, line in enumerate(lines, start=1):
        if len(line) != 15:
            raise InputError(str(path), f"expected 15 characters, found {len(line)}", number)
    return lines


def read_corners(path: Path) -> dict[str, np.ndarray]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(str(path), f"cannot read corners ({exc})") from None
    out = {}
    if not isinstance(data, dict):
        raise InputError(str(path), "expected an object: photo file name -> four [x, y] points")
    for name, points in data.items():
        array = np.asarray(points, np.float32) if isinstance(points, list) else np.zeros(0)
        if array.shape != (4, 2):
            raise InputError(str(path), f"{name}: expected four [x, y] points (TL, TR, BR, BL)")
        small = too_small_to_read(array)
        if small is not None:
            raise InputError(str(path), f"{name}: {small}")
        out[name] = array
    return out


def _frame(path: Path) -> np.ndarray:
    if not path.is_file():
        raise InputError(str(path), "no such file")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise InputError(str(path), "cannot read this image")
    return image


@dataclass
class Photo:
    path: Path
    image: np.ndarray
    corners: np.ndarray  # upright TL, TR, BR, BL
    board: list[str]  # what is on it: the pattern, or an empty board


def _located(path: Path, image: np.ndarray, config: VisionConfig, given: dict[str, np.ndarray]) -> np.ndarray:
    """Frame corners of the playing area (in the reader's frame order, rotation not settled)."""
    if path.name in given:
        return given[path.name]
    if config.corners is not None:
        return np.asarray(config.corners, np.float32)
    obs = BoardReader(VisionConfig(tileset=config.tileset)).observe(image)
    if not obs.located or obs.homography is None:
        raise InputError(str(path), "board not found in this photo (the reader's checks did not accept any "
                                    "location): give its corners with --corners or vision.corners")
    inverse = np.linalg.inv(np.asarray(obs.homography, np.float64))
    square = np.array([[[0, 0], [15, 0], [15, 15], [0, 15]]], np.float32)
    return cv2.perspectiveTransform(square.astype(np.float64), inverse)[0].astype(np.float32)


def _upright_windows(image: np.ndarray, corners: np.ndarray) -> list[np.ndarray]:
    return letter_windows(rectify(image, corners))


@dataclass(frozen=True)
class Oriented:
    """A pattern photo's corners turned so its letters read best, and how well they read."""
    corners: np.ndarray  # upright TL, TR, BR, BL
    right: int  # the pattern's letters read right so
    lettered: int  # lettered tiles in the pattern
    next_best: int  # letters read right in the best other turn

    @property
    def turn(self) -> int:
        """The board's turn as the reader sees it from this camera (BoardObservation.rotation)."""
        return turn_of(self.corners)

    @property
    def settled(self) -> bool:
        return self.right > 0 and self.right >= PATTERN_TURN_LEAD * self.next_best


def _orient(image: np.ndarray, corners: np.ndarray, pattern: list[str], letters: Network, tileset: str) -> Oriented:
    """The corners turned so the pattern's letters read best."""
    cells = [k for k in range(225) if pattern[k // 15][k % 15].isupper()]
    truth = [pattern[k // 15][k % 15].upper() for k in cells]
    classes = read_as(letters.classes, tileset, NOT_A_LETTER)  # the set's board characters
    allowed = np.array([not c.startswith("(") for c in classes])
    reads = []
    for quarter in range(4):
        turned = np.roll(corners, -quarter, axis=0)
        windows = _upright_windows(image, turned)
        feats, found = glyph_features_batch([windows[k] for k in cells])
        read = np.full(len(cells), "", object)
        if found.any():
            read[found] = [classes[i] for i in letters.probabilities(feats, allowed).argmax(axis=1)]
        reads.append((int(sum(r == t for r, t in zip(read, truth))), quarter))
    (right, quarter), (next_best, _) = sorted(reads, key=lambda read: -read[0])[:2]  # the first best on a tie
    return Oriented(np.roll(corners, -quarter, axis=0), right, len(cells), next_best)


def turn_note(oriented: dict[str, Oriented], config: VisionConfig) -> str:
    """What the pattern photos (name -> how they lie) tell of the board's turn under this camera, and the line
    a club whose board never turns adds to its config ([vision] fixed_turn, vision.config)."""
    if config.corners is not None:
        return "the board's turn: fixed by the config's vision.corners (given upright)"
    unsettled = [f"{name} ({o.right} letters read right turned {o.turn}, {o.next_best} turned another way)"
                 for name, o in oriented.items() if not o.settled]
    if unsettled:
        return (f"the board's turn: not settled by {', '.join(unsettled)}: no fixed_turn to give; "
                "photograph the default pattern (the alphabet from the top-left square) to tell it")
    turns = {o.turn for o in oriented.values()}
    if len(turns) > 1:
        each = ", ".join(f"{o.turn} in {name}" for name, o in oriented.items())
        return f"the board's turn: the pattern photos lie turned differently ({each}): the board turns, no fixed_turn"
    turn = turns.pop()
    if config.fixed_turn == turn:
        return f"the board's turn: {turn}, as the config's vision.fixed_turn says"
    if config.fixed_turn is not None:
        return (f"the board's turn: {turn}, but the config's vision.fixed_turn says {config.fixed_turn}: was the "
                f"camera moved? If the board stays so, set fixed_turn = {turn} in the [vision] table")
    return (f"the board's turn: {turn} as the camera sees it; if the board never turns (no turntable), add "
            f"fixed_turn = {turn} to the config's [vision] table (the reader then never guesses it from the tiles)")


@dataclass
class Score:
    tiles: int = 0
    right: int = 0  # tiles read as the right letter or as a blank
    phantoms: int = 0  # empty squares read as a tile or blank
    wrong: int = 0  # tiles read as another letter
    unread: int = 0  # tiles reported unknown

    def add(self, other: "Score") -> None:
        for k in vars(self):
            setattr(self, k, getattr(self, k) + getattr(other, k))

    def key(self) -> tuple[int, int]:
        """Better is larger: right tiles, less phantoms and wrong letters (each as bad as a tile missed)."""
        return (self.right - self.phantoms - self.wrong, -self.wrong)

    def __str__(self) -> str:
        return (f"{self.right}/{self.tiles} tiles right, {self.wrong} wrong letters, {self.unread} unread, "
                f"{self.phantoms} phantom tiles")


def score(photo: Photo, config: VisionConfig, calibration: Calibration | None) -> Score:
    obs = BoardReader(VisionConfig(tileset=config.tileset, corners=photo.corners), calibration).observe(photo.image)
    out = Score()
    for k, cell in enumerate(obs.cells):
        ch = photo.board[k // 15][k % 15]
        if ch == ".":
            out.phantoms += cell.state in ("tile", "blank")
            continue
        out.tiles += 1
        out.unread += cell.state == "unknown"
        if ch == "?" or ch.islower():
            out.right += cell.state == "blank"
        elif cell.state == "tile":
            out.right += cell.letter == ch
            out.wrong += cell.letter != ch
    return out


def _views(photo: Photo, rng: np.random.Generator) -> list[np.ndarray]:
    """Padded rectified boards of the photo: as located, and through slightly shifted corners and exposures."""
    cell_px = float(np.linalg.norm(photo.corners[1] - photo.corners[0]) / 15)
    views = [rectify(photo.image, photo.corners)]
    for _ in range(VARIANTS - 1):
        corners = photo.corners + rng.normal(0, CORNER_JITTER * cell_px, (4, 2)).astype(np.float32)
        board = rectify(photo.image, corners).astype(np.float32) * rng.uniform(0.8, 1.15) + rng.uniform(-10, 10)
        views.append(np.clip(board, 0, 255).astype(np.uint8))
    return views


def _occupancy_samples(photos: list[Photo], tile_lab: np.ndarray | None,
                       rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Occupancy features (with and without the club's tile colour, as the reader's two passes
    see them), labels and weights (a square's samples weigh 1 in all) of every square of every
    view of every photo."""
    xs, ys = [], []
    for photo in photos:
        labels = np.array([0 if ch == "." else 2 if ch == "?" or ch.islower() else 1
                           for row in photo.board for ch in row])
        for board in _views(photo, rng):
            stats = cell_stats(board)
            for colour in (None, tile_lab) if tile_lab is not None else (None,):
                xs.append(occupancy_features(stats, colour))
                ys.append(labels)
    per_square = len(xs) // max(1, len(photos))  # samples of one square of one photo
    return np.concatenate(xs), np.concatenate(ys), np.full(sum(len(y) for y in ys), 1.0 / max(1, per_square))


def _augment(window: np.ndarray, rng: np.random.Generator) -> list[np.ndarray]:
    out = [window]
    n = window.shape[0]
    for _ in range(LETTER_VARIANTS - 1):
        matrix: np.ndarray = cv2.getRotationMatrix2D((n / 2, n / 2), rng.normal(0, 3), rng.uniform(0.95, 1.05))
        matrix[:, 2] += rng.normal(0, n * 0.03, 2)
        img: np.ndarray = cv2.warpAffine(window, matrix, (n, n), borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
        img = img * rng.uniform(0.75, 1.2) + rng.normal(0, 3, img.shape)
        if rng.random() < 0.4:
            img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 1.0))
        out.append(np.clip(img, 0, 255).astype(np.uint8))
    return out


def _letter_samples(photos: list[Photo], classes: tuple[str, ...], tileset: str,
                    rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Glyph features, class numbers and weights (a tile's views weigh 1 in all) of the pattern's
    lettered tiles (several views each), of whatever looks like a letter on the photos' empty
    squares and on the pattern's blanks ('not a letter') and of rendered tiles of every letter of the tile set (so that the
    correction keeps them right)."""
    from vision.synth.fonts import available_fonts
    from vision.train import _as_camera_sees
    texts, classes = classes, read_as(classes, tileset, NOT_A_LETTER)  # printed texts -> board characters
    windows, labels, weights = [], [], []
    for photo in photos:
        board_windows = _upright_windows(photo.image, photo.corners)
        for k in range(225):
            ch = photo.board[k // 15][k % 15]
            if ch.isupper() and ch in classes:  # a lettered tile (a lower-case letter is a blank)
                views = _augment(board_windows[k], rng)
                labels += [classes.index(ch)] * len(views)
            elif ch == "." and NOT_A_LETTER in classes:  # the club's board print: not a letter
                views = _augment(board_windows[k], rng)[:2]
                labels += [classes.index(NOT_A_LETTER)] * len(views)
            elif NOT_A_LETTER in classes:  # a blank, plain or with the maker's logo or star: not a letter
                views = _augment(board_windows[k], rng)
                labels += [classes.index(NOT_A_LETTER)] * len(views)
            else:
                continue
            windows += views
            weights += [1.0 / len(views)] * len(views)
    fonts = available_fonts()
    for letter in [c for c in load_tileset(tileset).chars if c in classes]:
        for i in range(REPLAY_PER_LETTER):
            windows.append(_as_camera_sees(texts[classes.index(letter)], fonts[(i * 7 + ord(letter)) % len(fonts)], 48, rng))
            labels.append(classes.index(letter))
            weights.append(1.0)
    feats, found = glyph_features_batch(windows)
    return feats, np.array(labels)[found], np.array(weights)[found]


def fit_head(model: Network, x: np.ndarray, y: np.ndarray, weight: np.ndarray | None = None) -> Head:
    """A club's correction to the shipped model, as a last layer: for the classes in y, logit =
    shipped logit + (hidden features) . W + b; the other classes keep the shipped logits. W and b
    minimise the cross-entropy among the classes in y summed over the samples (`weight`: each distinct square or tile
    weighs 1 in all, whatever its number of views) plus SHRINK/2 (|W|^2 + |b|^2) on the hidden features scaled to length ~1
    (SciPy's L-BFGS), so the calibration starts from the shipped
    model and moves only as far as the club's photos consistently ask: a handful of tiles shifts
    a letter a little, it cannot rewrite the model (a plain logistic regression shrinks towards
    "no opinion" instead and, fitted on one pattern photo, read the other photos worse)."""
    from scipy.optimize import minimize

    z0 = model.logits(x).astype(np.float64) / model.temperature  # as the reader's probabilities see them
    hidden = model.hidden(x).astype(np.float64)
    n_hidden, n_classes = hidden.shape[1], len(model.classes)
    present = np.unique(y)
    fitted = np.zeros(n_classes, bool)
    fitted[present] = True
    weights = np.zeros((n_hidden + n_classes, n_classes), np.float32)
    weights[n_hidden + np.arange(n_classes), np.arange(n_classes)] = 1.0  # the shipped logits pass through
    bias = np.zeros(n_classes, np.float32)
    if len(present) == 1:  # one class only: nothing to tell apart, the shipped logits stay
        return Head(weights, bias, np.zeros(n_classes, bool))
    # one scale for all hidden features, so that a sample's hidden vector has length ~1 (a correction
    # of one logit then costs about as much as one square's worth of evidence, whatever the layer's
    # width); not one scale per feature: a feature that hardly varies over a few photos would get a
    # huge weight and blow up on the next photo
    scale = float(np.sqrt(np.mean(hidden ** 2) * n_hidden)) + 1e-6
    hs = hidden / scale
    w = np.ones(len(y)) if weight is None else np.asarray(weight, np.float64)
    k = len(present)
    onehot = (y[:, None] == present[None, :]).astype(np.float64)
    base = z0[:, present]

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        W, b = theta[:-k].reshape(n_hidden, k), theta[-k:]
        z = base + hs @ W + b
        z -= z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        value = -float((w * (onehot * logp).sum(axis=1)).sum()) + SHRINK / 2 * float((W ** 2).sum() + (b ** 2).sum())
        g = (np.exp(logp) - onehot) * w[:, None]
        grad = np.concatenate([(hs.T @ g + SHRINK * W).ravel(), g.sum(axis=0) + SHRINK * b])
        return value, grad

    theta = minimize(loss, np.zeros(n_hidden * k + k), jac=True, method="L-BFGS-B",
                     options={"maxiter": 300}).x
    # the softmax above is over the classes the photos show, so only their differences are learnt;
    # the head keeps their shipped share against the classes the photos never show, input by input
    # (Head.keep_mass: a pattern without a blank must not teach "never a blank")
    W, b = theta[:-k].reshape(n_hidden, k), theta[-k:]
    W, b = W - W.mean(axis=1, keepdims=True), b - b.mean()
    weights[:n_hidden, present] = (model.temperature * W / scale).astype(np.float32)
    bias[present] = (model.temperature * b).astype(np.float32)
    # as fitted: the softmax among the classes the photos show; the shipped share of the others stays
    return Head(weights, bias, fitted, keep_mass=True)


def calibrate(empty: list[Path], tiles: list[Path], pattern: list[str], config: VisionConfig,
              corners: dict[str, np.ndarray] | None = None, seed: int = 0) -> tuple[Calibration | None, str]:
    """The calibration and a report; None when it would not read the photos better."""
    rng = np.random.default_rng(seed)
    given = corners or {}
    letters = shipped("letters")
    photos, notes = [], []
    oriented: dict[str, Oriented] = {}
    for path in tiles:
        image = _frame(path)
        found = _located(path, image, config, given)
        lies = _orient(image, found, pattern, letters, config.tileset)
        if lies.lettered and lies.right < MIN_PATTERN_READ * lies.lettered:
            raise InputError(str(path), f"the pattern reads badly before training ({lies.right}/{lies.lettered} "
                                        "letters read right): is the pattern file right, and the board located "
                                        "(--corners)?")
        if lies.lettered:
            oriented[path.name] = lies
        photos.append(Photo(path, image, lies.corners, pattern))
    pattern_photos = list(photos)
    for path in empty:
        image = _frame(path)
        photos.append(Photo(path, image, _located(path, image, config, given), ["." * 15] * 15))
    colours = []
    for photo in pattern_photos:
        stats = cell_stats(rectify(photo.image, photo.corners))
        cells = [k for k in range(225) if photo.board[k // 15][k % 15] not in ".?"]
        colour = tile_colour(stats, np.array(cells))  # None: no lettered tile in the pattern
        if colour is not None:
            colours.append(colour)
    tile_lab = np.median(np.stack(colours), axis=0).astype(np.float32) if colours else None

    before = {p.path: score(p, config, None) for p in photos}
    for photo in photos:
        extra = before[photo.path].phantoms
        if extra >= MAX_EXTRA_TILES:
            what = "the pattern leaves empty" if photo in pattern_photos else "of this empty board"
            raise InputError(str(photo.path), f"the photo reads badly before training: {extra} squares {what} "
                                              "hold tiles: is the pattern file right, the board empty, "
                                              "and the board located (--corners)?")
    occupancy = shipped("occupancy")
    x, y, w = _occupancy_samples(photos, tile_lab, rng)
    heads = {"occupancy": fit_head(occupancy, x, y, w)}
    if pattern_photos:
        x, y, w = _letter_samples(photos, letters.classes, config.tileset, rng)
        heads["letters"] = fit_head(letters, x, y, w)
    calibration = Calibration(tile_lab=tile_lab, heads=heads)
    after = {p.path: score(p, config, calibration) for p in photos}
    total_before, total_after = Score(), Score()
    for photo in photos:
        kind = "pattern" if photo in pattern_photos else "empty board"
        notes.append(f"{photo.path.name} ({kind}): before {before[photo.path]}; after {after[photo.path]}")
        total_before.add(before[photo.path])
        total_after.add(after[photo.path])
    if oriented:
        notes.append(turn_note(oriented, config))
    worse = [p.path.name for p in photos if after[p.path].key() < before[p.path].key()]
    if worse:
        notes.append(f"calibration would read {', '.join(worse)} worse than the shipped models: nothing written")
        return None, "\n".join(notes)
    return calibration, "\n".join(notes)


def _check_writable(out: Path) -> None:
    """Refuse, before the work, a calibration file name that cannot be written (a permission
    refused at the end is still reported then)."""
    if out.is_dir():
        raise InputError(str(out), "is a folder: give a file name for the calibration")
    if not out.parent.is_dir():
        raise InputError(str(out.parent), ("not a folder" if out.parent.exists() else "no such folder")
                         + " for the calibration file")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m kiosk calibrate", description=__doc__.splitlines()[0])
    parser.add_argument("--empty", type=Path, nargs="*", default=[], help="photos of the empty board")
    parser.add_argument("--tiles", type=Path, nargs="*", default=[], help="photos of tiles laid out in the pattern")
    parser.add_argument("--pattern", type=Path, help="15 lines of board text (default: the alphabet from A1)")
    parser.add_argument("--corners", type=Path, help="JSON: photo file name -> the playing area's corners TL TR BR BL")
    parser.add_argument("--tileset", choices=TILESETS)
    parser.add_argument("--config", type=Path, help="kiosk TOML with a [vision] table")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    if not args.empty and not args.tiles:
        parser.error("give --empty and/or --tiles photos")
    start = time.perf_counter()
    try:
        config = load_config(args.config) if args.config else VisionConfig()
        if args.tileset:
            config = replace(config, tileset=args.tileset)
        pattern = read_pattern(args.pattern) if args.pattern else default_pattern(config.tileset)
        corners = read_corners(args.corners) if args.corners else None
        out = args.out or config.calibration or Path("vision-calibration.npz")
        _check_writable(out)
        calibration, report = calibrate(args.empty, args.tiles, pattern, config, corners)
    except InputError as exc:
        print(f"calibrate: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:  # SciPy fits the correction; reading a board does not need it
        print(f"calibrate: needs SciPy ({exc}): pip install scipy, or on Raspberry Pi OS apt install python3-scipy",
              file=sys.stderr)
        return 2
    print(report)
    if calibration is None:
        print("calibrate: no calibration written", file=sys.stderr)
        return 3
    try:
        calibration.save(out)
    except OSError as exc:
        print(f"calibrate: {out}: cannot write ({exc.strerror})", file=sys.stderr)
        return 2
    print(f"calibration written to {out} in {time.perf_counter() - start:.1f} s"
          + ("" if args.config else "; name it in the config as [vision] calibration = \"...\""))
    return 0
