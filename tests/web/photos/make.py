"""Makes the photos of boards, pools and rolls the web tests send
(``python -m tests.web.photos.make``, or ``... make die.jpg`` for some of them): renders of
``referee.vision.training.render`` with the dice colours a game's set has (six of each
colour for Six D Six's square), seeds fixed, saved as small JPEGs beside this file.  The
tests check what the reader reads on them, so a new classifier may need new seeds."""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from referee.vision.training import render

HERE = Path(__file__).resolve().parent
SIX = ["red", "yellow", "green", "blue", "orange", "purple"]
# name: (seed, colours, dice of each colour, layout, a board's shape or a roll's count)
PHOTOS = {
    "square.jpg": (3, SIX, [6] * 6, "grid", (6, 6)),  # Six D Six's square: 3 read unsure
    "grid.jpg": (6, ["black"], [36], "grid", (6, 6)),  # Six D Three's black grid
    "board12.jpg": (0, ["black"], [12], "grid", (3, 4)),  # Six D One's board for two
    "pool.jpg": (12, [*SIX, "black"], [2, 1, 2, 1, 1, 1, 2], "loose", 10),  # Six D Two's pool
    "keys.jpg": (5, ["white", "red"], [8, 2], "loose", 10),  # Keys and Base Dice: red keys
    "greenkeys.jpg": (5, ["red", "green"], [8, 2], "loose", 10),  # green keys, red base dice
    "unsure6.jpg": (2, ["white", "red", "black"], [3, 2, 1], "loose", 6),  # die 4 unsure
    "hand.jpg": (3, ["red", "green", "blue"], [1, 1, 1], "loose", 3),  # Six D Three's deal
    "die.jpg": (1, ["green"], [1], "loose", 1),  # Six D Three's re-roll: a green 5
    "two.jpg": (4, ["red", "green"], [1, 1], "loose", 2),  # two dice, for a re-roll of one
    "loose21.jpg": (0, SIX, [4, 4, 4, 3, 3, 3], "loose", 21),  # loose dice: no board at all
}


class Drawn(list):
    """A palette whose every draw takes the next colour of a shuffled set of dice."""

    def __init__(self, colours: list[str], order: list[str]) -> None:
        super().__init__(colours)
        self.order = order

    def __getitem__(self, i):  # type: ignore[no-untyped-def]
        if isinstance(i, int | np.integer) and self.order:
            return self.order.pop(0)
        return super().__getitem__(i)


def photo(seed: int, colours: list[str], counts: list[int], layout: str, size) -> bytes:  # type: ignore[no-untyped-def]
    """The JPEG of one render with exactly the dice asked for."""
    rng = np.random.default_rng(seed)
    order = [c for c, n in zip(colours, counts, strict=True) for _ in range(n)]
    rng.shuffle(order)
    render.palette_for = lambda _rng: Drawn(colours, order)
    scene = render.render(rng, layout, size, tilt_max=20.0)
    return cv2.imencode(".jpg", scene.image, [cv2.IMWRITE_JPEG_QUALITY, 80])[1].tobytes()


if __name__ == "__main__":
    for name in sys.argv[1:] or PHOTOS:
        (HERE / name).write_bytes(photo(*PHOTOS[name]))
