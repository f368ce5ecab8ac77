#!/usr/bin/env python3
"""The PySAT peer for the counting benchmark: reads a DIMACS file exported by nqueens,
enumerates every model with CaDiCaL 1.5.3 (PySAT's 'cadical153') by adding a blocking
clause over the projection (the `c p show` variables) after each model, and prints the count.
Usage: count_pysat.py FILE.cnf"""
import sys

from pysat.formula import CNF
from pysat.solvers import Solver

path = sys.argv[1]
shown = []
with open(path) as f:
    for line in f:
        if line.startswith("c p show"):
            shown = [int(t) for t in line.split()[3:] if t != "0"]
cnf = CNF(from_file=path)
count = 0
with Solver(name="cadical153", bootstrap_with=cnf.clauses) as s:
    while s.solve():
        model = s.get_model()
        count += 1
        s.add_clause([-model[v - 1] for v in shown])
print(count)
