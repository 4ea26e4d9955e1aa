"""Replay GCG event lines on a board: resolve each play's tiles, check the record is a
possible game, and compute every score and running total independently of the record.

What is checked (each failure an InputError naming the line): plays fit the board
(through the rules core's placement checks), played and exchanged tiles come from the
recorded rack, racks are drawable from the tile set, turns alternate, withdrawals and
challenge bonuses follow a play by the same player, nothing is played after the game
ended, time penalties come after the end, a six-zero ending lists both racks.

Time penalties (TIME-04, TIME-05): at most one per player, after every end-of-game rack
line, and no larger than the profile allows (its points a minute over its maximum overtime,
or its forfeit deduction).

Problems that leave the board as it is (a rack not drawable, tiles not in the rack, a time
penalty out of place) are collected and the replay goes on, so that every one is reported;
a move that cannot be put on the board stops it (the moves after it are not checked).

Racks are checked leniently against the whole tile set, not against the unseen pool:
annotators often write placeholder racks for the opponent (e.g. EEEEEEE).

Computed scores: plays through `scoring.score_play`; a withdrawal takes back the
computed play score; out-play points are twice the value of the tiles not on the board
(once, in old records that also deduct it from the opponent); a rack penalty is minus
the value of the tiles listed; challenge bonuses and time penalties are inputs.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from kiosk.errors import InputError
from kiosk.rules.board import COLUMNS, EMPTY, SIZE, Board, position_name, square_name
from kiosk.rules.gcg_syntax import POSITION_RE, GcgLine, raise_problems
from kiosk.rules.placement import PlacementError
from kiosk.rules.profiles import Profile
from kiosk.rules.scoring import score_play
from kiosk.rules.tiles import TileSet

RACK_SIZE = 7
TURN_ACTIONS = ("play", "pass", "exchange")


@dataclass(frozen=True)
class ReplayedLine:
    line: GcgLine
    computed_score: int
    computed_total: int
    position: str = ""  # plays: normalised, e.g. '8D'
    word: str = ""  # plays: normalised, '.' for a tile already on the board
    placed: tuple[tuple[str, str], ...] = ()  # plays: (square, letter) put down this turn
    ends_game: str = ""  # 'out' when this play empties the rack with the bag empty
    after_out: bool = False  # a pass after the opponent went out: a lost (double) challenge


@dataclass
class _Play:
    index: int  # into the replayed list
    player: int
    rack: str
    board_before: Board
    counts_before: tuple[int, int, int]  # bag, rack 0, rack 1
    withdrawn: bool = False


def max_time_penalty(profile: Profile) -> int | None:
    """The most a time penalty can take off under a profile, or None when it sets no
    maximum overtime: its points a minute over the whole maximum overtime (a minute or
    part of one), or its forfeit deduction, whichever is more (TIME-03, TIME-05)."""
    if profile.max_overtime_s is None:
        return None
    minutes = -(-profile.max_overtime_s // 60)
    return max(profile.points_per_minute * minutes, profile.max_overtime_deduction)


class _Replay:
    def __init__(self, source: str, tileset: TileSet, time_limit: int | None = None):
        self.source = source
        self.tileset = tileset
        self.board = Board.empty()
        self.bag = tileset.size - 2 * RACK_SIZE
        self.rack_counts = [RACK_SIZE, RACK_SIZE]
        self.totals = [0, 0]
        self.out: int | None = None  # player who went out
        self.ended = False  # an end-of-game line was seen
        self.last_turn: tuple[int, str] | None = None  # (player, action) of the last turn line
        self.last_play: _Play | None = None
        self.pass_after_out = False
        self.replayed: list[ReplayedLine] = []
        self.problems: list[InputError] = []  # those that leave the board as it is (module doc)
        self.time_limit = time_limit
        self.time_lines: dict[int, int] = {}  # player -> line of their time penalty

    def error(self, line: GcgLine, message: str, field: str | None = None) -> InputError:
        return InputError(self.source, message, line.number, field)

    # --- racks ---------------------------------------------------------------
    def check_drawable(self, line: GcgLine, rack: str, what: str = "rack") -> None:
        wanted = Counter(self.tileset.tile_of(t) for t in rack)
        for tile, n in wanted.items():
            have = self.tileset.counts.get(tile, 0)
            if n > have:
                self.problems.append(self.error(
                    line, f"{self.tileset.to_names(rack)!r} not drawable from the bag: {n} "
                          f"{self.tileset.name_of.get(tile, tile)!r} but the {self.tileset.name} set has {have}", what))
                return

    def check_from_rack(self, line: GcgLine, tiles: list[str], what: str) -> None:
        if not line.rack:
            return
        missing = Counter(tiles) - Counter(line.rack)
        if missing:
            self.problems.append(self.error(line, f"{self.tileset.to_names(''.join(sorted(missing.elements())))!r} "
                                                  f"not in rack {self.tileset.to_names(line.rack)!r}", what))

    # --- turn order ----------------------------------------------------------
    def check_turn(self, line: GcgLine) -> None:
        if self.ended or (self.out is not None and not self.lost_challenge_pass(line)):
            raise self.error(line, "move after the game ended")
        if self.last_turn is not None and self.last_turn[0] == line.player:
            raise self.error(line, "move out of turn: the same player moved last")

    def lost_challenge_pass(self, line: GcgLine) -> bool:
        """After a player goes out, the opponent may lose a turn to an unsuccessful
        (double) challenge, recorded as a pass; it does not reopen the game. One such
        pass is allowed (and remembered)."""
        ok = line.action == "pass" and line.player != self.out and not self.pass_after_out
        self.pass_after_out = self.pass_after_out or ok
        return ok

    # --- actions -------------------------------------------------------------
    def place(self, line: GcgLine) -> ReplayedLine:
        match = POSITION_RE.match(line.position)
        assert match  # the syntax layer only makes plays from positions
        if match.group(1):
            row, col, across = int(match.group(1)) - 1, COLUMNS.find(match.group(2).upper()), True
        else:
            row, col, across = int(match.group(4)) - 1, COLUMNS.find(match.group(3).upper()), False
        if not (0 <= row < SIZE and 0 <= col < SIZE):
            raise self.error(line, f"{line.position!r} is off the board", "position")
        end = (col if across else row) + len(line.word) - 1
        if end >= SIZE:
            raise self.error(line, f"play {line.word} at {line.position} runs off the board", "word")
        placed: list[tuple[str, str]] = []
        word = []
        for i, letter in enumerate(line.word):
            r, c = (row, col + i) if across else (row + i, col)
            on_board = self.board.cells[r][c]
            if letter == ".":
                if on_board == EMPTY:
                    raise self.error(line, f"'.' at {square_name((r, c))} but that square is empty", "word")
                word.append(".")
            elif on_board != EMPTY:  # legacy: the tile already there written out
                if on_board.upper() != letter.upper():
                    raise self.error(line, f"{square_name((r, c))} holds {on_board!r}, not {letter!r}", "word")
                word.append(".")
            else:
                if not self.tileset.is_letter(letter):
                    raise self.error(line, f"{letter!r} is not a tile of the {self.tileset.name} set", "word")
                placed.append((square_name((r, c)), letter))
                word.append(letter)
        self.check_from_rack(line, [self.tileset.tile_of(t) for _, t in placed], "played tiles")
        try:
            score = score_play(self.board, placed, self.tileset)
        except PlacementError as exc:
            raise self.error(line, f"illegal play {line.word} at {line.position}: {exc.message}", "word") from None
        self.last_play = _Play(len(self.replayed), line.player, line.rack, self.board,
                               (self.bag, self.rack_counts[0], self.rack_counts[1]))
        self.board = self.board.place(placed)
        rack_left = self.rack_counts[line.player] - len(placed)
        drawn = min(len(placed), self.bag)
        self.bag -= drawn
        self.rack_counts[line.player] = max(0, rack_left) + drawn
        ends = ""
        if self.bag == 0 and self.rack_counts[line.player] == 0:
            self.out, ends = line.player, "out"
        return self.scored(line, score.total, position=position_name((row, col), across), word="".join(word),
                           placed=tuple(placed), ends_game=ends)

    def withdraw(self, line: GcgLine) -> ReplayedLine:
        play = self.last_play
        if play is None or play.withdrawn or self.last_turn != (play.player, "play"):
            raise self.error(line, "'--' withdrawal but the last move was not a play")
        if play.player != line.player:
            raise self.error(line, "'--' withdrawal by a player who did not make the play")
        if line.rack and play.rack and Counter(line.rack) != Counter(play.rack):
            raise self.error(line, f"{line.rack!r} differs from the withdrawn play's rack {play.rack!r}", "rack")
        play.withdrawn = True
        self.board = play.board_before
        self.bag, *counts = play.counts_before
        self.rack_counts = counts
        self.out = None
        self.pass_after_out = False
        return self.scored(line, -self.replayed[play.index].computed_score)

    def challenge_bonus(self, line: GcgLine) -> ReplayedLine:
        play = self.last_play
        if play is None or play.withdrawn or self.last_turn != (play.player, "play"):
            raise self.error(line, "challenge bonus without a preceding play")
        if play.player != line.player:
            raise self.error(line, "challenge bonus credited to the player who did not make the play")
        return self.scored(line, line.score)

    def end_rack(self, line: GcgLine, old_style: bool) -> ReplayedLine:
        unseen = self.tileset.bag() - Counter(self.tileset.tile_of(t) for _, t in self.board.occupied())
        tiles = Counter(self.tileset.tile_of(t) for t in line.tiles)
        if tiles - unseen:
            raise self.error(line, f"({line.tiles}) is not among the tiles left unseen", "end rack")
        self.ended = True
        if not line.minus:  # out-play bonus for the player who went out
            if self.out is None:
                raise self.error(line, "end-of-game rack points but nobody has gone out")
            if line.player != self.out:
                raise self.error(line, "end-of-game rack points credited to the player who did not go out")
            value = sum(self.tileset.values[t] * n for t, n in unseen.items())
            return self.scored(line, value * (1 if old_style else 2))
        if line.rack and Counter(line.rack) != tiles:
            raise self.error(line, f"{line.rack!r} differs from the penalised tiles ({line.tiles})", "rack")
        return self.scored(line, -self.tileset.rack_value(line.tiles))

    def time_penalty(self, line: GcgLine) -> ReplayedLine:
        if not (self.ended or self.out is not None):
            raise self.error(line, "time penalty before the game ended")
        if line.score > 0:
            raise self.error(line, "a time penalty is a deduction ('-N')", "score")
        who = f"#player{line.player + 1}"
        if line.player in self.time_lines:
            self.problems.append(self.error(
                line, f"a second time penalty for {who} (also on line {self.time_lines[line.player]}): overtime "
                      "is charged once, at the end of the game (TIME-04)", "score"))
        self.time_lines.setdefault(line.player, line.number)
        if self.time_limit is not None and -line.score > self.time_limit:
            self.problems.append(self.error(
                line, f"time penalty {line.score} is more than the profile allows (at most -{self.time_limit}: past "
                      "the maximum overtime the game is forfeited with a fixed deduction, TIME-05)", "score"))
        return self.scored(line, line.score)

    def scored(self, line: GcgLine, score: int, **resolved: Any) -> ReplayedLine:
        self.totals[line.player] += score
        replayed = ReplayedLine(line, score, self.totals[line.player], **resolved)
        self.replayed.append(replayed)
        return replayed

    def run(self, line: GcgLine, old_style: bool) -> None:
        if line.rack:
            self.check_drawable(line, line.rack)
        if line.action in TURN_ACTIONS:
            self.check_turn(line)
        if line.action == "play":
            self.place(line)
        elif line.action == "pass":
            self.scored(line, 0, after_out=self.out is not None)
        elif line.action == "exchange":
            if line.tiles:
                self.check_from_rack(line, list(line.tiles), "exchanged tiles")
            self.scored(line, 0)
        elif line.action == "withdraw":
            self.withdraw(line)
        elif line.action == "challenge":
            self.challenge_bonus(line)
        elif line.action == "end_rack":
            self.end_rack(line, old_style)
        else:
            self.time_penalty(line)
        if line.action in TURN_ACTIONS:
            self.last_turn = (line.player, line.action)


def _old_style_ending(lines: list[GcgLine]) -> bool:
    """Old records score going out as +1x the rack and -1x for the opponent."""
    signs = {(line.player, not line.minus) for line in lines if line.action == "end_rack"}
    return any((p, True) in signs and (1 - p, False) in signs for p in (0, 1))


def replay_lines(lines: list[GcgLine], tileset: TileSet, source: str,
                 final_racks: dict[int, tuple[str, int]] | None = None,
                 time_limit: int | None = None) -> list[ReplayedLine]:
    """Replay event lines in order; InputError (GcgProblems for several) naming every
    line that cannot happen, up to the first move that cannot be replayed at all.
    `time_limit`: the most a time penalty may take (max_time_penalty), None = no limit."""
    replay = _Replay(source, tileset, time_limit)
    old_style = _old_style_ending(lines)
    try:
        for line in lines:
            replay.run(line, old_style)
    except InputError as stop:
        later = [line for line in lines if line.number > (stop.line or 0)]
        if later:
            stop.message += f" (the {len(later)} lines after it were not checked)"
        raise_problems(replay.problems + [stop])
        raise
    last_end = max((line.number for line in lines if line.action == "end_rack"), default=0)
    for player, number in replay.time_lines.items():
        if number < last_end:
            replay.problems.append(InputError(
                source, f"time penalty for #player{player + 1} before the end-of-game rack points (line {last_end}): "
                        "it comes off at the very end (TIME-04)", number, "score"))
    raise_problems(sorted(replay.problems, key=lambda p: p.line or 0))
    penalties = {line.player for line in lines if line.action == "end_rack" and line.minus}
    if penalties and replay.out is None and len(penalties) < 2 and lines:
        missing = 1 - penalties.pop()
        raise InputError(source, f"six-zero ending incomplete: no rack-penalty line for #player{missing + 1}",
                         lines[-1].number)
    for player, (rack, number) in (final_racks or {}).items():
        replay.check_drawable(GcgLine(number, player, rack, "pass", 0, 0), rack, f"#rack{player + 1}")
    raise_problems(replay.problems)
    return replay.replayed
