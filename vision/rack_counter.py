"""The board reader's rack component (issue 18): the rack zones in force, what was learnt of
each rack, and, for every located frame, the tiles standing on each rack and lying face down
beside it; at setup, the search for the racks themselves.

`vision.reader.BoardReader` holds one (`reader.racks`) and calls `observe` from its own
`observe` with the frame, the located board and the tile colour the board's tiles give. The
kiosk (kiosk.rack_setup) drives the setup through the public methods here, from its own
thread: `look_for_racks`, `agreed_find`, `use_zones`, `zones`, `racks_hold`, `racks_learnt`,
`racks_misread`.

- Zones: the config's `[vision.racks]` zones (as vision.frame_guard fits them to the frame,
  handed over with each frame), or the zones found at setup and confirmed (`use_zones`),
  which win until `use_zones(None)` goes back to the config's.
- Learnt racks: `racks_hold(counts)` says how many tiles the rules put on each rack (seven
  each as a game starts); each rack is learnt (vision.racks.learn_known, as the bench learns
  it) once, from the next frame with nothing over it; a rack that frame reads surely as
  fewer is not counted in that game (its counts would be wrong: unknown) unless it was
  learnt all the same (vision.racks.BLIND_SHORT under, a profile reading the count back). A rack
  learnt at setup, with seven on it, stays learnt when the game starts with seven on it: its
  zone was offered only because it read seven with that profile.
- The tiles' colour: the board's tiles' when it has some read surely; else the colour the
  rack's tiles read seven with at setup, or showed when it was learnt (an empty board at a game's start gives none,
  and a red or navy set is not the default ivory); else the calibration's; else ivory.
- Racks moved during a game: each rack's body is anchored (vision.rack_find.rack_anchor) from
  the first frame after racks_hold that reads it with the count the rules said (a rack that frame
  learnt nothing of: that frame's reading of no count too, and found moved it is not counted); a rack read
  again whose body is no longer where it was anchored is looked for slid and turned near there,
  with the board as the frame shows it then left out (vision.rack_find.refound: a rack pushed to
  the board has the rim where it had table), and read where it stands; found nowhere near, it is
  unknown (`lost`), never a count read in the zone it left.
- Setup: while `look_for_racks(True)`, each located frame is searched for racks with seven
  tiles (vision.rack_find.find_racks); racks found alike in two readings in a row are the
  `agreed_find`, with a small picture of the frame for the players to confirm.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Mapping

import cv2
import numpy as np

from vision.rack_change import Changed, Parts, Thumb, changed_parts, parts, retake, thumb
from vision.rack_face_down import count_face_down
from vision.board_scale import square_px
from vision.rack_find import (TILE_TOLERANCE, RackAnchor, in_place, nudged, rack_anchor, rack_colour, racks_found,
                              refound)
from vision.observation import RackUnknown
from vision.racks import (RACK_LIMIT, Learnt, RackProfile, RackReading, board_side_first, colour_gap, counted,
                          learn_known, rack_square_px, read_rack, zone_in_frame)

SETUP_TILES = 7         # tiles on each rack at a game's start (TILE-03)
AGREE_SQUARES = 1.0     # two finds are the same racks when each zone's centre moved less than this (a square
                        # is ~21 mm: a rack nudged, not moved; a hand passing makes a find disagree or fail)
DEFAULT_TILE_LAB = np.array([225.0, 128.0, 140.0], np.float32)  # ivory, when nothing tells the tiles' colour
DEFAULT_TOLERANCE = 30.0
CALIBRATED_TOLERANCE = 20.0
RIM_SQUARES = 1.5  # the board and its rim: when they fill the frame there is no table, no rack in view
SAME_SQUARE = 0.01  # a rack's last reading stands for a frame whose square at the rack is within this share of its
SAME_COLOUR = 3.0   # ... whose tile colour (Lab) is within this of its (the board's tiles' median moves 0.5-1 a frame
                    # with the camera's noise; the reading takes tile colour within 2 * FACE_REACH * tolerance >= 48)
SAME_TOLERANCE = 0.1  # ... and whose tolerance is within this share of its
IN_PLACE = 0.9  # a rack's body this alike (vision.rack_find.in_place) where it was anchored stands there still;
FOUND = 0.7     # ... else it is where it looks this alike (vision.rack_find.refound). Dev seeds 7940300-7940339
# (one rack a scene moved or not, vision.rack_bench's moves): racks not moved 0.989-1.000 in place, racks moved
# at most 0.72 there; found where they stand 0.84-0.99 (the zone within 0.3-10 px), found elsewhere at most 0.51.
# Round 25 (the board as it is now left out, dev move scenes 8060050-8060199): racks pushed to the board found where
# they stand (within 0.1 square) at 0.739, 0.785, 0.791 (8060119, 8060097, 8060190: unknown under 0.8), found a
# square or more away at most 0.499 (racks moved partly out of the frame); a placement a few degrees off (0.74-0.76,
# round 23's 8010364, 8010402, partly out of the frame) is read "partly out of the frame", and a found rack's count
# must still hold with its zone nudged (vision.rack_find.nudged)
IN_PLACE_SURE = 0.99  # ... and a rack under this alike in place may have moved a little (a rack pushed 13 mm to the
# board scores 0.93 in place: round 25's measuring seed 10310454 p1, seven read 2 in the zone it left): its count too
# must hold with its zone nudged. Round 25 helper rkmove (dev 8060000-8060149): racks not moved 0.952-1.000 in place
# (17 of 173 under 0.99), racks moved up to 0.985
BODY_SHARE = 0.5  # the share of a zone's depth, from its board side, before the tiles' tops, for a rack read
# without a profile (the band learnt begins at 0.56-0.67 of it on every rack model: dev seeds 7940200-7940211)


@dataclass(frozen=True)
class RackFind:
    """Racks found in one frame at setup."""
    zones: dict[str, np.ndarray]          # name -> 4x2 frame zone, first edge on the board's side
    profiles: dict[str, RackProfile]      # what each rack showed with seven tiles (vision.racks.learn_rack)
    colours: dict[str, tuple[np.ndarray, float]]   # each rack's tiles' colour (Lab) and tolerance it read seven with
    square: float                         # a board square's side, frame px
    frame_size: tuple[int, int]           # (width, height)
    board: np.ndarray                     # 4x2 board corners in the frame
    picture: bytes = b""                  # the frame, RGB, as wide as look_for_racks asked
    picture_size: tuple[int, int] = (0, 0)

    def agrees(self, other: RackFind) -> bool:
        return same_zones(self.zones, other.zones, self.square * AGREE_SQUARES)


def same_zones(a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray], tolerance_px: float) -> bool:
    """The same rack names, each zone's centre within `tolerance_px`."""
    if set(a) != set(b):
        return False
    return all(float(np.linalg.norm(np.asarray(a[k], np.float32).mean(axis=0)
                                    - np.asarray(b[k], np.float32).mean(axis=0))) <= tolerance_px for k in a)


@dataclass(frozen=True)
class RackSight:
    """What one frame showed of the racks."""
    counts: dict[str, int]       # tiles standing on each rack seen well enough (unknown racks absent)
    unknown: dict[str, RackUnknown]   # each rack not counted: why (RackCounter._why_unknown)
    face_down: dict[str, int]    # tiles lying face down beside a rack (DRAW-01), where there are some

    @property
    def blocked(self) -> frozenset[str]:
        """Racks something covers (a hand)."""
        return frozenset(name for name, why in self.unknown.items() if why == "covered")


@dataclass(frozen=True)
class _Read:
    """A rack's last reading and what it was read from (observe reads a part of it again only
    when something that part looks at changed: vision.rack_change)."""
    zone: np.ndarray
    square: float
    colour: np.ndarray
    tolerance: float
    profile: RackProfile | None
    rack_thumb: Thumb    # the thumb of the frame the rack was last read on
    beside_thumb: Thumb  # ... and of the frame the tiles beside it were last counted on (the same box)
    parts: Parts  # the cells of the thumbs the rack's reading and the face-down count look at
    count: int | None  # None (unknown, or covered) is never kept: a frame with other sensor noise may read the
    # count (dev seeds 7690050-7690249, vision.rack_bench follow: 7690105's rack of nine read "not clear enough"
    # on 3 of its 10 frames, and a kept unknown stood on 2 frames that read 9; 7690090's rack of five read as
    # covered on 5 of 10), and the kiosk acts on no unknown, so it stands for nothing worth the reading saved
    blocked: bool
    face_down: int | None
    steady: bool  # the count read alike by two readings in a row of one picture (the rack's part unchanged): only
    # such a count stands for the frames after it (a count read once may be one frame's noise: dev follow scene
    # 8010073 p1, nine tiles read 7, None, None, None, 7 on five frames of one picture; the 7 stood on all five)

    def reads_alike(self, zone: np.ndarray, square: float, colour: np.ndarray, tolerance: float,
                    profile: RackProfile | None) -> bool:
        """Would a rack seen alike read alike with these: the same zone and profile, the square,
        colour and tolerance within SAME_* of this reading's?"""
        # (the zone is most often the very array of the last frame: RackCounter._placed keeps it)
        return (profile is self.profile and (zone is self.zone or bool(np.array_equal(zone, self.zone)))
                and abs(square - self.square) <= SAME_SQUARE * self.square
                and colour_gap(np.asarray(colour, np.float32), self.colour) <= SAME_COLOUR
                and abs(tolerance - self.tolerance) <= SAME_TOLERANCE * self.tolerance)


def _read_anew(count: int | None, face_down: int | None) -> bool:
    """A reading of more than seven tiles with those face down beside the rack: the next frame reads
    both again whatever changed (RackCounter._read_rack)."""
    return count is not None and count + (face_down or 0) > RACK_LIMIT


def _same(kept: np.ndarray, now: np.ndarray) -> bool:
    """`now` holds the very values of `kept` (a float32 copy made of an earlier `now`): the same bytes
    (np.array_equal's answer wherever the bytes are alike, at a tenth of its CPU time; it is asked twice
    a rack a frame). Where the bytes differ but the values do not (-0.0, another dtype) it says no, and
    what `kept` was made for is made again, alike."""
    return now.dtype == kept.dtype and now.shape == kept.shape and now.tobytes() == kept.tobytes()


def _band_start(profile: RackProfile | None) -> float:
    """Where the band of tiles' tops begins, as a share of the zone's depth from its board side."""
    if profile is None:
        return BODY_SHARE
    if profile.tops is not None:
        return profile.tops.band[0] / max(profile.tops.rows, 1)
    return profile.band[0] / max(profile.rows, 1) if profile.rows else BODY_SHARE


class RackCounter:
    """The racks as one board reader sees them. `observe` runs on the reader's thread; the
    setup's methods on any other."""

    def __init__(self, zones: Mapping[str, np.ndarray] | None = None, tile_lab: np.ndarray | None = None) -> None:
        self.configured_zones: dict[str, np.ndarray] = {k: np.asarray(v, np.float32) for k, v in (zones or {}).items()}
        self._calibrated = None if tile_lab is None else np.asarray(tile_lab, np.float32)
        self._lock = threading.Lock()
        self._fitted: dict[str, np.ndarray] = dict(self.configured_zones)  # the config's, fitted to the frame
        self._found: dict[str, np.ndarray] | None = None   # confirmed at setup; None: the config's are in force
        self._holds: dict[str, int] = {}                   # racks to learn, with the count the rules say
        # what was made of each rack holding a known count (its profile, if learnt; vision.racks.counted)
        self._learnt: dict[str, Learnt] = {}
        self._setup_profiles: dict[str, RackProfile] = {}
        self._colours: dict[str, tuple[np.ndarray, float]] = {}   # each found rack's tiles' colour, from setup
        self._looking = False
        self._picture_width = 0
        self._last_find: RackFind | None = None
        self._agreed: RackFind | None = None
        self.finds_tried = 0    # frames searched for racks
        self._read: dict[str, _Read] = {}   # each rack's last full reading
        # each rack's config zone and the board's corners last seen, and the zone and square they gave (_placed)
        self._place: dict[str, tuple[np.ndarray, np.ndarray, np.ndarray, float]] = {}
        self.reads = self.reads_skipped = 0   # racks read (read_rack), racks whose last reading stood whole (observe)
        self.downs_counted = 0   # face-down counts made (count_face_down)
        self._anchors: dict[str, RackAnchor] = {}   # each rack's body where it held the count the rules said
        self._anchor_due: dict[str, int] = {}       # racks to anchor, at the count the rules say they hold
        self._moved: dict[str, np.ndarray] = {}     # racks found moved from their anchor: the zone they stand in
        self.lost: frozenset[str] = frozenset()     # racks not where they were anchored nor found near (last frame)

    # -- the setup, from the app's thread -------------------------------------------------

    def look_for_racks(self, on: bool, picture_width: int = 0) -> None:
        """Search each located frame for racks with seven tiles (on), or stop; a find agreed
        in two readings keeps a picture of the frame `picture_width` px wide (0: none)."""
        with self._lock:
            self._looking = on
            self._picture_width = picture_width
            self._last_find = self._agreed = None

    def looking(self) -> bool:
        return self._looking

    def agreed_find(self) -> RackFind | None:
        """The racks found alike in the last two readings that found any, or None."""
        with self._lock:
            return self._agreed

    def zones(self) -> dict[str, np.ndarray]:
        """The rack zones counted in now. Without the lock (the screen asks while a frame is
        read): each source is only ever replaced whole."""
        found = self._found
        return dict(found if found is not None else self._fitted)

    def colours(self) -> dict[str, tuple[np.ndarray, float]]:
        """Each found rack's tiles' colour (Lab) and tolerance from setup, for the racks in force."""
        colours = self._colours
        return {k: v for k, v in colours.items() if k in self.zones()}

    def use_zones(self, zones: Mapping[str, np.ndarray] | None, profiles: Mapping[str, RackProfile] | None = None,
                  colours: Mapping[str, tuple[np.ndarray, float]] | None = None) -> None:
        """Count the tiles in these zones from the next reading on ({}: no rack is counted;
        None: the config's zones). `profiles`: what setup learnt of each rack with its seven
        tiles, kept when the game starts (racks_hold) with seven on that rack; `colours`: the
        colour its tiles read seven with, used while the board shows none."""
        with self._lock:
            self._found = None if zones is None else {k: np.asarray(v, np.float32) for k, v in zones.items()}
            self._colours = dict(colours or {})
            self._learnt = {name: Learnt(profile) for name, profile in (profiles or {}).items()}
            self._setup_profiles = dict(profiles or {})
            self._holds = {}
            self._read = {}
            self._anchors, self._anchor_due, self._moved = {}, {}, {}

    def racks_hold(self, counts: Mapping[str, int]) -> None:
        """How many tiles the rules say each rack holds now (seven each as a game starts).
        What was learnt of the racks is forgotten and each is learnt again from the next
        frame that reads it with this count, but a rack learnt at this game's setup stays
        learnt when it holds the setup's seven."""
        with self._lock:
            self._holds, self._learnt = dict(counts), {}
            self._anchors, self._anchor_due, self._moved = {}, dict(counts), {}
            zones = self.zones()
            for name, profile in self._setup_profiles.items():
                if counts.get(name) == SETUP_TILES and name in zones:
                    self._learnt[name] = Learnt(profile)
                    self._holds.pop(name, None)
            self._setup_profiles = {}

    def racks_learnt(self) -> frozenset[str]:
        """The racks learnt since racks_hold was last called."""
        with self._lock:
            return frozenset(name for name, learnt in self._learnt.items() if learnt.profile is not None)

    def racks_misread(self) -> frozenset[str]:
        """The racks not counted since racks_hold was last called: read surely as fewer then."""
        with self._lock:
            return frozenset(name for name, learnt in self._learnt.items() if learnt.misread)

    # -- the reader's thread ---------------------------------------------------------------

    def observe(self, frame: np.ndarray, corners: np.ndarray, board_colour: tuple[np.ndarray, float] | None,
                configured: Mapping[str, np.ndarray]) -> RackSight:
        """The racks in a frame whose board is located at `corners` (frame order).
        `board_colour`: (Lab, tolerance) of the board's tiles read surely, None when it has
        none; `configured`: the config's zones as fitted to this frame. A rack's reading and its
        face-down count are made again only when something each looks at changed since they
        were last made, or the reading gave no count (_read_rack); else they stand (`reads`,
        `downs_counted`, `reads_skipped`)."""
        self._fitted = {k: np.asarray(v, np.float32) for k, v in configured.items()}
        c = np.asarray(corners, np.float32)
        with self._lock:
            if self._looking:
                self._look(frame, c, square_px(c), board_colour)
            counts: dict[str, int] = {}
            unknown: dict[str, RackUnknown] = {}
            face_down: dict[str, int] = {}
            zones = self.zones()
            for gone in set(self._read) - set(zones):
                del self._read[gone]
            for gone in set(self._place) - set(zones):
                del self._place[gone]
            for name, config_zone in zones.items():
                zone, at_rack = self._placed(name, config_zone, c)
                zone, at_rack = self._standing(name, zone, at_rack, c)
                colour, tolerance = self._colour(name, board_colour)
                profile = self._profile(name)
                count, is_blocked, down = self._read_rack(name, frame, c, zone, at_rack, colour, tolerance, profile)
                acted_on = counted(count, self._learnt.get(name))
                if acted_on is not None:
                    counts[name] = acted_on
                else:
                    unknown[name] = self._why_unknown(name, frame, zone, is_blocked, count)
                if down:
                    face_down[name] = down
        return RackSight(counts, unknown, face_down)

    def _why_unknown(self, name: str, frame: np.ndarray, zone: np.ndarray, blocked: bool,
                     count: int | None) -> RackUnknown:
        """Why the rack read in `zone` this frame gave no count the kiosk acts on (observe)."""
        if blocked:
            return "covered"
        if not zone_in_frame(frame, self._moved.get(name, zone)):
            return "out_of_frame"
        if name in self.lost or name in self._moved:   # (_moved_to) found nowhere near, or found moved but unsure
            return "moved"
        learnt = self._learnt.get(name)
        if count is not None or (learnt is not None and learnt.misread):   # read, but not acted on (counted)
            return "not_learnt"
        return "unclear"

    def _read_rack(self, name: str, frame: np.ndarray, corners: np.ndarray, zone: np.ndarray, at_rack: float,
                   colour: np.ndarray, tolerance: float, profile: RackProfile | None, placed: bool = False
                   ) -> tuple[int | None, bool, int | None]:
        """The rack's reading in `frame` (tiles standing, covered, tiles face down beside it):
        each part read again when what it looks at changed since the last reading with the
        same zone, profile, square, colour and tolerance (_Read.reads_alike), else kept; all of
        it read when there is no such reading or the rules said what the rack holds (it is
        learnt from this frame); the rack read again when its last reading gave no count or more
        than seven tiles with those face down beside it. A rack read again is first checked to
        stand where it was anchored (_moved_to), unless it was just found (`placed`)."""
        held = self._holds.get(name)
        last = self._read.get(name)
        looked_at: Parts | None
        seen: Thumb | None
        unchanged = False   # the rack's part of the picture as on the frame of the last reading
        if held is None and last is not None and last.reads_alike(zone, at_rack, colour, tolerance, profile):
            if _read_anew(last.count, last.face_down):
                # an overdraw is asked about once STABLE_FRAMES readings agree (kiosk.rack_watch): a kept
                # reading would repeat one frame's count that often, so each of them is a reading of its own;
                # nothing is compared, and this frame's thumb is taken only if the next frame will compare with it
                seen, redo = None, Changed(True, True)
            else:
                seen = retake(frame, zone, last.square, last.rack_thumb)   # as the last reading's thumbs were taken
                redo = changed_parts(last.rack_thumb, last.beside_thumb, seen, last.parts)
                unchanged = not redo.rack
                if (last.count is None or not last.steady) and name not in self.lost:
                    # a reading that gave no count (_Read.count), or a count not yet read alike twice
                    # (_Read.steady), is made again on every frame; a rack lost (_moved_to) only when its zone changed
                    redo = Changed(True, redo.beside)
            square, looked_at = last.square, last.parts
        else:
            last, seen, redo = None, thumb(frame, zone, at_rack), Changed(True, True)
            square = at_rack
            looked_at = None if seen is None else parts(seen, zone, at_rack)
        if last is not None and not redo.rack and not redo.beside:
            self.reads_skipped += 1
            return last.count, last.blocked, last.face_down
        if last is None or redo.rack:
            self.reads += 1
            maybe_moved = False   # in place, but under IN_PLACE_SURE alike (_moved_to)
            if not placed:
                moved, maybe_moved = self._moved_to(name, frame, corners, zone)
                if moved is not None:   # read where the rack stands now, from scratch
                    self._read.pop(name, None)
                    self._moved[name] = moved
                    return self._read_rack(name, frame, corners, moved, rack_square_px(corners, moved), colour,
                                           tolerance, profile, placed=True)
            reading = read_rack(frame, zone, at_rack, colour, tolerance, profile)
            if (zone is self._moved.get(name) or maybe_moved) and reading.count is not None \
                    and any(n not in (None, reading.count) for n in
                            (read_rack(frame, z, at_rack, colour, tolerance, profile).count for z in nudged(zone, at_rack))):
                # a moved rack is placed to a few px and a degree: its count must hold where the zone could as
                # well be (dev seed 7941119 p2, slid 4.3 cm: three tiles read 4 where found, 3 turned 0.75 deg);
                # so must a rack that may have moved a little (IN_PLACE_SURE)
                reading = RackReading(None, reason="a moved rack read otherwise with its zone nudged")
            if zone is self._moved.get(name) and profile is None and not reading.blocked:
                # a rack setup learnt nothing of reads badly where it stood (vision.racks.counted: 16 % exact), and
                # no better where it is found: 10350535 p2, eight tiles slid 24 mm, read 4 where it stands
                reading = RackReading(None, reason="a moved rack not learnt as the game started")
            if name in self.lost and not reading.blocked:
                reading = RackReading(None, reason="the rack is not where it was learnt, nor found near it")
            if profile is None and held is not None and not reading.blocked:
                # learnt once, from the first frame with nothing over the rack (as the bench learns)
                del self._holds[name]
                learnt = self._learnt[name] = learn_known(frame, zone, at_rack, colour, tolerance, held, reading)
                if learnt.profile is not None and reading.count != held:
                    # learnt though read surely as fewer without it (vision.racks.BLIND_SHORT): read as learnt
                    reading = read_rack(frame, zone, at_rack, colour, tolerance, learnt.profile)
            self._anchor(name, frame, corners, zone, at_rack, reading)
            count, blocked = reading.count, reading.blocked
        else:
            count, blocked = last.count, last.blocked
        if blocked:
            down = None
        elif last is None or redo.beside or last.blocked:  # (a rack covered had no count beside it)
            self.downs_counted += 1
            down = count_face_down(frame, zone, at_rack, colour, tolerance, corners)
        else:
            down = last.face_down
        if last is not None and seen is None:
            if _read_anew(count, down):  # read anew on the next frame too: its thumbs are never compared
                self._read[name] = replace(last, colour=np.asarray(colour, np.float32), tolerance=float(tolerance),
                                           count=count, blocked=blocked, face_down=down)
                return count, blocked, down
            seen = retake(frame, zone, last.square, last.rack_thumb)
        if seen is None or looked_at is None:
            self._read.pop(name, None)
        else:
            steady = last is not None and (last.steady if not redo.rack else unchanged and count == last.count)
            self._read[name] = _Read(zone, square, np.asarray(colour, np.float32), float(tolerance), profile,
                                     seen if last is None or redo.rack else last.rack_thumb,
                                     seen if last is None or redo.beside else last.beside_thumb,
                                     looked_at, count, blocked, down, steady)
        return count, blocked, down

    def _standing(self, name: str, zone: np.ndarray, at_rack: float, corners: np.ndarray) -> tuple[np.ndarray, float]:
        """The zone the rack stands in: where it was found moved from its anchor in `zone`, else `zone`."""
        anchor, moved = self._anchors.get(name), self._moved.get(name)
        if anchor is None or moved is None or not np.array_equal(anchor.zone, zone):
            return zone, at_rack
        return moved, rack_square_px(corners, moved)

    def _moved_to(self, name: str, frame: np.ndarray, corners: np.ndarray, zone: np.ndarray
                  ) -> tuple[np.ndarray | None, bool]:
        """Where a rack anchored stands now when not in `zone` any more (its body not IN_PLACE alike
        there): the zone it was found in (FOUND alike), or None, the rack `lost` when found nowhere
        near; None too for a rack in place or not anchored. And whether a rack in place may have
        moved a little (under IN_PLACE_SURE alike)."""
        anchor = self._anchors.get(name)
        self.lost = self.lost - {name}
        if anchor is None:
            return None, False
        alike = in_place(frame, anchor, zone)
        if alike >= IN_PLACE:
            return None, alike < IN_PLACE_SURE
        score, found = refound(frame, anchor, corners)
        if found is None or score < FOUND:
            self._moved.pop(name, None)
            self.lost = self.lost | {name}
            return None, False
        return found, False

    def _anchor(self, name: str, frame: np.ndarray, corners: np.ndarray, zone: np.ndarray, at_rack: float,
                reading: RackReading) -> None:
        """The rack's body anchored (vision.rack_find.rack_anchor) from the first reading, nothing over
        it, of the count the rules said it holds (racks_hold), or of no count on a rack not learnt."""
        due = self._anchor_due.get(name)
        # a rack the frame learnt nothing of that gave no count is anchored too: else it is never known to have moved,
        # and read in the zone it left (10350535 p2, the round 26 lead's measuring run: eight tiles on a wooden
        # rack setup read "unclear", slid 24 mm, read 3)
        unlearnt = reading.count is None and self._profile(name) is None
        if due is None or reading.blocked or (reading.count != due and not unlearnt):
            return
        del self._anchor_due[name]
        anchor = rack_anchor(frame, zone, at_rack, _band_start(self._profile(name)), corners)
        if anchor is not None:
            self._anchors[name] = anchor

    def _placed(self, name: str, config_zone: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, float]:
        """The rack's zone turned with its first edge on the board's side, and the board's square
        carried on to the rack's place; worked out again only when the zone or the board's
        corners are not those of the last frame (vision.locate.BoardFollower gives a board that
        has not moved the same corners again)."""
        last = self._place.get(name)
        if last is not None and _same(last[0], config_zone) and _same(last[1], corners):
            return last[2], last[3]
        zone = board_side_first(config_zone, corners.mean(axis=0))
        at_rack = rack_square_px(corners, zone)
        self._place[name] = (np.array(config_zone, np.float32), corners.copy(), zone, at_rack)
        return zone, at_rack

    def _profile(self, name: str) -> RackProfile | None:
        learnt = self._learnt.get(name)
        return None if learnt is None else learnt.profile

    def _colour(self, name: str, board_colour: tuple[np.ndarray, float] | None) -> tuple[np.ndarray, float]:
        if board_colour is not None:
            return board_colour
        if name in self._colours:
            return self._colours[name]
        profile = self._profile(name)
        if profile is not None:
            return rack_colour(profile), TILE_TOLERANCE
        if self._calibrated is not None:
            return self._calibrated, CALIBRATED_TOLERANCE
        return DEFAULT_TILE_LAB, DEFAULT_TOLERANCE

    def _look(self, frame: np.ndarray, corners: np.ndarray, square: float,
              board_colour: tuple[np.ndarray, float] | None) -> None:
        h, w = frame.shape[:2]
        centre = corners.mean(axis=0)
        rim = (centre + (corners - centre) * (1 + 2 * RIM_SQUARES / 15)).astype(np.float32)
        if all(cv2.pointPolygonTest(rim, (float(x), float(y)), False) >= 0 for x, y in ((0, 0), (w - 1, 0),
                                                                                       (w - 1, h - 1), (0, h - 1))):
            return   # the board and its rim fill the frame: no table, no rack in view
        self.finds_tried += 1
        colour, tolerance = board_colour if board_colour is not None else (None, TILE_TOLERANCE)
        found = racks_found(frame, corners, colour, tolerance, SETUP_TILES)
        if not found:
            self._last_find = None
            return
        find = RackFind({k: r.zone for k, r in found.items()}, {k: r.profile for k, r in found.items()},
                        {k: (r.colour, r.tolerance) for k, r in found.items()}, square, (w, h), corners)
        last, self._last_find = self._last_find, find
        if last is not None and find.agrees(last):
            width = self._picture_width
            if width > 0:
                small = cv2.resize(frame, (width, max(1, round(h * width / w))), interpolation=cv2.INTER_AREA)
                rgb = cv2.cvtColor(small, cv2.COLOR_BGR2RGB)
                find = replace(find, picture=rgb.tobytes(), picture_size=(rgb.shape[1], rgb.shape[0]))
            self._agreed = find
