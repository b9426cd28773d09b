//! `ludorum._ludorum`: the PyO3 bindings of the ludorum engine. Each game is one file, made
//! into a module from the engine's one list of games; this file registers them, exposes every
//! game's facts, and holds the batch functions, which release the GIL.

use ludorum::core::dyn_game::{self, DynGame, Simulation};
use ludorum::{Game, GameLog};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::Value;

mod agents;
mod convert;
mod errors;
mod learned;
mod monitor;
mod moves;
mod observation;
mod protocol;
mod state;
mod text;
mod vec_env;

macro_rules! bind_games {
    ($($module:ident $game:ident),* $(,)?) => {
        $(mod $module;)*

        /// Adds the `GAMES` dict (registry name -> class). The classes are reached through
        /// it, not as names of the module: the stub then needs no entry per game (each is typed
        /// by `ludorum.State` and its own protocol in `ludorum/states/`).
        fn add_games(m: &Bound<'_, PyModule>) -> PyResult<()> {
            let games = PyDict::new(m.py());
            $(
                games.set_item(
                    <ludorum::games::$module::$game as Game>::NAME,
                    m.py().get_type::<$module::Class>(),
                )?;
            )*
            m.add("GAMES", games)
        }

        /// The state of a compact record (`state.serialize()`), of whichever game it holds.
        #[pyfunction]
        fn deserialize(py: Python<'_>, data: &[u8]) -> PyResult<Py<PyAny>> {
            let name = ludorum::core::compact::game_name(data).map_err(errors::to_py)?;
            $(
                if name == <ludorum::games::$module::$game as Game>::NAME {
                    let state = $module::Class::deserialize(data)?;
                    return Ok(Py::new(py, state)?.into_any());
                }
            )*
            Err(errors::to_py(ludorum::Error::InvalidState(format!(
                "invalid serialized state: unknown game '{name}'"
            ))))
        }

        /// A copy of the engine state inside `state`, a Rust state of any game, erased: work
        /// on it may release the GIL (a search) while the state stays free.
        fn erased_state(state: &Bound<'_, PyAny>) -> PyResult<Box<dyn DynGame>> {
            $(
                if let Ok(state) = state.cast::<$module::Class>() {
                    return Ok(Box::new(state.get().snapshot()?));
                }
            )*
            Err(errors::InvalidArgumentError::new_err(format!(
                "state must be a ludorum state of the Rust backend, got {}",
                convert::show(state)
            )))
        }

        /// Runs `read` on the engine state inside `state`, a Rust state of any game, erased and
        /// borrowed where it is (no copy): for short reads made while holding the GIL, such as
        /// the adapters' texts, which search algorithms ask for at every node.
        fn read_erased<R>(
            state: &Bound<'_, PyAny>,
            read: impl FnOnce(&dyn DynGame) -> R,
        ) -> PyResult<R> {
            $(
                if let Ok(state) = state.cast::<$module::Class>() {
                    let game = state.get().read()?;
                    return Ok(read(&*game));
                }
            )*
            Err(errors::InvalidArgumentError::new_err(format!(
                "state must be a ludorum state of the Rust backend, got {}",
                convert::show(state)
            )))
        }

        /// Runs `visitor` on a copy of the engine state inside `state`, a Rust state of any
        /// game, for work generic over the game's type (the learned searches, which stay
        /// monomorphised); the visitor may release the GIL while the state stays free.
        fn visit_state<V: learned::StateVisitor>(
            state: &Bound<'_, PyAny>,
            visitor: V,
        ) -> PyResult<V::Output> {
            $(
                if let Ok(state) = state.cast::<$module::Class>() {
                    let game = state.get().snapshot()?;
                    return Ok(visitor.visit(&game));
                }
            )*
            Err(errors::InvalidArgumentError::new_err(format!(
                "state must be a ludorum state of the Rust backend, got {}",
                convert::show(state)
            )))
        }

        /// `state` is a Rust state (of any game).
        fn is_rust_state(state: &Bound<'_, PyAny>) -> bool {
            false $(|| state.cast::<$module::Class>().is_ok())*
        }

        /// A copy of the engine state inside `state`, which must be a Rust state of game `G`.
        fn snapshot_as<G: Game>(state: &Bound<'_, PyAny>) -> PyResult<G> {
            // Only `G`'s own class is tried (the `TypeId`s are compared at compile time): one
            // check per state of the right game, wherever it stands in the list of games.
            $(
                if std::any::TypeId::of::<G>()
                    == std::any::TypeId::of::<ludorum::games::$module::$game>()
                {
                    if let Ok(state) = state.cast::<$module::Class>() {
                        // Taken out of an `Option` seen as `Any`: no allocation per state.
                        let mut game = Some(state.get().snapshot()?);
                        let any: &mut dyn std::any::Any = &mut game;
                        if let Some(game) = any.downcast_mut::<Option<G>>().and_then(Option::take) {
                            return Ok(game);
                        }
                    }
                }
            )*
            $(
                if state.cast::<$module::Class>().is_ok() {
                    return Err(errors::InvalidArgumentError::new_err(format!(
                        "every state must be a {} state, got a {} state",
                        G::NAME,
                        <ludorum::games::$module::$game as Game>::NAME
                    )));
                }
            )*
            Err(errors::InvalidArgumentError::new_err(format!(
                "state must be a ludorum state of the Rust backend, got {}",
                convert::show(state)
            )))
        }
    };
}

ludorum::for_each_game!(bind_games);

/// Batch results as numpy arrays: the options after defaults, winner bitmasks, lengths,
/// end-reason codes (indices in the game's `reasons`), and when recorded every game's action
/// ids, flat, with the offsets where each game starts (`count + 1` of them).
type SimArrays<'py> = (
    Py<PyAny>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u8>>,
    Option<(Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<u64>>)>,
);

/// Plays games `first..first+count` of `game` inside Rust (game `i` seeded `seed + i`), over
/// `threads` threads, with the GIL released: between random agents, or seat `s` played by
/// `agents[s]` (specs from `ludorum.agents`). About every 50 ms the calling thread takes the GIL
/// to check for signals (Ctrl-C stops the batch and raises `KeyboardInterrupt`) and calls
/// `progress(games_done)` when given. With `record`, every game's action ids come back too.
#[pyfunction]
#[pyo3(signature = (game, options, seed, first, count, threads, progress=None, agents=None, record=false))]
#[allow(clippy::too_many_arguments)]
fn simulate<'py>(
    py: Python<'py>,
    game: &str,
    options: Option<&Bound<'py, PyDict>>,
    seed: u64,
    first: u64,
    count: usize,
    threads: usize,
    progress: Option<Bound<'py, PyAny>>,
    agents: Option<Bound<'py, PyAny>>,
    record: bool,
) -> PyResult<SimArrays<'py>> {
    let options = convert::options_from_python(py, game, options)?;
    let agents = agents.map(|a| agents::specs_from_python(&a)).transpose()?;
    let progress = progress.map(Bound::unbind);
    // The options are validated once, here, with the GIL held.
    let start = dyn_game::new(game, &options).map_err(errors::to_py)?;
    if let Some(agents) = &agents {
        let players = start.num_players();
        if agents.len() != players {
            return Err(errors::InvalidOptionError::new_err(format!(
                "{} agents for {players} seats: give one agent per seat",
                agents.len()
            )));
        }
    }
    let run = Simulation {
        seed,
        first,
        count,
        threads,
        agents: agents.as_deref(),
        record,
    };
    let mut failure = None;
    let mut monitor = |done: usize| {
        Python::attach(|py| {
            let checked = py.check_signals().and_then(|()| match &progress {
                Some(progress) => progress.call1(py, (done,)).map(drop),
                None => Ok(()),
            });
            checked.map_err(|e| failure = Some(e)).is_ok()
        })
    };
    let logs = py.detach(|| start.simulate(&run, Some(&mut monitor)));
    let logs: Vec<GameLog> = match (logs, failure) {
        (Some(logs), _) => logs,
        (None, Some(error)) => return Err(error),
        (None, None) => unreachable!("a batch stops only when the monitor failed"),
    };
    let winners = logs.iter().map(|g| g.record.winners).collect();
    let lengths = logs.iter().map(|g| g.record.length).collect();
    let reasons = logs.iter().map(|g| g.record.reason).collect();
    let actions = record.then(|| {
        let mut offsets = Vec::with_capacity(logs.len() + 1);
        offsets.push(0u64);
        let mut flat = Vec::new();
        for log in &logs {
            flat.extend_from_slice(&log.actions);
            offsets.push(flat.len() as u64);
        }
        (
            PyArray1::from_vec(py, flat),
            PyArray1::from_vec(py, offsets),
        )
    });
    Ok((
        convert::to_python(py, &Value::Object(start.options()))?,
        PyArray1::from_vec(py, winners),
        PyArray1::from_vec(py, lengths),
        PyArray1::from_vec(py, reasons),
        actions,
    ))
}

/// The options of `game` after the engine's one check, as `state.options` gives them (every
/// option, defaults included): checked against the game's facts, then by the game itself (what
/// goes beyond its facts, such as Armadora's races for the player count). The reference backend
/// takes its options through this (`ludorum._args.options`), so both backends accept the same
/// options with the same messages.
#[pyfunction]
#[pyo3(signature = (game, options=None))]
fn check_options(
    py: Python<'_>,
    game: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let options = convert::options_from_python(py, game, options)?;
    let start = dyn_game::new(game, &options).map_err(errors::to_py)?;
    convert::to_python(py, &Value::Object(start.options()))
}

/// The facts of every game, in list order, as dicts (see `ludorum.game_info`).
#[pyfunction]
fn game_facts(py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
    ludorum::games::ALL
        .iter()
        .map(|facts| convert::to_python(py, &facts.to_json()))
        .collect()
}

#[pymodule]
fn _ludorum(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Load numpy's C API now: loaded lazily, at the end of an interrupted batch, it would fail
    // on the pending KeyboardInterrupt and panic.
    PyArray1::<u8>::zeros(m.py(), 0, false);
    add_games(m)?;
    m.add_class::<moves::Move>()?;
    m.add_class::<agents::PyAgent>()?;
    m.add_class::<learned::PyLearnedAgent>()?;
    m.add_class::<vec_env::PyVecEnv>()?;
    m.add_class::<protocol::PyProtocolSession>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(learned::selfplay, m)?)?;
    m.add_function(wrap_pyfunction!(game_facts, m)?)?;
    m.add_function(wrap_pyfunction!(observation::observation_spec, m)?)?;
    m.add_function(wrap_pyfunction!(observation::observation_into, m)?)?;
    m.add_function(wrap_pyfunction!(check_options, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize, m)?)?;
    m.add_function(wrap_pyfunction!(text::observation_text, m)?)?;
    m.add_function(wrap_pyfunction!(text::information_state_text, m)?)?;
    m.add_function(wrap_pyfunction!(text::state_text, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
