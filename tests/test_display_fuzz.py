"""Any ScreenModel the app could fill renders without an exception, at any size: random
screens, missing or mismatched sub-views, odd text (controls, NUL, emoji, very long), odd boards."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"  # offscreen, whatever the machine has
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk.display.model import (SCREENS, Alert, BlankPrompt, BoardView, ButtonHint, ChallengeView, ClockView,
                                 LastPlay, LetterPremium, PlayerView, Prompt, Recovered, Result, ResultLine,
                                 ScreenModel, StartSetup, Status, Verdict, Waiting, WordBreakdown)
from kiosk.display.render import Renderer

pygame.font.init()
RENDERER = Renderer()

texts = st.text(max_size=120)
short = st.text(max_size=12)
ints = st.integers(-9999, 99999)
squares = st.tuples(st.integers(0, 14), st.integers(0, 14))
rows = st.lists(st.text(alphabet=".ABCZÄÖÜaäüß?#\x00", min_size=15, max_size=15), min_size=15, max_size=15)
boards = st.builds(BoardView, rows.map(tuple), st.frozensets(squares, max_size=20), st.frozensets(squares, max_size=8))
players = st.builds(PlayerView, texts, ints, st.builds(ClockView, short, st.booleans(), st.booleans()))
words = st.builds(WordBreakdown, texts, ints, ints, st.integers(1, 27),
                  st.lists(st.builds(LetterPremium, short, st.integers(2, 3)), max_size=3).map(tuple))
plays = st.builds(LastPlay, texts, short, texts, st.lists(words, max_size=12).map(tuple), st.integers(0, 50), ints,
                  st.sampled_from(["play", "pass", "exchange", "challenged_off"]), st.integers(0, 7))
buttons = st.lists(st.builds(ButtonHint, short, texts), max_size=5).map(tuple)

models = st.builds(
    ScreenModel,
    screen=st.sampled_from(SCREENS),
    players=st.tuples(players, players),
    to_move=st.sampled_from([None, 0, 1]),
    clocks_neutralized=st.booleans(),
    bag_count=st.one_of(st.none(), st.integers(0, 100)),
    board=boards,
    last_play=st.one_of(st.none(), plays),
    alerts=st.lists(st.builds(Alert, texts, short, texts, texts), max_size=4).map(tuple),
    prompt=st.one_of(st.none(), st.builds(Prompt, texts, buttons)),
    blank=st.one_of(st.none(), st.builds(BlankPrompt, short, st.lists(short, max_size=30).map(tuple),
                                         st.integers(-1, 40))),
    challenge=st.one_of(st.none(), st.builds(ChallengeView, st.sampled_from(["hold", "adjudicating"]), short, texts)),
    verdict=st.one_of(st.none(), st.builds(Verdict, st.booleans(), texts, texts)),
    waiting=st.one_of(st.none(), st.builds(Waiting, texts, texts, short)),
    result=st.one_of(st.none(), st.builds(Result, st.lists(st.builds(ResultLine, texts, ints, ints, ints, ints,
                                                                     st.booleans()), max_size=3).map(tuple),
                                          st.one_of(st.none(), texts), texts)),
    recovered=st.one_of(st.none(), st.builds(Recovered, short, ints, st.lists(texts, max_size=6).map(tuple))),
    start=st.one_of(st.none(), st.builds(StartSetup, short, short, st.integers(0, 1), short)),
    error=texts,
    status=st.builds(Status, st.booleans(), texts, texts),
)


SIZES = [(800, 480), (1280, 720), (480, 800), (200, 120), (1, 1), (37, 9), (48, 48), (130, 50), (50, 400)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(model=models, size=st.sampled_from(SIZES))
def test_any_model_renders(model, size):
    surface = pygame.Surface(size)
    drawn = RENDERER.render(surface, model)
    assert isinstance(drawn, tuple)


def test_text_of_zero_width_characters_alone_draws_nothing_and_no_error():
    """A variation selector (U+E0100) is printable but has no width: pygame refuses to render it
    ("Text has zero width"); found by the fuzz test above in a status line."""
    surface = pygame.Surface((800, 480))
    drawn = RENDERER.render(surface, ScreenModel(screen="start", status=Status(False, "", "\U000E0100")))
    assert isinstance(drawn, tuple)
