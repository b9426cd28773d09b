//! Dominions (Christian Freeling) for two players on a hexagon of side 9.
//!
//! Each player holds one hexagonal piece of every pattern 1..63 (the bits are its beams, the
//! other sides blanks; pieces never rotate) and either places one on an empty cell or passes.
//! A piece must match its neighbours (beam meets beam, blank meets blank, blanks towards the
//! edge), must touch a piece of the opponent's colour or extend an own group that is a whole
//! section, and must leave every group with a liberty (an empty cell a beam points at).
//! Opponent groups connected to the new piece that lose their last liberty are reversed; a
//! new group without liberty is reversed itself (suicide). Two passes in a row end the game;
//! territory is the pieces showing one's colour minus the patterns still in hand (plus komi for
//! Black).
//!
//! Every encoding (cell indices and names, direction bits, notation, action ids, Zobrist
//! tables, JSON, observation) is written down in `docs/rules/dominions.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::{games::dominions::{board, Dominions}};
//!
//! let mut game = Dominions::new(&Default::default()).unwrap();
//! assert_eq!(game.count_legal_moves(), 11_319); // no pass as the first move
//! game.play(game.parse_move("1@i9").unwrap()).unwrap();
//! game.play(game.parse_move("9@j10").unwrap()).unwrap();
//! // The capture turned White's i9 black.
//! let i9 = board::cell_index("i9").unwrap();
//! assert_eq!(game.cell(i9), Some((1, 0, 1)));
//! assert_eq!(game.scores(), (-62.0, -60.0));
//! ```

pub mod board;
mod cache;
mod drawing;
mod eval;
mod movegen;
mod notation;
mod state;
#[cfg(test)]
mod tests;

pub use movegen::Move;
pub use state::{Dominions, ZOBRIST_SEED};

/// Action id of the pass; a placement of pattern p on cell c is `c * 63 + (p − 1)`.
pub const PASS: usize = board::CELLS * board::PATTERNS;

/// Size of the action space: 13672.
pub const NUM_ACTIONS: usize = PASS + 1;

/// Id of `resign`: 13672, just outside the action space (`play` accepts it, no action does).
pub const RESIGN: usize = NUM_ACTIONS;
