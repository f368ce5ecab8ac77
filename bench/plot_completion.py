"""Medians of bench/completion.sh's runs: a Markdown table on stdout and an SVG plot (median
time, log scale, and fraction solvable, against given queens / n). Standard library only.
Timeouts count as the time limit (so a median at the limit means most runs timed out).
Usage: plot_completion.py RESULTS.tsv OUT.svg"""

import csv
import math
import statistics
import sys
from collections import defaultdict

SOLVERS = ["nqueens", "cadical", "minisat", "clasp"]
COLOURS = {"nqueens": "#d62728", "cadical": "#1f77b4", "minisat": "#2ca02c", "clasp": "#9467bd"}
DASHES = ["", "6,3", "2,3", "8,3,2,3"]


def load(path):
    runs = defaultdict(lambda: defaultdict(list))
    answers = defaultdict(dict)
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            n, k, seed = int(row["n"]), int(row["given"]), int(row["seed"])
            runs[(n, k)][row["solver"]].append(float(row["seconds"]))
            if row["answer"] != "timeout":
                answers[(n, k)][seed] = row["answer"]
    return runs, answers


def table(runs, answers):
    print("| n | given | given / n | solvable | " + " | ".join(f"{s} (s)" for s in SOLVERS) + " |")
    print("|---|---|---|---|" + "---|" * len(SOLVERS))
    for (n, k) in sorted(runs):
        seeds = answers[(n, k)]
        sat = sum(1 for a in seeds.values() if a == "sat")
        cells = [f"{statistics.median(runs[(n, k)][s]):.3f}" for s in SOLVERS]
        print(f"| {n} | {k} | {k / n:.2f} | {sat}/{len(seeds)} | " + " | ".join(cells) + " |")


def svg(runs, answers, out):
    ns = sorted({n for n, _ in runs})
    w, h, pad = 460, 300, 50
    times = [t for per in runs.values() for ts in per.values() for t in ts]
    lo = 10 ** math.floor(math.log10(max(min(times), 1e-3)))
    hi = 10 ** math.ceil(math.log10(max(times)))

    def x(frac, left):
        return left + pad + frac / 0.8 * (w - 2 * pad)

    def y_time(t):
        t = min(max(t, lo), hi)
        return h - pad - (math.log10(t) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * (h - 2 * pad)

    def y_frac(f):
        return h - pad - f * (h - 2 * pad)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * w}" height="{h + 40}" font-family="sans-serif" font-size="11">',
             f'<rect width="{2 * w}" height="{h + 40}" fill="white"/>']
    for left, title in [(0, "Median time to solve (s, log scale)"), (w, "Fraction with a completion")]:
        parts.append(f'<text x="{left + w / 2}" y="18" text-anchor="middle" font-size="13">{title}</text>')
        parts.append(f'<line x1="{left + pad}" y1="{h - pad}" x2="{left + w - pad}" y2="{h - pad}" stroke="black"/>')
        parts.append(f'<line x1="{left + pad}" y1="{pad}" x2="{left + pad}" y2="{h - pad}" stroke="black"/>')
        for frac in [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]:
            parts.append(f'<text x="{x(frac, left)}" y="{h - pad + 15}" text-anchor="middle">{frac:.1f}</text>')
        parts.append(f'<text x="{left + w / 2}" y="{h - pad + 32}" text-anchor="middle">given queens / n</text>')
    e = math.log10(lo)
    while e <= math.log10(hi) + 1e-9:
        parts.append(f'<text x="{pad - 5}" y="{y_time(10 ** e) + 4}" text-anchor="end">{10 ** e:g}</text>')
        e += 1
    for f in [0, 0.5, 1]:
        parts.append(f'<text x="{w + pad - 5}" y="{y_frac(f) + 4}" text-anchor="end">{f:g}</text>')
    for i, n in enumerate(ns):
        ks = sorted(k for m, k in runs if m == n)
        for s in SOLVERS:
            pts = " ".join(f"{x(k / n, 0):.1f},{y_time(statistics.median(runs[(n, k)][s])):.1f}" for k in ks)
            parts.append(f'<polyline points="{pts}" fill="none" stroke="{COLOURS[s]}" stroke-width="1.5" stroke-dasharray="{DASHES[i % 4]}"/>')
        fr = []
        for k in ks:
            seeds = answers[(n, k)]
            fr.append(sum(a == "sat" for a in seeds.values()) / max(len(seeds), 1))
        pts = " ".join(f"{x(k / n, w):.1f},{y_frac(f):.1f}" for k, f in zip(ks, fr))
        parts.append(f'<polyline points="{pts}" fill="none" stroke="black" stroke-width="1.5" stroke-dasharray="{DASHES[i % 4]}"/>')
    ly = h + 10
    lx = pad
    for s in SOLVERS:
        parts.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 20}" y2="{ly}" stroke="{COLOURS[s]}" stroke-width="2"/>')
        parts.append(f'<text x="{lx + 24}" y="{ly + 4}">{s}</text>')
        lx += 90
    for i, n in enumerate(ns):
        parts.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 20}" y2="{ly}" stroke="black" stroke-dasharray="{DASHES[i % 4]}"/>')
        parts.append(f'<text x="{lx + 24}" y="{ly + 4}">n = {n}</text>')
        lx += 70
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    runs, answers = load(sys.argv[1])
    table(runs, answers)
    svg(runs, answers, sys.argv[2])
