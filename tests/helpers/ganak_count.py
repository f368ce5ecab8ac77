#!/usr/bin/env python3
"""Counts the models of a DIMACS file with Ganak (PyPI pyganak), projected onto its
`c p show` variables when it has them (the sampling set), for cross-checking
`nqueens count --cnf`. Prints the count. Usage: ganak_count.py FILE.cnf"""
import sys

from dimacs_file import read
from pyganak import Counter

num_vars, clauses, shown, _ = read(sys.argv[1])
c = Counter()
c.new_vars(num_vars)
c.add_clauses(clauses)
if shown is not None:
    c.set_sampling_set(shown)
print(c.count())
