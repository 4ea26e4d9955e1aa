"""What the dashboard knows of the room: each table's state, its game's events, results.

`Room.receive(topic, payload)` takes one MQTT message. Anything not exactly what a kiosk
publishes is refused with one warning line naming the topic and the reason, and changes
nothing: a wrong topic, a payload over the size limit, bad JSON, wrong types, or a table
claiming to be another (the name in the payload must be the name in the topic, and the
broker's ACL lets each table's user publish only under its own name).

Events are kept per (table, game_id) in seq order, each exactly once: a repeat is
dropped, one that arrives early waits for the missing ones, and the table is asked to
send again from the first missing seq (`request_resend`), at most every RESEND_EVERY_S.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from kiosk.dashboard.results import GameResult
from kiosk.network import messages as msg

log = logging.getLogger(__name__)

RESEND_EVERY_S = 2.0
MAX_EARLY = 2000          # events held while waiting for a gap to fill
MAX_GAMES_PER_TABLE = 20


@dataclass
class GameLog:
    game_id: str
    records: list[dict[str, Any]] = field(default_factory=list)   # seq 1.. in order
    early: dict[int, dict[str, Any]] = field(default_factory=dict)
    duplicates: int = 0
    rules: Any = None                  # kiosk.rules GameState, when the events replay
    rules_error: str = ""
    moves: list[dict[str, Any]] = field(default_factory=list)
    paused: str = ""                   # the reason of a ClockPaused not yet resumed ("director", ...)

    @property
    def next_seq(self) -> int:
        return len(self.records) + 1


@dataclass
class Table:
    name: str
    online: bool | None = None
    state: dict[str, Any] | None = None
    games: dict[str, GameLog] = field(default_factory=dict)
    updated: float = 0.0
    refused: int = 0
    resend_asked: float = float("-inf")
    last_event_at: float = 0.0         # time.time() the last new event was taken
    last_event_sent: float | None = None   # its `sent` stamp from the kiosk

    def game(self) -> GameLog | None:
        gid = self.state.get("game_id") if self.state else None
        if gid and gid in self.games:
            return self.games[gid]
        return next(reversed(self.games.values())) if self.games else None


def _turn(players: tuple[str, str], turn: Any) -> dict[str, Any]:
    return {"player": players[turn.player], "kind": turn.kind, "position": turn.position, "word": turn.word,
            "score": turn.score, "total": turn.total}


class Room:
    def __init__(self, *, on_change: Callable[[str], None] = lambda name: None,
                 on_result: Callable[[GameResult], None] = lambda r: None,
                 request_resend: Callable[[str, str, int], None] = lambda t, g, s: None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.tables: dict[str, Table] = {}
        self.results: dict[tuple[str, str], GameResult] = {}
        self.lock = threading.RLock()
        self.on_change = on_change
        self.on_result = on_result
        self.request_resend = request_resend
        self.clock = clock
        self.refused_total = 0

    # ----- taking messages ----------------------------------------------------------------

    def receive(self, topic: str, payload: bytes | bytearray) -> bool:
        """Take one message; False (and a warning line) if it was refused."""
        where = msg.split_topic(topic)
        try:
            if where is None:
                raise msg.Refused("not a table topic")
            name, kind = where
            if kind == "resend":
                return True        # the dashboard's own requests, echoed back to it
            data = msg.parse_payload(name, payload)
            with self.lock:
                getattr(self, f"_take_{kind}")(name, data)
        except msg.Refused as exc:
            self.refused_total += 1
            if where is not None and where[0] in self.tables:
                self.tables[where[0]].refused += 1
            log.warning("dashboard: refused a message on %r: %s", topic[:120], exc)
            return False
        except Exception as exc:  # noqa: BLE001 - nothing a table sends may stop the dashboard
            self.refused_total += 1
            log.warning("dashboard: refused a message on %r: %s: %s", topic[:120], type(exc).__name__, exc)
            return False
        self.on_change(name)
        return True

    def _table(self, name: str) -> Table:
        table = self.tables.get(name)
        if table is None:
            table = self.tables[name] = Table(name)
        table.updated = time.time()
        return table

    def _take_online(self, name: str, data: dict[str, Any]) -> None:
        msg.check_online(data)
        self._table(name).online = data["online"]

    def _take_state(self, name: str, data: dict[str, Any]) -> None:
        msg.check_state(data)
        table = self._table(name)
        table.state = data
        if table.online is None:
            table.online = True
        game = table.games.get(data["game_id"]) if data["game_id"] else None
        have = game.next_seq - 1 if game else 0
        if data["game_id"] and data["last_seq"] > have:
            self._ask_resend(table, data["game_id"], have + 1)

    def _take_events(self, name: str, data: dict[str, Any]) -> None:
        msg.check_event(data)
        table = self._table(name)
        gid, seq = data["game_id"], data["seq"]
        game = table.games.get(gid)
        if game is None:
            game = table.games[gid] = GameLog(gid)
            while len(table.games) > MAX_GAMES_PER_TABLE:
                del table.games[next(iter(table.games))]
        if seq < game.next_seq or seq in game.early:
            game.duplicates += 1
            return
        if seq > game.next_seq:
            if len(game.early) < MAX_EARLY:
                game.early[seq] = data
            self._ask_resend(table, gid, game.next_seq)
            return
        self._accept(table, game, data)
        while game.next_seq in game.early:
            self._accept(table, game, game.early.pop(game.next_seq))

    def _accept(self, table: Table, game: GameLog, data: dict[str, Any]) -> None:
        game.records.append(data["record"])
        table.last_event_at = time.time()
        sent = data.get("sent")
        table.last_event_sent = float(sent) if isinstance(sent, (int, float)) and not isinstance(sent, bool) else None
        for event in msg.record_events(data["record"]):
            if event.get("type") == "clock_paused":
                game.paused = str(event.get("reason", "paused"))
            elif event.get("type") in ("clock_resumed", "game_ended"):
                game.paused = ""
        if game.rules_error:
            return
        from kiosk.rules import events as ev
        from kiosk.rules import game as rules

        try:
            for event in msg.record_events(data["record"]):
                game.rules = rules.apply(game.rules, ev.event_from_dict(event, f"{table.name} seq {data['seq']}"))
        except Exception as exc:  # noqa: BLE001 - show the raw events; say why the move list stopped
            game.rules_error = f"seq {data['seq']}: {exc}"
            log.warning("dashboard: table %s game %s: move list stops at %s", table.name, game.game_id, game.rules_error)
            return
        if game.rules is not None:
            players = game.rules.players
            game.moves = [_turn(players, t) for t in game.rules.history]

    def _ask_resend(self, table: Table, game_id: str, from_seq: int) -> None:
        now = self.clock()
        if now - table.resend_asked < RESEND_EVERY_S:
            return
        table.resend_asked = now
        log.info("dashboard: asking table %s to resend game %s from seq %d", table.name, game_id, from_seq)
        self.request_resend(table.name, game_id, from_seq)

    def _take_gcg(self, name: str, data: dict[str, Any]) -> None:
        msg.check_gcg(data)
        self._table(name)
        result = GameResult(data["round"], name, data["game_id"], (data["players"][0], data["players"][1]),
                            (data["scores"][0], data["scores"][1]), data["final"], data["gcg"])
        key = (name, data["game_id"])
        if self.results.get(key) != result:
            self.results[key] = result
            self.on_result(result)

    def recheck(self) -> None:
        """Periodically: ask again for anything still missing (a lost resend request)."""
        with self.lock:
            for table in self.tables.values():
                game = table.game()
                if game is None or table.state is None:
                    continue
                if game.early or table.state.get("last_seq", 0) > game.next_seq - 1:
                    self._ask_resend(table, game.game_id, game.next_seq)

    # ----- views ------------------------------------------------------------------------

    def alerts(self, table: Table) -> list[dict[str, str]]:
        """What the director must see at once, most urgent first."""
        out: list[dict[str, str]] = []
        if table.online is False:
            out.append({"kind": "offline", "text": "Kiosk offline"})
        s = table.state
        if s is None:
            return out
        for a in s["alerts"]:
            kind = "overdraw" if "overdraw" in a["title"].lower() else "alert"
            out.append({"kind": kind, "text": f"{a['title']}" + (f" ({a['rule']})" if a["rule"] else "")
                        + (f": {a['player']}" if a["player"] else ""),
                        "detail": a["action"]})
        if s["challenge"] is not None or s["screen"] == "challenge":
            out.append({"kind": "challenge", "text": "Challenge in progress"})
        for p in s["players"]:
            if p["overtime"]:
                out.append({"kind": "overtime", "text": f"Overtime: {p['name']} {p['clock']}"})
        if not s["camera_ok"]:
            out.append({"kind": "camera", "text": f"Camera: {s['camera_text']}"})
        waiting = s.get("waiting") or {}
        texts = " ".join(str(v) for v in waiting.values()) + " " + " ".join(a["title"] for a in s["alerts"])
        game = table.game()
        if "director" in texts.lower() or (game is not None and "director" in game.paused):
            out.append({"kind": "director", "text": "Waiting for a director"})
        return out

    def view(self, name: str) -> dict[str, Any] | None:
        """One table as the pages show it (JSON-ready)."""
        with self.lock:
            table = self.tables.get(name)
            if table is None:
                return None
            game = table.game()
            return {
                "name": name, "online": table.online, "state": table.state, "alerts": self.alerts(table),
                "game_id": game.game_id if game else "", "events": len(game.records) if game else 0,
                "moves": game.moves if game else [], "move_list_problem": game.rules_error if game else "",
                "last_event_sent": table.last_event_sent,
            }

    def game_results(self) -> list[GameResult]:
        with self.lock:
            return list(self.results.values())

    def events_of(self, name: str, game_id: str) -> list[dict[str, Any]]:
        with self.lock:
            table = self.tables.get(name)
            game = table.games.get(game_id) if table else None
            return list(game.records) if game else []
