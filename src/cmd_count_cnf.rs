//! `nqueens count cnf FILE`: the flags made into [`cnf_count::CountOptions`], one call to
//! [`cnf_count::count`] (or [`cnf_count::count_cpog`] for a certificate by the model
//! counter), and the library's report printed in the format asked for.

use crate::certify::{produced_by, Certifier};
use crate::cli::{solver_backend, CountFormat, MethodArg, COUNT_BACKEND};
use crate::cli_inputs::{CnfSymmetry, CountCnfArgs};
use crate::exit::{CliError, ExitStatus};
use crate::{output, stop};
use cnf_count::report::{Certified, Format, NnfFacts};
use cnf_count::{CnfCount, CnfCountError, CountOptions, CpogCounted, Hooks, Method, Printed};
use cnf_count::{CounterReport, EnumerationReport, FileFacts, Reason, Spelling, WeightedReport};
use count_certify::cpog::{CertifyCountError, CpogBundleError};
use std::path::Path;
use std::time::Instant;
use zero_one_model::dimacs::{Cnf, ReadOptions};
use zero_one_model::Blame;

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
    if args.force {
        if !options.enumerates() {
            return Err(usage!(
                "--force lists the models of an enumeration that would take longer than ten minutes (--method enumerate, or an option only enumeration honours); the model counter lists none, and auto hands such a file to it: drop --force"
            ));
        }
        options.listing_limit = None;
    }
    Ok(options)
}

/// The flags as the library's messages name them.
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
        force: "--force",
    }
}

/// The library's error said in flags, with its exit code. `name` is the file as given.
fn refusal(e: CnfCountError, args: &CountCnfArgs, options: &CountOptions, name: &str) -> CliError {
    let file = format!("'{name}'");
    match (e.said(&flags(args), options, &file), e) {
        (Some(said), e) => CliError::new(e.fault(), anyhow::anyhow!(said)),
        (None, CnfCountError::Run(e)) => e.into(),
        (None, CnfCountError::Sink(e)) => match e.downcast::<count_certify::CertifyError>() {
            Ok(e) => CliError::from(*e),
            Err(e) => failure!(e),
        },
        (None, e @ (CnfCountError::Split(_) | CnfCountError::Counter(_))) => e.into(),
        (None, e) => CliError::new(e.fault(), anyhow::anyhow!(e).context(file)),
    }
}

/// The format the flags ask for.
fn format(args: &CountCnfArgs) -> Format {
    match (args.format, args.json()) {
        (Some(CountFormat::Mcc), _) => Format::Mcc,
        (_, true) => Format::Json,
        _ => Format::Text,
    }
}

/// Prints `report` in the format asked for.
fn print(args: &CountCnfArgs, report: &impl Printed) -> Result<(), CliError> {
    let text = report.render(format(args)).map_err(CliError::failure)?;
    output::emit(false, &(), || text)
}

/// Reads the file: `certify` keeps its repeated clauses (a bundle lists the clauses as
/// written); a count drops them (ten million copies of one take the memory of one).
fn read(args: &CountCnfArgs, name: &str, label: &str) -> Result<Cnf, CliError> {
    let read = ReadOptions {
        strict: args.strict,
        weights: true,
        drop_repeated: args.certify.is_none(),
    };
    let reading = crate::output::reading(label, args.json());
    let cnf = crate::input::read_cnf(&args.file, name, &read)?;
    drop(reading);
    Ok(cnf)
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
        return cpog(args, dir, Reason::Asked);
    }
    let name = path.display().to_string();
    let label = if name == "-" { "stdin" } else { &name };
    if args.certify.is_some() {
        // The staged directory is removed when the process is stopped by a signal.
        stop::guard_temps();
    }
    let sink =
        (args.certify.as_deref()).map(|d| cnf_count::CertifySink::new(d, Some(stop::stop_flag())));
    let mut options = options(args, label)?;
    options.models = sink.as_ref().map(|s| s as &dyn cnf_count::ModelSink);
    options
        .check()
        .map_err(|e| refusal(e, args, &options, &name))?;
    if let Some(out) = &args.nnf {
        output::not_the_input(out, path, "--nnf")?;
        // The report goes to stdout: a formula there too would be one stream no reader
        // could take apart.
        if out.as_os_str() == "-" || atomic_output::names_descriptor(out) == Some(1) {
            return Err(usage!(
                "--nnf '{}' is stdout, where the report goes: name a file (or /dev/stderr)",
                out.display()
            ));
        }
    }
    let cnf = read(args, &name, label)?;
    let file = FileFacts::of(&cnf);
    if let Some(out) = &args.nnf {
        // A bad output path is refused before a long compilation.
        output::classify(out)?;
    }
    if let (Some(sink), None) = (&sink, &cnf.weights) {
        // A weighted file is refused by the library, before any model is listed.
        sink.set_formula(crate::certify::formula_of(&cnf, &name)?);
    }
    let weighted = cnf.weights.is_some();
    let counted = count(args, cnf, &options);
    // auto lists the models of a --certify count; a count too large to list, or a
    // weighted one, is certified by the model counter's CPOG certificate instead.
    let too_many = counted.as_ref().is_err_and(CnfCountError::wants_cpog);
    if let (true, Some(dir), None | Some(MethodArg::Auto)) = (too_many, &args.certify, args.method)
    {
        drop(options);
        drop(sink);
        let reason = if weighted {
            Reason::Weighted
        } else {
            Reason::Certificate
        };
        return cpog(args, dir, reason);
    }
    let counted = counted.map_err(|e| refusal(e, args, &options, &name))?;
    drop(options);
    let report = Report {
        args,
        name: &name,
        file: &file,
        start,
    };
    match counted {
        CnfCount::Enumerated(e) => report.enumerated(*e, sink),
        CnfCount::Counted(c) => report.counted(*c),
        CnfCount::Weighted(w) => report.weighted(*w),
        _ => Err(failure!("a count of a kind this command cannot print")),
    }
}

/// [`cnf_count::count`] with the progress bar and Ctrl-C.
fn count(args: &CountCnfArgs, cnf: Cnf, options: &CountOptions) -> Result<CnfCount, CnfCountError> {
    let display = cnf_count::ProgressDisplay::new(!args.run.quiet, options.cache_mb());
    let progress = |p: cnf_count::Progress<'_>| display.show(p);
    let hooks = Hooks {
        stop: Some(stop::stop_flag()),
        progress: Some(&progress),
    };
    stop::install();
    let counted = cnf_count::count(cnf, options, &hooks);
    display.finish();
    counted
}

/// What a stopped model counter leaves.
const NO_PARTIAL: &str = "the model counter has no partial count";

/// What every report says of the run.
struct Report<'a> {
    args: &'a CountCnfArgs,
    name: &'a str,
    file: &'a FileFacts,
    start: Instant,
}

impl Report<'_> {
    /// The library's report context: the file, why `method` counted it (in flags), and the
    /// time since the command started.
    fn context(&self, reason: &Reason, method: &str) -> cnf_count::ReportContext<'_> {
        let reason = flags(self.args).reason(reason, method);
        cnf_count::ReportContext::new(self.name, reason, self.start.elapsed().as_secs_f64())
    }

    /// Writes the compiled formula (with `--nnf`) and prints the report: exit 0 with the
    /// count, 130 (and no count, no formula written) when interrupted.
    fn counted(&self, counted: cnf_count::Counted) -> Result<ExitStatus, CliError> {
        let nnf = match (&self.args.nnf, &counted.compiled) {
            (Some(path), Some(c)) => {
                output::write_to(Some(path), false, |w| {
                    let mut w = std::io::BufWriter::new(w);
                    c.write_d4(&mut w)?;
                    Ok(std::io::Write::flush(&mut w)?)
                })?;
                Some(Some(NnfFacts::new(path.display().to_string(), c)))
            }
            (Some(_), None) => Some(None),
            (None, _) => None,
        };
        let context = self.context(&counted.reason, "counter");
        let report = CounterReport::new(&counted, self.file, context, nnf);
        print(self.args, &report)?;
        if report.count.is_some() {
            return Ok(ExitStatus::Success);
        }
        let nothing = match &self.args.nnf {
            Some(path) => format!("no compiled formula written to '{}'", path.display()),
            None => NO_PARTIAL.into(),
        };
        eprintln!("nqueens: {}", report.run.interrupted_line(&nothing));
        Ok(ExitStatus::Interrupted)
    }

    /// Prints the weighted count: exit 0 with the weight, 130 when interrupted.
    fn weighted(&self, counted: cnf_count::Weighted) -> Result<ExitStatus, CliError> {
        let context = self.context(&counted.reason, "counter");
        let report = WeightedReport::new(&counted, self.file, context);
        print(self.args, &report)?;
        if !report.run.interrupted {
            return Ok(ExitStatus::Success);
        }
        eprintln!("nqueens: {}", report.run.interrupted_line(NO_PARTIAL));
        Ok(ExitStatus::Interrupted)
    }

    /// Prints the count (or the shard's result), certified by `sink`'s bundle with
    /// `--certify`: exit 0, or 130 when interrupted.
    fn enumerated(
        &self,
        counted: cnf_count::Enumerated,
        sink: Option<cnf_count::CertifySink<'_>>,
    ) -> Result<ExitStatus, CliError> {
        let args = self.args;
        let certifier = sink.and_then(|s| s.into_certifier()).map(Certifier::from);
        if let Some(c) = &certifier {
            c.check_cap()?;
        }
        if let (Some(shard), false) = (args.shard.shard, counted.outcome.interrupted) {
            let shard_file = counted.outcome.into_shard_file(shard);
            output::emit(true, &shard_file, String::new)?;
            return Ok(ExitStatus::Success);
        }
        let context = self.context(&counted.reason, "enumerate");
        let elapsed_s = context.elapsed_s;
        let unsat = args.engine.choice(COUNT_BACKEND).unsat_answers();
        let report = EnumerationReport::new(&counted, self.file, context).with_unsat_answers(unsat);
        let by = || {
            produced_by(
                &report.backend.to_string(),
                report.cubes,
                report.threads,
                elapsed_s,
            )
        };
        let certifier = certifier.filter(|_| !report.interrupted);
        let finished = crate::certify::finish(certifier, report.threads, by)?;
        print(
            args,
            &Certified {
                report: &report,
                finished: &finished,
            },
        )?;
        if let count_certify::Finished::Interrupted = finished {
            return Ok(ExitStatus::Interrupted);
        }
        if report.interrupted {
            let cubes = report.cubes;
            let resume = crate::cli::resume_hint(
                args.run.checkpoint.as_deref(),
                args.certify.is_some(),
                true,
                &args.engine,
            );
            eprintln!(
                "nqueens: interrupted after {} of {}: partial count {}{resume}",
                report.cubes_done,
                zero_one_model::plural(cubes, "cube"),
                report.count
            );
            return Ok(ExitStatus::Interrupted);
        }
        Ok(ExitStatus::Success)
    }
}

/// `--certify` by the model counter ([`cnf_count::count_cpog`]): the count with its CPOG
/// bundle, which `cpog-check` and `nqueens verify` check. `reason` is why the counter counts.
fn cpog(args: &CountCnfArgs, dir: &Path, reason: Reason) -> Result<ExitStatus, CliError> {
    let start = Instant::now();
    let refused = [
        (args.nnf.is_some(), "--nnf"),
        (args.run.threads.is_some(), "--threads"),
        (args.run.cube_depth.is_some(), "--cube-depth"),
        (args.force, "--force"),
        (args.engine.given().is_some(), "--backend"),
    ];
    if let Some((_, flag)) = refused.iter().find(|(g, _)| *g) {
        return Err(usage!(
            "--certify with the model counter writes a CPOG certificate of its one-thread search, and {flag} does not apply to it: drop {flag}"
        ));
    }
    let name = args.file.display().to_string();
    let cnf = read(args, &name, &name)?;
    stop::guard_temps();
    stop::install();
    let cache_mb = args
        .cache_mb
        .map_or(sharpcount::DEFAULT_CACHE_MB, |mb| mb as usize);
    let options = sharpcount::Options::default()
        .with_stop(stop::stop_flag())
        .with_cache_mb(cache_mb);
    let by =
        count_certify::ProducedBy::new("nqueens", env!("CARGO_PKG_VERSION")).with_this_command();
    let facts = FileFacts::of(&cnf);
    let report = Report {
        args,
        name: &name,
        file: &facts,
        start,
    };
    let counted = cnf_count::count_cpog(&cnf, dir, &options, by, (reason, cache_mb));
    match counted.map_err(|e| cpog_error(e, &name))? {
        CpogCounted::Written(counted) => {
            let elapsed_s = start.elapsed().as_secs_f64();
            print(
                args,
                &cnf_count::CpogCountReport::new(&name, dir, &counted, elapsed_s),
            )?;
            Ok(ExitStatus::Success)
        }
        CpogCounted::Stopped(stopped) => {
            let status = match stopped {
                CnfCount::Weighted(w) => report.weighted(*w)?,
                CnfCount::Counted(c) => report.counted(*c)?,
                _ => ExitStatus::Interrupted,
            };
            eprintln!("nqueens: no bundle was written");
            Ok(status)
        }
        CpogCounted::Unsatisfiable => {
            if format(args) == Format::Mcc {
                let text = cnf_count::unsatisfiable_mcc(&cnf, &name, &facts);
                output::emit(false, &(), || text)?;
            }
            let e = count_certify::cpog::CpogError::Unsatisfiable;
            let why = format!("'{name}' has 0 models; nothing was written");
            Err(CliError::usage(anyhow::anyhow!(e).context(why)))
        }
        _ => Err(failure!(
            "a certified count of a kind this command cannot print"
        )),
    }
}

/// The bundle's failure, with its exit code: 2 for what the user can change.
fn cpog_error(e: CpogBundleError, name: &str) -> CliError {
    match e {
        CpogBundleError::Output(e) if e.is_usage() => CliError::usage(e),
        e @ CpogBundleError::Certify(CertifyCountError::Projected) => {
            CliError::usage(anyhow::anyhow!(e).context(format!("'{name}'")))
        }
        e => CliError::failure(anyhow::anyhow!(e).context(format!("'{name}'"))),
    }
}
