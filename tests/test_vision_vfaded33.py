"""Round 33 (helper vfaded33, issue 15): a blank under glare that the lit-colour test calls faded (FADED_APART), far
from its tiles' faces by colour, whose outline shows is asked, never read empty (FADED_OUTLINED; vision/MEASUREMENTS.md,
"Round 33, a faded blank read empty")."""
from tests.rendered_board import read_square


def test_a_faded_blank_whose_outline_shows_is_not_read_empty() -> None:
    # 305305 board-059 (4, 7): a blank under glare, 48 Lab from its tiles' faces, its outline margin 0.300 (the 164
    # faded empty squares on 2600 dev boards 0.04 at most); read empty at 0.94 before
    truth, reading = read_square(305305, 59, 4, 7)
    assert truth == "?"
    assert reading.state == "unknown"


def test_a_faded_empty_square_nearest_the_bound_stays_empty() -> None:
    # 296296 board-008 (11, 9): the faded empty square of largest outline margin on dev (0.04), read empty at 0.99
    truth, reading = read_square(296296, 8, 11, 9)
    assert truth == "."
    assert reading.state == "empty"
