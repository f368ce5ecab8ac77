//! CPOG certificates for the model counter's counts (Bryant, Nawrocki, Avigad & Heule,
//! "Certified knowledge compilation with application to verified model counting", SAT
//! 2023): the counter's compiled decision-DNNF becomes a partitioned-operation graph
//! whose nodes are extension variables with defining clauses (module `pog`), and a clausal
//! proof, every step a RUP step with its hints, shows it equivalent to the input formula:
//! first that the input clauses imply the root (module `forward`), then, clause by clause, that
//! the root implies each input clause, which is deleted (module `reverse`). A checker such as
//! `cpog-check` then counts the graph.
//!
//! Everything is produced here, with no external solver: the hints come from our own unit
//! propagation over the input clauses and the clauses the counter derived while it
//! compiled (its lemmas: learnt clauses, refuted branches), and from a small DPLL
//! refutation where the counter knew a literal that propagation still does not give. A
//! node the cache shares is proved once as a lemma over its own clauses and applied
//! wherever it is met again (module `lemma`, CPOG's own device).
//!
//! ```
//! use zero_one_model::{dimacs::read_dimacs, Clauses};
//! // (x1 ∨ x2) ∧ (¬x1 ∨ x3): 4 models.
//! let cnf = read_dimacs("p cnf 3 2\n1 2 0\n-1 3 0\n".as_bytes()).unwrap();
//! let compiled = sharpcount::compile(&Clauses::from_cnf(&cnf), &Default::default()).unwrap();
//! let clauses = vec![vec![1, 2], vec![-1, 3]];
//! let mut text = Vec::new();
//! let stats =
//!     count_certify::cpog::write_cpog(3, &clauses, &compiled.nnf, &compiled.lemmas, &mut text, None)
//!         .unwrap();
//! assert!(stats.operations >= 3);
//! assert!(String::from_utf8(text).unwrap().contains(" s "));
//! ```

mod bundle;
mod forward;
mod lemma;
mod pog;
mod prop;
mod reverse;
mod sink;
mod weighted;

pub use bundle::{write_cpog_bundle, CpogBundleError};
use sharpcount::nnf::Nnf;
use sharpcount::Lemmas;
use std::io::Write;
pub use weighted::decimal;
use zero_one_model::StopFlag;

/// What a written certificate holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CpogStats {
    /// POG nodes (product and sum operations).
    pub operations: u64,
    /// Their defining clauses.
    pub defining_clauses: u64,
    /// RUP steps that add a clause.
    pub added: u64,
    /// Deletions (each a RUP step but for tautologies).
    pub deleted: u64,
    /// Hints over all steps.
    pub hints: u64,
    /// Bytes written.
    pub bytes: u64,
    /// The counter's lemmas among the added clauses ([`sharpcount::Lemmas`]).
    #[serde(default)]
    pub lemmas: u64,
    /// Literals the writer refuted by its own search, where propagation over the input
    /// clauses and the counter's lemmas did not imply them.
    #[serde(default)]
    pub searched: u64,
    /// Lemmas proved once for a node the counter's cache shared (each in a context of its
    /// own, over the clauses the trail left), and how often they were applied.
    #[serde(default)]
    pub node_lemmas: u64,
    /// See [`CpogStats::node_lemmas`].
    #[serde(default)]
    pub lemma_applications: u64,
}

/// Why no CPOG certificate was written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CpogError {
    /// Writing failed.
    #[error("writing the CPOG certificate failed")]
    Io(#[from] std::io::Error),
    /// The formula has no models: a CPOG graph cannot state a count of 0.
    #[error("the formula is unsatisfiable, and a CPOG certificate cannot state a count of 0")]
    Unsatisfiable,
    /// Every assignment is a model (no clause constrains the formula).
    #[error("the formula has no constraining clause, and the certificate would be empty")]
    Valid,
    /// The compiled formula has an OR node that is not a decision on one variable.
    #[error("the compiled formula has an OR node that is not a decision")]
    NotDecision,
    /// The compiled formula and the input clauses disagree: a proof step failed.
    #[error("the compiled formula is not equivalent to the input clauses")]
    NotEquivalent,
    /// More nodes or clauses than 32-bit numbers.
    #[error("the certificate needs numbers beyond 32 bits")]
    TooLarge,
    /// A variable's two weights add up to 0: the graph cannot be weighed by probabilities.
    #[error("the weights of variable {var} add up to 0")]
    ZeroWeightSum {
        /// The variable (DIMACS).
        var: u32,
    },
    /// The stop flag was raised before the certificate was written.
    #[error("stopped before the certificate was written")]
    Stopped,
    /// A bug in the writer.
    #[error("internal error writing the certificate: {0}")]
    Internal(&'static str),
}

/// The stack the proof's recursions (as deep as the graph) run on.
const STACK_BYTES: usize = 1 << 30;

/// Writes to `out` a CPOG certificate that `nnf`, the counter's compiled decision-DNNF of
/// the formula with `num_vars` variables and `clauses` (DIMACS literals, clause `i`
/// numbered `i + 1`), is equivalent to the formula. `lemmas` are the clauses the compile
/// derived ([`sharpcount::compile_with_lemmas`]; empty ones will do, at the price of the
/// writer's own search where the counter learnt what propagation does not give). Once
/// `stop` is raised, the writer gives up at the next step it would write.
///
/// # Errors
///
/// [`CpogError`]: an unsatisfiable formula or one without clauses, a compiled formula
/// that is not a decision-DNNF of the clauses, numbers beyond 32 bits, `out` failing, or
/// [`CpogError::Stopped`].
pub fn write_cpog<W: Write + Send>(
    num_vars: u32,
    clauses: &[Vec<i32>],
    nnf: &Nnf,
    lemmas: &Lemmas,
    out: W,
    stop: Option<StopFlag>,
) -> Result<CpogStats, CpogError> {
    if clauses.iter().any(Vec::is_empty) {
        return Err(CpogError::Unsatisfiable);
    }
    if i32::try_from(clauses.len()).is_err() {
        return Err(CpogError::TooLarge);
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("cpog".into())
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, || {
                write_on_this_thread(num_vars, clauses, nnf, lemmas, out, stop)
            })
            .map_err(CpogError::Io)?
            .join()
            .unwrap_or(Err(CpogError::Internal("the writer panicked")))
    })
    .map_err(|e| match e {
        CpogError::Io(io) if sink::is_stop(&io) => CpogError::Stopped,
        e => e,
    })
}

fn write_on_this_thread<W: Write>(
    num_vars: u32,
    clauses: &[Vec<i32>],
    nnf: &Nnf,
    lemmas: &Lemmas,
    out: W,
    stop: Option<StopFlag>,
) -> Result<CpogStats, CpogError> {
    let mut pog = pog::build(nnf, num_vars)?;
    let mut sink = sink::Sink::new(out, clauses.len() as u64, stop);
    sink.comment("CPOG certificate written by nqueens (sharpcount's decision-DNNF)")?;
    for i in 0..pog.nodes.len() {
        let id = (u64::from(num_vars) + 1 + i as u64) as i32;
        let node = &pog.nodes[i];
        let cid = match node.op {
            pog::Op::Product => sink.operation(false, id, &node.children, &[])?,
            pog::Op::Sum => {
                let (a, b) = (node.children[0], node.children[1]);
                let x = pog.decision(a, b).ok_or(CpogError::NotDecision)?;
                let hints: Vec<u64> = [(a, x), (b, -x)]
                    .into_iter()
                    .filter(|&(c, _)| pog.is_node(c))
                    .map(|(c, l)| {
                        let n = pog.node(c);
                        let j = n.children.iter().position(|&k| k == l).expect("decided");
                        n.cid + 1 + j as u64
                    })
                    .collect();
                let children = node.children.clone();
                sink.operation(true, id, &children, &hints)?
            }
        };
        pog.nodes[i].cid = cid;
    }
    sink.root(pog.root)?;
    let (root_unit, used, searched, made, applied) = {
        let mut fwd = forward::Forward::new(&pog, clauses, &mut sink)?;
        let used = fwd.add_lemmas(lemmas)?;
        let root_unit = fwd.prove_root()?;
        let added = std::mem::take(&mut fwd.added);
        for (id, hints) in added.into_iter().rev() {
            if id != root_unit {
                fwd.sink.delete(id, &hints)?;
            }
        }
        let l = &fwd.lemmas;
        (root_unit, used, fwd.searched, l.made, l.applied)
    };
    let mut rev = reverse::Reverse::new(&pog, &mut sink);
    for (i, c) in clauses.iter().enumerate() {
        rev.delete_clause(i as u64 + 1, c, root_unit)?;
    }
    let mut stats = sink.finish()?;
    stats.lemmas = used;
    stats.searched = searched;
    stats.node_lemmas = made;
    stats.lemma_applications = applied;
    Ok(stats)
}

/// A count with its CPOG certificate written.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct CpogCount {
    /// The number of models, as the counter's compiled formula counts it.
    pub count: num_bigint::BigUint,
    /// The weighted count of the graph, for a weighted formula.
    pub weighted: Option<num_rational::BigRational>,
    /// What the certificate holds.
    pub stats: CpogStats,
    /// Seconds spent compiling (counting) and writing the proof.
    pub compile_secs: f64,
    /// Seconds spent writing the certificate.
    pub proof_secs: f64,
}

/// Why a count could not be certified.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CertifyCountError {
    /// The formula has a projection: CPOG certifies unprojected counts only.
    #[error("projected counts cannot be certified in CPOG (that needs SCPOG's Skolem steps): certify by enumeration (--method enumerate) if the models are few enough to list, count without --certify, or drop the projection")]
    Projected,
    /// The counter failed.
    #[error("the model counter failed")]
    Count(#[from] sharpcount::Error),
    /// The stop flag was raised while the certificate was written: the count was done, the
    /// certificate not; `stats` are the compile's.
    #[error("stopped while the certificate was written")]
    StoppedWriting {
        /// The compile's figures.
        stats: Box<sharpcount::Stats>,
    },
    /// Writing the certificate failed.
    #[error(transparent)]
    Cpog(#[from] CpogError),
}

/// Whether `cnf` shows fewer than all its variables (a projection onto every variable
/// counts as none).
pub fn is_projected(cnf: &zero_one_model::dimacs::Cnf) -> bool {
    cnf.shown.as_ref().is_some_and(|s| s.len() < cnf.num_vars)
}

/// The DIMACS clauses of `cnf`.
pub fn dimacs_clauses(cnf: &zero_one_model::dimacs::Cnf) -> Vec<Vec<i32>> {
    cnf.clauses
        .iter()
        .map(|c| c.iter().map(|l| l.to_dimacs() as i32).collect())
        .collect()
}

/// Counts the models of `cnf` with the model counter and writes a CPOG certificate of
/// the count to `out` (the formula to check it against is `cnf` as written by
/// [`dimacs_clauses`], clause `i` numbered `i + 1`).
///
/// # Errors
///
/// [`CertifyCountError::Projected`] for a formula projected onto fewer than all its
/// variables, the counter's errors, and [`CpogError`]. The stop flag of `options` is
/// honoured while the certificate is written too: a stop there is
/// [`CertifyCountError::StoppedWriting`], with the compile's figures.
pub fn certify_cnf<W: Write + Send>(
    cnf: &zero_one_model::dimacs::Cnf,
    options: &sharpcount::Options<'_>,
    out: W,
) -> Result<CpogCount, CertifyCountError> {
    if is_projected(cnf) {
        return Err(CertifyCountError::Projected);
    }
    let num_vars = u32::try_from(cnf.num_vars).map_err(|_| CpogError::TooLarge)?;
    let start = std::time::Instant::now();
    // The graph is over every variable, unweighted; the weights only weigh it.
    let plain = zero_one_model::dimacs::Cnf {
        shown: None,
        weights: None,
        ..cnf.clone()
    };
    let formula = zero_one_model::Clauses::from_cnf(&plain);
    let compiled = sharpcount::compile_with_lemmas(&formula, options)?;
    let compile_secs = start.elapsed().as_secs_f64();
    let clauses = dimacs_clauses(cnf);
    let stats = write_cpog(
        num_vars,
        &clauses,
        &compiled.nnf,
        &compiled.lemmas,
        out,
        options.stop.clone(),
    )
    .map_err(|e| match e {
        // Stopped while writing: with the compile's figures.
        CpogError::Stopped => CertifyCountError::StoppedWriting {
            stats: Box::new(compiled.stats.clone()),
        },
        e => e.into(),
    })?;
    let weighted = match &cnf.weights {
        Some(given) => {
            let given: Vec<(i32, num_rational::BigRational)> = given
                .iter()
                .map(|(l, w)| (l.to_dimacs() as i32, w.clone()))
                .collect();
            let pog = pog::build(&compiled.nnf, num_vars)?;
            let w = weighted::literal_weights(cnf.num_vars, &given);
            Some(weighted::weighted_count(&pog, &w)?)
        }
        None => None,
    };
    Ok(CpogCount {
        count: compiled.count,
        weighted,
        stats,
        compile_secs,
        proof_secs: start.elapsed().as_secs_f64() - compile_secs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::{dimacs::read_dimacs, Clauses};

    /// A raised stop flag ends the writer at its next step, as a stop and not as a failure
    /// to write; a lowered one lets it finish.
    #[test]
    fn the_writer_stops_when_its_flag_is_raised() {
        let cnf = read_dimacs("p cnf 3 2\n1 2 0\n-1 3 0\n".as_bytes()).unwrap();
        let compiled = sharpcount::compile(&Clauses::from_cnf(&cnf), &Default::default()).unwrap();
        let clauses = dimacs_clauses(&cnf);
        let write = |stop: &StopFlag| {
            let mut text = Vec::new();
            let nnf = &compiled.nnf;
            write_cpog(
                3,
                &clauses,
                nnf,
                &compiled.lemmas,
                &mut text,
                Some(stop.clone()),
            )
            .map(|_| text.len())
        };
        let stop = StopFlag::new();
        assert!(write(&stop).unwrap() > 0);
        stop.raise();
        assert!(matches!(write(&stop), Err(CpogError::Stopped)));
    }
}
