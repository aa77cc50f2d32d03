"""The reader is pure: importing it loads neither the web layer nor the training code."""

from __future__ import annotations

from tests.engine.test_purity import FORBIDDEN, modules_after

READ = """
import json, sys
import referee.vision, referee.vision.reader
print(json.dumps(sorted(sys.modules)))
"""


def test_the_reader_loads_no_web_layer_no_torch_and_no_renderer() -> None:
    loaded = modules_after(READ)
    assert "cv2" in loaded
    assert not loaded & {*FORBIDDEN, "torch", "onnx"}


def test_the_reader_never_imports_the_training_package() -> None:
    code = READ.replace("sorted(sys.modules)", "[m for m in sys.modules if 'training' in m]")
    assert modules_after(code) == set()
