"""Certified counts checked by the independent checker; symmetries and orbits."""
import pytest
from conftest import brute_count, random_cnf

import nqueens_kit as nk


def test_certified_count_verifies(tmp_path, rng):
    for i in range(5):
        n = rng.randint(2, 8)
        clauses = random_cnf(rng, n, n)
        bundle = tmp_path / f"b{i}"
        count = nk.certify(nk.Formula(clauses, num_vars=n), str(bundle))
        assert count == brute_count(clauses, n)
        assert nk.verify(str(bundle)) == count


def test_a_damaged_bundle_fails_with_the_checkers_message(tmp_path):
    bundle = tmp_path / "b"
    nk.certify([[1, 2]], str(bundle))
    (bundle / "solutions.txt").write_text("")
    with pytest.raises(nk.Error):
        nk.verify(str(bundle))


def test_symmetries_and_orbits():
    group = nk.symmetries([[1, 2, 3]])
    assert group["order"] == 6 and group["complete"]
    # 7 models of x1 v x2 v x3; up to permutation: 1, 2 or 3 true.
    assert nk.count_orbits([[1, 2, 3]]) == (7, 3)
