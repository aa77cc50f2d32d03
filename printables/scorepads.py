"""The two scorepad layouts, blank or filled in: running totals, and Solitaire's sheet.

``running_table`` serves 10K, Keys and Base Dice and Lucky Sevens: a round a
row, and per player a turn cell and a running-total cell.  ``solitaire_sheet``
is the paper sheet: rows 2-12 with tally boxes, the throwaway column, row
scores and the total.  A blank pad and a filled sheet are the same call with
and without the recorded data, so they always share one layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from printables import styles
from printables.content import SHEET, GameText, option_values
from printables.dice import face
from printables.layout import Furniture, build, fit, frame_size
from printables.tally import boxes_width, strokes, tally
from referee.engine import Game, points
from referee.games import solitaire

# Rows of 6.35 mm (a quarter inch) give a pencilled number room; on Letter, shorter than
# A4, they shrink a little so a game's rounds still fit one page.
ROW_HEIGHT = 0.25 * 72
MIN_ROW_HEIGHT = 15
SLACK = 4  # points kept spare for rounding
NAME_ROW_HEIGHT = 20
LABEL_ROW_HEIGHT = 11
ROUND_WIDTH = 26
MAX_CELL_WIDTH = 66


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
) -> Table:
    """The running-total table: blank when ``columns`` is empty, else one column per player.

    Rows grow to fit the longest column; the two header rows repeat when the
    table runs onto a second page.
    """
    players = len(names)
    columns = list(columns) or [[] for _ in names]
    rows = max(rows, *(len(c) for c in columns))
    cell = min(MAX_CELL_WIDTH, (width - ROUND_WIDTH) / (2 * players))
    widths = [ROUND_WIDTH] + [cell] * (2 * players)
    head: list[object] = ["Round"]
    labels: list[object] = [""]
    style = list(styles.RUNNING_TABLE)
    style.append(("SPAN", (0, 0), (0, 1)))
    for seat, name in enumerate(names):
        col = 1 + 2 * seat
        text, size = fit(name, 2 * cell - 6, styles.BOLD, 10)
        head += [text, ""]
        labels += ["turn", "total"]
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
            body[r][col], body[r][col + 1] = turn.turn, points(turn.total)
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


# --- Solitaire Dice ---------------------------------------------------------------------

TRACK_BOX = 13
TRACK_ROW = 19
THROW_SLOTS = solitaire.THROWAWAY_LIMIT
SUM_WIDTH, PAYS_WIDTH, OVER_WIDTH, SCORE_WIDTH, VALUE_WIDTH = 26, 30, 34, 46, 28
TALLY_PAD = 6
SIDE_GAP = 5 * mm
DIE_IN_SLOT = 15


def _track_widths() -> list[float]:
    marks = boxes_width(solitaire.MARK_CAP, TRACK_BOX) + TALLY_PAD
    return [SUM_WIDTH, PAYS_WIDTH, marks, OVER_WIDTH, SCORE_WIDTH]


def _side_widths() -> list[float]:
    return [VALUE_WIDTH, boxes_width(solitaire.CLOSING_MARKS, TRACK_BOX) + TALLY_PAD]


def solitaire_sheet(name: str, sheet: solitaire.Sheet | None = None) -> Flowable:
    """One Solitaire Dice sheet, blank or with ``sheet``'s marks, row scores and total."""
    track = _track(sheet)
    side = [_throwaways(sheet), Spacer(1, 10), _total(sheet)]
    if sheet is not None and sheet.closed:
        closing = next(v for v, n in sheet.throwaways if n >= solitaire.CLOSING_MARKS)
        side.append(Paragraph(f"Closed by the {solitaire.CLOSING_MARKS}th mark on {closing}.",
                              styles.SMALL))  # fmt: skip
    else:
        side.append(
            Paragraph(
                f"Up to {THROW_SLOTS} throwaway values; the {solitaire.CLOSING_MARKS}th mark "
                "on one closes the sheet.",
                styles.SMALL,
            )
        )
    title = Paragraph(
        f"Sheet of <b>{escape(name)}</b>" if name else "Sheet of " + "_" * 28, styles.BODY
    )
    body = Table(
        [[track, "", side]],
        colWidths=[sum(_track_widths()), SIDE_GAP, sum(_side_widths())],
        style=TableStyle(styles.LAYOUT),
        hAlign="LEFT",
    )
    return KeepTogether([title, Spacer(1, 2), body])


def _track(sheet: solitaire.Sheet | None) -> Table:
    rows: list[list[object]] = [
        ["Sum", "Pays", "Marks (groups of five)", f"Over {solitaire.MARK_CAP}", "Row score"]
    ]
    cap = solitaire.MARK_CAP
    for total, value in solitaire.SUM_VALUES.items():
        marks = sheet.marks_for(total) if sheet else 0
        score = points(solitaire.row_score(total, marks)) if sheet else ""
        over = strokes(max(0, marks - cap), OVER_WIDTH - TALLY_PAD)
        rows.append([str(total), str(value), tally(marks, cap, box=TRACK_BOX), over, score])
    heights = [14] + [TRACK_ROW] * len(solitaire.SUM_VALUES)
    return Table(rows, colWidths=_track_widths(), rowHeights=heights,
                 style=TableStyle(styles.SHEET_TRACK))  # fmt: skip


def _throwaways(sheet: solitaire.Sheet | None) -> Table:
    rows: list[list[object]] = [["Throwaway value and marks", ""]]
    chosen = list(sheet.throwaways) if sheet else []
    for slot in range(THROW_SLOTS):
        value, marks = chosen[slot] if slot < len(chosen) else (None, 0)
        die: object = face(str(value), DIE_IN_SLOT) if value else ""
        rows.append([die, tally(marks, solitaire.CLOSING_MARKS, box=TRACK_BOX)])
    style = [*styles.SHEET_SIDE, ("SPAN", (0, 0), (1, 0))]
    heights = [14] + [TRACK_ROW + 4] * THROW_SLOTS
    return Table(rows, colWidths=_side_widths(), rowHeights=heights, style=TableStyle(style))


def _total(sheet: solitaire.Sheet | None) -> Table:
    total = points(sheet.total) if sheet else ""
    widths = _side_widths()
    return Table([["Total", total]], colWidths=[widths[0] + 12, widths[1] - 12],
                 rowHeights=[26], style=TableStyle(styles.SHEET_TOTAL))  # fmt: skip


# --- whole documents ----------------------------------------------------------------------

BLANK_RUNNING_LEGEND = (
    "Write each turn's points and the new total. For a bust write <b>bust</b> and carry the "
    "total over."
)
SHADE_FINAL_ROUND = " Shade the turns of the final round."
SHEETS_PER_PAGE = 2


def running_story(
    game: Game,
    text: GameText,
    *,
    names: Sequence[str],
    options: Mapping[str, int],
    paper: str,
    heading: str,
    subtitle: str,
    columns: Sequence[Sequence[TurnCell]] = (),
    winners: Sequence[str] = (),
    legend: str | None = None,
    result: str = "",
) -> list[Flowable]:
    """The flowables of a running-total pad, blank or filled.

    The rows shrink from a quarter inch (to 5.3 mm at least) so that the
    pad's rounds and the notes under them share one page; a filled sheet with
    more rounds than that runs onto a second page.
    """
    note = text.pad_note.format(**option_values(options))
    width, height = frame_size(paper)
    above: list[Flowable] = [
        Paragraph(f"{game.TITLE}: {heading}", styles.TITLE),
        Paragraph(escape(" · ".join(p for p in (subtitle, note) if p)), styles.SUBTITLE),
        Spacer(1, 6),
    ]
    if legend is None:
        legend = BLANK_RUNNING_LEGEND + (SHADE_FINAL_ROUND if text.final_round else "")
    below: list[Flowable] = [Spacer(1, 4)]
    if result:
        below.append(Paragraph(escape(result), styles.RESULT))
    if legend:
        below += [Paragraph(legend, styles.SMALL), Spacer(1, 3)]
    below.append(Paragraph(f"<b>Scoring:</b> {text.reminder}", styles.SMALL))
    rows = text.pad_rows
    room = height - stacked_height([*above, *below], width) - NAME_ROW_HEIGHT - LABEL_ROW_HEIGHT
    row_height = max(MIN_ROW_HEIGHT, min(ROW_HEIGHT, (room - SLACK) / rows))
    table = running_table(names, width, rows, columns, winners, row_height)
    return [*above, table, *below]


def stacked_height(flowables: Sequence[Flowable], width: float) -> float:
    """The height ``flowables`` take one under the other, spacing included."""
    return sum(f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)


def sheets_story(
    game: Game,
    text: GameText,
    *,
    names: Sequence[str],
    heading: str,
    subtitle: str,
    sheets: Sequence[solitaire.Sheet | None] = (),
    result: str = "",
) -> list[Flowable]:
    """The flowables of Solitaire sheets, two a page, blank or filled."""
    story: list[Flowable] = [
        Paragraph(f"{game.TITLE}: {heading}", styles.TITLE),
        Paragraph(escape(subtitle), styles.SUBTITLE),
    ]
    if result:
        story.append(Paragraph(escape(result), styles.RESULT))
    story.append(Paragraph(f"<b>Scoring:</b> {text.reminder}", styles.SMALL))
    filled = list(sheets) or [None] * len(names)
    for index, (name, sheet) in enumerate(zip(names, filled, strict=True)):
        if index and index % SHEETS_PER_PAGE == 0:
            story.append(PageBreak())
        story += [Spacer(1, 12), solitaire_sheet(name, sheet)]
    return story


def scorepad_pdf(
    game: Game, text: GameText, *, players: int, paper: str, options: Mapping[str, int]
) -> bytes:
    """A blank scorepad for ``players`` players (Solitaire: that many sheets)."""
    names = [""] * players
    if text.pad == SHEET:
        story = sheets_story(game, text, names=names, heading="scoresheets",
                             subtitle="Date ______________   Place ______________")  # fmt: skip
    else:
        story = running_story(game, text, names=names, options=options, paper=paper,
                              heading="scorepad", subtitle="Date ____________")  # fmt: skip
    furniture = Furniture(f"{game.TITLE} · scorepad", text.emblem, "Referee scorepad")
    return build(story, paper=paper, title=f"{game.TITLE}: scorepad", furniture=furniture)
