"""The report's plots as inline SVG, written by hand: no plotting library, no fonts, the same bytes every time.

Two kinds are enough for the lab: a *forest* (one row a figure: a point, its
95% interval as a bar, and a reference line, such as the fair share or no
change) and a *histogram* (bars over bins).  SVG text inside an HTML page
needs nothing fetched and scales with the page.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

WIDTH = 640
ROW = 26
LEFT = 210
RIGHT = 30
INK = "#1f4e79"


def _x(value: float, low: float, high: float) -> float:
    span = high - low or 1.0
    return LEFT + (WIDTH - LEFT - RIGHT) * (value - low) / span


def forest(rows: Sequence[tuple[str, float, float, float]], *, reference: float | None = None,
           low: float | None = None, high: float | None = None, percent: bool = True, title: str = "") -> str:
    """``(label, value, ci low, ci high)`` rows as points with interval bars; ``reference`` a dashed line."""
    values = [v for _, point, a, b in rows for v in (point, a, b)] + ([reference] if reference is not None else [])
    lo = min(values) if low is None else low
    hi = max(values) if high is None else high
    pad = (hi - lo) * 0.08 or 0.01
    lo, hi = lo - pad, hi + pad
    height = 40 + ROW * len(rows) + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">',
             f'<text x="8" y="18" font-size="13" font-weight="bold">{escape(title)}</text>']
    if reference is not None:
        x = _x(reference, lo, hi)
        parts.append(f'<line x1="{x:.1f}" y1="28" x2="{x:.1f}" y2="{height - 22}" stroke="#888" '
                     f'stroke-dasharray="4 3"/>')
    for i, (label, point, a, b) in enumerate(rows):
        y = 40 + ROW * i + ROW / 2
        parts.append(f'<text x="8" y="{y + 4:.1f}" font-size="12">{escape(label)}</text>')
        parts.append(f'<line x1="{_x(a, lo, hi):.1f}" y1="{y:.1f}" x2="{_x(b, lo, hi):.1f}" y2="{y:.1f}" '
                     f'stroke="{INK}" stroke-width="2"/>')
        parts.append(f'<circle cx="{_x(point, lo, hi):.1f}" cy="{y:.1f}" r="4" fill="{INK}"/>')
        shown = f"{point:.1%} ({a:.1%} to {b:.1%})" if percent else f"{point:.3g} ({a:.3g} to {b:.3g})"
        parts.append(f'<text x="{WIDTH - RIGHT:.1f}" y="{y - 6:.1f}" font-size="10" text-anchor="end" '
                     f'fill="#555">{escape(shown)}</text>')
    axis_y = height - 14
    for tick in (lo + pad, (lo + hi) / 2, hi - pad):
        label = f"{tick:.1%}" if percent else f"{tick:.3g}"
        parts.append(f'<text x="{_x(tick, lo, hi):.1f}" y="{axis_y}" font-size="10" text-anchor="middle" '
                     f'fill="#555">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def histogram(edges: Sequence[float], counts: Sequence[int], *, title: str = "", unit: str = "") -> str:
    """Bars over bins: ``counts[i]`` games between ``edges[i]`` and ``edges[i + 1]``."""
    height, top, bottom = 190, 28, 30
    inner = height - top - bottom
    most = max(counts) or 1
    n = len(counts)
    width = (WIDTH - 60) / max(1, n)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}">',
             f'<text x="8" y="18" font-size="13" font-weight="bold">{escape(title)}</text>']
    for i, count in enumerate(counts):
        h = inner * count / most
        x = 40 + i * width
        parts.append(f'<rect x="{x:.1f}" y="{top + inner - h:.1f}" width="{max(1.0, width - 2):.1f}" '
                     f'height="{h:.1f}" fill="{INK}"><title>{edges[i]:g} to {edges[i + 1]:g}: {count}</title></rect>')
    for i in (0, n // 2, n):
        x = 40 + i * width
        parts.append(f'<text x="{x:.1f}" y="{height - 12}" font-size="10" text-anchor="middle" fill="#555">'
                     f'{edges[i]:g}</text>')
    parts.append(f'<text x="{WIDTH - 8}" y="18" font-size="10" text-anchor="end" fill="#555">'
                 f'{escape(unit)}, {sum(counts):,} games</text>')
    parts.append("</svg>")
    return "\n".join(parts)
