//! Reading game options from a JSON object, checked against the game's declared
//! [`OptionSpec`]s: the facts say each option's type, default and allowed values once, and
//! the error messages, `--help` and `ludorum.game_info` all say them the same way.
//!
//! Options reach the engine as a JSON object whether they come from Python keyword arguments,
//! the command line or a stored state, so there is one place that validates them.

use serde_json::{Map, Value};

use super::error::Error;
use super::facts::{Facts, OptionDefault, OptionKind, OptionSpec};

/// Validated access to an options object.
///
/// # Examples
///
/// ```
/// use ludorum::prelude::*;
/// use ludorum::{core::options::Options, games::chinese_checkers::ChineseCheckers};
/// let map = serde_json::json!({"players": 3}).as_object().unwrap().clone();
/// let opts = Options::new(&ChineseCheckers::FACTS, &map).unwrap();
/// assert_eq!(opts.int("players").unwrap(), Some(3));
/// assert_eq!(opts.str("area").unwrap(), "dest");
/// ```
pub struct Options<'a> {
    facts: &'static Facts,
    map: &'a Map<String, Value>,
}

impl<'a> Options<'a> {
    /// Checks that every key names an option of the game.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for an unknown key, naming the allowed ones (or saying that the
    /// game has none).
    pub fn new(facts: &'static Facts, map: &'a Map<String, Value>) -> Result<Self, Error> {
        if let Some(unknown) = map.keys().find(|k| facts.option(k).is_none()) {
            if facts.options.is_empty() {
                return Err(Error::InvalidOption(format!(
                    "unknown option '{unknown}'; {} has no options",
                    facts.name
                )));
            }
            let names: Vec<&str> = facts.options.iter().map(|o| o.name).collect();
            return Err(Error::InvalidOption(format!(
                "unknown option '{unknown}' for {}; allowed: {}",
                facts.name,
                names.join(", ")
            )));
        }
        Ok(Self { facts, map })
    }

    fn spec(&self, name: &str) -> &'static OptionSpec {
        self.facts
            .option(name)
            .unwrap_or_else(|| panic!("{} declares no option '{name}'", self.facts.name))
    }

    /// The given value of `name`: `None` when absent, or when `null` and the option is
    /// nullable (the default applies).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for `null` given to an option that does not allow it.
    pub fn value(&self, name: &str) -> Result<Option<&'a Value>, Error> {
        let spec = self.spec(name);
        match self.map.get(name) {
            None => Ok(None),
            Some(Value::Null) if spec.nullable => Ok(None),
            Some(value @ Value::Null) => Err(refusal(spec, value)),
            Some(value) => Ok(Some(value)),
        }
    }

    /// An integer option (a choice or a range): the given value, else the declared default
    /// (`None` for a `None` or derived default, which the caller works out).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for a value that is not allowed.
    pub fn int(&self, name: &str) -> Result<Option<i64>, Error> {
        let spec = self.spec(name);
        let Some(value) = self.value(name)? else {
            return Ok(match spec.default {
                OptionDefault::Int(n) => Some(n),
                _ => None,
            });
        };
        let allowed = match spec.kind {
            OptionKind::IntChoice(choices) => value.as_i64().filter(|n| choices.contains(n)),
            OptionKind::IntRange { low, high } => value
                .as_u64()
                .filter(|n| (low..=high).contains(n))
                .and_then(|n| i64::try_from(n).ok()),
            _ => panic!("option '{name}' is not an integer"),
        };
        allowed.map(Some).ok_or_else(|| refusal(spec, value))
    }

    /// A string option: the given choice, else the declared default.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for a value that is not one of the choices.
    pub fn str(&self, name: &str) -> Result<&'static str, Error> {
        let spec = self.spec(name);
        let (OptionKind::StrChoice(choices), OptionDefault::Str(default)) =
            (&spec.kind, &spec.default)
        else {
            panic!("option '{name}' is not a string with a default");
        };
        let Some(value) = self.value(name)? else {
            return Ok(default);
        };
        value
            .as_str()
            .and_then(|s| choices.iter().find(|c| **c == s).copied())
            .ok_or_else(|| refusal(spec, value))
    }

    /// A finite number (an int or a float, not a bool), else the declared default.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for anything else.
    pub fn float(&self, name: &str) -> Result<f64, Error> {
        let spec = self.spec(name);
        let OptionDefault::Float(default) = spec.default else {
            panic!("option '{name}' is not a number with a default");
        };
        let Some(value) = self.value(name)? else {
            return Ok(default);
        };
        value
            .as_f64()
            .filter(|k| k.is_finite())
            .ok_or_else(|| refusal(spec, value))
    }

    /// A bool option: the given `true` or `false` (not `1` or `0`), else the declared default
    /// ([`OptionDefault::Bool`]).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for anything but a JSON bool.
    pub fn bool(&self, name: &str) -> Result<bool, Error> {
        let spec = self.spec(name);
        let (OptionKind::Bool, OptionDefault::Bool(default)) = (&spec.kind, &spec.default) else {
            panic!("option '{name}' is not a bool with a default");
        };
        match self.value(name)? {
            None => Ok(*default),
            Some(value) => value.as_bool().ok_or_else(|| refusal(spec, value)),
        }
    }

    /// The `seed` option of a seeded setup: any integer in `0..=2**64 - 1`, 0 when absent.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another value or type.
    pub fn seed(&self) -> Result<u64, Error> {
        match self.value("seed")? {
            None => Ok(0),
            Some(value) => value
                .as_u64()
                .ok_or_else(|| refusal(self.spec("seed"), value)),
        }
    }

    /// The `first_player` option: `None` (drawn from the seed) or a player index.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another value or type.
    pub fn first_player(&self, players: usize) -> Result<Option<usize>, Error> {
        let Some(value) = self.value("first_player")? else {
            return Ok(None);
        };
        match value.as_u64() {
            Some(p) if p < players as u64 => Ok(Some(p as usize)),
            _ => Err(Error::InvalidOption(format!(
                "first_player must be None or a player index in 0..{}, got {}",
                players - 1,
                python_repr(value)
            ))),
        }
    }

    /// The game these options are for.
    pub fn game(&self) -> &'static str {
        self.facts.name
    }
}

/// Checks every given option against the game's facts, the way the Python API takes them
/// (`ludorum._args.plain_options`, the same messages): first that every name is an option of
/// the game, then each value by its kind, `players` first (a player option is checked against
/// it) and then in the order given. What a game checks beyond its facts (Chinese Checkers'
/// pieces with the player count, Armadora's races) is [`Game::new`](super::game::Game::new)'s.
/// Returns the options as given, an integer given to a `float` option made a float.
///
/// Values are shown in messages as Python writes them (`repr`): the bindings hand
/// over only values written the same in both languages (None, bools, integers, short plain
/// strings), and check anything else in Python.
///
/// # Errors
///
/// [`Error::InvalidOption`] for an unknown option or a value its facts do not allow.
///
/// # Examples
///
/// ```
/// use ludorum::core::options::check;
/// use ludorum::games::facts;
/// let given = serde_json::json!({"area": "free", "players": 7});
/// let error = check(facts("chinese_checkers").unwrap(), given.as_object().unwrap());
/// assert_eq!(error.unwrap_err().to_string(), "players must be one of 2, 3, 4, 6, got 7");
/// let given = serde_json::json!({"komi": 1});
/// let checked = check(facts("dominions").unwrap(), given.as_object().unwrap()).unwrap();
/// assert_eq!(checked["komi"], 1.0);
/// ```
pub fn check(
    facts: &'static Facts,
    given: &Map<String, Value>,
) -> Result<Map<String, Value>, Error> {
    Options::new(facts, given)?;
    // The player count a player option is checked against: the default until `players`,
    // checked first, is read.
    let mut players = match facts.option("players").map(|o| &o.default) {
        Some(OptionDefault::Int(n)) => Some(*n),
        _ => None,
    };
    let mut out = given.clone();
    let order = given
        .keys()
        .filter(|k| *k == "players")
        .chain(given.keys().filter(|k| *k != "players"));
    for name in order {
        let spec = facts.option(name).expect("checked by Options::new");
        let value = &given[name.as_str()];
        if let Some(checked) = check_value(spec, value, players)? {
            out.insert(name.clone(), checked);
        }
        if name == "players" {
            players = value.as_i64();
        }
    }
    Ok(out)
}

/// One value checked against its facts: `Some` when it is to be stored otherwise (a float
/// option's integer); see [`check`].
fn check_value(
    spec: &OptionSpec,
    value: &Value,
    players: Option<i64>,
) -> Result<Option<Value>, Error> {
    let refuse = |extra: String| {
        Error::InvalidOption(format!(
            "{} must be {}{extra}, got {}",
            spec.name,
            spec.allowed(),
            python_repr(value)
        ))
    };
    let plain = || refuse(String::new());
    if value.is_null() {
        return if spec.nullable {
            Ok(None)
        } else {
            Err(plain())
        };
    }
    match spec.kind {
        OptionKind::IntChoice(_)
        | OptionKind::IntRange { .. }
        | OptionKind::Seed
        | OptionKind::Player => {
            let player_range = match (&spec.kind, players) {
                (OptionKind::Player, Some(p)) => format!(" in 0..{}", p - 1),
                _ => String::new(),
            };
            // An integer: not a bool, not a float (JSON keeps `1.0` a float).
            let number = match value {
                Value::Number(n) if n.is_i64() || n.is_u64() => n,
                _ => return Err(refuse(player_range)),
            };
            let (signed, unsigned) = (number.as_i64(), number.as_u64());
            let a_player = unsigned
                .zip(players)
                .is_some_and(|(n, p)| i128::from(n) < i128::from(p));
            match spec.kind {
                OptionKind::Player if a_player => Ok(None),
                OptionKind::Player => Err(refuse(player_range)),
                OptionKind::Seed if unsigned.is_some() => Ok(None),
                OptionKind::IntChoice(choices) if signed.is_some_and(|n| choices.contains(&n)) => {
                    Ok(None)
                }
                OptionKind::IntRange { low, high }
                    if unsigned.is_some_and(|n| (low..=high).contains(&n)) =>
                {
                    Ok(None)
                }
                _ => Err(plain()),
            }
        }
        OptionKind::Float => match value {
            Value::Number(n) => match n.as_f64().filter(|x| x.is_finite()) {
                Some(x) if !n.is_f64() => Ok(Some(Value::from(x))),
                Some(_) => Ok(None),
                None => Err(plain()),
            },
            _ => Err(plain()),
        },
        OptionKind::StrChoice(choices) => match value {
            Value::String(s) if choices.contains(&s.as_str()) => Ok(None),
            _ => Err(plain()),
        },
        OptionKind::IntList { len } => {
            let Value::Array(items) = value else {
                return Err(plain());
            };
            let integers = items
                .iter()
                .all(|v| matches!(v, Value::Number(n) if n.is_i64() || n.is_u64()));
            if integers && items.len() == len {
                Ok(None)
            } else {
                Err(plain())
            }
        }
        OptionKind::Bool => match value {
            Value::Bool(_) => Ok(None),
            _ => Err(plain()),
        },
        OptionKind::StrList(_) => {
            // Names written plainly; which, how many and whether they repeat is the game's.
            let name = |v: &Value| {
                v.as_str()
                    .is_some_and(|s| s.len() <= MAX_NOTATION && s.bytes().all(notation_char))
            };
            let names = match value {
                Value::String(_) => name(value),
                Value::Array(items) => items.iter().all(name),
                _ => false,
            };
            if names {
                Ok(None)
            } else {
                Err(plain())
            }
        }
    }
}

/// The longest name in a list of names (`ludorum._args.MAX_NOTATION`).
const MAX_NOTATION: usize = 64;

/// The characters of a name (and of a move's notation): printable ASCII but quotes and
/// backslash (`ludorum._args._NOTATION_CHARS`).
fn notation_char(byte: u8) -> bool {
    (0x20..0x7f).contains(&byte) && !matches!(byte, b'\'' | b'"' | b'\\')
}

/// The error for a value `spec` does not allow, naming what it allows.
fn refusal(spec: &OptionSpec, value: &Value) -> Error {
    Error::InvalidOption(format!(
        "{} must be {}, got {}",
        spec.name,
        spec.allowed(),
        python_repr(value)
    ))
}

/// A JSON value written the way a Python user typed it (`True`, `None`, `'dest'`, `[1, 2]`),
/// as Python's `repr` writes it for the plain values options hold.
pub(crate) fn python_repr(value: &Value) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::String(s) => format!("'{s}'"),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(python_repr).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(map) => {
            let items: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("'{k}': {}", python_repr(v)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        other => other.to_string(),
    }
}

/// Options written as `key=value` items (`players=3`, `area=free`, `max_plies=None`), as the
/// data files, the bench and the examples write them: an integer, a number, `None`, `true` or
/// `false`, or else a string.
///
/// # Errors
///
/// [`Error::InvalidOption`] for an item without `=`.
///
/// # Examples
///
/// ```
/// use ludorum::core::options::parse_assignments;
/// let map = parse_assignments("players=3,area=free,max_plies=None".split(',')).unwrap();
/// assert_eq!(serde_json::Value::Object(map),
///            serde_json::json!({"players": 3, "area": "free", "max_plies": null}));
/// ```
pub fn parse_assignments<'t>(
    items: impl IntoIterator<Item = &'t str>,
) -> Result<Map<String, Value>, Error> {
    let mut map = Map::new();
    for item in items.into_iter().filter(|i| !i.is_empty()) {
        let (key, value) = split_assignment(item)?;
        map.insert(key.to_string(), parse_scalar(value));
    }
    Ok(map)
}

/// Options of the game `facts` describes, written as `key=value` items as on the command line:
/// as [`parse_assignments`], but a list option's value is always a list, its items separated
/// by commas (`gold=7,6,6,5,5,4,4,3`, `races=mage,orc`), and an option given twice is refused.
///
/// # Errors
///
/// [`Error::InvalidOption`] for an item without `=`, an option given twice, or a list of
/// integers with an item that is not one.
///
/// # Examples
///
/// ```
/// use ludorum::core::options::parse_options_of;
/// use ludorum::games::facts;
/// let armadora = facts("armadora").unwrap();
/// let map = parse_options_of(armadora, ["players=2", "races=mage"]).unwrap();
/// assert_eq!(serde_json::Value::Object(map),
///            serde_json::json!({"players": 2, "races": ["mage"]}));
/// assert!(parse_options_of(armadora, ["players=2", "players=3"]).is_err());
/// ```
pub fn parse_options_of<'t>(
    facts: &Facts,
    items: impl IntoIterator<Item = &'t str>,
) -> Result<Map<String, Value>, Error> {
    let mut map = Map::new();
    for item in items.into_iter().filter(|i| !i.is_empty()) {
        let (key, value) = split_assignment(item)?;
        if map.contains_key(key) {
            return Err(Error::InvalidOption(format!(
                "option '{key}' is given twice"
            )));
        }
        let kind = facts
            .options
            .iter()
            .find(|o| o.name == key)
            .map(|o| &o.kind);
        let parsed = match kind {
            Some(OptionKind::IntList { .. }) if !matches!(value, "None" | "none") => value
                .split(',')
                .map(|n| {
                    n.trim().parse::<i64>().map(Value::from).map_err(|_| {
                        Error::InvalidOption(format!(
                            "option '{key}': a list of integers separated by commas, got '{value}'"
                        ))
                    })
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)?,
            Some(OptionKind::StrList(_)) if !matches!(value, "None" | "none") => {
                Value::Array(value.split(',').map(|n| Value::from(n.trim())).collect())
            }
            _ => parse_scalar(value),
        };
        map.insert(key.to_string(), parsed);
    }
    Ok(map)
}

fn split_assignment(item: &str) -> Result<(&str, &str), Error> {
    item.split_once('=')
        .ok_or_else(|| Error::InvalidOption(format!("expected key=value, got '{item}'")))
}

/// One option's value as text: an integer, a number, `None`, `true` or `false`, or a string.
fn parse_scalar(value: &str) -> Value {
    if let Ok(n) = value.parse::<i64>() {
        Value::from(n)
    } else if let Ok(n) = value.parse::<u64>() {
        Value::from(n)
    } else if value == "None" || value == "none" {
        Value::Null
    } else if value == "true" || value == "True" {
        Value::Bool(true)
    } else if value == "false" || value == "False" {
        Value::Bool(false)
    } else if let Some(x) = value.parse::<f64>().ok().filter(|x| x.is_finite()) {
        Value::from(x)
    } else {
        Value::from(value)
    }
}
