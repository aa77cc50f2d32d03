"""One document template for every printable: paper, frame, running head and foot.

Flowables go to ``build``; the head (game title, document kind, the game's
emblem dice) and the foot (free text on the left, the page number on the
right) are drawn by the ``onPage`` callbacks, inside the 15 mm edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO

from reportlab.graphics import renderPDF
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate

from printables import styles
from printables.dice import dice_drawing
from printables.words import ENGLISH_WORDS, PaperWords
from referee.core.sentences import say

EMBLEM_SIZE = 11
FRAME_PADDING = 6  # reportlab's Frame pads each side by 6 points
MIN_FONT_SIZE = 6
PAGE_NUMBER_ROOM = 50


class PrintError(ValueError):
    """A document that cannot be made: unknown paper, no documents for a game, bad count."""


def page_size(paper: str) -> tuple[float, float]:
    """The (width, height) in points of "a4" or "letter"."""
    try:
        return styles.PAPERS[paper.lower()]
    except KeyError:
        first, second = styles.PAPERS
        raise PrintError(say("Paper must be {first} or {second}, not {paper}.", first=first,
                             second=second, paper=repr(paper))) from None  # fmt: skip


def frame_size(paper: str) -> tuple[float, float]:
    """The width and height flowables get on ``paper``."""
    width, height = page_size(paper)
    return (
        width - 2 * styles.SIDE_MARGIN - 2 * FRAME_PADDING,
        height - styles.TOP_MARGIN - styles.BOTTOM_MARGIN - 2 * FRAME_PADDING,
    )


@dataclass(frozen=True)
class Furniture:
    """What every page carries besides its flowables, in ``words``' language."""

    head: str
    emblem: Sequence[str] = ()
    foot: str = ""
    words: PaperWords = ENGLISH_WORDS

    def draw(self, canvas: Canvas, doc: SimpleDocTemplate) -> None:
        """The ``onPage`` callback: head and emblem at the top, foot and page number below."""
        width, height = doc.pagesize
        # Aligned with the frame's content, inside its padding.
        left = styles.SIDE_MARGIN + FRAME_PADDING
        right = width - left
        canvas.saveState()
        top = height - styles.HEAD_BASELINE
        canvas.setFont(styles.BOLD, 8.5)
        canvas.setFillColor(styles.MUTED)
        canvas.drawString(left, top, self.head)
        if self.emblem:
            emblem = dice_drawing([self.emblem], size=EMBLEM_SIZE, gap=2, group_gap=0, names=False)
            renderPDF.draw(emblem, canvas, right - emblem.width, top - 2.5)
        canvas.setStrokeColor(styles.FAINT)
        canvas.setLineWidth(0.5)
        canvas.line(left, top - 5, right, top - 5)
        foot, size = fit(self.foot, right - left - PAGE_NUMBER_ROOM, styles.FONT, 7.5)
        canvas.setFont(styles.FONT, size)
        canvas.drawString(left, styles.FOOT_BASELINE, foot)
        canvas.setFont(styles.FONT, 7.5)
        page = self.words(say("page {number}", number=doc.page))
        canvas.drawRightString(right, styles.FOOT_BASELINE, page)
        canvas.restoreState()


NARROW_NO_BREAK_SPACE, NO_BREAK_SPACE = "\u202f", "\u00a0"


def paragraph(text: str, style: ParagraphStyle, **kwargs: str) -> Paragraph:
    """A paragraph of ``text``.  reportlab's line breaking takes the narrow no-break space
    (French thousands: 10 000) for a place to break, and draws a plain space there; it keeps
    the no-break space whole, so a number is never split across two lines."""
    return Paragraph(text.replace(NARROW_NO_BREAK_SPACE, NO_BREAK_SPACE), style, **kwargs)


def fit(text: str, width: float, font: str, size: float) -> tuple[str, float]:
    """``text`` shrunk (down to 6 pt), then cut short, to fit ``width`` points."""
    while size > MIN_FONT_SIZE and stringWidth(text, font, size) > width:
        size -= 0.5
    if stringWidth(text, font, size) <= width:
        return text, size
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…", size


def build(story: list[Flowable], *, paper: str, title: str, furniture: Furniture) -> bytes:
    """Lay the flowables out on ``paper`` and return the PDF's bytes."""
    return build_counted(story, paper=paper, title=title, furniture=furniture)[0]


def build_counted(
    story: list[Flowable], *, paper: str, title: str, furniture: Furniture
) -> tuple[bytes, int]:
    """Lay the flowables out on ``paper`` and return the PDF's bytes and its pages."""
    buffer = BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=page_size(paper),
        leftMargin=styles.SIDE_MARGIN,
        rightMargin=styles.SIDE_MARGIN,
        topMargin=styles.TOP_MARGIN,
        bottomMargin=styles.BOTTOM_MARGIN,
        title=title,
        author="Referee",
        initialFontName=styles.FONT,
        creator="Referee printables",
        subject=furniture.head,
    )
    doc.build(story, onFirstPage=furniture.draw, onLaterPages=furniture.draw)
    return buffer.getvalue(), doc.page
