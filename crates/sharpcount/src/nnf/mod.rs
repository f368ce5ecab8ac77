//! The counter's search as a compiled formula: a decision-DNNF.
//!
//! A formula in negation normal form whose conjunctions have children over disjoint
//! variables is *decomposable* (DNNF, Darwiche 2001, "Decomposable negation normal
//! form"); when the children of every disjunction also contradict each other it is
//! *deterministic* (d-DNNF), and models are counted in one pass over it. The trace of a
//! DPLL search with component caching is such a formula (Huang & Darwiche 2005, "DPLL
//! with a trace: from SAT to knowledge compilation"): each decision is a disjunction of
//! its two branches, which disagree on the decided variable; each split into components is
//! a conjunction of disjoint parts; each cache hit is a node shared by several parents.
//! The compiler d4 (Lagniez & Marquis 2017, "An improved decision-DNNF compiler") works
//! this way, and [`compile`](crate::compile) makes our search do the same.
//!
//! [`Nnf`] is the formula: nodes (AND, OR, TRUE, FALSE) and edges from a parent to a
//! child, each edge labelled with literals that are conjoined with the child, as in
//! d4's output format ([`Nnf::write_d4`], [`read_d4`]). A variable that a node does not
//! mention is unconstrained below it; [`Nnf::count`] counts with *smoothing*: a child of
//! a disjunction that mentions fewer variables than the disjunction counts twice per
//! missing variable, and so does the root for each counted variable it does not mention.

mod builder;
mod compile;
mod d4;
#[cfg(test)]
mod tests;

pub use compile::{compile, compile_with_lemmas, Compiled};
pub use d4::read_d4;

/// The most variables a compiled formula lists (2^26): it keeps the list, and its count
/// smooths over it.
pub const MAX_COMPILED_VARS: usize = 1 << 26;

use num_bigint::BigUint;

/// What a node is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The conjunction of its edges (true without edges).
    And,
    /// The disjunction of its edges (false without edges).
    Or,
    /// True.
    True,
    /// False.
    False,
}

/// An edge: `to`, conjoined with the literals `lits`, is a child of `from`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The parent (0-based node index).
    pub from: u32,
    /// The child (0-based node index).
    pub to: u32,
    /// Literals conjoined with the child, in DIMACS numbering.
    pub lits: Vec<i32>,
}

/// A formula in negation normal form as a DAG of nodes and literal-labelled edges; node 0
/// is the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nnf {
    kinds: Vec<Kind>,
    edges: Vec<Edge>,
}

/// Why a d4 file could not be read or its formula counted.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum NnfError {
    /// Reading failed.
    #[error("reading the NNF failed")]
    Io(#[from] std::io::Error),
    /// A line is neither a node (`o N 0`, `a N 0`, `t N 0`, `f N 0`) nor an edge
    /// (`P C lit ... 0`).
    #[error(
        "line {line}: expected a node `o|a|t|f N 0` or an edge `P C lit ... 0`, found `{text}`"
    )]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// A node is numbered other than one more than the node before it.
    #[error("line {line}: node {found} declared where node {expected} was expected (nodes are numbered 1, 2, ... in order)")]
    NodeOutOfOrder {
        /// 1-based line number.
        line: usize,
        /// The number written.
        found: u64,
        /// The number expected.
        expected: u64,
    },
    /// An edge names a node that is never declared.
    #[error("line {line}: edge names node {node}, which is not declared")]
    UnknownNode {
        /// 1-based line number.
        line: usize,
        /// The node, as written.
        node: u64,
    },
    /// An edge leaves a TRUE or FALSE node.
    #[error("line {line}: edge leaves node {node}, a leaf (t or f)")]
    EdgeFromLeaf {
        /// 1-based line number.
        line: usize,
        /// The node, as written.
        node: u64,
    },
    /// The file declares no node.
    #[error("the NNF has no node")]
    Empty,
    /// A node is its own descendant.
    #[error("node {node} is its own descendant")]
    Cycle {
        /// The node, 1-based as in the file.
        node: u64,
    },
    /// A conjunction (an AND node, or an edge with its literals) has two parts sharing a
    /// variable, so the formula is not decomposable and cannot be counted in one pass.
    #[error("node {node} is not decomposable: variable {var} occurs in two of its parts")]
    NotDecomposable {
        /// The node, 1-based as in the file.
        node: u64,
        /// A shared variable.
        var: u32,
    },
    /// The formula mentions a variable outside the variables counted over.
    #[error("the NNF mentions variable {var}, outside the variables counted over")]
    VariableOutside {
        /// The variable.
        var: u32,
    },
}

impl Nnf {
    /// The number of nodes.
    pub fn nodes(&self) -> usize {
        self.kinds.len()
    }

    /// The number of edges.
    pub fn edges(&self) -> usize {
        self.edge_list().len()
    }

    /// The kind of each node, by index.
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// The edges.
    pub fn edge_list(&self) -> &[Edge] {
        &self.edges
    }

    /// A new node of `kind`; its index.
    pub(crate) fn push_node(&mut self, kind: Kind) -> u32 {
        self.kinds.push(kind);
        self.kinds.len() as u32 - 1
    }

    /// A new edge.
    pub(crate) fn push_edge(&mut self, from: u32, to: u32, lits: Vec<i32>) {
        self.edges.push(Edge { from, to, lits });
    }

    /// The nodes reachable from the root in the order found (the root first), and the
    /// 1-based number of each node in that order (0 when unreachable).
    fn reachable_order(&self) -> (Vec<u32>, Vec<u32>) {
        let children = self.children();
        let mut seen = vec![false; self.kinds.len()];
        let mut order = Vec::new();
        let mut stack = vec![0u32];
        seen[0] = true;
        while let Some(n) = stack.pop() {
            order.push(n);
            for &e in children[n as usize].iter().rev() {
                let c = self.edges[e as usize].to;
                if !seen[c as usize] {
                    seen[c as usize] = true;
                    stack.push(c);
                }
            }
        }
        let mut number = vec![0u32; self.kinds.len()];
        for (i, &n) in order.iter().enumerate() {
            number[n as usize] = i as u32 + 1;
        }
        (order, number)
    }

    /// The same formula without the nodes the root does not reach, numbered as
    /// [`Nnf::write_d4`] writes them.
    pub(crate) fn trimmed(&self) -> Nnf {
        if self.kinds.is_empty() {
            return Nnf::default();
        }
        let (order, number) = self.reachable_order();
        let children = self.children();
        let mut out = Nnf::default();
        for &n in &order {
            out.push_node(self.kinds[n as usize]);
        }
        for &n in &order {
            for &e in &children[n as usize] {
                let e = &self.edges[e as usize];
                out.push_edge(
                    number[n as usize] - 1,
                    number[e.to as usize] - 1,
                    e.lits.clone(),
                );
            }
        }
        out
    }

    /// The children of each node: indices into the edge list.
    fn children(&self) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); self.kinds.len()];
        for (i, e) in self.edges.iter().enumerate() {
            out[e.from as usize].push(i as u32);
        }
        out
    }

    /// The nodes reachable from the root, every child before its parents. A cycle is
    /// an error.
    fn post_order(&self, children: &[Vec<u32>]) -> Result<Vec<u32>, NnfError> {
        const NEW: u8 = 0;
        const OPEN: u8 = 1;
        const DONE: u8 = 2;
        let mut state = vec![NEW; self.kinds.len()];
        let mut order = Vec::new();
        if self.kinds.is_empty() {
            return Err(NnfError::Empty);
        }
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        state[0] = OPEN;
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            if let Some(&e) = children[n as usize].get(*next) {
                *next += 1;
                let c = self.edges[e as usize].to;
                match state[c as usize] {
                    NEW => {
                        state[c as usize] = OPEN;
                        stack.push((c, 0));
                    }
                    OPEN => {
                        return Err(NnfError::Cycle {
                            node: u64::from(c) + 1,
                        })
                    }
                    _ => {}
                }
            } else {
                state[n as usize] = DONE;
                order.push(n);
                stack.pop();
            }
        }
        Ok(order)
    }

    /// The number of assignments to `vars` (DIMACS variables) that satisfy the formula,
    /// assuming it is deterministic (every disjunction's children contradict each other;
    /// not checked) and checking that it is decomposable. Variables a node does not
    /// mention are free below it (smoothing): a child of a disjunction missing `k` of the
    /// disjunction's variables counts `2^k` times, and the root `2^k` times for the `k`
    /// variables of `vars` it does not mention.
    ///
    /// ```
    /// use sharpcount::nnf::read_d4;
    /// // x1 ∨ (¬x1 ∧ x2) as a decision on x1: 2 models over {1, 2}, 4 over {1, 2, 3}.
    /// let text = "o 1 0\nt 2 0\n1 2 1 0\n1 2 -1 2 0\n";
    /// let nnf = read_d4(text.as_bytes())?;
    /// assert_eq!(nnf.count(&[1, 2])?, 3u32.into());
    /// assert_eq!(nnf.count(&[1, 2, 3])?, 6u32.into());
    /// # Ok::<(), sharpcount::nnf::NnfError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`NnfError::Empty`], [`NnfError::Cycle`], [`NnfError::NotDecomposable`], and
    /// [`NnfError::VariableOutside`] when the formula mentions a variable not in `vars`.
    pub fn count(&self, vars: &[u32]) -> Result<BigUint, NnfError> {
        let children = self.children();
        let order = self.post_order(&children)?;
        // Per node: its count over the variables it mentions, and those variables
        // (sorted), freed once every parent has read them: a chain of decisions on n
        // variables holds n sets of up to n variables, quadratic memory if all were kept.
        let mut count: Vec<Option<(BigUint, Vec<u32>)>> = vec![None; self.kinds.len()];
        let mut readers = vec![0u32; self.kinds.len()];
        for &n in &order {
            for &e in &children[n as usize] {
                readers[self.edges[e as usize].to as usize] += 1;
            }
        }
        for &n in &order {
            let node = u64::from(n) + 1;
            let mut parts = Vec::with_capacity(children[n as usize].len());
            for &e in &children[n as usize] {
                let e = &self.edges[e as usize];
                let to = e.to as usize;
                readers[to] -= 1;
                let child = match readers[to] {
                    0 => count[to].take(),
                    _ => count[to].clone(),
                };
                parts.push(edge_value(e, child.unwrap_or_default(), node)?);
            }
            let value = match self.kinds[n as usize] {
                Kind::True => (BigUint::from(1u32), Vec::new()),
                Kind::False => (BigUint::default(), Vec::new()),
                Kind::And => {
                    let mut c = BigUint::from(1u32);
                    let mut vs = Vec::new();
                    for (pc, pv) in parts {
                        c *= pc;
                        vs = disjoint_union(&vs, &pv)
                            .map_err(|var| NnfError::NotDecomposable { node, var })?;
                    }
                    (c, vs)
                }
                Kind::Or => {
                    let mut vs: Vec<u32> = Vec::new();
                    for (_, pv) in &parts {
                        vs = union(&vs, pv);
                    }
                    let mut c = BigUint::default();
                    for (pc, pv) in parts {
                        c += pc << (vs.len() - pv.len());
                    }
                    (c, vs)
                }
            };
            count[n as usize] = Some(value);
        }
        let (c, vs) = count[0].take().unwrap_or_default();
        let mut set = vars.to_vec();
        set.sort_unstable();
        set.dedup();
        if let Some(&var) = vs.iter().find(|v| set.binary_search(v).is_err()) {
            return Err(NnfError::VariableOutside { var });
        }
        Ok(c << (set.len() - vs.len()))
    }
}

/// The count of an edge (its child, whose count and variables are `child`, conjoined with
/// its literals) over the variables it mentions, and those variables.
fn edge_value(
    e: &Edge,
    child: (BigUint, Vec<u32>),
    node: u64,
) -> Result<(BigUint, Vec<u32>), NnfError> {
    let (c, vs) = child;
    if e.lits.is_empty() {
        return Ok((c, vs));
    }
    let mut lits = e.lits.clone();
    lits.sort_unstable_by_key(|l| (l.unsigned_abs(), *l));
    lits.dedup();
    let mut lit_vars: Vec<u32> = lits.iter().map(|l| l.unsigned_abs()).collect();
    let contradictory = lit_vars.windows(2).any(|w| w[0] == w[1]);
    lit_vars.dedup();
    let vs =
        disjoint_union(&vs, &lit_vars).map_err(|var| NnfError::NotDecomposable { node, var })?;
    Ok((if contradictory { BigUint::default() } else { c }, vs))
}

/// The union of two sorted sets.
fn union(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// The union of two sorted sets, or an element they share.
fn disjoint_union(a: &[u32], b: &[u32]) -> Result<Vec<u32>, u32> {
    let u = union(a, b);
    if u.len() == a.len() + b.len() {
        return Ok(u);
    }
    Err(*a.iter().find(|x| b.binary_search(x).is_ok()).unwrap_or(&0))
}
