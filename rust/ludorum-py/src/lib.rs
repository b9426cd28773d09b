//! `ludorum._ludorum`: the PyO3 bindings of the ludorum engine. Each game is one file; this one
//! registers them and holds the batch functions, which release the GIL.

use ludorum::{Game, GameRecord};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{Map, Value};

mod armadora;
mod chinese_checkers;
mod convert;
mod domination;
mod dominions;
mod errors;
mod so_long_sucker;
mod state;

use ludorum::games::armadora::Armadora;
use ludorum::games::chinese_checkers::ChineseCheckers;
use ludorum::games::domination::Domination;
use ludorum::games::dominions::Dominions;
use ludorum::games::so_long_sucker::SoLongSucker;

/// Batch results as numpy arrays: winner bitmasks, lengths, and the reasons as a list.
type SimArrays<'py> = (
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<u32>>,
    Vec<&'static str>,
);

/// Plays games `first..first+count` of `game` between random agents inside Rust, game `i`
/// seeded `seed + i`, over `threads` threads, with the GIL released.
#[pyfunction]
#[pyo3(signature = (game, options, seed, first, count, threads))]
fn simulate<'py>(
    py: Python<'py>,
    game: &str,
    options: Option<&Bound<'py, PyDict>>,
    seed: u64,
    first: u64,
    count: usize,
    threads: usize,
) -> PyResult<SimArrays<'py>> {
    let options = convert::options_from_python(options)?;
    let records = match game {
        ChineseCheckers::NAME => run::<ChineseCheckers>(py, &options, seed, first, count, threads),
        Domination::NAME => run::<Domination>(py, &options, seed, first, count, threads),
        Dominions::NAME => run::<Dominions>(py, &options, seed, first, count, threads),
        Armadora::NAME => run::<Armadora>(py, &options, seed, first, count, threads),
        SoLongSucker::NAME => run::<SoLongSucker>(py, &options, seed, first, count, threads),
        other => Err(errors::InvalidOptionError::new_err(format!(
            "unknown game '{other}'"
        ))),
    }?;
    let winners = records.iter().map(|r| r.winners).collect();
    let lengths = records.iter().map(|r| r.length).collect();
    let reasons = records.iter().map(|r| r.reason).collect();
    Ok((
        PyArray1::from_vec(py, winners),
        PyArray1::from_vec(py, lengths),
        reasons,
    ))
}

fn run<G: Game>(
    py: Python<'_>,
    options: &Map<String, Value>,
    seed: u64,
    first: u64,
    count: usize,
    threads: usize,
) -> PyResult<Vec<GameRecord>> {
    // Validate once with the GIL held, so that every game in the batch can be built unchecked.
    let proto = G::new(options).map_err(errors::to_py)?;
    // A game with a seeded setup (a `seed` option) gets seed + i in game i, like its agents.
    let seeded = proto.options().contains_key("seed");
    let make = |game_seed: u64| {
        if !seeded {
            return proto.clone();
        }
        let mut options = options.clone();
        options.insert("seed".into(), game_seed.into());
        G::new(&options).expect("options were validated and every u64 is a valid seed")
    };
    Ok(py.detach(|| ludorum::simulate(make, seed, first, count, threads)))
}

#[pymodule]
fn _ludorum(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<chinese_checkers::PyChineseCheckers>()?;
    m.add_class::<domination::PyDomination>()?;
    m.add_class::<dominions::PyDominions>()?;
    m.add_class::<armadora::PyArmadora>()?;
    m.add_class::<so_long_sucker::PySoLongSucker>()?;
    let games = PyDict::new(m.py());
    games.set_item(ChineseCheckers::NAME, m.getattr("ChineseCheckers")?)?;
    games.set_item(Domination::NAME, m.getattr("Domination")?)?;
    games.set_item(Dominions::NAME, m.getattr("Dominions")?)?;
    games.set_item(Armadora::NAME, m.getattr("Armadora")?)?;
    games.set_item(SoLongSucker::NAME, m.getattr("SoLongSucker")?)?;
    m.add("GAMES", games)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
