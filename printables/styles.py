"""Paper, margins, type and table styles shared by every printed document.

Everything prints in black and white: colour is only ever a second signal (the
10K dice also carry their colour's name), shading is a light grey, and busts
are written out.  Type is DejaVu Sans, embedded (subset): its files travel inside the
package (``printables/fonts/``, with their licence), so every install prints the same, and
it has every letter the languages need (German, French, Spanish: ä ß é œ ñ ¿, the quotes
„ “ ” « », French's narrow no-break space between thousands) and any player's name in
Latin, Greek or Cyrillic.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

from reportlab.graphics.shapes import STATE_DEFAULTS
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus.tables import CellStyle

PAPERS: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}

# Nothing is printed closer than this to the paper's edge (home printers clip ~5 mm).
EDGE = 15 * mm
SIDE_MARGIN = 18 * mm
# The running head and foot sit between EDGE and the frame.
TOP_MARGIN = 25 * mm
BOTTOM_MARGIN = 22 * mm
HEAD_BASELINE = EDGE + 4 * mm  # from the top edge
FOOT_BASELINE = EDGE + 1.5 * mm  # from the bottom edge

FONT_DIR = Path(__file__).resolve().parent / "fonts"
EMBEDDED = {
    "RefereeSans": "DejaVuSans.ttf",
    "RefereeSans-Bold": "DejaVuSans-Bold.ttf",
    "RefereeSans-Oblique": "DejaVuSans-Oblique.ttf",
}


def _fonts() -> tuple[str, str, str]:
    """Register the package's DejaVu Sans: regular, bold and oblique."""
    for name, file in EMBEDDED.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    return tuple(EMBEDDED)  # type: ignore[return-value]


FONT, BOLD, ITALIC = _fonts()
# Drawings (dice, tallies) and table cells start in reportlab's default font even when
# they print no text; point those defaults at ours so a document names one family only.
STATE_DEFAULTS["fontName"] = FONT
CellStyle.fontname = FONT

INK = colors.black
MUTED = colors.Color(0.35, 0.35, 0.35)
RULE = colors.Color(0.55, 0.55, 0.55)
FAINT = colors.Color(0.75, 0.75, 0.75)
SHADE = colors.Color(0.86, 0.86, 0.86)  # final round, headers: light grey prints on any printer
HEADER_FILL = colors.Color(0.93, 0.93, 0.93)

TITLE = ParagraphStyle("title", fontName=BOLD, fontSize=20, leading=24, spaceAfter=2)
SUBTITLE = ParagraphStyle("subtitle", fontName=FONT, fontSize=10.5, leading=14, textColor=MUTED)
H2 = ParagraphStyle(
    "h2", fontName=BOLD, fontSize=12, leading=15, spaceBefore=7, spaceAfter=2, keepWithNext=1
)
BODY = ParagraphStyle(
    "body", fontName=FONT, bulletFontName=FONT, fontSize=9.5, leading=12.5, spaceAfter=3
)
BULLET = ParagraphStyle(
    "bullet", parent=BODY, leftIndent=12, bulletIndent=2, bulletFontSize=8, spaceAfter=2.5
)
NUMBERED = ParagraphStyle(
    "numbered", parent=BODY, leftIndent=14, bulletIndent=2, bulletFontName=BOLD, spaceAfter=2.5
)
SMALL = ParagraphStyle("small", fontName=FONT, fontSize=8, leading=10)
CELL = ParagraphStyle("cell", fontName=FONT, fontSize=9, leading=11)
CELL_RIGHT = ParagraphStyle("cell-right", parent=CELL, alignment=TA_RIGHT)
CELL_CENTRE = ParagraphStyle("cell-centre", parent=CELL, alignment=TA_CENTER)
# A table heading too long for one line in its column (another language's), on two.
HEAD_CELL = ParagraphStyle(
    "head-cell", fontName=BOLD, fontSize=6.5, leading=7.5, alignment=TA_CENTER
)
CAPTION = ParagraphStyle("caption", fontName=FONT, fontSize=9, leading=11.5)
RESULT = ParagraphStyle("result", fontName=BOLD, fontSize=11, leading=14, spaceBefore=6)


@dataclass(frozen=True)
class Setting:
    """The paragraph styles a rule sheet is set in."""

    title: ParagraphStyle
    subtitle: ParagraphStyle
    body: ParagraphStyle
    h2: ParagraphStyle
    bullet: ParagraphStyle
    numbered: ParagraphStyle
    cell: ParagraphStyle
    cell_right: ParagraphStyle
    caption: ParagraphStyle

    def tighter(self, scale: float) -> Setting:
        """The same styles a little smaller: type and spacing times ``scale``, leading
        tighter still, for a sheet that a longer language would run onto a third page."""
        return Setting(*(_tighter(getattr(self, f.name), scale) for f in fields(self)))


def _tighter(style: ParagraphStyle, scale: float) -> ParagraphStyle:
    return ParagraphStyle(
        f"{style.name}-tighter",
        parent=style,
        fontSize=style.fontSize * scale,
        leading=style.leading * scale * scale,
        spaceBefore=style.spaceBefore * scale,
        spaceAfter=style.spaceAfter * scale,
    )


SHEET = Setting(TITLE, SUBTITLE, BODY, H2, BULLET, NUMBERED, CELL, CELL_RIGHT, CAPTION)

# Two-column "what scores" tables on the rule sheets.
SCORING_TABLE = [
    ("FONT", (0, 0), (-1, -1), FONT, 9),
    ("FONT", (0, 0), (-1, 0), BOLD, 9),
    ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
    ("LINEBELOW", (0, 0), (-1, 0), 0.8, INK),
    ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("ALIGN", (-1, 0), (-1, -1), "RIGHT"),
    ("TOPPADDING", (0, 0), (-1, -1), 2.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
]

# Small sideways tables (Solitaire's marks and row values): headings down the left.
ACROSS_TABLE = [
    ("FONT", (0, 0), (-1, -1), FONT, 9),
    ("FONT", (0, 0), (0, -1), BOLD, 9),
    ("BACKGROUND", (0, 0), (0, -1), HEADER_FILL),
    ("ALIGN", (1, 0), (-1, -1), "CENTER"),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("GRID", (0, 0), (-1, -1), 0.3, RULE),
    ("BOX", (0, 0), (-1, -1), 0.8, INK),
    ("TOPPADDING", (0, 0), (-1, -1), 2.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
]

# Worked examples: dice on the left, what happens on the right.
EXAMPLE_TABLE = [
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("LINEBELOW", (0, 0), (-1, -2), 0.25, RULE),
    ("LEFTPADDING", (0, 0), (0, -1), 0),
    ("TOPPADDING", (0, 0), (-1, -1), 4),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
]

# Running-total scorepads (10K, SB, Lucky Sevens): two header rows, then one row a round.
RUNNING_HEADER_ROWS = 2
RUNNING_TABLE = [
    ("FONT", (0, 0), (-1, -1), FONT, 8.5),
    ("FONT", (0, 0), (-1, 0), BOLD, 10),
    ("FONT", (0, 0), (0, 0), BOLD, 7),
    ("FONT", (0, 1), (-1, 1), FONT, 7),
    ("TEXTCOLOR", (0, 1), (-1, 1), MUTED),
    ("TEXTCOLOR", (0, 2), (0, -1), MUTED),
    ("FONT", (0, 2), (0, -1), FONT, 7.5),
    ("ALIGN", (0, 0), (-1, 1), "CENTER"),
    ("ALIGN", (0, 2), (0, -1), "CENTER"),
    ("ALIGN", (1, 2), (-1, -1), "RIGHT"),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("BACKGROUND", (0, 0), (-1, 1), HEADER_FILL),
    ("GRID", (0, 0), (-1, -1), 0.3, RULE),
    ("BOX", (0, 0), (-1, -1), 1, INK),
    ("LINEBELOW", (0, 1), (-1, 1), 1, INK),
    ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ("TOPPADDING", (0, 0), (-1, -1), 1),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
]
RUNNING_PLAYER_RULE = 1  # the heavier line between one player's columns and the next
RUNNING_TOTAL_FONT = (BOLD, 8.5)  # a running total reads before the turn beside it

# Solitaire Dice sheet: the 2-12 track and the throwaway column.
SHEET_TRACK = [
    ("FONT", (0, 0), (-1, -1), FONT, 9),
    ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
    ("FONT", (0, 1), (0, -1), BOLD, 11),
    ("TEXTCOLOR", (1, 1), (1, -1), MUTED),
    ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
    ("ALIGN", (0, 0), (-1, 0), "CENTER"),
    ("ALIGN", (0, 1), (1, -1), "CENTER"),
    ("ALIGN", (-1, 1), (-1, -1), "RIGHT"),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("GRID", (0, 0), (-1, -1), 0.3, RULE),
    ("BOX", (0, 0), (-1, -1), 1, INK),
    ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ("LEFTPADDING", (2, 1), (3, -1), 4),
    ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
]
SHEET_SIDE = [
    ("FONT", (0, 0), (-1, -1), FONT, 9),
    ("FONT", (0, 0), (-1, 0), BOLD, 7.5),
    ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("GRID", (0, 0), (-1, -1), 0.3, RULE),
    ("BOX", (0, 0), (-1, -1), 1, INK),
    ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
]
SHEET_TOTAL = [
    ("FONT", (0, 0), (0, 0), BOLD, 10),
    ("FONT", (1, 0), (1, 0), BOLD, 14),
    ("ALIGN", (1, 0), (1, 0), "RIGHT"),
    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ("BOX", (1, 0), (1, 0), 1.5, INK),
    ("RIGHTPADDING", (1, 0), (1, 0), 5),
]
LAYOUT = [  # invisible tables that only place things side by side
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
]
