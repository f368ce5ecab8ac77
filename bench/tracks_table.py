#!/usr/bin/env python3
"""Tables of bench/tracks.sh's rows (issue 34): one per track with every file's answer, each
tool's seconds, whether the answers agree and our peak memory, then the solved counts.

Agreement: model counts (tracks 1, 3) as exact integers; weighted counts (tracks 2, 4) to
1e-9 relative between our exact fraction and a peer's float, and to 1e-6 in log10 against
the competition's table (track 2; an entry of -1 there can mean that no solver finished,
and is not compared). A row with `error` counts as unsolved and is listed.

Usage: python3 bench/tracks_table.py [RAW.tsv] [TIMEOUT_S] > bench/results/tracks.md"""
import csv
import math
import statistics
import sys
from fractions import Fraction
from pathlib import Path

# Exact weighted answers run to hundreds of thousands of digits (track2_081: 506,654).
csv.field_size_limit(1 << 30)

# Exact weighted counts run to thousands of digits.
sys.set_int_max_str_digits(0)

RAW = Path(sys.argv[1] if len(sys.argv) > 1 else "bench/results/tracks/raw.tsv")
TIMEOUT = sys.argv[2] if len(sys.argv) > 2 else "60"
HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "bench"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/bench")
NAMES = {"1": "mc", "2": "wmc", "3": "pmc", "4": "pwmc"}
TOOLS = ["ours", "ganak", "sstd"]


def competition_log10():
    """The competition's log10 of each file's (weighted) count, by file name."""
    table = {}
    for path in [SHARED / "mc2022-public" / "log10-counts.csv",
                 SHARED / "mc2022-public-weighted" / "log10-track2.csv"]:
        if path.exists():
            with open(path) as f:
                for row in csv.reader(f):
                    if row and row[0] != "file":
                        try:
                            table[row[0].removesuffix(".cnf")] = float(row[1])
                        except ValueError:
                            pass
    return table


def value(answer):
    """An answer as an exact Fraction (integers, N/D, decimals) or None."""
    try:
        if "/" in answer:
            n, d = answer.split("/")
            return Fraction(int(n), int(d))
        return Fraction(answer)
    except (ValueError, ZeroDivisionError):
        try:
            return Fraction(float(answer))
        except (ValueError, OverflowError):
            return None


def log10(x):
    """log10 of |x| for a Fraction of any size."""
    if x == 0:
        return -math.inf
    n, d = abs(x.numerator), x.denominator
    return (math.log10(n >> max(0, n.bit_length() - 64)) + max(0, n.bit_length() - 64) * math.log10(2)
            - math.log10(d >> max(0, d.bit_length() - 64)) - max(0, d.bit_length() - 64) * math.log10(2))


def agree(track, a, b):
    """Whether two answers agree (exactly for counts, to 1e-9 relative for weights)."""
    if track in ("1", "3"):
        return a == b
    x, y = value(a), value(b)
    if x is None or y is None:
        return False
    if x == y:
        return True
    if x == 0 or y == 0:
        return False
    return abs(x - y) / abs(x) < Fraction(1, 10**9)


def main():
    rows = {}
    with open(RAW) as f:
        for r in csv.reader(f, delimiter="\t"):
            if len(r) < 8 or r[3] != TIMEOUT:
                continue
            track, name, tool, _, secs, status, answer, kb = r[:8]
            rows.setdefault(track, {}).setdefault(name, {})[tool] = (float(secs), status, answer, int(kb))
    comp = competition_log10()
    print(f"# The counter against Ganak and SharpSAT-TD on the four MC2022 tracks\n")
    print(f"`bash bench/tracks.sh {TIMEOUT} 1 2 3 4` then `python3 bench/tracks_table.py`; "
          f"{TIMEOUT} s per run, one core each, whole processes. Seconds of unsolved runs "
          "are shown as `-` (timeout) or `err`.\n")
    runs = RAW.parent / "runs.md"
    if runs.exists():
        print(runs.read_text())
    summary = []
    for track in sorted(rows):
        files = rows[track]
        tools = [t for t in TOOLS if any(t in v for v in files.values())]
        print(f"## Track {track} ({NAMES.get(track, '?')}), {len(files)} files\n")
        head = ["file", "log10"] + [f"{t} s" for t in tools] + ["agree", "ours MiB"]
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        solved = {t: 0 for t in tools}
        vbest = 0
        wrong, missed_fast, ratios = [], [], []
        for name in sorted(files):
            runs = files[name]
            ok = {t: runs[t][2] for t in tools if t in runs and runs[t][1] == "ok"}
            for t in ok:
                solved[t] += 1
            if any(t in ok for t in tools if t != "ours"):
                vbest += 1
            ref = ok.get("ours") or ok.get("ganak") or ok.get("sstd")
            lg = ""
            if ref is not None and value(ref) is not None:
                lg = f"{log10(value(ref)):.2f}"
            elif name in comp:
                lg = f"({comp[name]:.2f})"
            verdict = []
            if "ours" in ok:
                for t in tools:
                    if t != "ours" and t in ok:
                        mine = value(ok["ours"])
                        if value(ok[t]) == 0 and mine and log10(mine) < -307:
                            # A double cannot hold it: the peer's float underflowed to 0.
                            verdict.append(f"{t} underflows")
                        elif not agree(track, ok["ours"], ok[t]):
                            wrong.append(f"{name} ({t})")
                            verdict.append(f"≠ {t}")
                if track in ("1", "2") and name in comp and comp[name] != -1 and value(ok["ours"]):
                    if abs(log10(value(ok["ours"])) - comp[name]) > 1e-6 * max(1, abs(comp[name])):
                        verdict.append("≠ table")
                if "ganak" in ok:
                    ratios.append(runs["ours"][0] / max(runs["ganak"][0], 0.01))
            else:
                for t in tools:
                    if t != "ours" and t in ok and runs[t][0] <= 1.0:
                        missed_fast.append(f"{name} ({t} {runs[t][0]:.2f} s)")
            if not verdict:
                verdict = ["yes" if len(ok) > 1 and "ours" in ok else ""]
            cells = [name.removeprefix("mc2022_"), lg]
            for t in tools:
                if t not in runs:
                    cells.append("")
                else:
                    s, st, _, _ = runs[t]
                    cells.append(f"{s:.2f}" if st == "ok" else ("-" if st == "timeout" else "err"))
            cells.append(", ".join(verdict))
            cells.append(f"{runs['ours'][3] / 1024:.0f}" if "ours" in runs else "")
            print("| " + " | ".join(cells) + " |")
        med = f"{statistics.median(ratios):.2f}" if ratios else "-"
        print(f"\nSolved: " + ", ".join(f"{t} {solved[t]}" for t in tools)
              + f", virtual best of the peers {vbest}; wrong: {len(wrong)}"
              + (f" ({', '.join(wrong)})" if wrong else "")
              + f"; median time ours / Ganak where both solve: {med}.")
        if missed_fast:
            print(f"Solved by a peer within 1 s and not by us: {', '.join(missed_fast)}.")
        print()
        summary.append((track, len(files), solved, vbest, len(wrong), med))
    print("## Summary\n")
    print("| track | files | ours | Ganak | SharpSAT-TD | virtual best of peers | wrong | median ours/Ganak |")
    print("|---|---|---|---|---|---|---|---|")
    for track, n, solved, vbest, nwrong, med in summary:
        print(f"| {track} ({NAMES.get(track)}) | {n} | {solved.get('ours', '')} | {solved.get('ganak', '')} "
              f"| {solved.get('sstd', '-')} | {vbest} | {nwrong} | {med} |")


if __name__ == "__main__":
    main()
