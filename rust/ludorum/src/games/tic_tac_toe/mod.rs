//! Tic-tac-toe: two players mark the cells of a 3×3 grid in turn, `X` (player 0) first; three
//! marks in a row, a column or a diagonal win, a full grid without a line draws. One of the
//! two calibration games: every game library ships it, and it is solved (perfect play draws).
//!
//! The game has no options. Every encoding (cell indices and names, action ids, Zobrist
//! tables, JSON, observation) is written down in `docs/rules/tic_tac_toe.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::{perft, games::tic_tac_toe::TicTacToe};
//!
//! let mut game = TicTacToe::new(&Default::default()).unwrap();
//! assert_eq!(perft(&mut game, 9), 127_872);
//! for text in ["b2", "c3", "a3", "a2", "b3", "b1", "a1", "c2"] {
//!     game.play(game.parse_move(text).unwrap()).unwrap();
//! }
//! // The ninth cell completes the diagonal a3-c1: a win, not a draw.
//! game.play(game.parse_move("c1").unwrap()).unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.winner_list(), outcome.reason), (vec![0], "three in a row"));
//! ```

pub mod board;
mod drawing;
mod eval;
mod movegen;
mod notation;
mod state;
#[cfg(test)]
mod tests;

pub use movegen::Move;
pub use state::{TicTacToe, ZOBRIST_SEED};

/// Size of the action space: one action per cell.
pub const NUM_ACTIONS: usize = board::CELLS;
