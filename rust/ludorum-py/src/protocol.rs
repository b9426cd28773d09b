//! `_ludorum.ProtocolSession`: the engine protocol of `ludorum::protocol`, on stdin and stdout
//! for `ludorum serve` (reading on while a search runs, so that `stop` ends it; Ctrl-C ends the
//! session), or one line at a time.

use std::io::{stdin, stdout, BufReader};
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

    /// Answers the lines of stdin on stdout until `quit` or the end of the input, as
    /// `ludorum-engine` does; Ctrl-C stops the command under way and raises
    /// `KeyboardInterrupt`.
    fn run(&self, py: Python<'_>) -> PyResult<()> {
        let mut session = self.session.lock().unwrap_or_else(|e| e.into_inner());
        let session: &mut Session = &mut session;
        let mut failure = None;
        let served = py.detach(|| {
            let mut go_on = || {
                Python::attach(|py| py.check_signals())
                    .map_err(|error| failure = Some(error))
                    .is_ok()
            };
            session.run_until(BufReader::new(stdin()), stdout(), &mut go_on)
        });
        match failure {
            Some(error) => Err(error),
            None => served.map_err(PyErr::from),
        }
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
