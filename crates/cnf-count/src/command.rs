//! The whole of `nqueens count cnf FILE` as one call, for a command-line program:
//! [`CountFile`] holds what the command line asked for, in this crate's terms and with the
//! flags' names in a [`Spelling`]; [`CountFile::run`] refuses what does not fit, reads the
//! file, counts it ([`crate::count`], or [`crate::count_cpog`] for a certificate by the
//! model counter, which a `models` count too large to list falls back to), writes the
//! compiled formula and the bundle asked for, and returns the [`Outcome`]: the report to
//! print, the lines to say on stderr, and whether it was interrupted.
//!
//! It touches no process state: a stop comes through [`CountFile::stop`], and a command line
//! that catches Ctrl-C only once the input is read says so in [`CountFile::on_read`]; the
//! manifest of a bundle names what the caller puts in [`CountFile::produced_by`].

mod cpog;
mod error;
mod report;

pub use error::CountFileError;

use crate::report::{Format, Printed};
use crate::{CertifySink, CnfCount, CnfCountError, CountOptions, FileFacts, Hooks, Method};
use crate::{ModelSink, ProgressDisplay, Reason, Spelling};
use count_certify::ProducedBy;
use count_engine::Shard;
use report::Report;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;
use zero_one_model::dimacs::{Cnf, ReadOptions};
use zero_one_model::{Backend, StopFlag, UnsatAnswers};

/// A count of a DIMACS file as a command line asks for it. Start from [`CountFile::new`]
/// and set what was given.
#[non_exhaustive]
pub struct CountFile<'a> {
    /// The file (`-`: stdin).
    pub path: &'a Path,
    /// How the caller names the options, in refusals and reports.
    pub names: Spelling<'a>,
    /// Refuse a header that declares more clauses than the file holds.
    pub strict: bool,
    /// The method ([`Method::Counter`] with [`CountFile::certify`]: a CPOG certificate).
    pub method: Method,
    /// As [`CountOptions::threads`].
    pub threads: Option<usize>,
    /// As [`CountOptions::cache_mb`].
    pub cache_mb: Option<usize>,
    /// Write the compiled formula (a decision-DNNF in d4's format) to this file.
    pub nnf: Option<&'a Path>,
    /// As [`CountOptions::orbits`].
    pub orbits: bool,
    /// As [`CountOptions::cube_depth`].
    pub cube_depth: Option<usize>,
    /// As [`CountOptions::checkpoint`].
    pub checkpoint: Option<&'a Path>,
    /// As [`CountOptions::shard`]: the report is then the shard's file.
    pub shard: Option<Shard>,
    /// As [`CountOptions::backend`].
    pub backend: Option<Arc<dyn Backend>>,
    /// Whether a backend was chosen (a caller that builds none for a CPOG certificate says
    /// so here): refused with a CPOG certificate, as [`CountFile::backend`] is.
    pub backend_given: bool,
    /// How the backend took an external solver's UNSATISFIABLE answers, for the report.
    pub unsat_answers: Option<UnsatAnswers>,
    /// Write a bundle certifying the count into this directory (new or empty).
    pub certify: Option<&'a Path>,
    /// Lift [`CountOptions::listing_limit`].
    pub force: bool,
    /// How the report is printed.
    pub format: Format,
    /// Show the progress on stderr (where it is a terminal).
    pub progress: bool,
    /// What an interrupted enumeration's line ends with: how to resume it.
    pub resume: String,
    /// What a bundle's manifest says produced it (the count's own figures are added).
    pub produced_by: ProducedBy,
    /// Raised to stop the count: it then ends with what it has, interrupted.
    pub stop: Option<StopFlag>,
    /// Called once the file is read, before any counting: where a command line that let a
    /// signal end a blocked read starts catching Ctrl-C instead.
    pub on_read: Option<fn()>,
}

/// How a run of [`CountFile`] ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// The report, one or more lines without the last newline (none when a stop left
    /// nothing to report).
    pub stdout: Option<String>,
    /// Lines for stderr, in order: an interruption and what it left.
    pub stderr: Vec<String>,
    /// Whether the count was interrupted (no bundle was then written).
    pub interrupted: bool,
}

impl<'a> CountFile<'a> {
    /// The count of `path` with every option at its default, the options named by
    /// `names`, a bundle's manifest naming `produced_by`.
    pub fn new(path: &'a Path, names: Spelling<'a>, produced_by: ProducedBy) -> Self {
        CountFile {
            path,
            names,
            strict: false,
            method: Method::Auto,
            threads: None,
            cache_mb: None,
            nnf: None,
            orbits: false,
            cube_depth: None,
            checkpoint: None,
            shard: None,
            backend: None,
            backend_given: false,
            unsat_answers: None,
            certify: None,
            force: false,
            format: Format::Text,
            progress: false,
            resume: String::new(),
            produced_by,
            stop: None,
            on_read: None,
        }
    }

    /// Whether the count is certified by the model counter's CPOG certificate from the
    /// start (asked for with [`Method::Counter`]): its backend is then not built.
    pub fn by_cpog(&self) -> bool {
        self.certify.is_some() && self.method == Method::Counter
    }

    /// Counts the file, writing what was asked for, and says how it went. `warn` is told
    /// each warning of the file as it is read.
    ///
    /// # Errors
    /// [`CountFileError`]: options that do not fit (in [`CountFile::names`]' terms), a file
    /// that cannot be read, counted or certified, an output that cannot be written.
    pub fn run(mut self, warn: &dyn Fn(&str)) -> Result<Outcome, CountFileError> {
        let start = Instant::now();
        // Said before the backend is handed to the count: a fallback to a CPOG certificate
        // refuses it.
        self.backend_given |= self.backend.is_some();
        if self.certify.is_some() && self.orbits {
            return Err(CountFileError::Refused(format!(
                "{} lists every model: use {}",
                self.names.models, self.names.orbits_off
            )));
        }
        if let (Some(dir), true) = (self.certify, self.by_cpog()) {
            return self.cpog(dir, Reason::Asked, warn);
        }
        let name = self.path.display().to_string();
        let label = if name == "-" { "stdin" } else { &name };
        let sink = (self.certify).map(|d| CertifySink::new(d, self.stop.clone()));
        let mut options = self.options(label)?;
        options.models = sink.as_ref().map(|s| s as &dyn ModelSink);
        let said = |e: CnfCountError, options: &CountOptions| {
            let file = format!("'{name}'");
            let said = e.said(&self.names, options, &file);
            CountFileError::of_count(e, said, &file)
        };
        options.check().map_err(|e| said(e, &options))?;
        if let Some(out) = self.nnf {
            atomic_output::refuse_input(out, self.path)
                .map_err(|e| CountFileError::Refused(format!("{} {e}", self.names.compile)))?;
            // The report goes to stdout: a formula there too would be one stream no reader
            // could take apart.
            if out.as_os_str() == "-" || atomic_output::names_descriptor(out) == Some(1) {
                return Err(CountFileError::Refused(format!(
                    "{} '{}' is stdout, where the report goes: name a file (or /dev/stderr)",
                    self.names.compile,
                    out.display()
                )));
            }
        }
        let cnf = self.read(&name, warn)?;
        let file = FileFacts::of(&cnf);
        if let Some(out) = self.nnf {
            // A bad output path is refused before a long compilation.
            atomic_output::classify(out)?;
        }
        if let (Some(sink), None) = (&sink, &cnf.weights) {
            // A weighted file is refused by the library, before any model is listed.
            sink.set_formula(self.formula_of(&cnf, &name)?);
        }
        let weighted = cnf.weights.is_some();
        let counted = self.count(cnf, &options);
        // auto lists the models of a certified count; a count too large to list, or a
        // weighted one, is certified by the model counter's CPOG certificate instead.
        let too_many = counted.as_ref().is_err_and(CnfCountError::wants_cpog);
        if let (true, Some(dir), Method::Auto) = (too_many, self.certify, self.method) {
            drop(options);
            drop(sink);
            let reason = match weighted {
                true => Reason::Weighted,
                false => Reason::Certificate,
            };
            return self.cpog(dir, reason, warn);
        }
        let counted = counted.map_err(|e| said(e, &options))?;
        drop(options);
        let report = Report {
            request: &self,
            name: &name,
            file: &file,
            start,
        };
        match counted {
            CnfCount::Enumerated(e) => report.enumerated(*e, sink),
            CnfCount::Counted(c) => report.counted(*c),
            CnfCount::Weighted(w) => report.weighted(*w),
        }
    }

    /// The options of the count (the model sink is added once the file is read).
    fn options<'b>(&mut self, label: &'b str) -> Result<CountOptions<'b>, CountFileError>
    where
        'a: 'b,
    {
        let mut options = CountOptions {
            method: self.method,
            threads: self.threads,
            cache_mb: self.cache_mb,
            compile: self.nnf.is_some(),
            orbits: self.orbits,
            cube_depth: self.cube_depth,
            checkpoint: self.checkpoint,
            shard: self.shard,
            label,
            backend: self.backend.take(),
            ..CountOptions::default()
        };
        if self.force {
            if !options.enumerates() {
                let Spelling { force, method, .. } = &self.names;
                return Err(CountFileError::Refused(format!(
                    "{force} lists the models of an enumeration that would take longer than ten minutes ({method} enumerate, or an option only enumeration honours); the model counter lists none, and auto hands such a file to it: drop {force}"
                )));
            }
            options.listing_limit = None;
        }
        Ok(options)
    }

    /// Reads the file: a certified count keeps its repeated clauses (a bundle lists the
    /// clauses as written); a count drops them (ten million copies of one take the memory
    /// of one). [`CountFile::on_read`] is called once it is read.
    fn read(&self, name: &str, warn: &dyn Fn(&str)) -> Result<Cnf, CountFileError> {
        let read = ReadOptions {
            strict: self.strict,
            weights: true,
            drop_repeated: self.certify.is_none(),
        };
        let cnf = zero_one_model::input::read_dimacs_file(self.path, name, &read)?;
        if let Some(on_read) = self.on_read {
            on_read();
        }
        for w in &cnf.warnings {
            warn(&format!("warning: '{name}': {w}"));
        }
        Ok(cnf)
    }

    /// F of a certified count: the file's clauses as read, in its own numbering.
    fn formula_of(
        &self,
        cnf: &Cnf,
        name: &str,
    ) -> Result<count_certify::make::Formula, CountFileError> {
        count_certify::formula_of(cnf).map_err(|e| match e {
            e @ count_certify::Uncertifiable::Invalid(_) => CountFileError::Uncertifiable(e),
            e => CountFileError::Refused(e.said(&format!("'{name}'"), &self.bundle())),
        })
    }

    /// How messages name a bundle of listed models.
    fn bundle(&self) -> String {
        format!("a {} bundle", self.names.models)
    }

    /// [`crate::count`] with the progress display and the stop.
    fn count(&self, cnf: Cnf, options: &CountOptions) -> Result<CnfCount, CnfCountError> {
        let display = ProgressDisplay::new(self.progress, options.cache_mb());
        let progress = |p: crate::Progress<'_>| display.show(p);
        let hooks = Hooks {
            stop: self.stop.clone(),
            progress: Some(&progress),
        };
        let counted = crate::count(cnf, options, &hooks);
        display.finish();
        counted
    }

    /// The report rendered in the format asked for.
    fn render(&self, report: &impl Printed) -> Result<String, CountFileError> {
        Ok(report.render(self.format)?)
    }
}

impl Outcome {
    fn new(stdout: Option<String>, stderr: Vec<String>, interrupted: bool) -> Outcome {
        Outcome {
            stdout,
            stderr,
            interrupted,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;

    /// `text` as a file in a new temporary directory.
    fn file(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.cnf");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn a_file_is_read_counted_and_reported_with_its_warnings() {
        let (_dir, path) = file("p cnf 2 2\n1 2 0\n");
        let mut request = CountFile::new(&path, Spelling::default(), ProducedBy::new("t", "0"));
        request.format = Format::Json;
        let warnings = RefCell::new(Vec::new());
        let outcome = request.run(&|w| warnings.borrow_mut().push(w.to_string()));
        let outcome = outcome.unwrap();
        assert!(!outcome.interrupted);
        assert!(outcome.stderr.is_empty());
        let json: serde_json::Value = serde_json::from_str(&outcome.stdout.unwrap()).unwrap();
        assert_eq!(json["count"], 3);
        let warnings = warnings.into_inner();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].starts_with("warning: '"), "{warnings:?}");
    }

    #[test]
    fn refusals_name_the_options_as_the_caller_spells_them() {
        let (dir, path) = file("p cnf 2 1\n1 2 0\n");
        let names = Spelling {
            models: "--certify",
            orbits_off: "--symmetry none",
            compile: "--nnf",
            ..Spelling::default()
        };
        let bundle = dir.path().join("bundle");
        let mut request = CountFile::new(&path, names.clone(), ProducedBy::new("t", "0"));
        request.certify = Some(&bundle);
        request.orbits = true;
        let e = request.run(&|_| {}).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--certify lists every model: use --symmetry none"
        );
        assert_eq!(
            zero_one_model::Blame::fault(&e),
            zero_one_model::Fault::Input
        );
        let mut request = CountFile::new(&path, names, ProducedBy::new("t", "0"));
        request.nnf = Some(Path::new("-"));
        let e = request.run(&|_| {}).unwrap_err();
        assert!(e.to_string().starts_with("--nnf '-' is stdout"), "{e}");
        assert!(!bundle.exists());
    }
}
