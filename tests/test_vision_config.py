"""Vision config (TOML) errors name the file, line and field."""
from __future__ import annotations

import numpy as np
import pytest

from kiosk.errors import InputError
from vision.config import load_config, parse_config


def test_full_config_loads(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text('[vision]\ntileset = "german"\ncalibration = "club.npz"\n'
                    'corners = [[10, 10], [100, 12], [98, 100], [8, 99]]\n'
                    '[vision.racks]\np1 = [[0, 0], [10, 0], [10, 5], [0, 5]]\n', encoding="utf-8")
    config = load_config(path)
    assert config.tileset == "german"
    assert config.calibration == tmp_path / "club.npz"
    assert config.corners.shape == (4, 2)
    assert np.allclose(config.rack_zones["p1"][2], (10, 5))


@pytest.mark.parametrize("text,line,field", [
    ('[vision]\ntileset = "klingon"\n', 2, "vision.tileset"),
    ('[vision]\n\ncorners = [[1, 2], [3, 4]]\n', 3, "vision.corners"),
    ('[vision]\n[vision.racks]\np2 = [[1, 2]]\n', 3, "vision.racks.p2"),
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
