"""Rule sheets: one game's rules and the referee's rulings on one or two pages."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from printables import styles
from printables.dice import board_drawing, dice_drawing, fitting_size
from printables.layout import Furniture, build_counted, frame_size, paragraph
from printables.words import PaperWords
from referee.core.contract import Game
from referee.core.gametext import GameText, Step
from referee.core.sentences import say

SCORING_DICE = 11
EXAMPLE_DICE = 20
DICE_COLUMN = 0.36  # share of the frame the scoring table gives to its dice
EXAMPLE_COLUMN = 0.42
EXAMPLE_GUTTER = 12
ACROSS_PADDING = 10
MAX_PAGES = 2
TIGHTER = 0.94  # type and spacing of a sheet set tighter, times the usual


def rule_sheet_pdf(game: Game, paper: str, words: PaperWords) -> bytes:
    """The rule sheet of ``game``, from its text, as PDF bytes in ``words``' language, on at
    most ``MAX_PAGES`` pages: a language that runs longer than English is set a little
    tighter (``TIGHTER``) when it would take another page."""
    data, pages = _rule_sheet(game, paper, words, styles.SHEET)
    if pages > MAX_PAGES:
        data, _ = _rule_sheet(game, paper, words, styles.SHEET.tighter(TIGHTER))
    return data


def _rule_sheet(
    game: Game, paper: str, words: PaperWords, setting: styles.Setting
) -> tuple[bytes, int]:
    text = game.TEXT
    width, _ = frame_size(paper)
    title = words(game.TITLE)
    story: list[Flowable] = [
        paragraph(words(say("{game}: rules", game=title)), setting.title),
        paragraph(words(text.intro), setting.subtitle),
        Spacer(1, 4),
        paragraph(
            words(say("<b>You need:</b> {things}", things=_joined(text.components, words))),
            setting.body,
        ),  # fmt: skip
        _heading(words(text.turn_title), setting),
        *_numbered(tuple(words(step) for step in text.turn), setting),
        _heading(words(say("What scores")), setting),
        *_scoring(text, width, words, setting),
        *(paragraph(words(note), setting.body) for note in text.scoring_notes),
        # The title as it reads after the colon (lower-case in English; German nouns keep
        # their capitals).
        _heading(words(say("Example: {title}", title=words(text.example_title))), setting),
        _example_table(text.example, width, words, setting),
        _heading(words(say("The end of the game")), setting),
        *(paragraph(words(p), setting.body) for p in text.endgame),
        _heading(words(say("How the referee rules")), setting),
        *_bullets([f"<b>{words(r.lead)}</b> {words(r.text)}" for r in text.rulings], setting),
    ]
    if game.OPTIONS:
        story += [
            _heading(words(say("Table options")), setting),
            _options_table(game, width, words, setting),
        ]
    furniture = Furniture(
        words(say("{game} · rules and rulings", game=title)),
        text.emblem,
        words(say("Referee rule sheet")),
        words,
    )
    return build_counted(story, paper=paper, title=words(say("{game}: rules", game=title)),
                         furniture=furniture)  # fmt: skip


def _joined(texts: tuple[str, ...], words: PaperWords) -> str:
    return " ".join(words(text) for text in texts)


def _heading(text: str, setting: styles.Setting) -> Paragraph:
    return paragraph(text, setting.h2)


def _bullets(items: list[str] | tuple[str, ...], setting: styles.Setting) -> list[Paragraph]:
    # Paragraphs with bullets, not a ListFlowable: a heading's keepWithNext then holds
    # it to the first item instead of leaving it alone at the foot of a page.
    return [paragraph(item, setting.bullet, bulletText="•") for item in items]


def _numbered(items: tuple[str, ...], setting: styles.Setting) -> list[Paragraph]:
    return [paragraph(item, setting.numbered, bulletText=f"{n}") for n, item in enumerate(items, 1)]


def _scoring(
    text: GameText, width: float, words: PaperWords, setting: styles.Setting
) -> list[Flowable]:
    story: list[Flowable] = []
    if text.scoring:
        story += [_scoring_table(text, width, words, setting), Spacer(1, 4)]
    for rows in text.across:
        said = tuple(tuple(words(cell) for cell in row) for row in rows)
        story += [_across_table(said, width), Spacer(1, 5)]
    return story


def _across_table(rows: tuple[tuple[str, ...], ...], width: float) -> Table:
    """A small table read left to right: columns as wide as their words, then widened to fit."""
    needs = [
        max(stringWidth(row[col], styles.BOLD if col == 0 else styles.FONT, 9) for row in rows)
        + ACROSS_PADDING
        for col in range(len(rows[0]))
    ]
    spare = max(0.0, width - sum(needs)) / (len(needs) - 1)
    widths = [needs[0]] + [n + spare for n in needs[1:]]
    return Table(rows, colWidths=widths, style=TableStyle(styles.ACROSS_TABLE), hAlign="LEFT")


def _scoring_table(
    text: GameText, width: float, words: PaperWords, setting: styles.Setting
) -> Table:
    has_dice = any(row.dice for row in text.scoring)
    dice_width = width * DICE_COLUMN if has_dice else 0
    worth_width = width * 0.26
    what_width = width - dice_width - worth_width
    head: list[object] = [words(text.scoring_head[0]), words(text.scoring_head[1])]
    rows: list[list[object]] = [[*head, ""] if has_dice else head]
    for row in text.scoring:
        cells: list[object] = [
            paragraph(words(row.what), setting.cell),
            _worth(words(row.worth), worth_width, setting),
        ]
        if has_dice:
            cells.append(
                dice_drawing([row.dice], size=SCORING_DICE, gap=2, names=False) if row.dice else ""
            )
        rows.append(cells)
    widths = [what_width, worth_width] + ([dice_width] if has_dice else [])
    style = list(styles.SCORING_TABLE)
    if has_dice:
        style += [("ALIGN", (-1, 0), (-1, -1), "LEFT"), ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                  ("LEFTPADDING", (-1, 0), (-1, -1), 14)]  # fmt: skip
    return Table(rows, colWidths=widths, style=TableStyle(style), hAlign="LEFT", repeatRows=1)


def _worth(words: str, width: float, setting: styles.Setting) -> object:
    """A "worth" cell: as plain text when it fits the column, else wrapped in it."""
    if stringWidth(words, styles.FONT, 9) <= width - 2 * ACROSS_PADDING:
        return words
    return paragraph(words, setting.cell_right)


def _example_table(
    steps: tuple[Step, ...], width: float, words: PaperWords, setting: styles.Setting
) -> Flowable:
    dice_width = width * EXAMPLE_COLUMN
    room = dice_width - EXAMPLE_GUTTER
    # One die size for the whole example, so the steps line up.
    size = min(
        (fitting_size(s.dice, room, EXAMPLE_DICE) for s in steps if s.dice), default=EXAMPLE_DICE
    )

    def figure(step: Step) -> Flowable:
        if step.board:
            return board_drawing(step.board, width=room, size=EXAMPLE_DICE)
        captions = [words(caption) for caption in step.captions]
        return dice_drawing(step.dice, size=size, captions=captions, words=words)

    rows = [[figure(step), paragraph(words(step.text), setting.caption)] for step in steps]
    table = Table(
        rows,
        colWidths=[dice_width, width - dice_width],
        style=TableStyle(styles.EXAMPLE_TABLE),
        hAlign="LEFT",
    )
    return KeepTogether([table, Spacer(1, 2)])


def _options_table(game: Game, width: float, words: PaperWords, setting: styles.Setting) -> Table:
    rows = [[words(say("Option")), words(say("What it does")), words(say("Default"))]]
    for option in game.OPTIONS:
        rows.append(
            [paragraph(words(option.label), setting.cell),
             paragraph(words(option.help), setting.cell),
             paragraph(words.number(option.default), setting.cell_right)]
        )  # fmt: skip
    widths = [width * 0.24, width * 0.6, width * 0.16]
    return Table(rows, colWidths=widths, style=TableStyle(styles.SCORING_TABLE), hAlign="LEFT")
