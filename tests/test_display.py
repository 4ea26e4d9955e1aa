"""Every screen rendered offscreen (SDL dummy driver) at two sizes, saved as PNG to
tests/output/screens/, and checked for what a player relies on: the running side lit,
overtime in the overtime colour, the verdict naming no word, the last play highlighted,
doubtful squares marked, hard inputs drawn without a crash."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # offscreen, whatever the machine has
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from dataclasses import fields, replace
from pathlib import Path

import pygame
import pytest

from kiosk.display import theme
from kiosk.display.board import BoardPainter
from kiosk.display.model import (SCREENS, BoardView, ClockView, PlayerView, ScreenModel, Status, Verdict)
from kiosk.display.render import Renderer, layout
from kiosk.display.samples import GAME, SAMPLES
from kiosk.display.window import Display, save_png

OUT = Path(__file__).resolve().parent / "output" / "screens"
SIZES = [(1280, 720), (800, 480)]


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    pygame.font.init()
    return Renderer()


def draw(renderer: Renderer, model: ScreenModel, size=(1280, 720)) -> tuple[pygame.Surface, tuple[str, ...]]:
    surface = pygame.Surface(size)
    return surface, renderer.render(surface, model)


def count_colour(surface: pygame.Surface, rect: pygame.Rect, colour) -> int:
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return pygame.mask.from_threshold(sub, colour, (1, 1, 1, 255)).count()


def test_samples_cover_every_screen():
    assert {m.screen for m in SAMPLES.values()} == set(SCREENS)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_screen_renders_and_is_saved(renderer, name, size):
    path = OUT / f"{name}_{size[0]}x{size[1]}.png"
    drawn = save_png(SAMPLES[name], path, size, renderer)
    image = pygame.image.load(str(path))
    assert image.get_size() == size
    assert drawn, "a screen that says nothing"
    # not a blank frame: a real screen uses many colours
    assert len({image.get_at((x, y))[:3] for x in range(0, size[0], 16) for y in range(0, size[1], 16)}) > 5


@pytest.mark.parametrize("size", [(1920, 1080), (480, 800), (320, 240), (2000, 300)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_odd_sizes_do_not_crash(renderer, size):
    for model in SAMPLES.values():
        draw(renderer, model, size)


@pytest.mark.parametrize("acceptable", [True, False])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_verdict_never_names_a_word_of_the_play(renderer, acceptable, size):
    words = {w.word for w in GAME.last_play.words} | {GAME.last_play.main_word}
    model = replace(GAME, screen="verdict", verdict=Verdict(acceptable, play_by="Ann", consequence="Bob loses the turn."))
    _, drawn = draw(renderer, model, size)
    text = " ".join(drawn).upper()
    assert ("UNACCEPTABLE" in text) != acceptable
    assert "ACCEPTABLE" in text
    for word in words:
        assert word.upper() not in text
    # the same model on the game screen does show the words: the check above can fail
    _, shown = draw(renderer, replace(model, screen="game"), size)
    assert any(w in " ".join(shown) for w in words)


def _panel_interior(rect: pygame.Rect) -> pygame.Rect:
    """A strip inside the panel, below the name and left of the score digits' baseline."""
    return pygame.Rect(rect.x + rect.width // 3, rect.bottom - rect.height // 12, rect.width // 3, 3)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("running", [0, 1])
def test_running_clock_side_is_highlighted(renderer, size, running):
    players = tuple(PlayerView(n, 100, ClockView("12:00", running=(i == running))) for i, n in enumerate("AB"))
    surface, _ = draw(renderer, replace(GAME, players=players, to_move=running), size)
    lay = layout(*size)
    lit = _panel_interior(lay.players[running])
    dark = _panel_interior(lay.players[1 - running])
    assert count_colour(surface, lit, theme.RUNNING_PANEL) == lit.width * lit.height
    assert count_colour(surface, dark, theme.RUNNING_PANEL) == 0
    assert count_colour(surface, dark, theme.PANEL) == dark.width * dark.height


def test_neutralized_clocks_light_neither_side(renderer):
    surface, drawn = draw(renderer, replace(GAME, clocks_neutralized=True))
    lay = layout(1280, 720)
    for rect in lay.players:
        assert count_colour(surface, _panel_interior(rect), theme.RUNNING_PANEL) == 0
    assert "CLOCKS STOPPED" in drawn


def test_turn_marker_without_a_running_clock(renderer):
    players = (PlayerView("A"), PlayerView("B"))
    _, drawn = draw(renderer, replace(GAME, players=players, to_move=0))
    assert drawn.count("TO PLAY") == 1
    _, drawn = draw(renderer, replace(GAME, players=players, to_move=None))
    assert "TO PLAY" not in drawn


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_overtime_clock_drawn_in_overtime_colour(renderer, size):
    players = (PlayerView("A", 10, ClockView("-0:01", running=True, overtime=True)), PlayerView("B", 20, ClockView("3:00")))
    surface, drawn = draw(renderer, replace(GAME, players=players, to_move=0), size)
    lay = layout(*size)
    over, normal = lay.players
    assert count_colour(surface, over, theme.OVERTIME) > over.width * over.height // 10
    assert count_colour(surface, normal, theme.OVERTIME) == 0
    assert "OVERTIME" in drawn and "-0:01" in drawn
    calm, _ = draw(renderer, replace(GAME, players=(replace(players[0], clock=ClockView("0:05", running=True)),
                                                    players[1]), to_move=0), size)
    assert count_colour(calm, over, theme.OVERTIME) == 0


def _cell(size, row: int, col: int) -> pygame.Rect:
    outer, cell = BoardPainter.geometry(layout(*size).board)
    grid_x, grid_y = outer.right - cell * 15, outer.bottom - cell * 15
    return pygame.Rect(grid_x + col * cell, grid_y + row * cell, cell, cell)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_last_play_highlighted_and_blank_lowercase(renderer, size):
    surface, _ = draw(renderer, GAME, size)
    for sq in GAME.board.highlight:
        box = _cell(size, *sq)
        assert count_colour(surface, box, theme.TILE_LAST_PLAY) > box.width * box.height // 5, sq
        assert count_colour(surface, box, theme.HIGHLIGHT_EDGE) > 0, sq
    older = _cell(size, 7, 4)  # Q of QUIZ, an earlier play
    assert count_colour(surface, older, theme.TILE_LAST_PLAY) == 0
    assert count_colour(surface, older, theme.TILE) > older.width * older.height // 5
    blank = _cell(size, 12, 7)  # the designated blank 's' of JOKERs, letter drawn in the blank colour
    assert GAME.board.rows[12][7] == "s"
    assert count_colour(surface, blank, theme.BLANK_LETTER) > 0
    assert count_colour(surface, older, theme.BLANK_LETTER) == 0


def test_doubtful_squares_marked(renderer):
    doubtful = frozenset({(12, 4), (3, 3)})
    model = replace(GAME, screen="confirm_read", board=replace(GAME.board, doubtful=doubtful))
    surface, drawn = draw(renderer, model)
    for sq in doubtful:
        assert count_colour(surface, _cell((1280, 720), *sq), theme.DOUBTFUL) > 20
    assert count_colour(surface, _cell((1280, 720), 7, 4), theme.DOUBTFUL) == 0
    assert "D4" in drawn and "E13" in drawn  # named under their enlarged tiles
    plain, _ = draw(renderer, GAME)
    assert count_colour(plain, _cell((1280, 720), 12, 4), theme.DOUBTFUL) == 0


def test_hard_inputs_long_names_german_empty_bag_full_board(renderer):
    long = "Maximiliane Schönheitsköniginnen-Überbrückerstraße"
    model = replace(GAME, players=(PlayerView(long, 1234, ClockView("-10:59", overtime=True)),
                                   PlayerView("ÄÖÜ äöü", 0, ClockView("25:00", running=True))),
                    bag_count=0, board=BoardView(tuple(("ÄÖÜäöü?QZ#" * 3)[i:i + 15] for i in range(15))))
    _, drawn = draw(renderer, model, (800, 480))
    assert "0" in drawn and "1234" in drawn and "-10:59" in drawn and "ÄÖÜ äöü" in drawn
    shortened = [t for t in drawn if t.startswith("Maximiliane")]
    assert shortened and shortened[0].endswith("…")  # cut visibly, not shrunk to nothing


def test_camera_problem_shown_in_status_line(renderer):
    bad = replace(GAME, status=Status(camera_ok=False, camera_text="CAMERA PROBLEM"))
    surface, drawn = draw(renderer, bad)
    status = layout(1280, 720).status
    assert "CAMERA PROBLEM" in drawn
    assert count_colour(surface, status, theme.VERMILLION) > 50
    good, _ = draw(renderer, GAME)
    assert count_colour(good, status, theme.VERMILLION) == 0


def test_error_screen_shows_the_whole_line(renderer):
    line = "/etc/scrabble-kiosk/pins.toml:12: buttons.p1: pin 41 is not a GPIO pin"
    _, drawn = draw(renderer, ScreenModel(screen="error", error=line), (800, 480))
    joined = "".join(" ".join(drawn).split())
    assert "".join(line.split()) in joined


def test_model_has_no_place_for_hidden_information():
    # KIOSK-05: nothing on screen may show rack letters, the bag's contents or unseen tiles
    names = {f.name for f in fields(ScreenModel)}
    assert not {n for n in names if "rack" in n or "unseen" in n or "bag_contents" in n}


def test_model_rejects_bad_input():
    with pytest.raises(ValueError, match="screen"):
        ScreenModel(screen="nope")
    with pytest.raises(ValueError, match="rows"):
        BoardView(("." * 15,) * 14)
    with pytest.raises(ValueError, match="to_move"):
        ScreenModel(to_move=2)


def test_unknown_bag_count_is_a_dash_not_zero(renderer):
    _, drawn = draw(renderer, ScreenModel())
    assert "–" in drawn and drawn.count("0") == 2  # the two scores are 0; the bag is unknown, not empty
    _, drawn = draw(renderer, ScreenModel(bag_count=86))
    assert "86" in drawn and "–" not in drawn


def test_display_headless_show_and_close():
    display = Display((640, 400))
    assert display.surface.get_size() == (640, 400)
    drawn = display.show(GAME)
    assert "TOTAL" in drawn
    assert pygame.display.get_surface().get_at((5, 5))[:3] == theme.BACKGROUND
    display.close()


def _luminance(colour) -> float:
    def channel(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = map(channel, colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("a, b, minimum", [
    (theme.RUNNING_PANEL, theme.PANEL, 3.0),        # running side reads without colour vision
    (theme.TEXT, theme.PANEL, 4.5),
    (theme.TEXT_DARK, theme.RUNNING_PANEL, 4.5),
    (theme.TEXT, theme.OVERTIME, 3.0),              # large text (WCAG: 3:1)
    (theme.TEXT, theme.ACCEPTABLE, 3.0),
    (theme.TEXT, theme.UNACCEPTABLE, 3.0),
    (theme.TEXT_DARK, theme.ALERT, 4.5),
    (theme.TEXT_DIM, theme.BACKGROUND, 4.5),
    (theme.TILE_LAST_PLAY, theme.TILE, 1.4),        # last play stands out by brightness too, not hue alone
    (theme.HIGHLIGHT_EDGE, theme.TILE_LAST_PLAY, 3.0),
    (theme.TEXT_DARK, theme.TILE, 4.5),
    (theme.BLANK_LETTER, theme.TILE_BLANK, 4.5),
])
def test_colour_pairs_read_without_colour_vision(a, b, minimum):
    assert _contrast(a, b) >= minimum


def test_kms_failure_falls_back_to_headless(monkeypatch, capsys):
    from kiosk.display import window
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(window, "choose_driver", lambda: "kmsdrm")
    real_open = window._open

    def kms_fails(driver, *args):
        if driver == "kmsdrm":
            raise pygame.error("Could not initialize KMSDRM")
        return real_open(driver, *args)

    monkeypatch.setattr(window, "_open", kms_fails)
    surface = window.open_display((320, 200))
    assert surface.get_size() == (320, 200)
    assert "running headless" in capsys.readouterr().err
    pygame.display.quit()


def test_touching_a_button_hint_names_that_button():
    renderer = Renderer()
    model = SAMPLES["confirm_read"]
    _, drawn = draw(renderer, model, (800, 480))
    found = {renderer.button_at(area.center) for area, _ in renderer.text.buttons}
    assert found == {"confirm", "cancel"}
    assert renderer.button_at((2, 2)) is None
    draw(renderer, GAME, (800, 480))  # a screen without a prompt: nothing to touch
    assert renderer.text.buttons == []


def test_error_page_never_breaks_file_line_mid_word(renderer):
    # issue 13: the error page broke `file:line` in the middle of a word
    line = ("/etc/scrabble-kiosk/a-very-long-folder-name/another-long-folder/pins_three_buttons.toml:12: "
            "buttons.p1: pin 41 is not a GPIO pin (use 2-27)")
    for size in ((800, 480), (1280, 720)):
        _, drawn = draw(renderer, ScreenModel(screen="error", error=line), size)
        assert "pins_three_buttons.toml:12:" in " ".join(drawn)   # shrunk until the path fits whole
    # where even the smallest size cannot hold a path, it breaks after a separator, not mid-word
    lines = renderer.text.wrap_lines(line, 18, 260)
    assert "".join(lines).replace(" ", "") == line.replace(" ", "")
    for piece in lines[:-1]:
        assert piece[-1] in "/:.-_," or line[line.index(piece) + len(piece)] == " ", lines
