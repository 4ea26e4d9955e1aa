"""The rack setup's page (screen "rack_setup", kiosk.rack_setup): the camera's picture with
the board and each rack found outlined on it, what the camera saw on each rack (a count,
never letters: KIOSK-05), and CONFIRM / CANCEL.

Landscape: the picture on the left, the racks and the answers on the right; portrait: the
picture on top. Draws only from the model (a picture of (0, 0): the outlines on a plain
ground, a schematic)."""
from __future__ import annotations

import pygame

from . import theme, widgets
from .model import ScreenModel
from .text import TextPainter

RACK_COLOURS = (theme.YELLOW, theme.SKY)   # p1's rack, p2's: the same colour on the picture and in the list


def page_rack_setup(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    view = model.camera_setup
    landscape = rect.width >= rect.height * 1.2
    gap = max(4, min(rect.size) // 40)
    title = pygame.Rect(rect.x, rect.y, rect.width, max(18, rect.height // 9))
    text.draw(surface, "RACKS FOUND BY THE CAMERA" if landscape else "RACKS FOUND", title, theme.TEXT, align="left")
    body = pygame.Rect(rect.x, title.bottom + gap, rect.width, rect.bottom - title.bottom - gap)
    if landscape:
        picture_box = pygame.Rect(body.x, body.y, int(body.width * 0.52), body.height)
        panel = pygame.Rect(picture_box.right + 2 * gap, body.y, body.right - picture_box.right - 2 * gap, body.height)
    else:
        picture_box = pygame.Rect(body.x, body.y, body.width, int(body.height * 0.5))
        panel = pygame.Rect(body.x, picture_box.bottom + gap, body.width, body.bottom - picture_box.bottom - gap)
    _picture(surface, picture_box, model, text)
    racks = view.racks if view is not None else ()
    lines = [(f"{mark.label}: {mark.tiles} tiles", RACK_COLOURS[i % 2]) for i, mark in enumerate(racks)]
    if not lines:
        lines = [("No rack found", theme.TEXT)]
    prompt = model.prompt
    answers = len(prompt.buttons) if prompt is not None else 0
    noted = view is not None and bool(view.note)
    weights = [1.0] * len(lines) + [1.6 if noted else 0.001, 0.35 if noted else 0.001] + \
        ([1.6] if prompt is not None and prompt.question else []) + [1.1] * answers
    rows = widgets.rows(panel, *weights)
    for (line, colour), row in zip(lines, rows):
        swatch = pygame.Rect(row.x, row.y + row.height // 4, row.height // 2, row.height // 2)
        pygame.draw.rect(surface, colour, swatch, max(2, swatch.height // 5))
        text.draw(surface, line, pygame.Rect(swatch.right + gap, row.y, row.right - swatch.right - gap, row.height)
                  .inflate(0, -row.height // 5), theme.TEXT, align="left")
    rest = rows[len(lines):]
    if view is not None and view.note:
        text.draw_wrapped(surface, view.note, rest[0], theme.ORANGE, rest[0].height // 2)
    rest = rest[2:]   # the note, and a gap after it
    if prompt is not None and prompt.question:
        text.draw_wrapped(surface, prompt.question, rest[0], theme.YELLOW, rest[0].height // 2)
        rest = rest[1:]
    for hint, row in zip(prompt.buttons if prompt is not None else (), rest):
        widgets.button_hints(surface, row.inflate(0, -row.height // 8), (hint,), text)


def _picture(surface: pygame.Surface, box: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    """The picture scaled into box (aspect kept), the board dim and each rack bright on it."""
    view = model.camera_setup
    width, height = view.picture_size if view is not None else (0, 0)
    aspect = width / height if width and height else 1.0
    w = min(box.width, int(box.height * aspect))
    h = int(w / aspect)
    area = pygame.Rect(0, 0, w, h)
    area.center = box.center
    shown = False
    if view is not None and width and height and len(view.picture) == width * height * 3:
        image = pygame.image.frombuffer(view.picture, (width, height), "RGB")
        surface.blit(pygame.transform.smoothscale(image, area.size), area)
        shown = True
    else:
        widgets.box(surface, area, theme.PANEL)
    if view is None:
        return

    def points(polygon: tuple[tuple[float, float], ...]) -> list[tuple[int, int]]:
        return [(area.x + int(x * area.width), area.y + int(y * area.height)) for x, y in polygon]

    if len(view.board) == 4:
        pygame.draw.polygon(surface, theme.TEXT_DIM if shown else theme.SQUARE_PLAIN, points(view.board),
                            0 if not shown else max(1, area.width // 200))
    thick = max(2, area.width // 120)
    for i, mark in enumerate(view.racks):
        if len(mark.zone) >= 3:
            corners = points(mark.zone)
            pygame.draw.polygon(surface, RACK_COLOURS[i % 2], corners, thick)
    if shown:
        pygame.draw.rect(surface, theme.PANEL_EDGE, area, 1)
