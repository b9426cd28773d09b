//! Domination (Sackson's Focus) for Python.

use ludorum::games::domination::{board::SQUARES, Domination};
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyDomination, Domination, "Domination", {
    /// Every stack by square index, bottom to top, as players; ``()`` when empty.
    ///
    /// Returns:
    ///     A tuple of 52 stacks of at most 5 pieces.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("domination").board()[4:7]
    /// ((1,), (1,), (0,))
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let stacks: Vec<Vec<u8>> = {
            let game = self.read()?;
            (0..SQUARES).map(|square| game.stack(square)).collect()
        };
        let stacks = stacks
            .into_iter()
            .map(|stack| PyTuple::new(py, stack))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, stacks)
    }

    /// The pieces each player has in reserve (its own pieces it may enter again).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("domination").reserves()
    /// (0, 0)
    fn reserves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let game = self.read()?;
        let reserves: Vec<u32> = (0..game.num_players()).map(|p| game.reserve(p)).collect();
        drop(game);
        PyTuple::new(py, reserves)
    }

    /// The pieces of each colour captured by another player (out of the game).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("domination", players=4).captured()
    /// (0, 0, 0, 0)
    fn captured<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let game = self.read()?;
        let captured: Vec<u32> = (0..game.num_players()).map(|p| game.captured(p)).collect();
        drop(game);
        PyTuple::new(py, captured)
    }

    /// Whether each player still holds its opening piece (3 players only).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("domination", players=3).in_hand()
    /// (True, True, True)
    fn in_hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let game = self.read()?;
        let in_hand: Vec<bool> = (0..game.num_players()).map(|p| game.in_hand(p)).collect();
        drop(game);
        PyTuple::new(py, in_hand)
    }
});
