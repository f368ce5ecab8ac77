//! The command line, declared with clap. Values are validated here, before any work starts.

use crate::cli_inputs::{Listing, LoweringArgs, OutArgs, RunArgs, ShardArg};
use crate::exit::CliError;
use crate::exit::EXIT_CODES;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use count_engine::Resume;
use nqueens_queens::generate::{self, InstanceFormat};
use nqueens_queens::{parse_board_size, BoardSizes, ChosenOptions, ModelRefusal, Spelling};
use nqueens_queens::{BoardCounter, EngineCounter, SymmetryChoice};
use nqueens_queens::{Domain, FormulationKind, Square, Variant};
use std::path::Path;
use zero_one_backends::{BackendKind, Choice, ChoiceError};
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::{CnfOptions, PbEncoding};

/// An encoding toolkit and exact counter for any model, DIMACS or OPB file, proven on
/// N-Queens: count, solve, optimise and export through SAT and ILP encodings, every answer
/// checked.
#[derive(Parser, Debug)]
#[command(name = "nqueens", version, about, after_help = EXIT_CODES, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count solutions: of boards (`count 8`, `count 1..=12`), checked against OEIS (A000170,
    /// or the variant's sequence) or, for given and blocked squares, the bitboard oracle; of
    /// a DIMACS file (`count cnf FILE`) or an OPB file (`count opb FILE`)
    #[command(after_help = EXIT_CODES, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Count(Box<CountCmd>),
    /// Print one or more solutions: of a board, drawn (`solve 8`), or of an OPB file in the
    /// PB competition's format (`solve opb FILE`)
    #[command(after_help = EXIT_CODES, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Solve(SolveCmd),
    /// Find the optimum of a pseudo-Boolean file's objective (OPB `min:` or `max:`), prove
    /// it, and print a solution that reaches it, checked against every constraint
    #[command(after_help = EXIT_CODES)]
    Optimize(OptimizeArgs),
    /// Write a board's model (`encode 8`) or an OPB file (`encode opb FILE`) in a file format
    /// for external solvers
    #[command(after_help = EXIT_CODES, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Encode(EncodeCmd),
    /// Read a solver's answer for a file `encode` wrote, check it and print the board
    #[command(after_help = EXIT_CODES)]
    Decode(DecodeArgs),
    /// Compare the size of every formulation and encoding for one n: variables, clauses,
    /// literals, DIMACS bytes and seconds, one row each
    #[command(after_help = EXIT_CODES, args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
    Stats(StatsCmd),
    /// Sum the JSON results of `count --shard` runs into one checked count
    #[command(after_help = EXIT_CODES)]
    Merge(MergeArgs),
    /// Print the known numbers of solutions (OEIS A000170 and A002562; with --variant, the
    /// toroidal A051906 or superqueens A051223 and A051224)
    Oeis(OeisArgs),
    /// Find the symmetries of a DIMACS file: literal permutations that map its clauses and its
    /// projection onto themselves (generators, as cycles of DIMACS literals, and the group order)
    #[command(after_help = EXIT_CODES)]
    Symmetries(SymmetriesArgs),
    /// Write a DIMACS file with lex-leader constraints for its symmetries added: one projected
    /// model per orbit, for external solvers and projected counters (`nqueens count cnf`;
    /// `clasp -n 0` counts orbits only when the file has no auxiliary variables)
    #[command(after_help = EXIT_CODES)]
    Break(BreakArgs),
    /// Check a certified count's proof bundle, independently of the code that counted
    #[command(long_about = crate::help::VERIFY_LONG_ABOUT, after_help = crate::help::VERIFY_EXIT_CODES)]
    Verify(VerifyArgs),
    /// Write random instances: n-Queens Completion (given queens) and blocked n-Queens
    /// (CSPLib 079 and 080), as a board file or an export
    #[command(after_help = EXIT_CODES)]
    Generate(GenerateArgs),
}

/// `count`: boards, or a DIMACS or OPB file.
#[derive(Args, Debug)]
pub struct CountCmd {
    /// A file to count instead of boards.
    #[command(subcommand)]
    pub input: Option<crate::cli_inputs::CountInput>,
    /// The boards.
    #[command(flatten)]
    pub boards: CountArgs,
}

/// `solve`: boards, or an OPB file.
#[derive(Args, Debug)]
pub struct SolveCmd {
    /// A file to solve instead of a board.
    #[command(subcommand)]
    pub input: Option<crate::cli_inputs::SolveInput>,
    /// The board.
    #[command(flatten)]
    pub boards: SolveArgs,
}

/// `encode`: a board, or an OPB file.
#[derive(Args, Debug)]
pub struct EncodeCmd {
    /// A file to encode instead of a board.
    #[command(subcommand)]
    pub input: Option<crate::cli_inputs::EncodeInput>,
    /// The board.
    #[command(flatten)]
    pub boards: EncodeArgs,
}

/// `stats`: a board's formulations, or the domination model.
#[derive(Args, Debug)]
pub struct StatsCmd {
    /// Another model to measure.
    #[command(subcommand)]
    pub input: Option<crate::cli_inputs::StatsInput>,
    /// The board.
    #[command(flatten)]
    pub boards: StatsArgs,
}

/// The board commands' flags, as the library's refusals name them.
pub const BOARD_FLAGS: Spelling<'static> = Spelling {
    symmetry: "--symmetry",
    variant: "--variant",
    squares: "--given, --blocked and --given-file",
    given: "--given",
    blocked: "--blocked",
    board_file: "--given-file",
    checkpoint: "--checkpoint",
    shard: "--shard",
    cube_depth: "--cube-depth",
    formulation: "--formulation",
    domain: "--domain",
    amo: "--amo",
    card: "--card",
    pb: "--pb",
    format: "--format",
    ind: "--ind",
    break_symmetry: "--break-symmetry",
    force: "--force",
};

/// A parser accepting exactly `names` (so `--help` and errors list them), each turned into a
/// `T` by its `FromStr`.
pub fn named<T>(names: impl IntoIterator<Item = &'static str>) -> impl TypedValueParser<Value = T>
where
    T: std::str::FromStr + Clone + Send + Sync + 'static,
    T::Err: std::fmt::Debug,
{
    PossibleValuesParser::new(names).map(|s| s.parse::<T>().expect("listed names parse"))
}

/// A parser accepting the `name`s of `all`, each listed in `--help` with its `about`.
pub fn described<T>(
    all: &[T],
    name: fn(T) -> &'static str,
    about: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T>
where
    T: std::str::FromStr + Copy + Send + Sync + 'static,
    T::Err: std::fmt::Debug,
{
    let values = all
        .iter()
        .map(|&v| PossibleValue::new(name(v)).help(about(v)));
    PossibleValuesParser::new(values).map(|s| s.parse::<T>().expect("listed names parse"))
}

/// Which engine finds the solutions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum BackendArg {
    /// The varisat CDCL solver on the CNF lowering, enumerating by blocking clauses
    Sat,
    /// The bitboard backtracking oracle (independent of every encoding); with a domination
    /// variant, the exact domination search (its default)
    Backtrack,
    /// An external SAT solver program given with --solver, re-run with blocking clauses
    External,
    /// The pure-Rust ILP solver microlp (through good_lp), enumerating by no-good cuts
    Ilp,
    /// Our own DPLL enumerator on the CNF lowering: no blocking clauses, no clause learning
    /// (fast where the count dominates, slow on hard unsatisfiable parts)
    Dpll,
}

impl BackendArg {
    /// The registered solver backend this names; `None` for backtrack, which is the
    /// problem's own bitboard search and no backend.
    pub fn kind(self) -> Option<BackendKind> {
        match self {
            BackendArg::Sat => Some(BackendKind::Sat),
            BackendArg::Backtrack => None,
            BackendArg::External => Some(BackendKind::External),
            BackendArg::Ilp => Some(BackendKind::Ilp),
            BackendArg::Dpll => Some(BackendKind::Dpll),
        }
    }

    /// The name as typed on the command line.
    pub fn name(self) -> &'static str {
        self.kind().map_or("backtrack", BackendKind::name)
    }

    /// What it is, in words for messages (which say what a counter cannot do; whether it can
    /// is asked of its capabilities).
    pub fn what(self) -> &'static str {
        self.kind().map_or("the bitboard oracle", BackendKind::what)
    }
}

/// The engine that finds the solutions, and the external solver for `--backend external`.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// The engine that finds the solutions [default: dpll to count and for solve --all
    /// (handing hard parts to varisat), sat to solve one or a few; backtrack (the exact
    /// search) with a domination variant]
    #[arg(long, value_enum)]
    backend: Option<BackendArg>,
    /// Solver command for --backend external, run without a shell: the CNF path replaces
    /// {cnf} or is appended; with {out} the answer is read from that file (MiniSat)
    #[arg(long, value_name = "CMD")]
    pub solver: Option<String>,
    /// Kill the external solver after this many seconds
    #[arg(long, value_name = "SECONDS", value_parser = solver_pipe::parse_timeout)]
    pub timeout: Option<std::time::Duration>,
    /// Believe the external solver's UNSATISFIABLE answers instead of checking each one with
    /// varisat on the same clauses (the default): faster, and a count is then only as right
    /// as the solver
    #[arg(long)]
    pub trust_unsat: bool,
}

impl EngineArgs {
    /// The backend chosen, for a command whose default is `default`.
    pub fn backend(&self, default: BackendArg) -> BackendArg {
        self.backend.unwrap_or(default)
    }

    /// The registry's choice these flags make, for a command whose default is `default`.
    pub fn choice(&self, default: BackendArg) -> Choice {
        let mut choice = Choice::of(self.backend(default).kind());
        choice.solver = self.solver.clone();
        choice.timeout = self.timeout;
        choice.trust_unsat = self.trust_unsat;
        choice
    }

    /// The first flag given that chooses or drives a backend (`--backend`, `--solver`, ...).
    pub fn given(&self) -> Option<&'static str> {
        [
            (self.backend.is_some(), "--backend"),
            (self.solver.is_some(), "--solver"),
            (self.timeout.is_some(), "--timeout"),
            (self.trust_unsat, "--trust-unsat"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// The default backend of `count`: the DPLL enumerator with varisat as its fallback (measured
/// 3-4x faster than varisat's blocking enumeration on boards, see docs/src/counting-boards.md).
pub const COUNT_BACKEND: BackendArg = BackendArg::Dpll;

/// The default backend of `solve`: for every solution (`--all`) the DPLL enumerator, which
/// needs no blocking clauses (about 40x faster than varisat's blocking on Q(12), and 50x on
/// an OPB file's 65,535 solutions); for one or a few, CDCL, which finds one fastest.
pub fn solve_backend(all: bool) -> BackendArg {
    if all {
        BackendArg::Dpll
    } else {
        BackendArg::Sat
    }
}

/// The board counter the arguments select: the engine over the solver backend of
/// [`solver_backend`], or the bitboard oracle for `--backend backtrack`. Commands ask it
/// what it can do ([`BoardCounter::capabilities`]), never which it is.
///
/// # Errors
/// As [`solver_backend`].
pub fn board_counter(
    engine: &EngineArgs,
    cnf: CnfOptions,
    default: BackendArg,
) -> Result<std::sync::Arc<dyn BoardCounter>, CliError> {
    Ok(EngineCounter::or_oracle(solver_backend(
        engine, cnf, default,
    )?))
}

/// The solver backend the arguments select, built by the registry ([`Choice::build`]),
/// stopped by Ctrl-C; `None` for `--backend backtrack` (the problem's own search).
///
/// # Errors
/// `--backend external` without `--solver`, `--solver` without it, or an empty command.
pub fn solver_backend(
    engine: &EngineArgs,
    cnf: CnfOptions,
    default: BackendArg,
) -> Result<Option<std::sync::Arc<dyn zero_one_model::Backend>>, CliError> {
    let choice = engine.choice(default);
    if choice.kind == Some(BackendKind::External) {
        crate::stop::on_exit(solver_pipe::kill_running);
    }
    choice
        .build(cnf, Some(crate::stop::stop_flag()))
        .map_err(|e| match e {
            ChoiceError::ProgramUnused => {
                usage!("--solver, --timeout and --trust-unsat go with --backend external")
            }
            ChoiceError::NoProgram => usage!("--backend external needs --solver 'PROGRAM ARGS'"),
            e => CliError::usage(e),
        })
}

/// What an interrupted count's message adds on resuming it: from its `checkpoint`, how to
/// make one, or why there is none (a counter without `cubes`, as its capabilities say, keeps
/// none; a certified count refuses one).
pub fn resume_hint(
    checkpoint: Option<&Path>,
    certify: bool,
    cubes: bool,
    engine: &EngineArgs,
) -> String {
    let counter = engine.backend(COUNT_BACKEND).what();
    Resume::of(checkpoint, certify, cubes, counter).said("--checkpoint FILE")
}

/// How the model is built and lowered.
#[derive(Args, Debug, Clone, Default)]
pub struct ModelArgs {
    /// The formulation: `board` (n² square variables) or `column` (one integer per row)
    /// [default: board]
    #[arg(long, value_parser = ["board", "column"])]
    pub formulation: Option<String>,
    /// How the column formulation encodes each row's integer [default: direct]
    #[arg(long, value_parser = named::<Domain>(Domain::ALL.map(Domain::name)))]
    pub domain: Option<Domain>,
    /// How constraints are lowered to CNF.
    #[command(flatten)]
    pub lowering: LoweringArgs,
    /// The board's variant and squares.
    #[command(flatten)]
    pub board: BoardArgs,
}

/// Which board: its variant, given queens and blocked squares.
#[derive(Args, Debug, Clone, Default)]
pub struct BoardArgs {
    /// The board: classic, toroidal (diagonals wrap around the edges; OEIS A051906) or
    /// superqueens (queens that also move as knights; OEIS A051223) [default: classic]. Queen
    /// domination is its own command: `count domination N`, `solve domination N`, ...
    #[arg(long, value_parser = named::<Variant>(Variant::ALL.map(Variant::name)))]
    pub variant: Option<Variant>,
    /// Queens that must stand (n-Queens Completion): ROW:COL,ROW:COL,... with 0-based rows
    /// (from the top) and columns (from the left)
    #[arg(long, value_name = "SQUARES", value_parser = parse_squares_arg, allow_hyphen_values = true)]
    pub given: Option<SquaresArg>,
    /// Squares no queen may use: ROW:COL,... (0-based, as --given)
    #[arg(long, value_name = "SQUARES", value_parser = parse_squares_arg, allow_hyphen_values = true)]
    pub blocked: Option<SquaresArg>,
    /// Read given queens (and blocked squares) from FILE: one `ROW COL` per line (0-based),
    /// or a drawn board, one line per row with Q (given queen), # (blocked) and . (free);
    /// lines starting with `c` are comments, but `c variant NAME` sets the variant (a
    /// different --variant is refused); `-` reads stdin. Adds to --given and --blocked
    #[arg(long, value_name = "FILE")]
    pub given_file: Option<std::path::PathBuf>,
}

/// The squares of `--given` or `--blocked`, one value (clap would take a `Vec` for many).
#[derive(Clone, Debug)]
pub struct SquaresArg(pub Vec<Square>);

fn parse_squares_arg(s: &str) -> Result<SquaresArg, nqueens_queens::SquaresError> {
    nqueens_queens::parse_squares(s).map(SquaresArg)
}

impl ModelArgs {
    /// The formulation these arguments select.
    ///
    /// # Errors
    /// An option the formulation has no use for ([`FormulationKind::check_options`]).
    pub fn kind(&self) -> Result<FormulationKind, CliError> {
        let name = self.formulation.as_deref().unwrap_or("board");
        let kind = FormulationKind::from_parts(name, self.domain.unwrap_or_default())
            .map_err(CliError::usage)?;
        let chosen = ChosenOptions {
            amo: self.lowering.amo.is_some(),
            card: self.lowering.card.is_some(),
            pb: self.lowering.pb.is_some(),
            domain: self.domain.is_some(),
        };
        kind.check_options(chosen).map_err(|e| match e {
            ModelRefusal::PbUnused => usage!("{} (it is for count opb)", e.said(&BOARD_FLAGS)),
            e => usage!("{}", e.said(&BOARD_FLAGS)),
        })?;
        Ok(kind)
    }

    /// The board flags a counter that builds no model refuses
    /// ([`LoweringArgs::refuse_idle`](crate::cli_inputs::LoweringArgs::refuse_idle)).
    pub fn shape(&self) -> [(bool, &'static str); 2] {
        [
            (self.formulation.is_some(), "--formulation"),
            (self.domain.is_some(), "--domain"),
        ]
    }
}

/// How `count cnf` counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MethodArg {
    /// Enumerate, switching to the counter when enumeration would take long.
    Auto,
    /// List every model (cubes, threads, checkpoints, shards, certificates).
    Enumerate,
    /// The model counter: component caching and clause learning.
    Counter,
}

/// How `count` prints its result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CountFormat {
    /// One line per board size or file.
    Text,
    /// One JSON object per size or file (as --json).
    Json,
    /// `count cnf`: the Model Counting Competition's answer lines.
    Mcc,
}

/// `count N`: boards.
#[derive(Args, Debug)]
pub struct CountArgs {
    /// Board size, or a range of sizes: 8, 1..=12, 4..8
    #[arg(value_name = "N", allow_hyphen_values = true, required = true)]
    pub sizes: Option<BoardSizes>,
    #[command(flatten)]
    pub model: ModelArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Symmetry reduction: d4 (canonical solutions with their orbit sizes; A002562 checked
    /// too), mirror, shift (toroidal), none, or auto, the strongest exact for the board (the
    /// book's "Counting boards") [default: auto; none with --certify]
    #[arg(long, value_parser = named::<SymmetryChoice>(SymmetryChoice::NAMES))]
    pub symmetry: Option<SymmetryChoice>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub shard: ShardArg,
    /// Write a proof bundle certifying the count into DIR (new or empty): the CNF, every
    /// model, and a DRAT proof that no other exists; one board size, --symmetry none, a
    /// solver backend, at most 10,000,000 models. Check it with `nqueens verify DIR` (the
    /// book's "Certified counts")
    #[arg(long, value_name = "DIR")]
    pub certify: Option<std::path::PathBuf>,
    /// Run even a board size estimated past ten minutes
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Board size
    #[arg(
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = parse_board_size,
        required = true
    )]
    pub n: Option<usize>,
    #[command(flatten)]
    pub model: ModelArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub listing: Listing,
    /// Draw boards with ASCII `Q`, `#` (blocked) and `.` instead of Unicode, each a board file
    /// that --given-file reads back (the header a `c` comment line)
    #[arg(long, conflicts_with = "json")]
    pub ascii: bool,
    /// Print each solution as a JSON object with its column vector (JSON lines)
    #[arg(long)]
    pub json: bool,
    /// Run even when the request is expected to take very long
    #[arg(long)]
    pub force: bool,
}

/// `--format`'s parser: every file format, each listed with what it is.
pub fn formats() -> impl TypedValueParser<Value = FileFormat> {
    described(&FileFormat::ALL, FileFormat::name, FileFormat::about)
}

#[derive(Args, Debug)]
pub struct EncodeArgs {
    /// Board size
    #[arg(
        value_name = "N",
        allow_hyphen_values = true,
        value_parser = parse_board_size,
        required = true
    )]
    pub n: Option<usize>,
    #[command(flatten)]
    pub model: ModelArgs,
    /// The file format
    #[arg(long, value_parser = formats(), default_value = "dimacs")]
    pub format: FileFormat,
    #[command(flatten)]
    pub out: OutArgs,
    /// Also write the projection as `c ind ... 0` lines (sampling set for ApproxMC/UniGen)
    #[arg(long)]
    pub ind: bool,
    /// With --format icnf: one cube per placement of the first D rows [default: 2]; refused
    /// with other formats
    #[arg(long, value_name = "D")]
    pub cube_depth: Option<usize>,
    /// Write even a very large file
    #[arg(long)]
    pub force: bool,
    /// With --format dimacs or mcc: add lex-leader constraints for the symmetries found in
    /// the lowered formula (as `nqueens break` does), so that solvers search one solution per
    /// orbit; the file's comments say the group and what its count means
    #[arg(long)]
    pub break_symmetry: bool,
}

#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Board size
    #[arg(value_name = "N", allow_hyphen_values = true, value_parser = parse_board_size, required = true)]
    pub n: Option<usize>,
    /// The board's variant and squares.
    #[command(flatten)]
    pub board: BoardArgs,
    /// Print one JSON object per row (JSON lines)
    #[arg(long)]
    pub json: bool,
    /// Allow very large n
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug)]
pub struct DecodeArgs {
    /// Board size the file was exported for
    #[arg(value_name = "N", allow_hyphen_values = true, value_parser = parse_board_size)]
    pub n: usize,
    /// The solver's output: competition `s`/`v` lines, a MiniSat result file, or a bare
    /// model; `-` for stdin
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    #[command(flatten)]
    pub model: ModelArgs,
    /// Draw the board with ASCII `Q`, `#` (blocked) and `.`: a board file that --given-file
    /// reads back (the header a `c` comment line)
    #[arg(long, conflicts_with = "json")]
    pub ascii: bool,
    /// Print the column vector as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard result files; `-` reads standard input, one shard result a line (as `cat
    /// s1.json s2.json` gives them)
    #[arg(required = true, value_name = "SHARD.json")]
    pub files: Vec<std::path::PathBuf>,
    /// Print the merged result as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct OeisArgs {
    /// Which board's sequences: classic (A000170, A002562), toroidal (A051906) or
    /// superqueens (A051223, A051224) [default: classic]
    #[arg(long, value_parser = named::<Variant>(Variant::ALL.map(Variant::name)))]
    pub variant: Option<Variant>,
    /// Print JSON lines instead of a table
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct SymmetriesArgs {
    /// The DIMACS CNF file (`-` for stdin); its `c p show` / `c ind` / `vp` lines are the
    /// projection, which every symmetry maps onto itself (every variable when there is none)
    pub file: std::path::PathBuf,
    /// Print one JSON object (order as a decimal string, generators as lists of cycles)
    #[arg(long)]
    pub json: bool,
    /// Search nodes before the search stops with what it found (the order is then a lower
    /// bound, and said to be one)
    #[arg(long, default_value_t = cnf_symmetry::DEFAULT_BUDGET, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub budget: u64,
}

#[derive(Args, Debug)]
pub struct BreakArgs {
    /// The DIMACS CNF file (`-` for stdin)
    pub file: std::path::PathBuf,
    /// Write here instead of stdout (complete or not at all, as `encode -o`)
    #[arg(short, long)]
    pub output: Option<std::path::PathBuf>,
    /// Search nodes for finding the symmetries (as `nqueens symmetries --budget`)
    #[arg(long, default_value_t = cnf_symmetry::DEFAULT_BUDGET, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub budget: u64,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The bundle: a directory holding formula.cnf, solutions.txt, blocked.cnf, proof.drat
    /// and manifest.json
    #[arg(value_name = "DIR")]
    pub dir: std::path::PathBuf,
    /// Print the result as one JSON object
    #[arg(long)]
    pub json: bool,
}

/// What `generate` makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum GenerateKind {
    /// K given queens at peace with each other (a completion may or may not exist), and
    /// optionally B blocked squares
    Completion,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// The kind of instance
    #[arg(value_enum)]
    pub kind: GenerateKind,
    /// Board size (1..=1000)
    #[arg(value_name = "N", allow_hyphen_values = true, value_parser = generate::parse_size)]
    pub n: usize,
    /// Given queens: placed one at a time on random rows and random squares no earlier queen
    /// attacks
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub given: usize,
    /// Blocked squares: distinct random squares without a given queen
    #[arg(long, value_name = "B", default_value_t = 0)]
    pub blocked: usize,
    /// Seed of the random choices: the same seed gives the same instance on every machine
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The board: classic, toroidal or superqueens (the given queens are at peace under its
    /// attacks) [default: classic]
    #[arg(long, value_parser = named::<Variant>(Variant::ALL.map(Variant::name)))]
    pub variant: Option<Variant>,
    /// The file format
    #[arg(long, value_parser = described(&InstanceFormat::ALL, InstanceFormat::name, InstanceFormat::about), default_value = "board")]
    pub format: InstanceFormat,
    /// Write to FILE instead of stdout (complete or not at all, as `encode -o`)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// With an export format: write even a very large file (as `encode --force`)
    #[arg(long)]
    pub force: bool,
}

/// `optimize`: which solver optimises.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum OptimizeBackend {
    /// varisat on the CNF lowering, with bounds on the objective encoded by --pb
    Sat,
    /// microlp's branch and bound on the 0-1 ILP, the objective as it is (no interrupt: Ctrl-C
    /// ends it at once)
    Ilp,
}

/// Arguments of `optimize`.
#[derive(Args, Debug)]
pub struct OptimizeArgs {
    /// The pseudo-Boolean file (OPB, with a `min:` or `max:` line), or `-` for stdin
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// Which solver optimises [default: sat]
    #[arg(long, value_enum)]
    pub backend: Option<OptimizeBackend>,
    /// With --backend sat: the pseudo-Boolean encoding of the constraints and of each bound
    /// on the objective [default: bdd]
    #[arg(long, value_parser = named::<PbEncoding>(PbEncoding::ALL.map(PbEncoding::name)))]
    pub pb: Option<PbEncoding>,
    /// With --backend sat: how the bound moves. linear: each solution found asks for a better
    /// one until none is left (SAT-UNSAT, as MiniSat+); binary: halve the gap between the
    /// proved bound and the best found [default: binary]
    #[arg(long, value_parser = named::<zero_one_model::Search>(zero_one_model::Search::ALL.map(zero_one_model::Search::name)))]
    pub search: Option<zero_one_model::Search>,
    /// Print one JSON object instead of the `o`/`s`/`v` lines of the PB competitions
    #[arg(long, conflicts_with = "export")]
    pub json: bool,
    /// Do not optimise: write the file's constraints and objective as lp (CPLEX LP: glpsol,
    /// cbc, HiGHS), mps (free MPS; a maximum is written negated) or opb (`min:`; a maximum
    /// is written negated), to stdout or -o
    #[arg(long, value_name = "FORMAT", value_parser = ["lp", "mps", "opb"])]
    pub export: Option<String>,
    /// With --export: write to FILE (atomically) instead of stdout
    #[arg(short, long, value_name = "FILE", requires = "export")]
    pub output: Option<std::path::PathBuf>,
}
