"""The game state and its records: what the event handlers (game.py, mishaps.py) read
and build. Pure data plus the small helpers every handler shares."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from kiosk.rules.board import Board
from kiosk.rules.draws import OverdrawFix
from kiosk.rules.endgame import Result
from kiosk.rules.profiles import Profile
from kiosk.rules.scoring import WordScore
from kiosk.rules.tiles import TileSet

RACK_SIZE = 7
TURN_KINDS = ("play", "pass", "exchange", "lost_challenge")  # records that are a player's turn
END_REASONS = ("out", "six_zero", "director", "overtime_forfeit", "stuck")


class RuleError(Exception):
    """An event the rules do not allow now; `code` is stable, `rule` a SCENARIOS id."""

    def __init__(self, code: str, message: str, rule: str = ""):
        super().__init__(f"{message} ({rule})" if rule else message)
        self.code = code
        self.message = message
        self.rule = rule


@dataclass(frozen=True)
class Alert:
    code: str
    rule: str  # SCENARIOS id
    message: str
    action: str  # what the players (or director) do now
    player: int | None = None


@dataclass(frozen=True)
class Turn:
    """One line of the game record (enough for a GCG exporter)."""

    player: int
    kind: str  # play | pass | exchange | lost_challenge | withdrawn | challenge_bonus | challenge_penalty
    #            | end_rack | time_penalty | overtime_forfeit | correction | spread_penalty
    score: int
    total: int  # the player's running total after this record
    position: str = ""  # plays: "8D" across, "D8" down
    word: str = ""  # plays: the main word as on the board (lower case = blank)
    tiles: tuple[tuple[str, str], ...] = ()  # plays: (square, letter) placed; exchange: () unless known
    words: tuple[WordScore, ...] = ()  # plays: every word with its breakdown, main word first
    bingo: int = 0
    misses_center: bool = False
    count: int = 0  # exchange: tiles exchanged
    exchanged: str | None = None  # exchange: the tiles put back, if known
    rack: str | None = None  # letters held before the turn (end_rack: the rack counted), if known
    challenged: bool = False  # play: a challenge was judged and the play stood
    reason: str = ""  # correction / penalty detail
    notes: tuple[str, ...] = ()
    announced: int | None = None  # plays: the score the player announced, if entered (SCORE-11)
    irregular: str = ""  # plays: the placement fault it stands with (PLACE-06), e.g. "gap"


@dataclass(frozen=True)
class LastPlay:
    """The most recent play: the only one that may be challenged (CHAL-02)."""

    index: int  # its record in history
    player: int
    tiles: tuple[tuple[str, str], ...]
    board_before: Board
    bag_before: int
    racks_before: tuple[int, int]
    designation_locked: bool = False  # the opponent's clock has started (BLANK-01)
    judged: bool = False


@dataclass(frozen=True)
class Challenge:
    challenger: int
    words: tuple[str, ...]  # as listed (upper case); () = every word formed


@dataclass(frozen=True)
class Overdraw:
    player: int
    fix: OverdrawFix


@dataclass(frozen=True)
class Stray:
    """A tile on the board that belongs to no turn (PLACE-10)."""

    player: int  # whose rack it came from
    square: str
    letter: str
    turns_before: int  # turn records in the history when it was entered
    settled: bool = False  # each player has moved since: the board is not corrected


@dataclass(frozen=True)
class GameState:
    players: tuple[str, str]
    first: int
    profile: Profile
    tileset: TileSet
    lexicon: str
    board: Board
    scores: tuple[int, int]
    to_move: int
    bag_count: int
    rack_counts: tuple[int, int]
    racks: tuple[str | None, str | None] = (None, None)  # letters on each rack, when known
    history: tuple[Turn, ...] = ()
    last_play: LastPlay | None = None
    challenge: Challenge | None = None  # made, not yet judged
    hold_by: int | None = None
    zero_turns: int = 0  # consecutive zero-scoring turns of the kinds the profile counts
    wrong_challenges: tuple[int, int] = (0, 0)
    spread_penalties: tuple[int, int] = (0, 0)  # director penalties on spread only (RES-08)
    drawn_last: tuple[int, int] = (0, 0)  # tiles each player drew after his last turn
    overdraws: tuple[Overdraw, ...] = ()
    alerts: tuple[Alert, ...] = ()
    ending: str = ""  # why play is over: out | six_zero | director | stuck | overtime_forfeit
    out_player: int | None = None
    forfeiting: int | None = None
    finished: bool = False  # GameEnded applied: adjustments done
    before_adjustment: tuple[int, int] | None = None
    result: Result | None = None
    preface_notes: tuple[str, ...] = ()
    missing: str = ""  # tiles missing from the set (TILE-01), until found (TILE-07)
    free_challenges: tuple[int, int] = (0, 0)  # granted by the director (CHAL-16)
    blank_offences: tuple[int, int] = (0, 0)  # blanks left undesignated past the press (BLANK-03)
    strays: tuple[Stray, ...] = ()  # tiles on the board that belong to no turn (PLACE-10)
    exchange_pick: int | None = None  # this exchanger waits for the opponent's pick (EXCH-10 b)
    abandoned_by: int | None = None  # left a game that cannot be finished (RES-06)
    signed: bool = False  # the result slip is signed and handed in: no more adjustments (RES-02)
    time_called: int | None = None  # turn records when time was called: one more turn each (TIME-10)

    @property
    def game_over(self) -> bool:
        """No more turns: a player went out (pending the end), six zeros ended it, the
        director ended it, or a player forfeited on time."""
        return bool(self.ending) or self.finished

    @property
    def exchange_allowed(self) -> bool:
        return not self.game_over and self.bag_count >= max(1, self.profile.min_bag_for_exchange)

    @property
    def six_zero_offer(self) -> bool:
        """A player may now end the game on the six-zero rule (SIXZ-02)."""
        return (not self.game_over and self.profile.six_zero_trigger == "invoked"
                and self.zero_turns >= self.profile.six_zero_turns)

    @property
    def challengeable_words(self) -> tuple[str, ...]:
        """Words formed by the last play, if it may still be challenged (CHAL-02)."""
        play = self.last_play
        if play is None or play.judged or self.finished:
            return ()
        return tuple(w.word.upper() for w in self.history[play.index].words)

    def unseen(self) -> Counter[str]:
        """Tiles not on the board (bag + both racks), by tile ('?' for blanks)."""
        return self.tileset.bag() - Counter(self.tileset.tile_of(t) for _, t in self.board.occupied())


# ----- helpers for the event handlers ------------------------------------------------------


def other(player: int) -> int:
    return 1 - player


_T = TypeVar("_T")


def pair(values: tuple[_T, _T], player: int, value: _T) -> tuple[_T, _T]:
    return (value, values[1]) if player == 0 else (values[0], value)


def check_player(player: int) -> None:
    if player not in (0, 1):
        raise RuleError("bad_player", f"player must be 0 or 1, not {player}")


def add_record(state: GameState, turn_player: int, kind: str, score: int, **fields: Any) -> GameState:
    scores = pair(state.scores, turn_player, state.scores[turn_player] + score)
    turn = Turn(turn_player, kind, score, scores[turn_player], **fields)
    return replace(state, scores=scores, history=state.history + (turn,))


def add_alert(state: GameState, alert: Alert) -> GameState:
    return replace(state, alerts=tuple(a for a in state.alerts if a.code != alert.code or a.player != alert.player)
                   + (alert,))


def drop_alert(state: GameState, code: str, player: int | None = None) -> GameState:
    """Clear alerts with this code (for one player, or for anyone when player is None)."""
    kept = tuple(a for a in state.alerts if not (a.code == code and (player is None or a.player == player)))
    return state if len(kept) == len(state.alerts) else replace(state, alerts=kept)


def annotate(state: GameState, index: int, note: str) -> GameState:
    """Add a note to one record of the history."""
    turn = state.history[index]
    return replace(state, history=state.history[:index] + (replace(turn, notes=turn.notes + (note,)),)
                   + state.history[index + 1:])


def add_note(state: GameState, text: str) -> GameState:
    """A note on the latest record (before any record: a note on the whole game)."""
    if not state.history:
        return replace(state, preface_notes=state.preface_notes + (text,))
    return annotate(state, len(state.history) - 1, text)


def require_turn(state: GameState, player: int) -> None:
    check_player(player)
    if state.finished or state.ending:
        raise RuleError("game_over", "the game is over")
    if state.challenge is not None:
        raise RuleError("challenge_pending", "a challenge is waiting for its verdict", "CHAL-11")
    if player != state.to_move:
        raise RuleError("not_your_turn", f"it is {state.players[state.to_move]}'s turn")
    if state.exchange_pick is not None:
        raise RuleError("exchange_pick_open", "the tiles kept after the exchange have not been picked yet", "EXCH-10")


def known_rack(rack: str | None, tileset: TileSet) -> str | None:
    if rack is None or not all(tileset.is_letter(t) and not t.islower() for t in rack):
        return None
    return rack


def both_moved_since(state: GameState, turns_before: int) -> bool:
    """Each player has a turn record after the first `turns_before` turn records."""
    turns = [t for t in state.history if t.kind in TURN_KINDS]
    return {t.player for t in turns[turns_before:]} == {0, 1}


def turn_count(state: GameState) -> int:
    return sum(t.kind in TURN_KINDS for t in state.history)
