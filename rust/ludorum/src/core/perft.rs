//! Perft: the number of leaf move sequences of a given length, counted in bulk at the last ply.

use std::sync::atomic::{AtomicBool, Ordering};

use super::game::Game;

/// Counts the move sequences of length `depth` from `game` (restored before returning).
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{perft, games::chinese_checkers::ChineseCheckers};
/// let mut game = ChineseCheckers::new(&Default::default()).unwrap();
/// assert_eq!(perft(&mut game, 2), 324);
/// ```
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    perft_until(game, depth, &AtomicBool::new(false)).expect("never stopped")
}

/// [`perft`] that gives up soon after `stop` is set, returning `None` (it reads `stop` at every
/// node above the last ply, which bulk-counts); `game` is restored either way.
///
/// # Examples
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use ludorum::prelude::*;
/// use ludorum::{core::perft::perft_until, games::chinese_checkers::ChineseCheckers};
/// let mut game = ChineseCheckers::new(&Default::default()).unwrap();
/// assert_eq!(perft_until(&mut game, 2, &AtomicBool::new(false)), Some(324));
/// assert_eq!(perft_until(&mut game, 2, &AtomicBool::new(true)), None);
/// ```
pub fn perft_until<G: Game>(game: &mut G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    if game.current_player().is_none() {
        return Some(0);
    }
    if depth == 1 {
        return Some(game.count_legal_moves() as u64);
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.play_unchecked(mv);
        let count = perft_until(game, depth - 1, stop);
        game.undo();
        total += count?;
    }
    Some(total)
}
