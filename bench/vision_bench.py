"""Photo reading benchmark: the CPU time to read a 6x6 board and a loose roll of 10 dice.

Why: a photo of the dice is read inside the table page's request (issue 27), so a board
must be read in under 1 s of CPU and a roll of 10 dice in under 0.5 s, the model already
loaded (it is loaded once per process).

What: ``PHOTOS`` rendered photos of each (``referee.vision.training.render``, seed
``SEED``: a 6x6 board read with its shape given, as the Six D Six square asks for it, and a
roll of 10 loose dice), each read once by ``referee.vision.read_image`` after one read to
load the model.  CPU time (``time.process_time``, every thread of the process) is reported:
the median and the worst over the photos, in milliseconds.
"""

from __future__ import annotations

import statistics
from time import process_time
from typing import Any

import numpy as np

from referee.vision import PhotoError, read_image
from referee.vision.training.render import Scene, render

PHOTOS = 10
SEED = 27
TARGETS_MS = {"board": 1000.0, "roll": 500.0}


def cpu_ms(scene: Scene) -> float:
    """Milliseconds of CPU to read one photo (a refused photo counts as read)."""
    start = process_time()
    try:
        read_image(scene.image, scene.layout, scene.shape)
    except PhotoError:
        pass
    return (process_time() - start) * 1e3


def run(photos: int = PHOTOS) -> dict[str, Any]:
    """Read ``photos`` boards and rolls; the median and worst CPU time of each."""
    rng = np.random.default_rng(SEED)
    scenes = {
        "board": [render(rng, "grid", (6, 6)) for _ in range(photos)],
        "roll": [render(rng, "loose", 10) for _ in range(photos)],
    }
    cpu_ms(scenes["roll"][0])  # loads the model
    result: dict[str, Any] = {"photos": photos, "seed": SEED}
    for kind, drawn in scenes.items():
        times = [cpu_ms(scene) for scene in drawn]
        result[kind] = {
            "median_ms": statistics.median(times),
            "worst_ms": max(times),
            "target_ms": TARGETS_MS[kind],
            "pass": max(times) < TARGETS_MS[kind],
        }
    return result


def line(result: dict[str, Any]) -> str:
    """The figures in one sentence for the benchmark table."""
    parts = []
    for kind, what in (("board", "a 6x6 board"), ("roll", "10 loose dice")):
        figures = result[kind]
        verdict = "PASS" if figures["pass"] else "FAIL"
        parts.append(
            f"{what} median {figures['median_ms']:.0f} ms, worst {figures['worst_ms']:.0f} ms "
            f"(target < {figures['target_ms']:g} ms: {verdict})"
        )
    return f"vision: read a photo, CPU, model loaded ({result['photos']} each): " + "; ".join(parts)


if __name__ == "__main__":
    print(line(run()))
