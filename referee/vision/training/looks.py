"""What a render draws beyond plain dice on a plain table (issue 48): dice with pips of any
contrasting colour (Catan's red die with yellow pips and yellow die with red pips), strongly
rounded, translucent and marbled dice, dice with printed numbers for pips; game boards,
cloth, carpet, granite, felt, paper and tiles for tables (``surfaces.py``); dice from about 15
pixels to the whole photo, seen from above or at a low angle.  ``varied`` picks a look for
a share of the training photos; the default ``Look()`` draws what the renderer always drew.

Nothing here is imported by the reader.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from referee.vision.labels import OTHER
from referee.vision.training.surfaces import SURFACE_TONES

Rng = np.random.Generator
SIDE = 64  # a die's side on the canvas, in pixels

VARIED = 0.5  # the share of training photos given a look of their own (the rest: as before)
FINISHES = ("plain", "translucent", "marbled")  # a die's body; the last two read as OTHER
SURFACES = tuple(SURFACE_TONES)  # a game board, cloth, carpet, granite, felt, paper, tiles
PIP_CONTRAST = 70.0  # the least Lab distance between a coloured pip and its die's body
# Paints a pip may have (BGR): white, black, yellow, red, gold, green, blue, silver.
PIP_PAINTS = (
    (240, 240, 240), (25, 25, 25), (40, 210, 240), (40, 40, 200),
    (60, 170, 215), (50, 150, 40), (190, 90, 30), (185, 185, 180),
)  # fmt: skip
CATAN_PIPS = {"red": (60, 205, 240), "yellow": (45, 45, 190)}  # yellow on red, red on yellow
# Tints of see-through dice (BGR): smoke, amber, ruby, emerald, sapphire, clear, pink.
TINTS = (
    (90, 90, 95), (40, 140, 230), (50, 40, 190), (90, 170, 60), (200, 110, 40),
    (225, 225, 220), (170, 110, 230),
)  # fmt: skip
FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX)
GLINT = 0.3  # the share of varied looks whose glossy dice catch a lamp's streak of light
GLINTED = 0.5  # the share of such a look's dice that show one


@dataclass(frozen=True)
class Look:
    """How one photo looks beyond what every render draws.

    ``finishes`` the dice's bodies (each die one of them), ``pips`` their pips' colours
    ("usual": light on dark bodies and dark on light ones; "coloured": any paint that stands
    apart from the body; "catan": red and yellow dice, each with the other's colour for pips),
    ``numbers`` printed digits for pips, ``rounded`` strongly rounded corners, ``surface`` a
    table of ``SURFACES`` (None: the usual tables), ``scale`` "far" (dice of about 15-40
    pixels), "close" (a die up to the whole photo) or "usual", ``tilt`` the camera's range
    of tilts in degrees (None: 0-30), ``count`` a loose roll's dice (None: 1-12), ``glint``
    a lamp's streak of light on some of the dice's glossy faces (``glinted``)."""

    finishes: tuple[str, ...] = ("plain",)
    pips: str = "usual"
    numbers: bool = False
    rounded: bool = False
    surface: str | None = None
    scale: str = "usual"
    tilt: tuple[float, float] | None = None
    count: int | None = None
    glint: bool = False


PLAIN = Look()


def jitter_colour(rng: Rng, bgr: tuple[int, int, int], spread: int = 18) -> np.ndarray:
    """A colour near ``bgr``: each channel moved by up to ``spread``."""
    return np.clip(np.array(bgr, float) + rng.integers(-spread, spread + 1, 3), 0, 255)


def varied(rng: Rng, layout: str) -> Look:
    """A training photo's look: ``PLAIN`` for 1 - ``VARIED`` of them, else each new kind
    drawn for a share of the varied photos (coloured pips 45%, Catan's pair among them,
    numbers 12%, rounded 25%, translucent or marbled dice 30%, a new table 55%, far dice
    25% and close ones 15% of loose rolls, a low camera 35%, glossy dice catching a lamp's
    light ``GLINT``)."""
    if rng.random() >= VARIED:
        return PLAIN
    pick = rng.random(8)
    finishes: tuple[str, ...] = ("plain",)
    if pick[3] < 0.3:
        finishes = (("translucent",), ("marbled",), FINISHES)[int(rng.integers(3))]
    scale, count = "usual", None
    if layout == "loose" and pick[5] < 0.25:
        scale = "far"
        count = int(rng.integers(1, 7))
    elif layout == "loose" and pick[5] < 0.4:
        scale, count = "close", 1
    low = (30.0, 60.0) if layout == "loose" else (25.0, 45.0)
    return Look(
        finishes=finishes,
        pips="usual" if pick[0] >= 0.45 else ("catan" if pick[0] < 0.12 else "coloured"),
        numbers=bool(pick[1] < 0.12),
        rounded=bool(pick[2] < 0.25),
        surface=str(SURFACES[rng.integers(len(SURFACES))]) if pick[4] < 0.55 else None,
        scale=scale,
        tilt=low if pick[6] < 0.35 else None,
        count=count,
        glint=bool(pick[7] < GLINT),
    )


def die_finish(rng: Rng, look: Look) -> str:
    """One die's body among the look's finishes (no draw when there is one)."""
    if len(look.finishes) == 1:
        return look.finishes[0]
    return look.finishes[int(rng.integers(len(look.finishes)))]


def label_colour(colour: str, finish: str) -> str:
    """The colour a die is labelled with: a see-through or marbled body is ``OTHER``."""
    return colour if finish == "plain" else OTHER


def lab_of(bgr: np.ndarray) -> np.ndarray:
    """A BGR colour in Lab (OpenCV's 8-bit scale)."""
    pixel = np.clip(bgr, 0, 255).astype(np.uint8).reshape(1, 1, 3)
    return cv2.cvtColor(pixel, cv2.COLOR_BGR2LAB)[0, 0].astype(float)


def pip_paint(rng: Rng, body: np.ndarray, colour: str, pips: str) -> np.ndarray:
    """A pip's colour for a body of ``body`` (BGR): Catan's for its red and yellow dice, else
    any paint at least ``PIP_CONTRAST`` from the body (the farthest when none is)."""
    if pips == "catan" and colour in CATAN_PIPS:
        return np.array(CATAN_PIPS[colour], float) + rng.integers(-12, 13, 3)
    paints = [np.array(p, float) for p in PIP_PAINTS]
    gaps = [float(np.linalg.norm(lab_of(p) - lab_of(body))) for p in paints]
    apart = [p for p, gap in zip(paints, gaps, strict=True) if gap > PIP_CONTRAST]
    chosen = apart[int(rng.integers(len(apart)))] if apart else paints[int(np.argmax(gaps))]
    return np.clip(chosen + rng.integers(-12, 13, 3), 0, 255)


def marble(rng: Rng, body: np.ndarray, size: int) -> np.ndarray:
    """A marbled or swirled body ``size`` square (float BGR): the body's colour wound through
    with a second (white, black or any), along turbulent bands."""
    second = np.array(
        [(235, 235, 235), (25, 25, 25), tuple(rng.integers(20, 236, 3))][int(rng.integers(3))],
        float,
    )
    noise = cv2.resize(rng.normal(0, 1, (5, 5)).astype(np.float32), (size, size))
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / size
    turn = rng.uniform(0, np.pi)
    bands = np.sin(
        (xx * np.cos(turn) + yy * np.sin(turn)) * rng.uniform(4, 10) + noise * rng.uniform(2, 4)
    )
    mix = (0.5 + 0.5 * bands) ** rng.uniform(0.7, 1.6) * rng.uniform(0.5, 0.9)
    return body[None, None, :] * (1 - mix[..., None]) + second[None, None, :] * mix[..., None]


def digit_mask(rng: Rng, value: int, size: int, side: float) -> np.ndarray:
    """A die's printed number (``value``; a 6 underlined, as number dice mark it) as a 0/255
    mask four times ``size`` square, centred, about half the face's side tall."""
    mask = np.zeros((size * 4, size * 4), np.uint8)
    font = FONTS[int(rng.integers(len(FONTS)))]
    height = side * 4 * rng.uniform(0.42, 0.58)
    base_h = cv2.getTextSize(str(value), font, 1.0, 1)[0][1]
    scale = height / base_h
    thick = max(int(height * rng.uniform(0.09, 0.15)), 1)
    (tw, th), _ = cv2.getTextSize(str(value), font, scale, thick)
    x, y = int(size * 2 - tw / 2), int(size * 2 + th / 2)
    cv2.putText(mask, str(value), (x, y), font, scale, 255, thick, cv2.LINE_AA)
    if value == 6:
        under = int(y + height * 0.12 + thick)
        cv2.line(mask, (x, under), (x + tw, under), 255, thick, cv2.LINE_AA)
    return mask


def translucent(
    rng: Rng,
    face: np.ndarray,
    alpha: np.ndarray,
    marks: np.ndarray,
    far: np.ndarray,
    pip_bgr: np.ndarray,
) -> np.ndarray:
    """A see-through die's top face, BGRA: the tinted body lets ``1 - opacity`` of the table
    through, its rim catches the light, and its pips (``marks``, 0..1) are paint of a lower
    opacity, with the far face's (``far``) showing faintly and blurred through the body."""
    opacity = rng.uniform(0.35, 0.65)
    paint = rng.uniform(0.45, 0.85)
    ghost = cv2.GaussianBlur(far, (0, 0), 2.5) * rng.uniform(0.06, 0.18)
    rim = np.clip(alpha - cv2.erode(alpha, np.ones((5, 5), np.uint8)), 0, 1)
    body = np.clip(face + rim[..., None] * rng.uniform(40, 90), 0, 255)
    body_a = alpha * np.clip(opacity + ghost * 0.5, 0, 1)
    body = body * (1 - ghost[..., None]) + pip_bgr[None, None, :] * ghost[..., None]
    out_a = body_a * (1 - marks) + paint * marks * alpha
    colour = body * (body_a * (1 - marks))[..., None] + pip_bgr * (paint * marks * alpha)[..., None]
    colour /= np.maximum(out_a, 1e-6)[..., None]
    return np.dstack([colour, out_a]).astype(np.float32)


def glinted(rng: Rng, die: np.ndarray, side: float) -> np.ndarray:
    """A die's top face (BGRA float, its face ``side`` wide) with a lamp's streak of light
    across its gloss: a thin bright line, longer than a pip is wide, which is no pip (a
    glossy 2 with such a streak is read as a 3 by a classifier that never saw one)."""
    size = die.shape[0]
    mask = np.zeros((size, size), np.float32)
    centre = (
        float(size / 2 + rng.uniform(-0.3, 0.3) * side),
        float(size / 2 + rng.uniform(-0.3, 0.3) * side),
    )
    axes = (float(rng.uniform(0.25, 0.6) * side), float(rng.uniform(0.04, 0.1) * side))
    cv2.ellipse(mask, (centre, axes, float(rng.uniform(0, 180))), 1.0, -1, cv2.LINE_AA)
    mask = cv2.GaussianBlur(mask, (0, 0), 0.6) * float(rng.uniform(0.5, 0.95)) * die[..., 3]
    out = die.copy()
    out[..., :3] = die[..., :3] * (1 - mask[..., None]) + 250.0 * mask[..., None]
    out[..., 3] = np.maximum(die[..., 3], mask)
    return out
