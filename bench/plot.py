#!/usr/bin/env python3
"""Draws B2's sweep as an SVG line chart: throughput (MB/s, relative) against
read-process-output-max, log scale. Input lines: "value dd_seconds find_seconds".
Standard library only."""
import math
import sys

rows = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
W, H, L, B = 640, 360, 70, 50
xs = [math.log10(r[0]) for r in rows]
x0, x1 = min(xs), max(xs)
series = [("dd (1 - time / slowest)", 1, "#1f77b4"), ("find", 2, "#d62728")]
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{W/2}" y="20" text-anchor="middle">seconds against read-process-output-max (log scale); lower is better</text>']
tmax = max(max(r[1], r[2]) for r in rows) * 1.1
def px(x): return L + (x - x0) / (x1 - x0 or 1) * (W - L - 20)
def py(t): return H - B - t / tmax * (H - B - 40)
out.append(f'<line x1="{L}" y1="{H-B}" x2="{W-20}" y2="{H-B}" stroke="black"/>')
out.append(f'<line x1="{L}" y1="{H-B}" x2="{L}" y2="40" stroke="black"/>')
for r, x in zip(rows, xs):
    out.append(f'<text x="{px(x)}" y="{H-B+16}" text-anchor="middle">{int(r[0])}</text>')
for k in range(5):
    t = tmax * k / 4
    out.append(f'<text x="{L-6}" y="{py(t)+4}" text-anchor="end">{t:.2f}s</text>')
for i, (name, col, colour) in enumerate(series):
    pts = " ".join(f"{px(x):.1f},{py(r[col]):.1f}" for r, x in zip(rows, xs))
    out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
    out.append(f'<text x="{W-160}" y="{50+16*i}" fill="{colour}">{"dd" if col == 1 else "find /usr"}</text>')
out.append("</svg>")
open(sys.argv[2], "w").write("\n".join(out))
