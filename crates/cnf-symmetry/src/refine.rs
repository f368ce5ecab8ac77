//! Colour refinement: vertices of one colour whose neighbours fall differently into the
//! colours are split apart, until nothing splits (an equitable partition, up to hash
//! collisions, which only make it coarser). Colours are ranks of sorted signatures, so two
//! isomorphic coloured graphs refine to partitions that the isomorphism maps onto each
//! other, with equal invariants.

use crate::graph::Graph;

/// A colouring of the vertices: colour ranks `0..cells`, and an isomorphism-invariant hash of
/// how it was refined.
#[derive(Clone)]
pub(crate) struct Partition {
    pub colour: Vec<u32>,
    pub cells: usize,
    pub invariant: u64,
}

/// SplitMix64's finaliser: a well-mixed 64-bit function of `x`.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Partition {
    /// Whether every vertex has a colour of its own.
    pub fn discrete(&self) -> bool {
        self.cells == self.colour.len()
    }

    /// The vertices of colour `c`, ascending.
    pub fn cell(&self, c: u32) -> Vec<u32> {
        (0..self.colour.len() as u32)
            .filter(|&v| self.colour[v as usize] == c)
            .collect()
    }

    /// The colour of the first cell (lowest colour) with more than one vertex.
    pub fn target_cell(&self) -> Option<u32> {
        let mut size = vec![0u32; self.cells];
        for &c in &self.colour {
            size[c as usize] += 1;
        }
        size.iter().position(|&s| s > 1).map(|c| c as u32)
    }

    /// This partition with `w` given a colour of its own (just below the rest of its cell),
    /// refined.
    pub fn individualise(&self, g: &Graph, w: u32) -> Partition {
        let c = self.colour[w as usize];
        let colour = self
            .colour
            .iter()
            .enumerate()
            .map(|(v, &x)| {
                if x > c || (x == c && v as u32 != w) {
                    x + 1
                } else {
                    x
                }
            })
            .collect();
        refine(g, colour, mix(self.invariant ^ u64::from(c)))
    }
}

/// Refines `colour` (ranks `0..k`) on `g`; `seed` starts the invariant.
pub(crate) fn refine(g: &Graph, mut colour: Vec<u32>, seed: u64) -> Partition {
    let n = g.len();
    let mut cells = colour.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
    let mut invariant = seed;
    let mut keyed: Vec<(u32, u64, u32)> = Vec::with_capacity(n);
    loop {
        keyed.clear();
        for v in 0..n {
            let sig = g.adj[v].iter().fold(0u64, |s, &u| {
                s.wrapping_add(mix(u64::from(colour[u as usize]) + 1))
            });
            keyed.push((colour[v], sig, v as u32));
        }
        keyed.sort_unstable();
        let mut rank = 0u32;
        let mut run = 0u64;
        for i in 0..n {
            if i > 0 && (keyed[i].0, keyed[i].1) != (keyed[i - 1].0, keyed[i - 1].1) {
                invariant = mix(invariant ^ mix(u64::from(keyed[i - 1].0) ^ keyed[i - 1].1) ^ run);
                rank += 1;
                run = 0;
            }
            run += 1;
            colour[keyed[i].2 as usize] = rank;
        }
        let now = if n == 0 { 0 } else { rank as usize + 1 };
        if now == cells {
            return Partition {
                colour,
                cells,
                invariant,
            };
        }
        cells = now;
    }
}
