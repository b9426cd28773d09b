//! [`Draw`]: the generator behind an env's `sample_actions`, and its next draw made ahead of
//! time. The draw is made where the env is stepped, by the thread that has its legal actions
//! in its cache, and kept apart from the env in an array of its own, so that
//! `sample_actions` on the calling thread reads 32 bytes an env instead of pulling every
//! env's state and legal list to its core between two steps (which made a helper thread's
//! envs cost it three times the caller's in a step of 1,024 tic-tac-toe envs). The draws are
//! the same as if each were made when asked for: one per call, from the generator as the draws
//! taken before left it.

use crate::core::rng::SplitMix64;

/// An env's generator for random legal actions and its next draw.
#[derive(Clone, Debug)]
pub(super) struct Draw {
    /// The generator as the draws taken so far left it.
    sampler: SplitMix64,
    /// The next draw and the generator after it, made from the legal actions when they were
    /// last written; `None` once taken, or when none was made ahead (it is then made when
    /// asked for).
    next: Option<(i64, SplitMix64)>,
    /// The draw made ahead last was taken (or none was made yet): the caller samples its
    /// actions, and the next draw is worth making ahead.
    taken: bool,
}

impl Draw {
    /// The draws of an episode whose generator is seeded `seed`.
    pub(super) fn new(seed: u64) -> Self {
        Self {
            sampler: SplitMix64::new(seed),
            next: None,
            taken: true,
        }
    }

    /// Makes the next draw from the env's legal actions, written just now, if the last one
    /// made ahead was taken: a caller that picks its own actions leaves it untaken, and its
    /// steps then pay for no draw at all.
    pub(super) fn prepare(&mut self, legal: &[u32]) {
        self.next = self.taken.then(|| draw(self.sampler.clone(), legal));
        self.taken = false;
    }

    /// Takes the next draw: a uniformly random action of `legal` (0 when there is none), the
    /// one prepared if it was not taken yet. `legal` is only asked for when it was.
    pub(super) fn take<'a>(&mut self, legal: impl FnOnce() -> &'a [u32]) -> i64 {
        let (action, after) = match self.next.take() {
            Some(next) => next,
            None => draw(self.sampler.clone(), legal()),
        };
        self.sampler = after;
        self.taken = true;
        action
    }
}

/// A uniformly random action of `legal` from `sampler` (0 when there is none, drawing nothing),
/// and the generator after it.
fn draw(mut sampler: SplitMix64, legal: &[u32]) -> (i64, SplitMix64) {
    if legal.is_empty() {
        return (0, sampler);
    }
    let action = i64::from(legal[sampler.below(legal.len())]);
    (action, sampler)
}
