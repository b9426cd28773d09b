//! Observation layouts for Python: the engine's [`Layout`] as `ludorum.ObservationSpec`, for a
//! Rust state (`state.observation_spec()`) and for a game and options (the reference twin's);
//! and the observation written into an array the caller keeps (the OpenSpiel adapter's buffer).

use ludorum::core::observation::Layout;
use ludorum::games::{visit, Visitor};
use ludorum::Game;
use numpy::{PyArrayDyn, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use serde_json::{Map, Value};

use crate::{convert, errors};

/// `ludorum.ObservationSpec(shape, parts)` made from the engine's layout: the data class is
/// Python's (its `bounds()` makes numpy arrays); what it holds is the engine's.
pub fn spec(py: Python<'_>, shape: Vec<usize>, layout: &Layout) -> PyResult<Py<PyAny>> {
    let module = py.import("ludorum.observation")?;
    let part = module.getattr("Part")?;
    let parts = layout
        .parts()
        .iter()
        .map(|p| {
            part.call1((
                p.name.as_str(),
                p.start,
                p.stop,
                f64::from(p.low),
                f64::from(p.high),
            ))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let spec = module.getattr("ObservationSpec")?;
    let shape = PyTuple::new(py, shape)?;
    Ok(spec.call1((shape, PyTuple::new(py, parts)?))?.unbind())
}

/// The observation layout of `game` with `options` (checked as `ludorum.new` checks them).
///
/// Raises:
///     InvalidOptionError: an unknown game or a bad option.
#[pyfunction]
#[pyo3(signature = (game, options=None))]
pub fn observation_spec(
    py: Python<'_>,
    game: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let options = convert::options_from_python(py, game, options)?;
    let (shape, layout) = visit(game, Layouts(options))
        .map_err(errors::to_py)?
        .map_err(errors::to_py)?;
    spec(py, shape, &layout)
}

/// Builds the game to read its layout.
struct Layouts(Map<String, Value>);

impl Visitor for Layouts {
    type Output = Result<(Vec<usize>, Layout), ludorum::Error>;

    fn visit<G: Game>(self) -> Self::Output {
        let game = G::new(&self.0)?;
        Ok((game.observation_shape(), game.observation_layout()))
    }
}

/// Writes what `player` observes in `state` (a Rust state of any game) into `out`, a writable
/// contiguous `float32` array of the observation's size (any shape): no array is made per call.
#[pyfunction]
pub fn observation_into(
    state: &Bound<'_, PyAny>,
    player: usize,
    out: &Bound<'_, PyArrayDyn<f32>>,
) -> PyResult<()> {
    let mut out = out.try_readwrite()?;
    let out = out.as_slice_mut().map_err(|_| {
        errors::InvalidArgumentError::new_err("out must be a contiguous float32 array")
    })?;
    crate::read_erased(state, |game| {
        let player = crate::text::seat(game, player)?;
        let size: usize = game.observation_shape().iter().product();
        if out.len() != size {
            return Err(errors::InvalidArgumentError::new_err(format!(
                "out must hold the observation's {size} values, got {}",
                out.len()
            )));
        }
        game.observation(player, out);
        Ok(())
    })?
}
