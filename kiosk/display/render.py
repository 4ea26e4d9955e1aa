"""`render(surface, model)`: draw any ScreenModel on a Surface of any size.

Layout is relative to the surface: the two players' panels (name, score, clock) and the
bag count across the top, the board and the screen's own panel in the middle, the status
line at the bottom. Start, result, recovered and error use the whole middle and top.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from vision.observation import RackUnknown

from . import theme, widgets
from .board import BoardPainter
from .model import PlayerView, ScreenModel
from .screens import PAGES, SIDE
from .text import TextPainter


MIN_SIDE = 48  # pixels; below this a surface only gets the background
RACK_LINE = 0.2  # of a player panel's height inside its padding: the rack line, when the racks are watched

# a rack the camera does not count, as the players read it in their panel (issue 18): what is wrong
# and, where they can, what to do
RACK_WORDS: dict[RackUnknown, str] = {
    "covered": "rack covered",
    "moved": "rack moved: put it back",
    "out_of_frame": "rack out of view: move it in",
    "not_learnt": "rack not learnt: not counted this game",
    "unclear": "rack not clear to the camera",
    "no_board": "camera cannot see the board",
}


def rack_line(player: PlayerView) -> str:
    """The rack line of a player's panel: the camera's count, or why there is none ("": none)."""
    if player.rack_unknown is not None:
        return RACK_WORDS[player.rack_unknown]
    if player.rack_tiles is not None:
        return f"rack: {player.rack_tiles} tile{'s' if player.rack_tiles != 1 else ''}"
    return ""


@dataclass(frozen=True)
class Layout:
    players: tuple[pygame.Rect, pygame.Rect]
    bag: pygame.Rect
    board: pygame.Rect
    side: pygame.Rect
    page: pygame.Rect      # for whole-page screens: everything above the status line
    status: pygame.Rect


def layout(width: int, height: int) -> Layout:
    m = max(4, int(min(width, height) * 0.015))
    status_h = max(16, int(height * 0.05))
    status = pygame.Rect(m, height - status_h - m // 2, width - 2 * m, status_h)
    page = pygame.Rect(m * 2, m, width - 4 * m, status.y - 2 * m)
    landscape = width >= height * 1.2
    header_h = int(height * (0.30 if landscape else 0.20))
    bag_w = int((width - 2 * m) * 0.12)
    panel_w = (width - 4 * m - bag_w) // 2
    p0 = pygame.Rect(m, m, panel_w, header_h)
    bag = pygame.Rect(p0.right + m, m, bag_w, header_h)
    p1 = pygame.Rect(bag.right + m, m, panel_w, header_h)
    middle = pygame.Rect(m, p0.bottom + m, width - 2 * m, status.y - p0.bottom - 2 * m)
    if landscape:
        side_len = min(middle.height, int(middle.width * 0.5))
        board = pygame.Rect(middle.x, middle.y, side_len, middle.height)
        side = pygame.Rect(board.right + 2 * m, middle.y, middle.right - board.right - 3 * m, middle.height)
    else:
        side_len = min(middle.width, int(middle.height * 0.58))
        board = pygame.Rect(middle.x, middle.y, middle.width, side_len)
        side = pygame.Rect(middle.x + m, board.bottom + m, middle.width - 2 * m, middle.bottom - board.bottom - m)
    return Layout((p0, p1), bag, board, side, page, status)


class Renderer:
    """Holds the caches (fonts, text, empty board, tiles); one per display."""

    def __init__(self) -> None:
        self.text = TextPainter()
        self.board = BoardPainter(self.text)
        self._layouts: dict[tuple[int, int], Layout] = {}

    def render(self, surface: pygame.Surface, model: ScreenModel) -> tuple[str, ...]:
        """Draw the model; returns every string drawn (for tests and logs)."""
        self.text.log = []
        self.text.buttons = []
        size = surface.get_size()
        lay = self._layouts.get(size)
        if lay is None:
            lay = self._layouts[size] = layout(*size)
        surface.fill(theme.BACKGROUND)
        if min(size) < MIN_SIDE:  # a window dragged down to nothing: draw nothing rather than fail
            return ()
        if model.screen in PAGES:
            PAGES[model.screen](surface, lay.page, model, self.text)
        else:
            for i, rect in enumerate(lay.players):
                self._player(surface, rect, model.players[i], i, model)
            self._bag(surface, lay.bag, model.bag_count)
            self.board.draw(surface, lay.board, model.board)
            side = lay.side
            if model.alerts and model.screen != "alert":
                banner = pygame.Rect(side.x, side.y, side.width, max(20, side.height // 8))
                widgets.alert_banner(surface, banner, model.alerts, self.text)
                side = pygame.Rect(side.x, banner.bottom + banner.height // 4, side.width,
                                   side.bottom - banner.bottom - banner.height // 4)
            SIDE[model.screen](surface, side, model, self.text)
        self._status(surface, lay.status, model)
        return tuple(self.text.log)

    def button_at(self, pos: tuple[int, int]) -> str | None:
        """The button whose hint was drawn at pos in the last frame ("confirm", "cancel", ...),
        so a touch screen can answer a prompt like the hardware button would."""
        for area, button in self.text.buttons:
            if area.collidepoint(pos):
                return button.lower()
        return None

    def _player(self, surface: pygame.Surface, rect: pygame.Rect, player: PlayerView, index: int,
                model: ScreenModel) -> None:
        running = player.clock.running and not model.clocks_neutralized
        fg = theme.TEXT_DARK if running else theme.TEXT
        on_turn = model.to_move == index
        widgets.box(surface, rect, theme.RUNNING_PANEL if running else theme.PANEL,
                    fg if on_turn else None, max(3, rect.height // 25))
        pad = max(4, rect.height // 14)
        inner = rect.inflate(-2 * pad, -2 * pad)
        name_row = pygame.Rect(inner.x, inner.y, inner.width, int(inner.height * 0.26))
        name = name_row.copy()
        if on_turn:
            marker = pygame.Rect(name_row.x, name_row.y + name_row.height // 10, name_row.height,
                                 name_row.height * 4 // 5)
            widgets.triangle_right(surface, marker, fg)
            label = pygame.Rect(0, 0, int(inner.width * 0.3), int(name_row.height * 0.75))
            label.midright = name_row.midright
            text_rect = self.text.draw(surface, "TO PLAY", label, fg, align="right")
            name = pygame.Rect(marker.x + int(marker.height * 1.1), name_row.y,
                               text_rect.x - marker.x - int(marker.height * 1.3), name_row.height)
        self.text.draw(surface, player.name, name, fg, align="left")
        bottom = inner.bottom
        rack = rack_line(player)
        if rack:
            row = pygame.Rect(inner.x, inner.bottom - int(inner.height * RACK_LINE), inner.width,
                              int(inner.height * RACK_LINE))
            self.text.draw(surface, rack, row, fg, align="left")
            bottom = row.y - pad // 4
        body = pygame.Rect(inner.x, name_row.bottom + pad // 2, inner.width, bottom - name_row.bottom - pad // 2)
        score = pygame.Rect(body.x, body.y, int(body.width * 0.42), body.height)
        self.text.draw(surface, str(player.score), score, fg, align="left", shrink=0)
        clock = pygame.Rect(score.right + pad, body.y, body.right - score.right - pad, body.height)
        self._clock(surface, clock, player, fg, model.clocks_neutralized)

    def _clock(self, surface: pygame.Surface, rect: pygame.Rect, player: PlayerView, fg: theme.Colour,
               neutralized: bool) -> None:
        caption_h = rect.height // 4
        if player.clock.overtime:
            widgets.box(surface, rect, theme.OVERTIME)
            fg = theme.TEXT
            caption = "OVERTIME"
        else:
            caption = "STOPPED" if neutralized else ""
        if caption:
            self.text.draw(surface, caption, pygame.Rect(rect.x, rect.y + caption_h // 8, rect.width, caption_h), fg)
            digits = pygame.Rect(rect.x, rect.y + caption_h, rect.width, rect.height - caption_h)
        else:
            digits = rect
        self.text.draw(surface, player.clock.text, digits.inflate(-rect.height // 10, -rect.height // 12), fg,
                       align="right" if not caption else "center", shrink=0)

    def _bag(self, surface: pygame.Surface, rect: pygame.Rect, count: int | None) -> None:
        widgets.box(surface, rect, theme.PANEL)
        label, number = pygame.Rect(rect.x, rect.y, rect.width, rect.height // 4), \
            pygame.Rect(rect.x, rect.y + rect.height // 4, rect.width, rect.height * 3 // 5)
        self.text.draw(surface, "BAG", label.inflate(-rect.width // 5, -label.height // 4), theme.TEXT_DIM)
        self.text.draw(surface, "–" if count is None else str(count), number.inflate(-rect.width // 8, 0),
                       theme.TEXT, shrink=0)

    def _status(self, surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel) -> None:
        status = model.status
        dot = pygame.Rect(rect.x, rect.y, rect.height, rect.height).inflate(-rect.height // 4, -rect.height // 4)
        if status.camera_ok and not status.camera_seen:   # no picture yet: neither green nor a warning
            pygame.draw.circle(surface, theme.TEXT_DIM, dot.center, dot.width // 2, max(1, dot.width // 6))
        elif status.camera_ok:
            pygame.draw.circle(surface, theme.GREEN, dot.center, dot.width // 2)
        else:
            pygame.draw.polygon(surface, theme.VERMILLION, [dot.midtop, dot.bottomright, dot.bottomleft])
        camera = pygame.Rect(dot.right + rect.height // 3, rect.y, int(rect.width * 0.33), rect.height)
        self.text.draw(surface, status.camera_text, camera.inflate(0, -rect.height // 5),
                       theme.TEXT_DIM if status.camera_ok else theme.VERMILLION, align="left", shrink=0.9)
        if model.clocks_neutralized and model.screen not in PAGES:
            middle = pygame.Rect(rect.centerx - rect.width // 8, rect.y, rect.width // 4, rect.height)
            self.text.draw(surface, "CLOCKS STOPPED", middle.inflate(0, -rect.height // 5), theme.YELLOW)
        if status.profile:
            right = pygame.Rect(rect.right - rect.width // 3, rect.y, rect.width // 3, rect.height)
            self.text.draw(surface, status.profile, right.inflate(0, -rect.height // 5), theme.TEXT_DIM, align="right",
                           shrink=0.9)


_default: Renderer | None = None


def render(surface: pygame.Surface, model: ScreenModel) -> tuple[str, ...]:
    """Draw model on surface with a shared Renderer (fonts and board cached across calls)."""
    global _default
    if _default is None:
        _default = Renderer()
    return _default.render(surface, model)
