//! The short texts of a state ([`ludorum::core::text`]) for the OpenSpiel adapter: what a
//! player observes, everything it has seen, and the referee's moves. Each reads the state where
//! it is, without a copy.

use ludorum::core::dyn_game::DynGame;
use pyo3::prelude::*;

use crate::errors;

/// The player `player` of `game`, checked.
pub(crate) fn seat(game: &dyn DynGame, player: usize) -> PyResult<usize> {
    if player < game.num_players() {
        Ok(player)
    } else {
        Err(errors::InvalidArgumentError::new_err(format!(
            "player must be a seat from 0 to {}, got {player}",
            game.num_players() - 1
        )))
    }
}

/// What `player` observes now, as a short text.
#[pyfunction]
pub fn observation_text(state: &Bound<'_, PyAny>, player: usize) -> PyResult<String> {
    crate::read_erased(state, |game| Ok(game.observation_text(seat(game, player)?)))?
}

/// Everything `player` has seen (perfect recall), as a short text.
#[pyfunction]
pub fn information_state_text(state: &Bound<'_, PyAny>, player: usize) -> PyResult<String> {
    crate::read_erased(state, |game| {
        Ok(game.information_state_text(seat(game, player)?))
    })?
}

/// The referee's moves so far and the player to move.
#[pyfunction]
pub fn state_text(state: &Bound<'_, PyAny>) -> PyResult<String> {
    crate::read_erased(state, |game| game.state_text())
}
