"""Train the die finder (``referee.vision.detect``) on rendered photos with PyTorch (CPU)
and export it to ONNX: the plain network learns from nothing, the pretrained one starts from
EfficientNet-Lite0's first stages, pretrained on photographs (``backbone.py``), and fine-tunes
all of it.

Each rendered photo is scaled as the finder sees it; a training sample is a square piece of
it (scaled from two thirds to twice its size, turned by quarter turns, maybe mirrored) with its
targets on the finder's grid: a Gaussian peak at each die's centre (CenterNet's focal loss),
and, around each centre, the die's side and turn.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

from referee.vision.detect import STRIDE, network_input
from referee.vision.training.augment import phone_effects
from referee.vision.training.backbone import pretrained
from referee.vision.training.clutter import busy_table
from referee.vision.training.looks import varied
from referee.vision.training.render import render

PIECE = 160  # a training sample's side, pixels of the scaled photo
CELLS = PIECE // STRIDE
SPREAD = 0.15  # a peak's Gaussian is this share of the die's side wide (sigma)
EFFECTS = 0.7  # the share of samples given a phone's faults (blur, noise, JPEG, light...)
PRIOR = 0.05  # the sureness the untrained finder starts from
ZOOM = (-0.4, 0.7)  # a sample is scaled by e to a power in this range: a photo's dice may
# be larger than any render's (two dice close up), a pip as large as a render's die (down to
# e^-1, to teach small dice's sides, read the real photos' held-out dice 4-6 points worse)


@dataclass
class Photos:
    """Rendered photos as the finder sees them, and per photo its dice as rows of (x, y,
    side, turn in degrees) in those pixels."""

    images: list[np.ndarray]
    dice: list[np.ndarray]


def make_photos(seed: int, scenes: dict[str, int]) -> Photos:
    """``scenes[layout]`` rendered photos of each layout, scaled for the finder."""
    rng = np.random.default_rng(seed)
    images, dice = [], []
    for layout, count in scenes.items():
        for _ in range(count):
            tokens, specks = busy_table(rng, layout)
            scene = render(rng, layout, tokens=tokens, specks=specks, look=varied(rng, layout))
            pixels, scale = network_input(scene.image)
            images.append(pixels)
            dice.append(
                np.array(
                    [(d.center[0] * scale, d.center[1] * scale, d.side * scale, d.turn)
                     for d in scene.dice],
                    np.float32,
                ).reshape(-1, 4)
            )  # fmt: skip
    return Photos(images, dice)


def sample(image: np.ndarray, dice: np.ndarray, rng: np.random.Generator) -> tuple:
    """One training piece of a photo and its dice moved with it: scaled, cut, turned and
    maybe mirrored (a mirror turns a die the other way)."""
    zoom = float(np.exp(rng.uniform(*ZOOM)))
    image = cv2.resize(image, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_AREA)
    dice = dice * np.array([zoom, zoom, zoom, 1], np.float32)
    h, w = image.shape[:2]
    pad_y, pad_x = max(PIECE - h, 0), max(PIECE - w, 0)
    image = cv2.copyMakeBorder(image, 0, pad_y, 0, pad_x, cv2.BORDER_REPLICATE)
    left = int(rng.integers(0, max(w - PIECE, 0) + 1))
    top = int(rng.integers(0, max(h - PIECE, 0) + 1))
    piece = image[top : top + PIECE, left : left + PIECE]
    dice = dice - np.array([left, top, 0, 0], np.float32)
    for _ in range(int(rng.integers(4))):  # a quarter turn counter-clockwise
        piece = np.rot90(piece)
        dice = np.stack([dice[:, 1], PIECE - dice[:, 0], dice[:, 2], dice[:, 3]], axis=1)
    if rng.random() < 0.5:
        piece = piece[:, ::-1]
        dice = np.stack([PIECE - dice[:, 0], dice[:, 1], dice[:, 2], -dice[:, 3] % 90], axis=1)
    gain, bias = rng.uniform(0.8, 1.2), rng.uniform(-20, 20)
    piece = np.clip(cast_shadows(piece, dice, rng) * gain + bias, 0, 255).astype(np.uint8)
    if rng.random() < EFFECTS:
        piece, dice = phone_effects(piece, dice, rng)
    return np.ascontiguousarray(piece), dice


def cast_shadows(piece: np.ndarray, dice: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The piece with hard shadows cast beside some of its dice (a lamp low over the table
    throws a die's shadow as a dark square of its own), none over a die's top face: the
    renders' shadows are soft, and a finder that never saw a hard one takes it for a die."""
    out = piece.astype(np.float32)
    if len(dice) == 0 or rng.random() < 0.5:
        return out
    faces = np.zeros(piece.shape[:2], np.uint8)
    dice = np.nan_to_num(dice)  # a turn not known draws as none
    for x, y, side, turn in dice:
        cv2.fillPoly(faces, [cv2.boxPoints(((x, y), (side, side), turn)).astype(np.int32)], 1)
    dark = np.zeros(piece.shape[:2], np.float32)
    away = rng.uniform(0, 2 * np.pi)  # the same lamp for every die
    reach = rng.uniform(0.5, 1.3) * np.array([np.cos(away), np.sin(away)])
    for x, y, side, turn in dice[rng.random(len(dice)) < 0.7]:
        box = cv2.boxPoints(((x + reach[0] * side, y + reach[1] * side), (side, side), turn))
        cv2.fillPoly(dark, [box.astype(np.int32)], 1.0)
    dark = cv2.GaussianBlur(dark, (0, 0), 1.0) * (1 - faces)
    return out * (1 - rng.uniform(0.3, 0.65) * dark)[..., None]


def targets(dice: np.ndarray) -> np.ndarray:
    """The finder's targets for a piece's dice (7, CELLS, CELLS): the peaks, where a die's
    centre is, where its side is learnt, its log side in cells, cos and sin of four times
    its turn, and where its turn is learnt (not where the turn is not known: NaN)."""
    out = np.zeros((7, CELLS, CELLS), np.float32)
    ys, xs = np.mgrid[0:CELLS, 0:CELLS].astype(np.float32)
    for x, y, side, turn in dice:
        cx, cy = x / STRIDE - 0.5, y / STRIDE - 0.5
        cells = side / STRIDE
        if not (-cells < cx < CELLS + cells and -cells < cy < CELLS + cells):
            continue
        sigma = max(SPREAD * cells, 0.5)
        bump = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * sigma**2))
        out[0] = np.maximum(out[0], bump)
        col, row = round(cx), round(cy)
        if 0 <= col < CELLS and 0 <= row < CELLS:
            out[1, row, col] = 1
        near = (np.abs(xs - cx) <= 1) & (np.abs(ys - cy) <= 1)
        out[2][near] = 1
        out[3][near] = np.log(cells)
        if not np.isnan(turn):
            out[4][near] = np.cos(np.radians(4 * turn))
            out[5][near] = np.sin(np.radians(4 * turn))
            out[6][near] = 1
    return out


def conv(into: int, out: int, stride: int = 1, dilation: int = 1) -> list[nn.Module]:
    """A 3x3 convolution, batch norm and ReLU."""
    return [
        nn.Conv2d(into, out, 3, stride, padding=dilation, dilation=dilation, bias=False),
        nn.BatchNorm2d(out),
        nn.ReLU(),
    ]


def head(into: int) -> nn.Sequential:
    """The finder's head on the grid: a 3x3 convolution of 32 channels, then the four maps,
    the centres' starting at ``PRIOR``."""
    out = nn.Sequential(*conv(into, 32), nn.Conv2d(32, 4, 1))
    maps = out[-1]
    assert isinstance(maps, nn.Conv2d) and maps.bias is not None
    nn.init.constant_(maps.bias, 0.0)
    with torch.no_grad():
        maps.bias[0] = float(np.log(PRIOR / (1 - PRIOR)))
    return out


class Finder(nn.Module):
    """Down to a quarter (the grid) and an eighth (wide context, dilated), back up to the
    grid: BGR photos in [0, 1] to four maps (a centre's score, log side, cos and sin of
    four times the turn)."""

    def __init__(self) -> None:
        super().__init__()
        self.quarter = nn.Sequential(*conv(3, 16, 2), *conv(16, 24, 2), *conv(24, 32))
        self.eighth = nn.Sequential(
            *conv(32, 48, 2), *conv(48, 48, dilation=2), *conv(48, 48, dilation=4)
        )
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.head = head(80)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """The maps for a batch (n, 3, h, w), h and w multiples of 8."""
        quarter = self.quarter((x - 0.5) / 0.25)
        return self.head(torch.cat([quarter, self.up(self.eighth(quarter))], dim=1))


class PretrainedFinder(nn.Module):
    """EfficientNet-Lite0's pretrained stem and first three stages: the second's features on
    the grid (a quarter), the third's (an eighth) widened by two dilated convolutions as the
    plain finder's are, back up to the grid, and the plain finder's head; the same inputs and
    maps as ``Finder``."""

    def __init__(self) -> None:
        super().__init__()
        self.features = pretrained()
        quarter, eighth = self.features.widths[1:3]
        self.context = nn.Sequential(*conv(eighth, 48, dilation=2), *conv(48, 48, dilation=4))
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.head = head(quarter + 48)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """The maps for a batch (n, 3, h, w), h and w multiples of 8."""
        _, quarter, eighth = self.features.stages(x)
        return self.head(torch.cat([quarter, self.up(self.context(eighth))], dim=1))


FINDERS = {"plain": Finder, "pretrained": PretrainedFinder}
LEARNING_RATES = {"plain": 4e-3, "pretrained": 2e-3}


def loss_of(out: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """CenterNet's focal loss on the centres, plus the L1 error of side and turn near them."""
    p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    peak, centre = target[:, 0], target[:, 1]
    positive = -((1 - p) ** 2) * torch.log(p) * centre
    negative = -((1 - peak) ** 4) * p**2 * torch.log(1 - p) * (1 - centre)
    focal = (positive.sum() + negative.sum()) / centre.sum().clamp(min=1)
    near, turned = target[:, 2], target[:, 6:7]
    side = ((out[:, 1] - target[:, 3]).abs() * near).sum() / near.sum().clamp(min=1)
    turn = ((out[:, 2:4] - target[:, 4:6]).abs() * turned).sum() / turned.sum().clamp(min=1)
    return focal + side + turn


def batches(photos: Photos, rng: np.random.Generator, size: int):
    """One pass over the photos in random order, as batches of (pieces, targets)."""
    order = rng.permutation(len(photos.images))
    for at in range(0, len(order), size):
        pieces, wanted = [], []
        for i in order[at : at + size]:
            piece, dice = sample(photos.images[i], photos.dice[i], rng)
            pieces.append(piece)
            wanted.append(targets(dice))
        images = torch.from_numpy(np.stack(pieces)).permute(0, 3, 1, 2) / 255
        yield images, torch.from_numpy(np.stack(wanted))


def train_finder(
    photos: Photos, epochs: int, seed: int = 0, log=print, kind: str = "plain"
) -> nn.Module:
    """A finder of ``kind`` (``FINDERS``) trained on ``photos`` for ``epochs`` passes (one
    thread, seeded: the same finder every run)."""
    torch.set_num_threads(1)
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = FINDERS[kind]()
    size = 16
    steps = epochs * ((len(photos.images) + size - 1) // size)
    rate = LEARNING_RATES[kind]
    optimiser = torch.optim.AdamW(net.parameters(), lr=rate, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=rate, total_steps=steps)
    start = time.process_time()
    for epoch in range(epochs):
        net.train()
        total, count = 0.0, 0
        for images, wanted in batches(photos, rng, size):
            loss = loss_of(net(images), wanted)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(images)
            count += len(images)
        log(f"finder epoch {epoch + 1}/{epochs}: loss {total / count:.4f}, "
            f"{time.process_time() - start:.0f} s CPU")  # fmt: skip
    return net.eval()


def export_finder(net: nn.Module, path: Path) -> None:
    """Write the finder as ONNX (opset 17, any photo size) for cv2.dnn.readNetFromONNX."""
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        (torch.zeros(1, 3, 240, 320),),
        str(path),
        input_names=["photo"],
        output_names=["maps"],
        dynamic_axes={"photo": {2: "h", 3: "w"}, "maps": {2: "rows", 3: "cols"}},
        opset_version=17,
        dynamo=False,
    )
