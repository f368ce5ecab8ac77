//! Sizes before allocation: everything an encoding of a board would build (the model, the
//! ILP, the cubes) and write, estimated from closed forms ([`FormulationShape`],
//! [`count_prefixes`]) before anything large is allocated.

use super::prefixes::{count_prefixes, Levels};
use crate::shape::{variant_factor, FormulationShape};
use crate::{FormulationKind, Rules};
use zero_one_model::shape::bytes::{
    dimacs_file_bytes, heap_block, ilp_file_bytes, memory_bytes, DimacsExtras, FileFormat, GROWTH,
};
use zero_one_model::{CnfInfo, CnfOptions};

/// Most cubes an incremental CNF file may hold (about 1 GB of prefixes in memory).
pub const MAX_CUBES: u64 = 10_000_000;

/// An encoding of a board to size.
#[derive(Copy, Clone, Debug)]
pub struct Encoding<'a> {
    /// The board size.
    pub n: usize,
    /// The formulation.
    pub kind: FormulationKind,
    /// The board's variant and squares.
    pub rules: &'a Rules,
    /// The file written.
    pub format: FileFormat,
    /// The lowering's encodings (CNF formats).
    pub options: CnfOptions,
    /// Rows each cube places ([`FileFormat::Icnf`]).
    pub cube_depth: usize,
    /// The projection written twice (`c p show` and `c ind` lines).
    pub ind_lines: bool,
}

/// What an [`Encoding`] would build, sized.
#[derive(Clone, Debug)]
pub struct EncodingSize {
    /// The classic board's model, counted.
    pub shape: FormulationShape,
    /// The CNF lowering's counts: `None` for the ILP formats, and when the model does not
    /// fit in the memory given (it is refused for that before the encodings are asked).
    pub cnf: Option<CnfInfo>,
    /// The cube prefixes ([`FileFormat::Icnf`]).
    pub cubes: Option<Levels>,
    /// Bytes of the file.
    pub file_bytes: f64,
    /// Peak bytes of memory.
    pub memory_bytes: f64,
}

/// Why the cubes of an [`Encoding`] cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CubesError {
    /// The cubes would place more rows than the board has.
    #[error("a cube depth of {depth} is more than the {n} rows of the board")]
    DepthPastBoard {
        /// Rows each cube places.
        depth: usize,
        /// The board size.
        n: usize,
    },
    /// More cubes than [`MAX_CUBES`].
    #[error("a cube depth of {depth} for n = {n} makes more than {MAX_CUBES} cubes")]
    TooMany {
        /// Rows each cube places.
        depth: usize,
        /// The board size.
        n: usize,
    },
}

impl Encoding<'_> {
    /// Sizes what this encoding would build; the CNF lowering is only sized when the model
    /// fits in `memory` bytes.
    ///
    /// # Errors
    /// [`CubesError`] for a cube depth past the board or making more than [`MAX_CUBES`]
    /// cubes.
    pub fn size(&self, memory: f64) -> Result<EncodingSize, CubesError> {
        let (n, depth) = (self.n, self.cube_depth);
        let shape = FormulationShape::of(self.kind, n);
        let cubes = if self.format == FileFormat::Icnf {
            if depth > n {
                return Err(CubesError::DepthPastBoard { depth, n });
            }
            let levels =
                count_prefixes(n, depth, MAX_CUBES).ok_or(CubesError::TooMany { depth, n })?;
            Some(levels)
        } else {
            None
        };
        // The closed forms are the classic board's: the variant and squares scale them up.
        let factor = variant_factor(self.rules, n);
        let cube_bytes = cubes.as_ref().map_or(0.0, |l| self.cube_bytes(&shape, l));
        let memory_bytes = factor * (memory_bytes(&shape.model, self.format) + cube_bytes);
        // The encodings' size formulas are only asked once the model is known to fit.
        let cnf = (!self.format.is_ilp() && memory_bytes <= memory)
            .then(|| shape.model.cnf(&self.options));
        let file_bytes = factor
            * match &cnf {
                None => ilp_file_bytes(&shape.model, self.format),
                Some(cnf) => {
                    let extras = DimacsExtras {
                        ind_lines: self.ind_lines,
                        cubes: cubes.as_ref().map_or(0, Levels::cubes),
                        cube_lits: depth as u64 * shape.place_lits,
                    };
                    dimacs_file_bytes(&shape.model, cnf, extras)
                }
            };
        Ok(EncodingSize {
            shape,
            cnf,
            cubes,
            file_bytes,
            memory_bytes,
        })
    }

    /// Memory of the cubes: prefixes are cloned and pushed to (capacity up to twice their
    /// length), and the cubes' literals collected from an iterator of unknown length.
    fn cube_bytes(&self, shape: &FormulationShape, levels: &Levels) -> f64 {
        let depth = self.cube_depth as f64;
        levels.total() as f64 * (GROWTH * 24.0 + heap_block(16.0 * depth))
            + levels.cubes() as f64
                * (GROWTH * 24.0 + heap_block(8.0 * depth * shape.place_lits as f64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoding(rules: &Rules, format: FileFormat, cube_depth: usize) -> Encoding<'_> {
        Encoding {
            n: 8,
            kind: FormulationKind::Board,
            rules,
            format,
            options: CnfOptions::default(),
            cube_depth,
            ind_lines: false,
        }
    }

    #[test]
    fn cubes_are_counted_for_icnf_only_and_refused_past_the_board() {
        let rules = Rules::classic();
        let icnf = encoding(&rules, FileFormat::Icnf, 2)
            .size(f64::INFINITY)
            .unwrap();
        assert_eq!(icnf.cubes, Some(Levels(vec![1, 8, 42])));
        let cnf = icnf.cnf.unwrap();
        assert_eq!(cnf.clauses, 744);
        let dimacs = encoding(&rules, FileFormat::Dimacs, 2)
            .size(f64::INFINITY)
            .unwrap();
        assert_eq!(dimacs.cubes, None);
        assert!(icnf.file_bytes > dimacs.file_bytes);
        let past = encoding(&rules, FileFormat::Icnf, 9).size(f64::INFINITY);
        assert_eq!(
            past.unwrap_err(),
            CubesError::DepthPastBoard { depth: 9, n: 8 }
        );
    }

    #[test]
    fn the_lowering_is_not_sized_past_the_memory_given() {
        let rules = Rules::classic();
        let tight = encoding(&rules, FileFormat::Dimacs, 2).size(1.0).unwrap();
        assert!(tight.cnf.is_none() && tight.memory_bytes > 1.0);
        let lp = encoding(&rules, FileFormat::Lp, 2)
            .size(f64::INFINITY)
            .unwrap();
        assert!(lp.cnf.is_none());
    }
}
