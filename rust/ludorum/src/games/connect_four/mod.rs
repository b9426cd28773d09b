//! Connect Four: two players drop discs in turn into a grid of 7 columns and 6 rows, red
//! (player 0) first; a disc lands on the lowest empty cell of its column. Four of one's discs in
//! a line (horizontal, vertical or diagonal) win, a full grid without one draws. One of the two
//! calibration games: every game library ships it, and it is solved (the first player wins by
//! opening in the centre column).
//!
//! The game has no options. The engine keeps a bitboard per player, 7 bits per column (see
//! [`board`]), and tests for four by shifts. Every encoding (cell indices and names, action ids,
//! Zobrist tables, JSON, observation) is written down in `docs/rules/connect_four.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::{perft, games::connect_four::ConnectFour};
//!
//! let mut game = ConnectFour::new(&Default::default()).unwrap();
//! assert_eq!(perft(&mut game, 4), 2_401);
//! // Red builds a row on the bottom while yellow stacks on column 1.
//! for text in ["2", "1", "3", "1", "4", "1"] {
//!     game.play(game.parse_move(text).unwrap()).unwrap();
//! }
//! game.play(game.parse_move("5").unwrap()).unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.winner_list(), outcome.reason), (vec![0], "four in a row"));
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
pub use state::{ConnectFour, ZOBRIST_SEED};

/// Size of the action space: one action per column.
pub const NUM_ACTIONS: usize = board::WIDTH;
