"""The thirteen bundled tile sets: sizes and a few published values per language, the
multi-letter tiles, and how GCG names and lexicons choose a set."""
from __future__ import annotations

import pytest

from kiosk.errors import InputError
from kiosk.rules.tiles import (TileSet, load_tileset, tileset_for_distribution, tileset_for_lexicon,
                               tileset_names)

SIZES = {"english": 100, "german": 102, "french": 102, "spanish": 100, "catalan": 100, "polish": 100,
         "dutch": 102, "italian": 120, "norwegian": 100, "swedish": 100, "danish": 100, "portuguese": 120,
         "slovene": 100}


def test_thirteen_languages_bundled_with_their_published_sizes():
    assert set(tileset_names()) == set(SIZES)
    assert {name: load_tileset(name).size for name in SIZES} == SIZES


@pytest.mark.parametrize("name, tile, count, value", [
    ("english", "Q", 1, 10), ("german", "Ö", 1, 8), ("french", "K", 1, 10), ("spanish", "CH", 1, 5),
    ("spanish", "LL", 1, 8), ("spanish", "RR", 1, 8), ("spanish", "Ñ", 1, 8), ("catalan", "L·L", 1, 10),
    ("catalan", "NY", 1, 10), ("catalan", "QU", 1, 8), ("catalan", "Ç", 1, 10), ("polish", "Ź", 1, 9),
    ("polish", "Ń", 1, 7), ("dutch", "E", 18, 1), ("italian", "O", 15, 1), ("norwegian", "Ø", 2, 5),
    ("swedish", "Ä", 2, 3), ("danish", "Æ", 2, 4), ("portuguese", "Ç", 2, 3), ("portuguese", "?", 3, 0),
    ("slovene", "Ž", 1, 10)])
def test_published_counts_and_values(name, tile, count, value):
    ts = load_tileset(name)
    char = ts.board_char[tile]
    assert (ts.counts[char], ts.values[char]) == (count, value)


def test_multi_letter_tiles_have_one_board_character_and_print_their_letters():
    es, ca = load_tileset("spanish"), load_tileset("catalan")
    assert es.letters[:5] == ("A", "B", "C", "CH", "D")  # alphabet order, CH after C
    assert [es.board_char[t] for t in ("CH", "LL", "RR")] == ["Ç", "Ŀ", "Ř"]
    assert es.glyphs[es.board_char["CH"]] == "CH" and es.name_of["Ř"] == "RR"
    assert ca.glyphs[ca.board_char["L·L"]] == "L·L" and ca.board_char["QU"] == "Q"
    assert es.from_names("[CH]A[rr]O") == "ÇAřO" and es.to_names("ÇAřO") == "[CH]A[rr]O"
    assert es.value("Ç") == 5 and es.value("ç") == 0 and es.is_letter("ř") and not es.is_letter("K")
    with pytest.raises(ValueError, match=r"no tile \[QU\]"):
        es.from_names("[QU]E")


def test_a_data_file_with_a_multi_letter_tile_needs_its_board_character():
    with pytest.raises(InputError) as err:
        TileSet.from_toml('name = "x"\n[tiles]\nCH = { count = 1, value = 5 }\n', "x.toml")
    assert err.value.field == "tiles.CH.board_char" and err.value.line == 3
    with pytest.raises(InputError, match="used twice"):
        TileSet.from_toml('name = "x"\n[tiles]\n"Ç" = { count = 1, value = 5 }\n'
                          'CH = { count = 1, value = 5, board_char = "Ç" }\n', "x.toml")


@pytest.mark.parametrize("name, expected", [("german", "german"), ("Polish", "polish"), ("es", "spanish"),
                                            ("catalan", "catalan"), ("klingon", None)])
def test_tile_distribution_names(name, expected):
    assert tileset_for_distribution(name) == expected


@pytest.mark.parametrize("lexicon, expected", [
    ("NWL2023", "english"), ("TWL06", "english"), ("CSW21", "english"), ("Collins", "english"),
    ("FRA20", "french"), ("RD28", "german"), ("OSPS49", "polish"), ("FILE2017", "spanish"), ("DISC2", "catalan"),
    ("NSF23", "norwegian"), ("D25WL04", None), ("XYZ", None), ("", None)])
def test_lexicon_names_choose_the_language(lexicon, expected):
    assert tileset_for_lexicon(lexicon) == expected


def test_no_lexicon_name_belongs_to_two_languages():
    seen: dict[str, str] = {}
    for name in tileset_names():
        for lexicon in load_tileset(name).lexicons:
            assert seen.setdefault(lexicon, name) == name, lexicon
