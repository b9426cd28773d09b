//! Perft: the number of leaf move sequences of a given length, counted in bulk at the last ply.

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
    if depth == 0 {
        return 1;
    }
    if game.current_player().is_none() {
        return 0;
    }
    if depth == 1 {
        return game.count_legal_moves() as u64;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.play_unchecked(mv);
        total += perft(game, depth - 1);
        game.undo();
    }
    total
}
