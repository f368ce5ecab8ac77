"""Solutions: the lazy iterator lists each projected solution once, leaves the formula as
it was, and solve finds one or says None."""
import pytest
from conftest import brute_count, random_cnf, satisfies

import nqueens_kit as nk


@pytest.mark.parametrize("backend", ["dpll", "sat"])
def test_solutions_are_the_projected_models(rng, backend):
    for _ in range(25):
        n = rng.randint(1, 8)
        clauses = random_cnf(rng, n, rng.randint(0, 2 * n))
        projection = sorted(rng.sample(range(1, n + 1), rng.randint(1, n)))
        f = nk.Formula(clauses, num_vars=n, projection=projection)
        found = list(nk.solutions(f, backend=backend))
        assert all([abs(l) for l in s] == projection for s in found)
        assert len({tuple(s) for s in found}) == len(found) == brute_count(clauses, n, projection)
        assert f.clauses == clauses  # no blocking clause left behind


def test_full_solutions_satisfy_every_clause(rng):
    clauses = random_cnf(rng, 6, 8)
    for s in nk.solutions(clauses):
        values = [None] + [l > 0 for l in s]
        assert satisfies(clauses, values)


def test_iterator_is_lazy_and_closes():
    it = nk.solutions(nk.Formula([], num_vars=60))  # 2^60 solutions: never listed whole
    first = next(it)
    assert len(first) == 60
    it.close()
    assert list(it) == []


def test_solve():
    s = nk.solve([[1, 2], [-1], [2, 3]])
    assert s is not None and -1 in s and 2 in s
    assert nk.solve([[1], [-1]]) is None


def _require(program):
    import os
    import shutil

    if shutil.which(program) is None:
        if os.environ.get("CI"):
            pytest.fail(f"{program} is required in CI (see .ci/run)")
        pytest.skip(f"{program} is not installed")


@pytest.mark.parametrize("solver", ["cadical -q", "minisat {cnf} {out}"])
def test_an_external_solver_lists_checked_solutions(rng, solver):
    _require(solver.split()[0])
    for _ in range(6):
        n = rng.randint(1, 6)
        clauses = random_cnf(rng, n, rng.randint(0, 2 * n))
        projection = sorted(rng.sample(range(1, n + 1), rng.randint(1, n)))
        f = nk.Formula(clauses, num_vars=n, projection=projection)
        found = list(nk.solutions(f, solver=solver))
        assert len({tuple(s) for s in found}) == len(found) == brute_count(clauses, n, projection)
    s = nk.solve([[1, 2], [-1], [2, 3]], solver=solver)
    assert s is not None and -1 in s and 2 in s
    assert nk.solve([[1], [-1]], solver=solver) is None


def test_a_solver_that_cannot_run_is_an_error():
    with pytest.raises(nk.Error):
        nk.solve([[1, 2]], solver="/nonexistent/solver")
    with pytest.raises(ValueError):
        nk.solve([[1, 2]], solver="")
