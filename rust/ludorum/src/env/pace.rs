//! [`Pace`]: whether a call of a batched env shares its envs among its threads or runs them on
//! the caller's thread alone, chosen from what the calls before it cost. A step of short games
//! (tic-tac-toe, Connect Four: ~80 ns an env) is over before a helper thread has woken up, and a
//! second thread that another process holds adds nothing; the outputs are the same either way.
//!
//! A shared call that follows calls run on one thread finds the pool's thread asleep (it stays
//! awake only [`LINGER`](crate::core::pool::LINGER) after a job) and pays for waking it: on a
//! virtual machine whose host is busy, up to a whole step of 1,024 Connect Four envs. Counted,
//! that cost made the shared way look dearer than it is, and since the shared way was only ever
//! tried after a run of one-thread calls, a short step could stay on one thread for good while
//! two threads ran it 1.4× faster. So the shared way is tried in runs of calls whose first ones
//! wake the pool and are not counted.

use std::time::Duration;

/// Below this much work a call (1,024 envs of ~30 ns), estimated from the pace of one thread,
/// stays on one thread: waking a helper costs about as much.
const MIN_SHARED_NANOS: f64 = 30_000.0;

/// Calls between two probes of the way not preferred, at first and after the choice changed.
const PROBE_EVERY: u64 = 32;

/// At most this many calls between two probes: the interval doubles each time a probe confirms
/// the choice, so that probes of a way that stays dearer cost little, and the choice still
/// follows a change of load within 256 calls (22 ms of 1,024-env Connect Four steps).
const PROBE_EVERY_MAX: u64 = 256;

/// A way's cost is the least of its last this many counted calls: a call the host held up for
/// a millisecond (which happens on a busy virtual machine, to either way) then moves nothing,
/// while a lasting change of load raises every call's cost and so the least within as many calls.
const RECENT: usize = 8;

/// What the call just chosen counts for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Count {
    /// Its cost joins its way's recent costs.
    #[default]
    Usual,
    /// It wakes the pool for the probe after it: its cost is not counted.
    WarmUp,
    /// A probe: its cost replaces its way's recent costs, which may date from another load.
    Probe,
}

/// The measured cost of the calls, on one thread and shared.
#[derive(Clone, Debug)]
pub(super) struct Pace {
    /// Calls on one thread.
    one: Recent,
    /// Calls shared among the threads.
    shared: Recent,
    /// Calls since the last probe.
    since_probe: u64,
    /// Calls between probes.
    every: u64,
    /// The next call is a probe of the shared way, after a call that woke the pool.
    probing: bool,
    /// The call before was shared.
    last_shared: bool,
    /// What the call just chosen counts for.
    count: Count,
}

impl Default for Pace {
    fn default() -> Self {
        Self {
            one: Recent::default(),
            shared: Recent::default(),
            since_probe: 0,
            every: PROBE_EVERY,
            probing: false,
            last_shared: false,
            count: Count::Usual,
        }
    }
}

impl Pace {
    /// Whether the next call over `envs` envs shares them among the threads: first each way
    /// once (the shared way after a call that wakes the pool), then the cheaper way, with a
    /// probe of the other now and then; one thread when the whole call is too short to share.
    /// A shared call after a call on one thread is not counted: it pays for waking the pool.
    pub(super) fn share(&mut self, envs: usize) -> bool {
        let share = self.choose(envs);
        if share && !self.last_shared {
            self.count = Count::WarmUp;
        }
        self.last_shared = share;
        share
    }

    fn choose(&mut self, envs: usize) -> bool {
        if std::mem::take(&mut self.probing) {
            self.count = Count::Probe;
            return true;
        }
        let (Some(one), Some(shared)) = (self.one.least(), self.shared.least()) else {
            self.count = Count::Probe;
            // the shared way first, after a call that wakes the pool
            self.probing = self.shared.least().is_none();
            return self.probing;
        };
        self.count = Count::Usual;
        if one * (envs as f64) < MIN_SHARED_NANOS {
            return false;
        }
        let cheaper = shared < one;
        self.since_probe += 1;
        if self.since_probe < self.every {
            return cheaper;
        }
        self.since_probe = 0;
        // a probe of the shared way is a call that wakes the pool, then the counted one; one
        // thread needs no warm-up (the calling thread is awake)
        self.count = Count::Probe;
        self.probing = !cheaper;
        !cheaper
    }

    /// Records that the call just chosen by [`share`](Self::share) over `envs` envs took
    /// `elapsed`.
    pub(super) fn record(&mut self, shared: bool, elapsed: Duration, envs: usize) {
        let per_env = elapsed.as_nanos() as f64 / envs.max(1) as f64;
        // whether both ways were measured before this call, and which was chosen
        // which way was chosen, once both were measured
        let chosen = self.chooses_shared();
        let recent = if shared {
            &mut self.shared
        } else {
            &mut self.one
        };
        match self.count {
            Count::WarmUp => return,
            Count::Probe => recent.restart(per_env),
            Count::Usual => recent.push(per_env),
        }
        if let (Count::Probe, Some(chose_shared)) = (self.count, chosen) {
            let confirmed = self.chooses_shared() == Some(chose_shared);
            self.every = if confirmed {
                (self.every * 2).min(PROBE_EVERY_MAX)
            } else {
                PROBE_EVERY
            };
        }
    }
}

impl Pace {
    /// Whether the shared way is the cheaper, once both were measured.
    fn chooses_shared(&self) -> Option<bool> {
        Some(self.shared.least()? < self.one.least()?)
    }
}

/// A way's last [`RECENT`] counted costs, in nanoseconds per env.
#[derive(Clone, Debug, Default)]
struct Recent {
    costs: [f64; RECENT],
    len: usize,
    next: usize,
}

impl Recent {
    /// The least of the costs (`None` before the first).
    fn least(&self) -> Option<f64> {
        self.costs[..self.len].iter().copied().reduce(f64::min)
    }

    fn push(&mut self, cost: f64) {
        self.costs[self.next] = cost;
        self.next = (self.next + 1) % RECENT;
        self.len = (self.len + 1).min(RECENT);
    }

    /// Forgets the costs before `cost`.
    fn restart(&mut self, cost: f64) {
        self.len = 0;
        self.next = 0;
        self.push(cost);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ways `pace` chooses over `calls` calls of `envs` envs, a call costing
    /// `cost(shared, after_shared)` nanoseconds per env, `after_shared` telling whether the
    /// call before was shared too (the pool is awake).
    fn choices(envs: usize, calls: usize, cost: impl Fn(bool, bool) -> u64) -> Vec<bool> {
        let mut pace = Pace::default();
        let mut last = false;
        (0..calls)
            .map(|_| {
                let share = pace.share(envs);
                let nanos = cost(share, last) * envs as u64;
                pace.record(share, Duration::from_nanos(nanos), envs);
                last = share;
                share
            })
            .collect()
    }

    /// The calls in `ways` run on one thread.
    fn alone(ways: &[bool]) -> usize {
        ways.iter().filter(|&&s| !s).count()
    }

    #[test]
    fn the_cheaper_way_wins_with_ever_rarer_probes_of_the_other() {
        // a second thread that halves the call: shared, but for probes after 32, 64, 128 calls
        let fast = choices(1024, 300, |shared, _| if shared { 400 } else { 800 });
        assert_eq!(fast[..3], [true, true, false]);
        assert_eq!(alone(&fast), 1 + 3);
        // a second thread that slows the call (a loaded machine): one thread but for probes,
        // each a run of two shared calls
        let slow = choices(1024, 300, |shared, _| if shared { 1200 } else { 800 });
        assert_eq!(slow.len() - alone(&slow), 2 + 2 * 3);
        // a call too short to share: one thread from the third call on, no probes
        let short = choices(256, 96, |shared, _| if shared { 40 } else { 80 });
        assert_eq!(short.len() - alone(&short), 2);
    }

    #[test]
    fn waking_the_pool_is_not_counted_against_sharing() {
        // the first shared call after one-thread calls pays the helper's wake-up (more than a
        // whole one-thread call); the calls after it are 1.5 times faster
        let cold = |shared: bool, after_shared: bool| match (shared, after_shared) {
            (false, _) => 800,
            (true, false) => 2000,
            (true, true) => 530,
        };
        let ways = choices(1024, 300, cold);
        assert!(alone(&ways) <= 4, "{} calls on one thread", alone(&ways));
    }

    #[test]
    fn a_call_held_up_once_moves_nothing() {
        // every 50th call, shared or not, is held up by the host for 2 ms
        let calls = std::cell::Cell::new(0);
        let hiccups = |shared: bool, _| {
            calls.set(calls.get() + 1);
            match (calls.get() % 50 == 0, shared) {
                (true, _) => 2000,
                (false, true) => 500,
                (false, false) => 800,
            }
        };
        let ways = choices(1024, 600, hiccups);
        assert!(alone(&ways) <= 6, "{} calls on one thread", alone(&ways));
    }

    #[test]
    fn the_choice_follows_a_change_of_load() {
        let mut pace = Pace::default();
        let mut run = |shared_cost: u64, calls: usize| -> usize {
            (0..calls)
                .filter(|_| {
                    let share = pace.share(1024);
                    let nanos = if share { shared_cost } else { 800 } * 1024;
                    pace.record(share, Duration::from_nanos(nanos), 1024);
                    share
                })
                .count()
        };
        assert!(run(400, 64) >= 60);
        // the other process takes the second core: within the recent calls
        assert!(run(1600, 64) <= RECENT + 2);
        // and gives it back: the next probe of the shared way finds it out
        let back = run(400, 1100);
        assert!(back >= 950, "{back}");
    }
}
