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

__all__ = ["BLANK", "DRAWN_SETS", "TILESETS", "TileSet", "drawn_letters", "tile_value"]

# The sets whose tiles the renderer draws (each tile's one board character printed as its
# letter) and so the letter model is trained on; the model keeps the classes it learnt in
# vision/model/letters.json, which is what the reader goes by.
DRAWN_SETS = ("english", "german")


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
