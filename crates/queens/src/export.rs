//! A board's model written to a file for external solvers, as one request ([`Export`]):
//! options that do not fit the format refused ([`Export::check_options`]), everything it
//! would build sized against this machine's limits before anything large is allocated
//! ([`Export::check_size`]), then the model built, lowered (with lex-leader constraints for
//! its symmetries when asked) and written ([`Export::prepare`], [`Prepared::write`]).

use crate::sizes::{CubesError, Encoding, EncodingSize, Limits, SizeError, MAX_CUBES};
use crate::{file_comments, ilp_title, row_cubes, Formulation, FormulationKind, Rules, Spelling};
use cnf_symmetry::{BreakError, Broken};
use std::io::Write;
use zero_one_model::dimacs::{write_model_with, DimacsHeader, WriteModelError};
use zero_one_model::ilp::{lower_to_ilp, IlpFormat, IlpModel};
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::{CnfOptions, LowerError};

/// Rows each cube of an incremental CNF file places unless told otherwise.
pub const DEFAULT_ICNF_DEPTH: usize = 2;

/// A board's model to write.
#[derive(Clone, Debug)]
pub struct Export {
    /// The board size.
    pub n: usize,
    /// The formulation.
    pub kind: FormulationKind,
    /// The file format.
    pub format: FileFormat,
    /// The CNF lowering's encodings.
    pub options: CnfOptions,
    /// The at-most-one encoding was chosen (an ILP file has no use for one).
    pub amo_chosen: bool,
    /// Rows each cube places ([`FileFormat::Icnf`] only); `None`: [`DEFAULT_ICNF_DEPTH`].
    pub cube_depth: Option<usize>,
    /// The projection written twice (`c p show` and `c ind` lines).
    pub ind_lines: bool,
    /// Lex-leader constraints for the lowered formula's symmetries added (DIMACS and MCC).
    pub break_symmetry: bool,
    /// No limit on the file's size (memory is still limited).
    pub force: bool,
}

/// Why an [`Export`] is refused before it is built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExportRefusal {
    /// An option the format has no use for.
    #[error("{}", self.said(&Spelling::default()))]
    Misfit {
        /// What was chosen.
        option: ExportOption,
        /// The format.
        format: FileFormat,
    },
    /// Over a limit of this machine ([`Encoding::check`]).
    #[error("{}", self.said(&Spelling::default()))]
    Size(SizeError),
    /// The lowering failed.
    #[error(transparent)]
    Lower(#[from] LowerError),
    /// The symmetries could not be broken (a formula too large to search, say).
    #[error("{}", self.said(&Spelling::default()))]
    Break(BreakError),
}

/// An option of an [`Export`] that a format may have no use for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExportOption {
    /// [`Export::amo_chosen`].
    Amo,
    /// [`Export::ind_lines`].
    Ind,
    /// [`Export::break_symmetry`].
    BreakSymmetry,
    /// [`Export::cube_depth`].
    CubeDepth,
}

/// The name of `format` as a caller gives it ([`FileFormat::name`]).
pub fn format_name(format: FileFormat) -> &'static str {
    format.name()
}

impl ExportRefusal {
    /// What is refused, in `names`' terms, and what to do instead.
    pub fn said(&self, names: &Spelling<'_>) -> String {
        let f = names.format;
        match self {
            ExportRefusal::Misfit { option, format } => match option {
                ExportOption::Amo => format!(
                    "{} does nothing with {f} {}: an ILP file keeps at-most-one rows as they are (it is for CNF formats)",
                    names.amo,
                    format_name(*format)
                ),
                ExportOption::Ind => format!(
                    "{} goes with {f} dimacs or mcc (an ILP file has no projection line)",
                    names.ind
                ),
                ExportOption::BreakSymmetry => {
                    format!("{} applies to {f} dimacs or mcc", names.break_symmetry)
                }
                ExportOption::CubeDepth => format!(
                    "{} applies to {f} icnf only (the other formats have no cubes)",
                    names.cube_depth
                ),
            },
            ExportRefusal::Size(e) => match e {
                SizeError::Cubes(CubesError::DepthPastBoard { depth, n }) => format!(
                    "{} {depth} is more than the {n} rows of the board",
                    names.cube_depth
                ),
                SizeError::Cubes(CubesError::TooMany { depth, n }) => format!(
                    "{} {depth} for n = {n} makes more than {MAX_CUBES} cubes (the limit); choose a smaller depth",
                    names.cube_depth
                ),
                e @ SizeError::File { .. } => {
                    format!("{e}; pass {} to write it anyway", names.force)
                }
                e => e.to_string(),
            },
            ExportRefusal::Break(e @ BreakError::TooLarge { .. }) => {
                format!("{}: {e}", names.break_symmetry)
            }
            ExportRefusal::Break(e) => e.to_string(),
            ExportRefusal::Lower(e) => e.to_string(),
        }
    }
}

/// A model built and lowered, ready to write ([`Export::prepare`]).
pub struct Prepared {
    formulation: Box<dyn Formulation>,
    file: File,
}

enum File {
    Ilp(IlpModel, IlpFormat),
    Cnf {
        header: DimacsHeader,
        options: CnfOptions,
        cubes: Vec<Vec<zero_one_model::Lit>>,
        broken: Option<Box<(Broken, usize)>>,
    },
}

impl Export {
    /// The n x n board's model in `format`: the board formulation, the default lowering, no
    /// cubes, `c ind` lines or lex-leader constraints, the size limit kept.
    ///
    /// ```
    /// use nqueens_queens::{Export, Rules};
    /// use zero_one_model::shape::bytes::FileFormat;
    /// let export = Export::new(4, FileFormat::Opb);
    /// assert!(export.check_options().is_ok());
    /// let mut file = Vec::new();
    /// export.prepare(&Rules::classic())?.write(&mut file)?;
    /// assert!(String::from_utf8(file)?.contains("#variable= 16"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(n: usize, format: FileFormat) -> Export {
        Export {
            n,
            kind: FormulationKind::Board,
            format,
            options: CnfOptions::default(),
            amo_chosen: false,
            cube_depth: None,
            ind_lines: false,
            break_symmetry: false,
            force: false,
        }
    }

    /// The cube depth of an incremental CNF file.
    pub fn icnf_depth(&self) -> usize {
        self.cube_depth.unwrap_or(DEFAULT_ICNF_DEPTH)
    }

    /// Refuses an option the format has no use for: an at-most-one encoding or `c ind`
    /// lines with an ILP format, lex-leader constraints but with DIMACS or MCC, a cube depth
    /// but with incremental CNF.
    ///
    /// # Errors
    /// [`ExportRefusal::Misfit`] naming the first.
    pub fn check_options(&self) -> Result<(), ExportRefusal> {
        let ilp = self.format.is_ilp();
        let cnf = matches!(self.format, FileFormat::Dimacs | FileFormat::Mcc);
        let misfits = [
            (ilp && self.amo_chosen, ExportOption::Amo),
            (ilp && self.ind_lines, ExportOption::Ind),
            (self.break_symmetry && !cnf, ExportOption::BreakSymmetry),
            (
                self.format != FileFormat::Icnf && self.cube_depth.is_some(),
                ExportOption::CubeDepth,
            ),
        ];
        match misfits.into_iter().find(|(misfit, _)| *misfit) {
            Some((_, option)) => Err(ExportRefusal::Misfit {
                option,
                format: self.format,
            }),
            None => Ok(()),
        }
    }

    /// Sizes what the export would build for the board under `rules` and refuses it over
    /// this machine's limits ([`Limits::of_this_machine`], the file's lifted by
    /// [`Export::force`]).
    ///
    /// # Errors
    /// [`ExportRefusal::Size`] with the estimate and the limit.
    pub fn check_size(&self, rules: &Rules) -> Result<EncodingSize, ExportRefusal> {
        let encoding = Encoding {
            n: self.n,
            kind: self.kind,
            rules,
            format: self.format,
            options: self.options,
            cube_depth: self.icnf_depth(),
            ind_lines: self.ind_lines,
        };
        let mut limits = Limits::of_this_machine();
        if self.force {
            limits.file_bytes = None;
        }
        encoding.check(&limits).map_err(ExportRefusal::Size)
    }

    /// Builds the model under `rules` and lowers it (with its cubes, or its symmetries
    /// broken), ready to write; nothing is written yet.
    ///
    /// # Errors
    /// [`ExportRefusal::Lower`] or [`ExportRefusal::Break`].
    pub fn prepare(&self, rules: &Rules) -> Result<Prepared, ExportRefusal> {
        let formulation = self.kind.build_with(self.n, rules);
        let model = formulation.model();
        let ilp = match self.format {
            FileFormat::Lp => Some(IlpFormat::Lp),
            FileFormat::Mps => Some(IlpFormat::Mps),
            FileFormat::Opb => Some(IlpFormat::Opb),
            _ => None,
        };
        if let Some(format) = ilp {
            // Every row is linear as it stands: AMO and cardinality encodings do not apply.
            let file = File::Ilp(lower_to_ilp(model), format);
            return Ok(Prepared { formulation, file });
        }
        let info = zero_one_model::cnf_size(model, &self.options)?;
        let mut comments = file_comments(self.n, formulation.as_ref(), &self.options, &info);
        // Cubes partition the solutions: the extension algorithm's placements of the first rows.
        let cubes = match self.format {
            FileFormat::Icnf => row_cubes(formulation.as_ref(), self.icnf_depth()),
            _ => Vec::new(),
        };
        let (options, broken) = match self.break_symmetry {
            true => {
                let broken = cnf_symmetry::break_for_export(model, &self.options)
                    .map_err(ExportRefusal::Break)?;
                comments.extend(broken.describe());
                let clauses = usize::try_from(info.clauses).unwrap_or(usize::MAX);
                (CnfOptions::default(), Some(Box::new((broken, clauses))))
            }
            false => (self.options, None),
        };
        let header = DimacsHeader {
            dialect: self.format.dialect(),
            ind_lines: self.ind_lines,
            comments,
            ..DimacsHeader::default()
        };
        let file = File::Cnf {
            header,
            options,
            cubes,
            broken,
        };
        Ok(Prepared { formulation, file })
    }
}

impl Prepared {
    /// Writes the file to `out`.
    ///
    /// # Errors
    /// A write error (or a lowering error, before anything is written).
    pub fn write(&self, out: &mut dyn Write) -> Result<(), WriteModelError> {
        match &self.file {
            File::Ilp(ilp, format) => {
                let f = self.formulation.as_ref();
                let name = format!("nqueens{}", f.n());
                format.write(ilp, &name, &ilp_title(f), out)?;
            }
            File::Cnf {
                header,
                options,
                cubes,
                broken,
            } => {
                let model = broken
                    .as_ref()
                    .map_or(self.formulation.model(), |b| &b.0.model);
                write_model_with(model, options, header.clone(), cubes, out)?;
            }
        }
        Ok(())
    }

    /// With lex-leader constraints, one line saying what was broken.
    pub fn summary(&self) -> Option<String> {
        match &self.file {
            File::Cnf {
                broken: Some(b), ..
            } => Some(b.0.summary(b.1)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn export(format: FileFormat) -> Export {
        Export::new(6, format)
    }

    #[test]
    fn options_a_format_has_no_use_for_are_refused_in_the_callers_terms() {
        let e = Export {
            amo_chosen: true,
            ..export(FileFormat::Lp)
        };
        let names = Spelling {
            amo: "--amo",
            format: "--format",
            ..Spelling::default()
        };
        let said = e.check_options().unwrap_err().said(&names);
        assert!(
            said.starts_with("--amo does nothing with --format lp:"),
            "{said}"
        );
        let e = Export {
            cube_depth: Some(3),
            ..export(FileFormat::Dimacs)
        };
        assert!(matches!(
            e.check_options(),
            Err(ExportRefusal::Misfit {
                option: ExportOption::CubeDepth,
                ..
            })
        ));
        assert!(export(FileFormat::Icnf).check_options().is_ok());
    }

    #[test]
    fn a_cube_depth_past_the_board_is_refused_before_anything_is_built() {
        let e = Export {
            cube_depth: Some(7),
            ..export(FileFormat::Icnf)
        };
        let said = e.check_size(&Rules::classic()).unwrap_err().to_string();
        assert_eq!(said, "cube_depth 7 is more than the 6 rows of the board");
    }

    #[test]
    fn a_written_dimacs_file_has_the_boards_clauses_and_a_broken_one_says_its_group() {
        let mut out = Vec::new();
        let p = export(FileFormat::Dimacs)
            .prepare(&Rules::classic())
            .unwrap();
        p.write(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().any(|l| l.starts_with("p cnf 36 ")), "{text}");
        assert_eq!(p.summary(), None);
        let broken = Export {
            break_symmetry: true,
            ..export(FileFormat::Dimacs)
        };
        let p = broken.prepare(&Rules::classic()).unwrap();
        assert!(p.summary().unwrap().starts_with("group of order "));
    }

    #[test]
    fn an_lp_file_is_written_with_the_boards_title() {
        let mut out = Vec::new();
        let p = export(FileFormat::Lp).prepare(&Rules::classic()).unwrap();
        p.write(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("N-Queens, n = 6"), "{text}");
    }
}
