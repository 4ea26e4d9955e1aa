"""Synthetic camera frames of a Scrabble board, deterministic from a seed.

Tiles for training a letter model: `render_tile`, `available_fonts`, `TileStyle`.
Whole frames: `render_frame(board, seed=...) -> RenderedFrame`, `FrameOptions`.
`renderer_fingerprint()` changes with the renderer's code and installed fonts, to
invalidate cached renders.
"""
from .fingerprint import renderer_fingerprint
from .fonts import available_fonts
from .frames import FrameOptions, RenderedFrame, render_frame
from .tiles import TileStyle, random_tile_style, render_tile

__all__ = ["FrameOptions", "RenderedFrame", "TileStyle", "available_fonts", "random_tile_style",
           "render_frame", "render_tile", "renderer_fingerprint"]
