//! Independent parts of a model: constraints that share no variable, directly or through
//! others, are counted apart and their counts multiplied; a projection variable in no
//! constraint is a free factor 2. Both are exact for plain (unweighted) counting.

use zero_one_model::{Constraint, Model, Var};

/// A model taken apart.
pub struct Decomposition {
    /// The parts, each a model of its own numbering with its own projection.
    pub parts: Vec<Model>,
    /// Projection variables in no constraint.
    pub free_vars: u64,
}

/// The root of `x` in a union-find forest, halving the path on the way.
pub(crate) fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

/// Takes `model` apart. A model with integer definitions, or of one part that uses every
/// variable, is kept whole.
pub fn decompose(model: &Model) -> Decomposition {
    let n = model.num_vars();
    let mut shown = vec![false; n];
    for v in model.shown() {
        shown[v.index()] = true;
    }
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let mut used = vec![false; n];
    for c in model.constraints() {
        let mut first = None;
        for l in c.lits() {
            let v = l.var().index() as u32;
            used[v as usize] = true;
            let root = find(&mut parent, v);
            match first {
                None => first = Some(root),
                Some(f) if f != root => parent[root as usize] = f,
                Some(_) => {}
            }
        }
    }
    let whole = || Decomposition {
        parts: vec![model.clone()],
        free_vars: 0,
    };
    if !model.ints().is_empty() {
        return whole();
    }
    let free_vars = (0..n).filter(|&v| shown[v] && !used[v]).count() as u64;
    // Components with a shown variable become parts; the rest only need to be satisfiable,
    // so they ride along with the first part.
    let mut part_of_root = vec![usize::MAX; n];
    let mut parts = 0;
    for v in 0..n {
        if used[v] && shown[v] {
            let r = find(&mut parent, v as u32) as usize;
            if part_of_root[r] == usize::MAX {
                part_of_root[r] = parts;
                parts += 1;
            }
        }
    }
    if parts <= 1 && free_vars == 0 && used.iter().all(|&u| u) {
        return whole();
    }
    let extra = parts == 0 && model.constraints().iter().next().is_some();
    let mut part_of_var = vec![usize::MAX; n];
    for v in 0..n {
        if used[v] {
            let r = find(&mut parent, v as u32) as usize;
            part_of_var[v] = match part_of_root[r] {
                usize::MAX => 0,
                p => p,
            };
        }
    }
    let mut models: Vec<Model> = (0..parts.max(usize::from(extra)))
        .map(|_| Model::new())
        .collect();
    let mut local = vec![Var::new(0); n];
    for v in 0..n {
        if used[v] {
            let m = &mut models[part_of_var[v]];
            local[v] = m.new_var(format!("v{}", v + 1));
            if shown[v] {
                m.show([local[v]]);
            }
        }
    }
    for c in model.constraints() {
        let Some(first) = c.lits().next() else {
            // An empty constraint (an empty clause, say) holds nowhere: one part with it.
            let m = models.first_mut();
            if let Some(m) = m {
                m.add(c.clone());
            }
            continue;
        };
        let m = &mut models[part_of_var[first.var().index()]];
        m.add(c.map_lits(|l| local[l.var().index()].lit(l.is_positive())));
    }
    if extra {
        // Nothing shown is constrained: the part only has to be satisfiable. A shown
        // variable fixed false makes its count 1 or 0.
        let m = &mut models[0];
        let flag = m.new_var("satisfiable");
        m.add(Constraint::Clause(vec![flag.negative()]));
        m.show([flag]);
    }
    Decomposition {
        parts: models,
        free_vars,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zero_one_model::Lit;

    fn clause(m: &mut Model, lits: &[i64]) {
        let c = lits.iter().map(|&l| Lit::from_dimacs(l).unwrap()).collect();
        m.add(Constraint::Clause(c));
    }

    #[test]
    fn disjoint_clauses_fall_into_parts_and_unused_shown_variables_are_free() {
        let mut m = Model::new();
        m.new_vars(6);
        clause(&mut m, &[1, 2]);
        clause(&mut m, &[3, -4]);
        clause(&mut m, &[2, -1]);
        let d = decompose(&m);
        assert_eq!(d.parts.len(), 2);
        assert_eq!(d.free_vars, 2, "variables 5 and 6");
        assert_eq!(d.parts[0].num_vars(), 2);
        assert_eq!(d.parts[0].constraints().len(), 2);
        assert_eq!(d.parts[1].constraints().len(), 1);
    }

    #[test]
    fn a_connected_model_using_every_variable_stays_whole() {
        let mut m = Model::new();
        m.new_vars(3);
        clause(&mut m, &[1, 2]);
        clause(&mut m, &[2, 3]);
        let d = decompose(&m);
        assert_eq!((d.parts.len(), d.free_vars), (1, 0));
        assert_eq!(d.parts[0].num_vars(), 3);
    }

    #[test]
    fn hidden_components_ride_along_and_an_unconstrained_projection_still_checks_satisfiability() {
        let mut m = Model::new();
        let v = m.new_vars(3);
        m.show([v[0]]);
        clause(&mut m, &[2, 3]);
        clause(&mut m, &[-2]);
        let d = decompose(&m);
        assert_eq!((d.parts.len(), d.free_vars), (1, 1));
        assert_eq!(d.parts[0].shown().len(), 1, "only the satisfiability flag");
    }
}
