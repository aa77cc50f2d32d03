"""A score-progression chart as inline SVG: one line per player, readable on a phone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markupsafe import Markup, escape

# Colours that stay apart for the colour-blind, and dashes that stay apart in grey.
PALETTE = ("#1f6f50", "#c2185b", "#1565c0", "#e65100", "#6a1b9a", "#00838f", "#5d4037", "#455a64")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "12 2 2 2")
WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 28


def progression_svg(series: Mapping[str, Sequence[int]], *, label: str = "turn") -> Markup:
    """An SVG line chart of running totals: ``series`` maps players to totals after each step."""
    steps = max((len(v) for v in series.values()), default=0)
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
        f'aria-label="Running totals by {escape(label)}" xmlns="http://www.w3.org/2000/svg">'
    ]
    for v in _ticks(low, high):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="grid"/>'
            f'<text x="{LEFT - 4}" y="{y(v) + 4:.1f}" class="tick" text-anchor="end">{v:,}</text>'
        )
    parts.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2}" y="{HEIGHT - 6}" class="tick" '
        f'text-anchor="middle">{escape(label)} 1–{max(steps, 1)}</text>'
    )
    for k, (name, line) in enumerate(series.items()):
        if not line:
            continue
        colour, dash = PALETTE[k % len(PALETTE)], DASHES[k % len(DASHES)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"'
            f"{dash_attr}><title>{escape(name)}</title></polyline>"
        )
    parts.append("</svg>")
    legend = "".join(
        f'<li><svg width="26" height="10" aria-hidden="true"><line x1="0" x2="26" y1="5" y2="5" '
        f'stroke="{PALETTE[k % len(PALETTE)]}" stroke-width="3"'
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
