"""The shipped cell models (ONNX, run by OpenCV's dnn module) and a club's calibration file.

Each model is a file pair in vision/model/: NAME.onnx (the network: trained by
`python -m vision.train` with scikit-learn or PyTorch, exported to ONNX opset 13 with
plain operators, MatMul/Add/Relu/Conv/MaxPool/Reshape, which cv2.dnn runs) and NAME.json
(its classes, softmax temperature and input shape). The graph has two outputs: `logits`
and `hidden`, the last hidden layer, on which a club's calibration fits its own last layer.
At run time only OpenCV and NumPy are needed.
"""
from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from kiosk.errors import InputError
from vision.glyph import HEIGHT_FEATURE, NOT_A_LETTER

MODEL_DIR = Path(__file__).parent / "model"


@dataclass
class Head:
    """A club's last layer on a network's hidden features and its own logits side by side (fitted
    by calibration): it gives the logits of the classes in `fitted`; the others keep the shipped
    network's. Given the shipped logits as inputs, a few photos only need to teach a correction."""
    weights: np.ndarray  # (hidden + classes) x classes
    bias: np.ndarray  # classes
    fitted: np.ndarray  # bool per class
    keep_mass: bool = False  # the fitted classes together keep the probability the shipped network gives
    # them, for every input: the head only shares it out anew, the other classes keep theirs exactly


@dataclass
class Network:
    onnx: bytes
    classes: tuple[str, ...]
    temperature: float = 1.0  # softmax temperature fitted on held-out data
    image: int = 0  # > 0: the first image*image features are a one-channel image (the CNN's input)
    # the CNN takes each pixel's 3x3 neighbourhood (zero outside the image) as 9 channels, its first conv
    # 1x1 over them: the sums of a 3x3 conv on the one channel, to the bit (vision.model_export.cnn_onnx),
    # where cv2.dnn runs a conv on one channel as on its block of 8 (a quarter of the letter model's time)
    columns: bool = False
    # the fingerprint of the file this network's weights were first shipped in (vision.models.fingerprint),
    # when a graph giving the same outputs to the bit replaced it: a club's calibration fitted on it still fits
    same_as: str = ""
    head: Head | None = None
    base: "Network | None" = None  # the network whose dnn session this one shares (a club's head on a shipped model)
    _net: cv2.dnn.Net | None = field(default=None, init=False, repr=False, compare=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False, compare=False)
    seconds: float = field(default=0.0, init=False, compare=False)  # time spent in the network so far


    def _forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self.base is not None:
            return self.base._forward(x)
        x = np.ascontiguousarray(np.asarray(x, np.float32))
        if self.image:
            x = np.ascontiguousarray(x[:, :self.image * self.image].reshape(-1, 1, self.image, self.image))
            if self.columns:
                x = neighbourhoods(x)
        with self._lock:
            if self._net is None:
                self._net = cv2.dnn.readNetFromONNX(np.frombuffer(self.onnx, np.uint8))
            net = self._net
            start = time.perf_counter()
            net.setInput(x)
            logits, hidden = net.forward(["logits", "hidden"])
            self.seconds += time.perf_counter() - start
        return np.asarray(logits, np.float32).reshape(len(x), -1), np.asarray(hidden, np.float32).reshape(len(x), -1)

    def hidden(self, x: np.ndarray) -> np.ndarray:
        """The last hidden layer's activations (what a club's head is fitted on)."""
        if len(x) == 0:
            return np.zeros((0, 0), np.float32)
        return self._forward(x)[1]

    def logits(self, x: np.ndarray) -> np.ndarray:
        if len(x) == 0:
            return np.zeros((0, len(self.classes)), np.float32)
        z, h = self._forward(x)
        if self.head is not None:
            club = np.concatenate([h, z], axis=1) @ self.head.weights + self.head.bias
            fitted = self.head.fitted
            if self.head.keep_mass and fitted.any():
                t = self.temperature
                club = club + t * (_logsumexp(z[:, fitted] / t) - _logsumexp(club[:, fitted] / t))[:, None]
            z = np.where(fitted[None, :], club, z)
        return z

    def probabilities(self, x: np.ndarray, allowed: np.ndarray | None = None) -> np.ndarray:
        z = self.logits(x) / self.temperature
        if allowed is not None:
            z = np.where(allowed[None, :], z, -np.inf)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return (e / e.sum(axis=1, keepdims=True)).astype(np.float32)

    def with_head(self, head: Head | None) -> "Network":
        """This network with a club's last layer (itself when there is none)."""
        if head is None:
            return self
        return Network(self.onnx, self.classes, self.temperature, self.image, self.columns, self.same_as, head,
                       base=self.base or self)

    def save(self, path: Path) -> None:
        """NAME.onnx and NAME.json beside it (`path` without suffix or with either)."""
        path = Path(path).with_suffix("")
        path.with_suffix(".onnx").write_bytes(self.onnx)
        meta: dict[str, object] = {"classes": list(self.classes), "temperature": round(float(self.temperature), 6),
                                   "image": self.image}
        if self.columns:
            meta["columns"] = True
        if self.same_as:
            meta["same_as"] = self.same_as
        path.with_suffix(".json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: Path) -> "Network":
        path = Path(path).with_suffix("")
        meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        return Network(path.with_suffix(".onnx").read_bytes(), tuple(meta["classes"]), float(meta["temperature"]),
                       int(meta.get("image", 0)), bool(meta.get("columns", False)), str(meta.get("same_as", "")))


def neighbourhoods(images: np.ndarray) -> np.ndarray:
    """N x 1 x H x W images -> N x 9 x H x W: channel 3 * dy + dx holds each pixel's neighbour at
    (dy - 1, dx - 1), zero outside the image (the input of a network written with `columns`)."""
    n, _, h, w = images.shape
    padded = np.zeros((n, h + 2, w + 2), np.float32)
    padded[:, 1:-1, 1:-1] = images[:, 0]
    out = np.empty((n, 9, h, w), np.float32)
    for k in range(9):
        dy, dx = divmod(k, 3)
        out[:, k] = padded[:, dy:dy + h, dx:dx + w]
    return out


def _logsumexp(z: np.ndarray) -> np.ndarray:
    m = z.max(axis=1, keepdims=True)
    return (m + np.log(np.exp(z - m).sum(axis=1, keepdims=True)))[:, 0]


def fit_temperature(logits: np.ndarray, y: np.ndarray) -> float:
    """Temperature that minimises held-out negative log-likelihood (makes confidences honest)."""
    best_t, best_nll = 1.0, np.inf
    for t in np.exp(np.linspace(np.log(0.3), np.log(5.0), 40)):
        s = logits / t
        s = s - s.max(axis=1, keepdims=True)
        logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
        nll = -logp[np.arange(len(y)), y].mean()
        if nll < best_nll:
            best_t, best_nll = float(t), nll
    return best_t


def describe(frames: int) -> list[str]:
    """One line per shipped model: file size and time spent in it per frame so far (the
    benchmark calls this after reading `frames` frames)."""
    lines = []
    for name in ("occupancy", "letters"):
        model = shipped(name)
        kind = f"CNN on the {model.image}x{model.image} glyph" if model.image else "MLP on cell features"
        lines.append(f"model {name}: {kind}, {len(model.onnx) / 1024:.0f} KiB ONNX, "
                     f"{1000 * model.seconds / max(1, frames):.2f} ms per frame in cv2.dnn")
    return lines


# A thin sans-serif I is a bare bar, and the letter CNN sees only the glyph image (scaled into its square, aspect
# kept): the bar of an I and a bar of a tile's edge or rim in a window are the same picture, and the 'not a letter'
# training glyphs hold many such bars, so it splits a thin I between I and 'not a letter'. The glyph's height figure
# (which the CNN does not see) tells them apart with the model's own I share: a glyph no wider than THIN_I_ASPECT of
# its height, THIN_I_HEIGHT of the ink window tall, whose I holds at least THIN_I_FLOOR, is read I with the
# 'not a letter' share too (thin_i). Measured (helper vletter, round 23, /tmp/vletter/dump2.py, nalbars.py): on dev
# seeds 129071 and 129072 (120 boards, every square's glyph, plain ink and strokes) the 998 glyphs of I tiles are
# 0.333-0.45 tall (1st-99th percentile); the 114 of that shape with 'not a letter' >= 0.1 hold I 0.26 or more; the
# 25 glyphs of empty squares of that shape (tile edges and rims) read 'not a letter' 0.96 or more, I 0.0035 at most,
# and the premium labels' bars read I are 0.2-0.25 tall. On 100 letter-training boards (vision.train._board_windows,
# seed TRAIN_SEED + 50) the 25 'not a letter' glyphs of that shape hold I 0.06 at most, the 113 I's 0.57 or more.
# The rule moves 763 dev glyphs, all of I tiles.
THIN_I_ASPECT = 0.3
THIN_I_HEIGHT = (0.3, 0.47)
THIN_I_FLOOR = 0.15


def thin_i(probs: np.ndarray, feats: np.ndarray, classes: tuple[str, ...]) -> np.ndarray:
    """The letter model's probabilities (rows, over `classes`) of glyphs with features `feats`, the 'not a
    letter' share of a thin I's bar given to I (see THIN_I_FLOOR)."""
    if "I" not in classes or NOT_A_LETTER not in classes or not len(probs):
        return probs
    i, other = classes.index("I"), classes.index(NOT_A_LETTER)
    aspect, height = feats[:, HEIGHT_FEATURE - 1], feats[:, HEIGHT_FEATURE]  # the figures: width/height, height/window
    bar = ((aspect <= THIN_I_ASPECT) & (height >= THIN_I_HEIGHT[0]) & (height <= THIN_I_HEIGHT[1])
           & (probs[:, i] >= THIN_I_FLOOR))
    out = probs.copy()
    out[bar, i] += out[bar, other]
    out[bar, other] = 0.0
    return out


@lru_cache(maxsize=None)
def shipped(name: str) -> Network:
    return Network.load(MODEL_DIR / name)


CALIBRATION_FORMAT = 3  # 3: each head names the shipped model it was fitted on (its fingerprint)


def fingerprint(name: str) -> str:
    """Which shipped model `name` is: a calibration's head fits only the model it was fitted on."""
    model = shipped(name)
    return model.same_as or hashlib.sha256(model.onnx).hexdigest()[:16]


@dataclass(frozen=True)
class Calibration:
    """What `python -m kiosk calibrate` learned about one club's board and tiles: the tile
    colour, and a last layer for each model fitted on the club's own squares and tiles."""
    tile_lab: np.ndarray | None = None  # Lab of the tile face
    heads: dict[str, Head] = field(default_factory=dict)  # model name -> the club's last layer

    def model(self, name: str) -> Network:
        """The shipped model `name` with the club's last layer, when it has one."""
        return shipped(name).with_head(self.heads.get(name))

    def save(self, path: Path) -> None:
        arrays: dict[str, np.ndarray] = {"format": np.array(CALIBRATION_FORMAT, np.int32)}
        if self.tile_lab is not None:
            arrays["tile_lab"] = np.asarray(self.tile_lab, np.float32)
        for name, head in self.heads.items():
            arrays.update({f"{name}_weights": head.weights.astype(np.float32), f"{name}_bias": head.bias.astype(np.float32),
                           f"{name}_fitted": head.fitted.astype(bool), f"{name}_model": np.array(fingerprint(name)),
                           f"{name}_keep_mass": np.array(bool(head.keep_mass))})
        with open(path, "wb") as out:
            np.savez_compressed(out, allow_pickle=False, **arrays)

    @staticmethod
    def load(path: Path) -> "Calibration":
        """The calibration in `path`; InputError naming the file when it cannot be read, is not a
        calibration, or was fitted on other shipped models than these (never another exception)."""
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {key: np.asarray(data[key]) for key in data.files}
        except OSError as exc:
            raise InputError(str(path), f"cannot read the calibration file {Path(path).name} ({exc.strerror or exc})") from None
        except Exception as exc:  # a damaged file: numpy and zipfile raise ValueError, EOFError, BadZipFile, zlib.error...
            raise InputError(str(path), f"{Path(path).name} is not a calibration file written by "
                                        f"'python -m kiosk calibrate' ({type(exc).__name__}: {exc})") from None
        problem = _calibration_problem(arrays)
        if problem:
            raise InputError(str(path), f"calibration file {Path(path).name}: {problem}")
        heads = {name: Head(arrays[f"{name}_weights"], arrays[f"{name}_bias"], arrays[f"{name}_fitted"],
                            bool(arrays[f"{name}_keep_mass"]))
                 for name in ("occupancy", "letters") if f"{name}_weights" in arrays}
        return Calibration(tile_lab=arrays.get("tile_lab"), heads=heads)


def _calibration_problem(arrays: dict[str, np.ndarray]) -> str | None:
    """Why these arrays are not a calibration for the shipped models, or None."""
    again = "run 'python -m kiosk calibrate' again"
    version = arrays.get("format")
    if version is None or version.shape != () or version.dtype.kind not in "iu":
        return "not written by 'python -m kiosk calibrate' (no format number)"
    if int(version) != CALIBRATION_FORMAT:
        return f"written by {'an older' if int(version) < CALIBRATION_FORMAT else 'a newer'} version: {again}"
    lab = arrays.get("tile_lab")
    if lab is not None and (lab.shape != (3,) or lab.dtype.kind != "f" or not np.isfinite(lab).all()):
        return "its tile colour is not three numbers"
    for name in ("occupancy", "letters"):
        keys = [f"{name}_{part}" for part in ("weights", "bias", "fitted", "model", "keep_mass")]
        if not any(key in arrays for key in keys):
            continue
        if not all(key in arrays for key in keys):
            return f"its {name} layer is incomplete: {again}"
        weights, bias, fitted, model, keep_mass = (arrays[key] for key in keys)
        if model.shape != () or str(model) != fingerprint(name):
            return f"fitted on another version of the shipped {name} model: {again}"
        network = shipped(name)
        width = network.hidden(np.zeros((1, _inputs(name)), np.float32)).shape[1] + len(network.classes)
        classes = len(network.classes)
        if (weights.shape != (width, classes) or bias.shape != (classes,) or fitted.shape != (classes,)
                or weights.dtype.kind != "f" or bias.dtype.kind != "f" or fitted.dtype != bool
                or keep_mass.shape != () or keep_mass.dtype != bool):
            return f"its {name} layer does not fit the shipped model: {again}"
        if not (np.isfinite(weights).all() and np.isfinite(bias).all()):
            return f"its {name} layer holds numbers that are not finite: {again}"
    return None


def _inputs(name: str) -> int:
    from vision.cells import OCCUPANCY_FEATURES
    from vision.glyph import FEATURES
    return OCCUPANCY_FEATURES if name == "occupancy" else FEATURES
