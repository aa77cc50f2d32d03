"""The two scorepad layouts a game's text can ask for, blank or filled in.

``running_table`` draws a ``RunningPad``: a round a row, and per player a turn
cell and a running-total cell.  ``tally_sheet`` draws one sheet of a
``TallyPad``: tracks of tally boxes with what each pays and scores, a side
column of valued slots, and the total.  A blank pad and a filled sheet are the
same call with and without the recorded data, so they always share one layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from printables import styles
from printables.dice import face
from printables.layout import MIN_FONT_SIZE, Furniture, build, fit, frame_size, paragraph
from printables.tally import boxes_width, strokes, tally
from printables.words import PaperWords
from referee.core.contract import Game
from referee.core.gametext import RunningPad, TallyPad, TallySheet
from referee.core.sentences import say

# Rows of 6.35 mm (a quarter inch) give a pencilled number room; on Letter, shorter than
# A4, they shrink a little so a game's rounds still fit one page.
ROW_HEIGHT = 0.25 * 72
MIN_ROW_HEIGHT = 15
SLACK = 4  # points kept spare for rounding
NAME_ROW_HEIGHT = 20
LABEL_ROW_HEIGHT = 11
ROUND_WIDTH = 26
MAX_CELL_WIDTH = 66
# A centred word may reach into its cell's padding: it needs the cell's width less a hair.
CENTRED_SLACK = 0.5
# A running pad's step, said: the ``TURN_WORD`` of each game kept on one (turn, round,
# placement), so that a pad heads its columns in the reader's language.
STEP_WORDS = {"turn": say("turn"), "round": say("round"), "placement": say("placement")}
REPORTLAB_PADDING = 6  # a table cell's padding a side where the style names none


@dataclass(frozen=True)
class TurnCell:
    """One recorded turn: what to write in the turn cell, and the running total after it."""

    turn: str
    total: int
    bust: bool = False
    final_round: bool = False


def running_table(
    names: Sequence[str],
    width: float,
    rows: int,
    columns: Sequence[Sequence[TurnCell]] = (),
    winners: Sequence[str] = (),
    row_height: float = ROW_HEIGHT,
    turn_word: str = "turn",
    *,
    words: PaperWords,
) -> Table:
    """The running-total table in ``words``' language: blank when ``columns`` is empty, else
    one column per player.

    Rows grow to fit the longest column; the two header rows repeat when the
    table runs onto a second page.  ``turn_word`` heads each player's first
    column (the game's ``TURN_WORD``: "turn", "round").
    """
    players = len(names)
    columns = list(columns) or [[] for _ in names]
    rows = max(rows, *(len(c) for c in columns))
    cell = min(MAX_CELL_WIDTH, (width - ROUND_WIDTH) / (2 * players))
    widths = [ROUND_WIDTH] + [cell] * (2 * players)
    style = list(styles.RUNNING_TABLE)
    style.append(("SPAN", (0, 0), (0, 1)))
    head: list[object] = [fitted(words(say("Round")), ROUND_WIDTH, (0, 0), (styles.BOLD, 7), style)]
    labels: list[object] = [""]
    for seat, name in enumerate(names):
        col = 1 + 2 * seat
        text, size = fit(name, 2 * cell - 6, styles.BOLD, 10)
        head += [text, ""]
        labels += [
            fitted(
                words(STEP_WORDS.get(turn_word, turn_word)), cell, (col, 1), (styles.FONT, 7), style
            ),  # fmt: skip
            fitted(words(say("total")), cell, (col + 1, 1), (styles.FONT, 7), style),
        ]
        style += [
            ("SPAN", (col, 0), (col + 1, 0)),
            ("FONTSIZE", (col, 0), (col, 0), size),
            ("LINEBEFORE", (col, 0), (col, -1), styles.RUNNING_PLAYER_RULE, styles.INK),
            ("FONT", (col + 1, 2), (col + 1, -1), *styles.RUNNING_TOTAL_FONT),
        ]
    body = [[str(r + 1)] + [""] * (2 * players) for r in range(rows)]
    for seat, turns in enumerate(columns):
        col = 1 + 2 * seat
        for r, turn in enumerate(turns):
            body[r][col], body[r][col + 1] = turn.turn, words.number(turn.total)
            row = r + styles.RUNNING_HEADER_ROWS
            if turn.bust:
                style.append(("FONT", (col, row), (col, row), styles.BOLD, 8))
            if turn.final_round:
                style.append(("BACKGROUND", (col, row), (col + 1, row), styles.SHADE))
        if names[seat] in winners and turns:
            row = len(turns) - 1 + styles.RUNNING_HEADER_ROWS
            style.append(("BOX", (col + 1, row), (col + 1, row), 1.8, styles.INK))
    heights = [NAME_ROW_HEIGHT, LABEL_ROW_HEIGHT] + [row_height] * rows
    return Table(
        [head, labels, *body],
        colWidths=widths,
        rowHeights=heights,
        style=TableStyle(style),
        repeatRows=styles.RUNNING_HEADER_ROWS,
        hAlign="LEFT",
    )


def fitted(
    text: str,
    width: float,
    cell: tuple[int, int],
    font: tuple[str, float],
    style: list[tuple[object, ...]],
    padding: float = CENTRED_SLACK,
) -> str:
    """``text`` fitted to a table cell ``width`` points wide, less ``padding`` (a centred
    word's hair by default): when it must shrink (a longer word in another language), a
    ``FONTSIZE`` for the cell is added to ``style``."""
    text, size = fit(text, width - padding, *font)
    if size != font[1]:
        style.append(("FONTSIZE", cell, cell, size))
    return text


# --- tally sheets ---------------------------------------------------------------------

TRACK_BOX = 13
TRACK_ROW = 19
LABEL_WIDTH, PAYS_WIDTH, OVER_WIDTH, SCORE_WIDTH, VALUE_WIDTH = 26, 30, 34, 46, 28
TALLY_PAD = 6
SIDE_GAP = 5 * mm
DIE_IN_SLOT = 15


def _track_widths(cap: int) -> list[float]:
    marks = boxes_width(cap, TRACK_BOX) + TALLY_PAD
    return [LABEL_WIDTH, PAYS_WIDTH, marks, OVER_WIDTH, SCORE_WIDTH]


def _side_widths(side_cap: int) -> list[float]:
    return [VALUE_WIDTH, boxes_width(side_cap, TRACK_BOX) + TALLY_PAD]


def tally_sheet(sheet: TallySheet, words: PaperWords) -> Flowable:
    """One paper sheet of tally tracks in ``words``' language, blank or with its marks, row
    scores and total."""
    side = [_side(sheet, words), Spacer(1, 10), _total(sheet, words),
            paragraph(words(sheet.note), styles.SMALL)]  # fmt: skip
    name = sheet.player
    title = paragraph(
        words(say("Sheet of <b>{player}</b>", player=escape(name)))
        if name
        else words(say("Sheet of {line}", line="_" * 28)),
        styles.BODY,
    )
    body = Table(
        [[_track(sheet, words), "", side]],
        colWidths=[sum(_track_widths(sheet.cap)), SIDE_GAP, sum(_side_widths(sheet.side_cap))],
        style=TableStyle(styles.LAYOUT),
        hAlign="LEFT",
    )
    return KeepTogether([title, Spacer(1, 2), body])


def _track(sheet: TallySheet, words: PaperWords) -> Table:
    style = list(styles.SHEET_TRACK)
    widths = _track_widths(sheet.cap)
    head = [
        _track_head(words(text), width, col, style)
        for col, (text, width) in enumerate(zip(sheet.head, widths, strict=True))
    ]
    rows: list[list[object]] = [head]
    for row in sheet.rows:
        over = strokes(max(0, row.marks - sheet.cap), OVER_WIDTH - TALLY_PAD)
        marks = tally(row.marks, sheet.cap, box=TRACK_BOX)
        rows.append([words(row.label), words(row.pays), marks, over, words(row.score)])
    wrapped = any(not isinstance(cell, str) for cell in head)
    heights = [None if wrapped else 14] + [TRACK_ROW] * len(sheet.rows)
    return Table(rows, colWidths=widths, rowHeights=heights, style=TableStyle(style))


def _track_head(text: str, width: float, col: int, style: list[tuple[object, ...]]) -> object:
    """A track's heading as it fits its column: on one line, smaller for a longer word (down
    to 6 points), else on two lines (a longer language's "Punkte der Zeile")."""
    if stringWidth(text, styles.BOLD, MIN_FONT_SIZE) <= width - CENTRED_SLACK:
        return fitted(text, width, (col, 0), (styles.BOLD, 7.5), style)
    return paragraph(text, styles.HEAD_CELL)


def _side(sheet: TallySheet, words: PaperWords) -> Table:
    rows: list[list[object]] = [[words(sheet.side_head), ""]]
    for value, marks in sheet.side:
        die: object = face(value, DIE_IN_SLOT) if value else ""
        rows.append([die, tally(marks, sheet.side_cap, box=TRACK_BOX)])
    style = [*styles.SHEET_SIDE, ("SPAN", (0, 0), (1, 0))]
    heights = [14] + [TRACK_ROW + 4] * len(sheet.side)
    return Table(rows, colWidths=_side_widths(sheet.side_cap), rowHeights=heights,
                 style=TableStyle(style))  # fmt: skip


def _total(sheet: TallySheet, words: PaperWords) -> Table:
    widths = _side_widths(sheet.side_cap)
    style = list(styles.SHEET_TOTAL)
    label = fitted(words(say("Total")), widths[0] + 12, (0, 0), (styles.BOLD, 10), style,
                   REPORTLAB_PADDING + CENTRED_SLACK)  # fmt: skip
    return Table([[label, words(sheet.total)]],
                 colWidths=[widths[0] + 12, widths[1] - 12], rowHeights=[26],
                 style=TableStyle(style))  # fmt: skip


# --- whole documents ----------------------------------------------------------------------

SHEETS_PER_PAGE = 2


def blank_legend(pad: RunningPad, words: PaperWords) -> str:
    """What a blank running pad asks the players to write, in ``words``' language."""
    lines = [say("Write each turn's points and the new total.")]
    if pad.busts:
        lines.append(say("For a bust write <b>bust</b> and carry the total over."))
    if pad.final_round:
        lines.append(say("Shade the turns of the final round."))
    return " ".join(words(line) for line in lines)


def running_story(
    game: Game,
    pad: RunningPad,
    *,
    names: Sequence[str],
    options: Mapping[str, int],
    paper: str,
    heading: str,
    subtitle: str,
    words: PaperWords,
    columns: Sequence[Sequence[TurnCell]] = (),
    winners: Sequence[str] = (),
    legend: str | None = None,
    result: str = "",
    extra: Sequence[Flowable] = (),
    corner: Flowable | None = None,
) -> list[Flowable]:
    """The flowables of a running-total pad in ``words``' language, blank or filled, under
    ``heading`` (its title), with ``extra`` flowables (a filled sheet's boards) at the foot
    and ``corner`` beside the title.

    The rows shrink from a quarter inch (to 5.3 mm at least) so that the
    pad's rounds and the notes under them share one page; a filled sheet with
    more rounds than that runs onto a second page.
    """
    note = words(pad.note).format(**{name: words.number(v) for name, v in options.items()})
    width, height = frame_size(paper)
    subtitle = " · ".join(p for p in (subtitle, note) if p)
    lines = [*heading_lines(heading, subtitle), Spacer(1, 6)]
    above = beside(lines, corner, width)
    if legend is None:
        legend = blank_legend(pad, words)
    below: list[Flowable] = [Spacer(1, 4)]
    if result:
        below.append(paragraph(escape(result), styles.RESULT))
    if legend:
        below += [paragraph(legend, styles.SMALL), Spacer(1, 3)]
    below.append(paragraph(scoring_line(game, words), styles.SMALL))
    below += extra
    rows = pad.rows
    room = height - stacked_height([*above, *below], width) - NAME_ROW_HEIGHT - LABEL_ROW_HEIGHT
    row_height = max(MIN_ROW_HEIGHT, min(ROW_HEIGHT, (room - SLACK) / rows))
    table = running_table(names, width, rows, columns, winners, row_height, game.TURN_WORD,
                          words=words)  # fmt: skip
    return [*above, table, *below]


def scoring_line(game: Game, words: PaperWords) -> str:
    """The game's one-line scoring reminder under a pad, in ``words``' language."""
    return words(say("<b>Scoring:</b> {reminder}", reminder=words(game.TEXT.reminder)))


def heading_lines(title: str, subtitle: str) -> list[Flowable]:
    """A document's title and the line under it."""
    return [paragraph(title, styles.TITLE), paragraph(escape(subtitle), styles.SUBTITLE)]


def beside(lines: list[Flowable], corner: Flowable | None, width: float) -> list[Flowable]:
    """``lines`` (a heading), and ``corner`` (a filled sheet's QR code, the white round it
    included) at the top right beside them: the lines wrap in the column left of it, so
    nothing overlaps, and take no more height than before when the corner is no taller."""
    if corner is None:
        return lines
    corner_width = corner.wrap(width, width)[0]
    columns = [width - corner_width, corner_width]
    return [Table([[lines, corner]], colWidths=columns, style=TableStyle(styles.LAYOUT))]


def stacked_height(flowables: Sequence[Flowable], width: float) -> float:
    """The height ``flowables`` take one under the other, spacing included."""
    return sum(f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)


def sheets_story(
    game: Game,
    *,
    sheets: Sequence[TallySheet],
    heading: str,
    subtitle: str,
    width: float,
    words: PaperWords,
    result: str = "",
    corner: Flowable | None = None,
) -> list[Flowable]:
    """The flowables of tally sheets in ``words``' language, two a page, blank or filled,
    under ``heading`` (their title), with ``corner`` beside the title."""
    story = beside(heading_lines(heading, subtitle), corner, width)
    if result:
        story.append(paragraph(escape(result), styles.RESULT))
    story.append(paragraph(scoring_line(game, words), styles.SMALL))
    for index, sheet in enumerate(sheets):
        if index and index % SHEETS_PER_PAGE == 0:
            story.append(PageBreak())
        story += [Spacer(1, 12), tally_sheet(sheet, words)]
    return story


def scorepad_pdf(
    game: Game, *, players: int, paper: str, options: Mapping[str, int], words: PaperWords
) -> bytes:
    """A blank scorepad for ``players`` players (a tally pad: that many sheets) in ``words``'
    language."""
    names = [""] * players
    pad = game.TEXT.pad
    title = words(game.TITLE)
    if isinstance(pad, TallyPad):
        story = sheets_story(game, sheets=pad.fill(None, names),
                             heading=words(say("{game}: scoresheets", game=title)),
                             subtitle=words(say("Date {line}   Place {line}", line="_" * 14)),
                             width=frame_size(paper)[0], words=words)  # fmt: skip
    else:
        story = running_story(game, pad, names=names, options=options, paper=paper,
                              heading=words(say("{game}: scorepad", game=title)),
                              subtitle=words(say("Date {line}", line="_" * 12)),
                              words=words)  # fmt: skip
    furniture = Furniture(words(say("{game} · scorepad", game=title)), game.TEXT.emblem,
                          words(say("Referee scorepad")), words)  # fmt: skip
    return build(story, paper=paper, title=words(say("{game}: scorepad", game=title)),
                 furniture=furniture)  # fmt: skip
