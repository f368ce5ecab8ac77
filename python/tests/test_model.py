"""Models: lowered to CNF under every encoding with the brute-force count, written as
OPB/LP/MPS, read back, optimised and counted at the optimum."""
import itertools

import pytest

import nqueens_kit as nk


def knapsack():
    m = nk.Model()
    x = m.new_vars(5)
    m.add_linear(x, [3, 4, 2, 5, 1], "<=", 8)
    m.add_cardinality(x, ">=", 2)
    m.maximize(x, [4, 5, 3, 6, 1])
    return m, x


def brute(holds, n):
    return [bits for bits in itertools.product((0, 1), repeat=n) if holds(bits)]


def feasible(bits):
    return sum(w * b for w, b in zip([3, 4, 2, 5, 1], bits)) <= 8 and sum(bits) >= 2


@pytest.mark.parametrize("pb", nk.encodings()["pb"])
@pytest.mark.parametrize("card", nk.encodings()["card"])
def test_model_lowering_counts(pb, card):
    m, _ = knapsack()
    assert nk.count(m.to_formula(card=card, pb=pb)) == len(brute(feasible, 5))


def test_optimum_matches_brute_force():
    m, _ = knapsack()
    values = [sum(v * b for v, b in zip([4, 5, 3, 6, 1], bits)) for bits in brute(feasible, 5)]
    best = max(values)
    for optimizer in ("sat", "lp"):
        value, solution, proved = nk.optimize(m, optimizer)
        assert (value, proved) == (best, True)
        assert m.check(solution)
    assert nk.count_optimal(m) == (best, values.count(best))


def test_infeasible_model_has_no_optimum():
    m = nk.Model()
    x = m.new_vars(2)
    m.add_clause([x[0]])
    m.add_clause([-x[0]])
    m.minimize(x)
    assert nk.optimize(m) is None


def test_opb_round_trip_keeps_the_count_and_optimum():
    m, _ = knapsack()
    back = nk.parse_opb(m.to_opb())
    assert nk.count(back) == nk.count(m)
    # OPB only minimises: a maximum is written as the minimum of the negated objective.
    assert nk.optimize(back)[0] == -nk.optimize(m)[0]
    assert "Maximize" in m.to_lp() and "ROWS" in m.to_mps()


def test_bad_opb_says_which_line():
    with pytest.raises(nk.ParseError, match="line 2"):
        nk.parse_opb("* #variable= 1 #constraint= 1\n+1 x1 >= ;\n")


def test_projection_of_a_model():
    m = nk.Model()
    x = m.new_vars(4)
    m.add_exactly_one(x)
    m.show(x[:2])
    assert nk.count(m) == 3  # x1, x2, or neither (x3 or x4)
