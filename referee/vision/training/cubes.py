"""A second renderer, never trained on: dice as cubes in 3-D, for the unseen-generator check.

Written apart from ``render.py`` and by another technique: each die is a cube in the world
(its side 1, lying on the table at z = 0 and turned about its upright axis), and a pinhole
camera looking down at up to 30 degrees from upright projects every face that turns towards
it.  Each face is a texture (body, edge darkening for a rounded body, pips as round spots,
squares or rings) warped onto its projected quadrilateral and shaded by a lamp (Lambert:
the sides darker than the top as the light falls); far dice are drawn first.  The lamp casts
each cube's shadow on the table, the tables are tiles, linen, marble or a plain colour with
speckle, and the photo gets sensor noise, defocus and JPEG.

Only ``evaluate`` uses it, to measure the reader on photos unlike any it learnt from.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from referee.vision.labels import COLOURS
from referee.vision.training.render import Scene, TrueDie

Rng = np.random.Generator
TEXTURE = 96  # a face texture's side, pixels
# Body colours (BGR), another set of shades than render.py's; each die varies around one.
BODIES: dict[str, list[tuple[int, int, int]]] = {
    "red": [(30, 25, 175), (45, 20, 150), (60, 50, 210)],
    "yellow": [(30, 225, 245), (60, 210, 235)],
    "green": [(50, 150, 20), (100, 180, 60), (70, 120, 30)],
    "blue": [(180, 70, 20), (215, 120, 40), (150, 40, 10)],
    "orange": [(20, 110, 240), (40, 130, 235)],
    "purple": [(130, 30, 100), (170, 70, 140)],
    "black": [(30, 30, 30), (20, 22, 28)],
    "white": [(245, 245, 245), (215, 235, 245), (225, 225, 230)],
}
PIP_SPOTS: dict[int, list[tuple[int, int]]] = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)],
}
PIP_SHAPES = ("round", "square", "ring")
# The four sides of a unit cube centred on its upright axis: corners (x, y) of each side.
SIDES = [((-0.5, -0.5), (0.5, -0.5)), ((0.5, -0.5), (0.5, 0.5)),
         ((0.5, 0.5), (-0.5, 0.5)), ((-0.5, 0.5), (-0.5, -0.5))]  # fmt: skip


@dataclass(frozen=True)
class DiceSet:
    """How a set of dice looks: rounded or sharp body, pip shape, size and spread."""

    rounded: float
    pip_shape: str
    pip_size: float
    pip_spread: float


@dataclass(frozen=True)
class Eye:
    """A pinhole camera: world to photo as 3x4 matrix, and where the camera stands."""

    matrix: np.ndarray
    position: np.ndarray

    def project(self, points: np.ndarray) -> np.ndarray:
        """World points (n, 3) as photo pixels (n, 2)."""
        seen = np.column_stack([points, np.ones(len(points))]) @ self.matrix.T
        return seen[:, :2] / seen[:, 2:3]


def look_at(rng: Rng, centre: np.ndarray, reach: float, size: int) -> Eye:
    """A camera at up to 30 degrees from upright over ``centre``, far enough that a scene
    ``reach`` across (however turned) fills half to seven tenths of a ``size``-pixel photo."""
    tilt, heading = np.radians(rng.uniform(0, 30)), rng.uniform(0, 2 * np.pi)
    distance = reach * rng.uniform(2.2, 3.5)
    position = centre + distance * np.array(
        [np.sin(tilt) * np.cos(heading), np.sin(tilt) * np.sin(heading), np.cos(tilt)]
    )
    forward = (centre - position) / distance
    right = np.cross(forward, [np.cos(heading + 1.3), np.sin(heading + 1.3), 0.0])
    right /= np.linalg.norm(right)
    down = np.cross(forward, right)
    rotation = np.array([right, down, forward])
    focal = size * distance / (reach * rng.uniform(1.4, 2.0))
    camera = np.array([[focal, 0, size / 2], [0, focal, size / 2], [0, 0, 1]])
    return Eye(camera @ np.column_stack([rotation, -rotation @ position]), position)


def face_texture(
    rng: Rng, body: np.ndarray, value: int, dice: DiceSet, pip: tuple[float, float, float]
) -> np.ndarray:
    """A face's texture (float BGR, ``TEXTURE`` square): body, darkened edges when the body
    is rounded, and ``value`` pips."""
    n = TEXTURE
    face: np.ndarray = np.ones((n, n, 3), np.float32) * body
    if dice.rounded > 0:
        inner = np.zeros((n, n), np.float32)
        inset = int(n * dice.rounded)
        cv2.rectangle(inner, (inset, inset), (n - inset, n - inset), 1.0, -1)
        edge = np.asarray(cv2.GaussianBlur(inner, (0, 0), n * dice.rounded * 0.6))
        face *= (0.6 + 0.4 * edge)[..., None]
    r = dice.pip_size * n
    for px, py in PIP_SPOTS[value]:
        x, y = int(n / 2 + px * dice.pip_spread * n), int(n / 2 + py * dice.pip_spread * n)
        if dice.pip_shape == "square":
            cv2.rectangle(face, (int(x - r), int(y - r)), (int(x + r), int(y + r)), pip, -1)
        elif dice.pip_shape == "ring":
            cv2.circle(face, (x, y), int(r), pip, max(int(r * 0.45), 2), cv2.LINE_AA)
        else:
            cv2.circle(face, (x, y), int(r), pip, -1, cv2.LINE_AA)
    return cv2.rotate(face, int(rng.integers(3))) if rng.random() < 0.75 else face


def paint_quad(photo: np.ndarray, texture: np.ndarray, quad: np.ndarray, shade: float) -> None:
    """Warp ``texture`` onto the photo's quadrilateral ``quad`` (clockwise from the texture's
    top left), lit by ``shade``."""
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
    h, w = photo.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    n = TEXTURE
    src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    warp = cv2.getPerspectiveTransform(src, (quad - (x0, y0)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    colour = cv2.warpPerspective(texture * shade, warp, size, flags=cv2.INTER_AREA)
    alpha = cv2.warpPerspective(np.ones((n, n), np.float32), warp, size)[..., None]
    region = photo[y0:y1, x0:x1]
    region[:] = region * (1 - alpha) + colour * alpha


def table(rng: Rng, size: int, avoid: list[np.ndarray]) -> np.ndarray:
    """A table top (tiles, linen, marble or speckled paint), float BGR, its colour at least
    90 (BGR distance) from each die body in ``avoid``."""
    for _ in range(60):
        base = rng.uniform(20, 235, 3)
        if min(np.linalg.norm(base - body) for body in avoid) > 90:
            break
    kind = rng.choice(["tiles", "linen", "marble", "speckle"])
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    top = np.ones((size, size, 3), np.float32) * base
    if kind == "tiles":
        step = rng.uniform(size / 8, size / 3)
        grout = ((xx % step) < 3) | ((yy % step) < 3)
        top[grout] *= 0.7
    elif kind == "linen":
        weave = np.sin(xx * 1.7) * np.sin(yy * 1.7)
        top *= (1 + 0.06 * weave)[..., None]
    elif kind == "marble":
        field = cv2.resize(rng.normal(0, 1, (12, 12)).astype(np.float32), (size, size))
        veins = np.abs(np.sin((xx + yy) / 40 + field * 3)) ** 0.3
        top *= (0.85 + 0.15 * veins)[..., None]
    top += rng.normal(0, 4, (size, size, 1)).astype(np.float32)
    return top


def lay(rng: Rng, layout: str) -> tuple[list[tuple[float, float, float]], tuple[int, int]]:
    """Where each die stands on the table (x, y, turn in radians), and a board's shape."""
    if layout == "grid":
        rows, cols = (6, 6) if rng.random() < 0.4 else tuple(int(v) for v in rng.integers(2, 9, 2))
        pitch = rng.uniform(1.0, 1.05)
        spots = [(c * pitch, r * pitch, float(rng.normal(0, 0.02)))
                 for r in range(rows) for c in range(cols)]  # fmt: skip
        return spots, (rows, cols)
    count, spots = int(rng.integers(1, 13)), []
    room = 2.5 + 1.6 * np.sqrt(count)
    while len(spots) < count:
        x, y = rng.uniform(0, room, 2)
        if all(np.hypot(x - sx, y - sy) > 1.8 for sx, sy, _ in spots):
            spots.append((float(x), float(y), float(rng.uniform(0, np.pi))))
    return spots, (0, 0)


def cube_faces(x: float, y: float, turn: float) -> tuple[np.ndarray, list[np.ndarray]]:
    """A cube's top face and its four sides as world quadrilaterals (4, 3)."""
    c, s = np.cos(turn), np.sin(turn)

    def at(dx: float, dy: float, z: float) -> list[float]:
        return [x + c * dx - s * dy, y + s * dx + c * dy, z]

    top = np.array([at(-0.5, -0.5, 1), at(0.5, -0.5, 1), at(0.5, 0.5, 1), at(-0.5, 0.5, 1)])
    sides = [np.array([at(*a, 1), at(*b, 1), at(*b, 0), at(*a, 0)]) for a, b in SIDES]
    return top, sides


def render_cubes(rng: Rng, layout: str) -> Scene:
    """One photo of a board or a loose roll of cubes, and its truth."""
    spots, shape = lay(rng, layout)
    palette = list(rng.choice(COLOURS, size=int(rng.integers(1, 9)), replace=False))
    size = int(rng.integers(560, 900))
    centre = np.array([np.mean([p[0] for p in spots]), np.mean([p[1] for p in spots]), 0.5])
    reach = float(np.hypot(np.ptp([p[0] for p in spots]), np.ptp([p[1] for p in spots]))) + 2
    eye = look_at(rng, centre, reach, size)
    bodies = {c: np.array(BODIES[c][rng.integers(len(BODIES[c]))], float) for c in palette}
    photo = table(rng, size, list(bodies.values()))
    lamp = np.array([*rng.normal(0, 0.6, 2), 1.0])
    lamp /= np.linalg.norm(lamp)
    dice = DiceSet(
        rounded=float(rng.choice([0.0, rng.uniform(0.05, 0.18)])),
        pip_shape=str(rng.choice(PIP_SHAPES)),
        pip_size=float(rng.uniform(0.06, 0.1)),
        pip_spread=float(rng.uniform(0.24, 0.3)),
    )
    for x, y, turn in spots:  # shadows first: every cube stands on the table
        top, _ = cube_faces(x, y, turn)
        fall = top - np.outer(top[:, 2] / lamp[2], lamp)
        outline = eye.project(np.vstack([top * [1, 1, 0], fall])).astype(np.float32)
        dark = np.zeros(photo.shape[:2], np.float32)
        cv2.fillConvexPoly(dark, cv2.convexHull(outline).astype(np.int32), 1.0)
        photo *= (1 - rng.uniform(0.25, 0.5) * cv2.GaussianBlur(dark, (0, 0), 3))[..., None]
    truth = []
    order = sorted(spots, key=lambda p: -np.hypot(p[0] - eye.position[0], p[1] - eye.position[1]))
    for x, y, turn in order:
        colour = str(palette[rng.integers(len(palette))])
        body = bodies[colour] + rng.uniform(-12, 12, 3)
        pip = (20.0, 20.0, 20.0) if colour in ("white", "yellow") else (240.0, 240.0, 240.0)
        value = int(rng.integers(1, 7))
        top, sides = cube_faces(x, y, turn)
        for side in sides:
            normal = np.cross(side[3] - side[0], side[1] - side[0])  # outwards
            normal /= np.linalg.norm(normal)
            if np.dot(normal, eye.position - side.mean(axis=0)) <= 0:
                continue
            shade = 0.35 + 0.5 * max(float(normal @ lamp), 0.0)
            texture = face_texture(rng, body, 7 - value if rng.random() < 0.3 else
                                   int(rng.integers(1, 7)), dice, pip)  # fmt: skip
            paint_quad(photo, texture, eye.project(side), shade)
        shade = 0.55 + 0.45 * float(lamp[2])
        paint_quad(photo, face_texture(rng, body, value, dice, pip), eye.project(top), shade)
        middle = eye.project(np.array([[x, y, 1.0]]))[0]
        edge = eye.project(top)
        side_px = float(np.mean(np.linalg.norm(edge - np.roll(edge, 1, axis=0), axis=1)))
        truth.append(TrueDie(value, colour, (float(middle[0]), float(middle[1])), side_px))
    return Scene(exposed(rng, photo), layout, truth, shape if layout == "grid" else None)


def exposed(rng: Rng, photo: np.ndarray) -> np.ndarray:
    """The camera's faults: exposure, sensor noise, defocus and JPEG; uint8 BGR out."""
    photo = photo * rng.uniform(0.8, 1.15) + rng.normal(0, rng.uniform(1, 5), photo.shape)
    out = np.clip(photo, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        out = np.asarray(cv2.blur(out, (3, 3)))
    encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 95))])[1]
    return np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR))
