"""When a rack count becomes a question to the players (DRAW-09, KIOSK-03, DRAW-01).

Pure: no camera, no clock, no I/O. The app feeds every observation's rack counts through
`step` and asks the players only what comes out of it:

- a count is asked about only once it has been the same for `STABLE_FRAMES` observations
  in a row with no hand in that rack's zone (a hand putting a tile down, a rack half read,
  a player sliding tiles about never raise an alert);
- an unknown count (the reader could not see the rack) breaks the run, it is never a count;
- more than seven tiles (standing on the rack plus lying face down beside it, DRAW-01:
  "5 drawn, 4 due") raises the overdraw question; fewer than due on the rack of the player
  who has had the whole turn to draw (`waiting`) raises the underdraw question, as before;
- the same question (rack, kind, count) is not asked twice in a row: the count must change
  (or the rack be seen right) first. What the players answer is the app's business.

`racks_seen` says what the players' screen shows of each rack (issue 18): the camera's count, or
the one reason it has none (vision.observation.RackUnknown).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Mapping, Sequence

from kiosk.rules.state import Turn
from vision.config import RACK_NAMES
from vision.observation import BoardObservation, RackUnknown

RACK_LIMIT = 7
STABLE_FRAMES = 3  # the kiosk reads the racks every 2 s (kiosk.assembly.RACK_POLL_S): a count held 6 s with no hand in view

Kind = Literal["overdraw", "underdraw"]


@dataclass(frozen=True)
class RackQuestion:
    """A rack count the players must confirm before it goes on the record."""
    zone: str  # rack zone name from the config (vision.config.RACK_NAMES: player 1's first)
    seen: int  # tiles the camera counts (on the rack plus face down beside it)
    due: int  # tiles the rules say the rack holds
    kind: Kind
    face_down: int = 0  # of `seen`, lying face down beside the rack

    @property
    def player(self) -> int:
        return RACK_NAMES.index(self.zone)


@dataclass(frozen=True)
class RackSeen:
    """A rack as the last reading showed it: the tiles the camera counts standing on it, or why
    it has no count (exactly one of the two is set)."""
    count: int | None = None
    unknown: RackUnknown | None = None

    def __post_init__(self) -> None:
        if (self.count is None) == (self.unknown is None):
            raise ValueError("RackSeen: a count or a reason, not both nor neither")


def racks_seen(obs: BoardObservation | None, watched: Sequence[str]) -> dict[str, RackSeen]:
    """The racks as one reading shows them: with no reading or no board found, "no_board" for each
    zone of `watched` (the racks seen before); else each rack zone the reader read, with its count
    or the reader's reason (a zone it was given none for, a rack not found at setup, is absent)."""
    if obs is None or not obs.located:
        return {zone: RackSeen(unknown="no_board") for zone in watched}
    return {**{zone: RackSeen(count=n) for zone, n in obs.rack_counts.items()},
            **{zone: RackSeen(unknown=why) for zone, why in obs.rack_unknown.items()}}


def zone_of(player: int) -> str:
    """The rack zone of a player (0 or 1)."""
    if not 0 <= player < len(RACK_NAMES):
        raise ValueError(f"no rack for player {player}")
    return RACK_NAMES[player]


def kind_of(text: str) -> Kind:
    """A question kind as journaled ("overdraw" or "underdraw")."""
    if text == "overdraw":
        return "overdraw"
    if text == "underdraw":
        return "underdraw"
    raise ValueError(f"unknown rack question {text!r}")


def drawn_due_text(seen: int, due: int, face_down: int) -> str:
    """An overdraw with tiles face down beside the rack (DRAW-01): "5 drawn, 4 due", of `seen` tiles counted."""
    return f"{face_down} drawn, {max(due - (seen - face_down), 0)} due"


@dataclass(frozen=True)
class RackWatch:
    """What the watch remembers: each zone's latest readings (newest last; None = unknown
    or a hand in the zone) and the questions already asked."""
    recent: tuple[tuple[str, tuple[int | None, ...]], ...] = ()
    asked: frozenset[tuple[str, Kind, int]] = frozenset()
    stable_frames: int = STABLE_FRAMES

    def readings(self, zone: str) -> tuple[int | None, ...]:
        return dict(self.recent).get(zone, ())

    def stable_count(self, zone: str) -> int | None:
        """The zone's count if its last `stable_frames` readings agree, else None."""
        last = self.readings(zone)[-self.stable_frames:]
        if len(last) < self.stable_frames or last[0] is None or any(r != last[0] for r in last):
            return None
        return last[0]


def step(watch: RackWatch, counts: Mapping[str, int | None], hands_in_zone: frozenset[str] | set[str],
         due_counts: Mapping[str, int], *, waiting: str | None = None,
         face_down: Mapping[str, int] | None = None) -> tuple[RackWatch, RackQuestion | None]:
    """One observation. `counts`: zone -> tiles on the rack, None or absent = unknown;
    `hands_in_zone`: zones with a hand (or anything) over them; `due_counts`: zone -> tiles
    the rules say that rack holds; `waiting`: the zone of the player who has had the whole
    turn to draw (underdraws are asked only about that rack; None: not at a press);
    `face_down`: zone -> tiles lying face down beside the rack. Returns the new state and
    at most one question (overdraws first)."""
    downs = dict(face_down or {})
    zones = sorted(set(due_counts) | set(counts) | set(dict(watch.recent)))
    recent = []
    for zone in zones:
        count = counts.get(zone)
        reading = None if count is None or zone in hands_in_zone else int(count) + int(downs.get(zone, 0))
        recent.append((zone, (watch.readings(zone) + (reading,))[-watch.stable_frames:]))
    watch = replace(watch, recent=tuple(recent))
    asked = set(watch.asked)
    question: RackQuestion | None = None
    for kind in ("overdraw", "underdraw"):
        for zone in zones:
            seen = watch.stable_count(zone)
            if seen is None or zone not in due_counts:
                continue
            due = due_counts[zone]
            key: tuple[str, Kind, int] = (zone, "overdraw" if kind == "overdraw" else "underdraw", seen)
            if kind == "overdraw":
                if seen <= RACK_LIMIT:
                    asked = {a for a in asked if not (a[0] == zone and a[1] == "overdraw")}
                    continue
            else:
                if zone != waiting or not 0 < seen < due:
                    if seen >= due:
                        asked = {a for a in asked if not (a[0] == zone and a[1] == "underdraw")}
                    continue
            if key in asked or question is not None:
                continue
            asked.add(key)
            question = RackQuestion(zone, seen, due, key[1], int(downs.get(zone, 0)) if kind == "overdraw" else 0)
    return replace(watch, asked=frozenset(asked)), question


def drawing_zone(history: Sequence[Turn]) -> str | None:
    """The rack whose player may be drawing now: the player of the last turn, when it was a
    play (a player draws after the press, while the opponent's clock runs: TURN-01 step 5).
    Tiles face down beside any other rack are not a draw (DRAW-01): an exchange in progress
    sets the player's own tiles face down beside the rack too (EXCH), before the press that
    records it. `history`: the rules state's turns."""
    last = history[-1] if history else None
    if last is None or last.kind != "play":
        return None
    return zone_of(last.player)


def drawn_face_down(face_down: Mapping[str, int] | None, history: Sequence[Turn]) -> dict[str, int]:
    """Of the tiles seen face down beside the racks, those that count as drawn: beside the
    rack of the player drawing (`drawing_zone`) only."""
    zone = drawing_zone(history)
    return {zone: int(n) for z, n in (face_down or {}).items() if z == zone and n} if zone is not None else {}


def mixed_into_rack(on_rack: int, rack_counts: int, drawn_last: int) -> bool:
    """Did new tiles reach the rack (NSA III.C.2 / MSA 7.2a: the pick is from the whole rack)
    rather than lie apart, face down (III.C.1 / MSA 7.1)? The rack held `rack_counts -
    drawn_last` tiles before the draw; more standing on it now means some new tile is there."""
    return on_rack > rack_counts - drawn_last
