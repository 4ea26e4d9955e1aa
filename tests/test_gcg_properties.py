"""Property: any legal game the kiosk records exports to a GCG file that reads back with
every score and running total matching, under every bundled rule profile."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kiosk.rules.game import replay
from kiosk.rules.gcg import gcg_to_events, history_to_gcg, parse_gcg
from kiosk.rules.gcg_verify import check_moves
from tests.test_rules_properties import PROFILES, play_game


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(PROFILES), st.sampled_from([0.8, 0.3]))
def test_exported_random_games_read_back_exactly(seed: int, profile: str, play_rate: float):
    table = play_game(random.Random(seed), profile, play_rate)
    exported = history_to_gcg(table.state)
    game = parse_gcg(exported.encode("utf-8"), "exported.gcg", profile)
    assert game.mismatches == ()
    assert all(check.matches for check in check_moves(game))
    final = {0: 0, 1: 0}
    for move in game.moves:
        final[move.player] = move.total
    assert (final[0], final[1]) == table.state.scores
    # Exporting the re-imported events gives the same file.
    assert history_to_gcg(replay(gcg_to_events(game))) == exported
