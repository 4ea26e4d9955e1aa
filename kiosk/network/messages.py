"""What goes over the broker: topic names and the JSON payloads, both ways checked.

The kiosk side builds payloads only from the ScreenModel (what the players' own screen
shows) and from journal records with the hidden letters taken out (KIOSK-05): a play's
`rack`, an exchange's tiles. The dashboard side (`check_*`) refuses anything that is not
exactly this shape, with a reason for the log line.
"""
from __future__ import annotations

import json
import re
from dataclasses import asdict
from typing import Any

from kiosk.display.model import ScreenModel

FORMAT = 1
ROOT = "scrabble/tables"
KINDS = ("state", "events", "gcg", "online", "resend")
MAX_PAYLOAD = 64 * 1024          # bytes; a real state is ~2 KB, a GCG ~3 KB
TABLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,32}")
TOPIC = re.compile(rf"{re.escape(ROOT)}/([^/]+)/([a-z]+)")

# journal fields that say what is on a rack or went back into the bag: never published
HIDDEN_FIELDS = {"rack"}
HIDDEN_BY_TYPE = {"exchanged": {"tiles"}, "exchange_below_minimum": {"tiles"}}


def topic(table: str, kind: str) -> str:
    return f"{ROOT}/{table}/{kind}"


def split_topic(name: str) -> tuple[str, str] | None:
    match = TOPIC.fullmatch(name)
    if not match or not TABLE_NAME.fullmatch(match.group(1)) or match.group(2) not in KINDS:
        return None
    return match.group(1), match.group(2)


def dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


# ----- kiosk side --------------------------------------------------------------------------

def screen_state(screen: ScreenModel, *, table: str, round: int, game_id: str, last_seq: int,
                 sent: float) -> dict[str, Any]:
    """The retained state message: the screen's public content, as JSON-ready data."""
    last = screen.last_play
    return {
        "v": FORMAT, "table": table, "round": round, "game_id": game_id, "last_seq": last_seq, "sent": sent,
        "screen": screen.screen,
        "players": [{"name": p.name, "score": p.score, "clock": p.clock.text, "running": p.clock.running,
                     "overtime": p.clock.overtime} for p in screen.players],
        "to_move": screen.to_move,
        "clocks_neutralized": screen.clocks_neutralized,
        "bag": screen.bag_count,
        "board": list(screen.board.rows),
        "highlight": sorted([r, c] for r, c in screen.board.highlight),
        "last_play": None if last is None else {
            "player": last.player, "position": last.position, "main_word": last.main_word, "kind": last.kind,
            "total": last.total, "bingo_bonus": last.bingo_bonus, "exchanged": last.exchanged,
            "words": [{"word": w.word, "score": w.score, "letter_sum": w.letter_sum,
                       "word_multiplier": w.word_multiplier,
                       "letter_premiums": [[p.letter, p.multiplier] for p in w.letter_premiums]}
                      for w in last.words],
        },
        "alerts": [{"title": a.title, "rule": a.rule, "action": a.action, "player": a.player} for a in screen.alerts],
        "challenge": None if screen.challenge is None else asdict(screen.challenge),
        "verdict": None if screen.verdict is None else asdict(screen.verdict),
        "waiting": None if screen.waiting is None else asdict(screen.waiting),
        "result": None if screen.result is None else {
            "winner": screen.result.winner, "end_reason": screen.result.end_reason,
            "lines": [asdict(line) for line in screen.result.lines]},
        "camera_ok": screen.status.camera_ok,
        "camera_text": screen.status.camera_text,
        "profile": screen.status.profile,
    }


def _public_event(event: Any) -> Any:
    if not isinstance(event, dict):
        return event
    hidden = HIDDEN_FIELDS | HIDDEN_BY_TYPE.get(str(event.get("type")), set())
    return {k: v for k, v in event.items() if k not in hidden}


def public_record(record: dict[str, Any]) -> dict[str, Any]:
    """A journal record as published: its time and its events without hidden letters; an
    app record (reads confirmed, results confirmed) as its kind and player only."""
    out: dict[str, Any] = {"t": record.get("t"), "wall": record.get("wall")}
    if "event" in record:
        out["event"] = _public_event(record["event"])
    elif "events" in record and isinstance(record["events"], list):
        out["events"] = [_public_event(e) for e in record["events"]]
    elif isinstance(record.get("app"), dict):
        app = record["app"]
        out["app"] = {k: app[k] for k in ("kind", "player") if k in app}
    return out


def record_events(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The event dicts of one journal record (none for an app record)."""
    if isinstance(record.get("event"), dict):
        return [record["event"]]
    events = record.get("events")
    return [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []


# ----- dashboard side: refuse anything else ------------------------------------------------

class Refused(ValueError):
    """A message the dashboard will not take; str() is the reason for the log line."""


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise Refused(what)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _str(v: Any, limit: int = 200) -> bool:
    return isinstance(v, str) and len(v) <= limit


def parse_payload(table: str, payload: bytes | bytearray) -> dict[str, Any]:
    """Size, JSON, object, format version and the table it claims to come from."""
    _need(len(payload) <= MAX_PAYLOAD, f"payload of {len(payload)} bytes is over the {MAX_PAYLOAD} limit")
    try:
        data = json.loads(bytes(payload).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise Refused(f"not JSON ({exc.__class__.__name__})") from None
    _need(isinstance(data, dict), "not a JSON object")
    _need(data.get("v") == FORMAT, f"format {data.get('v')!r}, expected {FORMAT}")
    _need(data.get("table") == table, f"claims to be table {data.get('table')!r} on table {table!r}'s topic")
    return data


def check_state(data: dict[str, Any]) -> dict[str, Any]:
    _need(_is_int(data.get("round")) and 1 <= data["round"] <= 999, "round")
    _need(_str(data.get("game_id"), 64), "game_id")
    _need(_is_int(data.get("last_seq")) and data["last_seq"] >= 0, "last_seq")
    _need(_str(data.get("screen"), 32), "screen")
    players = data.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise Refused("players: need a list of two")
    for p in players:
        _need(isinstance(p, dict) and _str(p.get("name"), 80) and _is_int(p.get("score"))
              and _str(p.get("clock"), 16) and isinstance(p.get("running"), bool)
              and isinstance(p.get("overtime"), bool), "players: a player is {name, score, clock, running, overtime}")
    _need(data.get("to_move") in (None, 0, 1), "to_move")
    _need(data.get("bag") is None or (_is_int(data["bag"]) and 0 <= data["bag"] <= 200), "bag")
    board = data.get("board")
    _need(isinstance(board, list) and len(board) == 15 and all(_str(r, 15) and len(r) == 15 for r in board),
          "board: 15 rows of 15 characters")
    hl = data.get("highlight", [])
    _need(isinstance(hl, list) and all(isinstance(s, list) and len(s) == 2 and all(_is_int(x) and 0 <= x < 15 for x in s)
                                       for s in hl), "highlight")
    last = data.get("last_play")
    if last is not None:
        _need(isinstance(last, dict) and _str(last.get("player"), 80) and _str(last.get("position"), 8)
              and _str(last.get("main_word"), 32) and _is_int(last.get("total")) and _str(last.get("kind"), 20)
              and isinstance(last.get("words"), list) and len(last["words"]) <= 20, "last_play")
        for w in last["words"]:
            _need(isinstance(w, dict) and _str(w.get("word"), 32) and _is_int(w.get("score")), "last_play.words")
    alerts = data.get("alerts")
    if not isinstance(alerts, list) or len(alerts) > 20:
        raise Refused("alerts: a list of at most 20")
    for a in alerts:
        _need(isinstance(a, dict) and all(_str(a.get(k), 500) for k in ("title", "rule", "action", "player")),
              "alerts: {title, rule, action, player} strings")
    for key in ("challenge", "verdict", "waiting", "result"):
        _need(data.get(key) is None or isinstance(data[key], dict), key)
    _need(isinstance(data.get("camera_ok"), bool), "camera_ok")
    return data


def check_event(data: dict[str, Any]) -> dict[str, Any]:
    _need(_str(data.get("game_id"), 64), "game_id")
    _need(_is_int(data.get("seq")) and data["seq"] >= 1, "seq: a whole number from 1")
    _need(isinstance(data.get("record"), dict), "record: an object")
    return data


def check_gcg(data: dict[str, Any]) -> dict[str, Any]:
    _need(_str(data.get("game_id"), 64), "game_id")
    _need(_is_int(data.get("round")) and 1 <= data["round"] <= 999, "round")
    _need(_str(data.get("gcg"), MAX_PAYLOAD), "gcg")
    players = data.get("players")
    _need(isinstance(players, list) and len(players) == 2 and all(_str(p, 80) for p in players), "players")
    scores = data.get("scores")
    _need(isinstance(scores, list) and len(scores) == 2 and all(_is_int(s) for s in scores), "scores")
    _need(isinstance(data.get("final"), bool), "final")
    return data


def check_online(data: dict[str, Any]) -> dict[str, Any]:
    _need(isinstance(data.get("online"), bool), "online: true or false")
    return data
