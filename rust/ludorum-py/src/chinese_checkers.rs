//! Chinese Checkers for Python.

use ludorum::games::chinese_checkers::ChineseCheckers;
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyChineseCheckers, ChineseCheckers, "ChineseCheckers", {
    /// The owner of every hole, by hole index (see the rules page), ``None`` when empty.
    ///
    /// Returns:
    ///     A tuple of 121 entries.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("chinese_checkers").board()[:12]
    /// (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, None, None)
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let board = self.read()?.board();
        PyTuple::new(py, board)
    }
});
