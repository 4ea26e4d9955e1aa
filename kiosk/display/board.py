"""The board drawn from its text rows: premium squares and coordinates cached per size,
tiles cached per letter and style; the last play outlined, doubtful cells marked."""
from __future__ import annotations

import math

import pygame

from kiosk.rules.board import COLUMNS, SIZE, letter_multiplier, word_multiplier

from . import theme
from .model import BoardView
from .text import TextPainter

_PREMIUM_NAMES = {(3, 1): "TW", (2, 1): "DW", (1, 3): "TL", (1, 2): "DL"}  # (word, letter) multipliers


def _premium(row: int, col: int) -> str | None:
    return _PREMIUM_NAMES.get((word_multiplier((row, col)), letter_multiplier((row, col))))


class BoardPainter:
    def __init__(self, text: TextPainter) -> None:
        self._text = text
        self._empty: dict[int, pygame.Surface] = {}
        self._tiles: dict[tuple[str, int, str], pygame.Surface] = {}

    @staticmethod
    def geometry(rect: pygame.Rect) -> tuple[pygame.Rect, int]:
        """(outer rect incl. coordinate labels, cell size) for the largest board fitting rect."""
        side = max(SIZE, min(rect.width, rect.height))
        cell = max(1, int(side / (SIZE + 0.7)))
        label = max(0, side - cell * SIZE)
        outer = pygame.Rect(0, 0, cell * SIZE + label, cell * SIZE + label)
        outer.center = rect.center
        return outer, cell

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, board: BoardView) -> pygame.Rect:
        outer, cell = self.geometry(rect)
        empty = self._empty_board(cell, outer.width)
        surface.blit(empty, outer.topleft)
        grid = pygame.Rect(outer.right - cell * SIZE, outer.bottom - cell * SIZE, cell * SIZE, cell * SIZE)
        for r, row in enumerate(board.rows):
            for c, ch in enumerate(row):
                if ch == ".":
                    continue
                style = self._style(ch, (r, c) in board.highlight)
                surface.blit(self._tile(ch, cell, style), (grid.x + c * cell, grid.y + r * cell))
        for r, c in board.doubtful:
            self._mark_doubtful(surface, pygame.Rect(grid.x + c * cell, grid.y + r * cell, cell, cell))
        return grid

    @staticmethod
    def _style(ch: str, last_play: bool) -> str:
        if ch == "#":
            return "unknown"
        kind = "blank" if ch == "?" or ch.islower() else "tile"
        return f"{kind}_last" if last_play else kind

    def _empty_board(self, cell: int, side: int) -> pygame.Surface:
        cached = self._empty.get(cell)
        if cached is not None:
            return cached
        surf = pygame.Surface((side, side))
        surf.fill(theme.BOARD_EDGE)
        label = side - cell * SIZE
        font = self._text.font(int(min(label, cell) * 0.95))  # labels unreadable on tiny boards, but harmless
        small = self._text.font(int(cell * 0.45))
        for i in range(SIZE):
            for text, centre in ((COLUMNS[i], (label + i * cell + cell // 2, label // 2)),
                                 (str(i + 1), (label // 2, label + i * cell + cell // 2))):
                glyph = font.render(text, True, theme.TEXT_DIM)
                surf.blit(glyph, glyph.get_rect(center=centre))
        for r in range(SIZE):
            for c in range(SIZE):
                box = pygame.Rect(label + c * cell, label + r * cell, cell, cell)
                name = _premium(r, c)
                pygame.draw.rect(surf, theme.PREMIUM[name] if name else theme.SQUARE_PLAIN, box)
                pygame.draw.rect(surf, theme.BOARD_EDGE, box, max(1, cell // 20))
                if (r, c) == (SIZE // 2, SIZE // 2):
                    self._star(surf, box)
                elif name and cell >= 18:
                    glyph = small.render(name, True, theme.TEXT_DARK if name in ("DL", "DW") else theme.TEXT)
                    surf.blit(glyph, glyph.get_rect(center=box.center))
        self._empty[cell] = surf
        return surf

    @staticmethod
    def _star(surf: pygame.Surface, box: pygame.Rect) -> None:
        cx, cy, r = box.centerx, box.centery, box.width * 0.38
        points = [(cx + (r if k % 2 == 0 else r * 0.45) * math.sin(k * math.pi / 5),
                   cy - (r if k % 2 == 0 else r * 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        pygame.draw.polygon(surf, theme.TEXT_DARK, points)

    def _tile(self, ch: str, cell: int, style: str) -> pygame.Surface:
        key = (ch, cell, style)
        surf = self._tiles.get(key)
        if surf is not None:
            return surf
        surf = pygame.Surface((cell, cell), pygame.SRCALPHA)
        inset = max(1, cell // 16)
        face = pygame.Rect(inset, inset, cell - 2 * inset, cell - 2 * inset)
        fill = {"tile": theme.TILE, "blank": theme.TILE_BLANK, "unknown": theme.TILE_UNKNOWN}[style.split("_")[0]]
        if style.endswith("_last"):
            fill = theme.TILE_LAST_PLAY
        radius = max(1, cell // 8)
        pygame.draw.rect(surf, fill, face, border_radius=radius)
        if style.endswith("_last"):
            pygame.draw.rect(surf, theme.HIGHLIGHT_EDGE, face, max(2, cell // 7), border_radius=radius)
        colour = theme.BLANK_LETTER if style.startswith("blank") and ch != "?" else theme.TEXT_DARK
        glyph = self._text.font(int(cell * 0.95)).render(ch if ch.isprintable() else "#", True, colour)
        surf.blit(glyph, glyph.get_rect(center=(cell // 2, cell // 2 + cell // 20)))
        self._tiles[key] = surf
        return surf

    def _mark_doubtful(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """A heavy outline spilling over the neighbours and a '?' badge on the corner:
        visible at a glance even on a small screen."""
        width = max(3, box.width // 5)
        pygame.draw.rect(surface, theme.DOUBTFUL, box.inflate(width, width), width)
        badge = pygame.Rect(0, 0, box.width * 3 // 5, box.height * 3 // 5)
        badge.center = (box.right - width // 2, box.top + width // 2)
        pygame.draw.rect(surface, theme.DOUBTFUL, badge, border_radius=badge.width // 4)
        glyph = self._text.font(int(badge.height * 1.2)).render("?", True, theme.TEXT)
        surface.blit(glyph, glyph.get_rect(center=badge.center))
