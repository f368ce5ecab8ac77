//! Running the workspace's example binaries from a test, as built by cargo for this test
//! run's profile, refusing a binary older than its sources.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What one run of an example printed.
pub struct Ran {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The example binary `name`, built by cargo for this test run's profile and not older
/// than `examples/{name}.rs` or any of `shared` (paths from the package root).
pub fn example_binary(name: &str, shared: &[&str]) -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("test binary in target/<profile>/deps");
    let binary = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let built = std::fs::metadata(&binary)
        .and_then(|m| m.modified())
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}; build the examples first (`cargo build --examples`, or plain `cargo test`)",
                binary.display()
            )
        });
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let own = format!("examples/{name}.rs");
    for source in std::iter::once(own.as_str()).chain(shared.iter().copied()) {
        let changed = std::fs::metadata(root.join(source))
            .and_then(|m| m.modified())
            .expect("example source exists");
        assert!(
            changed <= built,
            "{} is older than {source}: rebuild with `cargo build --examples`",
            binary.display()
        );
    }
    binary
}

/// Runs example `name` (see [`example_binary`] for `shared`) with `args`.
pub fn run_example<S: AsRef<OsStr>>(name: &str, shared: &[&str], args: &[S]) -> Ran {
    let out = Command::new(example_binary(name, shared))
        .args(args)
        .output()
        .expect("example runs");
    Ran {
        code: out.status.code().expect("exited normally"),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}
