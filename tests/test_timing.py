"""kiosk.rules.timing: overtime, penalties, the max-overtime forfeit and clock faces."""
import pytest

from kiosk.rules.timing import (
    clock_text,
    exceeds_max_overtime,
    forfeit_adjustment,
    overtime_penalty,
    overtime_seconds,
)

ALLOWANCE = 25 * 60


@pytest.mark.parametrize(
    "used, face, overtime",
    [
        (0.0, "25:00", 0),
        (0.5, "24:59", 0),
        (1499.5, "0:00", 0),
        (1500.0, "0:00", 0),
        (1500.9, "-0:00", 0),  # TIME-02: 25:00.9 used is still not overtime
        (1501.0, "-0:01", 1),  # TIME-02: 25:01.0 used is
        (1502.0, "-0:02", 2),
        (1500 + 627.4, "-10:27", 627),
    ],
)
def test_TIME_02_clock_face_and_overtime(used, face, overtime):
    assert clock_text(ALLOWANCE - used) == face
    assert overtime_seconds(used, ALLOWANCE) == overtime


def test_TIME_02_monotonic_float_noise_does_not_lose_a_second():
    start = 1234567.1
    used = (start + 1501.0) - start  # 1500.9999999... in binary floating point
    assert overtime_seconds(used, ALLOWANCE) == 1
    assert clock_text(ALLOWANCE - used) == "-0:01"
    assert clock_text((start + 1500.0) - start - ALLOWANCE) == "0:00"


# TIME-03 table: clock face -> penalty. Plus KTR 3.A case 3 (Bo, 2:30 -> 30).
@pytest.mark.parametrize(
    "face_seconds, penalty",
    [(0, 0), (1, 10), (2, 10), (3, 10), (59, 10), (60, 10), (61, 20), (150, 30), (599, 100), (600, 100)],
)
def test_TIME_03_ten_points_per_minute_or_part(face_seconds, penalty):
    assert overtime_penalty(face_seconds) == penalty


def test_TIME_03_points_per_minute_is_a_parameter():
    assert overtime_penalty(61, points_per_minute=5) == 10


def test_overtime_penalty_rejects_negative():
    with pytest.raises(ValueError):
        overtime_penalty(-1)


def test_TIME_05_max_overtime_is_more_than_ten_minutes():
    assert not exceeds_max_overtime(600)
    assert exceeds_max_overtime(601)


@pytest.mark.parametrize(
    "scores, forfeiting, expected",
    [
        ((499, 0), 0, (399, 400)),  # Norm 499, Cliff 0 -> 399-400
        ((420, 380), 0, (320, 380)),  # no further adjustment
        ((350, 250), 0, (250, 251)),  # tie after deduction -> opponent +1
        ((0, 499), 1, (400, 399)),  # forfeiting player second
    ],
)
def test_TIME_05_forfeit_adjustment(scores, forfeiting, expected):
    assert forfeit_adjustment(scores, forfeiting) == expected


def test_forfeit_adjustment_rejects_bad_index():
    with pytest.raises(ValueError):
        forfeit_adjustment((1, 2), 2)
