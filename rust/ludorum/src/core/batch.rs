//! Batches of games: the one seeding policy and the one way to spread work over threads.
//!
//! Game `i` of a batch with seed `s` starts from the setup seeded `s + i` (for games whose setup
//! is seeded) and its agents draw from SplitMix64 seeded `s + i`, so a batch gives the same
//! games on one thread or many, in the Rust core and in the reference alike. Every batch entry
//! point (simulations today; agents, vector environments and the protocol to come) builds a
//! [`Batch`] once, which validates the options once, and runs its games with [`run`].

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::{Map, Value};

use super::error::Error;
use super::game::Game;
use super::rng::SplitMix64;

/// One configuration of a game and a seed: the starts and RNGs of games `0, 1, 2, ...`.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{Batch, games::domination::Domination};
/// let batch = Batch::<Domination>::new(&Default::default(), 10).unwrap();
/// assert_eq!(batch.seed(2), 12);
/// assert_eq!(batch.start(2).options()["seed"], 12);
/// ```
#[derive(Clone, Debug)]
pub struct Batch<G: Game> {
    start: G,
    seed: u64,
}

impl<G: Game> Batch<G> {
    /// A batch of games with `options` (validated here, once) and `seed`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for options the game refuses.
    pub fn new(options: &Map<String, Value>, seed: u64) -> Result<Self, Error> {
        Ok(Self::with_start(G::new(options)?, seed))
    }

    /// A batch of games that start where `start` does (a game at its start, its options
    /// validated when it was made), with `seed`.
    pub fn with_start(start: G, seed: u64) -> Self {
        Self { start, seed }
    }

    /// The seed of game `i`: `seed + i`, wrapping at 2^64.
    pub fn seed(&self, i: u64) -> u64 {
        self.seed.wrapping_add(i)
    }

    /// Game `i` at its start.
    pub fn start(&self, i: u64) -> G {
        if G::FACTS.seeded {
            self.start.restart(self.seed(i))
        } else {
            self.start.clone()
        }
    }

    /// Makes `game` game `i` at its start, as [`start`](Self::start) does, reusing what `game`
    /// holds (a game of this batch played to its end, say).
    pub fn start_into(&self, i: u64, game: &mut G) {
        restart_from(&self.start, self.seed(i), game);
    }

    /// Game `i` at its start in `slot`: made there for the first game, restarted in place for
    /// the next (see [`start_into`](Self::start_into)).
    pub fn start_in<'a>(&self, i: u64, slot: &'a mut Option<G>) -> &'a mut G {
        match slot {
            Some(game) => {
                self.start_into(i, game);
                game
            }
            None => slot.insert(self.start(i)),
        }
    }

    /// The RNG of game `i`'s agents.
    pub fn rng(&self, i: u64) -> SplitMix64 {
        SplitMix64::new(self.seed(i))
    }

    /// The options after defaults (with the batch's `seed` option, for seeded games).
    pub fn options(&self) -> Map<String, Value> {
        self.start.options()
    }
}

/// Makes `game` the start of a game seeded `seed`, from `start` (a game at its start): restarted
/// with that seed for a game whose setup is seeded, a copy of `start` otherwise; either way
/// reusing what `game` holds where the game can (see [`Game::restart_into`]). Batches and vector
/// environments start their games this way.
pub fn restart_from<G: Game>(start: &G, seed: u64, game: &mut G) {
    if G::FACTS.seeded {
        start.restart_into(seed, game);
    } else {
        game.clone_from(start);
    }
}

/// How often [`run`] calls its monitor.
pub const MONITOR_INTERVAL: Duration = Duration::from_millis(50);

/// The most threads [`run`] starts, whatever it is asked.
pub const MAX_THREADS: usize = 1024;

/// Runs `work(i)` for every `i` in `0..count` over at most `threads` threads (never more than
/// there is work for, nor more than [`MAX_THREADS`]) and returns the results in index order.
/// Items are handed out in runs of consecutive indices, of about a millisecond's work and each
/// a share of what is left, so that long and short ones balance over the threads at the end;
/// the results are gathered as they come, nothing is allocated for `count` items up front.
///
/// With a `monitor`, the calling thread does no work but calls `monitor(done)` about every
/// [`MONITOR_INTERVAL`] and once at the end; when it returns `false` the workers stop after
/// their current item and `run` returns `None` (an interrupt).
///
/// # Examples
///
/// ```
/// let squares = ludorum::core::batch::run(5, 2, |i| i * i, None).unwrap();
/// assert_eq!(squares, vec![0, 1, 4, 9, 16]);
/// ```
pub fn run<T, F>(
    count: usize,
    threads: usize,
    work: F,
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<T>>
where
    T: Send,
    F: Fn(usize) -> T + Sync,
{
    run_with(count, threads, || (), |(), i| work(i), monitor)
}

/// [`run_with`] whose items can give up: `work(state, i, stop)` gets a flag that is set as soon
/// as the monitor asks to stop, so that the items under way stop too (returning `None`), not
/// only the next ones. `None` when it asked to stop.
///
/// # Examples
///
/// ```
/// use ludorum::core::batch::run_until_with;
/// let squares = run_until_with(5, 2, || (), |_, i, _stop| Some(i * i), None);
/// assert_eq!(squares.unwrap(), vec![0, 1, 4, 9, 16]);
/// ```
pub fn run_until_with<S, T, I, F>(
    count: usize,
    threads: usize,
    init: I,
    work: F,
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<T>>
where
    T: Send,
    I: Fn() -> S + Sync,
    F: Fn(&mut S, usize, &AtomicBool) -> Option<T> + Sync,
{
    let stop = AtomicBool::new(false);
    let mut watch = monitor.map(|monitor| {
        |done| {
            let go = monitor(done);
            if !go {
                stop.store(true, Ordering::Relaxed);
            }
            go
        }
    });
    let results = run_with(
        count,
        threads,
        init,
        |state, i| work(state, i, &stop),
        watch.as_mut().map(|w| w as &mut dyn FnMut(usize) -> bool),
    )?;
    results.into_iter().collect()
}

/// [`run`], where each worker keeps a state of its own, made by `init` as it starts and lent to
/// `work` with each item: a game that the items restart in place, a buffer they reuse.
///
/// # Examples
///
/// ```
/// use ludorum::core::batch::run_with;
/// // Each worker counts the items it did; the results do not depend on the thread count.
/// let squares = run_with(5, 2, || 0, |done: &mut usize, i| { *done += 1; i * i }, None);
/// assert_eq!(squares.unwrap(), vec![0, 1, 4, 9, 16]);
/// ```
pub fn run_with<S, T, I, F>(
    count: usize,
    threads: usize,
    init: I,
    work: F,
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<T>>
where
    T: Send,
    I: Fn() -> S + Sync,
    F: Fn(&mut S, usize) -> T + Sync,
{
    let threads = threads.clamp(1, count.clamp(1, MAX_THREADS));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // runs of results, each with the index of its first
    let results: Mutex<Vec<(usize, Vec<T>)>> = Mutex::new(Vec::new());
    let caller = std::thread::current();
    let active = AtomicUsize::new(threads);
    let worker = || {
        let mut finished = Vec::new();
        let mut state = init();
        // what this thread's last run took an item; unknown before its first
        let mut per_item = Duration::MAX;
        while !stop.load(Ordering::Relaxed) {
            // the counters are shared by every thread: taken once a run, not once an item
            let left = count.saturating_sub(next.load(Ordering::Relaxed));
            let length = run_length(left, threads, per_item);
            let first = next.fetch_add(length, Ordering::Relaxed);
            if first >= count {
                break;
            }
            let end = count.min(first + length);
            let mut run = Vec::with_capacity(end - first);
            let start = Instant::now();
            for i in first..end {
                // stopped: the items under way end, no new one starts
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                run.push(work(&mut state, i));
            }
            per_item = start.elapsed() / run.len().max(1) as u32;
            done.fetch_add(run.len(), Ordering::Relaxed);
            finished.push((first, run));
        }
        results
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .append(&mut finished);
        if active.fetch_sub(1, Ordering::AcqRel) == 1 {
            caller.unpark();
        }
    };
    std::thread::scope(|scope| match monitor {
        Some(monitor) => {
            for _ in 0..threads {
                scope.spawn(worker);
            }
            while active.load(Ordering::Acquire) > 0 {
                std::thread::park_timeout(MONITOR_INTERVAL);
                if !monitor(done.load(Ordering::Relaxed)) {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if !stop.load(Ordering::Relaxed) && !monitor(done.load(Ordering::Relaxed)) {
                stop.store(true, Ordering::Relaxed);
            }
        }
        None => {
            for _ in 1..threads {
                scope.spawn(worker);
            }
            worker();
        }
    });
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut runs = results.into_inner().unwrap_or_else(|e| e.into_inner());
    runs.sort_unstable_by_key(|&(first, _)| first);
    let mut results = Vec::with_capacity(count);
    for (first, run) in runs {
        debug_assert_eq!(first, results.len());
        results.extend(run);
    }
    Some(results)
}

/// The most items [`run_with`] hands a thread at once: a few hundred of the shortest games
/// (tic-tac-toe's take a quarter of a microsecond) take the shared counters' cost off each.
const MAX_RUN: usize = 256;

/// About how long a run takes: long enough that the shared counters cost nothing beside it,
/// short enough that the progress, counted by runs, moves on smoothly.
const RUN_TIME: Duration = Duration::from_millis(1);

/// How many of the `left` items a thread takes next, its last run having taken `per_item` an
/// item (`Duration::MAX` before its first): about `RUN_TIME`'s worth (one for items longer
/// than that: a search's games are counted one by one), at most an eighth of its share of
/// those left (so runs shrink as the work ends, and the threads end together), at most
/// `MAX_RUN`, at least one.
///
/// Handed out one at a time, 200,000 tic-tac-toe games gained 0.94–1.03× from a second
/// thread (the counters' cache line went from core to core at every game) and Connect Four
/// 1.44×; in runs, 1.59–1.64× and 1.82–1.83×.
fn run_length(left: usize, threads: usize, per_item: Duration) -> usize {
    let in_time = RUN_TIME.as_nanos() / per_item.as_nanos().max(1);
    let share = left / (8 * threads.max(1));
    usize::try_from(in_time)
        .map_or(share, |n| n.min(share))
        .clamp(1, MAX_RUN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_give_every_item_once_in_index_order() {
        // more items than a run holds, over threads that take runs of every length
        let count = 10_000;
        let calls = AtomicUsize::new(0);
        let work = |i: usize| {
            calls.fetch_add(1, Ordering::Relaxed);
            i * 3
        };
        for threads in [1, 2, 3, 7] {
            calls.store(0, Ordering::Relaxed);
            let mut last = 0;
            let mut monitor = |done: usize| {
                assert!(done >= last && done <= count, "progress only grows");
                last = done;
                true
            };
            let results = run(count, threads, work, Some(&mut monitor)).unwrap();
            assert_eq!(results, (0..count).map(|i| i * 3).collect::<Vec<_>>());
            assert_eq!((calls.load(Ordering::Relaxed), last), (count, count));
        }
    }

    #[test]
    fn runs_last_about_a_millisecond() {
        let plenty = 1 << 30;
        assert_eq!(run_length(plenty, 2, Duration::ZERO), MAX_RUN);
        assert_eq!(run_length(plenty, 2, Duration::from_nanos(250)), MAX_RUN);
        assert_eq!(run_length(plenty, 2, Duration::from_micros(50)), 20);
        assert_eq!(run_length(plenty, 2, Duration::from_micros(200)), 5);
        assert_eq!(run_length(plenty, 2, Duration::from_millis(1)), 1);
        assert_eq!(run_length(plenty, 2, Duration::from_secs(60)), 1);
        assert_eq!(run_length(plenty, 2, Duration::MAX), 1);
    }

    #[test]
    fn runs_shrink_to_one_item_as_the_work_ends() {
        let short = Duration::ZERO;
        assert_eq!(run_length(16 * 100, 2, short), 100);
        assert_eq!(run_length(160, 2, short), 10);
        assert_eq!(run_length(15, 2, short), 1);
        assert_eq!(run_length(0, 2, short), 1);
        assert_eq!(run_length(100, 0, short), 12);
    }
}
