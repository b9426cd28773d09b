//! Agents by name and parameters, and games played between them.

use super::mcts::{Analysis, Mcts, MctsConfig, SearchedMove};
use crate::core::batch::{run, Batch};
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

    /// Parses `random`, `mcts`, `mcts:SIMULATIONS` or `ismcts:SIMULATIONS` (the command line's
    /// names; other parameters keep their defaults).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOption`] for another name or a bad number.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let (name, count) = match text.split_once(':') {
            Some((name, count)) => (name, Some(count)),
            None => (text, None),
        };
        let simulations = match count {
            None => 1000,
            Some(count) => count
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    Error::InvalidOption(format!(
                        "agent '{text}': simulations must be a positive integer, got '{count}'"
                    ))
                })?,
        };
        match (name, count) {
            ("random", None) => Ok(Self::Random { seed: 0 }),
            ("mcts" | "ismcts", _) => Ok(Self::Mcts(MctsConfig {
                simulations,
                information_sets: name == "ismcts",
                ..MctsConfig::default()
            })),
            _ => Err(Error::InvalidOption(format!(
                "unknown agent '{text}'; agents: random, mcts[:SIMULATIONS], ismcts[:SIMULATIONS]"
            ))),
        }
    }
}

impl std::fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Random { .. } => f.write_str("random"),
            Self::Mcts(c) if c.information_sets => write!(f, "ismcts:{}", c.simulations),
            Self::Mcts(c) => write!(f, "mcts:{}", c.simulations),
        }
    }
}

/// An agent playing one game type.
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
        match self {
            Self::Random(rng) => game.random_move(rng),
            Self::Mcts(mcts) => mcts.choose(game),
        }
    }

    /// What the agent considered: for a search, every root move with its visits and values; for
    /// the random agent, every legal move, unvisited, and its pick first.
    ///
    /// # Panics
    ///
    /// When the game is over.
    pub fn analyse(&mut self, game: &G) -> Analysis<G::Move> {
        match self {
            Self::Mcts(mcts) => mcts.analyse(game),
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

/// Plays game `i` of `batch`, seat `s` played by `agents[s]` offset by the game's seed.
///
/// # Panics
///
/// When `agents` has fewer entries than the game has players.
pub fn play_game<G: Game>(batch: &Batch<G>, i: u64, agents: &[AgentSpec]) -> GameLog {
    let mut game = batch.start(i);
    let mut seats: Vec<Agent<G>> = agents
        .iter()
        .map(|a| a.offset(batch.seed(i)).build())
        .collect();
    assert!(seats.len() >= game.num_players(), "one agent per seat");
    let mut actions = Vec::new();
    while let Some(player) = game.current_player() {
        let mv = seats[player].choose(&game);
        debug_assert!(game.is_legal(mv), "agents choose legal moves");
        actions.push(game.action(mv) as u32);
        game.play_for_good(mv);
    }
    GameLog {
        record: record(&game),
        actions,
    }
}

/// Plays games `first..first + count` of `batch` between `agents` over `threads` threads; the
/// results do not depend on the thread count. With a `monitor`, see [`run`].
pub fn play_games<G: Game>(
    batch: &Batch<G>,
    first: u64,
    count: usize,
    threads: usize,
    agents: &[AgentSpec],
    monitor: Option<&mut dyn FnMut(usize) -> bool>,
) -> Option<Vec<GameLog>> {
    run(
        count,
        threads,
        |i| play_game(batch, first.wrapping_add(i as u64), agents),
        monitor,
    )
}
