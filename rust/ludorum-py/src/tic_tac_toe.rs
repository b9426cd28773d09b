//! Tic-tac-toe for Python.

use ludorum::games::tic_tac_toe::TicTacToe;
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyTicTacToe, TicTacToe, "TicTacToe", {
    /// The owner of every cell, by cell index (``a3`` = 0 .. ``c1`` = 8, the top row first;
    /// see the rules page), ``None`` when empty.
    ///
    /// Returns:
    ///     A tuple of 9 entries: 0 (``X``), 1 (``O``) or ``None``.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("tic_tac_toe")
    /// >>> state.play("b2")
    /// >>> state.play("a3")
    /// >>> state.board()
    /// (1, None, None, None, 0, None, None, None, None)
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let board = self.read()?.board();
        PyTuple::new(py, board)
    }
});
