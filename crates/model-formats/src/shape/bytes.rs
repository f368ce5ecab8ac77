//! Bytes of the files the writers make and of the memory they need, estimated from a
//! [`ModelShape`] alone (measured within 0.75 to 1.75 times the real files, and at 1.3 to 2
//! times the peak resident size, on the N-Queens formulations).

use super::ModelShape;
use crate::ilp::IlpFormat;
use crate::{CnfInfo, Constraint, IntDef};
use std::mem::size_of;

/// The files a model is written to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileFormat {
    /// DIMACS CNF.
    Dimacs,
    /// The Model Counting Competition's projected DIMACS.
    Mcc,
    /// Incremental CNF with cubes.
    Icnf,
    /// CPLEX LP.
    Lp,
    /// Free MPS.
    Mps,
    /// OPB.
    Opb,
}

/// The file of an ILP format ([`FileFormat::ilp`] the other way).
impl From<IlpFormat> for FileFormat {
    fn from(format: IlpFormat) -> FileFormat {
        match format {
            IlpFormat::Lp => FileFormat::Lp,
            IlpFormat::Mps => FileFormat::Mps,
            IlpFormat::Opb => FileFormat::Opb,
        }
    }
}

impl FileFormat {
    /// The DIMACS dialect a CNF in this format is written in (plain CNF for the ILP
    /// formats, which write none).
    pub fn dialect(self) -> crate::dimacs::Dialect {
        use crate::dimacs::Dialect;
        match self {
            FileFormat::Mcc => Dialect::Mcc,
            FileFormat::Icnf => Dialect::Icnf,
            _ => Dialect::Cnf,
        }
    }

    /// Every format, in the order they are listed to users.
    pub const ALL: [FileFormat; 6] = [
        FileFormat::Dimacs,
        FileFormat::Mcc,
        FileFormat::Icnf,
        FileFormat::Lp,
        FileFormat::Mps,
        FileFormat::Opb,
    ];

    /// Whether the format holds an integer linear program (rather than CNF).
    pub fn is_ilp(self) -> bool {
        self.ilp().is_some()
    }

    /// The ILP writer's format; `None` for the CNF formats.
    pub fn ilp(self) -> Option<IlpFormat> {
        match self {
            FileFormat::Lp => Some(IlpFormat::Lp),
            FileFormat::Mps => Some(IlpFormat::Mps),
            FileFormat::Opb => Some(IlpFormat::Opb),
            FileFormat::Dimacs | FileFormat::Mcc | FileFormat::Icnf => None,
        }
    }

    /// Its short name (`dimacs`, `mcc`, `icnf`, `lp`, `mps`, `opb`).
    pub fn name(self) -> &'static str {
        match self {
            FileFormat::Dimacs => "dimacs",
            FileFormat::Mcc => "mcc",
            FileFormat::Icnf => "icnf",
            FileFormat::Lp => "lp",
            FileFormat::Mps => "mps",
            FileFormat::Opb => "opb",
        }
    }

    /// What it is and who reads it, in a line for a user choosing one.
    pub fn about(self) -> &'static str {
        match self {
            FileFormat::Dimacs => "DIMACS CNF with a `c p show` projection line",
            FileFormat::Mcc => {
                "Model Counting Competition projected format: `c t pmc`, `p cnf`, `c p show ... 0`"
            }
            FileFormat::Icnf => {
                "Incremental CNF for cube-and-conquer solvers: `p inccnf`, clauses, `a ... 0` cubes"
            }
            FileFormat::Lp => "CPLEX LP (0-1 ILP; GLPK, CBC, HiGHS, CPLEX, Gurobi read it)",
            FileFormat::Mps => "Free MPS (0-1 ILP with integer markers)",
            FileFormat::Opb => {
                "OPB pseudo-Boolean (Sat4j, RoundingSat, clasp); integers written in binary"
            }
        }
    }
}

impl std::fmt::Display for FileFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for FileFormat {
    type Err = model_core::named::UnknownName;

    /// A format by its [`FileFormat::name`].
    ///
    /// ```
    /// use model_formats::shape::bytes::FileFormat;
    /// assert_eq!("mps".parse(), Ok(FileFormat::Mps));
    /// assert_eq!("xml".parse::<FileFormat>().unwrap_err().expected.len(), 6);
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let all = &FileFormat::ALL;
        model_core::named::from_name(all, FileFormat::name, "file format", s)
    }
}

/// Peak size of a vector grown by doubling, in elements per element kept: the old buffer
/// and the new one, twice as large, live together while it moves.
pub const GROWTH: f64 = 3.0;

/// A heap block for `bytes` as glibc's malloc hands it out (16-byte steps, 32 at least).
pub fn heap_block(bytes: f64) -> f64 {
    ((bytes + 8.0) / 16.0).ceil().max(2.0) * 16.0
}

/// Bytes of the ILP file of `shape` in `format` (a CNF format is sized as OPB): per term a
/// name and a coefficient (LP writes ` + name`, MPS a line with the name, the row's and the
/// coefficient, OPB `+1 xK ` with numbered variables); per row its end (`>= 1 ;`), per
/// variable its declaration.
pub fn ilp_file_bytes(shape: &ModelShape, format: FileFormat) -> f64 {
    let name = shape.last_name.len() as f64;
    let per_term = match format {
        FileFormat::Lp => name + 6.0,
        FileFormat::Mps => name + 16.0,
        _ => {
            ((shape.vars + shape.ints * 64).max(1) as f64)
                .log10()
                .ceil()
                + 6.0
        }
    };
    let rows = (shape.constraints() + shape.ints) as f64;
    let vars = (shape.vars + shape.ints) as f64;
    shape.ilp_terms() as f64 * per_term + rows * 10.0 + vars * (name + 8.0)
}

/// What a DIMACS file holds besides the clauses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DimacsExtras {
    /// The projection is written twice (`c p show` and `c ind` lines).
    pub ind_lines: bool,
    /// Cube lines (`a ... 0`).
    pub cubes: u64,
    /// Literals in each cube.
    pub cube_lits: u64,
}

/// Bytes of the DIMACS file of `shape` lowered as `cnf` says, with `extras`: digits per
/// literal (with its sign and space), per clause its `0\n`, the projection line(s) and the
/// cube lines.
pub fn dimacs_file_bytes(shape: &ModelShape, cnf: &CnfInfo, extras: DimacsExtras) -> f64 {
    let vars = cnf.vars().max(1) as f64;
    let digits = vars.log10().ceil() + 1.5;
    let projection = shape.vars as f64 * digits * if extras.ind_lines { 2.0 } else { 1.0 };
    let cube_lines = extras.cubes as f64 * (4.0 + extras.cube_lits as f64 * digits);
    cnf.literals as f64 * digits + cnf.clauses as f64 * 2.0 + projection + cube_lines
}

/// Peak bytes of memory to build the model of `shape` and, while it lives, what the writer
/// of `format` builds from it: an upper bound.
pub fn memory_bytes(shape: &ModelShape, format: FileFormat) -> f64 {
    let vars = shape.vars as f64;
    let name_block = 24.0 + heap_block(shape.last_name.len() as f64);
    let per_var = GROWTH * 16.0
        + 12.0
        + if shape.named_vars {
            heap_block(16.0)
        } else {
            0.0
        };
    let constraints: f64 = shape
        .families
        .iter()
        .map(|f| {
            f.count as f64
                * (GROWTH * size_of::<Constraint>() as f64 + heap_block(4.0 * f.len as f64))
        })
        .sum();
    let ints = shape.ints as f64
        * (GROWTH * size_of::<IntDef>() as f64 + heap_block(16.0 * shape.int_terms as f64) + 32.0);
    let model = vars * per_var + constraints + ints;
    let rows = shape.constraints() as f64 + shape.ints as f64;
    let terms = shape.ilp_terms() as f64;
    let all_vars = vars + shape.ints as f64;
    let built = if format.is_ilp() {
        // Names twice (as read and made legal), a set to check them, the variables, and the
        // rows with their terms; MPS turns the rows into columns too.
        let ilp = all_vars * (2.0 * name_block + 40.0 + 48.0)
            + rows * (GROWTH * 48.0 + 16.0)
            + 16.0 * terms;
        let columns = match format {
            FileFormat::Mps => all_vars * 48.0 + GROWTH * 16.0 * terms,
            _ => all_vars * 24.0,
        };
        ilp + columns
    } else {
        vars * 4.0
    };
    model + built
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::FamilyKind;

    #[test]
    fn each_cnf_format_has_its_dialect_and_ilp_ones_plain_cnf() {
        use crate::dimacs::Dialect;
        let dialects = FileFormat::ALL.map(FileFormat::dialect);
        let cnf = [Dialect::Cnf, Dialect::Mcc, Dialect::Icnf];
        assert_eq!(dialects[..3], cnf);
        assert!(dialects[3..].iter().all(|d| *d == Dialect::Cnf));
    }

    #[test]
    fn every_format_reads_back_by_name_and_only_ilp_ones_have_a_writer() {
        for f in FileFormat::ALL {
            assert_eq!(f.name().parse::<FileFormat>(), Ok(f));
            assert_eq!(f.is_ilp(), f.ilp().map(IlpFormat::name) == Some(f.name()));
            assert!(!f.about().is_empty());
            if let Some(ilp) = f.ilp() {
                assert_eq!(FileFormat::from(ilp), f);
            }
        }
        let ilp = FileFormat::ALL.iter().filter(|f| f.is_ilp()).count();
        assert_eq!(ilp, IlpFormat::ALL.len());
        assert!("cnf".parse::<FileFormat>().is_err());
    }

    #[test]
    fn heap_blocks_round_up_as_malloc_does() {
        assert_eq!(heap_block(0.0), 32.0);
        assert_eq!(heap_block(24.0), 32.0);
        assert_eq!(heap_block(25.0), 48.0);
    }

    #[test]
    fn a_dimacs_file_is_sized_by_its_literals_clauses_and_lines() {
        let mut shape = ModelShape {
            vars: 9,
            ..ModelShape::default()
        };
        shape.push(FamilyKind::Clause, 2, 10);
        let cnf = CnfInfo {
            model_vars: 9,
            aux_vars: 0,
            clauses: 10,
            literals: 20,
        };
        // One digit and 1.5 for the sign and the space per literal, 2 per clause end, and
        // the projection's 9 literals.
        let plain = dimacs_file_bytes(&shape, &cnf, DimacsExtras::default());
        assert_eq!(plain, 20.0 * 2.5 + 20.0 + 9.0 * 2.5);
        let extras = DimacsExtras {
            ind_lines: true,
            cubes: 3,
            cube_lits: 2,
        };
        let more = dimacs_file_bytes(&shape, &cnf, extras);
        assert_eq!(more - plain, 9.0 * 2.5 + 3.0 * (4.0 + 2.0 * 2.5));
    }
}
