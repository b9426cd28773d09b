//! The JSON state: common fields around each game's own, and replay with full validation.

use serde_json::{json, Map, Value};

use super::error::Error;
use super::facts::OptionDefault;
use super::game::Game;
use super::outcome::Outcome;

/// Version of the JSON state format.
pub const VERSION: u64 = 1;

/// The full state as JSON: `game`, `version`, `options`, `moves` (notation), the game's own
/// fields, `current_player` and `outcome`.
pub fn to_json<G: Game>(game: &G) -> Value {
    let mut fields = Map::new();
    fields.insert("game".into(), json!(G::NAME));
    fields.insert("version".into(), json!(VERSION));
    fields.insert("options".into(), Value::Object(game.options()));
    let moves: Vec<String> = game.history().iter().map(|&m| game.notation(m)).collect();
    fields.insert("moves".into(), json!(moves));
    game.json_fields(&mut fields);
    fields.insert("current_player".into(), json!(game.current_player()));
    fields.insert("outcome".into(), outcome_json(game.outcome()));
    Value::Object(fields)
}

/// An outcome as the JSON state writes it: `{"winners": [...], "reason": "..."}`, or `null`
/// while the game runs.
pub fn outcome_json(outcome: Option<Outcome>) -> Value {
    outcome.map_or(
        Value::Null,
        |o| json!({"winners": o.winner_list(), "reason": o.reason}),
    )
}

/// Rebuilds a state by replaying `moves` from a new game with `options`, then checks that
/// every other field agrees with the replay, exactly: `options` must name every option,
/// defaults included, each as [`to_json`] writes it (`0.0`, not `0`, for a float option).
///
/// The messages are those of the Python reference for the same input (the Python layer checks
/// the envelope first, in both backends, so only a Rust caller meets the first few).
///
/// # Errors
///
/// [`Error::InvalidState`] for a malformed object, another game, bad options, a move that does
/// not parse or is illegal, a viewer's JSON, or any field that disagrees with the replay.
pub fn from_json<G: Game>(value: &Value) -> Result<G, Error> {
    let bad = |msg: String| Error::InvalidState(format!("invalid {} state: {msg}", G::NAME));
    let obj = value
        .as_object()
        .ok_or_else(|| bad("expected a dict".into()))?;
    match obj.get("game") {
        Some(Value::String(name)) if name == G::NAME => {}
        other => {
            return Err(bad(format!(
                "'game' must be '{}', got {}",
                G::NAME,
                show(other)
            )))
        }
    }
    if obj.contains_key("viewer") {
        return Err(bad("a viewer's JSON cannot be replayed".into()));
    }
    if obj.get("version") != Some(&json!(VERSION)) {
        return Err(bad(format!(
            "'version' must be {VERSION}, got {}",
            show(obj.get("version"))
        )));
    }
    let options = match obj.get("options") {
        Some(Value::Object(o)) => o,
        other => {
            return Err(bad(format!(
                "'options' must be a dict, got {}",
                show(other)
            )))
        }
    };
    let mut game = G::new(options).map_err(|e| bad(e.to_string()))?;
    // The options exactly as `to_json` writes them (the reference's checks, in its order).
    let written = game.options();
    if let Some(name) = written.keys().find(|k| !options.contains_key(*k)) {
        return Err(bad(format!("missing option '{name}'")));
    }
    // An option left out while at its default may still be written, as its default (a
    // `goal_lock: false` or an `actions: "from_to"` written by hand).
    let at_default = |name: &str, value: &Value| {
        G::FACTS.options.iter().any(|spec| {
            spec.name == name
                && match (&spec.default, value) {
                    (OptionDefault::Bool(d), Value::Bool(v)) => d == v,
                    (OptionDefault::Str(d), Value::String(v)) => d == v,
                    _ => false,
                }
        })
    };
    if let Some(name) = options
        .keys()
        .find(|k| !written.contains_key(*k) && !at_default(k, &options[*k]))
    {
        return Err(bad(format!("option '{name}' is written only when in use")));
    }
    if let Some(name) = written.keys().find(|k| options.get(*k) != written.get(*k)) {
        return Err(bad(format!(
            "option '{name}' is not written as to_json() writes it"
        )));
    }
    let moves = match obj.get("moves") {
        Some(Value::Array(m)) => m,
        other => return Err(bad(format!("'moves' must be a list, got {}", show(other)))),
    };
    for (ply, text) in moves.iter().enumerate() {
        let text = text
            .as_str()
            .ok_or_else(|| bad(format!("move {ply} must be a string, got {text}")))?;
        let mv = game
            .parse_move(text)
            .map_err(|e| bad(format!("move {ply}: {e}")))?;
        game.play(mv).map_err(|e| bad(format!("move {ply}: {e}")))?;
    }
    game.restore_json(obj).map_err(bad)?;
    let replayed = to_json(&game);
    let replayed = replayed.as_object().expect("to_json gives an object");
    for key in obj.keys() {
        if !replayed.contains_key(key) {
            return Err(bad(format!("unknown key '{key}'")));
        }
    }
    for (key, expected) in replayed {
        match obj.get(key) {
            None => return Err(bad(format!("missing key '{key}'"))),
            // Checked above, where a bool option may be written at its default.
            Some(_) if key == "options" => {}
            // Exactly: `true` is not `1`, nor `0` the float option `0.0` (serde_json numbers
            // tell integers from floats).
            Some(given) if given != expected => {
                return Err(bad(format!(
                    "'{key}' is not what replaying the moves gives"
                )))
            }
            Some(_) => {}
        }
    }
    Ok(game)
}

fn show(value: Option<&Value>) -> String {
    value.map_or_else(|| "nothing".into(), Value::to_string)
}
