//! Satisfiability of a component that has no projected variable left: its count is 1 or
//! 0. A CDCL search (non-chronological backjumping bounded below by the level it started
//! at, Luby restarts, phase saving) over the component's variables, keeping its learnt
//! clauses for the rest of the count. Everything it assigns is undone when it returns.
//! A conflict on its first level, where it decided nothing, refutes the component under
//! the caller's assignment: the clause learnt from it ([`SatSearch::refuted`]) rests on
//! the caller's levels alone.

use crate::activity::VarHeap;
use crate::core::{Assertion, Core};
use crate::limits::{Limits, Stop};
use crate::lit::Lit;
use crate::stats::Progress;

/// Why a satisfiability search returned no answer.
#[derive(Debug)]
pub(crate) enum Halt {
    /// A limit was reached.
    Stop(Stop),
    /// An internal inconsistency, described.
    Bug(&'static str),
}

impl From<Stop> for Halt {
    fn from(s: Stop) -> Halt {
        Halt::Stop(s)
    }
}

/// Scratch space of satisfiability searches.
#[derive(Debug, Default)]
pub(crate) struct SatSearch {
    heap: VarHeap,
    member: Vec<u32>,
    stamp: u32,
    /// When the last search found no model and `learn_refutations` is set: the clause it
    /// learnt over the levels below its own, asserting a literal in the other branch of
    /// the counting search's level it started from.
    pub refuted: Option<Assertion>,
    /// Whether a refutation teaches a clause: only under the counting search, whose
    /// levels hold one decision each (preprocessing and listing put several assumptions
    /// on one level, where nothing could be learnt).
    pub learn_refutations: bool,
}

/// The i-th element (from 0) of the Luby sequence 1 1 2 1 1 2 4 ... (Luby, Sinclair &
/// Zuckerman 1993).
fn luby(mut i: u64) -> u64 {
    let mut size = 1u64;
    let mut seq = 0u32;
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

const RESTART_UNIT: u64 = 64;

impl SatSearch {
    /// Scratch space for `n` variables.
    pub(crate) fn new(n: u32) -> SatSearch {
        SatSearch {
            heap: VarHeap::new(n),
            member: vec![0; n as usize],
            stamp: 0,
            refuted: None,
            learn_refutations: false,
        }
    }

    /// True when the formula restricted to the component of `vars` (all unassigned) has a
    /// model under the current assignment (or the assignment contradicts the formula
    /// elsewhere; the caller's branch then ends with count 0).
    pub(crate) fn solve(
        &mut self,
        core: &mut Core,
        vars: &[u32],
        limits: &mut Limits<'_>,
        progress: &dyn Fn(&Core) -> Progress,
    ) -> Result<bool, Halt> {
        self.solve_limited(core, vars, u64::MAX, limits, progress, None)?
            .ok_or(Halt::Bug("unlimited satisfiability search gave up"))
    }

    /// As [`SatSearch::solve`], but gives up (`None`) after `max_conflicts` conflicts. When
    /// a model is found and `model` is given, it receives the literals the model makes
    /// true of the variables `model.0` (which must be among `vars`), in their order.
    pub(crate) fn solve_limited(
        &mut self,
        core: &mut Core,
        vars: &[u32],
        max_conflicts: u64,
        limits: &mut Limits<'_>,
        progress: &dyn Fn(&Core) -> Progress,
        model: Option<(&[u32], &mut Vec<Lit>)>,
    ) -> Result<Option<bool>, Halt> {
        core.counters.sat_calls += 1;
        self.refuted = None;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.member.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        self.heap.clear();
        for &v in vars {
            self.member[v as usize] = self.stamp;
            self.heap.insert(v, &core.act);
        }
        let floor = core.eng.decision_level() + 1;
        core.eng.new_level();
        let result = self.search(core, floor, max_conflicts, limits, progress);
        if let (Ok(Some(true)), Some((shown, out))) = (&result, model) {
            out.clear();
            out.extend(shown.iter().map(|&v| {
                let l = Lit::new(v, false);
                if core.eng.is_true(l) {
                    l
                } else {
                    !l
                }
            }));
        }
        core.eng.backtrack(floor - 1, |_| {});
        result
    }

    fn search(
        &mut self,
        core: &mut Core,
        floor: u32,
        max_conflicts: u64,
        limits: &mut Limits<'_>,
        progress: &dyn Fn(&Core) -> Progress,
    ) -> Result<Option<bool>, Halt> {
        if !core.assert_units() {
            return Ok(Some(false));
        }
        let (mut restarts, mut since_restart, mut conflicts) = (0u64, 0u64, 0u64);
        loop {
            limits.check(|| progress(core))?;
            if let Some(confl) = core.eng.propagate() {
                if core.eng.decision_level() == floor {
                    if self.learn_refutations {
                        self.refuted = core.learn_below(confl, floor);
                    } else {
                        core.counters.conflicts += 1;
                    }
                    return Ok(Some(false));
                }
                conflicts += 1;
                if conflicts > max_conflicts {
                    return Ok(None);
                }
                let Some((assertion, backjump)) = core.learn(confl) else {
                    return Err(Halt::Bug(
                        "conflict above the search floor without a literal of its level",
                    ));
                };
                let (heap, member, stamp, act) =
                    (&mut self.heap, &self.member, self.stamp, &core.act);
                core.eng.backtrack(backjump.max(floor), |v| {
                    if member[v as usize] == stamp {
                        heap.insert(v, act);
                    }
                });
                for &v in &core.an.bumped {
                    self.heap.increased(v, &core.act);
                }
                core.eng.assign(assertion.lit, assertion.reason);
                core.reduce_if_needed();
                since_restart += 1;
                if since_restart >= RESTART_UNIT * luby(restarts) {
                    restarts += 1;
                    since_restart = 0;
                    let (heap, member, stamp, act) =
                        (&mut self.heap, &self.member, self.stamp, &core.act);
                    core.eng.backtrack(floor, |v| {
                        if member[v as usize] == stamp {
                            heap.insert(v, act);
                        }
                    });
                }
                continue;
            }
            let next = loop {
                match self.heap.pop(&core.act) {
                    None => break None,
                    Some(v) if core.eng.is_unassigned(v) => break Some(v),
                    Some(_) => {}
                }
            };
            let Some(v) = next else {
                return Ok(Some(true));
            };
            let negative = core.eng.phase[v as usize];
            core.decide(Lit::new(v, negative));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence_starts_as_published() {
        let got: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(got, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
