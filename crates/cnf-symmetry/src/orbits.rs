//! Weighing a solution by its orbit, checked apart from the search restriction: a solution
//! is canonical when no element of the group maps it to a lexicographically smaller one (on
//! the projection, ascending variables, false before true), and then stands for its orbit:
//! the distinct projected images of it under the group.

use crate::group::Group;
use std::collections::HashSet;
use zero_one_model::Lit;

/// The group's action on the projection.
pub struct Orbits {
    /// For each non-identity element, for each projection variable in order, the literal
    /// whose value the image gives that variable (g⁻¹ of its positive literal).
    preimages: Vec<Vec<Lit>>,
    order: Vec<u32>,
}

impl Orbits {
    /// The action of `group` on the projection variables `order` (ascending).
    pub fn new(group: &Group, order: &[u32]) -> Orbits {
        let preimages = group.elements[1..]
            .iter()
            .map(|g| crate::lex::preimages(g, order))
            .collect();
        Orbits {
            preimages,
            order: order.to_vec(),
        }
    }

    /// Whether `s` (values of every variable) is the smallest of its orbit, and the orbit's
    /// size on the projection.
    pub fn weigh(&self, s: &[bool]) -> (bool, u64) {
        let own: Vec<bool> = self.order.iter().map(|&v| s[v as usize]).collect();
        let mut images: HashSet<Vec<bool>> = HashSet::with_capacity(self.preimages.len() + 1);
        let mut canonical = true;
        for pre in &self.preimages {
            let image: Vec<bool> = pre.iter().map(|l| l.eval(s)).collect();
            if image < own {
                canonical = false;
            }
            images.insert(image);
        }
        images.insert(own);
        (canonical, images.len() as u64)
    }
}
