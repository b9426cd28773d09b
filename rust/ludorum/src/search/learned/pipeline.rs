//! The pipelined search: the roots in two halves, one half searched on a thread of its own while
//! the evaluator scores the other half's leaves on the calling thread, so that the search's time
//! hides behind the evaluator's.
//!
//! Each half goes through the jobs and evaluator calls of an unpipelined search, in the same
//! order; only the two halves' turns interleave. So for an evaluator that scores each leaf on its
//! own (the same output row for the same input row, whatever else is in the batch) every root's
//! search, and its result, is the one of an unpipelined search.

use std::sync::{mpsc, Mutex, MutexGuard, PoisonError};

use super::batch::{evaluate, interrupted, jobs, Cache, Ctx, Job, Part};
use super::{Evaluator, LeafBatch};
use crate::core::error::Error;
use crate::core::game::Game;

/// What the search of both halves needs besides them.
pub(super) struct Plan<'p> {
    pub ctx: &'p Ctx<'p>,
    pub simulations: u32,
    pub per_step: u32,
}

/// Searches the two `halves`: a worker thread does every job of both, half after half, and the
/// calling thread scores the leaves of the job before the one under way (every job but the last
/// one of a half is followed by an evaluator call, as in the unpipelined search).
///
/// # Errors
///
/// As the unpipelined search: a job's error, the evaluator's, or an interruption (asked before
/// each simulation step).
pub(super) fn run<G: Game, E: Evaluator<G> + ?Sized>(
    halves: Vec<Part<'_, G>>,
    plan: &Plan<'_>,
    batch: &mut LeafBatch<G>,
    cache: &mut Cache,
    evaluator: &mut E,
    interrupt: &mut dyn FnMut() -> bool,
) -> Result<(), Error> {
    let halves: Vec<Mutex<Part<'_, G>>> = halves.into_iter().map(Mutex::new).collect();
    let lock = |h: usize| -> MutexGuard<'_, Part<'_, G>> {
        halves[h].lock().unwrap_or_else(PoisonError::into_inner)
    };
    let jobs = jobs(plan.simulations, plan.per_step);
    let ctx = plan.ctx;
    let turns: Vec<(usize, usize)> = (0..jobs.len())
        .flat_map(|k| (0..halves.len()).map(move |h| (k, h)))
        .collect();
    let gone = || Error::InvalidState("the search's thread stopped".into());
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<(usize, Job)>();
        let (done_send, done) = mpsc::channel::<()>();
        scope.spawn(move || {
            for (h, job) in receive {
                lock(h).work(job, ctx);
                if done_send.send(()).is_err() {
                    return;
                }
            }
        });
        let mut previous: Option<(usize, usize)> = None;
        for &(k, h) in &turns {
            if h == 0 && matches!(jobs[k], Job::Step { .. }) && interrupt() {
                return Err(interrupted());
            }
            send.send((h, jobs[k])).map_err(|_| gone())?;
            let scored = match previous {
                Some((pk, ph)) if pk + 1 < jobs.len() => {
                    evaluate(ctx, batch, cache, &mut [lock(ph)], evaluator)
                }
                _ => Ok(()),
            };
            done.recv().map_err(|_| gone())?;
            scored?;
            if let Some(e) = lock(h).error.take() {
                return Err(e);
            }
            previous = Some((k, h));
        }
        Ok(())
    })
}
