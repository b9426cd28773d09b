//! So Long Sucker for Python: the piles, hands, dead box, the decision and the chain of givers,
//! free actions of any living player, and the public chat.

use ludorum::core::dyn_game::NamedMove;
use ludorum::games::so_long_sucker::SoLongSucker;
use ludorum::prelude::*;
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::state::game_class;

game_class!(PySoLongSucker, SoLongSucker, "SoLongSucker", {
    /// The piles on the table in ascending id: ``(id, colours bottom to top)``.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("so_long_sucker", first_player=1)
    /// >>> state.play("play B new")
    /// >>> state.piles()
    /// ((1, (1,)),)
    fn piles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let piles = self.read()?.piles();
        let piles = piles
            .into_iter()
            .map(|(id, chips)| (id, PyTuple::new(py, chips)?).into_pyobject(py))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, piles)
    }

    /// Each player's chips by colour (its own colour is its stock, others are prisoners).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("so_long_sucker", players=2, chips=3).hands()
    /// ((3, 0), (0, 3))
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let hands: Vec<_> = {
            let game = self.read()?;
            (0..game.num_players()).map(|p| game.hand(p)).collect()
        };
        let hands = hands
            .into_iter()
            .map(|hand| PyTuple::new(py, hand))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, hands)
    }

    /// The chips killed, by colour.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("so_long_sucker", players=3).dead_box()
    /// (0, 0, 0)
    fn dead_box<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let dead_box = self.read()?.dead_box();
        PyTuple::new(py, dead_box)
    }

    /// Whether each player is still in the game.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("so_long_sucker", players=2).alive()
    /// (True, True)
    fn alive<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let alive: Vec<bool> = {
            let game = self.read()?;
            (0..game.num_players()).map(|p| game.is_alive(p)).collect()
        };
        PyTuple::new(py, alive)
    }

    /// The decision to take now, as in the JSON state; ``None`` once the game is over.
    ///
    /// Returns:
    ///     ``{"situation", "player", "pile", "in_need"}``: the situation (``play``, ``give``,
    ///     ``kill`` or ``rescue``), the player who decides, the pile id of a give or kill
    ///     decision and the player in need of a rescue (else ``None``).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("so_long_sucker", first_player=3).decision()["situation"]
    /// 'play'
    fn decision<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let decision = self.read()?.decision();
        let Some(decision) = decision else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        dict.set_item("situation", decision.situation.name())?;
        dict.set_item("player", decision.player)?;
        dict.set_item("pile", decision.pile)?;
        dict.set_item("in_need", decision.in_need)?;
        Ok(Some(dict))
    }

    /// The chain of players who gave the move, oldest first; its last has (or had) it.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("so_long_sucker", first_player=2).givers()
    /// (2,)
    fn givers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let givers = self.read()?.givers();
        PyTuple::new(py, givers)
    }

    /// The free actions ``player`` may take now, whoever has to decide.
    ///
    /// Transfers of prisoners (by colour, then receiver), then kills of prisoners (by colour),
    /// with their action ids in this position; the decider's own are also in
    /// :meth:`legal_moves` when the ``free_actions`` option allows.
    ///
    /// Args:
    ///     player: any player of this game.
    ///
    /// Returns:
    ///     A new list of :class:`~ludorum.Move`; empty for a dead player and once the game is
    ///     over.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``player`` is not a player of this game.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("so_long_sucker").free_moves(1)
    /// []
    fn free_moves(&self, py: Python<'_>, player: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let player = self.player_index(player, "player")?;
        let named = {
            let game = self.read()?;
            let mut moves = Vec::new();
            game.free_moves(player, &mut moves);
            moves
                .into_iter()
                .map(|m| NamedMove::of(&*game, m))
                .collect()
        };
        crate::convert::new_moves(py, named)
    }

    /// Add a line to the public chat, as said by ``player`` now.
    ///
    /// Any player may speak, alive or dead, also after the end. The chat is part of the JSON
    /// state, not of the key; :meth:`~State.undo` leaves it as it is.
    ///
    /// Args:
    ///     player: the speaker.
    ///     text: what is said.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``player`` is not a player of this game, or ``text`` is not a
    ///         str of valid Unicode (a lone surrogate cannot be written as UTF-8 or JSON).
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("so_long_sucker")
    /// >>> state.say(1, "deal?")
    /// >>> state.chat
    /// [Message(ply=0, player=1, text='deal?')]
    fn say(&self, player: &Bound<'_, PyAny>, text: &Bound<'_, PyAny>) -> PyResult<()> {
        let player = self.player_index(player, "player")?;
        let text = crate::convert::text(text)?;
        self.write()?.say(player, text);
        Ok(())
    }

    /// The public chat, in the order said: ``Message(ply, player, text)``.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("so_long_sucker").chat
    /// []
    #[getter]
    fn chat(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        let chat = self.read()?.chat().to_vec();
        chat.iter()
            .map(|m| crate::convert::new_message(py, m.ply, m.player, &m.text))
            .collect()
    }
});
