"""MqttSink: the kiosk's table, published to the club's broker off the game's thread.

`show()` and `record()` only store what they are handed and wake the sink's own thread;
they never wait for the network, so a broker that is down, slow or unreachable changes
nothing at the table. The thread publishes, in this order:

1. every journal record not yet acknowledged by the broker (QoS 1, one at a time, in seq
   order, with game_id and seq); after a disconnect it starts again from the first record
   the broker did not acknowledge, so nothing is lost; a record may arrive twice, and
   subscribers drop a (game_id, seq) they already have;
2. the table's state (retained), when it changed; while only the clocks tick, at most once
   a second;
3. when the game has ended, its GCG (retained) with the final scores.

The broker's last will marks the table offline when the kiosk vanishes. The kiosk
subscribes to its own `resend` topic: the dashboard asks there for the records from a seq
it lacks (e.g. the broker restarted before passing them on). The kiosk opens no port.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from kiosk.display.model import ScreenModel
from kiosk.network import messages as msg
from kiosk.network.config import NetworkConfig
from kiosk.network.login import log_in

log = logging.getLogger(__name__)

ACK_TIMEOUT_S = 3.0
CLOCK_ONLY_INTERVAL_S = 1.0


@dataclass
class _Game:
    records: dict[int, dict[str, Any]] = field(default_factory=dict)
    sent: int = 0            # every seq up to this one was acknowledged by the broker
    queued: int = 0          # every seq up to this one was handed to paho on this connection
    acked: set[int] = field(default_factory=set)    # acknowledged beyond `sent` (out of order)
    first: int = 1
    gcg_published: bytes = b""
    gcg_for: int = -1        # how many records the last GCG was made from
    gcg_payload: bytes = b""


def _clock_free(state: dict[str, Any]) -> dict[str, Any]:
    out = dict(state)
    out.pop("sent", None)
    out["players"] = [{k: v for k, v in p.items() if k != "clock"} for p in state["players"]]
    return out


class MqttSink:
    """A `kiosk.sinks.Sink` publishing one table to an MQTT broker (see the module text)."""

    def __init__(self, config: NetworkConfig, *, client_id: str | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.config = config
        self._wall = wall
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._closing = False
        # Set at the end of _on_connect, cleared on disconnect. paho's is_connected() turns true
        # before on_connect runs; publishing in between, the records went out twice, because
        # on_connect queues every unacknowledged record again.
        self._ready = threading.Event()
        self._screen: ScreenModel | None = None
        self._games: dict[str, _Game] = {}
        self._current = ""
        self._republish = True                      # after (re)connecting: state and GCG again
        self._last_state: dict[str, Any] | None = None
        self._last_state_at = 0.0
        self.published_events = 0                   # counters for tests and the load test
        self.failed_publishes = 0
        t = config.table
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id or f"kiosk-{t}",
                                  protocol=mqtt.MQTTv311, clean_session=True)
        self._inflight: dict[int, tuple[str, int]] = {}    # paho message id -> (game_id, seq)
        self._early_acks: dict[int, float] = {}    # PUBACKs that came before publish() returned
        log_in(self.client, config.username, config.password, config.ca_file, config.cert_file, config.key_file)
        self.client.will_set(msg.topic(t, "online"), msg.dumps({"v": msg.FORMAT, "table": t, "online": False}),
                             qos=1, retain=True)
        self.client.reconnect_delay_set(min_delay=1, max_delay=8)
        self.client.max_inflight_messages_set(100)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_publish = self._on_publish
        self.client.connect_async(config.broker, config.port, keepalive=config.keepalive)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name=f"mqtt-sink-{t}", daemon=True)
        self._thread.start()

    # ----- the Sink contract (game thread: never blocks) -----------------------------------

    def show(self, screen: ScreenModel) -> None:
        self._screen = screen
        self._wake.set()

    def record(self, game_id: str, seq: int, record: dict[str, Any]) -> None:
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                game = self._games[game_id] = _Game(sent=seq - 1, queued=seq - 1, first=seq)
                self._current = game_id
                for old in [g for g in self._games if g != game_id]:
                    done = self._games[old]
                    if done.sent >= max(done.records, default=0):
                        del self._games[old]     # fully delivered: keep memory bounded
            game.records.setdefault(seq, record)
        self._wake.set()

    def close(self) -> None:
        """Publish what can go out in a moment, say 'offline', disconnect."""
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline and self._backlog():   # at most 2 s, connected or not
            time.sleep(0.02)
        self._closing = True
        self._wake.set()
        self._thread.join(timeout=ACK_TIMEOUT_S + 1)
        try:
            if self.client.is_connected():
                t = self.config.table
                info = self.client.publish(msg.topic(t, "online"),
                                           msg.dumps({"v": msg.FORMAT, "table": t, "online": False}), qos=1, retain=True)
                info.wait_for_publish(1.0)
            self.client.disconnect()
        except Exception:  # noqa: BLE001 - a broken sink never stops the kiosk
            log.exception("network: closing the MQTT connection")
        self.client.loop_stop()

    # ----- paho callbacks (paho's thread) --------------------------------------------------

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            log.warning("network: broker %s:%s refused the connection: %s", self.config.broker, self.config.port, reason)
            return
        log.info("network: connected to %s:%s as table %s", self.config.broker, self.config.port, self.config.table)
        t = self.config.table
        client.publish(msg.topic(t, "online"), msg.dumps({"v": msg.FORMAT, "table": t, "online": True}),
                       qos=1, retain=True)
        client.subscribe(msg.topic(t, "resend"), qos=1)
        with self._lock:
            self._inflight.clear()
            self._early_acks.clear()
            for game in self._games.values():
                game.queued = game.sent      # whatever was not acknowledged goes again
        self._republish = True
        self._ready.set()
        self._wake.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        self._ready.clear()
        if not self._closing:
            log.warning("network: lost the broker (%s); the table goes on, catching up on reconnect", reason)

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        """A resend request from the dashboard: {"v", "table", "game_id", "from_seq"}."""
        try:
            data = msg.parse_payload(self.config.table, message.payload)
            game_id, from_seq = data.get("game_id"), data.get("from_seq")
            if not isinstance(game_id, str) or not isinstance(from_seq, int) or isinstance(from_seq, bool):
                raise msg.Refused("need game_id and from_seq")
        except msg.Refused as exc:
            log.warning("network: resend request refused: %s", exc)
            return
        with self._lock:
            game = self._games.get(game_id)
            if game is not None and from_seq <= game.queued:
                game.sent = min(game.sent, max(game.first - 1, from_seq - 1))
                game.queued = game.sent
                game.acked.clear()
                log.info("network: resending %s from seq %d", game_id, from_seq)
        self._wake.set()

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        """The broker acknowledged a message: an event counts as delivered up to the first gap."""
        with self._lock:
            where = self._inflight.pop(mid, None)
            if where is None:        # a PUBACK before publish() returned, or one for an older connection
                self._early_acks[mid] = time.monotonic()
                if len(self._early_acks) > 1000:
                    self._early_acks.clear()
                return
            self._acked(*where)
        self._wake.set()

    def _acked(self, game_id: str, seq: int) -> None:
        game = self._games.get(game_id)
        if game is None or seq <= game.sent:
            return
        game.acked.add(seq)
        while game.sent + 1 in game.acked:
            game.sent += 1
            game.acked.discard(game.sent)
            self.published_events += 1

    # ----- the sink's thread ----------------------------------------------------------------

    def _backlog(self) -> bool:
        with self._lock:
            return any(g.sent < max(g.records, default=0) for g in self._games.values())

    def _unsent(self) -> bool:
        with self._lock:
            return any(g.queued < max(g.records, default=0) for g in self._games.values())

    def _run(self) -> None:
        while not self._closing:
            self._wake.wait(timeout=0.25)
            self._wake.clear()
            if self._closing:
                break
            if not (self._ready.is_set() and self.client.is_connected()):
                continue
            try:
                republish, self._republish = self._republish, False
                if self._send_records():
                    self._send_state(force=republish)
                    self._send_gcg(force=republish)
                else:
                    self._republish = self._republish or republish
            except Exception:  # noqa: BLE001 - a broken sink never stops the kiosk
                log.exception("network: publishing failed; retrying")
                time.sleep(0.5)

    def _publish(self, kind: str, payload: dict[str, Any], *, retain: bool = False, wait: bool = False) -> bool:
        info = self.client.publish(msg.topic(self.config.table, kind), msg.dumps(payload), qos=1, retain=retain)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            self.failed_publishes += 1
            return False
        if not wait:
            return True
        try:
            info.wait_for_publish(ACK_TIMEOUT_S)
        except (RuntimeError, ValueError):
            pass
        if not info.is_published():
            self.failed_publishes += 1
            return False
        return True

    def _send_records(self) -> bool:
        """Hand every record not yet handed on this connection to paho, in order, without
        waiting: the broker's PUBACKs (`_on_publish`) move `sent`. False if paho refused."""
        while not self._closing:
            with self._lock:
                todo = [(gid, g.queued + 1, g.records[g.queued + 1]) for gid, g in self._games.items()
                        if g.queued + 1 in g.records]
            if not todo:
                return True
            for game_id, seq, record in todo:
                payload = {"v": msg.FORMAT, "table": self.config.table, "round": self.config.round,
                           "game_id": game_id, "seq": seq, "sent": self._wall(), "record": msg.public_record(record)}
                # not under self._lock: paho calls on_publish holding its own lock
                info = self.client.publish(msg.topic(self.config.table, "events"), msg.dumps(payload), qos=1)
                if info.rc != mqtt.MQTT_ERR_SUCCESS:
                    self.failed_publishes += 1
                    return False
                with self._lock:
                    game = self._games.get(game_id)
                    if game is not None and game.queued == seq - 1:
                        game.queued = seq
                    early = self._early_acks.pop(info.mid, None)
                    if early is not None and time.monotonic() - early < 5.0:   # the PUBACK beat us here
                        self._acked(game_id, seq)
                    else:
                        self._inflight[info.mid] = (game_id, seq)
        return False

    def _send_state(self, force: bool) -> None:
        screen = self._screen
        if screen is None:
            return
        with self._lock:
            game = self._games.get(self._current)
            last_seq = max(game.records, default=0) if game else 0
        state = msg.screen_state(screen, table=self.config.table, round=self.config.round, game_id=self._current,
                                 last_seq=last_seq, sent=self._wall())
        previous = self._last_state
        now = time.monotonic()
        if not force and previous is not None:
            if _clock_free(previous) == _clock_free(state):
                if previous["players"] == state["players"] or now - self._last_state_at < CLOCK_ONLY_INTERVAL_S:
                    if previous["players"] != state["players"]:
                        self._wake.set()     # come back for the clock soon
                    return
        if self._publish("state", state, retain=True):
            self._last_state, self._last_state_at = state, now

    def _send_gcg(self, force: bool) -> None:
        with self._lock:
            games = [(gid, dict(g.records), g) for gid, g in self._games.items()]
        for game_id, records, game in games:
            if len(records) != game.gcg_for:      # the replay only when the game's records changed
                payload = game_result(self.config.table, self.config.round, game_id,
                                      [records[s] for s in sorted(records)])
                game.gcg_for = len(records)
                game.gcg_payload = msg.dumps(payload) if payload is not None else b""
            data = game.gcg_payload
            if data and (data != game.gcg_published or force):
                info = self.client.publish(msg.topic(self.config.table, "gcg"), data, qos=1, retain=True)
                if info.rc == mqtt.MQTT_ERR_SUCCESS:
                    game.gcg_published = data


def game_result(table: str, round: int, game_id: str, records: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The finished game's GCG and scores, from its journal records; None before the end."""
    from kiosk.rules import events as ev
    from kiosk.rules.game import replay
    from kiosk.rules.gcg_export import history_to_gcg

    dicts = [e for r in records for e in msg.record_events(r)]
    if not any(d.get("type") == "game_ended" for d in dicts):
        return None
    try:
        state = replay([ev.event_from_dict(d, game_id) for d in dicts])
        gcg = history_to_gcg(state)
    except Exception as exc:  # noqa: BLE001 - a record the rules refuse (RuleError, InputError): publish nothing
        log.warning("network: no GCG for game %s: %s", game_id, exc)
        return None
    confirmed = {r["app"].get("player") for r in records
                 if isinstance(r.get("app"), dict) and r["app"].get("kind") == "result_confirmed"}
    return {"v": msg.FORMAT, "table": table, "round": round, "game_id": game_id,
            "players": list(state.players), "scores": list(state.scores), "final": len(confirmed) >= 2,
            "gcg": gcg}


def json_payload(data: bytes) -> Any:
    return json.loads(data.decode("utf-8"))
