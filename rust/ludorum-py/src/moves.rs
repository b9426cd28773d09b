//! `ludorum.Move`: a native class, so that listing thousands of legal moves (Dominions has
//! over 11,000 at the start) costs a small allocation per move rather than a Python call. The
//! reference backend builds the same class.

use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

/// One move: its action id in the game's fixed action space and its notation.
///
/// Moves compare equal when both the action id and the notation are equal, whichever
/// backend made them. A move also equals its notation string and hashes like it, so
/// ``"d1-f4" in state.legal_moves()`` works, and a set or dict of moves can be looked up by
/// notation. States make moves (`legal_moves`, `parse_move`, `move_from_action`); building
/// one by hand is rarely needed.
///
/// Args:
///     action: the action id (see the game's rules page for the encoding), an int in
///         ``0..2**32 - 1``.
///     notation: the move in the game's notation, as `str(move)` gives it: at most 64
///         printable ASCII characters without quotes or backslashes.
///
/// Raises:
///     InvalidMoveError: ``action`` or ``notation`` is not of that kind.
///
/// >>> from ludorum import Move
/// >>> m = Move(4, "a1-a2")
/// >>> str(m), m.action, m.notation
/// ('a1-a2', 4, 'a1-a2')
/// >>> m
/// Move('a1-a2')
/// >>> m == Move(4, "a1-a2"), m == Move(5, "a1-a2")
/// (True, False)
/// >>> m == "a1-a2", "a1-a2" in [m], {m: 1}["a1-a2"]
/// (True, True, 1)
#[pyclass(frozen, skip_from_py_object, name = "Move", module = "ludorum")]
#[derive(Clone, PartialEq, Eq)]
pub struct Move {
    action: u64,
    notation: String,
}

impl Move {
    /// A move of action id `action` written `notation`.
    pub fn new(action: usize, notation: String) -> Self {
        Self {
            action: action as u64,
            notation,
        }
    }

    /// The action id.
    pub fn action_id(&self) -> u64 {
        self.action
    }

    /// The notation.
    pub fn text(&self) -> &str {
        &self.notation
    }

    /// `self == other` (or `!=` when `equal` is false) for another move (action id and
    /// notation) or a string (the notation); `NotImplemented` for anything else.
    fn compare(&self, other: &Bound<'_, PyAny>, equal: bool) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let same = if let Ok(other) = other.cast::<Self>() {
            self == other.get()
        } else if let Ok(text) = other.cast::<PyString>() {
            // a string that is not valid Unicode (lone surrogates) names no move
            text.to_cow().is_ok_and(|text| text == self.notation)
        } else {
            return Ok(py.NotImplemented());
        };
        Ok((same == equal)
            .into_pyobject(py)?
            .to_owned()
            .into_any()
            .unbind())
    }
}

#[pymethods]
impl Move {
    #[new]
    fn py_new(action: &Bound<'_, PyAny>, notation: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            action: crate::convert::action_id(action)? as u64,
            notation: crate::convert::notation(notation)?,
        })
    }

    /// The action id.
    #[getter]
    fn action(&self) -> u64 {
        self.action
    }

    /// The notation of the game's rules page.
    #[getter]
    fn notation(&self) -> &str {
        &self.notation
    }

    fn __str__(&self) -> &str {
        &self.notation
    }

    fn __repr__(&self) -> String {
        let quoted = if self.notation.contains('\'') && !self.notation.contains('"') {
            format!("\"{}\"", self.notation)
        } else {
            format!(
                "'{}'",
                self.notation.replace('\\', "\\\\").replace('\'', "\\'")
            )
        };
        format!("Move({quoted})")
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.compare(other, true)
    }

    fn __ne__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.compare(other, false)
    }

    /// The hash of the notation string, so that a move and its notation find the same entry
    /// of a set or dict (equal moves have equal notations).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.notation).hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u64, String)) {
        let this = slf.get();
        (slf.get_type(), (this.action, this.notation.clone()))
    }
}
