//! How a caller names the options of a board request: a command line its flags, a program
//! its own fields. A refusal of options that do not fit together ([`CountRefusal`],
//! [`ModelRefusal`], [`ExportRefusal`]) is said in these terms by its `said`, and in the
//! library's own ([`Spelling::default`]) by `Display`.
//!
//! [`CountRefusal`]: crate::CountRefusal
//! [`ModelRefusal`]: crate::ModelRefusal
//! [`ExportRefusal`]: crate::ExportRefusal

/// A caller's name for each option a board refusal may name. [`Spelling::default`] uses the
/// library's field names.
#[derive(Clone, Debug)]
pub struct Spelling<'a> {
    /// The symmetry of a count ([`crate::CountRequest::symmetry`]).
    pub symmetry: &'a str,
    /// The board's variant ([`crate::Rules::variant`]).
    pub variant: &'a str,
    /// Every option that gives or blocks squares, together (the rules are not open).
    pub squares: &'a str,
    /// The given queens: a list of squares ([`crate::RulesBuilder::given`]), or how many a
    /// generated instance has ([`crate::generate::completion`]).
    pub given: &'a str,
    /// The blocked squares, as [`Spelling::given`].
    pub blocked: &'a str,
    /// A board file ([`crate::RulesBuilder::board_file`]).
    pub board_file: &'a str,
    /// A count's checkpoint ([`crate::CountRequest::checkpoint`]).
    pub checkpoint: &'a str,
    /// A count's shard ([`crate::CountRequest::shard`]).
    pub shard: &'a str,
    /// Rows fixed per cube ([`crate::CountRequest::cube_depth`],
    /// [`crate::Export::cube_depth`]).
    pub cube_depth: &'a str,
    /// The formulation ([`crate::FormulationKind`]).
    pub formulation: &'a str,
    /// The column formulation's domain ([`crate::Domain`]).
    pub domain: &'a str,
    /// The at-most-one encoding ([`zero_one_model::CnfOptions::amo`]).
    pub amo: &'a str,
    /// The cardinality encoding ([`zero_one_model::CnfOptions::card`]).
    pub card: &'a str,
    /// The pseudo-Boolean encoding ([`zero_one_model::CnfOptions::pb`]).
    pub pb: &'a str,
    /// A file's format ([`crate::Export::format`]); its values follow it (`format lp`).
    pub format: &'a str,
    /// A CNF file's `c ind` lines ([`crate::Export::ind_lines`]).
    pub ind: &'a str,
    /// Lex-leader constraints in a CNF file ([`crate::Export::break_symmetry`]).
    pub break_symmetry: &'a str,
    /// Lifting a limit of size or time ([`crate::CountRequest::force`]).
    pub force: &'a str,
}

impl Default for Spelling<'_> {
    fn default() -> Self {
        Spelling {
            symmetry: "symmetry",
            variant: "variant",
            squares: "given and blocked squares",
            given: "given",
            blocked: "blocked",
            board_file: "the board file",
            checkpoint: "checkpoint",
            shard: "shard",
            cube_depth: "cube_depth",
            formulation: "formulation",
            domain: "domain",
            amo: "amo",
            card: "card",
            pb: "pb",
            format: "format",
            ind: "ind_lines",
            break_symmetry: "break_symmetry",
            force: "force",
        }
    }
}
