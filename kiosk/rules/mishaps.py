"""Irregularities at the table that the players or the director enter: tiles missing
from the set or found again (TILE-01, TILE-07), a free challenge granted as a penalty
(CHAL-16), out-of-order draws (DRAW-13), tiles left on the board outside any turn
(PLACE-10) and time called (TIME-10). Each handler is apply(state, event) -> state."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from kiosk.rules import events as ev
from kiosk.rules.board import EMPTY, parse_square, square_name
from kiosk.rules.state import (RACK_SIZE, Alert, GameState, RuleError, Stray, add_alert, add_note,
                               both_moved_since, check_player, drop_alert, pair, turn_count)
from kiosk.rules.tiles import TileSet


def set_without(tileset: TileSet, missing: str) -> TileSet:
    """The set actually in play when tiles are missing from it (TILE-01)."""
    lacking = Counter(tileset.tile_of(t) for t in missing)
    if lacking - tileset.bag():
        raise RuleError("not_in_set", f"{missing!r} are not all tiles of the {tileset.name} set", "TILE-01")
    counts = {t: n - lacking[t] for t, n in tileset.counts.items()}
    return tileset.with_counts(tileset.name, counts)


def named_set(tileset: TileSet, missing: str) -> TileSet:
    """The set in play named after the full set and what it lacks ('english without ?')."""
    name = tileset.name.split(" without ")[0] + (f" without {missing}" if missing else "")
    return tileset.with_counts(name, tileset.counts)


def _free_challenge(state: GameState, event: ev.FreeChallengeGranted) -> GameState:
    p = event.player
    check_player(p)
    if state.finished:
        raise RuleError("game_over", "the game has already ended")
    state = replace(state, free_challenges=pair(state.free_challenges, p, state.free_challenges[p] + 1))
    return add_note(state, f"director: free challenge for {state.players[p]}"
                    + (f" ({event.reason})" if event.reason else "") + " (CHAL-16)")


def _out_of_order_draw(state: GameState, event: ev.OutOfOrderDraw) -> GameState:
    """No penalty; with fewer than 14 in the bag a note for the director (DRAW-13, NSA G7)."""
    p = event.player
    check_player(p)
    bag = state.bag_count
    if bag >= 14:
        return state
    message = f"out-of-order draw with {bag} in bag (< 14)"
    action = ("< 7: director may apply a 50-point spread penalty" if bag < 7
              else "the director may look into it; no penalty")
    state = add_note(state, f"{state.players[p]}: {message} (DRAW-13)")
    return add_alert(state, Alert("out_of_order_draw", "DRAW-13", f"{state.players[p]}: {message}", action, p))


def _tiles_missing(state: GameState, event: ev.TilesMissing) -> GameState:
    """A shortage noticed during play: the game goes on with the set as it is; the bag
    count was one too high for each missing tile (TILE-01)."""
    if state.game_over:
        raise RuleError("game_over", "the game is over")
    lacking = len(event.tiles)
    if lacking < 1 or lacking > state.bag_count:
        raise RuleError("not_in_bag", f"{lacking} missing tiles but the bag count is {state.bag_count}", "TILE-01")
    unseen = state.unseen()
    if any(not state.tileset.is_letter(t) for t in event.tiles) or (
            Counter(state.tileset.tile_of(t) for t in event.tiles) - unseen):
        raise RuleError("not_in_set", f"{event.tiles!r} are not all unseen tiles of the set", "TILE-01")
    missing = "".join(sorted(state.missing + "".join(state.tileset.tile_of(t) for t in event.tiles)))
    tileset = named_set(set_without(state.tileset, event.tiles), missing)
    state = replace(state, tileset=tileset, missing=missing,
                    bag_count=state.bag_count - lacking)
    return add_note(state, f"{event.tiles} missing from the set: play goes on with {tileset.size} tiles (TILE-01)")


def _tile_found(state: GameState, event: ev.TileFound) -> GameState:
    """A missing tile turns up (TILE-07, NSA G4): ignored once the game is over; else the
    player who should have drawn it gets it (a full rack puts the tile drawn in its place
    back in the bag), and when nobody can tell, play goes on without it."""
    tile = event.tile.upper()
    if tile not in state.tileset.counts:
        raise RuleError("not_a_tile", f"{event.tile!r} is not a tile of the {state.tileset.name} set", "TILE-07")
    if state.game_over:
        return add_note(state, f"{tile} found after the game: not added (TILE-07)")
    if tile not in state.missing:
        raise RuleError("not_missing", f"no {tile!r} was missing from the set", "TILE-07")
    r = event.receiver
    if r is None:
        return add_note(state, f"{tile} found; nobody can tell who should have drawn it: play goes on without "
                               f"it (TILE-07)")
    check_player(r)
    counts = {t: n + (t == tile) for t, n in state.tileset.counts.items()}
    missing = state.missing.replace(tile, "", 1)
    to_rack = state.rack_counts[r] < RACK_SIZE
    state = replace(state, tileset=named_set(state.tileset.with_counts(state.tileset.name, counts), missing),
                    missing=missing, rack_counts=pair(state.rack_counts, r, state.rack_counts[r] + to_rack),
                    bag_count=state.bag_count + (not to_rack), racks=pair(state.racks, r, None))
    return add_note(state, f"{tile} found and given to {state.players[r]}"
                    + ("" if to_rack else ", who returns the tile drawn in its place to the bag") + " (TILE-07)")


def _stray_tile(state: GameState, event: ev.StrayTile) -> GameState:
    """A tile left on the board outside any turn: the record follows the board (PLACE-10)."""
    p = event.player
    check_player(p)
    if state.finished:
        raise RuleError("game_over", "the game has already ended")
    try:
        sq = square_name(parse_square(event.square))
    except ValueError as exc:
        raise RuleError("bad_square", str(exc)) from None
    letter = event.letter
    if not state.tileset.is_letter(letter):
        raise RuleError("not_a_tile", f"{letter!r} is not a tile of the {state.tileset.name} set", "TILE-02")
    if state.board.at(sq) != EMPTY:
        raise RuleError("occupied", f"square {sq} already holds a tile", "PLACE-10")
    if state.rack_counts[p] < 1:
        raise RuleError("not_enough_tiles", f"{state.players[p]}'s rack is empty", "PLACE-10")
    tile = state.tileset.tile_of(letter)
    if state.unseen()[tile] < 1:
        raise RuleError("not_in_set", f"the {state.tileset.name} set has no more {tile!r} tiles", "TILE-05")
    state = replace(state, board=state.board.place([(sq, letter)]), racks=pair(state.racks, p, None),
                    rack_counts=pair(state.rack_counts, p, state.rack_counts[p] - 1),
                    strays=state.strays + (Stray(p, sq, letter, turn_count(state)),))
    return add_alert(state, Alert("stray_tile", "PLACE-10", f"{letter} on {sq} belongs to no play",
                                  f"{state.players[p]} takes it back; once each player has moved, the board is not "
                                  f"corrected", p))


def _stray_removed(state: GameState, event: ev.StrayTileRemoved) -> GameState:
    try:
        sq = square_name(parse_square(event.square))
    except ValueError as exc:
        raise RuleError("bad_square", str(exc)) from None
    stray = next((s for s in state.strays if s.square == sq), None)
    if stray is None:
        raise RuleError("no_stray", f"no stray tile is recorded on {sq}", "PLACE-10")
    if stray.settled:
        raise RuleError("board_stands", f"each player has moved since: the {stray.letter} on {sq} stays", "PLACE-10")
    state = replace(state, board=state.board.remove([sq]), racks=pair(state.racks, stray.player, None),
                    rack_counts=pair(state.rack_counts, stray.player, state.rack_counts[stray.player] + 1),
                    strays=tuple(s for s in state.strays if s is not stray))
    return drop_alert(state, "stray_tile", stray.player)


def settle_strays(state: GameState) -> GameState:
    """Once each player has taken a turn since a stray tile appeared, it stays (PLACE-10)."""
    for stray in state.strays:
        if not stray.settled and both_moved_since(state, stray.turns_before):
            state = replace(state, strays=tuple(replace(s, settled=True) if s is stray else s for s in state.strays))
            state = drop_alert(state, "stray_tile", stray.player)
            state = add_note(state, f"{stray.letter} on {stray.square} stays on the board (PLACE-10)")
    return state


def _time_called(state: GameState, event: ev.TimeCalled) -> GameState:
    if state.game_over:
        raise RuleError("game_over", "the game is over")
    if state.time_called is not None:
        raise RuleError("time_already_called", "time has already been called", "TIME-10")
    state = replace(state, time_called=turn_count(state))
    return add_alert(state, Alert("time_called", "TIME-10", "time is called", "one more turn each, then play stops"))


HANDLERS: dict[type, Callable[[GameState, Any], GameState]] = {
    ev.FreeChallengeGranted: _free_challenge, ev.OutOfOrderDraw: _out_of_order_draw, ev.TilesMissing: _tiles_missing,
    ev.TileFound: _tile_found, ev.TimeCalled: _time_called, ev.StrayTile: _stray_tile,
    ev.StrayTileRemoved: _stray_removed,
}
