//! Domination (Sackson's Focus) for Python.

use ludorum::games::domination::{board::SQUARES, Domination};
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyDomination, Domination, "Domination", {
    /// Every stack by square index, bottom to top, as player indices.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let stacks = (0..SQUARES)
            .map(|square| PyTuple::new(py, self.inner.stack(square)))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, stacks)
    }

    /// Reserve pieces per player.
    fn reserves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            (0..self.inner.num_players()).map(|p| self.inner.reserve(p)),
        )
    }

    /// Captured pieces per colour (pieces of that player that left the game).
    fn captured<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            (0..self.inner.num_players()).map(|p| self.inner.captured(p)),
        )
    }

    /// Per player: whether it still holds its opening piece (3 players).
    fn in_hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            (0..self.inner.num_players()).map(|p| self.inner.in_hand(p)),
        )
    }
});
