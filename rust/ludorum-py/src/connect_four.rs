//! Connect Four for Python.

use ludorum::games::connect_four::ConnectFour;
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyConnectFour, ConnectFour, "ConnectFour", {
    /// The owner of every cell, by cell index (``a1`` = 0 .. ``g6`` = 41, the bottom row first;
    /// see the rules page), ``None`` when empty.
    ///
    /// Returns:
    ///     A tuple of 42 entries: 0 (red, first), 1 (yellow) or ``None``.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("connect_four")
    /// >>> for column in "445":
    /// ...     state.play(column)
    /// >>> state.board()[:14]
    /// (None, None, None, 0, 0, None, None, None, None, None, 1, None, None, None)
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let board = self.read()?.board();
        PyTuple::new(py, board)
    }
});
