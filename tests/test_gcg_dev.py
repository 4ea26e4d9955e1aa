"""The dev GCG corpus: every recorded score reproduces, and import -> export -> import
gives the same events."""
from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.cli import verify_gcg
from kiosk.rules.gcg import events_to_gcg, gcg_to_events, parse_gcg
from kiosk.rules.gcg_verify import check_moves

DEV = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "gcg" / "dev"
FILES = sorted(DEV.glob("*.gcg"))


def test_corpus_is_there():
    assert len(FILES) == 49


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_move_matches(path: Path):
    game = parse_gcg(path.read_bytes(), path.name)
    assert game.moves
    assert [m.line for m in game.mismatches] == []


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_import_export_import_gives_same_events(path: Path):
    events = gcg_to_events(parse_gcg(path.read_bytes(), path.name))
    exported = events_to_gcg(events)
    again = parse_gcg(exported.encode("utf-8"), f"exported {path.name}")
    assert gcg_to_events(again) == events
    assert again.mismatches == ()
    assert exported.splitlines()[0] == "#character-encoding UTF-8"


def test_export_reproduces_recorded_totals():
    """The exporter's own scores are the record's (not just the same events)."""
    for path in FILES:
        original = parse_gcg(path.read_bytes(), path.name)
        exported = parse_gcg(events_to_gcg(gcg_to_events(original)), "exported")
        final = {m.player: m.total for m in original.moves}
        assert {m.player: m.total for m in exported.moves} == final, path.name


def test_verify_gcg_command_passes_on_dev(capsys):
    assert verify_gcg.main([str(p) for p in FILES]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [out[-1]] and "49 files: 49 matched" in out[-1] and "0 differ" in out[-1]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_rules_core_agrees_with_the_independent_replay(path: Path):
    """Two implementations: gcg_replay (board + score_play + GCG end-of-game arithmetic)
    and the rules core's game.apply. They must agree on every line."""
    game = parse_gcg(path.read_bytes(), path.name)
    core = [(c.line, c.computed_score, c.computed_total) for c in check_moves(game)]
    assert core == [(m.line, m.computed_score, m.computed_total) for m in game.moves]
