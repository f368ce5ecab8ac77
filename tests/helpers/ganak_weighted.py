#!/usr/bin/env python3
"""Weighted count of a DIMACS file with Ganak (PyPI pyganak's WeightedCounter, MPFR at
128 bits), for cross-checking exact weighted counts: `c p weight LIT W 0` lines give
literal weights, `c p show` lines the projection (the sampling set). A literal without a
weight is given weight 1 explicitly (Ganak would otherwise take 1 - w for the negation of
a weighted literal). Prints the count as a Python float (repr). Usage:
ganak_weighted.py FILE.cnf"""
import sys

from dimacs_file import read
from pyganak import WeightedCounter

num_vars, clauses, shown, weights = read(sys.argv[1])
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
