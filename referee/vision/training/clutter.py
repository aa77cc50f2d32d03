"""What lies on a busy table beside the dice, for training only: a speckled counter top, a
board game's number tokens and printed tags, each drawn on the canvas (``render.render``)
before the dice, and never a die (issue 48).

Nothing here is imported by the reader.
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.vision.training.looks import FONTS, SIDE, jitter_colour

Rng = np.random.Generator

BUSY = 0.3  # the share of training photos on a busy table (tokens, a speckled counter)


def busy_table(rng: Rng, layout: str) -> tuple[int, bool]:
    """What a training photo's table holds besides its dice, as ``render``'s ``tokens`` and
    ``specks``: for ``BUSY`` of loose rolls, a board game's number tokens (1-10) or a
    speckled counter top, or both."""
    if layout != "loose" or rng.random() >= BUSY:
        return 0, False
    kind = rng.integers(3)
    return (int(rng.integers(1, 11)) if kind != 1 else 0), bool(kind != 0)


def draw_specks(rng: Rng, canvas: np.ndarray) -> None:
    """A speckled counter top (granite, terrazzo, a laminate's print): dark or light specks
    about a pip's size and smaller, scattered over the table, which look like pips."""
    h, w = canvas.shape[:2]
    count = int(h * w / SIDE**2 * rng.uniform(3, 25))
    ink = np.array(rng.choice([(30.0, 30.0, 30.0), (235.0, 235.0, 235.0), (60.0, 50.0, 90.0)]))
    xs, ys = rng.uniform(0, w, count), rng.uniform(0, h, count)
    radii = rng.uniform(0.5, SIDE * 0.06, count)
    for x, y, r in zip(xs, ys, radii, strict=True):
        cv2.circle(canvas, (int(x), int(y)), max(int(r), 1), tuple(ink * rng.uniform(0.8, 1.1)), -1)


TOKEN_DOTS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}  # Catan's odds dots
TAGGED = 0.3  # the share of the things beside the dice that are printed tags, not tokens
# A tag's codes: letters, digits and a point, none of them a code a real photo shows.
TAG_TEXTS = ("D14.2", "A7", "38", "B-4", "15.5", "K9", "2X", "600", "V3.1", "E5")


def draw_tokens(
    rng: Rng,
    canvas: np.ndarray,
    spots: list[tuple[float, float, float]],
    frame: tuple[float, float, float, float],
    count: int,
) -> None:
    """Up to ``count`` number tokens of a board game drawn on the table within ``frame``
    (left, top, right, bottom), clear of the dice: a beige disc a little larger than a die,
    a printed number 2-12 (6 and 8 in red) and its odds as dots under it; ``TAGGED`` of
    them a printed tag instead (``draw_tag``)."""
    left, top, right, bottom = frame
    layer = np.clip(canvas, 0, 255).astype(np.uint8)  # OpenCV writes text on 8 bits only
    drawn = np.zeros(canvas.shape[:2], np.uint8)
    placed: list[tuple[float, float]] = []
    for _ in range(count * 20):
        if len(placed) == count:
            break
        x, y = rng.uniform((left, top), (right, bottom))
        if any(np.hypot(x - sx, y - sy) < SIDE * 1.6 for sx, sy, _ in spots) or any(
            np.hypot(x - px, y - py) < SIDE * 1.4 for px, py in placed
        ):
            continue
        placed.append((float(x), float(y)))
        if rng.random() < TAGGED:
            draw_tag(rng, layer, drawn, (x, y))
        else:
            draw_token(rng, layer, drawn, (x, y), (0.5, 0.65))
    canvas[drawn > 0] = layer[drawn > 0]


def draw_board_tokens(rng: Rng, canvas: np.ndarray, centres: list[tuple[float, float]]) -> None:
    """A game board's number tokens, one on each land tile's centre (a die may lie on one):
    as ``draw_tokens`` draws them, their size as Catan's beside its dice (about two sides
    across)."""
    layer = np.clip(canvas, 0, 255).astype(np.uint8)
    drawn = np.zeros(canvas.shape[:2], np.uint8)
    for at in centres:
        draw_token(rng, layer, drawn, at, (0.7, 1.05))
    canvas[drawn > 0] = layer[drawn > 0]


def draw_token(
    rng: Rng,
    layer: np.ndarray,
    drawn: np.ndarray,
    at: tuple[float, float],
    sizes: tuple[float, float],
) -> None:
    """One number token on ``layer`` (uint8), marked on ``drawn``: a beige disc whose radius
    is ``sizes`` (a range) of a die's side, its number 2-12 (6 and 8 in red), its dots."""
    x, y = at
    number = int(rng.choice(list(TOKEN_DOTS)))
    radius = int(SIDE * rng.uniform(*sizes))
    beige = tuple(int(v) for v in jitter_colour(rng, (170, 215, 235), 12))
    cv2.circle(drawn, (int(x), int(y)), radius + 2, 255, -1)
    cv2.circle(layer, (int(x), int(y)), radius, beige, -1, cv2.LINE_AA)
    cv2.circle(layer, (int(x), int(y)), radius, (90, 120, 140), 2, cv2.LINE_AA)
    ink = (30, 30, 170) if number in (6, 8) else (25, 25, 25)
    text = str(number)
    scale = radius / 28
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, 2)
    cv2.putText(
        layer, text, (int(x - tw / 2), int(y + th / 3)), cv2.FONT_HERSHEY_DUPLEX, scale,
        ink, 2, cv2.LINE_AA,
    )  # fmt: skip
    dots = TOKEN_DOTS[number]
    for i in range(dots):
        dx = (i - (dots - 1) / 2) * radius * 0.2
        cv2.circle(layer, (int(x + dx), int(y + radius * 0.55)), max(radius // 14, 2), ink, -1)


def draw_tag(rng: Rng, layer: np.ndarray, drawn: np.ndarray, at: tuple[float, float]) -> None:
    """A printed tag (``tag_card``) on ``layer`` (uint8) at ``at``, turned any way, marked on
    ``drawn`` (a webcam held out whole read a tag's "C12.0" as a sure 6)."""
    card, mask = tag_card(rng)
    size = card.shape[0]
    turn = cv2.getRotationMatrix2D((size / 2, size / 2), float(rng.uniform(0, 360)), 1.0)
    turned = cv2.warpAffine(card, turn, (size, size), flags=cv2.INTER_LINEAR)
    held = cv2.warpAffine(mask, turn, (size, size), flags=cv2.INTER_NEAREST)
    left, top = int(at[0] - size / 2), int(at[1] - size / 2)
    x0, y0 = max(left, 0), max(top, 0)
    x1, y1 = min(left + size, layer.shape[1]), min(top + size, layer.shape[0])
    part = (slice(y0 - top, y1 - top), slice(x0 - left, x1 - left))
    inside = held[part] > 0
    layer[y0:y1, x0:x1][inside] = turned[part][inside]
    drawn[y0:y1, x0:x1][inside] = 255


def tag_card(rng: Rng) -> tuple[np.ndarray, np.ndarray]:
    """A printed tag, upright in a square that holds it at any turn, and its mask: a light
    card 1.2-2.2 sides long with a bold code of letters and digits and a dark block beside
    it (a price tag, a sleeve's label)."""
    long, high = SIDE * rng.uniform(1.2, 2.2), SIDE * rng.uniform(0.5, 0.85)
    size = int(np.hypot(long, high)) + 4
    card = np.zeros((size, size, 3), np.uint8)
    mask = np.zeros((size, size), np.uint8)
    x0, y0 = int((size - long) / 2), int((size - high) / 2)
    x1, y1 = int(x0 + long), int(y0 + high)
    paper = tuple(int(v) for v in jitter_colour(rng, (235, 240, 240), 15))
    cv2.rectangle(card, (x0, y0), (x1, y1), paper, -1)
    cv2.rectangle(mask, (x0, y0), (x1, y1), 255, -1)
    ink = tuple(int(v) for v in rng.integers(10, 60, 3))
    block = int(high * rng.uniform(0.3, 0.6))
    cv2.rectangle(card, (x0 + 3, y0 + 3), (x0 + 3 + block, y1 - 3), ink, -1)
    text = str(TAG_TEXTS[int(rng.integers(len(TAG_TEXTS)))])
    font = FONTS[int(rng.integers(len(FONTS)))]
    room = long - block - 10
    scale = min(room / cv2.getTextSize(text, font, 1.0, 2)[0][0], high * 0.7 / 22)
    (tw, th), _ = cv2.getTextSize(text, font, scale, 2)
    at_x, at_y = int(x0 + block + 6 + (room - tw) / 2), int(y0 + (high + th) / 2)
    cv2.putText(card, text, (at_x, at_y), font, scale, ink, 2, cv2.LINE_AA)
    return card, mask
