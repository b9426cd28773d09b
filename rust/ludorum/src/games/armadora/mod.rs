//! Armadora for 2, 3 or 4 players on the 8×5 board with 8 gold mines.
//!
//! Players in turn put a hidden-strength warrior on an empty land cell, put one or two
//! palisades on the inner borders (every territory must keep at least 4 cells), or pass for
//! good. Once everyone has passed, each territory's gold goes to the strongest player there.
//!
//! With `rules="advanced"` a turn may begin with the race's power (Mage: look at a warrior;
//! Goblin: a face-up warrior; Orc: an extra palisade; Elf: an arrow, −1 at scoring), a ply of
//! its own, and a reinforcement token (+1 at scoring) is a fourth action. With `partners=True`
//! (4 players) facing players score as a team.
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
mod drawing;
mod eval;
mod movegen;
mod notation;
mod state;
#[cfg(test)]
mod tests;

pub use movegen::{
    Move, MoveKind, ADVANCED_NUM_ACTIONS, ELF_BASE, GOBLIN_BASE, MAGE_BASE, NUM_ACTIONS, ORC_BASE,
    PAIR_BASE, PASS, REINFORCE_BASE, SINGLE_BASE,
};
pub use notation::slot_name;
pub use state::{
    decide, settle, Armadora, Reinforcement, Territory, GOLD_STACKS, POWER_TOKENS, RACE_NAMES,
    SUPPLIES, ZOBRIST_SEED,
};
