//! Running out of memory as a failure like any other: one line on stderr and exit code 3,
//! not Rust's default abort ("memory allocation of N bytes failed", SIGABRT and a
//! backtrace). [`ExitOnFailure`] is the system's allocator, wrapped: when it returns null,
//! the wrapper writes the line with write(2) (nothing is allocated on the way), removes the
//! temporary files of outputs being written ([`crate::temps`]) so that nothing is left
//! half-written, and ends the process with `_exit(3)`. A program makes it its allocator:
//!
//! ```no_run
//! use atomic_output::oom::ExitOnFailure;
//!
//! #[global_allocator]
//! static ALLOCATOR: ExitOnFailure = ExitOnFailure {
//!     program: "prog",
//!     memory_hint: "allow more memory",
//!     thread_hint: "try fewer threads",
//! };
//!
//! fn main() {
//!     ALLOCATOR.install_panic_hook();
//! }
//! ```
//!
//! The process ends at the first allocation that fails, so no caller that could have
//! recovered (a `try_reserve`) gets a null pointer.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

/// The exit code of a process that ran out of memory (a failure).
pub const EXIT_OUT_OF_MEMORY: i32 = 3;

/// Set by the first failure: a second one (removing a temporary file may allocate) ends
/// the process at once.
static FAILED: AtomicBool = AtomicBool::new(false);

/// The system allocator, ending the process with [`EXIT_OUT_OF_MEMORY`] and one line when it
/// fails.
#[derive(Debug)]
pub struct ExitOnFailure {
    /// The program's name, which starts the line.
    pub program: &'static str,
    /// What to do about it, in the line of a failed allocation.
    pub memory_hint: &'static str,
    /// What to do about it, in the line of a thread that could not start.
    pub thread_hint: &'static str,
}

// SAFETY: every method passes its arguments to `System` unchanged, under the same contract
// the caller upholds, and returns what `System` returned when it is not null; a null result
// never returns (the process ends).
unsafe impl GlobalAlloc for ExitOnFailure {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's `layout` has a non-zero size, as `GlobalAlloc::alloc` asks.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            self.out_of_memory(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            self.out_of_memory(layout.size());
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
            self.out_of_memory(new_size);
        }
        p
    }
}

impl ExitOnFailure {
    /// Makes a thread that cannot be started (the standard library panics: "failed to
    /// spawn thread", or "failed to allocate an alternative stack" in the new thread, when
    /// memory or a process limit is short) a failure like running out
    /// of memory: one line, the temporary outputs removed, exit code 3. Every other panic
    /// keeps the default hook (a bug, said as one).
    pub fn install_panic_hook(&'static self) {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let text = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("");
            // A thread that started but got no signal stack (the standard library panics in
            // it: "failed to allocate an alternative stack") is short of the same memory.
            let started = text
                .strip_prefix("failed to spawn thread")
                .or_else(|| text.strip_prefix("failed to allocate an alternative stack"));
            let Some(why) = started else {
                return default(info);
            };
            if !FAILED.swap(true, Ordering::SeqCst) {
                // The OS error's own words, not its debug form.
                let why = why
                    .split_once("message: \"")
                    .and_then(|(_, m)| m.split_once('"'))
                    .map_or(why.trim_start_matches([':', ' ']), |(m, _)| m);
                let line = format!(
                    "{}: error: could not start a thread ({why}): memory or a process limit is short ({}); no output file was left half-written\n",
                    self.program, self.thread_hint
                );
                write_stderr(line.as_bytes());
                crate::temps::remove_all_now();
            }
            // SAFETY: as in `out_of_memory`.
            unsafe { libc::_exit(EXIT_OUT_OF_MEMORY) }
        }));
    }

    /// Says that an allocation of `size` bytes failed, removes the temporary outputs and
    /// ends the process with [`EXIT_OUT_OF_MEMORY`].
    #[cold]
    fn out_of_memory(&self, size: usize) -> ! {
        if !FAILED.swap(true, Ordering::SeqCst) {
            let mut line = [0u8; 512];
            let n = self.message(size, &mut line);
            write_stderr(&line[..n]);
            crate::temps::remove_all_now();
        }
        // SAFETY: _exit(2) ends the process without running destructors or atexit
        // handlers, which could allocate; it takes a plain integer.
        unsafe { libc::_exit(EXIT_OUT_OF_MEMORY) }
    }

    /// Writes the line for a failed allocation of `size` bytes into `out`, without
    /// allocating (parts past its end are cut); its length.
    fn message(&self, size: usize, out: &mut [u8; 512]) -> usize {
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
        let parts: [&[u8]; 6] = [
            self.program.as_bytes(),
            b": error: out of memory: an allocation of ",
            &digits[i..],
            b" bytes failed (",
            self.memory_hint.as_bytes(),
            b"); no output file was left half-written\n",
        ];
        let mut len = 0;
        for part in parts {
            let take = part.len().min(out.len() - len);
            out[len..len + take].copy_from_slice(&part[..take]);
            len += take;
        }
        len
    }
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

    const PROG: ExitOnFailure = ExitOnFailure {
        program: "nqueens",
        memory_hint: "lower --cache-mb, or allow more memory",
        thread_hint: "",
    };

    fn said(size: usize) -> String {
        let mut line = [0u8; 512];
        let n = PROG.message(size, &mut line);
        std::str::from_utf8(&line[..n]).unwrap().to_owned()
    }

    #[test]
    fn the_message_names_the_size_without_allocating() {
        let text = said(2_147_483_648);
        assert!(
            text.starts_with(
                "nqueens: error: out of memory: an allocation of 2147483648 bytes failed (lower --cache-mb"
            ),
            "{text}"
        );
        assert!(text.ends_with("half-written\n"), "{text}");
        assert!(said(usize::MAX).contains(&usize::MAX.to_string()));
        assert!(said(0).contains(" of 0 bytes"));
    }
}
