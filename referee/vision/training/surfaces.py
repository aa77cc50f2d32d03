"""Table tops the first renders never drew (issue 48): a board game's hexagonal tiles with
their sea, woven cloth, carpet, granite, felt, paper and square tiles with grout between
them.  Each is float BGR of (h, w), drawn for dice of ``side`` pixels; a game board also
gives where its number tokens lie (the renderer draws them, as it draws a busy table's
tokens).

Nothing here is imported by the reader.
"""

from __future__ import annotations

import cv2
import numpy as np

Rng = np.random.Generator

# Base colours (BGR) of each surface; each draw is varied around one of them.
SURFACE_TONES: dict[str, list[tuple[int, int, int]]] = {
    "cloth": [(200, 200, 205), (60, 60, 150), (140, 90, 40), (60, 120, 60), (90, 170, 220)],
    "carpet": [(110, 120, 130), (60, 70, 90), (150, 110, 120), (70, 60, 140), (160, 170, 175)],
    "granite": [(200, 205, 210), (70, 70, 75), (150, 160, 175), (120, 140, 160)],
    "felt": [(50, 90, 20), (110, 50, 40), (140, 60, 100), (40, 30, 110), (45, 45, 45)],
    "paper": [(245, 245, 245), (215, 235, 240), (235, 240, 240)],
    "tiles": [(60, 60, 170), (215, 215, 210), (120, 140, 150), (50, 60, 70), (150, 120, 80)],
    "hexboard": [(225, 225, 225), (60, 100, 150), (130, 130, 130)],  # the table around it
}
# A game's land tiles (BGR): forest, pasture, fields, hills, mountains, desert.
TERRAINS = (
    (35, 85, 40), (70, 185, 120), (60, 185, 220), (50, 95, 175), (125, 120, 115),
    (140, 190, 215),
)  # fmt: skip
SEA = (170, 110, 30)


def smooth_noise(rng: Rng, h: int, w: int, cell: float) -> np.ndarray:
    """Noise of unit spread whose blobs are about ``cell`` pixels, float32 (h, w)."""
    small = rng.normal(0, 1, (max(int(h / cell), 1) + 2, max(int(w / cell), 1) + 2))
    return cv2.resize(small.astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)


def fine_noise(rng: Rng, h: int, w: int, sigma: float) -> np.ndarray:
    """Pixel noise blurred by ``sigma`` and brought back to unit spread, float32 (h, w)."""
    noise = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), sigma)
    return noise / (noise.std() + 1e-6)


def turned(image: np.ndarray, angle: float) -> np.ndarray:
    """An image turned about its centre, its corners filled by reflection."""
    h, w = image.shape[:2]
    turn = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    return cv2.warpAffine(image, turn, (w, h), borderMode=cv2.BORDER_REFLECT)


def cloth(rng: Rng, h: int, w: int, base: np.ndarray, side: float) -> np.ndarray:
    """Woven cloth: threads across and along a few pixels apart, folds, and for half of
    them a check or stripes of a second colour a die or more wide."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    pitch = rng.uniform(2.5, 6)
    weave = np.sin(xx * 2 * np.pi / pitch) * np.sin(yy * 2 * np.pi / pitch)
    folds = smooth_noise(rng, h, w, side * 3)
    texture = base * (1 + 0.06 * weave[..., None] + 0.06 * folds[..., None])
    if rng.random() < 0.5:
        band = side * rng.uniform(0.6, 2.5)
        check = rng.random() < 0.5
        stripes = ((xx // band + (yy // band if check else 0)) % 2) == 0
        second = np.clip(base * rng.uniform(0.5, 0.8) + rng.integers(-40, 41, 3), 0, 255)
        texture = np.where(stripes[..., None], texture, texture * second / np.maximum(base, 1))
    return turned(texture.astype(np.float32), float(rng.uniform(0, 180)))


def carpet(rng: Rng, h: int, w: int, base: np.ndarray, side: float) -> np.ndarray:
    """Carpet: tufts of pile a few pixels wide, mottled in two tones, darker where it is
    trodden."""
    tufts = fine_noise(rng, h, w, rng.uniform(0.8, 2.0))
    mottle = smooth_noise(rng, h, w, side * rng.uniform(0.1, 0.4))
    second = np.clip(base * rng.uniform(0.8, 1.2, 3), 0, 255)
    mix = np.clip(0.5 + 0.5 * mottle, 0, 1)[..., None]
    texture = (base * (1 - mix) + second * mix) * (1 + 0.12 * tufts[..., None])
    return texture * (1 + 0.08 * smooth_noise(rng, h, w, side * 6)[..., None])


def granite(rng: Rng, h: int, w: int, base: np.ndarray, side: float) -> np.ndarray:
    """Granite: crystals of three or four minerals (dark, light, a warm tone), from a pixel
    to a pip's size and more, packed over the base."""
    texture = base * (1 + 0.05 * smooth_noise(rng, h, w, side)[..., None])
    minerals = [(30, 30, 35), (235, 235, 230), (120, 140, 190), (90, 95, 100)]
    for mineral in minerals[: int(rng.integers(2, 5))]:
        grain = fine_noise(rng, h, w, side * rng.uniform(0.02, 0.08))
        share = rng.uniform(0.04, 0.2)
        spots = (grain > np.quantile(grain[::7, ::7], 1 - share)).astype(np.float32)
        spots = cv2.GaussianBlur(spots, (0, 0), 0.6)[..., None]
        texture = texture * (1 - spots) + np.array(mineral, np.float32) * spots
    return texture


def felt(rng: Rng, h: int, w: int, base: np.ndarray, side: float) -> np.ndarray:
    """Felt or a playmat: fine fibres, a faint nap that shifts the shade, fuzz."""
    fibres = fine_noise(rng, h, w, 0.7)
    nap = smooth_noise(rng, h, w, side * rng.uniform(1, 4))
    return base * (1 + 0.05 * fibres[..., None] + 0.07 * nap[..., None])


def paper(rng: Rng, h: int, w: int, base: np.ndarray, side: float) -> np.ndarray:
    """Paper: fibres and faint creases, and for most sheets ruled lines, a score sheet's
    grid or lines of print."""
    texture = base * (1 + 0.02 * fine_noise(rng, h, w, 1.0)[..., None])
    texture *= 1 + 0.03 * smooth_noise(rng, h, w, side * 4)[..., None]
    layer = np.clip(texture, 0, 255).astype(np.uint8)
    kind = int(rng.integers(4))
    gap = int(side * rng.uniform(0.35, 0.9))
    ink = tuple(int(v) for v in rng.choice([(160, 120, 80), (90, 90, 90), (40, 40, 40)]))
    if kind in (1, 2):  # ruled lines, or a score sheet's grid
        for y in range(gap, h, gap):
            cv2.line(layer, (0, y), (w, y), ink, 1, cv2.LINE_AA)
        for x in range(gap, w, gap * 2) if kind == 2 else ():
            cv2.line(layer, (x, 0), (x, h), ink, 1, cv2.LINE_AA)
    elif kind == 3:  # print: words of letters and numbers
        letters = "ABCDEFGHKMNPRSTUVWXYZ0123456789 "
        scale = gap / 60
        for y in range(gap, h, int(gap * rng.uniform(1, 2))):
            words = "".join(rng.choice(list(letters), size=w // max(int(gap * 0.5), 1)))
            cv2.putText(layer, words, (int(gap / 2), y), cv2.FONT_HERSHEY_SIMPLEX, scale, ink, 1)
    return turned(layer.astype(np.float32), float(rng.uniform(0, 180)))


def tiles(rng: Rng, h: int, w: int, base: np.ndarray, side: float) -> np.ndarray:
    """A tiled floor or counter: square glazed tiles from about one to three dice wide, each
    a little lighter or darker than the next, a soft sheen across each, and grout lines
    between them in a lighter or darker tone (a square with an edge round it, as a die's top
    face is, which the reader must not take for a die)."""
    pitch = side * rng.uniform(0.9, 3.0)
    grout = max(pitch * rng.uniform(0.04, 0.1), 1.0)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    rows, cols = int(h // pitch) + 2, int(w // pitch) + 2
    shades = rng.uniform(0.9, 1.1, (rows, cols)).astype(np.float32)
    shade = shades[(yy // pitch).astype(int), (xx // pitch).astype(int)]
    u, v = xx % pitch / pitch, yy % pitch / pitch  # where in its tile each pixel lies
    sheen = 1 + 0.08 * np.exp(-((u - 0.3) ** 2 + (v - 0.3) ** 2) * 6)
    texture = base * (shade * sheen)[..., None]
    joint = np.minimum(
        np.minimum(xx % pitch, pitch - xx % pitch), np.minimum(yy % pitch, pitch - yy % pitch)
    )
    line = np.clip(grout / 2 + 0.5 - joint, 0, 1)[..., None]
    dark = rng.random() < 0.5
    mortar = np.clip(base * rng.uniform(0.3, 0.7) if dark else rng.integers(170, 241, 3), 0, 255)
    texture = texture * (1 - line) + mortar.astype(np.float32) * line
    texture *= 1 + 0.04 * smooth_noise(rng, h, w, side * 3)[..., None]
    return turned(texture.astype(np.float32), float(rng.uniform(0, 90)))


def hex_centres(h: int, w: int, radius: float, origin: np.ndarray) -> list[tuple[float, float]]:
    """The centres of pointy-topped hexagons of ``radius`` (centre to corner) that tile the
    plane through ``origin``, those within a radius of the (h, w) canvas."""
    step_x, step_y = radius * np.sqrt(3), radius * 1.5
    centres = []
    for row in range(int(-origin[1] // step_y) - 1, int((h - origin[1]) // step_y) + 2):
        for col in range(int(-origin[0] // step_x) - 2, int((w - origin[0]) // step_x) + 2):
            x = origin[0] + (col + 0.5 * (row % 2)) * step_x
            y = origin[1] + row * step_y
            if -radius < x < w + radius and -radius < y < h + radius:
                centres.append((float(x), float(y)))
    return centres


def hexboard(
    rng: Rng, h: int, w: int, base: np.ndarray, side: float
) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """A board game's map over the table: hexagonal land tiles (forest, pasture, fields,
    hills, mountains, desert) a few dice wide, each textured, its picture printed on it
    (``pictured``) and edged in cream, the sea
    round the island beyond a line, and the table beyond the board; and each land tile's
    number token's centre, none on the desert."""
    texture = base * (1 + 0.03 * smooth_noise(rng, h, w, side * 2)[..., None])
    layer = np.clip(texture, 0, 255).astype(np.uint8)
    radius = side * rng.uniform(2.2, 3.6)
    centres = hex_centres(h, w, radius, rng.uniform(0, radius * 2, 2))
    away = rng.uniform(0, 2 * np.pi)  # the sea lies past a line across the canvas, this way
    normal = np.array([np.cos(away), np.sin(away)])
    shore = float(rng.uniform(0.55, 1.3)) * float(np.abs(normal) @ [w, h]) / 2
    middle = np.array([w / 2, h / 2])
    sea_reach = radius * rng.uniform(0.8, 2.0)  # then the board's edge, then the table
    corners = np.array([[np.cos(a), np.sin(a)] for a in np.radians(np.arange(30, 390, 60))])
    tokens = []
    for x, y in centres:
        depth = float((np.array([x, y]) - middle) @ normal)
        if depth > shore + sea_reach:
            continue
        hexagon = (np.array([x, y]) + corners * radius).astype(np.int32)
        if depth > shore:
            cv2.fillPoly(layer, [hexagon], SEA, cv2.LINE_AA)
            continue
        terrain = int(rng.integers(len(TERRAINS)))
        tone = np.clip(np.array(TERRAINS[terrain]) + rng.integers(-20, 21, 3), 0, 255)
        tile = tuple(int(v) for v in tone)
        cv2.fillPoly(layer, [hexagon], tile, cv2.LINE_AA)
        pictured(rng, layer, hexagon, terrain, side)
        cream = tuple(int(v) for v in rng.integers(170, 230) * np.array([0.8, 0.95, 1.0]))
        cv2.polylines(layer, [hexagon], True, cream, max(int(radius * 0.08), 2), cv2.LINE_AA)
        if terrain != len(TERRAINS) - 1:
            tokens.append((x, y))
    board = layer.astype(np.float32)
    marks = fine_noise(rng, h, w, side * 0.06)  # the tiles' printed trees, crops, rocks
    return board * (1 + 0.12 * np.tanh(marks)[..., None]), tokens


def pictured(rng: Rng, layer: np.ndarray, hexagon: np.ndarray, terrain: int, side: float) -> None:
    """A land tile's printed picture drawn into ``layer`` (uint8 BGR), within its
    ``hexagon``: a forest's trees (dark crowns with a lit side, pip-sized), a pasture's sheep
    (white ovals with a dark head), a field's rows of wheat, a hill's bricks, a mountain's
    rocks with light tops; none on the desert.  Spots as large as pips, light on dark and
    dark on light, which the reader must not take for a die's."""
    if terrain == len(TERRAINS) - 1:
        return
    left, top = np.maximum(hexagon.min(axis=0), 0)
    right, bottom = np.minimum(hexagon.max(axis=0) + 1, layer.shape[1::-1])
    if right <= left or bottom <= top:
        return
    window = layer[top:bottom, left:right]
    art = window.copy()
    tone = art[(bottom - top) // 2, (right - left) // 2].astype(np.float32)
    h, w = art.shape[:2]
    count = int(h * w / side**2 * (10 if terrain == 0 else 4))
    xs, ys = rng.uniform(0, w, count), rng.uniform(0, h, count)
    sizes = side * rng.uniform(0.06, 0.16, count)
    for x, y, r in zip(xs.astype(int), ys.astype(int), sizes, strict=True):
        draw_mark(art, (int(x), int(y)), max(float(r), 1.0), terrain, tone, rng)
    inside = np.zeros((h, w), np.uint8)
    cv2.fillPoly(inside, [hexagon - [left, top]], 255, cv2.LINE_AA)
    keep = inside[..., None].astype(np.float32) / 255
    window[:] = (art * keep + window * (1 - keep)).astype(np.uint8)


def draw_mark(
    art: np.ndarray, at: tuple[int, int], r: float, terrain: int, tone: np.ndarray, rng: Rng
) -> None:
    """One mark of a land tile's picture, ``r`` pixels across, at ``at``."""
    shade = tuple(float(v) for v in np.clip(tone * rng.uniform(0.35, 0.7), 0, 255))
    light = tuple(float(v) for v in np.clip(tone * rng.uniform(1.2, 1.6) + 30, 0, 255))
    x, y = at
    size = max(int(r), 1)
    if terrain == 0:  # a tree: a dark crown, lit on one side
        cv2.circle(art, at, size, shade, -1, cv2.LINE_AA)
        cv2.circle(art, (x - size // 3, y - size // 3), max(size // 2, 1), light, -1, cv2.LINE_AA)
    elif terrain == 1:  # a sheep: a white oval, a dark head
        wool = tuple(float(v) for v in rng.integers(215, 256, 3))
        cv2.ellipse(art, at, (size, max(int(r * 0.65), 1)), 0, 0, 360, wool, -1, cv2.LINE_AA)
        cv2.circle(art, (x + size, y), max(size // 3, 1), (30, 30, 30), -1, cv2.LINE_AA)
    elif terrain == 2:  # wheat: a short stalk
        cv2.line(art, (x, y), (x + size // 2, y - 2 * size), shade, max(size // 3, 1), cv2.LINE_AA)
    elif terrain == 3:  # a brick, its mortar light
        cv2.rectangle(art, (x - 2 * size, y - size), (x + 2 * size, y + size), light, 1)
        inner = ((x - 2 * size + 1, y - size + 1), (x + 2 * size - 1, y + size - 1))
        cv2.rectangle(art, *inner, shade, -1)
    else:  # a rock, its top lit
        peak = [[x - 2 * size, y + size], [x, y - 2 * size], [x + 2 * size, y + size]]
        cv2.fillPoly(art, [np.array(peak, np.int32)], shade, cv2.LINE_AA)
        cv2.circle(art, (x, y - size), max(size // 2, 1), light, -1, cv2.LINE_AA)


PLAIN_SURFACES = {
    "cloth": cloth, "carpet": carpet, "granite": granite, "felt": felt, "paper": paper,
    "tiles": tiles,
}  # fmt: skip


def surface_texture(
    rng: Rng, kind: str, h: int, w: int, base: np.ndarray, side: float
) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """A table top of ``kind`` (one of ``SURFACE_TONES``) round ``base`` and the number
    tokens lying on it (a game board's only), float32 BGR."""
    if kind == "hexboard":
        texture, tokens = hexboard(rng, h, w, base, side)
    else:
        texture, tokens = PLAIN_SURFACES[kind](rng, h, w, base, side), []
    grain = rng.normal(0, rng.uniform(1.5, 5), (h, w, 1)).astype(np.float32)
    return np.clip(texture + grain, 0, 255).astype(np.float32), tokens
