"""A procedural renderer of dice photos: numpy and OpenCV drawing, for training only.

A scene is laid out on the table's plane, seen from straight above (a *canvas*): the table's
texture, each die's shadow, its sides and its top face (a rounded square with pips).  A
pinhole camera tilted up to 30 degrees and turned any way then looks at the plane (one
homography), and the photo gets the camera's faults: uneven light, a white-balance cast,
glare, blur, noise and JPEG.  Each die's top face is drawn where the camera sees it (moved
away from the camera by the die's height), so what the truth says is where the photo shows it.

Nothing here is imported by the reader.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

import cv2
import numpy as np

from referee.vision.labels import COLOURS
from referee.vision.segment import LIGHTNESS_WEIGHT
from referee.vision.training.clutter import draw_board_tokens, draw_specks, draw_tokens
from referee.vision.training.looks import (
    GLINTED,
    PLAIN,
    SIDE,
    TINTS,
    Look,
    die_finish,
    digit_mask,
    glinted,
    jitter_colour,
    lab_of,
    label_colour,
    marble,
    pip_paint,
    translucent,
)
from referee.vision.training.surfaces import SURFACE_TONES, surface_texture

TABLE_CONTRAST = 55.0  # the least Lab distance between the table's mean and a die's body
Rng = np.random.Generator

# Base body colours in BGR; each draw is varied around one of them.
BODY_BGR: dict[str, list[tuple[int, int, int]]] = {
    "red": [(40, 30, 200), (50, 40, 170), (70, 60, 225)],
    "yellow": [(40, 215, 240), (70, 200, 230), (20, 190, 215)],
    "green": [(60, 170, 40), (90, 150, 30), (80, 200, 90)],
    "blue": [(200, 90, 30), (170, 60, 20), (230, 140, 60), (110, 45, 15), (85, 40, 25)],
    "orange": [(30, 120, 245), (20, 100, 230), (50, 140, 250)],
    "purple": [(150, 40, 110), (130, 30, 90), (190, 80, 150), (70, 25, 55), (95, 35, 70)],
    "black": [(25, 25, 25), (40, 38, 35), (15, 15, 18)],
    "white": [(240, 240, 240), (205, 230, 240), (220, 220, 215)],
}
PIP_ON: dict[str, list[tuple[int, int, int]]] = {
    "light": [(245, 245, 245), (225, 235, 240), (60, 190, 215)],
    "dark": [(20, 20, 20), (40, 30, 30), (30, 30, 120)],
}
PIP_KIND = {colour: "dark" if colour in ("white", "yellow") else "light" for colour in COLOURS}

PIP_SHAPES = ("round", "square", "ring")  # a ring: a pip drawn as its outline only

# Where the pips of each value sit, in units of the pip offset from the centre.
PIPS: dict[int, list[tuple[int, int]]] = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}


@dataclass(frozen=True)
class TrueDie:
    """A die as drawn: its value, body colour, and top face's centre and side in the photo,
    and how far its top face is turned in the photo (degrees, 0 to 90: a square looks the
    same every quarter turn), and where the middle of each of its side faces that a low
    camera sees shows in the photo (none from above)."""

    value: int
    colour: str
    center: tuple[float, float]
    side: float
    turn: float = 0.0
    sides: tuple[tuple[float, float], ...] = ()


class Drawn(NamedTuple):
    """A die as ``draw_dice`` drew it on the canvas: its value, colour (as labelled), where
    its top face's centre shows, its turn (degrees) and where the middles of its side faces
    drawn with pips show."""

    value: int
    colour: str
    top: tuple[float, float]
    angle: float
    side_faces: list[np.ndarray]


@dataclass(frozen=True)
class Scene:
    """A drawn photo and what is on it; ``shape`` is (rows, columns) for a grid."""

    image: np.ndarray
    layout: str
    dice: list[TrueDie]
    shape: tuple[int, int] | None = None


@dataclass(frozen=True)
class DieStyle:
    """How one set of dice looks: corner roundness, pip size, offset and shape, finish."""

    corner: float
    pip_radius: float
    pip_offset: float
    concave: bool
    bevel: float
    pip_shape: str


def random_style(rng: Rng) -> DieStyle:
    """A set of dice: sharp casino cubes to round toy dice, small to large pips."""
    return DieStyle(
        corner=float(rng.uniform(0.06, 0.28)),
        pip_radius=float(rng.uniform(0.065, 0.105)),
        pip_offset=float(rng.uniform(0.23, 0.29)),
        concave=bool(rng.random() < 0.5),
        bevel=float(rng.uniform(0.04, 0.14)),
        pip_shape=str(rng.choice(PIP_SHAPES, p=[0.7, 0.15, 0.15])),
    )


def rounded_square(size: int, side: float, corner: float) -> np.ndarray:
    """A float mask (0..1, anti-aliased) of a rounded square of ``side`` centred in ``size``."""
    mask = np.zeros((size * 4, size * 4), np.uint8)
    half, radius, mid = side * 2, max(corner * side * 4, 1.0), size * 2
    inner = half - radius
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        centre = (int(mid + dx * inner), int(mid + dy * inner))
        cv2.circle(mask, centre, int(radius), 255, -1, cv2.LINE_AA)
    cv2.rectangle(
        mask, (int(mid - inner), int(mid - half)), (int(mid + inner), int(mid + half)), 255, -1
    )
    cv2.rectangle(
        mask, (int(mid - half), int(mid - inner)), (int(mid + half), int(mid + inner)), 255, -1
    )
    return cv2.resize(mask, (size, size), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def face_patch(
    rng: Rng,
    value: int,
    colour: str,
    style: DieStyle,
    size: int,
    look: Look = PLAIN,
    finish: str = "plain",
) -> np.ndarray:
    """The top face of a die, BGRA float, upright, ``SIDE`` wide in a ``size`` square: its
    body of ``colour`` (or a see-through tint, or marbled: ``finish``), and its pips or
    printed number as ``look`` has them."""
    body = jitter_colour(rng, BODY_BGR[colour][rng.integers(len(BODY_BGR[colour]))])
    if finish == "translucent":
        body = jitter_colour(rng, TINTS[rng.integers(len(TINTS))])
    alpha = rounded_square(size, SIDE, style.corner)
    inset = rounded_square(size, SIDE * (1 - 2 * style.bevel), style.corner)
    shade = 0.72 + 0.28 * cv2.GaussianBlur(inset, (0, 0), SIDE * style.bevel * 0.6 + 0.5)
    surface = marble(rng, body, size) if finish == "marbled" else body[None, None, :]
    face = surface * shade[..., None]
    choices = PIP_ON[PIP_KIND[colour]]
    pip = choices[0] if rng.random() < 0.75 else choices[rng.integers(1, len(choices))]
    pip_bgr = jitter_colour(rng, pip, 10)
    if look.pips != "usual" or finish == "translucent":  # (a tint's paint stands out from it)
        pip_bgr = pip_paint(rng, body, colour, look.pips)
    radius = style.pip_radius * SIDE * rng.uniform(0.92, 1.08)
    offset = style.pip_offset * SIDE
    pip_mask = face_marks(rng, value, style, size, look, (radius, offset))
    if finish == "translucent":  # the far face (7 - value) shows through, mirrored
        far = face_marks(rng, 7 - value, style, size, look, (radius, offset))[::-1, :]
        return shone(rng, translucent(rng, face, alpha, pip_mask, far, pip_bgr), look)
    pip_shade = pip_bgr[None, None, :] * np.ones_like(face)
    if style.concave:
        dark = cv2.GaussianBlur(pip_mask, (0, 0), radius * 0.35)
        pip_shade = pip_shade * (0.65 + 0.35 * dark[..., None])
    face = face * (1 - pip_mask[..., None]) + pip_shade * pip_mask[..., None]
    return shone(rng, np.dstack([face, alpha]).astype(np.float32), look)


def shone(rng: Rng, die: np.ndarray, look: Look) -> np.ndarray:
    """The die's face, with a lamp's streak on it for ``GLINTED`` of the dice of a look that
    has them (no draw for one that has not)."""
    if look.glint and rng.random() < GLINTED:
        return glinted(rng, die, SIDE)
    return die


def face_marks(
    rng: Rng, value: int, style: DieStyle, size: int, look: Look, pip: tuple[float, float]
) -> np.ndarray:
    """Where a face of ``value`` is painted (0..1, ``size`` square): its pips (``pip`` their
    radius and offset from the centre) or its printed number."""
    if look.numbers:
        marks = digit_mask(rng, value, size, SIDE)
    else:
        radius, offset = pip
        marks = np.zeros((size * 4, size * 4), np.uint8)
        for px, py in PIPS[value]:
            x, y = (size / 2 + px * offset) * 4, (size / 2 + py * offset) * 4
            draw_pip(marks, (x, y), radius * 4, style.pip_shape)
    return cv2.resize(marks, (size, size), interpolation=cv2.INTER_AREA).astype(np.float32) / 255


def draw_pip(mask: np.ndarray, at: tuple[float, float], radius: float, shape: str) -> None:
    """One pip on a 0/255 mask: a round spot, a square, or a ring."""
    x, y, r = int(at[0]), int(at[1]), int(radius)
    if shape == "square":
        side = int(radius * 0.9)
        cv2.rectangle(mask, (x - side, y - side), (x + side, y + side), 255, -1)
    elif shape == "ring":
        cv2.circle(mask, (x, y), r, 255, max(int(radius * 0.4), 2), cv2.LINE_AA)
    else:
        cv2.circle(mask, (x, y), r, 255, -1, cv2.LINE_AA)


def paste(canvas: np.ndarray, patch: np.ndarray, at: tuple[float, float], angle: float) -> None:
    """Composite a BGRA ``patch`` onto ``canvas`` turned by ``angle`` degrees, centred ``at``."""
    size = patch.shape[0]
    x0, y0 = int(at[0] - size / 2), int(at[1] - size / 2)
    turn = cv2.getRotationMatrix2D((size / 2, size / 2), angle, 1.0)
    turn[:, 2] += (at[0] - size / 2 - x0, at[1] - size / 2 - y0)
    moved = cv2.warpAffine(patch, turn, (size, size), flags=cv2.INTER_LINEAR)
    region = canvas[y0 : y0 + size, x0 : x0 + size]
    alpha = moved[: region.shape[0], : region.shape[1], 3:4]
    region[:] = region * (1 - alpha) + moved[: region.shape[0], : region.shape[1], :3] * alpha


TABLE_TONES: dict[str, list[tuple[int, int, int]]] = {
    "wood": [(60, 100, 150), (40, 70, 110), (90, 140, 190)],
    "felt": [(50, 90, 20), (80, 40, 20), (40, 30, 110), (45, 45, 45)],
    "plain": [(180, 185, 190), (120, 125, 130), (210, 200, 180), (90, 110, 120)],
    "stone": [(150, 150, 150), (200, 195, 190), (80, 85, 90)],
    "check": [(200, 200, 200)],
}


def table_tone(rng: Rng) -> tuple[str, np.ndarray]:
    """A kind of table top and its main colour."""
    kind = str(rng.choice(list(TABLE_TONES)))
    tones = TABLE_TONES[kind]
    spread = {"check": 40, "wood": 18}.get(kind, 25)
    return kind, jitter_colour(rng, tones[rng.integers(len(tones))], spread)


def table_texture(rng: Rng, h: int, w: int, kind: str, base: np.ndarray) -> np.ndarray:
    """A table top of ``kind`` (wood grain, felt, painted board, cloth check or stone)
    around the colour ``base``, float BGR."""
    noise = rng.normal(0, 1, (h // 8 + 2, w // 8 + 2)).astype(np.float32)
    smooth = cv2.resize(cv2.GaussianBlur(noise, (0, 0), 2), (w, h))
    if kind == "wood":
        yy = np.mgrid[0:h, 0:w][0].astype(np.float32)
        grain = np.sin((yy + smooth * rng.uniform(8, 30)) / rng.uniform(3, 9)) * 0.5 + 0.5
        texture = base * (0.8 + 0.2 * grain[..., None])
        turn = cv2.getRotationMatrix2D((w / 2, h / 2), float(rng.uniform(0, 180)), 1.0)
        texture = cv2.warpAffine(texture, turn, (w, h), borderMode=cv2.BORDER_REFLECT)
    elif kind == "check":
        cell = int(rng.integers(SIDE // 2, SIDE * 3))
        yy, xx = np.mgrid[0:h, 0:w]
        darker = base * rng.uniform(0.75, 0.92)
        texture = np.where((((yy // cell) + (xx // cell)) % 2 == 0)[..., None], base, darker)
    else:
        texture = base * (1 + smooth[..., None] * (0.08 if kind == "stone" else 0.03))
    grain = rng.normal(0, rng.uniform(2, 7), (h, w, 1)).astype(np.float32)
    return np.clip(texture + grain, 0, 255).astype(np.float32)


def shadow(canvas: np.ndarray, at: tuple[float, float], spread: float, depth: float) -> None:
    """Darken the table under and beside a die (a soft blob ``spread`` wide)."""
    reach = int(SIDE * 0.55 + spread * 3)
    x0, y0 = max(int(at[0]) - reach, 0), max(int(at[1]) - reach, 0)
    region = canvas[y0 : int(at[1]) + reach, x0 : int(at[0]) + reach]
    blob = np.zeros(region.shape[:2], np.float32)
    half = SIDE * 0.55
    cv2.rectangle(
        blob,
        (int(at[0] - half) - x0, int(at[1] - half) - y0),
        (int(at[0] + half) - x0, int(at[1] + half) - y0),
        1,
        -1,
    )
    soft = cv2.GaussianBlur(blob, (0, 0), spread)
    region *= (1 - depth * soft)[..., None]


@dataclass(frozen=True)
class Camera:
    """A pinhole camera over the table's plane: the plane-to-photo homography, the foot of
    the camera on the plane and its height, in canvas pixels."""

    homography: np.ndarray
    foot: np.ndarray
    height: float


def camera(
    rng: Rng, centre: tuple[float, float], reach: float, tilts: tuple[float, float]
) -> Camera:
    """A camera ``reach`` or more from ``centre``, tilted from upright by an angle in the
    range ``tilts`` (degrees)."""
    tilt = np.radians(rng.uniform(*tilts))
    turn = np.radians(rng.uniform(0, 360))
    rx = np.array([[1, 0, 0], [0, np.cos(tilt), -np.sin(tilt)], [0, np.sin(tilt), np.cos(tilt)]])
    rz = np.array([[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0], [0, 0, 1]])
    rotation = rx @ rz
    distance = reach * rng.uniform(1.8, 3.5)
    shift = np.array([0, 0, distance])
    world = -rotation.T @ shift  # the camera, relative to ``centre``
    # x_photo ~ K (R p + t) for p = (x - cx, y - cy, 0): three columns of a homography.
    to_centre = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]], float)
    project = np.column_stack([rotation[:, 0], rotation[:, 1], shift])
    return Camera(
        homography=project @ to_centre,
        foot=np.array([world[0] + centre[0], world[1] + centre[1]]),
        height=float(abs(world[2])),
    )


def to_photo(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Points (n, 2) mapped by a homography."""
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), homography)[:, 0]


def lay_out(
    rng: Rng, layout: str, size: tuple[int, int] | int | None = None
) -> tuple[list[tuple[float, float, float]], tuple[int, int]]:
    """Dice positions and turns on the canvas (x, y, degrees), and the grid's shape;
    ``size`` is a grid's (rows, columns) or a roll's count, random when None.

    A grid's dice touch (a gap of up to 4% of a side); a loose roll's never touch."""
    if layout == "grid":
        if isinstance(size, tuple):
            rows, cols = size
        elif rng.random() < 0.4:
            rows, cols = 6, 6
        else:
            rows, cols = (int(n) for n in rng.integers(2, 9, 2))
        pitch = SIDE * rng.uniform(1.0, 1.04)
        margin = SIDE * 3
        board = [
            (margin + (c + 0.5) * pitch, margin + (r + 0.5) * pitch, float(rng.normal(0, 1.5)))
            for r in range(rows)
            for c in range(cols)
        ]
        return board, (rows, cols)
    count = size if isinstance(size, int) else int(rng.integers(1, 13))
    area = SIDE * (4 + 2.2 * np.sqrt(count))
    spots: list[tuple[float, float, float]] = []
    while len(spots) < count:
        x, y = rng.uniform(SIDE * 3, SIDE * 3 + area, 2)
        if all(np.hypot(x - sx, y - sy) > SIDE * 1.75 for sx, sy, _ in spots):
            spots.append((float(x), float(y), float(rng.uniform(0, 360))))
    return spots, (0, 0)


def draw_dice(
    rng: Rng,
    canvas: np.ndarray,
    spots: list,
    cam: Camera,
    palette: list[str],
    layout: str,
    look: Look = PLAIN,
) -> list[Drawn]:
    """Draw every die (shadow, sides, top face) on the canvas as ``look`` has them."""
    style = random_style(rng)
    if look.rounded:  # toy and Catan dice: a corner's curve 0.28-0.4 of the side
        style = replace(
            style, corner=float(rng.uniform(0.28, 0.4)), bevel=float(rng.uniform(0.12, 0.2))
        )
    light = rng.normal(0, 1, 2)
    light = light / (np.linalg.norm(light) + 1e-9) * SIDE * rng.uniform(0.05, 0.3)
    size = int(SIDE * 1.6)
    drawn: list[Drawn] = []
    for x, y, _ in spots:
        spread = SIDE * (0.08 if layout == "grid" else rng.uniform(0.1, 0.3))
        shadow(canvas, (x + light[0], y + light[1]), spread, float(rng.uniform(0.2, 0.5)))
    # The far dice first: a nearer die's sides hide what is behind it.
    for i, (x, y, angle) in enumerate(
        sorted(spots, key=lambda s: -np.hypot(s[0] - cam.foot[0], s[1] - cam.foot[1]))
    ):
        value = int(rng.integers(1, 7))
        colour = str(palette[rng.integers(len(palette))])
        if look.pips == "catan":  # Catan's pair: a red die and a yellow one
            colour = palette[i % len(palette)]
        finish = die_finish(rng, look)
        face = face_patch(rng, value, colour, style, size, look, finish)
        angle += 90 * int(rng.integers(4))  # a two's diagonal and a six's rows go either way
        away = np.array([x, y]) - cam.foot
        lift = SIDE / max(cam.height - SIDE, SIDE)
        top = (x + away[0] * lift, y + away[1] * lift)
        side = face.copy()
        side[..., :3] *= rng.uniform(0.45, 0.7)
        side_faces: list[np.ndarray] = []
        if look == PLAIN:  # five copies of the face between the table and the top
            for step in np.linspace(0, 1, 6)[:-1]:
                paste(canvas, side, (x + away[0] * lift * step, y + away[1] * lift * step), angle)
        else:
            neighbours = [v for v in range(1, 7) if v not in (value, 7 - value)]
            sides = [
                face_patch(rng, int(v), colour, style, size, look, finish)
                for v in rng.choice(neighbours, 2, replace=False)
            ]
            side_faces = draw_sides(rng, canvas, side, sides, ((x, y), top), angle)
        paste(canvas, face, top, angle)
        drawn.append(Drawn(value, label_colour(colour, finish), top, angle, side_faces))
    return drawn


def draw_sides(
    rng: Rng,
    canvas: np.ndarray,
    fill: np.ndarray,
    faces: list[np.ndarray],
    ends: tuple[tuple[float, float], tuple[float, float]],
    angle: float,
) -> list[np.ndarray]:
    """A die's upright sides between where it stands and where its top face shows
    (``ends``): its body (``fill``, its pips wiped) swept between them, then each side that
    faces the camera as a face of its own, pips and all (``faces``: two adjacent values),
    warped onto its quadrilateral and shaded, as a low camera sees them; return the middle
    of each side drawn so."""
    base, top = np.array(ends[0]), np.array(ends[1])
    rise = top - base
    body = fill.copy()
    inside = body[..., 3] > body[..., 3].max() / 2
    body[inside, :3] = np.median(body[inside, :3], axis=0)
    steps = max(5, int(np.hypot(*rise) / SIDE * 12) + 1)
    if body[..., 3].max() < 0.99:  # see-through: the copies together as clear as one
        body[..., 3] = 1 - (1 - body[..., 3]) ** (1 / steps)
    for step in np.linspace(0, 1, steps + 1)[:-1]:
        paste(canvas, body, (base[0] + rise[0] * step, base[1] + rise[1] * step), angle)
    cos, sin = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    half = SIDE / 2
    corners = [
        base + (cos * u + sin * v, -sin * u + cos * v)
        for u, v in ((-half, -half), (half, -half), (half, half), (-half, half))
    ]
    size = fill.shape[0]
    lo, hi = (size - SIDE) / 2, (size + SIDE) / 2
    square = np.array([[lo, hi], [hi, hi], [hi, lo], [lo, lo]], np.float32)  # its bottom edge first
    middles = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        if np.dot((a + b) / 2 - base, rise) >= 0:
            continue  # it faces away from the camera
        quad = np.array([a, b, b + rise, a + rise], np.float32)
        face = faces[i % 2].copy()
        face[..., :3] *= rng.uniform(0.45, 0.8)
        warp_onto(canvas, face, square, quad)
        middles.append(quad.mean(axis=0))
    return middles


def warp_onto(canvas: np.ndarray, patch: np.ndarray, square: np.ndarray, quad: np.ndarray) -> None:
    """Composite a BGRA ``patch`` onto ``canvas``, its points ``square`` taken to ``quad``."""
    x0, y0 = np.floor(quad.min(axis=0)).astype(int)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, canvas.shape[1]), min(y1, canvas.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    warp = cv2.getPerspectiveTransform(square, (quad - [x0, y0]).astype(np.float32))
    moved = cv2.warpPerspective(patch, warp, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
    region = canvas[y0:y1, x0:x1]
    alpha = moved[..., 3:4]
    region[:] = region * (1 - alpha) + moved[..., :3] * alpha


def lab(bgr: np.ndarray) -> np.ndarray:
    """A colour in Lab with lightness weighted as the reader weighs it."""
    out = lab_of(bgr)
    out[0] *= LIGHTNESS_WEIGHT
    return out


def contrasting_table(
    rng: Rng, h: int, w: int, palette: list[str], surface: str | None = None
) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """A table top whose colour stands apart from every die body in ``palette`` (the
    reader tells dice from table by colour; docs/vision.md says so): one of the usual
    tables, or ``surface`` (``surfaces.SURFACE_TONES``); and where a game board's number
    tokens lie on it."""
    bodies = [lab(np.array(bgr, float)) for colour in palette for bgr in BODY_BGR[colour]]
    for _ in range(40):
        if surface is None:
            kind, base = table_tone(rng)
        else:
            tones = SURFACE_TONES[surface]
            kind, base = surface, jitter_colour(rng, tones[rng.integers(len(tones))], 20)
        if min(np.linalg.norm(lab(base) - body) for body in bodies) > TABLE_CONTRAST:
            break
    if surface is None:
        return table_texture(rng, h, w, kind, base), []
    return surface_texture(rng, surface, h, w, base, SIDE)


def palette_for(rng: Rng) -> list[str]:
    """The body colours in one photo: one colour, a few, or any."""
    mode = rng.random()
    if mode < 0.35:
        return [COLOURS[rng.integers(len(COLOURS))]]
    if mode < 0.7:
        return list(rng.choice(COLOURS, size=int(rng.integers(2, 4)), replace=False))
    return list(COLOURS)


def camera_faults(rng: Rng, photo: np.ndarray) -> np.ndarray:
    """Uneven light, a colour cast, glare, blur, noise and JPEG, uint8 BGR out."""
    h, w = photo.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    slope = rng.normal(0, 0.35, 2)
    light = 1 + slope[0] * (xx / w - 0.5) + slope[1] * (yy / h - 0.5)
    light *= rng.uniform(0.7, 1.2)
    cast = 1 + rng.normal(0, 0.06, 3)
    photo = photo * light[..., None] * cast[None, None, :]
    if rng.random() < 0.4:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        radius = rng.uniform(0.1, 0.3) * max(h, w)
        glare = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius**2))
        photo = photo + glare[..., None] * rng.uniform(15, 60)
    photo = np.clip(photo, 0, 255).astype(np.uint8)
    sigma = rng.uniform(0, 1.3)
    if sigma > 0.3:
        photo = cv2.GaussianBlur(photo, (0, 0), sigma)
    photo = np.clip(photo + rng.normal(0, rng.uniform(0, 6), photo.shape), 0, 255).astype(np.uint8)
    quality = int(rng.integers(45, 96))
    encoded = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, quality])[1]
    return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR))


ASPECT = 1.5  # a new look's photo is at most this many times as long as it is wide
WIDE_PAD = 1.5  # a new look's canvas holds this many times the usual table round the dice
LOW_PAD = 2.0  # and a low camera's this many times


def framing(rng: Rng, look: Look, reach: float) -> tuple[float, float]:
    """How much table the photo shows round the dice (``reach`` across), and how much the
    canvas holds round them, so that the camera, however tilted, sees only table: the usual
    (a lone die is not the whole photo), far (dice of about 15-40 pixels) or close (a die
    nearly the whole photo); a low camera sees farther across the table."""
    if look.scale == "far":
        spread = SIDE * float(rng.uniform(4, 10))
    elif look.scale == "close":
        spread = SIDE * float(rng.uniform(0.02, 0.35))
    else:
        spread = SIDE * 0.9 + max(0.0, SIDE * 5 - reach) / 2
    pad = spread + SIDE * 2 + 0.8 * reach
    if look == PLAIN:
        return spread, pad
    return spread, pad * (WIDE_PAD if look.tilt is None else LOW_PAD)


def render(
    rng: Rng,
    layout: str,
    size: tuple[int, int] | int | None = None,
    tilt_max: float = 30.0,
    tokens: int = 0,
    specks: bool = False,
    look: Look = PLAIN,
) -> Scene:
    """One photo of a grid of touching dice or of a loose roll (``size`` as ``lay_out``
    takes it), and its truth; ``tokens`` a board game's number tokens on the table beside
    the dice (``clutter.draw_tokens``), ``specks`` a speckled counter top (``draw_specks``): no
    dice either; ``look`` the dice's finish, the table's surface, the dice's size in the
    photo and the camera's tilt (``looks.Look``; ``tilt_max`` is the usual look's)."""
    spots, shape = lay_out(rng, layout, size if size is not None else look.count)
    # Enough table around the dice that the camera, however tilted, sees only table.
    reach = max(np.ptp([x for x, _, _ in spots]), np.ptp([y for _, y, _ in spots])) + SIDE
    spread, pad = framing(rng, look, reach)
    left, top = min(x for x, _, _ in spots), min(y for _, y, _ in spots)
    spots = [(x - left + pad, y - top + pad, angle) for x, y, angle in spots]
    xs = [x for x, _, _ in spots]
    ys = [y for _, y, _ in spots]
    width, height = int(max(xs) + pad), int(max(ys) + pad)
    palette = ["red", "yellow"] if look.pips == "catan" else palette_for(rng)
    canvas, board_tokens = contrasting_table(rng, height, width, palette, look.surface)
    frame = (min(xs) - spread, min(ys) - spread, max(xs) + spread, max(ys) + spread)
    if specks:
        draw_specks(rng, canvas)
    draw_tokens(rng, canvas, spots, frame, tokens)
    draw_board_tokens(rng, canvas, board_tokens)
    centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
    # The usual look's camera stands 2-3.5 times the dice's reach away (a lone die's at 2-3.5
    # sides: a wide lens close up); any other look's as far from the whole framed table.
    distance = reach if look == PLAIN else max(reach + 2 * spread, SIDE * 4)
    cam = camera(rng, centre, distance, look.tilt or (0.0, tilt_max))
    drawn = draw_dice(rng, canvas, spots, cam, palette, layout, look)
    # Frame the dice with ``spread`` of table around them (a new look's, their top faces
    # too: a low or near camera sees them far from where the dice stand), then scale to
    # the photo's size (a close look's smaller: its canvas holds a die in 64 pixels).
    if look != PLAIN:
        xs += [die.top[0] + sign * SIDE / 2 for die in drawn for sign in (-1, 1)]
        ys += [die.top[1] + sign * SIDE / 2 for die in drawn for sign in (-1, 1)]
    box = np.array(
        [[min(xs) - spread, min(ys) - spread], [max(xs) + spread, min(ys) - spread],
         [max(xs) + spread, max(ys) + spread], [min(xs) - spread, max(ys) + spread]]
    )  # fmt: skip
    seen = to_photo(cam.homography, box)
    low, high = seen.min(axis=0), seen.max(axis=0)
    margin = (high - low) * rng.uniform(0.03, 0.2, 2)
    low, high = low - margin, high + margin
    if look != PLAIN:  # a phone's photo is 1:1 to 3:2, however low the camera
        grow = np.maximum((high - low)[::-1] / ASPECT - (high - low), 0) / 2
        low, high = low - grow, high + grow
    long_side = rng.uniform(480, 900) if look.scale != "close" else rng.uniform(200, 420)
    scale = long_side / max(high - low)
    fit = np.array([[scale, 0, -low[0] * scale], [0, scale, -low[1] * scale], [0, 0, 1]])
    homography = fit @ cam.homography
    out_w, out_h = (int(v) for v in np.ceil((high - low) * scale))
    photo = cv2.warpPerspective(
        canvas, homography, (out_w, out_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT
    )
    photo = camera_faults(rng, photo)
    dice = []
    for value, colour, face_at, angle, side_faces in drawn:
        # cv2's turn by ``angle`` takes the face's x axis to (cos, -sin) on the canvas.
        axis = np.array([np.cos(np.radians(angle)), -np.sin(np.radians(angle))]) * SIDE / 2
        ends = to_photo(
            homography,
            np.array(
                [face_at, (face_at[0] - SIDE / 2, face_at[1]), (face_at[0] + SIDE / 2, face_at[1]),
                 np.add(face_at, axis)]
            ),
        )  # fmt: skip
        along = ends[3] - ends[0]
        dice.append(
            TrueDie(
                value=value,
                colour=colour,
                center=(float(ends[0, 0]), float(ends[0, 1])),
                side=float(np.linalg.norm(ends[2] - ends[1])),
                turn=float(np.degrees(np.arctan2(along[1], along[0])) % 90),
                sides=tuple(
                    (float(x), float(y)) for x, y in to_photo(homography, np.array(side_faces))
                )
                if side_faces
                else (),
            )
        )
    return Scene(image=photo, layout=layout, dice=dice, shape=shape if layout == "grid" else None)
