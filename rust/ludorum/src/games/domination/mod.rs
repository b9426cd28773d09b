//! Domination (Sid Sackson's *Focus*) for 2, 3 or 4 players on the 8×8 board without three
//! squares in each corner.
//!
//! Pieces form stacks of at most five; the colour on top controls a stack. A player either
//! lifts the top k pieces of a stack it controls and moves them along a rank or file (`up_to`:
//! 1..=k squares, `exact`: k squares) onto whatever is there, or puts a reserve piece on any
//! square; with 3 players each player's first move puts its opening piece on an empty square.
//! A stack taller than five loses pieces from the bottom: the mover's go to its reserve, the
//! others are captured. Players who cannot act are skipped; the last player able to act wins.
//!
//! Every encoding (square indices and names, notation, action ids, Zobrist tables, JSON,
//! observation) is written down in `docs/rules/domination.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::{perft, games::domination::Domination};
//!
//! let options = serde_json::json!({"first_player": 0}).as_object().unwrap().clone();
//! let mut game = Domination::new(&options).unwrap();
//! assert_eq!(game.count_legal_moves(), 68);
//! let mv = game.parse_move("b3-a3:1").unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.current_player(), Some(1));
//! assert_eq!(game.stack(ludorum::games::domination::board::square_index("a3").unwrap()), vec![0]);
//! ```

pub mod board;
mod drawing;
mod eval;
mod movegen;
mod notation;
mod state;
#[cfg(test)]
mod tests;

pub use movegen::{Move, MoveKind};
pub use state::{Domination, Movement, ZOBRIST_SEED};

/// Action id of the first reserve move (`13520 + square`); a stack move from `f` to `t`
/// lifting `k` is `(f * 52 + t) * 5 + (k − 1)`.
pub const RESERVE_BASE: usize = board::SQUARES * board::SQUARES * board::MAX_HEIGHT;

/// Action id of the first opening placement (`13572 + square`).
pub const PLACEMENT_BASE: usize = RESERVE_BASE + board::SQUARES;

/// Size of the action space, the same for every configuration: 13624.
pub const NUM_ACTIONS: usize = PLACEMENT_BASE + board::SQUARES;
