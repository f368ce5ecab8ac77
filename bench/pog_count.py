#!/usr/bin/env python3
"""Counts the models of a CPOG certificate's graph exactly, a third opinion beside
`cpog-check` and `nqueens verify`: each node's density (the fraction of assignments it
holds) in exact rationals, an input literal 1/2, a product the product of its children's,
a sum the sum; the root's density times 2^n. It checks nothing of the proof: use it where
the checkers' counts differ (cpog-check's q25 arithmetic was seen to miscount track1_045
and track1_055 after "FULL-PROOF SUCCESS").

Usage: python3 bench/pog_count.py FORMULA.cnf CERTIFICATE.cpog
"""
import sys
from fractions import Fraction


def main(formula, certificate):
    with open(formula) as f:
        n = next(int(l.split()[2]) for l in f if l.startswith("p cnf"))
    density, root, half = {}, None, Fraction(1, 2)

    def of(lit):
        d = density[abs(lit)] if abs(lit) > n else half
        return d if lit > 0 else 1 - d

    with open(certificate) as f:
        for line in f:
            w = line.split()
            if len(w) >= 2 and w[0] == "r":
                root = int(w[1])
            elif len(w) >= 3 and w[1] == "p":
                d = Fraction(1)
                for c in w[3:-1]:
                    d *= of(int(c))
                density[int(w[2])] = d
            elif len(w) >= 5 and w[1] == "s":
                density[int(w[2])] = of(int(w[3])) + of(int(w[4]))
    if root is None:
        sys.exit("no root declared")
    count = of(root) * 2**n
    assert count.denominator == 1, "the graph's count is not an integer"
    print(count.numerator)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
