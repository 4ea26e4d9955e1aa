"""Text on screen: one cached font per size (pygame's bundled default font), cached
rendered strings, text fitted into boxes, and a log of every string drawn this frame
(so tests can check what a screen says, e.g. that a verdict never names a word) and of
the button hints drawn (so a touch on one can act as that button)."""
from __future__ import annotations

from collections import OrderedDict

import pygame

from .theme import Colour

# Font sizes snap to this ladder so a few dozen Font objects serve every screen size.
_LADDER: tuple[int, ...] = tuple(sorted({int(8 * 1.1 ** k) for k in range(40)}))
_MAX_CACHED_TEXTS = 600
_ELLIPSIS = "…"


def _printable(text: str) -> str:
    """Drop what the font renderer rejects (NUL, lone surrogates) or cannot show (controls)."""
    if text.isprintable():
        return text
    return "".join(ch for ch in text if ch.isprintable() or ch == "\n")


def _snap_down(px: int) -> int:
    best = _LADDER[0]
    for size in _LADDER:
        if size > px:
            break
        best = size
    return best


class TextPainter:
    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: OrderedDict[tuple[str, int, Colour], pygame.Surface] = OrderedDict()
        self.log: list[str] = []
        # button hints drawn this frame: (area on screen, button name) — touch targets
        self.buttons: list[tuple[pygame.Rect, str]] = []

    def font(self, px: int) -> pygame.font.Font:
        px = _snap_down(px)
        font = self._fonts.get(px)
        if font is None:
            font = self._fonts[px] = pygame.font.Font(None, px)
        return font

    def _surface(self, text: str, px: int, colour: Colour) -> pygame.Surface:
        key = (text, _snap_down(px), colour)
        surf = self._texts.get(key)
        if surf is None:
            font = self.font(px)
            if font.size(text)[0] == 0:
                # only zero-width characters (a variation selector in a name): pygame refuses to render them
                surf = pygame.Surface((0, font.get_linesize()), pygame.SRCALPHA)
            else:
                surf = font.render(text, True, colour)
            self._texts[key] = surf
            if len(self._texts) > _MAX_CACHED_TEXTS:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surf

    def fit_px(self, text: str, width: int, height: int, max_px: int | None = None, shrink: float = 0.0) -> int:
        """Largest ladder size at which `text` fits in width x height, but not below `shrink`
        times the size the height allows (long text is then ellipsized, not made unreadable)."""
        # the default font's line height is about 0.78 of its nominal size
        px = _snap_down(max(_LADDER[0], int(height / 0.78)))
        if max_px is not None:
            px = min(px, _snap_down(max_px))
        floor = max(_LADDER[0], int(px * shrink))
        while px > floor:
            w, h = self.font(px).size(text)
            if w <= width and h <= height:
                break
            px = _snap_down(px - 1)
        return px

    def draw(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: Colour,
             align: str = "center", max_px: int | None = None, shrink: float = 0.7) -> pygame.Rect:
        """Draw one line as large as fits in rect (up to max_px), shrinking to no less than
        `shrink` of the full size; ellipsize if it still does not fit."""
        text = _printable(text).replace("\n", " ")
        if not text or rect.width <= 0 or rect.height <= 0:
            return pygame.Rect(rect.x, rect.y, 0, 0)
        px = self.fit_px(text, rect.width, rect.height, max_px, shrink)
        shown = self._ellipsize(text, px, rect.width)
        self.log.append(shown)
        surf = self._surface(shown, px, colour)
        if align == "left":
            pos = surf.get_rect(midleft=rect.midleft)
        elif align == "right":
            pos = surf.get_rect(midright=rect.midright)
        else:
            pos = surf.get_rect(center=rect.center)
        surface.blit(surf, pos)
        return pos

    def _ellipsize(self, text: str, px: int, width: int) -> str:
        font = self.font(px)
        if font.size(text)[0] <= width:
            return text
        while len(text) > 1 and font.size(text + _ELLIPSIS)[0] > width:
            text = text[:-1]
        return text.rstrip() + _ELLIPSIS

    def wrap_lines(self, text: str, px: int, width: int) -> list[str]:
        font = self.font(px)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in self._split_long(paragraph.split(" "), font, width):
                candidate = f"{line} {word}" if line else word
                if font.size(candidate)[0] <= width or not line:
                    line = candidate
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    @staticmethod
    def _split_long(words: list[str], font: pygame.font.Font, width: int) -> list[str]:
        """Break a word wider than the line (a file path): after a '/', ':', '.', '-' or '_'
        where one fits (so 'pins.toml:12:' stays whole), else at characters, so nothing is
        cut off."""
        out: list[str] = []
        for word in words:
            while len(word) > 1 and font.size(word)[0] > width:
                cut = len(word) - 1
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                seps = [i + 1 for i in range(cut - 1) if word[i] in "/:.-_,"]
                if seps and seps[-1] > 1:
                    cut = seps[-1]
                out.append(word[:cut])
                word = word[cut:]
            out.append(word)
        return out

    def needs_split(self, text: str, px: int, width: int) -> bool:
        """A word of text is wider than the line at this size."""
        font = self.font(px)
        return any(font.size(word)[0] > width for word in text.split())

    def draw_wrapped(self, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: Colour,
                     max_px: int, align: str = "left", min_px: int = 12) -> int:
        """Wrap text into rect at the largest size <= max_px that fits; returns the height used."""
        text = _printable(text)
        if not text or rect.width <= 0 or rect.height <= 0:
            return 0
        px = _snap_down(max_px)
        while True:
            lines = self.wrap_lines(text, px, rect.width)
            line_h = self.font(px).get_linesize()
            fits = line_h * len(lines) <= rect.height and not self.needs_split(text, px, rect.width)
            if fits or px <= min_px:
                break
            px = _snap_down(px - 1)
        y = rect.y
        drawn: list[str] = []
        for line in lines:
            if y + line_h > rect.bottom + line_h // 3:
                break
            shown = self._ellipsize(line, px, rect.width)
            drawn.append(shown)
            surf = self._surface(shown, px, colour)
            box = pygame.Rect(rect.x, y, rect.width, line_h)
            pos = surf.get_rect(midleft=box.midleft) if align == "left" else surf.get_rect(center=box.center)
            surface.blit(surf, pos)
            y += line_h
        self.log.append(" ".join(drawn))
        return y - rect.y
