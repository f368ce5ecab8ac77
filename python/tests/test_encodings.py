"""Encodings held to PySAT's: for random constraints of each kind, every encoding of ours
and PySAT's have the same model count projected onto the constraint's variables, and that
count is the brute-force one."""
import itertools

import pytest

import nqueens_kit as nk

card = pytest.importorskip("pysat.card")


def brute(n, holds):
    return sum(1 for bits in itertools.product((0, 1), repeat=n) if holds(bits))


def signed(rng, n):
    return [v if rng.random() < 0.7 else -v for v in range(1, n + 1)]


def true_count(lits, bits):
    return sum(1 for l in lits if bits[abs(l) - 1] == (l > 0))


CARD = {
    "atmost": (nk.atmost, "atmost", lambda s, k: s <= k),
    "atleast": (nk.atleast, "atleast", lambda s, k: s >= k),
    "equals": (nk.equals, "equals", lambda s, k: s == k),
}


@pytest.mark.parametrize("kind", sorted(CARD))
@pytest.mark.parametrize("encoding", nk.encodings()["card"])
def test_cardinality_counts_match_pysat(rng, kind, encoding):
    ours_call, pysat_name, holds = CARD[kind]
    for _ in range(8):
        n = rng.randint(2, 8)
        k = rng.randint(0, n)
        lits = signed(rng, n)
        clauses, top = ours_call(lits, k, top_id=n, encoding=encoding)
        assert top >= n
        expected = brute(n, lambda b: holds(true_count(lits, b), k))
        projection = list(range(1, n + 1))
        assert nk.count(nk.Formula(clauses, num_vars=top), projection=projection) == expected
        theirs = getattr(card.CardEnc, pysat_name)(lits=lits, bound=k, top_id=n, encoding=card.EncType.seqcounter)
        assert nk.count(nk.Formula(theirs.clauses, num_vars=max(theirs.nv, n)), projection=projection) == expected


@pytest.mark.parametrize("encoding", nk.encodings()["amo"])
def test_at_most_one_counts_match_pysat(rng, encoding):
    for _ in range(8):
        n = rng.randint(1, 9)
        lits = signed(rng, n)
        projection = list(range(1, n + 1))
        for call, holds in ((nk.atmost_one, lambda s: s <= 1), (nk.exactly_one, lambda s: s == 1)):
            clauses, top = call(lits, top_id=n, encoding=encoding)
            expected = brute(n, lambda b: holds(true_count(lits, b)))
            assert nk.count(nk.Formula(clauses, num_vars=top), projection=projection) == expected
        theirs = card.CardEnc.atmost(lits=lits, bound=1, top_id=n, encoding=card.EncType.ladder)
        assert nk.count(nk.Formula(theirs.clauses, num_vars=max(theirs.nv, n)), projection=projection) == brute(
            n, lambda b: true_count(lits, b) <= 1
        )


PB = {
    "leq": (nk.pb_leq, lambda s, k: s <= k),
    "geq": (nk.pb_geq, lambda s, k: s >= k),
    "eq": (nk.pb_eq, lambda s, k: s == k),
}


@pytest.mark.parametrize("kind", sorted(PB))
@pytest.mark.parametrize("encoding", nk.encodings()["pb"])
def test_pb_counts_match_pysat(rng, kind, encoding):
    ours_call, holds = PB[kind]
    try:
        from pysat.pb import PBEnc
    except (ImportError, AssertionError):  # PySAT's PB needs pindakaas: python-sat[pb]
        PBEnc = None
    for _ in range(6):
        n = rng.randint(1, 7)
        lits = signed(rng, n)
        weights = [rng.randint(1, 9) for _ in range(n)]
        bound = rng.randint(0, sum(weights))
        total = lambda b: sum(w for w, l in zip(weights, lits) if b[abs(l) - 1] == (l > 0))
        expected = brute(n, lambda b: holds(total(b), bound))
        projection = list(range(1, n + 1))
        clauses, top = ours_call(lits, weights, bound, top_id=n, encoding=encoding)
        assert nk.count(nk.Formula(clauses, num_vars=top), projection=projection) == expected
        if PBEnc is not None:
            theirs = getattr(PBEnc, {"eq": "equals"}.get(kind, kind))(lits=lits, weights=weights, bound=bound, top_id=n)
            assert nk.count(nk.Formula(theirs.clauses, num_vars=max(theirs.nv, n)), projection=projection) == expected


def test_vpool_is_moved_past_the_auxiliaries():
    formula = pytest.importorskip("pysat.formula")
    pool = formula.IDPool(start_from=1)
    xs = [pool.id(("x", i)) for i in range(5)]
    clauses, top = nk.atmost(xs, 2, vpool=pool, encoding="totalizer")
    assert pool.top == top > 5
    assert pool.id("fresh") == top + 1
    assert max(abs(l) for c in clauses for l in c) <= top


def test_unknown_encoding_names_the_choices():
    with pytest.raises(ValueError, match="totalizer"):
        nk.atmost([1, 2, 3], 2, encoding="nope")
    with pytest.raises(ValueError, match="bdd"):
        nk.pb_leq([1, 2], [1, 2], 2, encoding="nope")
    with pytest.raises(ValueError, match="weights"):
        nk.pb_leq([1, 2], [1], 2)
