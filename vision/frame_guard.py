"""Any frame is safe: whatever array a camera hands over, the board reader gets either a
BGR uint8 image it can work on, or a plain "not readable" answer, never an exception.

Cameras misbehave in many ways: a grey or 4-channel image, 16-bit or float pixels, a
frame cut to nothing by a loose cable, a 1x1 or flat buffer from a stalled driver, a
black (lens cap) or white (blown out) frame, a truncated JPEG in a recorded folder. Two
layers use this module:

- camera sources call `as_bgr(frame)`: the same picture as 8-bit BGR, or None and why
  (then they raise their CameraNoFrames with that reason);
- `BoardReader.observe` calls `guard(reader, frame)` first: a frame too small or too
  flat to hold a board is answered `BoardObservation.unlocated(why)` at once, and the
  configured rack zones are fitted to the frame (a zone reaching past an edge is counted
  on its part inside; one wholly outside is left out, so that rack reads as unknown;
  each reported once in the log).
"""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import cv2
import numpy as np
import numpy.typing as npt

from vision.observation import BoardObservation

if TYPE_CHECKING:
    from vision.reader import BoardReader

MIN_SIDE = 60            # px: 15 squares need at least ~4 px each to be located at all
MIN_CONTRAST = 12        # grey levels: below this spread the frame shows nothing (black, white, flat)
MAX_PIXELS = 64_000_000  # larger than any camera the kiosk supports (a 64 MP frame is a bug)
SAMPLE_STEP = 8          # px between the pixels of the first, cheap contrast check

log = logging.getLogger(__name__)


def as_bgr(frame: object) -> tuple[np.ndarray | None, str]:
    """(8-bit BGR HxWx3 contiguous image, "") or (None, why it is no picture)."""
    if frame is None:
        return None, "no frame"
    if isinstance(frame, (bytes, bytearray, memoryview)):
        return None, f"raw bytes, not a decoded picture ({len(frame)} bytes)"
    try:
        image = np.asarray(frame)
    except Exception:  # an object numpy cannot turn into an array
        return None, f"not a picture ({type(frame).__name__})"
    if image.dtype == object or image.dtype.kind not in "buif":
        return None, f"not a picture (pixels of type {image.dtype})"
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[:, :, 0]
    if image.ndim not in (2, 3):
        return None, f"not a picture (an array of {image.ndim} dimensions, shape {image.shape})"
    if image.size == 0:
        return None, f"an empty frame (shape {image.shape})"
    if image.size > MAX_PIXELS * 4:
        return None, f"a frame far too large ({image.shape})"
    if image.ndim == 3 and image.shape[2] not in (3, 4):
        return None, f"not a picture ({image.shape[2]} colour channels)"
    image = _to_uint8(image)
    if image.ndim == 2:
        image = np.repeat(image[:, :, None], 3, axis=2)
    elif image.shape[2] == 4:
        image = image[:, :, :3]      # BGRA / XRGB8888 from a Pi camera: drop the alpha/pad byte
    return np.ascontiguousarray(image), ""


def _to_uint8(image: np.ndarray) -> np.ndarray:
    kind = image.dtype.kind
    if kind == "b":
        return image.astype(np.uint8) * 255
    if image.dtype == np.uint8:
        return image
    if kind == "f":
        image = np.nan_to_num(image.astype(np.float64), nan=0.0, posinf=255.0, neginf=0.0)
        if image.size and float(image.max()) <= 1.0 and float(image.min()) >= 0.0:
            image = image * 255.0    # a 0..1 float image
        return np.clip(np.round(image), 0, 255).astype(np.uint8)
    if kind == "u" and image.dtype.itemsize >= 2:
        return (image >> (8 * image.dtype.itemsize - 8)).astype(np.uint8)   # 10/12/16-bit sensors
    return np.clip(image, 0, 255).astype(np.uint8)                         # signed ints


def check_frame(frame: object) -> tuple[np.ndarray | None, str]:
    """(image the reader can work on, "") or (None, why the frame is not readable)."""
    image, why = as_bgr(frame)
    if image is None:
        return None, f"not readable: {why}"
    height, width = image.shape[:2]
    if min(height, width) < MIN_SIDE:
        return None, f"not readable: the frame is only {width}x{height} px (a board needs {MIN_SIDE} px or more)"
    # the board is found on the grey picture: a frame with no grey contrast shows no board,
    # whatever its colours (a flat colour, or two colours of the same lightness). Every
    # SAMPLE_STEP-th pixel each way first: contrast there is contrast in the frame (most frames
    # end here, for a 64th of the work); else the whole frame decides
    sample = cv2.cvtColor(np.ascontiguousarray(image[::SAMPLE_STEP, ::SAMPLE_STEP]), cv2.COLOR_BGR2GRAY)
    if int(sample.max()) - int(sample.min()) >= MIN_CONTRAST:
        return image, ""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    low, high = int(grey.min()), int(grey.max())
    if high - low < MIN_CONTRAST:
        what = "black" if high < 40 else "white" if low > 215 else "one flat colour"
        return None, f"not readable: the frame is {what} (is the lens covered or the light off?)"
    return image, ""


def fit_zones(zones: Mapping[str, npt.ArrayLike], shape: tuple[int, ...]) -> tuple[dict[str, np.ndarray], list[str]]:
    """The rack zones that can be counted in a frame of `shape`: a zone wholly (or all but a
    sliver) outside it is left out, its rack unknown; a zone reaching past an edge is kept
    as it is (only the part inside the frame is looked at). Also the sentences saying so."""
    height, width = shape[:2]
    fitted: dict[str, np.ndarray] = {}
    notes: list[str] = []
    for name, zone in zones.items():
        points = np.asarray(zone, np.float32).reshape(-1, 2)
        low, high = points.min(axis=0), points.max(axis=0)
        if low[0] >= 0 and low[1] >= 0 and high[0] <= width - 1 and high[1] <= height - 1:
            fitted[name] = points
            continue
        inside_w = min(high[0], width - 1) - max(low[0], 0)
        inside_h = min(high[1], height - 1) - max(low[1], 0)
        if not np.isfinite(points).all() or inside_w < 4 or inside_h < 4:
            notes.append(f"rack zone {name} lies outside the {width}x{height} frame: that rack is not counted")
            continue
        fitted[name] = points
        notes.append(f"rack zone {name} reaches outside the {width}x{height} frame: only the part inside is counted")
    return fitted, notes


@dataclass
class ZoneFit:
    """A reader's configured rack zones, the frame size they were last fitted to, and the
    notes already reported (each once)."""

    configured: dict[str, np.ndarray]
    shape: tuple[int, ...] | None = None
    reported: set[str] = field(default_factory=set)


def guard(reader: BoardReader, frame: object) -> np.ndarray | BoardObservation:
    """For the top of `BoardReader.observe`: the image to read on, or a "not readable"
    BoardObservation to return at once."""
    image, why = check_frame(frame)
    if image is None:
        return BoardObservation.unlocated(why)
    _fit_reader_zones(reader, image.shape)
    return image


def _fit_reader_zones(reader: BoardReader, shape: tuple[int, ...]) -> None:
    """Give the reader rack zones that fit this frame size (once per size; reported once)."""
    if reader.zone_fit is None:
        if not reader.config.rack_zones:
            return
        reader.zone_fit = ZoneFit(reader.config.rack_zones)
    state = reader.zone_fit
    if state.shape == shape[:2]:
        return
    fitted, notes = fit_zones(state.configured, shape)
    for note in notes:
        if note not in state.reported:
            state.reported.add(note)
            log.warning("%s", note)
    state.shape = shape[:2]
    reader.config = dataclasses.replace(reader.config, rack_zones=fitted)
