#!/usr/bin/env python3
"""Random optimisation instances in OPB for bench/optimise.sh (fixed seeds, so reruns match).

  gen_opb.py knapsack N SEED      maximise sum v_i x_i  s.t. sum w_i x_i <= C (two knapsack rows,
                                  weights and values 10..99, capacities half the weight)
  gen_opb.py setcover N SEED      minimise sum c_j y_j over N sets (costs 1..20) covering 2N/3
                                  elements, each element in 3..6 random sets
  gen_opb.py mkp N SEED           a PB competition-like multi-dimensional knapsack: 5 rows, weights
                                  1..999, an equality on a subset, maximise the value
"""
import random
import sys


def knapsack(n, rng):
    rows = []
    for _ in range(2):
        w = [rng.randint(10, 99) for _ in range(n)]
        rows.append((" ".join(f"-{a} x{i+1}" for i, a in enumerate(w)), f">= -{sum(w)//2}"))
    v = [rng.randint(10, 99) for _ in range(n)]
    obj = "max: " + " ".join(f"+{a} x{i+1}" for i, a in enumerate(v)) + " ;"
    return n, obj, rows


def setcover(n, rng):
    elements = max(2, 2 * n // 3)
    rows = []
    for _ in range(elements):
        sets = rng.sample(range(n), rng.randint(3, min(6, n)))
        rows.append((" ".join(f"+1 x{j+1}" for j in sets), ">= 1"))
    obj = "min: " + " ".join(f"+{rng.randint(1, 20)} x{j+1}" for j in range(n)) + " ;"
    return n, obj, rows


def mkp(n, rng):
    rows = []
    for _ in range(5):
        w = [rng.randint(1, 999) for _ in range(n)]
        rows.append((" ".join(f"-{a} x{i+1}" for i, a in enumerate(w)), f">= -{sum(w)*2//5}"))
    subset = rng.sample(range(n), n // 4)
    rows.append((" ".join(f"+1 x{i+1}" for i in subset), f"= {len(subset)//2}"))
    v = [rng.randint(1, 999) for _ in range(n)]
    obj = "max: " + " ".join(f"+{a} x{i+1}" for i, a in enumerate(v)) + " ;"
    return n, obj, rows


def main():
    kind, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    nvars, obj, rows = {"knapsack": knapsack, "setcover": setcover, "mkp": mkp}[kind](n, rng)
    print(f"* #variable= {nvars} #constraint= {len(rows)}")
    print(f"* {kind} n={n} seed={seed} (bench/gen_opb.py)")
    print(obj)
    for lhs, rhs in rows:
        print(f"{lhs} {rhs} ;")


if __name__ == "__main__":
    main()
