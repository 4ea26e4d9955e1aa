"""The app's table flow with a camera that reads board text exactly (vision is tested apart).

Each test drives KioskApp the way the live loop does: button presses, then tick().
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from vision.observation import BoardObservation

from kiosk.app import AppSettings, GameSetup, KioskApp
from kiosk.app_journal import MemoryJournal
from kiosk.rules import events as ev
from kiosk.vision_worker import InlineVision
from tests.board_text import EMPTY, board, cell



@dataclass
class View:
    """What the fake camera sees: board text plus how it is read."""

    rows: list[str]
    low: set[tuple[int, int]] = field(default_factory=set)
    stable: bool = True
    located: bool = True
    racks: dict[str, int] = field(default_factory=dict)


class TextCamera:
    def __init__(self) -> None:
        self.view = View(list(EMPTY))
        self.unplugged = False

    def read(self) -> View:
        if self.unplugged:
            raise OSError("camera unplugged")
        return self.view


class TextReader:
    def racks_hold(self, counts: dict[str, int]) -> None:
        pass   # the text camera's rack counts need nothing learnt

    def accept_board(self, rows: list[str]) -> None:
        pass   # the text camera's board is never turned

    def observe(self, view: View) -> BoardObservation:
        cells = []
        for r, row in enumerate(view.rows):
            for c, ch in enumerate(row):
                conf = 0.4 if (r, c) in view.low else 0.99
                cells.append(cell(ch, conf))
        return BoardObservation(tuple(cells), located=view.located, stable=view.stable, rack_counts=dict(view.racks))


class Table:
    """An app with a simulated clock, a text camera and an in-memory journal."""

    def __init__(self, lexicon=frozenset({"CAT", "COW", "WE", "TO", "OX", "CAB", "COT"}), records=None, journal=None,
                 settings=AppSettings()):
        self.t = 0.0
        self.camera = TextCamera()
        self.journal = journal or MemoryJournal()
        self.app = KioskApp(GameSetup(("Ann", "Bob")), vision=InlineVision(self.camera, TextReader(), lambda: 0.0, lambda: self.t),
                            journal=self.journal, time_source=lambda: self.t, lexicon=lexicon, records=records,
                            settings=settings)

    def at(self, t: float) -> "Table":
        self.t = t
        self.app.tick()
        return self

    def press(self, button: str, dt: float = 1.0) -> "Table":
        self.t += dt
        self.app.handle_button(button, "press", self.t)
        self.app.tick()
        return self

    def wait(self, seconds: float) -> "Table":
        """Time passes, the app ticking ten times a second (rack readings come every second)."""
        for _ in range(int(round(seconds * 10))):
            self.at(round(self.t + 0.1, 3))
        return self

    def show(self, *placed: tuple[str, str], **kw) -> "Table":
        self.camera.view = View(board(*placed), **kw)
        return self

    def start(self) -> "Table":
        return self.press("p2")  # Bob starts Ann's clock

    def plays(self):
        return [e for e in self.app.events if isinstance(e, ev.PlayMade)]


CAT = (("G8", "C"), ("H8", "A"), ("I8", "T"))
COW = CAT + (("G9", "O"), ("G10", "W"))


def test_second_player_starts_the_first_players_clock():
    table = Table()
    table.press("p1")
    assert table.app.clock.running() is None
    table.start()
    assert table.app.clock.running() == 0


def test_opponents_clock_starts_at_the_press_before_the_board_is_read():
    table = Table().start()
    table.show(*CAT)
    table.t += 10
    table.app.handle_button("p1", "press", table.t)      # no tick yet: nothing read
    assert table.app.clock.running() == 1
    assert not table.plays()
    table.app.tick()
    assert [p.tiles for p in table.plays()] == [CAT]
    assert table.app.state.scores[0] == 10


def test_every_event_is_journaled_before_it_takes_effect():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    kinds = [r["event"]["type"] for r in table.journal.records if "event" in r]
    assert kinds[:2] == ["game_started", "clock_pressed"]
    assert "play_made" in kinds
    assert len([r for r in table.journal.records if "event" in r]) == len(table.app.events)


def test_doubtful_read_is_never_guessed_and_confirm_accepts_it():
    table = Table().start()
    table.show(*CAT, low={(7, 7)}).press("p1", 10)
    assert not table.plays()
    screen = table.app.screen()
    assert screen.screen == "confirm_read"
    assert (7, 7) in screen.board.doubtful
    table.press("confirm")
    assert [p.tiles for p in table.plays()] == [CAT]
    assert table.app.turns.reads_confirmed == 1


def test_correction_is_recorded_as_an_event():
    table = Table().start()
    table.show(("G8", "C"), ("H8", "A"), ("I8", "I"), low={(7, 8)}).press("p1", 10)
    assert table.app.screen().screen == "confirm_read"
    assert table.app.correct(CAT) == ""
    assert [p.tiles for p in table.plays()] == [CAT]
    notes = [r["app"] for r in table.journal.records if "app" in r]
    assert notes[-1]["kind"] == "read_corrected"
    assert notes[-1]["corrected"] == [list(t) for t in CAT]


def test_hand_over_the_board_waits_then_says_what_it_waits_for():
    table = Table().start()
    table.show(*CAT, stable=False).press("p1", 10)
    table.at(table.t + 0.5)
    assert not table.plays()
    table.at(table.t + 3.0)
    screen = table.app.screen()
    assert screen.screen == "waiting"
    assert "clear view" in screen.waiting.reason
    table.show(*CAT)
    table.at(table.t + 0.2)
    assert [p.tiles for p in table.plays()] == [CAT]


def test_no_change_is_a_pass_or_an_exchange():
    table = Table().start()
    table.press("p1", 10)
    assert table.app.screen().prompt is not None
    table.press("confirm")
    assert isinstance(table.app.events[-1], ev.Passed)
    table.press("p2", 5)
    table.press("cancel")                    # exchange
    table.press("pause").press("pause")      # 7 -> 5
    table.press("confirm")
    last = [e for e in table.app.events if isinstance(e, ev.Exchanged)]
    assert last and last[-1].count == 5 and last[-1].player == 1


def test_blank_prompt_offers_the_alphabet_with_no_validity_hint():
    # KIOSK-01: the letters that make words (CAT, COT) are not put first
    table = Table().start()
    table.show(("G8", "C"), ("H8", "?"), ("I8", "T")).press("p1", 10)
    screen = table.app.screen()
    assert screen.screen == "blank_prompt"
    assert screen.blank.letters == tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    table.press("challenge").press("challenge")       # A -> B -> C: CCT is no word, and nothing says so
    table.press("confirm")
    assert table.plays()[0].tiles[1][1] == "c"


def test_phony_challenged_off_waits_for_tiles_gone_then_restarts_clock():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    table.show(*CAT, ("G9", "X")).press("p2", 10)   # CX is no word
    table.press("challenge")
    assert table.app.clock.running() is None
    screen = table.app.screen()
    assert screen.screen == "verdict" and screen.verdict.acceptable is False
    table.press("confirm")
    assert table.app.screen().screen == "waiting"
    table.at(table.t + 2)
    assert table.app.clock.running() is None        # tiles still there
    table.show(*CAT).at(table.t + 1)
    assert table.app.clock.running() == 0
    assert table.app.state.scores == (10, 0) or tuple(table.app.state.scores) == (10, 0)


def test_valid_word_challenged_challenger_loses_turn():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    table.show(*COW).press("p2", 10)
    table.press("challenge")
    assert table.app.screen().verdict.acceptable is True
    table.press("confirm")
    assert table.app.clock.running() == 1            # double challenge: Ann loses her turn
    assert table.app.state.to_move == 1


RACKS = AppSettings(rack_poll_s=1.0)   # racks read every second, as the assembly sets it with rack zones


def test_overdraw_seen_in_a_rack_zone_raises_an_alert():
    table = Table(settings=RACKS).start()
    table.show(*CAT, racks={"p1": 7, "p2": 7}).press("p1", 10)
    table.show(*COW, racks={"p1": 8, "p2": 7}).press("p2", 10)
    assert table.app.rack_question is None       # one reading of 8 is not yet a count (kiosk.rack_watch)
    table.wait(3)
    # A tile count is a camera reading: nothing is recorded until the players confirm it.
    assert not any(isinstance(e, ev.OverdrawReported) for e in table.app.events)
    screen = table.app.screen()
    assert screen.screen == "alert" and "8 tiles" in screen.prompt.question
    table.press("confirm")
    assert any(isinstance(e, ev.OverdrawReported) and e.player == 0 and e.tiles_seen == 8 for e in table.app.events)
    assert any("verdraw" in a[0] for a in table.app.alerts.log)


def test_an_overdraw_is_not_asked_while_a_hand_is_over_the_rack_or_the_count_is_unknown():
    table = Table(settings=RACKS).start()
    table.show(*CAT, racks={"p1": 7, "p2": 7}).press("p1", 10)
    table.show(*COW, racks={"p1": 8, "p2": 7}).press("p2", 10)
    for racks in ({"p2": 7}, {"p1": 8, "p2": 7}, {"p2": 7}, {"p1": 8, "p2": 7}, {"p2": 7}):
        table.camera.view = View(board(*COW), racks=racks)     # p1 unknown every other second
        table.wait(1)
    assert table.app.rack_question is None


def test_rack_miscount_rejected_by_players_records_nothing():
    table = Table(settings=RACKS).start()
    table.show(*CAT, racks={"p1": 9, "p2": 7}).press("p1", 10).wait(3)
    table.press("cancel")
    table.show(*COW, racks={"p1": 9, "p2": 7}).press("p2", 10).wait(3)
    assert table.app.rack_question is None          # not asked again for the same rack
    assert not any(isinstance(e, ev.OverdrawReported) for e in table.app.events)


def test_underdraw_of_the_player_whose_clock_starts_is_asked_then_recorded_with_its_procedure():
    table = Table(settings=RACKS).start()
    table.show(*CAT, racks={"p1": 7, "p2": 7}).press("p1", 10)
    # at Bob's press Ann has had his whole turn to draw: her rack has shown 6 of 7 since
    table.show(*COW, racks={"p1": 6, "p2": 7}).wait(3)
    assert table.app.rack_question is None          # not while Bob's clock runs: only at his press
    table.press("p2", 1)
    screen = table.app.screen()
    assert screen.screen == "alert" and "6 tiles" in screen.prompt.question and "underdrawn" in screen.prompt.question
    assert not any(isinstance(e, ev.UnderdrawReported) for e in table.app.events)
    table.press("confirm")
    assert any(isinstance(e, ev.UnderdrawReported) and e.player == 0 and e.tiles_seen == 6 for e in table.app.events)
    alert = next(a for a in table.app.alerts.standing(table.app.state) if "underdraw" in a[0].lower())
    assert alert[1].startswith("DRAW-"), alert


def test_the_rack_of_the_player_laying_tiles_is_not_an_underdraw():
    table = Table(settings=RACKS).start()
    table.show(*CAT, racks={"p1": 7, "p2": 7}).press("p1", 10).wait(3)
    table.show(*CAT, racks={"p1": 7, "p2": 4}).wait(10)     # Bob takes tiles off his rack to lay them
    assert table.app.rack_question is None


def test_a_rack_just_played_from_or_read_as_empty_is_not_an_underdraw():
    table = Table(settings=RACKS).start()
    # Ann pressed: her own rack is short until she draws; Bob's rack is not read at all
    table.show(*CAT, racks={"p1": 4, "p2": 0}).press("p1", 10).wait(3)
    assert table.app.rack_question is None
    assert not any(isinstance(e, ev.UnderdrawReported) for e in table.app.events)


def test_camera_fault_records_nothing_and_the_clock_keeps_running():
    table = Table().start()
    table.camera.unplugged = True
    table.show(*CAT).press("p1", 10)
    table.at(table.t + 5)
    assert not table.plays()
    assert table.app.clock.running() == 1
    assert "camera" in table.app.screen().status.camera_text
    table.camera.unplugged = False
    table.at(table.t + 0.6)      # the camera is retried every half second
    assert not table.plays()     # what the board did while no frame came is unknown: the first
    table.at(table.t + 0.1)      # frame begins a new settled view, taken by the next one 0.1 s on
    assert [p.tiles for p in table.plays()] == [CAT]


def test_play_the_rules_refuse_is_never_journaled_and_goes_back_to_the_players():
    table = Table().start()
    # a third blank: the English set has two
    table.show(("G8", "?"), ("H8", "?"), ("I8", "?")).press("p1", 10)
    for _ in range(3):
        table.press("confirm")
    assert not table.plays()
    assert not any(r.get("event", {}).get("type") == "play_made" for r in table.journal.records)
    screen = table.app.screen()
    assert screen.screen == "confirm_read"
    assert "set" in screen.prompt.question
    assert table.app.correct(CAT) == ""
    assert [p.tiles for p in table.plays()] == [CAT]


def test_restart_from_the_journal_gives_the_same_game():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    table.show(*COW).press("p2", 20)
    table.press("p1", 30)                   # a press whose board is not yet accepted
    again = Table(records=list(table.journal.records))
    a, b = table.app, again.app
    assert b.board_rows() == a.board_rows()
    assert tuple(b.state.scores) == tuple(a.state.scores)
    t = table.t
    assert [b.clock.remaining(p, t) for p in (0, 1)] == pytest.approx([a.clock.remaining(p, t) for p in (0, 1)])
    assert [p.player for p in b.pending] == [0]


class BoardsTold(TextReader):
    """A text reader that keeps every board the game told it it had accepted."""

    def __init__(self) -> None:
        self.told: list[list[str]] = []

    def accept_board(self, rows: list[str]) -> None:
        self.told.append(list(rows))


def test_a_game_tells_the_reader_the_board_it_starts_from_never_an_earlier_games():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    table.show(*COW).press("p2", 20)
    records = list(table.journal.records)
    for given, expected in ((records, board(*COW)), (None, EMPTY)):   # a restart, then a new game
        reader = BoardsTold()
        KioskApp(GameSetup(("Ann", "Bob")), vision=InlineVision(table.camera, reader, lambda: 0.0, lambda: table.t),
                 journal=MemoryJournal(), time_source=lambda: table.t, lexicon=frozenset({"CAT", "COW"}),
                 records=given)
        assert reader.told and reader.told[-1] == expected


def test_restart_shows_the_recovered_screen_until_the_next_button():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    again = Table(records=list(table.journal.records))
    again.t = table.t
    screen = again.app.screen()
    assert screen.screen == "recovered"
    assert screen.recovered.events_recovered == len(table.app.events)
    assert screen.prompt is not None and "Any button continues" in screen.prompt.question   # says which button
    again.press("p2", 5)
    assert again.app.screen().screen != "recovered"


def records_stamped_ago(records: list[dict], seconds: int) -> list[dict]:
    """The journal as if the kiosk had gone down `seconds` ago (wall stamps moved back)."""
    from datetime import datetime, timedelta, timezone
    then = (datetime.now(timezone.utc) - timedelta(seconds=seconds)).isoformat(timespec="seconds")
    return [{**r, "wall": then} for r in records]


def test_downtime_is_not_charged_unless_a_director_charges_it_to_the_running_clock():
    table = Table().start()
    table.show(*CAT).press("p1", 10)         # Bob's clock runs when the power goes
    records = records_stamped_ago(list(table.journal.records), 90)
    again = Table(records=records)            # its time line carries on from the last record
    now = again.app.now
    before = [again.app.clock.used(p, now()) for p in (0, 1)]
    assert again.app.screen().screen == "recovered"
    assert "PAUSE, then CONFIRM" in again.app.screen().prompt.question
    again.press("pause", 0.0)                  # the director stops the clocks ...
    screen = again.app.screen()
    assert [b.button for b in screen.prompt.buttons] == ["CONFIRM", "PAUSE"]
    assert "to Bob" in screen.prompt.buttons[0].meaning
    again.press("confirm", 0.0)                # ... and charges the time lost to Bob
    again.press("pause", 0.0)                  # clocks restart
    used = [again.app.clock.used(p, now()) for p in (0, 1)]
    assert used[0] == pytest.approx(before[0])
    assert 90 <= used[1] - before[1] <= 95
    assert again.app.clock.running(now()) == 1
    assert again.app.unsettled_downtime is None, "charged once only"
    # the decision is in the journal: the next restart keeps it
    third = Table(records=records + list(again.journal.records))
    assert third.app.clock.used(1, third.app.now()) == pytest.approx(used[1])


def test_a_challenge_right_after_a_restart_is_a_challenge_and_charges_nothing():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    again = Table(records=records_stamped_ago(list(table.journal.records), 90))
    before = again.app.clock.used(1, again.app.now())
    again.press("challenge", 0.5)
    assert any(isinstance(e, ev.ChallengeMade) for e in again.app.events)
    assert not any(isinstance(e, ev.DowntimeCharged) for e in again.app.events)
    assert again.app.clock.used(1, again.app.now()) == pytest.approx(before + 0.5)   # only the half second before it


def test_downtime_can_no_longer_be_charged_once_that_turn_is_over():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    again = Table(records=records_stamped_ago(list(table.journal.records), 90))
    again.show(*COW).press("p2", 5)           # Bob's turn ends: his time is settled
    again.press("pause", 1.0)
    assert again.app.downtime_chargeable() is None
    again.press("confirm", 0.5)
    assert not any(isinstance(e, ev.DowntimeCharged) for e in again.app.events)


def test_overtime_is_shown_with_its_rule():
    table = Table().start()
    table.at(25 * 60 + 30)
    screen = table.app.screen()
    assert screen.players[0].clock.overtime
    assert any(a.title == "Overtime" and a.rule == "TIME-03" for a in screen.alerts)


def test_hold_shows_the_hold_timer_then_a_challenge_or_accept():
    table = Table().start()
    table.show(*CAT).press("p1", 10)
    table.t += 3
    table.app.handle_button("challenge", "long_press", table.t)
    table.at(table.t + 7)
    screen = table.app.screen()
    assert screen.screen == "challenge" and screen.challenge.phase == "hold"
    assert screen.challenge.hold_text == "0:07" and screen.challenge.by == "Bob"
    assert table.app.clock.running() == 1          # the holder's clock keeps running
    table.press("confirm")                          # Bob accepts the play
    assert table.app.screen().screen == "game"
    assert not any(isinstance(e, ev.ChallengeMade) for e in table.app.events)


def test_a_restart_asks_the_same_rack_question_and_does_not_reask_a_settled_read():
    # issue 14 item 1: what the screen asks is journaled before it is shown
    table = Table(settings=RACKS).start()
    table.show(*CAT, racks={"p1": 7, "p2": 7}).press("p1", 10)
    table.show(*COW, racks={"p1": 8, "p2": 7}).press("p2", 10).wait(3)
    assert table.app.rack_question is not None
    again = Table(records=list(table.journal.records), settings=RACKS)
    again.t = table.t
    assert again.app.rack_question == table.app.rack_question
    again.press("confirm")   # closes the recovered page
    again.press("confirm")
    assert any(isinstance(e, ev.OverdrawReported) and e.tiles_seen == 8 for e in again.app.events)
    # a blank whose read the players corrected: after a restart the letter is asked, not the read
    blank = Table().start()
    blank.show(("G8", "C"), ("H8", "?"), ("I8", "X")).press("p1", 10)      # read as CXT? no: as the camera saw it
    head = blank.app.pending[0]
    assert blank.app.correct((("G8", "C"), ("H8", "?"), ("I8", "T"))) == ""
    assert head.stage == "blank"
    restarted = Table(records=list(blank.journal.records))
    assert restarted.app.pending and restarted.app.pending[0].stage == "blank"
    assert restarted.app.pending[0].proposed == (("G8", "C"), ("H8", "?"), ("I8", "T"))
