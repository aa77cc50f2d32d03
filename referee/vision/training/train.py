"""Train the die classifier on rendered and real crops with PyTorch (CPU) and export it to
ONNX: the plain network learns from nothing, the pretrained one starts from EfficientNet-Lite0's
first stages, pretrained on photographs (``backbone.py``), and fine-tunes all of it."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from referee.vision.labels import CROP, NO_DIE, READ_COLOURS
from referee.vision.training.backbone import pretrained
from referee.vision.training.dataset import UNKNOWN, Crops

HEAD = 64  # the pretrained network's head: channels on the features' grid


def block(into: int, out: int) -> list[nn.Module]:
    """A 3x3 convolution, batch norm and ReLU."""
    return [nn.Conv2d(into, out, 3, padding=1, bias=False), nn.BatchNorm2d(out), nn.ReLU()]


class DiceNet(nn.Module):
    """Four convolutions and one linear layer: BGR crops in [0, 1] to six value scores, one
    for no die, and a score per colour of ``READ_COLOURS`` (small enough to train in minutes
    on a shared CPU)."""

    def __init__(self) -> None:
        super().__init__()
        self.layers = nn.Sequential(
            *block(3, 32), nn.MaxPool2d(2),
            *block(32, 64), nn.MaxPool2d(2),
            *block(64, 96), *block(96, 96), nn.MaxPool2d(2),
            nn.Flatten(), nn.Dropout(0.25),
            nn.Linear(96 * (CROP // 8) ** 2, NO_DIE + 1 + len(READ_COLOURS)),
        )  # fmt: skip

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Scores for a batch (n, 3, CROP, CROP)."""
        return self.layers((x - 0.5) / 0.25)


class PretrainedDiceNet(nn.Module):
    """EfficientNet-Lite0's pretrained first stages, then a 1x1 convolution and one linear
    layer, with the same inputs and outputs as ``DiceNet``."""

    def __init__(self) -> None:
        super().__init__()
        self.features = pretrained()
        grid = CROP // 8  # the features' grid
        self.head = nn.Sequential(
            nn.Conv2d(self.features.channels, HEAD, 1, bias=False), nn.BatchNorm2d(HEAD),
            nn.ReLU6(), nn.Flatten(), nn.Dropout(0.25),
            nn.Linear(HEAD * grid**2, NO_DIE + 1 + len(READ_COLOURS)),
        )  # fmt: skip

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Scores for a batch (n, 3, CROP, CROP)."""
        return self.head(self.features(x))


NETWORKS = {"plain": DiceNet, "pretrained": PretrainedDiceNet}
LEARNING_RATES = {"plain": 3e-3, "pretrained": 2e-3}


def as_tensor(images: np.ndarray) -> torch.Tensor:
    """uint8 crops (n, h, w, 3) as the network takes them, as cv2.dnn.blobFromImages does."""
    return torch.from_numpy(images).permute(0, 3, 1, 2).float() / 255


def augment(batch: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """A quarter turn, a mirror, a shift of up to 2 pixels, brightness and contrast: none
    changes a die's value or colour."""
    batch = torch.rot90(batch, int(torch.randint(4, (1,), generator=gen)), dims=(2, 3))
    if torch.rand(1, generator=gen) < 0.5:
        batch = batch.flip(3)
    dx, dy = (int(v) for v in torch.randint(-2, 3, (2,), generator=gen))
    batch = torch.roll(batch, shifts=(dy, dx), dims=(2, 3))
    n = batch.shape[0]
    gain = 1 + (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 0.3
    bias = (torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * 0.12
    return (batch * gain + bias).clamp(0, 1)


def train(crops: Crops, epochs: int, seed: int = 0, log=print, kind: str = "plain") -> nn.Module:
    """A network of ``kind`` (``NETWORKS``) trained on ``crops`` for ``epochs`` passes."""
    torch.set_num_threads(1)  # the same model every run, and a core left for others
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    images = as_tensor(crops.images)
    values = torch.from_numpy(crops.values)
    colours = torch.from_numpy(crops.colours)
    net = NETWORKS[kind]()
    steps = epochs * ((len(images) + 127) // 128)
    rate = LEARNING_RATES[kind]
    optimiser = torch.optim.AdamW(net.parameters(), lr=rate, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=rate, total_steps=steps)
    loss_of = nn.CrossEntropyLoss(label_smoothing=0.05, ignore_index=UNKNOWN)
    start = time.process_time()
    for epoch in range(epochs):
        net.train()
        order = torch.randperm(len(images), generator=gen)
        total = 0.0
        for at in range(0, len(images), 128):
            pick = order[at : at + 128]
            scores = net(augment(images[pick], gen))
            loss = loss_of(scores[:, : NO_DIE + 1], values[pick])
            known = colours[pick] != UNKNOWN
            if known.any():  # else no colour loss (the loss's mean over no die is no number)
                loss = loss + loss_of(scores[known, NO_DIE + 1 :], colours[pick][known])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(pick)
        log(f"epoch {epoch + 1}/{epochs}: loss {total / len(images):.4f}, "
            f"{time.process_time() - start:.0f} s CPU")  # fmt: skip
    return net.eval()


def export(net: nn.Module, path: Path) -> None:
    """Write the network as ONNX (opset 17, any batch size) for cv2.dnn.readNetFromONNX."""
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net,
        (torch.zeros(1, 3, CROP, CROP),),
        str(path),
        input_names=["crops"],
        output_names=["scores"],
        dynamic_axes={"crops": {0: "n"}, "scores": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
