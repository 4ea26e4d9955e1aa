"""Synthetic camera frames of a Scrabble board, deterministic from a seed.

Public API: `render_tile`, `available_fonts`, `TileStyle` (tiles for training a
letter model) and `render_frame`, `FrameOptions`, `RenderedFrame` (whole frames).
"""
from .fonts import available_fonts
from .tiles import TileStyle, random_tile_style, render_tile

__all__ = ["TileStyle", "available_fonts", "random_tile_style", "render_tile"]
