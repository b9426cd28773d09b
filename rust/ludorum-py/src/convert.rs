//! Conversions between Python objects and the engine's JSON values and moves.
//!
//! JSON crosses through Python's own `json` module: it is not on any hot path, and it keeps the
//! two backends' JSON identical to the character.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyType};
use serde_json::{Map, Value};

use crate::errors::{InvalidMoveError, InvalidOptionError, InvalidStateError};

static OUTCOME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static MESSAGE: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// A `ludorum.Move`.
pub fn new_move(py: Python<'_>, action: usize, notation: String) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, crate::moves::Move::new(action, notation))?.into_any())
}

/// A `ludorum.Outcome`, or `None`.
pub fn new_outcome(py: Python<'_>, outcome: Option<ludorum::Outcome>) -> PyResult<Py<PyAny>> {
    let Some(outcome) = outcome else {
        return Ok(py.None());
    };
    let class = OUTCOME.import(py, "ludorum._types", "Outcome")?;
    let winners = pyo3::types::PyTuple::new(py, outcome.winner_list())?;
    Ok(class.call1((winners, outcome.reason))?.unbind())
}

/// A `ludorum.Message` (a line of chat).
pub fn new_message(py: Python<'_>, ply: usize, player: usize, text: &str) -> PyResult<Py<PyAny>> {
    let class = MESSAGE.import(py, "ludorum._types", "Message")?;
    Ok(class.call1((ply, player, text))?.unbind())
}

/// A JSON value as a Python object (dicts, lists, str, int, float, bool, None).
pub fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (value.to_string(),))?.unbind())
}

/// A Python object as JSON; anything `json.dumps` refuses is an `InvalidStateError`.
pub fn state_from_python(object: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text = dumps(object).map_err(|e| InvalidStateError::new_err(format!("not JSON: {e}")))?;
    serde_json::from_str(&text).map_err(|e| InvalidStateError::new_err(format!("not JSON: {e}")))
}

/// Keyword options as a JSON object; a value JSON cannot hold is an `InvalidOptionError`.
pub fn options_from_python(options: Option<&Bound<'_, PyDict>>) -> PyResult<Map<String, Value>> {
    let Some(options) = options else {
        return Ok(Map::new());
    };
    let text = dumps(options.as_any())
        .map_err(|e| InvalidOptionError::new_err(format!("options must be JSON values: {e}")))?;
    match serde_json::from_str(&text) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(InvalidOptionError::new_err(
            "options must be a mapping of names to values",
        )),
    }
}

fn dumps(object: &Bound<'_, PyAny>) -> PyResult<String> {
    let json = object.py().import("json")?;
    let kwargs = PyDict::new(object.py());
    kwargs.set_item("allow_nan", false)?;
    json.call_method("dumps", (object,), Some(&kwargs))?
        .extract()
}

/// An integer argument as Python sees it: `None` for a bool or anything without `__index__`
/// (a float, a string, `None`); `Err(())` for an integer too large for `i128`.
fn integer(object: &Bound<'_, PyAny>) -> Option<Result<i128, ()>> {
    if object.is_instance_of::<PyBool>() {
        return None;
    }
    let index = object.call_method0("__index__").ok()?;
    Some(index.extract::<i128>().map_err(|_| ()))
}

/// A player (or viewer) index in `0..players`, accepting Python and numpy integers; anything
/// else is a `ValueError` worded as the reference words it.
pub fn player_index(object: &Bound<'_, PyAny>, players: usize, what: &str) -> PyResult<usize> {
    let repr = || object.repr().map(|r| r.to_string()).unwrap_or_default();
    match integer(object) {
        None => Err(PyValueError::new_err(format!(
            "{what} must be an int in 0..{}, got {}",
            players - 1,
            repr()
        ))),
        Some(Ok(p)) if (0..players as i128).contains(&p) => Ok(p as usize),
        Some(_) => {
            let shown = object
                .call_method0("__index__")
                .map_or_else(|_| repr(), |i| i.to_string());
            Err(PyValueError::new_err(format!(
                "{what} must be in 0..{}, got {shown}",
                players - 1
            )))
        }
    }
}

/// An action id below `limit` (`num_actions` for `apply_action`; free actions of other players
/// in So Long Sucker have ids past it, which `move_from_action` names); anything else is an
/// `InvalidMoveError` worded as the reference words it.
pub fn action_index(object: &Bound<'_, PyAny>, limit: usize) -> PyResult<usize> {
    match integer(object) {
        Some(Ok(a)) if (0..limit as i128).contains(&a) => Ok(a as usize),
        _ => {
            let repr = object.repr().map(|r| r.to_string()).unwrap_or_default();
            Err(InvalidMoveError::new_err(format!(
                "invalid move {repr}: no action id {repr}"
            )))
        }
    }
}

/// A seed argument: an int in `0..2**64` (not a bool), else a `ValueError`.
pub fn seed(object: &Bound<'_, PyAny>) -> PyResult<u64> {
    match integer(object) {
        Some(Ok(s)) if (0..=i128::from(u64::MAX)).contains(&s) => Ok(s as u64),
        _ => Err(PyValueError::new_err(format!(
            "seed must be an int in 0..2**64 - 1, got {}",
            object.repr().map(|r| r.to_string()).unwrap_or_default()
        ))),
    }
}

/// A perft depth: an int from 0 (not a bool), else a `ValueError`.
pub fn depth(object: &Bound<'_, PyAny>) -> PyResult<u32> {
    let repr = || object.repr().map(|r| r.to_string()).unwrap_or_default();
    match integer(object) {
        Some(Ok(d)) if d >= 0 => u32::try_from(d).map_err(|_| {
            PyValueError::new_err(format!(
                "perft depth must be at most {}, got {}",
                u32::MAX,
                repr()
            ))
        }),
        _ => Err(PyValueError::new_err(format!(
            "perft depth must be >= 0, got {}",
            repr()
        ))),
    }
}

/// A notation argument: a `str`, else an `InvalidMoveError`.
pub fn notation(object: &Bound<'_, PyAny>) -> PyResult<String> {
    object.extract::<String>().map_err(|_| {
        InvalidMoveError::new_err(format!(
            "invalid move {}: expected a notation string",
            object.repr().map(|r| r.to_string()).unwrap_or_default()
        ))
    })
}
