"""Players' racks with tiles standing on them, at the frame's bottom and top edges.

Player p1 sits at the bottom of the frame and reads its tiles upright; p2 sits
opposite, so its rack and tiles appear turned by 180 degrees.
"""
from __future__ import annotations

import cv2
import numpy as np

from .tiles import TileStyle, tile_sprite

RACK_PLAYERS = ("p1", "p2")
RACK_COLOURS = ((30, 30, 30), (40, 70, 110), (120, 120, 120), (60, 40, 130))
RACK_DEPTH = 0.085  # rack zone height / frame size
MAX_RACK_TILES = 10  # 7 plus an overdraw; more than seven squeeze together on the bar


def rack_zone(player: str, size: int, centre_x: float) -> np.ndarray:
    """4x2 polygon (TL, TR, BR, BL in the image) where a player's rack stands."""
    length, depth = 0.52 * size, RACK_DEPTH * size
    y0 = size * 0.905 if player == "p1" else size * 0.01
    return np.array([[centre_x - length / 2, y0], [centre_x + length / 2, y0],
                     [centre_x + length / 2, y0 + depth], [centre_x - length / 2, y0 + depth]], np.float32)


def draw_rack(image: np.ndarray, zone: np.ndarray, letters: list[str], style: TileStyle,
              rng: np.random.Generator, flipped: bool) -> None:
    """Draw a rack filling `zone` with `letters` standing on it (float32 frame, in place)."""
    x0, y0 = zone[0]
    x1, y1 = zone[2]
    width, depth = x1 - x0, y1 - y0
    colour = np.array(RACK_COLOURS[rng.integers(len(RACK_COLOURS))], np.float32)
    ix0, iy0, ix1, iy1 = int(x0), int(y0), int(x1), int(y1)
    # the rack bar: a ledge at the front, the slanted back behind the tiles
    image[iy0:iy1, ix0:ix1] = colour * 1.15
    ledge = int(depth * 0.28)
    front = slice(iy1 - ledge, iy1) if not flipped else slice(iy0, iy0 + ledge)
    image[front, ix0:ix1] = colour * 0.8
    tile_w = width / max(8.2, len(letters) * 1.08 + 0.6)
    side = int(round(tile_w))
    tile_h = int(round(min(depth - ledge - 2, tile_w * 0.85)))  # tiles lean back: foreshortened
    start = x0 + width * 0.04 + rng.uniform(0, max(0.0, 7 - len(letters))) * tile_w
    for i, letter in enumerate(letters):
        sprite = tile_sprite(letter, side, style)
        colour_t, alpha = sprite.colour, sprite.alpha
        colour_t = cv2.resize(colour_t, (side, tile_h), interpolation=cv2.INTER_AREA)
        alpha = cv2.resize(alpha, (side, tile_h), interpolation=cv2.INTER_AREA)
        if flipped:
            colour_t, alpha = colour_t[::-1, ::-1], alpha[::-1, ::-1]
        tx = int(start + i * tile_w * 1.08)
        ty = iy1 - ledge - tile_h if not flipped else iy0 + ledge
        region = image[ty:ty + tile_h, tx:tx + side]
        if region.shape[:2] != alpha.shape:
            continue
        region += (colour_t * 0.92 - region) * alpha[..., None]
