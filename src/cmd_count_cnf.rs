//! `nqueens count cnf FILE`: the flags made into [`cnf_count::CountOptions`], one call to
//! [`cnf_count::count`], and the report printed. The library's refusals are said here in
//! terms of flags.

use crate::certify::formula_of;
use crate::cli::{solver_backend, CountFormat, MethodArg, COUNT_BACKEND};
use crate::cli_inputs::{CnfSymmetry, CountCnfArgs};
use crate::exit::{CliError, ExitStatus};
use crate::progress::ProgressBar;
use crate::stop;
use anyhow::anyhow;
use cnf_count::Spelling;
use cnf_count::{CnfCount, CnfCountError, CountOptions, EnumerationOption, Hooks, Method};

use std::time::Instant;
use zero_one_model::dimacs::ReadOptions;

mod counted;
mod cpog;
mod enumerated;
mod sink;
mod weighted;

/// The library's options for `args` (the model sink is added once the file is read).
///
/// # Errors
/// `--backend backtrack`, or an external solver's flags that do not fit (exit 2).
fn options<'a>(args: &'a CountCnfArgs, label: &'a str) -> Result<CountOptions<'a>, CliError> {
    let mut options = CountOptions::default();
    options.method = match args.method.unwrap_or(MethodArg::Auto) {
        MethodArg::Auto => Method::Auto,
        MethodArg::Enumerate => Method::Enumerate,
        MethodArg::Counter => Method::Counter,
    };
    options.threads = args.run.threads.map(usize::from);
    options.cache_mb = args.cache_mb.map(|mb| mb as usize);
    options.compile = args.nnf.is_some();
    options.orbits = args.symmetry == Some(CnfSymmetry::Auto);
    options.cube_depth = args.run.cube_depth.map(usize::from);
    options.checkpoint = args.run.checkpoint.as_deref();
    options.shard = args.shard.shard;
    options.label = label;
    if args.engine.given().is_some() {
        let backend = solver_backend(&args.engine, Default::default(), COUNT_BACKEND)?;
        options.backend = Some(backend.ok_or_else(|| {
            usage!("count cnf counts with a solver backend (dpll, sat, ilp or external), not backtrack")
        })?);
    }
    Ok(options)
}

/// The flags as the library's refusals name them.
fn flags(args: &CountCnfArgs) -> Spelling<'_> {
    Spelling {
        method: "--method",
        cache_mb: "--cache-mb",
        threads: "--threads",
        compile: "--nnf",
        models: "--certify",
        orbits: "--symmetry auto",
        checkpoint: "--checkpoint",
        shard: "--shard",
        cube_depth: "--cube-depth",
        backend: args.engine.given().unwrap_or("--backend"),
    }
}

/// The library's refusal said in flags, with its exit code. `name` is the file as given.
fn refusal(e: CnfCountError, args: &CountCnfArgs, name: &str) -> CliError {
    if let Some(said) = e.refusal(&flags(args)) {
        return usage!(said);
    }
    let file = format!("'{name}'");
    match e {
        CnfCountError::TooManyModels { models, num_vars, cap } => usage!(
            "{file} has {models} models of {num_vars} variables (the model counter's count): more than the {cap} a --certify bundle lists (at most {} models, and {} values in all)",
            count_certify::make::MAX_LISTED_MODELS,
            count_certify::make::MAX_LISTED_VALUES
        ),
        CnfCountError::HopelessListing(h) => hopeless(&h, &file, args),
        e @ (CnfCountError::TooBig(_)
        | CnfCountError::WeightTooBig { .. }
        | CnfCountError::InvalidWeights(_)
        | CnfCountError::SymmetryTooLarge(_)
        | CnfCountError::Uncompilable(_)) => CliError::usage(anyhow!(e).context(file)),
        e @ CnfCountError::Split(_) => CliError::usage(e),
        CnfCountError::Counter(sharpcount::Error::CompiledTooLarge { stats }) => failure!(
            "--nnf: the compiled formula outgrew its budget of --cache-mb {} MiB after {:.1} s and {} decisions; nothing was written: raise --cache-mb, or count without --nnf",
            args.cache_mb.map_or(sharpcount::DEFAULT_CACHE_MB, |mb| mb as usize),
            stats.elapsed.as_secs_f64(),
            stats.decisions
        ),
        CnfCountError::Run(e) => crate::exit::engine_error(e),
        e => CliError::failure(e),
    }
}

/// `--force`: no limit on listing, for a count that lists (refused for one that does not).
fn force(options: &mut CountOptions<'_>) -> Result<(), CliError> {
    if !options.enumerates() {
        return Err(usage!(
            "--force lists the models of an enumeration that would take longer than ten minutes (--method enumerate, or an option only enumeration honours); the model counter lists none, and auto hands such a file to it: drop --force"
        ));
    }
    options.listing_limit = None;
    Ok(())
}

/// The refusal of an enumeration that cannot finish, as board sizes are refused past ten
/// minutes (`--force` runs it anyway).
fn hopeless(h: &cnf_count::Hopeless, file: &str, args: &CountCnfArgs) -> CliError {
    use nqueens_queens::sizes::human_seconds;
    // What lets the model counter count it: another method, or dropping the flag that
    // makes the count an enumeration.
    let instead = match options(args, "").ok().and_then(|o| o.needs_enumeration()) {
        Some(option) if args.method != Some(MethodArg::Enumerate) => format!(
            "drop {} (it needs enumeration) so that auto hands the file to the model counter",
            flags(args).option(option)
        ),
        _ => "count it with --method counter or auto".into(),
    };
    let all = match &h.count {
        Some(count) => format!("; the model counter counts {count} models in all"),
        None => String::new(),
    };
    usage!(
        "listing the models of {file} would take {} or more, past the limit of {}: at least {} models are left to list (the model counter's count of the cubes not finished), at most {} a second per thread{all}; {instead}, or pass --force to list anyway",
        human_seconds(h.seconds),
        human_seconds(h.limit.as_secs_f64()),
        h.models_left,
        cnf_count::LISTING_RATE
    )
}

pub fn run(args: &CountCnfArgs) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    let path = args.file.as_path();
    if args.certify.is_some() && args.symmetry == Some(CnfSymmetry::Auto) {
        return Err(usage!(
            "--certify lists every model: use --symmetry none (the default for count cnf), not auto"
        ));
    }
    if let (Some(dir), Some(MethodArg::Counter)) = (&args.certify, args.method) {
        return cpog::run(args, path, dir);
    }
    let name = path.display().to_string();
    let label = if name == "-" { "stdin" } else { &name };
    let sink = args.certify.as_deref().map(sink::new);
    let mut options = options(args, label)?;
    options.models = sink.as_ref().map(|s| s as &dyn cnf_count::ModelSink);
    options.check().map_err(|e| refusal(e, args, &name))?;
    if args.force {
        force(&mut options)?;
    }
    if let Some(out) = &args.nnf {
        crate::output::not_the_input(out, path, "--nnf")?;
        // The report goes to stdout: a formula there too (`-`, `/dev/stdout`, `/dev/fd/1`, a
        // link to one) would be one stream no reader could take apart.
        if out.as_os_str() == "-" || atomic_output::names_descriptor(out) == Some(1) {
            return Err(usage!(
                "--nnf '{}' is stdout, where the report goes: name a file (or /dev/stderr)",
                out.display()
            ));
        }
    }
    // A repeated clause changes no count; dropped on reading, ten million copies of one
    // clause take the memory of one. A --certify bundle lists the file's clauses as written.
    let read = ReadOptions {
        strict: args.strict,
        weights: true,
        drop_repeated: args.certify.is_none(),
    };
    let reading = stop::reading(label, args.json());
    let cnf = crate::input::read_cnf(path, &name, &read)?;
    drop(reading);
    let file = cnf_count::FileFacts::of(&cnf);
    if let Some(out) = &args.nnf {
        // A bad output path is refused before a long compilation.
        crate::output::classify(out)?;
    }
    let weighted = cnf.weights.is_some();
    if let (Some(sink), false) = (&sink, weighted) {
        // A weighted file is refused by the library, before any model is listed.
        sink.set_formula(formula_of(&cnf, &name)?);
    }
    let cache_mb = options.cache_mb();
    let (cubes, line) = (
        ProgressBar::new(!args.run.quiet),
        ProgressBar::line(!args.run.quiet),
    );
    let progress = |p: cnf_count::Progress<'_>| match p {
        cnf_count::Progress::Cubes(p) => cubes.update(p),
        cnf_count::Progress::Counter(p) => {
            cubes.finish();
            line.say(format!(
                "model counter: {} decisions, {} conflicts, {} cache hits, cache {} MiB of {cache_mb}",
                p.decisions,
                p.conflicts,
                p.cache_hits,
                p.cache_bytes >> 20
            ));
        }
        _ => {}
    };
    let hooks = Hooks {
        stop: Some(stop::flag()),
        progress: Some(&progress),
    };
    stop::install();
    let counted = cnf_count::count(cnf, &options, &hooks);
    cubes.finish();
    line.finish();
    // auto lists the models of a --certify count; a count too large to list, or a
    // weighted one, is certified by the model counter's CPOG certificate instead.
    let too_many = matches!(
        counted,
        Err(CnfCountError::TooManyModels { .. }
            | CnfCountError::HopelessListing(_)
            | CnfCountError::WeightedEnumeration {
                forced_by: Some(EnumerationOption::Models)
            })
    );
    if let (true, Some(dir), None | Some(MethodArg::Auto)) = (too_many, &args.certify, args.method)
    {
        drop(options);
        drop(sink);
        return cpog::run(args, path, dir);
    }
    let counted = counted.map_err(|e| match e {
        CnfCountError::Sink(e) => sink::refusal(e),
        e => refusal(e, args, &name),
    })?;
    let print = Print {
        args,
        name: &name,
        file: &file,
        start,
    };
    match counted {
        CnfCount::Enumerated(e) => enumerated::print(&print, *e, sink),
        CnfCount::Counted(c) => counted::print(&print, *c),
        CnfCount::Weighted(w) => weighted::print(&print, *w),
        _ => Err(failure!("a count of a kind this command cannot print")),
    }
}

/// What every report says of the run.
struct Print<'a> {
    args: &'a CountCnfArgs,
    name: &'a str,
    file: &'a cnf_count::FileFacts,
    start: Instant,
}

/// The answer a report carries, for `--format mcc`.
enum Answer {
    /// A number of models.
    Models(num_bigint::BigUint),
    /// A weighted count, and whether the file has a model.
    Weight(sharpcount::BigRational, bool),
    /// No answer: interrupted (the count of a weighted file or not).
    Unknown { weighted: bool },
}

impl Print<'_> {
    /// Prints the report: as JSON with `--json`, as the competition's answer lines after
    /// the text report as `c o` comments with `--format mcc`, else as text.
    ///
    /// # Errors
    /// Stdout closed (exit 3).
    fn emit(
        &self,
        report: &impl serde::Serialize,
        text: impl FnOnce() -> String,
        answer: Answer,
    ) -> Result<(), CliError> {
        if self.args.format != Some(CountFormat::Mcc) {
            return crate::output::emit(self.args.json(), report, text);
        }
        use cnf_count::competition::{commented, lines, unknown_lines, weighted_lines, Track};
        let weighted = matches!(
            answer,
            Answer::Weight(..) | Answer::Unknown { weighted: true }
        );
        let track = Track::of(self.file.projected, weighted);
        let answer = match answer {
            Answer::Models(n) => lines(track, &n),
            Answer::Weight(w, sat) => weighted_lines(track, &w, sat),
            Answer::Unknown { .. } => unknown_lines(track),
        };
        crate::output::emit(false, report, || commented(&text(), &answer))
    }

    /// What the report says of the run: the file, why `method` counted it (said in flags),
    /// and the time since the command started.
    fn context(&self, reason: &cnf_count::Reason, method: &str) -> cnf_count::ReportContext<'_> {
        let elapsed_s = self.start.elapsed().as_secs_f64();
        cnf_count::ReportContext::new(self.name, self.reason(reason, method), elapsed_s)
    }

    /// Why the method counted the file, as the report says it.
    fn reason(&self, reason: &cnf_count::Reason, method: &str) -> String {
        use cnf_count::Reason;
        match reason {
            Reason::Asked => format!("--method {method}"),
            Reason::NeedsEnumeration(option) => flags(self.args).forced(Some(*option)),
            Reason::EnumerationFinished => {
                "auto: enumeration finished before the counter was needed".into()
            }
            Reason::Interrupted => {
                "auto: interrupted while enumerating, before enumeration finished or was judged slow".into()
            }
            Reason::Weighted => "weighted file: only the model counter weighs models".into(),
            Reason::Compile => "--nnf: the model counter's search, compiled".into(),
            Reason::Switched {
                slow,
                orbits_dropped: Some(dropped),
            } => format!("orbits not counted: {dropped}; then {slow}"),
            Reason::Switched { slow, .. } => slow.to_string(),
            Reason::OrbitsDropped(dropped) => {
                format!("orbits not counted: {dropped}; counted without symmetry")
            }
            _ => String::new(),
        }
    }
}
