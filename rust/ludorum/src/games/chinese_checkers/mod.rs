//! Chinese Checkers for 2, 3, 4 or 6 players on the 121-hole star.
//!
//! Each player moves one piece per turn: a step to an adjacent empty hole, or a chain of hops,
//! each over an adjacent piece (anyone's) to the empty hole straight beyond. A move is named by
//! its start and end hole (`e5-f4`); a player with no move passes. The first player to fill its
//! home (the point opposite its start) with its own pieces wins; `anti_block = full` also wins
//! for a home filled by anyone with at least one own piece. Area rules (`dest`, `strict`,
//! `free`) restrict where pieces may land; threefold repetition and `max_plies` draw.
//!
//! Every encoding (hole indices and names, action ids, Zobrist tables, JSON, observation) is
//! written down in `docs/rules/chinese_checkers.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::{perft, games::chinese_checkers::ChineseCheckers};
//!
//! let mut game = ChineseCheckers::new(&Default::default()).unwrap();
//! assert_eq!(game.count_legal_moves(), 18);
//! let mv = game.parse_move("e5-f4").unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.current_player(), Some(1));
//! assert_eq!(perft(&mut game, 1), 18);
//! ```

pub mod board;
mod cache;
mod drawing;
mod eval;
mod hops;
mod movegen;
mod notation;
mod state;
#[cfg(test)]
mod tests;

pub use movegen::Move;
pub use state::{Actions, Area, ChineseCheckers, ZOBRIST_SEED};

/// Action id of the pass under `actions="from_to"`; a move from `from` to `to` is
/// `from * 121 + to`. (Under `piece_to` a move is `rank * 121 + to` and the pass
/// `pieces * 121`: see [`Actions`].)
pub const PASS: usize = board::HOLES * board::HOLES;

/// Size of the action space under `actions="from_to"`, the same for every configuration.
pub const NUM_ACTIONS: usize = PASS + 1;
