"""nqueens_kit: the nqueens toolkit from Python.

Exact (projected, weighted) model counting returning Python ints and
fractions.Fraction; DIMACS (``c p show``, ``c p weight``) and OPB files; at-most-one,
cardinality and pseudo-Boolean encodings PySAT-style; 0-1 models lowered to CNF, LP, MPS
and OPB; solutions, optimisation, certified counts and symmetries.

Literals and variables use DIMACS numbering (1, 2, ...; -3 is "not x3"). Every long call
releases the GIL and raises KeyboardInterrupt within 100 ms of Ctrl-C.
"""

from fractions import Fraction
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

__version__: str

Clauses = List[List[int]]
Weight = Union[int, float, str, Fraction]
FormulaLike = Union["Formula", "Model", Iterable[Iterable[int]], Any]
"""A Formula, a Model (lowered with the default encodings), anything with PySAT's
``.clauses`` (CNF) or ``.hard`` (WCNF) and optional ``.nv``, or an iterable of clauses."""

class Error(Exception):
    """A failure the toolkit reports; the message is the library's."""

class ParseError(Error):
    """A DIMACS or OPB text the readers refuse; the message names the line and column."""

class Formula:
    """A CNF formula over variables 1..num_vars, with an optional projection (the
    variables whose distinct values are counted, DIMACS ``c p show``) and optional literal
    weights (``c p weight``), kept exactly."""

    def __init__(
        self,
        clauses: Optional[Iterable[Iterable[int]]] = None,
        num_vars: int = 0,
        projection: Optional[Sequence[int]] = None,
        weights: Optional[Dict[int, Weight]] = None,
    ) -> None:
        """Clauses are lists of nonzero ints; ``num_vars`` is raised to the largest variable
        named; weights are taken exactly (a float by its exact binary value)."""
    @staticmethod
    def from_dimacs(text: str) -> "Formula":
        """DIMACS text; raises ParseError naming the line of a bad one."""
    @staticmethod
    def read(path: str) -> "Formula":
        """A DIMACS file (OSError when it cannot be read)."""
    def to_dimacs(self) -> str:
        """DIMACS text with ``c p show`` and ``c p weight`` lines (ValueError for a weight
        that is not a decimal number, such as 1/3)."""
    def write(self, path: str) -> None:
        """Writes ``to_dimacs()`` to ``path``."""
    def append(self, clause: Iterable[int]) -> None:
        """Adds one clause."""
    def extend(self, clauses: Iterable[Iterable[int]]) -> None:
        """Adds clauses."""
    @property
    def num_vars(self) -> int: ...
    @property
    def clauses(self) -> Clauses:
        """A copy of the clauses."""
    projection: Optional[List[int]]
    """The projection, or None for every variable."""
    weights: Optional[Dict[int, Fraction]]
    """{literal: weight}, or None for an unweighted formula; a literal without one weighs 1."""
    @property
    def warnings(self) -> List[str]:
        """What the DIMACS reader accepted but found odd, one sentence each."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[List[int]]: ...

def read_dimacs(path: str) -> Formula:
    """A DIMACS file, ``c p show`` and ``c p weight`` lines read."""

def parse_dimacs(text: str) -> Formula:
    """DIMACS text, ``c p show`` and ``c p weight`` lines read."""

def count(
    formula: FormulaLike,
    projection: Optional[Sequence[int]] = None,
    weights: Optional[Dict[int, Weight]] = None,
    method: str = "auto",
    threads: int = 1,
    timeout: Optional[float] = None,
) -> Union[int, Fraction]:
    """The exact number of models, projected onto ``projection`` (or the formula's own), as
    an int; with weights (given here or the formula's own) the exact weighted count as a
    Fraction. ``method``: "auto" (enumeration while it looks quick, else the model
    counter), "enumerate" or "counter". Raises TimeoutError when ``timeout`` seconds pass,
    KeyboardInterrupt on Ctrl-C, Error for what the library refuses.

    >>> count([[1, 2]])
    3
    """

def to_nnf(
    formula: FormulaLike,
    projection: Optional[Sequence[int]] = None,
    threads: int = 1,
    timeout: Optional[float] = None,
) -> Tuple[int, str]:
    """Compiles into a decision-DNNF: its model count and the formula in d4's format."""

def count_nnf(text: str, variables: Sequence[int]) -> int:
    """The models of a d4-format decision-DNNF over ``variables``."""

class Solutions(Iterator[List[int]]):
    """A lazy stream of solutions, each the literals of the projection (or of every
    variable), distinct on it and checked against every clause; the formula is left as
    it was. Enumeration runs one solution ahead on its own thread."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> List[int]: ...
    def close(self) -> None:
        """Stops the enumeration; the iterator then ends."""

def solutions(
    formula: FormulaLike, projection: Optional[Sequence[int]] = None, backend: str = "dpll",
    solver: Optional[str] = None,
) -> Solutions:
    """The (projected) solutions, lazily; backend "dpll" or "sat" (varisat), or an external
    SAT solver program named by ``solver`` ("cadical -q"; each model it gives is checked,
    each UNSATISFIABLE confirmed by varisat)."""

def solve(
    formula: FormulaLike, projection: Optional[Sequence[int]] = None, solver: Optional[str] = None
) -> Optional[List[int]]:
    """One solution as literals, or None when there is none; ``solver`` as in solutions."""

def atmost(
    lits: Sequence[int], bound: int = 1, top_id: Optional[int] = None, vpool: Any = None,
    encoding: str = "seqcounter",
) -> Tuple[Clauses, int]:
    """At most ``bound`` of ``lits``, as PySAT's CardEnc.atmost: encodings "seqcounter",
    "totalizer", "sorter"; a bound of 1 is lowered as at-most-one (pass an at-most-one
    encoding's name to choose it). Auxiliaries are numbered after ``top_id`` (or a PySAT
    IDPool's ``top``, which is moved past them). Returns (clauses, new top id)."""

def atleast(
    lits: Sequence[int], bound: int = 1, top_id: Optional[int] = None, vpool: Any = None,
    encoding: str = "seqcounter",
) -> Tuple[Clauses, int]:
    """At least ``bound`` of ``lits``; see atmost."""

def equals(
    lits: Sequence[int], bound: int = 1, top_id: Optional[int] = None, vpool: Any = None,
    encoding: str = "seqcounter",
) -> Tuple[Clauses, int]:
    """Exactly ``bound`` of ``lits``; see atmost."""

def atmost_one(
    lits: Sequence[int], top_id: Optional[int] = None, vpool: Any = None, encoding: str = "pairwise"
) -> Tuple[Clauses, int]:
    """At most one of ``lits``: "pairwise", "sequential", "ladder", "bitwise",
    "commander", "product", "bimander"."""

def exactly_one(
    lits: Sequence[int], top_id: Optional[int] = None, vpool: Any = None, encoding: str = "pairwise"
) -> Tuple[Clauses, int]:
    """Exactly one of ``lits``: an at-most-one encoding and one clause."""

def pb_leq(
    lits: Sequence[int], weights: Optional[Sequence[int]] = None, bound: int = 1,
    top_id: Optional[int] = None, vpool: Any = None, encoding: str = "bdd",
) -> Tuple[Clauses, int]:
    """sum(weights[i] * lits[i]) <= bound, as PySAT's PBEnc.leq: "bdd", "gte", "swc",
    "adder"."""

def pb_geq(
    lits: Sequence[int], weights: Optional[Sequence[int]] = None, bound: int = 1,
    top_id: Optional[int] = None, vpool: Any = None, encoding: str = "bdd",
) -> Tuple[Clauses, int]:
    """sum(weights[i] * lits[i]) >= bound; see pb_leq."""

def pb_eq(
    lits: Sequence[int], weights: Optional[Sequence[int]] = None, bound: int = 1,
    top_id: Optional[int] = None, vpool: Any = None, encoding: str = "bdd",
) -> Tuple[Clauses, int]:
    """sum(weights[i] * lits[i]) == bound; see pb_leq."""

def encodings() -> Dict[str, List[str]]:
    """Every encoding's name by kind ("amo", "card", "pb"), the default first."""

class Model:
    """A 0-1 model: variables, typed constraints lowered later with the encodings named, a
    projection and an optional objective."""

    def __init__(self) -> None: ...
    @staticmethod
    def from_opb(text: str) -> "Model":
        """OPB text (constraints and objective); ParseError names the line."""
    @staticmethod
    def read_opb(path: str) -> "Model": ...
    def new_var(self, name: Optional[str] = None) -> int: ...
    def new_vars(self, n: int) -> List[int]: ...
    @property
    def num_vars(self) -> int: ...
    def add_clause(self, lits: Iterable[int]) -> None: ...
    def add_atmost_one(self, lits: Iterable[int]) -> None: ...
    def add_exactly_one(self, lits: Iterable[int]) -> None: ...
    def add_cardinality(self, lits: Iterable[int], cmp: str, k: int) -> None:
        """cmp is "<=", ">=" or "=="."""
    def add_linear(self, lits: Iterable[int], weights: Sequence[int], cmp: str, rhs: int) -> None: ...
    def show(self, vars: Sequence[int]) -> None:
        """The projection (every variable until called)."""
    def minimize(self, lits: Iterable[int], weights: Optional[Sequence[int]] = None) -> None: ...
    def maximize(self, lits: Iterable[int], weights: Optional[Sequence[int]] = None) -> None: ...
    def check(self, solution: Iterable[int]) -> bool:
        """Whether a full assignment (literals) satisfies every constraint."""
    def to_formula(self, amo: Optional[str] = None, card: Optional[str] = None, pb: Optional[str] = None) -> Formula:
        """Lowered to CNF with the encodings named, projected onto the shown variables."""
    def to_dimacs(self, amo: Optional[str] = None, card: Optional[str] = None, pb: Optional[str] = None) -> str: ...
    def to_lp(self) -> str: ...
    def to_mps(self) -> str: ...
    def to_opb(self) -> str: ...
    def write(self, path: str, format: str = "dimacs") -> None:
        """format: "dimacs", "lp", "mps" or "opb"."""

def read_opb(path: str) -> Model: ...
def parse_opb(text: str) -> Model: ...

def optimize(
    model: Model, optimizer: str = "sat", timeout: Optional[float] = None
) -> Optional[Tuple[int, List[int], bool]]:
    """(optimum, one optimal solution as literals, proved) or None when infeasible;
    optimizer "sat" (varisat with PB-encoded bounds) or "lp" (microlp). Every answer is
    checked against every constraint."""

def count_optimal(
    model: Model, optimizer: str = "sat", threads: int = 1, timeout: Optional[float] = None
) -> Tuple[Optional[int], int]:
    """(optimum, number of optimal solutions on the projection); (None, 0) if infeasible."""

def certify(
    formula: FormulaLike, bundle: str, projection: Optional[Sequence[int]] = None,
    timeout: Optional[float] = None,
) -> int:
    """Counts by enumeration and writes a proof bundle into the directory ``bundle``."""

def verify(bundle: str) -> int:
    """The count an independent checker establishes from a bundle; Error if it fails."""

def symmetries(formula: FormulaLike, projection: Optional[Sequence[int]] = None) -> Dict[str, Any]:
    """{"order": int, "generators": [cycles of literals], "complete": bool}."""

def count_orbits(
    formula: FormulaLike, projection: Optional[Sequence[int]] = None, threads: int = 1,
    timeout: Optional[float] = None,
) -> Tuple[int, int]:
    """(model count, number of orbits of models under the formula's symmetries)."""
