//! [`Pace`]: whether a call of a batched env shares its envs among its threads or runs them on
//! the caller's thread alone, chosen from what the calls before it cost. A step of short games
//! (tic-tac-toe, Connect Four: ~80 ns an env) is over before a helper thread has woken up, and a
//! second thread that another process holds adds nothing; the outputs are the same either way.
//!
//! The first shared calls that follow calls run on one thread cost more than the next ones: the
//! pool's thread is asleep (it stays awake only [`LINGER`](crate::core::pool::LINGER) after a
//! job), which on a virtual machine whose host is busy can cost a whole step of 1,024 Connect
//! Four envs, and the envs of its share are in the caller's core's caches, from which it pulls
//! them over a call or two. Counted, those calls made the shared way look dearer than it is,
//! and since the shared way was only ever tried after a run of one-thread calls, short steps
//! stayed on one thread while two threads ran them 1.3-1.6× faster. So the shared way is tried
//! in runs of calls whose first [`WARM_UP`] are not counted.

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

/// Shared calls, after a call on one thread, that wake the pool and bring its envs to its
/// threads' cores, uncounted.
const WARM_UP: u32 = 3;

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
    /// It wakes the pool or brings envs to its threads' cores: its cost is not counted.
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
    /// Shared calls left in the probe of the shared way under way.
    probing: u32,
    /// Shared calls in a row until this one.
    streak: u32,
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
            probing: 0,
            streak: 0,
            count: Count::Usual,
        }
    }
}

impl Pace {
    /// Whether the next call over `envs` envs shares them among the threads: first each way
    /// once (the shared way after its warm-up), then the cheaper way, with a probe of the other
    /// now and then; one thread when the whole call is too short to share. The first
    /// [`WARM_UP`] shared calls after a call on one thread are not counted.
    pub(super) fn share(&mut self, envs: usize) -> bool {
        let share = self.choose(envs);
        self.streak = if share { self.streak + 1 } else { 0 };
        if share && self.streak <= WARM_UP {
            self.count = Count::WarmUp;
        }
        share
    }

    fn choose(&mut self, envs: usize) -> bool {
        if self.probing > 0 {
            self.probing -= 1;
            self.count = Count::Probe;
            return true;
        }
        let (Some(one), Some(shared)) = (self.one.least(), self.shared.least()) else {
            self.count = Count::Probe;
            // the shared way first
            let first = self.shared.least().is_none();
            self.probing = if first { WARM_UP } else { 0 };
            return first;
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
        // a probe of the shared way is its warm-up, then the counted call; one thread needs
        // none (the calling thread is awake, its envs come to it within the call)
        self.count = Count::Probe;
        self.probing = if cheaper { 0 } else { WARM_UP };
        !cheaper
    }

    /// Records that the call just chosen by [`share`](Self::share) over `envs` envs took
    /// `elapsed`.
    pub(super) fn record(&mut self, shared: bool, elapsed: Duration, envs: usize) {
        let per_env = elapsed.as_nanos() as f64 / envs.max(1) as f64;
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
    use crate::core::rng::SplitMix64;

    /// The ways `pace` chooses over `calls` calls of `envs` envs, a call costing
    /// `cost(shared, shared_before)` nanoseconds per env, `shared_before` counting the shared
    /// calls in a row just before it (the pool is awake, its envs in its cores' caches).
    fn choices(envs: usize, calls: usize, mut cost: impl FnMut(bool, u32) -> u64) -> Vec<bool> {
        let mut pace = Pace::default();
        let mut before = 0;
        (0..calls)
            .map(|_| {
                let share = pace.share(envs);
                let nanos = cost(share, before) * envs as u64;
                pace.record(share, Duration::from_nanos(nanos), envs);
                before = if share { before + 1 } else { 0 };
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
        assert_eq!(fast[..5], [true, true, true, true, false]);
        assert_eq!(alone(&fast), 1 + 3);
        // a second thread that slows the call (a loaded machine): one thread but for probes,
        // each a run of shared calls whose last is counted
        let slow = choices(1024, 300, |shared, _| if shared { 1200 } else { 800 });
        assert_eq!(slow.len() - alone(&slow), (1 + WARM_UP as usize) * (1 + 3));
        // a call too short to share: one thread after the first measures, no probes
        let short = choices(256, 96, |shared, _| if shared { 40 } else { 80 });
        assert_eq!(short.len() - alone(&short), 1 + WARM_UP as usize);
    }

    #[test]
    fn waking_the_pool_is_not_counted_against_sharing() {
        // the first shared call after one-thread calls pays the helper's wake-up (more than a
        // whole one-thread call), the second for bringing the helper's envs to its core; the
        // calls after them are 1.5 times faster than one thread
        let cold = |shared: bool, before: u32| match (shared, before) {
            (false, _) => 800,
            (true, 0) => 2000,
            (true, 1) => 1200,
            (true, _) => 530,
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

    /// Costs around `base` (nanoseconds per env), each slowed by up to 40% at random (a
    /// host that never speeds a call up, and holds some up), the same sequence every run.
    fn noisy(base: f64, seed: u64) -> impl FnMut() -> u64 {
        let mut rng = SplitMix64::new(seed);
        move || {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            (base * (1.0 + 0.4 * u)) as u64
        }
    }

    #[test]
    fn a_noisy_host_does_not_keep_the_dearer_way() {
        // one way saves a fifth of each call, less than the noise of one call: the least
        // of the recent calls finds it, though a probe of the other way is a single call
        for (one, shared) in [(800.0, 640.0), (640.0, 800.0)] {
            let (mut one_cost, mut shared_cost) = (noisy(one, 1), noisy(shared, 2));
            let ways = choices(
                1024,
                3000,
                |share, _| {
                    if share {
                        shared_cost()
                    } else {
                        one_cost()
                    }
                },
            );
            let cheaper = ways.iter().filter(|&&s| s == (shared < one)).count();
            assert!(cheaper >= 2700, "{cheaper} of 3000 calls the cheaper way");
        }
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
        assert!(run(1600, 64) <= RECENT + WARM_UP as usize + 2);
        // and gives it back: the next probe of the shared way finds it out
        let back = run(400, 1100);
        assert!(back >= 950, "{back}");
    }
}
