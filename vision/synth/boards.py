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

_LABELS = {"TW": ("TRIPLE", "WORD", "SCORE"), "DW": ("DOUBLE", "WORD", "SCORE"),
           "TL": ("TRIPLE", "LETTER", "SCORE"), "DL": ("DOUBLE", "LETTER", "SCORE")}


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
}


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
        label_ink=style.label_ink,
    )


def _star(canvas: np.ndarray, centre: tuple[float, float], radius: float, colour: BGR) -> None:
    angles = np.pi / 2 + np.arange(10) * np.pi / 5
    radii = np.where(np.arange(10) % 2 == 0, radius, radius * 0.45)
    points = np.stack([centre[0] + radii * np.cos(angles), centre[1] - radii * np.sin(angles)], axis=1)
    cv2.fillPoly(canvas, [np.round(points * 16).astype(np.int32)], colour, cv2.LINE_AA, shift=4)


def _label(canvas: np.ndarray, lines: tuple[str, ...], x0: float, y0: float, cell: float, ink: BGR) -> None:
    scale = cell / 150
    thickness = max(1, int(round(cell / 45)))
    for i, text in enumerate(lines):
        (w, h), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        x = x0 + (cell - w) / 2
        y = y0 + cell * (0.33 + 0.24 * i) + h / 2
        cv2.putText(canvas, text, (int(x), int(y)), cv2.FONT_HERSHEY_SIMPLEX, scale, ink, thickness, cv2.LINE_AA)


def draw_board(style: BoardStyle, cell: int, margin: int, *, labels: bool, star: bool = True) -> np.ndarray:
    """Float32 BGR texture of the upright empty board: the playing area is the square
    [margin, margin + 15*cell) in both axes, surrounded by `margin` px of rim."""
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
    if labels:
        for (r, c), kind in PREMIUM.items():
            if (r, c) != (7, 7):
                _label(area, _LABELS[kind], c * cell, r * cell, cell, style.label_ink)
    if star:
        _star(area, (7.5 * cell, 7.5 * cell), cell * 0.42, (30, 30, 30) if style.name == "classic" else style.line)
    if style.paper:
        _draw_paper_print(canvas, margin, cell)
    return canvas.astype(np.float32)


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
