"""The kiosk's MQTT sink against a real Mosquitto: config, KIOSK-05, never blocking, catching up,
and the broker's security (passwords, ACL, TLS with a self-made CA)."""
from __future__ import annotations

import json
import ssl
import threading
import time

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from kiosk.display.model import PlayerView, ScreenModel
from kiosk.errors import InputError
from kiosk.network import messages as msg
from kiosk.network.broker import Broker, free_port, make_test_ca, write_broker_config
from kiosk.network.config import NetworkConfig, parse_network
from kiosk.network.publisher import MqttSink
from tests.test_network_support import NEVER_WAITS_S, RunningBroker, broker, tape, wait_for  # noqa: F401

pytestmark = pytest.mark.timeout(180)


# ----- [network] config -------------------------------------------------------------------------

def test_no_network_table_means_no_network():
    assert parse_network({}, "kiosk.toml") is None
    assert parse_network({"broker": "x", "table": "t1", "enabled": False}, "kiosk.toml") is None


def test_network_config_is_parsed_with_defaults(tmp_path):
    ca = tmp_path / "ca.crt"
    ca.write_text("x")
    cfg = parse_network({"broker": "director.local", "table": "t07", "round": 3, "password": "pw",
                         "ca_file": str(ca)}, "kiosk.toml")
    assert cfg == NetworkConfig(broker="director.local", table="t07", port=8883, round=3, username="t07",
                                password="pw", ca_file=ca)
    assert parse_network({"broker": "h", "table": "t1"}, "k.toml").port == 1883


def test_relative_files_are_found_beside_the_config_file(tmp_path):
    (tmp_path / "club-ca.crt").write_text("x")
    (tmp_path / "pw").write_text("s3cret\n")
    cfg = parse_network({"broker": "h", "table": "t1", "ca_file": "club-ca.crt", "password_file": "pw"},
                        str(tmp_path / "kiosk.toml"))
    assert cfg.ca_file == tmp_path / "club-ca.crt" and cfg.password == "s3cret"


@pytest.mark.parametrize("table, key", [
    ({"table": "t1"}, "network.broker"),
    ({"broker": "h"}, "network.table"),
    ({"broker": "h", "table": "bad/name"}, "network.table"),
    ({"broker": "h", "table": "t1", "port": 0}, "network.port"),
    ({"broker": "h", "table": "t1", "port": "1883"}, "network.port"),
    ({"broker": "h", "table": "t1", "username": "t2"}, "network.username"),
    ({"broker": "h", "table": "t1", "ca_file": "/nonexistent/ca.crt"}, "network.ca_file"),
    ({"broker": "h", "table": "t1", "colour": "red"}, "network.colour"),
    ({"broker": "h", "table": "t1", "round": True}, "network.round"),
])
def test_network_config_errors_name_file_and_key(table, key):
    with pytest.raises(InputError) as info:
        parse_network(table, "/etc/scrabble-kiosk/kiosk.toml")
    assert info.value.field == key
    assert str(info.value).startswith("/etc/scrabble-kiosk/kiosk.toml: " + key)


# ----- what is published (KIOSK-05) -----------------------------------------------------------

def test_published_records_carry_no_rack_letters():
    play = {"t": 1.0, "wall": "w", "event": {"type": "play_made", "player": 0, "tiles": [["H8", "A"]], "rack": "AEINRST"}}
    exch = {"t": 2.0, "wall": "w", "event": {"type": "exchanged", "player": 1, "count": 2, "tiles": "QU", "rack": "QUIZZES"}}
    both = {"t": 3.0, "wall": "w", "events": [play["event"], exch["event"]]}
    app = {"t": 4.0, "wall": "w", "app": {"kind": "read_corrected", "player": 1, "rack_seen": "ABC"}}
    text = json.dumps([msg.public_record(r) for r in (play, exch, both, app)])
    for secret in ("AEINRST", "QUIZZES", '"QU"', "ABC", "rack"):
        assert secret not in text
    assert msg.public_record(play)["event"]["tiles"] == [["H8", "A"]]     # the board is public
    assert msg.public_record(exch)["event"]["count"] == 2                   # how many, never which


def test_state_message_has_no_field_for_hidden_information():
    state = msg.screen_state(ScreenModel(players=(PlayerView("Ann", 10), PlayerView("Bob", 3)), bag_count=80),
                             table="t01", round=1, game_id="g", last_seq=4, sent=0.0)
    assert set(state) == {"v", "table", "round", "game_id", "last_seq", "sent", "screen", "players", "to_move",
                          "clocks_neutralized", "bag", "board", "highlight", "last_play", "alerts", "challenge",
                          "verdict", "waiting", "result", "camera_ok", "camera_text", "profile"}
    assert msg.check_state(state) is state


# ----- the sink against a real broker ------------------------------------------------------------

class Collector:
    """A subscriber with the dashboard's rights, keeping every message in arrival order."""

    def __init__(self, running: RunningBroker, client_id: str = "collector", clean: bool = True) -> None:
        self.messages: list[tuple[str, dict]] = []
        # Set when the broker acknowledges the subscription: messages published before that are not
        # delivered, so a test that starts publishing on "connected" alone loses them on a busy machine.
        self.subscribed = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=clean)
        self.client.username_pw_set("director", running.users["director"])
        self.client.on_connect = lambda c, u, f, r, p: c.subscribe(f"{msg.ROOT}/#", qos=1)
        self.client.on_subscribe = lambda c, u, mid, codes, p: self.subscribed.set()
        self.client.on_message = lambda c, u, m: self.messages.append((m.topic, json.loads(m.payload)))
        self.client.connect_async("127.0.0.1", running.port)
        self.client.reconnect_delay_set(1, 2)
        self.client.loop_start()
        wait_for(self.subscribed.is_set, 10, "collector subscribed")

    def events(self, table: str) -> list[dict]:
        return [m for t, m in self.messages if t == msg.topic(table, "events")]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def _feed(sink, game, game_id="g1", upto=None):
    steps = game.steps if upto is None else game.steps[:upto]
    for step in steps:
        for seq, record in step.records:
            sink.record(game_id, seq, record)
        sink.show(step.screen)


def test_sink_publishes_state_events_in_order_and_the_gcg(broker):
    game = tape("overdraw")
    collector = Collector(broker)
    sink = MqttSink(broker.table_config("t01", round=2))
    try:
        _feed(sink, game)
        wait_for(lambda: len(collector.events("t01")) == len(game.records) and
                 any(t.endswith("/gcg") for t, _ in collector.messages), 20, "all events and the GCG")
    finally:
        sink.close()
        collector.close()
    events = collector.events("t01")
    assert [e["seq"] for e in events] == list(range(1, len(game.records) + 1))
    assert [e["record"] for e in events] == [msg.public_record(r) for r in game.records]
    states = [m for t, m in collector.messages if t.endswith("/state")]
    assert states[-1]["players"][0]["score"] == 15 and states[-1]["players"][1]["score"] == 9
    gcg = [m for t, m in collector.messages if t.endswith("/gcg")][-1]
    assert gcg["scores"] == [15, 9] and gcg["final"] and gcg["round"] == 2
    assert gcg["gcg"].splitlines()[-1] == ">Ann:  10G .E +5 15"
    online = [m["online"] for t, m in collector.messages if t.endswith("/online")]
    assert online[0] is True and online[-1] is False          # said goodbye on close


def test_events_handed_over_while_the_connection_is_being_set_up_go_out_once(broker, monkeypatch):
    # paho marks the client connected before it runs on_connect; on a busy machine the sink's
    # thread can publish in between, and on_connect then used to queue everything again.
    slow_on_connect = MqttSink._on_connect

    def on_connect_late(self, *args):
        time.sleep(0.5)
        slow_on_connect(self, *args)

    monkeypatch.setattr(MqttSink, "_on_connect", on_connect_late)
    game = tape("overdraw")
    collector = Collector(broker)
    sink = MqttSink(broker.table_config("t01"))
    try:
        _feed(sink, game)
        wait_for(lambda: sink.published_events == len(game.records), 20, "every event acknowledged")
        time.sleep(1.0)          # time for any second copy to arrive
    finally:
        sink.close()
        collector.close()
    assert [e["seq"] for e in collector.events("t01")] == list(range(1, len(game.records) + 1))


def _timed(calls):
    worst = 0.0
    for call in calls:
        start = time.perf_counter()
        call()
        worst = max(worst, time.perf_counter() - start)
    return worst


@pytest.mark.parametrize("kind", ["refused", "silent"])
def test_unreachable_or_hung_broker_never_blocks_the_table(kind):
    import socket
    # "refused": nothing listens on the port. "silent": a broker that accepts the TCP connection
    # and never answers (hung, or a Wi-Fi that drops everything): a publisher that waited on the
    # network would hang here.
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(100)
    port = silent.getsockname()[1]
    if kind == "refused":
        silent.close()
    cfg = NetworkConfig(broker="127.0.0.1", port=port, table="t09", username="t09", password="x")
    game = tape("overdraw")
    sink = MqttSink(cfg)
    try:
        time.sleep(0.5)          # the sink's threads are now trying to connect
        calls = []
        for step in game.steps:
            for seq, record in step.records:
                calls.append(lambda s=seq, r=record: sink.record("g", s, r))
            calls.append(lambda s=step.screen: sink.show(s))
        assert _timed(calls) < NEVER_WAITS_S
        assert sink.published_events == 0
    finally:
        start = time.monotonic()
        sink.close()
        assert time.monotonic() - start < 6
        silent.close()


def test_broker_restart_midgame_loses_nothing_and_the_table_never_waits(broker):
    game = tape("normal-out")
    collector = Collector(broker, client_id="persistent-collector", clean=False)
    sink = MqttSink(broker.table_config("t02"))
    half = len(game.steps) // 2
    try:
        _feed(sink, game, upto=half // 2)
        wait_for(lambda: collector.events("t02"), 10, "first events")
        broker.stop()
        steps = game.steps[half // 2:half]
        calls = []
        for step in steps:
            for seq, record in step.records:
                calls.append(lambda s=seq, r=record: sink.record("g1", s, r))
            calls.append(lambda s=step.screen: sink.show(s))
        assert _timed(calls) < NEVER_WAITS_S, "the table waited for the network"
        broker.start()
        for step in game.steps[half:]:
            for seq, record in step.records:
                sink.record("g1", seq, record)
            sink.show(step.screen)
        wait_for(lambda: {e["seq"] for e in collector.events("t02")} >= set(range(1, len(game.records) + 1)),
                 30, "every event after the restart")
    finally:
        sink.close()
        collector.close()
    seen: dict[int, dict] = {}
    order = []
    for e in collector.events("t02"):
        if e["seq"] not in seen:               # the subscriber's dedupe by (game_id, seq)
            seen[e["seq"]] = e["record"]
            order.append(e["seq"])
    assert order == sorted(order) == list(range(1, len(game.records) + 1))
    assert [seen[s] for s in order] == [msg.public_record(r) for r in game.records]


def test_restarted_kiosk_catches_up_from_the_journal_records_handed_again(broker):
    game = tape("overdraw")
    collector = Collector(broker)
    first = MqttSink(broker.table_config("t01"))
    _feed(first, game, upto=5)
    wait_for(lambda: collector.events("t01"), 10, "the first events")
    first.close()
    before = len(collector.events("t01"))
    # the kiosk restarts: the assembly hands every journal record again, then goes on
    second = MqttSink(broker.table_config("t01"))
    try:
        _feed(second, game)
        wait_for(lambda: {e["seq"] for e in collector.events("t01")} == set(range(1, len(game.records) + 1)),
                 20, "all events")
    finally:
        second.close()
        collector.close()
    assert before >= 1
    unique = list(dict.fromkeys(e["seq"] for e in collector.events("t01")))
    assert unique == list(range(1, len(game.records) + 1))


def test_resend_request_makes_the_table_publish_again(broker):
    game = tape("overdraw")
    collector = Collector(broker)
    sink = MqttSink(broker.table_config("t01"))
    try:
        _feed(sink, game)
        wait_for(lambda: len(collector.events("t01")) == len(game.records), 20, "events")
        collector.client.publish(msg.topic("t01", "resend"),
                                 msg.dumps({"v": 1, "table": "t01", "game_id": "g1", "from_seq": 10}), qos=1)
        wait_for(lambda: len(collector.events("t01")) == len(game.records) + len(game.records) - 9, 10, "resent")
    finally:
        sink.close()
        collector.close()
    assert [e["seq"] for e in collector.events("t01")][len(game.records):] == list(range(10, len(game.records) + 1))


# ----- broker security -------------------------------------------------------------------------

def _connect(port: int, user: str | None, password: str | None, **tls) -> mqtt.ReasonCode | str:
    result: list = []
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"probe-{user}-{time.monotonic_ns()}")
    if user is not None:
        client.username_pw_set(user, password)
    if tls:
        client.tls_set(**tls)
    client.on_connect = lambda c, u, f, r, p: result.append(r)
    try:
        client.connect("127.0.0.1", port, keepalive=5)
    except (ssl.SSLError, OSError) as exc:
        return f"{type(exc).__name__}: {exc}"
    client.loop_start()
    try:
        wait_for(lambda: result, 5, "CONNACK")
    except AssertionError:
        return "no CONNACK"
    finally:
        client.disconnect()
        client.loop_stop()
    return result[0]


def test_broker_refuses_anonymous_and_wrong_passwords(broker):
    assert _connect(broker.port, "t01", broker.users["t01"]).is_failure is False
    assert _connect(broker.port, None, None).is_failure
    assert _connect(broker.port, "t01", "not-the-password").is_failure
    assert _connect(broker.port, "t01", broker.users["t02"]).is_failure


def test_acl_a_table_cannot_publish_as_another(broker):
    collector = Collector(broker)
    impostor = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="impostor")
    impostor.username_pw_set("t01", broker.users["t01"])
    impostor.connect("127.0.0.1", broker.port)
    impostor.loop_start()
    try:
        fake = {"v": 1, "table": "t02", "online": False}
        impostor.publish(msg.topic("t02", "online"), json.dumps(fake), qos=1).wait_for_publish(5)
        impostor.publish(msg.topic("t02", "resend"), json.dumps(fake), qos=1).wait_for_publish(5)   # not its own
        honest = {"v": 1, "table": "t01", "online": True}
        impostor.publish(msg.topic("t01", "online"), json.dumps(honest), qos=1).wait_for_publish(5)
        wait_for(lambda: any(t == msg.topic("t01", "online") for t, _ in collector.messages), 5, "own topic")
        time.sleep(0.3)
    finally:
        impostor.disconnect()
        impostor.loop_stop()
        collector.close()
    topics = [t for t, _ in collector.messages]
    assert msg.topic("t02", "online") not in topics
    assert msg.topic("t02", "resend") not in topics


def test_acl_a_table_cannot_read_other_tables(broker):
    got: list[str] = []
    spy = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="spy")
    spy.username_pw_set("t02", broker.users["t02"])
    spy.on_connect = lambda c, u, f, r, p: c.subscribe(f"{msg.ROOT}/#", qos=1)
    spy.on_message = lambda c, u, m: got.append(m.topic)
    spy_subscribed = threading.Event()
    spy.on_subscribe = lambda c, u, mid, codes, p: spy_subscribed.set()
    spy.connect("127.0.0.1", broker.port)
    spy.loop_start()
    wait_for(spy_subscribed.is_set, 10, "spy subscribed")     # else the test would pass without listening
    sink = MqttSink(broker.table_config("t01"))
    try:
        _feed(sink, tape("overdraw"), upto=6)
        time.sleep(1.0)
    finally:
        sink.close()
        spy.disconnect()
        spy.loop_stop()
    assert not [t for t in got if "/t01/" in t]


def test_tls_with_a_self_made_ca(tmp_path):
    tls = make_test_ca(tmp_path / "ca")
    running = RunningBroker(tmp_path / "broker", tls=tls)
    try:
        # a client that trusts the club CA gets in; one that does not is refused by TLS
        assert _connect(running.port, "t01", running.users["t01"], ca_certs=str(tls.ca_file)).is_failure is False
        refused = _connect(running.port, "t01", running.users["t01"], ca_certs=str(make_test_ca(tmp_path / "other").ca_file))
        assert isinstance(refused, str) and "CERTIFICATE_VERIFY_FAILED" in refused
        assert isinstance(_connect(running.port, "t01", running.users["t01"]), str) or \
            _connect(running.port, "t01", running.users["t01"]) == "no CONNACK"          # plain MQTT to a TLS port
        collector_ok: list[dict] = []
        sub = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="tls-sub")
        sub.username_pw_set("director", running.users["director"])
        sub.tls_set(ca_certs=str(tls.ca_file))
        sub.on_connect = lambda c, u, f, r, p: c.subscribe(f"{msg.ROOT}/+/events", qos=1)
        sub.on_message = lambda c, u, m: collector_ok.append(json.loads(m.payload))
        sub_subscribed = threading.Event()
        sub.on_subscribe = lambda c, u, mid, codes, p: sub_subscribed.set()
        sub.connect("127.0.0.1", running.port)
        sub.loop_start()
        wait_for(sub_subscribed.is_set, 10, "TLS subscriber subscribed")
        sink = MqttSink(running.table_config("t01", ca_file=tls.ca_file))
        try:
            _feed(sink, tape("overdraw"))
            wait_for(lambda: len(collector_ok) == len(tape("overdraw").records), 15, "events over TLS")
        finally:
            sink.close()
            sub.disconnect()
            sub.loop_stop()
    finally:
        running.stop()


def _listening_inodes() -> set[str]:
    """Inodes of this process's sockets that are in LISTEN state (TCP/TCP6/UDP bound)."""
    import os
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[8:-1])
    listening = set()
    for table in ("tcp", "tcp6"):
        with open(f"/proc/net/{table}") as f:
            for line in f.readlines()[1:]:
                parts = line.split()
                if parts[3] == "0A" and parts[9] in mine:
                    listening.add(parts[9])
    return listening


def test_the_kiosk_sink_listens_on_no_port(broker):
    before = _listening_inodes()
    sink = MqttSink(broker.table_config("t01"))
    try:
        _feed(sink, tape("overdraw"), upto=8)
        wait_for(sink.client.is_connected, 10, "connected")
        time.sleep(0.3)
        assert _listening_inodes() == before
    finally:
        sink.close()
