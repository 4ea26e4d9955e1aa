"""The racks at the start of a game: found by the kiosk itself, confirmed by the players.

On the start screen, with seven tiles on each rack (TILE-03), the kiosk looks for the racks
in the camera's view (`vision.rack_find.find_racks`). When the same racks show in two readings
in a row, the screen shows the camera's picture with each rack's zone drawn on it
("rack_setup") and the players answer with the buttons:

- CONFIRM: the tiles on these racks are counted from now on (overdraws, DRAW-09);
- CANCEL: the config's `[vision.racks]` zones are used, as before; without them the tiles
  on the racks are not counted.

What a club can expect (decided here, README "Counting the tiles on the racks"):

- racks found and confirmed win over the config's zones, for this game and the next ones
  until another setup is answered: the racks stand where the players put them today, the
  config's zones are where someone measured them once;
- the config's zones are the manual fallback: used until racks are found and confirmed,
  after CANCEL, and whenever nothing is found (a dark table, racks out of view);
- racks found where the zones in force already are (the next game, same table) are taken
  without asking again;
- nothing found and no zones in the config: the start screen says so (one line), and the
  game is played without counting the tiles on the racks;
- a found rack is never used unconfirmed: a first press before the answer starts the game
  with the zones in force.

`RackAwareReader` is the board reader with the two rack steps it does not do itself: the
setup's search, and the tiles lying face down beside each rack while a player draws
(DRAW-01, `vision.rack_face_down.count_face_down`, into `BoardObservation.rack_face_down`).
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from kiosk.display.model import ButtonHint, Prompt, RackMark, RackSetupView, ScreenModel
from vision.config import VisionConfig
from vision.observation import BoardObservation
from vision.rack_face_down import count_face_down
from vision.rack_find import TILE_TOLERANCE, find_racks, rack_colour
from vision.racks import RackProfile, board_side_first, read_rack
from vision.reader import DEFAULT_TILE_LAB, BoardReader

log = logging.getLogger("kiosk.rack_setup")

SETUP_POLL_S = 1.0      # on the start screen the camera is read this often while the racks are looked for
AGREE_SQUARES = 1.0     # two finds are the same racks when each zone's centre moved less than this (a square
                        # is ~21 mm: a rack nudged, not moved; a hand passing makes a find disagree or fail)
SAME_AS_IN_FORCE = 1.5  # a rack found within this many squares of the zone in force needs no confirmation
PICTURE_WIDTH = 480     # the picture shown for confirmation, px wide: the racks' tiles show their tops and
                        # backs only (KIOSK-05), and at a third of the camera's size no letter on the board
                        # is worth reading from it either
RACK_NAMES = ("p1", "p2")
SETUP_TILES = 7         # tiles on each rack at the start (TILE-03)
NOTE = "rack_zones_found"   # the journal's app record of the confirmed racks' zones (frame px)


@dataclass(frozen=True)
class RackFind:
    """Racks found in one frame at setup."""
    zones: dict[str, np.ndarray]          # name -> 4x2 frame zone, first edge on the board's side
    profiles: dict[str, RackProfile]      # what each rack showed with seven tiles (vision.racks.learn_rack)
    square: float                         # a board square's side, frame px
    frame_size: tuple[int, int]           # (width, height)
    board: np.ndarray                     # 4x2 board corners in the frame
    picture: bytes = b""                  # the frame, RGB, PICTURE_WIDTH wide
    picture_size: tuple[int, int] = (0, 0)

    def agrees(self, other: RackFind) -> bool:
        return same_zones(self.zones, other.zones, self.square * AGREE_SQUARES)


def same_zones(a: dict[str, np.ndarray], b: dict[str, np.ndarray], tolerance_px: float) -> bool:
    """The same rack names, each zone's centre within `tolerance_px`."""
    if set(a) != set(b):
        return False
    return all(float(np.linalg.norm(np.asarray(a[k], np.float32).mean(axis=0)
                                    - np.asarray(b[k], np.float32).mean(axis=0))) <= tolerance_px for k in a)


class RackAwareReader(BoardReader):
    """vision.reader.BoardReader plus the rack setup's search and the face-down count.

    Both ride on the reader's own rack step (`_racks`: the frame, the located board and the
    tile colour of this frame), so they cost nothing when the board is not located. The
    search runs only while `look_for_racks(True)` (the start screen); the face-down count on
    every located reading with rack zones (two small warps per rack)."""

    def __init__(self, config: VisionConfig | None = None, calibration: Any = None) -> None:
        super().__init__(config, calibration)
        self.configured_zones: dict[str, np.ndarray] = dict(self.config.rack_zones)
        self._setup_lock = threading.Lock()
        self._looking = False
        self._last_find: RackFind | None = None
        self._agreed: RackFind | None = None
        self._face_down: dict[str, int] = {}
        self.finds_tried = 0
        self._setup_profiles: dict[str, RackProfile] = {}
        self.rejected = 0   # finds with a rack the reader did not count seven in (not offered)

    # -- the setup, from the app's thread -------------------------------------------------

    def look_for_racks(self, on: bool) -> None:
        with self._setup_lock:
            self._looking = on
            self._last_find = self._agreed = None

    def agreed_find(self) -> RackFind | None:
        """The racks found alike in the last two readings that found any, or None."""
        with self._setup_lock:
            return self._agreed

    def zones(self) -> dict[str, np.ndarray]:
        """The rack zones the reader counts in now. Without the reader's lock: the screen asks
        this while the worker thread reads a frame, and `config` is only ever replaced whole."""
        return dict(self.config.rack_zones)

    def use_zones(self, zones: dict[str, np.ndarray], profiles: dict[str, RackProfile] | None = None) -> None:
        """Count the tiles in these zones from the next reading on ({}: no rack is counted).
        `profiles`: what setup learnt of each rack, with its seven tiles; kept when the game
        starts (racks_hold) with seven on that rack, instead of learning it again."""
        with self._lock:
            self.config = replace(self.config, rack_zones={k: np.asarray(v, np.float32) for k, v in zones.items()})
            self.zone_fit = None   # vision.frame_guard fits the new zones to the frame size
            self._rack_profiles = dict(profiles or {})
            self._setup_profiles = dict(profiles or {})
            self._rack_holds = {}

    def racks_hold(self, counts: dict[str, int]) -> None:
        """As BoardReader's, but a rack learnt at this game's setup stays learnt: its zone was
        offered only because the reader counted the seven tiles in it with that profile, which
        a reading without it may not (then the rack would not be learnt at all)."""
        super().racks_hold(counts)
        with self._lock:
            for name, profile in self._setup_profiles.items():
                if counts.get(name) == SETUP_TILES and name in self.config.rack_zones:
                    self._rack_profiles[name] = profile
                    self._rack_holds.pop(name, None)
            self._setup_profiles = {}

    # -- the reader's thread ---------------------------------------------------------------

    def observe(self, frame: np.ndarray) -> BoardObservation:
        self._face_down = {}
        obs = super().observe(frame)
        if self._face_down and not obs.rack_face_down:
            obs = replace(obs, rack_face_down=dict(self._face_down))
        return obs

    def _racks(self, frame: np.ndarray, corners: np.ndarray, stats: Any, occ: np.ndarray
               ) -> tuple[dict[str, int], frozenset[str]]:
        counts, blocked = super()._racks(frame, corners, stats, occ)
        with self._setup_lock:
            looking = self._looking
        if not looking and not self.config.rack_zones:
            return counts, blocked
        colour, tolerance = self._tile_colour(stats, occ)
        c = np.asarray(corners, np.float32)
        square = float(np.mean([np.linalg.norm(c[i] - c[(i + 1) % 4]) for i in range(4)])) / 15
        if looking:
            self._look(frame, c, square, colour, tolerance)
        for name, zone in self.config.rack_zones.items():
            if name in blocked:
                continue
            down = count_face_down(frame, board_side_first(zone, c.mean(axis=0)), square, colour, tolerance, c)
            if down:
                self._face_down[name] = down
        return counts, blocked

    def _look(self, frame: np.ndarray, corners: np.ndarray, square: float, colour: np.ndarray,
              tolerance: float) -> None:
        h, w = frame.shape[:2]
        centre = corners.mean(axis=0)
        rim = (centre + (corners - centre) * (1 + 2 * 1.5 / 15)).astype(np.float32)   # as find_racks grows it
        if all(cv2.pointPolygonTest(rim, (float(x), float(y)), False) >= 0 for x, y in ((0, 0), (w - 1, 0),
                                                                                       (w - 1, h - 1), (0, h - 1))):
            return   # the board and its rim fill the frame: no table, no rack in view
        self.finds_tried += 1
        board_colour = None if colour is DEFAULT_TILE_LAB else colour   # an empty board gives none
        found = found_all = find_racks(frame, corners, board_colour, tolerance, SETUP_TILES)
        if not found:
            with self._setup_lock:
                self._last_find = None
            return
        # a rack is offered only when the reader counts the seven tiles in its zone as it will
        # count them during the game, with what setup learnt of it (find_racks learnt the rack
        # from a count of its own: 11 of 22 offers on seeds 5000-5059 read otherwise before)
        found = {k: (z, p) for k, (z, p) in found.items()
                 if read_rack(frame, z, square, rack_colour(p), TILE_TOLERANCE, p).count == SETUP_TILES}
        self.rejected += len(found) < len(found_all)
        if not found:
            with self._setup_lock:
                self._last_find = None
            return
        find = RackFind({k: z for k, (z, _) in found.items()}, {k: p for k, (_, p) in found.items()},
                        square, (w, h), corners)
        with self._setup_lock:
            last = self._last_find
            self._last_find = find
            if last is not None and find.agrees(last) and self._looking:
                small = cv2.resize(frame, (PICTURE_WIDTH, max(1, round(h * PICTURE_WIDTH / w))),
                                   interpolation=cv2.INTER_AREA)
                rgb = cv2.cvtColor(small, cv2.COLOR_BGR2RGB)
                self._agreed = replace(find, picture=rgb.tobytes(), picture_size=(rgb.shape[1], rgb.shape[0]))


class RackSetup:
    """The start screen's rack setup, driven by the assembly (kiosk.assembly.Kiosk.tick):
    looks for the racks while the game has not started, offers what it found, takes the
    players' answer, and says on the start screen how the racks are counted."""

    def __init__(self, reader: RackAwareReader, poll_s: float = SETUP_POLL_S) -> None:
        self.reader = reader
        self.poll_s = poll_s
        self.source = "config" if reader.configured_zones else "none"   # where the zones in force come from
        self.offer: RackFind | None = None
        self.answered = False          # this game's setup is settled (confirmed, declined or kept)
        self._app_id: int | None = None
        self._next_poll = float("-inf")
        self._said_off = False
        self._noted: object = None     # the found zones last journaled for this game (NOTE)
        self.settings_on: Any = None   # called with the app when zones come into force (kiosk.assembly)

    # -- driven by the assembly -------------------------------------------------------------

    def tick(self, app: Any, vision: Any, now: float) -> None:
        if id(app) != self._app_id:   # a new game, or a game resumed after a restart: look again
            self._app_id = id(app)
            self.offer, self.answered, self._noted = None, False, None
            self._next_poll = float("-inf")
            self._resume(app)
            self.reader.look_for_racks(app.phase == "start")
        self._journal_found(app)
        if app.phase != "start" or self.answered:
            if self.offer is not None or self._looking_now():
                self._stop(app)
            return
        find = self.reader.agreed_find()
        if find is not None and self.offer is None:
            in_force = self.reader.zones()
            if in_force and same_zones(find.zones, in_force, find.square * SAME_AS_IN_FORCE):
                self.answered = True
                self.reader.look_for_racks(False)
                log.info("racks found where they were counted before: %s", ", ".join(sorted(find.zones)))
                return
            self.offer = find
            self.reader.look_for_racks(False)   # what the players confirm is the picture shown
        # the live kiosk's start screen reads the camera anyway (names laid out in tiles)
        if (self.offer is None and not getattr(app, "start_deferred", False) and not vision.busy
                and now >= self._next_poll):
            self._next_poll = now + self.poll_s
            vision.request()

    def takes(self, app: Any, button: str, kind: str = "press") -> bool:
        """CONFIRM / CANCEL answer the setup while its screen is shown."""
        return kind == "press" and button in ("confirm", "cancel") and self.showing(app)

    def answer(self, app: Any, confirmed: bool) -> None:
        """The players' answer. `self.settings_on(app)` turns rack polling on for the app (and
        the next games) when zones come into force."""
        offer = self.offer
        if offer is None:
            return
        self.offer, self.answered = None, True
        self.reader.look_for_racks(False)
        if confirmed:
            # a rack not found keeps the config's zone (the manual fallback, rack by rack)
            self.reader.use_zones({**self.reader.configured_zones, **offer.zones}, offer.profiles)
            self.source = "found"
            log.info("racks confirmed: %s", ", ".join(sorted(offer.zones)))
        else:
            self.reader.use_zones(self.reader.configured_zones)
            self.source = "config" if self.reader.configured_zones else "none"
            log.info("racks found were not confirmed: %s", "the config's zones" if self.source == "config"
                     else "the tiles on the racks are not counted")
        if self.reader.zones() and self.settings_on is not None:
            self.settings_on(app)

    def showing(self, app: Any) -> bool:
        """The setup's screen is up: an offer, and the start screen with nothing else asking."""
        return (self.offer is not None and app.phase == "start" and not app.pending and app.menu is None
                and app.name_picker is None and app.names_offered() is None and app.recovered is None
                and not app.warnings_unacknowledged and not app.app_alerts)

    def key(self) -> tuple[object, ...]:
        return (id(self.offer), self.answered, self.source)

    def _resume(self, app: Any) -> None:
        """A game resumed from its journal counts in the racks it was counting in."""
        notes = [r for r in getattr(app, "app_records", ()) if r.get("kind") == NOTE]
        if not notes:
            return
        zones = {str(k): np.asarray(v, np.float32) for k, v in notes[-1]["zones"].items()}
        self.reader.use_zones(zones)
        self.source, self._noted = "found", _zones_key(zones)
        if zones and self.settings_on is not None:
            self.settings_on(app)

    def _journal_found(self, app: Any) -> None:
        """Found zones in force go on the game's record (NOTE) once the game has one (the
        live kiosk journals nothing before the first press), so a restart counts in them."""
        if self.source != "found" or getattr(app, "start_deferred", False) or not getattr(app, "events", ()):
            return
        zones = self.reader.zones()
        key = _zones_key(zones)
        if key != self._noted:
            self._noted = key
            app._note(NOTE, zones={k: np.round(v, 1).tolist() for k, v in sorted(zones.items())})

    def _looking_now(self) -> bool:
        return self.reader._looking

    def _stop(self, app: Any) -> None:
        if self.offer is not None:
            log.info("the game started before the racks found were confirmed: not used")
        self.offer = None
        self.reader.look_for_racks(False)
        if not self.reader.zones() and not self._said_off:
            self._said_off = True
            log.warning("no rack zones in the config and no racks confirmed: the tiles on the racks are not counted")

    # -- the screen ---------------------------------------------------------------------------

    def racks_line(self, names: tuple[str, str]) -> str:
        """One line for the start screen: how the tiles on the racks are counted."""
        if self.source == "found" and self.reader.zones():
            who = " and ".join(names[RACK_NAMES.index(k)] + "'s" for k in sorted(self.reader.zones())
                               if k in RACK_NAMES)
            return f"Racks: {who} found and confirmed; their tiles are counted."
        if self.source == "config" and self.reader.zones():
            return "Racks: counted in the config's rack zones."
        if self.answered:
            return "Racks: not counted (none confirmed, none in the config)."
        return "Racks: none found yet. Put seven tiles on each rack, in view, to count them."

    def decorate(self, app: Any, screen: ScreenModel) -> ScreenModel:
        """The setup's screen while it asks; else the start screen with its racks line."""
        if self.showing(app) and self.offer is not None:
            return replace(screen, screen="rack_setup",
                           camera_setup=setup_view(self.offer, app.setup.players, self.reader.configured_zones),
                           prompt=Prompt("Is each rack outlined, with its seven tiles?",
                                         (ButtonHint("CONFIRM", "count these racks"),
                                          ButtonHint("CANCEL", "use the config's zones" if self.reader.configured_zones
                                                     else "do not count them"))))
        if screen.screen == "start" and screen.start is not None and screen.start.choosing is None and (
                screen.prompt is None or not screen.prompt.question):
            line = self.racks_line(app.setup.players)
            return replace(screen, prompt=Prompt(line, screen.prompt.buttons if screen.prompt else ()))
        return screen


def _zones_key(zones: dict[str, np.ndarray]) -> object:
    return tuple(sorted((k, tuple(np.round(np.asarray(v, np.float64), 1).ravel().tolist())) for k, v in zones.items()))


def setup_view(find: RackFind, names: tuple[str, str], configured: dict[str, np.ndarray] | None = None
               ) -> RackSetupView:
    """The find as the screen shows it: the picture, the board, each rack outlined and named."""
    w, h = find.frame_size

    def norm(points: np.ndarray) -> tuple[tuple[float, float], ...]:
        return tuple((round(float(x) / w, 4), round(float(y) / h, 4)) for x, y in np.asarray(points))

    marks = tuple(RackMark(f"{names[RACK_NAMES.index(k)]}'s rack" if k in RACK_NAMES else k, norm(z), 7)
                  for k, z in sorted(find.zones.items()))
    notes = []
    for i, k in enumerate(RACK_NAMES):
        if k not in find.zones:
            notes.append(f"{names[i]}'s rack not found: " + ("counted in the config's zone" if k in (configured or {})
                                                             else "its tiles are not counted"))
    note = "; ".join(notes)
    return RackSetupView(find.picture, find.picture_size, norm(find.board), marks, note)


def measure(seeds: range, size: int = 1504) -> dict[str, int]:
    """The setup as the kiosk runs it, on rendered start frames (an empty board, seven tiles
    standing on each rack, vision.synth.render_frame): two readings through RackAwareReader
    while looking; how often both racks are offered, and offered zones in which the reader
    then counts seven on both racks."""
    from dataclasses import replace as with_fields

    from vision.synth import FrameOptions, render_frame

    options = FrameOptions(hand=False, glare=False, shadow=False, rotation=0)
    out = {"scenes": 0, "located": 0, "offered_one": 0, "offered_both": 0, "eight_read_8": 0, "false_over": 0}
    for seed in seeds:
        frame = render_frame(["." * 15] * 15, seed=seed, size=size,
                             options=with_fields(options, rack_counts={"p1": 7, "p2": 7}))
        reader = RackAwareReader(VisionConfig())
        reader.look_for_racks(True)
        out["scenes"] += 1
        located = [reader.observe(frame.image).located for _ in range(2)]
        out["located"] += all(located)
        find = reader.agreed_find()
        if find is None:
            continue
        out["offered_one" if len(find.zones) == 1 else "offered_both"] += 1
        if len(find.zones) == 2:
            # the game goes on in the confirmed zones: Ann's rack with an eighth tile (the racks
            # stand where they stood: vision.synth.racks draws them from the seed, not the counts)
            reader.look_for_racks(False)
            reader.use_zones(find.zones, find.profiles)
            reader.racks_hold({"p1": 7, "p2": 7})   # the first press
            reader.observe(frame.image)
            eight = render_frame(["." * 15] * 15, seed=seed, size=size,
                                 options=with_fields(options, rack_counts={"p1": 8, "p2": 7}))
            counts = reader.observe(eight.image).rack_counts
            out["eight_read_8"] += counts == {"p1": 8, "p2": 7}
            out["false_over"] += counts.get("p2", 0) > 7
    return out


def main(argv: list[str] | None = None) -> int:
    """`python -m kiosk.rack_setup [--seeds A:B]`: the setup's finding on rendered start frames."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m kiosk.rack_setup", description=main.__doc__)
    parser.add_argument("--seeds", default="5000:5060", help="render seeds A:B (default 5000:5060, never used in tests)")
    args = parser.parse_args(argv)
    a, b = (int(x) for x in args.seeds.split(":"))
    result = measure(range(a, b))
    n = result["scenes"]
    print(f"{n} rendered start frames (seeds {a}-{b - 1}, empty board, 7 tiles on each rack):")
    print(f"  board located in both readings: {result['located']}/{n}")
    print(f"  both racks found and offered:   {result['offered_both']}/{n}"
          f" (one rack only: {result['offered_one']}/{n})")
    both = result["offered_both"]
    print(f"  then, with an 8th tile on p1's rack: read 8 + 7 in the offered zones {result['eight_read_8']}/{both},"
          f" p2's 7 read as more than 7 {result['false_over']}/{both}")
    return 0


if __name__ == "__main__":
    from kiosk.__main__ import run_command
    import sys

    sys.exit(run_command("kiosk.rack_setup", main))
