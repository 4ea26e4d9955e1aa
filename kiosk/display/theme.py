"""Colours for the screens: the Okabe-Ito palette, safe for the common colour-vision deficiencies.

Nothing is told by hue alone: the running clock's panel is also the brightest thing on
screen, overtime also says OVERTIME, the verdict also draws a tick or a cross, doubtful
squares also carry a '?' badge.
"""
from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND: Colour = (14, 17, 22)
PANEL: Colour = (43, 49, 58)
PANEL_EDGE: Colour = (90, 98, 110)
TEXT: Colour = (245, 245, 245)
TEXT_DIM: Colour = (170, 176, 186)
TEXT_DARK: Colour = (10, 10, 10)

YELLOW: Colour = (240, 228, 66)      # the running clock's side
ORANGE: Colour = (230, 159, 0)       # alerts
SKY: Colour = (86, 180, 233)
GREEN: Colour = (0, 158, 115)        # acceptable, camera ok
BLUE: Colour = (0, 114, 178)
VERMILLION: Colour = (213, 94, 0)    # overtime, unacceptable, problems, doubtful squares
PURPLE: Colour = (204, 121, 167)

RUNNING_PANEL = YELLOW
OVERTIME = VERMILLION
ACCEPTABLE = GREEN
UNACCEPTABLE = VERMILLION
ALERT = ORANGE
DOUBTFUL = VERMILLION
HIGHLIGHT_EDGE = BLUE

# board
BOARD_EDGE: Colour = (30, 36, 44)
SQUARE_PLAIN: Colour = (52, 92, 78)
PREMIUM: dict[str, Colour] = {
    "TW": (190, 60, 40),
    "DW": (204, 121, 167),
    "TL": (0, 114, 178),
    "DL": (86, 180, 233),
}
TILE: Colour = (200, 182, 140)      # older tiles muted, so the last play (yellow) stands out
TILE_LAST_PLAY: Colour = YELLOW
TILE_BLANK: Colour = (255, 255, 255)
BLANK_LETTER: Colour = BLUE
TILE_UNKNOWN: Colour = (120, 120, 120)
