"""The racks through the kiosk's one assembly, as the live kiosk runs it: rendered camera
frames with racks standing in 3D (vision.synth.render_frame), the real board reader
(vision.reader.BoardReader and its rack component, vision.rack_counter.RackCounter), gpiozero's MockFactory pressing the buttons and the
pygame screen (offscreen) drawing every tick at 1280x720 and 800x480.

- Setup (issue 18): on the start screen, with seven tiles on each rack, the kiosk finds the
  racks itself and shows them for CONFIRM; confirmed racks are then counted (an overdraw
  question with no zone in the config); CANCEL without config zones: not counted, and the
  start screen says so.
- DRAW-01: five tiles drawn face down beside Ann's rack after she played four: "5 drawn,
  4 due"; confirmed, it goes on the record as an overdraw of tiles not mixed into the rack
  (DRAW-03), eight standing on the rack as one mixed into it (DRAW-04).
- DRAW-03..08: the confirmed count of fixtures/games/overdraw, replayed through the
  assembly under each profile, is journaled and brings that profile's procedure.

PNGs go to tests/output/rack_setup/; look at them."""
from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from kiosk.app import AppSettings  # noqa: E402
from kiosk.assembly import RACK_POLL_S, Backends, Kiosk, assemble  # noqa: E402
from kiosk.config import load_config  # noqa: E402
from kiosk.display.model import ScreenModel  # noqa: E402
from kiosk.display.render import Renderer  # noqa: E402
from kiosk.display.sink import ScreenSink  # noqa: E402
from kiosk.rack_setup import RackSetup  # noqa: E402
from kiosk.rack_watch import RackWatch, drawing_zone, drawn_due_text, drawn_face_down, mixed_into_rack, step  # noqa: E402
from kiosk.replay.camera import ReplayCamera  # noqa: E402
from kiosk.replay.driver import ReplayRun  # noqa: E402
from kiosk.rules.state import Turn  # noqa: E402
from vision.rack_counter import RackCounter  # noqa: E402
from vision.reader import BoardReader  # noqa: E402
from vision.synth import FrameOptions, render_frame  # noqa: E402
from tests.table_players import Players  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "output" / "rack_setup"
EMPTY = ["." * 15] * 15
CATS = ["." * 15] * 7 + ["......CATS....."] + ["." * 15] * 7
SEED = 156  # of seeds 100-159, one whose two racks vision.rack_find.find_racks finds on an empty board
# (both, in zones read_rack then counts right): this tests the wiring, the finding is vision.rack_find's;
# and the face-down search beside p1's rack lies inside the frame


def _paint_face_down(image: np.ndarray, corners: np.ndarray, zone: np.ndarray, n: int) -> np.ndarray:
    """`n` tiles lying face down on the table beside the rack's two ends (DRAW-01), one square
    wide, a little darker than the tiles on the board (their plain backs) with dark edges: the
    renderer draws face-down tiles only in its rack scenes (vision.synth.racks.face_down_tiles)."""
    rng = np.random.default_rng(n)
    c = np.asarray(corners, np.float64)
    to_frame = cv2.getPerspectiveTransform(np.float32([[0, 0], [15, 0], [15, 15], [0, 15]]), c.astype(np.float32))
    # the tiles' colour: H8's tile face near its corner (no letter ink there)
    probes = cv2.perspectiveTransform(np.float32([[[7.12, 7.12], [7.2, 7.5], [7.5, 7.2]]]), to_frame)[0]
    colour = np.median(np.array([image[int(y), int(x)] for x, y in probes], np.float64), axis=0)
    z = np.asarray(zone, np.float64)
    square = float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)])) / 15
    along = (z[1] - z[0]) / np.linalg.norm(z[1] - z[0])
    across = (z[3] - z[0]) / np.linalg.norm(z[3] - z[0])
    side = 0.92 * square
    mid = (z[3] - z[0]) / 2
    ends = [(z[1] + mid, 1.0), (z[0] + mid, -1.0)]
    for i in range(n):
        end, sign = ends[i % 2]
        centre = end + sign * along * (0.5 * square + side / 2 + (i // 2) * 1.15 * square) + rng.normal(0, 0.04 * square, 2)
        a = np.radians(rng.normal(0, 6))
        u, v = along * np.cos(a) + across * np.sin(a), -along * np.sin(a) + across * np.cos(a)
        quad = np.array([centre + (sx * u + sy * v) * side / 2 for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        pts = np.round(quad * 16).astype(np.int32)
        cv2.fillPoly(image, [pts], tuple(float(x) * 0.93 for x in colour), cv2.LINE_AA, shift=4)
        cv2.polylines(image, [pts], True, tuple(float(x) * 0.7 for x in colour), 1, cv2.LINE_AA, shift=4)
    return image


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rack-setup-frames")
    options = FrameOptions(hand=False, glare=False, shadow=False, rotation=0)
    zones: dict[str, np.ndarray] = {}
    for name, board, counts in (("start", EMPTY, {"p1": 7, "p2": 7}), ("start8", EMPTY, {"p1": 8, "p2": 7}),
                                ("cats3", CATS, {"p1": 3, "p2": 7})):
        frame = render_frame(board, seed=SEED, options=replace(options, rack_counts=counts))
        cv2.imwrite(str(folder / f"{name}.png"), frame.image)
        if name == "cats3":
            down = _paint_face_down(frame.image.copy(), frame.board_corners, frame.rack_zones["p1"], 5)
            cv2.imwrite(str(folder / "cats3down5.png"), down)
        zones = frame.rack_zones   # the racks stay put whatever their tiles (vision.synth.racks)
    (folder / "zones.toml").write_text("[vision.racks]\n" + "".join(
        f"{p} = {np.round(z, 1).tolist()}\n" for p, z in sorted(zones.items())), encoding="utf-8")
    return folder


class Table(Players):
    """The players at the table: buttons on mock pins, the camera showing a rendered frame."""

    def __init__(self, tmp_path: Path, frames: Path, *, zones: bool = False, profile: str = "naspa") -> None:
        text = (f'[files]\ngames_dir = "{tmp_path / "games"}"\n\n'
                f'[game]\nprofile = "{profile}"\nplayers = ["Ann", "Bob"]\n')
        if zones:
            text += '\n[vision]\ntileset = "english"\n\n' + (frames / "zones.toml").read_text(encoding="utf-8")
        (tmp_path / "kiosk.toml").write_text(text, encoding="utf-8")
        self.config = load_config(tmp_path / "kiosk.toml")
        self.games = tmp_path / "games"
        self.t = 1000.0
        self.factory = MockFactory()
        self.camera = ReplayCamera(frames)
        self.camera.show("start.png")
        pygame.display.init()
        self.big = pygame.Surface((1280, 720))
        self.small = pygame.Surface((800, 480))
        self.sinks = [ScreenSink(self.big, flip=False), ScreenSink(self.small, flip=False)]
        self.kiosk: Kiosk = assemble(self.config, Backends(self.camera, time_source=lambda: self.t,
                                                           pin_factory=self.factory, threaded_vision=False),
                                     sinks=list(self.sinks), games_dir=self.games,
                                     settings=AppSettings(first_by_draw=True))
        self.pins = self.kiosk.buttons._buttons
        self.screen: ScreenModel | None = None

    def shot(self, name: str) -> None:
        """Both sizes to PNG; nothing drawn may have been cut short (an ellipsis)."""
        OUT.mkdir(parents=True, exist_ok=True)
        for sink, size in zip(self.sinks, ("1280x720", "800x480")):
            pygame.image.save(sink.surface, str(OUT / f"{name}-{size}.png"))
            cut = [s for s in sink.drawn if "…" in s]
            assert not cut, f"{name} {size}: text cut short: {cut}"

    def journal(self) -> list[dict]:
        lines = []
        for path in sorted(self.games.glob("*.jsonl")):
            lines += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        return lines

    def close(self) -> None:
        self.kiosk.close()
        pygame.display.quit()


@pytest.fixture
def table_factory(tmp_path: Path, frames: Path):
    made: list[Table] = []

    def make(**kwargs: object) -> Table:
        made.append(Table(tmp_path, frames, **kwargs))   # type: ignore[arg-type]
        return made[-1]

    yield make
    for t in made:
        t.close()


def _events(journal: list[dict], kind: str) -> list[dict]:
    out = []
    for record in journal:
        for event in record.get("events", [record.get("event")]):
            if isinstance(event, dict) and event.get("type") == kind:
                out.append(event)
    return out


def test_the_racks_found_at_the_start_are_shown_confirmed_and_counted(table_factory):
    table = table_factory()
    assert isinstance(table.kiosk.vision.reader, BoardReader) and table.kiosk.rack_setup is not None
    assert table.kiosk.rack_setup.racks is table.kiosk.vision.reader.racks
    assert table.kiosk.app.settings.rack_poll_s is None     # no zones in the config: nothing counted yet
    screen = table.wait(0.5)
    assert screen.screen == "start" and "none found yet" in screen.prompt.question
    table.shot("start-looking")
    screen = table.wait(3)    # two readings that find the same racks
    assert screen.screen == "rack_setup", screen.prompt
    view = screen.camera_setup
    assert view is not None and [m.label for m in view.racks] == ["Ann's rack", "Bob's rack"]
    assert view.picture_size[0] == 480 and len(view.picture) == view.picture_size[0] * view.picture_size[1] * 3
    assert [h.button for h in screen.prompt.buttons] == ["CONFIRM", "CANCEL"]
    table.shot("found")
    screen = table.press("confirm")
    assert screen.screen == "start" and "Ann's and Bob's found and confirmed" in screen.prompt.question
    assert table.kiosk.app.settings.rack_poll_s == RACK_POLL_S
    assert set(table.kiosk.vision.reader.racks.zones()) == {"p1", "p2"}
    table.shot("start-confirmed")
    table.press("p2")                                        # Bob starts Ann's clock: the game starts
    assert table.kiosk.app.phase == "turn"
    table.wait(5)                                            # read every RACK_POLL_S while a clock runs
    assert table.kiosk.app.racks.watch.stable_count("p1") == 7 and table.kiosk.app.rack_question is None
    table.camera.show("start8.png")                          # Ann drew one too many, onto her rack
    screen = table.wait(8)
    question = table.kiosk.app.rack_question
    assert question is not None and (question.player, question.seen, question.kind) == (0, 8, "overdraw")
    assert "8 tiles on Ann's rack" in screen.prompt.question
    table.shot("overdraw-on-the-rack")
    screen = table.press("confirm")
    reported = _events(table.journal(), "overdraw_reported")
    assert reported == [{"type": "overdraw_reported", "player": 0, "tiles_seen": 8, "mixed": True, "found_by": None}]
    assert any(a.rule == "DRAW-04" for a in screen.alerts)     # NASPA: X+1 from the whole mixed rack
    table.shot("overdraw-procedure")
    # the confirmed racks are on the game's record (after the first press: nothing before it)...
    found = [r["app"] for r in table.journal() if r.get("app", {}).get("kind") == "rack_zones_found"]
    assert len(found) == 1 and set(found[0]["zones"]) == {"p1", "p2"} and set(found[0]["colours"]) == {"p1", "p2"}
    # ... so the game resumed after a power cut counts in them, not in the config's (none)
    zones = table.kiosk.vision.reader.racks.zones()
    table.kiosk.close()
    again = assemble(table.config, Backends(table.camera, time_source=lambda: table.t, threaded_vision=False),
                     games_dir=table.games, settings=AppSettings(first_by_draw=True))
    again.tick()
    assert again.app.phase == "turn" and again.app.settings.rack_poll_s == RACK_POLL_S
    resumed = again.vision.reader.racks.zones()
    assert set(resumed) == {"p1", "p2"} and all(np.abs(resumed[k] - zones[k]).max() < 0.1 for k in zones)
    colours = table.kiosk.vision.reader.racks.colours()     # and with the colour the racks' tiles read seven with
    again_colours = again.vision.reader.racks.colours()
    assert set(again_colours) == {"p1", "p2"} and all(np.abs(again_colours[k][0] - colours[k][0]).max() < 0.1
                                                      for k in colours)
    again.close()


def test_cancel_without_config_zones_counts_nothing_and_says_so(table_factory):
    table = table_factory()
    assert table.wait(3.5).screen == "rack_setup"
    assert [h.meaning for h in table.screen.prompt.buttons][1] == "do not count them"
    screen = table.press("cancel")
    assert screen.screen == "start" and screen.prompt.question.startswith("Racks: not counted")
    table.shot("start-declined")
    assert table.kiosk.vision.reader.racks.zones() == {} and table.kiosk.app.settings.rack_poll_s is None
    table.wait(3)
    assert table.kiosk.rack_setup.offer is None              # not asked again for this game
    table.press("p2")
    table.camera.show("start8.png")
    table.wait(10)
    assert table.kiosk.app.rack_question is None and table.kiosk.app.racks.watch.recent == ()


def test_a_first_press_before_the_answer_keeps_the_zones_in_force(table_factory):
    table = table_factory()
    assert table.wait(3.5).screen == "rack_setup"
    table.press("p2")                                        # the game starts: the racks found are not used
    assert table.kiosk.app.phase == "turn" and table.kiosk.vision.reader.racks.zones() == {}
    assert table.screen.screen != "rack_setup"


def test_five_drawn_face_down_for_four_due(table_factory, frames: Path):
    """DRAW-01 with the config's zones (the manual fallback): the racks found at the start
    are where those zones are, so nothing is asked; Ann plays CATS (4 tiles, 3 left on her
    rack) and draws 5 face down beside it."""
    table = table_factory(zones=True)
    assert table.kiosk.app.settings.rack_poll_s == RACK_POLL_S
    screen = table.wait(3.5)
    assert screen.screen == "start" and table.kiosk.rack_setup.answered      # found where the zones are
    assert "config's rack zones" in screen.prompt.question
    table.press("p2")                      # Bob starts Ann's clock
    table.camera.show("cats3.png")         # Ann lays CATS
    table.press("p1")                      # ... and presses: Bob's clock runs, Ann draws
    table.wait(2)
    app = table.kiosk.app
    assert app.state.scores[0] > 0 and app.state.history[-1].kind == "play"
    assert drawing_zone(app.state.history) == "p1"
    table.camera.show("cats3down5.png")    # five tiles drawn, face down beside her rack
    screen = table.wait(8)
    question = app.rack_question
    assert question is not None and (question.seen, question.face_down, question.kind) == (8, 5, "overdraw")
    assert screen.prompt.question == "Ann: 5 drawn, 4 due. Overdrawn?"
    table.shot("five-drawn-four-due")
    screen = table.press("confirm")
    reported = _events(table.journal(), "overdraw_reported")
    assert reported == [{"type": "overdraw_reported", "player": 0, "tiles_seen": 8, "mixed": False, "found_by": None}]
    alert = next(a for a in screen.alerts if a.rule.startswith("DRAW-"))
    assert alert.rule == "DRAW-03" and "the tiles Ann just drew" in alert.action    # not mixed: from the new tiles
    table.shot("five-drawn-procedure")


@pytest.mark.parametrize("profile, rule, words", [
    ("naspa", "DRAW-04", "from all 8 tiles of Ann's rack"),       # seen standing on the rack: mixed
    ("msa", "DRAW-07", "(MSA 7.2a)"),
    ("coffs", "DRAW-08", "Bob removes 1 tile from Ann's rack"),
])
def test_the_confirmed_count_is_on_the_record_with_the_profiles_procedure(tmp_path: Path, profile: str, rule: str,
                                                                          words: str):
    (tmp_path / "kiosk.toml").write_text(f'[game]\nprofile = "{profile}"\n', encoding="utf-8")
    config = load_config(tmp_path / "kiosk.toml")
    result = ReplayRun(ROOT / "fixtures" / "games" / "overdraw", config=config, games_dir=tmp_path / "games").run()
    assert result.completed
    overdraws = [a for a in result.alerts if a.startswith("overdraw")]
    assert len(overdraws) == 1 and f"({rule})" in overdraws[0] and words in overdraws[0], result.alerts
    journal = [json.loads(line) for path in (tmp_path / "games").glob("*.jsonl")
               for line in path.read_text(encoding="utf-8").splitlines()]
    asked = [r["app"] for r in journal if r.get("app", {}).get("kind") == "rack_question"]
    assert asked == [{"kind": "rack_question", "player": 0, "seen": 8, "due": 7, "question": "overdraw"}]
    assert _events(journal, "overdraw_reported") == [
        {"type": "overdraw_reported", "player": 0, "tiles_seen": 8, "mixed": True, "found_by": None}]


# --- the pure parts ---------------------------------------------------------------------------

def _turn(player: int, kind: str) -> Turn:
    return Turn(player=player, kind=kind, score=0, total=0)


def test_face_down_tiles_count_as_drawn_only_beside_the_drawing_players_rack():
    history = [_turn(1, "play"), _turn(0, "play")]
    assert drawing_zone(history) == "p1"
    assert drawn_face_down({"p1": 5, "p2": 3}, history) == {"p1": 5}
    # an exchange in progress: Bob's own tiles face down beside his rack, before his press
    assert drawn_face_down({"p2": 3}, history) == {}
    assert drawing_zone([_turn(0, "play"), _turn(1, "exchange")]) is None      # nobody owes tiles
    assert drawing_zone([]) is None


def test_the_watch_words_it_as_drawn_and_due():
    watch, asked = RackWatch(), []
    for _ in range(3):
        watch, q = step(watch, {"p1": 3, "p2": 7}, set(), {"p1": 7, "p2": 7}, face_down={"p1": 5})
        asked.append(q)
    assert asked[:2] == [None, None] and asked[2] is not None
    assert drawn_due_text(asked[2].seen, asked[2].due, asked[2].face_down) == "5 drawn, 4 due" and asked[2].seen == 8
    # four drawn for four due: seven in all, nothing to ask
    watch = RackWatch()
    for _ in range(4):
        watch, q = step(watch, {"p1": 3}, set(), {"p1": 7}, face_down={"p1": 4})
        assert q is None


def test_mixed_is_where_the_camera_saw_the_new_tiles():
    # Ann played 4 (3 left) and owes 4: 8 standing on the rack -> mixed (DRAW-04, MSA 7.2a)
    assert mixed_into_rack(8, 7, 4)
    # 3 on the rack, 5 face down beside it -> not mixed (DRAW-03, MSA 7.1)
    assert not mixed_into_rack(3, 7, 4)
    # 4 on the rack (one new tile racked), 4 face down -> some new tile touched the rack (MSA 7.2a)
    assert mixed_into_rack(4, 7, 4)


def test_the_start_screens_line_for_each_way_the_racks_are_counted():
    setup = RackSetup(RackCounter({}))
    names = ("Ann", "Bob")
    assert setup.racks_line(names).startswith("Racks: none found yet")
    setup.answered = True
    assert setup.racks_line(names) == "Racks: not counted (none confirmed, none in the config)."
    zones = {"p1": np.zeros((4, 2))}
    setup.racks = RackCounter(zones)
    setup.source = "config"
    assert setup.racks_line(names) == "Racks: counted in the config's rack zones."
    setup.source = "found"
    assert setup.racks_line(names) == "Racks: Ann's found and confirmed; their tiles are counted."


def test_the_setup_screen_fits_both_sizes_without_cutting_text():
    from kiosk.display.samples import SAMPLES

    renderer = Renderer()
    pygame.font.init()
    for size in ((800, 480), (1280, 720), (480, 800)):
        drawn = renderer.render(pygame.Surface(size), SAMPLES["rack_setup"])
        page = drawn[:drawn.index("camera ok")]   # the status line after it is the renderer's
        assert page[0].startswith("RACKS FOUND") and not [s for s in page if "…" in s], (size, drawn)


def test_the_setup_measure_runs_the_kiosks_own_setup_on_a_rendered_frame():
    from kiosk.rack_setup import measure

    result = measure(range(SEED, SEED + 1))
    assert result == {"scenes": 1, "located": 1, "both_in_view": 1, "offered_one": 0, "offered_both": 1,
                      "offered_both_in_view": 1, "wrong": 0, "eight_read_8": 1, "false_over": 0}


def test_a_rack_learnt_at_setup_stays_learnt_when_the_game_starts(frames: Path):
    image = cv2.imread(str(frames / "start.png"))
    reader = BoardReader()
    reader.racks.look_for_racks(True)
    reader.observe(image)
    reader.observe(image)
    find = reader.racks.agreed_find()
    assert find is not None and set(find.zones) == {"p1", "p2"}
    reader.racks.use_zones(find.zones, find.profiles, find.colours)
    reader.racks_hold({"p1": 7, "p2": 6})          # the first press: p2 not as at setup
    assert reader.racks_learnt() == {"p1"}
    reader.racks_hold({"p1": 7, "p2": 7})          # a later game: learnt again from its frames
    assert reader.racks_learnt() == set()
