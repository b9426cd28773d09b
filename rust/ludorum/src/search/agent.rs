//! Agents by name and parameters, and games played between them.

use super::mcts::{Analysis, Mcts, MctsConfig, SearchedMove};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::core::batch::{run_until_with, Batch};
use crate::core::error::Error;
use crate::core::game::Game;
use crate::core::playout::{record, GameLog};
use crate::core::rng::SplitMix64;

/// An agent and its parameters, for any game.
///
/// # Examples
///
/// ```
/// use ludorum::search::AgentSpec;
/// let mcts = AgentSpec::parse("mcts:200").unwrap();
/// assert_eq!(mcts.to_string(), "mcts:200");
/// assert!(AgentSpec::parse("alphazero").is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// Uniformly random legal moves: `legal_moves()[rng.below(n)]`, SplitMix64 seeded `seed`.
    Random {
        /// The seed.
        seed: u64,
    },
    /// Monte Carlo tree search (information-set search in games with hidden information, or
    /// when `information_sets` is set).
    Mcts(MctsConfig),
}

impl AgentSpec {
    /// The same agent with its seed advanced by `offset` (game `i` of a batch seeded `s`
    /// plays agents seeded `seed + s + i`, so that every game differs and each can be replayed).
    pub fn offset(&self, offset: u64) -> Self {
        match self {
            Self::Random { seed } => Self::Random {
                seed: seed.wrapping_add(offset),
            },
            Self::Mcts(config) => Self::Mcts(MctsConfig {
                seed: config.seed.wrapping_add(offset),
                ..config.clone()
            }),
        }
    }

    /// The agent, built for game type `G`.
    pub fn build<G: Game>(&self) -> Agent<G> {
        match self {
            Self::Random { seed } => Agent::Random(SplitMix64::new(*seed)),
            Self::Mcts(config) => Agent::Mcts(Box::new(Mcts::new(config.clone()))),
        }
    }

    /// Parses `random`, `mcts`, `mcts:BUDGET` or `ismcts:BUDGET` (the command line's names;
    /// other parameters keep their defaults), where the budget is a number of simulations
    /// (`mcts:2000`) or a time to think (`mcts:1s`, `mcts:250ms`, `mcts:0.5s`).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another name or a bad budget.
    ///
    /// # Examples
    ///
    /// ```
    /// use ludorum::search::AgentSpec;
    /// let timed = AgentSpec::parse("mcts:250ms").unwrap();
    /// assert_eq!(timed.to_string(), "mcts:0.25s");
    /// assert!(AgentSpec::parse("mcts:0s").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, Error> {
        let (name, count) = match text.split_once(':') {
            Some((name, count)) => (name, Some(count)),
            None => (text, None),
        };
        let (simulations, time_limit) = match count {
            None => (1000, None),
            Some(count) => budget(count).ok_or_else(|| {
                Error::InvalidOption(format!(
                    "agent '{text}': the budget must be a positive number of simulations or a \
                     time such as 1s or 250ms, got '{count}'"
                ))
            })?,
        };
        match (name, count) {
            ("random", None) => Ok(Self::Random { seed: 0 }),
            ("mcts" | "ismcts", _) => Ok(Self::Mcts(MctsConfig {
                simulations,
                time_limit,
                information_sets: name == "ismcts",
                ..MctsConfig::default()
            })),
            _ => Err(Error::InvalidOption(format!(
                "unknown agent '{text}'; agents: random, mcts[:BUDGET], ismcts[:BUDGET] \
                 (BUDGET: simulations, or a time such as 1s or 250ms)"
            ))),
        }
    }
}

/// A search budget: simulations (`2000`), or a time (`1s`, `250ms`) with no cap on simulations.
fn budget(text: &str) -> Option<(u32, Option<Duration>)> {
    let time = |number: &str, unit: f64| {
        let seconds = number.parse::<f64>().ok()? * unit;
        Duration::try_from_secs_f64(seconds)
            .ok()
            .filter(|d| !d.is_zero())
    };
    if let Some(ms) = text.strip_suffix("ms") {
        return Some((u32::MAX, Some(time(ms, 0.001)?)));
    }
    if let Some(s) = text.strip_suffix('s') {
        return Some((u32::MAX, Some(time(s, 1.0)?)));
    }
    let simulations = text.parse::<u32>().ok().filter(|&n| n > 0)?;
    Some((simulations, None))
}

impl std::fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Random { .. } => f.write_str("random"),
            Self::Mcts(c) => {
                let name = if c.information_sets { "ismcts" } else { "mcts" };
                match c.time_limit {
                    Some(time) if c.simulations == u32::MAX => {
                        write!(f, "{name}:{}s", time.as_secs_f64())
                    }
                    _ => write!(f, "{name}:{}", c.simulations),
                }
            }
        }
    }
}

/// An agent playing one game type.
#[derive(Clone)]
pub enum Agent<G: Game> {
    /// See [`AgentSpec::Random`].
    Random(SplitMix64),
    /// See [`AgentSpec::Mcts`].
    Mcts(Box<Mcts<G>>),
}

impl<G: Game> Agent<G> {
    /// The move this agent makes for the player to move of `game` (which is not changed).
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn choose(&mut self, game: &G) -> G::Move {
        self.choose_until(game, &AtomicBool::new(false))
    }

    /// [`choose`](Self::choose) whose search ends early, with its best move so far, soon after
    /// `stop` is set.
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn choose_until(&mut self, game: &G, stop: &AtomicBool) -> G::Move {
        match self {
            Self::Random(rng) => game.random_move(rng),
            Self::Mcts(mcts) => mcts.analyse_until(game, stop).moves[0].mv,
        }
    }

    /// What the agent considered: for a search, every root move with its visits and values; for
    /// the random agent, every legal move, unvisited, and its pick first.
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn analyse(&mut self, game: &G) -> Analysis<G::Move> {
        self.analyse_until(game, &AtomicBool::new(false))
    }

    /// [`analyse`](Self::analyse) whose search ends early, with what it found so far, soon
    /// after `stop` is set.
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn analyse_until(&mut self, game: &G, stop: &AtomicBool) -> Analysis<G::Move> {
        match self {
            Self::Mcts(mcts) => mcts.analyse_until(game, stop),
            Self::Random(rng) => {
                let pick = game.random_move(rng);
                let mut moves = Vec::new();
                game.legal_moves(&mut moves);
                moves.sort_by_key(|&m| m != pick);
                let players = game.num_players();
                Analysis {
                    moves: moves
                        .into_iter()
                        .map(|mv| SearchedMove {
                            mv,
                            visits: 0,
                            values: vec![0.0; players],
                            wins: false,
                        })
                        .collect(),
                    simulations: 0,
                }
            }
        }
    }
}

/// Plays game `i` of `batch`, seat `s` played by `agents[s]` offset by the game's seed; `None`
/// when `stop` is set before it ends (the search under way ends early and its move is dropped).
///
/// # Panics
///
/// When `agents` has fewer entries than the game has players.
pub fn play_game<G: Game>(
    batch: &Batch<G>,
    i: u64,
    agents: &[AgentSpec],
    stop: &AtomicBool,
) -> Option<GameLog> {
    let mut game = batch.start(i);
    let mut seats: Vec<Agent<G>> = agents
        .iter()
        .map(|a| a.offset(batch.seed(i)).build())
        .collect();
    assert!(seats.len() >= game.num_players(), "one agent per seat");
    let mut actions = Vec::new();
    while let Some(player) = game.current_player() {
        let mv = seats[player].choose_until(&game, stop);
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        debug_assert!(game.is_legal(mv), "agents choose legal moves");
        actions.push(game.action(mv) as u32);
        game.play_for_good(mv);
    }
    Some(GameLog {
        record: record(&game),
        actions,
    })
}

/// Plays games `first..first + count` of `batch` between `agents` over `threads` threads; the
/// results do not depend on the thread count. With a `monitor`, see [`run`]: its stop reaches
/// the searches under way too.
///
/// [`run`]: crate::core::batch::run
pub fn play_games<G: Game>(
    batch: &Batch<G>,
    first: u64,
    count: usize,
    threads: usize,
    agents: &[AgentSpec],
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<GameLog>> {
    run_until_with(
        count,
        threads,
        || (),
        |(), i, stop| play_game(batch, first.wrapping_add(i as u64), agents, stop),
        monitor,
    )
}
