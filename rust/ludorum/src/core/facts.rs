//! What a game declares about itself once, as a constant: its names, player counts, every option
//! with its type, default, allowed values and a one-line description, whether it hides
//! information, whether its setup is seeded, the ply cap simulations use, and its end reasons.
//!
//! The bindings, the command line, the bench and the tests read these facts from the one list
//! of games ([`crate::games::ALL`]); nothing else names every game.

use serde_json::{json, Value};

/// The facts of one game; each game's [`Game::FACTS`](crate::Game::FACTS).
#[derive(Debug)]
pub struct Facts {
    /// The registry name, e.g. `"chinese_checkers"`; also the rules page `docs/rules/<name>.md`.
    pub name: &'static str,
    /// The class name, the same in both backends, e.g. `"ChineseCheckers"`.
    pub class_name: &'static str,
    /// A one-line description of the game.
    pub summary: &'static str,
    /// The allowed player counts, ascending.
    pub players: &'static [usize],
    /// Every option, in the order of the rules page (and of `options()`).
    pub options: &'static [OptionSpec],
    /// True when a player may not see the whole state (see
    /// [`HiddenInformation`](crate::core::hidden::HiddenInformation)).
    pub hidden_information: bool,
    /// True when the setup draws from the `seed` option (game `i` of a batch gets its own).
    pub seeded: bool,
    /// The ply cap a simulation applies when `max_plies` is left at `None`, for games whose
    /// random play need not end or runs very long; `None` when random games always end soon.
    pub simulation_max_plies: Option<u32>,
    /// Every end reason the game can give, in the rules' words; a simulation records the index.
    pub reasons: &'static [&'static str],
    /// The configurations `ludorum bench` measures, as `key=value` lists (`""`: the defaults).
    pub bench: &'static [&'static str],
    /// The perft positions `ludorum bench` times: options as `key=value` lists, and the depth.
    pub bench_perft: &'static [(&'static str, u32)],
    /// The name of the same game in OpenSpiel, where it has one with the same move tree (for
    /// the oracle tests and the bench comparison).
    pub openspiel: Option<&'static str>,
    /// What a search needs to play the game well without settings: MCTS's defaults.
    pub search: SearchFacts,
}

/// The defaults of a Monte Carlo tree search for one game, chosen from what the game is like:
/// how long its random games run and how well its evaluation scores a position mid-game.
///
/// # Examples
///
/// ```
/// use ludorum::{games::domination::Domination, Game};
/// // random Domination games last thousands of plies: rollouts are cut and evaluated
/// assert!(Domination::FACTS.search.rollout_plies.is_some());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchFacts {
    /// Random plies after the tree before the game's evaluation scores the position; `None`
    /// plays rollouts to the end (at the game's simulation cap, if any).
    pub rollout_plies: Option<u32>,
    /// UCT's exploration constant (values are in `[-1, 1]`).
    pub exploration: f64,
    /// Options (a `key=value` list, `""`: none) added to the game's first two-player bench
    /// configuration where the agents' strength is measured (`ludorum bench strength`, the
    /// strength test), for a game where a random player can stall a game the searcher would
    /// otherwise win.
    pub strength_options: &'static str,
}

impl Facts {
    /// Every fact as JSON, as `ludorum.game_info` and the protocol's `games` give them: each
    /// option's kind, default, allowed values and doc, the player counts, hidden information,
    /// seeded setup, the simulation cap, the end reasons.
    ///
    /// # Examples
    ///
    /// ```
    /// use ludorum::{games::armadora::Armadora, Game};
    /// let facts = Armadora::FACTS.to_json();
    /// assert_eq!(facts["seeded"], true);
    /// assert_eq!(facts["options"][0]["name"], "players");
    /// ```
    pub fn to_json(&self) -> Value {
        let facts = self;
        let options: Vec<Value> = facts
            .options
            .iter()
            .map(|o| {
                let length = match o.kind {
                    OptionKind::IntList { len } => Value::from(len),
                    _ => Value::Null,
                };
                let names = match o.kind {
                    OptionKind::StrList(names) => json!(names),
                    _ => Value::Null,
                };
                let (choices, low, high) = match o.kind {
                    OptionKind::IntChoice(c) => (json!(c), Value::Null, Value::Null),
                    OptionKind::StrChoice(c) => (json!(c), Value::Null, Value::Null),
                    // A list of names is not a choice of one value: its names are in `allowed`.
                    OptionKind::StrList(_) => (Value::Null, Value::Null, Value::Null),
                    OptionKind::IntRange { low, high } => (Value::Null, low.into(), high.into()),
                    _ => (Value::Null, Value::Null, Value::Null),
                };
                let (default, default_doc) = match o.default {
                    OptionDefault::Int(n) => (n.into(), ""),
                    OptionDefault::Str(s) => (s.into(), ""),
                    OptionDefault::Float(x) => (x.into(), ""),
                    OptionDefault::Bool(b) => (b.into(), ""),
                    OptionDefault::None => (Value::Null, ""),
                    OptionDefault::Derived(doc) => (Value::Null, doc),
                };
                json!({
                    "name": o.name,
                    "kind": o.kind_name(),
                    "default": default,
                    "default_doc": default_doc,
                    "choices": choices,
                    "low": low,
                    "high": high,
                    "length": length,
                    "names": names,
                    "nullable": o.nullable,
                    "doc": o.doc,
                    "allowed": o.allowed(),
                })
            })
            .collect();
        json!({
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
            "search": {
                "rollout_plies": facts.search.rollout_plies,
                "exploration": facts.search.exploration,
                "strength_options": facts.search.strength_options,
            },
            "utility": {
                "2": facts.utility(2).name(),
                "more": facts.utility(3).name(),
            },
        })
    }

    /// The utility of the game for `players` players: every game scores +1 for a win, −1 for a
    /// loss and 0 for everyone in a draw, which is zero-sum with two players and general-sum
    /// with more.
    ///
    /// # Examples
    ///
    /// ```
    /// use ludorum::{core::facts::Utility, games::dominions::Dominions, Game};
    /// assert_eq!(Dominions::FACTS.utility(2), Utility::ZeroSum);
    /// ```
    pub const fn utility(&self, players: usize) -> Utility {
        if players == 2 {
            Utility::ZeroSum
        } else {
            Utility::GeneralSum
        }
    }

    /// The option called `name`.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }

    /// The index of an end reason in [`reasons`](Facts::reasons).
    ///
    /// # Panics
    ///
    /// When the game gives a reason its facts do not list (a bug that the tests catch).
    pub fn reason_code(&self, reason: &str) -> u8 {
        let code = self.reasons.iter().position(|r| *r == reason);
        code.unwrap_or_else(|| panic!("{}: reason '{reason}' is not in FACTS.reasons", self.name))
            as u8
    }
}

/// How the returns of a game add up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utility {
    /// The returns always sum to zero.
    ZeroSum,
    /// Anything else.
    GeneralSum,
}

impl Utility {
    /// `"zero_sum"` or `"general_sum"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::ZeroSum => "zero_sum",
            Self::GeneralSum => "general_sum",
        }
    }
}

/// One option of a game.
#[derive(Debug)]
pub struct OptionSpec {
    /// The option's name, as a keyword argument and in JSON.
    pub name: &'static str,
    /// Its type and allowed values.
    pub kind: OptionKind,
    /// Whether `None` (JSON `null`) is an allowed value; what it means is in `doc`.
    pub nullable: bool,
    /// The value when the option is not given.
    pub default: OptionDefault,
    /// A one-line description.
    pub doc: &'static str,
}

/// The type of an option and its allowed values.
#[derive(Debug)]
pub enum OptionKind {
    /// An integer from a list.
    IntChoice(&'static [i64]),
    /// An integer in `low..=high`.
    IntRange {
        /// The smallest allowed value.
        low: u64,
        /// The largest allowed value.
        high: u64,
    },
    /// A string from a list.
    StrChoice(&'static [&'static str]),
    /// A finite number.
    Float,
    /// A seed: an integer in `0..=2**64 - 1`.
    Seed,
    /// A player index (`0..players`).
    Player,
    /// A list of integers; the game checks the rest (its `doc` says what).
    IntList {
        /// The length of the list.
        len: usize,
    },
    /// `True` or `False` (a JSON bool; `1` and `0` are refused).
    Bool,
    /// A list of distinct names from `choices`; the game checks its length and what else its
    /// `doc` says (Armadora's `races`).
    StrList(&'static [&'static str]),
}

/// The default of an option.
#[derive(Debug)]
pub enum OptionDefault {
    /// An integer.
    Int(i64),
    /// A string.
    Str(&'static str),
    /// A number.
    Float(f64),
    /// A bool.
    Bool(bool),
    /// `None`.
    None,
    /// A value that depends on other options, described in words.
    Derived(&'static str),
}

impl OptionSpec {
    /// The allowed values in words, as error messages and `--help` say them.
    ///
    /// # Examples
    ///
    /// ```
    /// use ludorum::{games::chinese_checkers::ChineseCheckers, Game};
    /// let players = ChineseCheckers::FACTS.option("players").unwrap();
    /// assert_eq!(players.allowed(), "one of 2, 3, 4, 6");
    /// ```
    pub fn allowed(&self) -> String {
        let what = match self.kind {
            OptionKind::IntChoice(choices) => format!("one of {}", join(choices.iter())),
            OptionKind::StrChoice(choices) => {
                format!("one of {}", join(choices.iter().map(|c| format!("'{c}'"))))
            }
            OptionKind::IntRange { low, high } if high == u64::from(u32::MAX) => {
                format!("an int in {low}..2**32 - 1")
            }
            OptionKind::IntRange { low, high } => format!("an int in {low}..{high}"),
            OptionKind::Float => "a finite number".into(),
            OptionKind::Seed => "an int in 0..2**64 - 1".into(),
            OptionKind::Player => "a player index".into(),
            OptionKind::IntList { len } => format!("a list of {len} ints"),
            OptionKind::Bool => "True or False".into(),
            OptionKind::StrList(choices) => format!(
                "a list of distinct names from {}",
                join(choices.iter().map(|c| format!("'{c}'")))
            ),
        };
        if self.nullable {
            format!("None or {what}")
        } else {
            what
        }
    }

    /// The kind's name: `int`, `str`, `float`, `seed`, `player`, `int_list`, `bool` or
    /// `str_list`.
    pub const fn kind_name(&self) -> &'static str {
        match self.kind {
            OptionKind::IntChoice(_) | OptionKind::IntRange { .. } => "int",
            OptionKind::StrChoice(_) => "str",
            OptionKind::Float => "float",
            OptionKind::Seed => "seed",
            OptionKind::Player => "player",
            OptionKind::IntList { .. } => "int_list",
            OptionKind::Bool => "bool",
            OptionKind::StrList(_) => "str_list",
        }
    }
}

fn join<T: std::fmt::Display>(items: impl Iterator<Item = T>) -> String {
    items.map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
}

/// The `max_plies` option every game with a ply cap shares.
pub const MAX_PLIES: OptionSpec = OptionSpec {
    name: "max_plies",
    kind: OptionKind::IntRange {
        low: 1,
        high: u32::MAX as u64,
    },
    nullable: true,
    default: OptionDefault::None,
    doc: "end the game after this many plies (reason 'ply limit'); None: no limit",
};

/// The `seed` option of a seeded setup.
pub const SEED: OptionSpec = OptionSpec {
    name: "seed",
    kind: OptionKind::Seed,
    nullable: false,
    default: OptionDefault::Int(0),
    doc: "seed of the setup's random draws",
};

/// The `first_player` option of games whose first player is drawn from the seed.
pub const FIRST_PLAYER: OptionSpec = OptionSpec {
    name: "first_player",
    kind: OptionKind::Player,
    nullable: true,
    default: OptionDefault::None,
    doc: "the player who moves first; None: drawn from the seed",
};
