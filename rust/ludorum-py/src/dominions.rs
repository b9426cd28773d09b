//! Dominions for Python.

use ludorum::games::dominions::{board::CELLS, Dominions};
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PyDominions, Dominions, "Dominions", {
    /// Every cell by cell index: ``None`` or ``(pattern, owner, colour)``.
    ///
    /// ``owner`` is the player whose set the piece comes from, ``colour`` the colour it shows
    /// now (they differ once the piece is reversed).
    ///
    /// Returns:
    ///     A tuple of 217 entries.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("dominions")
    /// >>> state.play("63@i9")
    /// >>> state.board()[108]
    /// (63, 0, 0)
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cells: Vec<_> = {
            let game = self.read()?;
            (0..CELLS).map(|cell| game.cell(cell)).collect()
        };
        PyTuple::new(py, cells)
    }

    /// The patterns still in ``player``'s hand, ascending.
    ///
    /// Args:
    ///     player: 0 (White) or 1 (Black).
    ///
    /// Returns:
    ///     The patterns, ints in ``1..63``.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``player`` is not 0 or 1.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("dominions")
    /// >>> state.play("1@i9")
    /// >>> state.hand(0)[:3], len(state.hand(1))
    /// ((2, 3, 4), 63)
    fn hand<'py>(
        &self,
        py: Python<'py>,
        player: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let player = self.player_index(player, "player")?;
        let hand = self.read()?.hand(player);
        PyTuple::new(py, hand)
    }

    /// The territories ``(white, black)`` as the rules count them now, komi included.
    ///
    /// A territory is the pieces showing the player's colour minus its pieces still in hand;
    /// komi is added to Black's.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("dominions", komi=0.5).scores()
    /// (-63.0, -62.5)
    fn scores(&self) -> PyResult<(f64, f64)> {
        Ok(self.read()?.scores())
    }
});
