//! Random playouts and batch simulation.

use std::sync::atomic::{AtomicBool, Ordering};

use super::batch::{run_until_with, Batch};
use super::game::Game;
use super::rng::SplitMix64;

/// The result of one simulated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Bit `p` set when player `p` won; 0 for a draw.
    pub winners: u8,
    /// Number of plies played.
    pub length: u32,
    /// The reason the game ended, as its index in the game's
    /// [`Facts::reasons`](crate::Facts::reasons).
    pub reason: u8,
}

/// Plays random moves until the game ends, each [for good](Game::play_for_good): undo cannot
/// take them back in games that skip its bookkeeping. The game must have an end (set
/// `max_plies` for games whose random play need not end).
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{play_random_game, SplitMix64, games::chinese_checkers::ChineseCheckers};
/// let opts = serde_json::json!({"max_plies": 50}).as_object().unwrap().clone();
/// let mut game = ChineseCheckers::new(&opts).unwrap();
/// let record = play_random_game(&mut game, &mut SplitMix64::new(1));
/// assert_eq!(record.length, 50);
/// assert_eq!(ChineseCheckers::FACTS.reasons[usize::from(record.reason)], "ply limit");
/// ```
pub fn play_random_game<G: Game>(game: &mut G, rng: &mut SplitMix64) -> GameRecord {
    play_random_game_until(game, rng, &AtomicBool::new(false)).expect("never stopped")
}

/// How many plies a playout makes between two looks at its stop flag.
const PLIES_BETWEEN_CHECKS: u32 = 4096;

/// [`play_random_game`] that gives up, returning `None`, soon after `stop` is set (it looks
/// every few thousand plies, so that a batch stops quickly even in very long games).
pub fn play_random_game_until<G: Game>(
    game: &mut G,
    rng: &mut SplitMix64,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    let mut until_check = PLIES_BETWEEN_CHECKS;
    while game.current_player().is_some() {
        let mv = game.random_move(rng);
        game.play_for_good(mv);
        until_check -= 1;
        if until_check == 0 {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            until_check = PLIES_BETWEEN_CHECKS;
        }
    }
    Some(record(game))
}

/// The record of a finished game.
///
/// # Panics
///
/// When the game is not over.
pub fn record<G: Game>(game: &G) -> GameRecord {
    let outcome = game
        .outcome()
        .expect("a game without a current player has an outcome");
    GameRecord {
        winners: outcome.winners,
        length: game.history().len() as u32,
        reason: G::FACTS.reason_code(outcome.reason),
    }
}

/// One game: its result and, when it was asked for, the action id of every move in order
/// (replayable with `apply_action`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLog {
    /// Winners, length and end reason.
    pub record: GameRecord,
    /// The action id of every move, as it was played (empty unless recorded).
    pub actions: Vec<u32>,
}

/// [`play_random_game`], keeping the action ids.
pub fn play_random_game_logged<G: Game>(game: &mut G, rng: &mut SplitMix64) -> GameLog {
    play_random_game_logged_until(game, rng, &AtomicBool::new(false)).expect("never stopped")
}

/// [`play_random_game_logged`] that gives up, returning `None`, soon after `stop` is set (as
/// [`play_random_game_until`]).
pub fn play_random_game_logged_until<G: Game>(
    game: &mut G,
    rng: &mut SplitMix64,
    stop: &AtomicBool,
) -> Option<GameLog> {
    let mut actions = Vec::new();
    while game.current_player().is_some() {
        let mv = game.random_move(rng);
        actions.push(game.action(mv) as u32);
        game.play_for_good(mv);
        if actions.len() % PLIES_BETWEEN_CHECKS as usize == 0 && stop.load(Ordering::Relaxed) {
            return None;
        }
    }
    Some(GameLog {
        record: record(game),
        actions,
    })
}

/// Plays games `first + i` for `i` in `0..count` of `batch` as [`run_until_with`] does, each worker
/// restarting one game in place (`play(game, rng, stop)`), where `stop` is set as soon as the
/// monitor asks to stop, so that the games under way stop too (they return `None`).
fn run_games<G: Game, T, F>(
    batch: &Batch<G>,
    first: u64,
    count: usize,
    threads: usize,
    play: F,
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<T>>
where
    T: Send,
    F: Fn(&mut G, &mut SplitMix64, &AtomicBool) -> Option<T> + Sync,
{
    run_until_with(
        count,
        threads,
        || None,
        |slot, i, stop| {
            let i = first.wrapping_add(i as u64);
            play(batch.start_in(i, slot), &mut batch.rng(i), stop)
        },
        monitor,
    )
}

/// Plays games `first..first + count` of `batch` between random agents (game `i` from
/// `batch.start(i)` with `batch.rng(i)`, each worker restarting one game in place), over
/// `threads` threads; the results do not depend on the thread count. With a `monitor`, see
/// [`run`](super::batch::run): `None` when it asked to stop.
///
/// # Examples
///
/// ```
/// use ludorum::{simulate, Batch, games::dominions::Dominions};
/// let batch = Batch::<Dominions>::new(&Default::default(), 0).unwrap();
/// let one = simulate(&batch, 0, 8, 1, None).unwrap();
/// assert_eq!(one, simulate(&batch, 0, 8, 2, None).unwrap());
/// ```
pub fn simulate<G: Game>(
    batch: &Batch<G>,
    first: u64,
    count: usize,
    threads: usize,
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<GameRecord>> {
    // The monitor's "stop" also reaches the games under way, not only the next ones.
    run_games(
        batch,
        first,
        count,
        threads,
        play_random_game_until,
        monitor,
    )
}

/// [`simulate`], keeping every game's action ids.
pub fn simulate_logged<G: Game>(
    batch: &Batch<G>,
    first: u64,
    count: usize,
    threads: usize,
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<GameLog>> {
    run_games(
        batch,
        first,
        count,
        threads,
        play_random_game_logged_until,
        monitor,
    )
}
