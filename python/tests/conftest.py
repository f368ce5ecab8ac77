"""Shared helpers: random formulas and brute-force counts by itertools, the reference
every count of the suite is held to."""
import itertools
import random
from fractions import Fraction

import pytest


def satisfies(clauses, values):
    """Whether the assignment values[v] (v from 1) satisfies every clause."""
    return all(any(values[abs(l)] == (l > 0) for l in c) for c in clauses)


def assignments(n):
    """Every assignment of variables 1..n, as a list indexed from 1."""
    for bits in itertools.product((False, True), repeat=n):
        yield (None,) + bits


def brute_count(clauses, n, projection=None):
    """The number of distinct projections of the models over variables 1..n."""
    shown = projection if projection is not None else range(1, n + 1)
    return len({tuple(v[x] for x in shown) for v in assignments(n) if satisfies(clauses, v)})


def brute_weighted(clauses, n, weights, projection=None):
    """The weighted count: each distinct projected model weighs the product of its shown
    literals' weights (1 when unweighted); the weights sit on shown variables only."""
    shown = projection if projection is not None else range(1, n + 1)
    seen = {tuple(v[x] for x in shown) for v in assignments(n) if satisfies(clauses, v)}
    total = Fraction(0)
    for values in seen:
        w = Fraction(1)
        for x, b in zip(shown, values):
            w *= Fraction(weights.get(x if b else -x, 1))
        total += w
    return total


def random_cnf(rng, n, m, width=3):
    """m random clauses of 1..width distinct variables of 1..n."""
    clauses = []
    for _ in range(m):
        k = rng.randint(1, min(width, n))
        vs = rng.sample(range(1, n + 1), k)
        clauses.append([v if rng.random() < 0.5 else -v for v in vs])
    return clauses


@pytest.fixture
def rng():
    return random.Random(20261206)
