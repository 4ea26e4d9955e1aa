"""Pin map TOML: defaults, and one clear error naming file, line and entry."""
import pytest

from hardware.pins import PHYSICAL_PIN, THREE_BUTTON_MAP, bundled_pin_map, load_pin_map
from kiosk.errors import InputError


def write(tmp_path, text):
    path = tmp_path / "pins.toml"
    path.write_text(text)
    return path


GOOD = """\
[buttons]
p1 = 17
p2 = 27
pause = 22
challenge = 23
confirm = 24
cancel = 25

[leds]
p1 = 5
p2 = 6
"""


def test_default_map_wires_six_buttons_on_distinct_usable_pins():
    pins = load_pin_map()
    assert set(pins.buttons) == {"p1", "p2", "pause", "challenge", "confirm", "cancel"}
    every = list(pins.buttons.values()) + list(pins.leds.values())
    assert len(set(every)) == len(every)
    assert all(p in PHYSICAL_PIN for p in every)
    assert pins.stand_ins == {}


def test_three_button_map_has_a_stand_in_for_every_missing_function():
    pins = bundled_pin_map(THREE_BUTTON_MAP)
    assert set(pins.buttons) == {"p1", "p2", "pause"}
    assert pins.stand_ins == {"challenge": "pause", "confirm": "p1", "cancel": "p2"}


def test_a_file_is_read(tmp_path):
    pins = load_pin_map(write(tmp_path, GOOD + "[timing]\nlong_press_s = 2\n"))
    assert pins.buttons["p2"] == 27 and pins.long_press_s == 2.0


@pytest.mark.parametrize(
    "old, new, line, field, words",
    [
        ("pause = 22", "pause = 28", 4, "buttons.pause", "not a usable BCM GPIO"),
        ("pause = 22", "pause = 1", 4, "buttons.pause", "not a usable BCM GPIO"),
        ("pause = 22", 'pause = "22"', 4, "buttons.pause", "not a usable BCM GPIO"),
        ("confirm = 24", "confirm = 17", 6, "buttons.confirm", "already used by buttons.p1"),
        ("p2 = 6", "p2 = 25", 11, "leds.p2", "already used by buttons.cancel"),
        ("cancel = 25", "undo = 25", 7, "buttons.undo", "unknown function"),
    ],
)
def test_bad_entries_name_file_line_and_entry(tmp_path, old, new, line, field, words):
    path = write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(InputError) as info:
        load_pin_map(path)
    error = info.value
    assert (error.source, error.line, error.field) == (str(path), line, field)
    assert words in error.message
    assert str(error).startswith(f"{path}:{line}: {field}: ")


def test_missing_function_without_stand_in(tmp_path):
    path = write(tmp_path, GOOD.replace("cancel = 25\n", ""))
    with pytest.raises(InputError, match="no button or stand-in for cancel"):
        load_pin_map(path)


def test_stand_in_must_be_a_wired_button(tmp_path):
    path = write(tmp_path, GOOD.replace("cancel = 25\n", "") + '[stand_ins]\ncancel = "confirm2"\n')
    with pytest.raises(InputError) as info:
        load_pin_map(path)
    assert info.value.field == "stand_ins.cancel" and info.value.line == 12


def test_bad_timing_and_syntax(tmp_path):
    with pytest.raises(InputError) as info:
        load_pin_map(write(tmp_path, GOOD + "[timing]\nbounce_s = -1\n"))
    assert info.value.field == "timing.bounce_s" and info.value.line == 13
    with pytest.raises(InputError) as info:
        load_pin_map(write(tmp_path, "[buttons\np1 = 17\n"))
    assert info.value.line == 1


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="cannot read pin map"):
        load_pin_map(tmp_path / "nope.toml")
