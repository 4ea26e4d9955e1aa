"""kiosk.rack_watch: a rack count becomes a question only when stable with no hand in view."""
from __future__ import annotations

import pytest

from kiosk.rack_watch import RackSeen, RackWatch, drawn_due_text, racks_seen, step
from vision.observation import BoardObservation, CellReading

DUE = {"p1": 7, "p2": 7}


def _run(frames, **kw):
    watch, asked = RackWatch(), []
    for counts, hands in frames:
        watch, q = step(watch, counts, hands, kw.get("due", DUE), waiting=kw.get("waiting"),
                        face_down=kw.get("face_down"))
        asked.append(q)
    return asked


def test_eight_tiles_seen_three_times_with_no_hand_asks_once():
    asked = _run([({"p1": 8, "p2": 7}, set())] * 6)
    assert asked[:2] == [None, None]
    assert asked[2] is not None and asked[2].kind == "overdraw" and asked[2].seen == 8
    assert (asked[2].kind, asked[2].seen) == ("overdraw", 8)
    assert asked[3:] == [None, None, None]  # not asked again while it stays 8


def test_a_hand_in_the_zone_or_an_unknown_count_holds_the_question_back():
    asked = _run([({"p1": 8}, {"p1"}), ({"p1": 8}, set()), ({"p1": None}, set()), ({"p1": 8}, set()),
                  ({}, set()), ({"p1": 8}, set()), ({"p1": 8}, set())])
    assert all(q is None for q in asked)


def test_a_flickering_count_is_never_asked_about():
    asked = _run([({"p1": 8}, set()), ({"p1": 7}, set()), ({"p1": 8}, set()), ({"p1": 7}, set())] * 3)
    assert all(q is None for q in asked)


def test_seven_or_fewer_never_raises_an_overdraw_and_back_to_seven_rearms_it():
    asked = _run([({"p1": 7}, set())] * 4 + [({"p1": 8}, set())] * 3 + [({"p1": 7}, set())] * 3
                 + [({"p1": 8}, set())] * 3)
    kinds = [q.kind for q in asked if q is not None]
    assert kinds == ["overdraw", "overdraw"]


def test_face_down_tiles_beside_the_rack_count_toward_an_overdraw():
    # DRAW-01: A kept 3, owes 4, puts 5 face down beside the rack: "5 drawn, 4 due"
    asked = _run([({"p1": 3}, set())] * 3, due={"p1": 7}, face_down={"p1": 5})
    q = asked[2]
    assert q is not None and q.kind == "overdraw" and q.seen == 8 and drawn_due_text(q.seen, q.due, q.face_down) == "5 drawn, 4 due"


def test_underdraw_only_for_the_waiting_player_and_never_for_zero():
    assert all(q is None for q in _run([({"p1": 6}, set())] * 4))  # not at a press
    asked = _run([({"p1": 6, "p2": 5}, set())] * 3, waiting="p1")
    assert asked[2] is not None and asked[2].kind == "underdraw" and asked[2].zone == "p1"
    assert (asked[2].seen, asked[2].due, asked[2].player) == (6, 7, 0)
    assert all(q is None for q in _run([({"p1": 0}, set())] * 4, waiting="p1"))


def test_the_state_is_frozen():
    import dataclasses
    import pytest
    watch, _ = step(RackWatch(), {"p1": 7}, set(), DUE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        watch.asked = frozenset()  # type: ignore[misc]


def test_racks_seen_gives_each_rack_read_its_count_or_its_reason():
    cells = tuple(CellReading("empty") for _ in range(225))
    read = BoardObservation(cells, located=True, rack_counts={"p1": 7}, rack_unknown={"p2": "covered"})
    assert racks_seen(read, ()) == {"p1": RackSeen(count=7), "p2": RackSeen(unknown="covered")}
    only_one = BoardObservation(cells, located=True, rack_counts={"p1": 6})   # p2 not found at setup: no line
    assert racks_seen(only_one, ("p1", "p2")) == {"p1": RackSeen(count=6)}
    assert racks_seen(BoardObservation.unlocated("board not in view"), ("p1",)) == {"p1": RackSeen(unknown="no_board")}
    assert racks_seen(None, ("p1", "p2")) == {"p1": RackSeen(unknown="no_board"), "p2": RackSeen(unknown="no_board")}
    with pytest.raises(ValueError):
        RackSeen(count=7, unknown="covered")
