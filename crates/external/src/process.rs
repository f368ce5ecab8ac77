//! Running a solver program: argv split without a shell, `{cnf}` and `{out}` placeholders,
//! a timeout that kills, and exit statuses turned into clear errors.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A solver command line, e.g. `cadical -q` or `minisat -verb=0 {cnf} {out}`.
///
/// The CNF file's path replaces `{cnf}`, or is appended when there is none. With `{out}`,
/// the answer is read from that file (MiniSat's result file) instead of stdout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverCommand {
    argv: Vec<String>,
}

impl SolverCommand {
    /// Splits `line` on whitespace (no shell: no quotes, pipes or variables).
    ///
    /// # Errors
    /// An empty command line.
    pub fn parse(line: &str) -> Result<SolverCommand, String> {
        let argv: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        if argv.is_empty() {
            return Err("the solver command is empty".into());
        }
        Ok(SolverCommand { argv })
    }

    /// The program name, for messages.
    pub fn program(&self) -> &str {
        &self.argv[0]
    }

    /// Whether the answer goes to an `{out}` file.
    pub fn writes_out_file(&self) -> bool {
        self.argv.iter().any(|a| a.contains("{out}"))
    }

    /// Runs on `cnf`, returning (exit code, the answer text).
    pub fn run(
        &self,
        cnf: &Path,
        out: Option<&Path>,
        timeout: Option<Duration>,
    ) -> Result<(i32, String), String> {
        let cnf_s = cnf.display().to_string();
        let out_s = out.map(|p| p.display().to_string()).unwrap_or_default();
        let mut args: Vec<String> = self.argv[1..]
            .iter()
            .map(|a| a.replace("{cnf}", &cnf_s).replace("{out}", &out_s))
            .collect();
        if !self.argv.iter().any(|a| a.contains("{cnf}")) {
            args.push(cnf_s);
        }
        let program = self.program();
        let mut child = Command::new(program)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => {
                    format!("'{program}' was not found (is it installed and on PATH?)")
                }
                _ => format!("'{program}' could not be started: {e}"),
            })?;
        // Read stdout on a thread so a chatty solver cannot block on a full pipe.
        let mut stdout = child.stdout.take().expect("piped");
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stdout.read_to_string(&mut text);
            text
        });
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().map_err(|e| format!("'{program}': {e}"))? {
                break status;
            }
            if timeout.is_some_and(|t| start.elapsed() >= t) {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "'{program}' timed out after {:.1} s and was killed",
                    timeout.expect("checked").as_secs_f64()
                ));
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let text = reader.join().unwrap_or_default();
        let code = match status.code() {
            Some(c) => c,
            None => {
                #[cfg(unix)]
                {
                    use std::os::unix::process::ExitStatusExt;
                    if let Some(sig) = status.signal() {
                        return Err(format!("'{program}' was killed by signal {sig}"));
                    }
                }
                return Err(format!("'{program}' ended without an exit code"));
            }
        };
        let text = match out {
            Some(p) => std::fs::read_to_string(p)
                .map_err(|e| format!("'{program}' wrote no result file: {e}"))?,
            None => text,
        };
        Ok((code, text))
    }
}
