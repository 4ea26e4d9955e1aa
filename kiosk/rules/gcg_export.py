"""GCG out: the kiosk's events -> a GCG record a club can load into Quackle, Woogles or
cross-tables.

The events are turned into GCG lines (tracking the board for positions and '.'
playthroughs), replayed with `gcg_replay` to compute every score and running total, and
written as UTF-8 with the encoding pragma first. A lost double challenge (judged
acceptable, no bonus) is written as the challenger's pass, a withdrawn phony as '--', the
end of the game as rack lines (twice the opponent's rack for going out; each player's own
rack for a six-zero ending). Clock, hold, overdraw and correction events have no GCG form
and are left out.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from kiosk.rules.board import EMPTY, Board, parse_square, position_name
from kiosk.rules.events import (BlankDesignated, ChallengeBonus, ChallengeJudged, ChallengeMade, Event, Exchanged,
                                GameEnded, GameStarted, Note, Passed, PlayMade, TimePenalty)
from kiosk.rules.gcg_replay import ReplayedLine, replay_lines
from kiosk.rules.gcg_syntax import GcgLine
from kiosk.rules.tiles import TileSet, load_tileset


def _nicks(names: tuple[str, str]) -> tuple[str, str]:
    first, second = (re.sub(r"\s+", "_", n.strip()) or f"player{i + 1}" for i, n in enumerate(names))
    return first, (second + "_2" if second == first else second)


def _play_line(board: Board, number: int, event: PlayMade, designated: dict[str, str]) -> GcgLine:
    placed = {parse_square(sq): designated.get(sq, letter) for sq, letter in event.tiles}
    squares = sorted(placed)
    (r0, c0), (r1, c1) = squares[0], squares[-1]

    def filled(r: int, c: int) -> bool:
        return 0 <= r < 15 and 0 <= c < 15 and ((r, c) in placed or board.cells[r][c] != EMPTY)

    if len(squares) > 1:
        across = r0 == r1
    else:
        across = filled(r0, c0 - 1) or filled(r0, c0 + 1) or not (filled(r0 - 1, c0) or filled(r0 + 1, c0))
    dr, dc = (0, 1) if across else (1, 0)
    r, c = r0, c0
    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    start, word = (r, c), []
    while filled(r, c):
        word.append(placed.get((r, c), "."))
        r, c = r + dr, c + dc
    return GcgLine(number, event.player, event.rack or "", "play", 0, 0, position=position_name(start, across),
                   word="".join(word))


def _unseen(board: Board, tileset: TileSet) -> str:
    left = tileset.bag()
    left.subtract(tileset.tile_of(t) for _, t in board.occupied())
    return "".join(sorted(left.elements()))


class _Lines:
    """Events -> GCG lines (scores left to the replay)."""

    def __init__(self, tileset: TileSet):
        self.tileset = tileset
        self.board = Board.empty()
        self.lines: list[GcgLine] = []
        self.notes: dict[int, list[str]] = {}
        self.last_play: tuple[GcgLine, tuple[str, ...]] | None = None  # line, squares placed

    def add(self, line: GcgLine) -> None:
        self.lines.append(line)

    def play(self, event: PlayMade, designated: dict[str, str]) -> None:
        line = _play_line(self.board, len(self.lines) + 1, event, designated)
        self.add(line)
        self.board = self.board.place((sq, designated.get(sq, letter)) for sq, letter in event.tiles)
        self.last_play = (line, tuple(sq for sq, _ in event.tiles))

    def withdraw(self) -> None:
        if self.last_play is None:
            return
        line, squares = self.last_play
        self.board = self.board.remove(squares)
        self.add(GcgLine(len(self.lines) + 1, line.player, line.rack, "withdraw", 0, 0))
        self.last_play = None

    def ending(self, event: GameEnded) -> None:
        if event.reason == "out":
            racks = event.racks
            out = racks.index("") if "" in racks else (self.last_play[0].player if self.last_play else 0)
            tiles = racks[1 - out] or _unseen(self.board, self.tileset)
            if tiles:
                self.add(GcgLine(len(self.lines) + 1, out, "", "end_rack", 1, 0, tiles=tiles))
        elif event.reason == "six_zero":
            for player, rack in enumerate(event.racks):
                if rack:
                    self.add(GcgLine(len(self.lines) + 1, player, rack, "end_rack", -1, 0, tiles=rack))


def _format(line: ReplayedLine, nicks: tuple[str, str]) -> str:
    g = line.line
    action = {
        "play": f"{line.position} {line.word}",
        "pass": "-",
        "exchange": f"-{g.tiles or g.count}",
        "withdraw": "--",
        "challenge": "(challenge)",
        "end_rack": f"({g.tiles})",
        "time": "(time)",
    }[g.action]
    return f">{nicks[g.player]}: {g.rack} {action} {line.computed_score:+d} {line.computed_total}"


def events_to_gcg(events: Sequence[Event], source: str = "<events>") -> str:
    """A GCG record of the game; InputError (line = event number) if the events do not
    make a possible game."""
    start = next((e for e in events if isinstance(e, GameStarted)), None)
    names = start.players if start else ("Player 1", "Player 2")
    tileset = load_tileset(start.tileset if start else "english")
    designated = {e.square: e.letter.lower() for e in events if isinstance(e, BlankDesignated)}
    out = _Lines(tileset)
    opening_notes: list[str] = []
    challenger_lost_turn: int | None = None
    for index, event in enumerate(events):
        if challenger_lost_turn is not None and not isinstance(event, ChallengeBonus):
            out.add(GcgLine(len(out.lines) + 1, challenger_lost_turn, "", "pass", 0, 0))
        challenger_lost_turn = None
        if isinstance(event, PlayMade):
            out.play(event, designated)
        elif isinstance(event, Passed):
            out.add(GcgLine(len(out.lines) + 1, event.player, event.rack or "", "pass", 0, 0))
        elif isinstance(event, Exchanged):
            out.add(GcgLine(len(out.lines) + 1, event.player, event.rack or "", "exchange", 0, 0,
                            tiles=event.tiles or "", count=event.count))
        elif isinstance(event, ChallengeJudged):
            challenge = next((e for e in reversed(events[:index]) if isinstance(e, ChallengeMade)), None)
            if not event.acceptable:
                out.withdraw()
            elif challenge is not None:
                challenger_lost_turn = challenge.challenger
        elif isinstance(event, ChallengeBonus):
            out.add(GcgLine(len(out.lines) + 1, event.player, "", "challenge", event.points, 0))
        elif isinstance(event, GameEnded):
            out.ending(event)
        elif isinstance(event, TimePenalty):
            out.add(GcgLine(len(out.lines) + 1, event.player, "", "time", -event.points, 0))
        elif isinstance(event, Note):
            if out.lines:
                out.notes.setdefault(len(out.lines) - 1, []).append(event.text)
            else:
                opening_notes.append(event.text)
    if challenger_lost_turn is not None:
        out.add(GcgLine(len(out.lines) + 1, challenger_lost_turn, "", "pass", 0, 0))
    replayed = replay_lines(out.lines, tileset, source)
    nicks = _nicks(names)
    text = ["#character-encoding UTF-8", f"#player1 {nicks[0]} {names[0]}", f"#player2 {nicks[1]} {names[1]}"]
    if start and start.lexicon != "default":
        text.append(f"#lexicon {start.lexicon}")
    text.extend(f"#note {note}" for note in opening_notes)
    for i, line in enumerate(replayed):
        text.append(_format(line, nicks))
        text.extend(f"#note {note}" for note in out.notes.get(i, ()))
    return "\n".join(text) + "\n"
