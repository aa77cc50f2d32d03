"""A score-progression chart as inline SVG: one line per player, readable on a phone.

Each player's line is drawn in their seat's colour, the one their scoreboard row and their
pieces on a board show: ``seat_colour`` gives the colour letter, app.css the colour itself
for the light and the dark scheme (class ``c-<letter>``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup, escape

from referee.core.sentences import say
from referee.families.grid import SEAT_COLOURS
from referee.web.base.languages import score, spoken

# The board games' seat colours (red, yellow, green, blue, orange, purple), then teal and
# brown for the seventh and eighth seats of the games that seat eight: letters no die uses.
SEAT_LETTERS = SEAT_COLOURS + "tn"
# Dashes that keep the lines apart without colour (in grey, or for the colour-blind).
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "12 2 2 2")
WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 28


def seat_colour(seat: int) -> str:
    """The colour letter of seat ``seat`` (from 0) on every page: r, y, g, b, o, p, t, n."""
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def chart_words(word: str, steps: int) -> tuple[str, str]:
    """The chart's name and its x axis's words for a game that counts in ``word`` (its
    ``TURN_WORD``: turn, round, placement, roll) over ``steps``, in the phone's language:
    "Running totals by round", "round 1–12"."""
    last = str(steps)  # as the axis always wrote it: 1–1250
    if word == "turn":
        said = say("Running totals by turn"), say("turn 1–{last}", last=last)
    elif word == "round":
        said = say("Running totals by round"), say("round 1–{last}", last=last)
    elif word == "placement":
        said = say("Running totals by placement"), say("placement 1–{last}", last=last)
    elif word == "roll":
        said = say("Running totals by roll"), say("roll 1–{last}", last=last)
    else:
        return f"Running totals by {word}", f"{word} 1–{last}"
    return spoken(said[0]), spoken(said[1])


def progression_svg(series: Mapping[str, Sequence[int]], *, label: str = "turn") -> Markup:
    """An SVG line chart of running totals: ``series`` maps players to totals after each step
    (``label``: what a step is, the game's ``TURN_WORD``), in the phone's language."""
    steps = max((len(v) for v in series.values()), default=0)
    title, axis = chart_words(label, max(steps, 1))
    values = [v for line in series.values() for v in line] + [0]
    low, high = min(values), max(values)
    if high == low:
        high = low + 1
    span_x = max(steps - 1, 1)

    def x(i: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * i / span_x

    def y(v: int) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
    ]
    for v in _ticks(low, high):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="grid"/>'
            f'<text x="{LEFT - 4}" y="{y(v) + 4:.1f}" class="tick" text-anchor="end">'
            f"{score(v)}</text>"
        )
    parts.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 6}" class="tick" '
        f'text-anchor="middle">{escape(axis)}</text>'
    )
    for k, (name, line) in enumerate(series.items()):
        if not line:
            continue
        dash = DASHES[k % len(DASHES)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{points}" class="c-{seat_colour(k)}" fill="none" '
            f'stroke="currentColor" stroke-width="2.5"{dash_attr}><title>{escape(name)}</title>'
            "</polyline>"
        )
    parts.append("</svg>")
    legend = "".join(
        f'<li><svg width="26" height="10" aria-hidden="true"><line x1="0" x2="26" y1="5" y2="5" '
        f'class="c-{seat_colour(k)}" stroke="currentColor" stroke-width="3"'
        + (f' stroke-dasharray="{DASHES[k % len(DASHES)]}"' if DASHES[k % len(DASHES)] else "")
        + f"/></svg> {escape(name)}</li>"
        for k, name in enumerate(series)
    )
    return Markup("".join(parts) + f'<ul class="legend-lines">{legend}</ul>')


def _ticks(low: int, high: int) -> list[int]:
    """Four or five round values across the range, 0 included when it lies inside."""
    raw = (high - low) / 4
    magnitude = 10 ** max(len(str(int(raw))) - 1, 0)
    step = max(int(-(-raw // magnitude)) * magnitude, 1)
    start = (low // step) * step
    return [v for v in range(start, high + step, step) if low <= v <= high]
