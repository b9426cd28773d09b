//! What every game shares: the [`Game`](game::Game) trait, errors, outcomes, options, the RNG,
//! Zobrist tables, perft, JSON replay and playouts; in tests, the checks every game shares
//! (`testing`).

pub mod error;
pub mod game;
pub mod json;
pub mod options;
pub mod outcome;
pub mod perft;
pub mod playout;
pub mod rng;
#[cfg(test)]
pub(crate) mod testing;
pub mod zobrist;
