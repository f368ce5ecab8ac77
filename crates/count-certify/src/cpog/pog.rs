//! The partitioned-operation graph (POG) of a compiled decision-DNNF: each AND node and
//! each literal-labelled edge becomes a product node, each decision (an OR node with two
//! edges) a sum node over its two branches, and a shared NNF node one shared POG node.
//!
//! POG nodes are numbered after the input variables (`num_vars + 1 + index`), children
//! before parents, so the root is the last; a child is a DIMACS literal of an input
//! variable or the (positive) number of an earlier node.

use super::CpogError;
use sharpcount::nnf::{Kind, Nnf};

/// What a POG node computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// The conjunction of its children (over disjoint variables).
    Product,
    /// The disjunction of its two children (which contradict each other).
    Sum,
}

/// A POG node.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub op: Op,
    pub children: Vec<i32>,
    /// The first of its defining clauses (set when written).
    pub cid: u64,
}

/// The graph over `num_vars` input variables.
#[derive(Debug)]
pub(crate) struct Pog {
    pub num_vars: u32,
    pub nodes: Vec<Node>,
    /// The root, a positive node literal.
    pub root: i32,
}

impl Pog {
    /// Whether `lit` names a node rather than an input literal.
    pub fn is_node(&self, lit: i32) -> bool {
        lit.unsigned_abs() > self.num_vars
    }

    /// The node `lit` names.
    pub fn node(&self, lit: i32) -> &Node {
        &self.nodes[(lit.unsigned_abs() - self.num_vars - 1) as usize]
    }

    fn push(&mut self, op: Op, children: Vec<i32>) -> Result<i32, CpogError> {
        let id = u64::from(self.num_vars) + 1 + self.nodes.len() as u64;
        let id = i32::try_from(id).map_err(|_| CpogError::TooLarge)?;
        self.nodes.push(Node {
            op,
            children,
            cid: 0,
        });
        Ok(id)
    }

    /// The literals a sum's children are decided on: `x` in the first, `-x` in the second.
    pub fn decision(&self, a: i32, b: i32) -> Option<i32> {
        let lits = |c: i32| -> Vec<i32> {
            if self.is_node(c) && self.node(c).op == Op::Product {
                self.node(c)
                    .children
                    .iter()
                    .copied()
                    .filter(|&l| !self.is_node(l))
                    .collect()
            } else if self.is_node(c) {
                Vec::new()
            } else {
                vec![c]
            }
        };
        let (la, lb) = (lits(a), lits(b));
        la.into_iter().find(|x| lb.contains(&-x))
    }
}

/// A POG literal for an NNF node, or `None` for TRUE.
type Term = Option<i32>;

/// Builds the POG of `nnf` over `num_vars` input variables.
///
/// # Errors
///
/// [`CpogError::Unsatisfiable`] for a formula without models (CPOG cannot state a count of
/// 0), [`CpogError::NotDecision`] for an OR node that is not a decision, and
/// [`CpogError::TooLarge`] past 32-bit node numbers.
pub(crate) fn build(nnf: &Nnf, num_vars: u32) -> Result<Pog, CpogError> {
    let kinds = nnf.kinds();
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); kinds.len()];
    for (i, e) in nnf.edge_list().iter().enumerate() {
        out[e.from as usize].push(i);
    }
    let mut pog = Pog {
        num_vars,
        nodes: Vec::new(),
        root: 0,
    };
    let mut done: Vec<Option<Term>> = vec![None; kinds.len()];
    // Iterative post-order from the root.
    let mut stack: Vec<(usize, bool)> = vec![(0, false)];
    while let Some((n, expanded)) = stack.pop() {
        if done[n].is_some() {
            continue;
        }
        if !expanded {
            stack.push((n, true));
            for &e in &out[n] {
                let to = nnf.edge_list()[e].to as usize;
                if done[to].is_none() {
                    stack.push((to, false));
                }
            }
            continue;
        }
        let edges = &out[n];
        let term = |pog: &mut Pog, done: &[Option<Term>], e: usize| -> Result<Term, CpogError> {
            let edge = &nnf.edge_list()[e];
            let kid = done[edge.to as usize].ok_or(CpogError::Unsatisfiable)?;
            Ok(match (edge.lits.len(), kid) {
                (0, k) => k,
                (1, None) => Some(edge.lits[0]),
                _ => {
                    let mut ch = edge.lits.clone();
                    ch.extend(kid);
                    Some(pog.push(Op::Product, ch)?)
                }
            })
        };
        let value: Term = match kinds[n] {
            Kind::True => None,
            Kind::False => return Err(CpogError::Unsatisfiable),
            Kind::And => {
                let mut ch = Vec::new();
                for &e in edges {
                    let edge = &nnf.edge_list()[e];
                    ch.extend_from_slice(&edge.lits);
                    if matches!(kinds[edge.to as usize], Kind::False) {
                        return Err(CpogError::Unsatisfiable);
                    }
                    ch.extend(done[edge.to as usize].ok_or(CpogError::Unsatisfiable)?);
                }
                match ch.len() {
                    0 => None,
                    1 => Some(ch[0]),
                    _ => Some(pog.push(Op::Product, ch)?),
                }
            }
            Kind::Or => match edges.len() {
                0 => return Err(CpogError::Unsatisfiable),
                1 => term(&mut pog, &done, edges[0])?,
                2 => {
                    let a = term(&mut pog, &done, edges[0])?;
                    let b = term(&mut pog, &done, edges[1])?;
                    let (Some(a), Some(b)) = (a, b) else {
                        return Err(CpogError::NotDecision);
                    };
                    if pog.decision(a, b).is_none() || (!pog.is_node(a) && !pog.is_node(b)) {
                        return Err(CpogError::NotDecision);
                    }
                    Some(pog.push(Op::Sum, vec![a, b])?)
                }
                _ => return Err(CpogError::NotDecision),
            },
        };
        // `Some(None)` marks TRUE as done.
        done[n] = Some(value);
    }
    let root = done[0].ok_or(CpogError::Unsatisfiable)?;
    pog.root = match root {
        Some(r) if pog.is_node(r) => r,
        Some(lit) => pog.push(Op::Product, vec![lit])?,
        None => return Err(CpogError::Valid),
    };
    Ok(pog)
}
