//! Agents generic over the [`Game`](crate::Game) traits: the random agent, UCT Monte Carlo
//! tree search with one value per player (max^n, so 3- to 6-player games are searched
//! correctly), and its information-set form for games with hidden information, which uses the
//! [`HiddenInformation`](crate::HiddenInformation) capability of any game that has it. Each
//! game's heuristic evaluation, which scores rollouts cut short, lives in the game's folder
//! (`eval.rs`, the [`Evaluation`](crate::Evaluation) trait).
//!
//! [`AgentSpec`] names an agent and its parameters; [`Agent`] is one built for a game type;
//! [`play_game`] plays one game of a [`Batch`](crate::Batch) between agents, and
//! [`play_games`] a range of them over threads.

mod agent;
pub mod learned;
mod mcts;

pub use crate::core::playout::GameLog;
pub use agent::{play_game, play_games, Agent, AgentSpec};
pub use mcts::{Analysis, Mcts, MctsConfig, SearchedMove};
#[cfg(test)]
mod tests;
