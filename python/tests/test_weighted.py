"""Weighted counts: exact Fractions held to brute force with fractions.Fraction, and
where Ganak's float rounds or underflows."""
import math
from fractions import Fraction

import pytest
from conftest import brute_weighted, random_cnf

import nqueens_kit as nk


def random_weights(rng, variables):
    weights = {}
    for v in variables:
        for lit in (v, -v):
            if rng.random() < 0.7:
                weights[lit] = Fraction(rng.randint(0, 9), rng.randint(1, 12))
    return weights


def test_weighted_counts_match_brute_force(rng):
    for _ in range(40):
        n = rng.randint(1, 9)
        clauses = random_cnf(rng, n, rng.randint(0, 2 * n))
        projection = sorted(rng.sample(range(1, n + 1), rng.randint(1, n))) if rng.random() < 0.5 else None
        weights = random_weights(rng, projection or range(1, n + 1))
        got = nk.count(nk.Formula(clauses, num_vars=n), projection=projection, weights=weights)
        assert isinstance(got, Fraction)
        assert got == brute_weighted(clauses, n, weights, projection), (clauses, weights)


def test_weights_of_every_kind_are_taken_exactly():
    # 0.1 as a float is not 1/10: its exact binary value is kept.
    assert nk.count([[1]], weights={1: 0.1}) == Fraction(0.1)
    assert nk.count([[1]], weights={1: "0.1"}) == Fraction(1, 10)
    assert nk.count([[1]], weights={1: Fraction(1, 3)}) == Fraction(1, 3)
    assert nk.count([[1], [2]], weights={1: 2, 2: "1e-3"}) == Fraction(2, 1000)


def test_weights_from_dimacs_text():
    f = nk.parse_dimacs("c t wmc\np cnf 2 1\n1 2 0\nc p weight 1 0.5 0\nc p weight -1 0.25 0\n")
    # (x1, x2): 10 -> 0.5, 11 -> 0.5, 01 -> 0.25
    assert nk.count(f) == Fraction(5, 4)


def test_tiny_product_is_exact_where_ganaks_float_underflows():
    # 400 unit clauses, each literal of weight 1/10^3: the count is 10^-1200, below the
    # smallest double (~4.9e-324).
    n = 400
    clauses = [[v] for v in range(1, n + 1)]
    weights = {v: Fraction(1, 1000) for v in range(1, n + 1)}
    exact = nk.count(clauses, weights=weights)
    assert exact == Fraction(1, 10 ** (3 * n))
    assert float(exact) == 0.0 and exact > 0
    pyganak = pytest.importorskip("pyganak")
    c = pyganak.WeightedCounter()
    c.new_vars(n)
    c.add_clauses(clauses)
    for v in range(1, n + 1):
        c.set_lit_weight(v, 1e-3)
        c.set_lit_weight(-v, 1.0)
    assert float(c.count()) == 0.0  # what a double can say of 10^-1200


def test_weighted_counts_agree_with_ganak_within_a_double(rng):
    pyganak = pytest.importorskip("pyganak")
    for _ in range(10):
        n = rng.randint(4, 20)
        clauses = random_cnf(rng, n, n)
        weights = {v: Fraction(rng.randint(1, 9), 10) for v in range(1, n + 1)}
        c = pyganak.WeightedCounter()
        c.new_vars(n)
        c.add_clauses(clauses)
        for v, w in weights.items():
            c.set_lit_weight(v, float(w))
            c.set_lit_weight(-v, 1.0)
        exact = nk.count(clauses, weights=weights)
        assert math.isclose(float(exact), float(c.count()), rel_tol=1e-9)


def test_an_invalid_formula_says_why():
    # The library's cause travels with the message, as the command line says it.
    with pytest.raises(nk.Error, match="not in the projection"):
        nk.count([[-7, 5]], weights={7: Fraction(1, 2)}, projection=[4])
