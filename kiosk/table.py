"""The table's own decisions, pure and typed: phases, the director's menu, entering the
unplayed tiles' values, who may press, when overtime ends the game.

The rules core (`kiosk.rules`) decides what the game allows; this module decides what the
table does with the buttons, asking the rules core rather than re-deciding. Nothing here
reads a clock, a file or a camera: every function takes the facts it needs and returns
new frozen values, the events to commit and the notes to journal. `kiosk.app.KioskApp`
is the shell that commits them (journal first, then rules state and clock) and draws.

Checked with `mypy --strict`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum

from kiosk.rules import events as ev
from kiosk.rules.profiles import Profile
from kiosk.rules.state import GameState
from kiosk.rules.timing import exceeds_max_overtime

MAX_RACK_VALUE = 150     # far above any seven tiles of any set; the entry stops there
HOLD_STEP = 10           # holding PAUSE / CHALLENGE in the racks' entry: -10 / +10


class Phase(StrEnum):
    """Where the table is. A StrEnum, so the phase is also its name in logs and tests."""
    START = "start"                 # game begun, waiting for the first press
    TURN = "turn"                   # a clock runs (or is paused by a director)
    HOLD = "hold"                   # the opponent holds the last play (CHAL-04)
    CHALLENGE = "challenge"         # the verdict is on screen
    REMOVE_TILES = "remove_tiles"   # a play came off: waiting for the tiles to leave the board
    RACK_ENTRY = "rack_entry"       # play is over: each player enters the unplayed tiles' value
    RESULT = "result"               # the result waits for both players' confirmation
    DONE = "done"                   # confirmed and written


class Stage(StrEnum):
    """Where a pressed turn is: being read, or a question the players answer."""
    READING = "reading"
    CONFIRM = "confirm"
    NO_CHANGE = "no_change"
    EXCHANGE = "exchange"
    BLANK = "blank"


class MenuItem(StrEnum):
    """The director's menu (a long press of PAUSE; or CANCEL while a director has the
    clocks stopped). Labels are what the screen shows."""
    RESUME = "Restart the clocks"
    SIX_ZERO = "End: six zero-score turns"
    DIRECTOR_END = "End the game (director)"
    TIME_CALLED = "Time called: one more turn each"
    CHARGE_DOWNTIME = "Charge the downtime"
    ERASE_PENALTY_1 = "Erase player 1's time penalty"
    ERASE_PENALTY_2 = "Erase player 2's time penalty"
    FORFEIT_1 = "Player 1 forfeits"
    FORFEIT_2 = "Player 2 forfeits"
    NEW_GAME = "New game (keep this one aside)"
    LEAVE_FULLSCREEN = "Leave full screen"
    CLOSE = "Close this menu"


@dataclass(frozen=True)
class Menu:
    items: tuple[MenuItem, ...]
    cursor: int = 0
    confirming: MenuItem | None = None   # an item that ends or abandons the game asks once more

    @property
    def selected(self) -> MenuItem:
        return self.items[self.cursor]


ASK_TWICE = (MenuItem.DIRECTOR_END, MenuItem.FORFEIT_1, MenuItem.FORFEIT_2, MenuItem.NEW_GAME)


def menu_items(game: GameState, *, clocks_running: bool, downtime_chargeable: bool,
               penalties: tuple[int, int], can_leave_fullscreen: bool) -> tuple[MenuItem, ...]:
    """What the director may do now. Six-zero is offered as a neutral control whatever the
    count (the rules core refuses it too early, SIXZ-05); nothing hints that it is available."""
    items: list[MenuItem] = [MenuItem.RESUME] if not clocks_running and not game.game_over else []
    if not game.game_over:
        if game.profile.six_zero_trigger == "invoked":
            items.append(MenuItem.SIX_ZERO)
        items += [MenuItem.DIRECTOR_END, MenuItem.TIME_CALLED]
        if downtime_chargeable:
            items.append(MenuItem.CHARGE_DOWNTIME)
        items += [MenuItem.FORFEIT_1, MenuItem.FORFEIT_2]
    if penalties[0]:
        items.append(MenuItem.ERASE_PENALTY_1)
    if penalties[1]:
        items.append(MenuItem.ERASE_PENALTY_2)
    items.append(MenuItem.NEW_GAME)
    if can_leave_fullscreen:
        items.append(MenuItem.LEAVE_FULLSCREEN)
    items.append(MenuItem.CLOSE)
    return tuple(items)


def step_menu(menu: Menu, button: str) -> tuple[Menu | None, MenuItem | None]:
    """(menu still open or None, the item chosen). PAUSE / CHALLENGE move, CONFIRM chooses
    (twice for an item that ends the game), CANCEL closes (or steps back from 'sure?')."""
    n = len(menu.items)
    if button == "cancel":
        return (replace(menu, confirming=None), None) if menu.confirming is not None else (None, None)
    if menu.confirming is not None:
        if button == "confirm":
            return None, menu.confirming
        return menu, None
    if button == "pause":
        return replace(menu, cursor=(menu.cursor - 1) % n), None
    if button == "challenge":
        return replace(menu, cursor=(menu.cursor + 1) % n), None
    if button == "confirm":
        chosen = menu.selected
        if chosen in ASK_TWICE:
            return replace(menu, confirming=chosen), None
        if chosen is MenuItem.CLOSE:
            return None, None
        return None, chosen
    return menu, None


# ----- the end of play: unplayed tiles ------------------------------------------------------

@dataclass(frozen=True)
class RackEntry:
    """Entering each player's unplayed tiles' value (SIXZ-04, END-03, END-05)."""
    reason: str                                   # the GameEnded reason: six_zero | director
    at: float                                     # the clocks stopped here
    players: tuple[int, ...]                      # who still holds tiles, in entry order
    values: tuple[int | None, int | None] = (None, None)
    index: int = 0                                # into players: whose value is being entered
    value: int = 0                                # the value on screen now

    @property
    def player(self) -> int:
        return self.players[self.index]


def needs_rack_entry(game: GameState) -> tuple[int, ...]:
    """Players whose rack value the kiosk must be told: play ended without anyone going
    out and that player still holds tiles. (With one player out, the rules core knows
    the other rack from the board and the set, END-07.)"""
    if game.ending in ("", "out", "overtime_forfeit", "abandoned"):
        return ()
    return tuple(p for p in (0, 1) if game.rack_counts[p] > 0)


def start_rack_entry(game: GameState, reason: str, at: float) -> RackEntry | None:
    players = needs_rack_entry(replace(game, ending=game.ending or reason))
    return RackEntry(reason, at, players) if players else None


def step_rack_entry(entry: RackEntry, button: str, kind: str = "press") -> tuple[RackEntry, bool]:
    """(entry, all entered). PAUSE -1, CHALLENGE +1; held, 10 in all (the press edge
    already counted 1, the long press adds 9). CONFIRM takes the value and goes to the next
    player, CANCEL goes back one player."""
    step = HOLD_STEP - 1 if kind == "long_press" else 1
    if button == "pause":
        return replace(entry, value=max(0, entry.value - step)), False
    if button == "challenge":
        return replace(entry, value=min(MAX_RACK_VALUE, entry.value + step)), False
    if kind != "press":
        return entry, False
    if button == "confirm":
        values = list(entry.values)
        values[entry.player] = entry.value
        done = entry.index + 1 >= len(entry.players)
        nxt = entry.index if done else entry.index + 1
        return replace(entry, values=(values[0], values[1]), index=nxt, value=0), done
    if button == "cancel" and entry.index > 0:
        back = entry.index - 1
        previous = entry.values[entry.players[back]]
        return replace(entry, index=back, value=previous or 0), False
    return entry, False


def rack_end_events(entry: RackEntry) -> list[ev.Event]:
    """The end with the entered values: GameEnded, then each player's own tiles off his
    score (one record with the time penalties, so no cut leaves half of it)."""
    events: list[ev.Event] = [ev.GameEnded(entry.reason)]
    for player in (0, 1):
        value = entry.values[player]
        if value:
            events.append(ev.Correction(player, -value, f"unplayed tiles worth {value} (SIXZ-04, END-03)", "players"))
    return events


# ----- presses and time --------------------------------------------------------------------

def press_counts(phase: Phase, *, player: int, first: int, running: int | None,
                 reading_player: int | None) -> bool:
    """Whether a clock button press is a clock press, decided in this one place:
    before the game the second player starts the first player's clock (FIRST-03); then
    only the running side's press counts, and not a second press for a turn still read."""
    if phase is Phase.START:
        return player != first
    if phase is not Phase.TURN:
        return False
    return running == player and reading_player != player


def overtime_forfeit(profile: Profile, overtime_s: tuple[int, int]) -> int | None:
    """The player past the profile's maximum overtime (TIME-05), if any: decided here and
    in the rules' timing module only."""
    if profile.max_overtime_s is None:
        return None
    for player in (0, 1):
        if exceeds_max_overtime(overtime_s[player], profile.max_overtime_s):
            return player
    return None


def restart_phase(game: GameState, director_end_at: float | None) -> tuple[Phase, RackEntry | None] | None:
    """On a restart, the phase the journal implies when play is over but the game has not
    ended: a going-out play is completed at once (None here: the shell ends it), a
    six-zero or director ending comes back to entering the racks."""
    if game.finished:
        return None
    reason = game.ending or ("director" if director_end_at is not None else "")
    if not reason:
        return None
    entry = start_rack_entry(game, reason, director_end_at or 0.0)
    if entry is None:
        return None
    return Phase.RACK_ENTRY, entry


# ----- the start screen: the players' names --------------------------------------------------

@dataclass(frozen=True)
class NamePicker:
    """Choosing both players' names from the club's roster (game.roster) with the buttons:
    PAUSE / CHALLENGE move, CONFIRM chooses (player 1, then player 2), CANCEL steps back
    (from player 2 to player 1; from player 1 it closes and keeps the names as they were)."""
    roster: tuple[str, ...]
    slot: int = 0                          # whose name is being chosen: 0 or 1
    cursor: int = 0
    chosen: tuple[str, ...] = ()           # the names chosen so far (player 1's first)

    @property
    def choices(self) -> tuple[str, ...]:
        """The names offered now: player 2 cannot take player 1's name."""
        return tuple(name for name in self.roster if name not in self.chosen)

    @property
    def selected(self) -> str:
        return self.choices[self.cursor]


def open_name_picker(roster: tuple[str, ...], current: tuple[str, str]) -> NamePicker | None:
    """The picker on player 1's current name when it is on the roster; None without a roster
    of two names at least."""
    if len(roster) < 2:
        return None
    return NamePicker(roster, cursor=roster.index(current[0]) if current[0] in roster else 0)


def step_names(picker: NamePicker, button: str) -> tuple[NamePicker | None, tuple[str, str] | None]:
    """(picker still open or None, both names once chosen)."""
    n = len(picker.choices)
    if button == "pause":
        return replace(picker, cursor=(picker.cursor - 1) % n), None
    if button == "challenge":
        return replace(picker, cursor=(picker.cursor + 1) % n), None
    if button == "cancel":
        if picker.slot == 0:
            return None, None
        back = picker.chosen[0]
        return NamePicker(picker.roster, 0, picker.roster.index(back)), None
    if button == "confirm":
        chosen = picker.chosen + (picker.selected,)
        if len(chosen) == 2:
            return None, (chosen[0], chosen[1])
        return replace(picker, slot=1, cursor=0, chosen=chosen), None
    return picker, None


@dataclass(frozen=True)
class NameRead:
    """Two names the camera read from tiles laid out on the empty board: the first word is
    player 1's. `doubtful`: some letter was read with low confidence (or not at all); the
    players check the names before CONFIRM takes them, as they do with any read."""
    names: tuple[str, str]
    doubtful: bool


NAME_GAP = ("?", ".")       # a blank tile (scrabscrap's custom) or an empty square between the names


def names_from_board(cells: tuple[tuple[str, float], ...], min_confidence: float) -> NameRead | None:
    """The two names laid out in one line of tiles (a row, or a column read downwards), the
    names separated by a blank tile or an empty square, e.g. `ANKE?STEFAN`. `cells` are the
    225 squares row-major as (char, confidence): '.' empty, '?' blank, '#' unreadable, else
    a letter. None unless every tile on the board is in one line that splits into exactly
    two words (a game position, a stray tile, three words: no names)."""
    size = 15
    if len(cells) != size * size:
        return None
    occupied = [i for i, (char, _) in enumerate(cells) if char != "."]
    if len(occupied) < 3:
        return None
    rows = {i // size for i in occupied}
    cols = {i % size for i in occupied}
    if len(rows) == 1:
        line = [cells[next(iter(rows)) * size + c] for c in range(size)]
    elif len(cols) == 1:
        line = [cells[r * size + next(iter(cols))] for r in range(size)]
    else:
        return None
    words = [w for w in re.split(r"[?.]+", "".join(char for char, _ in line)) if w]
    if len(words) != 2:
        return None
    doubtful = any(char == "#" or conf < min_confidence for char, conf in line if char != ".")
    names = tuple(_name_case(w.replace("#", "_")) for w in words)
    return NameRead((names[0], names[1]), doubtful)


def _name_case(word: str) -> str:
    return word[:1].upper() + word[1:].lower()


# ----- time penalties, the verdict ---------------------------------------------------------

ERASED = "time penalty erased"   # the reason of a director's correction that erases a time penalty


def standing_time_penalties(game: GameState) -> tuple[int, int]:
    """Each player's time-penalty points still standing (penalties less what a director
    erased): what the menu offers to erase, and how much an erasure gives back."""
    points = [0, 0]
    for turn in game.history:
        if turn.kind == "time_penalty" or (turn.kind == "correction" and ERASED in turn.reason):
            points[turn.player] -= turn.score
    return max(0, points[0]), max(0, points[1])


def verdict_consequence(game: GameState, profile: Profile, acceptable: bool, names: tuple[str, str]) -> str:
    """What a challenge's verdict means for the last play, in words for the screen."""
    last = game.history[-1] if game.history else None
    if last is None:
        return ""
    if not acceptable:
        return f"The play comes off: {names[last.player]} scores 0 for the turn"
    if profile.challenge == "double":
        return f"The play stands: {names[1 - last.player]} loses the turn"
    return "The play stands"


# ----- a settled view of the board ---------------------------------------------------------

TIME_EPSILON = 1e-6   # times are float sums (0.1 + 0.2): a span this much short of the setting is the setting

@dataclass(frozen=True)
class Settle:
    """How long the board has looked the same, from the readings in order.

    `since`: when the first of the current run of agreeing readings was taken (the frame's
    time), None while the last reading was no clear view (board not found, hand over it).
    The reader says whether a reading agrees with its previous one (`stable`: the same
    text, nothing over the board, the board not moved); the kiosk keeps reading while a
    clock runs (with a cheap check that skips frames nothing changed in, see
    kiosk.vision_worker), so a run can begin well before a press. Any reading that
    differs begins a new run, so a reading taken before the last change never confirms.
    """
    since: float | None = None
    last_at: float | None = None      # when the last reading was taken (its frame's time)


def settle_step(settle: Settle, *, clear: bool, agrees: bool, taken_at: float) -> Settle:
    """The settle state after one reading. `clear`: the board was found with nothing over
    it; `agrees`: the reader found it the same as its previous reading (obs.stable).
    A reading that agrees with a previous reading this state has not seen (a reader that
    says so from the first reading: test doubles) is settled since that unknown reading:
    from the start of time."""
    if not clear:
        return Settle(None, taken_at)
    if not agrees:
        return Settle(taken_at, taken_at)
    if settle.since is not None:
        return Settle(settle.since, taken_at)
    if settle.last_at is None:
        return Settle(float("-inf"), taken_at)
    return Settle(taken_at, taken_at)   # agrees with an unclear reading's text: a new run


def settled(since: float | None, *, taken_at: float, not_before: float, min_span_s: float) -> bool:
    """A reading taken at `taken_at`, at or after `not_before` (the press), whose run of
    agreeing readings began at `since` (Settle.since after it), confirms the view when the
    board has looked the same for at least `min_span_s` up to it: the safety setting
    AppSettings.reading_poll_s, so tiles still moving or a hand just lifted are never taken
    from two frames a moment apart."""
    return since is not None and taken_at >= not_before and taken_at - since >= min_span_s - TIME_EPSILON


def next_settle_read(since: float | None, *, now: float, min_span_s: float) -> float:
    """When to read again to confirm the view: as soon as the current run can have lasted
    `min_span_s` (no earlier than now); with no clear view, `min_span_s` from now."""
    if since is None:
        return now + min_span_s
    return max(now, since + min_span_s)
