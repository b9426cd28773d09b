//! Armadora (base game) for 2, 3 or 4 players on the 8×5 board with 8 gold mines.
//!
//! Players in turn put a hidden-strength warrior on an empty land cell, put one or two
//! palisades on the inner borders (every territory must keep at least 4 cells), or pass for
//! good. Once everyone has passed, each territory's gold goes to the strongest player there.
//!
//! Every encoding (cells, slots, notation, action ids, Zobrist tables, JSON, observation,
//! viewer views and resampling) is written down in `docs/rules/armadora.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::{games::armadora::Armadora};
//!
//! let options = serde_json::json!({"first_player": 0}).as_object().unwrap().clone();
//! let mut game = Armadora::new(&options).unwrap();
//! let mv = game.parse_move("3@c3").unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(game.current_player(), Some(1));
//! assert_eq!(game.warrior(18), Some((0, 3)));
//! ```

pub mod board;
mod eval;
mod movegen;
mod notation;
mod state;
#[cfg(test)]
mod tests;

pub use movegen::{Move, MoveKind, NUM_ACTIONS, PAIR_BASE, PASS, SINGLE_BASE};
pub use notation::slot_name;
pub use state::{decide, settle, Armadora, Territory, GOLD_STACKS, SUPPLIES, ZOBRIST_SEED};
