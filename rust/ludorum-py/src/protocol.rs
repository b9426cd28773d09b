//! `_ludorum.ProtocolSession`: the engine protocol of `ludorum::protocol`, one line at a time,
//! for `ludorum serve` (whose loop reads the lines in Python, so that Ctrl-C stops it).

use std::sync::Mutex;

use ludorum::protocol::{Session, MAX_LINE};
use pyo3::prelude::*;

/// A protocol session (see docs/protocol.md).
#[pyclass(name = "ProtocolSession", module = "ludorum._ludorum")]
pub struct PyProtocolSession {
    session: Mutex<Session>,
}

#[pymethods]
impl PyProtocolSession {
    #[new]
    #[pyo3(signature = (json=false))]
    fn new(json: bool) -> Self {
        Self {
            session: Mutex::new(Session::new(json)),
        }
    }

    /// The answer to one line (bytes, without its newline) and whether the session ends.
    fn handle(&self, py: Python<'_>, line: &[u8]) -> (String, bool) {
        let mut session = self.session.lock().unwrap_or_else(|e| e.into_inner());
        let session: &mut Session = &mut session;
        py.detach(|| session.handle_line(line))
    }

    /// The answer to a line longer than ``MAX_LINE`` bytes (which is skipped).
    fn too_long(&self) -> String {
        self.session
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .too_long()
    }

    /// The longest line a session reads.
    #[classattr]
    const MAX_LINE: usize = MAX_LINE;
}
