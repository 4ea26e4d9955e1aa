"""One realistic ScreenModel per screen (and a few hard cases), for the PNG tests, the docs
and `python -m kiosk.display.window OUTDIR`. Plain data, as the app would fill it."""
from __future__ import annotations

from dataclasses import replace

from .model import (Alert, BlankPrompt, BoardView, ButtonHint, ChallengeView, ClockView, LastPlay,
                    LetterPremium, MenuView, PlayerView, Prompt, RackEntryView, RackMark, RackSetupView, Recovered,
                    Result, ResultLine, ScreenModel, StartSetup, Status, Verdict, Waiting, WordBreakdown)


def _board(*placed: tuple[int, int, str, bool]) -> tuple[str, ...]:
    """Rows with words placed at (row, col, letters, across)."""
    grid = [["."] * 15 for _ in range(15)]
    for row, col, letters, across in placed:
        for i, ch in enumerate(letters):
            r, c = (row, col + i) if across else (row + i, col)
            grid[r][c] = ch
    return tuple("".join(r) for r in grid)


MID_GAME_BOARD = _board((7, 4, "QUIZ", True), (7, 7, "ZEBRA", False), (10, 7, "RAT", True),
                        (12, 2, "JOKERs", True))
LAST_PLAY_SQUARES = frozenset((12, c) for c in range(2, 8))

PLAYERS = (PlayerView("Ann", 187, ClockView("18:42")),
           PlayerView("Bob", 164, ClockView("16:05", running=True)))

CONFIRM_CANCEL = (ButtonHint("CONFIRM", "accept"), ButtonHint("CANCEL", "correct"))

GAME = ScreenModel(
    screen="game",
    players=PLAYERS,
    to_move=1,
    bag_count=58,
    board=BoardView(MID_GAME_BOARD, highlight=LAST_PLAY_SQUARES),
    last_play=LastPlay(
        player="Ann", position="13C", main_word="JOKERS",
        words=(WordBreakdown("JOKERS", 34, letter_sum=17, word_multiplier=2,
                             letter_premiums=(LetterPremium("R", 2),)),
               WordBreakdown("ZEBRAS", 16, letter_sum=16)),
        total=50),
    status=Status(profile="NASPA · NWL2023"),
)

SCREENS: dict[str, ScreenModel] = {
    "start": ScreenModel(
        screen="start", players=(PlayerView("Ann"), PlayerView("Bob")),
        start=StartSetup(profile="NASPA", lexicon="NWL2023", first_player=0, editing="player1"),
        prompt=Prompt("Change names and rules with the buttons.",
                      (ButtonHint("CONFIRM", "next"), ButtonHint("CANCEL", "back"), ButtonHint("P2", "start"))),
    ),
    "game": GAME,
    "confirm_read": replace(
        GAME, screen="confirm_read",
        board=BoardView(MID_GAME_BOARD, highlight=LAST_PLAY_SQUARES, doubtful=frozenset({(12, 4), (12, 7)})),
        prompt=Prompt("Is the board as shown?", CONFIRM_CANCEL)),
    "blank_prompt": replace(
        GAME, screen="blank_prompt", last_play=None,
        blank=BlankPrompt(square="H13", letters=tuple("SDTRNELAIO"), selected=0),
        prompt=Prompt("Choose with P1/P2, then CONFIRM.",
                      (ButtonHint("P1", "previous"), ButtonHint("P2", "next"), ButtonHint("CONFIRM", "choose")))),
    "challenge": replace(GAME, screen="challenge", challenge=ChallengeView("hold", "0:12", by="Bob")),
    "adjudicating": replace(GAME, screen="challenge", clocks_neutralized=True,
                            challenge=ChallengeView("adjudicating", by="Bob")),
    "verdict_acceptable": replace(
        GAME, screen="verdict", clocks_neutralized=True,
        verdict=Verdict(True, play_by="Ann", consequence="The play stands. Bob loses the turn.")),
    "verdict_unacceptable": replace(
        GAME, screen="verdict", clocks_neutralized=True,
        verdict=Verdict(False, play_by="Ann", consequence="Ann takes the tiles back and scores 0.")),
    "alert": replace(
        GAME, screen="alert",
        alerts=(Alert("Overdraw", "DRAW-05",
                      "Ann's rack shows 9 tiles. Bob draws 2 of Ann's new tiles at random, shows them, "
                      "and returns 1 to the bag; the other goes back to Ann's rack.", player="Ann"),),
        prompt=Prompt("", (ButtonHint("CONFIRM", "done"),))),
    "game_with_alert": replace(
        GAME, alerts=(Alert("Exchange not allowed", "EXCH-02", "Fewer than 7 tiles in the bag."),
                      Alert("Overtime", "TIME-04", "Ann is in overtime."))),
    "waiting": replace(
        GAME, screen="waiting",
        waiting=Waiting("Hand over the board — waiting for a clear view",
                        "Take your hands off the board; the clock is already running.", elapsed="0:03")),
    "camera_lost": replace(
        GAME, screen="waiting", status=Status(camera_ok=False, camera_text="CAMERA PROBLEM: no frames for 5 s"),
        waiting=Waiting("Camera lost", "The clocks keep running. Check the camera cable; "
                                       "the game goes on once the camera sees the board.")),
    "result": ScreenModel(
        screen="result",
        players=(PlayerView("Ann", 402), PlayerView("Bob", 377)),
        result=Result(lines=(ResultLine("Ann", 392, rack_adjustment=+12, time_penalty=0, final=404, confirmed=True),
                             ResultLine("Bob", 377, rack_adjustment=-6, time_penalty=10, final=361)),
                      winner="Ann", end_reason="Ann went out"),
        prompt=Prompt("Both players confirm the result.", (ButtonHint("P1", "Ann confirms"),
                                                            ButtonHint("P2", "Bob confirms")))),
    "recovered": ScreenModel(
        screen="recovered", players=PLAYERS,
        recovered=Recovered(time_lost="0:42", events_recovered=57,
                            damage=("The last line of the journal was cut off and was dropped.",
                                    "The last play (Bob, 4 tiles) must be pressed again.")),
        prompt=Prompt("The time lost is on neither clock. A director may charge it: PAUSE, then CONFIRM")),
    "menu": replace(
        GAME, screen="menu", clocks_neutralized=True,
        menu=MenuView(("Restart the clocks", "End: six zero-score turns", "End the game (director)",
                       "Time called: one more turn each", "Ann forfeits", "Bob forfeits",
                       "New game (keep this one aside)", "Leave full screen", "Close this menu"), 2),
        prompt=Prompt("", (ButtonHint("PAUSE", "up"), ButtonHint("CHALLENGE", "down"), ButtonHint("CONFIRM", "choose"),
                           ButtonHint("CANCEL", "close")))),
    "rack_entry": replace(
        GAME, screen="rack_entry", tiles_left=RackEntryView("Bob", 11, ("Ann: 14",), "six zero-score turns"),
        prompt=Prompt("Count the tiles left on the rack; each player's own value comes off their score",
                      (ButtonHint("PAUSE", "-1 (hold -10)"), ButtonHint("CHALLENGE", "+1 (hold +10)"),
                       ButtonHint("CONFIRM", "done")))),
    "confirm_new_game": replace(
        GAME, screen="confirm_new_game",
        prompt=Prompt("End this game and start a new one? The record of this game is kept.",
                      (ButtonHint("CONFIRM", "new game"), ButtonHint("CANCEL", "keep playing")))),
    "rack_setup": replace(
        GAME, screen="rack_setup",
        camera_setup=RackSetupView(board=((0.2, 0.12), (0.8, 0.12), (0.8, 0.72), (0.2, 0.72)),
                                 racks=(RackMark("Ann's rack", ((0.3, 0.8), (0.7, 0.8), (0.7, 0.9), (0.3, 0.9))),),
                                 note="Bob's rack not found: its tiles are not counted"),
        prompt=Prompt("Is each rack outlined, with its seven tiles?",
                      (ButtonHint("CONFIRM", "count these racks"),
                       ButtonHint("CANCEL", "do not count them")))),
    "error": ScreenModel(
        screen="error",
        error="/etc/scrabble-kiosk/pins.toml:12: buttons.p1: pin 41 is not a GPIO pin (use 2-27)",
        status=Status(camera_ok=False, camera_text="camera not started")),
    "journal_problem": ScreenModel(
        screen="journal_problem",
        error="20261122-074021.open.jsonl:14: event.type: unknown event type 'play_undone' "
              "(written by a newer kiosk, or damaged)",
        prompt=Prompt("Director: CONFIRM keeps line 14 and the 3 records after it aside in a .damaged file and "
                      "resumes the game from the 12 records before it. CANCEL keeps the whole game aside "
                      "(.abandoned.jsonl) and starts a new game.",
                      (ButtonHint("CONFIRM", "set line 14 aside"), ButtonHint("CANCEL", "new game"))),
        status=Status(camera_ok=False, camera_text="game not resumed")),
}

# Hard cases: long names, overtime, 0 tiles, German letters, a full board.
_FULL_BOARD = tuple(("ÄÖÜQZXsWäyKJ?VB" * 2)[i:i + 15] for i in range(15))

HARD_CASES: dict[str, ScreenModel] = {
    "overtime": replace(GAME, players=(PlayerView("Ann", 187, ClockView("-0:01", running=True, overtime=True)),
                                       PlayerView("Bob", 164, ClockView("0:00"))), to_move=0),
    "rack_not_counted": replace(GAME, players=(   # the players' rack lines (issue 18): a count, and why none
        PlayerView("Ann", 187, ClockView("18:20"), rack_tiles=7),
        PlayerView("Bob", 164, ClockView("21:05", running=True), rack_unknown="not_learnt"))),
    "long_names_german": replace(
        GAME,
        players=(PlayerView("Maximiliane Schönheitsköniginnen-Überbrückerstraße", 1234, ClockView("-10:59", overtime=True)),
                 PlayerView("Ölgemälde Ärztekammerpräsidentenwahl", 0, ClockView("25:00", running=True))),
        bag_count=0,
        last_play=LastPlay(player="Maximiliane Schönheitsköniginnen-Überbrückerstraße", position="H1",
                           main_word="ÜBERMÄSSIGKEITEN",
                           words=tuple(WordBreakdown(w, 12, 6, 2, (LetterPremium("Ä", 3),))
                                       for w in ("ÜBERMÄSSIGKEITEN", "ÖL", "ÄH", "ÜBE", "ÖDE", "ÄRA", "ÖFEN", "ÜBT",
                                                 "ÄSEN", "ÖSEN")),
                           bingo_bonus=50, total=230),
        status=Status(profile="Scrabble Deutschland · " + "sehr langer Profilname " * 4)),
    "full_board": replace(GAME, board=BoardView(_FULL_BOARD, highlight=frozenset((0, c) for c in range(15)),
                                                doubtful=frozenset({(14, 14), (0, 0)}))),
    "empty_defaults": ScreenModel(),
}

SAMPLES: dict[str, ScreenModel] = {**SCREENS, **HARD_CASES}
