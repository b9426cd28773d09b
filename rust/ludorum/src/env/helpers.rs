//! [`Helpers`]: the threads that share a batched env's calls with the calling thread: a pool of
//! the env's own, one thread fewer than the call's threads, kept awake for a moment after a
//! call so that the next call finds them running.
//!
//! A pool thread with no work goes to sleep within a few microseconds, and waking it takes
//! tens of microseconds on a loaded virtual machine, which a call must wait for (a scope ends
//! when every job spawned in it has run): as long as a whole step of 1,024 tic-tac-toe envs
//! shared between two threads (~40 µs). A learner that steps in a loop comes back within the
//! Python between two calls (a few microseconds to tens), so a helper that spins that long is
//! there when the next call spawns its work. The pool is the env's own, of exactly the
//! helpers it needs: in rayon's global pool (a thread per core) the other pool threads were
//! woken at every call, found nothing to do and took turns on the cores with the helper.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::{Scope, ThreadPool, ThreadPoolBuilder};

/// The longest a helper spins for the next call; a learner that has not called again by then
/// is doing other work (its network), which a spinning thread would slow down.
const LINGER: Duration = Duration::from_micros(200);

/// A batched env's helper threads, made at its first shared call.
#[derive(Debug, Default)]
pub(super) struct Helpers {
    pool: Option<ThreadPool>,
    /// The calls, counted so that a spinning helper knows the next one came.
    calls: Arc<AtomicU64>,
}

impl Helpers {
    /// Runs `work` in a scope of a pool of `helpers` threads (made at the first call, or
    /// again when `helpers` changes), then, to `linger`, keeps them spinning until the next
    /// call or for [`LINGER`]. Without a pool (the system refused a thread), `work`'s spawns
    /// run on rayon's global pool.
    pub(super) fn scope<'s, R>(
        &mut self,
        helpers: usize,
        linger: bool,
        work: impl FnOnce(&Scope<'s>) -> R,
    ) -> R {
        if self.pool.as_ref().map(ThreadPool::current_num_threads) != Some(helpers) {
            self.pool = ThreadPoolBuilder::new().num_threads(helpers).build().ok();
        }
        // the helpers spinning for this call stop, so that their threads take its jobs
        self.calls.fetch_add(1, Ordering::Release);
        let Some(pool) = &self.pool else {
            return rayon::in_place_scope(work);
        };
        let result = pool.in_place_scope(work);
        if !linger {
            return result;
        }
        let seen = self.calls.load(Ordering::Relaxed);
        for _ in 0..helpers {
            let calls = Arc::clone(&self.calls);
            pool.spawn(move || {
                let end = Instant::now() + LINGER;
                while calls.load(Ordering::Acquire) == seen && Instant::now() < end {
                    for _ in 0..64 {
                        std::hint::spin_loop();
                    }
                    // on a core shared with the caller (the other one taken by another
                    // process), the caller goes first
                    std::thread::yield_now();
                }
            });
        }
        result
    }
}
