"""Empty boards seen straight from above: premium layout, colours, labels, star.

`draw_board` paints the upright board (playing area plus its rim) into a float32
BGR texture; the frame renderer lays tiles on it and warps it into the camera view.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from kiosk.rules.board import PREMIUM, SIZE

BGR = tuple[int, int, int]



@dataclass(frozen=True)
class BoardStyle:
    name: str
    cell: BGR
    line: BGR
    rim: BGR  # the board's border around the playing area
    premium: dict[str, BGR]
    line_width: float = 0.04  # / cell
    teeth: int = 0  # small squares on each edge of a premium square (German boards), 0 = none
    paper: bool = False  # printed sheet: white margin, header text, colour strip
    label_ink: BGR = (245, 245, 245)
    texture: float = 0.0  # strength of the squares' woven or grained print (vintage boards), 0 = flat
    pinked: bool = False  # premium squares with zigzag edges (vintage English boards)
    opacity: float = 1.0  # < 1: translucent or clear plastic, the table shows through
    gloss: float = 0.0  # how likely a lamp's glare on the board (added to the frame's own chance)


BOARD_STYLES: dict[str, BoardStyle] = {
    "classic": BoardStyle(
        name="classic", cell=(172, 205, 212), line=(222, 236, 240), rim=(40, 35, 105),
        premium={"TW": (45, 45, 200), "DW": (165, 160, 240), "TL": (165, 105, 40), "DL": (225, 200, 150)},
        line_width=0.06,
    ),
    "german": BoardStyle(
        name="german", cell=(72, 135, 52), line=(38, 72, 28), rim=(215, 222, 222),
        premium={"TW": (45, 45, 175), "DW": (100, 100, 220), "TL": (150, 75, 25), "DL": (225, 170, 105)},
        line_width=0.035, teeth=2,
    ),
    "deluxe": BoardStyle(  # turntable deluxe edition: raised dark grid ridges hold the tiles
        name="deluxe", cell=(196, 212, 218), line=(45, 38, 52), rim=(28, 26, 30),
        premium={"TW": (40, 40, 190), "DW": (150, 150, 235), "TL": (150, 90, 30), "DL": (220, 190, 140)},
        line_width=0.13,
    ),
    "paper": BoardStyle(
        name="paper", cell=(110, 150, 70), line=(45, 80, 35), rim=(238, 240, 240),
        premium={"TW": (50, 45, 185), "DW": (110, 105, 225), "TL": (165, 85, 30), "DL": (235, 185, 120)},
        line_width=0.03, teeth=3, paper=True,
    ),
    # The styles below are drawn less often (NEW_STYLES_P in frames.py): the wider club space.
    "vintage": BoardStyle(  # 1950s-70s English board: tan woven squares, light grid, pinked premiums,
        # dark-blue label print; dark wooden tiles on it are hardly lighter or darker than the squares
        name="vintage", cell=(95, 122, 152), line=(200, 208, 210), rim=(40, 45, 95),
        premium={"TW": (60, 55, 205), "DW": (150, 140, 235), "TL": (195, 140, 45), "DL": (225, 200, 150)},
        line_width=0.07, label_ink=(90, 50, 30), texture=0.09, pinked=True,
    ),
    "yellow": BoardStyle(  # yellow plastic travel board
        name="yellow", cell=(70, 200, 230), line=(40, 120, 150), rim=(40, 150, 190),
        premium={"TW": (50, 50, 200), "DW": (140, 130, 240), "TL": (170, 100, 40), "DL": (230, 190, 120)},
        line_width=0.05,
    ),
    "cream": BoardStyle(  # cream board with thin dark lines (tournament and designer editions)
        name="cream", cell=(200, 226, 236), line=(110, 120, 125), rim=(60, 70, 80),
        premium={"TW": (50, 60, 190), "DW": (160, 170, 240), "TL": (150, 110, 60), "DL": (220, 205, 170)},
        line_width=0.03, label_ink=(60, 60, 60),
    ),
    "clear": BoardStyle(  # translucent plastic on a turntable: the table shows through, glossy
        name="clear", cell=(228, 230, 230), line=(150, 150, 150), rim=(200, 205, 205),
        premium={"TW": (80, 80, 220), "DW": (170, 160, 240), "TL": (200, 140, 70), "DL": (235, 215, 170)},
        line_width=0.04, opacity=0.55, gloss=0.5,
    ),
}
CLUB_STYLES = ("classic", "german", "deluxe", "paper")  # the styles drawn before the style space widened
NEW_STYLES = ("vintage", "yellow", "cream", "clear")
# label texts boards print (English boards mostly the first; the label variant is drawn per board)
LABEL_TEXTS = (
    {"TW": ("TRIPLE", "WORD", "SCORE"), "DW": ("DOUBLE", "WORD", "SCORE"),
     "TL": ("TRIPLE", "LETTER", "SCORE"), "DL": ("DOUBLE", "LETTER", "SCORE")},
    {"TW": ("TRIPLE", "WORD"), "DW": ("DOUBLE", "WORD"), "TL": ("TRIPLE", "LETTER"), "DL": ("DOUBLE", "LETTER")},
    {"TW": ("3W",), "DW": ("2W",), "TL": ("3L",), "DL": ("2L",)},
    {"TW": ("MOT", "TRIPLE"), "DW": ("MOT", "DOUBLE"), "TL": ("LETTRE", "TRIPLE"), "DL": ("LETTRE", "DOUBLE")},
)
LABEL_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_COMPLEX)


def _jitter(colour: BGR, rng: np.random.Generator, amount: float) -> BGR:
    b, g, r = (int(np.clip(c + rng.normal(0, amount), 0, 255)) for c in colour)
    return b, g, r


def vary_style(style: BoardStyle, rng: np.random.Generator) -> BoardStyle:
    """The same kind of board from another maker or print run: colours shifted a little."""
    return BoardStyle(
        name=style.name, cell=_jitter(style.cell, rng, 8), line=_jitter(style.line, rng, 6),
        rim=_jitter(style.rim, rng, 10), premium={k: _jitter(v, rng, 10) for k, v in style.premium.items()},
        line_width=style.line_width * rng.uniform(0.8, 1.25),
        teeth=int(rng.integers(2, 4)) if style.teeth else 0, paper=style.paper,
        label_ink=style.label_ink, texture=style.texture, pinked=style.pinked, opacity=style.opacity,
        gloss=style.gloss,
    )


def _star(canvas: np.ndarray, centre: tuple[float, float], radius: float, colour: BGR) -> None:
    angles = np.pi / 2 + np.arange(10) * np.pi / 5
    radii = np.where(np.arange(10) % 2 == 0, radius, radius * 0.45)
    points = np.stack([centre[0] + radii * np.cos(angles), centre[1] - radii * np.sin(angles)], axis=1)
    cv2.fillPoly(canvas, [np.round(points * 16).astype(np.int32)], colour, cv2.LINE_AA, shift=4)


def _label(canvas: np.ndarray, lines: tuple[str, ...], x0: float, y0: float, cell: float, ink: BGR,
           font: int = cv2.FONT_HERSHEY_SIMPLEX) -> None:
    thickness = max(1, int(round(cell / 45)))
    # as wide as the square allows (short labels such as "2W" come out big)
    widest = max(cv2.getTextSize(t, font, 1.0, thickness)[0][0] for t in lines)
    scale = min(cell / 150 * (2.2 if len(lines) == 1 else 1.0), 0.8 * cell / max(1, widest))
    step = 0.24 if len(lines) == 3 else 0.3
    first = 0.5 - step * (len(lines) - 1) / 2
    for i, text in enumerate(lines):
        (w, h), _ = cv2.getTextSize(text, font, scale, thickness)
        x = x0 + (cell - w) / 2
        y = y0 + cell * (first + step * i) + h / 2
        cv2.putText(canvas, text, (int(x), int(y)), font, scale, ink, thickness, cv2.LINE_AA)


def draw_board(style: BoardStyle, cell: int, margin: int, *, labels: bool, star: bool = True,
               label_variant: int = 0, label_font: int = 0, rng: np.random.Generator | None = None) -> np.ndarray:
    """Float32 BGR texture of the upright empty board: the playing area is the square
    [margin, margin + 15*cell) in both axes, surrounded by `margin` px of rim.
    `label_variant` / `label_font`: which LABEL_TEXTS and LABEL_FONTS the labels use; `rng`
    draws a textured style's weave (without it, a fixed one)."""
    side = SIZE * cell + 2 * margin
    canvas = np.empty((side, side, 3), np.uint8)
    canvas[:] = style.rim
    area = canvas[margin:margin + SIZE * cell, margin:margin + SIZE * cell]
    area[:] = style.line
    half_line = max(1.0, style.line_width * cell) / 2
    for r in range(SIZE):
        for c in range(SIZE):
            colour = style.premium.get(PREMIUM.get((r, c), ""), style.cell)
            y0, x0 = r * cell + half_line, c * cell + half_line
            y1, x1 = (r + 1) * cell - half_line, (c + 1) * cell - half_line
            area[int(round(y0)):int(round(y1)), int(round(x0)):int(round(x1))] = colour
    if style.teeth:
        _draw_teeth(area, style, cell)
    if style.pinked:
        _draw_pinked(area, style, cell)
    if style.texture:
        _weave(area, style, cell, rng or np.random.default_rng(0))
    if labels:
        texts = LABEL_TEXTS[label_variant % len(LABEL_TEXTS)]
        for (r, c), kind in PREMIUM.items():
            if (r, c) != (7, 7):
                _label(area, texts[kind], c * cell, r * cell, cell, style.label_ink,
                       LABEL_FONTS[label_font % len(LABEL_FONTS)])
    if star:
        _star(area, (7.5 * cell, 7.5 * cell), cell * 0.42, (30, 30, 30) if style.name == "classic" else style.line)
    if style.paper:
        _draw_paper_print(canvas, margin, cell)
    return canvas.astype(np.float32)


def _draw_pinked(area: np.ndarray, style: BoardStyle, cell: int) -> None:
    """Zigzag edges on premium squares, reaching a little into the grid line."""
    teeth = 6
    depth = max(1.5, style.line_width * cell * 0.8)
    for (r, c), kind in PREMIUM.items():
        x0, y0, x1, y1 = c * cell, r * cell, (c + 1) * cell, (r + 1) * cell
        points = []
        for i in range(teeth * 2 + 1):  # top, right, bottom, left: out, in, out ...
            t = i / (teeth * 2)
            d = depth if i % 2 else depth * 0.1
            points.append((x0 + t * cell, y0 + d))
        for i in range(teeth * 2 + 1):
            t = i / (teeth * 2)
            points.append((x1 - (depth if i % 2 else depth * 0.1), y0 + t * cell))
        for i in range(teeth * 2 + 1):
            t = i / (teeth * 2)
            points.append((x1 - t * cell, y1 - (depth if i % 2 else depth * 0.1)))
        for i in range(teeth * 2 + 1):
            t = i / (teeth * 2)
            points.append((x0 + (depth if i % 2 else depth * 0.1), y1 - t * cell))
        cv2.fillPoly(area, [np.round(np.array(points) * 16).astype(np.int32)], style.premium[kind], cv2.LINE_AA,
                     shift=4)


def _weave(area: np.ndarray, style: BoardStyle, cell: int, rng: np.random.Generator) -> None:
    """A woven or grained print over the squares (not the grid lines): fine cross-hatch
    and blotchy shading, as on old paper-covered boards."""
    side = area.shape[0]
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
    period = max(2.0, cell / float(rng.uniform(9, 16)))
    hatch = np.sin(2 * np.pi * xx / period) * np.sin(2 * np.pi * yy / period)
    coarse = rng.uniform(-1, 1, (24, 24)).astype(np.float32)
    blotch = cv2.resize(coarse, (side, side), interpolation=cv2.INTER_CUBIC)
    fine = cv2.GaussianBlur(rng.normal(0, 1, (side, side)).astype(np.float32), (0, 0), max(0.6, cell / 60))
    gain = 1.0 + style.texture * (0.5 * hatch + 0.5 * blotch + 0.8 * fine)
    line = np.all(area == np.array(style.line, np.uint8), axis=2)
    gain[line] = 1.0 + 0.3 * style.texture * blotch[line]
    np.copyto(area, np.clip(area.astype(np.float32) * gain[..., None], 0, 255).astype(np.uint8))


def _draw_teeth(area: np.ndarray, style: BoardStyle, cell: int) -> None:
    """Two or three small squares sticking out of each side of a premium square."""
    tooth = max(2, int(round(cell * 0.09)))
    places = (0.3, 0.5, 0.7) if style.teeth == 3 else (1 / 3, 2 / 3)
    for (r, c), kind in PREMIUM.items():
        colour = style.premium[kind]
        for i in places:
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                nr, nc = r + dr, c + dc
                if not (0 <= nr < SIZE and 0 <= nc < SIZE) or (nr, nc) in PREMIUM:
                    continue
                if dr:
                    x = int((c + i) * cell - tooth / 2)
                    y = int(r * cell - tooth) if dr < 0 else int((r + 1) * cell)
                else:
                    y = int((r + i) * cell - tooth / 2)
                    x = int(c * cell - tooth) if dc < 0 else int((c + 1) * cell)
                area[y:y + tooth, x:x + tooth] = colour


def _draw_paper_print(canvas: np.ndarray, margin: int, cell: int) -> None:
    """Header text and a printer's colour strip in the paper margin."""
    scale = cell / 90
    cv2.putText(canvas, "scrabble board v03", (canvas.shape[1] // 2 - int(4 * cell), max(12, margin // 2)),
                cv2.FONT_HERSHEY_SIMPLEX, scale, (60, 60, 60), 1, cv2.LINE_AA)
    strip_y = canvas.shape[0] - max(4, margin // 2)
    colours = [(40, 40, 40), (90, 90, 90), (150, 150, 150), (200, 200, 200), (40, 40, 200),
               (40, 200, 40), (200, 40, 40), (40, 200, 220), (200, 40, 200)]
    w = max(3, cell // 4)
    for start in (margin, canvas.shape[1] // 2, canvas.shape[1] - margin - len(colours) * w):
        for i, colour in enumerate(colours):
            canvas[strip_y:strip_y + max(3, margin // 5), start + i * w:start + (i + 1) * w] = colour
