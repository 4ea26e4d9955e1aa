"""The racks' counts turned into questions to the players (DRAW-09, KIOSK-03, DRAW-01).

Every located reading's rack counts go through kiosk.rack_watch: a count is asked about only
once it has held over its last readings with no hand in the zone, and an unknown count never.
Overdraw: more than seven tiles. Underdraw: in the reading after a press, the rack of the player
whose clock now starts (who has had the whole turn to draw, and has not yet begun to lay tiles)
has shown fewer tiles than the rules say it holds. A count is a camera reading like any other,
so the players confirm it before it goes on the record; a count they reject is not asked again
until that rack has been seen with the right number.

Every reading also says what the players' screen shows of each rack (`sight`: the camera's
count, or why it has none: kiosk.rack_watch.racks_seen). It is not journaled: a resumed game shows it again at its
first reading, and a fact written by the rack poll at a step's own time, before the step, broke the replays' resume
after a kill (tests/test_reliability_kill.py).
"""
from __future__ import annotations

from kiosk.app_journal import GameRecord
from kiosk.rack_watch import (RACK_LIMIT, RackQuestion, RackSeen, RackWatch, drawn_face_down, kind_of, mixed_into_rack,
                              racks_seen, zone_of)
from kiosk.rack_watch import step as watch_racks
from kiosk.rules import events as ev
from kiosk.rules.state import GameState
from vision.config import RACK_NAMES
from vision.observation import BoardObservation


class RackQuestions:
    """The question standing (`question`), the racks' recent counts (`watch`), the players
    whose overdraw is being resolved and the questions the players called a miscount."""

    def __init__(self, record: GameRecord):
        self.question: RackQuestion | None = None   # awaiting CONFIRM/CANCEL
        self.watch = RackWatch()
        self.overdraw_open: set[int] = set()
        self._dismissed: set[tuple[int, str]] = set()   # (player, kind) the players called a miscount
        self.sight: dict[int, RackSeen] = {}   # each player's rack as the last reading showed it (none yet: absent)
        self._record = record

    def shown(self, obs: BoardObservation | None) -> None:
        """A reading (None: the camera failed) as the screen shows the racks."""
        for zone, seen in racks_seen(obs, [zone_of(p) for p in self.sight]).items():
            player = RACK_NAMES.index(zone) if zone in RACK_NAMES else None
            if player is not None:
                self.sight[player] = seen

    def seen(self, obs: BoardObservation, state: GameState, t: float, waiting: int | None) -> None:
        """A located reading's rack counts; `waiting`: in the reading after a press, the player
        whose clock now starts (the underdraw check), else None."""
        due = {zone_of(p): state.rack_counts[p] for p in (0, 1)}
        self.watch, question = watch_racks(self.watch, obs.rack_counts, obs.rack_blocked, due,
                                           waiting=None if waiting is None else zone_of(waiting),
                                           # DRAW-01: beside the drawing player's rack only (rackscreen)
                                           face_down=drawn_face_down(obs.rack_face_down, state.history))
        for zone, count in ((z, self.watch.stable_count(z)) for z in due):
            player = RACK_NAMES.index(zone)
            if count is None:
                continue
            if count <= RACK_LIMIT:
                self._dismissed.discard((player, "overdraw"))
                if player in self.overdraw_open:
                    self._record.commit(ev.OverdrawResolved(player), t)
            if count >= due[zone]:
                self._dismissed.discard((player, "underdraw"))
        if question is None or question.zone not in RACK_NAMES or (question.player, question.kind) in self._dismissed:
            return
        if question.kind == "overdraw" and question.player not in self.overdraw_open:
            self._ask(question)
        elif question.kind == "underdraw" and self.question is None:
            self._ask(question)

    def _ask(self, question: RackQuestion) -> None:
        """A rack question is journaled before it is shown, so a restart asks it again."""
        if question != self.question:
            self._record.note("rack_question", player=question.player, seen=question.seen, due=question.due,
                              question=question.kind, **({"face_down": question.face_down} if question.face_down
                                                         else {}))
        self.question = question

    def answer(self, confirmed: bool, state: GameState) -> None:
        """CONFIRM: the count goes on the record; CANCEL: a miscount, not asked again for now."""
        question = self.question
        if question is None:
            return
        self.question = None
        if not confirmed:
            self._record.note("rack_question_dismissed", player=question.player, question=question.kind)
            self._dismissed.add((question.player, question.kind))
        elif question.kind == "overdraw":
            # where the camera saw the tiles says which procedure applies (DRAW-03/04, MSA 7.1/7.2a)
            mixed = mixed_into_rack(question.seen - question.face_down, state.rack_counts[question.player],
                                    state.drawn_last[question.player])
            self._record.commit(ev.OverdrawReported(question.player, question.seen, mixed=mixed))
        else:
            self._record.commit(ev.UnderdrawReported(question.player, question.seen))

    def on_event(self, event: object) -> None:
        """A rules event on the record (journaled now or replayed)."""
        if isinstance(event, (ev.OverdrawReported, ev.UnderdrawReported)) and self.question is not None:
            if self.question.player == event.player:
                self.question = None
        if isinstance(event, ev.OverdrawReported):
            self.overdraw_open.add(event.player)
        elif isinstance(event, ev.OverdrawResolved):
            self.overdraw_open.discard(event.player)
        elif isinstance(event, (ev.GameEnded, ev.GameAbandoned)):
            self.question = None

    def replay_note(self, note: dict) -> None:
        """An app record replayed from the journal: a question asked, or dismissed."""
        kind = note.get("kind")
        if kind == "rack_question":
            self.question = RackQuestion(zone_of(int(note["player"])), int(note["seen"]), int(note["due"]),
                                         kind_of(str(note["question"])), int(note.get("face_down", 0)))
        elif kind == "rack_question_dismissed":
            self.question = None
            self._dismissed.add((int(note["player"]), str(note["question"])))
