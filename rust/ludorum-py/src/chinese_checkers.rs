//! Chinese Checkers for Python.

use ludorum::games::chinese_checkers::ChineseCheckers;
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyChineseCheckers, ChineseCheckers, "ChineseCheckers", {
    /// The owner of every hole by hole index (`None` for an empty hole).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.board())
    }
});
