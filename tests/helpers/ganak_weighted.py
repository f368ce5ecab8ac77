#!/usr/bin/env python3
"""Weighted count of a DIMACS file with Ganak (PyPI pyganak's WeightedCounter, MPFR at
128 bits), for cross-checking exact weighted counts: `c p weight LIT W 0` lines give
literal weights, `c p show` lines the projection (the sampling set). A literal without a
weight is given weight 1 explicitly (Ganak would otherwise take 1 - w for the negation of
a weighted literal). Prints the count as a Python float (repr). Usage:
ganak_weighted.py FILE.cnf"""
import sys

from pyganak import WeightedCounter

num_vars, clauses, shown, current, weights = 0, [], None, [], {}
with open(sys.argv[1]) as f:
    for line in f:
        t = line.split()
        if not t:
            continue
        if t[0] == "c":
            if t[1:3] == ["p", "show"]:
                shown = (shown or []) + [int(x) for x in t[3:] if x != "0"]
            elif t[1:3] == ["p", "weight"]:
                weights[int(t[3])] = float(t[4])
            continue
        if t[0] == "p":
            num_vars = int(t[2])
            continue
        for x in map(int, t):
            if x == 0:
                clauses.append(current)
                current = []
            else:
                current.append(x)
c = WeightedCounter()
c.new_vars(num_vars)
c.add_clauses(clauses)
for lit, w in weights.items():
    c.set_lit_weight(lit, w)
    if -lit not in weights:
        c.set_lit_weight(-lit, 1.0)
if shown is not None:
    c.set_sampling_set(shown)
print(repr(c.count()))
