"""One Scrabble tile seen from above: the big letter, the small value, bevel and shadow.

`tile_sprite` draws a tile on its own (colour + alpha), cached per letter, size and
style; `composite_tile` lays a sprite onto any canvas with offset, rotation and drop
shadow (the frame renderer uses it for every tile on the board); `render_tile` gives
the image of one rectified board cell holding a tile, for training a letter model.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from vision.tilesets import BLANK, printed, tile_value

from .fonts import DEFAULT_FONT, font_for_draw, font_with, glyph

BGR = tuple[int, int, int]

# (face colour, ink colour, wood grain) of common club sets, BGR.
TILE_PRESETS: dict[str, tuple[BGR, BGR, bool]] = {
    "ivory": ((196, 226, 236), (35, 35, 35), False),
    "cream": ((170, 214, 232), (30, 30, 30), False),
    "white": ((236, 238, 238), (25, 25, 25), False),
    "yellowish": ((150, 215, 235), (30, 30, 30), False),
    "wood": ((120, 175, 215), (25, 25, 30), True),
    "grey": ((200, 202, 198), (20, 20, 20), False),
    "navy-white": ((95, 45, 30), (238, 238, 238), False),
    "maroon-yellow": ((40, 30, 110), (120, 225, 245), False),
}
# How often each preset is drawn: club sets are mostly light tiles with dark letters.
_PRESET_WEIGHTS = {"ivory": 5, "cream": 3, "white": 3, "yellowish": 2, "wood": 2, "grey": 1,
                   "navy-white": 1, "maroon-yellow": 1}

# Further tile sets clubs bring (BGR face, ink, wood grain), drawn only when asked for
# (random_tile_style(wide=True): the training data), so the bundled games and fixtures keep
# their looks: dark wooden tiles with dark or light print, black, navy, slate, purple, red
# and green tiles with light print, cream and white with coloured print.
WIDE_TILE_PRESETS: dict[str, tuple[BGR, BGR, bool]] = {
    "dark-wood": ((60, 95, 150), (20, 20, 25), True),
    "dark-wood-light": ((45, 70, 115), (225, 230, 235), True),
    "walnut": ((40, 60, 90), (215, 225, 235), True),
    "black": ((30, 30, 30), (235, 235, 235), False),
    "navy": ((90, 40, 20), (240, 240, 240), False),
    "slate": ((110, 100, 90), (245, 245, 245), False),
    "purple": ((110, 40, 90), (240, 240, 240), False),
    "red": ((40, 40, 180), (245, 245, 245), False),
    "green": ((60, 120, 40), (240, 240, 240), False),
    "cream-blue": ((175, 220, 238), (120, 60, 20), False),
    "white-red": ((238, 240, 240), (40, 40, 170), False),
    # old sets of stained wood: red-brown, as dark as the tan squares of a vintage board, strong grain
    "vintage-wood": ((42, 76, 148), (22, 20, 20), True),
    "mid-wood": ((75, 120, 180), (25, 25, 30), True),
    "light-wood": ((140, 190, 225), (30, 30, 35), True),
}
BLANK_MARKS = ("plain", "logo", "star")  # what a blank tile shows: nothing, a printed logo, a star

# A multi-letter tile's letters: this share of a single letter's height, and together at
# most this share of the tile's side wide (Spanish and Catalan sets print CH, L·L smaller)
MULTI_LETTER_HEIGHT = 0.72
MULTI_LETTER_WIDTH = 0.62

# Board square colours a rectified cell may show around a tile (BGR).
CELL_COLOURS: tuple[BGR, ...] = (
    (170, 205, 215), (150, 200, 215), (80, 140, 60), (70, 60, 200), (150, 150, 235),
    (160, 90, 40), (220, 180, 120), (235, 235, 235),
)


@dataclass(frozen=True)
class TileStyle:
    face: BGR = TILE_PRESETS["ivory"][0]
    ink: BGR = TILE_PRESETS["ivory"][1]
    wood: bool = False
    font: str = DEFAULT_FONT
    tileset: str = "english"
    letter_height: float = 0.50  # cap height of the big letter / tile side
    value_height: float = 0.15  # cap height of the value number / tile side
    letter_shift: tuple[float, float] = (-0.03, -0.03)  # letter centre offset / side
    corner: float = 0.10  # corner radius / side
    bevel: float = 0.5  # strength of the edge highlight and shade
    grain: float = 0.05  # wood grain strength (wood tiles only)
    blank_mark: str = "plain"  # see BLANK_MARKS


def random_tile_style(rng: np.random.Generator, *, tileset: str = "english",
                      font: str | None = None, wide: bool = False) -> TileStyle:
    """A tile set's look; `wide`: drawn from WIDE_TILE_PRESETS as well, half the time."""
    if wide and rng.random() < 0.5:
        wide_names = list(WIDE_TILE_PRESETS)
        face, ink, wood = WIDE_TILE_PRESETS[wide_names[rng.integers(len(wide_names))]]
    else:
        names = list(_PRESET_WEIGHTS)
        weights = np.array([_PRESET_WEIGHTS[n] for n in names], float)
        face, ink, wood = TILE_PRESETS[names[rng.choice(len(names), p=weights / weights.sum())]]
    b, g, r = (int(np.clip(c + rng.normal(0, 6), 0, 255)) for c in face)
    face = b, g, r
    ink_shift = rng.uniform(-1, 1) * 30  # black print ranges from black to dark grey
    b, g, r = (int(np.clip(c + ink_shift * (1 if c < 128 else -0.5), 0, 255)) for c in ink)
    ink = b, g, r
    drawn_font = font_for_draw(float(rng.random()))
    return TileStyle(
        face=face, ink=ink, wood=wood,
        font=font or drawn_font,
        tileset=tileset,
        letter_height=float(rng.uniform(0.44, 0.56)),
        value_height=float(rng.uniform(0.12, 0.18)),
        letter_shift=(float(rng.uniform(-0.06, 0.01)), float(rng.uniform(-0.06, 0.01))),
        corner=float(rng.uniform(0.05, 0.16)),
        bevel=float(rng.uniform(0.25, 0.7)),
    )


WIDE_P = 0.45  # share of frames whose tiles come from WIDE_TILE_PRESETS (wider_tile_style)
BLANK_MARK_P = (0.6, 0.2, 0.2)  # plain, logo, star


def wider_tile_style(style: TileStyle, rng: np.random.Generator, *, blank_mark: str | None = None) -> TileStyle:
    """`style` moved into the whole space clubs bring: WIDE_P of the time another face and ink
    from WIDE_TILE_PRESETS (dark and stained wood, black, navy, slate, purple, red, green), a
    wood grain of its own strength, and blanks plain or marked with a logo or a star (or
    `blank_mark` when given). Always the same number of draws from `rng`."""
    names = list(WIDE_TILE_PRESETS)
    widen = rng.random() < WIDE_P
    face, ink, wood = WIDE_TILE_PRESETS[names[rng.integers(len(names))]]
    jitter = rng.normal(0, 8, 3)
    grain = float(rng.uniform(0.03, 0.12))
    mark = BLANK_MARKS[rng.choice(len(BLANK_MARKS), p=BLANK_MARK_P)]
    if widen:
        b, g, r = (int(np.clip(c + j, 0, 255)) for c, j in zip(face, jitter))
        style = replace(style, face=(b, g, r), ink=ink, wood=wood)
    return replace(style, grain=grain, blank_mark=mark if blank_mark is None else blank_mark)


def _rounded_rect_sdf(side: int, radius: float) -> np.ndarray:
    """Signed distance (px) to the edge of a side x side rounded square; < 0 inside."""
    coords = np.arange(side, dtype=np.float32) + 0.5 - side / 2
    half = side / 2 - radius
    qx = np.abs(coords)[None, :] - half
    qy = np.abs(coords)[:, None] - half
    outside = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return outside + np.minimum(np.maximum(qx, qy), 0) - radius


def _stamp(canvas: np.ndarray, mask: np.ndarray, x: float, y: float) -> None:
    """Max-combine `mask` into `canvas` with its top-left at (x, y), clipped."""
    h, w = mask.shape
    x0, y0 = int(round(x)), int(round(y))
    cx0, cy0 = max(x0, 0), max(y0, 0)
    cx1, cy1 = min(x0 + w, canvas.shape[1]), min(y0 + h, canvas.shape[0])
    if cx1 <= cx0 or cy1 <= cy0:
        return
    region = canvas[cy0:cy1, cx0:cx1]
    np.maximum(region, mask[cy0 - y0:cy1 - y0, cx0 - x0:cx1 - x0], out=region)


def _text_mask(text: str, font: str, cap_px: float, side: int, *, centre_x: float | None = None,
               right_x: float | None = None, baseline_y: float, max_width: float | None = None) -> np.ndarray:
    """Coverage mask (side x side) of `text` with 'H' height cap_px, placed by its ink
    centre or right edge horizontally and by its baseline vertically; made smaller where
    its ink would be wider than max_width."""
    canvas = np.zeros((side, side), np.float32)
    glyphs = [glyph(font, ch) for ch in text]
    scale = cap_px / glyphs[0].cap_height
    if max_width is not None:
        wide = sum(g.mask.shape[1] for g in glyphs) * scale + 0.08 * cap_px * (len(glyphs) - 1)
        if wide > max_width:
            scale *= max_width / wide
            baseline_y -= (cap_px - scale * glyphs[0].cap_height) / 2  # stays centred
            cap_px = scale * glyphs[0].cap_height
    scaled = []
    for g in glyphs:
        h, w = g.mask.shape
        size = (max(1, round(w * scale)), max(1, round(h * scale)))
        scaled.append((cv2.resize(g.mask, size, interpolation=cv2.INTER_AREA), g))
    gap = 0.08 * cap_px
    total = sum(m.shape[1] for m, _ in scaled) + gap * (len(scaled) - 1)
    if centre_x is not None:
        x = centre_x - total / 2
    else:
        x = right_x - total
    for mask, g in scaled:
        _stamp(canvas, mask, x, baseline_y - g.top * scale)
        x += mask.shape[1] + gap
    return canvas


@dataclass(frozen=True)
class TileSprite:
    colour: np.ndarray  # float32 side x side x 3, BGR
    alpha: np.ndarray  # float32 side x side, 0..1
    shadow: np.ndarray  # the alpha blurred, padded by `pad` px on every side
    pad: int


@lru_cache(maxsize=256)  # the letters of a frame or two; a sprite of a large tile is ~150 kB
def tile_sprite(letter: str, side: int, style: TileStyle, variant: int = 0) -> TileSprite:
    """One tile drawn on its own, cached. `letter` is a tile letter or '?' for a blank
    (no letter, no number, perhaps a logo: style.blank_mark); `variant` picks one of a
    wooden set's grain patterns."""
    return make_tile_sprite(letter, side, style, variant)


WOOD_VARIANTS = 4  # grain patterns of a wooden set (each tile shows one)


def side_sprite(sprite: TileSprite, style: TileStyle) -> TileSprite:
    """The tile's side walls: its outline filled with the face colour in shade (a camera at an
    angle sees them between the tile's top and the board)."""
    colour = np.empty_like(sprite.colour)
    colour[:] = np.array(style.face, np.float32) * 0.62
    if style.wood:
        colour *= _wood_grain(sprite.alpha.shape[0], style.grain, 1)[..., None]
    return TileSprite(colour=colour, alpha=sprite.alpha, shadow=sprite.shadow, pad=sprite.pad)


def make_tile_sprite(letter: str, side: int, style: TileStyle, variant: int = 0) -> TileSprite:
    """tile_sprite without the cache, for styles used once."""
    if letter != BLANK:
        tile_value(letter, style.tileset)  # refuses anything that is not a tile letter
    colour, alpha = _draw_tile(letter, side, style, variant)
    blur = max(1, int(side * 0.06))
    pad = 2 * blur + 1
    shadow = cv2.GaussianBlur(np.pad(alpha, pad), (blur * 2 + 1, blur * 2 + 1), 0)
    return TileSprite(colour=colour, alpha=alpha, shadow=shadow, pad=pad)


def _wood_grain(side: int, strength: float, variant: int) -> np.ndarray:
    """Gain of a wooden tile's face: long grain lines along one axis (bent, of varying width,
    some dark streaks) and a slow change of tone, different for each `variant` of a set."""
    rng = np.random.default_rng([side, variant, 7])
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32) / side
    across, along = (yy, xx) if variant % 2 == 0 else (xx, yy)  # grain runs along the tile or across it
    bend = 0.08 * np.sin(along * float(rng.uniform(2, 5)) + float(rng.uniform(0, 6.3)))
    coord = across + bend + 0.04 * along * float(rng.uniform(-1, 1))
    rings = np.sin(2 * np.pi * coord * float(rng.uniform(5, 13)) + float(rng.uniform(0, 6.3)))
    streaks = np.sin(2 * np.pi * coord * float(rng.uniform(20, 40)))
    tone = float(rng.uniform(-1, 1)) * (along - 0.5)
    return (1.0 + strength * (0.7 * rings + 0.35 * np.maximum(streaks, 0) * -1 + 0.6 * tone)).astype(np.float32)


def _blank_mark(kind: str, side: int) -> np.ndarray:
    """Coverage (side x side) of what a marked blank prints in its middle: a maker's logo (a ring
    round a small diamond) or a five-pointed star."""
    mask = np.zeros((side * 4, side * 4), np.uint8)
    c = side * 2
    if kind == "logo":
        cv2.circle(mask, (c, c), int(side * 0.9), 255, max(2, side // 6), cv2.LINE_AA)
        diamond = np.array([[c, c - side * 0.5], [c + side * 0.35, c], [c, c + side * 0.5], [c - side * 0.35, c]])
        cv2.fillPoly(mask, [diamond.astype(np.int32)], 255, cv2.LINE_AA)
    else:
        angles = np.pi / 2 + np.arange(10) * np.pi / 5
        radii = np.where(np.arange(10) % 2 == 0, side * 0.8, side * 0.33)
        points = np.stack([c + radii * np.cos(angles), c - radii * np.sin(angles)], axis=1)
        cv2.fillPoly(mask, [points.astype(np.int32)], 255, cv2.LINE_AA)
    return cv2.resize(mask, (side, side), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def _draw_tile(letter: str, side: int, style: TileStyle, variant: int = 0) -> tuple[np.ndarray, np.ndarray]:
    sdf = _rounded_rect_sdf(side, style.corner * side)
    alpha = np.clip(0.5 - sdf, 0.0, 1.0)
    depth = np.clip(-sdf / max(1.5, 0.07 * side), 0.0, 1.0)  # 0 at the rim, 1 inside
    gy, gx = np.gradient(sdf)
    facing = -(gx + gy) / np.sqrt(2)  # > 0 on edges facing the light (top-left)
    shade = 1.0 + style.bevel * 0.35 * facing * (1.0 - depth) - 0.12 * (1.0 - depth)
    # the tile's thickness: its lower and right sides show as a darker band
    side_band = np.clip(-sdf / max(1.0, 0.05 * side), 0.0, 1.0)
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32) / side
    shade *= 1.0 - style.bevel * 0.25 * (1.0 - side_band) * np.clip((xx + yy - 1.0) * 2, 0.0, 1.0)
    shade *= 1.03 - 0.06 * (xx + yy) / 2  # faint gradient across the face
    colour = np.empty((side, side, 3), np.float32)
    colour[:] = style.face
    if style.wood:
        colour *= _wood_grain(side, style.grain, variant)[..., None]
    colour *= shade[..., None]
    if letter == BLANK and style.blank_mark != "plain":
        colour += (np.array(style.ink, np.float32) - colour) * (0.8 * _blank_mark(style.blank_mark, side))[..., None]
    if letter != BLANK:
        # the tile's printed text: its letter, or a multi-letter tile's two letters side by
        # side, smaller (Spanish CH, Catalan L·L), fitting left of the value number
        text = printed(letter, style.tileset)
        font = font_with(style.font, text)  # a font without the glyph (Lato has no Č): another
        cx = side * (0.5 + style.letter_shift[0])
        cap = style.letter_height * side * (1.0 if len(text) == 1 else MULTI_LETTER_HEIGHT)
        ink = _text_mask(text, font, cap, side, centre_x=cx,
                         baseline_y=side * (0.5 + style.letter_shift[1]) + cap / 2,
                         max_width=None if len(text) == 1 else MULTI_LETTER_WIDTH * side)
        value = tile_value(letter, style.tileset)
        vcap = style.value_height * side
        ink = np.maximum(ink, _text_mask(str(value), style.font, vcap, side,
                                         right_x=side * 0.9, baseline_y=side * 0.9))
        ink *= 0.95
        colour += (np.array(style.ink, np.float32) - colour) * ink[..., None]
    return np.clip(colour, 0, 255), alpha


def composite_tile(canvas: np.ndarray, sprite: TileSprite, centre: tuple[float, float],
                   angle_deg: float, shadow: tuple[float, float, float] = (2.0, 3.0, 0.35)) -> None:
    """Draw a sprite onto a float32 BGR canvas in place, centred at `centre` (x, y),
    turned by angle_deg (counter-clockwise), with a soft drop shadow
    (dx, dy, darkness) cast onto what is underneath."""
    side = sprite.alpha.shape[0]
    reach = int(np.ceil(side * 0.75 + sprite.pad + max(abs(shadow[0]), abs(shadow[1])) + 2))
    x0, y0 = int(centre[0]) - reach, int(centre[1]) - reach
    cx0, cy0 = max(x0, 0), max(y0, 0)
    cx1, cy1 = min(x0 + 2 * reach, canvas.shape[1]), min(y0 + 2 * reach, canvas.shape[0])
    if cx1 <= cx0 or cy1 <= cy0:
        return
    matrix = cv2.getRotationMatrix2D((side / 2, side / 2), angle_deg, 1.0)
    matrix[0, 2] += centre[0] - side / 2 - cx0
    matrix[1, 2] += centre[1] - side / 2 - cy0
    size = (cx1 - cx0, cy1 - cy0)
    region = canvas[cy0:cy1, cx0:cx1]
    dx, dy, darkness = shadow
    if darkness > 0:
        padded = cv2.getRotationMatrix2D((side / 2 + sprite.pad, side / 2 + sprite.pad), angle_deg, 1.0)
        padded[0, 2] += centre[0] - side / 2 - sprite.pad - cx0 + dx
        padded[1, 2] += centre[1] - side / 2 - sprite.pad - cy0 + dy
        shade = cv2.warpAffine(sprite.shadow, padded, size, flags=cv2.INTER_LINEAR) * darkness
        # blendLinear(a, b, wa, wb) = a*wa + b*wb per pixel (weights summing to 1): several
        # times faster than the same NumPy expression on these small regions
        region[:] = cv2.blendLinear(region, np.zeros_like(region), 1.0 - shade, shade)
    colour = cv2.warpAffine(sprite.colour, matrix, size, flags=cv2.INTER_LINEAR)
    alpha = cv2.warpAffine(sprite.alpha, matrix, size, flags=cv2.INTER_LINEAR)
    region[:] = cv2.blendLinear(colour, region, alpha, 1.0 - alpha)


def render_tile(letter: str, *, size: int = 64, font: str | None = None,
                rng: np.random.Generator | None = None, style: TileStyle | None = None,
                tileset: str | None = None) -> np.ndarray:
    """BGR uint8 size x size image of a rectified board cell holding one tile.

    Without `rng` the tile is centred, upright and evenly lit; with it, the tile
    style (if not given), the cell colour around it, offset, rotation, lighting
    and noise vary. `tileset`: the set whose print and values the tile has (without it,
    English or German at random)."""
    if style is None:
        # values as printed in either set, so a letter model sees both corner numbers
        style = (random_tile_style(rng, tileset=tileset or ("english", "german")[int(rng.integers(2))])
                 if rng is not None else TileStyle(tileset=tileset or "english"))
    elif tileset is not None:
        style = replace(style, tileset=tileset)
    if font is not None:
        style = replace(style, font=font)
    canvas: np.ndarray
    if rng is None:
        canvas = np.empty((size, size, 3), np.float32)
        canvas[:] = CELL_COLOURS[0]
        side = int(round(size * 0.92))
        composite_tile(canvas, tile_sprite(letter, side, style), (size / 2, size / 2), 0.0)
        return np.clip(canvas, 0, 255).astype(np.uint8)

    canvas = np.empty((size, size, 3), np.float32)
    canvas[:] = CELL_COLOURS[rng.integers(len(CELL_COLOURS))]
    line = max(1, size // 40)
    canvas[:line] *= 0.7  # grid lines of the board at the cell border
    canvas[:, :line] *= 0.7
    side = int(round(size * rng.uniform(0.86, 0.96)))
    centre = (size / 2 + rng.normal(0, 0.03) * size, size / 2 + rng.normal(0, 0.03) * size)
    shadow = (rng.uniform(-1, 3) * size / 64, rng.uniform(0, 4) * size / 64, rng.uniform(0.15, 0.45))
    composite_tile(canvas, make_tile_sprite(letter, side, style), centre, float(rng.normal(0, 2.5)), shadow)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size
    gx, gy = rng.normal(0, 0.12, 2)
    light = rng.uniform(0.7, 1.15) * (1.0 + gx * (xx - 0.5) + gy * (yy - 0.5))
    canvas *= light[..., None]
    canvas *= np.array(rng.uniform(0.95, 1.05, 3), np.float32)  # white balance
    if rng.random() < 0.5:
        sigma = rng.uniform(0.3, 1.0) * size / 64
        canvas = cv2.GaussianBlur(canvas, (0, 0), sigma)
    canvas += rng.normal(0, rng.uniform(1, 6), canvas.shape).astype(np.float32)
    return np.clip(canvas, 0, 255).astype(np.uint8)
