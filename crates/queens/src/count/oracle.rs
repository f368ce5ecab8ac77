//! The bitboard oracle as a board counter like any other: the backtracking search of
//! `backtrack`, `backtrack_d4` and `backtrack_rules`, independent of every encoding. It builds
//! no model, so it has no cubes (no shards or checkpoints) and no proofs, and its columns are
//! bits of a `u32` (n <= 32); it stops soon when asked. Every solution it lists is checked by
//! the independent checker, as a solver's are.

use super::run::{report, Found, Run};
use crate::sizes::Search;
use crate::{count_backtrack_d4_until, count_backtrack_until, count_rules_until, first_violation};
use crate::{Board, BoardCounter, CountConfig, CounterCapabilities, FormulationKind, Partial};
use crate::{QueensError, Rules, RulesCount, RunOptions, RunOutcome, Split, Symmetry};
use std::time::Instant;
use zero_one_model::StopFlag;

/// The bitboard backtracking oracle, counting boards of up to
/// [`MAX_BACKTRACK_N`](crate::MAX_BACKTRACK_N) rows under any rules.
#[derive(Copy, Clone, Debug, Default)]
pub struct Oracle;

/// The name in reports.
const NAME: &str = "backtrack";

impl Oracle {
    /// The oracle's independent recount of a board with squares, with the strongest symmetry
    /// exact for it (a fraction of a solver count's cost); `None` when `stop` cut it short.
    pub(crate) fn recount(n: usize, rules: &Rules, threads: usize, stop: &StopFlag) -> Option<u64> {
        let part = under(n, rules, Symmetry::best_for(n, rules), threads, stop);
        part.is_complete().then_some(part.value.total)
    }
}

impl BoardCounter for Oracle {
    fn name(&self) -> String {
        NAME.into()
    }

    fn capabilities(&self) -> CounterCapabilities {
        CounterCapabilities::NONE.max_n(Some(crate::MAX_BACKTRACK_N))
    }

    fn search(&self) -> Search {
        Search::Oracle
    }

    fn encoding(&self) -> String {
        "bitboard".into()
    }

    fn count(
        &self,
        n: usize,
        config: &CountConfig,
        run: &RunOptions,
    ) -> Result<RunOutcome, QueensError> {
        let start = Instant::now();
        let never = StopFlag::new();
        let stop = run.stop.as_ref().unwrap_or(&never);
        let part = search(n, config, stop);
        let run_of = Run {
            start,
            split: Split::Subtrees,
            depth: 0,
            cubes: part.tasks,
        };
        let mut report = report(n, config, part.value, run_of);
        report.cubes_done = part.done;
        if !part.is_complete() {
            report.interrupted = true;
            report.verdict.matches = None;
        }
        Ok(RunOutcome {
            report,
            key: None,
            cubes: Vec::new(),
        })
    }

    fn solutions(
        &self,
        n: usize,
        rules: &Rules,
        _formulation: FormulationKind,
        limit: Option<u64>,
        f: &mut dyn FnMut(&Board) -> bool,
    ) -> Result<u64, QueensError> {
        self.check_size(n)?;
        let mut found = 0;
        let mut invalid = None;
        let mut each = |cols: &[usize]| {
            if let Some(v) = first_violation(rules, cols) {
                invalid = Some(QueensError::InvalidSolution {
                    backend: NAME.into(),
                    n,
                    reason: format!("{cols:?}: {v}"),
                });
                return false;
            }
            found += 1;
            f(&Board::new(cols.to_vec())) && limit != Some(found)
        };
        if limit != Some(0) {
            if rules.is_classic() {
                crate::for_each_solution(n, each);
            } else {
                crate::for_each_rules_solution(n, rules, &mut each);
            }
        }
        invalid.map_or(Ok(found), Err)
    }
}

/// The count `config` asks for, stopped soon after `stop` is set.
fn search(n: usize, config: &CountConfig, stop: &StopFlag) -> Partial<Found> {
    let threads = config.threads.max(1);
    if !config.rules.is_classic() {
        let c = under(n, &config.rules, config.symmetry, threads, stop);
        return part_of(c, |c| Found {
            checked: c.found,
            total: c.total,
            fundamental: c.orbits,
        });
    }
    match config.symmetry {
        Symmetry::Shift => unreachable!("check_exact refuses shift on the classic board"),
        Symmetry::Mirror => part_of(count_backtrack_until(n, threads, stop), |total| Found {
            total,
            ..Found::default()
        }),
        // Eight-fold symmetric search (queens::backtrack_d4): totals and orbits at once.
        Symmetry::D4 => part_of(count_backtrack_d4_until(n, threads, stop), |c| Found {
            total: c.total,
            fundamental: c.fundamental,
            ..Found::default()
        }),
        Symmetry::None => {
            let mut found = Found::default();
            let finished = crate::for_each_solution_until(n, stop, |_| {
                found.checked += 1;
                found.total += 1;
                true
            });
            Partial {
                value: found,
                done: usize::from(finished),
                tasks: 1,
            }
        }
    }
}

/// A partial count's value turned into what a report needs.
fn part_of<T>(part: Partial<T>, found: impl Fn(T) -> Found) -> Partial<Found> {
    Partial {
        value: found(part.value),
        done: part.done,
        tasks: part.tasks,
    }
}

/// The bitboard oracle under other rules (checked): only the first-row columns `symmetry`
/// keeps are searched, each solution weighed as the engine would weigh it; it stops taking
/// subtrees once `stop` is set.
fn under(
    n: usize,
    rules: &Rules,
    symmetry: Symmetry,
    threads: usize,
    stop: &StopFlag,
) -> Partial<RulesCount> {
    count_rules_until(
        n,
        rules,
        threads,
        stop,
        |c0| symmetry.keeps(n, &[c0]),
        |cols| symmetry.weigh(cols),
    )
}
