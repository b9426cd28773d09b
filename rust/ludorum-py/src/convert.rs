//! Conversions between Python objects and the engine's JSON values, moves and arguments.
//!
//! Arguments: every kind of argument (player, action id, seed, depth, size, notation, chat text,
//! options, JSON state) has one check, in `ludorum._args`, which the reference backend calls too.
//! Here the plain case is accepted natively (an exact `int` in range, a short ASCII notation
//! string; options whose names and values are all plain, checked by the engine's one option
//! checker, `ludorum::core::options::check`), and everything else is handed to that check, which
//! returns the value or raises the error: the same domain and the same message in both backends,
//! at no cost on the fast path. Each argument is checked once per call.
//!
//! JSON crosses through Python's own `json` module: it is not on any hot path, and it keeps the
//! two backends' JSON identical to the character.

use ludorum::core::dyn_game::NamedMove;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyInt, PyModule, PyString, PyType};
use serde_json::{Map, Value};

use crate::errors::{InvalidOptionError, InvalidStateError};

static OUTCOME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static MESSAGE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ARGS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The longest notation of any move (`ludorum._args.MAX_NOTATION`).
const MAX_NOTATION: usize = 64;
/// The largest action id `move_from_action` looks up (`ludorum._args.MAX_ACTION_ID`).
const MAX_ACTION_ID: u64 = u32::MAX as u64;
/// The deepest perft (`ludorum._args.MAX_DEPTH`).
const MAX_DEPTH: i64 = 255;
/// The widest SVG drawing (`ludorum._args.MAX_SIZE`).
const MAX_SIZE: i64 = 10_000;

/// A `ludorum.Move`.
pub fn new_move(py: Python<'_>, action: usize, notation: String) -> PyResult<Py<PyAny>> {
    Ok(Py::new(py, crate::moves::Move::new(action, notation))?.into_any())
}

/// The `ludorum.Move` of a named move.
pub fn named_move(py: Python<'_>, named: NamedMove) -> PyResult<Py<PyAny>> {
    new_move(py, named.action, named.notation)
}

/// `ludorum.Move`s of named moves.
pub fn new_moves(py: Python<'_>, moves: Vec<NamedMove>) -> PyResult<Vec<Py<PyAny>>> {
    moves.into_iter().map(|m| named_move(py, m)).collect()
}

/// A `ludorum.Outcome`, or `None`.
pub fn new_outcome(py: Python<'_>, outcome: Option<ludorum::Outcome>) -> PyResult<Py<PyAny>> {
    let Some(outcome) = outcome else {
        return Ok(py.None());
    };
    let class = OUTCOME.import(py, "ludorum._types", "Outcome")?;
    let winners = pyo3::types::PyTuple::new(py, outcome.winner_list())?;
    Ok(class.call1((winners, outcome.reason))?.unbind())
}

/// A `ludorum.Message` (a line of chat).
pub fn new_message(py: Python<'_>, ply: usize, player: usize, text: &str) -> PyResult<Py<PyAny>> {
    let class = MESSAGE.import(py, "ludorum._types", "Message")?;
    Ok(class.call1((ply, player, text))?.unbind())
}

/// A JSON value as a Python object (dicts, lists, str, int, float, bool, None).
pub fn to_python(py: Python<'_>, value: &Value) -> PyResult<Py<PyAny>> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (value.to_string(),))?.unbind())
}

/// A JSON state given to `from_json`, checked and made plain by `ludorum._args.state` (the
/// envelope both backends check), as JSON.
pub fn state_from_python(object: &Bound<'_, PyAny>, game: &str) -> PyResult<Value> {
    let plain = check(object.py(), "state", (object, game))?;
    let text = dumps(&plain)?;
    serde_json::from_str(&text).map_err(|e| InvalidStateError::new_err(format!("not JSON: {e}")))
}

/// Keyword options of `game`, checked against its facts, as a JSON object: natively by the
/// engine's option checker when every name and value is plain (see [`plain_option`]), else
/// checked and made plain (numpy scalars, tuples, floats...) by `ludorum._args.plain_options`.
/// What the game checks beyond its facts is left to [`Game::new`](ludorum::Game::new).
pub fn options_from_python(
    py: Python<'_>,
    game: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Map<String, Value>> {
    if let Ok(facts) = ludorum::games::facts(game) {
        let plain = match options {
            None => Some(Map::new()),
            Some(options) => options
                .iter()
                .map(|(name, value)| Some((plain_text(&name)?, plain_option(&value)?)))
                .collect(),
        };
        if let Some(plain) = plain {
            return ludorum::core::options::check(facts, &plain).map_err(crate::errors::to_py);
        }
    }
    let empty = PyDict::new(py);
    let plain = check(py, "plain_options", (game, options.unwrap_or(&empty)))?;
    match serde_json::from_str(&dumps(&plain)?) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(InvalidOptionError::new_err(
            "options must be a mapping of names to values",
        )),
    }
}

/// An option value written alike by Python's `repr` and the engine's messages: `None`, a `bool`,
/// an exact `int` of 64 bits, or a [`plain_text`].
fn plain_option(object: &Bound<'_, PyAny>) -> Option<Value> {
    if object.is_none() {
        Some(Value::Null)
    } else if object.is_exact_instance_of::<PyBool>() {
        Some(Value::Bool(object.is_truthy().ok()?))
    } else if object.is_exact_instance_of::<PyInt>() {
        match object.extract::<i64>() {
            Ok(n) => Some(n.into()),
            Err(_) => object.extract::<u64>().ok().map(Value::from),
        }
    } else {
        plain_text(object).map(Value::String)
    }
}

/// An exact `str` that `repr` writes in single quotes as it is: at most [`MAX_NOTATION`]
/// printable ASCII characters without a quote or a backslash.
fn plain_text(object: &Bound<'_, PyAny>) -> Option<String> {
    let text = object.cast_exact::<PyString>().ok()?.to_cow().ok()?;
    let plain = text.len() <= MAX_NOTATION && text.bytes().all(notation_char);
    plain.then(|| text.into_owned())
}

fn dumps(object: &Bound<'_, PyAny>) -> PyResult<String> {
    let json = object.py().import("json")?;
    json.call_method1("dumps", (object,))?.extract()
}

/// `ludorum._args.<name>(*args)`: the one check of a kind of argument.
fn check<'py>(
    py: Python<'py>,
    name: &str,
    args: impl pyo3::call::PyCallArgs<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let module = ARGS.get_or_try_init(py, || py.import("ludorum._args").map(Bound::unbind))?;
    module.bind(py).getattr(name)?.call1(args)
}

/// `ludorum._args.show(object)`: a value as error messages show it.
pub fn show(object: &Bound<'_, PyAny>) -> String {
    check(object.py(), "show", (object,))
        .and_then(|s| s.extract())
        .unwrap_or_default()
}

/// An exact `int` (not a bool, not a subclass) that fits in an `i64`.
fn small_int(object: &Bound<'_, PyAny>) -> Option<i64> {
    if object.is_exact_instance_of::<PyInt>() {
        object.extract::<i64>().ok()
    } else {
        None
    }
}

/// A player (or viewer: `what`) index in `0..players` (`ludorum._args.player`).
pub fn player_index(object: &Bound<'_, PyAny>, players: usize, what: &str) -> PyResult<usize> {
    match small_int(object) {
        Some(p) if (0..players as i64).contains(&p) => Ok(p as usize),
        _ => check(object.py(), "player", (object, players, what))?.extract(),
    }
}

/// An action id of the action space, for `apply_action` (`ludorum._args.action`).
pub fn action_index(object: &Bound<'_, PyAny>, num_actions: usize) -> PyResult<usize> {
    match small_int(object) {
        Some(a) if (0..num_actions as i64).contains(&a) => Ok(a as usize),
        _ => check(object.py(), "action", (object, num_actions))?.extract(),
    }
}

/// An action id for `move_from_action` (`ludorum._args.action_id`): the game says whether a
/// move has it.
pub fn action_id(object: &Bound<'_, PyAny>) -> PyResult<usize> {
    match small_int(object) {
        Some(a) if (0..=MAX_ACTION_ID as i64).contains(&a) => Ok(a as usize),
        _ => check(object.py(), "action_id", (object,))?.extract(),
    }
}

/// The action id of a `ludorum.Move` given to `play`, checked as [`action_id`].
pub fn action_id_of_move(py: Python<'_>, action: u64) -> PyResult<usize> {
    if action <= MAX_ACTION_ID {
        Ok(action as usize)
    } else {
        check(py, "action_id", (action,))?.extract()
    }
}

/// A seed in `0..2**64` (`ludorum._args.seed`).
pub fn seed(object: &Bound<'_, PyAny>) -> PyResult<u64> {
    match small_int(object) {
        Some(s) if s >= 0 => Ok(s as u64),
        _ => check(object.py(), "seed", (object,))?.extract(),
    }
}

/// A perft depth (`ludorum._args.depth`).
pub fn depth(object: &Bound<'_, PyAny>) -> PyResult<u32> {
    match small_int(object) {
        Some(d) if (0..=MAX_DEPTH).contains(&d) => Ok(d as u32),
        _ => check(object.py(), "depth", (object,))?.extract(),
    }
}

/// The width of an SVG drawing (`ludorum._args.size`).
pub fn size(object: &Bound<'_, PyAny>) -> PyResult<i64> {
    match small_int(object) {
        Some(s) if (1..=MAX_SIZE).contains(&s) => Ok(s),
        _ => check(object.py(), "size", (object,))?.extract(),
    }
}

/// The `size` argument of `svg`, checked by [`size`] as it is taken.
pub struct Size(pub i64);

impl<'a, 'py> FromPyObject<'a, 'py> for Size {
    type Error = PyErr;

    fn extract(object: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        size(&object).map(Size)
    }
}

/// The characters of a notation: printable ASCII but quotes and backslash.
fn notation_char(byte: u8) -> bool {
    (0x20..0x7f).contains(&byte) && !matches!(byte, b'\'' | b'"' | b'\\')
}

/// A notation to parse (`ludorum._args.notation`).
pub fn notation(object: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(Ok(text)) = object.cast_exact::<PyString>().map(|s| s.to_cow()) {
        if text.len() <= MAX_NOTATION && text.bytes().all(notation_char) {
            return Ok(text.into_owned());
        }
    }
    check(object.py(), "notation", (object,))?.extract()
}

/// What `play` was given: a notation, or a `ludorum.Move` (action id and notation).
pub enum MoveArgument {
    /// A notation to parse, checked by [`notation`].
    Notation(String),
    /// A `ludorum.Move`, to check against the game.
    Move(u64, String),
}

/// The argument of `play` (`ludorum._args.move`): a `ludorum.Move` or a notation, nothing else.
pub fn move_argument(object: &Bound<'_, PyAny>) -> PyResult<MoveArgument> {
    if let Ok(mv) = object.cast::<crate::moves::Move>() {
        let mv = mv.get();
        return Ok(MoveArgument::Move(mv.action_id(), mv.text().to_owned()));
    }
    if object.is_exact_instance_of::<PyString>() {
        return notation(object).map(MoveArgument::Notation);
    }
    // Raises for anything else; a str subclass comes back as its notation, a plain str.
    let checked = check(object.py(), "move", (object,))?;
    Ok(MoveArgument::Notation(checked.extract()?))
}

/// A line of chat: a str of valid Unicode (`ludorum._args.text`).
pub fn text(object: &Bound<'_, PyAny>) -> PyResult<String> {
    if object.is_exact_instance_of::<PyString>() {
        if let Ok(text) = object.extract::<String>() {
            return Ok(text);
        }
    }
    check(object.py(), "text", (object,))?.extract()
}
