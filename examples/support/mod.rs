//! What the examples share: the command line `[SIZE] [--dimacs FILE]` parsed by hand into a
//! validated [`Args`] before any work starts, the model written as DIMACS on request, its
//! models counted by the problem-agnostic engine (every model checked against every
//! constraint there), and the comparison with a known value turned into an exit code.
//!
//! Exit codes: 0 when the count equals the known value, 1 when it differs, 2 on bad arguments
//! or when the count cannot be made (the DIMACS file cannot be written, the engine fails),
//! always with one line on stderr.
//!
//! This directory has no `main.rs`, so Cargo does not take it for an example of its own.

use count_engine::{Depth, ModelProblem, RunOptions};
use num_bigint::BigUint;
use std::error::Error;
use std::ffi::OsString;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use varisat_enum::VarisatBackend;
use zero_one_model::dimacs::write_model;
use zero_one_model::{CnfOptions, Model};

/// Cubes the engine splits a model into (as `nqueens count --cnf` does by default).
const TARGET_CUBES: usize = 512;

/// The positional size argument of an example that takes one.
pub struct Size {
    /// Its name in messages and usage (`n`, `order`).
    pub name: &'static str,
    /// The value when none is given.
    pub default: usize,
    /// The values accepted: those the example knows the answer for.
    pub range: RangeInclusive<usize>,
}

/// One example program: its name, what it counts, and its size argument if it has one.
pub struct Example {
    /// The program name, as in `cargo run --example NAME`.
    pub name: &'static str,
    /// One line saying what is counted, shown by `--help`.
    pub about: &'static str,
    /// The size argument, `None` for a fixed problem.
    pub size: Option<Size>,
}

/// A validated command line.
#[derive(Debug, PartialEq, Eq)]
pub struct Args {
    /// The size (0 for an example without one).
    pub size: usize,
    /// Where to write the model as DIMACS CNF, if asked.
    pub dimacs: Option<PathBuf>,
}

/// A problem instance ready to count.
pub struct Instance {
    /// What the output line starts with (`L(2,7)`).
    pub title: String,
    /// The 0-1 model whose models are counted.
    pub model: Model,
    /// Lines written as `c ...` comments at the top of the DIMACS file.
    pub comments: Vec<String>,
}

/// The comparison of a count with the known value.
pub struct Verdict {
    /// What follows the count on the output line (`models (OEIS A002860: 576 ok)`).
    pub detail: String,
    /// Whether the count is the known value.
    pub ok: bool,
}

impl Verdict {
    /// The verdict `ok`, worded as `{unit} ({note} ok)` or `{unit} ({note} MISMATCH)`.
    pub fn new(ok: bool, unit: &str, note: &str) -> Verdict {
        let word = if ok { "ok" } else { "MISMATCH" };
        Verdict {
            detail: format!("{unit} ({note} {word})"),
            ok,
        }
    }
}

impl Example {
    /// The usage text printed by `--help`.
    pub fn usage(&self) -> String {
        let size = match &self.size {
            Some(s) => format!(
                " [{}]\n\n{} is {}..={} (default {})",
                s.name.to_uppercase(),
                s.name.to_uppercase(),
                s.range.start(),
                s.range.end(),
                s.default
            ),
            None => String::new(),
        };
        format!(
            "{}\n\nusage: {} [--dimacs FILE]{size}\n\n--dimacs FILE  also write the model as DIMACS CNF\n\
             exit codes: 0 count as known, 1 count differs, 2 bad arguments or failure",
            self.about, self.name
        )
    }

    /// Parses the arguments after the program name; `Ok(None)` asks for help.
    ///
    /// # Errors
    /// A one-line message naming the bad argument.
    pub fn parse(&self, args: impl IntoIterator<Item = OsString>) -> Result<Option<Args>, String> {
        let mut size = None;
        let mut dimacs = None;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let Some(text) = arg.to_str() else {
                let shown = arg.to_string_lossy();
                return Err(format!("argument '{shown}' is not valid UTF-8"));
            };
            let path = match text.strip_prefix("--dimacs") {
                Some("") => Some(args.next().ok_or("--dimacs needs a FILE")?),
                Some(rest) => rest.strip_prefix('=').map(OsString::from),
                None => None,
            };
            if let Some(path) = path {
                if path.is_empty() {
                    return Err("--dimacs needs a FILE".into());
                }
                if dimacs.replace(PathBuf::from(path)).is_some() {
                    return Err("--dimacs given twice".into());
                }
            } else if text == "-h" || text == "--help" {
                return Ok(None);
            } else if text.starts_with('-') {
                return Err(format!("unknown option '{text}' (try --help)"));
            } else if size.is_some() {
                return Err(format!("unexpected argument '{text}'"));
            } else {
                size = Some(self.parse_size(text)?);
            }
        }
        let default = self.size.as_ref().map_or(0, |s| s.default);
        Ok(Some(Args {
            size: size.unwrap_or(default),
            dimacs,
        }))
    }

    fn parse_size(&self, text: &str) -> Result<usize, String> {
        let Some(s) = &self.size else {
            return Err(format!(
                "unexpected argument '{text}' ({} takes no size)",
                self.name
            ));
        };
        match text.parse::<usize>() {
            Ok(v) if s.range.contains(&v) => Ok(v),
            _ => Err(format!(
                "{} must be an integer from {} to {}, got '{text}'",
                s.name,
                s.range.start(),
                s.range.end()
            )),
        }
    }

    /// The whole program: parse the process arguments, `build` the instance for the size,
    /// write it as DIMACS if asked, count it, print `{title}: {count} {detail}` and return
    /// the exit code `judge` implies.
    pub fn main(
        &self,
        build: impl FnOnce(usize) -> Instance,
        judge: impl FnOnce(usize, &BigUint) -> Verdict,
    ) -> ExitCode {
        let args = match self.parse(std::env::args_os().skip(1)) {
            Ok(Some(args)) => args,
            Ok(None) => {
                println!("{}", self.usage());
                return ExitCode::SUCCESS;
            }
            Err(message) => return self.fail(&message),
        };
        let instance = build(args.size);
        if let Some(path) = &args.dimacs
            && let Err(message) = write_dimacs(&instance, path)
        {
            return self.fail(&message);
        }
        let count = match count(&instance) {
            Ok(count) => count,
            Err(message) => return self.fail(&message),
        };
        let verdict = judge(args.size, &count);
        println!("{}: {count} {}", instance.title, verdict.detail);
        if verdict.ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
    }

    fn fail(&self, message: &str) -> ExitCode {
        eprintln!("{}: {message}", self.name);
        ExitCode::from(2)
    }
}

/// The error and its sources on one line.
fn chain(e: &dyn Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// Writes the instance's model as DIMACS CNF (default encodings, projection line included).
fn write_dimacs(instance: &Instance, path: &Path) -> Result<(), String> {
    let shown = path.display();
    let file = File::create(path).map_err(|e| format!("cannot create '{shown}': {e}"))?;
    let mut out = BufWriter::new(file);
    write_model(
        &instance.model,
        &CnfOptions::default(),
        instance.comments.clone(),
        &mut out,
    )
    .map_err(|e| format!("cannot write '{shown}': {}", chain(&e)))?;
    out.flush()
        .map_err(|e| format!("cannot write '{shown}': {e}"))
}

/// Counts the instance's models with the engine over varisat, on every core.
fn count(instance: &Instance) -> Result<BigUint, String> {
    let problem = ModelProblem::new(
        &instance.model,
        Depth::Target(TARGET_CUBES),
        &instance.title,
    )
    .map_err(|e| chain(&e))?;
    let outcome = count_engine::run(&problem, &VarisatBackend::default(), &RunOptions::default())
        .map_err(|e| chain(&e))?;
    Ok(outcome.count)
}
