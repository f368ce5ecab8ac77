//! `kill_running`, as a signal handler calls it before exiting: every running solver's
//! process group is killed, every temporary file removed, and no solver starts afterwards.
//! Alone in its own test binary, because it shuts the backend down for the whole process.

use solver_pipe::{kill_running, ExternalBackend, SolverCommand};
use std::error::Error;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use zero_one_model::{Backend, BackendErrorKind, CnfOptions, Constraint, Model};

/// Whether process `pid` is alive (not gone, not a zombie).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| Some(s.rsplit_once(')')?.1.split_whitespace().next()? != "Z"))
        .unwrap_or(false)
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect()
}

#[test]
fn kill_running_ends_every_solver_group_removes_its_files_and_refuses_new_runs() {
    let dir = std::env::temp_dir().join(format!("nqueens-kill-running-{}", std::process::id()));
    let tmp = dir.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    // SAFETY: this test is alone in its binary and sets the variable before it starts any
    // thread or child, so nothing reads the environment meanwhile.
    #[allow(unsafe_code)]
    unsafe {
        std::env::set_var("TMPDIR", &tmp)
    };
    let pids = dir.join("pids");
    let script = dir.join("hang.sh");
    std::fs::write(
        &script,
        format!(
            "sleep 1000 &\necho \"$$ $!\" > {}\nsleep 1000\n",
            pids.display()
        ),
    )
    .unwrap();
    let backend = ExternalBackend {
        command: SolverCommand::parse(&format!("sh {}", script.display())).unwrap(),
        timeout: None,
        stop: None,
        options: CnfOptions::default(),
        confirm_unsat: None,
    };
    let mut m = Model::new();
    let a = m.new_var("a");
    m.add(Constraint::Clause(vec![a.positive()]));
    let solver = {
        let (backend, m) = (backend.clone(), m.clone());
        std::thread::spawn(move || {
            let mut sols = backend.solutions(&m, &[]).unwrap();
            sols.next_solution().unwrap_err().kind()
        })
    };
    let start = Instant::now();
    while !pids.exists() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let recorded = std::fs::read_to_string(&pids).unwrap();
    assert_eq!(files_in(&tmp).len(), 1, "the CNF of the running call");
    kill_running();
    assert_eq!(files_in(&tmp), Vec::<PathBuf>::new());
    // The solver was killed by SIGKILL, not stopped: a failed solver.
    assert_eq!(solver.join().unwrap(), BackendErrorKind::SolverFailed);
    for pid in recorded.split_whitespace() {
        let start = Instant::now();
        while alive(pid) && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(!alive(pid), "process {pid} survived");
    }
    let err = backend
        .solutions(&m, &[])
        .unwrap()
        .next_solution()
        .unwrap_err();
    assert!(
        err.source()
            .and_then(|s| s.downcast_ref::<std::io::Error>())
            .is_some_and(|e| e.kind() == std::io::ErrorKind::Interrupted),
        "{err:?}"
    );
    assert_eq!(files_in(&tmp), Vec::<PathBuf>::new());
    let _ = std::fs::remove_dir_all(&dir);
}
