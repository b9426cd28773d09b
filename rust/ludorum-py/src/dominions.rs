//! Dominions for Python.

use ludorum::games::dominions::{board::CELLS, Dominions};
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyDominions, Dominions, "Dominions", {
    /// Every cell by index: `None` or `(pattern, owner, colour)`.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, (0..CELLS).map(|cell| self.inner.cell(cell)))
    }

    /// The patterns `player` still holds, ascending.
    fn hand<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let player = self.player_index(player, "player")?;
        PyTuple::new(py, self.inner.hand(player))
    }

    /// Territories `(white, black)`, Black's with komi.
    fn scores(&self) -> (f64, f64) {
        self.inner.scores()
    }
});
