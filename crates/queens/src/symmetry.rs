//! The 8 symmetries of the square (the dihedral group D4) acting on placements, canonical
//! forms and orbit sizes, for counting fundamental solutions (OEIS A002562).

/// The 8 images of a placement (`q[r]` = column of row r's queen) under D4: the four
/// rotations and their mirror images. The first is the placement itself.
pub fn images(q: &[usize]) -> [Vec<usize>; 8] {
    let n = q.len();
    // Rotating a quarter turn sends the queen at (r, c) to (c, n-1-r).
    let rotate = |p: &[usize]| {
        let mut out = vec![0; n];
        for (r, &c) in p.iter().enumerate() {
            out[c] = n - 1 - r;
        }
        out
    };
    let mirror = |p: &[usize]| p.iter().map(|&c| n - 1 - c).collect::<Vec<_>>();
    let r0 = q.to_vec();
    let r1 = rotate(&r0);
    let r2 = rotate(&r1);
    let r3 = rotate(&r2);
    let (m0, m1, m2, m3) = (mirror(&r0), mirror(&r1), mirror(&r2), mirror(&r3));
    [r0, r1, r2, r3, m0, m1, m2, m3]
}

/// The lexicographically smallest image: one representative per orbit.
pub fn canonical(q: &[usize]) -> Vec<usize> {
    images(q).into_iter().min().expect("eight images")
}

/// How many distinct placements the orbit of `q` holds (1, 2, 4 or 8).
pub fn orbit_size(q: &[usize]) -> u64 {
    let mut all = images(q).to_vec();
    all.sort();
    all.dedup();
    all.len() as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{for_each_solution, is_solution, oeis};

    #[test]
    fn images_of_solutions_are_solutions() {
        for img in images(&[1, 3, 0, 2]) {
            assert!(is_solution(&img), "{img:?}");
        }
        assert_eq!(orbit_size(&[1, 3, 0, 2]), 2);
    }

    #[test]
    fn canonical_forms_count_a002562_and_orbits_sum_to_a000170() {
        for n in 1..=9 {
            let (mut fundamental, mut total) = (0, 0);
            for_each_solution(n, |q| {
                if canonical(q) == q {
                    fundamental += 1;
                    total += orbit_size(q);
                }
                true
            });
            assert_eq!(Some(fundamental), oeis::fundamental_solutions(n), "n={n}");
            assert_eq!(Some(total), oeis::solutions(n), "n={n}");
        }
    }
}
