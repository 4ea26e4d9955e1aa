"""The replay script of a recorded game: `script.json` in the game's folder.

    {
      "format": 1,
      "setup": {"players": ["Ann", "Bob"], "first": 0, "profile": "naspa",
                "tileset": "english", "lexicon": "default"},
      "frames_dir": "frames",                 # relative to the game folder, or absolute
      "steps": [
        {"t": 0.0,  "frame": "000.jpg"},      # what the camera sees from now on
        {"t": 30.0, "frame": "004.jpg", "racks": {"p1": 8, "p2": 7}},  # tiles really on the racks
        {"t": 50.0, "frame": "005.jpg", "hand": true},  # a hand really is over the board
        {"t": 2.0,  "press": "p2"},           # a button press (p1 p2 pause challenge confirm cancel)
        {"t": 40.0, "frame": "001.jpg"},
        {"t": 41.0, "press": "p1",            # a turn-ending press, with what the player did:
         "turn": {"kind": "play", "tiles": [["H8", "C"], ["I8", "a"]]}},
        {"t": 60.0, "press": "p2", "turn": {"kind": "exchange", "count": 3}},
        {"t": 90.0, "director_end": true}
      ]
    }

`turn` is what the players would answer if the kiosk asks (confirm or correct a read,
pass or exchange, a blank's letter); it is never fed to the kiosk unasked. Frame names
starting with '@' are camera faults: '@black', '@white', '@noise', '@frozen',
'@unplugged', '@away' (board out of view).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.errors import InputError

BUTTONS = ("p1", "p2", "pause", "challenge", "confirm", "cancel")
FAULTS = ("@black", "@white", "@noise", "@frozen", "@unplugged", "@away")
TURN_KINDS = ("play", "pass", "exchange")


@dataclass(frozen=True)
class Turn:
    kind: str
    tiles: tuple[tuple[str, str], ...] = ()
    count: int = 0


@dataclass(frozen=True)
class Step:
    t: float
    frame: str | None = None
    press: str | None = None
    turn: Turn | None = None
    director_end: bool = False
    racks: dict[str, int] | None = None   # frame steps: tiles really standing on each rack
    hand: bool = False                    # frame steps: something really is over the board


@dataclass(frozen=True)
class Script:
    setup: dict
    frames_dir: Path
    steps: tuple[Step, ...]
    source: str = ""
    extra: dict = field(default_factory=dict)


def _fail(source: str, message: str, index: int | None, fld: str) -> InputError:
    where = f"steps[{index}].{fld}" if index is not None else fld
    return InputError(source, message, None, where)


def parse_turn(data: object, source: str, index: int) -> Turn:
    if not isinstance(data, dict) or data.get("kind") not in TURN_KINDS:
        raise _fail(source, f"kind must be one of {', '.join(TURN_KINDS)}", index, "turn.kind")
    kind = data["kind"]
    if kind == "play":
        tiles = data.get("tiles")
        if not isinstance(tiles, list) or not tiles or not all(
            isinstance(t, list) and len(t) == 2 and all(isinstance(x, str) for x in t) for t in tiles
        ):
            raise _fail(source, "a play needs tiles: [[square, letter], ...]", index, "turn.tiles")
        return Turn("play", tuple((sq.upper(), letter) for sq, letter in tiles))
    if kind == "exchange":
        count = data.get("count")
        if not isinstance(count, int) or not 1 <= count <= 7:
            raise _fail(source, "an exchange needs count 1..7", index, "turn.count")
        return Turn("exchange", count=count)
    return Turn("pass")


def parse_script(text: str, source: str, folder: Path) -> Script:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(source, f"not valid JSON: {exc.msg}", exc.lineno, None) from None
    if not isinstance(data, dict) or data.get("format") != 1:
        raise InputError(source, "expected an object with \"format\": 1", None, "format")
    setup = data.get("setup", {})
    if not isinstance(setup, dict):
        raise InputError(source, "must be an object", None, "setup")
    steps_data = data.get("steps")
    if not isinstance(steps_data, list) or not steps_data:
        raise InputError(source, "must be a non-empty list", None, "steps")
    steps: list[Step] = []
    last_t = float("-inf")
    for i, raw in enumerate(steps_data):
        if not isinstance(raw, dict):
            raise _fail(source, "must be an object", i, "")
        t = raw.get("t")
        if not isinstance(t, (int, float)) or isinstance(t, bool) or t < last_t:
            raise _fail(source, "must be a number, not before the previous step", i, "t")
        last_t = float(t)
        frame, press = raw.get("frame"), raw.get("press")
        if frame is not None and not isinstance(frame, str):
            raise _fail(source, "must be a file name", i, "frame")
        if frame is not None and frame.startswith("@") and frame not in FAULTS:
            raise _fail(source, f"unknown camera fault; known: {', '.join(FAULTS)}", i, "frame")
        if press is not None and press not in BUTTONS:
            raise _fail(source, f"unknown button; known: {', '.join(BUTTONS)}", i, "press")
        turn = parse_turn(raw["turn"], source, i) if "turn" in raw else None
        racks = raw.get("racks")
        if racks is not None and not (isinstance(racks, dict) and all(
                k in ("p1", "p2") and isinstance(v, int) and v >= 0 for k, v in racks.items())):
            raise _fail(source, "must be {\"p1\": N, \"p2\": N}", i, "racks")
        steps.append(Step(float(t), frame, press, turn, bool(raw.get("director_end", False)), racks,
                          bool(raw.get("hand", False))))
    frames_dir = Path(str(data.get("frames_dir", "frames")))
    if not frames_dir.is_absolute():
        frames_dir = folder / frames_dir
    extra = {k: v for k, v in data.items() if k not in ("format", "setup", "steps", "frames_dir")}
    return Script(setup, frames_dir, tuple(steps), source, extra)


def load_script(folder: Path) -> Script:
    path = folder / "script.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror}", None, None) from None
    return parse_script(text, str(path), folder)
