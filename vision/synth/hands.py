"""A hand and arm reaching in from a frame edge over the board, with its shadow."""
from __future__ import annotations

import cv2
import numpy as np

SKIN = ((95, 140, 200), (120, 165, 225), (70, 110, 165), (50, 75, 110), (140, 180, 230))
SLEEVE = ((40, 40, 40), (150, 60, 30), (60, 60, 150), (200, 200, 200), (70, 110, 80), (120, 120, 120))


def _hand_mask(size: int, rng: np.random.Generator, target: tuple[float, float]
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(arm + hand coverage, sleeve coverage, rounded-volume shading), float32 at 1/4 size."""
    scale = 4  # draw at 1/4 resolution: a hand is smooth, and this keeps it fast
    small = size // scale
    edge = rng.integers(4)
    along = rng.uniform(0.2, 0.8) * size
    start = np.array([(along, size * 1.1), (along, -0.1 * size), (-0.1 * size, along), (size * 1.1, along)][edge])
    tip = np.array(target, np.float64)
    direction = (tip - start) / (np.linalg.norm(tip - start) + 1e-6)
    normal = np.array([-direction[1], direction[0]])
    width = rng.uniform(0.08, 0.11) * size / scale  # in small-image px from here on
    start, tip = start / scale, tip / scale
    palm = tip - direction * width * 0.9
    wrist = palm - direction * width * 0.55
    mask = np.zeros((small, small), np.uint8)
    # the forearm: a tapering chain of discs from the frame edge to the wrist
    steps = int(np.linalg.norm(wrist - start) / max(1.0, width * 0.15)) + 2
    for t in np.linspace(0.0, 1.0, steps):
        centre = start + (wrist - start) * t
        cv2.circle(mask, (int(centre[0]), int(centre[1])), int(width * (0.5 - 0.2 * t)), 255, -1, cv2.LINE_AA)
    angle = float(np.degrees(np.arctan2(direction[1], direction[0])))
    cv2.ellipse(mask, (int(palm[0]), int(palm[1])), (int(width * 0.55), int(width * 0.45)), angle, 0, 360,
                255, -1, cv2.LINE_AA)
    finger = max(2, int(width * 0.16))
    spread = rng.uniform(-0.2, 0.2)
    for i, offset in enumerate((-0.3, -0.1, 0.1, 0.3)):
        base = palm + direction * width * 0.4 + normal * width * offset
        length = width * (0.55 + 0.15 * (i in (1, 2))) * rng.uniform(0.5, 1.1)
        bend = direction + normal * (spread + offset * 0.6)
        end = base + bend / np.linalg.norm(bend) * length
        cv2.line(mask, (int(base[0]), int(base[1])), (int(end[0]), int(end[1])), 255, finger, cv2.LINE_AA)
    side = rng.choice([-1.0, 1.0])
    thumb = palm + normal * width * 0.4 * side
    thumb_end = thumb + (direction * 0.5 + normal * side * 0.6) * width * 0.7
    cv2.line(mask, (int(thumb[0]), int(thumb[1])), (int(thumb_end[0]), int(thumb_end[1])), 255,
             int(finger * 1.2), cv2.LINE_AA)
    ys, xs = np.mgrid[0:small, 0:small].astype(np.float32)
    reach = (xs - start[0]) * direction[0] + (ys - start[1]) * direction[1]
    cuff = np.linalg.norm(wrist - start) - width * rng.uniform(0.3, 2.5)
    sleeve = np.clip((cuff - reach) / 2.0, 0.0, 1.0)
    inside = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 3)
    volume = 0.7 + 0.3 * np.clip(inside / (width * 0.2), 0.0, 1.0)
    return mask.astype(np.float32) / 255.0, sleeve, volume


def draw_hand(image: np.ndarray, rng: np.random.Generator, target: tuple[float, float]) -> np.ndarray:
    """Paint a hand reaching to `target` (x, y) into the float32 frame, in place, with
    its shadow on what is below. Returns the hand's coverage mask (0..1)."""
    size = image.shape[0]
    mask, sleeve, volume = _hand_mask(size, rng, target)
    small = mask.shape[0]
    shift = np.array([[1, 0, rng.uniform(0.01, 0.04) * small], [0, 1, rng.uniform(0.01, 0.04) * small]], np.float32)
    shadow = cv2.GaussianBlur(cv2.warpAffine(mask, shift, (small, small)), (0, 0), small * 0.012)
    skin = np.array(SKIN[rng.integers(len(SKIN))], np.float32) * float(rng.uniform(0.9, 1.1))
    cloth = np.array(SLEEVE[rng.integers(len(SLEEVE))], np.float32)
    colour = (skin + (cloth - skin) * sleeve[..., None]) * volume[..., None]
    darkness = float(rng.uniform(0.25, 0.5))
    streak = int(rng.integers(0, 6))  # a moving hand smears along its motion (small-image px)
    if streak:
        angle = rng.uniform(0, np.pi)
        kernel = np.zeros((2 * streak + 1, 2 * streak + 1), np.float32)
        tip = (int(round(streak + streak * np.cos(angle))), int(round(streak + streak * np.sin(angle))))
        cv2.line(kernel, (2 * streak - tip[0], 2 * streak - tip[1]), tip, 1.0)
        kernel /= kernel.sum()
        colour = cv2.filter2D(colour * mask[..., None], -1, kernel)
        mask = cv2.filter2D(mask, -1, kernel)
        colour = colour / np.maximum(mask, 1e-3)[..., None]  # back to unpremultiplied colour
    grow = (size, size)
    shadow = cv2.resize(shadow, grow, interpolation=cv2.INTER_LINEAR)
    mask = cv2.resize(mask, grow, interpolation=cv2.INTER_LINEAR)
    colour = cv2.resize(colour, grow, interpolation=cv2.INTER_LINEAR)
    image *= (1.0 - darkness * shadow)[..., None]
    image += (colour - image) * mask[..., None]
    return mask
