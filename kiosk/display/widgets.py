"""Small drawing pieces shared by the screens: boxes, button hints, shape markers.

The bundled font has no tick, cross or arrow glyphs, so those are drawn as shapes."""
from __future__ import annotations

import pygame

from . import theme
from .model import Alert, ButtonHint, Prompt
from .text import TextPainter
from .theme import Colour


def rows(rect: pygame.Rect, *weights: float) -> list[pygame.Rect]:
    """Split rect top to bottom in proportion to weights."""
    total = sum(weights)
    out, y = [], rect.y
    for w in weights:
        h = int(rect.height * w / total)
        out.append(pygame.Rect(rect.x, y, rect.width, h))
        y += h
    return out


def box(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, edge: Colour | None = None,
        width: int = 0) -> None:
    radius = max(2, min(rect.width, rect.height) // 10)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None and width > 0:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def triangle_right(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A solid arrowhead pointing right, filling rect's height (the turn marker)."""
    h = rect.height
    pygame.draw.polygon(surface, colour, [(rect.x, rect.y), (rect.x + int(h * 0.8), rect.centery),
                                          (rect.x, rect.bottom)])


def tick(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    w = max(3, rect.width // 7)
    points = [(rect.x + rect.width * 0.1, rect.y + rect.height * 0.55),
              (rect.x + rect.width * 0.4, rect.y + rect.height * 0.85),
              (rect.x + rect.width * 0.9, rect.y + rect.height * 0.15)]
    pygame.draw.lines(surface, colour, False, points, w)


def cross(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    w = max(3, rect.width // 7)
    inner = rect.inflate(-rect.width // 5, -rect.height // 5)
    pygame.draw.line(surface, colour, inner.topleft, inner.bottomright, w)
    pygame.draw.line(surface, colour, inner.topright, inner.bottomleft, w)


def warning_sign(surface: pygame.Surface, rect: pygame.Rect, text: TextPainter) -> None:
    """An exclamation mark in a triangle: the alert marker, recognisable without colour."""
    pygame.draw.polygon(surface, theme.TEXT_DARK, [rect.midtop, rect.bottomright, rect.bottomleft])
    mark = rect.inflate(-rect.width // 2, -rect.height // 3).move(0, rect.height // 8)
    glyph = text.font(int(mark.height * 1.2)).render("!", True, theme.ALERT)
    surface.blit(glyph, glyph.get_rect(center=mark.center))


def button_hints(surface: pygame.Surface, rect: pygame.Rect, buttons: tuple[ButtonHint, ...],
                 text: TextPainter) -> None:
    """Each button as a key cap with its meaning beside it, in the grid (one row, one
    column, or in between) that draws them largest.

    Every cap has the same size and label size, so they read as a set of equal buttons;
    the caps are only as wide as the longest label, leaving the room to the meanings."""
    if not buttons or rect.width <= 0 or rect.height <= 0:  # a tiny window leaves no room
        return
    n = len(buttons)

    def cap_height(columns: int) -> int:
        rows = -(-n // columns)
        return min(rect.height // rows * 5 // 6, max(16, rect.width // columns // 5))

    best = max(cap_height(k) for k in range(1, n + 1))
    # the fewest columns that are nearly as large: each meaning gets more of a line
    columns = min(k for k in range(1, n + 1) if cap_height(k) >= best * 3 // 4)
    h, slot_w = cap_height(columns), rect.width // columns
    rows = -(-n // columns)
    row_h = rect.height // rows
    slots = [(rect.x + (i % columns) * slot_w, rect.y + (i // columns) * row_h + (row_h - h) // 2) for i in range(n)]
    pad = h // 4
    longest = max((hint.button for hint in buttons), key=len) or " "
    label_px = text.fit_px(longest, min(slot_w // 2, h * 4) - 2 * pad, int(h * 0.62))
    cap_w = min(slot_w // 2, text.font(label_px).size(longest)[0] + 2 * pad)
    for hint, (x, y) in zip(buttons, slots):
        cap = pygame.Rect(x, y, cap_w, h)
        box(surface, cap, theme.TEXT, theme.PANEL_EDGE, 2)
        text.draw(surface, hint.button, cap.inflate(-pad, -pad), theme.TEXT_DARK, max_px=label_px)
        meaning = pygame.Rect(cap.right + pad, y, slot_w - cap_w - 2 * pad, h).inflate(0, -h // 6)
        text.draw(surface, hint.meaning, meaning, theme.TEXT, align="left", shrink=0.5)
        text.buttons.append((cap.union(meaning), hint.button))


def prompt_block(surface: pygame.Surface, rect: pygame.Rect, prompt: Prompt, text: TextPainter,
                 max_px: int) -> None:
    """The question above, the buttons that answer it along the bottom."""
    if not prompt.buttons:
        buttons_h = 0
    elif not prompt.question.strip():
        buttons_h = rect.height
    else:
        buttons_h = int(rect.height * (0.42 if len(prompt.buttons) <= 2 else 0.55))
    question = pygame.Rect(rect.x, rect.y, rect.width, rect.height - buttons_h)
    text.draw_wrapped(surface, prompt.question, question, theme.TEXT, max_px)
    if prompt.buttons:
        button_hints(surface, pygame.Rect(rect.x, question.bottom, rect.width, buttons_h), prompt.buttons, text)


def alert_banner(surface: pygame.Surface, rect: pygame.Rect, alerts: tuple[Alert, ...],
                 text: TextPainter) -> None:
    """One strip: the first alert's title and rule, and how many more there are."""
    box(surface, rect, theme.ALERT)
    pad = rect.height // 8
    sign = pygame.Rect(rect.x + pad, rect.y + pad, rect.height - 2 * pad, rect.height - 2 * pad)
    warning_sign(surface, sign, text)
    first = alerts[0]
    label = first.title + (f"  ({first.rule})" if first.rule else "")
    if len(alerts) > 1:
        label += f"  +{len(alerts) - 1} more"
    body = pygame.Rect(sign.right + pad * 2, rect.y, rect.right - sign.right - pad * 3, rect.height)
    text.draw(surface, label, body.inflate(0, -rect.height // 4), theme.TEXT_DARK, align="left")
