//! `_ludorum.VecEnv`: the engine's batched env ([`ludorum::env`]) behind numpy arrays that it
//! allocates once and rewrites in place at every reset and step, with the GIL released.
//! `ludorum.VecEnv` (python/ludorum/vec_env.py) is the public face.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use ludorum::core::dyn_game;
use ludorum::core::error::Error;
use ludorum::env::{Autoreset, BatchEnv, Config, ObsDtype, Observations, Outputs};
use numpy::ndarray::{Dimension, IntoDimension, IxDyn};
use numpy::{Element, PyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PySlice};

use crate::{agents, convert, errors, monitor};

/// The batched env of one game and its output arrays. The arrays of floats are views of one
/// buffer, and the arrays of bools of another, so that a call borrows three arrays rather than
/// eight (a borrow through numpy's borrow checking costs ~0.2 µs); observations of `uint8`
/// are a fourth.
#[pyclass(name = "VecEnv", module = "ludorum._ludorum")]
pub struct PyVecEnv {
    env: Mutex<Box<dyn BatchEnv>>,
    /// `obs`, `final_obs` and `rewards`, one after the other (only `rewards` where the
    /// observations are bytes).
    floats: Py<PyArray1<f32>>,
    /// `obs` and `final_obs` of `uint8`, one after the other.
    bytes: Option<Py<PyArray1<u8>>>,
    /// `action_mask`, `terminated`, `truncated` and `ended`, one after the other.
    bools: Py<PyArray1<bool>>,
    /// `float32` or `uint8`.
    #[pyo3(get)]
    obs: Py<PyAny>,
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    #[pyo3(get)]
    terminated: Py<PyArray1<bool>>,
    #[pyo3(get)]
    truncated: Py<PyArray1<bool>>,
    #[pyo3(get)]
    action_mask: Py<PyArray2<bool>>,
    #[pyo3(get)]
    current_player: Py<PyArray1<i32>>,
    #[pyo3(get)]
    ended: Py<PyArray1<bool>>,
    #[pyo3(get)]
    final_obs: Py<PyAny>,
}

/// The entries of `buffer` from `start` on, as a numpy view of shape `dims` (made once: the
/// arrays that users see stay the same objects from call to call).
fn region<'py, T: Element, D: Dimension>(
    buffer: &Bound<'py, PyArray1<T>>,
    start: usize,
    dims: impl IntoDimension<Dim = D>,
) -> PyResult<Bound<'py, PyArray<T, D>>> {
    let dims = dims.into_dimension();
    let end = start + dims.size();
    let slice = PySlice::new(buffer.py(), start as isize, end as isize, 1);
    let view = buffer.get_item(slice)?.cast_into::<PyArray1<T>>()?;
    view.reshape(dims)
}

/// Borrows every output array mutably and runs `work` on their slices without the GIL.
fn with_outputs<T: Send>(
    py: Python<'_>,
    this: &PyVecEnv,
    work: impl FnOnce(&mut dyn BatchEnv, &mut Outputs<'_>) -> T + Send,
) -> PyResult<T> {
    with_outputs_held(py, this, |env, out| Ok(py.detach(|| work(env, out))))
}

/// Borrows every output array mutably and runs `work` on their slices (with the GIL: `work`
/// releases it).
fn with_outputs_held<T>(
    py: Python<'_>,
    this: &PyVecEnv,
    work: impl FnOnce(&mut dyn BatchEnv, &mut Outputs<'_>) -> PyResult<T>,
) -> PyResult<T> {
    let mut floats = this.floats.bind(py).try_readwrite()?;
    let mut bytes = this
        .bytes
        .as_ref()
        .map(|b| b.bind(py).try_readwrite())
        .transpose()?;
    let mut bools = this.bools.bind(py).try_readwrite()?;
    let mut current_player = this.current_player.bind(py).try_readwrite()?;
    let mut env = this.env.lock().unwrap_or_else(|e| e.into_inner());
    let env: &mut dyn BatchEnv = env.as_mut();
    let shape = env.shape();
    let (n, obs_size) = (shape.num_envs, shape.observation_size());
    let (obs, final_obs, rewards) = match &mut bytes {
        Some(bytes) => {
            let (obs, final_obs) = bytes.as_slice_mut()?.split_at_mut(n * obs_size);
            let (obs, final_obs) = (Observations::Uint8(obs), Observations::Uint8(final_obs));
            (obs, final_obs, floats.as_slice_mut()?)
        }
        None => {
            let (obs, rest) = floats.as_slice_mut()?.split_at_mut(n * obs_size);
            let (final_obs, rewards) = rest.split_at_mut(n * obs_size);
            let (obs, final_obs) = (Observations::Float32(obs), Observations::Float32(final_obs));
            (obs, final_obs, rewards)
        }
    };
    let (mask, rest) = bools.as_slice_mut()?.split_at_mut(n * shape.num_actions);
    let (terminated, rest) = rest.split_at_mut(n);
    let (truncated, ended) = rest.split_at_mut(n);
    let mut outputs = Outputs {
        obs,
        rewards,
        terminated,
        truncated,
        mask,
        current_player: current_player.as_slice_mut()?,
        ended,
        final_obs,
    };
    work(env, &mut outputs)
}

/// A reset, step or play from outside: with searching opponents (a call that may take long)
/// watched for Ctrl-C, which gives the call up and leaves every env and output as it was
/// before it (`until`; a Ctrl-C that comes as the call ends leaves them as the call did: never
/// half of it); else in one go (`plain`), the GIL released.
fn call(
    py: Python<'_>,
    this: &PyVecEnv,
    plain: impl FnOnce(&mut dyn BatchEnv, &mut Outputs<'_>) -> Result<(), Error> + Send,
    until: impl FnOnce(&mut dyn BatchEnv, &mut Outputs<'_>, &AtomicBool) -> Result<bool, Error> + Send,
) -> PyResult<()> {
    let searches = this
        .env
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .searches();
    if !searches {
        return with_outputs(py, this, plain)?.map_err(errors::to_py);
    }
    with_outputs_held(py, this, |env, out| {
        monitor::watched(py, |stop| match until(env, out, stop) {
            Ok(false) => None,
            done => Some(done),
        })
    })?
    .map(drop)
    .map_err(errors::to_py)
}

#[pymethods]
impl PyVecEnv {
    #[new]
    #[pyo3(signature = (game, options, num_envs, seed, threads, autoreset, opponents, learner, outside, obs_dtype))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        options: Option<&Bound<'_, PyDict>>,
        num_envs: usize,
        seed: u64,
        threads: usize,
        autoreset: &str,
        opponents: Option<&Bound<'_, PyAny>>,
        learner: usize,
        outside: Vec<usize>,
        obs_dtype: &str,
    ) -> PyResult<Self> {
        let config = Config {
            num_envs,
            seed,
            threads,
            autoreset: Autoreset::parse(autoreset).map_err(errors::to_py)?,
            opponents: opponents.map(agents::specs_from_python).transpose()?,
            learner,
            outside,
            obs_dtype: ObsDtype::parse(obs_dtype).map_err(errors::to_py)?,
        };
        let config_dtype = config.obs_dtype;
        let options = convert::options_from_python(py, game, options)?;
        let env = dyn_game::new(game, &options)
            .and_then(|start| start.vec_env(config))
            .map_err(errors::to_py)?;
        let shape = env.shape().clone();
        let n = shape.num_envs;
        let mut obs_shape = vec![n];
        obs_shape.extend(&shape.observation);
        let obs_len = n * shape.observation_size();
        let (floats, bytes, obs, final_obs) = match config_dtype {
            ObsDtype::Float32 => {
                let floats =
                    PyArray1::<f32>::zeros(py, 2 * obs_len + n * shape.reward_width, false);
                let obs = region(&floats, 0, IxDyn(&obs_shape))?.into_any().unbind();
                let final_obs = region(&floats, obs_len, IxDyn(&obs_shape))?
                    .into_any()
                    .unbind();
                (floats, None, obs, final_obs)
            }
            ObsDtype::Uint8 => {
                let bytes = PyArray1::<u8>::zeros(py, 2 * obs_len, false);
                let obs = region(&bytes, 0, IxDyn(&obs_shape))?.into_any().unbind();
                let final_obs = region(&bytes, obs_len, IxDyn(&obs_shape))?
                    .into_any()
                    .unbind();
                let floats = PyArray1::<f32>::zeros(py, n * shape.reward_width, false);
                (floats, Some(bytes.unbind()), obs, final_obs)
            }
        };
        let rewards_at = if bytes.is_some() { 0 } else { 2 * obs_len };
        let bools = PyArray1::<bool>::zeros(py, n * shape.num_actions + 3 * n, false);
        let mask_len = n * shape.num_actions;
        Ok(Self {
            obs,
            final_obs,
            rewards: region(&floats, rewards_at, [n, shape.reward_width])?.unbind(),
            action_mask: region(&bools, 0, [n, shape.num_actions])?.unbind(),
            terminated: region(&bools, mask_len, n)?.unbind(),
            truncated: region(&bools, mask_len + n, n)?.unbind(),
            ended: region(&bools, mask_len + 2 * n, n)?.unbind(),
            current_player: PyArray1::from_vec(py, vec![-1; n]).unbind(),
            floats: floats.unbind(),
            bytes,
            bools: bools.unbind(),
            env: Mutex::new(env),
        })
    }

    /// `(num_envs, num_players, num_actions, observation shape, reward width)`.
    fn shape(&self) -> (usize, usize, usize, Vec<usize>, usize) {
        let env = self.env.lock().unwrap_or_else(|e| e.into_inner());
        let s = env.shape();
        (
            s.num_envs,
            s.num_players,
            s.num_actions,
            s.observation.clone(),
            s.reward_width,
        )
    }

    /// The games' options, completed with their defaults.
    fn options(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let options = self.env.lock().unwrap_or_else(|e| e.into_inner()).options();
        convert::to_python(py, &serde_json::Value::Object(options))
    }

    /// Starts new episodes (every env, or those of `mask`), reseeding with `seed`.
    #[pyo3(signature = (seed=None, mask=None))]
    fn reset(
        &self,
        py: Python<'_>,
        seed: Option<u64>,
        mask: Option<PyReadonlyArray1<'_, bool>>,
    ) -> PyResult<()> {
        let mask = mask.as_ref().map(|m| m.as_slice()).transpose()?;
        call(
            py,
            self,
            |env, out| env.reset(seed, mask, out),
            |env, out, stop| env.reset_until(seed, mask, out, stop),
        )
    }

    /// Plays one action per env; nothing changes when one of them is not legal.
    fn step(&self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?;
        call(
            py,
            self,
            |env, out| env.step(actions, out),
            |env, out, stop| env.step_until(actions, out, stop),
        )
    }

    /// Plays the moves of the seats played from outside, in the envs that wait for them.
    fn play_outside(&self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?;
        call(
            py,
            self,
            |env, out| env.play_outside(actions, out),
            |env, out, stop| env.play_outside_until(actions, out, stop),
        )
    }

    /// One random legal action per env, in a fresh array that the caller owns: filled in Rust
    /// and handed to numpy as it is (no borrow of an array kept here, no second copy).
    fn sample_actions<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut env = self.env.lock().unwrap_or_else(|e| e.into_inner());
        let mut actions = vec![0; env.shape().num_envs];
        env.sample_actions(&mut actions);
        PyArray1::from_vec(py, actions)
    }

    /// Env `i`'s game: its options, action history and the referee's JSON fields.
    fn game_json(&self, py: Python<'_>, i: usize) -> PyResult<Py<PyAny>> {
        let env = self.env.lock().unwrap_or_else(|e| e.into_inner());
        if i >= env.shape().num_envs {
            return Err(errors::InvalidArgumentError::new_err(format!(
                "env index must be from 0 to {}, got {i}",
                env.shape().num_envs - 1
            )));
        }
        convert::to_python(py, &serde_json::Value::Object(env.game_json(i)))
    }

    /// The episode env `i` plays (0 after a seeded reset).
    fn episode(&self, i: usize) -> PyResult<u64> {
        let env = self.env.lock().unwrap_or_else(|e| e.into_inner());
        if i >= env.shape().num_envs {
            return Err(errors::InvalidArgumentError::new_err(format!(
                "env index must be from 0 to {}, got {i}",
                env.shape().num_envs - 1
            )));
        }
        Ok(env.episode(i))
    }
}
