//! A solver runs as the leader of its own process group, so that everything it starts ends
//! with it: on a time-out, on a stop request, when its output passes the bound, and after it
//! exits (a script's background children must neither outlive it nor hold its output pipe
//! open). Being in its own group also keeps the terminal's Ctrl-C away from it: the stop is
//! ours to carry out, after which the partial count is reported.
//!
//! Every live group is registered, so [`kill_running`] can end them all from a signal
//! handler's thread just before the process exits.

use std::collections::BTreeSet;
use std::io;
use std::process::{Child, ChildStdout, Command, ExitStatus};
use std::sync::Mutex;

/// The process groups running now, and whether [`kill_running`] has been called.
struct Live {
    groups: BTreeSet<u32>,
    shut_down: bool,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    groups: BTreeSet::new(),
    shut_down: false,
});

fn live() -> std::sync::MutexGuard<'static, Live> {
    // A panic elsewhere while holding the lock leaves the set valid: keep using it.
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Sends SIGKILL to every process of group `pgid`. A group already gone is not an error.
#[cfg(unix)]
#[allow(unsafe_code)]
fn kill_group(pgid: u32) {
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        // SAFETY: kill(2) takes plain integers and touches no memory of ours; a negative
        // pid addresses the process group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// Has the kernel kill the solver (SIGKILL) when this process dies without a chance to end
/// it: `kill -9`, where no handler and no `Drop` runs. The parent-death signal fires when the
/// *thread* that spawned the child ends, not the process: [`Group::spawn`] is called from
/// `SolverCommand::run`, which waits for the child and kills and reaps its group (dropping
/// the [`Group`]) before it returns, on the same thread; so that thread always outlives the
/// child. What the solver starts itself is not covered: those processes have the solver as
/// parent, and a `kill -9` of nqueens leaves them running (the solver's group is killed on
/// every other way out).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn die_with_parent(command: &mut Command) {
    let parent = std::process::id();
    let set = move || {
        // SAFETY: prctl(2), getppid(2) and raise(3) are async-signal-safe system calls on
        // plain integers, allowed between fork and exec.
        unsafe {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(io::Error::last_os_error());
            }
            // The parent died before the prctl: no signal will come, so go now.
            if u32::try_from(libc::getppid()).ok() != Some(parent) {
                libc::raise(libc::SIGKILL);
            }
        }
        Ok(())
    };
    // SAFETY: the closure only makes the system calls above (no allocation, no locks).
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(command, set);
    }
}

/// Ends every solver process group this process has running (SIGKILL) and deletes the
/// temporary files of their calls; solver runs started afterwards are refused as
/// interrupted. For a signal handler that is about to exit the process, where no `Drop`
/// will run.
pub fn kill_running() {
    let mut live = live();
    live.shut_down = true;
    #[cfg(unix)]
    for &pgid in &live.groups {
        kill_group(pgid);
    }
    drop(live);
    crate::tmp::remove_all();
}

/// A running solver and its process group; dropping it kills the group and reaps the
/// leader, so no early return leaves anything running.
pub(crate) struct Group {
    child: Child,
    reaped: bool,
}

impl Group {
    /// Starts `command` as the leader of a new process group.
    ///
    /// # Errors
    /// What spawning said; [`io::ErrorKind::Interrupted`] after [`kill_running`].
    pub(crate) fn spawn(command: &mut Command) -> io::Result<Group> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(command, 0);
        #[cfg(target_os = "linux")]
        die_with_parent(command);
        // Spawning under the lock: kill_running sees either no child or a registered one.
        let mut live = live();
        if live.shut_down {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the process is shutting down",
            ));
        }
        let child = command.spawn()?;
        live.groups.insert(child.id());
        Ok(Group {
            child,
            reaped: false,
        })
    }

    /// The solver's standard output, once.
    pub(crate) fn take_stdout(&mut self) -> Option<ChildStdout> {
        self.child.stdout.take()
    }

    /// The leader's exit status once it has exited; then whatever it left running in its
    /// group is killed.
    ///
    /// # Errors
    /// When waiting fails.
    pub(crate) fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        let status = self.child.try_wait()?;
        if status.is_some() {
            // The group id stays reserved while any member lives, so this cannot reach a
            // stranger's group unless the pid is reused within this instant.
            self.reaped = true;
            self.end();
        }
        Ok(status)
    }

    /// Kills the group (if still running) and reaps the leader.
    pub(crate) fn kill(&mut self) {
        if !self.reaped {
            self.end();
            #[cfg(not(unix))]
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.reaped = true;
        }
    }

    /// Kills the whole group and forgets it.
    fn end(&self) {
        let mut live = live();
        #[cfg(unix)]
        kill_group(self.child.id());
        live.groups.remove(&self.child.id());
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}
