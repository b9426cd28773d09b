//! So Long Sucker for Python: the piles, hands, dead box, the decision and the chain of givers,
//! free actions of any living player, and the public chat.

use ludorum::games::so_long_sucker::SoLongSucker;
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PySoLongSucker, SoLongSucker, "SoLongSucker", {
    /// The piles in ascending id: `(id, colours)`, colours bottom to top as player indices.
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let piles = self
            .inner
            .piles()
            .into_iter()
            .map(|(id, chips)| (id, PyTuple::new(py, chips)?).into_pyobject(py))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, piles)
    }

    /// Per player, its chip counts per colour (its own colour is its stock).
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let hands = (0..self.inner.num_players())
            .map(|p| PyTuple::new(py, self.inner.hand(p)))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, hands)
    }

    /// Killed chips per colour.
    fn dead_box<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.dead_box())
    }

    /// Per player, whether it is alive.
    fn alive<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            (0..self.inner.num_players()).map(|p| self.inner.is_alive(p)),
        )
    }

    /// Who must decide what: `{"situation", "player", "pile", "in_need"}`, `None` once over.
    fn decision<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(decision) = self.inner.decision() else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("situation", decision.situation.name())?;
        dict.set_item("player", decision.player)?;
        dict.set_item("pile", decision.pile)?;
        dict.set_item("in_need", decision.in_need)?;
        Ok(Some(dict))
    }

    /// The chain of givers, bottom to top (the top has, or last had, the move).
    fn givers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.givers())
    }

    /// The free actions `player` may make now (transfers, then kills), as `Move`s.
    fn free_moves(&self, py: Python<'_>, player: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let player = self.player_index(player, "player")?;
        let mut moves = Vec::new();
        self.inner.free_moves(player, &mut moves);
        moves.into_iter().map(|m| self.to_py_move(py, m)).collect()
    }

    /// Appends `text` said by `player` to the public chat (not part of the key).
    fn say(&mut self, player: &Bound<'_, PyAny>, text: String) -> PyResult<()> {
        let player = self.player_index(player, "player")?;
        self.inner.say(player, text);
        Ok(())
    }

    /// The public chat: a list of `Message(ply, player, text)`.
    #[getter]
    fn chat(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.inner
            .chat()
            .iter()
            .map(|m| crate::convert::new_message(py, m.ply, m.player, &m.text))
            .collect()
    }
});
