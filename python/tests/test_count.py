"""Counts held to brute force and to Ganak (pyganak); inputs of every accepted kind; the
library's errors as Python exceptions."""
import pytest
from conftest import brute_count, random_cnf

import nqueens_kit as nk


@pytest.mark.parametrize("method", ["auto", "enumerate", "counter"])
def test_counts_match_brute_force(rng, method):
    for _ in range(40):
        n = rng.randint(1, 10)
        clauses = random_cnf(rng, n, rng.randint(0, 3 * n))
        projection = sorted(rng.sample(range(1, n + 1), rng.randint(1, n))) if rng.random() < 0.5 else None
        f = nk.Formula(clauses, num_vars=n, projection=projection)
        assert nk.count(f, method=method) == brute_count(clauses, n, projection), (clauses, projection)


def test_counts_match_ganak(rng):
    pyganak = pytest.importorskip("pyganak")
    for _ in range(25):
        n = rng.randint(5, 30)
        clauses = random_cnf(rng, n, rng.randint(n, 3 * n))
        projection = sorted(rng.sample(range(1, n + 1), rng.randint(1, n)))
        c = pyganak.Counter()
        c.new_vars(n)
        c.add_clauses(clauses)
        c.set_sampling_set(projection)
        assert nk.count(clauses, projection=projection) == int(c.count()), clauses


def test_counts_beyond_64_bits_are_python_ints():
    # No clause over 100 variables: 2^100 models.
    f = nk.Formula([], num_vars=100)
    assert nk.count(f) == 2**100
    assert nk.count(f, method="counter", threads=2) == 2**100


def test_counting_again_after_adding_clauses():
    f = nk.Formula([[1, 2, 3]])
    assert nk.count(f) == 7
    f.append([-1])
    assert nk.count(f) == 3
    f.extend([[-2], [-3]])
    assert nk.count(f) == 0


def test_pysat_formulas_are_taken_by_their_clauses():
    formula = pytest.importorskip("pysat.formula")
    cnf = formula.CNF(from_clauses=[[1, 2], [-1, 3]])
    assert nk.count(cnf) == brute_count(cnf.clauses, 3)
    wcnf = formula.WCNF()
    wcnf.append([1, 2])
    wcnf.append([-1], weight=5)  # soft: not counted
    assert nk.count(wcnf) == 3


def test_projection_given_beside_replaces_the_formulas_own():
    f = nk.Formula([[1, 2, 3]], projection=[1])
    assert nk.count(f) == 2
    assert nk.count(f, projection=[1, 2]) == 4


def test_dimacs_round_trip_keeps_projection_and_weights():
    text = "p cnf 3 2\nc p show 1 2 0\n1 2 0\n-2 3 0\n"
    f = nk.parse_dimacs(text)
    assert (f.num_vars, f.clauses, f.projection) == (3, [[1, 2], [-2, 3]], [1, 2])
    back = nk.parse_dimacs(f.to_dimacs())
    assert (back.clauses, back.projection) == (f.clauses, f.projection)
    w = nk.Formula([[1, 2]], weights={1: "0.25", -2: 3})
    again = nk.parse_dimacs(w.to_dimacs())
    assert again.weights == w.weights


def test_files_are_read_and_written(tmp_path):
    path = tmp_path / "f.cnf"
    nk.Formula([[1, -2]], projection=[2]).write(str(path))
    assert nk.count(nk.read_dimacs(str(path))) == 2
    with pytest.raises(OSError, match="missing.cnf"):
        nk.read_dimacs(str(tmp_path / "missing.cnf"))


@pytest.mark.parametrize(
    "text, message",
    [
        ("p cnf 2 1\n1 x 0\n", "line 2, column 3"),
        ("p cnf 2 1\n1 3 0\n", "line 2"),
        ("1 2 0\n", "line 1"),
    ],
)
def test_bad_dimacs_says_which_line(text, message):
    with pytest.raises(nk.ParseError, match=message):
        nk.parse_dimacs(text)


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match="method"):
        nk.count([[1]], method="fast")
    with pytest.raises(ValueError, match="not a literal"):
        nk.count([[1, 0]])
    with pytest.raises(ValueError, match="timeout"):
        nk.count([[1]], timeout=-1)
    with pytest.raises(TypeError):
        nk.count(42)
    assert issubclass(nk.ParseError, nk.Error)


def test_nnf_counts_again_to_the_same_number(rng):
    for _ in range(10):
        n = rng.randint(2, 9)
        clauses = random_cnf(rng, n, 2 * n)
        count, text = nk.to_nnf(nk.Formula(clauses, num_vars=n))
        assert count == brute_count(clauses, n)
        if count:
            assert nk.count_nnf(text, list(range(1, n + 1))) == count
