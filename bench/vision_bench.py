"""Photo reading benchmark: the CPU time to read a 6x6 board and a loose roll of 10 dice,
the wall-clock time of a 12-megapixel JPEG straight from a phone, and the figures on real
photos held out of training, per source.

Why: a photo of the dice is read inside the table page's request (issue 27), so a board
must be read in under 1 s of CPU and a roll of 10 dice in under 0.5 s, the model already
loaded (it is loaded once per process).

What: ``PHOTOS`` rendered photos of each (``referee.vision.training.render``, seed
``SEED``: a 6x6 board read with its shape given, as the Six D Six square asks for it, and a
roll of 10 loose dice), each read once by ``referee.vision.read_image`` after one read to
load the model.  CPU time (``time.process_time``, every thread of the process) is reported:
the median and the worst over the photos, in milliseconds.

A 12-megapixel photo (issue 37): a shipped real photo (tests/vision/real/) scaled up to
4000 x 3000, given a sensor's noise and saved as a JPEG of quality 92 (2.2 MB), read from
its bytes (decoded, found, read) ``LARGE_RUNS`` times; wall-clock seconds, target 1 s.  The
real figures: the held-out part of the real labelled photos in ``$REFEREE_REAL_PHOTOS`` (a
folder laid out as photos/real/), else the few shipped ones (``real_figures.measure``).
And each real source held out whole (trained on the other two, measured on all of its
photos): a benchmark does not train, so these are the figures the last
``make dice-model HOLD_OUT=<source>`` wrote into docs/vision.md, printed as recorded.
"""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from time import perf_counter, process_time
from typing import Any

import cv2
import numpy as np

from referee.vision import PhotoError, read_image, read_photo
from referee.vision.training import real_figures
from referee.vision.training.evaluate import held_out_block, read_figures
from referee.vision.training.real import load, split
from referee.vision.training.render import Scene, render

SHIPPED = Path(__file__).resolve().parents[1] / "tests" / "vision" / "real"
LARGE_PHOTO = SHIPPED / "penlington" / "images" / "train_six_59.jpg"
DOC = Path(__file__).resolve().parents[1] / "docs" / "vision.md"
SOURCES = ("byler", "penlington", "roboflow")  # the real sources, each held out in turn
LARGE_RUNS = 5
LARGE_TARGET_S = 1.0

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


def large_photo_seconds() -> list[float]:
    """Wall-clock seconds to read a 12-megapixel JPEG from its bytes, ``LARGE_RUNS`` times."""
    large = cv2.resize(cv2.imread(str(LARGE_PHOTO)), (4000, 3000), interpolation=cv2.INTER_CUBIC)
    grain = np.random.default_rng(SEED).normal(0, 4, large.shape)  # a sensor's noise: a
    large = np.clip(large + grain, 0, 255).astype(np.uint8)  # camera's JPEG is no smooth one
    data = cv2.imencode(".jpg", large, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()
    times = []
    for _ in range(LARGE_RUNS):
        start = perf_counter()
        read_photo(data)
        times.append(perf_counter() - start)
    return times


def real_photos() -> tuple[str, Any]:
    """Where the real figures come from, and their tallies per source."""
    folder = os.environ.get("REFEREE_REAL_PHOTOS")
    if folder:
        return f"held out of {folder}", real_figures.measure(split(load(Path(folder)))[1])
    return "the shipped photos", real_figures.measure(load(SHIPPED))


def run(photos: int = PHOTOS) -> dict[str, Any]:
    """Read ``photos`` boards and rolls (the median and worst CPU time of each), a
    12-megapixel JPEG, and the real photos."""
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
    large = large_photo_seconds()
    result["large"] = {"median_s": statistics.median(large), "worst_s": max(large)}
    source, tallies = real_photos()
    result["real"] = {"from": source, "markdown": real_figures.figures(tallies, True)}
    result["held_out_whole"] = held_out_whole()
    return result


def held_out_whole() -> dict[str, str]:
    """Each real source's figures when held out whole, as recorded in docs/vision.md."""
    recorded = {source: read_figures(DOC, held_out_block(source)) for source in SOURCES}
    return {source: text.strip() for source, text in recorded.items() if text}


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
    large = result["large"]
    verdict = "PASS" if large["worst_s"] < LARGE_TARGET_S else "FAIL"
    parts.append(
        f"a 12-megapixel JPEG median {large['median_s']:.2f} s, worst {large['worst_s']:.2f} s "
        f"wall-clock (target < {LARGE_TARGET_S:g} s: {verdict})"
    )
    return f"vision: read a photo, CPU, model loaded ({result['photos']} each): " + "; ".join(parts)


def real_lines(result: dict[str, Any]) -> list[str]:
    """The real photos' figures, and each source's held out whole, as Markdown lines."""
    lines = [f"vision, real photos ({result['real']['from']}):", result["real"]["markdown"]]
    for source, text in result["held_out_whole"].items():
        lines += [f"vision, `{source}` held out whole (recorded in docs/vision.md):", text, ""]
    return lines


if __name__ == "__main__":
    measured = run()
    print(line(measured))
    print("\n".join(real_lines(measured)))
