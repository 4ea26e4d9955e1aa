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

The search, the zones in force and what was learnt of each rack are the board reader's rack
component (`vision.rack_counter.RackCounter`, `BoardReader.racks`); this module drives it
through its public methods from the app's thread.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from kiosk.app import KioskApp
from kiosk.display.model import ButtonHint, Prompt, RackMark, RackSetupView, ScreenModel
from kiosk.vision_worker import Vision
from vision.config import RACK_NAMES, VisionConfig
from vision.rack_counter import SETUP_TILES, RackCounter, RackFind, same_zones
from vision.reader import BoardReader

log = logging.getLogger("kiosk.rack_setup")

SETUP_POLL_S = 1.0      # on the start screen the camera is read this often while the racks are looked for
SAME_AS_IN_FORCE = 1.5  # a rack found within this many squares of the zone in force needs no confirmation
PICTURE_WIDTH = 480     # the picture shown for confirmation, px wide: the racks' tiles show their tops and
                        # backs only (KIOSK-05), and at a third of the camera's size no letter on the board
                        # is worth reading from it either
NOTE = "rack_zones_found"   # the journal's app record of the confirmed racks' zones (frame px)


class RackSetup:
    """The start screen's rack setup, driven by the assembly (kiosk.assembly.Kiosk.tick):
    looks for the racks while the game has not started, offers what it found, takes the
    players' answer, and says on the start screen how the racks are counted."""

    def __init__(self, racks: RackCounter, poll_s: float = SETUP_POLL_S) -> None:
        self.racks = racks             # the board reader's rack component (BoardReader.racks)
        self.poll_s = poll_s
        self.source = "config" if racks.configured_zones else "none"   # where the zones in force come from
        self.offer: RackFind | None = None
        self.answered = False          # this game's setup is settled (confirmed, declined or kept)
        self._app_id: int | None = None
        self._next_poll = float("-inf")
        self._said_off = False
        self._noted: object = None     # the found zones last journaled for this game (NOTE)
        self.settings_on: Callable[[KioskApp], None] | None = None   # called with the app when zones
        # come into force (kiosk.assembly)

    # -- driven by the assembly -------------------------------------------------------------

    def tick(self, app: KioskApp, vision: Vision, now: float) -> None:
        if id(app) != self._app_id:   # a new game, or a game resumed after a restart: look again
            self._app_id = id(app)
            self.offer, self.answered, self._noted = None, False, None
            self._next_poll = float("-inf")
            self._resume(app)
            self.racks.look_for_racks(app.phase == "start", PICTURE_WIDTH)
        self._journal_found(app)
        if app.phase != "start" or self.answered:
            if self.offer is not None or self._looking_now():
                self._stop(app)
            return
        find = self.racks.agreed_find()
        if find is not None and self.offer is None:
            in_force = self.racks.zones()
            if in_force and same_zones(find.zones, in_force, find.square * SAME_AS_IN_FORCE):
                self.answered = True
                self.racks.look_for_racks(False)
                log.info("racks found where they were counted before: %s", ", ".join(sorted(find.zones)))
                return
            self.offer = find
            self.racks.look_for_racks(False)   # what the players confirm is the picture shown
        # the live kiosk's start screen reads the camera anyway (names laid out in tiles)
        if (self.offer is None and not app.start_deferred and not vision.busy
                and now >= self._next_poll):
            self._next_poll = now + self.poll_s
            vision.request()

    def takes(self, app: KioskApp, button: str, kind: str = "press") -> bool:
        """CONFIRM / CANCEL answer the setup while its screen is shown."""
        return kind == "press" and button in ("confirm", "cancel") and self.showing(app)

    def answer(self, app: KioskApp, confirmed: bool) -> None:
        """The players' answer. `self.settings_on(app)` turns rack polling on for the app (and
        the next games) when zones come into force."""
        offer = self.offer
        if offer is None:
            return
        self.offer, self.answered = None, True
        self.racks.look_for_racks(False)
        if confirmed:
            # a rack not found keeps the config's zone (the manual fallback, rack by rack)
            self.racks.use_zones({**self.racks.configured_zones, **offer.zones}, offer.profiles, offer.colours)
            self.source = "found"
            log.info("racks confirmed: %s", ", ".join(sorted(offer.zones)))
        else:
            self.racks.use_zones(None)   # the config's zones
            self.source = "config" if self.racks.configured_zones else "none"
            log.info("racks found were not confirmed: %s", "the config's zones" if self.source == "config"
                     else "the tiles on the racks are not counted")
        if self.racks.zones() and self.settings_on is not None:
            self.settings_on(app)

    def showing(self, app: KioskApp) -> bool:
        """The setup's screen is up: an offer, and the start screen with nothing else asking."""
        return (self.offer is not None and app.phase == "start" and not app.pending and app.menu is None
                and app.names.picker is None and app.names_offered() is None and app.recovered is None
                and not app.warnings_unacknowledged and not app.app_alerts)

    def key(self) -> tuple[object, ...]:
        return (id(self.offer), self.answered, self.source)

    def _resume(self, app: KioskApp) -> None:
        """A game resumed from its journal counts in the racks it was counting in."""
        notes = [r for r in app.app_records if r.get("kind") == NOTE]
        if not notes:
            return
        zones = {str(k): np.asarray(v, np.float32) for k, v in notes[-1]["zones"].items()}
        colours = {str(k): (np.asarray(v[:3], np.float32), float(v[3]))
                   for k, v in notes[-1].get("colours", {}).items()}   # absent in journals before them
        self.racks.use_zones(zones, None, colours)
        self.source, self._noted = "found", _zones_key(zones)
        if zones and self.settings_on is not None:
            self.settings_on(app)

    def _journal_found(self, app: KioskApp) -> None:
        """Found zones in force go on the game's record (NOTE) once the game has one (the
        live kiosk journals nothing before the first press), so a restart counts in them."""
        if self.source != "found" or app.start_deferred or not app.events:
            return
        zones = self.racks.zones()
        key = _zones_key(zones)
        if key != self._noted:
            self._noted = key
            # with each rack's tiles' colour from setup: a game resumed before any tile is on the
            # board reads a red or navy set's racks as it did (the board gives no colour yet)
            colours = {k: [round(float(x), 1) for x in (*c, t)] for k, (c, t) in sorted(self.racks.colours().items())}
            app.note(NOTE, zones={k: np.round(v, 1).tolist() for k, v in sorted(zones.items())}, colours=colours)

    def _looking_now(self) -> bool:
        return self.racks.looking()

    def _stop(self, app: KioskApp) -> None:
        if self.offer is not None:
            log.info("the game started before the racks found were confirmed: not used")
        self.offer = None
        self.racks.look_for_racks(False)
        if not self.racks.zones() and not self._said_off:
            self._said_off = True
            log.warning("no rack zones in the config and no racks confirmed: the tiles on the racks are not counted")

    # -- the screen ---------------------------------------------------------------------------

    def racks_line(self, names: tuple[str, str]) -> str:
        """One line for the start screen: how the tiles on the racks are counted."""
        if self.source == "found" and self.racks.zones():
            who = " and ".join(names[RACK_NAMES.index(k)] + "'s" for k in sorted(self.racks.zones())
                               if k in RACK_NAMES)
            return f"Racks: {who} found and confirmed; their tiles are counted."
        if self.source == "config" and self.racks.zones():
            return "Racks: counted in the config's rack zones."
        if self.answered:
            return "Racks: not counted (none confirmed, none in the config)."
        return "Racks: none found yet. Put seven tiles on each rack, in view, to count them."

    def decorate(self, app: KioskApp, screen: ScreenModel) -> ScreenModel:
        """The setup's screen while it asks; else the start screen with its racks line."""
        if self.showing(app) and self.offer is not None:
            return replace(screen, screen="rack_setup",
                           camera_setup=setup_view(self.offer, app.setup.players, self.racks.configured_zones),
                           prompt=Prompt("Is each rack outlined, with its seven tiles?",
                                         (ButtonHint("CONFIRM", "count these racks"),
                                          ButtonHint("CANCEL", "use the config's zones" if self.racks.configured_zones
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


MEASURE_SEEDS = "6300000:6300100"  # never used in development (vision.rack_find's docstring lists those)
WRONG_SQUARES = 1.0  # an offered zone whose centre is farther than this from its rack's is a wrong zone


def measure(seeds: range, size: int = 1504) -> dict[str, int]:
    """The setup as the kiosk runs it, on rendered start frames (an empty board, seven tiles
    standing on each rack, vision.synth.render_frame): two readings through the board reader
    while looking; how often both racks are offered (of the scenes with both wholly in the
    frame), offered zones away from their rack (wrong), and, in the offered zones, how the
    reader counts an eighth tile put on p1's rack."""
    from dataclasses import replace as with_fields

    from vision.board_scale import square_px
    from vision.racks import zone_in_frame
    from vision.synth import FrameOptions, render_frame

    options = FrameOptions(hand=False, glare=False, shadow=False, rotation=0)
    out = {"scenes": 0, "located": 0, "both_in_view": 0, "offered_one": 0, "offered_both": 0,
           "offered_both_in_view": 0, "wrong": 0, "eight_read_8": 0, "false_over": 0}
    for seed in seeds:
        frame = render_frame(["." * 15] * 15, seed=seed, size=size,
                             options=with_fields(options, rack_counts={"p1": 7, "p2": 7}))
        reader = BoardReader(VisionConfig())
        racks = reader.racks
        racks.look_for_racks(True)
        out["scenes"] += 1
        located = [reader.observe(frame.image).located for _ in range(2)]
        out["located"] += all(located)
        in_view = all(zone_in_frame(frame.image, z) for z in frame.rack_zones.values())
        out["both_in_view"] += in_view
        find = racks.agreed_find()
        if find is None:
            continue
        square = square_px(frame.board_corners)
        out["wrong"] += sum(float(np.linalg.norm(z.mean(axis=0) - frame.rack_zones[k].mean(axis=0))) > WRONG_SQUARES * square
                            for k, z in find.zones.items())
        out["offered_one" if len(find.zones) == 1 else "offered_both"] += 1
        out["offered_both_in_view"] += len(find.zones) == 2 and in_view
        if len(find.zones) == 2:
            # the game goes on in the confirmed zones: Ann's rack with an eighth tile (the racks
            # stand where they stood: vision.synth.racks draws them from the seed, not the counts)
            racks.look_for_racks(False)
            racks.use_zones(find.zones, find.profiles, find.colours)
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
    parser.add_argument("--seeds", default=MEASURE_SEEDS, help=f"render seeds A:B (default {MEASURE_SEEDS}, "
                        "never used in development)")
    args = parser.parse_args(argv)
    a, b = (int(x) for x in args.seeds.split(":"))
    result = measure(range(a, b))
    n = result["scenes"]
    print(f"{n} rendered start frames (seeds {a}-{b - 1}, empty board, 7 tiles on each rack):")
    print(f"  board located in both readings: {result['located']}/{n}")
    print(f"  both racks wholly in the frame: {result['both_in_view']}/{n}")
    print(f"  both racks found and offered:   {result['offered_both']}/{n}, of those with both in view"
          f" {result['offered_both_in_view']}/{result['both_in_view']} (one rack only: {result['offered_one']}/{n})")
    print(f"  zones offered away from their rack (wrong): {result['wrong']}")
    both = result["offered_both"]
    print(f"  then, with an 8th tile on p1's rack: read 8 + 7 in the offered zones {result['eight_read_8']}/{both},"
          f" p2's 7 read as more than 7 {result['false_over']}/{both}")
    return 0


if __name__ == "__main__":
    from kiosk.__main__ import run_command
    import sys

    sys.exit(run_command("kiosk.rack_setup", main))
