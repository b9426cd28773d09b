//! What every game shares: the [`Game`](game::Game) traits and their capabilities, their one
//! object-safe face ([`DynGame`](dyn_game::DynGame)), facts, errors, outcomes, observation
//! layouts, options, the RNG, Zobrist tables, stacks that clone with their capacity, the key and
//! undo records of games that play for good, perft, JSON replay, batches and playouts, the
//! short texts of what a player has seen, the check a long call asks on its own thread whether
//! to give up; in tests, the checks every game shares (`testing`).

pub mod action_bits;
pub mod batch;
pub mod compact;
pub mod dyn_game;
pub mod error;
pub mod facts;
pub mod for_good;
pub mod game;
pub mod hidden;
pub mod json;
pub mod lines;
pub mod observation;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod playout;
pub mod pool;
pub mod rng;
pub mod stack;
#[cfg(test)]
pub(crate) mod testing;
pub mod text;
pub mod watch;
pub mod zobrist;
