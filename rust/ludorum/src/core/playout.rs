//! Random playouts and batch simulation over threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::game::Game;
use super::rng::SplitMix64;

/// The result of one simulated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Bit `p` set when player `p` won; 0 for a draw.
    pub winners: u8,
    /// Number of plies played.
    pub length: u32,
    /// The reason the game ended.
    pub reason: &'static str,
}

/// Plays random moves until the game ends. The game must have an end (set `max_plies` for
/// games whose random play need not end).
///
/// # Examples
///
/// ```
/// use ludorum::{play_random_game, Game, SplitMix64, games::chinese_checkers::ChineseCheckers};
/// let opts = serde_json::json!({"max_plies": 50}).as_object().unwrap().clone();
/// let mut game = ChineseCheckers::new(&opts).unwrap();
/// let record = play_random_game(&mut game, &mut SplitMix64::new(1));
/// assert_eq!((record.length, record.reason), (50, "ply limit"));
/// ```
pub fn play_random_game<G: Game>(game: &mut G, rng: &mut SplitMix64) -> GameRecord {
    while game.current_player().is_some() {
        let mv = game.random_move(rng);
        game.play_unchecked(mv);
    }
    let outcome = game
        .outcome()
        .expect("a game without a current player has an outcome");
    GameRecord {
        winners: outcome.winners,
        length: game.history().len() as u32,
        reason: outcome.reason,
    }
}

/// Plays games `first..first + count` between random agents, game `i` with a fresh
/// SplitMix64 seeded `seed + i` and a state from `make(seed + i)`, spread over `threads`
/// threads. The results do not depend on the thread count.
pub fn simulate<G, F>(
    make: F,
    seed: u64,
    first: u64,
    count: usize,
    threads: usize,
) -> Vec<GameRecord>
where
    G: Game,
    F: Fn(u64) -> G + Sync,
{
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; count]);
    let run = || {
        // Games are handed out one at a time so that long and short games balance over threads.
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= count {
                break;
            }
            let game_seed = seed.wrapping_add(first).wrapping_add(i as u64);
            let mut game = make(game_seed);
            done.push((
                i,
                play_random_game(&mut game, &mut SplitMix64::new(game_seed)),
            ));
        }
        let mut results = results
            .lock()
            .expect("no thread panics while holding the lock");
        for (i, record) in done {
            results[i] = Some(record);
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1) {
            scope.spawn(run);
        }
        run();
    });
    results
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|r| r.expect("every game was played"))
        .collect()
}
