"""Vision config (TOML) errors name the file, line and field."""
from __future__ import annotations

import numpy as np
import pytest

from kiosk.errors import InputError
from vision.config import load_config, parse_config


def test_full_config_loads(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('[vision]\ntileset = "german"\ncalibration = "club.npz"\n'
                    'corners = [[112, 80], [1400, 92], [1390, 1380], [100, 1370]]\n'
                    '[vision.racks]\np1 = [[0, 0], [10, 0], [10, 5], [0, 5]]\n', encoding="utf-8")
    config = load_config(path)
    assert config.tileset == "german"
    assert config.calibration == tmp_path / "club.npz"
    assert config.corners is not None and config.corners.shape == (4, 2)
    assert np.allclose(config.rack_zones["p1"][2], (10, 5))


@pytest.mark.parametrize("text,line,field", [
    ('[vision]\ntileset = "klingon"\n', 2, "vision.tileset"),
    ('[vision]\n\ncorners = [[1, 2], [3, 4]]\n', 3, "vision.corners"),
    ('[vision]\n[vision.racks]\np2 = [[1, 2]]\n', 3, "vision.racks.p2"),
    ('[vision]\ntileset = "english"\ncorners = [[10, 10], [100, 12], [98, 100], [8, 99]]\n', 3, "vision.corners"),
    ('[vision]\ncamera = 1\n', 2, "vision.camera"),
])
def test_bad_values_name_line_and_field(text, line, field):
    with pytest.raises(InputError) as caught:
        parse_config(text, "kiosk.toml")
    assert caught.value.line == line
    assert caught.value.field == field
    assert str(caught.value).startswith(f"kiosk.toml:{line}: {field}: ")


def test_toml_syntax_error_names_line():
    with pytest.raises(InputError) as caught:
        parse_config('[vision]\ntileset = "english\n', "kiosk.toml")
    assert caught.value.line == 2


@pytest.mark.parametrize("turn", [0, 90, 180, 270])
def test_a_fixed_boards_turn_is_read(turn):
    assert parse_config(f"[vision]\nfixed_turn = {turn}\n", "kiosk.toml").fixed_turn == turn
    assert parse_config("[vision]\n", "kiosk.toml").fixed_turn is None


@pytest.mark.parametrize("value,message", [
    ("45", "expected one of 0, 90, 180, 270"),
    ('"90"', "expected one of 0, 90, 180, 270"),
    ("90.0", "expected one of 0, 90, 180, 270"),
    ("true", "expected one of 0, 90, 180, 270"),
])
def test_a_bad_fixed_turn_names_line_and_field(value, message):
    with pytest.raises(InputError) as caught:
        parse_config(f'[vision]\ntileset = "english"\nfixed_turn = {value}\n', "kiosk.toml")
    assert str(caught.value).startswith(f"kiosk.toml:3: vision.fixed_turn: {message}")


def test_a_fixed_turn_beside_corners_is_refused():
    """The corners are given upright (top-left first): they fix the turn already, and a turn beside them
    would say another."""
    with pytest.raises(InputError) as caught:
        parse_config("[vision]\ncorners = [[112, 80], [1400, 92], [1390, 1380], [100, 1370]]\nfixed_turn = 90\n",
                     "kiosk.toml")
    assert caught.value.line == 3 and caught.value.field == "vision.fixed_turn"
    assert "remove one of them" in str(caught.value)


def test_corners_of_a_board_too_small_to_read_are_refused_and_say_how_small():
    """Squares of 6 px at the far edge: under vision.board_scale.MIN_CELL_PX, the floor the reader reads letters
    above (the kiosk warns and looks for the board itself; the vision tools refuse)."""
    with pytest.raises(InputError) as caught:
        parse_config("[vision]\ncorners = [[10, 10], [100, 12], [98, 100], [8, 99]]\n", "kiosk.toml")
    assert "board too small to read: far squares 6 px, 16 needed" in str(caught.value)
