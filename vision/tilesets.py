"""The tile sets as the renderer and the reader see them: a thin view of the rules' data.

Every set is written down once, in kiosk/rules/data/tilesets/<name>.toml, and read through
kiosk.rules.tiles.load_tileset; nothing here holds a table of its own. Letters are board
characters (one per tile; a multi-letter tile such as Spanish CH has its own, see the data
file's board_char), and `glyphs` gives the text printed on each tile.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from kiosk.rules.tiles import BLANK, TileSet, load_tileset, tileset_names

__all__ = ["BLANK", "DRAWN_SETS", "TILESETS", "TileSet", "drawn_glyphs", "drawn_letters", "glyph_tile", "printed",
           "read_as",            "tile_value"]

# The sets whose tiles the renderer draws (each tile's printed text: its letter, or the two
# letters of a multi-letter tile such as Spanish CH) and so the letter model is trained on:
# every bundled set. The model's classes are printed texts (vision/model/letters.json); the
# reader turns them into the game's board characters and answers only the game's set.
DRAWN_SETS = tileset_names()


class _TileSets(Mapping[str, TileSet]):
    """name -> TileSet for every bundled set, loaded when first asked for."""

    def __getitem__(self, name: str) -> TileSet:
        if name not in tileset_names():
            raise KeyError(name)
        return load_tileset(name)

    def __iter__(self) -> Iterator[str]:
        return iter(tileset_names())

    def __len__(self) -> int:
        return len(tileset_names())


TILESETS: Mapping[str, TileSet] = _TileSets()


@cache
def drawn_letters() -> tuple[str, ...]:
    """The board characters of DRAWN_SETS, each once, in the sets' order (no blank)."""
    return tuple(dict.fromkeys(ch for name in DRAWN_SETS for ch in TILESETS[name].chars))


@cache
def drawn_glyphs() -> tuple[str, ...]:
    """The printed texts of DRAWN_SETS' tiles ("A", "Ñ", "CH", "L·L"), each once: the letter
    model's classes. One text may stand for different board characters in different sets
    (Catalan prints NY on its Ñ tile, Spanish Ñ), which is why the model learns texts."""
    return tuple(dict.fromkeys(TILESETS[name].glyphs[ch] for name in DRAWN_SETS for ch in TILESETS[name].chars))


@cache
def glyph_tile(text: str) -> tuple[str, str]:
    """(set, board character) of the first drawn set whose tile prints `text`."""
    for name in DRAWN_SETS:
        for ch, printed_text in TILESETS[name].glyphs.items():
            if printed_text == text and ch != BLANK:
                return name, ch
    raise ValueError(f"{text!r} is printed on no tile of {', '.join(DRAWN_SETS)}")


def printed(letter: str, tileset: str = "english") -> str:
    """The text printed on the tile `letter` (a board character) of `tileset`; a letter the
    set lacks prints as in the first set that has it."""
    glyphs = TILESETS[tileset].glyphs
    if letter not in glyphs:
        glyphs = next((TILESETS[n].glyphs for n in TILESETS if letter in TILESETS[n].glyphs), glyphs)
    return glyphs.get(letter, letter)


def read_as(classes: tuple[str, ...], tileset: str, keep: str = "-") -> tuple[str, ...]:
    """What each of the letter model's classes (printed texts) is in `tileset`: the set's board
    character ("NY" is Catalan's Ñ), `keep` itself (the 'not a letter' class), or "(text)" for
    a text the set does not print, which is no tile and must never be answered."""
    ts = TILESETS[tileset]
    char_of = {text: ch for ch, text in ts.glyphs.items() if ch in ts.chars}
    return tuple(c if c == keep else char_of.get(c, f"({c})") for c in classes)


def tile_value(letter: str, tileset: str = "english") -> int | None:
    """Number printed on a tile, or None for a blank; a letter the set lacks takes its value
    from the first set that has it (German umlauts in an English-set render, as before)."""
    if letter == BLANK:
        return None
    values = TILESETS[tileset].values
    if letter not in values:
        values = next((TILESETS[n].values for n in ("german", *TILESETS) if letter in TILESETS[n].values), values)
    if letter not in values:
        raise ValueError(f"{letter!r} is not a tile of any set: use a tile's board character or '?' for a blank")
    return values[letter]
