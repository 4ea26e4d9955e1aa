"""A pressed turn's tiles confirmed by the players before they go on the record: the read taken
(a clear play stands at once; a doubtful one is asked about), the players' correction, the blanks'
letters, a pass or an exchange when nothing changed, and the play put on the record (a play the
rules core refuses goes back to the players). The app holds the turns pressed (`Pending`, oldest
first) and hands the head turn here."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Protocol

from kiosk.app_alerts import AppAlerts
from kiosk.app_journal import GameRecord
from kiosk.rules import events as ev
from kiosk.rules.state import GameState, RuleError
from kiosk.rules.tiles import TileSet
from kiosk.table import Stage
from kiosk.turns import TurnRead, placement_problem
from kiosk.vision_worker import Vision
from vision.observation import BoardObservation

Tiles = tuple[tuple[str, str], ...]   # (square, letter); '?' a blank not yet designated


@dataclass
class Pending:
    """A turn ended by a press whose board has not been accepted yet."""

    player: int
    pressed_at: float
    read: TurnRead | None = None
    waiting_since: float | None = None
    waiting_reason: str = ""
    stage: Stage = Stage.READING
    exchange_count: int = 7
    blank_squares: list[str] = field(default_factory=list)
    blank_offers: tuple[str, ...] = ()
    blank_cursor: int = 0
    designated: dict[str, str] = field(default_factory=dict)
    proposed: Tiles = ()
    corrected: bool = False
    unsettled: BoardObservation | None = None   # the last located reading while waiting for a settled view
    refused: str = ""               # why the rules core refused the proposed play
    take_as_is: bool = False        # the players said the board is clear: take the next located reading


class TurnHost(GameRecord, Protocol):
    """What the prompts need of the app (kiosk.app.KioskApp)."""

    state: GameState
    tileset: TileSet
    vision: Vision
    alerts: AppAlerts
    now: Callable[[], float]

    def board_rows(self) -> tuple[str, ...]: ...

    def after_turn(self, pressed_at: float | None = None) -> None:
        """A turn is on the record: end the game if it ended play, else read the next pressed turn."""


class TurnPrompts:
    """The questions about the head turn, and what they counted: reads a person had to confirm
    or correct, and each turn's latency from the press to its score known."""

    def __init__(self, host: TurnHost):
        self.reads_confirmed = 0
        self.latencies: list[float] = []   # press -> score known, in time_source seconds
        self._host = host

    def take_read(self, head: Pending, read: TurnRead, t: float) -> None:
        """The board read after the press: a clear play stands, anything else is asked about."""
        head.read = read
        if read.kind == "no_change":
            head.stage = Stage.NO_CHANGE
            self._mark_latency(head, t)
        elif read.kind == "play":
            self.propose(head, read.tiles)
        else:
            head.stage, head.proposed = Stage.CONFIRM, read.tiles
            self._mark_latency(head, t)

    def answer(self, head: Pending, button: str) -> None:
        """A button while the head turn's question is on screen."""
        if head.stage == "confirm":
            if button == "confirm" and head.proposed and not placement_problem(self._host.board_rows(), head.proposed):
                self.reads_confirmed += 1
                self._host.note("read_confirmed", player=head.player, tiles=[list(x) for x in head.proposed])
                self.propose(head, head.proposed)
            elif button == "cancel":  # the players fix the tiles, then the kiosk reads again
                head.stage, head.read, head.waiting_since = Stage.READING, None, None
                self._host.vision.request()
        elif head.stage == "no_change":
            if button == "confirm":
                self.choose_pass(head)
            elif button == "cancel":
                head.stage = Stage.EXCHANGE
        elif head.stage == "exchange":
            if button == "pause":
                head.exchange_count = max(1, head.exchange_count - 1)
            elif button == "challenge":
                head.exchange_count = min(7, head.exchange_count + 1)
            elif button == "confirm":
                self.exchange(head, head.exchange_count)
            elif button == "cancel":
                head.stage = Stage.NO_CHANGE
        elif head.stage == "blank":
            n = len(head.blank_offers)
            if button == "pause":
                head.blank_cursor = (head.blank_cursor - 1) % n
            elif button == "challenge":
                head.blank_cursor = (head.blank_cursor + 1) % n
            elif button == "confirm":
                self.designate(head, head.blank_offers[head.blank_cursor])

    def correct(self, head: Pending | None, tiles: list[tuple[str, str]] | Tiles) -> str:
        """The players' correction of the head turn's read: the tiles actually placed.

        Returns '' when accepted, else the reason (shown on screen)."""
        if head is None or head.stage not in ("confirm", "no_change", "blank"):
            return "nothing to correct now"
        tiles = tuple((sq.upper(), letter) for sq, letter in tiles)
        if not tiles:
            head.stage, head.proposed = Stage.NO_CHANGE, ()
            return ""
        problem = placement_problem(self._host.board_rows(), tiles)
        if problem:
            return problem
        was = head.read.tiles if head.read else ()
        self._host.note("read_corrected", player=head.player, read=[list(x) for x in was],
                        corrected=[list(x) for x in tiles])
        self.reads_confirmed += 1
        head.corrected, head.refused = True, ""
        self.propose(head, tiles)
        return head.refused

    def choose_pass(self, head: Pending) -> None:
        if head.stage == "no_change":
            self._host.commit(ev.Passed(head.player))
            self._host.after_turn(head.pressed_at)

    def exchange(self, head: Pending, count: int) -> str:
        """'' when the exchange is on the record, else the rules core's reason (also an alert)."""
        from kiosk.rules import game

        try:
            game.apply(self._host.state, ev.Exchanged(head.player, count))   # checked before anything is journaled
        except RuleError as exc:
            self._host.alerts.raise_alert("Exchange not allowed", exc.rule or "EXCH-02", str(exc))
            head.stage = Stage.NO_CHANGE
            return str(exc)
        self._host.commit(ev.Exchanged(head.player, count))
        self._host.after_turn(head.pressed_at)
        return ""

    def propose(self, head: Pending, tiles: Tiles) -> None:
        """Tiles accepted as read (or corrected): designate blanks, then the play stands."""
        head.proposed = tiles
        blanks = [sq for sq, letter in tiles if letter == "?"]
        if blanks:
            head.stage, head.blank_squares, head.designated = Stage.BLANK, blanks, {}
            self._offer_blank(head)
            if not head.corrected and head.read is not None:
                self._mark_latency(head, self._host.now())
            return
        if not head.corrected and head.read is not None and head.stage == "reading":
            self._mark_latency(head, self._host.now())
        self._commit_play(head, tiles)

    def designate(self, head: Pending, letter: str) -> None:
        """The letter of the blank asked about now; after the last one the play stands."""
        square = head.blank_squares[len(head.designated)]
        head.designated[square] = letter.lower()
        if len(head.designated) < len(head.blank_squares):
            self._offer_blank(head)
            return
        tiles = tuple((sq, head.designated.get(sq, l) if l == "?" else l) for sq, l in head.proposed)
        self._commit_play(head, tiles)

    def _mark_latency(self, head: Pending, t: float) -> None:
        self.latencies.append(t - head.pressed_at)

    def _commit_play(self, head: Pending, tiles: Tiles) -> None:
        """The play stands, unless the rules core refuses it: then the players check it again."""
        try:
            self._host.commit(ev.PlayMade(head.player, tiles))
        except RuleError as exc:
            head.stage, head.proposed, head.designated = Stage.CONFIRM, tiles, {}
            head.refused = str(exc)
            return
        self._host.after_turn(head.pressed_at)

    def _offer_blank(self, head: Pending) -> None:
        # every letter of the set in its alphabet order, whatever the board: putting the letters that make
        # valid words first would be a validity hint (KIOSK-01: the word list only judges a challenge)
        head.blank_offers = self._host.tileset.letters
        head.blank_cursor = 0
