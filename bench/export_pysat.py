#!/usr/bin/env python3
"""The peer for the export benchmark: the board formulation for n queens with PySAT's
sequential-counter cardinality encoding (CardEnc, EncType.seqcounter), written with
CNF.to_file. Usage: export_pysat.py N OUT.cnf"""
import sys

from pysat.card import CardEnc, EncType
from pysat.formula import CNF, IDPool

n, out = int(sys.argv[1]), sys.argv[2]
pool = IDPool(start_from=n * n + 1)
x = lambda r, c: r * n + c + 1
cnf = CNF()

def exactly_one(lits):
    cnf.extend(CardEnc.equals(lits, 1, vpool=pool, encoding=EncType.seqcounter).clauses)

def at_most_one(lits):
    if len(lits) > 1:
        cnf.extend(CardEnc.atmost(lits, 1, vpool=pool, encoding=EncType.seqcounter).clauses)

for r in range(n):
    exactly_one([x(r, c) for c in range(n)])
for c in range(n):
    exactly_one([x(r, c) for r in range(n)])
for d in range(2 * n - 1):
    at_most_one([x(r, r + d - (n - 1)) for r in range(n) if 0 <= r + d - (n - 1) < n])
    at_most_one([x(r, d - r) for r in range(n) if 0 <= d - r < n])
cnf.to_file(out)
print(f"{len(cnf.clauses)} clauses", file=sys.stderr)
