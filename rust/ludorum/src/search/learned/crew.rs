//! A crew of threads that lives as long as one batched search: the search hands every part of
//! its roots the same job once per simulation step, and between jobs has all the parts to
//! itself (for the evaluator's call). The threads are spawned once per search, not once per
//! step, and wait on one barrier between jobs.

use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Barrier, Mutex, MutexGuard, PoisonError};

/// The parts, the job under way, and how the threads meet.
pub(crate) struct Crew<'a, P, J> {
    parts: &'a [Mutex<P>],
    shared: &'a Shared<J>,
    work: &'a (dyn Fn(&mut P, J) + Sync),
    /// A job was handed out and its end not yet waited for (a panic of the caller in between
    /// still meets the threads at the barrier).
    running: bool,
}

struct Shared<J> {
    /// The job of the round under way; `None` sends the threads home.
    job: Mutex<Option<J>>,
    barrier: Barrier,
    /// A thread's panic, raised again on the caller's thread.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `lead` with a crew working on `parts`: part 0 on this thread, each other part on a
/// thread of its own (none when there is one part). Returns `lead`'s answer and the parts.
pub(crate) fn with_crew<P: Send, J: Copy + Send, T>(
    parts: Vec<P>,
    work: impl Fn(&mut P, J) + Sync,
    lead: impl FnOnce(&mut Crew<'_, P, J>) -> T,
) -> (T, Vec<P>) {
    let parts: Vec<Mutex<P>> = parts.into_iter().map(Mutex::new).collect();
    let shared = Shared {
        job: Mutex::new(None),
        barrier: Barrier::new(parts.len().max(1)),
        panic: Mutex::new(None),
    };
    let out = std::thread::scope(|scope| {
        for part in parts.iter().skip(1) {
            let (shared, work) = (&shared, &work);
            scope.spawn(move || loop {
                shared.barrier.wait();
                let Some(job) = *lock(&shared.job) else {
                    return;
                };
                let done = catch_unwind(AssertUnwindSafe(|| work(&mut lock(part), job)));
                if let Err(panic) = done {
                    *lock(&shared.panic) = Some(panic);
                }
                shared.barrier.wait();
            });
        }
        let mut crew = Crew {
            parts: &parts,
            shared: &shared,
            work: &work,
            running: false,
        };
        lead(&mut crew)
    });
    let parts = parts
        .into_iter()
        .map(|p| p.into_inner().unwrap_or_else(PoisonError::into_inner))
        .collect();
    (out, parts)
}

impl<P, J: Copy> Crew<'_, P, J> {
    /// Does `job` on every part, all at once, and returns when all are done.
    pub fn run(&mut self, job: J) {
        let Some(first) = self.parts.first() else {
            return;
        };
        if self.parts.len() == 1 {
            (self.work)(&mut lock(first), job);
            return;
        }
        *lock(&self.shared.job) = Some(job);
        self.running = true;
        self.shared.barrier.wait();
        (self.work)(&mut lock(first), job);
        self.shared.barrier.wait();
        self.running = false;
        if let Some(panic) = lock(&self.shared.panic).take() {
            resume_unwind(panic);
        }
    }

    /// Every part, locked (between jobs no thread holds one).
    pub fn parts(&self) -> Vec<MutexGuard<'_, P>> {
        self.parts.iter().map(lock).collect()
    }
}

impl<P, J> Drop for Crew<'_, P, J> {
    /// Sends the threads home (after the job under way, when the caller panicked in one).
    fn drop(&mut self) {
        if self.parts.len() <= 1 {
            return;
        }
        if self.running {
            self.shared.barrier.wait();
        }
        *lock(&self.shared.job) = None;
        self.shared.barrier.wait();
    }
}
