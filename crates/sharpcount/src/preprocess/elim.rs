//! Elimination of unprojected variables by clause distribution (Davis & Putnam 1960; Eén
//! & Biere 2005, "SatELite"): replacing the clauses of `x` by all their non-tautological
//! resolvents on `x` is existential quantification of `x`, so the models projected onto
//! the other variables stay the same. Only unprojected variables are eliminated (as in
//! projected counters' preprocessing, e.g. GPMC, Suzuki, Hashimoto & Sakai 2017), and only
//! when the formula does not grow; where a gate among its clauses defines the variable
//! (see [`super::gate`]), only the resolvents with a gate clause are needed. Variables
//! the projection defines (see `definable`) are eliminated only when their resolvents
//! join no two variables that shared no clause (see `fill`), so that the primal graph's
//! treewidth does not grow.

use super::fill::FillCheck;
use super::work::Fate;
use super::Work;
use crate::limits::Limits;
use crate::lit::Lit;
use crate::sat::Halt;
use crate::stats::{PreprocessStats, Progress};

/// Largest number of clause pairs tried for one variable.
const MAX_PAIRS: usize = 400;
/// Longest resolvent accepted unless [`super::Work::resolvent_cap`] says less.
pub(crate) const MAX_RESOLVENT: usize = 24;

/// Eliminates unprojected variables while the clause count does not grow. `false` when
/// an empty resolvent shows the formula unsatisfiable.
pub(crate) fn run(
    w: &mut Work,
    limits: &mut Limits<'_>,
    stats: &mut PreprocessStats,
) -> Result<bool, Halt> {
    if w.projected.iter().all(|&p| p) {
        return Ok(true);
    }
    let mut e = Eliminator::new(w);
    let mut cands: Vec<u32> = (0..w.n)
        .filter(|&v| !w.projected[v as usize] && w.fate[v as usize] == Fate::Open)
        .collect();
    cands.sort_by_key(|&v| e.pairs(v));
    for v in cands {
        limits.check(Progress::default)?;
        // A defined variable can stay for the search to branch on; eliminating it must not
        // widen the tree decomposition (see `fill`). Unprojected ones go in any case.
        let keep_width = w.defined[v as usize] != super::Defined::No;
        let Some(resolvents) = e.resolvents(v, keep_width) else {
            continue;
        };
        if !e.eliminate(w, v, resolvents, stats) {
            break;
        }
    }
    Ok(e.finish(w))
}

/// The clauses of a [`Work`] taken out and indexed by literal, for eliminating variables
/// one at a time.
pub(crate) struct Eliminator {
    clauses: Vec<Option<Vec<Lit>>>,
    /// The clauses each literal occurs in (may list dead ones; pruned when looked at).
    occ: Vec<Vec<u32>>,
    fill: FillCheck,
    /// False once an empty resolvent was added.
    ok: bool,
    /// Resolvents allowed beyond the clauses they replace.
    pub(crate) growth: usize,
    /// The longest resolvent allowed.
    cap: usize,
}

/// The resolvents that would replace the clauses of a variable ([`Eliminator::resolvents`]).
pub(crate) struct Resolvents {
    clauses: Vec<Vec<Lit>>,
    /// Whether a gate defined the variable, so that only its pairs were resolved.
    gated: bool,
}

impl Eliminator {
    /// Takes the clauses out of `w` (they go back at [`Eliminator::finish`]).
    pub(crate) fn new(w: &mut Work) -> Eliminator {
        let clauses: Vec<Option<Vec<Lit>>> = std::mem::take(&mut w.clauses)
            .into_iter()
            .map(Some)
            .collect();
        let mut occ: Vec<Vec<u32>> = vec![Vec::new(); 2 * w.n as usize];
        for (i, c) in clauses.iter().enumerate() {
            for l in c.iter().flatten() {
                occ[l.code()].push(i as u32);
            }
        }
        let literals = clauses.iter().flatten().map(|c| c.len() as u64).sum();
        Eliminator {
            clauses,
            occ,
            fill: FillCheck::new(w.n, literals),
            ok: true,
            growth: 0,
            cap: w.resolvent_cap,
        }
    }

    /// Occurrences of `v` times occurrences of `¬v` (dead clauses included).
    pub(crate) fn pairs(&self, v: u32) -> usize {
        let (p, n) = (Lit::new(v, false), Lit::new(v, true));
        self.occ[p.code()].len() * self.occ[n.code()].len()
    }

    /// The live clauses `l` occurs in.
    fn live(&mut self, l: Lit) -> Vec<u32> {
        let clauses = &self.clauses;
        let occ = &mut self.occ[l.code()];
        occ.retain(|&i| clauses[i as usize].as_ref().is_some_and(|c| c.contains(&l)));
        occ.clone()
    }

    /// The resolvents that would replace the clauses of `v` (only those with a gate
    /// clause when a gate defines `v`, see [`super::gate`]), or `None` when eliminating
    /// `v` would grow the formula (more resolvents than clauses, too many pairs, a
    /// resolvent too long) or, with `keep_width`, join two variables that share no clause.
    pub(crate) fn resolvents(&mut self, v: u32, keep_width: bool) -> Option<Resolvents> {
        let pos = self.live(Lit::new(v, false));
        let neg = self.live(Lit::new(v, true));
        let gate = super::gate::find(&self.clauses, &pos, &neg, v);
        let pairs = match &gate {
            // Pairs with a gate clause on one side.
            Some((gp, gn)) => {
                let (a, b) = (count(gp), count(gn));
                a * (neg.len() - b) + (pos.len() - a) * b
            }
            None => pos.len() * neg.len(),
        };
        if pairs > MAX_PAIRS {
            return None;
        }
        let resolvents = resolve_all(
            &self.clauses,
            (&pos, &neg),
            gate.as_ref(),
            v,
            pos.len() + neg.len() + self.growth,
            self.cap,
        )?;
        if keep_width && self.fill.adds_edges(&self.clauses, &self.occ, &resolvents) != Some(false)
        {
            return None;
        }
        Some(Resolvents {
            clauses: resolvents,
            gated: gate.is_some(),
        })
    }

    /// Replaces the clauses of `v` by `resolvents` (from [`Eliminator::resolvents`]) and
    /// marks `v` eliminated and unprojected. `false` when a resolvent is empty.
    pub(crate) fn eliminate(
        &mut self,
        w: &mut Work,
        v: u32,
        resolvents: Resolvents,
        stats: &mut PreprocessStats,
    ) -> bool {
        for l in [Lit::new(v, false), Lit::new(v, true)] {
            for i in self.live(l) {
                self.clauses[i as usize] = None;
            }
        }
        for r in resolvents.clauses {
            self.ok &= !r.is_empty();
            if r.len() > w.long_resolvent {
                w.long_resolvents += 1;
            }
            let id = self.clauses.len() as u32;
            for l in &r {
                self.occ[l.code()].push(id);
            }
            self.clauses.push(Some(r));
        }
        w.fate[v as usize] = Fate::Eliminated;
        w.projected[v as usize] = false;
        stats.eliminated_vars += 1;
        stats.gate_vars += u64::from(resolvents.gated);
        self.ok
    }

    /// Puts the clauses left back into `w`; `false` when one is empty.
    pub(crate) fn finish(self, w: &mut Work) -> bool {
        w.clauses = self.clauses.into_iter().flatten().collect();
        self.ok
    }
}

/// How many are true.
fn count(flags: &[bool]) -> usize {
    flags.iter().filter(|&&f| f).count()
}

/// The non-tautological resolvents on `v` of the clauses `pos` (with `v`) and `neg` (with
/// `¬v`) — only the pairs with a member of `gate` on one side when there is one (see
/// [`super::gate`]) — or `None` when there would be more than `limit` or one longer than
/// `cap`.
fn resolve_all(
    clauses: &[Option<Vec<Lit>>],
    (pos, neg): (&[u32], &[u32]),
    gate: Option<&(Vec<bool>, Vec<bool>)>,
    v: u32,
    limit: usize,
    cap: usize,
) -> Option<Vec<Vec<Lit>>> {
    let mut out = Vec::new();
    for (k, &i) in pos.iter().enumerate() {
        let a = clauses[i as usize].as_ref()?;
        for (m, &j) in neg.iter().enumerate() {
            if gate.is_some_and(|(gp, gn)| gp[k] == gn[m]) {
                continue;
            }
            let b = clauses[j as usize].as_ref()?;
            let mut r: Vec<Lit> = a
                .iter()
                .chain(b)
                .copied()
                .filter(|l| l.var() != v)
                .collect();
            r.sort_unstable();
            r.dedup();
            if r.windows(2).any(|w| w[0].var() == w[1].var()) {
                continue;
            }
            if r.len() > cap || out.len() >= limit {
                return None;
            }
            out.push(r);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::Options;

    fn lit(d: i32) -> Lit {
        Lit::new(d.unsigned_abs() - 1, d < 0)
    }

    /// Eliminates over `clauses` (DIMACS literals on 4 variables) with variable 1 unprojected,
    /// defined or not; what became of it.
    fn fate_of_first(clauses: &[&[i32]], defined: bool) -> Fate {
        let mut w = Work::new(Problem {
            num_vars: 4,
            clauses: clauses
                .iter()
                .map(|c| c.iter().map(|&d| lit(d)).collect())
                .collect(),
            projected: vec![false, true, true, true],
            ..Problem::default()
        });
        if defined {
            w.defined[0] = super::super::Defined::Dropped;
        }
        let options = Options::default();
        let mut limits = Limits::new(&options, std::time::Instant::now());
        let ok = run(&mut w, &mut limits, &mut PreprocessStats::default());
        assert!(matches!(ok, Ok(true)));
        w.fate[0]
    }

    #[test]
    fn a_defined_variable_stays_when_elimination_would_join_strangers() {
        // x1 ∨ x2, ¬x1 ∨ x3: the resolvent x2 ∨ x3 joins two variables sharing no clause.
        let apart: &[&[i32]] = &[&[1, 2], &[-1, 3], &[3, 4]];
        assert_eq!(fate_of_first(apart, true), Fate::Open);
        // An unprojected variable the projection does not define goes anyway.
        assert_eq!(fate_of_first(apart, false), Fate::Eliminated);
        // With x2 and x3 already in a clause, the defined variable goes too.
        let joined: &[&[i32]] = &[&[1, 2], &[-1, 3], &[2, 3, 4]];
        assert_eq!(fate_of_first(joined, true), Fate::Eliminated);
    }
}
