//! What one finished cube can hold. A checkpoint or shard file is read back as a claim, not a
//! fact: a cube whose counts no run of this count could have produced (a count edited, a bit
//! flipped, a line from another count) is refused before anything is summed.

use crate::{Cube, CubeResult, Problem, RunKey};
use num_bigint::BigUint;
use std::collections::HashSet;
use zero_one_model::Var;

/// The most solutions any cube of `problem` can hold: the largest of the problem's own bounds
/// ([`Problem::cube_capacity`]) and, where it has none, 2 to the number of projection
/// variables the cube leaves open (the engine never counts two solutions that agree on the
/// projection). `u64::MAX` when that does not fit.
pub(crate) fn cube_capacity(problem: &dyn Problem, cubes: &[Cube]) -> u64 {
    let mut shown: Vec<Option<Vec<Var>>> = vec![None; problem.parts()];
    cubes
        .iter()
        .map(|cube| {
            problem.cube_capacity(cube).unwrap_or_else(|| {
                let part = shown[cube.part].get_or_insert_with(|| problem.model(cube.part).shown());
                open_capacity(part, cube)
            })
        })
        .max()
        .unwrap_or(0)
}

/// 2 to the number of variables of `shown` that `cube` does not fix, saturated at `u64::MAX`.
fn open_capacity(shown: &[Var], cube: &Cube) -> u64 {
    // Each literal fixes at most one variable: with this many shown, 64 stay open.
    if shown.len() >= 64 + cube.lits.len() {
        return u64::MAX;
    }
    let fixed: HashSet<Var> = cube.lits.iter().map(|l| l.var()).collect();
    let open = shown
        .iter()
        .filter(|v| !fixed.contains(v))
        .collect::<HashSet<_>>()
        .len();
    u32::try_from(open)
        .ok()
        .and_then(|open| 1u64.checked_shl(open))
        .unwrap_or(u64::MAX)
}

/// Why `cube` cannot be a finished cube of the count `key`, or `None` when it can.
pub(crate) fn implausible(key: &RunKey, cube: &CubeResult) -> Option<String> {
    let (i, found) = (cube.index, cube.found);
    if i >= key.cubes {
        return Some(format!(
            "cube {i} does not exist (the count has {} cubes)",
            key.cubes
        ));
    }
    if found > key.cube_capacity {
        return Some(format!(
            "cube {i} claims {found} solutions, more than a cube of this count can hold ({})",
            key.cube_capacity
        ));
    }
    if key.components {
        // Totals are products of the pieces' counts: bounded by what the cube can hold, not
        // by the solutions found.
        // A capacity of u64::MAX stands for "2^64 or more": no bound.
        if key.cube_capacity < u64::MAX && cube.total.0 > BigUint::from(key.cube_capacity) {
            return Some(format!(
                "cube {i} claims {} solutions, more than a cube of this count can hold ({})",
                cube.total.brief(),
                key.cube_capacity
            ));
        }
        // Every solution of such a problem weighs one: one orbit each.
        if cube.orbits != cube.total {
            return Some(format!(
                "cube {i} claims {} orbits among {} solutions, each its own orbit",
                cube.orbits.brief(),
                cube.total.brief()
            ));
        }
        return None;
    }
    if cube.orbits.0 > BigUint::from(found) {
        return Some(format!(
            "cube {i} claims {} orbits among {found} solutions",
            cube.orbits.brief()
        ));
    }
    if cube.total.0 > BigUint::from(u128::from(found) * u128::from(key.max_weight)) {
        return Some(format!(
            "cube {i} claims its {found} solutions stand for {}, but each stands for at most {}",
            cube.total.brief(),
            key.max_weight
        ));
    }
    if key.orbit_weights {
        return orbits_implausible(key, cube);
    }
    None
}

/// For a count whose solutions weigh as orbits: why the cube's orbits cannot go with its
/// total (each orbit holds from 1 to `max_weight` solutions), or `None`.
fn orbits_implausible(key: &RunKey, cube: &CubeResult) -> Option<String> {
    let i = cube.index;
    let (total, orbits) = (cube.total.brief(), cube.orbits.brief());
    if cube.orbits.0 > cube.total.0 {
        return Some(format!(
            "cube {i} claims {orbits} orbits among {total} solutions: an orbit holds at least one"
        ));
    }
    if cube.total.0 > &cube.orbits.0 * BigUint::from(key.max_weight) {
        return Some(format!(
            "cube {i} claims {total} solutions in {orbits} orbits, but an orbit holds at most {}",
            key.max_weight
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::Model;

    fn cube(lits: &[(u32, bool)]) -> Cube {
        Cube {
            part: 0,
            lits: lits.iter().map(|&(v, p)| Var::new(v).lit(p)).collect(),
        }
    }

    #[test]
    fn a_cube_holds_two_to_the_projection_variables_it_leaves_open() {
        let mut m = Model::new();
        let v = m.new_vars(5);
        assert_eq!(open_capacity(&m.shown(), &cube(&[])), 32);
        assert_eq!(
            open_capacity(&m.shown(), &cube(&[(0, true), (3, false)])),
            8
        );
        // A repeated literal fixes its variable once.
        assert_eq!(
            open_capacity(&m.shown(), &cube(&[(1, true), (1, true)])),
            16
        );
        m.show([v[0], v[1], v[1]]);
        assert_eq!(open_capacity(&m.shown(), &cube(&[(4, true)])), 4);
        assert_eq!(open_capacity(&m.shown(), &cube(&[(0, true), (1, true)])), 1);
    }

    fn key(orbit_weights: bool) -> RunKey {
        RunKey {
            problem: crate::Description::named("limits"),
            backend: String::new(),
            encoding: String::new(),
            cubes: 1,
            part_cubes: vec![1],
            free_vars: 0,
            max_weight: 8,
            cube_capacity: 100,
            cubes_hash: String::new(),
            components: false,
            orbit_weights,
        }
    }

    fn result(found: u64, total: u64, orbits: u64) -> CubeResult {
        CubeResult {
            index: 0,
            found,
            total: total.into(),
            orbits: orbits.into(),
        }
    }

    #[test]
    fn orbit_counts_must_fit_their_totals_where_solutions_weigh_as_orbits() {
        // No orbits among one solution; more orbits than solutions; orbits of 9 > 8.
        for (found, total, orbits) in [(1, 1, 0), (3, 2, 3), (3, 18, 2)] {
            let why = implausible(&key(true), &result(found, total, orbits));
            assert!(
                why.is_some_and(|w| w.contains("orbit")),
                "{found} {total} {orbits}"
            );
            assert_eq!(
                implausible(&key(false), &result(found, total, orbits)),
                None
            );
        }
        for (found, total, orbits) in [(0, 0, 0), (1, 8, 1), (3, 9, 2)] {
            assert_eq!(implausible(&key(true), &result(found, total, orbits)), None);
        }
    }

    #[test]
    fn sixty_four_open_variables_saturate() {
        let mut m = Model::new();
        m.new_vars(64);
        assert_eq!(open_capacity(&m.shown(), &cube(&[])), u64::MAX);
        assert_eq!(open_capacity(&m.shown(), &cube(&[(0, true)])), 1 << 63);
    }
}
