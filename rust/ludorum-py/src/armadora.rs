//! Armadora for Python. The state is the referee's: every accessor here shows hidden strengths;
//! players' views are `to_json(viewer=p)`, `observation(p)`, `render(viewer=p)` and `resample`.

use ludorum::games::armadora::{board::CELLS, board::MINES, Armadora};
use ludorum::prelude::*;
use ludorum::SplitMix64;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyArmadora, Armadora, "Armadora", {
    /// Every cell by index: `None` or `(owner, strength)` (the referee's view).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, (0..CELLS).map(|cell| self.inner.warrior(cell)))
    }

    /// The gold on each mine, in mine order (d1, b2, f2, h2, a4, e4, c5, g5).
    fn gold<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, (0..MINES).map(|mine| self.inner.gold(mine)))
    }

    /// The slot ids holding a palisade, ascending.
    fn palisades<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.palisades())
    }

    /// Per player, the remaining warriors of strength 1..5 (the referee's view).
    fn supplies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let supplies = (0..self.inner.num_players())
            .map(|p| PyTuple::new(py, self.inner.supply(p)))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, supplies)
    }

    /// Palisades left in the shared supply.
    fn palisades_left(&self) -> u8 {
        self.inner.palisades_left()
    }

    /// Per player, whether it has passed (for good).
    fn passed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            (0..self.inner.num_players()).map(|p| self.inner.has_passed(p)),
        )
    }

    /// The gold of each player once the game is over, `None` before.
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.inner.scores().map(|s| PyTuple::new(py, s)).transpose()
    }

    /// The territories as dicts of `cells`, `gold` and `strengths` (the referee's view).
    fn territories<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.inner
            .territories()
            .into_iter()
            .map(|t| {
                let dict = PyDict::new(py);
                dict.set_item("cells", PyTuple::new(py, t.cells)?)?;
                dict.set_item("gold", t.gold)?;
                dict.set_item("strengths", PyTuple::new(py, t.strengths)?)?;
                Ok(dict)
            })
            .collect()
    }

    /// A full state consistent with what `viewer` knows, other players' hidden strengths
    /// redrawn from what they could still hold (see the rules page).
    fn resample(&self, viewer: &Bound<'_, PyAny>, seed: u64) -> PyResult<Self> {
        let viewer = self.player_index(viewer, "viewer")?;
        Ok(Self {
            inner: self.inner.resample(viewer, &mut SplitMix64::new(seed)),
        })
    }
});
