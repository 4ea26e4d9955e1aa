"""A resume that always has a way forward (issue 14 item 4): the unfinished game's journal has
a line the kiosk cannot replay. The kiosk does not refuse to start: it names the file and
line on screen and waits for a director. CONFIRM keeps that line and every later one aside
byte for byte and resumes from the lines before it; CANCEL keeps the whole game aside as
.abandoned.jsonl and starts a new game. Driven through the one assembly, with the buttons.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from hardware.events import ButtonEvent
from kiosk.assembly import Backends, Kiosk, assemble
from kiosk.display.render import Renderer
from kiosk.replay.camera import ReplayCamera
from kiosk.replay.driver import ReplayRun

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "broken_files"
GAME = ROOT / "fixtures" / "games" / "normal-out"
NAME = "20261122-080000.open.jsonl"
OUT = ROOT / "tests" / "output" / "screens"


@pytest.fixture(scope="module")
def rules():
    return ReplayRun(GAME).rules   # also renders the game's frames, which the camera below reads


class Shown:
    def __init__(self) -> None:
        self.screens: list = []

    def show(self, screen) -> None:
        self.screens.append(screen)

    def record(self, game_id: str, seq: int, record: dict) -> None:
        pass

    def close(self) -> None:
        pass


def start(games: Path, rules) -> tuple[Kiosk, Shown]:
    shown = Shown()
    kiosk = assemble(None, Backends(ReplayCamera(GAME / "frames"), time_source=lambda: 50.0, threaded_vision=False),
                     sinks=[shown], games_dir=games, rules=rules)
    return kiosk, shown


def drawn(screen, name: str) -> str:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    surface = pygame.Surface((800, 480))
    text = " ".join(Renderer().render(surface, screen))
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(OUT / f"journal_problem-{name}.png"))
    return text


def press(kiosk: Kiosk, button: str) -> None:
    kiosk.inputs.put(ButtonEvent(button, "press", 50.0))
    kiosk.tick()


def test_an_unknown_event_waits_for_the_director_who_sets_the_line_aside_and_resumes(tmp_path, rules):
    games = tmp_path / "games"
    games.mkdir()
    original = (BROKEN / "journal-unknown-event.open.jsonl").read_bytes()
    (games / NAME).write_bytes(original)
    kiosk, shown = start(games, rules)
    try:
        assert kiosk.held is not None
        screen = kiosk.tick()
        assert screen is not None and screen.screen == "journal_problem"
        text = drawn(screen, "unknown-event")
        assert f"{NAME}:3: event.type:" in text, text          # the file and line, on screen
        assert "CONFIRM" in text and "CANCEL" in text and "set line 3 aside" in text
        press(kiosk, "pause")                                   # other buttons do nothing
        press(kiosk, "p1")
        assert kiosk.held is not None and sorted(os.listdir(games)) == sorted([NAME, ".kiosk.lock"])
        press(kiosk, "confirm")
        assert kiosk.held is None
        assert len(kiosk.app.events) == 2 and kiosk.app.phase == "turn"   # the game from the two lines before
        kept = (games / NAME).read_bytes()
        aside = (games / (NAME + ".damaged-1")).read_bytes()
        assert kept + aside == original and aside.startswith(b'{"t":17.0,"event":{"type":"teleported"')
        recovered = shown.screens[-1]
        assert recovered.screen == "recovered"
        assert any("line 3" in line and "set aside by the director" in line for line in recovered.recovered.damage)
    finally:
        kiosk.close()


def test_an_impossible_play_after_a_blank_line_names_the_file_line_and_cancel_starts_a_new_game(tmp_path, rules):
    games = tmp_path / "games"
    games.mkdir()
    lines = (BROKEN / "journal-illegal-event.open.jsonl").read_bytes().splitlines(keepends=True)
    original = lines[0] + b"\n" + b"".join(lines[1:])   # a blank line (an editor's) moves the play to line 5
    (games / NAME).write_bytes(original)
    kiosk, shown = start(games, rules)
    try:
        screen = kiosk.tick()
        assert screen is not None and screen.screen == "journal_problem"
        text = drawn(screen, "impossible-play")
        assert f"{NAME}:5: event: this event cannot happen here" in text, text
        press(kiosk, "cancel")
        assert kiosk.held is None
        assert (games / NAME.replace(".open.jsonl", ".abandoned.jsonl")).read_bytes() == original
        unfinished = list(games.glob("*.open.jsonl"))
        assert len(unfinished) == 1 and unfinished[0].name != NAME      # a new game, its own journal
        assert [type(e).__name__ for e in kiosk.app.events] == ["GameStarted"]
        assert kiosk.tick().screen != "journal_problem"
    finally:
        kiosk.close()


def test_a_games_folder_removed_mid_game_is_made_again_and_said_on_screen_until_the_next_button(tmp_path, rules):
    import shutil

    games = tmp_path / "games"
    kiosk, shown = start(games, rules)
    try:
        kiosk.tick()
        shutil.rmtree(games)                 # someone deletes the games folder mid-game
        press(kiosk, "p2")                   # the next record notices, makes the folder again, writes it all
        journal = next(games.glob("*.open.jsonl"))
        assert [json_type(line) for line in journal.read_text().splitlines()] == ["game_started", "clock_pressed"]
        screen = shown.screens[-1]
        assert screen.alerts and screen.alerts[0].title == "Games folder"
        assert "made again" in screen.alerts[0].action and str(games) in screen.alerts[0].action
        assert "GAMES FOLDER" in drawn(screen, "folder-made-again")
        press(kiosk, "pause")                # any button: seen
        assert all(alert.title != "Games folder" for alert in shown.screens[-1].alerts)
    finally:
        kiosk.close()


def json_type(line: str) -> str:
    import json

    return json.loads(line)["event"]["type"]
