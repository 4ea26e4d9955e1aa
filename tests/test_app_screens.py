"""Every screen the app shows during replayed games, rendered offscreen and saved as PNG
(tests/output/app_screens/) so people can look at them; each is checked for what a
player needs at a glance."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from kiosk.display.window import save_png  # noqa: E402
from kiosk.replay.driver import ReplayRun  # noqa: E402

GAMES = Path(__file__).resolve().parents[1] / "fixtures" / "games"
OUT = Path(__file__).resolve().parent / "output" / "app_screens"


def screens_of(game: str) -> dict[str, object]:
    seen: dict[str, object] = {}

    def grab(app, t):
        model = app.screen()
        key = model.screen if model.prompt is None else f"{model.screen}-{model.prompt.question.split(':')[0][:20]}"
        seen.setdefault(key.replace(" ", "_").replace("'", ""), model)

    ReplayRun(GAMES / game, on_iteration=grab).run()
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("game", ["challenges", "blanks", "hands", "six-zero", "overdraw"])
def test_app_screens_render_and_show_the_essentials(game):
    seen = screens_of(game)
    assert "game" in seen and "result" in seen
    for key, model in seen.items():
        drawn = " ".join(save_png(model, OUT / game / f"{key}.png", (1280, 720)))
        for player in model.players:
            assert player.name in drawn, (key, player.name)
        if model.screen == "verdict":
            assert ("UNACCEPTABLE" if not model.verdict.acceptable else "ACCEPTABLE") in drawn.upper()
            for turn_word in ("COWZ", ".OWZ"):
                assert turn_word not in drawn.split(), "the verdict never names a word"
        if model.screen == "result":
            assert model.result is not None and len(model.result.lines) == 2
