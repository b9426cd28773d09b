//! ludorum: exact, fast rules engines for abstract games.
//!
//! Every game implements [`Game`] (with [`MoveGen`] and [`Encoding`]): legal moves in canonical order (ascending action id),
//! checked and unchecked play, undo, outcome and an incrementally updated Zobrist key. The rules
//! and every encoding of each game are written in `docs/rules/<game>.md`.
//!
//! # Examples
//!
//! ```
//! use ludorum::prelude::*;
//! use ludorum::games::chinese_checkers::ChineseCheckers;
//!
//! let mut game = ChineseCheckers::new(&Default::default()).unwrap();
//! let mv = game.parse_move("e5-f5").unwrap();
//! game.play(mv).unwrap();
//! assert_eq!(ludorum::perft(&mut game, 1), 18);
//! ```

pub mod core;
pub mod env;
pub mod games;
pub mod protocol;
pub mod search;

pub use crate::core::batch::Batch;
pub use crate::core::error::Error;
pub use crate::core::facts::Facts;
pub use crate::core::game::{Encoding, Evaluation, Game, MoveGen};
pub use crate::core::hidden::{Hidden, HiddenInformation};
pub use crate::core::outcome::Outcome;
pub use crate::core::perft::perft;
pub use crate::core::playout::{
    play_random_game, play_random_game_until, simulate, simulate_logged, GameLog, GameRecord,
};
pub use crate::core::rng::SplitMix64;

/// The traits a user of the engine needs in scope: `use ludorum::prelude::*;`.
pub mod prelude {
    pub use crate::core::game::{Encoding, Evaluation, Game, MoveGen};
    pub use crate::core::hidden::HiddenInformation;
}
