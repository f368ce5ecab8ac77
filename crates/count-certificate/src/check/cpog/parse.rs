//! Reading and checking a CPOG certificate step by step.

use super::count::{count, Node};
use super::rup::Store;
use crate::check::Cnf;
use num_bigint::BigUint;
use std::io::BufRead;

/// A certificate that holds: the formula has `count` models.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct CpogChecked {
    /// The count of the graph, and so of the formula (a decimal string in JSON).
    #[serde(serialize_with = "decimal")]
    pub count: BigUint,
    /// For a weighted formula, the weighted count of the graph (a fraction `a/b` in JSON).
    #[serde(serialize_with = "fraction", skip_serializing_if = "Option::is_none")]
    pub weighted_count: Option<num_rational::BigRational>,
    /// The formula's variables.
    pub variables: u32,
    /// The formula's clauses.
    pub clauses: usize,
    /// Product and sum nodes.
    pub operations: u64,
    /// RUP steps that added a clause.
    pub added: u64,
    /// Deletions.
    pub deleted: u64,
}

fn fraction<S: serde::Serializer>(
    r: &Option<num_rational::BigRational>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.collect_str(r),
        None => s.serialize_none(),
    }
}

fn decimal<S: serde::Serializer>(n: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(n)
}

/// Why a certificate does not hold: the line (1-based, 0 for the end) and what failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct CpogCheckError {
    /// The line of the certificate, 0 for a failure at its end.
    pub line: u64,
    /// What failed.
    pub message: String,
}

struct Checker {
    store: Store,
    variables: u32,
    nodes: Vec<Option<Node>>,
    /// Node indices in the order declared.
    order: Vec<usize>,
    root: Option<i32>,
    operations: u64,
    added: u64,
    deleted: u64,
}

fn ints(words: &[&str]) -> Result<Vec<i64>, String> {
    words
        .iter()
        .map(|w| {
            w.parse::<i64>()
                .map_err(|_| format!("expected a number, found `{w}`"))
        })
        .collect()
}

/// Splits `nums` at its first 0: the part before, and the rest after it.
fn until_zero(nums: &[i64]) -> Result<(&[i64], &[i64]), String> {
    let at = nums
        .iter()
        .position(|&n| n == 0)
        .ok_or("a list does not end in 0")?;
    Ok((&nums[..at], &nums[at + 1..]))
}

fn lit(n: i64) -> Result<i32, String> {
    i32::try_from(n).map_err(|_| format!("{n} is no 32-bit literal"))
}

fn hint(n: i64) -> Result<u64, String> {
    u64::try_from(n).map_err(|_| format!("{n} is no clause number"))
}

impl Checker {
    fn node_index(&self, var: u32) -> Option<usize> {
        var.checked_sub(self.variables + 1).map(|i| i as usize)
    }

    fn known(&self, l: i32) -> bool {
        let v = l.unsigned_abs();
        v != 0
            && (v <= self.variables
                || self
                    .node_index(v)
                    .is_some_and(|i| self.nodes.get(i).is_some_and(Option::is_some)))
    }

    fn operation(&mut self, cid: u64, product: bool, rest: &[i64]) -> Result<(), String> {
        let (&nid, rest) = rest.split_first().ok_or("an operation without its node")?;
        let nid = lit(nid)?;
        let idx = self
            .node_index(nid.unsigned_abs())
            .filter(|_| nid > 0)
            .ok_or(format!(
                "node {nid} is not a new variable above the formula's"
            ))?;
        if self.nodes.get(idx).is_some_and(Option::is_some) {
            return Err(format!("node {nid} is defined twice"));
        }
        let (children, hints): (Vec<i32>, Vec<u64>) = if product {
            let (ch, after) = until_zero(rest)?;
            if !after.is_empty() {
                return Err("a product ends at its 0".into());
            }
            (
                ch.iter().map(|&n| lit(n)).collect::<Result<_, _>>()?,
                Vec::new(),
            )
        } else {
            if rest.len() < 2 {
                return Err("a sum needs two children".into());
            }
            let (h, after) = until_zero(&rest[2..])?;
            if !after.is_empty() {
                return Err("a sum ends at its hints' 0".into());
            }
            (
                vec![lit(rest[0])?, lit(rest[1])?],
                h.iter().map(|&n| hint(n)).collect::<Result<_, _>>()?,
            )
        };
        let mut deps: Vec<u32> = Vec::new();
        for &c in &children {
            if !self.known(c) {
                return Err(format!(
                    "child {c} is neither a literal of the formula nor a node"
                ));
            }
            let v = c.unsigned_abs();
            let more: Vec<u32> = if v <= self.variables {
                vec![v]
            } else if c < 0 {
                return Err(format!("child {c} is a negated node"));
            } else {
                self.nodes[self.node_index(v).expect("known")]
                    .as_ref()
                    .expect("known")
                    .deps
                    .clone()
            };
            let before = deps.len() + more.len();
            deps.extend(more);
            deps.sort_unstable();
            deps.dedup();
            if product && deps.len() != before {
                return Err(format!("the children of product {nid} share variables"));
            }
        }
        if !product {
            self.store
                .rup(&children, &hints, true)
                .map_err(|e| format!("sum {nid}: its children are not shown exclusive: {e}"))?;
        }
        let defining: Vec<Vec<i32>> = if product {
            let mut first = vec![nid];
            first.extend(children.iter().map(|&c| -c));
            std::iter::once(first)
                .chain(children.iter().map(|&c| vec![-nid, c]))
                .collect()
        } else {
            let mut first = vec![-nid];
            first.extend(&children);
            std::iter::once(first)
                .chain(children.iter().map(|&c| vec![nid, -c]))
                .collect()
        };
        for (k, c) in defining.iter().enumerate() {
            self.store.add(cid + k as u64, c, true)?;
        }
        if self.nodes.len() <= idx {
            self.nodes.resize_with(idx + 1, || None);
        }
        self.nodes[idx] = Some(Node {
            product,
            children,
            deps,
            count: None,
        });
        self.order.push(idx);
        self.operations += 1;
        Ok(())
    }

    fn add(&mut self, cid: u64, rest: &[i64]) -> Result<(), String> {
        let (lits, after) = until_zero(rest)?;
        let (hints, tail) = until_zero(after)?;
        if !tail.is_empty() {
            return Err("a RUP step ends at its hints' 0".into());
        }
        let lits: Vec<i32> = lits.iter().map(|&n| lit(n)).collect::<Result<_, _>>()?;
        if let Some(l) = lits.iter().find(|&&l| !self.known(l)) {
            return Err(format!("literal {l} is neither the formula's nor a node's"));
        }
        let hints: Vec<u64> = hints.iter().map(|&n| hint(n)).collect::<Result<_, _>>()?;
        let negated: Vec<i32> = lits.iter().map(|&l| -l).collect();
        self.store
            .rup(&negated, &hints, false)
            .map_err(|e| format!("clause {cid} is not RUP: {e}"))?;
        self.store.add(cid, &lits, false)?;
        self.added += 1;
        Ok(())
    }

    fn delete(&mut self, rest: &[i64]) -> Result<(), String> {
        let (&cid, rest) = rest.split_first().ok_or("a deletion without its clause")?;
        let cid = hint(cid)?;
        let (hints, tail) = until_zero(rest)?;
        if !tail.is_empty() {
            return Err("a deletion ends at its hints' 0".into());
        }
        if self.store.is_defining(cid) {
            return Err(format!("clause {cid} defines a node and cannot be deleted"));
        }
        let lits = self
            .store
            .get(cid)
            .ok_or(format!("clause {cid} is not there to delete"))?
            .to_vec();
        self.store.delete(cid)?;
        if !lits.iter().any(|&l| lits.contains(&-l)) {
            let hints: Vec<u64> = hints.iter().map(|&n| hint(n)).collect::<Result<_, _>>()?;
            let negated: Vec<i32> = lits.iter().map(|&l| -l).collect();
            self.store
                .rup(&negated, &hints, false)
                .map_err(|e| format!("deleted clause {cid} is not implied by the rest: {e}"))?;
        }
        self.deleted += 1;
        Ok(())
    }

    fn step(&mut self, words: &[&str]) -> Result<(), String> {
        let (cid, cmd, rest) = match words[0].parse::<u64>() {
            Ok(cid) => (
                Some(cid),
                *words.get(1).ok_or("a clause number alone")?,
                &words[2..],
            ),
            Err(_) => (None, words[0], &words[1..]),
        };
        let nums = ints(rest)?;
        let need = || cid.ok_or(format!("`{cmd}` needs a clause number first"));
        match cmd {
            "p" => self.operation(need()?, true, &nums),
            "s" => self.operation(need()?, false, &nums),
            "a" => self.add(need()?, &nums),
            "dc" | "d" => self.delete(&nums),
            "r" => {
                let [r] = nums[..] else {
                    return Err("`r` takes one literal".into());
                };
                self.root = Some(lit(r)?);
                Ok(())
            }
            _ => Err(format!("unknown step `{cmd}`")),
        }
    }
}

/// Checks the CPOG certificate read from `cpog` against `formula`; with `weights` (the
/// formula's, from [`read_weights`](super::read_weights)) the graph is weighed too.
///
/// # Errors
///
/// [`CpogCheckError`]: the first step that fails, or the end (line 0) when clauses other
/// than the root's unit are left, or no root is declared; weights the graph cannot take.
pub fn check_cpog(
    formula: &Cnf,
    cpog: impl BufRead,
    weights: Option<&[(i32, num_rational::BigRational)]>,
) -> Result<CpogChecked, CpogCheckError> {
    let mut c = Checker {
        store: Store::default(),
        variables: formula.variables(),
        nodes: Vec::new(),
        order: Vec::new(),
        root: None,
        operations: 0,
        added: 0,
        deleted: 0,
    };
    let at_end = |message: String| CpogCheckError { line: 0, message };
    for i in 0..formula.len() {
        c.store
            .add(i as u64 + 1, formula.clause(i), false)
            .map_err(at_end)?;
    }
    for (n, line) in cpog.lines().enumerate() {
        let line = line.map_err(|e| at_end(format!("reading failed: {e}")))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() || words[0].starts_with('c') {
            continue;
        }
        c.step(&words).map_err(|message| CpogCheckError {
            line: n as u64 + 1,
            message,
        })?;
    }
    let root = c
        .root
        .ok_or_else(|| at_end("no root declared (`r`)".into()))?;
    if root <= 0 || !c.known(root) || root.unsigned_abs() <= c.variables {
        return Err(at_end(format!("root {root} is not a node")));
    }
    for (id, lits, defining) in c.store.remaining() {
        if !defining && lits != [root] {
            return Err(at_end(format!(
                "clause {id} is left undeleted, and only the root's unit clause may be"
            )));
        }
    }
    if !c.store.remaining().any(|(_, lits, d)| !d && lits == [root]) {
        return Err(at_end("the root's unit clause is not there".into()));
    }
    let first = c.variables + 1;
    let count = count(&mut c.nodes, &c.order, first, root, c.variables);
    let weighted_count = weights
        .map(|w| super::weights::weighted_count(&c.nodes, &c.order, root, c.variables, w))
        .transpose()
        .map_err(at_end)?;
    Ok(CpogChecked {
        count,
        weighted_count,
        variables: formula.variables(),
        clauses: formula.len(),
        operations: c.operations,
        added: c.added,
        deleted: c.deleted,
    })
}
