//! Learned searches for Python: `_ludorum.LearnedAgent(spec, evaluator)` (PUCT or Gumbel, see
//! `docs/search-spec.md`) and `_ludorum.selfplay`. The evaluator is a Python callable
//! `(observations, masks, players) -> (logits, values)` or a built-in name (`"uniform"`,
//! `"evaluation"`: no Python call at all). The search runs with the GIL released; the GIL is
//! taken once per evaluator call, and between steps to check for Ctrl-C.

use ludorum::core::error::Error;
use ludorum::games::{visit, Visitor};
use ludorum::search::learned::{
    selfplay as run_selfplay, Evaluations, Evaluator, GameEvaluation, GameSearch, GumbelConfig,
    LeafBatch, LearnedConfig, LearnedSearch, PuctConfig, Rule, SearchResult, SearchRows,
    SelfPlayConfig, Uniform,
};
use ludorum::{Batch, Game};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::errors::{to_py, InvalidArgumentError, InvalidOptionError};

/// Work generic over a game's type, run on a copy of a Rust state by `crate::visit_state`.
pub trait StateVisitor {
    /// What the work returns.
    type Output;

    /// Does the work on `state`.
    fn visit<G: Game>(self, state: &G) -> Self::Output;
}

/// Where evaluations come from.
pub enum Source {
    /// Logits 0, values 0.
    Uniform,
    /// Logits 0, values from the game's evaluation.
    Evaluation,
    /// A Python callable.
    Callable(Py<PyAny>),
}

impl Source {
    fn from_python(evaluator: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(name) = evaluator.cast::<PyString>() {
            return match name.extract::<String>()?.as_str() {
                "uniform" => Ok(Self::Uniform),
                "evaluation" => Ok(Self::Evaluation),
                other => Err(InvalidOptionError::new_err(format!(
                    "unknown evaluator '{other}': give 'uniform', 'evaluation' or a callable \
                     (observations, masks, players) -> (logits, values)"
                ))),
            };
        }
        if evaluator.is_callable() {
            return Ok(Self::Callable(evaluator.clone().unbind()));
        }
        Err(InvalidOptionError::new_err(format!(
            "an evaluator is 'uniform', 'evaluation' or a callable (observations, masks, \
             players) -> (logits, values); got {}",
            crate::convert::show(evaluator)
        )))
    }
}

/// The evaluator of one search: the Python error of a failed call is kept to be raised as is.
struct PyEval<'a> {
    source: &'a Source,
    error: Option<PyErr>,
}

impl<G: Game> Evaluator<G> for PyEval<'_> {
    fn wants_observations(&self) -> bool {
        matches!(self.source, Source::Callable(_))
    }

    fn is_uniform(&self) -> bool {
        matches!(self.source, Source::Uniform)
    }

    fn for_thread(&self) -> Option<Box<dyn Evaluator<G> + Send>> {
        match self.source {
            Source::Uniform => Some(Box::new(Uniform)),
            Source::Evaluation => Some(Box::new(GameEvaluation)),
            Source::Callable(_) => None,
        }
    }

    fn evaluate(&mut self, batch: &LeafBatch<G>) -> Result<Evaluations, Error> {
        match self.source {
            Source::Uniform => Evaluator::<G>::evaluate(&mut Uniform, batch),
            Source::Evaluation => Evaluator::<G>::evaluate(&mut GameEvaluation, batch),
            Source::Callable(f) => Python::attach(|py| call(py, f, batch)).map_err(|e| {
                self.error = Some(e);
                Error::InvalidOption("the evaluator failed".into())
            }),
        }
    }
}

fn call<G>(py: Python<'_>, f: &Py<PyAny>, batch: &LeafBatch<G>) -> PyResult<Evaluations> {
    let l = batch.len();
    let (a, p) = (batch.num_actions, batch.num_players);
    let mut shape = vec![l];
    shape.extend_from_slice(&batch.observation_shape);
    let observations = PyArray1::from_slice(py, &batch.observations).reshape(shape)?;
    let masks = PyArray1::from_slice(py, &batch.masks).reshape([l, a])?;
    let players = PyArray1::from_vec(py, batch.players.iter().map(|&p| p as i64).collect());
    let out = f.bind(py).call1((observations, masks, players))?;
    let bad = |what: String| InvalidArgumentError::new_err(format!("bad evaluator output: {what}"));
    let (logits, values): (Bound<'_, PyAny>, Bound<'_, PyAny>) = out.extract().map_err(|_| {
        bad(format!(
            "the evaluator must return (logits, values), got {}",
            crate::convert::show(&out)
        ))
    })?;
    let numpy = py.import("numpy")?;
    let as_f32 = |x: Bound<'_, PyAny>, name: &str| -> PyResult<(Vec<usize>, Vec<f32>)> {
        let array = numpy
            .call_method1("ascontiguousarray", (x, "float32"))
            .map_err(|e| bad(format!("{name} are not an array of numbers: {e}")))?;
        let array: PyReadonlyArrayDyn<'_, f32> = array.extract()?;
        Ok((array.shape().to_vec(), array.as_slice()?.to_vec()))
    };
    let (logits_shape, logits) = as_f32(logits, "logits")?;
    if logits_shape != [l, a] {
        return Err(bad(format!(
            "logits have shape {logits_shape:?}, expected [{l}, {a}] (leaves, actions)"
        )));
    }
    let (values_shape, values) = as_f32(values, "values")?;
    if values_shape != [l, p] && !(p == 2 && values_shape == [l]) {
        return Err(bad(format!(
            "values have shape {values_shape:?}, expected [{l}, {p}] (leaves, players){}",
            if p == 2 { " or [leaves]" } else { "" }
        )));
    }
    Ok(Evaluations { logits, values })
}

/// Runs `work` with the GIL released, the evaluator taking it for its calls and the interrupt
/// check between steps; the evaluator's or Ctrl-C's Python error is raised as is.
fn run<T: Send>(
    py: Python<'_>,
    source: &Source,
    work: impl FnOnce(&mut PyEval<'_>, &mut dyn FnMut() -> bool) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let mut eval = PyEval {
        source,
        error: None,
    };
    let mut stopped: Option<PyErr> = None;
    let result = py.detach(|| {
        let mut interrupt = || {
            Python::attach(|py| py.check_signals())
                .map_err(|e| stopped = Some(e))
                .is_err()
        };
        work(&mut eval, &mut interrupt)
    });
    result.map_err(|e| eval.error.take().or(stopped).unwrap_or_else(|| to_py(e)))
}

/// A learned search's settings from the dict `ludorum.agents` makes.
pub fn config_from_python(spec: &Bound<'_, PyAny>) -> PyResult<LearnedConfig> {
    let dict = spec
        .cast::<PyDict>()
        .map_err(|_| InvalidOptionError::new_err("a search spec is a dict"))?;
    let get = |key: &str| -> PyResult<Option<Bound<'_, PyAny>>> {
        Ok(dict.get_item(key)?.filter(|v| !v.is_none()))
    };
    let f = |key: &str, default: f64| -> PyResult<f64> {
        get(key)?.map_or(Ok(default), |v| v.extract())
    };
    let kind: String = get("kind")?.map_or(Ok("puct".to_string()), |v| v.extract())?;
    let rule = match kind.as_str() {
        "puct" => Rule::Puct(PuctConfig {
            c_puct: f("c_puct", 1.25)?,
            dirichlet_alpha: f("dirichlet_alpha", 0.3)?,
            dirichlet_fraction: f("dirichlet_fraction", 0.0)?,
            temperature: f("temperature", 0.0)?,
        }),
        "gumbel" => Rule::Gumbel(GumbelConfig {
            max_considered: get("max_considered")?.map_or(Ok(16), |v| v.extract())?,
            c_visit: f("c_visit", 50.0)?,
            c_scale: f("c_scale", 0.1)?,
            gumbel_scale: f("gumbel_scale", 1.0)?,
        }),
        other => {
            return Err(InvalidOptionError::new_err(format!(
                "unknown search '{other}': 'puct' or 'gumbel'"
            )))
        }
    };
    let config = LearnedConfig {
        rule,
        simulations: get("simulations")?.map_or(Ok(800), |v| v.extract())?,
        leaves_per_game: get("leaves_per_game")?.map_or(Ok(1), |v| v.extract())?,
        reuse: get("reuse")?.map_or(Ok(true), |v| v.extract())?,
        cache: get("cache")?.map_or(Ok(false), |v| v.extract())?,
        threads: get("threads")?.map_or(Ok(1), |v| v.extract())?,
        pipeline: get("pipeline")?.map_or(Ok(false), |v| v.extract())?,
    };
    config.validate().map_err(to_py)?;
    Ok(config)
}

/// A PUCT or Gumbel agent: one SplitMix64(seed) that every search advances, a tree kept for
/// reuse, and an evaluation cache.
#[pyclass(name = "LearnedAgent", module = "ludorum._ludorum")]
pub struct PyLearnedAgent {
    source: Source,
    search: LearnedSearch,
    game: GameSearch,
    /// The game the tree and the cache belong to.
    game_name: &'static str,
}

type Found<'py> = (
    usize,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<f64>>,
);

type FoundMany<'py> = (
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray2<i64>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<f64>>,
);

fn to_python(py: Python<'_>, r: SearchResult) -> Found<'_> {
    (
        r.action,
        PyArray1::from_vec(py, r.visits.iter().map(|&v| v as i64).collect()),
        PyArray1::from_vec(py, r.policy),
        PyArray1::from_vec(py, r.value),
    )
}

#[pymethods]
impl PyLearnedAgent {
    #[new]
    fn new(spec: &Bound<'_, PyAny>, evaluator: &Bound<'_, PyAny>) -> PyResult<Self> {
        let config = config_from_python(spec)?;
        let seed: u64 = spec
            .get_item("seed")
            .ok()
            .filter(|v| !v.is_none())
            .map_or(Ok(0), |v| v.extract())?;
        Ok(Self {
            source: Source::from_python(evaluator)?,
            search: LearnedSearch::new(config).map_err(to_py)?,
            game: GameSearch::new(seed),
            game_name: "",
        })
    }

    /// The move chosen for the player to move (the state is not changed).
    fn choose(&mut self, py: Python<'_>, state: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        crate::visit_state(state, Choose { agent: self, py })?
    }

    /// `(action, visits, policy, value)` of one search.
    fn search<'py>(&mut self, py: Python<'py>, state: &Bound<'py, PyAny>) -> PyResult<Found<'py>> {
        let r = crate::visit_state(state, Search { agent: self, py })??;
        Ok(to_python(py, r))
    }

    /// One search per state, all together (one evaluator call per step), each on a fresh
    /// tree with the stream it would have had searched alone after the ones before it; the
    /// results stacked, one row per state: `(actions, visits, policies, values)` (a few arrays
    /// rather than a few per state: the conversion costs little beside the search). `None`,
    /// with nothing searched, when a state is not a Rust state (the caller converts them: the
    /// common batch of Rust states is checked here once, not also by the caller).
    fn search_many<'py>(
        &mut self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
    ) -> PyResult<Option<FoundMany<'py>>> {
        let list: Vec<Bound<'py, PyAny>> = states.try_iter()?.collect::<PyResult<_>>()?;
        let rows = match list.first() {
            Some(first) if !crate::is_rust_state(first) => return Ok(None),
            Some(first) => crate::visit_state(
                first,
                SearchMany {
                    agent: self,
                    py,
                    states: &list,
                },
            )??,
            None => Some(SearchRows::default()),
        };
        let Some(rows) = rows else {
            return Ok(None);
        };
        // The rows' arrays become numpy's as they are (the integers reinterpreted in place).
        let (n, a, p) = (rows.len(), rows.num_actions, rows.num_players);
        let actions = rows.actions.into_iter().map(|x| x as i64).collect();
        let visits = rows.visits.into_iter().map(|v| v as i64).collect();
        Ok(Some((
            PyArray1::from_vec(py, actions),
            PyArray1::from_vec(py, visits).reshape([n, a])?,
            PyArray1::from_vec(py, rows.policies).reshape([n, a])?,
            PyArray1::from_vec(py, rows.values).reshape([n, p])?,
        )))
    }

    /// Forgets the kept tree and the cache (the generator goes on).
    fn forget(&mut self) {
        self.game.tree = Default::default();
        self.search.clear_cache();
    }
}

impl PyLearnedAgent {
    fn for_game<G: Game>(&mut self) {
        if self.game_name != G::NAME {
            self.game_name = G::NAME;
            self.game.tree = Default::default();
            self.search.clear_cache();
        }
    }

    fn search_one<G: Game>(&mut self, py: Python<'_>, state: &G) -> PyResult<SearchResult> {
        if state.current_player().is_none() {
            return Err(crate::errors::IllegalMoveError::new_err(
                "the game is over: there is nothing to search",
            ));
        }
        self.for_game::<G>();
        let (search, game) = (&mut self.search, &mut self.game);
        let mut r = run(py, &self.source, |eval, interrupt| {
            search.search(
                std::slice::from_ref(state),
                std::slice::from_mut(game),
                eval,
                interrupt,
            )
        })?;
        Ok(r.remove(0))
    }
}

struct Choose<'a, 'py> {
    agent: &'a mut PyLearnedAgent,
    py: Python<'py>,
}

impl StateVisitor for Choose<'_, '_> {
    type Output = PyResult<Py<PyAny>>;

    fn visit<G: Game>(self, state: &G) -> Self::Output {
        let r = self.agent.search_one(self.py, state)?;
        let mv = state.move_from_action(r.action).map_err(to_py)?;
        crate::convert::new_move(self.py, r.action, state.notation(mv))
    }
}

struct Search<'a, 'py> {
    agent: &'a mut PyLearnedAgent,
    py: Python<'py>,
}

impl StateVisitor for Search<'_, '_> {
    type Output = PyResult<SearchResult>;

    fn visit<G: Game>(self, state: &G) -> Self::Output {
        self.agent.search_one(self.py, state)
    }
}

struct SearchMany<'a, 'py, 's> {
    agent: &'a mut PyLearnedAgent,
    py: Python<'py>,
    states: &'s [Bound<'py, PyAny>],
}

impl StateVisitor for SearchMany<'_, '_, '_> {
    /// `None` when a state is not a Rust state.
    type Output = PyResult<Option<SearchRows>>;

    fn visit<G: Game>(self, _first: &G) -> Self::Output {
        let states = match self
            .states
            .iter()
            .map(crate::snapshot_as::<G>)
            .collect::<PyResult<Vec<G>>>()
        {
            Ok(states) => states,
            Err(_) if !self.states.iter().all(crate::is_rust_state) => return Ok(None),
            Err(e) => return Err(e),
        };
        if states.iter().any(|s| s.current_player().is_none()) {
            return Err(crate::errors::IllegalMoveError::new_err(
                "a game is over: there is nothing to search",
            ));
        }
        let agent = self.agent;
        agent.for_game::<G>();
        let (search, rng) = (&mut agent.search, &mut agent.game.rng);
        run(self.py, &agent.source, |eval, interrupt| {
            search.search_fresh_rows(&states, rng, eval, interrupt)
        })
        .map(Some)
    }
}

/// Self-play: `games` games of `game` (game `g` set up as `Batch(options, seed).start(g)` and
/// searched with `SplitMix64(seed + g)`) in lockstep, one evaluator call per simulation step
/// for all live games. Returns a dict of numpy arrays, one row per ply, game after game.
#[pyfunction]
#[pyo3(signature = (game, options, evaluator, spec, games, seed, temperature_plies=0, max_plies=None))]
#[allow(clippy::too_many_arguments)]
pub fn selfplay<'py>(
    py: Python<'py>,
    game: &str,
    options: Option<&Bound<'py, PyDict>>,
    evaluator: &Bound<'py, PyAny>,
    spec: &Bound<'py, PyAny>,
    games: usize,
    seed: u64,
    temperature_plies: u32,
    max_plies: Option<u32>,
) -> PyResult<Bound<'py, PyDict>> {
    let options = crate::convert::options_from_python(py, game, options)?;
    let config = SelfPlayConfig {
        search: config_from_python(spec)?,
        temperature_plies,
        max_plies,
        seed,
    };
    let source = Source::from_python(evaluator)?;
    let data = visit(
        game,
        SelfPlayRun {
            options,
            config,
            source,
            games,
        },
    )
    .map_err(to_py)??;
    let t = data.players.len();
    let mut obs_shape = vec![t];
    obs_shape.extend_from_slice(&data.observation_shape);
    let (a, p) = (data.num_actions, data.num_players);
    let out = PyDict::new(py);
    out.set_item(
        "observations",
        PyArray1::from_vec(py, data.observations).reshape(obs_shape)?,
    )?;
    out.set_item("masks", PyArray1::from_vec(py, data.masks).reshape([t, a])?)?;
    out.set_item(
        "policies",
        PyArray1::from_vec(py, data.policies).reshape([t, a])?,
    )?;
    out.set_item("players", PyArray1::from_vec(py, data.players))?;
    out.set_item(
        "returns",
        PyArray1::from_vec(py, data.returns).reshape([t, p])?,
    )?;
    out.set_item("game_ids", PyArray1::from_vec(py, data.game_ids))?;
    out.set_item("plies", PyArray1::from_vec(py, data.plies))?;
    out.set_item("actions", PyArray1::from_vec(py, data.actions))?;
    Ok(out)
}

struct SelfPlayRun {
    options: serde_json::Map<String, serde_json::Value>,
    config: SelfPlayConfig,
    source: Source,
    games: usize,
}

impl Visitor for SelfPlayRun {
    type Output = PyResult<ludorum::search::learned::SelfPlay>;

    fn visit<G: Game>(self) -> Self::Output {
        Python::attach(|py| {
            let batch = Batch::<G>::new(&self.options, self.config.seed).map_err(to_py)?;
            let starts: Vec<G> = (0..self.games as u64).map(|g| batch.start(g)).collect();
            let config = &self.config;
            run(py, &self.source, |eval, interrupt| {
                run_selfplay(starts, config, eval, interrupt)
            })
        })
    }
}
