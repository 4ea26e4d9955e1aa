"""One source for each game fact: the tile sets live only in kiosk/rules/data/tilesets/*.toml
and the premium layout only in kiosk/rules/board.py. This walks the rules core, the board
reader and the renderer (kiosk/, vision/) and refuses any table of their own."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from kiosk.rules.board import PREMIUM, letter_multiplier, word_multiplier
from kiosk.rules.tiles import load_tileset, tileset_names

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("kiosk", "vision")
LAYOUT_HOME = ROOT / "kiosk" / "rules" / "board.py"
VALUE_TABLE = re.compile(r"\b[A-ZÄÖÜ]\d{1,2}(?:\s+[A-ZÄÖÜ?]\d{1,2}){9,}")
PREMIUM_KINDS = {"TW", "DW", "TL", "DL"}


def _python_files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py") if ".venv" not in p.parts)


def _is_square(node: ast.AST) -> bool:
    return (isinstance(node, ast.Tuple) and len(node.elts) == 2
            and all(isinstance(e, ast.Constant) and isinstance(e.value, int) and 0 <= e.value < 15 for e in node.elts))


def _tables(path: Path) -> list[str]:
    """What in one module looks like a tile-set or premium-layout table of its own."""
    text = path.read_text(encoding="utf-8")
    found = [f"value/count table {m.group(0)[:20]!r}" for m in VALUE_TABLE.finditer(text)]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "ABCDEFGHIJKLMNOPQRSTUVWXYZ" in node.value:
            found.append(f"line {node.lineno}: an alphabet written out")
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            if sum(1 for k in keys if len(k) == 1 and k.isupper()) >= 10:
                found.append(f"line {node.lineno}: a dict keyed by letters")
            if PREMIUM_KINDS <= set(keys) and any(isinstance(v, (ast.List, ast.Set, ast.Tuple)) and v.elts
                                                  and all(_is_square(e) for e in v.elts) for v in node.values):
                found.append(f"line {node.lineno}: premium squares listed by kind")
        if (isinstance(node, (ast.List, ast.Set, ast.Tuple)) and len(node.elts) >= 3
                and all(_is_square(e) for e in node.elts)
                and max(c.value for e in node.elts for c in e.elts) >= 5):  # not corner indices 0-3
            found.append(f"line {node.lineno}: a list of board squares")
        if (path != LAYOUT_HOME and isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == 15
                and all(isinstance(e, ast.Constant) and isinstance(e.value, str) and len(e.value) == 15 for e in node.elts)):
            found.append(f"line {node.lineno}: a 15 x 15 layout")
    return found


def test_no_module_keeps_a_tile_set_or_premium_table_of_its_own():
    assert {str(p.relative_to(ROOT)): t for p in _python_files() if (t := _tables(p))} == {}


def test_the_walk_would_see_a_copy():
    """The checker itself: the tables that used to be copied are recognised."""
    probe = ROOT / "tests" / "_probe_copy.py"
    probe.write_text('V = "A1 B3 C3 D2 E1 F4 G2 H4 I1 J8 K5 L1 M3 N1"\n'
                     'Q = {"TW": [(0, 0), (0, 7)], "DW": [(1, 1)], "TL": [(1, 5)], "DL": [(0, 3)]}\n'
                     'L = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")\n', encoding="utf-8")
    try:
        assert len(_tables(probe)) >= 3
    finally:
        probe.unlink()


def test_premium_table_is_the_standard_board():
    kinds = {k: sum(1 for v in PREMIUM.values() if v == k) for k in PREMIUM_KINDS}
    assert kinds == {"TW": 8, "DW": 17, "TL": 12, "DL": 24}
    assert all(letter_multiplier(sq) == {"DL": 2, "TL": 3}.get(k, 1) for sq, k in PREMIUM.items())
    assert all(word_multiplier(sq) == {"DW": 2, "TW": 3}.get(k, 1) for sq, k in PREMIUM.items())


def test_vision_reads_the_rules_sets_and_layout():
    import numpy as np

    from vision.config import TILESETS as CONFIG_SETS
    from vision.layout import LAYOUT, NORMAL
    from vision.synth.boards import PREMIUM as DRAWN
    from vision.glyph import NOT_A_LETTER
    from vision.models import Network
    from vision.synth.frames import check_board
    from vision.tilesets import DRAWN_SETS, TILESETS, drawn_glyphs, drawn_letters, tile_value
    from vision.train import CLASSES, MODEL_DIR

    assert tuple(CONFIG_SETS) == tileset_names() == tuple(TILESETS)
    assert DRAWN is PREMIUM and int(np.sum(LAYOUT != NORMAL)) == len(PREMIUM)
    for name in tileset_names():
        ts = load_tileset(name)
        assert TILESETS[name] is ts
        assert all(tile_value(ch, name) == ts.values[ch] for ch in ts.chars)
    # the letters drawn and learnt are the drawn sets' tiles, and the shipped model kept them
    letters = drawn_letters()
    assert set(letters) == {ch for name in DRAWN_SETS for ch in load_tileset(name).chars}
    # every bundled set is drawn, and the model learnt the texts printed on their tiles
    assert DRAWN_SETS == tileset_names()
    assert set(drawn_glyphs()) == {ts.glyphs[ch] for ts in map(load_tileset, DRAWN_SETS) for ch in ts.chars}
    assert CLASSES == drawn_glyphs() + (NOT_A_LETTER,) == Network.load(MODEL_DIR / "letters").classes
    row = "".join(letters).ljust(15, ".")[:15]
    assert check_board([row] + ["." * 15] * 14)[0] == row


@pytest.mark.parametrize("name", tileset_names())
def test_every_bundled_set_is_complete_and_cites_its_source(name):
    ts = load_tileset(name)
    assert ts.name == name and ts.source.startswith("http") and ts.counts["?"] >= 2 and ts.values["?"] == 0
    assert len(set(ts.chars)) == len(ts.chars) == len(ts.letters) == len(ts.glyphs)
    for letter in ts.letters:
        char = ts.board_char[letter]
        assert len(char) == 1 and char.isupper() and ts.name_of[char] == letter
        assert ts.from_names(ts.to_names(char + char.lower())) == char + char.lower()
