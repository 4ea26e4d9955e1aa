"""Rule profiles are data files; bad files name file, line and field (SCENARIOS.md section 2)."""
from __future__ import annotations

import pytest

from kiosk.errors import InputError
from kiosk.rules import data
from kiosk.rules.profiles import load_profile, parse_profile

NASPA_TEXT, _ = data.read_text("profiles", "naspa")


def test_bundled_profiles_exist_and_load():
    assert set(data.available("profiles")) >= {"naspa", "msa", "coffs", "iowa"}
    for name in data.available("profiles"):
        assert load_profile(name).name == name


def test_section_2_values_per_profile():
    naspa, msa, coffs, iowa = (load_profile(n) for n in ("naspa", "msa", "coffs", "iowa"))
    assert naspa.time_per_player_s == msa.time_per_player_s == 1500
    assert naspa.points_per_minute == 10 and naspa.max_overtime_s == 600 and naspa.max_overtime_deduction == 100
    assert msa.max_overtime_s is None and coffs.max_overtime_s is None
    assert (naspa.challenge, msa.challenge, coffs.challenge, iowa.challenge) == ("double", "five_per_word", "single", "double")
    assert msa.challenge_points == 5
    assert (naspa.words_judged, coffs.words_judged) == ("listed", "all")
    assert (naspa.hold_window_s, msa.hold_window_s, coffs.hold_window_s, iowa.hold_window_s) == (20, 10, None, None)
    assert naspa.hold_closes_on_draw and not msa.hold_closes_on_draw
    assert (naspa.courtesy_draw_s, msa.courtesy_from) == (60, "turn_end")
    assert (naspa.out_bonus, coffs.out_bonus) == ("double", "deduct_and_add")
    assert (naspa.six_zero_trigger, msa.six_zero_trigger, coffs.six_zero_trigger) == ("invoked", "automatic", "automatic")
    assert msa.six_zero_counts == ("pass",) and "lost_challenge" not in coffs.six_zero_counts
    assert (naspa.tie_rule, coffs.tie_rule) == ("half_win", "higher_before_adjustment")
    assert (naspa.min_bag_for_exchange, iowa.min_bag_for_exchange) == (7, 0)
    assert (naspa.overdraw_extra, naspa.overdraw_extra_low_bag, naspa.overdraw_low_bag) == (1, 2, 7)


def test_adding_a_profile_is_a_file():
    text = NASPA_TEXT.replace('name = "naspa"', 'name = "club"').replace('challenge = "double"', 'challenge = "dingle"')
    profile = parse_profile(text, "club.toml")
    assert profile.name == "club" and profile.challenge == "dingle"


def _error(text: str) -> InputError:
    with pytest.raises(InputError) as err:
        parse_profile(text, "club.toml")
    return err.value


def line_of(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def test_unknown_field_names_line():
    text = NASPA_TEXT.replace("tie_rule =", "tie_rules =")
    err = _error(text)
    assert (err.field, err.line, err.source) == ("tie_rules", line_of(text, "tie_rules"), "club.toml")


@pytest.mark.parametrize("key, bad", [
    ("challenge", '"triple"'),
    ("hold_window_s", '"20"'),
    ("min_bag_for_exchange", "-1"),
    ("hold_closes_on_draw", '"yes"'),
    ("six_zero_counts", '["pass", "nap"]'),
    ("time_per_player_s", "0"),
])
def test_mistyped_value_names_line_and_field(key, bad):
    lines = NASPA_TEXT.splitlines()
    n = line_of(NASPA_TEXT, f"{key} =")
    lines[n - 1] = f"{key} = {bad}"
    err = _error("\n".join(lines))
    assert (err.field, err.line) == (key, n)
    assert str(err).startswith(f"club.toml:{n}: {key}: ")


def test_missing_required_field_and_syntax_error():
    text = "\n".join(line for line in NASPA_TEXT.splitlines() if not line.startswith("out_bonus"))
    assert _error(text).field == "out_bonus"
    err = _error(NASPA_TEXT + "\ncolour = \n")
    assert err.line == len(NASPA_TEXT.splitlines()) + 2 and "TOML" in err.message


def test_unknown_bundled_profile():
    with pytest.raises(InputError) as err:
        load_profile("wespa2030")
    assert "naspa" in str(err.value)
