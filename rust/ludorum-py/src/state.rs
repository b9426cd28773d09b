//! The Python methods every game class has, generated once by [`game_class!`]: each method
//! converts its arguments, calls the engine and maps the error. No rules here.

/// Defines a `#[pyclass]` wrapping an engine game, with the whole contract of DESIGN.md, and any
/// game-specific methods given in braces.
macro_rules! game_class {
    ($py_type:ident, $game:ty, $class_name:literal, { $($extra:tt)* }) => {
        #[doc = concat!("The Python state class `", $class_name, "` (see `ludorum.new`).")]
        #[pyclass(name = $class_name, module = "ludorum._ludorum", skip_from_py_object)]
        #[derive(Clone)]
        pub struct $py_type {
            pub(crate) inner: $game,
        }

        /// The Python class of this game (for the list of games in `lib.rs`).
        pub(crate) type Class = $py_type;

        #[pymethods]
        impl $py_type {
            #[new]
            #[pyo3(signature = (**options))]
            fn py_new(options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
                let options = crate::convert::options_from_python(options)?;
                let inner = <$game as Game>::new(&options).map_err(crate::errors::to_py)?;
                Ok(Self { inner })
            }

            /// The registry name of the game.
            #[getter]
            fn game(&self) -> &'static str {
                <$game as Game>::NAME
            }

            /// Number of players.
            #[getter]
            fn num_players(&self) -> usize {
                self.inner.num_players()
            }

            /// Every option with its value after defaults.
            #[getter]
            fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                crate::convert::to_python(py, &serde_json::Value::Object(self.inner.options()))
            }

            /// The player who must decide now, `None` once the game is over.
            #[getter]
            fn current_player(&self) -> Option<usize> {
                self.inner.current_player()
            }

            /// The 64-bit Zobrist key of the position.
            #[getter]
            fn key(&self) -> u64 {
                self.inner.key()
            }

            /// The key computed from the position alone (equals `key`; a test oracle).
            fn key_from_scratch(&self) -> u64 {
                self.inner.key_from_scratch()
            }

            /// Number of moves played.
            #[getter]
            fn ply(&self) -> usize {
                self.inner.history().len()
            }

            /// Size of the fixed action space.
            #[getter]
            fn num_actions(&self) -> usize {
                self.inner.num_actions()
            }

            /// The legal moves, ascending action id.
            fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
                let mut moves = Vec::new();
                self.inner.legal_moves(&mut moves);
                moves.into_iter().map(|m| self.to_py_move(py, m)).collect()
            }

            /// The legal action ids, ascending, as a numpy int32 array.
            fn legal_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
                let mut actions = Vec::new();
                self.inner.legal_actions(&mut actions);
                let actions: Vec<i32> = actions.into_iter().map(|a| a as i32).collect();
                PyArray1::from_vec(py, actions)
            }

            /// A bool array of length `num_actions`, True at the legal action ids.
            fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
                let mut actions = Vec::new();
                self.inner.legal_actions(&mut actions);
                let mut mask = vec![false; self.inner.num_actions()];
                for a in actions {
                    mask[a as usize] = true;
                }
                PyArray1::from_vec(py, mask)
            }

            /// Plays the move with this action id; on error nothing changes.
            fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                let id = crate::convert::action_index(action, self.inner.num_actions())?;
                let mv = self.inner.move_from_action(id).map_err(crate::errors::to_py)?;
                self.inner.play(mv).map_err(crate::errors::to_py)
            }

            /// The `Move` with this action id, without building the legal moves (not checked
            /// for legality).
            fn move_from_action(
                &self,
                py: Python<'_>,
                action: &Bound<'_, PyAny>,
            ) -> PyResult<Py<PyAny>> {
                let mv = self.move_of_action(action)?;
                self.to_py_move(py, mv)
            }

            /// Plays a `Move` or its notation; on error nothing changes.
            fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
                let mv = self.move_from_py(r#move)?;
                self.inner.play(mv).map_err(crate::errors::to_py)
            }

            /// Parses the game's notation (syntax only) into a `Move`.
            fn parse_move(&self, py: Python<'_>, text: &str) -> PyResult<Py<PyAny>> {
                let mv = self.inner.parse_move(text).map_err(crate::errors::to_py)?;
                self.to_py_move(py, mv)
            }

            /// Takes back the last move and returns it.
            fn undo(&mut self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                match self.inner.undo() {
                    Some(mv) => self.to_py_move(py, mv),
                    None => Err(PyIndexError::new_err("no move to undo")),
                }
            }

            /// The moves played so far.
            fn history(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
                let history = self.inner.history();
                (0..history.len())
                    .map(|i| {
                        let notation = self.inner.notation(history[i]);
                        crate::convert::new_move(py, self.inner.history_action(i), notation)
                    })
                    .collect()
            }

            /// An independent copy.
            fn copy(&self) -> Self {
                self.clone()
            }

            fn __copy__(&self) -> Self {
                self.clone()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                self.clone()
            }

            /// True once the game has an outcome.
            fn is_over(&self) -> bool {
                self.inner.outcome().is_some()
            }

            /// `Outcome(winners, reason)`, or `None` while the game runs.
            fn outcome(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                crate::convert::new_outcome(py, self.inner.outcome())
            }

            /// Per player: +1 winner, -1 loser, 0 for everyone in a draw or while running.
            fn returns(&self) -> Vec<f64> {
                match self.inner.outcome() {
                    Some(outcome) => outcome.returns(self.inner.num_players()),
                    None => vec![0.0; self.inner.num_players()],
                }
            }

            /// What `player` may see, as a numpy float32 array (see the rules page).
            fn observation<'py>(
                &self,
                py: Python<'py>,
                player: &Bound<'_, PyAny>,
            ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
                let player = self.player_index(player, "player")?;
                let shape = self.inner.observation_shape();
                let mut data = vec![0.0f32; shape.iter().product()];
                self.inner.observation(player, &mut data);
                PyArray1::from_vec(py, data).reshape(shape)
            }

            /// The full state as JSON-able dicts, history included; with a `viewer`, only
            /// what that player may see (the same in games of perfect information).
            #[pyo3(signature = (viewer=None))]
            fn to_json(
                &self,
                py: Python<'_>,
                viewer: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<PyAny>> {
                let value = match viewer {
                    None => ludorum::core::json::to_json(&self.inner),
                    Some(v) => ludorum::core::hidden::view_json(
                        &self.inner,
                        self.player_index(v, "viewer")?,
                    ),
                };
                crate::convert::to_python(py, &value)
            }

            /// Rebuilds a state from `to_json()`; anything malformed is an `InvalidStateError`.
            #[staticmethod]
            fn from_json(data: &Bound<'_, PyAny>) -> PyResult<Self> {
                let value = crate::convert::state_from_python(data)?;
                let inner = ludorum::core::json::from_json(&value).map_err(crate::errors::to_py)?;
                Ok(Self { inner })
            }

            /// Leaf move sequences of length `depth`, bulk-counted; releases the GIL.
            fn perft(&mut self, py: Python<'_>, depth: u32) -> u64 {
                let game = &mut self.inner;
                py.detach(move || ludorum::perft(game, depth))
            }

            /// The ASCII board.
            #[pyo3(signature = (viewer=None))]
            fn render(slf: &Bound<'_, Self>, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
                let viewer = slf.borrow().viewer_index(viewer)?;
                let render = slf.py().import("ludorum.render")?;
                render.call_method1("ascii_board", (slf, viewer))?.extract()
            }

            /// An SVG drawing of the position.
            #[pyo3(signature = (viewer=None, size=420))]
            fn svg(
                slf: &Bound<'_, Self>,
                viewer: Option<&Bound<'_, PyAny>>,
                size: u32,
            ) -> PyResult<String> {
                let viewer = slf.borrow().viewer_index(viewer)?;
                let render = slf.py().import("ludorum.render")?;
                render.call_method1("svg_board", (slf, viewer, size))?.extract()
            }

            fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
                Self::svg(slf, None, 420)
            }

            fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
                Self::render(slf, None)
            }

            fn __repr__(&self) -> String {
                let who = match self.inner.current_player() {
                    Some(p) => format!("to move: {p}"),
                    None => "over".to_string(),
                };
                format!(
                    "<{} {} ply {}, {}>",
                    $class_name,
                    <$game as Game>::NAME,
                    self.inner.history().len(),
                    who
                )
            }

            /// Pickles through the JSON state: `ludorum.from_json(state.to_json())`.
            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, (Py<PyAny>,))> {
                let from_json = py.import("ludorum")?.getattr("from_json")?;
                let json = crate::convert::to_python(py, &ludorum::core::json::to_json(&self.inner))?;
                Ok((from_json, (json,)))
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                match other.cast::<Self>() {
                    Ok(other) => {
                        ludorum::core::json::to_json(&self.inner)
                            == ludorum::core::json::to_json(&other.borrow().inner)
                    }
                    Err(_) => false,
                }
            }

            $($extra)*
        }

        impl $py_type {
            /// A player index of this game (`what` names the argument), or a `ValueError`.
            fn player_index(&self, player: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
                crate::convert::player_index(player, self.inner.num_players(), what)
            }

            /// An optional viewer index.
            fn viewer_index(&self, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
                viewer
                    .filter(|v| !v.is_none())
                    .map(|v| self.player_index(v, "viewer"))
                    .transpose()
            }

            /// The move of an action id given from Python, or an `InvalidMoveError`.
            fn move_of_action(
                &self,
                action: &Bound<'_, PyAny>,
            ) -> PyResult<<$game as Encoding>::Move> {
                let id = crate::convert::action_index(action, usize::MAX)?;
                self.inner.move_from_action(id).map_err(crate::errors::to_py)
            }

            fn to_py_move(
                &self,
                py: Python<'_>,
                mv: <$game as Encoding>::Move,
            ) -> PyResult<Py<PyAny>> {
                crate::convert::new_move(py, self.inner.action(mv), self.inner.notation(mv))
            }

            /// A move from its notation or from a `Move` whose action and notation agree.
            fn move_from_py(&self, object: &Bound<'_, PyAny>) -> PyResult<<$game as Encoding>::Move> {
                if let Ok(text) = object.extract::<String>() {
                    return self.inner.parse_move(&text).map_err(crate::errors::to_py);
                }
                let invalid = || {
                    crate::errors::InvalidMoveError::new_err(format!(
                        "invalid move {}: expected a Move or a notation string",
                        object.repr().map(|r| r.to_string()).unwrap_or_default()
                    ))
                };
                let action = object.getattr("action").map_err(|_| invalid())?;
                let notation: String = object
                    .getattr("notation")
                    .and_then(|n| n.extract())
                    .map_err(|_| invalid())?;
                let mv = self.move_of_action(&action)?;
                if self.inner.notation(mv) != notation {
                    return Err(crate::errors::InvalidMoveError::new_err(format!(
                        "invalid move '{notation}': action {action} is '{}'",
                        self.inner.notation(mv)
                    )));
                }
                Ok(mv)
            }
        }
    };
}

pub(crate) use game_class;
