"""What each screen draws in its own area: the side panel beside the board for the table
screens, the whole page for start, result, recovered and error.

Every function takes (surface, rect, model, text) and draws only from the model."""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from kiosk.rules.board import square_name

from . import theme, widgets
from .model import LastPlay, ScreenModel, WordBreakdown
from .text import TextPainter

Draw = Callable[[pygame.Surface, pygame.Rect, ScreenModel, TextPainter], None]


def _with_prompt(rect: pygame.Rect, model: ScreenModel, share: float = 0.3) -> tuple[pygame.Rect, pygame.Rect | None]:
    """Reserve the bottom of rect for the prompt, if there is one."""
    if model.prompt is None:
        return rect, None
    body, prompt = widgets.rows(rect, 1 - share, share)
    return body, prompt


def _draw_prompt(surface: pygame.Surface, rect: pygame.Rect | None, model: ScreenModel, text: TextPainter) -> None:
    if rect is not None and model.prompt is not None:
        widgets.prompt_block(surface, rect.inflate(0, -rect.height // 10), model.prompt, text, rect.height // 3)


# --- table screens: the side panel beside the board --------------------------------------

def _breakdown(word: WordBreakdown) -> str:
    premiums = " ".join(f"{p.letter}×{p.multiplier}" for p in word.letter_premiums)
    sums = str(word.letter_sum) + (f" ×{word.word_multiplier}" if word.word_multiplier > 1 else "")
    return "  ".join(part for part in (f"({premiums})" if premiums else "", sums if word.letter_sum else "") if part)


def _last_play_heading(play: LastPlay) -> str:
    if play.kind == "pass":
        return "passed"
    if play.kind == "exchange":
        return f"exchanged {play.exchanged} tile{'s' if play.exchanged != 1 else ''}"
    if play.kind == "challenged_off":
        main = play.main_word or (play.words[0].word if play.words else "")
        return f"{main} came off: 0" if main else "play came off: 0"
    if play.kind == "lost_challenge":
        return f"lost a challenge: {play.total}" if play.total else "lost a challenge: loses the turn"
    main = play.main_word or (play.words[0].word if play.words else "")
    return f"{play.position}  {main}".strip()


def side_game(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    # a question to answer (pass or exchange?) matters more than the last play's breakdown
    many_buttons = model.prompt is not None and len(model.prompt.buttons) > 2
    body, prompt = _with_prompt(rect, model, 0.45 if many_buttons else 0.3)
    play = model.last_play
    if play is None:
        text.draw(surface, "No play yet", widgets.rows(body, 1, 3)[0], theme.TEXT_DIM)
        _draw_prompt(surface, prompt, model, text)
        return
    line = max(12, body.height // 9)
    who = pygame.Rect(body.x, body.y, body.width, int(line * 0.9))
    text.draw(surface, f"Last play: {play.player}", who, theme.TEXT_DIM, align="left")
    heading = pygame.Rect(body.x, who.bottom, body.width, int(line * 1.5))
    text.draw(surface, _last_play_heading(play), heading, theme.TEXT, align="left")
    total_h = int(line * 1.7)
    words_area = pygame.Rect(body.x, heading.bottom + line // 4, body.width,
                             body.bottom - heading.bottom - line // 4 - total_h)
    rows = list(play.words)
    rows_needed = len(rows) + play.bingo
    # shrink rows to fit, but not below readable size; the rest become "+N more words"
    row_h = max(int(line * 0.75), min(int(line * 1.25), words_area.height // max(1, rows_needed)))
    fits = max(0, words_area.height // max(1, row_h))
    shown = rows if len(rows) + play.bingo <= fits else rows[:max(0, fits - 1 - play.bingo)]
    y = words_area.y
    for word in shown:
        row = pygame.Rect(words_area.x, y, words_area.width, row_h).inflate(0, -row_h // 8)
        name, detail, score = _columns(row)
        text.draw(surface, word.word, name, theme.TEXT, align="left")
        text.draw(surface, _breakdown(word), detail, theme.TEXT_DIM, align="left")
        text.draw(surface, str(word.score), score, theme.TEXT, align="right")
        y += row_h
    if len(shown) < len(rows):
        text.draw(surface, f"+{len(rows) - len(shown)} more words", pygame.Rect(words_area.x, y, words_area.width,
                                                                                 row_h).inflate(0, -row_h // 4),
                  theme.TEXT_DIM, align="left")
        y += row_h
    if play.bingo:
        row = pygame.Rect(words_area.x, y, words_area.width, row_h).inflate(0, -row_h // 8)
        name, _, score = _columns(row)
        text.draw(surface, "BINGO", name, theme.SKY, align="left")
        text.draw(surface, f"+{play.bingo_bonus}", score, theme.SKY, align="right")
    total = pygame.Rect(body.x, body.bottom - total_h, body.width, total_h)
    pygame.draw.line(surface, theme.PANEL_EDGE, total.topleft, total.topright, max(1, line // 12))
    label = pygame.Rect(total.x, total.y, body.width // 2, total_h).inflate(0, -total_h // 2)
    text.draw(surface, "TOTAL", label, theme.TEXT_DIM, align="left")
    text.draw(surface, str(play.total), total.inflate(0, -total_h // 8), theme.TEXT, align="right", shrink=0)
    _draw_prompt(surface, prompt, model, text)


def _columns(row: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    name = pygame.Rect(row.x, row.y, int(row.width * 0.42), row.height)
    detail = pygame.Rect(name.right + row.width // 40, row.y + row.height // 10, int(row.width * 0.36),
                         row.height * 4 // 5)
    score = pygame.Rect(detail.right, row.y, row.right - detail.right, row.height)
    return name, detail, score


def side_confirm_read(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    body, prompt = _with_prompt(rect, model, 0.3)
    title, info, zoom = widgets.rows(body, 1.1, 0.8, 2)
    text.draw(surface, "CHECK THE BOARD", title, theme.TEXT, align="left")
    doubtful = sorted(model.board.doubtful, key=lambda sq: (sq[1], sq[0]))
    if doubtful:
        info_text = f"The camera is not sure of {len(doubtful)} marked square{'s' if len(doubtful) > 1 else ''}:"
    else:
        info_text = "The camera's read of this play is uncertain."
    text.draw(surface, info_text, info, theme.TEXT, align="left")
    _zoomed_squares(surface, zoom, doubtful, model, text)
    _draw_prompt(surface, prompt, model, text)


def _zoomed_squares(surface: pygame.Surface, rect: pygame.Rect, squares: list[tuple[int, int]],
                    model: ScreenModel, text: TextPainter) -> None:
    """Each doubtful square large, as the camera read it, with its name: what to check."""
    shown = squares[:6]
    if not shown:
        return
    slot = min(rect.width // len(shown), rect.height)
    for i, (r, c) in enumerate(shown):
        area = pygame.Rect(rect.x + i * slot, rect.y, slot, rect.height)
        tile = pygame.Rect(area.x, area.y, slot * 3 // 4, slot * 3 // 4).inflate(-slot // 10, -slot // 10)
        tile.centerx = area.centerx
        name = pygame.Rect(area.x, tile.bottom + slot // 20, area.width, slot // 5)
        ch = model.board.rows[r][c]
        if ch == ".":
            widgets.box(surface, tile, theme.SQUARE_PLAIN)
            text.draw(surface, "empty", tile.inflate(-tile.width // 5, -tile.height // 2), theme.TEXT)
        else:
            blank = ch == "?" or ch.islower()
            widgets.box(surface, tile, theme.TILE_BLANK if blank else theme.TILE_LAST_PLAY)
            text.draw(surface, "?" if ch == "#" else ch, tile.inflate(-tile.width // 4, -tile.height // 5),
                      theme.BLANK_LETTER if blank and ch != "?" else theme.TEXT_DARK, shrink=0)
        pygame.draw.rect(surface, theme.DOUBTFUL, tile, max(3, tile.width // 12), border_radius=tile.width // 10)
        text.draw(surface, square_name((r, c)), name, theme.TEXT)
    if len(squares) > len(shown):
        text.draw(surface, f"+{len(squares) - len(shown)} more on the board",
                  pygame.Rect(rect.x, rect.bottom - rect.height // 6, rect.width, rect.height // 6), theme.TEXT_DIM,
                  align="left")


def side_blank_prompt(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    body, prompt = _with_prompt(rect, model, 0.3)
    blank = model.blank
    title, letters_area = widgets.rows(body, 1, 3)
    where = f" ON {blank.square}" if blank and blank.square else ""
    text.draw(surface, f"BLANK{where}: WHICH LETTER?", title, theme.TEXT, align="left")
    letters = blank.letters if blank else ()
    if letters:
        # as many per row as makes the tiles largest
        per_row = max(range(1, len(letters) + 1), key=lambda k: min(letters_area.width // k,
                                                                  letters_area.height // -(-len(letters) // k)))
        cell = min(letters_area.width // per_row, letters_area.height // -(-len(letters) // per_row))
        for i, letter in enumerate(letters):
            r, c = divmod(i, per_row)
            tile = pygame.Rect(letters_area.x + c * cell, letters_area.y + r * cell, cell, cell).inflate(-cell // 8,
                                                                                                         -cell // 8)
            chosen = blank is not None and i == blank.selected
            widgets.box(surface, tile, theme.YELLOW if chosen else theme.TILE_BLANK, theme.BLUE if chosen else None,
                        max(3, cell // 10))
            text.draw(surface, letter.lower(), tile.inflate(-cell // 4, -cell // 4), theme.BLANK_LETTER)
    _draw_prompt(surface, prompt, model, text)


def side_challenge(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    body, prompt = _with_prompt(rect, model, 0.3)
    view = model.challenge
    title, big, small = widgets.rows(body, 1, 2.2, 1)
    if view is not None and view.phase == "adjudicating":
        text.draw(surface, "CHALLENGE", title, theme.TEXT, align="left")
        text.draw(surface, "Checking the play…", big, theme.TEXT, shrink=0)
        text.draw(surface, "Both clocks stopped", small, theme.TEXT_DIM)
    else:
        text.draw(surface, "HOLD" + (f" — {view.by}" if view and view.by else ""), title, theme.TEXT, align="left")
        text.draw(surface, view.hold_text if view and view.hold_text else "", big, theme.YELLOW)
        text.draw(surface, "CHALLENGE or accept", small, theme.TEXT_DIM)
    _draw_prompt(surface, prompt, model, text)


def side_verdict(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    # KIOSK-05 / CHAL-11: the play as a whole; never a word, so last_play is not drawn here.
    body, prompt = _with_prompt(rect, model, 0.25)
    verdict = model.verdict
    banner, info = widgets.rows(body, 1.3, 1)
    if verdict is not None:
        colour = theme.ACCEPTABLE if verdict.acceptable else theme.UNACCEPTABLE
        widgets.box(surface, banner, colour)
        mark = pygame.Rect(banner.x + banner.height // 5, banner.y + banner.height // 5,
                           banner.height * 3 // 5, banner.height * 3 // 5)
        (widgets.tick if verdict.acceptable else widgets.cross)(surface, mark, theme.TEXT)
        word_area = pygame.Rect(mark.right + banner.height // 8, banner.y, banner.right - mark.right - banner.height // 4,
                                banner.height).inflate(0, -banner.height // 3)
        text.draw(surface, "ACCEPTABLE" if verdict.acceptable else "UNACCEPTABLE", word_area, theme.TEXT, shrink=0)
        by_row, consequence = widgets.rows(info, 0.8, 2)
        by = f"The play by {verdict.play_by}" if verdict.play_by else "The play"
        text.draw(surface, by, by_row.inflate(0, -by_row.height // 6), theme.TEXT_DIM, align="left")
        text.draw_wrapped(surface, verdict.consequence, consequence, theme.TEXT, consequence.height // 2)
    _draw_prompt(surface, prompt, model, text)


def side_alert(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    if not model.alerts:  # a question put as an alert (e.g. offering to end the game): the prompt gets the panel
        if model.prompt is not None:
            widgets.prompt_block(surface, rect, model.prompt, text, rect.height // 5)
        return
    body, prompt = _with_prompt(rect, model, 0.25)
    first, rest = model.alerts[0], model.alerts[1:]
    title, action, more = widgets.rows(body, 1, 2.6, 0.5 if rest else 0.001)
    widgets.box(surface, title, theme.ALERT)
    pad = title.height // 8
    sign = pygame.Rect(title.x + pad, title.y + pad, title.height - 2 * pad, title.height - 2 * pad)
    widgets.warning_sign(surface, sign, text)
    rule_w = title.width // 4 if first.rule else 0
    heading = pygame.Rect(sign.right + pad * 2, title.y, title.width - sign.width - rule_w - pad * 5, title.height)
    text.draw(surface, first.title.upper(), heading.inflate(0, -title.height // 3), theme.TEXT_DARK, align="left")
    if first.rule:
        rule = pygame.Rect(title.right - rule_w - pad, title.y + title.height // 4, rule_w, title.height // 2)
        widgets.box(surface, rule, theme.TEXT_DARK)
        text.draw(surface, first.rule, rule.inflate(-pad, -pad // 2), theme.ALERT)
    said = f"{first.explanation}. {first.action}" if first.explanation else first.action
    text.draw_wrapped(surface, said, action.inflate(0, -action.height // 10), theme.TEXT,
                      max(14, action.height // 4))
    if rest:
        text.draw(surface, "Also: " + "; ".join(a.title for a in rest), more, theme.ALERT, align="left")
    _draw_prompt(surface, prompt, model, text)


def side_waiting(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    body, prompt = _with_prompt(rect, model, 0.25)
    waiting = model.waiting
    title, reason, detail = widgets.rows(body, 0.6, 2.2, 1.6)
    text.draw(surface, "WAITING" + (f"  {waiting.elapsed}" if waiting and waiting.elapsed else ""), title,
              theme.TEXT_DIM, align="left")
    if waiting is not None:
        text.draw_wrapped(surface, waiting.reason, reason.inflate(0, -reason.height // 8), theme.YELLOW,
                          reason.height // 2)
        text.draw_wrapped(surface, waiting.detail, detail, theme.TEXT_DIM, detail.height // 3)
    _draw_prompt(surface, prompt, model, text)


def side_confirm_new_game(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel,
                          text: TextPainter) -> None:
    title, body = widgets.rows(rect, 1, 3)
    text.draw(surface, "NEW GAME?", title, theme.TEXT, align="left")
    if model.prompt is not None:
        widgets.prompt_block(surface, body, model.prompt, text, body.height // 5)


def side_menu(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    body, prompt = _with_prompt(rect, model, 0.22)
    menu = model.menu
    title, items = widgets.rows(body, 0.8, 5)
    text.draw(surface, "DIRECTOR", title, theme.TEXT_DIM, align="left")
    if menu is None:
        _draw_prompt(surface, prompt, model, text)
        return
    if menu.confirming:
        text.draw_wrapped(surface, f"{menu.confirming}: are you sure?", items, theme.YELLOW, items.height // 6)
        _draw_prompt(surface, prompt, model, text)
        return
    _draw_choice_list(surface, items, menu.items, menu.selected, text)
    _draw_prompt(surface, prompt, model, text)


def _draw_choice_list(surface: pygame.Surface, items: pygame.Rect, labels: Sequence[str], selected: int,
                      text: TextPainter) -> None:
    """A list chosen from with the buttons: rows as tall as fit (a fifth of the area at most),
    scrolled to keep the selected row in view, the selected one in a yellow box."""
    row_h = max(14, min(items.height // max(1, len(labels)), items.height // 5))
    visible = max(1, items.height // row_h)
    top = max(0, min(selected - visible // 2, len(labels) - visible))
    for i, label in enumerate(labels[top:top + visible], start=top):
        row = pygame.Rect(items.x, items.y + (i - top) * row_h, items.width, row_h).inflate(0, -row_h // 8)
        if i == selected:
            widgets.box(surface, row, theme.YELLOW)
        text.draw(surface, label, row.inflate(-row_h // 3, -row_h // 4),
                  theme.TEXT_DARK if i == selected else theme.TEXT, align="left")


def side_rack_entry(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    body, prompt = _with_prompt(rect, model, 0.3)
    entry = model.tiles_left
    title, who, value, done = widgets.rows(body, 0.8, 1, 1.6, 1)
    text.draw(surface, "PLAY IS OVER" + (f": {entry.reason}" if entry and entry.reason else ""), title,
              theme.TEXT_DIM, align="left")
    if entry is not None:
        text.draw_wrapped(surface, f"{entry.name}: value of the tiles left on your rack", who, theme.TEXT,
                          who.height // 2)
        text.draw(surface, str(entry.value), value, theme.YELLOW, shrink=0)
        if entry.entered:
            text.draw(surface, "   ".join(entry.entered), done, theme.TEXT_DIM, align="left")
    _draw_prompt(surface, prompt, model, text)


SIDE: dict[str, Draw] = {
    "menu": side_menu,
    "rack_entry": side_rack_entry,
    "game": side_game,
    "confirm_read": side_confirm_read,
    "blank_prompt": side_blank_prompt,
    "challenge": side_challenge,
    "verdict": side_verdict,
    "alert": side_alert,
    "waiting": side_waiting,
    "confirm_new_game": side_confirm_new_game,
}


# --- whole pages ----------------------------------------------------------------------------

def _start_names(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    """The club's list on the start screen: whose name is chosen, the names around the cursor."""
    setup = model.start
    assert setup is not None and setup.choosing is not None
    body, prompt = _with_prompt(rect, model, 0.22)
    title, items = widgets.rows(body, 1.2, 5.5)
    whose = f"Player {setup.choosing + 1}"
    if setup.chosen:
        whose = f"Player 1 is {setup.chosen[0]}. Player 2"
    text.draw(surface, f"{whose}: choose a name", title, theme.TEXT, align="left")
    _draw_choice_list(surface, items, setup.choices, setup.cursor, text)
    _draw_prompt(surface, prompt, model, text)


def _start_prompt(surface: pygame.Surface, rect: pygame.Rect | None, model: ScreenModel, text: TextPainter) -> None:
    """The start screen's answers one per line, each meaning the whole width (names can be long)."""
    prompt = model.prompt
    if rect is None or prompt is None:
        return
    rect = rect.inflate(0, -rect.height // 10)
    hints = prompt.buttons
    parts = widgets.rows(rect, *(([1.0] if prompt.question else []) + [1.0] * len(hints)))
    if prompt.question:
        text.draw_wrapped(surface, prompt.question, parts[0], theme.YELLOW, parts[0].height * 3 // 4)
        parts = parts[1:]
    for hint, row in zip(hints, parts):
        widgets.button_hints(surface, row, (hint,), text)


def page_start(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    setup = model.start
    if setup is not None and setup.choosing is not None:
        _start_names(surface, rect, model, text)
        return
    first = setup.first_player if setup else 0
    read = setup.names_read if setup is not None and len(setup.names_read) == 2 else ()
    lines = len(model.prompt.buttons) + bool(model.prompt.question) if model.prompt is not None else 0
    body, prompt = _with_prompt(rect, model, min(0.4, 0.14 * lines))
    title, p0, p1, settings, note = widgets.rows(body, 1.2, 1.3, 1.3, 1, 1.2)
    text.draw(surface, "NAMES READ FROM THE BOARD" if read else "NEW GAME", title,
              theme.YELLOW if read else theme.TEXT, align="left")
    for i, row in enumerate((p0, p1)):
        editing = setup is not None and (setup.editing == f"player{i + 1}" or bool(read))
        row = row.inflate(0, -row.height // 6)
        widgets.box(surface, row, theme.PANEL, theme.YELLOW if editing else None, max(2, row.height // 15))
        inner = row.inflate(-row.height // 2, -row.height // 4)
        if i == first:
            widgets.triangle_right(surface, pygame.Rect(inner.x, inner.y + inner.height // 6, inner.height,
                                                        inner.height * 2 // 3), theme.YELLOW)
        name = pygame.Rect(inner.x + inner.height, inner.y, int(inner.width * 0.6), inner.height)
        text.draw(surface, read[i] if read else model.players[i].name, name, theme.TEXT, align="left")
        if i == first:
            text.draw(surface, "goes first", pygame.Rect(name.right, inner.y, inner.right - name.right,
                                                         inner.height).inflate(0, -inner.height // 3),
                      theme.YELLOW, align="right")
    if setup is not None:
        parts = [f"Rules: {setup.profile}."] + ([f"Word list: {setup.lexicon}."] if setup.lexicon else [])
        colour = theme.YELLOW if setup.editing in ("profile", "lexicon") else theme.TEXT
        text.draw_wrapped(surface, "  ".join(parts), settings, colour, settings.height // 2)
    names = read or (model.players[0].name, model.players[1].name)
    text.draw_wrapped(surface, f"{names[1 - first]} starts {names[first]}'s clock by pressing their own button.",
                      note, theme.TEXT, note.height * 2 // 3)
    _start_prompt(surface, prompt, model, text)


def page_result(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    result = model.result
    body, prompt = _with_prompt(rect, model, 0.24)
    unsaved = result.unsaved if result is not None else ""
    title, winner, table, notice = widgets.rows(body, 1, 1.4, 3.2, 2.2 if unsaved else 0.001)
    reason = f"GAME OVER — {result.end_reason}" if result and result.end_reason else "GAME OVER"
    text.draw(surface, reason, title, theme.TEXT_DIM, align="left")
    if result is None:
        _draw_prompt(surface, prompt, model, text)
        return
    verdict = f"{result.winner} wins" if result.winner else "A tie"
    text.draw(surface, verdict, winner, theme.YELLOW, align="left")
    header = ("", "score", "rack", "time", "final", "confirmed")
    widths = (0.32, 0.13, 0.13, 0.13, 0.15, 0.14)
    rows = [header] + [(line.name, str(line.score_before),
                        f"{line.rack_adjustment:+d}" if line.rack_adjustment else "0",
                        f"-{line.time_penalty}" if line.time_penalty else "0", str(line.final),
                        "yes" if line.confirmed else "not yet") for line in result.lines]
    row_h = table.height // max(3, len(rows))
    for r, cells in enumerate(rows):
        x = table.x
        for c, (value, w) in enumerate(zip(cells, widths)):
            cell = pygame.Rect(x, table.y + r * row_h, int(table.width * w), row_h).inflate(-row_h // 4, -row_h // 4)
            x += int(table.width * w)
            if r == 0:
                cell = cell.inflate(0, -row_h // 3)
                colour = theme.TEXT_DIM
            elif c == 4:
                colour = theme.YELLOW
            elif c == 5 and value == "yes":
                colour = theme.GREEN
            else:
                colour = theme.TEXT
            text.draw(surface, value, cell, colour, align="left" if c == 0 else "right")
    if unsaved:   # the card could not take the finished game: it is only in memory until it can
        widgets.box(surface, notice, theme.ALERT)
        pad = max(2, notice.height // 12)
        text.draw_wrapped(surface, unsaved, notice.inflate(-4 * pad, -2 * pad), theme.TEXT_DARK,
                          max(14, notice.height // 3))
    _draw_prompt(surface, prompt, model, text)


def page_recovered(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    rec = model.recovered
    body, prompt = _with_prompt(rect, model, 0.2)
    title, facts, damage = widgets.rows(body, 1, 1.6, 2)
    text.draw(surface, "GAME RECOVERED", title, theme.TEXT, align="left")
    if rec is not None:
        facts_text = f"{rec.events_recovered} events recovered."
        if rec.time_lost:
            facts_text += f" The kiosk was down {rec.time_lost}: check the clocks."
        text.draw_wrapped(surface, facts_text, facts, theme.TEXT, facts.height // 2)
        report = "\n".join(rec.damage) if rec.damage else "Nothing was damaged."
        text.draw_wrapped(surface, report, damage, theme.ALERT if rec.damage else theme.TEXT_DIM, damage.height // 4)
    _draw_prompt(surface, prompt, model, text)


def page_error(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    body, prompt = _with_prompt(rect, model, 0.2)
    title, line, hint = widgets.rows(body, 1, 2.2, 0.8)
    widgets.box(surface, title, theme.VERMILLION)
    text.draw(surface, "THE KIOSK CANNOT START: A FILE NEEDS FIXING", title.inflate(-title.height // 2,
                                                                                   -title.height // 3), theme.TEXT,
              shrink=0)
    text.draw_wrapped(surface, model.error or "Unknown problem", line.inflate(0, -line.height // 8), theme.TEXT,
                      line.height // 3)
    text.draw(surface, "Fix that line of the file, then restart the kiosk.", hint.inflate(0, -hint.height // 3),
              theme.TEXT_DIM, align="left")
    _draw_prompt(surface, prompt, model, text)


def page_journal_problem(surface: pygame.Surface, rect: pygame.Rect, model: ScreenModel, text: TextPainter) -> None:
    """The unfinished game cannot be resumed as it is: the line named, the director's choice below."""
    body, prompt = _with_prompt(rect, model, 0.45)
    title, line = widgets.rows(body, 1, 1.6)
    widgets.box(surface, title, theme.VERMILLION)
    text.draw(surface, "THE GAME CANNOT BE RESUMED: CALL THE DIRECTOR",
              title.inflate(-title.height // 2, -title.height // 3), theme.TEXT, shrink=0)
    text.draw_wrapped(surface, model.error or "Unknown problem", line.inflate(0, -line.height // 8), theme.TEXT,
                      line.height // 3)
    _draw_prompt(surface, prompt, model, text)


PAGES: dict[str, Draw] = {
    "start": page_start,
    "result": page_result,
    "recovered": page_recovered,
    "error": page_error,
    "journal_problem": page_journal_problem,
}

from .rack_setup import page_rack_setup  # noqa: E402  (helper "rackscreen": the rack setup's page)

PAGES["rack_setup"] = page_rack_setup
