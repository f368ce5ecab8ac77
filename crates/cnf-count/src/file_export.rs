//! A model read from a file (an OPB file, say) written for other solvers as one request, as
//! `nqueens encode opb` writes it ([`FileExport`]): a format or options that do not fit
//! refused before the file is read ([`FileExport::check_options`]); the model lowered in a
//! dry run, so that a constraint too large for its encoding is refused before anything is
//! written, with lex-leader constraints for its symmetries when asked, or lowered to a 0-1
//! ILP whose numbers its readers take exactly ([`FileExport::prepare`]); then written
//! ([`PreparedExport::write`]). Refusals and warnings are said in the caller's terms
//! ([`ExportSpelling`]).

use cnf_symmetry::{BreakError, Broken};
use std::io::{self, Write};
use thiserror::Error;
use zero_one_model::dimacs::{write_model_with, DimacsHeader, WriteModelError};
use zero_one_model::ilp::{lower_to_ilp, IlpFormat, IlpModel, InexactNumber};
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::{one_line, opb, Blame, Fault};
use zero_one_model::{AmoEncoding, CardEncoding, CnfOptions, LowerError, Model, PbEncoding};

/// A model read from a file, to write in [`FileExport::format`]: CNF (DIMACS, MCC) with the
/// encodings chosen, or LP, MPS or OPB with its objective and every row as it is.
#[derive(Clone, Debug)]
pub struct FileExport {
    /// The file format; not incremental CNF (its cubes are a board's first rows).
    pub format: FileFormat,
    /// The at-most-one encoding chosen (CNF only); `None`: the default.
    pub amo: Option<AmoEncoding>,
    /// The cardinality encoding chosen (CNF only); `None`: the default.
    pub card: Option<CardEncoding>,
    /// The pseudo-Boolean encoding chosen (CNF only); `None`: the default.
    pub pb: Option<PbEncoding>,
    /// The projection written twice, as `c p show` and `c ind` lines (CNF only).
    pub ind_lines: bool,
    /// Lex-leader constraints added for the lowered formula's symmetries (CNF only).
    pub break_symmetry: bool,
    /// The comment heading an ILP file; `None`: [`opb::encoded_title`]'s, naming the file.
    pub title: Option<String>,
}

/// An option of a [`FileExport`] an ILP format has no use for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileExportOption {
    /// [`FileExport::amo`].
    Amo,
    /// [`FileExport::card`].
    Card,
    /// [`FileExport::pb`].
    Pb,
    /// [`FileExport::ind_lines`].
    Ind,
    /// [`FileExport::break_symmetry`].
    BreakSymmetry,
}

/// How a caller spells the options of a [`FileExport`] that refusals and warnings name.
/// [`ExportSpelling::default`] uses the fields' own names.
#[derive(Clone, Debug)]
pub struct ExportSpelling<'a> {
    /// What writes a file's model (`encode opb`).
    pub command: &'a str,
    /// [`FileExport::format`]; its values follow it (`format lp`).
    pub format: &'a str,
    /// [`FileExport::amo`].
    pub amo: &'a str,
    /// [`FileExport::card`].
    pub card: &'a str,
    /// [`FileExport::pb`].
    pub pb: &'a str,
    /// [`FileExport::ind_lines`].
    pub ind: &'a str,
    /// [`FileExport::break_symmetry`].
    pub break_symmetry: &'a str,
}

impl Default for ExportSpelling<'_> {
    fn default() -> Self {
        ExportSpelling {
            command: "a file's model",
            format: "format",
            amo: "amo",
            card: "card",
            pb: "pb",
            ind: "ind_lines",
            break_symmetry: "break_symmetry",
        }
    }
}

impl ExportSpelling<'_> {
    /// How the caller spells `option`.
    pub fn option(&self, option: FileExportOption) -> &str {
        match option {
            FileExportOption::Amo => self.amo,
            FileExportOption::Card => self.card,
            FileExportOption::Pb => self.pb,
            FileExportOption::Ind => self.ind,
            FileExportOption::BreakSymmetry => self.break_symmetry,
        }
    }
}

/// Why a [`FileExport`] wrote nothing. Each is the input's ([`Blame`]) but a failed symmetry
/// search.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum FileExportError {
    /// Incremental CNF was asked for: its cubes are a board's first rows.
    #[error("{}", self.said(&ExportSpelling::default()))]
    Cubes,
    /// An option an ILP format has no use for.
    #[error("{}", self.said(&ExportSpelling::default()))]
    Misfit {
        /// The first one chosen.
        option: FileExportOption,
        /// The format.
        format: FileFormat,
    },
    /// The model does not lower to CNF with the encodings chosen.
    #[error("'{name}'")]
    Lower {
        /// The file.
        name: String,
        /// Why.
        #[source]
        error: LowerError,
    },
    /// A number of the model that LP or MPS readers would take inexactly.
    #[error("{}", self.said(&ExportSpelling::default()))]
    Inexact {
        /// The file.
        name: String,
        /// The number.
        number: InexactNumber,
    },
    /// The symmetries could not be broken (a formula too large to search, say).
    #[error("{}", self.said(&ExportSpelling::default()))]
    Break(BreakError),
}

impl Blame for FileExportError {
    fn fault(&self) -> Fault {
        match self {
            FileExportError::Break(BreakError::Break(_)) => Fault::Failure,
            _ => Fault::Input,
        }
    }
}

impl FileExportError {
    /// What is refused, in `names`' terms, and what to do instead, on one line.
    ///
    /// ```
    /// use cnf_count::{ExportSpelling, FileExport, FileExportError};
    /// use zero_one_model::shape::bytes::FileFormat;
    /// let names = ExportSpelling { format: "--format", command: "encode opb", ..Default::default() };
    /// let e = FileExport::new(FileFormat::Icnf).check_options().unwrap_err();
    /// assert!(e.said(&names).starts_with("--format icnf does not apply to encode opb"));
    /// ```
    pub fn said(&self, names: &ExportSpelling<'_>) -> String {
        let f = names.format;
        match self {
            FileExportError::Cubes => format!(
                "{f} icnf does not apply to {} (its cubes are a board's first rows)",
                names.command
            ),
            FileExportError::Misfit { option, format } => format!(
                "{} does nothing with {f} {}: an ILP file keeps every row as it is (it is for {f} dimacs or mcc)",
                names.option(*option),
                format.name()
            ),
            FileExportError::Lower { name, error } => format!("'{name}': {}", one_line(error)),
            FileExportError::Inexact { name, number } => {
                format!("'{name}': {number}; {f} opb keeps every integer exact")
            }
            FileExportError::Break(e @ BreakError::TooLarge { .. }) => {
                format!("{}: {e}", names.break_symmetry)
            }
            FileExportError::Break(e) => one_line(e),
        }
    }
}

/// Why [`PreparedExport::write`] failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ExportWriteError {
    /// The CNF could not be written.
    #[error(transparent)]
    Cnf(#[from] WriteModelError),
    /// The ILP file could not be written (the I/O error is the source too, so that a caller
    /// can spot a broken pipe).
    #[error("{0}")]
    Ilp(#[source] io::Error),
}

/// A [`FileExport`] of a model, lowered and ready to write ([`FileExport::prepare`]).
pub struct PreparedExport<'m> {
    name: String,
    file: File<'m>,
    summary: Option<String>,
}

enum File<'m> {
    Ilp {
        ilp: IlpModel,
        format: IlpFormat,
        title: String,
    },
    Cnf {
        model: &'m Model,
        header: DimacsHeader,
        options: CnfOptions,
        broken: Option<Box<Broken>>,
    },
}

impl FileExport {
    /// The model in `format`: the default encodings, no `c ind` lines, no lex-leader
    /// constraints, the title naming the file.
    ///
    /// ```
    /// use cnf_count::FileExport;
    /// use zero_one_model::{opb::read_opb, shape::bytes::FileFormat};
    /// let model = read_opb("* #variable= 2 #constraint= 1\nmin: +1 x1 ;\n+1 x1 +1 x2 >= 1 ;\n".as_bytes())?.model;
    /// let prepared = FileExport::new(FileFormat::Lp).prepare("f.opb", &model)?;
    /// let mut file = Vec::new();
    /// prepared.write(&mut file)?;
    /// assert!(String::from_utf8(file)?.contains("encoded from f.opb"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(format: FileFormat) -> FileExport {
        FileExport {
            format,
            amo: None,
            card: None,
            pb: None,
            ind_lines: false,
            break_symmetry: false,
            title: None,
        }
    }

    /// The CNF lowering's encodings: those chosen, the defaults for the rest.
    pub fn options(&self) -> CnfOptions {
        CnfOptions {
            amo: self.amo.unwrap_or_default(),
            card: self.card.unwrap_or_default(),
            pb: self.pb.unwrap_or_default(),
        }
    }

    /// Refuses, before the file is read, incremental CNF and, with an ILP format, any
    /// option of the CNF lowering.
    ///
    /// # Errors
    /// [`FileExportError::Cubes`], or [`FileExportError::Misfit`] naming the first option.
    pub fn check_options(&self) -> Result<(), FileExportError> {
        if self.format == FileFormat::Icnf {
            return Err(FileExportError::Cubes);
        }
        if !self.format.is_ilp() {
            return Ok(());
        }
        let chosen = [
            (self.amo.is_some(), FileExportOption::Amo),
            (self.card.is_some(), FileExportOption::Card),
            (self.pb.is_some(), FileExportOption::Pb),
            (self.ind_lines, FileExportOption::Ind),
            (self.break_symmetry, FileExportOption::BreakSymmetry),
        ];
        match chosen.into_iter().find(|(given, _)| *given) {
            Some((_, option)) => Err(FileExportError::Misfit {
                option,
                format: self.format,
            }),
            None => Ok(()),
        }
    }

    /// `model`, read from the file `name`, lowered for the format and checked
    /// ([`FileExport::check_options`] first); nothing is written yet.
    ///
    /// # Errors
    /// As [`FileExport::check_options`]; [`FileExportError::Lower`],
    /// [`FileExportError::Inexact`] (LP and MPS) or [`FileExportError::Break`].
    pub fn prepare<'m>(
        &self,
        name: &str,
        model: &'m Model,
    ) -> Result<PreparedExport<'m>, FileExportError> {
        self.check_options()?;
        let prepared = |file, summary| PreparedExport {
            name: name.to_string(),
            file,
            summary,
        };
        if let Some(format) = self.format.ilp() {
            let ilp = lower_to_ilp(model);
            format.check_exact(&ilp).map_err(|number| {
                let name = name.to_string();
                FileExportError::Inexact { name, number }
            })?;
            let title =
                (self.title.clone()).unwrap_or_else(|| opb::encoded_title(name, model, true));
            return Ok(prepared(File::Ilp { ilp, format, title }, None));
        }
        let options = self.options();
        let info = zero_one_model::cnf_size(model, &options).map_err(|error| {
            let name = name.to_string();
            FileExportError::Lower { name, error }
        })?;
        let mut comments = opb::cnf_comments(name, model, &options, &info);
        let (broken, summary) = match self.break_symmetry {
            true => {
                let broken = cnf_symmetry::break_for_export(model, &options)
                    .map_err(FileExportError::Break)?;
                comments.extend(broken.describe());
                let clauses = usize::try_from(info.clauses).unwrap_or(usize::MAX);
                let summary = broken.summary(clauses);
                (Some(Box::new(broken)), Some(summary))
            }
            false => (None, None),
        };
        let header = DimacsHeader {
            dialect: self.format.dialect(),
            ind_lines: self.ind_lines,
            comments,
            ..DimacsHeader::default()
        };
        let file = File::Cnf {
            model,
            header,
            options,
            broken,
        };
        Ok(prepared(file, summary))
    }
}

impl PreparedExport<'_> {
    /// Writes the file to `out`.
    ///
    /// # Errors
    /// [`ExportWriteError`]: writing to `out` failed.
    pub fn write(&self, out: &mut dyn Write) -> Result<(), ExportWriteError> {
        match &self.file {
            File::Ilp { ilp, format, title } => format
                .write(ilp, "opb", title, out)
                .map_err(ExportWriteError::Ilp),
            File::Cnf {
                model,
                header,
                options,
                broken,
            } => {
                let plain = CnfOptions::default();
                let (model, options) = match broken {
                    Some(b) => (&b.model, &plain),
                    None => (*model, options),
                };
                write_model_with(model, options, header.clone(), &[], out)?;
                Ok(())
            }
        }
    }

    /// For a CNF of a model with an objective, a warning that the file leaves it out, in
    /// `names`' terms.
    pub fn warning(&self, names: &ExportSpelling<'_>) -> Option<String> {
        match &self.file {
            File::Cnf { model, .. } if model.objective().is_some() => Some(format!(
                "'{}' has an objective, which CNF cannot hold: written without it ({} lp, mps or opb keep it)",
                self.name, names.format
            )),
            _ => None,
        }
    }

    /// With lex-leader constraints, one line saying what was broken.
    pub fn summary(&self) -> Option<&str> {
        self.summary.as_deref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNAPSACK: &str =
        "* #variable= 3 #constraint= 1\nmin: -2 x1 -3 x2 ;\n+3 x1 +4 x2 +5 x3 <= 7 ;\n";

    fn model() -> Model {
        opb::read_opb(KNAPSACK.as_bytes()).unwrap().model
    }

    fn written(prepared: &PreparedExport<'_>) -> String {
        let mut file = Vec::new();
        prepared.write(&mut file).unwrap();
        String::from_utf8(file).unwrap()
    }

    fn flags() -> ExportSpelling<'static> {
        let (command, format, pb) = ("encode opb", "--format", "--pb");
        ExportSpelling {
            command,
            format,
            pb,
            ..ExportSpelling::default()
        }
    }

    #[test]
    fn options_an_ilp_file_has_no_use_for_are_refused_in_the_callers_terms() {
        let e = FileExport {
            pb: Some(PbEncoding::default()),
            ind_lines: true,
            ..FileExport::new(FileFormat::Opb)
        };
        let said = e.check_options().unwrap_err().said(&flags());
        assert_eq!(
            said,
            "--pb does nothing with --format opb: an ILP file keeps every row as it is (it is for --format dimacs or mcc)"
        );
        let m = model();
        let e = FileExport::new(FileFormat::Icnf).prepare("f.opb", &m);
        assert!(matches!(e, Err(FileExportError::Cubes)));
        let cnf = FileExport {
            ind_lines: true,
            ..FileExport::new(FileFormat::Mcc)
        };
        assert!(cnf.check_options().is_ok());
    }

    #[test]
    fn a_cnf_says_its_encodings_and_warns_that_the_objective_is_left_out() {
        let m = model();
        let prepared = FileExport::new(FileFormat::Dimacs)
            .prepare("k.opb", &m)
            .unwrap();
        let text = written(&prepared);
        assert!(
            text.contains("c nqueens: encoded from k.opb: 3 variables"),
            "{text}"
        );
        assert!(text.lines().any(|l| l.starts_with("p cnf ")), "{text}");
        let warning = prepared.warning(&flags()).unwrap();
        assert!(
            warning.ends_with("(--format lp, mps or opb keep it)"),
            "{warning}"
        );
        assert_eq!(prepared.summary(), None);
        let mcc = FileExport::new(FileFormat::Mcc)
            .prepare("k.opb", &m)
            .unwrap();
        assert!(written(&mcc).contains("c t pmc"), "{}", written(&mcc));
    }

    #[test]
    fn an_ilp_file_keeps_the_objective_under_the_title_given() {
        let m = model();
        let e = FileExport {
            title: Some("from a test".into()),
            ..FileExport::new(FileFormat::Lp)
        };
        let prepared = e.prepare("k.opb", &m).unwrap();
        let text = written(&prepared);
        assert!(text.contains("from a test"), "{text}");
        assert!(text.to_lowercase().contains("minimize"), "{text}");
        assert_eq!(prepared.warning(&flags()), None);
    }

    #[test]
    fn numbers_past_2_to_the_53_are_refused_for_lp_but_written_to_opb() {
        let text = "* #variable= 2 #constraint= 1\n+9007199254740993 x1 +1 x2 >= 1 ;\n";
        let m = opb::read_opb(text.as_bytes()).unwrap().model;
        let e = FileExport::new(FileFormat::Mps)
            .prepare("q.opb", &m)
            .err()
            .unwrap();
        let said = e.said(&flags());
        assert!(said.starts_with("'q.opb': a number of magnitude"), "{said}");
        assert!(
            said.ends_with("; --format opb keeps every integer exact"),
            "{said}"
        );
        assert_eq!(e.fault(), Fault::Input);
        let opb = FileExport::new(FileFormat::Opb)
            .prepare("q.opb", &m)
            .unwrap();
        assert!(written(&opb).contains("+9007199254740993 x1"));
    }

    #[test]
    fn a_broken_symmetry_adds_constraints_and_says_its_group() {
        // x1 + x2 >= 1: swapping x1 and x2 is a symmetry.
        let m = opb::read_opb("* #variable= 2 #constraint= 1\n+1 x1 +1 x2 >= 1 ;\n".as_bytes())
            .unwrap()
            .model;
        let plain = FileExport::new(FileFormat::Dimacs)
            .prepare("s.opb", &m)
            .unwrap();
        let e = FileExport {
            break_symmetry: true,
            ..FileExport::new(FileFormat::Dimacs)
        };
        let broken = e.prepare("s.opb", &m).unwrap();
        let summary = broken.summary().unwrap();
        assert!(
            summary.starts_with("group of order 2 broken with"),
            "{summary}"
        );
        let clauses = |t: &str| t.lines().filter(|l| !l.starts_with(['c', 'p'])).count();
        assert!(clauses(&written(&broken)) > clauses(&written(&plain)));
    }

    #[test]
    fn a_failed_write_of_an_ilp_file_is_said_as_its_io_error_and_keeps_it_as_the_source() {
        struct Gone;
        impl Write for Gone {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let m = model();
        let prepared = FileExport::new(FileFormat::Opb)
            .prepare("k.opb", &m)
            .unwrap();
        let e = prepared.write(&mut Gone).unwrap_err();
        let source = std::error::Error::source(&e).and_then(|s| s.downcast_ref::<io::Error>());
        assert_eq!(source.map(io::Error::kind), Some(io::ErrorKind::BrokenPipe));
        assert_eq!(one_line(&e), source.unwrap().to_string());
    }
}
