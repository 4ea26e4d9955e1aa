"""The dashboard refuses bad or hostile messages with a log line and never crashes; each case
fails if its guard is removed."""
from __future__ import annotations

import json
import logging

import pytest

from kiosk.dashboard.room import Room
from kiosk.network import messages as msg
from tests.test_network_support import tape

GOOD_STATE = None


def state(**changes):
    from kiosk.display.model import PlayerView, ScreenModel
    data = msg.screen_state(ScreenModel(players=(PlayerView("Ann", 10), PlayerView("Bob", 3)), bag_count=80),
                            table="t01", round=1, game_id="g1", last_seq=0, sent=0.0)
    data.update(changes)
    return data


def send(room, table, kind, payload):
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return room.receive(msg.topic(table, kind), raw)


def test_good_state_is_taken():
    room = Room()
    assert send(room, "t01", "state", state())
    assert room.view("t01")["state"]["players"][0]["score"] == 10


@pytest.mark.parametrize("payload, reason", [
    (b"{not json", "not JSON"),
    (b"\xff\xfe\x00", "not JSON"),
    (b"[1, 2, 3]", "not a JSON object"),
    (b"[" * 100000 + b"]" * 100000, "over the"),
    (b'{"v": 1, "table": "t01", "pad": "' + b"x" * (msg.MAX_PAYLOAD + 1) + b'"}', "over the"),
])
def test_malformed_and_huge_payloads_are_refused(payload, reason, caplog):
    room = Room()
    send(room, "t01", "state", state(players=[{"name": "Ann", "score": 7, "clock": "1:00", "running": False,
                                               "overtime": False}] * 2))
    with caplog.at_level(logging.WARNING):
        assert not room.receive(msg.topic("t01", "state"), payload)
    assert reason in caplog.text and "refused" in caplog.text
    assert room.view("t01")["state"]["players"][0]["score"] == 7      # nothing changed


@pytest.mark.parametrize("changes, field", [
    ({"players": [{"name": "Ann", "score": "ten", "clock": "1:00", "running": False, "overtime": False}] * 2}, "players"),
    ({"players": []}, "players"),
    ({"board": ["." * 15] * 14}, "board"),
    ({"board": ["<script>" * 2] * 15}, "board"),
    ({"to_move": 7}, "to_move"),
    ({"round": "1"}, "round"),
    ({"bag": -3}, "bag"),
    ({"alerts": [{"title": 5}]}, "alerts"),
    ({"alerts": "overdraw"}, "alerts"),
    ({"highlight": [[1, 99]]}, "highlight"),
    ({"v": 2}, "format"),
    ({"camera_ok": "yes"}, "camera_ok"),
])
def test_wrong_types_are_refused(changes, field, caplog):
    room = Room()
    with caplog.at_level(logging.WARNING):
        assert not send(room, "t01", "state", state(**changes))
    assert field in caplog.text
    assert room.view("t01") is None


def test_a_table_impersonating_another_is_refused(caplog):
    room = Room()
    assert send(room, "t02", "state", state(table="t02"))
    with caplog.at_level(logging.WARNING):
        assert not send(room, "t02", "state", state(table="t01", players=[
            {"name": "Mallory", "score": 999, "clock": "1:00", "running": False, "overtime": False}] * 2))
        assert not send(room, "t02", "events", {"v": 1, "table": "t01", "game_id": "g", "seq": 1, "record": {}})
    assert "claims to be table 't01'" in caplog.text
    assert room.view("t02")["state"]["players"][0]["name"] == "Ann"
    assert room.view("t01") is None


def test_unknown_topics_are_refused(caplog):
    room = Room()
    with caplog.at_level(logging.WARNING):
        assert not room.receive("scrabble/tables/t01/secret", b"{}")
        assert not room.receive("scrabble/tables/../etc/state", b"{}")
        assert not room.receive("elsewhere", b"{}")
    assert caplog.text.count("refused") == 3


def test_events_are_kept_once_in_order_and_gaps_are_asked_for():
    asked = []
    room = Room(request_resend=lambda t, g, s: asked.append((t, g, s)), clock=iter(range(0, 1000, 5)).__next__)
    records = tape("overdraw").records
    def ev(seq):
        return {"v": 1, "table": "t01", "game_id": "g1", "seq": seq, "record": msg.public_record(records[seq - 1])}
    order = [1, 2, 2, 1, 5, 3, 4, 4] + list(range(5, len(records) + 1)) + [3]
    for seq in order:
        assert send(room, "t01", "events", ev(seq))
    assert asked == [("t01", "g1", 3)]                      # 5 came before 3: ask from 3
    assert room.events_of("t01", "g1") == [msg.public_record(r) for r in records]
    game = room.tables["t01"].games["g1"]
    assert game.duplicates == order.count(2) - 1 + order.count(1) - 1 + order.count(4) - 1 + 1 + 1
    assert [m["total"] for m in room.view("t01")["moves"] if m["kind"] == "play"] == [10, 9, 15]


def test_a_state_ahead_of_the_events_asks_for_the_missing_ones():
    asked = []
    room = Room(request_resend=lambda t, g, s: asked.append((t, g, s)))
    send(room, "t01", "state", state(last_seq=4))
    assert asked == [("t01", "g1", 1)]


def test_events_that_break_the_rules_stop_the_move_list_not_the_dashboard(caplog):
    room = Room()
    bad = {"v": 1, "table": "t01", "game_id": "g", "seq": 1, "record": {"event": {"type": "play_made", "player": 5}}}
    with caplog.at_level(logging.WARNING):
        assert send(room, "t01", "events", bad)
    assert room.view("t01")["move_list_problem"]
    assert room.view("t01")["events"] == 1


def test_alerts_for_the_director():
    from kiosk.dashboard.room import Table
    room = Room()
    send(room, "t01", "state", state(alerts=[{"title": "overdraw", "rule": "DRAW-03", "action": "Bob takes 2", "player": "Ann"}],
                                     challenge={"phase": "hold", "hold_text": "0:12", "by": "Bob"},
                                     players=[{"name": "Ann", "score": 1, "clock": "-0:03", "running": True, "overtime": True},
                                              {"name": "Bob", "score": 2, "clock": "3:00", "running": False, "overtime": False}],
                                     camera_ok=False, camera_text="camera lost"))
    send(room, "t01", "online", {"v": 1, "table": "t01", "online": False})
    kinds = [a["kind"] for a in room.view("t01")["alerts"]]
    assert kinds == ["offline", "overdraw", "challenge", "overtime", "camera"]
    assert isinstance(room.tables["t01"], Table)


def test_a_director_call_stands_out_until_play_resumes():
    room = Room()
    send(room, "t01", "state", state())
    def rec(seq, event):
        send(room, "t01", "events", {"v": 1, "table": "t01", "game_id": "g1", "seq": seq, "record": {"t": seq, "event": event}})
    rec(1, {"type": "game_started", "players": ["Ann", "Bob"]})
    rec(2, {"type": "clock_paused", "t": 2.0, "reason": "director"})
    assert "director" in [a["kind"] for a in room.view("t01")["alerts"]]
    rec(3, {"type": "clock_resumed", "t": 3.0})
    assert "director" not in [a["kind"] for a in room.view("t01")["alerts"]]
