//! `ludorum._ludorum`: the PyO3 bindings of the ludorum engine. Each game is one file, made
//! into a module from the engine's one list of games; this file registers them, exposes every
//! game's facts, and holds the batch functions, which release the GIL.

use ludorum::core::facts::{Facts, OptionDefault, OptionKind};
use ludorum::games::{visit, Visitor};
use ludorum::{Batch, Game};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{Map, Value};

mod convert;
mod errors;
mod monitor;
mod moves;
mod state;

macro_rules! bind_games {
    ($($module:ident $game:ident),*) => {
        $(mod $module;)*

        /// Adds every game's class and the `GAMES` dict (registry name -> class).
        fn add_games(m: &Bound<'_, PyModule>) -> PyResult<()> {
            let games = PyDict::new(m.py());
            $(
                m.add_class::<$module::Class>()?;
                games.set_item(
                    <ludorum::games::$module::$game as Game>::NAME,
                    m.py().get_type::<$module::Class>(),
                )?;
            )*
            m.add("GAMES", games)
        }
    };
}

ludorum::for_each_game!(bind_games);

/// Batch results as numpy arrays: winner bitmasks, lengths and end-reason codes (indices in the
/// game's `reasons`), with the options after defaults.
type SimArrays<'py> = (
    Py<PyAny>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<u8>>,
);

/// Plays games `first..first+count` of `game` between random agents inside Rust (game `i`
/// seeded `seed + i`), over `threads` threads, with the GIL released. About every 50 ms the
/// calling thread takes the GIL to check for signals (Ctrl-C stops the batch and raises
/// `KeyboardInterrupt`) and calls `progress(games_done)` when given.
#[pyfunction]
#[pyo3(signature = (game, options, seed, first, count, threads, progress=None))]
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
) -> PyResult<SimArrays<'py>> {
    let options = convert::options_from_python(py, game, options)?;
    let progress = progress.map(Bound::unbind);
    let run = Simulate {
        options,
        seed,
        first,
        count,
        threads,
        progress,
    };
    let (options, records) = visit(game, run).map_err(errors::to_py)??;
    let winners = records.iter().map(|r| r.winners).collect();
    let lengths = records.iter().map(|r| r.length).collect();
    let reasons = records.iter().map(|r| r.reason).collect();
    Ok((
        convert::to_python(py, &Value::Object(options))?,
        PyArray1::from_vec(py, winners),
        PyArray1::from_vec(py, lengths),
        PyArray1::from_vec(py, reasons),
    ))
}

/// The work of [`simulate`] for one game type.
struct Simulate {
    options: Map<String, Value>,
    seed: u64,
    first: u64,
    count: usize,
    threads: usize,
    progress: Option<Py<PyAny>>,
}

impl Visitor for Simulate {
    type Output = PyResult<(Map<String, Value>, Vec<ludorum::GameRecord>)>;

    fn visit<G: Game>(self) -> Self::Output {
        Python::attach(|py| {
            // The options are validated once, here, with the GIL held.
            let batch = Batch::<G>::new(&self.options, self.seed).map_err(errors::to_py)?;
            let mut failure = None;
            let mut monitor = |done: usize| {
                Python::attach(|py| {
                    let checked = py.check_signals().and_then(|()| match &self.progress {
                        Some(progress) => progress.call1(py, (done,)).map(drop),
                        None => Ok(()),
                    });
                    checked.map_err(|e| failure = Some(e)).is_ok()
                })
            };
            let records = py.detach(|| {
                ludorum::simulate(
                    &batch,
                    self.first,
                    self.count,
                    self.threads,
                    Some(&mut monitor),
                )
            });
            match (records, failure) {
                (Some(records), _) => Ok((batch.options(), records)),
                (None, Some(error)) => Err(error),
                (None, None) => unreachable!("a batch stops only when the monitor failed"),
            }
        })
    }
}

/// The facts of every game, in list order, as dicts (see `ludorum.game_info`).
#[pyfunction]
fn game_facts(py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
    ludorum::games::ALL
        .iter()
        .map(|facts| convert::to_python(py, &facts_json(facts)))
        .collect()
}

fn facts_json(facts: &Facts) -> Value {
    let options: Vec<Value> = facts
        .options
        .iter()
        .map(|o| {
            let length = match o.kind {
                OptionKind::IntList { len } => Value::from(len),
                _ => Value::Null,
            };
            let (choices, low, high) = match o.kind {
                OptionKind::IntChoice(c) => (serde_json::json!(c), Value::Null, Value::Null),
                OptionKind::StrChoice(c) => (serde_json::json!(c), Value::Null, Value::Null),
                OptionKind::IntRange { low, high } => (Value::Null, low.into(), high.into()),
                _ => (Value::Null, Value::Null, Value::Null),
            };
            let (default, default_doc) = match o.default {
                OptionDefault::Int(n) => (n.into(), ""),
                OptionDefault::Str(s) => (s.into(), ""),
                OptionDefault::Float(x) => (x.into(), ""),
                OptionDefault::None => (Value::Null, ""),
                OptionDefault::Derived(doc) => (Value::Null, doc),
            };
            serde_json::json!({
                "name": o.name,
                "kind": o.kind_name(),
                "default": default,
                "default_doc": default_doc,
                "choices": choices,
                "low": low,
                "high": high,
                "length": length,
                "nullable": o.nullable,
                "doc": o.doc,
                "allowed": o.allowed(),
            })
        })
        .collect();
    serde_json::json!({
        "name": facts.name,
        "class_name": facts.class_name,
        "summary": facts.summary,
        "players": facts.players,
        "options": options,
        "hidden_information": facts.hidden_information,
        "seeded": facts.seeded,
        "simulation_max_plies": facts.simulation_max_plies,
        "reasons": facts.reasons,
        "bench": facts.bench,
        "bench_perft": facts.bench_perft,
        "openspiel": facts.openspiel,
        "utility": {
            "2": facts.utility(2).name(),
            "more": facts.utility(3).name(),
        },
    })
}

#[pymodule]
fn _ludorum(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Load numpy's C API now: loaded lazily, at the end of an interrupted batch, it would fail
    // on the pending KeyboardInterrupt and panic.
    PyArray1::<u8>::zeros(m.py(), 0, false);
    add_games(m)?;
    m.add_class::<moves::Move>()?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(game_facts, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
