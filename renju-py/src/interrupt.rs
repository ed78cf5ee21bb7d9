//! Long runs (a match, a conformance run) that Ctrl-C stops promptly: the run goes on a
//! thread of its own while the calling thread waits without the GIL and runs Python's
//! signal handlers between short waits.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::prelude::*;

use renju_engine::process::Stop;

/// How often the signal handlers run while the work goes on.
const CHECK_EVERY: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own and waits for it without the GIL, running
/// Python's signal handlers every 50 ms. An exception they raise (KeyboardInterrupt)
/// raises `stop`, which `work` must watch (its engine waits return at once); the work
/// is still waited for, so that its engines are ended before this returns, and the
/// exception is returned beside its result (`None` if the work panicked).
pub fn run_interruptible<T: Send>(
    py: Python<'_>,
    stop: &Stop,
    work: impl FnOnce() -> T + Send,
) -> (Option<T>, Option<PyErr>) {
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            // The receiver lives until the result comes: nothing to do if it is gone.
            let _ = tx.send(work());
        });
        wait_for(py, rx, stop)
    })
}

/// Waits for the result without the GIL; every 50 ms, runs the signal handlers (an
/// exception raises `stop` and is returned beside the result).
fn wait_for<T: Send>(
    py: Python<'_>,
    rx: mpsc::Receiver<T>,
    stop: &Stop,
) -> (Option<T>, Option<PyErr>) {
    let mut rx = rx;
    let mut interrupt: Option<PyErr> = None;
    loop {
        let (got, back) = py.detach(move || (rx.recv_timeout(CHECK_EVERY), rx));
        rx = back;
        match got {
            Ok(result) => return (Some(result), interrupt),
            Err(RecvTimeoutError::Disconnected) => return (None, interrupt),
            Err(RecvTimeoutError::Timeout) => {
                if interrupt.is_none() {
                    if let Err(e) = py.check_signals() {
                        stop.raise();
                        interrupt = Some(e);
                    }
                }
            }
        }
    }
}
