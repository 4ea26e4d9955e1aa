"""Photographic effects on a float32 BGR frame: table, light, glare, shadow, blur,
sensor noise and JPEG. Every function takes its randomness from the caller's rng."""
from __future__ import annotations

import cv2
import numpy as np

TABLES: dict[str, tuple[tuple[int, int, int], bool]] = {  # colour, wood grain
    "wood": ((70, 110, 150), True),
    "dark-wood": ((35, 55, 80), True),
    "white": ((215, 218, 220), False),
    "grey": ((130, 130, 125), False),
    "green-cloth": ((60, 100, 45), False),
    "blue-cloth": ((110, 70, 40), False),
}


def _smooth_noise(rng: np.random.Generator, size: int, cells: int) -> np.ndarray:
    """Low-frequency noise in [-1, 1] (size x size), from a cells x cells grid."""
    coarse = rng.uniform(-1, 1, (cells, cells)).astype(np.float32)
    return cv2.resize(coarse, (size, size), interpolation=cv2.INTER_CUBIC)


def gaussian_noise(rng: np.random.Generator, shape: tuple[int, ...], std: float) -> np.ndarray:
    """float32 N(0, std) noise. OpenCV's generator is several times faster than
    NumPy's for a whole frame; it is seeded from `rng`, so the result stays
    deterministic."""
    cv2.setRNGSeed(int(rng.integers(2**31 - 1)))
    noise = np.empty((shape[0], int(np.prod(shape[1:]))), np.float32)
    cv2.randn(noise, np.array([0.0]), np.array([float(std)]))
    return noise.reshape(shape)


def table(kind: str, size: int, rng: np.random.Generator) -> np.ndarray:
    """The table around the board, size x size (its texture is soft: callers may draw it
    small and enlarge it)."""
    colour, grain = TABLES[kind]
    shade = 1.0 + 0.06 * _smooth_noise(rng, size, 6)
    if grain:
        x = np.linspace(0, 1, size, dtype=np.float32)
        angle = float(rng.uniform(0, np.pi))
        warp = 0.03 * _smooth_noise(rng, size, 4)
        coord = float(np.cos(angle)) * x[None, :] + float(np.sin(angle)) * x[:, None] + warp
        rings = np.sin(coord * float(rng.uniform(60, 140))) * np.sin(coord * float(rng.uniform(7, 15)))
        shade *= 1.0 + 0.08 * rings
    else:
        shade += gaussian_noise(rng, (size, size), 0.012)  # cloth/surface texture
    return cv2.merge([shade * float(c) for c in colour])


def lighting(image: np.ndarray, rng: np.random.Generator, strength: float) -> None:
    """Uneven light (a linear gradient, a vignette, a colour cast) and the camera's
    colour rendering (saturation, contrast), in place."""
    size = image.shape[0]
    small = 64  # the light varies slowly: build the gain small, enlarge it once
    coords = np.linspace(-0.5, 0.5, small, dtype=np.float32)
    gx, gy = (float(v) * strength for v in rng.normal(0, 1, 2))
    vignette = float(rng.uniform(0.0, 0.35)) * strength * 2
    level = float(rng.uniform(1.0 - 1.3 * strength, 1.0 + 0.3 * strength))  # under- or overexposed
    warmth = float(rng.uniform(-1, 1)) * strength  # > 0: warm lamp light, < 0: cool daylight
    tint = rng.normal(0, 0.03 + 0.1 * strength, 3)  # any other colour cast (camera white balance)
    cast = (1.0 + tint + np.array([-0.25, 0.0, 0.2]) * warmth).astype(np.float32)
    gain = (1.0 + gx * coords[None, :] + gy * coords[:, None]
            - vignette * (coords[None, :] ** 2 + coords[:, None] ** 2)) * level
    image *= cv2.resize(gain[..., None] * cast, (size, size), interpolation=cv2.INTER_LINEAR)
    # a camera's own rendering: washed-out or boosted colour, flattened contrast
    saturation = 1.0 + float(rng.uniform(-0.8, 0.5)) * strength
    contrast = 1.0 - float(rng.uniform(0.0, 0.5)) * strength
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    mean = float(grey.mean())
    grey3 = cv2.merge([grey, grey, grey])
    cv2.addWeighted(image, saturation * contrast, grey3, (1.0 - saturation) * contrast, mean * (1.0 - contrast),
                    dst=image)


def glare(image: np.ndarray, rng: np.random.Generator, centre: tuple[float, float], radius: float) -> None:
    """A bright specular spot (lamp reflected on the glossy board), in place."""
    size = image.shape[0]
    aspect = float(rng.uniform(0.6, 1.6))
    peak = float(rng.uniform(0.3, 0.75))  # strong enough to flatten a letter, not to erase it
    reach_x, reach_y = 2.5 * radius, 2.5 * radius * aspect  # beyond this the spot is below 1e-5
    x0, x1 = max(0, int(centre[0] - reach_x)), min(size, int(centre[0] + reach_x) + 1)
    y0, y1 = max(0, int(centre[1] - reach_y)), min(size, int(centre[1] + reach_y) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    xs = np.arange(x0, x1, dtype=np.float32)
    ys = np.arange(y0, y1, dtype=np.float32)
    gx = np.exp(-2.0 * ((xs - centre[0]) / radius) ** 2)
    gy = np.exp(-2.0 * ((ys - centre[1]) / (radius * aspect)) ** 2)
    spot = (gy[:, None] * gx[None, :]) * peak
    region = image[y0:y1, x0:x1]
    region += (250.0 - region) * spot[..., None]


def cast_shadow(image: np.ndarray, rng: np.random.Generator) -> None:
    """Uneven room light across part of the frame, in place: either the soft shadow of a
    person or lamp arm, or a sharp-edged patch of sunlight crossed by window bars."""
    size = image.shape[0]
    small = 256
    window = bool(rng.random() < 0.5)
    edge = rng.integers(4)
    points = rng.uniform(0, small, (5, 2))
    points[:2, edge % 2] = 0 if edge < 2 else small  # anchored on a frame edge
    mask: np.ndarray = np.zeros((small, small), np.float32)
    cv2.fillPoly(mask, [points.astype(np.int32)], 1.0, cv2.LINE_AA)
    angle = rng.uniform(0, np.pi)
    bars = rng.integers(1, 4)
    offsets = rng.uniform(-0.4, 0.4, bars) * small
    bar_width = int(rng.uniform(0.02, 0.06) * small) + 1
    sharpness = float(rng.uniform(0.5, 3.0) if window else rng.uniform(8, 24))
    strength = float(rng.uniform(0.2, 0.5) if window else rng.uniform(0.15, 0.4))
    if window:
        direction = np.array([np.cos(angle), np.sin(angle)])
        normal = np.array([-direction[1], direction[0]])
        for offset in offsets:
            centre = np.array([small / 2, small / 2]) + normal * offset
            a, b = centre - direction * small * 1.5, centre + direction * small * 1.5
            cv2.line(mask, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 0.0, bar_width, cv2.LINE_AA)
    mask = cv2.GaussianBlur(mask, (0, 0), sharpness)
    mask = cv2.resize(mask, (size, size), interpolation=cv2.INTER_LINEAR)
    if window:  # sunlit patch: brighter inside, the rest of the room a little dimmer
        gain = (1.0 - 0.3 * strength) + strength * mask
    else:
        gain = 1.0 - strength * mask
    image *= gain[..., None]


def auto_exposure(image: np.ndarray, ceiling: float = 240.0) -> None:
    """Scale the frame down, in place, if more than 2% of it would clip, as a camera's
    auto exposure does: a sunlit patch stays brighter than the rest but readable."""
    sample = image[::8, ::8].max(axis=2)
    bright = float(np.percentile(sample, 98))
    if bright > ceiling:
        image *= ceiling / bright


def finish(image: np.ndarray, rng: np.random.Generator, *, blur: float, noise: float,
           jpeg_quality: int) -> np.ndarray:
    """Lens blur, sensor noise and JPEG compression; returns BGR uint8."""
    if blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    if noise > 0:
        image += gaussian_noise(rng, image.shape[:2], noise)[..., None]  # luminance noise
        half = (image.shape[1] // 2, image.shape[0] // 2)  # colour noise is coarser than luminance noise
        chroma = gaussian_noise(rng, (half[1], half[0], 3), noise * 0.5)
        image += cv2.resize(chroma, (image.shape[1], image.shape[0]), interpolation=cv2.INTER_LINEAR)
    out = np.clip(image, 0, 255).astype(np.uint8)
    if jpeg_quality > 0:
        ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(jpeg_quality)])
        out = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    return out
