"""Random but plausible board positions: plays in lines, connected, crossing the centre.

Letters come from a shuffled bag of the tile set, so letter frequencies, the two
blanks and the tile counts are those of a real game. Words are not dictionary
words: a letter reader must not lean on spelling.
"""
from __future__ import annotations

import numpy as np

from vision.tilesets import BLANK, TILESETS

from .boards import SIZE

CENTRE = (7, 7)


def _bag(tileset: str, rng: np.random.Generator) -> list[str]:
    bag = [letter for letter, n in TILESETS[tileset].counts.items() for _ in range(n)]
    rng.shuffle(bag)
    return bag


def _ends_free(grid: list[list[str]], before: tuple[int, int], after: tuple[int, int]) -> bool:
    """The word ends at an empty square or the board's edge on both sides."""
    for r, c in (before, after):
        if 0 <= r < SIZE and 0 <= c < SIZE and grid[r][c] != ".":
            return False
    return True


def random_board(rng: np.random.Generator, *, tiles: int, tileset: str = "english") -> list[str]:
    """A board of about `tiles` tiles (fewer if no more plays fit) built play by play:
    the first play covers the centre, every later one crosses or extends from a tile
    already on the board. Blanks are designated (lowercase letters)."""
    bag = _bag(tileset, rng)
    letters = TILESETS[tileset].chars  # board characters (a blank played as CH is one square)
    grid = [["."] * SIZE for _ in range(SIZE)]
    placed = 0
    attempts = 0
    while placed < tiles and bag and attempts < 400:
        attempts += 1
        across = bool(rng.random() < 0.5)
        budget = min(tiles - placed, len(bag), 7)
        if placed == 0:
            length = int(rng.integers(min(2, budget), budget + 1))
            anchor_at = int(rng.integers(0, length))  # where the centre falls in the word
            anchor = CENTRE
        else:
            length = int(rng.integers(1, budget + 1)) + 1  # new tiles plus the anchor tile
            anchor_at = int(rng.integers(0, length))
            occupied = [(r, c) for r in range(SIZE) for c in range(SIZE) if grid[r][c] != "."]
            anchor = occupied[rng.integers(len(occupied))]
        line, along = (anchor[0], anchor[1]) if across else (anchor[1], anchor[0])
        squares = [(line, along - anchor_at + i) if across else (along - anchor_at + i, line)
                   for i in range(length)]
        if any(not (0 <= r < SIZE and 0 <= c < SIZE) for r, c in squares):
            continue
        # tiles already in the line become part of the word, as when a play extends one
        new = [(r, c) for r, c in squares if grid[r][c] == "."]
        first, last = squares[0], squares[-1]
        before = (first[0], first[1] - 1) if across else (first[0] - 1, first[1])
        after = (last[0], last[1] + 1) if across else (last[0] + 1, last[1])
        if not new or len(new) > budget or not _ends_free(grid, before, after):
            continue
        for r, c in new:
            tile = bag.pop()
            grid[r][c] = letters[rng.integers(len(letters))].lower() if tile == BLANK else tile
        placed += len(new)
    return ["".join(row) for row in grid]
