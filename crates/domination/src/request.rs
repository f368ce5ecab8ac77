//! What a caller asks of a domination solve, count, file or size table, checked before
//! anything runs: options that would change nothing are refused ([`Lowering::check`],
//! [`Lowering::check_search`], [`check_engine_options`], [`check_file`]), each
//! [`Refusal`] said in the caller's terms ([`Refusal::said`] with a [`Spelling`]).

use crate::search::SearchError;
use crate::{check_model_size, Domination, DominationError, ModelTooLarge};
use crate::{DominationModel, DEFAULT_CARD, MAX_MODEL_N};
use nqueens_queens::format_name;
use std::io::Write;
use zero_one_model::dimacs::{write_model_with, DimacsHeader, WriteModelError};
use zero_one_model::ilp::{lower_to_ilp, IlpFormat};
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::{AmoEncoding, CardEncoding, CnfOptions, Model};

/// A caller's name for each option a [`Refusal`] may name. [`Spelling::default`] uses the
/// library's names.
#[derive(Clone, Debug)]
pub struct Spelling<'a> {
    /// [`Lowering::amo`].
    pub amo: &'a str,
    /// [`Lowering::card`].
    pub card: &'a str,
    /// [`Domination::independent`].
    pub independent: &'a str,
    /// A bound on the queens, with its value (`bound K`).
    pub bound: &'a str,
    /// A count's checkpoint.
    pub checkpoint: &'a str,
    /// A count's cube depth.
    pub cube_depth: &'a str,
    /// Lifting a size limit.
    pub force: &'a str,
    /// A CNF file's `c ind` lines.
    pub ind: &'a str,
    /// A file's format; its values follow it (`format lp`).
    pub format: &'a str,
    /// The backend; the registry's names follow it (`backend sat`).
    pub backend: &'a str,
    /// Choosing the exact search ([`crate::Finder::Search`]).
    pub search: &'a str,
    /// Writing the model to a file.
    pub file: &'a str,
}

impl Default for Spelling<'_> {
    fn default() -> Self {
        Spelling {
            amo: "amo",
            card: "card",
            independent: "independent",
            bound: "bound K",
            checkpoint: "checkpoint",
            cube_depth: "cube_depth",
            force: "force",
            ind: "ind_lines",
            format: "format",
            backend: "backend",
            search: "Finder::Search",
            file: "a file of the model",
        }
    }
}

/// The lowering a caller chose for the model; `None` where it chose nothing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Lowering {
    /// The at-most-one encoding of an independent set's lines.
    pub amo: Option<AmoEncoding>,
    /// The cardinality encoding of the bound.
    pub card: Option<CardEncoding>,
}

/// An option a [`Refusal`] names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DominationOption {
    /// [`Lowering::amo`].
    Amo,
    /// [`Lowering::card`].
    Card,
    /// A count's checkpoint.
    Checkpoint,
    /// A count's cube depth.
    CubeDepth,
    /// A CNF file's `c ind` lines, with an ILP format.
    Ind,
    /// An encoding, with an ILP format.
    Encoding,
    /// Incremental CNF, which has no use for the model.
    Icnf,
}

/// Why a domination request is refused before it runs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Refusal {
    /// An at-most-one encoding for a model without at-most-one constraints.
    #[error("{}", self.said(&Spelling::default()))]
    AmoUnused(Domination),
    /// A model past [`MAX_MODEL_N`].
    #[error("{}", self.said(&Spelling::default()))]
    TooLarge(ModelTooLarge),
    /// An option of the CNF lowering, and the exact search, which lowers nothing.
    #[error("{}", self.said(&Spelling::default()))]
    LoweringWithSearch(DominationOption, Domination),
    /// An option of the engine, and the exact search chosen.
    #[error("{}", self.said(&Spelling::default()))]
    EngineWithSearch(DominationOption),
    /// A checkpoint with a range of board sizes.
    #[error("{}", self.said(&Spelling::default()))]
    CheckpointOverRange,
    /// A file option that does not fit the format.
    #[error("{}", self.said(&Spelling::default()))]
    FileMisfit(DominationOption, Domination),
    /// A CNF format, which has no objective, and no bound.
    #[error("{}", self.said(&Spelling::default()))]
    NoObjective(FileFormat),
    /// A size table past [`MAX_MODEL_N`].
    #[error("{}", self.said(&Spelling::default()))]
    TableTooLarge(usize),
    /// No bound, and no known domination number to take as one.
    #[error("{}", self.said(&Spelling::default()))]
    NoBound(usize, &'static str),
    /// A board past the exact search's limit.
    #[error("{}", self.said(&Spelling::default()))]
    SearchTooLarge(usize, usize, Domination),
}

impl Refusal {
    /// What is refused, in `names`' terms, and what to do instead.
    ///
    /// ```
    /// use nqueens_domination::{Domination, Refusal, Spelling, Variant};
    /// let d = Domination::new(Variant::Classic, false);
    /// let names = Spelling { amo: "--amo", independent: "--independent", ..Spelling::default() };
    /// assert_eq!(
    ///     Refusal::AmoUnused(d).said(&names),
    ///     "--amo does nothing with domination: the model has no at-most-one constraint (add --independent)"
    /// );
    /// ```
    pub fn said(&self, names: &Spelling<'_>) -> String {
        let Spelling {
            backend,
            search,
            format,
            ..
        } = names;
        match self {
            Refusal::AmoUnused(d) => format!(
                "{} does nothing with {d}: the model has no at-most-one constraint (add {})",
                names.amo, names.independent
            ),
            Refusal::TooLarge(e) => format!("{e}; pass {} to try anyway", names.force),
            Refusal::LoweringWithSearch(option, d) => format!(
                "{} shapes the CNF lowering, and {d} runs the exact search by default, which lowers nothing: add {backend} sat (or dpll, external) to use it",
                names.option(*option)
            ),
            Refusal::EngineWithSearch(option) => {
                let why = match option {
                    DominationOption::Checkpoint => "keeps no checkpoint",
                    _ => "splits no cubes",
                };
                format!(
                    "{} goes with the engine, and {search} runs the exact search, which {why}: drop {search} (or name a solver backend: sat, dpll, ilp, external)",
                    names.option(*option)
                )
            }
            Refusal::CheckpointOverRange => {
                format!("{} goes with one board size", names.checkpoint)
            }
            Refusal::FileMisfit(option, d) => {
                let what = match option {
                    DominationOption::Ind => format!("{} with an ILP format", names.ind),
                    DominationOption::Icnf => format!("{format} icnf"),
                    _ => format!(
                        "{} or {} with an ILP format (its rows stay linear)",
                        names.amo, names.card
                    ),
                };
                format!("{what} does not go with {} ({d})", names.file)
            }
            Refusal::NoObjective(f) => format!(
                "{format} {} has no objective: give the bound with {} (or write {format} lp, mps or opb, which minimise the number of queens)",
                format_name(*f),
                names.bound
            ),
            Refusal::TableTooLarge(n) => format!(
                "n = {n}: domination models past n = {MAX_MODEL_N} are very large; pass {}",
                names.force
            ),
            Refusal::NoBound(n, sequence) => format!(
                "n = {n}: no known {sequence} value for the bound; give it with {}",
                names.bound
            ),
            Refusal::SearchTooLarge(n, max, d) => format!(
                "n = {n}: the exact domination search takes boards up to {max}x{max}; add {backend} sat (or external) for SAT checks on the {d} model"
            ),
        }
    }
}

impl Spelling<'_> {
    /// How the caller spells `option`.
    pub fn option(&self, option: DominationOption) -> &str {
        match option {
            DominationOption::Amo => self.amo,
            DominationOption::Card => self.card,
            DominationOption::Checkpoint => self.checkpoint,
            DominationOption::CubeDepth => self.cube_depth,
            DominationOption::Ind => self.ind,
            _ => self.format,
        }
    }
}

impl Lowering {
    /// The lowering options, with the domination defaults filled in ([`DEFAULT_CARD`]).
    pub fn cnf_options(&self) -> CnfOptions {
        CnfOptions {
            amo: self.amo.unwrap_or_default(),
            card: self.card.unwrap_or(DEFAULT_CARD),
            ..CnfOptions::default()
        }
    }

    /// Refuses an at-most-one encoding for `d` without independence (its model has no
    /// at-most-one constraint), and (unless `force`) a board past [`MAX_MODEL_N`].
    ///
    /// # Errors
    /// [`Refusal::AmoUnused`] or [`Refusal::TooLarge`].
    pub fn check(&self, d: Domination, n: usize, force: bool) -> Result<(), Refusal> {
        if self.amo.is_some() && !d.encodings_used().amo {
            return Err(Refusal::AmoUnused(d));
        }
        if !force {
            check_model_size(n).map_err(Refusal::TooLarge)?;
        }
        Ok(())
    }

    /// Refuses any choice of encoding with the exact search, which lowers nothing.
    ///
    /// # Errors
    /// [`Refusal::LoweringWithSearch`] naming the first.
    pub fn check_search(&self, d: Domination) -> Result<(), Refusal> {
        let chosen = [
            (self.amo.is_some(), DominationOption::Amo),
            (self.card.is_some(), DominationOption::Card),
        ];
        match chosen.into_iter().find(|(given, _)| *given) {
            Some((_, option)) => Err(Refusal::LoweringWithSearch(option, d)),
            None => Ok(()),
        }
    }
}

/// Refuses a checkpoint or a cube depth for a count by the exact search (`search`), which
/// keeps no checkpoint and splits no cubes, and a checkpoint over a range of sizes
/// (`single`: one size).
///
/// # Errors
/// [`Refusal::CheckpointOverRange`] or [`Refusal::EngineWithSearch`].
pub fn check_engine_options(
    search: bool,
    single: bool,
    (checkpoint, cube_depth): (bool, bool),
) -> Result<(), Refusal> {
    if checkpoint && !single {
        return Err(Refusal::CheckpointOverRange);
    }
    let given = [
        (checkpoint, DominationOption::Checkpoint),
        (cube_depth, DominationOption::CubeDepth),
    ];
    match given.into_iter().find(|(given, _)| *given && search) {
        Some((_, option)) => Err(Refusal::EngineWithSearch(option)),
        None => Ok(()),
    }
}

/// Refuses a file of `d`'s model in `format` that cannot be written as asked: `c ind` lines
/// or encodings with an ILP format, incremental CNF, a CNF format without a `bound` (CNF has
/// no objective).
///
/// # Errors
/// [`Refusal::FileMisfit`] or [`Refusal::NoObjective`].
pub fn check_file(
    d: Domination,
    format: FileFormat,
    lowering: &Lowering,
    ind_lines: bool,
    bound: Option<usize>,
) -> Result<(), Refusal> {
    let ilp = format.is_ilp();
    let encoding = lowering.amo.is_some() || lowering.card.is_some();
    let misfits = [
        (ilp && ind_lines, DominationOption::Ind),
        (ilp && encoding, DominationOption::Encoding),
        (format == FileFormat::Icnf, DominationOption::Icnf),
    ];
    if let Some((_, option)) = misfits.into_iter().find(|(misfit, _)| *misfit) {
        return Err(Refusal::FileMisfit(option, d));
    }
    if bound.is_none() && !ilp {
        return Err(Refusal::NoObjective(format));
    }
    Ok(())
}

/// The bound of a size table of the n x n board: `bound`, else the known domination number;
/// a board past [`MAX_MODEL_N`] refused unless `force`.
///
/// # Errors
/// [`Refusal::TableTooLarge`] or [`Refusal::NoBound`].
pub fn table_bound(
    n: usize,
    d: Domination,
    bound: Option<usize>,
    force: bool,
) -> Result<usize, Refusal> {
    if check_model_size(n).is_err() && !force {
        return Err(Refusal::TableTooLarge(n));
    }
    bound
        .or_else(|| d.known_number(n))
        .ok_or(Refusal::NoBound(n, d.number_sequence()))
}

impl DominationError {
    /// The refusal this error is, when it is the caller's to fix (a board past the exact
    /// search's limit); `None` for the rest.
    pub fn refusal(&self, d: Domination) -> Option<Refusal> {
        match self {
            DominationError::Search(SearchError::TooLarge { n, max }) => {
                Some(Refusal::SearchTooLarge(*n, *max, d))
            }
            _ => None,
        }
    }
}

impl DominationModel {
    /// Writes `model` (this one's [`DominationModel::file_model`]) to `out` in `format`:
    /// an ILP format with its title, a CNF one lowered with `options`, with its comments and
    /// (`ind_lines`) the projection written twice.
    ///
    /// # Errors
    /// A lowering or write error.
    pub fn write_file(
        &self,
        model: &Model,
        format: FileFormat,
        (options, ind_lines): (&CnfOptions, bool),
        out: &mut dyn Write,
    ) -> Result<(), WriteModelError> {
        let ilp = match format {
            FileFormat::Lp => Some(IlpFormat::Lp),
            FileFormat::Mps => Some(IlpFormat::Mps),
            FileFormat::Opb => Some(IlpFormat::Opb),
            _ => None,
        };
        if let Some(ilp) = ilp {
            ilp.write(&lower_to_ilp(model), &self.file_name(), &self.title(), out)?;
            return Ok(());
        }
        let info = zero_one_model::cnf_size(model, options)?;
        let header = DimacsHeader {
            dialect: format.dialect(),
            ind_lines,
            comments: self.cnf_comments(options, &info),
            ..DimacsHeader::default()
        };
        write_model_with(model, options, header, &[], out)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    const D: Domination = Domination::new(Variant::Classic, false);

    #[test]
    fn encodings_the_model_or_the_search_has_no_use_for_are_refused() {
        let amo = Lowering {
            amo: Some(AmoEncoding::default()),
            card: None,
        };
        assert_eq!(amo.check(D, 8, false), Err(Refusal::AmoUnused(D)));
        let independent = Domination::new(Variant::Classic, true);
        assert_eq!(amo.check(independent, 8, false), Ok(()));
        assert!(matches!(
            Lowering::default().check(D, MAX_MODEL_N + 1, false),
            Err(Refusal::TooLarge(_))
        ));
        assert_eq!(
            amo.check_search(independent),
            Err(Refusal::LoweringWithSearch(
                DominationOption::Amo,
                independent
            ))
        );
        assert_eq!(amo.cnf_options().card, DEFAULT_CARD);
    }

    #[test]
    fn engine_options_with_the_search_are_refused_naming_the_first() {
        assert_eq!(
            check_engine_options(true, true, (false, true)),
            Err(Refusal::EngineWithSearch(DominationOption::CubeDepth))
        );
        assert_eq!(check_engine_options(false, true, (true, true)), Ok(()));
        assert_eq!(
            check_engine_options(false, false, (true, false)),
            Err(Refusal::CheckpointOverRange)
        );
        let said = Refusal::EngineWithSearch(DominationOption::Checkpoint).said(&Spelling {
            checkpoint: "--checkpoint",
            search: "--backend backtrack",
            ..Spelling::default()
        });
        assert!(said.starts_with("--checkpoint goes with the engine, and --backend backtrack"));
    }

    #[test]
    fn a_cnf_file_needs_a_bound_and_an_ilp_file_takes_no_encoding() {
        let none = Lowering::default();
        assert_eq!(
            check_file(D, FileFormat::Dimacs, &none, false, None),
            Err(Refusal::NoObjective(FileFormat::Dimacs))
        );
        assert_eq!(check_file(D, FileFormat::Lp, &none, false, None), Ok(()));
        assert_eq!(
            check_file(D, FileFormat::Lp, &none, true, None),
            Err(Refusal::FileMisfit(DominationOption::Ind, D))
        );
        assert_eq!(table_bound(8, D, None, false), Ok(5));
        assert_eq!(
            table_bound(MAX_MODEL_N + 1, D, Some(3), false),
            Err(Refusal::TableTooLarge(MAX_MODEL_N + 1))
        );
    }

    #[test]
    fn a_file_is_written_in_each_format_with_its_title() {
        let m = DominationModel::new(4, D, Some(2));
        let model = m.file_model().unwrap();
        for format in [FileFormat::Dimacs, FileFormat::Lp] {
            let mut out = Vec::new();
            let options = Lowering::default().cnf_options();
            m.write_file(&model, format, (&options, false), &mut out)
                .unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains("queen domination, n = 4"), "{text}");
        }
    }
}
