//! Agents for Python: `_ludorum.Agent(spec)` keeps a search (its trees) per game type between
//! moves, and searches with the GIL released. The spec is a dict made by `ludorum.agents`.

use ludorum::core::dyn_game::{DynAgent, DynGame, NamedMove};
use ludorum::search::{AgentSpec, Analysis, MctsConfig};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::InvalidOptionError;

/// An agent spec from the dict `ludorum.agents` makes: `{"kind": "random", "seed": 0}` or
/// `{"kind": "mcts", "simulations": ..., "c": ..., "rollout_plies": ..., "seed": ...,
/// "threads": ..., "time_limit": ..., "information_sets": ...}`.
pub fn spec_from_python(spec: &Bound<'_, PyAny>) -> PyResult<AgentSpec> {
    let dict = spec
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("an agent spec is a dict"))?;
    let get = |key: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        Ok(dict.get_item(key)?.filter(|v| !v.is_none()))
    };
    let bad = |what: &str| InvalidOptionError::new_err(format!("bad agent spec: {what}"));
    let kind: String = get("kind")?.ok_or_else(|| bad("no kind"))?.extract()?;
    let seed: u64 = get("seed")?.map_or(Ok(0), |s| s.extract())?;
    match kind.as_str() {
        "random" => Ok(AgentSpec::Random { seed }),
        "mcts" => Ok(AgentSpec::Mcts(MctsConfig {
            simulations: get("simulations")?.map_or(Ok(1000), |v| v.extract())?,
            c: get("c")?.map(|v| v.extract()).transpose()?,
            rollout_plies: get("rollout_plies")?.map(|v| v.extract()).transpose()?,
            seed,
            threads: get("threads")?.map_or(Ok(1), |v| v.extract())?,
            time_limit: get("time_limit")?
                .map(|v| v.extract::<f64>())
                .transpose()?
                .map(|s| {
                    std::time::Duration::try_from_secs_f64(s)
                        .map_err(|_| bad(&format!("time_limit must be seconds > 0, got {s}")))
                })
                .transpose()?,
            information_sets: get("information_sets")?.map_or(Ok(false), |v| v.extract())?,
        })),
        other => Err(bad(&format!("unknown kind '{other}'"))),
    }
}

/// Agents from a list of specs (one per seat).
pub fn specs_from_python(specs: &Bound<'_, PyAny>) -> PyResult<Vec<AgentSpec>> {
    specs
        .try_iter()?
        .map(|spec| spec_from_python(&spec?))
        .collect()
}

/// A built-in agent: `choose(state)` and `analyse(state)` for the Rust states of any game.
#[pyclass(name = "Agent", module = "ludorum._ludorum")]
pub struct PyAgent {
    spec: AgentSpec,
    /// The agent of the game type it played last, kept for tree reuse.
    built: Option<Box<dyn DynAgent>>,
}

#[pymethods]
impl PyAgent {
    #[new]
    fn new(spec: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Self {
            spec: spec_from_python(spec)?,
            built: None,
        })
    }

    /// The move this agent makes for the player to move (the state is not changed); Ctrl-C
    /// stops the search within a fraction of a second.
    fn choose(&mut self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mut analysis = self.watched_analysis(py, state)?;
        crate::convert::named_move(py, analysis.moves.swap_remove(0).mv)
    }

    /// `(moves, simulations)`: every searched root move as `(Move, visits, values, wins)`.
    fn analyse(&mut self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let analysis = self.watched_analysis(py, state)?;
        let moves = analysis
            .moves
            .into_iter()
            .map(|m| {
                let mv = crate::convert::named_move(py, m.mv)?;
                Ok((mv, m.visits, m.values, m.wins))
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok((moves, analysis.simulations)
            .into_pyobject(py)?
            .into_any()
            .unbind())
    }
}

impl PyAgent {
    /// The agent's analysis of `state`, searched with the GIL released and watched for Ctrl-C
    /// (which ends the search early and raises `KeyboardInterrupt`; the state is a copy).
    fn watched_analysis(
        &mut self,
        py: Python<'_>,
        state: &Bound<'_, PyAny>,
    ) -> PyResult<Analysis<NamedMove>> {
        let game = running(state)?;
        let agent = self.agent(game.as_ref());
        crate::monitor::watched_here(py, |stop| agent.analyse_until(game.as_ref(), stop))
    }

    /// This agent for the type of `game`, built on first use (and again after another game
    /// type).
    fn agent(&mut self, game: &dyn DynGame) -> &mut dyn DynAgent {
        let agent = match self.built.take() {
            Some(agent) if agent.plays(game) => agent,
            _ => game.agent(&self.spec),
        };
        self.built.insert(agent).as_mut()
    }
}

/// A copy of the engine state in `state`, whose game must not be over.
fn running(state: &Bound<'_, PyAny>) -> PyResult<Box<dyn DynGame>> {
    let game = crate::erased_state(state)?;
    match game.current_player() {
        Some(_) => Ok(game),
        None => Err(crate::errors::IllegalMoveError::new_err(
            "the game is over: there is no move to choose",
        )),
    }
}
