"""What the screen shows, as plain frozen data: the app fills a ScreenModel, the renderer draws it.

No game logic and no pygame here. Every field has a default, so the app sets only what a
screen needs, e.g.::

    ScreenModel(screen="game", players=(PlayerView("Ann", 120, ClockView("24:59", running=True)),
                                        PlayerView("Bob", 98)), to_move=0, bag_count=71)

What may never be put here (SCENARIOS.md KIOSK-01/05): rack letters, the bag's contents,
unseen-tile lists, or which word of a play was judged invalid. There are deliberately no
fields for them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from vision.observation import RackUnknown

Screen = Literal[
    "start",             # names, profile, lexicon, who goes first
    "game",              # the normal table view: clocks, scores, board, last play
    "confirm_read",      # doubtful board read: players confirm or correct
    "blank_prompt",      # a blank was seen: choose its letter
    "challenge",         # hold timer running, or the challenge being adjudicated
    "verdict",           # ACCEPTABLE / UNACCEPTABLE for the play as a whole
    "alert",             # an irregularity with its rule and what to do
    "waiting",           # waiting for a clear view, camera lost, tiles to be removed
    "result",            # end of game: adjustments, penalties, winner; both confirm
    "recovered",         # journal recovered after a power cut
    "confirm_new_game",  # "start a new game?" with the buttons that answer it
    "error",             # a bad config file: one line naming file, line and field
    "journal_problem",   # the unfinished game's journal has a line that cannot be replayed: a director chooses
    "menu",              # the director's menu: a list, one item selected
    "rack_entry",        # play is over: each player enters the value of the tiles left on the rack
    "rack_setup",        # the racks the camera found at the start, outlined on its picture, for CONFIRM (kiosk.rack_setup)
]
SCREENS: tuple[str, ...] = Screen.__args__  # type: ignore[attr-defined]

BOARD_SIZE = 15
EMPTY_BOARD: tuple[str, ...] = ("." * BOARD_SIZE,) * BOARD_SIZE

Square = tuple[int, int]  # (row, col), 0-based, (7, 7) is H8


@dataclass(frozen=True)
class ClockView:
    text: str = "25:00"       # as the app formats it: "24:59", "-0:01"
    running: bool = False
    overtime: bool = False    # the player is past zero (drawn in the overtime colour)


@dataclass(frozen=True)
class PlayerView:
    name: str = "Player"
    score: int = 0
    clock: ClockView = field(default_factory=ClockView)
    rack_tiles: int | None = None             # tiles the camera counts on the player's rack (a count, never letters)
    rack_unknown: RackUnknown | None = None   # ... or why it has none; both None: no rack line (racks not watched)


def _default_players() -> tuple[PlayerView, PlayerView]:
    return (PlayerView("Player 1"), PlayerView("Player 2"))


@dataclass(frozen=True)
class BoardView:
    rows: tuple[str, ...] = EMPTY_BOARD            # board text format; '?' unknown blank, lowercase designated blank
    highlight: frozenset[Square] = frozenset()     # the last play's squares
    doubtful: frozenset[Square] = frozenset()      # cells the camera could not read with confidence

    def __post_init__(self) -> None:
        if len(self.rows) != BOARD_SIZE or any(len(r) != BOARD_SIZE for r in self.rows):
            raise ValueError(f"BoardView.rows: need {BOARD_SIZE} strings of {BOARD_SIZE} characters")


@dataclass(frozen=True)
class LetterPremium:
    letter: str        # as on the board ("q" would be a blank, but blanks score 0 so never appear)
    multiplier: int    # 2 = double letter, 3 = triple letter


@dataclass(frozen=True)
class WordBreakdown:
    word: str
    score: int
    letter_sum: int = 0                                   # letters with letter premiums applied
    word_multiplier: int = 1                              # 2, 3, 4 (two doubles), 9 ...
    letter_premiums: tuple[LetterPremium, ...] = ()


@dataclass(frozen=True)
class LastPlay:
    player: str = ""
    position: str = ""                      # GCG style: "8D" across, "D8" down
    main_word: str = ""
    words: tuple[WordBreakdown, ...] = ()
    bingo_bonus: int = 0                    # 0 when not a bingo
    total: int = 0
    kind: Literal["play", "pass", "exchange", "challenged_off", "lost_challenge"] = "play"
    # challenged_off: the play (position, main_word) was taken off, the turn scores 0;
    # lost_challenge: `player` challenged and lost (total: points lost, or 0 = lost the turn)
    exchanged: int = 0                      # how many tiles, for kind == "exchange" (never which)

    @property
    def bingo(self) -> bool:
        return self.bingo_bonus > 0


@dataclass(frozen=True)
class ButtonHint:
    button: str    # as printed on the hardware: "CONFIRM", "CANCEL", "P1", "P2", "PAUSE", "CHALLENGE"
    meaning: str   # "accept", "correct"


@dataclass(frozen=True)
class Prompt:
    question: str
    buttons: tuple[ButtonHint, ...] = ()


@dataclass(frozen=True)
class Alert:
    title: str                 # "Overdraw"
    rule: str = ""             # rule id as in SCENARIOS.md: "DRAW-05"
    action: str = ""           # what to do, exactly: "Bob draws 2 of Ann's new tiles at random, ..."
    player: str = ""           # whom it concerns, if anyone
    explanation: str = ""      # what happened, as the rules core says it: "Ann has 8 tiles on the rack"


@dataclass(frozen=True)
class BlankPrompt:
    square: str = ""                         # "H8"
    letters: tuple[str, ...] = ()            # offered in this order (the app decides the order)
    selected: int = 0                        # index into letters of the cursor


@dataclass(frozen=True)
class ChallengeView:
    phase: Literal["hold", "adjudicating"] = "hold"
    hold_text: str = ""           # hold timer as text, "0:12"
    by: str = ""                  # the player who held / challenged


@dataclass(frozen=True)
class Verdict:
    acceptable: bool
    play_by: str = ""             # whose play was challenged
    consequence: str = ""         # the profile's consequence, e.g. "Play comes off; Ann loses the turn"


@dataclass(frozen=True)
class Waiting:
    reason: str                   # "Hand over the board — waiting for a clear view", "Camera lost"
    detail: str = ""              # what the players can do
    elapsed: str = ""             # how long it has been waiting, "0:04"


@dataclass(frozen=True)
class ResultLine:
    name: str
    score_before: int             # score after the last play
    rack_adjustment: int = 0      # + tiles gained from the opponent's rack, - own tiles left
    time_penalty: int = 0         # points lost for overtime (a positive number)
    final: int = 0
    confirmed: bool = False       # this player has pressed to confirm the result


@dataclass(frozen=True)
class Result:
    lines: tuple[ResultLine, ...] = ()
    winner: str | None = None     # None: a tie
    end_reason: str = ""          # "Ann went out", "Six zero-score turns", "Director ended the game"
    unsaved: str = ""             # why the finished game is not on the card yet and what to do ("": saved)


@dataclass(frozen=True)
class Recovered:
    time_lost: str = ""                   # "0:42" of clock time the kiosk could not account for
    events_recovered: int = 0
    damage: tuple[str, ...] = ()          # e.g. "last line of the journal was torn and dropped"


@dataclass(frozen=True)
class StartSetup:
    profile: str = "naspa"
    lexicon: str = ""
    first_player: int = 0                 # index into ScreenModel.players
    editing: str = ""                     # field the buttons change now: "player1", "player2", "profile",
                                          # "lexicon"; "" for none
    choosing: int | None = None           # whose name is chosen from the club's list now (0 / 1), if any
    choices: tuple[str, ...] = ()         # the names offered (the roster, less the name already chosen)
    cursor: int = 0                       # into choices
    chosen: tuple[str, ...] = ()          # the names already chosen (player 1's, while player 2 chooses)
    names_read: tuple[str, ...] = ()      # two names read from tiles on the board, offered for CONFIRM
    names_doubtful: bool = False          # some of those letters were hard to read


@dataclass(frozen=True)
class MenuView:
    items: tuple[str, ...] = ()
    selected: int = 0
    confirming: str = ""                  # "End the game (director)": asked once more before it is done


@dataclass(frozen=True)
class RackEntryView:
    name: str = ""                        # whose value is entered now
    value: int = 0
    entered: tuple[str, ...] = ()         # "Ann: 12" for values already entered
    reason: str = ""                      # "Six zero-score turns", "Ended by the director"


# --- the rack setup's screen (helper "rackscreen": kiosk/rack_setup.py, kiosk/display/rack_setup.py) ---

@dataclass(frozen=True)
class RackMark:
    label: str = ""                       # "Ann's rack"
    zone: tuple[tuple[float, float], ...] = ()   # its zone's corners in the picture, 0..1 of its width / height
    tiles: int = 7                        # tiles the camera saw standing on it (a count, never letters)


@dataclass(frozen=True)
class RackSetupView:
    picture: bytes = b""                  # the camera's view, RGB rows, small (kiosk.rack_setup.PICTURE_WIDTH)
    picture_size: tuple[int, int] = (0, 0)   # (width, height); (0, 0): no picture, the outlines on a plain ground
    board: tuple[tuple[float, float], ...] = ()  # the board's corners, 0..1 as the zones
    racks: tuple[RackMark, ...] = ()
    note: str = ""                        # "Bob's rack not found: its tiles are not counted"

# --- end of the rack setup's screen ---


@dataclass(frozen=True)
class Status:
    camera_ok: bool = True
    camera_text: str = "camera ok"
    profile: str = ""                     # shown small: "NASPA · CSW21"
    camera_seen: bool = True              # False: no picture yet (no green dot until the camera answered)


@dataclass(frozen=True)
class ScreenModel:
    screen: Screen = "game"
    players: tuple[PlayerView, PlayerView] = field(default_factory=_default_players)
    to_move: int | None = None            # index of the player whose turn it is
    clocks_neutralized: bool = False      # both clocks stopped (challenge, director call)
    bag_count: int | None = None          # tiles in the bag; None: not known yet (drawn as a dash)
    board: BoardView = field(default_factory=BoardView)
    last_play: LastPlay | None = None
    alerts: tuple[Alert, ...] = ()        # shown as a banner on any screen; full page on "alert"
    prompt: Prompt | None = None          # question + buttons, for confirm_read / confirm_new_game / ...
    blank: BlankPrompt | None = None
    challenge: ChallengeView | None = None
    verdict: Verdict | None = None
    waiting: Waiting | None = None
    result: Result | None = None
    recovered: Recovered | None = None
    start: StartSetup | None = None
    menu: MenuView | None = None
    tiles_left: RackEntryView | None = None   # values only, never letters (KIOSK-05)
    camera_setup: RackSetupView | None = None  # screen "rack_setup": counts and outlines, never letters (KIOSK-05)
    error: str = ""                       # one line, e.g. str(InputError(...)), for screen "error"
    status: Status = field(default_factory=Status)

    def __post_init__(self) -> None:
        if self.screen not in SCREENS:
            raise ValueError(f"ScreenModel.screen: unknown screen {self.screen!r}")
        if len(self.players) != 2:
            raise ValueError("ScreenModel.players: need exactly two players")
        if self.to_move not in (None, 0, 1):
            raise ValueError(f"ScreenModel.to_move: must be 0, 1 or None, not {self.to_move!r}")
