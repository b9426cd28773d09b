//! The engine's own threads: the helpers of a threaded search or a batched step.
//!
//! A threaded call runs on its calling thread and on threads of this pool, which outlive the
//! call (a thread started and joined per call costs ~40 µs on a quiet 2-core machine). The pool
//! has one thread fewer than the machine has cores, since the calling thread works too; a call
//! that asks for more threads than that has its extra shares run by the threads there are.
//!
//! A pool thread done with its part stays awake for [`LINGER`], taking any job that comes
//! meanwhile, before it goes to sleep; while it waits it yields its core to any other thread
//! that wants it. Waking a sleeping thread costs little on a quiet
//! machine, but on a virtual machine whose host is busy the core of a sleeping thread can take
//! a millisecond to come back, and searches and steps come one after the other: MCTS with 2,000
//! simulations on two threads from Python gave 1.5× the one-thread rate in such spells against
//! 1.9× in others, while two one-thread processes ran together at 2.0× throughout. The pool is
//! the engine's own rather than rayon's global one, so that what a program does with the global
//! pool neither takes these threads nor is woken by the engine's jobs.

use std::cell::Cell;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long a pool thread stays awake after its job for the next one.
pub const LINGER: Duration = Duration::from_millis(1);

/// The pool (made at the first threaded call).
pub fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        rayon::ThreadPoolBuilder::new()
            .num_threads(cores.saturating_sub(1).max(1))
            .thread_name(|i| format!("ludorum-{i}"))
            .build()
            .expect("the engine's thread pool starts")
    })
}

/// Runs `job` on a pool thread, which then lingers (see [`LINGER`]); the caller does not wait.
pub fn spawn(job: impl FnOnce() + Send + 'static) {
    pool().spawn(move || {
        job();
        linger();
    });
}

/// Runs `body` on the calling thread with a scope whose spawned jobs run on pool threads, and
/// returns once they have all ended. Each spawned job's thread lingers afterwards (outside the
/// scope: the caller does not wait for it).
pub fn in_place_scope<'s, R>(body: impl FnOnce(&Scope<'_, 's>) -> R) -> R {
    pool().in_place_scope(|scope| body(&Scope(scope)))
}

/// The scope of [`in_place_scope`].
pub struct Scope<'a, 's>(&'a rayon::Scope<'s>);

impl<'s> Scope<'_, 's> {
    /// Runs `job` on a pool thread within the scope.
    pub fn spawn(&self, job: impl FnOnce() + Send + 's) {
        self.0.spawn(move |_| {
            job();
            // A job of the pool's own, run next by this thread once the scope's job is done.
            pool().spawn(linger);
        });
    }
}

thread_local! {
    /// This thread is lingering: a job it takes meanwhile does not linger in turn.
    static LINGERING: Cell<bool> = const { Cell::new(false) };
}

/// Stays awake for [`LINGER`] after the last job, running any job of the pool that comes.
fn linger() {
    if LINGERING.get() {
        return;
    }
    LINGERING.set(true);
    let mut since = Instant::now();
    while since.elapsed() < LINGER {
        match rayon::yield_now() {
            Some(rayon::Yield::Executed) => since = Instant::now(),
            // Yield the core to any other runnable thread (a network's threads between two
            // steps), but stay runnable, so that the core is not given back to the host.
            _ => std::thread::yield_now(),
        }
    }
    LINGERING.set(false);
}
