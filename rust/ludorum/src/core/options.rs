//! Reading game options from a JSON object, with errors that name the allowed values.
//!
//! Options reach the engine as a JSON object whether they come from Python keyword arguments,
//! the command line or a stored state, so there is one place that validates them.

use serde_json::{Map, Value};

use super::error::Error;

/// Validated access to an options object.
///
/// # Examples
///
/// ```
/// use ludorum::core::options::Options;
/// let map = serde_json::json!({"players": 3}).as_object().unwrap().clone();
/// let opts = Options::new("demo", &map, &["players"]).unwrap();
/// assert_eq!(opts.int_choice("players", &[2, 3], 2).unwrap(), 3);
/// ```
pub struct Options<'a> {
    game: &'static str,
    map: &'a Map<String, Value>,
}

impl<'a> Options<'a> {
    /// Checks that every key is one of `allowed`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for an unknown key.
    pub fn new(
        game: &'static str,
        map: &'a Map<String, Value>,
        allowed: &[&str],
    ) -> Result<Self, Error> {
        if let Some(unknown) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(Error::InvalidOption(format!(
                "unknown option '{unknown}' for {game}; allowed: {}",
                allowed.join(", ")
            )));
        }
        Ok(Self { game, map })
    }

    /// The value of `name`, `None` when absent or null (the default applies).
    fn get(&self, name: &str) -> Option<&'a Value> {
        self.map.get(name).filter(|v| !v.is_null())
    }

    /// An integer that must be one of `choices`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another value or type.
    pub fn int_choice(&self, name: &str, choices: &[i64], default: i64) -> Result<i64, Error> {
        let Some(value) = self.get(name) else {
            return Ok(default);
        };
        match value.as_i64() {
            Some(n) if choices.contains(&n) => Ok(n),
            _ => Err(Error::InvalidOption(format!(
                "{name} must be one of {}, got {}",
                choices
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                python_repr(value)
            ))),
        }
    }

    /// A string that must be one of `choices`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another value or type.
    pub fn str_choice(
        &self,
        name: &str,
        choices: &[&'static str],
        default: &'static str,
    ) -> Result<&'static str, Error> {
        let Some(value) = self.get(name) else {
            return Ok(default);
        };
        value
            .as_str()
            .and_then(|s| choices.iter().find(|c| **c == s).copied())
            .ok_or_else(|| {
                Error::InvalidOption(format!(
                    "{name} must be one of {}, got {}",
                    choices
                        .iter()
                        .map(|c| format!("'{c}'"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    python_repr(value)
                ))
            })
    }

    /// A positive integer, or `None` when absent or null.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for zero, a negative number or another type.
    pub fn positive_int_or_none(&self, name: &str) -> Result<Option<u64>, Error> {
        let Some(value) = self.get(name) else {
            return Ok(None);
        };
        match value.as_u64() {
            Some(n) if n > 0 && n <= u32::MAX as u64 => Ok(Some(n)),
            _ => Err(Error::InvalidOption(format!(
                "{name} must be a positive integer or None, got {}",
                python_repr(value)
            ))),
        }
    }

    /// An integer in `low..=high`, `None` when absent or null (the caller's default applies;
    /// `or_none` says whether the message offers `None`).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another value or type.
    pub fn int_in(
        &self,
        name: &str,
        low: u64,
        high: u64,
        or_none: bool,
    ) -> Result<Option<u64>, Error> {
        let Some(value) = self.get(name) else {
            return Ok(None);
        };
        match value.as_u64() {
            Some(n) if (low..=high).contains(&n) => Ok(Some(n)),
            _ => Err(Error::InvalidOption(format!(
                "{name} must be {}an integer from {low} to {high}, got {}",
                if or_none { "None or " } else { "" },
                python_repr(value)
            ))),
        }
    }

    /// The `seed` option of a seeded setup: any integer in `0..2**64`, 0 when absent or null.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another value or type.
    pub fn seed(&self) -> Result<u64, Error> {
        let Some(value) = self.get("seed") else {
            return Ok(0);
        };
        value.as_u64().ok_or_else(|| {
            Error::InvalidOption(format!(
                "seed must be an integer in 0..2**64, got {}",
                python_repr(value)
            ))
        })
    }

    /// The `first_player` option: `None` (drawn from the seed) or a player index.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another value or type.
    pub fn first_player(&self, players: usize) -> Result<Option<usize>, Error> {
        let Some(value) = self.get("first_player") else {
            return Ok(None);
        };
        match value.as_u64() {
            Some(p) if p < players as u64 => Ok(Some(p as usize)),
            _ => Err(Error::InvalidOption(format!(
                "first_player must be None or one of {}, got {}",
                (0..players)
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                python_repr(value)
            ))),
        }
    }

    /// The game these options are for.
    pub fn game(&self) -> &'static str {
        self.game
    }
}

/// A JSON value written the way a Python user typed it (`True`, `None`, `'dest'`).
pub(crate) fn python_repr(value: &Value) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::String(s) => format!("'{s}'"),
        other => other.to_string(),
    }
}
