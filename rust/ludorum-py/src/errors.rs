//! Engine errors become the Python exception classes of `ludorum.errors`, defined once in pure
//! Python so that the reference backend raises the very same classes.

use ludorum::Error;
use pyo3::PyErr;

pyo3::import_exception!(ludorum.errors, InvalidMoveError);
pyo3::import_exception!(ludorum.errors, IllegalMoveError);
pyo3::import_exception!(ludorum.errors, InvalidStateError);
pyo3::import_exception!(ludorum.errors, InvalidOptionError);
pyo3::import_exception!(ludorum.errors, StateInUseError);
pyo3::import_exception!(ludorum.errors, InvalidArgumentError);

/// One exhaustive match: a new error variant must be mapped here before the crate compiles.
pub fn to_py(error: Error) -> PyErr {
    let message = error.to_string();
    match error {
        Error::InvalidMove { .. } => InvalidMoveError::new_err(message),
        Error::IllegalMove { .. } => IllegalMoveError::new_err(message),
        Error::InvalidState(_) => InvalidStateError::new_err(message),
        Error::InvalidOption(_) => InvalidOptionError::new_err(message),
    }
}

/// The error of a call that finds its state held by another call (see `ludorum.StateInUseError`).
pub fn in_use(class_name: &str) -> PyErr {
    StateInUseError::new_err(format!(
        "this {class_name} state is in use by another call; calls on one state must not overlap \
         (give each thread its own copy, or share it under a lock)"
    ))
}
