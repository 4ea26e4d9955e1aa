"""Property tests over random legal games (hypothesis): tiles are conserved, replaying the
events gives the same state, a play scores the sum of its words plus the bingo bonus."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules import events as ev
from kiosk.rules import game
from kiosk.rules.board import SIZE, Board, square_name
from kiosk.rules.placement import PlacementError, validate_placement
from kiosk.rules.tiles import BLANK, load_tileset

PROFILES = ("naspa", "msa", "coffs", "iowa")


def _random_placement(rng: random.Random, board: Board, rack: list[str]) -> tuple[tuple[str, str], ...] | None:
    """A legal placement of some rack tiles (words need not be valid), or None."""
    if board.is_empty():
        anchors = [(7, 7)]
    else:
        anchors = [(r, c) for r in range(SIZE) for c in range(SIZE) if board.cells[r][c] == "."
                   and any(0 <= r + dr < SIZE and 0 <= c + dc < SIZE and board.cells[r + dr][c + dc] != "."
                           for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))]
    for _ in range(30):
        r, c = rng.choice(anchors)
        dr, dc = (0, 1) if rng.random() < 0.5 else (1, 0)
        k = rng.randint(1, len(rack))
        for _ in range(rng.randint(0, k - 1)):  # start up to k-1 empty squares earlier
            if 0 <= r - dr < SIZE and 0 <= c - dc < SIZE and board.cells[r - dr][c - dc] == ".":
                r, c = r - dr, c - dc
        squares = []
        while len(squares) < k and r < SIZE and c < SIZE:
            if board.cells[r][c] == ".":
                squares.append((r, c))
            r, c = r + dr, c + dc
        letters = rng.sample(rack, len(squares))
        tiles = tuple((square_name(sq), rng.choice("esz?") if t == BLANK else t)
                      for sq, t in zip(squares, letters))
        try:
            validate_placement(board, tiles)
        except PlacementError:
            continue
        return tiles
    return None


class Table:
    """The physical game the events describe: real racks and bag, shuffled by `rng`."""

    def __init__(self, rng: random.Random, profile: str, play_rate: float):
        self.rng = rng
        self.play_rate = play_rate  # low rates give six-zero endings
        self.tileset = load_tileset("english")
        self.bag = list(self.tileset.bag().elements())
        rng.shuffle(self.bag)
        self.racks = [self.draw(7), self.draw(7)]
        self.events: list[ev.Event] = [ev.GameStarted(("P", "Q"), profile=profile)]
        self.state = game.replay(self.events)

    def draw(self, n: int) -> list[str]:
        drawn, self.bag = self.bag[:n], self.bag[n:]
        return drawn

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.state = game.apply(self.state, event)

    def turn(self) -> None:
        state, rng = self.state, self.rng
        p = state.to_move
        rack = self.racks[p]
        choice = rng.random()
        tiles = _random_placement(rng, state.board, rack) if choice < self.play_rate else None
        if tiles:
            self.emit(ev.PlayMade(p, tiles, "".join(rack)))
            record = self.state.history[-1]
            assert record.score == sum(w.score for w in record.words) + record.bingo
            assert record.bingo == (50 if len(tiles) == 7 else 0)
            for _, letter in tiles:
                rack.remove(self.tileset.tile_of(letter))
            for square, letter in tiles:
                if letter == BLANK:  # designated after the placement, before the press
                    self.emit(ev.BlankDesignated(p, square, rng.choice("ab")))
            if rng.random() < 0.15:
                acceptable = rng.random() < 0.5
                self.emit(ev.ChallengeMade(1 - p))
                self.emit(ev.ChallengeJudged(acceptable))
                if not acceptable:
                    rack.extend(self.tileset.tile_of(letter) for _, letter in tiles)
                    return
            rack.extend(self.draw(len(tiles)))
            if self.state.bag_count and rng.random() < 0.1:  # an overdraw of 1, put right
                self.emit(ev.OverdrawReported(p, len(rack) + 1, mixed=rng.random() < 0.5))
                self.emit(ev.OverdrawResolved(p))
        elif rng.random() < 0.5 and state.exchange_allowed:
            count = rng.randint(1, min(len(rack), state.bag_count))
            out = rng.sample(rack, count)
            for t in out:
                rack.remove(t)
            rack.extend(self.draw(count))
            self.bag.extend(out)
            rng.shuffle(self.bag)
            self.emit(ev.Exchanged(p, count, "".join(out), None))
        else:
            self.emit(ev.Passed(p, "".join(rack)))


def check_invariants(table: Table) -> None:
    state = table.state
    ts = table.tileset
    # TILE-05: board + bag + racks = the set, both by count and by tile.
    assert state.board.tile_count() + state.bag_count + sum(state.rack_counts) == ts.size
    assert state.bag_count == len(table.bag)
    assert state.rack_counts == (len(table.racks[0]), len(table.racks[1]))
    assert state.unseen() == Counter(table.bag) + Counter(table.racks[0]) + Counter(table.racks[1])


def play_game(rng: random.Random, profile: str, play_rate: float = 0.8) -> Table:
    table = Table(rng, profile, play_rate)
    for _ in range(80):
        state = table.state
        if state.game_over:
            break
        if state.six_zero_offer and rng.random() < 0.5:
            table.emit(ev.SixZeroInvoked(state.to_move))
            break
        table.turn()
        check_invariants(table)
    state = table.state
    if state.ending == "out":
        loser = 1 - state.out_player
        table.emit(ev.GameEnded("out"))
        rack_value = ts_value(table, table.racks[loser])
        bonus = sum(t.score for t in table.state.history if t.kind == "end_rack" and t.player == state.out_player)
        assert bonus == (2 * rack_value if table.state.profile.out_bonus == "double" else rack_value)
    else:
        racks = ("".join(table.racks[0]), "".join(table.racks[1]))
        table.emit(ev.GameEnded("six_zero" if state.ending == "six_zero" else "director", racks))
        assert table.state.scores == tuple(state.scores[i] - ts_value(table, table.racks[i]) for i in (0, 1))
    return table


def ts_value(table: Table, rack: list[str]) -> int:
    return sum(table.tileset.value(t) for t in rack)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PROFILES), st.sampled_from([0.8, 0.3]))
def test_random_games_conserve_tiles_and_replay_identically(seed, profile, play_rate):
    table = play_game(random.Random(seed), profile, play_rate)
    final = table.state
    assert final.finished and final.result is not None
    assert game.replay(table.events) == final
    # Through JSON lines and back, the same game.
    lines = [ev.event_to_json(e) for e in table.events]
    assert game.replay(ev.event_from_json(line) for line in lines) == final
    # Running totals add up record by record.
    totals = [0, 0]
    for turn in final.history:
        totals[turn.player] += turn.score
        assert turn.total == totals[turn.player]
    assert tuple(totals) == final.scores
