"""Run as a program: read one photo file as the photo route does, in a process of its own,
and print what it cost as JSON: seconds of wall clock and of CPU, and how far the process's
peak memory while reading it rose above its memory just before (Linux: the peak is reset
through ``/proc/self/clear_refs`` and read back as ``VmHWM``)."""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import referee  # noqa: F401  (before OpenCV: the decoders' size limit)
from referee.vision import PhotoError, read_photo
from referee.vision.sureness import SURE

WARM_UP = Path(__file__).with_name("photos") / "roll.jpg"


def memory_mib(field: str) -> float:
    """This process's resident memory now (``VmRSS``) or at its peak (``VmHWM``), in MiB."""
    status = Path("/proc/self/status").read_text()
    return int(re.search(rf"^{field}:\s+(\d+) kB", status, re.MULTILINE)[1]) / 1024  # type: ignore[index]


def main(path: str) -> None:
    """Print the cost of reading the photo at ``path`` and what the reader said: its
    refusal, or how many dice it read and how many of those surely."""
    read_photo(WARM_UP.read_bytes())
    data = Path(path).read_bytes()
    Path("/proc/self/clear_refs").write_text("5")  # the peak starts again from now
    before, wall, cpu = memory_mib("VmRSS"), time.perf_counter(), time.process_time()
    try:
        dice = read_photo(data).dice
        said = f"read {len(dice)} dice, {sum(die.confidence >= SURE for die in dice)} sure"
    except PhotoError as refused:
        said = str(refused)
    print(
        json.dumps(
            {
                "seconds": time.perf_counter() - wall,
                "cpu": time.process_time() - cpu,
                "grew_mib": memory_mib("VmHWM") - before,
                "said": said,
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
