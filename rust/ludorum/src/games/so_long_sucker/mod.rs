//! So Long Sucker (Hausner, Nash, Shapley and Shubik, 1950) for 2 to 6 players: a game of
//! negotiation whose promises, made in the public chat, no rule enforces.
//!
//! Players play chips onto piles; a chip landing on one of its own colour captures the pile for
//! that colour's owner, who kills one chip and takes the rest. Whoever played otherwise gives the
//! move to a player whose colour is missing from the pile (or the move goes where the rules
//! force it); a player with the move and no chips must be rescued or dies, and the move goes
//! back along the chain of givers. Prisoners may be handed over or killed at any time, even out
//! of turn (free actions). The last living player wins.
//!
//! Every encoding (notation, action ids, Zobrist keys, JSON, observation) and every decision
//! the rules leave open is written down in `docs/rules/so_long_sucker.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::{games::so_long_sucker::{SoLongSucker, Situation}};
//!
//! let options = serde_json::json!({"first_player": 0}).as_object().unwrap().clone();
//! let mut game = SoLongSucker::new(&options).unwrap();
//! game.play(game.parse_move("play R new").unwrap()).unwrap();
//! let decision = game.decision().unwrap();
//! assert_eq!((decision.situation, decision.player, decision.pile), (Situation::Give, 0, Some(1)));
//! game.play(game.parse_move("give B").unwrap()).unwrap();
//! assert_eq!(game.current_player(), Some(1));
//! assert_eq!(game.givers(), vec![0, 1]);
//! assert_eq!(game.piles(), vec![(1, vec![0])]);
//! ```

mod drawing;
mod eval;
mod keys;
mod movegen;
mod notation;
mod state;
#[cfg(test)]
mod tests;

pub use keys::ZOBRIST_SEED;
pub use movegen::{Move, MoveKind};
pub use state::{DeadCapture, Decision, Message, Situation, SoLongSucker};

/// The most players.
pub const MAX_PLAYERS: usize = 6;

/// The most chips of each colour.
pub const MAX_CHIPS: usize = 20;

/// The most chips in a game (and so on the table, and piles at once).
pub const MAX_TABLE: usize = MAX_PLAYERS * MAX_CHIPS;

/// The colour letters in seat order: red, blue, green, yellow, purple, orange.
pub const COLOUR_LETTERS: [u8; MAX_PLAYERS] = *b"RBGYPO";

/// The colour names in seat order, for messages.
pub const COLOUR_NAMES: [&str; MAX_PLAYERS] =
    ["red", "blue", "green", "yellow", "purple", "orange"];
