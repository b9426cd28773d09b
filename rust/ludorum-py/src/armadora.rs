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
    /// The warrior on every cell, by cell index: ``None`` or ``(owner, strength)``.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("armadora", first_player=0)
    /// >>> state.play("3@c3")
    /// >>> state.board()[18]
    /// (0, 3)
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let cells: Vec<_> = {
            let game = self.read()?;
            (0..CELLS).map(|cell| game.warrior(cell)).collect()
        };
        PyTuple::new(py, cells)
    }

    /// The gold of each mine, in mine order (drawn from the ``seed`` or the ``gold`` option).
    ///
    /// >>> import ludorum
    /// >>> sorted(ludorum.new("armadora").gold())
    /// [3, 4, 4, 5, 5, 6, 6, 7]
    fn gold<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let gold: Vec<_> = {
            let game = self.read()?;
            (0..MINES).map(|mine| game.gold(mine)).collect()
        };
        PyTuple::new(py, gold)
    }

    /// The slot ids that hold a palisade, ascending.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("armadora", first_player=0)
    /// >>> state.play("c2-d2 e4-e5")
    /// >>> len(state.palisades())
    /// 2
    fn palisades<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let palisades = self.read()?.palisades();
        PyTuple::new(py, palisades)
    }

    /// Each player's warriors still in supply, by strength 1 to 5.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora", players=3).supplies()[0]
    /// (7, 2, 1, 1, 0)
    fn supplies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let supplies: Vec<_> = {
            let game = self.read()?;
            (0..game.num_players()).map(|p| game.supply(p)).collect()
        };
        let supplies = supplies
            .into_iter()
            .map(|supply| PyTuple::new(py, supply))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, supplies)
    }

    /// The palisades left in the shared supply.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora").palisades_left()
    /// 35
    fn palisades_left(&self) -> PyResult<u8> {
        Ok(self.read()?.palisades_left())
    }

    /// Whether each player has passed (a player who passed plays no more).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora").passed()
    /// (False, False)
    fn passed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let passed: Vec<bool> = {
            let game = self.read()?;
            (0..game.num_players())
                .map(|p| game.has_passed(p))
                .collect()
        };
        PyTuple::new(py, passed)
    }

    /// The gold each player scored, once the game is over; ``None`` while it runs.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora").scores() is None
    /// True
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let scores = self.read()?.scores();
        scores.map(|s| PyTuple::new(py, s)).transpose()
    }

    /// The territories (cells bounded by palisades), ordered by their smallest cell.
    ///
    /// Returns:
    ///     One dict per territory: ``cells`` (a tuple of cell indices), ``gold`` (the gold of
    ///     its mines) and ``strengths`` (each player's total strength there, as the referee
    ///     sees it).
    ///
    /// >>> import ludorum
    /// >>> territory = ludorum.new("armadora").territories()[0]
    /// >>> len(territory["cells"]), territory["gold"], territory["strengths"]
    /// (40, 40, (0, 0))
    fn territories<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let territories = self.read()?.territories();
        territories
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

    /// Each seat's race name (``rules="advanced"``); with base rules the seat characters.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora", rules="advanced", races=["elf", "orc"]).races()
    /// ('elf', 'orc')
    fn races<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let races = self.read()?.races();
        PyTuple::new(py, races)
    }

    /// The power tokens each player has left (all 0 with base rules).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora", players=4, rules="advanced").powers()
    /// (1, 1, 2, 2)
    fn powers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let powers = self.read()?.powers();
        PyTuple::new(py, powers)
    }

    /// Per player, the cell its reinforcement token lies on, ``None`` while it holds it.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora", rules="advanced").reinforcements()
    /// (None, None)
    fn reinforcements<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let reinforcements = self.read()?.reinforcements();
        PyTuple::new(py, reinforcements)
    }

    /// The arrows on the warrior of every cell, by cell index (40 ints).
    ///
    /// >>> import ludorum
    /// >>> sum(ludorum.new("armadora", rules="advanced").arrows())
    /// 0
    fn arrows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let arrows: Vec<_> = {
            let game = self.read()?;
            (0..CELLS).map(|c| game.arrows(c)).collect()
        };
        PyTuple::new(py, arrows)
    }

    /// The cells of the face-up warriors (the Goblin's), ascending.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("armadora", rules="advanced", first_player=1)
    /// >>> state.play("goblin 5@c3")
    /// >>> state.face_up()
    /// (18,)
    fn face_up<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let face_up = self.read()?.face_up();
        PyTuple::new(py, face_up)
    }

    /// Per player, the cells whose warriors it has looked at (the Mage's), ascending.
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora", rules="advanced").looks()
    /// ((), ())
    fn looks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let looks: Vec<_> = {
            let game = self.read()?;
            (0..game.num_players()).map(|p| game.looks(p)).collect()
        };
        let looks = looks
            .into_iter()
            .map(|l| PyTuple::new(py, l))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, looks)
    }

    /// True while the player to move has used a power this turn (its next ply is the action).
    ///
    /// >>> import ludorum
    /// >>> ludorum.new("armadora", rules="advanced").power_used()
    /// False
    fn power_used(&self) -> PyResult<bool> {
        Ok(self.read()?.power_used())
    }

    /// A referee's state consistent with everything ``viewer`` knows (for searches).
    ///
    /// The strengths of the other players' warriors, hidden from ``viewer``, are drawn again
    /// with SplitMix64(``seed``) as the rules page describes; ``viewer``'s own warriors, face-up
    /// warriors, those ``viewer`` looked at (the Mage) and everything public stay as they are. Once the game is over, nothing is hidden and the
    /// result is a copy.
    ///
    /// Args:
    ///     viewer: the player whose knowledge is kept.
    ///     seed: an int in ``0..2**64 - 1``.
    ///
    /// Returns:
    ///     A new state of the same class, with the same history length.
    ///
    /// Raises:
    ///     InvalidArgumentError: ``viewer`` is not a player of this game, or ``seed`` is not an
    ///         int in ``0..2**64 - 1``.
    ///
    /// >>> import ludorum
    /// >>> state = ludorum.new("armadora", first_player=0)
    /// >>> state.play("1@a1"); state.play("5@b1")
    /// >>> other = state.resample(0, seed=7)
    /// >>> other.to_json(viewer=0) == state.to_json(viewer=0)
    /// True
    fn resample(&self, viewer: &Bound<'_, PyAny>, seed: &Bound<'_, PyAny>) -> PyResult<Self> {
        let viewer = self.player_index(viewer, "viewer")?;
        let seed = crate::convert::seed(seed)?;
        let game = self.read()?.resample(viewer, &mut SplitMix64::new(seed));
        Ok(Self::wrap(game))
    }
});
