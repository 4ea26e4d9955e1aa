"""The live assembly end to end: gpiozero's MockFactory presses the buttons, a recorded
folder is the camera, the real pygame display (offscreen) draws every tick. Three games
at one table: plays and a challenge, then a new game over the unfinished one; a six-zero
ending under MSA with the racks' values entered; a director's ending from the menu.

PNGs of each screen (1280x720 and 800x480) go to tests/output/e2e/."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from kiosk.app import AppSettings  # noqa: E402
from kiosk.assembly import Backends, Kiosk, assemble  # noqa: E402
from kiosk.config import load_config  # noqa: E402
from kiosk.display.model import ScreenModel  # noqa: E402
from kiosk.display.sink import ScreenSink  # noqa: E402
from kiosk.replay.camera import ReplayCamera  # noqa: E402
from kiosk.table import MenuItem  # noqa: E402
from tests.table_players import Players  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FRAMES = ROOT / "fixtures" / "games" / "challenges" / "frames"
OUT = Path(__file__).resolve().parent / "output" / "e2e"


class Table(Players):
    """The people at the table: they press the buttons (mock pins), move tiles (the
    camera shows another recorded frame) and wait while the kiosk reads."""

    def __init__(self, tmp_path: Path, game: str = "", frames: Path = FRAMES, first: str = "000.jpg",
                 settings: AppSettings = AppSettings(first_by_draw=True)) -> None:
        cfg = tmp_path / "kiosk.toml"
        cfg.write_text(f'[files]\ngames_dir = "{tmp_path / "games"}"\n\n'
                       '[game]\nprofile = "msa"\nplayers = ["Ann", "Bob"]\n' + game, encoding="utf-8")
        self.config = load_config(cfg)
        self.games = tmp_path / "games"
        self.t = 1000.0
        self.factory = MockFactory()
        self.camera = ReplayCamera(frames)
        self.camera.show(first)
        pygame.display.init()
        self.surface = pygame.display.set_mode((1280, 720))
        self.small = pygame.Surface((800, 480))
        self.big_sink, self.small_sink = ScreenSink(self.surface), ScreenSink(self.small, flip=False)
        self.kiosk: Kiosk = assemble(self.config, Backends(self.camera, time_source=lambda: self.t,
                                                           pin_factory=self.factory, threaded_vision=False),
                                     sinks=[self.big_sink, self.small_sink], games_dir=self.games,
                                     settings=settings)
        self.pins = self.kiosk.buttons._buttons if self.kiosk.buttons is not None else {}
        self.screen: ScreenModel | None = None
        self.shots: list[str] = []

    def shot(self, name: str) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(OUT / f"{name}-1280x720.png"))
        pygame.image.save(self.small, str(OUT / f"{name}-800x480.png"))
        self.shots.append(name)

    def choose(self, item: MenuItem) -> None:
        menu = self.kiosk.app.menu
        assert menu is not None, "the menu is open"
        while self.kiosk.app.menu is not None and self.kiosk.app.menu.selected is not item:
            self.press("challenge")
        self.press("confirm")

    def led(self, function: str) -> bool:
        from hardware.pins import load_pin_map

        return bool(self.factory.pin(load_pin_map(None).leds[function]).state)


@pytest.fixture
def table(tmp_path):
    t = Table(tmp_path)
    yield t
    t.kiosk.close()
    pygame.display.quit()


def test_three_games_at_one_table_from_the_buttons(table: Table):
    app = table.kiosk.app
    table.camera.show("@unplugged")
    screen = table.wait()
    # --- the start screen: names from the config, the rules and the tile set shown
    assert screen.screen == "start" and [p.name for p in screen.players] == ["Ann", "Bob"]
    assert screen.start is not None and "MSA" in screen.start.profile and "english" in screen.start.profile
    assert not screen.status.camera_seen           # no green "camera ok" before any picture
    assert screen.status.camera_text != "camera ok"
    table.camera.show("000.jpg")                   # the start screen watches the empty board
    screen = table.wait(2)
    assert screen.status.camera_seen and screen.status.camera_text == "camera ok", screen.status
    if screen.screen == "rack_setup":   # the recorded frames' racks were found (kiosk.rack_setup, rackscreen)
        screen = table.press("cancel")
    assert screen.prompt is not None and [b.button for b in screen.prompt.buttons] == ["CHALLENGE"]   # no roster
    table.shot("01-start")
    table.press("p1")                              # the first player's own press does not start the game
    assert table.kiosk.app.phase == "start"
    screen = table.press("p2")                     # Bob starts Ann's clock (FIRST-03)
    assert screen.players[0].clock.running and table.led("p1") and not table.led("p2")

    # --- a play
    table.camera.show("001.jpg")
    table.press("p1")
    screen = table.wait(2)
    assert screen.last_play is not None and screen.last_play.main_word == "CAT", screen.last_play
    assert screen.players[0].score == 10 and screen.players[1].clock.running and table.led("p2")
    table.shot("02-play")

    # --- a play, challenged off
    table.camera.show("002.jpg")
    table.press("p2")
    table.wait(2)
    screen = table.press("challenge")
    assert screen.screen == "verdict" and screen.verdict is not None and not screen.verdict.acceptable
    table.shot("03-verdict")
    screen = table.press("confirm")
    assert screen.screen == "waiting"              # take the tiles off; the clock restarts when they are gone
    table.shot("04-remove-tiles")
    table.camera.show("003.jpg")
    screen = table.wait(2)
    assert screen.last_play is not None and screen.last_play.kind == "challenged_off"
    assert screen.last_play.total == 0 and screen.players[1].score == 0
    table.shot("05-challenged-off")

    # --- the director's menu: a new game over the unfinished one
    screen = table.press("pause", hold=True)
    assert screen.screen == "menu" and screen.clocks_neutralized and table.led("pause")
    table.shot("06-menu")
    table.choose(MenuItem.NEW_GAME)
    screen = table.wait()
    assert screen.screen == "menu" and screen.menu is not None and screen.menu.confirming   # asked once more
    table.shot("07-menu-sure")
    screen = table.press("confirm")
    assert table.kiosk.app is not app and screen.screen == "start"
    assert len(list(table.games.glob("*.abandoned.jsonl"))) == 1

    # --- a six-zero ending under MSA (six passes end the game by themselves)
    table.camera.show("000.jpg")
    table.press("p2")
    for turn in range(6):
        screen = table.press("p1" if turn % 2 == 0 else "p2")
        screen = table.wait(1.5)
        assert screen.prompt is not None and "no new tiles" in screen.prompt.question, screen
        if turn == 0:
            table.shot("08-pass-or-exchange")
        screen = table.press("confirm")
    assert screen.screen == "rack_entry", screen.screen
    assert not any("six" in a.title.lower() and "offer" in a.action.lower() for a in screen.alerts)
    table.shot("09-rack-entry")
    from hardware.pins import load_pin_map

    pause_led = table.factory.pin(load_pin_map(None).leds["pause"])   # an alert stands: the PAUSE LED blinks
    changes = len(pause_led.states)
    time.sleep(1.0)
    assert len(pause_led.states) >= changes + 2
    for _ in range(5):
        table.press("challenge")
    table.press("confirm")                          # Ann: 5
    table.press("challenge", hold=True)             # Bob: +10
    table.press("challenge")
    table.press("challenge")
    screen = table.wait()
    assert screen.tiles_left is not None and screen.tiles_left.value == 12 and screen.tiles_left.name == "Bob"
    table.shot("10-rack-entry-bob")
    screen = table.press("confirm")
    assert screen.screen == "result" and screen.result is not None
    assert [line.final for line in screen.result.lines] == [-5, -12]
    assert [line.rack_adjustment for line in screen.result.lines] == [-5, -12]
    assert screen.result.winner == "Ann" and "six" in screen.result.end_reason
    table.shot("11-result-six-zero")
    table.press("p1")
    table.press("p2")
    assert table.kiosk.app.phase == "done" and len(list(table.games.glob("*.gcg"))) == 1
    screen = table.press("confirm")                # the next game
    assert screen.screen == "start"

    # --- who goes first by draw (FIRST-01): Bob drew the better tile; Ann starts his clock
    assert not list(table.games.glob("*.open.jsonl")) or all(
        p.stat().st_size == 0 for p in table.games.glob("*.open.jsonl"))   # nothing journaled before the first press
    screen = table.press("challenge")
    assert screen.start is not None and screen.start.first_player == 1
    table.shot("12-start-bob-first")
    table.press("p2")                              # Bob's own press does not start the game
    assert table.kiosk.app.phase == "start"
    screen = table.press("p1")
    assert screen.players[1].clock.running and table.kiosk.app.state.first == 1
    # --- a director's ending, with the racks entered
    table.camera.show("001.jpg")
    table.press("p2")
    table.wait(2)
    table.press("pause", hold=True)
    table.choose(MenuItem.DIRECTOR_END)
    screen = table.press("confirm")                # sure
    assert screen.screen == "rack_entry"
    for _ in range(3):
        table.press("challenge")
    table.press("confirm")
    for _ in range(7):
        table.press("challenge")
    screen = table.press("confirm")
    assert screen.screen == "result" and screen.result is not None
    assert [line.final for line in screen.result.lines] == [-3, 10 - 7]
    assert "director" in screen.result.end_reason
    table.shot("13-result-director")


def test_a_cut_during_the_rack_entry_comes_back_to_it(table: Table):
    """Issue 14 item 1: the entry of the racks is journaled before it is shown."""
    table.wait()
    table.press("p2")
    for turn in range(6):
        table.press("p1" if turn % 2 == 0 else "p2")
        table.wait(1.5)
        table.press("confirm")
    assert table.kiosk.app.phase == "rack_entry"
    # power cut: a fresh assembly over the same games folder
    table.kiosk.close()
    again = assemble(table.config, Backends(table.camera, time_source=lambda: table.t, threaded_vision=False),
                     games_dir=table.games)
    try:
        assert again.app.phase == "rack_entry" and again.app.rack_entry is not None
        assert again.app.rack_entry.reason == "six_zero"
    finally:
        table.kiosk = again


def _journal_records(games: Path) -> list[dict]:
    import json

    lines = [line for p in sorted(games.glob("*.jsonl")) for line in p.read_text(encoding="utf-8").splitlines()]
    return [json.loads(line) for line in lines if line.strip()]


def test_names_chosen_from_the_club_roster_with_the_buttons(tmp_path):
    """Issue 13 item 4: game.roster; PAUSE / CHALLENGE move, CONFIRM chooses, CANCEL steps back;
    the names go on the record with the game's start (the first press), nothing before."""
    table = Table(tmp_path, game='roster = ["Cleo", "Dmitri Alexandrovich", "Eve", "Frank", "Gisela", "Hu"]\n')
    try:
        screen = table.wait()
        assert [p.name for p in screen.players] == ["Ann", "Bob"]       # game.players until someone chooses
        assert screen.prompt is not None and ("CONFIRM", "names from the club's list") in [
            (b.button, b.meaning) for b in screen.prompt.buttons]
        table.shot("14-start-roster")
        screen = table.press("confirm")
        assert screen.start is not None and screen.start.choosing == 0 and screen.start.choices[0] == "Cleo"
        table.press("challenge")
        screen = table.press("challenge")
        assert screen.start is not None and screen.start.choices[screen.start.cursor] == "Eve"
        screen = table.press("confirm")                                  # player 1: Eve
        assert screen.start is not None and screen.start.choosing == 1 and "Eve" not in screen.start.choices
        screen = table.press("pause")                                    # up from the top: the bottom
        assert screen.start is not None and screen.start.choices[screen.start.cursor] == "Hu"
        screen = table.press("challenge")
        screen = table.press("challenge")                                # Cleo, then Dmitri Alexandrovich
        table.shot("15-start-roster-player2")
        screen = table.press("cancel")                                   # back to player 1, on Eve
        assert screen.start is not None and screen.start.choosing == 0
        assert screen.start.choices[screen.start.cursor] == "Eve"
        screen = table.press("confirm")
        table.press("challenge")
        screen = table.press("confirm")                                  # player 2: Dmitri Alexandrovich
        assert screen.screen == "start" and screen.start is not None and screen.start.choosing is None
        assert [p.name for p in screen.players] == ["Eve", "Dmitri Alexandrovich"]
        table.shot("16-start-roster-chosen")
        assert not _journal_records(table.games)                          # nothing journaled yet
        screen = table.press("challenge")                                # Dmitri won the draw
        assert screen.start is not None and screen.start.first_player == 1
        screen = table.press("p1")                                       # Eve starts Dmitri's clock
        assert screen.players[1].clock.running
        started = _journal_records(table.games)[0]
        assert "Eve" in str(started) and "Dmitri Alexandrovich" in str(started), started
        assert table.kiosk.app.state.players == ("Eve", "Dmitri Alexandrovich")
        # CANCEL from player 1 keeps the names: checked on a fresh start screen
    finally:
        table.kiosk.close()
        pygame.display.quit()


def test_cancel_in_the_roster_keeps_the_names(tmp_path):
    table = Table(tmp_path, game='roster = ["Cleo", "Eve"]\n')
    try:
        table.wait()
        table.press("confirm")
        table.press("challenge")
        screen = table.press("cancel")
        assert table.kiosk.app.names.picker is None and [p.name for p in screen.players] == ["Ann", "Bob"]
        assert screen.prompt is not None and "CONFIRM" in [b.button for b in screen.prompt.buttons]
    finally:
        table.kiosk.close()
        pygame.display.quit()


SCRABSCRAP = ROOT.parent / "shared" / "datasets" / "scrabscrap-v1"
GERMAN = 'tileset = "german"\nlexicon = "none"\n'


@pytest.mark.skipif(not (SCRABSCRAP / "spiel-12").exists(), reason="needs ../shared/datasets")
def test_names_laid_out_in_tiles_are_read_and_offered(tmp_path):
    """Issue 13 item 4: the first frame of a scrabscrap-v1 game (names laid out in tiles, a
    blank between them) becomes the names offered for CONFIRM; the empty board then starts."""
    table = Table(tmp_path, game=GERMAN, frames=SCRABSCRAP / "spiel-12", first="board-00a.jpg")
    try:
        screen = table.wait(2)
        assert screen.screen == "start" and table.kiosk.app.names.offer is None      # the empty board: nothing
        table.camera.show("board-00.jpg")                                           # A ? S on row 8
        screen = table.wait(3)
        assert screen.start is not None and screen.start.names_read == ("A", "S") and not screen.start.names_doubtful
        assert [p.name for p in screen.players] == ["Ann", "Bob"]                   # not taken without CONFIRM
        assert screen.prompt is not None and [b.button for b in screen.prompt.buttons] == ["CONFIRM", "CANCEL"]
        table.shot("17-start-names-read")
        table.camera.show("board-00a.jpg")                                          # the tiles come off
        screen = table.wait(2)
        assert screen.start is not None and screen.start.names_read == ("A", "S")   # still offered
        screen = table.press("confirm")
        assert [p.name for p in screen.players] == ["A", "S"] and screen.start is not None
        assert screen.start.names_read == ()
        table.shot("18-start-names-taken")
        assert not _journal_records(table.games)
        screen = table.press("p2")                                                  # S starts A's clock
        assert screen.players[0].clock.running and table.kiosk.app.state.players == ("A", "S")
        assert "'A', 'S'" in str(_journal_records(table.games)[0]) or '"A", "S"' in str(_journal_records(table.games)[0])
    finally:
        table.kiosk.close()
        pygame.display.quit()


@pytest.mark.skipif(not (SCRABSCRAP / "board-neu").exists(), reason="needs ../shared/datasets")
def test_cancel_keeps_the_names_and_the_same_read_is_not_offered_again(tmp_path):
    table = Table(tmp_path, game=GERMAN, frames=SCRABSCRAP / "board-neu", first="board-04.jpg")
    try:
        screen = table.wait(3)
        assert screen.start is not None and screen.start.names_read == ("Anke", "Stefan")
        table.shot("19-start-names-read-long")
        screen = table.press("cancel")
        screen = table.wait(3)                                                      # the same tiles still there
        assert screen.start is not None and screen.start.names_read == ()
        assert [p.name for p in screen.players] == ["Ann", "Bob"]
        assert screen.prompt is not None and [b.button for b in screen.prompt.buttons] == ["CHALLENGE"]
    finally:
        table.kiosk.close()
        pygame.display.quit()


@pytest.mark.skipif(not (SCRABSCRAP / "board-neu").exists(), reason="needs ../shared/datasets")
def test_a_doubtful_read_of_the_names_asks_to_check_them(tmp_path):
    """A read below the confidence the kiosk trusts is offered too, never taken by itself:
    the screen says to check the letters."""
    table = Table(tmp_path, game=GERMAN, frames=SCRABSCRAP / "board-neu", first="board-04.jpg",
                  settings=AppSettings(first_by_draw=True, min_confidence=0.9999))
    try:
        screen = table.wait(3)
        assert screen.start is not None and screen.start.names_read == ("Anke", "Stefan")
        assert screen.start.names_doubtful and screen.prompt is not None and "check" in screen.prompt.question
        assert [p.name for p in screen.players] == ["Ann", "Bob"]
        table.shot("20-start-names-doubtful")
        screen = table.press("confirm")
        assert [p.name for p in screen.players] == ["Anke", "Stefan"]
    finally:
        table.kiosk.close()
        pygame.display.quit()
