"""The game as events: what happened at the table, one frozen dataclass per fact.

Each event is one JSON object per line with a "type" key (snake_case of the class
name); tuples become lists. Player numbers are 0/1 in the order of GameStarted.players.
"""
from __future__ import annotations

import json
import re
import types
import typing
from dataclasses import MISSING, asdict, dataclass, fields
from functools import cache
from typing import Any

from kiosk.errors import InputError


@dataclass(frozen=True)
class GameStarted:
    players: tuple[str, str]
    first: int = 0
    profile: str = "naspa"
    tileset: str = "english"
    lexicon: str = "default"
    missing: str = ""  # tiles found missing from the set before play (TILE-01), e.g. "?"


@dataclass(frozen=True)
class PlayMade:
    player: int
    tiles: tuple[tuple[str, str], ...]  # (square "H8", letter); lower case = blank as; '?' = blank not designated
    rack: str | None = None  # letters held before the play, if known
    announced: int | None = None  # the score the player announced, if entered (SCORE-11)
    irregular: bool = False  # the players confirm the tiles stand although not one main word (PLACE-06)


@dataclass(frozen=True)
class BlankDesignated:
    player: int
    square: str
    letter: str


@dataclass(frozen=True)
class FalseBlank:
    """A tile played as a blank turns out to be a lettered tile (BLANK-06)."""

    square: str
    tile: str  # the letter on its face


@dataclass(frozen=True)
class Passed:
    player: int
    rack: str | None = None


@dataclass(frozen=True)
class Exchanged:
    player: int
    count: int
    tiles: str | None = None  # the tiles put back, if known
    rack: str | None = None  # letters held before the exchange, if known


@dataclass(frozen=True)
class ExchangeBelowMinimum:
    """An exchange made although the bag held fewer tiles than the profile's minimum
    (EXCH-10), entered for the player whose turn it was, with when it was noticed:
    "before_draw" (turn lost, nothing exchanged), "before_opponent_pressed" (the exchange
    stands, the opponent then picks the tiles the exchanger keeps) or "later" (stands)."""

    player: int
    count: int
    noticed: str
    tiles: str | None = None
    rack: str | None = None


@dataclass(frozen=True)
class ExchangePicked:
    """The opponent has chosen the tiles the exchanger keeps (EXCH-10 b)."""

    player: int  # the exchanger
    rack: str | None = None  # the tiles kept, if entered


@dataclass(frozen=True)
class HoldPlaced:
    player: int  # who holds the opponent's play (may then challenge or accept)
    t: float | None = None


@dataclass(frozen=True)
class ChallengeMade:
    challenger: int
    words: tuple[str, ...] = ()  # () = every word formed by the last play


@dataclass(frozen=True)
class ChallengeWithdrawn:
    """A challenge that came from misreading a blank designated on that turn, withdrawn
    once the designation is shown: no penalty (BLANK-04, NSA IV.J.2)."""

    challenger: int


@dataclass(frozen=True)
class ChallengeJudged:
    acceptable: bool  # verdict for the whole play, never for one word


@dataclass(frozen=True)
class FreeChallengeGranted:
    """A director's penalty on the opponent: the player's next unsuccessful challenge
    costs nothing (CHAL-16)."""

    player: int
    reason: str = ""


@dataclass(frozen=True)
class ChallengeBonus:
    player: int
    points: int


@dataclass(frozen=True)
class OverdrawReported:
    player: int
    tiles_seen: int  # tiles on the overdrawn rack when found
    mixed: bool = False  # the extra tiles were already mixed into the rack
    found_by: int | None = None


@dataclass(frozen=True)
class OverdrawResolved:
    player: int


@dataclass(frozen=True)
class OutOfOrderDraw:
    """The player drew after the opponent's play and draw instead of before (DRAW-13)."""

    player: int


@dataclass(frozen=True)
class TilesMissing:
    """Tiles found missing from the set during the game: play goes on with the set as it
    is (TILE-01), and the bag count follows."""

    tiles: str


@dataclass(frozen=True)
class TileFound:
    """A tile missing from the set turns up (TILE-07); `receiver` is the player who
    should have drawn it, or None when nobody can tell."""

    tile: str
    receiver: int | None = None


@dataclass(frozen=True)
class StrayTile:
    """A tile left on the board that belongs to no turn, e.g. one not taken back after a
    play was challenged off (PLACE-10)."""

    player: int  # whose rack it came from
    square: str
    letter: str


@dataclass(frozen=True)
class StrayTileRemoved:
    square: str


@dataclass(frozen=True)
class UnderdrawReported:
    player: int
    tiles_seen: int


@dataclass(frozen=True)
class SixZeroInvoked:
    player: int


@dataclass(frozen=True)
class GameEnded:
    reason: str  # "out" | "six_zero" | "director" | "overtime_forfeit" | "stuck"
    racks: tuple[str | None, str | None] = (None, None)  # letters left, when known
    # the VALUE of each rack left, when the players entered only that (SIXZ-04, END-03);
    # used for a rack whose letters are not known
    rack_values: tuple[int | None, int | None] = (None, None)


@dataclass(frozen=True)
class TimeCalled:
    """The director calls time (sand-timer games: after 54 minutes): each player makes
    one more turn, then play ends as a director's ending (TIME-10, END-05)."""


@dataclass(frozen=True)
class GameAbandoned:
    """The player left the game and it cannot be finished: a forfeit loss (RES-06)."""

    player: int


@dataclass(frozen=True)
class TimePenalty:
    player: int
    points: int
    overtime_s: int | None = None


@dataclass(frozen=True)
class OvertimeForfeit:
    player: int


@dataclass(frozen=True)
class Correction:
    player: int
    score_delta: int = 0
    reason: str = ""
    by: str = "players"
    spread_only: bool = False  # a director's spread penalty: the game's result is unchanged (RES-08)


@dataclass(frozen=True)
class Note:
    text: str


@dataclass(frozen=True)
class ClockPressed:
    player: int
    t: float


@dataclass(frozen=True)
class ClockPaused:
    t: float
    reason: str


@dataclass(frozen=True)
class ClockResumed:
    t: float


@dataclass(frozen=True)
class DowntimeCharged:
    """A director charges the time the kiosk was down (a power cut) to the running clock."""
    player: int
    seconds: float
    t: float


@dataclass(frozen=True)
class ResultSigned:
    """Both players have signed the result slip and handed it in (or agreed the score and
    asked for no recount): the result is final, no correction or time penalty follows (RES-02)."""

    by: str = "players"


EVENT_TYPES: tuple[type, ...] = (
    GameStarted, PlayMade, BlankDesignated, Passed, Exchanged, HoldPlaced, ChallengeMade,
    ChallengeJudged, ChallengeBonus, OverdrawReported, OverdrawResolved, UnderdrawReported,
    SixZeroInvoked, GameEnded, TimePenalty, OvertimeForfeit, Correction, Note, ClockPressed,
    ClockPaused, ClockResumed, DowntimeCharged, ExchangeBelowMinimum, ExchangePicked, FreeChallengeGranted,
    OutOfOrderDraw, TilesMissing, TileFound, TimeCalled, FalseBlank, GameAbandoned, ChallengeWithdrawn, StrayTile, StrayTileRemoved,
    ResultSigned,
)
Event = typing.Union[EVENT_TYPES]  # type: ignore[valid-type]


def type_name(cls: type) -> str:
    """PlayMade -> 'play_made'."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


BY_NAME: dict[str, type] = {type_name(cls): cls for cls in EVENT_TYPES}
PLAYER_FIELDS = {"player", "challenger", "found_by", "first", "receiver"}


def event_to_dict(event: Event) -> dict[str, Any]:
    return {"type": type_name(type(event)), **_plain(asdict(event))}


def event_to_json(event: Event) -> str:
    return json.dumps(event_to_dict(event), ensure_ascii=False, separators=(",", ":"))


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def event_from_json(text: str, source: str = "<event>", line: int | None = None) -> Event:
    """Parse one JSON line; InputError naming the source, line and bad field."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(source, f"not valid JSON ({exc.msg})", line) from None
    return event_from_dict(data, source, line)


def event_from_dict(data: object, source: str = "<event>", line: int | None = None) -> Event:
    if not isinstance(data, dict):
        raise InputError(source, "an event is a JSON object", line)
    name = data.get("type")
    cls = BY_NAME.get(name) if isinstance(name, str) else None
    if cls is None:
        raise InputError(source, f"unknown event type {name!r}", line, "type")
    hints = _hints(cls)
    known = {f.name for f in fields(cls)}
    for key in data:
        if key != "type" and key not in known:
            raise InputError(source, f"unknown field for {name}", line, key)
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is MISSING:
                raise InputError(source, f"missing (required by {name})", line, f.name)
            continue
        try:
            values[f.name] = _convert(data[f.name], hints[f.name])
        except ValueError as exc:
            raise InputError(source, str(exc), line, f.name) from None
        if f.name in PLAYER_FIELDS and values[f.name] not in (0, 1, None):
            raise InputError(source, "a player is 0 or 1", line, f.name)
    event: Event = cls(**values)
    return event


@cache
def _hints(cls: type) -> dict[str, object]:
    return typing.get_type_hints(cls)


def _convert(value: Any, hint: Any) -> Any:
    """Check a JSON value against a field's type hint; tuples come back from lists."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for option in args:
            try:
                return _convert(value, option)
            except ValueError:
                continue
        raise ValueError(f"{value!r} is not {_describe(hint)}")
    if hint is type(None):
        if value is None:
            return None
        raise ValueError("expected null")
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_convert(v, args[0]) for v in value)
        if len(value) != len(args):
            raise ValueError(f"expected a list of {len(args)}, got {value!r}")
        return tuple(_convert(v, a) for v, a in zip(value, args))
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif hint is str:
        if isinstance(value, str):
            return value
    raise ValueError(f"expected {_describe(hint)}, got {value!r}")


def _describe(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")
