//! Failed-literal probes in the search's branches (the "implicit BCP" of sharpSAT,
//! Thurley 2006, "sharpSAT – counting models with advanced component caching and implicit
//! BCP"), on while they fail often enough to pay for themselves.

use super::Search;
use crate::engine::NO_REASON;
use crate::semiring::Semiring;

/// Decisions in one window of [`Window`].
const WINDOW: u64 = 1024;
/// Failed probes per probe, at or above which probing goes on in the next window. Where
/// probing paid on track 1 (005, 023, 043, 109: two to seven times fewer decisions),
/// 10% to 17% of probes failed; where it cost time for nothing (047, 063, 065), under 1%.
const FAILED_RATE: f64 = 0.08;
/// Probing off, every this many windows it is tried again for one.
const RETRY_EVERY: u32 = 16;

/// Whether the search probes, decided window by window of [`WINDOW`] decisions by how
/// often the probes of the last one failed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Window {
    /// Decisions, probes and failed probes when the window began.
    decisions: u64,
    probes: u64,
    failed: u64,
    /// Whether branches probe in this window (they do in the first).
    on: bool,
    /// Windows since probing was last tried.
    off: u32,
}

impl Default for Window {
    fn default() -> Window {
        Window {
            decisions: 0,
            probes: 0,
            failed: 0,
            on: true,
            off: 0,
        }
    }
}

impl<R: Semiring> Search<'_, R> {
    /// Probes the branch just propagated without conflict when [`Search::probing`] says
    /// so; a conflict of the branch itself when one is found (its count is then 0).
    pub(super) fn probe(&mut self) -> Option<u32> {
        if self.probing() {
            self.probe_branch()
        } else {
            None
        }
    }

    /// Whether this branch probes for failed literals: when the switch is on (a compile
    /// turns it off) and the probes of the last window failed often enough
    /// ([`FAILED_RATE`]); off, they are tried again for a window every [`RETRY_EVERY`].
    fn probing(&mut self) -> bool {
        if !self.implicit_bcp {
            return false;
        }
        let c = &self.core.counters;
        let w = &mut self.window;
        if c.decisions >= w.decisions + WINDOW {
            let probes = c.probes - w.probes;
            let failed = c.failed_probes - w.failed;
            let on = if w.on {
                probes > 0 && failed as f64 >= FAILED_RATE * probes as f64
            } else {
                w.off += 1;
                w.off >= RETRY_EVERY
            };
            if on {
                w.off = 0;
            }
            *w = Window {
                decisions: c.decisions,
                probes: c.probes,
                failed: c.failed_probes,
                on,
                off: w.off,
            };
        }
        self.window.on
    }

    /// Failed literals near the branch's new assignments (the "implicit BCP" of sharpSAT,
    /// Thurley 2006): for each long clause the branch shortened, the negation of each of its
    /// unassigned literals is a candidate; the most active few (10, plus one per 20 literals
    /// the branch assigned) are each assigned at a level of their own and propagated. A
    /// conflict teaches a clause (first UIP) that is unit once the probe is undone: its
    /// literal is asserted in the branch, and new candidates come from what that assigns.
    /// Every literal asserted is implied by the formula and the branch, so the branch's
    /// models stay the same; its component shrinks before it is split. Returns a conflict
    /// of the branch itself (its count is then 0).
    fn probe_branch(&mut self) -> Option<u32> {
        let level = self.core.eng.decision_level();
        let eng = &self.core.eng;
        let mut start = eng.trail().len();
        while start > 0 && eng.level(eng.trail()[start - 1].var()) == level {
            start -= 1;
        }
        loop {
            let end = self.core.eng.trail().len();
            if start == end {
                return None;
            }
            let mut tests = std::mem::take(&mut self.tests);
            tests.clear();
            for i in start..end {
                let t = self.core.eng.trail()[i];
                self.comps.shortened(t, &self.core.eng, &mut tests);
            }
            for t in tests.iter_mut() {
                *t = !*t;
            }
            tests.sort_unstable();
            tests.dedup();
            let keep = 10 + (end - start) / 20;
            if tests.len() > keep {
                let act = &self.core.act;
                tests.select_nth_unstable_by(keep, |a, b| {
                    act.score(b.var()).total_cmp(&act.score(a.var()))
                });
                tests.truncate(keep);
            }
            start = end;
            let mut result = None;
            for &t in &tests {
                if !self.core.eng.is_unassigned(t.var()) {
                    continue;
                }
                self.core.counters.probes += 1;
                self.core.eng.new_level();
                self.core.eng.assign(t, NO_REASON);
                let Some(confl) = self.core.eng.propagate() else {
                    self.core.eng.backtrack(level, |_| {});
                    continue;
                };
                // The probe's conflict leaves the activities as they were: bumped, they
                // steered track1_057's decisions from 3,791 to past 500k.
                self.core.act.frozen = true;
                let learnt = self.core.learn(confl);
                self.core.act.frozen = false;
                self.core.eng.backtrack(level, |_| {});
                let Some((a, _)) = learnt else {
                    continue;
                };
                // The clause's first literal was set by the probe, now undone: it is unit.
                if !self.core.assert(a) {
                    continue;
                }
                self.core.counters.failed_probes += 1;
                if let Some(confl) = self.core.eng.propagate() {
                    result = Some(confl);
                    break;
                }
            }
            self.tests = tests;
            if result.is_some() {
                return result;
            }
        }
    }
}
