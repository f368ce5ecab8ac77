//! Ctrl-C: the first one asks a count to stop taking cubes and report what it has; a second
//! one, while the first is being honoured, ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once; later calls do nothing).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}
