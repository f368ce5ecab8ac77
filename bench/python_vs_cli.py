#!/usr/bin/env python3
"""The measuring half of bench/python-vs-cli.sh (see there): prints bench/results/python.md."""
import argparse
import gzip
import os
import platform
import statistics
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import nqueens_kit as nk

PY = sys.executable


def timed(cmd):
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout




def ganak(path):
    from pyganak import Counter

    f = nk.read_dimacs(str(path))
    c = Counter()
    c.new_vars(f.num_vars)
    c.add_clauses(f.clauses)
    if f.projection is not None:
        c.set_sampling_set(f.projection)
    start = time.perf_counter()
    n = int(c.count())
    return n, time.perf_counter() - start


def counting(out, files, reps):
    print("## Counting: Python against the command line\n")
    print(f"{reps} runs each, alternating, one thread, whole processes (median seconds).\n")
    print("| file | vars | clauses | count digits | cli (s) | python (s) | python / cli | = cli | = ganak |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---|")
    ratios = []
    for name in files:
        path = out / f"{name}.cnf"
        f = nk.read_dimacs(str(path))
        cli_t, py_t, cli_n, py_n = [], [], None, None
        for _ in range(reps):
            t, so = timed(["target/release/nqueens", "count", "--cnf", str(path), "--threads", "1", "--json"])
            cli_t.append(t)
            cli_n = json_count(so)
            t, so = timed([PY, "-c", f"import nqueens_kit as nk; print(nk.count(nk.read_dimacs({str(path)!r}), threads=1))"])
            py_t.append(t)
            py_n = int(so.strip())
        g, _ = ganak(path)
        c, p = statistics.median(cli_t), statistics.median(py_t)
        ratios.append(p / c)
        print(f"| {name} | {f.num_vars} | {len(f)} | {len(str(py_n))} | {c:.2f} | {p:.2f} | {p / c:.3f} | "
              f"{'yes' if py_n == cli_n else 'NO'} | {'yes' if py_n == g else 'NO'} |")
    print(f"\nMedian python / cli: {statistics.median(ratios):.3f} over {len(files)} files "
          f"(target: at most 1.05).\n")


def json_count(stdout):
    import json

    for line in stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            doc = json.loads(line)
            for key in ("count", "models"):
                if key in doc and doc[key] is not None:
                    return int(doc[key])
    raise ValueError(f"no count in {stdout[:300]!r}")


def import_time():
    """The median over 20 fresh interpreters of the time `import nqueens_kit` takes in
    each, measured inside it."""
    code = "import time; t = time.perf_counter(); import nqueens_kit; print(time.perf_counter() - t)"
    return statistics.median(float(timed([PY, "-c", code])[1]) for _ in range(20))


def weighted(wdir, timeout):
    from pyganak import WeightedCounter

    print("## Weighted counts: exact against pyganak's float\n")
    print("pyganak's `WeightedCounter` (MPFR inside, a Python float out) against our exact")
    print("Fraction, rounded once to a float for the comparison; files of")
    print(f"mc2022-public-weighted counted by us within {timeout} s. pyganak takes weights as")
    print("floats only, so the file's decimals are rounded on the way in as well as out.\n")
    print("| file | ours (s) | exact, to 20 digits | float(exact) | pyganak | same float |")
    print("|---|---:|---|---|---|---|")
    shown = 0
    for path in sorted(Path(wdir).glob("mc2022_track2_*.cnf.gz"))[:12]:
        text = gzip.open(path, "rt").read()
        f = nk.parse_dimacs(text)
        start = time.perf_counter()
        try:
            exact = nk.count(f, method="counter", timeout=timeout)
        except (TimeoutError, nk.Error):
            continue
        ours_t = time.perf_counter() - start
        c = WeightedCounter()
        c.new_vars(f.num_vars)
        c.add_clauses(f.clauses)
        for lit, w in (f.weights or {}).items():
            c.set_lit_weight(lit, float(w))
        for lit in (f.weights or {}):
            if -lit not in f.weights:
                c.set_lit_weight(-lit, 1.0)
        theirs = float(c.count())
        digits = decimal_digits(exact, 20)
        print(f"| {path.name[:-7]} | {ours_t:.2f} | {digits} | {float(exact)!r} | {theirs!r} | "
              f"{'yes' if theirs == float(exact) else 'no'} |")
        shown += 1
        if shown >= 6:
            break
    n = 400
    clauses = [[v] for v in range(1, n + 1)]
    exact = nk.count(clauses, weights={v: "0.001" for v in range(1, n + 1)})
    c = WeightedCounter()
    c.new_vars(n)
    c.add_clauses(clauses)
    for v in range(1, n + 1):
        c.set_lit_weight(v, 1e-3)
        c.set_lit_weight(-v, 1.0)
    print(f"\nConstructed: 400 unit clauses, each literal of weight 0.001. Ours: exactly "
          f"`Fraction(1, 10**1200)` (== 10^-1200: {exact == Fraction(1, 10 ** 1200)}); "
          f"pyganak: `{float(c.count())!r}`.\n")


def decimal_digits(x, digits):
    """x in scientific notation to `digits` significant digits, exactly rounded down."""
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    x = abs(x)
    e = len(str(x.numerator)) - len(str(x.denominator))
    while x >= Fraction(10) ** (e + 1):
        e += 1
    while x < Fraction(10) ** e:
        e -= 1
    m = x / Fraction(10) ** (e - digits + 1)
    s = str(m.numerator // m.denominator)
    return f"{sign}{s[0]}.{s[1:]}e{e}"


def projected(clauses, top, lits):
    """The count of `clauses` projected onto `lits` by the model counter, or "> 20 s"."""
    try:
        return nk.count(nk.Formula(clauses, num_vars=top), projection=lits, method="counter", timeout=20)
    except TimeoutError:
        return "> 20 s"


def encodings():
    """Clauses (and auxiliary variables) of our encodings against PySAT's on the same
    constraints, and the projected count PySAT has no way to give."""
    import random
    from math import comb

    from pysat.card import CardEnc, EncType

    print("## Encodings against PySAT's\n")
    print("Clauses / auxiliary variables of each encoding on the same constraint; PySAT's")
    print("best is its smallest clause count. The projected count (ours, on any encoding's")
    print("clauses) is the constraint's own number of solutions, which PySAT cannot count.\n")
    card_pysat = ["seqcounter", "sortnetwrk", "cardnetwrk", "totalizer", "mtotalizer", "kmtotalizer"]
    print("| constraint | " + " | ".join(f"ours {e}" for e in nk.encodings()["card"]) + " | PySAT's best | projected count |")
    print("|---|" + "---:|" * (len(nk.encodings()["card"]) + 2))
    for n, k in [(20, 5), (30, 8), (100, 30)]:
        lits = list(range(1, n + 1))
        ours = []
        for e in nk.encodings()["card"]:
            clauses, top = nk.atmost(lits, k, top_id=n, encoding=e)
            ours.append(f"{len(clauses)} / {top - n}")
        best = min(
            (len(c.clauses), c.nv - n, e)
            for e in card_pysat
            for c in [CardEnc.atmost(lits=lits, bound=k, top_id=n, encoding=getattr(EncType, e))]
        )
        clauses, top = nk.atmost(lits, k, top_id=n, encoding="totalizer")
        counted = projected(clauses, top, lits)
        assert counted in ("> 20 s", sum(comb(n, i) for i in range(k + 1)))
        print(f"| at most {k} of {n} | " + " | ".join(ours) + f" | {best[0]} / {best[1]} ({best[2]}) | {counted} |")
    try:
        from pysat.pb import EncType as PbType, PBEnc
    except (ImportError, AssertionError):
        print("\n(PySAT's PB encodings need pindakaas: `pip install python-sat[pb]`.)\n")
        return
    rng = random.Random(2026)
    pb_pysat = [e for e in ("best", "bdd", "seqcounter", "sortnetwrk", "adder", "binmerge", "totalizer") if hasattr(PbType, e)]
    print()
    print("| constraint | " + " | ".join(f"ours {e}" for e in nk.encodings()["pb"]) + " | PySAT's best | projected count |")
    print("|---|" + "---:|" * (len(nk.encodings()["pb"]) + 2))
    for n, top_w in [(10, 9), (16, 20), (30, 50)]:
        lits = list(range(1, n + 1))
        weights = [rng.randint(1, top_w) for _ in lits]
        bound = sum(weights) // 2
        ours = []
        for e in nk.encodings()["pb"]:
            try:
                clauses, top = nk.pb_leq(lits, weights, bound, top_id=n, encoding=e)
                ours.append(f"{len(clauses)} / {top - n}")
            except nk.Error:
                ours.append("too large")
        sizes = []
        for e in pb_pysat:
            try:
                c = PBEnc.leq(lits=lits, weights=weights, bound=bound, top_id=n, encoding=getattr(PbType, e))
                sizes.append((len(c.clauses), max(c.nv, n) - n, e))
            except Exception:  # an encoding pindakaas refuses for these weights
                pass
        best = min(sizes)
        clauses, top = nk.pb_leq(lits, weights, bound, top_id=n, encoding="swc")
        counted = projected(clauses, top, lits)
        print(f"| sum of {n} weights in 1..{top_w} <= {bound} | " + " | ".join(ours)
              + f" | {best[0]} / {best[1]} ({best[2]}) | {counted} |")
    print()


def again(src, name, rounds=8):
    """One Formula counted again after each added clause, against pyganak, which counts an
    instance once and so is given a new one each round."""
    import random

    from pyganak import Counter

    f = nk.parse_dimacs(gzip.open(Path(src) / f"{name}.cnf.gz", "rt").read())
    rng = random.Random(7)
    ours_t = theirs_t = 0.0
    same = True
    for _ in range(rounds):
        v = rng.randint(1, f.num_vars)
        f.append([v if rng.random() < 0.5 else -v, rng.randint(1, f.num_vars)])
        start = time.perf_counter()
        ours = nk.count(f)
        ours_t += time.perf_counter() - start
        start = time.perf_counter()
        c = Counter()
        c.new_vars(f.num_vars)
        c.add_clauses(f.clauses)
        theirs = int(c.count())
        theirs_t += time.perf_counter() - start
        same = same and ours == theirs
    print("## Counting again after adding clauses\n")
    print(f"{name}: {rounds} rounds, each adding one random binary clause to the same `Formula` "
          f"and counting it again; pyganak counts an instance once, so each round builds a new "
          f"`Counter`. Ours {ours_t:.2f} s in all, pyganak {theirs_t:.2f} s; counts "
          f"{'equal every round' if same else 'DIFFER'}.\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--wheel", type=Path, required=True)
    ap.add_argument("--weighted", type=Path, required=True)
    ap.add_argument("--source", type=Path, required=True)
    ap.add_argument("--weighted-timeout", type=float, default=20)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    print("# The Python package against the command line and pyganak\n")
    print(f"`bash bench/python-vs-cli.sh {args.reps}`; {time.strftime('%Y-%m-%d')}; "
          f"{os.cpu_count()} cores shared with other work (load average "
          f"{os.getloadavg()[0]:.1f} at the start); Python {platform.python_version()}; "
          f"nqueens_kit {nk.__version__}.\n")
    counting(args.out, args.files, args.reps)
    again(args.source, "mc2022_track1_019")
    imported = import_time()
    size = args.wheel.stat().st_size
    print("## Import and wheel\n")
    print(f"- `import nqueens_kit`: {imported * 1000:.1f} ms (median of 20 fresh interpreters, "
          f"timed inside each); target under 100 ms.")
    print(f"- The wheel `{args.wheel.name}`: {size / 1e6:.2f} MB (target under 20 MB); it "
          f"installs with `pip install --no-index`, nothing from the network.\n")
    weighted(args.weighted, args.weighted_timeout)
    encodings()


if __name__ == "__main__":
    main()
