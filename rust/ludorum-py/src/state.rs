//! The Python methods every game class has, generated once by [`game_class!`]: each method
//! converts its arguments, calls the engine and maps the error. No rules here. What the engine
//! protocol does too (moves named by action id and notation, checked play by notation or
//! action, undo, history, returns, JSON with a viewer, perft) goes through the engine's one
//! object-safe face, `ludorum::core::dyn_game::DynGame`, called on the concrete game (so
//! without an indirect call); the class keeps its concrete game for its own methods.
//!
//! Threads: the engine state sits in a lock of its own (the class is `frozen`, so PyO3 does not
//! borrow it). A method converts its arguments first (which may run Python code), then holds the
//! lock only while the engine works, never while it creates Python objects, runs Python code or
//! releases the GIL (`perft` counts on a copy). With the GIL, calls on one state therefore run
//! one after the other; should a call ever find the lock taken, it raises
//! `ludorum.StateInUseError` and changes nothing (never PyO3's bare "Already borrowed").

/// Defines a `#[pyclass]` wrapping an engine game, with the whole contract of docs/design.md, and any
/// game-specific methods given in braces.
macro_rules! game_class {
    ($py_type:ident, $game:ty, $class_name:literal, { $($extra:tt)* }) => {
        #[doc = concat!("The Python state class `", $class_name, "` (see `ludorum.new`).")]
        #[pyclass(name = $class_name, module = "ludorum._ludorum", frozen, skip_from_py_object)]
        pub struct $py_type {
            inner: std::sync::RwLock<$game>,
            /// The options part of `serialize()`, made once: a state's options never change.
            header: std::sync::OnceLock<Vec<u8>>,
        }

        /// The Python class of this game (for the list of games in `lib.rs`).
        pub(crate) type Class = $py_type;

        #[pymethods]
        impl $py_type {
            #[new]
            #[pyo3(signature = (**options))]
            fn py_new(py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
                let options =
                    crate::convert::options_from_python(py, <$game as Game>::NAME, options)?;
                let inner = <$game as Game>::new(&options).map_err(crate::errors::to_py)?;
                Ok(Self::wrap(inner))
            }

            /// The registry name of the game, as given to ``ludorum.new``.
            ///
            /// >>> import ludorum
            /// >>> ludorum.new("chinese_checkers").game
            /// 'chinese_checkers'
            #[getter]
            fn game(&self) -> &'static str {
                <$game as Game>::NAME
            }

            /// The number of players; players are numbered ``0..num_players - 1`` in turn order.
            ///
            /// >>> import ludorum
            /// >>> ludorum.new("chinese_checkers", players=3).num_players
            /// 3
            #[getter]
            fn num_players(&self) -> PyResult<usize> {
                Ok(self.read()?.num_players())
            }

            /// Every option of the game with its value after defaults, as a new dict.
            ///
            /// The keys are the option names of the game's rules page; ``ludorum.new(game,
            /// **state.options)`` starts the same game again.
            ///
            /// >>> import ludorum
            /// >>> options = ludorum.new("chinese_checkers", players=3).options
            /// >>> options["players"], options["pieces"]
            /// (3, 10)
            #[getter]
            fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let options = self.read()?.options();
                crate::convert::to_python(py, &serde_json::Value::Object(options))
            }

            /// The player who must decide now (0-based), or ``None`` once the game is over.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.current_player
            /// 0
            /// >>> state.play("e5-f4")
            /// >>> state.current_player
            /// 1
            #[getter]
            fn current_player(&self) -> PyResult<Option<usize>> {
                Ok(self.read()?.current_player())
            }

            /// The 64-bit Zobrist key of the position, an int in ``0..2**64 - 1``.
            ///
            /// It is maintained incrementally and is part of the published format: both backends and
            /// every version agree on it (the key tables are described on the game's rules page).
            /// Positions that are equal for the rules have equal keys.
            ///
            /// >>> import ludorum
            /// >>> ludorum.new("chinese_checkers").key
            /// 18270048635473872849
            #[getter]
            fn key(&self) -> PyResult<u64> {
                Ok(self.read()?.key())
            }

            /// The Zobrist key recomputed from the position alone, without the incremental updates.
            ///
            /// It always equals :attr:`key`; it is there to test that it does.
            ///
            /// Returns:
            ///     The key, an int in ``0..2**64 - 1``.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.play("e5-f4")
            /// >>> state.key_from_scratch() == state.key
            /// True
            fn key_from_scratch(&self) -> PyResult<u64> {
                Ok(self.read()?.key_from_scratch())
            }

            /// The number of moves played so far (the length of :meth:`history`).
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.play("e5-f4")
            /// >>> state.ply
            /// 1
            #[getter]
            fn ply(&self) -> PyResult<usize> {
                Ok(self.read()?.history().len())
            }

            /// The size of the action space: action ids are ``0..num_actions - 1``.
            ///
            /// It is fixed for a game and its options (see the encoding on the game's rules page).
            ///
            /// >>> import ludorum
            /// >>> ludorum.new("chinese_checkers").num_actions
            /// 14642
            #[getter]
            fn num_actions(&self) -> PyResult<usize> {
                Ok(self.read()?.num_actions())
            }

            /// The moves the current player may make, in ascending action id.
            ///
            /// Returns:
            ///     A new list of :class:`~ludorum.Move`; empty once the game is over.
            ///
            /// >>> import ludorum
            /// >>> moves = ludorum.new("chinese_checkers").legal_moves()
            /// >>> len(moves), moves[:2]
            /// (18, [Move('d1-f4'), Move('d1-f6')])
            fn legal_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
                let named = ludorum::core::dyn_game::DynGame::legal_moves(&*self.read()?);
                crate::convert::new_moves(py, named)
            }

            /// The action ids of :meth:`legal_moves`, ascending.
            ///
            /// Returns:
            ///     A new one-dimensional numpy ``int32`` array; empty once the game is over.
            ///
            /// >>> import ludorum
            /// >>> ludorum.new("chinese_checkers").legal_actions()[:3]
            /// array([752, 754, 874], dtype=int32)
            fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i32>>> {
                let mut actions = Vec::new();
                self.read()?.legal_actions(&mut actions);
                let actions: Vec<i32> = actions.into_iter().map(|a| a as i32).collect();
                Ok(PyArray1::from_vec(py, actions))
            }

            /// The legal actions as a mask: True at every id of :meth:`legal_actions`.
            ///
            /// Returns:
            ///     A new numpy ``bool`` array of length :attr:`num_actions`.
            ///
            /// >>> import ludorum
            /// >>> mask = ludorum.new("chinese_checkers").action_mask()
            /// >>> mask.shape, int(mask.sum()), bool(mask[752])
            /// ((14642,), 18, True)
            fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
                let mut actions = Vec::new();
                let mut mask = {
                    let game = self.read()?;
                    game.legal_actions(&mut actions);
                    vec![false; game.num_actions()]
                };
                for a in actions {
                    mask[a as usize] = true;
                }
                Ok(PyArray1::from_vec(py, mask))
            }

            /// Play the move with this action id; on any error the state is left as it was.
            ///
            /// Args:
            ///     action: an action id, usually one of :meth:`legal_actions`.
            ///
            /// Raises:
            ///     InvalidMoveError: ``action`` is not an int in ``0..num_actions - 1`` (numpy
            ///         integers are; bools and floats are not), or names no move of this game.
            ///     IllegalMoveError: the move is not legal now, or the game is over.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.apply_action(int(state.legal_actions()[0]))
            /// >>> state.history()
            /// [Move('d1-f4')]
            /// >>> state.apply_action(14641)  # doctest: +ELLIPSIS
            /// Traceback (most recent call last):
            /// ...
            /// ludorum.errors.IllegalMoveError: illegal move 'pass': pass is legal only when ...
            fn apply_action(&self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                // one lock for the whole call (apply_action + undo is what searches call most)
                let mut game = self.write()?;
                let id = crate::convert::action_index(action, game.num_actions())?;
                ludorum::core::dyn_game::DynGame::play_action(&mut *game, id).map_err(crate::errors::to_py)
            }

            /// The move with this action id, without building the list of legal moves.
            ///
            /// Checks that the id names a move of this game, not that the move is legal now: use it
            /// to name an action of :meth:`legal_actions` or of a policy.
            ///
            /// Args:
            ///     action: an action id in ``0..num_actions - 1``. A few moves lie outside the action
            ///         space and are never listed (Dominions' ``resign`` is ``num_actions``; in So
            ///         Long Sucker, ids past it are the free actions of players other than the one
            ///         to decide).
            ///
            /// Returns:
            ///     The :class:`~ludorum.Move`.
            ///
            /// Raises:
            ///     InvalidMoveError: no move of this game has this id.
            ///     IllegalMoveError: So Long Sucker only: the id plays onto a pile that does not exist
            ///         now, or names a free action once the game is over.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.move_from_action(1720)
            /// Move('e5-f4')
            /// >>> state.move_from_action(int(state.legal_actions()[0])) == state.legal_moves()[0]
            /// True
            fn move_from_action(
                &self,
                py: Python<'_>,
                action: &Bound<'_, PyAny>,
            ) -> PyResult<Py<PyAny>> {
                let id = crate::convert::action_id(action)?;
                let named = ludorum::core::dyn_game::DynGame::move_from_action(&*self.read()?, id);
                crate::convert::named_move(py, named.map_err(crate::errors::to_py)?)
            }

            /// Play a move, given as a :class:`~ludorum.Move` or as its notation.
            ///
            /// The notation is the one of the game's rules page (``str(move)``). On any error the
            /// state is left exactly as it was.
            ///
            /// Args:
            ///     move: a :class:`~ludorum.Move` of this game (its action id and notation must agree)
            ///         or a notation string such as ``"e5-f4"``.
            ///
            /// Raises:
            ///     InvalidMoveError: ``move`` is neither a Move nor a string (an object whose ``str``
            ///         is a move is refused too), or does not name a move of this game (a syntax
            ///         error).
            ///     IllegalMoveError: the move is well formed but not legal now, or the game is over.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.play("e5-f4")
            /// >>> state.play(state.legal_moves()[0])
            /// >>> state.play("d1-d2")
            /// Traceback (most recent call last):
            /// ...
            /// ludorum.errors.IllegalMoveError: illegal move 'd1-d2': d2 is occupied
            fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
                match crate::convert::move_argument(r#move)? {
                    crate::convert::MoveArgument::Notation(text) => {
                        let mut game = self.write()?;
                        ludorum::core::dyn_game::DynGame::play_notation(&mut *game, &text).map_err(crate::errors::to_py)
                    }
                    crate::convert::MoveArgument::Move(action, notation) => {
                        let id = crate::convert::action_id_of_move(r#move.py(), action)?;
                        let mut game = self.write()?;
                        let named =
                            ludorum::core::dyn_game::DynGame::move_from_action(&*game, id).map_err(crate::errors::to_py)?;
                        if named.notation != notation {
                            drop(game);
                            return Err(crate::errors::InvalidMoveError::new_err(format!(
                                "invalid move {}: action {action} is '{}'",
                                crate::convert::show(r#move),
                                named.notation
                            )));
                        }
                        ludorum::core::dyn_game::DynGame::play_action(&mut *game, id).map_err(crate::errors::to_py)
                    }
                }
            }

            /// The move named by ``text`` in the game's notation; checks syntax, not legality.
            ///
            /// Args:
            ///     text: a move in the notation of the game's rules page.
            ///
            /// Returns:
            ///     The :class:`~ludorum.Move`, with its action id.
            ///
            /// Raises:
            ///     InvalidMoveError: ``text`` does not name a move of this game.
            ///     IllegalMoveError: So Long Sucker only: ``text`` plays onto a pile that does not
            ///         exist now (its action ids depend on the position).
            ///
            /// >>> import ludorum
            /// >>> move = ludorum.new("chinese_checkers").parse_move("e5-f4")
            /// >>> move, move.action
            /// (Move('e5-f4'), 1720)
            fn parse_move(&self, py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                let text = crate::convert::notation(text)?;
                let named = ludorum::core::dyn_game::DynGame::parse_move(&*self.read()?, &text);
                crate::convert::named_move(py, named.map_err(crate::errors::to_py)?)
            }

            /// Take back the last move and return it; a finished game is running again.
            ///
            /// Returns:
            ///     The :class:`~ludorum.Move` taken back.
            ///
            /// Raises:
            ///     IndexError: no move has been played.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.play("e5-f4")
            /// >>> state.undo()
            /// Move('e5-f4')
            /// >>> state.undo()
            /// Traceback (most recent call last):
            /// ...
            /// IndexError: no move to undo
            fn undo(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let named = ludorum::core::dyn_game::DynGame::undo(&mut *self.write()?);
                match named {
                    Some(named) => crate::convert::named_move(py, named),
                    None => Err(PyIndexError::new_err("no move to undo")),
                }
            }

            /// The moves played so far, oldest first.
            ///
            /// Returns:
            ///     A new list of :class:`~ludorum.Move`.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.play("e5-f4"); state.play("m5-l5")
            /// >>> state.history()
            /// [Move('e5-f4'), Move('m5-l5')]
            fn history(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
                let named = ludorum::core::dyn_game::DynGame::history(&*self.read()?);
                crate::convert::new_moves(py, named)
            }

            /// An independent copy: playing on one leaves the other as it was.
            ///
            /// Returns:
            ///     A state of the same class and backend, equal to this one.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> other = state.copy()
            /// >>> other.play("e5-f4")
            /// >>> state.ply, other.ply, state == other
            /// (0, 1, False)
            fn copy(&self) -> PyResult<Self> {
                Ok(Self::wrap(self.read()?.clone()))
            }

            /// The same as :meth:`copy`: ``copy.copy(state)`` is independent of ``state``.
            ///
            /// >>> import copy, ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> copy.copy(state) == state
            /// True
            fn __copy__(&self) -> PyResult<Self> {
                self.copy()
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
                self.copy()
            }

            /// True once the game has an outcome (then :attr:`current_player` is ``None``).
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers", max_plies=1)
            /// >>> state.is_over()
            /// False
            /// >>> state.play("e5-f4")
            /// >>> state.is_over()
            /// True
            fn is_over(&self) -> PyResult<bool> {
                Ok(self.read()?.outcome().is_some())
            }

            /// How the game ended, or ``None`` while it runs.
            ///
            /// Returns:
            ///     ``Outcome(winners, reason)``: the winners as a tuple of players (empty for a draw)
            ///     and the reason in the words of the rules page.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("dominions")
            /// >>> state.outcome() is None
            /// True
            /// >>> state.play("resign")
            /// >>> state.outcome()
            /// Outcome(winners=(1,), reason='resignation')
            fn outcome(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let outcome = self.read()?.outcome();
                crate::convert::new_outcome(py, outcome)
            }

            /// The result for each player: +1.0 for a winner, -1.0 for a loser.
            ///
            /// Returns:
            ///     One float per player; all 0.0 in a draw and while the game runs.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("dominions")
            /// >>> state.returns()
            /// [0.0, 0.0]
            /// >>> state.play("resign")
            /// >>> state.returns()
            /// [-1.0, 1.0]
            fn returns(&self) -> PyResult<Vec<f64>> {
                Ok(ludorum::core::dyn_game::DynGame::returns(&*self.read()?))
            }

            /// What ``player`` may see, as a numpy ``float32`` tensor for learning agents.
            ///
            /// The planes, relative to ``player``, are described on the game's rules page; hidden
            /// information (Armadora's warrior strengths) of other players stays hidden.
            ///
            /// Args:
            ///     player: the player who looks, in ``0..num_players - 1``.
            ///
            /// Returns:
            ///     A new array whose shape depends only on the game and its options.
            ///
            /// Raises:
            ///     InvalidArgumentError: ``player`` is not a player of this game.
            ///
            /// >>> import ludorum
            /// >>> ludorum.new("chinese_checkers").observation(0).shape
            /// (3, 121)
            fn observation<'py>(
                &self,
                py: Python<'py>,
                player: &Bound<'_, PyAny>,
            ) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
                let player = self.player_index(player, "player")?;
                let (shape, data) = {
                    let game = self.read()?;
                    let shape = game.observation_shape();
                    let mut data = vec![0.0f32; shape.iter().product()];
                    game.observation(player, &mut data);
                    (shape, data)
                };
                PyArray1::from_vec(py, data).reshape(shape)
            }

            /// The layout of :meth:`observation`: its shape, bounds and the name of each plane or slice.
            ///
            /// The layout depends only on the game and its options, as the rules page writes it.
            ///
            /// >>> import ludorum
            /// >>> spec = ludorum.new("chinese_checkers").observation_spec()
            /// >>> spec.shape, spec.names[-1]
            /// ((3, 121), 'to move')
            fn observation_spec(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
                let (shape, layout) = {
                    let game = self.read()?;
                    (game.observation_shape(), game.observation_layout())
                };
                crate::observation::spec(py, shape, &layout)
            }

            /// The position as compact bytes: the options and the action ids of the moves.
            ///
            /// ``ludorum.deserialize`` rebuilds it in either backend, replaying every move with full
            /// checks, and both backends write the same bytes. Far cheaper than :meth:`to_json`, for
            /// pickling search trees and sending positions between processes; So Long Sucker's chat
            /// is not part of a position and is not carried.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.play("e5-f5")
            /// >>> ludorum.deserialize(state.serialize()).to_json() == state.to_json()
            /// True
            fn serialize<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
                let game = self.read()?;
                let header = self
                    .header
                    .get_or_init(|| ludorum::core::compact::header(&*game));
                let data = ludorum::core::compact::encode_with(header, &*game);
                Ok(pyo3::types::PyBytes::new(py, &data))
            }

            /// The whole state as plain JSON-able values, history included.
            ///
            /// ``ludorum.from_json`` rebuilds an equal state from it, in either backend. The fields are
            /// described on the game's rules page.
            ///
            /// Args:
            ///     viewer: ``None`` for the full state, or a player for what that player may see. In
            ///         games of hidden information (Armadora) the other players' hidden values are
            ///         left out and a ``"viewer"`` field is added, and ``from_json`` refuses such a
            ///         view; in the other games every player sees the full state.
            ///
            /// Returns:
            ///     A new dict with ``game``, ``version``, ``options``, ``moves``,
            ///     ``current_player``, ``outcome`` and the game's own fields.
            ///
            /// Raises:
            ///     InvalidArgumentError: ``viewer`` is not ``None`` nor a player of this game.
            ///
            /// >>> import json, ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.play("e5-f4")
            /// >>> data = state.to_json()
            /// >>> data["moves"], data["current_player"]
            /// (['e5-f4'], 1)
            /// >>> ludorum.from_json(json.dumps(data)).to_json() == data
            /// True
            #[pyo3(signature = (viewer=None))]
            fn to_json(
                &self,
                py: Python<'_>,
                viewer: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<Py<PyAny>> {
                let viewer = self.viewer_index(viewer)?;
                let value = ludorum::core::dyn_game::DynGame::to_json(&*self.read()?, viewer);
                crate::convert::to_python(py, &value)
            }

            /// Rebuilds a state from `to_json()`; anything malformed is an `InvalidStateError`.
            #[staticmethod]
            fn from_json(data: &Bound<'_, PyAny>) -> PyResult<Self> {
                let value = crate::convert::state_from_python(data, <$game as Game>::NAME)?;
                let inner = ludorum::core::json::from_json(&value).map_err(crate::errors::to_py)?;
                Ok(Self::wrap(inner))
            }

            /// The number of move sequences of length ``depth`` from here (bulk-counted at the end).
            ///
            /// A sequence that ends the game early is not counted. It counts from a copy of the
            /// position: the state is free for other calls meanwhile. The Rust backend releases the
            /// GIL, and Ctrl-C stops it within a fraction of a second.
            ///
            /// Args:
            ///     depth: the number of plies, an int in ``0..255`` (depth 0 counts 1).
            ///
            /// Returns:
            ///     The count of leaves.
            ///
            /// Raises:
            ///     InvalidArgumentError: ``depth`` is not an int in ``0..255``.
            ///     KeyboardInterrupt: interrupted (Ctrl-C); the state is unchanged.
            ///
            /// >>> import ludorum
            /// >>> state = ludorum.new("chinese_checkers")
            /// >>> state.perft(1), state.perft(2)
            /// (18, 324)
            fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
                let depth = crate::convert::depth(depth)?;
                let game = ludorum::core::dyn_game::DynGame::clone_box(&*self.read()?);
                crate::monitor::perft(py, game, depth)
            }

            /// The board as ASCII text, ending with a status line; ``str(state)`` is the same.
            ///
            /// Args:
            ///     viewer: the player whose view is drawn, in games of hidden information; ``None``
            ///         draws what every player may see.
            ///
            /// Returns:
            ///     The text, lines separated by ``"\n"``.
            ///
            /// Raises:
            ///     InvalidArgumentError: ``viewer`` is neither ``None`` nor a player of this game
            ///         (the games without hidden information draw the same board for everyone).
            ///
            /// >>> import ludorum
            /// >>> print(ludorum.new("chinese_checkers").render().splitlines()[-1])
            /// to move: 0
            #[pyo3(signature = (viewer=None))]
            fn render(&self, py: Python<'_>, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
                let viewer = self.viewer_index(viewer)?;
                let snapshot = Py::new(py, self.copy()?)?; // drawn whole, as it is now
                let render = py.import("ludorum.render")?;
                render.call_method1("ascii_board", (snapshot, viewer))?.extract()
            }

            /// The board as a self-contained SVG document (Jupyter shows states this way).
            ///
            /// Args:
            ///     viewer: the player whose view is drawn, in games of hidden information; ``None``
            ///         draws what every player may see.
            ///     size: the width of the drawing in pixels, an int in ``1..10000``.
            ///
            /// Returns:
            ///     The SVG text.
            ///
            /// Raises:
            ///     InvalidArgumentError: ``size`` is not an int in ``1..10000``, or ``viewer`` is
            ///         neither ``None`` nor a player of this game (the games without hidden
            ///         information draw the same board for everyone).
            ///
            /// >>> import ludorum
            /// >>> ludorum.new("chinese_checkers").svg(size=300)[:46]
            /// '<svg xmlns="http://www.w3.org/2000/svg" width='
            #[pyo3(
                signature = (viewer=None, size=crate::convert::Size(420)),
                text_signature = "($self, viewer=None, size=420)"
            )]
            fn svg(
                &self,
                py: Python<'_>,
                viewer: Option<&Bound<'_, PyAny>>,
                size: crate::convert::Size,
            ) -> PyResult<String> {
                let viewer = self.viewer_index(viewer)?;
                let size = size.0;
                let snapshot = Py::new(py, self.copy()?)?; // drawn whole, as it is now
                let render = py.import("ludorum.render")?;
                // `size` is checked (as it was taken) and `viewer` too: drawn without a new check
                render.call_method1("_svg_board", (snapshot, viewer, size))?.extract()
            }

            fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
                self.svg(py, None, crate::convert::Size(420))
            }

            fn __str__(&self, py: Python<'_>) -> PyResult<String> {
                self.render(py, None)
            }

            fn __repr__(&self) -> PyResult<String> {
                let game = self.read()?;
                let who = match game.current_player() {
                    Some(p) => format!("to move: {p}"),
                    None => "over".to_string(),
                };
                Ok(format!(
                    "<{} {} ply {}, {}>",
                    $class_name,
                    <$game as Game>::NAME,
                    game.history().len(),
                    who
                ))
            }

            /// Pickles through the JSON state: `ludorum.from_json(state.to_json())`.
            fn __reduce__<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<(Bound<'py, PyAny>, (Py<PyAny>,))> {
                let value = ludorum::core::json::to_json(&*self.read()?);
                let from_json = py.import("ludorum")?.getattr("from_json")?;
                let json = crate::convert::to_python(py, &value)?;
                Ok((from_json, (json,)))
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
                match other.cast::<Self>() {
                    Ok(other) => {
                        let mine = ludorum::core::json::to_json(&*self.read()?);
                        Ok(mine == ludorum::core::json::to_json(&*other.get().read()?))
                    }
                    Err(_) => Ok(false),
                }
            }

            $($extra)*
        }

        impl $py_type {
            /// The state of a compact record (``ludorum.deserialize``). The start position of
            /// each header is kept (per thread, a few dozen): rebuilding the game from its
            /// options costs more than replaying a few moves.
            pub fn deserialize(data: &[u8]) -> PyResult<Self> {
                use ludorum::core::compact;
                let (header, moves) = compact::split(data).map_err(crate::errors::to_py)?;
                let start = crate::state::cached_start::<$game>(header)
                    .map_err(crate::errors::to_py)?;
                let game = compact::replay(start, moves).map_err(crate::errors::to_py)?;
                let state = Self::wrap(game);
                let _ = state.header.set(header.to_vec());
                Ok(state)
            }

            fn wrap(game: $game) -> Self {
                Self {
                    inner: std::sync::RwLock::new(game),
                    header: std::sync::OnceLock::new(),
                }
            }

            /// The engine state, for reading; `StateInUseError` when a call holds it to write.
            pub(crate) fn read(&self) -> PyResult<std::sync::RwLockReadGuard<'_, $game>> {
                match self.inner.try_read() {
                    Ok(game) => Ok(game),
                    Err(std::sync::TryLockError::Poisoned(e)) => Ok(e.into_inner()),
                    Err(std::sync::TryLockError::WouldBlock) => Err(crate::errors::in_use($class_name)),
                }
            }

            /// The engine state, for a change; `StateInUseError` when another call holds it.
            fn write(&self) -> PyResult<std::sync::RwLockWriteGuard<'_, $game>> {
                match self.inner.try_write() {
                    Ok(game) => Ok(game),
                    Err(std::sync::TryLockError::Poisoned(e)) => Ok(e.into_inner()),
                    Err(std::sync::TryLockError::WouldBlock) => Err(crate::errors::in_use($class_name)),
                }
            }

            /// A copy of the engine state, for work done without holding it.
            pub(crate) fn snapshot(&self) -> PyResult<$game> {
                Ok(self.read()?.clone())
            }

            /// A player index of this game (`what` names the argument).
            fn player_index(&self, player: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
                let players = self.read()?.num_players(); // fixed for the options
                crate::convert::player_index(player, players, what)
            }

            /// An optional viewer index.
            fn viewer_index(&self, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
                viewer
                    .filter(|v| !v.is_none())
                    .map(|v| self.player_index(v, "viewer"))
                    .transpose()
            }
        }
    };
}

pub(crate) use game_class;

/// The start position of a compact record's header, from a small per-thread cache (the
/// options are parsed and checked once per header).
pub(crate) fn cached_start<G: ludorum::Game>(header: &[u8]) -> Result<G, ludorum::Error> {
    use std::any::Any;
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static STARTS: RefCell<HashMap<Vec<u8>, Box<dyn Any>>> = RefCell::new(HashMap::new());
    }
    const KEPT: usize = 64;
    if let Some(game) = STARTS.with(|s| {
        s.borrow()
            .get(header)
            .and_then(|g| g.downcast_ref::<G>())
            .cloned()
    }) {
        return Ok(game);
    }
    let game = ludorum::core::compact::start::<G>(header)?;
    STARTS.with(|s| {
        let mut starts = s.borrow_mut();
        if starts.len() >= KEPT {
            starts.clear();
        }
        starts.insert(header.to_vec(), Box::new(game.clone()));
    });
    Ok(game)
}
