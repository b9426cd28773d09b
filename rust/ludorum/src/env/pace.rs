//! [`Pace`]: whether a call of a batched env shares its envs among its threads or runs them on
//! the caller's thread alone, chosen from what the calls before it cost. A step of short games
//! (tic-tac-toe, Connect Four: ~80 ns an env) is over before a helper thread has woken up, and a
//! second thread that another process holds adds nothing; the outputs are the same either way.

use std::time::Duration;

/// Below this much work a call (1,024 envs of ~30 ns), estimated from the pace of one thread,
/// stays on one thread: waking a helper costs about as much.
const MIN_SHARED_NANOS: f64 = 30_000.0;

/// Every this many calls, the way not preferred runs once, so that the choice follows the
/// machine's load (a probe costs at most one call in 32 run the slower way).
const PROBE_EVERY: u64 = 32;

/// The weight of the newest call in the moving averages.
const NEWEST: f64 = 0.25;

/// The measured cost of the calls, on one thread and shared.
#[derive(Clone, Debug, Default)]
pub(super) struct Pace {
    /// Nanoseconds per env of a call on one thread (a moving average; 0 before the first).
    one: f64,
    /// Nanoseconds per env of a call shared among the threads (idem).
    shared: f64,
    calls: u64,
}

impl Pace {
    /// Whether the next call over `envs` envs shares them among the threads: first each way
    /// once, then the cheaper way, with a probe of the other now and then; one thread when the
    /// whole call is too short to share.
    pub(super) fn share(&mut self, envs: usize) -> bool {
        self.calls += 1;
        if self.shared == 0.0 {
            return true;
        }
        if self.one == 0.0 {
            return false;
        }
        if self.one * (envs as f64) < MIN_SHARED_NANOS {
            return false;
        }
        let cheaper = self.shared < self.one;
        if self.calls.is_multiple_of(PROBE_EVERY) {
            !cheaper
        } else {
            cheaper
        }
    }

    /// Records that a call over `envs` envs, shared or not, took `elapsed`.
    pub(super) fn record(&mut self, shared: bool, elapsed: Duration, envs: usize) {
        let per_env = elapsed.as_nanos() as f64 / envs.max(1) as f64;
        // a probe's cost replaces the old average of its way, which may date from another load
        let probe = self.one != 0.0 && self.shared != 0.0 && shared != (self.shared < self.one);
        let average = if shared {
            &mut self.shared
        } else {
            &mut self.one
        };
        *average = if *average == 0.0 || probe {
            per_env
        } else {
            *average * (1.0 - NEWEST) + per_env * NEWEST
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ways `pace` chooses over `calls` calls of `envs` envs, each way costing its
    /// nanoseconds per env.
    fn choices(envs: usize, one: u64, shared: u64, calls: usize) -> Vec<bool> {
        let mut pace = Pace::default();
        (0..calls)
            .map(|_| {
                let share = pace.share(envs);
                let nanos = if share { shared } else { one } * envs as u64;
                pace.record(share, Duration::from_nanos(nanos), envs);
                share
            })
            .collect()
    }

    #[test]
    fn the_cheaper_way_wins_with_a_probe_of_the_other() {
        // a second thread that halves the call: shared, but for a probe every 32 calls
        let fast = choices(1024, 800, 400, 96);
        assert_eq!(fast[..2], [true, false]);
        assert_eq!(fast.iter().filter(|&&s| !s).count(), 1 + 3);
        // a second thread that slows the call (a loaded machine): one thread but for probes
        let slow = choices(1024, 800, 1200, 96);
        assert_eq!(slow.iter().filter(|&&s| s).count(), 1 + 3);
        // a call too short to share: one thread from the second call on, no probes
        let short = choices(256, 80, 40, 96);
        assert_eq!(short.iter().filter(|&&s| s).count(), 1);
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
        // the other process takes the second core: the next probe finds it out
        assert!(run(1600, 64) <= 4);
        // and gives it back
        assert!(run(400, 64) >= 30);
    }
}
