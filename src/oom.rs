//! Running out of memory is a failure like any other: exit code 3 and one line on stderr,
//! not Rust's default abort ("memory allocation of N bytes failed", SIGABRT and a
//! backtrace). The global allocator is the system's, wrapped: when it returns null, the
//! wrapper writes the line with write(2) (nothing is allocated on the way), removes the
//! temporary files of outputs being written ([`atomic_output::temps`]) so that nothing is
//! left half-written, and ends the process with `_exit(3)`.
//!
//! The process ends at the first allocation that fails, so no caller that could have
//! recovered (a `try_reserve`) gets a null pointer; the binary has none.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit code of a process that ran out of memory (the table's "failure").
const EXIT_OUT_OF_MEMORY: i32 = 3;

/// The system allocator, ending the process with [`EXIT_OUT_OF_MEMORY`] when it fails.
struct ExitOnFailure;

#[global_allocator]
static ALLOCATOR: ExitOnFailure = ExitOnFailure;

/// Set by the first failure: a second one (removing a temporary file may allocate) ends
/// the process at once.
static FAILED: AtomicBool = AtomicBool::new(false);

// SAFETY: every method passes its arguments to `System` unchanged, under the same contract
// the caller upholds, and returns what `System` returned when it is not null; a null result
// never returns (the process ends).
unsafe impl GlobalAlloc for ExitOnFailure {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's `layout` has a non-zero size, as `GlobalAlloc::alloc` asks.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            out_of_memory(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            out_of_memory(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from `System` with `layout`; `new_size` is the caller's, valid
        // as `GlobalAlloc::realloc` asks.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            out_of_memory(new_size);
        }
        p
    }
}

/// Makes a thread that cannot be started (the standard library panics: "failed to spawn
/// thread", when memory or a process limit is short) a failure like running out of memory:
/// one line, the temporary outputs removed, exit code 3. Every other panic keeps the
/// default hook (a bug, said as one).
pub fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        let Some(why) = text.strip_prefix("failed to spawn thread") else {
            return default(info);
        };
        if !FAILED.swap(true, Ordering::SeqCst) {
            // The OS error's own words, not its debug form.
            let why = why
                .split_once("message: \"")
                .and_then(|(_, m)| m.split_once('"'))
                .map_or(why.trim_start_matches([':', ' ']), |(m, _)| m);
            let line = format!(
                "nqueens: error: could not start a thread ({why}): memory or a process limit is short (try --threads 1, or allow more memory); no output file was left half-written\n"
            );
            write_stderr(line.as_bytes());
            atomic_output::temps::remove_all_now();
        }
        // SAFETY: as in `out_of_memory`.
        unsafe { libc::_exit(EXIT_OUT_OF_MEMORY) }
    }));
}

/// Says that an allocation of `size` bytes failed, removes the temporary outputs and ends
/// the process with [`EXIT_OUT_OF_MEMORY`].
#[cold]
fn out_of_memory(size: usize) -> ! {
    if !FAILED.swap(true, Ordering::SeqCst) {
        let mut line = [0u8; 256];
        let n = message(size, &mut line);
        write_stderr(&line[..n]);
        atomic_output::temps::remove_all_now();
    }
    // SAFETY: _exit(2) ends the process without running destructors or atexit handlers,
    // which could allocate; it takes a plain integer.
    unsafe { libc::_exit(EXIT_OUT_OF_MEMORY) }
}

/// Writes the line for a failed allocation of `size` bytes into `out`, without
/// allocating; its length.
fn message(size: usize, out: &mut [u8; 256]) -> usize {
    const HEAD: &[u8] = b"nqueens: error: out of memory: an allocation of ";
    const TAIL: &[u8] =
        b" bytes failed (lower --cache-mb, or allow more memory); no output file was left half-written\n";
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = size;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let mut len = 0;
    for part in [HEAD, &digits[i..], TAIL] {
        out[len..len + part.len()].copy_from_slice(part);
        len += part.len();
    }
    len
}

/// Writes `bytes` to stderr with write(2), retrying short writes; errors are ignored (the
/// exit code still says it).
fn write_stderr(mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a valid, initialised buffer of `bytes.len()` bytes for the
        // duration of the call; write(2) only reads it.
        let n = unsafe { libc::write(libc::STDERR_FILENO, bytes.as_ptr().cast(), bytes.len()) };
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_the_size_without_allocating() {
        let mut line = [0u8; 256];
        let n = message(2_147_483_648, &mut line);
        let text = std::str::from_utf8(&line[..n]).unwrap();
        assert!(
            text.starts_with(
                "nqueens: error: out of memory: an allocation of 2147483648 bytes failed"
            ),
            "{text}"
        );
        assert!(text.ends_with("half-written\n"), "{text}");
        let n = message(usize::MAX, &mut line);
        assert!(std::str::from_utf8(&line[..n])
            .unwrap()
            .contains(&usize::MAX.to_string()));
        let n = message(0, &mut line);
        assert!(std::str::from_utf8(&line[..n])
            .unwrap()
            .contains(" of 0 bytes"));
    }
}
