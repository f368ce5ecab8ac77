//! The commands by kind of input: `count cnf FILE`, `count opb FILE`, `solve opb FILE`,
//! `encode opb FILE` and `count|solve|encode|stats domination N` take only the flags that
//! mean something for their input, so a board's flags are not offered there (clap refuses
//! them, exit 2); and the flag groups they share with the board commands, declared once.

use crate::cli::{formats, named, BackendArg, CountFormat, EngineArgs, MethodArg};
use crate::exit::CliError;
use clap::{Args, Subcommand};
use nqueens_domination::Domination;
use nqueens_queens::{parse_board_size, BoardSizes, CounterCapabilities};
use nqueens_queens::{Shard, Symmetry, Variant};
use std::path::PathBuf;
use zero_one_model::shape::bytes::FileFormat;
use zero_one_model::{AmoEncoding, CardEncoding, CnfOptions, PbEncoding};

/// What `count` counts besides boards.
#[derive(Subcommand, Debug)]
pub enum CountInput {
    /// Count the models of a DIMACS file, projected onto its `c p show` / `c ind` / `vp`
    /// variables when it has them; a weighted file (`c t wmc`/`pwmc`, `c p weight` lines)
    /// gets its exact weighted count
    Cnf(CountCnfArgs),
    /// Count the solutions of a pseudo-Boolean file (OPB, the PB competition's format):
    /// every assignment of its variables that satisfies every constraint
    Opb(CountOpbArgs),
    /// Count the minimum dominating sets of queens (or those of at most --queens K), the
    /// domination number found first; both compared with the OEIS
    Domination(CountDominationArgs),
}

/// What `solve` solves besides boards.
#[derive(Subcommand, Debug)]
pub enum SolveInput {
    /// Solve a pseudo-Boolean file (OPB): print solutions in the PB competition's format
    /// (`s SATISFIABLE`, `v x1 -x2 ...`), each checked against every constraint (the
    /// objective, if any, is not used: `nqueens optimize` uses it)
    Opb(SolveOpbArgs),
    /// The fewest queens that occupy or attack every square, by exact search (proved
    /// minimum), or a set of at most --queens K
    Domination(SolveDominationArgs),
}

/// What `encode` writes besides boards.
#[derive(Subcommand, Debug)]
pub enum EncodeInput {
    /// Encode a pseudo-Boolean file (OPB: `min:`/`max:` objective, `>=`/`<=`/`=` rows): to
    /// CNF with --pb NAME (and --card, --amo) for SAT solvers, or to LP, MPS or OPB with its
    /// objective for MIP and PB solvers
    Opb(EncodeOpbArgs),
    /// Write the queen domination model: one variable per square, a bound on the queens
    Domination(EncodeDominationArgs),
}

/// What `stats` measures besides boards.
#[derive(Subcommand, Debug)]
pub enum StatsInput {
    /// The size of the queen domination model under every cardinality encoding
    Domination(StatsDominationArgs),
}

/// `--symmetry` of a DIMACS file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CnfSymmetry {
    /// Find the file's symmetries, search with lex-leader constraints, count each canonical
    /// model with its orbit size: exact, and the orbits printed too.
    Auto,
    /// Count every model.
    None,
}

/// How a model's constraints are lowered to CNF (an OPB file's rows).
#[derive(Args, Debug, Clone, Default)]
pub struct LoweringArgs {
    /// The at-most-one / exactly-one encoding [default: pairwise]
    #[arg(long, value_parser = named::<AmoEncoding>(AmoEncoding::ALL.map(AmoEncoding::name)))]
    pub amo: Option<AmoEncoding>,
    /// The cardinality encoding for constraints with k > 1 [default: seqcounter]
    #[arg(long, value_parser = named::<CardEncoding>(CardEncoding::ALL.map(CardEncoding::name)))]
    pub card: Option<CardEncoding>,
    /// The pseudo-Boolean encoding for linear constraints with other coefficients
    /// [default: bdd]
    #[arg(long, value_parser = named::<PbEncoding>(PbEncoding::ALL.map(PbEncoding::name)))]
    pub pb: Option<PbEncoding>,
}

impl LoweringArgs {
    /// The lowering options these flags select.
    pub fn cnf_options(&self) -> CnfOptions {
        CnfOptions {
            amo: self.amo.unwrap_or_default(),
            card: self.card.unwrap_or_default(),
            pb: self.pb.unwrap_or_default(),
        }
    }

    /// Refuses the first flag of `shape` (a board's --formulation, --domain), --amo, --card,
    /// --pb or --cube-depth that changes nothing for a counter with `caps`
    /// ([`CounterCapabilities::idle`]; `writes_cnf`: a certificate's formula.cnf);
    /// `backend` names the counter.
    ///
    /// # Errors
    /// The first such flag given (exit 2).
    pub fn refuse_idle(
        &self,
        shape: &[(bool, &'static str)],
        caps: CounterCapabilities,
        backend: BackendArg,
        (cube_depth, writes_cnf): (bool, bool),
    ) -> Result<(), CliError> {
        let lowering = [
            (self.amo.is_some(), "--amo"),
            (self.card.is_some(), "--card"),
            (self.pb.is_some(), "--pb"),
        ];
        match caps.idle(shape, &lowering, (cube_depth, "--cube-depth"), writes_cnf) {
            Some((flag, why)) => Err(usage!(
                "{flag} does nothing with --backend {} ({} {why})",
                backend.name(),
                backend.what()
            )),
            None => Ok(()),
        }
    }
}

/// How a count by enumeration runs: threads, cubes, checkpoints, output.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// Worker threads (default: every core)
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// How far to split the count into cubes: rows fixed (boards, domination) or levels of
    /// clause splits (files) [default: chosen by the input]
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=64))]
    pub cube_depth: Option<u16>,
    /// Print the result as JSON (one object per file or board size)
    #[arg(long)]
    pub json: bool,
    /// Append finished cubes to FILE; rerunning the same command resumes from it (one board
    /// size; for domination, with a solver backend)
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// No progress bar
    #[arg(long, short)]
    pub quiet: bool,
}

impl RunArgs {
    /// The worker threads asked for (default: every core).
    pub fn threads(&self) -> usize {
        self.threads
            .map(usize::from)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

/// Where a file is written: `-o` and `--fsync`.
#[derive(Args, Debug, Clone, Default)]
pub struct OutArgs {
    /// Write to FILE instead of stdout (`-`), complete or not at all (a regular file is
    /// renamed into place; a device or FIFO is written in place)
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// With -o: wait until the file is on disk (fsync) before renaming it into place
    #[arg(long, requires = "output")]
    pub fsync: bool,
}

/// How many solutions `solve` prints.
#[derive(Args, Debug)]
pub struct Listing {
    /// Print every solution
    #[arg(long, conflicts_with = "limit")]
    pub all: bool,
    /// Print at most K solutions
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
}

/// `--shard I/K` of a file's count.
#[derive(Args, Debug)]
pub struct ShardArg {
    /// Count only shard I of K (1-based) and print its JSON result for `nqueens merge`
    #[arg(long, value_name = "I/K", conflicts_with = "json")]
    pub shard: Option<Shard>,
}

/// `count cnf FILE`.
#[derive(Args, Debug)]
pub struct CountCnfArgs {
    /// The DIMACS file (`-` for stdin)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Refuse a header that declares more clauses than the file holds (by default such a
    /// file is counted with a warning, as MiniSat and Ganak do)
    #[arg(long)]
    pub strict: bool,
    /// enumerate: list every model over cubes and threads (resumable, shardable,
    /// certifiable; refused past ten minutes of listing without --force); counter: the model
    /// counter (counts of any size, weighted ones); auto: enumerate, switching to the counter
    /// when enumeration would take long (the book's "Counting a DIMACS file") [default: auto]
    #[arg(long, value_enum)]
    pub method: Option<MethodArg>,
    /// The model counter's cache of component counts, in MiB (older entries are dropped);
    /// with --nnf the compiled formula's bound too (exit 3 past it)
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
    pub cache_mb: Option<u32>,
    /// Also write the model counter's search as a decision-DNNF in d4's format (read by
    /// ddnnife), over the file's variables or its projection; unweighted files, the model
    /// counter only (the book's "The model counter")
    #[arg(long, value_name = "OUT.nnf")]
    pub nnf: Option<PathBuf>,
    /// auto: count canonical models under the file's symmetries with their orbit sizes (the
    /// orbits printed too); none [default: none]
    #[arg(long, value_enum)]
    pub symmetry: Option<CnfSymmetry>,
    /// text, json (as --json) or mcc: the Model Counting Competition's answer lines (`s`,
    /// `c s type`, `c s exact ...`) after the text as `c o` lines [default: text]
    #[arg(long, value_enum, conflicts_with_all = ["json", "shard"])]
    pub format: Option<CountFormat>,
    /// Write a proof bundle certifying the count into DIR (new or empty): every model and a
    /// DRAT proof by enumeration, or a CPOG certificate by the model counter (unprojected,
    /// satisfiable files); check it with `nqueens verify DIR` (the book's "Certified counts")
    #[arg(long, value_name = "DIR", conflicts_with_all = ["shard", "checkpoint"])]
    pub certify: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub shard: ShardArg,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Run even an enumeration whose models left to list would take longer than ten minutes
    #[arg(long)]
    pub force: bool,
}

impl CountCnfArgs {
    /// Whether the result is printed as JSON (`--json` or `--format json`).
    pub fn json(&self) -> bool {
        self.run.json || self.format == Some(CountFormat::Json)
    }
}

/// `count opb FILE`.
#[derive(Args, Debug)]
pub struct CountOpbArgs {
    /// The OPB file (`-` for stdin); an objective line is read and used only with --optimal
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Count only the solutions at the optimum of the file's objective, which is found and
    /// proved first (by varisat with bounds on the encoded objective; by microlp with
    /// --backend ilp)
    #[arg(long, conflicts_with = "shard")]
    pub optimal: bool,
    #[command(flatten)]
    pub lowering: LoweringArgs,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub shard: ShardArg,
    #[command(flatten)]
    pub engine: EngineArgs,
}

/// `solve opb FILE`.
#[derive(Args, Debug)]
pub struct SolveOpbArgs {
    /// The OPB file (`-` for stdin)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    #[command(flatten)]
    pub lowering: LoweringArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    #[command(flatten)]
    pub listing: Listing,
    /// Print each solution as a JSON object (JSON lines)
    #[arg(long)]
    pub json: bool,
}

/// `encode opb FILE`.
#[derive(Args, Debug)]
pub struct EncodeOpbArgs {
    /// The OPB file (`-` for stdin)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    #[command(flatten)]
    pub lowering: LoweringArgs,
    /// The file format: dimacs or mcc (CNF with --pb, --card, --amo), or lp, mps, opb (with
    /// the objective) [default: dimacs]
    #[arg(long, value_parser = formats(), default_value = "dimacs")]
    pub format: FileFormat,
    #[command(flatten)]
    pub out: OutArgs,
    /// Also write the projection as `c ind ... 0` lines
    #[arg(long)]
    pub ind: bool,
    /// With --format dimacs or mcc: add lex-leader constraints for the symmetries found in
    /// the lowered formula (as `nqueens break` does)
    #[arg(long)]
    pub break_symmetry: bool,
}

/// Which queen domination problem: the fewest queens that occupy or attack every square.
#[derive(Args, Debug, Clone)]
pub struct DominationArgs {
    /// No two queens attacking each other (independent domination: OEIS A075324, A002568)
    #[arg(long)]
    pub independent: bool,
    /// On the torus: diagonals wrap around the edges (A279402; independent: A279404)
    #[arg(long)]
    pub toroidal: bool,
    /// At most K queens (solve finds a set of at most K, count counts them, encode and stats
    /// write the bound; without it, solve and count find the minimum and the ILP formats
    /// minimise the number of queens)
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub queens: Option<u32>,
}

impl DominationArgs {
    /// The problem these flags name.
    pub fn problem(&self) -> Domination {
        let board = if self.toroidal {
            Variant::Toroidal
        } else {
            Variant::Classic
        };
        Domination::new(board, self.independent)
    }
}

/// How a domination model is lowered to CNF for a solver backend (its default cardinality
/// encoding is the library's).
#[derive(Args, Debug, Clone, Default)]
pub struct DominationLowering {
    /// With independent domination and a solver backend: the at-most-one encoding of each
    /// line's queens [default: pairwise]
    #[arg(long, value_parser = named::<AmoEncoding>(AmoEncoding::ALL.map(AmoEncoding::name)))]
    pub amo: Option<AmoEncoding>,
    /// With a solver backend: the cardinality encoding of the bound on the queens
    #[arg(long, value_parser = named::<CardEncoding>(CardEncoding::ALL.map(CardEncoding::name)))]
    pub card: Option<CardEncoding>,
}

impl DominationLowering {
    /// The library's lowering these flags choose.
    pub fn chosen(&self) -> nqueens_domination::Lowering {
        nqueens_domination::Lowering {
            amo: self.amo,
            card: self.card,
        }
    }
}

/// `count domination N`.
#[derive(Args, Debug)]
pub struct CountDominationArgs {
    /// Board size, or a range of sizes: 8, 1..=12, 4..8
    #[arg(value_name = "N", allow_hyphen_values = true)]
    pub sizes: BoardSizes,
    #[command(flatten)]
    pub problem: DominationArgs,
    #[command(flatten)]
    pub lowering: DominationLowering,
    /// d4 (count sets up to the board's symmetries, with their orbit sizes) or none
    /// [default: d4]
    #[arg(long, value_parser = named::<Symmetry>(["d4", "none"]))]
    pub symmetry: Option<Symmetry>,
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Run even a model past the library's size limit
    #[arg(long)]
    pub force: bool,
}

/// `solve domination N`.
#[derive(Args, Debug)]
pub struct SolveDominationArgs {
    /// Board size
    #[arg(value_name = "N", allow_hyphen_values = true, value_parser = parse_board_size)]
    pub n: usize,
    #[command(flatten)]
    pub problem: DominationArgs,
    #[command(flatten)]
    pub lowering: DominationLowering,
    #[command(flatten)]
    pub engine: EngineArgs,
    /// Draw boards with ASCII `Q` and `.` instead of Unicode
    #[arg(long, conflicts_with = "json")]
    pub ascii: bool,
    /// Print each set as a JSON object (JSON lines)
    #[arg(long)]
    pub json: bool,
    /// Run even a model past the library's size limit
    #[arg(long)]
    pub force: bool,
}

/// `encode domination N`.
#[derive(Args, Debug)]
pub struct EncodeDominationArgs {
    /// Board size
    #[arg(value_name = "N", allow_hyphen_values = true, value_parser = parse_board_size)]
    pub n: usize,
    #[command(flatten)]
    pub problem: DominationArgs,
    #[command(flatten)]
    pub lowering: DominationLowering,
    /// The file format: dimacs or mcc (with --queens K, or the known domination number, as
    /// the bound), lp, mps or opb (minimising the queens unless --queens K) [default: dimacs]
    #[arg(long, value_parser = formats(), default_value = "dimacs")]
    pub format: FileFormat,
    #[command(flatten)]
    pub out: OutArgs,
    /// Also write the projection as `c ind ... 0` lines
    #[arg(long)]
    pub ind: bool,
    /// Write even a very large file
    #[arg(long)]
    pub force: bool,
}

/// `stats domination N`.
#[derive(Args, Debug)]
pub struct StatsDominationArgs {
    /// Board size
    #[arg(value_name = "N", allow_hyphen_values = true, value_parser = parse_board_size)]
    pub n: usize,
    #[command(flatten)]
    pub problem: DominationArgs,
    /// Print one JSON object per row (JSON lines)
    #[arg(long)]
    pub json: bool,
    /// Allow very large n
    #[arg(long)]
    pub force: bool,
}
