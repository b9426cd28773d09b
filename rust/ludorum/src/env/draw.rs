//! [`Draw`]: the generator behind an env's `sample_actions`, and its next draw made ahead of
//! time. The draw is made where the env is stepped, by the thread that has its legal actions
//! in its cache, and written into an array of one action per env kept beside the envs
//! (`ahead`), so that `sample_actions` on the calling thread is one copy of that array when
//! every env has its draw ready, instead of a pass over every env's state between two steps
//! (which made a helper thread's envs cost it three times the caller's in a step of 1,024
//! tic-tac-toe envs, and cost 2.5 ns an env on the calling thread alone). Taking a draw made
//! ahead moves its env's generator on lazily: the next `prepare` or `take` of the env does it,
//! knowing from the count of `sample_actions` calls that the draw was taken. The draws are the
//! same as if each were made when asked for: one per call, from the generator as the draws
//! taken before left it.

use crate::core::action_bits;
use crate::core::rng::SplitMix64;

/// An env's generator for random legal actions and its next draw.
#[derive(Clone, Debug)]
pub(super) struct Draw {
    /// The generator as the draws taken so far left it, but for the draw made ahead when a
    /// `sample_actions` call took it (see [`Ahead::For`]).
    sampler: SplitMix64,
    /// The generator after the draw made ahead.
    after: SplitMix64,
    ahead: Ahead,
}

/// Whether an env's next draw was made ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ahead {
    /// None was made; `wanted` when the last one was taken (or none was made yet): the caller
    /// samples its actions, and the next draw is worth making ahead. A caller that picks its
    /// own actions leaves it unwanted, and its steps then pay for no draw at all.
    None { wanted: bool },
    /// One was made (in the env's entry of `ahead`, `after` the generator after it) for the
    /// `sample_actions` call of this number; once the calls have moved past it, that call
    /// took it.
    For(u64),
}

impl Draw {
    /// The draws of an episode whose generator is seeded `seed`.
    pub(super) fn new(seed: u64) -> Self {
        let sampler = SplitMix64::new(seed);
        Self {
            after: sampler.clone(),
            sampler,
            ahead: Ahead::None { wanted: true },
        }
    }

    /// Brings `sampler` up to the draws taken when `calls` `sample_actions` calls were made:
    /// a draw made ahead for an earlier call was taken by it. Whether a draw made ahead for the
    /// next call is untaken.
    fn settle(&mut self, calls: u64) -> bool {
        match self.ahead {
            Ahead::For(call) if call == calls => return true,
            Ahead::For(_) => {
                self.sampler = self.after.clone();
                self.ahead = Ahead::None { wanted: true };
            }
            Ahead::None { .. } => {}
        }
        false
    }

    /// Makes the next draw into `next` from the env's legal actions, written just now, if the
    /// last one made ahead was taken; `calls` is the count of `sample_actions` calls so far.
    // inlined: out of line, a call an env added about 40 instructions to a Connect Four step
    #[inline(always)]
    pub(super) fn prepare(&mut self, legal: Legal<'_>, calls: u64, next: &mut i64) {
        let untaken = self.settle(calls);
        let wanted = matches!(self.ahead, Ahead::None { wanted: true });
        if untaken || !wanted {
            // two writes of the legal actions without a draw taken between
            self.ahead = Ahead::None { wanted: false };
            return;
        }
        let (action, after) = draw(self.sampler.clone(), legal);
        *next = action;
        self.after = after;
        self.ahead = Ahead::For(calls);
    }

    /// Whether the next draw was made ahead for `sample_actions` call number `samples`.
    pub(super) fn is_ahead(&self, samples: u64) -> bool {
        self.ahead == Ahead::For(samples)
    }

    /// Takes the next draw for call number `calls`: `next` if it was made ahead, else a
    /// uniformly random action of `legal` (0 when there is none). `legal` is only asked for
    /// when it was not.
    fn take<'a>(&mut self, calls: u64, next: i64, legal: impl FnOnce() -> Legal<'a>) -> i64 {
        let action = if self.settle(calls) {
            next
        } else {
            let (action, after) = draw(self.sampler.clone(), legal());
            self.after = after;
            action
        };
        self.sampler = self.after.clone();
        self.ahead = Ahead::None { wanted: true };
        action
    }
}

/// Takes the next draw of every env into `actions` for `sample_actions` call number `*calls`
/// (then counts the call): a copy of `ahead` when every env's draw was made ahead for this
/// call (`ready`, as the threads that stepped the envs found), else each env's own
/// (`legal(i)`: env `i`'s legal actions, asked for only when its draw was not made ahead).
pub(super) fn take_all<'a>(
    draws: &mut [Draw],
    ahead: &[i64],
    calls: &mut u64,
    ready: bool,
    legal: impl Fn(usize) -> Legal<'a>,
    actions: &mut [i64],
) {
    let call = *calls;
    *calls += 1;
    debug_assert!(!ready || draws.iter().all(|d| d.is_ahead(call)));
    if ready {
        // each env's generator moves on at its next `prepare` or `take`
        actions.copy_from_slice(ahead);
        return;
    }
    let envs = draws.iter_mut().zip(ahead).enumerate();
    for ((i, (draw, &next)), action) in envs.zip(actions.iter_mut()) {
        *action = draw.take(call, next, || legal(i));
    }
}

/// A uniformly random action of `legal` from `sampler` (0 when there is none, drawing nothing),
/// and the generator after it.
#[inline(always)]
fn draw(mut sampler: SplitMix64, legal: Legal<'_>) -> (i64, SplitMix64) {
    let count = legal.count();
    if count == 0 {
        return (0, sampler);
    }
    let action = i64::from(legal.nth(sampler.below(count)));
    (action, sampler)
}

/// An env's legal actions: its list of ids, or its bits where the game writes them (the same
/// ids in the same order, so that a draw is the same action either way).
#[derive(Clone, Copy, Debug)]
pub(super) enum Legal<'a> {
    Ids(&'a [u32]),
    Bits(&'a [u64]),
}

impl Legal<'_> {
    #[inline(always)]
    fn count(self) -> usize {
        match self {
            Legal::Ids(ids) => ids.len(),
            Legal::Bits(words) => action_bits::count(words),
        }
    }

    #[inline(always)]
    fn nth(self, k: usize) -> u32 {
        match self {
            Legal::Ids(ids) => ids[k],
            Legal::Bits(words) => action_bits::nth(words, k),
        }
    }
}
