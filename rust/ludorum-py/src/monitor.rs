//! Long calls with the GIL released, watched from the calling thread: Ctrl-C stops them within
//! a fraction of a second and surfaces as `KeyboardInterrupt`.

use std::sync::atomic::{AtomicBool, Ordering};

use ludorum::core::batch::MONITOR_INTERVAL;
use ludorum::core::dyn_game::DynGame;
use pyo3::prelude::*;

/// Runs `work(stop)` on a worker thread with the GIL released while the calling thread checks
/// for signals about every [`MONITOR_INTERVAL`]; a signal handler that raises (Ctrl-C) sets
/// `stop`, and `work` must then give up soon, returning `None`: the handler's error is raised.
pub fn watched<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> Option<T> + Send,
{
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let mut failure = None;
    let mut result = None;
    py.detach(|| {
        // The work goes to rayon's pool, whose threads outlive a call: a scoped thread per
        // call cost ~10 µs more than this (`MCTS(simulations=1).choose`: 31 -> 21 µs).
        rayon::in_place_scope(|scope| {
            let caller = std::thread::current();
            let (stop, done, out) = (&stop, &done, &mut result);
            scope.spawn(move |_| {
                // `done` is set even when `work` panics: the loop below ends, and the scope
                // raises the panic on the caller.
                let _finished = Finished { done, caller };
                *out = work(stop);
            });
            while !done.load(Ordering::Acquire) {
                std::thread::park_timeout(MONITOR_INTERVAL);
                if failure.is_none() && !done.load(Ordering::Acquire) {
                    if let Err(error) = Python::attach(|py| py.check_signals()) {
                        failure = Some(error);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        });
    });
    match (result, failure) {
        (_, Some(error)) => Err(error),
        (Some(value), None) => Ok(value),
        (None, None) => unreachable!("the work stops only when asked to"),
    }
}

/// Runs `work(stop)` on the calling thread with the GIL released, for calls that are often
/// short (a search of a few hundred simulations): handing them to another thread, as
/// [`watched`] does, and back costs more than they do. The work's loops check for signals
/// themselves through [`ludorum::core::watch::stopped`] on this thread, about every
/// [`MONITOR_INTERVAL`]; a signal handler that raises (Ctrl-C) sets `stop`, and its error is
/// raised. Work shared with other threads checks only while this thread works: a call whose
/// caller may wait long for its helpers uses [`watched`].
pub fn watched_here<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> T + Send,
{
    let (result, failure) = py.detach(|| {
        let failure = std::rc::Rc::new(std::cell::RefCell::new(None));
        let raised = failure.clone();
        let give_up = move || match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(error) => {
                *raised.borrow_mut() = Some(error);
                true
            }
        };
        let stop = AtomicBool::new(false);
        let result = ludorum::core::watch::watching(give_up, || work(&stop));
        let failure = failure.borrow_mut().take();
        (result, failure)
    });
    match failure {
        Some(error) => Err(error),
        None => Ok(result),
    }
}

/// Marks a watched call's work done when dropped, and wakes the caller.
struct Finished<'a> {
    done: &'a AtomicBool,
    caller: std::thread::Thread,
}

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Release);
        self.caller.unpark();
    }
}

/// `perft(game, depth)` on a copy of a game, watched: the GIL is released and Ctrl-C stops it.
pub fn perft(py: Python<'_>, mut game: Box<dyn DynGame>, depth: u32) -> PyResult<u64> {
    if depth <= 1 {
        return Ok(game.perft(depth)); // at once: no thread for a count
    }
    watched(py, move |stop| game.perft_until(depth, stop))
}
