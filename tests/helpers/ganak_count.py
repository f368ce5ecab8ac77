#!/usr/bin/env python3
"""Counts the models of a DIMACS file with Ganak (PyPI pyganak), projected onto its
`c p show` variables when it has them (the sampling set), for cross-checking
`nqueens count --cnf`. Prints the count. Usage: ganak_count.py FILE.cnf"""
import sys

from pyganak import Counter

num_vars, clauses, shown, current = 0, [], None, []
with open(sys.argv[1]) as f:
    for line in f:
        t = line.split()
        if not t:
            continue
        if t[0] == "c":
            if t[1:3] == ["p", "show"]:
                shown = (shown or []) + [int(x) for x in t[3:] if x != "0"]
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
c = Counter()
c.new_vars(num_vars)
c.add_clauses(clauses)
if shown is not None:
    c.set_sampling_set(shown)
print(c.count())
